//! A game state spelled out ([`Setup`]), and the checks that build a
//! [`Camicia`] from it: only states that some game reaches are accepted.

use crate::deal::Deal;
use crate::error::SetupError;
use crate::game::Camicia;
use crate::hand::Row;
use crate::preset::{Config, EndRule};
use crate::result::PlayResult;
use carte_core::{ByPlayer, Player};

/// The most cards turned, and tricks, a loaded state may have counted:
/// 2^62. A game that reached it from its deal would have turned a billion
/// cards a second for over a century; refusing more keeps every counter
/// far from overflowing ([`Camicia::turn`] also checks).
pub const MAX_LOADED_COUNT: u64 = 1 << 62;

/// A Camicia state spelled out: what [`Camicia::to_setup`] gives and
/// [`Camicia::from_setup`] checks and builds. The hands and the pile are
/// card kinds, top card (first laid) first.
///
/// ```
/// use camicia_rules::{Camicia, Config, Deal, Game, Player, Preset, Setup};
///
/// let deal = Deal::parse(Preset::Camicia, "2--/--1")?;
/// let mut game = Camicia::with_config(&deal, &Config::new(Preset::Camicia))?;
/// game.apply("turn".parse()?)?;
/// let setup = game.to_setup();
/// assert_eq!(setup.pile, vec![2]);
/// assert_eq!(Camicia::from_setup(&setup)?, game);
///
/// // B to move with a pile that says A turned the attack: refused.
/// let mut wrong = setup.clone();
/// wrong.to_move = Player::A;
/// assert!(Camicia::from_setup(&wrong).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Setup {
    /// The rules.
    pub config: Config,
    /// Each player's hand, top card first.
    pub hands: ByPlayer<Vec<u8>>,
    /// The pile, first card laid first.
    pub pile: Vec<u8>,
    /// The player to move (the winner once the game is won).
    pub to_move: Player,
    /// Cards the player to move still owes.
    pub debt: u8,
    /// Cards turned so far.
    pub cards: u64,
    /// Tricks so far.
    pub tricks: u64,
    /// The winner, once there is one.
    pub winner: Option<Player>,
    /// With [`Config::draw_on_repeat`]: the game ended as a draw at its
    /// first repeated state.
    pub drawn: bool,
    /// With [`Config::draw_on_repeat`]: the card count of the first
    /// repeated state ahead, if the game loops; `None` to find it from
    /// this state (repeats then count from here).
    pub repeat_at: Option<u64>,
}

impl Setup {
    /// The start of `deal` under `config`: A to move, nothing turned.
    pub fn start(deal: &Deal, config: Config) -> Setup {
        Setup {
            config,
            hands: deal.hands.clone(),
            pile: Vec::new(),
            to_move: Player::A,
            debt: 0,
            cards: 0,
            tricks: 0,
            winner: None,
            drawn: false,
            repeat_at: None,
        }
    }
}

impl Camicia {
    /// The state spelled out.
    pub fn to_setup(&self) -> Setup {
        Setup {
            config: self.config,
            hands: ByPlayer::from_fn(|p| self.hand(p).to_vec()),
            pile: self.pile().to_vec(),
            to_move: self.to_move,
            debt: self.debt,
            cards: self.cards,
            tricks: self.tricks,
            winner: self.winner,
            drawn: self.drawn,
            repeat_at: self.repeat.filter(PlayResult::is_loop).map(|r| r.cards()),
        }
    }

    /// Checks `setup` and builds the state. Accepted are exactly the states
    /// the rules allow, as far as a state shows:
    ///
    /// * every card a kind of the preset, at least two cards in all;
    /// * the pending debt is what the pile says (the last attack card on
    ///   it, less the plain cards paid since), and no completed payment
    ///   lies uncollected;
    /// * the counts fit the pile: at least as many cards turned as it
    ///   holds; before the first trick exactly those, and the player to
    ///   move the one the pile implies (A turned first, and the turns went
    ///   as the rules say); every trick but a final one took at least two
    ///   cards; at most [`MAX_LOADED_COUNT`] cards;
    /// * a running game has the player to move holding a card and is not
    ///   over by its end rule; a won game has the winner holding every
    ///   card, the pile empty and at least one trick;
    /// * with [`Config::draw_on_repeat`], a draw only at a trick boundary,
    ///   and `repeat_at`, if given, a trick boundary of the game's own
    ///   future at or before the first repeat counted from this state.
    ///
    /// What a state cannot show (the history behind it) is not checked:
    /// two states that agree on all of the above are alike to the engine.
    ///
    /// ```
    /// use camicia_rules::{Camicia, Deal, EndRule, Game, Preset};
    ///
    /// let mut game = Camicia::from_deal(&Deal::parse(Preset::Camicia, "-1-3/2--")?, EndRule::Standard)?;
    /// game.apply_notation("turn")?;
    /// let mut setup = game.to_setup(); // a plain description, to edit or store
    /// assert_eq!(Camicia::from_setup(&setup)?, game);
    /// setup.cards = 0; // a card on the pile that nobody turned
    /// assert!(Camicia::from_setup(&setup).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the first problem, one variant per reason.
    pub fn from_setup(setup: &Setup) -> Result<Camicia, SetupError> {
        let config = setup.config;
        let preset = config.preset;
        let max = preset.max_demand();
        for (what, row) in
            [("hand A", &setup.hands[Player::A]), ("hand B", &setup.hands[Player::B]), ("pile", &setup.pile)]
        {
            if let Some(i) = row.iter().position(|&k| k > max) {
                return Err(SetupError::BadKind { row: what, position: i + 1, kind: row[i], preset });
            }
        }
        if let Some(deck) = config.deck
            && deck.preset() != preset
        {
            return Err(SetupError::OtherPresetDeck { deck, preset });
        }
        let hands = ByPlayer::from_fn(|p| Row::from_slice(&setup.hands[p]));
        let pile = Row::from_slice(&setup.pile);
        let mut deck = [0usize; 5];
        for row in [&hands[Player::A], &hands[Player::B], &pile] {
            for &k in row.as_slice() {
                deck[usize::from(k)] += 1;
            }
        }
        let total: usize = deck.iter().sum();
        if total < 2 {
            return Err(SetupError::TooFewCards { total });
        }

        // The pending attack agrees with the pile: the last attack card on
        // the pile, less the plain cards paid since, is what is owed.
        let expected_debt = match pile.as_slice().iter().rposition(|&k| k > 0) {
            None => 0,
            Some(i) => {
                let paid = pile.len() - 1 - i;
                let owed = usize::from(pile.as_slice()[i]).checked_sub(paid).filter(|&o| o > 0);
                owed.ok_or(SetupError::UncollectedPayment)? as u8
            }
        };

        let (cards, tricks) = (setup.cards, setup.tricks);
        let on_pile = pile.len() as u64;
        if cards > MAX_LOADED_COUNT {
            return Err(SetupError::CountTooLarge { cards, max: MAX_LOADED_COUNT });
        }
        if cards < on_pile || (tricks == 0 && cards != on_pile) {
            return Err(SetupError::CountsAndPile { cards, tricks, on_pile });
        }
        // Every trick took at least two cards (an attack and a payment),
        // but a final one, which may take a single card.
        let collected = cards - on_pile;
        let least =
            if setup.winner.is_some() { tricks.saturating_mul(2).saturating_sub(1) } else { tricks.saturating_mul(2) };
        if collected < least {
            return Err(SetupError::TooManyTricks { tricks, collected });
        }

        match setup.winner {
            Some(w) => {
                if !pile.is_empty()
                    || !hands[w.other()].is_empty()
                    || setup.to_move != w
                    || setup.debt != 0
                    || tricks == 0
                    || setup.drawn
                {
                    return Err(SetupError::WinnerWithoutEveryCard { winner: w });
                }
            }
            None => {
                if setup.debt != expected_debt {
                    return Err(SetupError::WrongDebt { debt: setup.debt, expected: expected_debt });
                }
                if hands[setup.to_move].is_empty() {
                    return Err(SetupError::MoverWithoutCard { player: setup.to_move });
                }
                let other_empty = hands[setup.to_move.other()].is_empty();
                let over_by_rule = match config.end_rule {
                    EndRule::Standard => pile.is_empty() && other_empty,
                    EndRule::EmptyHandLoses => other_empty,
                };
                if over_by_rule {
                    return Err(SetupError::AlreadyOver { player: setup.to_move.other() });
                }
                if tricks == 0 {
                    // Before the first trick, A turned first and the turns
                    // went by the rules: the pile says who moves.
                    let mut turner = Player::A;
                    let mut debt = 0u8;
                    for &k in pile.as_slice() {
                        if k > 0 {
                            debt = k;
                            turner = turner.other();
                        } else if debt > 0 {
                            debt -= 1;
                        } else {
                            turner = turner.other();
                        }
                    }
                    if setup.to_move != turner {
                        return Err(SetupError::WrongPlayerToMove { expected: turner, found: setup.to_move });
                    }
                }
            }
        }
        if setup.drawn && (!config.draw_on_repeat || !pile.is_empty()) {
            return Err(SetupError::DrawWithoutRepeat);
        }
        if setup.repeat_at.is_some() && (!config.draw_on_repeat || setup.winner.is_some()) {
            return Err(SetupError::RepeatWithoutOption);
        }
        if setup.drawn && setup.repeat_at != Some(cards) {
            return Err(SetupError::DrawAwayFromRepeat);
        }

        let mut game = Camicia {
            config,
            deck,
            hands,
            pile,
            to_move: setup.to_move,
            debt: setup.debt,
            cards,
            tricks,
            winner: setup.winner,
            repeat: None,
            drawn: false,
        };
        // A drawn game stands on its repeated state: from there it loops,
        // and the loop names the cycle.
        game.arm_repeat();
        if let Some(at) = setup.repeat_at {
            game.repeat = Some(check_repeat_at(&game, at)?);
        }
        game.drawn = setup.drawn;
        Ok(game)
    }
}

/// The loop result of a game whose first repeat lies at `at` cards: `at`
/// must be a trick boundary of the game's future, no later than the first
/// repeat counted from the game (which must exist).
fn check_repeat_at(game: &Camicia, at: u64) -> Result<PlayResult, SetupError> {
    let Some(PlayResult::Loop { cycle_cards, cycle_tricks, cards: ahead_cards, .. }) = game.repeat else {
        return Err(SetupError::NoLoopAhead);
    };
    if at < game.cards || at > ahead_cards || at < cycle_cards {
        return Err(SetupError::RepeatOutOfReach { at, from: game.cards, to: ahead_cards });
    }
    let mut g = game.clone();
    g.repeat = None;
    while g.cards < at {
        if g.turn().is_err() {
            break;
        }
    }
    if g.cards != at || !g.pile.is_empty() || g.tricks < cycle_tricks {
        return Err(SetupError::RepeatOffBoundary { at });
    }
    Ok(PlayResult::Loop {
        cards: at,
        tricks: g.tricks,
        cycle_cards,
        cycle_tricks,
        lead_in_cards: at - cycle_cards,
        lead_in_tricks: g.tricks - cycle_tricks,
    })
}
