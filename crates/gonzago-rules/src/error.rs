//! Why a move, a setup or a configuration was refused.

use core::fmt;

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::moves::{Move, Named};
use carte_core::Player;

/// A configuration that no game is built from.
///
/// No configuration is refused today (every deck and mode plays); the type
/// exists so that a [`Config`](crate::Config) that grows can
/// refuse values without changing the signature of
/// [`Seeded::from_seed`](carte_core::Seeded::from_seed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {}

/// A move refused by a hand or a match; the state is left as it was.
///
/// Its message names the move in its notation and the cards in the
/// notation of the game's deck: `illegal move play 4c: 4 is not adjacent to
/// 6 (play 5 or 7)`, `illegal move play 4♣: 4♣ is not in your hand`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
    /// The deck of the game, for naming cards.
    pub deck: Deck,
    /// Why it was refused.
    pub kind: IllegalKind,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = Reason { deck: self.deck, kind: self.kind };
        write!(f, "illegal move {}: {reason}", self.mv)
    }
}

impl std::error::Error for IllegalMove {}

/// Why a move is illegal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalKind {
    /// The hand (or the match) is over.
    Over,
    /// A played card is not in the mover's hand.
    NotHeld {
        /// The first such card.
        card: Card,
    },
    /// A play whose cards are named on the other deck (e.g. `play 5s`,
    /// the Italian 5 of spade, in a game on the French deck, where it would
    /// be the 5♥): the game does not guess which card was meant.
    OtherDeck,
    /// A play mixes values.
    MixedValues,
    /// The played value is not adjacent to the value on top of the table.
    NotAdjacent {
        /// The value played.
        value: Value,
        /// The value on top of the table.
        top: Value,
    },
    /// A draw or a pass instead of the lead, which is always a play.
    MustLead,
    /// A draw from an empty stock.
    StockEmpty,
    /// A pass while the stock still has cards (draw or play instead).
    StockNotEmpty,
    /// A pass while holding a playable card.
    CanPlay {
        /// The first playable card held.
        card: Card,
    },
}

struct Reason {
    deck: Deck,
    kind: IllegalKind,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.deck;
        match self.kind {
            IllegalKind::Over => f.write_str("the game is over"),
            IllegalKind::NotHeld { card } => {
                write!(f, "{} is not in your hand", Named { deck: d, cards: CardSet::single(card) })
            }
            IllegalKind::OtherDeck => match d {
                Deck::Italian => f.write_str("this game is played with the Italian deck (cards like 4c, Rb)"),
                Deck::French => f.write_str("this game is played with the French deck (cards like 4♣ or 4c, K♠ or Ks)"),
            },
            IllegalKind::MixedValues => f.write_str("the cards of one play must share one value"),
            IllegalKind::NotAdjacent { value, top } => write!(
                f,
                "{} is not adjacent to {} (play {} or {})",
                d.value_letter(value),
                d.value_letter(top),
                d.value_letter(top.neighbours()[0]),
                d.value_letter(top.neighbours()[1]),
            ),
            IllegalKind::MustLead => f.write_str("the hand opens with a play of any value"),
            IllegalKind::StockEmpty => f.write_str("the stock is empty"),
            IllegalKind::StockNotEmpty => f.write_str("you may pass only once the stock is empty"),
            IllegalKind::CanPlay { card } => {
                write!(
                    f,
                    "with an empty stock you must play, and {} is playable",
                    Named { deck: d, cards: CardSet::single(card) }
                )
            }
        }
    }
}

/// A hand description ([`HandSetup`](crate::HandSetup)) that is no reachable
/// hand, or a match description ([`Setup`](crate::Setup)) that is no
/// reachable match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A card is in two places (two hands, a hand and the stock, played
    /// twice…).
    #[error("bad setup: {0} is in two places")]
    Repeated(Card),
    /// A card is nowhere.
    #[error("bad setup: {0} is missing")]
    Missing(Card),
    /// A player holds a number of cards that the history does not give.
    #[error("bad setup: player {player} holds {held} cards but was dealt 4, drew {drew} and played {played}")]
    HandSize {
        /// The player.
        player: Player,
        /// Cards held.
        held: usize,
        /// Cards drawn in the history.
        drew: usize,
        /// Cards played in the history.
        played: usize,
    },
    /// The history is longer than any hand can be.
    #[error("bad setup: a history of {0} moves is longer than any hand")]
    TooLong(usize),
    /// A move of the history is illegal where it stands.
    #[error("bad setup: history move {ply}: {source}")]
    History {
        /// Index of the move in the history.
        ply: usize,
        /// Why it is illegal.
        #[source]
        source: IllegalMove,
    },
    /// The scores, the hand count or the current hand of a match disagree.
    #[error("bad match: {0}")]
    Match(&'static str),
}
