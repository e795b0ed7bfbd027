//! Listing attacks and shifts without a branch a move: the one place of
//! this crate with `unsafe` code.
//!
//! The moves between neighbours are two bit sets of pairs (horizontal and
//! vertical, by low cell) and a set saying which end of each pair the move
//! starts from. A move is written as its four bytes: tag, from, to, zero
//! ([`Move`] is `repr(C, u8)`, so that layout is the language's, not a
//! guess). The pairs are taken four at a time (a nibble of the set): a
//! table gives the four moves of each nibble and direction nibble, packed
//! to the front, relative to the nibble's first cell; adding the cell (one
//! addition of four lanes) and storing all four lanes (one store) lists
//! the nibble's moves, and the next nibble starts where its last move
//! ended. Each pass is a fixed number of nibbles, so no branch depends on
//! the position. The loop it replaces, a move at a time, stopped at each
//! word's last bit and mispredicted about once a word: cachegrind counted
//! 10.4 mispredicted branches a four-player ply of random play, 3.9 now.

use core::mem::MaybeUninit;

use crate::moves::Move;

/// The tag byte of [`Move::Attack`] (its discriminant, under `repr(C, u8)`).
pub(crate) const ATTACK_TAG: u32 = 0;
/// The tag byte of [`Move::Shift`].
pub(crate) const SHIFT_TAG: u32 = 1;

/// Adding one to the cell of both the from and the to byte.
const CELL: u32 = 0x0001_0100;

/// Slots a listing may touch: every pair bit of the largest board
/// (2 × 208 cells) and the three lanes past the last.
const SLOTS: usize = 512 + 4;

/// The moves of each nibble of pairs `step` cells apart: entry
/// `mask | dir << 4` holds the moves of the set bits of `mask` in bit order,
/// relative to the nibble's first cell, each from its low cell where `dir`
/// has the bit (`[from, to] = [lo, lo + step]`), else from its high cell.
/// Lanes past the count are zero: with the cell added, the move from the
/// nibble's first cell to itself, still a valid `Move` for `write4`.
const fn nibble_moves(step: u32) -> [[u32; 4]; 256] {
    let mut t = [[0u32; 4]; 256];
    let mut i = 0;
    while i < 256 {
        let (mask, dir) = (i & 15, i >> 4);
        let mut lane = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask >> bit & 1 == 1 {
                let lo = bit as u32 * CELL;
                t[i][lane] = if dir >> bit & 1 == 1 { lo + (step << 16) } else { lo + (step << 8) };
                lane += 1;
            }
            bit += 1;
        }
        i += 1;
    }
    t
}

static ACROSS: [[u32; 4]; 256] = nibble_moves(1);
static UP: [[u32; 4]; 256] = nibble_moves(13);

/// Bits set in the low nibble of each table index.
static COUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i & 15).count_ones() as u8;
        i += 1;
    }
    t
};

/// The low nibble of every byte.
const LOW_NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;

/// Sets `out` to the moves of the pairs `h` (horizontal) then `v`
/// (vertical) of a board of `cells` cells, each from the low cell where
/// `from_low` has its bit, as attacks or shifts (`tag`); returns the count.
/// The words are the bit sets' 64-bit words, lowest first.
#[inline(always)]
pub(crate) fn pairs<const CELLS: usize>(
    out: &mut Vec<Move>,
    h: &[u64],
    v: &[u64],
    from_low: &[u64],
    tag: u32,
) -> usize {
    out.clear();
    out.reserve(SLOTS);
    let Some(Ok(slots)) = out.spare_capacity_mut().get_mut(..SLOTS).map(<&mut [_; SLOTS]>::try_from) else {
        unreachable!("`reserve` made room for {SLOTS} moves")
    };
    const { assert!(2 * CELLS + 4 <= SLOTS) };
    let k = half(slots, 0, h, from_low, CELLS as u32, tag, &ACROSS);
    // No vertical pair starts on the top rank.
    let k = half(slots, k, v, from_low, CELLS as u32 - 13, tag, &UP);
    // SAFETY: `half` wrote a valid move to every slot below `k` (the
    // last write to each slot was a move of its step), and `k` (at most one
    // a pair bit, 416 for the largest board) is within the capacity
    // reserved.
    #[allow(unsafe_code)]
    unsafe {
        out.set_len(k);
    }
    k
}

/// Lists the moves of one set of pairs, whose low cells are below `cells`,
/// into `slots` from `k` on; returns the slot after the last.
#[inline(always)]
fn half(
    slots: &mut [MaybeUninit<Move>; SLOTS],
    mut k: usize,
    pairs: &[u64],
    from_low: &[u64],
    cells: u32,
    tag: u32,
    table: &[[u32; 4]; 256],
) -> usize {
    // The tag and the nibble's first cell, the same in every lane. Lanes
    // written out, no array `map`s or iterators over arrays: the same
    // instructions optimised (callgrind), and much faster unoptimised (the
    // debug builds of `cargo test`, where walk strategies list the moves
    // at every ply).
    let mut cell = tag;
    for (wi, (&w, &f)) in pairs.iter().zip(from_low).enumerate() {
        // The table index of each nibble, a byte each: even nibbles in
        // `even`, odd ones in `odd`.
        let even = (w & LOW_NIBBLES) | (f & LOW_NIBBLES) << 4;
        let odd = (w >> 4 & LOW_NIBBLES) | (f & !LOW_NIBBLES);
        let bytes = (cells as usize).saturating_sub(wi * 64).div_ceil(8).min(8);
        let mut b = 0;
        while b < bytes {
            k = nibble(slots, k, table, (even >> (8 * b)) as u8, cell);
            k = nibble(slots, k, table, (odd >> (8 * b)) as u8, cell + 4 * CELL);
            cell += 8 * CELL;
            b += 1;
        }
    }
    k
}

/// Lists the moves of the nibble of table index `index` whose first cell
/// (with the tag) is `cell`, at slot `k`; returns the slot after the last.
#[inline(always)]
fn nibble(slots: &mut [MaybeUninit<Move>; SLOTS], k: usize, table: &[[u32; 4]; 256], index: u8, cell: u32) -> usize {
    let rel = &table[usize::from(index)];
    write4(slots, k & 511, [rel[0] + cell, rel[1] + cell, rel[2] + cell, rel[3] + cell]);
    k + usize::from(COUNT[usize::from(index)])
}

/// Writes four moves, given as their bytes (tag, from, to, 0) in `u32`
/// lanes, to `slots[at..at + 4]`.
#[inline(always)]
fn write4(slots: &mut [MaybeUninit<Move>; SLOTS], at: usize, lanes: [u32; 4]) {
    let Some(dst) = slots.get_mut(at..at + 4) else {
        return;
    };
    let lanes = [lanes[0].to_le(), lanes[1].to_le(), lanes[2].to_le(), lanes[3].to_le()];
    // SAFETY: `dst` is four `Move` slots, 16 bytes aligned to 4. Each lane
    // is a valid `Move` in its `repr(C, u8)` layout: byte 0 the tag of
    // `Attack` or `Shift`, bytes 1 and 2 two `Square`s (`repr(transparent)`
    // over `u8`: any byte), byte 3 padding.
    #[allow(unsafe_code)]
    unsafe {
        dst.as_mut_ptr().cast::<[u32; 4]>().write(lanes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;
    use carte_core::deal_rng;
    use rand::Rng;

    /// The moves of the set bits, one at a time: the order and the moves
    /// `list` must give.
    fn reference(sets: [&[u64]; 2], from_low: &[u64], tag: u32) -> Vec<Move> {
        let mut out = Vec::new();
        for (set, step) in sets.into_iter().zip([1, 13]) {
            for (wi, &w) in set.iter().enumerate() {
                for bit in 0..64 {
                    if w >> bit & 1 == 1 {
                        let lo = wi as u32 * 64 + bit;
                        let (a, b) = (Square::from_bit_index(lo), Square::from_bit_index(lo + step));
                        let (from, to) = if from_low[wi] >> bit & 1 == 1 { (a, b) } else { (b, a) };
                        out.push(if tag == ATTACK_TAG { Move::Attack { from, to } } else { Move::Shift { from, to } });
                    }
                }
            }
        }
        out
    }

    /// Random words with bits only below `cells` (the words of a set of
    /// pairs), a quarter, half or three quarters of them set, or all.
    fn words<const W: usize>(rng: &mut impl Rng, cells: u32, density: u32) -> [u64; W] {
        core::array::from_fn(|wi| {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let w = [a & b, a, a | b, !0][density as usize % 4];
            let below = cells.saturating_sub(wi as u32 * 64).min(64);
            if below == 64 { w } else { w & ((1u64 << below) - 1) }
        })
    }

    fn check<const W: usize, const CELLS: usize>() {
        let cells = CELLS as u32;
        let mut rng = deal_rng(u64::from(cells));
        // One buffer throughout, as `legal_moves` callers reuse theirs.
        let mut out = vec![Move::Pass; 3];
        for case in 0..4000 {
            let (h, v) = (words::<W>(&mut rng, cells, case), words::<W>(&mut rng, cells - 13, case / 4));
            let from_low: [u64; W] = core::array::from_fn(|_| rng.next_u64());
            let tag = if case % 2 == 0 { ATTACK_TAG } else { SHIFT_TAG };
            let expected = reference([&h, &v], &from_low, tag);
            assert_eq!(pairs::<CELLS>(&mut out, &h, &v, &from_low, tag), expected.len(), "case {case}");
            assert_eq!(out, expected, "case {case}");
        }
    }

    #[test]
    fn lists_the_bits_in_order_two_players() {
        check::<2, 104>();
    }

    #[test]
    fn lists_the_bits_in_order_four_players() {
        check::<4, 208>();
    }
}
