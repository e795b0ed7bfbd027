//! Cells of the 8 × 13 board, sets of cells as one `u128`, and the
//! neighbour shifts that make move generation a handful of bit operations.

use core::fmt;
use core::str::FromStr;

use crate::color::Color;

/// A cell of the board: file `a`..`m` (13 files), rank `1`..`8` (8 ranks),
/// written `c4`.
///
/// Its index is `rank * 13 + file` (both from 0): `a1` = 0, `m1` = 12,
/// `a2` = 13, …, `m8` = 103. Indices order cells as the deal lays cards.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of files (`a`..`m`).
    pub const FILES: u8 = 13;
    /// Number of ranks (`1`..`8`).
    pub const RANKS: u8 = 8;
    /// Number of cells.
    pub const COUNT: usize = 104;

    /// The cell of `file` (0 = `a`) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::FILES && rank < Self::RANKS { Some(Square(rank * Self::FILES + file)) } else { None }
    }

    /// The cell with this index (`0..104`).
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Self::COUNT { Some(Square(i as u8)) } else { None }
    }

    /// `rank * 13 + file`, `0..104`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 12 (`m`).
    pub const fn file(self) -> u8 {
        self.0 % Self::FILES
    }

    /// The rank, 0 (rank `1`) to 7 (rank `8`).
    pub const fn rank(self) -> u8 {
        self.0 / Self::FILES
    }

    /// The colour dealt on this cell: Red where file + rank is even.
    pub const fn deal_color(self) -> Color {
        if (self.file() + self.rank()).is_multiple_of(2) { Color::Red } else { Color::Blue }
    }

    /// `true` when the two cells share a side.
    pub const fn is_adjacent(self, other: Square) -> bool {
        let (f1, r1, f2, r2) = (self.file(), self.rank(), other.file(), other.rank());
        (f1 == f2 && r1.abs_diff(r2) == 1) || (r1 == r2 && f1.abs_diff(f2) == 1)
    }

    /// The orthogonal neighbours, as a set.
    pub const fn neighbours(self) -> CellSet {
        CellSet(neighbours(self.bit()))
    }

    /// Manhattan distance between two cells.
    pub const fn distance(self, other: Square) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }

    /// Every cell, `a1` first, in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + Clone {
        (0..Self::COUNT as u8).map(Square)
    }

    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    #[inline]
    pub(crate) const fn from_bit_index(i: u32) -> Square {
        Square(i as u8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is no cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad cell {0:?}: expected a file a..m and a rank 1..8, like c4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `c4` (file letter in either case, then the rank).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bad = || ParseSquareError(s.to_owned());
        let t = s.trim().as_bytes();
        let [file, rank] = t else { return Err(bad()) };
        let file = file.to_ascii_lowercase().wrapping_sub(b'a');
        let rank = rank.wrapping_sub(b'1');
        Square::new(file, rank).ok_or_else(bad)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    /// Serialized as its name, `"c4"`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cells in one `u128` (bit `i` = the cell of index `i`).
///
/// Serialized as the sorted list of cell names.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub(crate) u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// Every cell of the board.
    pub const ALL: CellSet = CellSet(BOARD);

    /// `true` if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= sq.bit();
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !sq.bit();
    }

    /// Number of cells.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` when no cell is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cells in index order.
    pub fn iter(self) -> Bits {
        Bits(self.0)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for CellSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> CellSet {
        CellSet(iter.into_iter().fold(0, |b, sq| b | sq.bit()))
    }
}

impl IntoIterator for CellSet {
    type Item = Square;
    type IntoIter = Bits;
    fn into_iter(self) -> Bits {
        self.iter()
    }
}

/// The cells of a [`CellSet`], in index order.
#[derive(Clone, Debug)]
pub struct Bits(u128);

impl Iterator for Bits {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_bit_index(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

#[cfg(feature = "serde")]
impl serde::Serialize for CellSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CellSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Square>::deserialize(d)?.into_iter().collect())
    }
}

/// Every cell.
pub(crate) const BOARD: u128 = (1u128 << 104) - 1;

const fn file_mask(file: u8) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 8 {
        m |= 1u128 << (r * 13 + file as u32);
        r += 1;
    }
    m
}

const NOT_FILE_A: u128 = BOARD & !file_mask(0);
/// Cells not on file `m` (that have an east neighbour).
pub(crate) const NOT_FILE_M: u128 = BOARD & !file_mask(12);

/// The four orthogonal directions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    /// The cells reached from `b` by one step this way.
    #[inline(always)]
    pub(crate) const fn step(self, b: u128) -> u128 {
        match self {
            Dir::North => (b << 13) & BOARD,
            Dir::East => (b & NOT_FILE_M) << 1,
            Dir::South => b >> 13,
            Dir::West => (b & NOT_FILE_A) >> 1,
        }
    }
}

/// The orthogonal neighbours of every cell of `b`.
#[inline(always)]
pub(crate) const fn neighbours(b: u128) -> u128 {
    Dir::North.step(b) | Dir::East.step(b) | Dir::South.step(b) | Dir::West.step(b)
}

/// The `n`-th set bit (from 0) of `b`, which has more than `n` bits set:
/// halves narrowed by popcount down to a byte, then a short scan.
#[inline]
pub(crate) fn nth_bit(b: u128, n: u32) -> Square {
    let (mut x, mut n, mut base) = (b as u64, n, 0u32);
    let low = x.count_ones();
    if n >= low {
        n -= low;
        x = (b >> 64) as u64;
        base = 64;
    }
    for width in [32u32, 16, 8] {
        let c = (x & ((1u64 << width) - 1)).count_ones();
        if n >= c {
            n -= c;
            x >>= width;
            base += width;
        }
    }
    for _ in 0..n {
        x &= x - 1;
    }
    Square::from_bit_index(base + x.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roundtrip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("m8".parse::<Square>().unwrap().index(), 103);
        for bad in ["n1", "a9", "a0", "", "a10", "4c"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn steps_agree_with_adjacency() {
        for a in Square::all() {
            let n: CellSet = a.neighbours();
            for b in Square::all() {
                assert_eq!(n.contains(b), a.is_adjacent(b), "{a} {b}");
            }
        }
    }

    #[test]
    fn nth_bit_finds_each_bit() {
        let b: u128 = (1 << 3) | (1 << 63) | (1 << 64) | (1 << 100);
        let got: Vec<usize> = (0..4).map(|n| nth_bit(b, n).index()).collect();
        assert_eq!(got, [3, 63, 64, 100]);
        let dense = BOARD & !(1 << 40) & !(1 << 77);
        for (n, sq) in CellSet(dense).iter().enumerate() {
            assert_eq!(nth_bit(dense, n as u32), sq);
        }
    }
}
