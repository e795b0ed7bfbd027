//! Squares of an 8×8 board and the bitboard tables behind move generation.

use core::fmt;
use core::str::FromStr;

/// A square of an 8×8 board: files `a`..`h`, ranks `1`..`8`, written `c4`.
///
/// Team A's home rank is rank 1, team B's is rank 8. The index is
/// `file + 8 * rank` (both from 0), so `a1` is 0 and `h8` is 63.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`, both from 0 (`Square::new(2, 3)` is `c4`).
    ///
    /// ```
    /// use zucche_rules::Square;
    ///
    /// let c4 = Square::new(2, 3).unwrap();
    /// assert_eq!(c4.to_string(), "c4");
    /// assert_eq!((c4.file(), c4.rank(), c4.index()), (2, 3, 26));
    /// assert_eq!(Square::from_index(26), Some(c4));
    /// assert_eq!(c4.line_distance("c8".parse()?), Some(4));
    /// assert_eq!(c4.line_distance("d5".parse()?), None); // a diagonal
    /// # Ok::<(), zucche_rules::ParseSquareError>(())
    /// ```
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(file + 8 * rank)) } else { None }
    }

    /// The square of index `index` (`0..64`).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The square of a bit index known to be below 64 (from `trailing_zeros`
    /// of a non-zero bitboard).
    #[inline(always)]
    pub(crate) const fn from_bit_index(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The index `file + 8 * rank`, in `0..64`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, from 0 (rank `1`).
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The one-bit bitboard of this square.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// All 64 squares, `a1`, `b1`, ..., `h8`.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..64).map(Square)
    }

    #[inline]
    /// The orthogonal distance to `to`, or `None` when the two squares are
    /// not on one file or one rank (or are the same square).
    pub const fn line_distance(self, to: Square) -> Option<u8> {
        if self.0 == to.0 {
            None
        } else if self.file() == to.file() {
            Some(self.rank().abs_diff(to.rank()))
        } else if self.rank() == to.rank() {
            Some(self.file().abs_diff(to.file()))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), char::from(b'1' + self.rank()))
    }
}

/// Text that is no square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad square {0:?}: expected a file a-h and a rank 1-8, like c4")]
pub struct ParseSquareError(pub(crate) String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            &[f @ (b'a'..=b'h' | b'A'..=b'H'), r @ b'1'..=b'8'] => {
                Square::new(f.to_ascii_lowercase() - b'a', r - b'1').ok_or_else(|| ParseSquareError(s.to_owned()))
            }
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

/// Rank 1, team A's home.
pub(crate) const RANK_1: u64 = 0xFF;
/// Rank 8, team B's home.
pub(crate) const RANK_8: u64 = 0xFF << 56;

/// `DESTINATIONS[d][sq]`: the squares exactly `d` squares from `sq` along a
/// file or a rank (at most four). Rows 0 and 7 are empty, so that any
/// `d & 7` indexes it.
pub(crate) static DESTINATIONS: [[u64; 64]; 8] = destinations();

const fn destinations() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 1;
    while d <= 6 {
        let mut sq = 0;
        while sq < 64 {
            let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
            let dist = d as i32;
            let mut mask = 0u64;
            let targets = [(file + dist, rank), (file - dist, rank), (file, rank + dist), (file, rank - dist)];
            let mut i = 0;
            while i < 4 {
                let (f, r) = targets[i];
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    mask |= 1 << (f + 8 * r);
                }
                i += 1;
            }
            table[d][sq] = mask;
            sq += 1;
        }
        d += 1;
    }
    table
}

/// The squares of a bitboard, lowest index first.
#[inline]
pub(crate) fn squares(bits: u64) -> Squares {
    Squares(bits)
}

/// The iterator of [`squares`].
pub(crate) struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_bit_index(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

/// The squares from which a checker lands on some square of `targets` with a
/// move of exactly `d` squares (the table is symmetric).
#[inline]
pub(crate) fn attackers_mask(targets: u64, d: u8) -> u64 {
    let d = u32::from(d);
    // Files d..8 of every rank: a checker there can move d squares west.
    let files_from = ((0xFFu64 << d) & 0xFF) * 0x0101_0101_0101_0101;
    let north = targets >> (8 * d);
    let south = targets << (8 * d);
    let east = (targets & files_from) >> d;
    let west = (targets << d) & files_from;
    north | south | east | west
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
        for bad in ["", "a", "i1", "a9", "a0", "a10", " a1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn destination_table_matches_line_distance() {
        for d in 1..=6u8 {
            for from in Square::all() {
                let expected: u64 =
                    Square::all().filter(|&to| from.line_distance(to) == Some(d)).map(Square::bit).sum();
                assert_eq!(DESTINATIONS[usize::from(d)][usize::from(from.index())], expected, "{from} {d}");
            }
        }
    }

    #[test]
    fn attackers_mask_is_the_reverse_of_destinations() {
        for d in 1..=6u8 {
            for to in Square::all() {
                let expected: u64 = Square::all()
                    .filter(|&from| DESTINATIONS[usize::from(d)][usize::from(from.index())] & to.bit() != 0)
                    .map(Square::bit)
                    .sum();
                assert_eq!(attackers_mask(to.bit(), d), expected, "{to} {d}");
            }
        }
    }
}
