//! Cells of the boards (8 × 13 for two players, 16 × 13 for four) and sets
//! of cells.

use core::fmt;
use core::str::FromStr;

use crate::bits::{BitBoard, U256, deal_seat};
use crate::player::Player;

/// A cell: file `a`..`m` (13 files), rank `1`..`16`, written `c4`.
///
/// The two-player board has ranks `1`..`8` (cells `a1`..`m8`), the
/// four-player board ranks `1`..`16` (`a1`..`m16`); a game refuses a cell
/// past its board with [`IllegalMove::OffBoard`](crate::IllegalMove::OffBoard).
///
/// Its index is `rank * 13 + file` (both from 0): `a1` = 0, `m1` = 12,
/// `a2` = 13, …, `m8` = 103, …, `m16` = 207. Indices order cells as the
/// deal lays cards.
///
/// With the `serde` feature a cell is serialized as its name (`"c4"`).
///
/// ```
/// use zama_rules::Square;
///
/// let sq: Square = "m16".parse()?;
/// assert_eq!(sq.index(), 207);
/// assert!(sq.is_on_board(4) && !sq.is_on_board(2));
/// assert!("a17".parse::<Square>().is_err() && "n1".parse::<Square>().is_err());
/// # Ok::<(), zama_rules::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// Number of files (`a`..`m`).
    pub const FILES: u8 = 13;
    /// Number of ranks of the two-player board (`1`..`8`).
    pub const RANKS: u8 = 8;
    /// Number of ranks of the four-player board (`1`..`16`).
    pub const RANKS_4: u8 = 16;
    /// Number of cells of the largest (four-player) board.
    pub const COUNT: usize = 208;

    /// The cell of `file` (0 = `a`) and `rank` (0 = rank 1), if on the
    /// four-player board (ranks up to 16).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::FILES && rank < Self::RANKS_4 { Some(Square(rank * Self::FILES + file)) } else { None }
    }

    /// The cell with this index (`0..208`).
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Self::COUNT { Some(Square(i as u8)) } else { None }
    }

    /// `rank * 13 + file`, `0..208`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 12 (`m`).
    pub const fn file(self) -> u8 {
        self.0 % Self::FILES
    }

    /// The rank, 0 (rank `1`) to 15 (rank `16`).
    pub const fn rank(self) -> u8 {
        self.0 / Self::FILES
    }

    /// `true` if the cell is on the board of a `players`-player game (2:
    /// ranks 1..8; 4: ranks 1..16).
    pub const fn is_on_board(self, players: usize) -> bool {
        (self.0 as usize) < cells_of_board(players)
    }

    /// The colour dealt on this cell in a two-player game: Red where
    /// file + rank is even.
    pub const fn deal_color(self) -> Player {
        self.deal_seat(2)
    }

    /// The seat dealt on this cell in a `players`-player game: seat
    /// (file + rank) mod `players` (Red, Blue, Green, Yellow).
    pub const fn deal_seat(self, players: usize) -> Player {
        match Player::from_index(deal_seat(self.index(), if players == 4 { 4 } else { 2 })) {
            Some(c) => c,
            None => unreachable!(),
        }
    }

    /// `true` when the two cells share a side.
    pub const fn is_adjacent(self, other: Square) -> bool {
        let (f1, r1, f2, r2) = (self.file(), self.rank(), other.file(), other.rank());
        (f1 == f2 && r1.abs_diff(r2) == 1) || (r1 == r2 && f1.abs_diff(f2) == 1)
    }

    /// The orthogonal neighbours on the four-player board (intersect with
    /// a game's cells for a smaller board).
    pub fn neighbours(self) -> CellSet {
        let (f, r) = (self.file(), self.rank());
        let mut s = CellSet::EMPTY;
        for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
            if let Some(n) = Square::new(f.wrapping_add_signed(df), r.wrapping_add_signed(dr)) {
                s.insert(n);
            }
        }
        s
    }

    /// The orthogonal neighbours on the board of a `players`-player game.
    pub fn neighbours_on(self, players: usize) -> CellSet {
        let mut s = self.neighbours();
        s.0 &= U256::low_bits(cells_of_board(players) as u32);
        s
    }

    /// Manhattan distance between two cells.
    pub const fn distance(self, other: Square) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }

    /// Every cell of the four-player board, `a1` first, in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..Self::COUNT as u8).map(Square)
    }

    /// Every cell of the board of a `players`-player game, in index order.
    pub fn board(players: usize) -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..cells_of_board(players) as u8).map(Square)
    }

    #[inline(always)]
    pub(crate) fn bit<B: BitBoard>(self) -> B {
        B::bit(u32::from(self.0))
    }

    #[inline(always)]
    pub(crate) const fn from_bit_index(i: u32) -> Square {
        Square(i as u8)
    }
}

/// The number of cells of the board of a `players`-player game: 104 for
/// two players, 208 for four.
pub(crate) const fn cells_of_board(players: usize) -> usize {
    if players == 4 { 208 } else { 104 }
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
#[error("bad cell {0:?}: expected a file a..m and a rank 1..16, like c4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `c4` or `c12` (file letter in either case, then the rank).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bad = || ParseSquareError(s.to_owned());
        let t = s.trim().as_bytes();
        let (&file, rank) = t.split_first().ok_or_else(bad)?;
        let file = file.to_ascii_lowercase().wrapping_sub(b'a');
        let rank = match rank {
            [d @ b'1'..=b'9'] => d - b'1',
            [b'1', d @ b'0'..=b'9'] => 9 + (d - b'0'),
            _ => return Err(bad()),
        };
        Square::new(file, rank).ok_or_else(bad)
    }
}

/// A set of cells of either board (bit `i` = the cell of index `i`).
///
/// Serialized as the sorted list of cell names.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub(crate) U256);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(U256::ZERO);
    /// Every cell of the four-player board.
    pub const ALL: CellSet = CellSet(U256::low_bits(208));

    /// Every cell of the board of a `players`-player game.
    pub const fn board(players: usize) -> CellSet {
        CellSet(U256::low_bits(cells_of_board(players) as u32))
    }

    /// `true` if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0.test(sq.0 as u32)
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= U256::bit(u32::from(sq.0));
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !U256::bit(u32::from(sq.0));
    }

    /// Number of cells.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` when no cell is in the set.
    pub const fn is_empty(self) -> bool {
        self.0.is_zero()
    }

    /// The cells in index order.
    pub fn iter(self) -> Bits {
        Bits(self.0)
    }

    /// The cells in both sets.
    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0.and(other.0))
    }

    /// The cells in either set.
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0.or(other.0))
    }

    /// `true` if every cell of `self` is in `other`.
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0.and(other.0.not()).is_zero()
    }

    #[inline(always)]
    pub(crate) fn from_bits<B: BitBoard>(b: B) -> CellSet {
        CellSet(b.to_u256())
    }

    #[inline(always)]
    pub(crate) fn bits<B: BitBoard>(self) -> B {
        B::from_u256(self.0)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for CellSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
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
pub struct Bits(U256);

impl Iterator for Bits {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_zero() {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= !U256::bit(i);
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
        assert_eq!("a9".parse::<Square>().unwrap().index(), 104);
        assert_eq!("m16".parse::<Square>().unwrap().index(), 207);
        for bad in ["n1", "a17", "a0", "", "a100", "4c", "a01", "a20"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours_agree_with_adjacency() {
        for players in [2, 4] {
            for a in Square::board(players) {
                let n = a.neighbours_on(players);
                for b in Square::all() {
                    assert_eq!(n.contains(b), a.is_adjacent(b) && b.is_on_board(players), "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn deal_seats_follow_the_rule() {
        assert_eq!(Square::board(2).len(), 104);
        assert_eq!(Square::board(4).len(), 208);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(sq("a1").deal_seat(4), Player::Red);
        assert_eq!(sq("b1").deal_seat(4), Player::Blue);
        assert_eq!(sq("c1").deal_seat(4), Player::Green);
        assert_eq!(sq("d1").deal_seat(4), Player::Yellow);
        assert_eq!(sq("a2").deal_seat(4), Player::Blue);
        assert_eq!(sq("b1").deal_color(), Player::Blue);
        assert_eq!(sq("c1").deal_color(), Player::Red);
    }
}
