//! The observation tensor rewritten where it changed: what
//! [`Views::observation_tensor_update`](carte_core::Views::observation_tensor_update)
//! does for Zama.
//!
//! A buffer reused from step to step (a `VectorGame` row) holds the tensor
//! of the last state it was written for, of whichever seat. The tensor's
//! entries are 0/1 but for two counters, and almost all of them are the
//! bits of a few sets of cells (a plane per set) or of one set of globals.
//! The memo keeps those sets as the buffer holds them; an update builds the
//! new sets from the engine's bit boards, compares them set by set, and
//! writes only the entries of the sets that differ: bit by bit when a few
//! changed, four entries at a time from a table when many did (a seat's
//! backs when the seat to act changes).
//!
//! The identity planes need each known card's cell: the memo keeps a copy
//! of the board's cells and a map from card to cell, brought up to date by
//! comparing the copy with the board eight cells at a time.

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
const TAG: u64 = 0x7a61_6d61_0000_0000;

/// Writes the `len` entries of `out` from the bits of `new`, whole: four
/// entries a table read.
#[inline(always)]
fn write_whole(out: &mut [f32], new: &[u64], len: usize) {
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

/// Rewrites the entries of `out` whose bits differ between `old` and `new`.
#[inline(always)]
fn write_changes(out: &mut [f32], old: &[u64], new: &[u64]) {
    for (k, (a, b)) in old.iter().zip(new).enumerate() {
        let mut x = a ^ b;
        while x != 0 {
            let bit = x.trailing_zeros();
            out[64 * k + bit as usize] = (b >> bit & 1) as f32;
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

impl<G: Geometry, const S: usize, const C: usize> Engine<G, S, C> {
    /// Words of one bit set.
    const W: usize = G::B::BITS as usize / 64;
    /// Planes of one entry per cell.
    const P: usize = 2 * S + 54;
    /// Global entries.
    const GLOBALS: usize = 6 + 54 * S;
    /// The memo: a tag, the sets present (a bit per set), the seat
    /// written last, the sets (the planes, then the globals), the copy of
    /// the cells (eight a word), the cell of each card (a word each), then
    /// per seat: the cards it knew, the cells of those cards by identity
    /// (52 sets), the cells of all of them, the identities with a cell.
    const SETS: usize = 3;
    const CELLS: usize = Self::SETS + (Self::P + 1) * Self::W;
    const MAP: usize = Self::CELLS + C.div_ceil(8);
    const KNEW: usize = Self::MAP + 52 * S;
    const IDS: usize = Self::KNEW + S * Self::W;
    const KNOWN: usize = Self::IDS + 52 * S * Self::W;
    const IDMASK: usize = Self::KNOWN + S * Self::W;
    const LEN: usize = Self::IDMASK + S;

    /// Rewrites `out` (of the tensor's length) into seat `me`'s tensor,
    /// where it holds what the call before with `memo` wrote, or anything
    /// when `memo` is not one of this board's (it is then written whole).
    pub(crate) fn tensor_update(&self, me: usize, out: &mut [f32], memo: &mut Vec<u64>) {
        const { assert!(2 * S + 55 <= 64 && 6 + 54 * S <= G::B::BITS as usize && C <= 256) };
        let tag = TAG | (S as u64) << 16 | C as u64;
        if memo.len() != Self::LEN || memo[0] != tag {
            memo.clear();
            memo.resize(Self::LEN, 0);
            memo[0] = tag;
            memo[Self::CELLS..Self::MAP].fill(u64::from_le_bytes([EMPTY; 8]));
            out.fill(0.0);
        }
        let w = Self::W;
        let (head, rest) = memo.split_at_mut(Self::CELLS);
        let (cells, rest) = rest.split_at_mut(C.div_ceil(8));
        let (map, rest) = rest.split_at_mut(52 * S);
        let (knew, rest) = rest.split_at_mut(S * w);
        let (ids, rest) = rest.split_at_mut(52 * S * w);
        let (known, idmask) = rest.split_at_mut(S * w);
        let (seen, sets) = head.split_at_mut(Self::SETS);
        // The seat's own planes move when the seat changes: then the sets
        // of backs and the globals (removed cards by seat) are written
        // whole, the others where they changed.
        let moved = seen[2] != me as u64;
        seen[2] = me as u64;
        let present = &mut seen[1];
        // The cards whose cell or knowledge changed: those on the cells
        // that changed, before and now, and those a seat learned or lost.
        let mut dirty = [0u64; 4];
        let mut now_cells = [0u64; 32];
        for ((copy, now), chunk) in cells.iter().zip(now_cells.iter_mut()).zip(self.cells.chunks(8)) {
            let mut bytes = [EMPTY; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            *now = u64::from_le_bytes(bytes);
            let mut diff = *copy ^ *now;
            while diff != 0 {
                let b = diff.trailing_zeros() / 8 * 8;
                diff &= !(0xFF << b);
                for card in [*copy >> b & 0xFF, *now >> b & 0xFF] {
                    if card != u64::from(EMPTY) {
                        dirty[card as usize / 64] |= 1 << (card % 64);
                    }
                }
            }
        }
        for t in 0..S {
            let then = &knew[t * w..(t + 1) * w];
            for (d, (a, b)) in dirty.iter_mut().zip(then.iter().zip(self.known[t].to_words().as_ref())) {
                *d |= a ^ b;
            }
        }
        // Their cells as they were taken out (the map of before, the
        // knowledge of before), the map and knowledge brought up to date,
        // their cells as they are put in.
        let toggle = |knew: &[u64], map: &[u64], ids: &mut [u64], known: &mut [u64]| {
            for (k, &word) in dirty.iter().enumerate().take(w.min(4)) {
                let mut x = word;
                while x != 0 {
                    let card = 64 * k + x.trailing_zeros() as usize;
                    x &= x - 1;
                    let cell = map[card] as usize;
                    let bit = 1u64 << (cell % 64);
                    for t in 0..S {
                        if knew[t * w + k] >> (card % 64) & 1 != 0 {
                            ids[(t * 52 + card % 52) * w + cell / 64] ^= bit;
                            known[t * w + cell / 64] ^= bit;
                        }
                    }
                }
            }
        };
        toggle(knew, map, ids, known);
        for (j, (copy, &now)) in cells.iter_mut().zip(&now_cells).enumerate() {
            let mut diff = *copy ^ now;
            *copy = now;
            while diff != 0 {
                let b = diff.trailing_zeros() / 8 * 8;
                diff &= !(0xFF << b);
                let card = now >> b & 0xFF;
                if card != u64::from(EMPTY) {
                    map[card as usize] = (8 * j + b as usize / 8) as u64;
                }
            }
        }
        for t in 0..S {
            knew[t * w..(t + 1) * w].copy_from_slice(self.known[t].to_words().as_ref());
        }
        toggle(knew, map, ids, known);
        for (k, &word) in dirty.iter().enumerate().take(w.min(4)) {
            let mut x = word;
            while x != 0 {
                let id = (64 * k + x.trailing_zeros() as usize) % 52;
                x &= x - 1;
                for t in 0..S {
                    let cells = &ids[(t * 52 + id) * w..(t * 52 + id + 1) * w];
                    let any = cells.iter().any(|&c| c != 0);
                    idmask[t] = idmask[t] & !(1 << id) | u64::from(any) << id;
                }
            }
        }
        // The new sets.
        let mut new = [[0u64; 4]; 64];
        let mut now = 0u64;
        let mut put = |set: usize, bits: &[u64], new: &mut [[u64; 4]; 64]| {
            if bits.iter().any(|&b| b != 0) {
                new[set][..w].copy_from_slice(bits);
                now |= 1 << set;
            }
        };
        for k in 0..S {
            put(k, self.backs[(me + k) % S].to_words().as_ref(), &mut new);
        }
        put(S + 52, self.face_up.to_words().as_ref(), &mut new);
        match self.phase {
            Ph::Shift(shifted) => put(2 * S + 52, shifted.to_words().as_ref(), &mut new),
            Ph::Peek(Some(sq)) => put(2 * S + 53, G::B::bit(sq.index() as u32).to_words().as_ref(), &mut new),
            _ => {}
        }
        let mut x = idmask[me];
        while x != 0 {
            let id = x.trailing_zeros() as usize;
            x &= x - 1;
            put(S + id, &ids[(me * 52 + id) * w..(me * 52 + id + 1) * w], &mut new);
        }
        for k in 1..S {
            let t = (me + k) % S;
            put(S + 52 + k, &known[t * w..(t + 1) * w], &mut new);
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
        let mut globals = [0u64; 4];
        put_at(&mut globals, phase, 1);
        put_at(&mut globals, 4 + rel(usize::from(self.to_move)), 1);
        for owner in 0..S {
            put_at(&mut globals, 6 + S + 52 * rel(owner), deck_at(&removed, 52 * owner));
        }
        new[Self::P] = globals;
        now |= 1 << Self::P;
        // The sets that differ, rewritten.
        let mut either = *present | now;
        while either != 0 {
            let set = either.trailing_zeros() as usize;
            either &= either - 1;
            let old = &mut sets[set * Self::W..(set + 1) * Self::W];
            let new = &new[set][..Self::W];
            if old == new {
                continue;
            }
            let (base, len) = if set < Self::P { (set * C, C) } else { (Self::P * C, Self::GLOBALS) };
            if moved && (set < S || set == Self::P) {
                write_whole(&mut out[base..], new, len);
            } else {
                write_changes(&mut out[base..base + len], old, new);
            }
            old.copy_from_slice(new);
        }
        *present = now;
        // The counters, which the globals' set leaves at 0.
        let counters = Self::P * C + 4 + S;
        out[counters] = f32::from(self.passes);
        out[counters + 1] = self.quiet as f32;
    }
}
