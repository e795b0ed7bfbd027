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
///
/// With the `serde` feature a cell is serialized as its name (`"c4"`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
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

/// The `n`-th set bit (from 0) of `b`, which has more than `n` bits set.
#[inline]
pub(crate) fn nth_bit(b: u128, n: u32) -> Square {
    Square::from_bit_index(ranked_cells(b).select(n))
}

/// `0x01` in every byte.
const L8: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte.
const H8: u64 = 0x8080_8080_8080_8080;

/// The number of set bits of each byte of `x`, byte by byte (the first
/// steps of a SWAR popcount: the default x86-64 target has no POPCNT).
#[inline(always)]
const fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// `SELECT_IN_BYTE[b * 8 + r]`: the position of the `r`-th set bit of the
/// byte `b` (0 where there is none).
static SELECT_IN_BYTE: [u8; 2048] = {
    let mut t = [0u8; 2048];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut i) = (0, 0);
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b * 8 + r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Up to 255 bits held as `W` words laid end to end (word `i` holds bits
/// `64 i ..`), with their per-byte counts, so that counting takes one
/// multiply and selecting the `k`-th bit a few more (broadword select).
#[derive(Copy, Clone)]
pub(crate) struct Ranked<const W: usize> {
    words: [u64; W],
    bytes: [u64; W],
}

impl<const W: usize> Ranked<W> {
    /// Ranks `words`, which together hold at most 255 set bits.
    #[inline(always)]
    pub(crate) fn new(words: [u64; W]) -> Ranked<W> {
        Ranked { words, bytes: words.map(byte_counts) }
    }

    /// The number of set bits.
    #[inline(always)]
    pub(crate) fn count(&self) -> u32 {
        let sum = self.bytes.iter().fold(0u64, |s, &b| s.wrapping_add(b));
        (sum.wrapping_mul(L8) >> 56) as u32
    }

    /// The position (`64 * word + bit`) of the `k`-th set bit (from 0);
    /// `k` must be below [`count`](Ranked::count).
    #[inline(always)]
    pub(crate) fn select(&self, mut k: u32) -> u32 {
        let mut i = 0;
        while i + 1 < W {
            let c = (self.bytes[i].wrapping_mul(L8) >> 56) as u32;
            if k < c {
                break;
            }
            k -= c;
            i += 1;
        }
        let (word, bytes, base) = (self.words[i], self.bytes[i], 64 * i as u32);
        // Byte j of `prefix` counts the bits of bytes 0..=j (at most 64).
        let prefix = bytes.wrapping_mul(L8);
        let past = ((prefix | H8) - u64::from(k + 1) * L8) & H8;
        let byte = past.trailing_zeros() & !7;
        let before = ((prefix << 8) >> byte) as u32 & 0xFF;
        let b = (word >> byte) as usize & 0xFF;
        base + byte + u32::from(SELECT_IN_BYTE[b * 8 + (k - before) as usize])
    }
}

/// One set of cells as two ranked words.
#[inline(always)]
pub(crate) fn ranked_cells(b: u128) -> Ranked<2> {
    Ranked::new([b as u64, (b >> 64) as u64])
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
    fn ranked_selects_each_bit() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29) & x.rotate_left(3);
            for b in [x as u128 | (u128::from(y) << 64), u128::from(y), BOARD, 0, 1 << 103] {
                let b = b & BOARD;
                let r = ranked_cells(b);
                assert_eq!(r.count(), b.count_ones());
                for (n, sq) in CellSet(b).iter().enumerate() {
                    assert_eq!(r.select(n as u32), sq.index() as u32);
                }
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
