//! The lanes' step in AVX-512 instructions: the eight games in one 512-bit
//! register a field, the conditions in mask registers.
//!
//! The step is the AVX2 step's ([`super::avx2`]): the hands' lengths, the
//! places of their queues' sentinels and of their first attack cards are
//! kept in fields of their own, so a step counts bits once (the first
//! attack card of the hand that just attacked) where the plain step
//! ([`Lanes::step`]) counts them five times. With the conditions in mask
//! registers, a choice between two outcomes is one masked move, and the
//! step holds all its fields in registers (AVX-512 has 32) from one stop to
//! the next. The games and their counts are the plain step's exactly.

use core::arch::x86_64::*;

use super::{Lanes, TRICK_LIMIT};

/// One field of the eight lanes.
type V = __m512i;

/// A condition, one bit a lane.
type M = __mmask8;

/// The fields of the eight lanes, as [`Lanes`] holds them.
struct Block {
    pa: V,
    pk: V,
    pl: V,
    pn: V,
    pt: V,
    qa: V,
    qk: V,
    ql: V,
    qn: V,
    qt: V,
    d: V,
    la: V,
    lk: V,
    lq: V,
    ln: V,
    lt: V,
    /// The counts in one word: tricks from bit 48, cards from bit 1 (a
    /// lane stops within [`TRICK_LIMIT`] tricks, long before the cards
    /// reach bit 48), and bit 0 set when the payer is A.
    counts: V,
}

/// Where the tricks stand in [`Block::counts`].
const TRICKS_AT: u32 = 48;

#[inline]
#[target_feature(enable = "avx512f")]
fn get(a: &[u64; 8]) -> V {
    let w = a.map(|x| x as i64);
    _mm512_set_epi64(w[7], w[6], w[5], w[4], w[3], w[2], w[1], w[0])
}

#[inline]
#[target_feature(enable = "avx512f,avx2")]
fn put(v: V, a: &mut [u64; 8]) {
    let (lo, hi) = (_mm512_extracti64x4_epi64::<0>(v), _mm512_extracti64x4_epi64::<1>(v));
    a[0] = _mm256_extract_epi64::<0>(lo) as u64;
    a[1] = _mm256_extract_epi64::<1>(lo) as u64;
    a[2] = _mm256_extract_epi64::<2>(lo) as u64;
    a[3] = _mm256_extract_epi64::<3>(lo) as u64;
    a[4] = _mm256_extract_epi64::<0>(hi) as u64;
    a[5] = _mm256_extract_epi64::<1>(hi) as u64;
    a[6] = _mm256_extract_epi64::<2>(hi) as u64;
    a[7] = _mm256_extract_epi64::<3>(hi) as u64;
}

#[inline]
#[target_feature(enable = "avx512f")]
fn splat(x: u64) -> V {
    _mm512_set1_epi64(x as i64)
}

/// `x` with bit `at` flipped: a hand's sentinel taken off (the step holds
/// the hands without, their lengths being in fields of their own) or put
/// back.
#[inline]
#[target_feature(enable = "avx512f")]
fn unmark(x: V, at: V) -> V {
    _mm512_xor_si512(x, _mm512_sllv_epi64(splat(1), at))
}

/// `if m { a } else { b }`, lane by lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn sel(m: M, a: V, b: V) -> V {
    _mm512_mask_blend_epi64(m, b, a)
}

/// The trailing zeros of each lane, 64 for a lane of zeros: the bits
/// below the lowest set one, counted from the top.
#[inline]
#[target_feature(enable = "avx512f,avx512cd")]
fn trailing_zeros(x: V) -> V {
    let below = _mm512_andnot_si512(x, _mm512_add_epi64(x, splat(u64::MAX)));
    _mm512_sub_epi64(splat(64), _mm512_lzcnt_epi64(below))
}

impl Block {
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load(l: &Lanes) -> Block {
        Block {
            pa: unmark(get(&l.pa), get(&l.pl)),
            pk: unmark(get(&l.pk), get(&l.pn)),
            pl: get(&l.pl),
            pn: get(&l.pn),
            pt: get(&l.pt),
            qa: unmark(get(&l.qa), get(&l.ql)),
            qk: unmark(get(&l.qk), get(&l.qn)),
            ql: get(&l.ql),
            qn: get(&l.qn),
            qt: get(&l.qt),
            d: get(&l.d),
            la: get(&l.la),
            lk: get(&l.lk),
            lq: get(&l.lq),
            ln: get(&l.ln),
            lt: get(&l.lt),
            counts: _mm512_or_si512(
                _mm512_or_si512(_mm512_slli_epi64::<TRICKS_AT>(get(&l.tricks)), _mm512_slli_epi64::<1>(get(&l.cards))),
                get(&l.pa_is_a),
            ),
        }
    }

    /// Stores the lanes, with the game overs `death` and the stops `stop`
    /// of their last step.
    #[inline]
    #[target_feature(enable = "avx512f,avx2")]
    fn store(&self, l: &mut Lanes, death: M, stop: M) {
        let one = splat(1);
        put(_mm512_maskz_mov_epi64(death, one), &mut l.over);
        put(_mm512_maskz_mov_epi64(stop, one), &mut l.stop);
        put(unmark(self.pa, self.pl), &mut l.pa);
        put(unmark(self.pk, self.pn), &mut l.pk);
        put(self.pl, &mut l.pl);
        put(self.pn, &mut l.pn);
        put(self.pt, &mut l.pt);
        put(unmark(self.qa, self.ql), &mut l.qa);
        put(unmark(self.qk, self.qn), &mut l.qk);
        put(self.ql, &mut l.ql);
        put(self.qn, &mut l.qn);
        put(self.qt, &mut l.qt);
        put(self.d, &mut l.d);
        put(self.la, &mut l.la);
        put(self.lk, &mut l.lk);
        put(self.lq, &mut l.lq);
        put(self.ln, &mut l.ln);
        put(self.lt, &mut l.lt);
        put(_mm512_srli_epi64::<TRICKS_AT>(self.counts), &mut l.tricks);
        let cards = _mm512_srli_epi64::<1>(_mm512_and_si512(self.counts, splat((1 << TRICKS_AT) - 1)));
        put(cards, &mut l.cards);
        put(_mm512_and_si512(self.counts, one), &mut l.pa_is_a);
    }

    /// One step of the eight lanes (the AVX2 step's, line by line); the
    /// lanes whose game ended, and those that stopped.
    #[inline]
    #[target_feature(enable = "avx512f,avx512cd")]
    fn step(&mut self) -> (M, M) {
        let one = splat(1);
        let two = splat(2);
        let three = splat(3);
        let (pa, pk, pl, pn, pt) = (self.pa, self.pk, self.pl, self.pn, self.pt);
        let (qa, qk, ql, qn, qt) = (self.qa, self.qk, self.ql, self.qn, self.qt);
        let (d, la, lk, lq, ln, lt) = (self.d, self.la, self.lk, self.lq, self.ln, self.lt);
        let add = |a, b| _mm512_add_epi64(a, b);
        let sub = |a, b| _mm512_sub_epi64(a, b);
        let and = |a, b| _mm512_and_si512(a, b);
        let or = |a, b| _mm512_or_si512(a, b);
        // The left shifts' counts are below 64 in every lane whose outcome
        // is kept (a deal has at most 52 cards); masked to say so, since
        // LLVM otherwise guards each shift with a compare.
        let shl = |a, n| _mm512_sllv_epi64(a, _mm512_and_si512(n, splat(63)));
        let shr = |a, n| _mm512_srlv_epi64(a, n);
        let gt = |a, b| _mm512_cmpgt_epi64_mask(a, b);

        // The payer's first attack card (or its sentinel, at `pl`).
        let k = pt;
        let c: M = _mm512_mask_cmpgt_epi64_mask(gt(d, k), pl, k);
        let k1 = add(k, one);
        // A counter-attack.
        let kind = and(pk, three);
        let c_qa = shr(pa, k1);
        let pk2 = _mm512_srli_epi64::<2>(pk);
        let c_la = or(la, shl(one, add(ln, k)));
        let c_lk = or(lk, shl(kind, lq));
        // A full payment, the collection and the open play.
        let p2 = shr(pa, d);
        let keeps: M = gt(pl, d);
        let qa2 = or(qa, shl(la, ql));
        let qk2 = or(qk, shl(lk, qn));
        let ql2 = add(add(ql, ln), d);
        let qn2 = add(qn, lq);
        let pl2 = sub(pl, d);
        // `qt` is at most `ql`: the collector's first attack card, else the
        // pile's.
        let tx = _mm512_mask_add_epi64(qt, _mm512_cmpeq_epi64_mask(qt, ql), qt, lt);
        let ty = sub(k, d);
        let yf: M = gt(tx, ty);
        let died: M = _mm512_mask_cmpeq_epi64_mask(yf, ty, pl2);
        let t = sel(yf, ty, tx);
        let nx = add(t, one);
        let ny = _mm512_mask_add_epi64(t, yf, t, one);
        let n = add(nx, ny);
        // Shifts by 64 or more give 0, here as in the AVX2 step (and those
        // lanes' outcomes are not kept).
        let xa = shr(qa2, nx);
        let ya = shr(p2, ny);
        let xl = sub(ql2, nx);
        let yl = sub(pl2, ny);
        let flip: M = c | yf;
        let kind2 = sel(flip, kind, and(qk2, three));

        self.pa = sel(c, qa, sel(yf, xa, ya));
        self.pk = sel(c, qk, sel(yf, qk2, pk));
        self.pl = sel(c, ql, sel(yf, xl, yl));
        self.pn = sel(c, qn, sel(yf, qn2, pn));
        self.pt = sel(c, qt, sel(yf, sub(tx, nx), sub(ty, ny)));
        let new_qa = sel(c, c_qa, sel(yf, ya, xa));
        self.qa = new_qa;
        let new_ql = sel(c, sub(pl, k1), sel(yf, yl, xl));
        // Its first attack card, or its length if it has none.
        self.qt = _mm512_min_epi64(new_ql, trailing_zeros(new_qa));
        self.ql = new_ql;
        self.qk = sel(flip, pk2, _mm512_srli_epi64::<2>(qk2));
        self.qn = sub(sel(flip, pn, qn2), two);
        self.d = add(kind2, one);
        let n1 = sub(n, one);
        self.la = sel(c, c_la, shl(one, n1));
        self.lt = sel(c, lt, n1);
        self.lk = sel(c, c_lk, kind2);
        self.lq = _mm512_mask_add_epi64(two, c, lq, two);
        self.ln = sel(c, add(ln, k1), n);
        let death: M = !(c | (keeps & !died));
        // Cards turned (as in the AVX2 step): k + 1 on a counter-attack;
        // after a payment, the payer's last cards when it could not pay in
        // full or emptied its hand paying, else `d` and the open play, less
        // the attack card that did not come when the payer ran out in it.
        let dn = add(d, n);
        let fin = sel(keeps, _mm512_mask_sub_epi64(dn, died, dn, one), pl);
        let cards = sel(c, k1, fin);
        // A trick unless a counter-attack, and one more for the game's
        // final collection when the payer ran out in the open play.
        let trick = splat(1 << TRICKS_AT);
        let tricks = _mm512_maskz_mov_epi64(!c, trick);
        let tricks = _mm512_mask_add_epi64(tricks, keeps & died & death, tricks, trick);
        let counts = add(self.counts, add(_mm512_slli_epi64::<1>(cards), tricks));
        // The payer is A after a counter-attack when the other was; after a
        // payment when the collector attacked first and the payer stays, or
        // the payer attacked first and the collector pays. At a game over
        // it keeps naming the old payer, whose other (the collector) won.
        let counts = _mm512_mask_xor_epi64(counts, flip & !death, counts, one);
        self.counts = counts;
        (death, death | gt(counts, splat((TRICK_LIMIT << TRICKS_AT) - 1)))
    }
}

/// Steps every lane of `lanes` until one stops (a game over or a long
/// game, as [`Lanes::step`] says); at least one step.
#[target_feature(enable = "avx512f,avx512cd,avx2")]
pub(crate) fn steps_until_stop(lanes: &mut Lanes) {
    let mut block = Block::load(lanes);
    loop {
        let (death, stop) = block.step();
        if stop != 0 {
            block.store(lanes, death, stop);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::deal::Deal;
    use crate::deck::Deck;
    use crate::fast_rng::FastRng;
    use crate::packed::PackedDeal;
    use crate::preset::{EndRule, Preset};
    use crate::result::PlayResult;
    use crate::search::{has_avx512, stream_avx512};

    /// Plays `deals` through the AVX-512 lanes, checking every result
    /// against [`PackedDeal::play`] and that each deal is reported once;
    /// `false` when the processor has no AVX-512 (nothing is checked then).
    fn agrees(deals: &[PackedDeal]) -> bool {
        if !has_avx512() {
            return false;
        }
        let mut seen = vec![false; deals.len()];
        let mut next = deals.iter();
        // SAFETY: the only requirement of a `target_feature` function is
        // that the processor has the features, which `has_avx512` checked.
        #[allow(unsafe_code)]
        unsafe {
            stream_avx512(
                || next.next().copied(),
                |index, deal, result| {
                    let i = index as usize;
                    assert!(!seen[i], "deal {index} reported twice");
                    seen[i] = true;
                    assert_eq!(*deal, deals[i]);
                    assert_eq!(*result, deal.play(EndRule::Standard), "deal {}", deal.deal());
                },
            );
        }
        assert!(seen.iter().all(|&s| s));
        true
    }

    /// The AVX-512 lanes give the one-at-a-time engine's results, for the
    /// presets' deals, a custom deck's and one with many attack cards.
    #[test]
    fn avx512_lanes_agree_with_the_engine() {
        let decks = [
            Deck::of(Preset::BeggarMyNeighbour),
            Deck::of(Preset::Camicia),
            Deck::parse(Preset::Camicia, "14,2,2,2").expect("a deck"),
            Deck::parse(Preset::BeggarMyNeighbour, "21,8,8,8,7").expect("a deck"),
        ];
        for deck in decks {
            let mut rng = FastRng::new(7);
            let deals: Vec<PackedDeal> = (0..5000).map(|_| PackedDeal::draw_of(&deck, &mut rng)).collect();
            if !agrees(&deals) {
                return;
            }
        }
        // Fewer deals than lanes.
        let mut rng = FastRng::new(8);
        let few: Vec<PackedDeal> = (0..3).map(|_| PackedDeal::draw(Preset::Camicia, &mut rng)).collect();
        agrees(&few);
    }

    /// A deal that outlasts the lanes' trick limit is handed over to the
    /// one-at-a-time engine: the first non-terminating Beggar-my-neighbour
    /// deal, among random ones, comes out as the engine's loop.
    #[test]
    fn avx512_lanes_hand_long_games_to_the_engine() {
        let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA")
            .expect("a valid deal");
        let looping = PackedDeal::pack(&deal).expect("a full deal");
        let mut rng = FastRng::new(3);
        let mut deals: Vec<PackedDeal> =
            (0..40).map(|_| PackedDeal::draw(Preset::BeggarMyNeighbour, &mut rng)).collect();
        deals[5] = looping;
        deals[33] = looping;
        assert!(matches!(looping.play(EndRule::Standard), PlayResult::Loop { cycle_tricks: 62, .. }));
        agrees(&deals);
    }
}
