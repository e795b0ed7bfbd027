//! The one move of the game.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseMoveError;

/// A Camicia move. Nobody decides anything: the player to act turns the top
/// card of their hand, the only legal move. Notation: `turn`.
///
/// ```
/// use camicia_rules::CamiciaMove;
///
/// assert_eq!("turn".parse::<CamiciaMove>()?, CamiciaMove::Turn);
/// assert_eq!(CamiciaMove::Turn.to_string(), "turn");
/// # Ok::<(), camicia_rules::ParseMoveError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CamiciaMove {
    /// Turn the top card of the hand onto the pile.
    Turn,
}

impl fmt::Display for CamiciaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CamiciaMove::Turn => f.write_str("turn"),
        }
    }
}

impl FromStr for CamiciaMove {
    type Err = ParseMoveError;
    /// Reads `turn` (surrounding whitespace ignored).
    fn from_str(s: &str) -> Result<CamiciaMove, ParseMoveError> {
        match s.trim() {
            "turn" => Ok(CamiciaMove::Turn),
            _ => Err(ParseMoveError(s.to_owned())),
        }
    }
}
