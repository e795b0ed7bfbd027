//! Why a move or a setup was refused.

use crate::card::ZamaCard;
use crate::config::ConfigError;
use crate::moves::Move;
use crate::phase::Phase;
use crate::player::Player;
use crate::square::Square;

/// A move refused by [`Zama::apply`](crate::Zama): the state is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// A cell of the move is past this game's board (`a9` in a two-player
    /// game).
    #[error("illegal move {mv}: {cell} is not on the board of this game")]
    OffBoard {
        /// The move.
        mv: Move,
        /// The cell.
        cell: Square,
    },
    /// The game is over.
    #[error("illegal move {mv}: the game is over")]
    GameOver {
        /// The move.
        mv: Move,
    },
    /// The move is of a kind the current phase does not allow.
    #[error("illegal move {mv}: not allowed in the {} phase", phase.name())]
    WrongPhase {
        /// The move.
        mv: Move,
        /// The current phase.
        phase: Phase,
    },
    /// The cell holds no card.
    #[error("illegal move {mv}: {cell} is empty")]
    EmptyCell {
        /// The move.
        mv: Move,
        /// The empty cell.
        cell: Square,
    },
    /// An attack from a cell that does not hold the mover's card.
    #[error("illegal move {mv}: the card on {cell} is not {color}'s")]
    NotOwnCard {
        /// The move.
        mv: Move,
        /// The cell.
        cell: Square,
        /// The player to move.
        color: Player,
    },
    /// An attack on the mover's own card.
    #[error("illegal move {mv}: the card on {cell} is the mover's own, not an enemy card")]
    NotEnemyCard {
        /// The move.
        mv: Move,
        /// The cell.
        cell: Square,
    },
    /// The two cells do not share a side.
    #[error("illegal move {mv}: {to} is not adjacent to {from}")]
    NotAdjacent {
        /// The move.
        mv: Move,
        /// The first cell.
        from: Square,
        /// The second cell.
        to: Square,
    },
    /// A shift into an occupied cell.
    #[error("illegal move {mv}: {cell} is not empty")]
    Occupied {
        /// The move.
        mv: Move,
        /// The occupied cell.
        cell: Square,
    },
    /// A second shift of the same card in one sequence.
    #[error("illegal move {mv}: the card on {cell} was already shifted")]
    AlreadyShifted {
        /// The move.
        mv: Move,
        /// The card's cell.
        cell: Square,
    },
    /// A peek at a face-up K♠.
    #[error("illegal move {mv}: the card on {cell} is face up")]
    FaceUp {
        /// The move.
        mv: Move,
        /// The card's cell.
        cell: Square,
    },
    /// A second peek at the same card.
    #[error("illegal move {mv}: the card on {cell} was already peeked")]
    AlreadyPeeked {
        /// The move.
        mv: Move,
        /// The card's cell.
        cell: Square,
    },
    /// A pass while an attack exists.
    #[error("illegal move {mv}: {color} has an attack and may not pass")]
    MayNotPass {
        /// The move.
        mv: Move,
        /// The player to move.
        color: Player,
    },
}

/// A [`Setup`](crate::Setup) that is no legal Zama state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The board does not have the cells of the configured game (104 for
    /// two players, 208 for four).
    #[error("bad setup: {cells} cells, but a {players}-player board has {expected}")]
    BoardSize {
        /// The cells given.
        cells: usize,
        /// The configured number of players.
        players: usize,
        /// The cells of that board.
        expected: usize,
    },
    /// A card of a seat the game does not have (a Green card in a
    /// two-player game).
    #[error("bad setup: {card} belongs to a seat this game does not have")]
    NotInGame {
        /// The card.
        card: ZamaCard,
    },
    /// The seat to move, or a seat said to know a card, is not in the game
    /// (not seated, or eliminated: none of its cards is on the board).
    #[error("bad setup: {color} is not in the game")]
    Eliminated {
        /// The seat.
        color: Player,
    },
    /// A running game with fewer than two seats in it.
    #[error("bad setup: the game runs with {seats} seat(s) left")]
    TooFewSeats {
        /// The seats with cards on the board.
        seats: usize,
    },
    /// A seat in the current run of passes has an attack: it could not have
    /// passed (passes change nothing on the board).
    #[error("bad setup: {color} passed, but it has an attack")]
    PassWithAttack {
        /// The seat.
        color: Player,
    },
    /// A finished game whose ending the board contradicts.
    #[error("bad setup: {reason}")]
    Ending {
        /// What is wrong.
        reason: &'static str,
    },
    /// The configuration is refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A card lies on two cells.
    #[error("bad setup: {card} is on two cells")]
    DuplicateCard {
        /// The card.
        card: ZamaCard,
    },
    /// A K♠ or K♥ is missing: those never leave the board.
    #[error("bad setup: {card} is not on the board, but it can never leave it")]
    MissingKing {
        /// The card.
        card: ZamaCard,
    },
    /// A seat is said to know an empty cell (or a cell past the board).
    #[error("bad setup: {color} knows the card on {cell}, which is empty")]
    KnownEmpty {
        /// The seat.
        color: Player,
        /// The cell.
        cell: Square,
    },
    /// A face-up cell that does not hold a K♠ known to both seats.
    #[error("bad setup: {cell} is face up but holds no K♠ known to both players")]
    BadFaceUp {
        /// The cell.
        cell: Square,
    },
    /// A pass count that cannot occur: as many passes as seats in a running
    /// game, or a pending pass outside the attack phase.
    #[error("bad setup: {passes} passes in a row do not fit the phase")]
    Passes {
        /// The pass count.
        passes: u8,
    },
    /// The no-removal count reached the limit in a running game.
    #[error("bad setup: {plies} plies without a removal reach the limit {limit}, the game should be over")]
    QuietPlies {
        /// The count.
        plies: u32,
        /// The configured limit.
        limit: u32,
    },
    /// The phase does not fit the board.
    #[error("bad setup: {reason}")]
    Phase {
        /// What is wrong.
        reason: &'static str,
    },
    /// The board notation could not be read.
    #[error("bad board at cell {index}: {reason}")]
    Board {
        /// The cell index (0 = `a1`).
        index: usize,
        /// What is wrong.
        reason: String,
    },
}
