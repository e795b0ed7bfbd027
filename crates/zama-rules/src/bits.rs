//! Bit boards: one `u128` for the two-player board (104 cells), a 256-bit
//! [`U256`] (two `u128` halves) for the four-player board (208 cells), the
//! board geometries, and broadword rank/select for random moves.
//!
//! The engine is generic over [`BitBoard`] and [`Geometry`]: one copy of
//! the rules, compiled once per board size (see the crate docs, *Speed*,
//! for the measurement behind this choice).

use core::fmt;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// 256 bits as four 64-bit words, lowest first: bit `i` is bit `i % 64` of
/// word `i / 64`, so a single bit is set or tested with one word access.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct U256 {
    pub(crate) w: [u64; 4],
}

impl fmt::Debug for U256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}:{:#x}:{:#x}:{:#x}", self.w[3], self.w[2], self.w[1], self.w[0])
    }
}

impl U256 {
    pub(crate) const ZERO: U256 = U256 { w: [0; 4] };

    /// The low 128 bits.
    #[inline(always)]
    pub(crate) const fn lo(self) -> u128 {
        self.w[0] as u128 | (self.w[1] as u128) << 64
    }

    /// The bits of a `u128` (the high 128 bits clear).
    #[inline(always)]
    pub(crate) const fn from_u128(x: u128) -> U256 {
        U256 { w: [x as u64, (x >> 64) as u64, 0, 0] }
    }

    /// The bits `0..n` set.
    pub(crate) const fn low_bits(n: u32) -> U256 {
        let mut w = [0u64; 4];
        let mut i = 0;
        while i < 4 {
            let from = 64 * i as u32;
            w[i] = if n >= from + 64 {
                u64::MAX
            } else if n <= from {
                0
            } else {
                u64::MAX >> (64 - (n - from))
            };
            i += 1;
        }
        U256 { w }
    }

    #[inline(always)]
    pub(crate) const fn bit(i: u32) -> U256 {
        let mut w = [0u64; 4];
        w[(i >> 6) as usize & 3] = 1 << (i & 63);
        U256 { w }
    }

    #[inline(always)]
    pub(crate) const fn or(self, o: U256) -> U256 {
        U256 { w: [self.w[0] | o.w[0], self.w[1] | o.w[1], self.w[2] | o.w[2], self.w[3] | o.w[3]] }
    }

    #[inline(always)]
    pub(crate) const fn and(self, o: U256) -> U256 {
        U256 { w: [self.w[0] & o.w[0], self.w[1] & o.w[1], self.w[2] & o.w[2], self.w[3] & o.w[3]] }
    }

    #[inline(always)]
    pub(crate) const fn not(self) -> U256 {
        U256 { w: [!self.w[0], !self.w[1], !self.w[2], !self.w[3]] }
    }

    #[inline(always)]
    pub(crate) const fn is_zero(self) -> bool {
        self.w[0] | self.w[1] | self.w[2] | self.w[3] == 0
    }

    #[inline(always)]
    pub(crate) const fn count_ones(self) -> u32 {
        self.w[0].count_ones() + self.w[1].count_ones() + self.w[2].count_ones() + self.w[3].count_ones()
    }

    #[inline(always)]
    pub(crate) const fn test(self, i: u32) -> bool {
        self.w[(i >> 6) as usize & 3] >> (i & 63) & 1 == 1
    }

    /// Shift towards higher bits by `n` (`0 < n < 64`).
    #[inline(always)]
    pub(crate) const fn shl(self, n: u32) -> U256 {
        let w = self.w;
        U256 {
            w: [
                w[0] << n,
                (w[1] << n) | (w[0] >> (64 - n)),
                (w[2] << n) | (w[1] >> (64 - n)),
                (w[3] << n) | (w[2] >> (64 - n)),
            ],
        }
    }

    /// Shift towards lower bits by `n` (`0 < n < 64`).
    #[inline(always)]
    pub(crate) const fn shr(self, n: u32) -> U256 {
        let w = self.w;
        U256 {
            w: [
                (w[0] >> n) | (w[1] << (64 - n)),
                (w[1] >> n) | (w[2] << (64 - n)),
                (w[2] >> n) | (w[3] << (64 - n)),
                w[3] >> n,
            ],
        }
    }

    #[inline(always)]
    pub(crate) const fn trailing_zeros(self) -> u32 {
        let w = self.w;
        if w[0] != 0 {
            w[0].trailing_zeros()
        } else if w[1] != 0 {
            64 + w[1].trailing_zeros()
        } else if w[2] != 0 {
            128 + w[2].trailing_zeros()
        } else {
            192 + w[3].trailing_zeros()
        }
    }

    /// The bits as four 64-bit words, lowest first.
    #[inline(always)]
    pub(crate) const fn words(self) -> [u64; 4] {
        self.w
    }
}

macro_rules! u256_ops {
    ($($tr:ident $f:ident $atr:ident $af:ident $op:tt;)*) => {$(
        impl $tr for U256 {
            type Output = U256;
            #[inline(always)]
            fn $f(self, o: U256) -> U256 {
                U256 { w: [self.w[0] $op o.w[0], self.w[1] $op o.w[1], self.w[2] $op o.w[2], self.w[3] $op o.w[3]] }
            }
        }
        impl $atr for U256 {
            #[inline(always)]
            fn $af(&mut self, o: U256) {
                *self = *self $op o;
            }
        }
    )*};
}

u256_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for U256 {
    type Output = U256;
    #[inline(always)]
    fn not(self) -> U256 {
        U256::not(self)
    }
}

/// Counts and selects set bits of a bit board laid out as 64-bit words.
pub(crate) trait Rank: Copy {
    /// The number of set bits.
    fn count(&self) -> u32;
    /// The position of the `k`-th set bit (from 0), `k < count`.
    fn select(&self, k: u32) -> u32;
}

/// A set of cells (or of cards): `u128` for the two-player board, [`U256`]
/// for the four-player one.
pub(crate) trait BitBoard:
    Copy
    + Eq
    + Hash
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + 'static
{
    /// The number of bits.
    const BITS: u32;
    /// No bit.
    const ZERO: Self;
    /// Ranks one board.
    type Ranked: Rank;
    /// Ranks two boards laid end to end (bits `0..BITS`, then `BITS..`).
    type PairRanked: Rank;
    /// The 64-bit words, lowest first.
    type Words: AsRef<[u64]> + Copy;

    fn to_words(self) -> Self::Words;
    fn bit(i: u32) -> Self;
    fn test(self, i: u32) -> bool;
    /// The set without its lowest bit (`x & (x - 1)`).
    fn clear_lowest(self) -> Self;
    /// Sets bit `i`.
    fn set_bit(&mut self, i: u32);
    /// Clears bit `i`.
    fn clear_bit(&mut self, i: u32);
    /// Flips bit `i`.
    fn toggle_bit(&mut self, i: u32);
    fn is_zero(self) -> bool;
    fn count(self) -> u32;
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    fn ranked(self) -> Self::Ranked;
    fn ranked_pair(a: Self, b: Self) -> Self::PairRanked;
    /// Calls `f` with each set bit, lowest first (word by word).
    fn for_each_bit(self, f: impl FnMut(u32));
    fn to_u256(self) -> U256;
    /// The low `BITS` bits of `b`.
    fn from_u256(b: U256) -> Self;
}

impl BitBoard for u128 {
    const BITS: u32 = 128;
    const ZERO: u128 = 0;
    type Ranked = Ranked<2>;
    type PairRanked = Ranked<4>;
    type Words = [u64; 2];

    #[inline(always)]
    fn to_words(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
    #[inline(always)]
    fn bit(i: u32) -> u128 {
        1 << i
    }
    #[inline(always)]
    fn test(self, i: u32) -> bool {
        self >> i & 1 == 1
    }
    #[inline(always)]
    fn clear_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn set_bit(&mut self, i: u32) {
        *self |= 1 << i;
    }
    #[inline(always)]
    fn clear_bit(&mut self, i: u32) {
        *self &= !(1 << i);
    }
    #[inline(always)]
    fn toggle_bit(&mut self, i: u32) {
        *self ^= 1 << i;
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn shl(self, n: u32) -> u128 {
        self << n
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u128 {
        self >> n
    }
    #[inline(always)]
    fn ranked(self) -> Ranked<2> {
        Ranked::new([self as u64, (self >> 64) as u64])
    }
    #[inline(always)]
    fn ranked_pair(a: u128, b: u128) -> Ranked<4> {
        Ranked::new([a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64])
    }
    #[inline(always)]
    fn for_each_bit(self, mut f: impl FnMut(u32)) {
        for base in [0u32, 64] {
            let mut w = (self >> base) as u64;
            while w != 0 {
                f(base + w.trailing_zeros());
                w &= w - 1;
            }
        }
    }
    #[inline(always)]
    fn to_u256(self) -> U256 {
        U256::from_u128(self)
    }
    #[inline(always)]
    fn from_u256(b: U256) -> u128 {
        b.lo()
    }
}

impl BitBoard for U256 {
    const BITS: u32 = 256;
    const ZERO: U256 = U256::ZERO;
    type Ranked = Ranked<4>;
    type PairRanked = Ranked<8>;
    type Words = [u64; 4];

    #[inline(always)]
    fn to_words(self) -> [u64; 4] {
        self.words()
    }
    #[inline(always)]
    fn bit(i: u32) -> U256 {
        U256::bit(i)
    }
    #[inline(always)]
    fn test(self, i: u32) -> bool {
        U256::test(self, i)
    }
    #[inline(always)]
    fn clear_lowest(self) -> U256 {
        let mut w = self.w;
        let i = (self.trailing_zeros() >> 6) as usize & 3;
        w[i] &= w[i].wrapping_sub(1);
        U256 { w }
    }
    #[inline(always)]
    fn set_bit(&mut self, i: u32) {
        self.w[(i >> 6) as usize & 3] |= 1 << (i & 63);
    }
    #[inline(always)]
    fn clear_bit(&mut self, i: u32) {
        self.w[(i >> 6) as usize & 3] &= !(1 << (i & 63));
    }
    #[inline(always)]
    fn toggle_bit(&mut self, i: u32) {
        self.w[(i >> 6) as usize & 3] ^= 1 << (i & 63);
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        U256::is_zero(self)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn shl(self, n: u32) -> U256 {
        U256::shl(self, n)
    }
    #[inline(always)]
    fn shr(self, n: u32) -> U256 {
        U256::shr(self, n)
    }
    #[inline(always)]
    fn ranked(self) -> Ranked<4> {
        Ranked::new(self.words())
    }
    #[inline(always)]
    fn ranked_pair(a: U256, b: U256) -> Ranked<8> {
        let (a, b) = (a.words(), b.words());
        Ranked::new([a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]])
    }
    #[inline(always)]
    fn for_each_bit(self, mut f: impl FnMut(u32)) {
        for (i, mut w) in self.words().into_iter().enumerate() {
            let base = 64 * i as u32;
            while w != 0 {
                f(base + w.trailing_zeros());
                w &= w - 1;
            }
        }
    }
    #[inline(always)]
    fn to_u256(self) -> U256 {
        self
    }
    #[inline(always)]
    fn from_u256(b: U256) -> U256 {
        b
    }
}

/// A board size: its bit board, its seats and cells, and the masks that
/// make neighbour steps a few shifts.
pub(crate) trait Geometry: Copy + Clone + fmt::Debug + PartialEq + Eq + Hash + 'static {
    /// The bit board of cells (and of cards: one card per cell at the deal).
    type B: BitBoard;
    /// Every cell.
    const BOARD: Self::B;
    /// Cells not on file `a`.
    const NOT_FILE_A: Self::B;
    /// Cells not on file `m` (that have an east neighbour).
    const NOT_FILE_M: Self::B;
    /// For each cell in index order, where its card comes from in the seat
    /// decks laid end to end (`seat * 52 + position in the shuffled deck`).
    const DEAL_SLOTS: &'static [u8];
    /// The cells dealt to each seat.
    const DEAL_BACKS: &'static [Self::B];
}

/// The seat dealt on cell `i` of a board for `seats` seats: (f + r) mod
/// `seats` (for two seats the chessboard colouring).
pub(crate) const fn deal_seat(i: usize, seats: usize) -> usize {
    (i % 13 + i / 13) % seats
}

/// The deal slot table of a board of `N` cells and `seats` seats.
const fn deal_slots<const N: usize>(seats: usize) -> [u8; N] {
    let mut t = [0u8; N];
    let mut next = [0u8, 52, 104, 156];
    let mut i = 0;
    while i < N {
        let s = deal_seat(i, seats);
        t[i] = next[s];
        next[s] += 1;
        i += 1;
    }
    t
}

/// The cells of file `file` on a board of `ranks` ranks.
const fn file_mask(file: u32, ranks: u32) -> U256 {
    let mut m = U256::ZERO;
    let mut r = 0;
    while r < ranks {
        m = m.or(U256::bit(r * 13 + file));
        r += 1;
    }
    m
}

/// The cells of each seat at the deal.
const fn deal_backs<const S: usize>(cells: usize) -> [U256; S] {
    let mut t = [U256::ZERO; S];
    let mut i = 0;
    while i < cells {
        let s = deal_seat(i, S);
        t[s] = t[s].or(U256::bit(i as u32));
        i += 1;
    }
    t
}

/// The two-player board: 8 ranks, one `u128`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Two;
/// The four-player board: 16 ranks, one [`U256`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Four;
/// The two-player board on a [`U256`]: kept to measure the cost of one
/// wide representation for both sizes (see the crate docs, *Speed*).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TwoWide;

static DEAL_SLOTS_2: [u8; 104] = deal_slots::<104>(2);
static DEAL_SLOTS_4: [u8; 208] = deal_slots::<208>(4);
const BACKS_2: [U256; 2] = deal_backs::<2>(104);
const BACKS_4: [U256; 4] = deal_backs::<4>(208);
static BACKS_2_NARROW: [u128; 2] = [BACKS_2[0].lo(), BACKS_2[1].lo()];
static BACKS_2_WIDE: [U256; 2] = BACKS_2;
static BACKS_4_WIDE: [U256; 4] = BACKS_4;

impl Geometry for Two {
    type B = u128;
    const BOARD: u128 = U256::low_bits(104).lo();
    const NOT_FILE_A: u128 = U256::low_bits(104).and(file_mask(0, 8).not()).lo();
    const NOT_FILE_M: u128 = U256::low_bits(104).and(file_mask(12, 8).not()).lo();
    const DEAL_SLOTS: &'static [u8] = &DEAL_SLOTS_2;
    const DEAL_BACKS: &'static [u128] = &BACKS_2_NARROW;
}

impl Geometry for TwoWide {
    type B = U256;
    const BOARD: U256 = U256::low_bits(104);
    const NOT_FILE_A: U256 = U256::low_bits(104).and(file_mask(0, 8).not());
    const NOT_FILE_M: U256 = U256::low_bits(104).and(file_mask(12, 8).not());
    const DEAL_SLOTS: &'static [u8] = &DEAL_SLOTS_2;
    const DEAL_BACKS: &'static [U256] = &BACKS_2_WIDE;
}

impl Geometry for Four {
    type B = U256;
    const BOARD: U256 = U256::low_bits(208);
    const NOT_FILE_A: U256 = U256::low_bits(208).and(file_mask(0, 16).not());
    const NOT_FILE_M: U256 = U256::low_bits(208).and(file_mask(12, 16).not());
    const DEAL_SLOTS: &'static [u8] = &DEAL_SLOTS_4;
    const DEAL_BACKS: &'static [U256] = &BACKS_4_WIDE;
}

/// The orthogonal neighbours of every cell of `b` on board `G`.
#[inline(always)]
pub(crate) fn neighbours<G: Geometry>(b: G::B) -> G::B {
    let north = b.shl(13) & G::BOARD;
    let east = (b & G::NOT_FILE_M).shl(1);
    let south = b.shr(13);
    let west = (b & G::NOT_FILE_A).shr(1);
    north | east | south | west
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

/// Bits held as `W` words laid end to end (word `i` holds bits `64 i ..`),
/// with their per-byte counts, so that counting takes a multiply per four
/// words and selecting the `k`-th bit a few more (broadword select).
#[derive(Copy, Clone)]
pub(crate) struct Ranked<const W: usize> {
    words: [u64; W],
    bytes: [u64; W],
}

impl<const W: usize> Ranked<W> {
    #[inline(always)]
    pub(crate) fn new(words: [u64; W]) -> Ranked<W> {
        Ranked { words, bytes: words.map(byte_counts) }
    }
}

impl<const W: usize> Rank for Ranked<W> {
    #[inline(always)]
    fn count(&self) -> u32 {
        // Four words of byte counts add up to at most 32 per byte lane, and
        // their total (at most 256 set bits) is summed by one multiply;
        // 256 itself would wrap, so groups of four hold at most 255 bits in
        // every use here (pairs of neighbouring cells, or cells).
        let mut total = 0;
        for chunk in self.bytes.chunks(4) {
            let sum = chunk.iter().fold(0u64, |s, &b| s.wrapping_add(b));
            total += (sum.wrapping_mul(L8) >> 56) as u32;
        }
        total
    }

    #[inline(always)]
    fn select(&self, mut k: u32) -> u32 {
        let mut i = 0;
        if W > 4 {
            // Skip the first four words at once when the bit is past them.
            let sum = self.bytes[..4].iter().fold(0u64, |s, &b| s.wrapping_add(b));
            let c = (sum.wrapping_mul(L8) >> 56) as u32;
            if k >= c {
                k -= c;
                i = 4;
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn ranked_selects_each_bit() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let words = [xorshift(&mut x), xorshift(&mut x) & xorshift(&mut x), xorshift(&mut x), 0];
            let b = U256 { w: [words[0], words[1], words[2], 0] };
            for b in [b, U256::low_bits(208), U256::ZERO, U256::bit(207), b.and(U256::low_bits(104))] {
                let r = BitBoard::ranked(b);
                assert_eq!(r.count(), b.count_ones());
                let mut n = 0;
                b.for_each_bit(|i| {
                    assert_eq!(r.select(n), i);
                    n += 1;
                });
                assert_eq!(n, b.count_ones());
                let narrow = b.lo();
                let r = BitBoard::ranked(narrow);
                assert_eq!(r.count(), narrow.count_ones());
            }
            // Pairs of boards: counts above 255 overall.
            let full = U256::low_bits(200);
            let p = U256::ranked_pair(full, b);
            assert_eq!(p.count(), 200 + b.count_ones());
            assert_eq!(p.select(200), 256 + b.trailing_zeros().min(255));
        }
    }

    #[test]
    fn shifts_cross_the_halves() {
        let b = U256::bit(120);
        assert_eq!(b.shl(13), U256::bit(133));
        assert_eq!(U256::bit(133).shr(13), b);
        assert_eq!(U256::bit(127).shl(1), U256::bit(128));
        assert_eq!(U256::low_bits(208).count_ones(), 208);
        assert_eq!(U256::low_bits(128).count_ones(), 128);
    }

    #[test]
    fn deal_gives_each_seat_its_cells() {
        for backs in BACKS_4 {
            assert_eq!(backs.count_ones(), 52);
        }
        assert_eq!(BACKS_2[0].lo().count_ones(), 52);
        assert_eq!(DEAL_SLOTS_4[0], 0);
        assert_eq!(DEAL_SLOTS_4[1], 52);
        assert_eq!(DEAL_SLOTS_4[13], 55); // after b1, f1, j1
    }
}
