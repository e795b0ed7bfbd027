//! Errors: bad deals, illegal moves, bad move notation.

use core::fmt;

use crate::deck::Deck;
use crate::moves::Move;
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
pub enum IllegalMove {
    /// The game is over: nobody turns a card.
    #[error("illegal move {0}: the game is over")]
    GameOver(Move),
    /// The card counter is at its maximum (no game reaches it).
    #[error("the card counter is at its maximum")]
    CountOverflow,
}

/// Text that is no Camicia move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: expected `turn`")]
pub struct ParseMoveError(pub String);

/// A loaded game state ([`Camicia::from_setup`](crate::Camicia::from_setup)
/// or deserialization) that no game could reach, one variant per reason;
/// the message names the first problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A card of a kind the preset does not have.
    #[error("invalid camicia state: {row}: card {position} has kind {kind}, not a card of {preset}")]
    BadKind {
        /// `"hand A"`, `"hand B"` or `"pile"`.
        row: &'static str,
        /// Where the card lies, from 1 (the top card).
        position: usize,
        /// The kind found.
        kind: u8,
        /// The preset.
        preset: Preset,
    },
    /// A character that is no card of the preset (in serialized rows).
    #[error("invalid camicia state: {row}: {found:?} at position {position} is not a card of {preset}")]
    BadCard {
        /// `"hand A"`, `"hand B"` or `"pile"`.
        row: &'static str,
        /// Where the character stands, from 1.
        position: usize,
        /// The character.
        found: char,
        /// The preset.
        preset: Preset,
    },
    /// A seeded deck written in another preset.
    #[error("invalid camicia state: the seeded deck {deck} is not a deck of {preset}")]
    OtherPresetDeck {
        /// The seeded deck.
        deck: Deck,
        /// The configuration's preset.
        preset: Preset,
    },
    /// Fewer than two cards in all.
    #[error("invalid camicia state: {total} cards: a game holds at least 2")]
    TooFewCards {
        /// The cards found.
        total: usize,
    },
    /// A payment completed on the pile, yet the pile not collected.
    #[error("invalid camicia state: the pile holds a completed payment that nobody collected")]
    UncollectedPayment,
    /// A card count past [`MAX_LOADED_COUNT`](crate::MAX_LOADED_COUNT).
    #[error("invalid camicia state: {cards} cards turned: a loaded state holds at most {max}")]
    CountTooLarge {
        /// The cards turned.
        cards: u64,
        /// The most a loaded state holds.
        max: u64,
    },
    /// Counts that do not fit the pile (fewer cards turned than it holds,
    /// or other cards than those before the first trick).
    #[error("invalid camicia state: {cards} cards and {tricks} tricks do not fit a pile of {on_pile}")]
    CountsAndPile {
        /// The cards turned.
        cards: u64,
        /// The tricks.
        tricks: u64,
        /// The cards on the pile.
        on_pile: u64,
    },
    /// More tricks than the collected cards can make.
    #[error("invalid camicia state: {tricks} tricks cannot be made of {collected} cards")]
    TooManyTricks {
        /// The tricks.
        tricks: u64,
        /// The cards turned and collected.
        collected: u64,
    },
    /// A winner without every card (or a won game with a pile, a debt,
    /// no trick or a draw).
    #[error("invalid camicia state: {winner} won but does not hold every card")]
    WinnerWithoutEveryCard {
        /// The winner named.
        winner: Player,
    },
    /// A debt other than the pile's.
    #[error("invalid camicia state: debt {debt} but the pile says {expected}")]
    WrongDebt {
        /// The debt given.
        debt: u8,
        /// The pile's.
        expected: u8,
    },
    /// The player to move holds no card.
    #[error("invalid camicia state: {player} is to move without a card")]
    MoverWithoutCard {
        /// The player to move.
        player: Player,
    },
    /// A running game that its end rule has ended.
    #[error("invalid camicia state: {player} has no card: the game is over")]
    AlreadyOver {
        /// The player without a card.
        player: Player,
    },
    /// Before the first trick, another player to move than the pile says.
    #[error("invalid camicia state: before the first trick the pile says {expected} is to move, not {found}")]
    WrongPlayerToMove {
        /// Who the pile says moves.
        expected: Player,
        /// Who the state says.
        found: Player,
    },
    /// A draw without [`Config::draw_on_repeat`](crate::Config::draw_on_repeat)
    /// or away from a trick boundary.
    #[error("invalid camicia state: a draw at a repeat needs the option and a trick boundary")]
    DrawWithoutRepeat,
    /// A repeat ahead without the option, or in a won game.
    #[error("invalid camicia state: a repeat ahead needs the option and a game not won")]
    RepeatWithoutOption,
    /// A drawn game whose repeat is not where it stands.
    #[error("invalid camicia state: a game drawn at a repeat has its repeat where it stands")]
    DrawAwayFromRepeat,
    /// A repeat ahead in a game that does not loop from its state.
    #[error("invalid camicia state: a repeat ahead, but the game does not loop from here")]
    NoLoopAhead,
    /// A repeat ahead outside the game's future up to its first repeat.
    #[error("invalid camicia state: a repeat at {at} cards lies outside {from}..={to}")]
    RepeatOutOfReach {
        /// The repeat's card count.
        at: u64,
        /// The game's card count.
        from: u64,
        /// The card count of the first repeat counted from the state.
        to: u64,
    },
    /// A repeat ahead that is no trick boundary of the game.
    #[error("invalid camicia state: a repeat at {at} cards is no trick boundary of this game")]
    RepeatOffBoundary {
        /// The repeat's card count.
        at: u64,
    },
    /// Serialized cards held that are not the game's cards.
    #[error("invalid camicia state: the cards held {saved:?} are not the game's cards {found:?}")]
    OtherCardsHeld {
        /// The game's cards of each kind.
        found: [usize; 5],
        /// The cards the state says it holds.
        saved: [usize; 5],
    },
}
