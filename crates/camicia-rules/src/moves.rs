//! The one move of the game.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseMoveError;

/// A Camicia move. Nobody decides anything: the player to act turns the top
/// card of their hand, the only legal move. Notation: `turn`.
///
/// ```
/// use camicia_rules::Move;
///
/// assert_eq!("turn".parse::<Move>()?, Move::Turn);
/// assert_eq!(Move::Turn.to_string(), "turn");
/// # Ok::<(), camicia_rules::ParseMoveError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// Turn the top card of the hand onto the pile.
    Turn,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Turn => f.write_str("turn"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    /// Reads `turn` in any case (`Turn`, `TURN`; surrounding whitespace
    /// ignored); it prints as `turn`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        if s.trim().eq_ignore_ascii_case("turn") { Ok(Move::Turn) } else { Err(ParseMoveError(s.to_owned())) }
    }
}

/// A move serializes as its notation (`"turn"`), like every game's moves.
#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A move reads from its notation, in any case.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
