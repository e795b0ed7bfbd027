//! Errors of the registry and of game handles.

use carte_core::ViewError;

/// A game description that names no playable game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The text is not `name` or `name(key=value,...)`.
    #[error("bad game description {spec:?}: {reason}")]
    Syntax {
        /// The text given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No game has this name.
    #[error("unknown game {name:?} (known: {known})")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// The game has no such parameter.
    #[error("{game} has no parameter {param:?} (its parameters: {known})")]
    UnknownParameter {
        /// The game.
        game: String,
        /// The parameter given.
        param: String,
        /// The game's parameters, comma-separated.
        known: String,
    },
    /// A parameter given twice.
    #[error("{game}: parameter {param:?} is given twice")]
    Repeated {
        /// The game.
        game: String,
        /// The parameter.
        param: String,
    },
    /// A value the parameter does not take.
    #[error("{game}: bad value {value:?} for {param}: expected {expected}")]
    BadValue {
        /// The game.
        game: String,
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
        /// What the parameter takes.
        expected: String,
    },
    /// Parameters that are each fine but not together, or that the game's
    /// own configuration check refuses.
    #[error("{game}: {reason}")]
    Config {
        /// The game.
        game: String,
        /// The game's reason.
        reason: String,
    },
}

/// Something a game handle refused; the handle is unchanged.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum HandleError {
    /// No move has this index here.
    #[error("action {action} is not a move here (the range is 0..{range})")]
    NoSuchAction {
        /// The index given.
        action: usize,
        /// The range of the node.
        range: usize,
    },
    /// The move of the index is not legal here.
    #[error("illegal action {action} ({notation}): {reason}")]
    Illegal {
        /// The index given.
        action: usize,
        /// The move's notation.
        notation: String,
        /// The game's reason.
        reason: String,
    },
    /// Text that is no move of the game.
    #[error("bad move {text:?}: {reason}")]
    Notation {
        /// The text given.
        text: String,
        /// Why it is no move.
        reason: String,
    },
    /// A seat the game does not have, or a wrong buffer.
    #[error(transparent)]
    View(#[from] ViewError),
    /// A mask shorter than the node's range.
    #[error(transparent)]
    Action(#[from] carte_core::ActionError),
    /// The configuration has no information-state tensor (see
    /// [`GameHandle::information_state_tensor`](crate::GameHandle::information_state_tensor)).
    #[error("{game} has no information-state tensor (its information states are strings)")]
    NoInformationStateTensor {
        /// The game.
        game: String,
    },
    /// A serialized state that is no state of this game.
    #[error("bad {game} state: {reason}")]
    State {
        /// The game.
        game: String,
        /// Why the state was refused.
        reason: String,
    },
}
