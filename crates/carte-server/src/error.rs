//! What the server refuses, each with a short message for the client.

use thiserror::Error;

/// A move the table refused; the table is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat (or chance) is to act.
    #[error("not your turn")]
    NotYourTurn,
    /// The text is no move of this game.
    #[error("{text:?} is not a move: {reason}")]
    Notation {
        /// What the client sent.
        text: String,
        /// Why it does not read.
        reason: String,
    },
    /// A move of the game, but not legal now.
    #[error("illegal move {text}")]
    Illegal {
        /// What the client sent.
        text: String,
    },
    /// The game refused it.
    #[error("illegal move {text}: {reason}")]
    Refused {
        /// What the client sent.
        text: String,
        /// The game's reason.
        reason: String,
    },
}

impl MoveError {
    /// The error's code in the protocol.
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::GameOver => "game_over",
            MoveError::NotYourTurn => "not_your_turn",
            MoveError::Notation { .. } => "notation",
            MoveError::Illegal { .. } | MoveError::Refused { .. } => "illegal",
        }
    }
}

/// A table that could not be made or restored.
#[derive(Debug, Error)]
pub enum CreateError {
    /// The registry refused the spec.
    #[error("{0}")]
    Spec(String),
    /// The seats do not fit the game.
    #[error("{0}")]
    Seats(String),
    /// A state the game refused (a corrupted store).
    #[error("bad state: {0}")]
    State(String),
    /// A limit of the server.
    #[error("{0}")]
    Limit(String),
    /// The store failed.
    #[error("store: {0}")]
    Store(String),
}
