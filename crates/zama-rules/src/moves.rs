//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use crate::square::Square;

/// One decision of the player to move.
///
/// | move | notation | when |
/// |---|---|---|
/// | [`Attack`](Move::Attack) | `c4xd4` | attack phase: own card on `c4` attacks the enemy card on `d4` |
/// | [`Shift`](Move::Shift) | `d4-e4` | shift phase: the card on `d4` (either colour) slides into empty `e4` |
/// | [`Peek`](Move::Peek) | `peek f6` | peek phase: look at the face-down card on `f6` |
/// | [`End`](Move::End) | `end` | shift or peek phase: stop shifting or peeking now |
/// | [`Pass`](Move::Pass) | `pass` | attack phase, only when no attack exists |
///
/// `Display` and `FromStr` agree (serde uses the same text); parsing also
/// accepts upper-case letters and surrounding spaces.
///
/// ```
/// use zama_rules::Move;
///
/// let mv: Move = "c4xd4".parse()?;
/// assert_eq!(mv, Move::Attack { from: "c4".parse()?, to: "d4".parse()? });
/// assert_eq!("peek f6".parse::<Move>()?.to_string(), "peek f6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a move is serialized as its notation (`"c4xd4"`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
// `repr(C, u8)` and the tags: the layout `list` writes (tag byte, then
// the squares).
#[repr(C, u8, align(4))]
pub enum Move {
    /// Attack the enemy card on `to` with the own card on `from`.
    Attack {
        /// The attacking card's cell.
        from: Square,
        /// The defending card's cell.
        to: Square,
    } = 0,
    /// Slide the card on `from` one cell into the empty cell `to`.
    Shift {
        /// The card's cell.
        from: Square,
        /// The empty neighbouring cell.
        to: Square,
    } = 1,
    /// Look at the face-down card on `at`.
    Peek {
        /// The peeked card's cell.
        at: Square,
    } = 2,
    /// End the shifts or the peeks early.
    End = 3,
    /// The forced pass of a player who has no attack.
    Pass = 4,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Attack { from, to } => write!(f, "{from}x{to}"),
            Move::Shift { from, to } => write!(f, "{from}-{to}"),
            Move::Peek { at } => write!(f, "peek {at}"),
            Move::End => f.write_str("end"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Debug for Move {
    /// The notation (`c4xd4`), as a failing property case should read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is no Zama move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: expected c4xd4, d4-e4, peek f6, end or pass")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let bad = || ParseMoveError(s.to_owned());
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "end" => return Ok(Move::End),
            "pass" => return Ok(Move::Pass),
            _ => {}
        }
        if let Some(cell) = t.strip_prefix("peek") {
            let at = cell.trim().parse().map_err(|_| bad())?;
            return Ok(Move::Peek { at });
        }
        let (sep, kind): (char, fn(Square, Square) -> Move) = if t.contains('x') {
            ('x', |from, to| Move::Attack { from, to })
        } else if t.contains('-') {
            ('-', |from, to| Move::Shift { from, to })
        } else {
            return Err(bad());
        };
        let (a, b) = t.split_once(sep).ok_or_else(bad)?;
        let from = a.trim().parse().map_err(|_| bad())?;
        let to = b.trim().parse().map_err(|_| bad())?;
        Ok(kind(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_is_the_notation() {
        let mv: Move = "c4xd4".parse().unwrap();
        assert_eq!(format!("{mv:?}"), "c4xd4");
        assert_eq!(format!("{:?}", [mv, Move::End]), "[c4xd4, end]");
        let sq: crate::Square = "m16".parse().unwrap();
        assert_eq!(format!("{sq:?}"), "m16");
    }

    #[test]
    fn notation_roundtrips() {
        for text in ["a1xb1", "m8-m7", "peek c4", "end", "pass"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        assert_eq!("  C4XD4 ".parse::<Move>().unwrap().to_string(), "c4xd4");
        for bad in ["", "c4", "c4xz4", "peek", "peek n1", "c4-", "x", "endd", "c4+d4"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
