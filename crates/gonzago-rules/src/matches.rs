//! [`Match`]: hands until the match is decided, in one of three modes.

use core::fmt;

use carte_core::{Actor, Game, HiddenInfo, MoveError, Outcome, Seat, SeatError, Seeded, deal_rng};
use rand::Rng;

use crate::deck::Deck;
use crate::error::{ConfigError, IllegalMove, SetupError};
use crate::hand::{Hand, HandEnd};
use crate::hidden::{HandObservation, ObservationError};
use crate::moves::Move;
use carte_core::{ByPlayer, Player};

/// How many hands a match lasts and how it is won.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MatchMode {
    /// One hand: its closer wins the match; a drawn hand draws it.
    #[default]
    Single,
    /// Partita, rivincita, bella: the first to win two hands wins; drawn
    /// hands do not count (and are replayed, with the dealer alternating as
    /// for any hand).
    BestOfThree,
    /// After each hand each player scores the cards left in their own hand;
    /// whoever reaches 21 first loses. If both reach 21 on the same hand,
    /// the higher total loses; equal totals draw the match.
    Points,
}

/// The total at which a player loses in [`MatchMode::Points`].
pub const LOSING_POINTS: u64 = 21;

/// Hands a player must win in [`MatchMode::BestOfThree`].
const WINS_NEEDED: u64 = 2;

/// The most hands a match has: a best of three still undecided after this
/// many hands (only drawn hands can keep it going) is drawn *(engine)*.
///
/// No play reaches it (2^58 hands are centuries of computing), but it
/// bounds every counter: hand numbers stay below it and the points, at
/// most 40 a hand, below `40 × 2^58 < 2^64`, so nothing overflows and a
/// loaded match with a larger hand number is refused.
pub const MAX_HANDS: u64 = 1 << 58;

/// The configuration of a [`Match`] (and of its `Seeded` construction):
/// build it with [`Config::new`] or from the default (Italian deck,
/// single hand) with the `with_*` setters, which keep working if it grows.
/// (It is not `#[non_exhaustive]`: the pinned golden tests build it as a
/// struct literal.)
///
/// ```
/// use gonzago_rules::{Deck, Config, MatchMode};
///
/// let config = Config::new(Deck::French, MatchMode::Points);
/// assert_eq!(config, Config::default().with_deck(Deck::French).with_mode(MatchMode::Points));
/// assert_eq!(config.deck, Deck::French);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// The deck on the table.
    pub deck: Deck,
    /// How the match is won.
    pub mode: MatchMode,
}

impl Config {
    /// A match on `deck` won as `mode` says.
    pub const fn new(deck: Deck, mode: MatchMode) -> Config {
        Config { deck, mode }
    }

    /// The same configuration on `deck`.
    pub const fn with_deck(self, deck: Deck) -> Config {
        Config { deck, ..self }
    }

    /// The same configuration won as `mode` says.
    pub const fn with_mode(self, mode: MatchMode) -> Config {
        Config { mode, ..self }
    }

    /// Checks the configuration. Every deck and mode plays today, so it
    /// refuses nothing; it is here so that code checks a Gonzago
    /// configuration as it checks the other games' (`validate()`).
    ///
    /// # Errors
    ///
    /// None today ([`ConfigError`] has no variant yet).
    pub const fn validate(&self) -> Result<(), ConfigError> {
        Ok(())
    }
}

/// The public record of a finished hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandRecord {
    /// How it ended.
    pub end: HandEnd,
    /// Cards each player still held (their points in points mode).
    pub left: ByPlayer<usize>,
}

/// A whole Gonzago match: hands one after another, the dealer alternating,
/// until the [`MatchMode`] decides it.
///
/// Seats as in [`Hand`]: [`Player::A`] is seat 0, [`Player::B`] seat 1. The
/// first dealer is drawn from the seed; each later hand is dealt by the
/// other player. Hand `k` (from 0) is a deterministic function of the match
/// seed: hand 0 is exactly `Hand::from_seed(deck, seed)`; hand `k ≥ 1` is
/// [`Hand::deal`] with the generator [`deal_rng`]`(seed + k)` (wrapping).
/// The next hand is dealt inside the `apply` that ends the previous one, so
/// a seat is always to move until the match ends; the finished hand's
/// record stays readable in [`Match::last_hand`].
///
/// The seed is hidden information (it would reveal the stock), so the
/// observation omits it and [`HiddenInfo::sample`] replaces it.
///
/// Outcome: +1 for the winner, −1 for the loser, 0 each for a drawn match.
///
/// ```
/// use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded, deal_rng, random_playout};
///
/// let config = Config { deck: Deck::French, mode: MatchMode::Points };
/// let mut game = Match::from_seed(&config, 2026)?;
/// random_playout(&mut game, &mut deal_rng(1), 100_000);
/// let points = game.points();
/// assert!(points.iter().any(|(_, &p)| p >= 21));
/// assert!(game.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Match {
    mode: MatchMode,
    seed: u64,
    first_dealer: Player,
    hand_no: u64,
    hand: Hand,
    wins: ByPlayer<u64>,
    points: ByPlayer<u64>,
    last: Option<HandRecord>,
}

const _: () = assert!(!core::mem::needs_drop::<Match>());

/// How a match stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchStatus {
    /// Still being played.
    Running,
    /// Won by this player.
    Won(Player),
    /// Drawn.
    Drawn,
}

impl Match {
    /// The first hand of a match of `config`, dealt from `seed`: the
    /// inherent twin of [`Seeded::from_seed`], with the same arguments and
    /// error as every game's `new`.
    ///
    /// ```
    /// use gonzago_rules::{Config, Match};
    ///
    /// let game = Match::new(&Config::default(), 7)?;
    /// assert_eq!(game.hand_number(), 0);
    /// # Ok::<(), gonzago_rules::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The [`ConfigError`] of a configuration that [`Config::validate`]
    /// refuses (none today).
    pub fn new(config: &Config, seed: u64) -> Result<Match, ConfigError> {
        config.validate()?;
        let hand = Hand::new(&config.deck, seed)?;
        Ok(Match {
            mode: config.mode,
            seed,
            first_dealer: hand.dealer(),
            hand_no: 0,
            hand,
            wins: ByPlayer::default(),
            points: ByPlayer::default(),
            last: None,
        })
    }

    /// The match mode.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Match, Config, MatchMode, Seeded};
    ///
    /// let game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 1)?;
    /// assert_eq!(game.mode(), MatchMode::Points);
    /// assert_eq!(game.deck(), Deck::Italian);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mode(&self) -> MatchMode {
        self.mode
    }

    /// The deck on the table.
    pub fn deck(&self) -> Deck {
        self.hand.deck()
    }

    /// The hand being played (the last hand once the match is over).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Match, Config, Seeded};
    ///
    /// let game = Match::from_seed(&Config::default(), 0)?;
    /// // Hand 0 is the hand the same seed deals.
    /// assert_eq!(game.hand(), &Hand::from_seed(&Deck::Italian, 0)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The number of the current hand, from 0.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded, deal_rng, random_playout};
    ///
    /// let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::BestOfThree), 3)?;
    /// assert_eq!(game.hand_number(), 0);
    /// random_playout(&mut game, &mut deal_rng(3), 100_000);
    /// assert!(game.hand_number() >= 1); // two wins take at least two hands
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand_number(&self) -> u64 {
        self.hand_no
    }

    /// The dealer of hand 0.
    ///
    /// ```
    /// use gonzago_rules::{Match, Config, Player, Seeded};
    ///
    /// let game = Match::from_seed(&Config::default(), 0)?;
    /// assert_eq!(game.first_dealer(), Player::A);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_dealer(&self) -> Player {
        self.first_dealer
    }

    /// Hands won by each player (drawn hands count for nobody).
    ///
    /// ```
    /// use gonzago_rules::{
    ///     Deck, Game, Match, Config, MatchMode, MatchStatus, Player, Seeded, deal_rng, random_playout,
    /// };
    ///
    /// let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::BestOfThree), 3)?;
    /// random_playout(&mut game, &mut deal_rng(3), 100_000);
    /// if let MatchStatus::Won(p) = game.status() {
    ///     assert_eq!(game.wins()[p], 2);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wins(&self) -> ByPlayer<u64> {
        self.wins
    }

    /// Points of each player: the cards left in hand, summed over the
    /// finished hands (kept in every mode; they decide only
    /// [`MatchMode::Points`]).
    ///
    /// ```
    /// use gonzago_rules::{
    ///     Deck, Game, LOSING_POINTS, Match, Config, MatchMode, Player, Seeded, deal_rng, random_playout,
    /// };
    ///
    /// let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 3)?;
    /// random_playout(&mut game, &mut deal_rng(3), 100_000);
    /// assert!(Player::ALL.iter().any(|&p| game.points()[p] >= LOSING_POINTS));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn points(&self) -> ByPlayer<u64> {
        self.points
    }

    /// The record of the last finished hand.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded, deal_rng, random_playout};
    ///
    /// let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 3)?;
    /// assert_eq!(game.last_hand(), None);
    /// random_playout(&mut game, &mut deal_rng(3), 100_000);
    /// let last = game.last_hand().unwrap();
    /// println!("{}: cards left {:?}", last.end, last.left);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_hand(&self) -> Option<HandRecord> {
        self.last
    }

    /// Reads a move typed with this match's deck faces.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Match, Config, Seeded};
    ///
    /// let game = Match::from_seed(&Config::default().with_deck(Deck::French), 0)?;
    /// assert_eq!(game.parse_move("play Kh")?.to_string(), "play K♥");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`](crate::ParseMoveError) for text that is no move.
    pub fn parse_move(&self, text: &str) -> Result<Move, crate::ParseMoveError> {
        self.deck().parse_move(text)
    }

    /// How the match stands: decided by the mode from the scores.
    ///
    /// ```
    /// use gonzago_rules::{Game, Match, Config, MatchStatus, Seeded, deal_rng, random_playout};
    ///
    /// let mut game = Match::from_seed(&Config::default(), 0)?;
    /// assert_eq!(game.status(), MatchStatus::Running);
    /// random_playout(&mut game, &mut deal_rng(0), 1_000);
    /// assert_ne!(game.status(), MatchStatus::Running);
    /// println!("{}", game.status()); // "A wins the match", "drawn match", ...
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> MatchStatus {
        let finished = self.hand_no + u64::from(self.hand.end().is_some());
        status(self.mode, self.last.map(|r| r.end), self.wins, self.points, finished)
    }

    /// Scores a finished hand and either ends the match or deals the next.
    fn finish_hand(&mut self, end: HandEnd) {
        let left = ByPlayer::from_fn(|p| self.hand.hand_len(p));
        // No overflow: fewer than `MAX_HANDS` hands of at most 40 points.
        for p in Player::ALL {
            self.points[p] += left[p] as u64;
        }
        if let HandEnd::Closed { winner } = end {
            self.wins[winner] += 1;
        }
        self.last = Some(HandRecord { end, left });
        if self.status() == MatchStatus::Running {
            self.hand_no += 1;
            let mut rng = deal_rng(self.seed.wrapping_add(self.hand_no));
            self.hand = Hand::deal(self.hand.deck(), self.hand.dealer().other(), &mut rng);
        }
    }
}

/// The standing after `finished` hands with these scores (`last`: how the
/// last of them ended).
fn status(
    mode: MatchMode,
    last: Option<HandEnd>,
    wins: ByPlayer<u64>,
    points: ByPlayer<u64>,
    finished: u64,
) -> MatchStatus {
    match mode {
        MatchMode::Single => match last {
            None => MatchStatus::Running,
            Some(HandEnd::Closed { winner }) => MatchStatus::Won(winner),
            Some(HandEnd::Drawn) => MatchStatus::Drawn,
        },
        MatchMode::BestOfThree => match Player::ALL.into_iter().find(|&p| wins[p] >= WINS_NEEDED) {
            Some(p) => MatchStatus::Won(p),
            None if finished >= MAX_HANDS => MatchStatus::Drawn,
            None => MatchStatus::Running,
        },
        MatchMode::Points => {
            let (a, b) = (points[Player::A], points[Player::B]);
            match (a >= LOSING_POINTS, b >= LOSING_POINTS) {
                (false, false) => MatchStatus::Running,
                (true, false) => MatchStatus::Won(Player::B),
                (false, true) => MatchStatus::Won(Player::A),
                (true, true) if a > b => MatchStatus::Won(Player::B),
                (true, true) if b > a => MatchStatus::Won(Player::A),
                (true, true) => MatchStatus::Drawn,
            }
        }
    }
}

impl Game for Match {
    type Move = Move;
    type Error = IllegalMove;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        self.hand.actor()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.hand.legal_moves(out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.hand.is_legal(mv)
    }

    fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.hand.apply(mv)?;
        if let Some(end) = self.hand.end() {
            self.finish_hand(end);
        }
        Ok(())
    }

    /// Reads `text` with this match's deck ([`Match::parse_move`]: on the
    /// French deck `play Ks` is the K♠) and applies it.
    fn apply_notation(&mut self, text: &str) -> Result<Move, MoveError<Match>> {
        let mv = self.parse_move(text).map_err(|e| MoveError::notation(text, e))?;
        self.apply(mv).map_err(MoveError::Illegal)?;
        Ok(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            MatchStatus::Running => None,
            MatchStatus::Won(p) => Some(Outcome::win(2, p.seat())),
            MatchStatus::Drawn => Some(Outcome::draw(2)),
        }
    }
}

impl Seeded for Match {
    type Config = Config;
    type ConfigError = ConfigError;

    fn from_seed(config: &Config, seed: u64) -> Result<Match, ConfigError> {
        Match::new(config, seed)
    }
}

/// A match as plain data, checked by [`Match::from_setup`]; also its
/// serialized form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// How the match is won.
    pub mode: MatchMode,
    /// The seed that deals the later hands.
    pub seed: u64,
    /// The dealer of hand 0.
    pub first_dealer: Player,
    /// The number of the current hand, from 0.
    pub hand_number: u64,
    /// Hands won by each player.
    pub wins: ByPlayer<u64>,
    /// Points of each player.
    pub points: ByPlayer<u64>,
    /// The record of the last finished hand.
    pub last_hand: Option<HandRecord>,
    /// The current hand.
    pub hand: crate::HandSetup,
}

impl Match {
    /// The match that `setup` describes.
    ///
    /// A match is accepted only if some play reaches it (the guarantees are
    /// listed in the crate docs, under *What a loaded state guarantees*):
    ///
    /// * the current hand is a valid hand ([`Hand::from_setup`]), dealt by
    ///   the first dealer on even hand numbers and by the other player on
    ///   odd ones, and the hand number is below [`MAX_HANDS`];
    /// * a last-hand record exists exactly when a hand has finished; a
    ///   closed record names a winner who kept no card and an opponent who
    ///   kept at least one, a drawn record leaves both players cards, and
    ///   no more cards are left than a hand can leave (36 after a closed
    ///   hand, 31 after a drawn one);
    /// * the scores fit the finished hands: each finished hand gave at least
    ///   one point and at most 36, nobody has fewer wins than the last hand
    ///   gave them or fewer points than the cards it left them, and after
    ///   one finished hand the scores are exactly that hand's;
    /// * the scores before the last hand left the match running (no match is
    ///   decided before its last hand), a single-hand match has only hand
    ///   0, and a best of three ends at two wins;
    /// * the current hand is over exactly when the match is decided, and
    ///   then it is the last-hand record.
    ///
    /// The seed only deals the hands to come: the current hand need not be
    /// the deal of the seed (a determinization replaces both, see
    /// [`HiddenInfo::sample`]).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded, deal_rng, random_playout};
    ///
    /// let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 3)?;
    /// random_playout(&mut game, &mut deal_rng(3), 60);
    /// let mut setup = game.to_setup();
    /// assert_eq!(Match::from_setup(&setup)?, game);
    /// setup.points[gonzago_rules::Player::A] += 50; // more points than the hands gave
    /// assert!(Match::from_setup(&setup).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the first broken invariant.
    pub fn from_setup(setup: &Setup) -> Result<Match, SetupError> {
        let hand = Hand::from_setup(&setup.hand)?;
        let m = Match {
            mode: setup.mode,
            seed: setup.seed,
            first_dealer: setup.first_dealer,
            hand_no: setup.hand_number,
            hand,
            wins: setup.wins,
            points: setup.points,
            last: setup.last_hand,
        };
        let left = ByPlayer::from_fn(|p| m.hand.hand_len(p));
        m.scores().check(m.hand.dealer(), m.hand.end(), left).map_err(SetupError::Match)?;
        Ok(m)
    }

    fn scores(&self) -> Scores {
        Scores {
            mode: self.mode,
            first_dealer: self.first_dealer,
            hand_no: self.hand_no,
            wins: self.wins,
            points: self.points,
            last: self.last,
        }
    }

    /// This match as plain data; [`Match::from_setup`] rebuilds it exactly.
    ///
    /// ```
    /// use gonzago_rules::{Match, Config, Seeded};
    ///
    /// let game = Match::from_seed(&Config::default(), 8)?;
    /// let setup = game.to_setup();
    /// assert_eq!(setup.hand_number, 0);
    /// assert_eq!(Match::from_setup(&setup)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_setup(&self) -> Setup {
        Setup {
            mode: self.mode,
            seed: self.seed,
            first_dealer: self.first_dealer,
            hand_number: self.hand_no,
            wins: self.wins,
            points: self.points,
            last_hand: self.last,
            hand: self.hand.to_setup(),
        }
    }
}

/// The public state of a match besides its hand: what [`Match::from_setup`]
/// and a loaded [`Observation`] check against the hand.
pub(crate) struct Scores {
    pub(crate) mode: MatchMode,
    pub(crate) first_dealer: Player,
    pub(crate) hand_no: u64,
    pub(crate) wins: ByPlayer<u64>,
    pub(crate) points: ByPlayer<u64>,
    pub(crate) last: Option<HandRecord>,
}

/// The most cards a closed hand leaves (all in the opponent's hand): the
/// closer played every card they held, at least the four dealt to them
/// (G7, G16), so at most 36 of the 40 are left.
const MOST_LEFT_CLOSED: usize = 36;
/// The most cards a drawn hand leaves: it ends with the stock empty and two
/// passes in a row on the same top (G15, G17), and a player passes only
/// holding no card adjacent to it (G13), so the top play and the eight
/// cards of its two adjacent values (G4) are on the table: at most 31 of
/// the 40 are left.
const MOST_LEFT_DRAWN: usize = 31;

impl Scores {
    /// Whether these scores fit a current hand dealt by `dealer`, ended as
    /// `end`, with `left` cards in the players' hands (see
    /// [`Match::from_setup`] for the list).
    pub(crate) fn check(
        &self,
        dealer: Player,
        end: Option<HandEnd>,
        left: ByPlayer<usize>,
    ) -> Result<(), &'static str> {
        if self.hand_no >= MAX_HANDS {
            return Err("the hand number is beyond what a match can reach");
        }
        let expected_dealer =
            if self.hand_no.is_multiple_of(2) { self.first_dealer } else { self.first_dealer.other() };
        if dealer != expected_dealer {
            return Err("the dealer does not alternate from the first dealer");
        }
        // Below `MAX_HANDS` none of these sums can overflow.
        let finished = self.hand_no + u64::from(end.is_some());
        let wins = u128::from(self.wins[Player::A]) + u128::from(self.wins[Player::B]);
        let points = u128::from(self.points[Player::A]) + u128::from(self.points[Player::B]);
        let total = u128::from(finished);
        // A finished hand adds at least one point (the closer's opponent or
        // both players of a drawn hand hold a card) and at most
        // `MOST_LEFT_CLOSED`, the most cards a hand can leave.
        if wins > total || points < total || points > MOST_LEFT_CLOSED as u128 * total {
            return Err("the scores do not fit the number of finished hands");
        }
        match self.last {
            None if finished > 0 => return Err("the last hand record does not fit the hand number"),
            None => {}
            Some(_) if finished == 0 => return Err("the last hand record does not fit the hand number"),
            Some(record) => {
                let left = record.left;
                let most = match record.end {
                    HandEnd::Closed { .. } => MOST_LEFT_CLOSED,
                    HandEnd::Drawn => MOST_LEFT_DRAWN,
                };
                // Checked: a loaded record may hold any `usize`.
                if left[Player::A].checked_add(left[Player::B]).is_none_or(|n| n > most) {
                    return Err("the last hand left more cards than a hand can");
                }
                let won = match record.end {
                    HandEnd::Closed { winner } if left[winner] != 0 => {
                        return Err("the last hand was closed by a player who kept cards");
                    }
                    HandEnd::Closed { winner } if left[winner.other()] == 0 => {
                        return Err("the last hand left no card to the closer's opponent");
                    }
                    HandEnd::Closed { winner } => ByPlayer::from_fn(|p| u64::from(p == winner)),
                    HandEnd::Drawn if left[Player::A] == 0 || left[Player::B] == 0 => {
                        return Err("a drawn hand left a player no cards");
                    }
                    HandEnd::Drawn => ByPlayer::default(),
                };
                let gave = left.map(|n| n as u64);
                if Player::ALL.into_iter().any(|p| self.points[p] < gave[p]) {
                    return Err("the points are below what the last hand alone gave");
                }
                if Player::ALL.into_iter().any(|p| self.wins[p] < won[p]) {
                    return Err("the wins are below what the last hand alone gave");
                }
                if finished == 1 && (self.points != gave || self.wins != won) {
                    return Err("after one hand the scores are that hand's");
                }
                let before_wins = ByPlayer::from_fn(|p| self.wins[p] - won[p]);
                let before_points = ByPlayer::from_fn(|p| self.points[p] - gave[p]);
                if status(self.mode, None, before_wins, before_points, finished - 1) != MatchStatus::Running {
                    return Err("the match was decided before its last hand");
                }
            }
        }
        if self.mode == MatchMode::Single && self.hand_no != 0 {
            return Err("a single-hand match has only hand 0");
        }
        let now = status(self.mode, self.last.map(|r| r.end), self.wins, self.points, finished);
        match (now, end) {
            (MatchStatus::Running, None) => Ok(()),
            (MatchStatus::Running, Some(_)) => Err("a finished hand is followed by the next deal"),
            (_, None) => Err("the match is decided but its last hand is still running"),
            (_, Some(end)) if self.last == Some(HandRecord { end, left }) => Ok(()),
            (_, Some(_)) => Err("the last hand record is not the last hand"),
        }
    }
}

impl TryFrom<Setup> for Match {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Match, SetupError> {
        Match::from_setup(&setup)
    }
}

impl From<Match> for Setup {
    fn from(m: Match) -> Setup {
        m.to_setup()
    }
}

/// Everything one player knows about a match: the public scores and
/// records, and their view of the current hand.
///
/// With the `serde` feature it round-trips through JSON, and loading
/// checks it ([`Observation::check`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawMatchObservation"))]
pub struct Observation {
    /// How the match is won.
    pub mode: MatchMode,
    /// The dealer of hand 0.
    pub first_dealer: Player,
    /// The number of the current hand.
    pub hand_number: u64,
    /// Hands won by each player.
    pub wins: ByPlayer<u64>,
    /// Points of each player.
    pub points: ByPlayer<u64>,
    /// The record of the last finished hand.
    pub last_hand: Option<HandRecord>,
    /// The view of the current hand.
    pub hand: HandObservation,
}

/// The fields of a [`Observation`] as loaded, before the check.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawMatchObservation {
    mode: MatchMode,
    first_dealer: Player,
    hand_number: u64,
    wins: ByPlayer<u64>,
    points: ByPlayer<u64>,
    last_hand: Option<HandRecord>,
    hand: HandObservation,
}

#[cfg(feature = "serde")]
impl TryFrom<RawMatchObservation> for Observation {
    type Error = ObservationError;
    fn try_from(r: RawMatchObservation) -> Result<Observation, ObservationError> {
        let obs = Observation {
            mode: r.mode,
            first_dealer: r.first_dealer,
            hand_number: r.hand_number,
            wins: r.wins,
            points: r.points,
            last_hand: r.last_hand,
            hand: r.hand,
        };
        obs.check()?;
        Ok(obs)
    }
}

impl Observation {
    /// Checks that some match gives this view: the hand's view passes
    /// [`HandObservation::check`], and the scores and the last-hand record
    /// fit it as [`Match::from_setup`] requires of a match.
    ///
    /// ```
    /// use gonzago_rules::{HiddenInfo, Match, Config, Player, Seeded};
    ///
    /// let game = Match::from_seed(&Config::default(), 0)?;
    /// let mut view = game.observation(Player::B.seat())?;
    /// assert!(view.check().is_ok());
    /// view.points[Player::A] = 5; // points before any hand has finished
    /// assert!(view.check().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ObservationError`] naming the first contradiction.
    pub fn check(&self) -> Result<(), ObservationError> {
        let (end, left) = self.hand.replay().map_err(ObservationError)?;
        let scores = Scores {
            mode: self.mode,
            first_dealer: self.first_dealer,
            hand_no: self.hand_number,
            wins: self.wins,
            points: self.points,
            last: self.last_hand,
        };
        scores.check(self.hand.dealer, end, left).map_err(ObservationError)
    }
}

impl HiddenInfo for Match {
    type Observation = Observation;

    fn observation(&self, seat: Seat) -> Result<Observation, SeatError> {
        Ok(Observation {
            mode: self.mode,
            first_dealer: self.first_dealer,
            hand_number: self.hand_no,
            wins: self.wins,
            points: self.points,
            last_hand: self.last,
            hand: self.hand.observation(seat)?,
        })
    }

    /// The current hand sampled as [`Hand::sample`] does, then a fresh seed
    /// for the later hands from the next 64 bits of `rng`.
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Match, SeatError> {
        let hand = self.hand.sample(seat, rng)?;
        Ok(Match { hand, seed: rng.next_u64(), ..self.clone() })
    }
}

impl fmt::Display for MatchMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchMode::Single => "single hand",
            MatchMode::BestOfThree => "best of three",
            MatchMode::Points => "points to 21",
        })
    }
}

impl fmt::Display for MatchStatus {
    /// `running`, `B wins the match`, `drawn match`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchStatus::Running => f.write_str("running"),
            MatchStatus::Won(p) => write!(f, "{p} wins the match"),
            MatchStatus::Drawn => f.write_str("drawn match"),
        }
    }
}

impl fmt::Display for Observation {
    /// The scores, then the view of the current hand (see
    /// [`HandObservation`]'s `Display`):
    ///
    /// ```text
    /// hand 3, points to 21: points A 5, B 7; hands won A 1, B 1
    /// A (B deals): your hand ...
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, w) = (self.points, self.wins);
        write!(f, "hand {}, {}: points A {}, B {}", self.hand_number + 1, self.mode, p[Player::A], p[Player::B])?;
        writeln!(f, "; hands won A {}, B {}", w[Player::A], w[Player::B])?;
        write!(f, "{}", self.hand)
    }
}

/// An outcome of a [`Hand`] or a [`Match`] with the players' names: `A
/// wins`, `B wins`, `draw` (any other outcome, which these games never
/// give, as carte-core writes it).
///
/// ```
/// use gonzago_rules::{Outcome, Seat, describe_outcome};
///
/// assert_eq!(describe_outcome(&Outcome::win(2, Seat::new(1))), "B wins");
/// assert_eq!(describe_outcome(&Outcome::draw(2)), "draw");
/// ```
pub fn describe_outcome(outcome: &Outcome) -> String {
    let winners: Vec<Player> = outcome.winning_seats().filter_map(Player::from_seat).collect();
    match (outcome.returns().len(), winners.as_slice()) {
        (2, _) if outcome.is_draw() => "draw".to_owned(),
        (2, [p]) => format!("{p} wins"),
        _ => outcome.to_string(),
    }
}
