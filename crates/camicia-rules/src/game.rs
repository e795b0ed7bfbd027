//! The game state: the [`Game`] implementation, a card at a time.

use carte_core::{Actor, Game, Outcome, Seat, Seeded};

use crate::deal::Deal;
use crate::error::{DealError, IllegalMove};
use crate::general::repeat_from;
use crate::hand::Row;
use crate::moves::Move;
use crate::preset::{Config, ConfigError, EndRule, Preset};
use crate::result::PlayResult;
use carte_core::{ByPlayer, Player};

/// A game of Camicia (or Beggar-my-neighbour) in progress: always a legal
/// state. Built from a checked [`Deal`] ([`Camicia::new`]), a seed
/// ([`Seeded::from_seed`]) or validated JSON.
///
/// The only move is [`Move::Turn`]: the player to move turns the top
/// card of their hand. Payments, counter-attacks, collections and the end
/// of the game follow by themselves. A game that never ends keeps a player
/// to move forever; [`Deal::play_out`] detects such loops.
///
/// ```
/// use camicia_rules::{Camicia, Deal, EndRule, Game, Player, Preset};
///
/// // A turns a Two; B pays with two plain cards; A collects the pile and
/// // B has no card left: A wins.
/// let deal = Deal::parse(Preset::Camicia, "2/--")?;
/// let mut game = Camicia::from_deal(&deal, EndRule::Standard)?;
/// while !game.is_over() {
///     game.apply("turn".parse()?)?;
/// }
/// assert_eq!(game.winner(), Some(Player::A));
/// assert_eq!((game.cards(), game.tricks()), (3, 1));
/// assert_eq!(game.hand(Player::A), &[2, 0, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::serde_state::CamiciaRaw", into = "crate::serde_state::CamiciaRaw")
)]
pub struct Camicia {
    pub(crate) config: Config,
    pub(crate) deck: [usize; 5],
    pub(crate) hands: ByPlayer<Row>,
    pub(crate) pile: Row,
    /// The player to move; the winner once the game is over.
    pub(crate) to_move: Player,
    /// Cards the player to move still owes; 0 in open play.
    pub(crate) debt: u8,
    pub(crate) cards: u64,
    pub(crate) tricks: u64,
    pub(crate) winner: Option<Player>,
    /// With [`Config::draw_on_repeat`]: how the game goes on from where it
    /// was built, played out once then: its end, or the loop it runs into
    /// (its first repeat); the game is a draw once its cards reach a loop's.
    pub(crate) repeat: Option<PlayResult>,
    /// The game ended as a draw at its first repeated state.
    pub(crate) drawn: bool,
}

/// What one turn did, as returned by [`Camicia::turn`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turned {
    /// Who turned.
    pub player: Player,
    /// The kind of the card turned (`0` plain, `n` demands `n`).
    pub kind: u8,
    /// The collection this turn caused, if any: who took the pile and how
    /// many cards it held.
    pub collected: Option<(Player, usize)>,
    /// The winner, if the game ended with this turn.
    pub winner: Option<Player>,
}

impl Camicia {
    /// The game of `config` dealt from `seed`: the deal of
    /// [`Deal::seeded_of`]`(deck, seed)` for the configured deck
    /// ([`Deal::seeded`]`(config.preset, seed)` for the preset's full deck),
    /// under the configured rules. The inherent twin of
    /// [`Seeded::from_seed`], with the same arguments and error as every
    /// game's `new`.
    ///
    /// ```
    /// use camicia_rules::{Camicia, Config, Preset};
    ///
    /// let game = Camicia::new(&Config::new(Preset::Camicia), 2026)?;
    /// assert_eq!(game.hand_sizes().iter().map(|(_, &n)| n).sum::<usize>(), 40);
    /// # Ok::<(), camicia_rules::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a deck of another preset.
    pub fn new(config: &Config, seed: u64) -> Result<Camicia, ConfigError> {
        let deck = config.seeded_deck()?;
        let deal = Deal::seeded_of(&deck, seed);
        // A seeded deal is a whole deck split in two: always valid.
        let mut game = Camicia::dealt(&deal, config.end_rule);
        game.config = *config;
        game.arm_repeat();
        Ok(game)
    }

    /// The start of the game of `deal` under `end_rule`: A to move.
    ///
    /// ```
    /// use camicia_rules::{Camicia, Deal, EndRule, Game, Preset};
    ///
    /// // A's hand, then B's: `-` a plain card, a digit a card demanding that many.
    /// let deal = Deal::parse(Preset::Camicia, "-1-3/2--")?;
    /// let mut game = Camicia::from_deal(&deal, EndRule::Standard)?;
    /// game.apply_notation("turn")?;
    /// assert!(!game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DealError`] if the deal fails [`Deal::check`].
    pub fn from_deal(deal: &Deal, end_rule: EndRule) -> Result<Camicia, DealError> {
        deal.check()?;
        Ok(Camicia::dealt(deal, end_rule))
    }

    /// The start of the game of `deal` under `config` (its end rule and its
    /// draw at the first repeat; `config.deck` only seeds games). With
    /// [`Config::draw_on_repeat`] the deal is played out once here, to find
    /// its first repeated state.
    ///
    /// ```
    /// use camicia_rules::{Camicia, Config, Deal, Game, Preset};
    ///
    /// // An endless deal ends as a draw at its first repeat.
    /// let deal = Deal::parse(Preset::Camicia, "--1-/1-")?;
    /// let mut game = Camicia::with_config(&deal, &Config::new(Preset::Camicia).with_draw_on_repeat(true))?;
    /// assert_eq!(game.max_plies(), Some(6));
    /// while !game.is_over() {
    ///     game.apply("turn".parse()?)?;
    /// }
    /// assert!(game.outcome().unwrap().is_draw());
    /// assert_eq!((game.cards(), game.tricks()), (6, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DealError`] if the deal fails [`Deal::check`] or is written in
    /// another preset than `config`'s.
    pub fn with_config(deal: &Deal, config: &Config) -> Result<Camicia, DealError> {
        deal.check()?;
        if deal.preset != config.preset {
            return Err(DealError::OtherPreset { deal: deal.preset, config: config.preset });
        }
        let mut game = Camicia::dealt(deal, config.end_rule);
        game.config = *config;
        game.arm_repeat();
        Ok(game)
    }

    /// With [`Config::draw_on_repeat`], plays the game out from here once:
    /// its end, or the loop it runs into.
    pub(crate) fn arm_repeat(&mut self) {
        self.repeat = None;
        if self.config.draw_on_repeat && !self.is_over() {
            self.repeat = Some(repeat_from(self));
        }
    }

    /// The start of `deal` (checked by the caller), no draw on a repeat.
    pub(crate) fn dealt(deal: &Deal, end_rule: EndRule) -> Camicia {
        Camicia {
            config: Config::new(deal.preset).with_end_rule(end_rule),
            repeat: None,
            drawn: false,
            deck: deal.counts(),
            hands: ByPlayer::from_fn(|p| Row::from_slice(&deal.hands[p])),
            pile: Row::EMPTY,
            to_move: Player::A,
            debt: 0,
            cards: 0,
            tricks: 0,
            winner: None,
        }
    }

    /// The preset and end rule.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The preset.
    pub fn preset(&self) -> Preset {
        self.config.preset
    }

    /// A player's hand, top card first.
    pub fn hand(&self, player: Player) -> &[u8] {
        self.hands[player].as_slice()
    }

    /// The number of cards in each hand.
    pub fn hand_sizes(&self) -> ByPlayer<usize> {
        ByPlayer::from_fn(|p| self.hands[p].len())
    }

    /// The pile, first card laid first.
    pub fn pile(&self) -> &[u8] {
        self.pile.as_slice()
    }

    /// How many cards of each kind the game holds (hands and pile),
    /// indexed by kind.
    pub fn deck_counts(&self) -> [usize; 5] {
        self.deck
    }

    /// The player to turn the next card; `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        if self.is_over() { None } else { Some(self.to_move) }
    }

    /// `true` once the game is over: won, or drawn at its first repeated
    /// state ([`Config::draw_on_repeat`]).
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.drawn
    }

    /// `true` when the game ended as a draw at its first repeated state.
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// With [`Config::draw_on_repeat`], the number of cards the whole game
    /// turns (the plies of the [`Game`] trait, one card each) from its
    /// start to its end: a finished game's length, or the cards up to the
    /// first repeat of an endless one, where it ends as a draw. Exact, and
    /// known from the start (the deal was played out once when the game was
    /// built). `None` without the option: an endless deal then never ends.
    /// For a state loaded mid-game, repeats count from the state loaded.
    pub fn max_plies(&self) -> Option<u64> {
        if !self.config.draw_on_repeat {
            return None;
        }
        if self.is_over() {
            return Some(self.cards);
        }
        self.repeat.map(|r| r.cards())
    }

    /// Cards the player to move still owes to an attack; 0 in open play.
    pub fn debt(&self) -> u8 {
        self.debt
    }

    /// The player whose attack is pending, if any.
    pub fn attacker(&self) -> Option<Player> {
        if self.debt > 0 { Some(self.to_move.other()) } else { None }
    }

    /// Cards turned so far.
    pub fn cards(&self) -> u64 {
        self.cards
    }

    /// Collections so far, the final one included.
    pub fn tricks(&self) -> u64 {
        self.tricks
    }

    /// The winner, once one player holds every card.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// The result once the game is over: the winner and the counts, or for
    /// a game drawn at its first repeat the loop it ran into.
    pub fn result(&self) -> Option<PlayResult> {
        if self.drawn {
            return self.repeat;
        }
        self.winner.map(|winner| PlayResult::Finished { winner, cards: self.cards, tricks: self.tricks })
    }

    /// `true` at the start of the game and after every trick while it runs:
    /// the pile is empty. The loop rule compares the states at these points.
    pub fn is_trick_boundary(&self) -> bool {
        !self.is_over() && self.pile.is_empty()
    }

    /// The two hands as a deal (the player to move is not part of it).
    pub fn hands_as_deal(&self) -> Deal {
        Deal { preset: self.config.preset, hands: ByPlayer::from_fn(|p| self.hand(p).to_vec()) }
    }

    /// The player to move turns the top card of their hand; reports what
    /// followed.
    ///
    /// # Errors
    ///
    /// [`IllegalMove::GameOver`] once the game is over, and
    /// [`IllegalMove::CountOverflow`] if the card counter is at its
    /// maximum (no game reaches it: a loaded state holds at most
    /// [`MAX_LOADED_COUNT`](crate::MAX_LOADED_COUNT) cards); the state is
    /// then unchanged.
    pub fn turn(&mut self) -> Result<Turned, IllegalMove> {
        if self.is_over() || self.hands[self.to_move].is_empty() {
            return Err(IllegalMove::GameOver(Move::Turn));
        }
        let Some(cards) = self.cards.checked_add(1) else {
            return Err(IllegalMove::CountOverflow);
        };
        let player = self.to_move;
        let opponent = player.other();
        // A running game never leaves the player to move without a card.
        let Some(kind) = self.hands[player].pop_front() else {
            return Err(IllegalMove::GameOver(Move::Turn));
        };
        self.pile.push(kind);
        self.cards = cards;
        let mut collected = None;
        if kind > 0 {
            // An attack, or a counter-attack that cancels the pending one.
            self.debt = kind;
            self.to_move = opponent;
        } else if self.debt > 0 {
            self.debt -= 1;
            if self.debt == 0 {
                collected = Some((opponent, self.pile.len()));
                self.collect(opponent);
            }
        } else {
            self.to_move = opponent;
        }

        match self.config.end_rule {
            EndRule::Standard => {
                if let Some((collector, _)) = collected
                    && self.hands[collector.other()].is_empty()
                {
                    self.finish(collector);
                } else if self.hands[self.to_move].is_empty() {
                    // Owes a card and has none: loses, the other takes the pile.
                    let winner = self.to_move.other();
                    collected = Some((winner, self.pile.len()));
                    self.collect(winner);
                    self.finish(winner);
                }
            }
            EndRule::EmptyHandLoses => {
                if self.hands[player].is_empty() {
                    if !self.pile.is_empty() {
                        collected = Some((opponent, self.pile.len()));
                        self.collect(opponent);
                    }
                    self.finish(opponent);
                }
            }
        }
        if self.winner.is_none() && self.pile.is_empty() && self.repeat.is_some_and(|r| r.cards() == self.cards) {
            // The first repeated state: the game is a draw.
            self.drawn = true;
        }
        Ok(Turned { player, kind, collected, winner: self.winner })
    }

    fn collect(&mut self, collector: Player) {
        self.hands[collector].append(&mut self.pile);
        self.tricks += 1;
        self.debt = 0;
        self.to_move = collector;
    }

    fn finish(&mut self, winner: Player) {
        // The play-out ahead is spent (a won game keeps none, as a loaded
        // one has none).
        self.repeat = None;
        self.winner = Some(winner);
        self.to_move = winner;
        self.debt = 0;
    }
}

impl Game for Camicia {
    type Move = Move;
    type Error = IllegalMove;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        match self.to_move() {
            Some(p) => Actor::Seat(p.seat()),
            None => Actor::Nobody,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.is_over() {
            out.push(Move::Turn);
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Turn => !self.is_over(),
        }
    }

    fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Turn => self.turn().map(|_| ()),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.drawn {
            return Some(Outcome::draw(2));
        }
        self.winner.map(|w| Outcome::win(2, Seat::from(w)))
    }
}

impl Seeded for Camicia {
    type Config = Config;
    type ConfigError = ConfigError;

    /// [`Camicia::new`].
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a deck of another preset.
    fn from_seed(config: &Config, seed: u64) -> Result<Camicia, ConfigError> {
        Camicia::new(config, seed)
    }
}
