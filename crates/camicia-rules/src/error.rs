//! Errors: bad deals, illegal moves, bad move notation.

use core::fmt;

use crate::deck::Deck;
use crate::moves::CamiciaMove;
use crate::preset::Preset;
use carte_core::Player;

/// A deal that cannot be played, or text that is no deal.
///
/// Positions count characters of the notation from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DealError {
    /// A character that is no card of the preset.
    #[error("bad deal at position {position}: {found:?} is not a card of {preset}")]
    BadCard {
        /// Where it stands, from 1.
        position: usize,
        /// The character.
        found: char,
        /// The preset whose alphabet was used.
        preset: Preset,
    },
    /// No `/` between the two hands.
    #[error("bad deal: no '/' between the two hands")]
    NoSlash,
    /// A second `/`: a deal has two hands.
    #[error("bad deal at position {position}: a second '/' (a deal has two hands)")]
    ExtraSlash {
        /// Where it stands, from 1.
        position: usize,
    },
    /// A hand without cards.
    #[error("bad deal at position {position}: hand {player} is empty")]
    EmptyHand {
        /// Whose hand.
        player: Player,
        /// Where the hand should start, from 1 (0 for a deal built in code).
        position: usize,
    },
    /// A kind above the preset's highest demand (a deal built in code).
    #[error("bad deal: card {index} of hand {player} has kind {kind}, above the highest demand of {preset}")]
    BadKind {
        /// Whose hand.
        player: Player,
        /// Index in the hand, from 0 (the top card).
        index: usize,
        /// The kind found.
        kind: u8,
        /// The preset.
        preset: Preset,
    },
    /// A full deal was asked for and the hands do not hold the preset's deck.
    #[error("bad deal: not a full {preset} deck: found {}, expected {}", Counts(*found, *preset), Counts(preset.deck_counts().map(usize::from), *preset))]
    NotFullDeck {
        /// The preset.
        preset: Preset,
        /// Cards of each kind found, indexed by kind.
        found: [usize; 5],
    },
    /// A deal written in another preset than the configuration's.
    #[error("bad deal: a {deal} deal for a {config} game")]
    OtherPreset {
        /// The deal's preset.
        deal: Preset,
        /// The configuration's preset.
        config: Preset,
    },
    /// A deal of a deck was asked for and the hands are not its cards in
    /// two equal halves.
    #[error("bad deal: not a deal of the deck {deck}: found {} in hands of {} and {} cards, expected {} in two equal halves", Counts(*found, deck.preset()), hands.0, hands.1, Counts(deck.counts().map(usize::from), deck.preset()))]
    NotADealOfTheDeck {
        /// The deck.
        deck: Deck,
        /// Cards of each kind found, indexed by kind.
        found: [usize; 5],
        /// Cards in A's and B's hands.
        hands: (usize, usize),
    },
}

/// Displays kind counts as `40 cards (28 -, 4 1, 4 2, 4 3)`.
struct Counts([usize; 5], Preset);

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counts(counts, preset) = *self;
        let total: usize = counts.iter().sum();
        write!(f, "{total} cards (")?;
        for kind in 0..=preset.max_demand() {
            if kind > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", counts[usize::from(kind)], preset.symbol(kind).unwrap_or('?'))?;
        }
        f.write_str(")")
    }
}

/// A move refused by [`Camicia::apply`](carte_core::Game::apply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CamiciaError {
    /// The game is over: nobody turns a card.
    #[error("illegal move {0}: the game is over")]
    GameOver(CamiciaMove),
    /// The card counter is at its maximum (no game reaches it).
    #[error("the card counter is at its maximum")]
    CountOverflow,
}

/// Text that is no Camicia move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a camicia move (expected `turn`)")]
pub struct ParseMoveError(pub String);

/// A serialized game state that breaks a rule of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid camicia state: {0}")]
pub struct StateError(pub String);
