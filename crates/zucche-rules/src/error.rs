//! Errors: illegal moves and impossible setups.

use crate::color::Color;
use crate::config::ConfigError;
use crate::moves::{Move, Pips};
use crate::player::{BoardId, Player};
use crate::square::Square;

/// Why a move was refused. The state is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// Nobody moves any more.
    #[error("illegal move {mv}: the game is over")]
    GameOver {
        /// The move.
        mv: Move,
    },
    /// A decision while the die is to be rolled.
    #[error("illegal move {mv}: the die of board {board} must be rolled first")]
    RollFirst {
        /// The move.
        mv: Move,
        /// The board playing now.
        board: BoardId,
    },
    /// A die roll while a player is to decide.
    #[error("illegal move {mv}: {player} is to play, not the die")]
    NotChance {
        /// The move.
        mv: Move,
        /// The player to decide.
        player: Player,
    },
    /// A placement or step on a board that is not playing now.
    #[error("illegal move {mv}: board {current} is playing, not board {board}")]
    WrongBoard {
        /// The move.
        mv: Move,
        /// The board the move names.
        board: BoardId,
        /// The board playing now.
        current: BoardId,
    },
    /// A step or pass before the placements from hand are done.
    #[error("illegal move {mv}: {player} must first place {count} checker(s) from hand")]
    PlacementOwed {
        /// The move.
        mv: Move,
        /// The player to move.
        player: Player,
        /// Checkers in their hand.
        count: u32,
    },
    /// A placement when no placement is owed now (empty hand, full home
    /// rank, or the die already rolled).
    #[error("illegal move {mv}: {player} has no checker to place now")]
    NothingToPlace {
        /// The move.
        mv: Move,
        /// The player to move.
        player: Player,
    },
    /// A placement off the player's home rank.
    #[error("illegal move {mv}: {to} is not on {player}'s home rank {rank}")]
    OffHomeRank {
        /// The move.
        mv: Move,
        /// The player to move.
        player: Player,
        /// The square named.
        to: Square,
        /// The home rank, 1 or 8.
        rank: u8,
    },
    /// A placement on an occupied square.
    #[error("illegal move {mv}: {to} is occupied")]
    Occupied {
        /// The move.
        mv: Move,
        /// The square named.
        to: Square,
    },
    /// A step from an empty square.
    #[error("illegal move {mv}: no checker on {from}")]
    EmptySquare {
        /// The move.
        mv: Move,
        /// The empty square.
        from: Square,
    },
    /// A step of the opponent's checker.
    #[error("illegal move {mv}: the checker on {from} is {owner}'s, not {player}'s")]
    WrongPlayer {
        /// The move.
        mv: Move,
        /// The square of the checker.
        from: Square,
        /// Whose checker it is.
        owner: Player,
        /// The player to move.
        player: Player,
    },
    /// A step that is not along one file or one rank (a diagonal or a bent
    /// path).
    #[error("illegal move {mv}: {to} is not on a file or rank of {from}")]
    NotStraight {
        /// The move.
        mv: Move,
        /// Where it starts.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A step of another length than the roll.
    #[error("illegal move {mv}: it goes {distance} square(s), the die shows {roll}")]
    WrongDistance {
        /// The move.
        mv: Move,
        /// Squares travelled.
        distance: u8,
        /// The roll.
        roll: Pips,
    },
    /// A step that ends on a checker of the mover's own color.
    #[error("illegal move {mv}: {to} holds a friendly checker")]
    OntoFriend {
        /// The move.
        mv: Move,
        /// The occupied square.
        to: Square,
    },
    /// A pass while some checker can go the rolled distance.
    #[error("illegal move {mv}: a checker can move {roll}, so the turn does not pass")]
    PassNotForced {
        /// The move.
        mv: Move,
        /// The roll.
        roll: Pips,
    },
}

/// Why a [`Setup`](crate::Setup) is not a state of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The configuration is refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Not one board per facing pair.
    #[error("bad setup: {found} boards for {players} players (expected {expected})")]
    BoardCount {
        /// Players configured.
        players: usize,
        /// Boards expected.
        expected: usize,
        /// Boards given.
        found: usize,
    },
    /// A board number out of range.
    #[error("bad setup: there is no board {number}")]
    NoSuchBoard {
        /// The number given (from 1).
        number: usize,
    },
    /// One square holding both colors.
    #[error("bad setup: board {board} has two checkers on {square}")]
    Overlap {
        /// The board.
        board: BoardId,
        /// The square.
        square: Square,
    },
    /// Checkers of a color created or lost.
    #[error("bad setup: {found} {color} checkers on boards and in hands, expected {expected}")]
    Conservation {
        /// The color.
        color: Color,
        /// 8 per board.
        expected: u32,
        /// Counted (`u32::MAX` for any count beyond it).
        found: u32,
    },
    /// A board where neither player has a checker, which play never reaches.
    #[error("bad setup: on board {board} neither player has a checker")]
    BothEmpty {
        /// The board.
        board: BoardId,
    },
    /// A frozen board whose waiting player is not the one to move (only a
    /// capture empties a player, and it hands the die to them).
    #[error("bad setup: board {board} is frozen but {waiting}, who waits, is not to move")]
    FrozenNotWaiting {
        /// The board.
        board: BoardId,
        /// The player without checkers.
        waiting: Player,
    },
    /// More rounds played than the limit.
    #[error("bad setup: round {round} is beyond the limit of {rounds}")]
    RoundBeyondLimit {
        /// Rounds played.
        round: u32,
        /// The limit.
        rounds: u32,
    },
    /// A board playing after the game ended, or no board playing before.
    #[error("bad setup: {0}")]
    Cursor(&'static str),
    /// The board named to play is frozen.
    #[error("bad setup: board {board} is frozen and cannot be playing")]
    CurrentFrozen {
        /// The board.
        board: BoardId,
    },
    /// A state of the first round (no round complete) that one turn per
    /// board cannot give.
    #[error("bad setup: board {board} in the first round: {reason}")]
    FirstRound {
        /// The board.
        board: BoardId,
        /// What the first round cannot give.
        reason: &'static str,
    },
    /// A roll before the placements it must follow.
    #[error("bad setup: the die is rolled while {player} still owes placements")]
    RollBeforePlacement {
        /// The player to move.
        player: Player,
    },
}

/// Text that is no board position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad board {text:?}: {reason}")]
pub struct ParseSetupError {
    pub(crate) text: String,
    pub(crate) reason: &'static str,
}
