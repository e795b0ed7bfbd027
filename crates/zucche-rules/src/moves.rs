//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use crate::player::BoardId;
use crate::square::Square;

/// A face of the die: 1 to 6 pips. No other value can be built, so every
/// roll prints as notation that reads back (`roll 5`).
///
/// ```
/// use zucche_rules::Pips;
///
/// let five = Pips::new(5).unwrap();
/// assert_eq!(five.get(), 5);
/// assert_eq!(five.to_string(), "5");
/// assert_eq!(Pips::new(0), None);
/// assert_eq!(Pips::new(7), None);
/// assert_eq!(Pips::ALL.len(), 6);
/// ```
///
/// With the `serde` feature it is serialized as its number; other numbers
/// are refused on load.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Pips(u8);

impl Pips {
    /// The six faces, 1 first.
    pub const ALL: [Pips; 6] = [Pips(1), Pips(2), Pips(3), Pips(4), Pips(5), Pips(6)];

    /// The face showing `n` pips, if `n` is 1 to 6.
    pub const fn new(n: u8) -> Option<Pips> {
        if n >= 1 && n <= 6 { Some(Pips(n)) } else { None }
    }

    /// The number of pips, 1 to 6: also the distance a checker moves.
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Pips {
    type Error = BadPips;
    /// Converts 1 to 6; refuses any other number.
    fn try_from(n: u8) -> Result<Pips, BadPips> {
        Pips::new(n).ok_or(BadPips(n))
    }
}

impl From<Pips> for u8 {
    fn from(p: Pips) -> u8 {
        p.0
    }
}

impl fmt::Display for Pips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A number that no die face shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a die shows 1 to 6, not {0}")]
pub struct BadPips(pub u8);

/// One move of Zucche e Fantasmi: a chance outcome or one decision.
///
/// | move | notation | who |
/// | --- | --- | --- |
/// | [`Move::Roll`] | `roll 5` | chance: the die of the board to play |
/// | [`Move::Place`] | `2:place c1` | a player placing a checker from hand |
/// | [`Move::Step`] | `2:a1-a4` | a player moving a checker the rolled distance |
/// | [`Move::Pass`] | `pass` | a player whose roll moves no checker |
///
/// Board numbers start at 1. A step onto an enemy checker captures it; the
/// notation does not mark captures (the position does).
///
/// ```
/// use zucche_rules::{Move, Pips};
///
/// let mv: Move = "2:a1-a4".parse()?;
/// assert_eq!(mv.to_string(), "2:a1-a4");
/// assert_eq!("roll 5".parse::<Move>()?, Move::Roll { pips: Pips::new(5).unwrap() });
/// assert!("roll 7".parse::<Move>().is_err());
/// # Ok::<(), zucche_rules::ParseMoveError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub enum Move {
    /// Chance: the die of the board to play shows `pips` (1 to 6).
    Roll {
        /// The number rolled.
        pips: Pips,
    },
    /// The player to move puts one checker from hand on `to`, an empty
    /// square of their home rank.
    Place {
        /// The board played on.
        board: BoardId,
        /// The empty home square.
        to: Square,
    },
    /// The player to move moves their checker on `from` exactly the rolled
    /// distance along a file or rank to `to`, jumping over anything between;
    /// an enemy checker on `to` is captured.
    Step {
        /// The board played on.
        board: BoardId,
        /// The moving checker's square.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// The forced pass: no checker of the player to move can go the rolled
    /// distance.
    Pass,
}

impl Move {
    /// The board a placement or step is played on.
    pub const fn board(self) -> Option<BoardId> {
        match self {
            Move::Place { board, .. } | Move::Step { board, .. } => Some(board),
            Move::Roll { .. } | Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Roll { pips } => write!(f, "roll {pips}"),
            Move::Place { board, to } => write!(f, "{board}:place {to}"),
            Move::Step { board, from, to } => write!(f, "{board}:{from}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Text that is no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: expected `roll 1`..`roll 6`, `pass`, `2:place c1` or `2:a1-a4`")]
pub struct ParseMoveError(String);

impl FromStr for Move {
    type Err = ParseMoveError;
    /// Reads a move in any case (`ROLL 3`, `1:A1-A4`; printed in
    /// lowercase), with spaces around it and between its words; allocates
    /// only to report an error.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let bad = || ParseMoveError(s.to_owned());
        let text = s.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        if let Some(pips) = strip_word(text, "roll") {
            return match pips.as_bytes() {
                &[d @ b'1'..=b'6'] => Pips::new(d - b'0').map(|pips| Move::Roll { pips }).ok_or_else(bad),
                _ => Err(bad()),
            };
        }
        let (board, rest) = text.split_once(':').ok_or_else(bad)?;
        let number: u8 = board.parse().map_err(|_| bad())?;
        let board = BoardId::from_number(number).ok_or_else(bad)?;
        if let Some(to) = strip_word(rest, "place") {
            return Ok(Move::Place { board, to: to.parse().map_err(|_| bad())? });
        }
        let (from, to) = rest.split_once('-').ok_or_else(bad)?;
        Ok(Move::Step { board, from: from.parse().map_err(|_| bad())?, to: to.parse().map_err(|_| bad())? })
    }
}

/// What follows `word` (in any case) and one or more spaces in `text`.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = text[word.len()..].strip_prefix(' ')?;
    head.eq_ignore_ascii_case(word).then(|| rest.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_is_read_in_any_case_and_printed_in_lowercase() {
        for (text, canonical) in [
            ("ROLL 3", "roll 3"),
            ("Pass", "pass"),
            ("1:PLACE C1", "1:place c1"),
            ("2:A1-a4", "2:a1-a4"),
            ("  roll   5 ", "roll 5"),
            (" 3:Place  h8", "3:place h8"),
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), canonical);
        }
    }

    #[test]
    fn notation_round_trips() {
        for text in ["roll 1", "roll 6", "pass", "1:place c1", "128:place h8", "2:a1-a4", "17:h8-h2"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn bad_notation_is_refused() {
        for bad in [
            "",
            "roll",
            "roll 0",
            "roll 7",
            "roll 10",
            "0:a1-a2",
            "129:a1-a2",
            "x:a1-a2",
            "2:a1",
            "2:a1-",
            "2:a1-a9",
            "2:place",
            "2:place i1",
            "2:a1a2",
            "2 a1-a2",
            "roll3",
            "roll\t3",
            "2:placec1",
            "2: place c1",
            "pass 1",
            "ro\u{e9}ll 3",
            "\u{e9}",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
    }
}
