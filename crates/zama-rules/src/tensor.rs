//! The observation tensor rewritten where it changed: what
//! [`Views::observation_tensor_update`](carte_core::Views::observation_tensor_update)
//! does for Zama.
//!
//! A buffer reused from step to step (a `VectorGame` row) holds the tensor
//! of the last state it was written for, of whichever seat. Its entries
//! are 0/1 but for two counters, and all but the identity planes are the
//! bits of a few sets: a seat's backs, the face-up cells, the cells whose
//! card a seat knows, the shifted cells, the peeked cell (a plane each) and
//! the globals. The memo keeps those sets as the buffer holds them; an
//! update compares each new set with the old one and rewrites the entries
//! that differ (bit by bit when a few did, four entries a table read when
//! many did, as when the seat changes).
//!
//! The cells whose card each seat knows come from the cells and the
//! knowledge of before, brought up to date where the plies touched them:
//! the memo keeps a copy of the board's cells and each card's cell; only
//! the cells that differ from the copy (compared eight a word) and the
//! cells of the cards whose knowledge changed are looked at. The identity
//! planes follow from them: the entries of before (the old seat's known
//! cells, with the cards of the copy) are zeroed and the new ones set, but
//! on the untouched cells that both seats know, whose entry stays. An
//! update costs the cells the plies changed and the entries that differ,
//! not the board's size.

use crate::bits::{BitBoard, Geometry};
use crate::engine::{EMPTY, Engine, Ph};

/// Four entries from four bits (bit 0 first).
const NIBBLES: [[f32; 4]; 16] = {
    let mut t = [[0.0; 4]; 16];
    let mut n = 0;
    while n < 16 {
        let mut b = 0;
        while b < 4 {
            t[n][b] = if n >> b & 1 == 1 { 1.0 } else { 0.0 };
            b += 1;
        }
        n += 1;
    }
    t
};

/// Tags a memo of this writer (with the seats and cells in the low bits).
const TAG: u64 = 0x7a61_6d62_0000_0000;

/// No seat: the memo's seat before the first write.
const NO_SEAT: u64 = u64::MAX;

/// Writes the `len` entries of `out` from the bits of `new`, whole: four
/// entries a table read.
#[inline(always)]
fn write_whole(out: &mut [f32], new: &[u64; 4], len: usize) {
    let out = &mut out[..len];
    let whole = len / 4;
    for (q, quad) in out.chunks_exact_mut(4).enumerate() {
        let bits = new[q / 16] >> (4 * (q % 16)) & 0xF;
        quad.copy_from_slice(&NIBBLES[bits as usize]);
    }
    for (i, x) in out.iter_mut().enumerate().skip(4 * whole) {
        *x = (new[i / 64] >> (i % 64) & 1) as f32;
    }
}

/// Rewrites the entries of `out` whose bits differ between `old` and `new`
/// (bits past `out` are not entries).
#[inline(always)]
fn write_changes(out: &mut [f32], old: &[u64; 4], new: &[u64; 4]) {
    for (k, (a, b)) in old.iter().zip(new).enumerate() {
        let mut x = a ^ b;
        while x != 0 {
            let bit = x.trailing_zeros();
            if let Some(entry) = out.get_mut(64 * k + bit as usize) {
                *entry = (b >> bit & 1) as f32;
            }
            x &= x - 1;
        }
    }
}

/// The 52 bits of `w` from bit `at` (a deck's cards).
#[inline(always)]
fn deck_at(w: &[u64; 4], at: usize) -> u64 {
    let (k, s) = (at / 64, at % 64);
    let high = if s == 0 || k + 1 >= 4 { 0 } else { w[k + 1] << (64 - s) };
    (w[k] >> s | high) & ((1 << 52) - 1)
}

/// Sets in `w` the bits of `bits` (at most 64) from bit `at` on.
#[inline(always)]
fn put_at(w: &mut [u64; 4], at: usize, bits: u64) {
    let (k, s) = (at / 64, at % 64);
    w[k] |= bits << s;
    if s != 0 && k + 1 < 4 {
        w[k + 1] |= bits >> (64 - s);
    }
}

/// Entry `i` of the `BITS`-bit fields packed in `words`, lowest first.
#[inline(always)]
fn field<const BITS: usize>(words: &[u64], i: usize) -> usize {
    let per = 64 / BITS;
    words.get(i / per).map_or(0, |w| (w >> (BITS * (i % per)) & ((1 << BITS) - 1)) as usize)
}

/// Sets entry `i` of the `BITS`-bit fields packed in `words` to `v`.
#[inline(always)]
fn set_field<const BITS: usize>(words: &mut [u64], i: usize, v: usize) {
    let per = 64 / BITS;
    if let Some(w) = words.get_mut(i / per) {
        let shift = BITS * (i % per);
        *w = *w & !(((1 << BITS) - 1) << shift) | (v as u64) << shift;
    }
}

/// Calls `f` with the index of every bit set in `words`.
#[inline(always)]
fn each_bit(words: &[u64; 4], mut f: impl FnMut(usize)) {
    for (k, &w) in words.iter().enumerate() {
        let mut x = w;
        while x != 0 {
            f(64 * k + x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
}

impl<G: Geometry, const S: usize, const C: usize> Engine<G, S, C> {
    /// Planes of one entry per cell.
    const P: usize = 2 * S + 54;
    /// Global entries.
    const GLOBALS: usize = 6 + 54 * S;
    /// The sets written as bits: the `S` seats' backs, the face-up cells,
    /// the cells whose card each of the other `S - 1` seats knows, the
    /// shifted cells, the peeked cell (planes `0..S`, then `S+52..2S+54`),
    /// then the globals.
    const SETS: usize = 2 * S + 3;
    /// The memo: a tag, the seat written last; the sets as written (four
    /// words each); the copy of the cells (eight a word); each card's cell
    /// (eight a word); per seat the cards it knew and the cells of those
    /// cards (four words each).
    const HEAD: usize = 2;
    const CELLS: usize = Self::HEAD + 4 * Self::SETS;
    const MAP: usize = Self::CELLS + C / 8;
    const KNEW: usize = Self::MAP + (52 * S).div_ceil(8);
    const KC: usize = Self::KNEW + 4 * S;
    const LEN: usize = Self::KC + 4 * S;

    /// The first entry and the length of set `set`'s entries.
    #[inline(always)]
    const fn span(set: usize) -> (usize, usize) {
        if set < S {
            (set * C, C)
        } else if set < 2 * S + 2 {
            ((set + 52) * C, C)
        } else {
            (Self::P * C, Self::GLOBALS)
        }
    }

    /// Rewrites `out` (of the tensor's length) into seat `me`'s tensor,
    /// where it holds what the call before with `memo` wrote, or anything
    /// when `memo` is not one of this board's (it is then written whole).
    pub(crate) fn tensor_update(&self, me: usize, out: &mut [f32], memo: &mut Vec<u64>) {
        const {
            assert!(
                C.is_multiple_of(8)
                    && C <= 256
                    && 52 * S <= EMPTY as usize
                    && Self::P * C <= 1 << 16
                    && 6 + 54 * S <= 256
                    && G::B::BITS <= 256
                    && Self::SETS <= 11
            )
        };
        let tag = TAG | (S as u64) << 16 | C as u64;
        if memo.len() != Self::LEN || memo[0] != tag {
            memo.clear();
            memo.resize(Self::LEN, 0);
            memo[0] = tag;
            memo[1] = NO_SEAT;
            memo[Self::CELLS..Self::MAP].fill(u64::from_le_bytes([EMPTY; 8]));
            out.fill(0.0);
        }
        let (head, rest) = memo.split_at_mut(Self::HEAD);
        let (sets, rest) = rest.split_at_mut(4 * Self::SETS);
        let (copy, rest) = rest.split_at_mut(C / 8);
        let (map, rest) = rest.split_at_mut((52 * S).div_ceil(8));
        let (knew, rest) = rest.split_at_mut(4 * S);
        let kc = rest;
        // What the identity planes hold: the cards of before on the cells
        // whose card the seat written last knew.
        let mut before = [0u64; 32];
        before[..C / 8].copy_from_slice(copy);
        let last = usize::try_from(head[1]).ok().filter(|&s| s < S);
        let knew_cells: [u64; 4] = core::array::from_fn(|k| last.map_or(0, |s| kc[4 * s + k]));
        // The cells the ply touched: those that differ from the copy
        // (whose cards' cells are brought up to date)...
        let mut touched = [0u64; 4];
        for (j, (old, chunk)) in copy.iter_mut().zip(self.cells.chunks_exact(8)).enumerate() {
            let mut bytes = [0; 8];
            bytes.copy_from_slice(chunk);
            let now = u64::from_le_bytes(bytes);
            let mut diff = *old ^ now;
            *old = now;
            while diff != 0 {
                let b = diff.trailing_zeros() as usize / 8;
                diff &= !(0xFF << (8 * b));
                let cell = 8 * j + b;
                touched[cell / 64] |= 1 << (cell % 64);
                let card = (now >> (8 * b) & 0xFF) as usize;
                if card != usize::from(EMPTY) {
                    set_field::<8>(map, card, cell);
                }
            }
        }
        // ... and those of the cards a seat learned or forgot (a forgotten
        // card left the board: its cell is touched already).
        let known = self.known.map(|k| k.to_u256().w);
        for (then, now) in knew.chunks_exact_mut(4).zip(&known) {
            for (k, (a, &b)) in then.iter_mut().zip(now).enumerate() {
                let mut x = *a ^ b;
                *a = b;
                while x != 0 {
                    let cell = field::<8>(map, 64 * k + x.trailing_zeros() as usize);
                    touched[cell / 64] |= 1 << (cell % 64);
                    x &= x - 1;
                }
            }
        }
        // Whether each seat knows the card on each touched cell.
        each_bit(&touched, |cell| {
            let card = self.cells.get(cell).map_or(usize::from(EMPTY), |&c| usize::from(c));
            let bit = 1u64 << (cell % 64);
            for (cells, words) in kc.chunks_exact_mut(4).zip(&known) {
                let has = words[card / 64 % 4] >> (card % 64) & 1 != 0 && card < 52 * S;
                cells[cell / 64] = cells[cell / 64] & !bit | if has { bit } else { 0 };
            }
        });
        // The new sets.
        // (the four-player board's eleven sets at most).
        let mut new = [[0u64; 4]; 11];
        for (k, set) in new.iter_mut().take(S).enumerate() {
            *set = self.backs[(me + k) % S].to_u256().w;
        }
        new[S] = self.face_up.to_u256().w;
        for k in 1..S {
            let t = (me + k) % S;
            new[S + k].copy_from_slice(&kc[4 * t..4 * t + 4]);
        }
        match self.phase {
            Ph::Shift(shifted) => new[2 * S] = shifted.to_u256().w,
            Ph::Peek(Some(sq)) => new[2 * S + 1] = G::B::bit(sq.index() as u32).to_u256().w,
            _ => {}
        }
        // The globals: phase, seat to move, removed cards by seat.
        let rel = |k: usize| (k + S - me) % S;
        let phase = match self.phase {
            Ph::Attack => 0,
            Ph::Shift(_) => 1,
            Ph::Peek(_) => 2,
            Ph::Over(_) => 3,
        };
        let removed = self.removed.to_u256().w;
        let globals = &mut new[2 * S + 2];
        put_at(globals, phase, 1);
        put_at(globals, 4 + rel(usize::from(self.to_move)), 1);
        for owner in 0..S {
            put_at(globals, 6 + S + 52 * rel(owner), deck_at(&removed, 52 * owner));
        }
        // The sets that differ, rewritten: whole when more than one entry
        // in sixteen changed.
        for (set, (old, new)) in sets.chunks_exact_mut(4).zip(&new).enumerate() {
            if old == new {
                continue;
            }
            let old: &mut [u64; 4] = old.try_into().unwrap_or_else(|_| unreachable!("four words a set"));
            let (base, len) = Self::span(set);
            let changed: u32 = old.iter().zip(new).map(|(a, b)| (a ^ b).count_ones()).sum();
            if 16 * changed as usize > len {
                write_whole(&mut out[base..], new, len);
            } else {
                write_changes(&mut out[base..base + len], old, new);
            }
            *old = *new;
        }
        // The identity planes: the entries of before zeroed, the seat's
        // known cards set, but on the cells whose card did not change and
        // both seats know.
        let mine: [u64; 4] = core::array::from_fn(|k| kc[4 * me + k]);
        let keep: [u64; 4] = core::array::from_fn(|k| knew_cells[k] & mine[k] & !touched[k]);
        let entry = |card: usize, cell: usize| (S + card % 52) * C + cell;
        let zero: [u64; 4] = core::array::from_fn(|k| knew_cells[k] & !keep[k]);
        each_bit(&zero, |cell| {
            if let Some(x) = out.get_mut(entry(field::<8>(&before, cell), cell)) {
                *x = 0.0;
            }
        });
        let one: [u64; 4] = core::array::from_fn(|k| mine[k] & !keep[k]);
        each_bit(&one, |cell| {
            if let Some(&card) = self.cells.get(cell) {
                out[entry(usize::from(card), cell)] = 1.0;
            }
        });
        head[1] = me as u64;
        // The counters, which the globals' set leaves at 0.
        let counters = Self::P * C + 4 + S;
        out[counters] = f32::from(self.passes);
        out[counters + 1] = self.quiet as f32;
    }
}
