//! The phases of a turn and how a game ends.

use core::fmt;

use crate::player::Player;
use crate::square::{CellSet, Square};

/// Where the game stands: the decision open to the player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// The player to move must attack, or pass if no attack exists.
    #[cfg_attr(feature = "serde", serde(alias = "Attack"))]
    Attack,
    /// After a won attack or clash: the player to move may shift cards.
    #[cfg_attr(feature = "serde", serde(alias = "Shift"))]
    Shift {
        /// The cells of the cards already shifted in this sequence (each
        /// may not move again); one per shift made.
        shifted: CellSet,
    },
    /// After a tie: the player to move may peek at face-down cards.
    #[cfg_attr(feature = "serde", serde(alias = "Peek"))]
    Peek {
        /// The cell of the card peeked first, once a peek was made.
        peeked: Option<Square>,
    },
    /// The game is over.
    #[cfg_attr(feature = "serde", serde(alias = "Over"))]
    Over(Ending),
}

impl Phase {
    /// A short name: `attack`, `shifts`, `peeks` or `over`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Attack => "attack",
            Phase::Shift { .. } => "shifts",
            Phase::Peek { .. } => "peeks",
            Phase::Over(_) => "over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Attack => f.write_str("attack"),
            Phase::Shift { shifted } => write!(f, "shifts ({} of 3 made)", shifted.len()),
            Phase::Peek { peeked: None } => f.write_str("peeks (0 of 2 made)"),
            Phase::Peek { peeked: Some(_) } => f.write_str("peeks (1 of 2 made)"),
            Phase::Over(e) => write!(f, "over: {e}"),
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Ending {
    /// This colour's K♠ attacked the K♥ of the last other seat in the game.
    #[cfg_attr(feature = "serde", serde(alias = "Win"))]
    Win(Player),
    /// Nobody won.
    #[cfg_attr(feature = "serde", serde(alias = "Draw"))]
    Draw(DrawReason),
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Win(c) => write!(f, "{c} wins"),
            Ending::Draw(r) => write!(f, "draw ({r})"),
        }
    }
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawReason {
    /// Two forced passes in a row (the two-player game).
    #[cfg_attr(feature = "serde", serde(alias = "TwoPasses"))]
    TwoPasses,
    /// Every seat still in the game passed, one after another (the
    /// four-player game, with four, three or two seats left).
    #[cfg_attr(feature = "serde", serde(alias = "AllPassed"))]
    AllPassed,
    /// The configured number of consecutive plies without a removal.
    #[cfg_attr(feature = "serde", serde(alias = "NoRemoval"))]
    NoRemoval,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::TwoPasses => "two passes in a row",
            DrawReason::AllPassed => "every seat passed in a row",
            DrawReason::NoRemoval => "no card removed for too long",
        })
    }
}
