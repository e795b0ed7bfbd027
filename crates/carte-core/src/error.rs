//! Errors of the core vocabulary.

/// A card that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardError {
    /// Nothing was given.
    #[error("bad card: empty input")]
    Empty,
    /// The last character is no suit.
    #[error("bad card {input:?}: {suit:?} is not a suit")]
    BadSuit {
        /// The whole input.
        input: String,
        /// The character read as a suit.
        suit: char,
    },
    /// What precedes the suit is no rank.
    #[error("bad card {input:?}: {rank:?} is not a rank")]
    BadRank {
        /// The whole input.
        input: String,
        /// The text read as a rank.
        rank: String,
    },
}

/// A seat number that does not exist in this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no seat {seat} in a game of {seats} seats")]
pub struct SeatError {
    /// The seat asked for.
    pub seat: usize,
    /// How many seats the game has.
    pub seats: usize,
}
