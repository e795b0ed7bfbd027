//! How a play-out ends: a winner, or an endless loop.

use core::fmt;

use carte_core::{Outcome, Player};

/// The result of playing a deal to its end.
///
/// *Cards* count cards turned onto the pile; *tricks* count collections of
/// the pile, the final one included. An endless deal is reported at the
/// first repeat of a trick-boundary state (both hands in order and the
/// player to move, at the start and after every trick): its counts are
/// those at the repeat, the lead-in those at the first occurrence, and the
/// cycle the difference.
///
/// With the `serde` feature it serializes with a `status` tag:
/// `{"status":"finished","winner":"A","cards":12,"tricks":3}` or
/// `{"status":"loop","cards":..,"tricks":..,"cycle_cards":..,..}`.
///
/// ```
/// use camicia_rules::{Player, PlayResult};
///
/// let r = PlayResult::Finished { winner: Player::B, cards: 3, tricks: 1 };
/// assert_eq!(r.to_string(), "B wins after 3 cards and 1 trick");
/// assert_eq!(r.winner(), Some(Player::B));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "status", rename_all = "lowercase"))]
pub enum PlayResult {
    /// One player holds every card.
    Finished {
        /// Who holds every card.
        winner: Player,
        /// Cards turned in the whole game.
        cards: u64,
        /// Collections in the whole game, the final one included.
        tricks: u64,
    },
    /// The deal never ends: a trick-boundary state repeated.
    Loop {
        /// Cards turned up to the first repeat.
        cards: u64,
        /// Tricks up to the first repeat.
        tricks: u64,
        /// Cards turned between the two occurrences of the repeated state.
        cycle_cards: u64,
        /// Tricks between the two occurrences.
        cycle_tricks: u64,
        /// Cards turned before the first occurrence.
        lead_in_cards: u64,
        /// Tricks before the first occurrence.
        lead_in_tricks: u64,
    },
}

impl PlayResult {
    /// The winner; `None` for an endless deal.
    pub const fn winner(&self) -> Option<Player> {
        match *self {
            PlayResult::Finished { winner, .. } => Some(winner),
            PlayResult::Loop { .. } => None,
        }
    }

    /// Cards turned (up to the first repeat for an endless deal).
    pub const fn cards(&self) -> u64 {
        match *self {
            PlayResult::Finished { cards, .. } | PlayResult::Loop { cards, .. } => cards,
        }
    }

    /// Tricks (up to the first repeat for an endless deal).
    pub const fn tricks(&self) -> u64 {
        match *self {
            PlayResult::Finished { tricks, .. } | PlayResult::Loop { tricks, .. } => tricks,
        }
    }

    /// `true` for an endless deal.
    pub const fn is_loop(&self) -> bool {
        matches!(self, PlayResult::Loop { .. })
    }
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 { format!("{n} {word}") } else { format!("{n} {word}s") }
}

impl fmt::Display for PlayResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayResult::Finished { winner, cards, tricks } => {
                write!(f, "{winner} wins after {} and {}", plural(cards, "card"), plural(tricks, "trick"))
            }
            PlayResult::Loop { cards, tricks, cycle_cards, cycle_tricks, lead_in_cards, lead_in_tricks } => write!(
                f,
                "endless: first repeat after {} and {} (lead-in {} and {}, cycle {} and {})",
                plural(cards, "card"),
                plural(tricks, "trick"),
                plural(lead_in_cards, "card"),
                plural(lead_in_tricks, "trick"),
                plural(cycle_cards, "card"),
                plural(cycle_tricks, "trick"),
            ),
        }
    }
}

/// An [`Outcome`] of a [`Camicia`](crate::Camicia) game with the players'
/// names: `A wins`, `B wins`, or `draw` (a game ended at its first repeated
/// state, [`Config::draw_on_repeat`](crate::Config::draw_on_repeat)); any
/// other outcome as carte-core writes it.
///
/// ```
/// use camicia_rules::{Outcome, Seat, describe_outcome};
///
/// assert_eq!(describe_outcome(&Outcome::win(2, Seat::new(0))), "A wins");
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
