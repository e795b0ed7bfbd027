//! The lanes' step in AVX2 instructions, for processors without AVX-512:
//! four games to a 256-bit register, two registers side by side.
//!
//! AVX2 has no bit count for 64-bit lanes, which the plain step
//! ([`Lanes::step`]) takes five of. This step reads the hands' lengths,
//! the places of their queues' sentinels and of their first attack cards
//! from fields it keeps up to date with a few additions, and counts bits
//! once a step (the first attack card of the hand that just attacked, a
//! popcount through byte lookups). The games and their counts are the
//! plain step's exactly.

use core::arch::x86_64::*;

use super::{LANES, Lanes, TRICK_LIMIT};

/// One field of four lanes.
type V = __m256i;

/// The fields of four lanes, as [`Lanes`] holds them.
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
const TRICKS_AT: i32 = 48;

#[inline]
#[target_feature(enable = "avx2")]
fn get(a: &[u64; LANES], at: usize) -> V {
    _mm256_set_epi64x(a[at + 3] as i64, a[at + 2] as i64, a[at + 1] as i64, a[at] as i64)
}

#[inline]
#[target_feature(enable = "avx2")]
fn put(v: V, a: &mut [u64; LANES], at: usize) {
    a[at] = _mm256_extract_epi64::<0>(v) as u64;
    a[at + 1] = _mm256_extract_epi64::<1>(v) as u64;
    a[at + 2] = _mm256_extract_epi64::<2>(v) as u64;
    a[at + 3] = _mm256_extract_epi64::<3>(v) as u64;
}

/// `x` with bit `at` flipped: a hand's sentinel taken off (the step holds
/// the hands without, their lengths being in fields of their own) or put
/// back.
#[inline]
#[target_feature(enable = "avx2")]
fn unmark(x: V, at: V) -> V {
    _mm256_xor_si256(x, _mm256_sllv_epi64(splat(1), at))
}

/// `if m { a } else { b }`, lane by lane (`m` all ones or all zeros).
#[inline]
#[target_feature(enable = "avx2")]
fn sel(m: V, a: V, b: V) -> V {
    _mm256_blendv_epi8(b, a, m)
}

#[inline]
#[target_feature(enable = "avx2")]
fn splat(x: u64) -> V {
    _mm256_set1_epi64x(x as i64)
}

/// The trailing zeros of each lane (at least one bit set in each): the
/// bits below the lowest set one, counted through byte lookups.
#[inline]
#[target_feature(enable = "avx2")]
fn trailing_zeros(x: V) -> V {
    let below = _mm256_andnot_si256(x, _mm256_add_epi64(x, _mm256_set1_epi64x(-1)));
    let nibbles = _mm256_set1_epi8(0x0f);
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
    );
    let lo = _mm256_shuffle_epi8(table, _mm256_and_si256(below, nibbles));
    let hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(below), nibbles));
    _mm256_sad_epu8(_mm256_add_epi8(lo, hi), _mm256_setzero_si256())
}

impl Block {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(l: &Lanes, at: usize) -> Block {
        Block {
            pa: unmark(get(&l.pa, at), get(&l.pl, at)),
            pk: unmark(get(&l.pk, at), get(&l.pn, at)),
            pl: get(&l.pl, at),
            pn: get(&l.pn, at),
            pt: get(&l.pt, at),
            qa: unmark(get(&l.qa, at), get(&l.ql, at)),
            qk: unmark(get(&l.qk, at), get(&l.qn, at)),
            ql: get(&l.ql, at),
            qn: get(&l.qn, at),
            qt: get(&l.qt, at),
            d: get(&l.d, at),
            la: get(&l.la, at),
            lk: get(&l.lk, at),
            lq: get(&l.lq, at),
            ln: get(&l.ln, at),
            lt: get(&l.lt, at),
            counts: _mm256_or_si256(
                _mm256_or_si256(
                    _mm256_slli_epi64::<TRICKS_AT>(get(&l.tricks, at)),
                    _mm256_slli_epi64::<1>(get(&l.cards, at)),
                ),
                get(&l.pa_is_a, at),
            ),
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    /// Stores the lanes, with the game overs `death` and the stops `stop`
    /// of their last step.
    fn store(&self, l: &mut Lanes, at: usize, death: V, stop: V) {
        let one = splat(1);
        put(_mm256_and_si256(death, one), &mut l.over, at);
        put(_mm256_and_si256(stop, one), &mut l.stop, at);
        put(unmark(self.pa, self.pl), &mut l.pa, at);
        put(unmark(self.pk, self.pn), &mut l.pk, at);
        put(self.pl, &mut l.pl, at);
        put(self.pn, &mut l.pn, at);
        put(self.pt, &mut l.pt, at);
        put(unmark(self.qa, self.ql), &mut l.qa, at);
        put(unmark(self.qk, self.qn), &mut l.qk, at);
        put(self.ql, &mut l.ql, at);
        put(self.qn, &mut l.qn, at);
        put(self.qt, &mut l.qt, at);
        put(self.d, &mut l.d, at);
        put(self.la, &mut l.la, at);
        put(self.lk, &mut l.lk, at);
        put(self.lq, &mut l.lq, at);
        put(self.ln, &mut l.ln, at);
        put(self.lt, &mut l.lt, at);
        put(_mm256_srli_epi64::<TRICKS_AT>(self.counts), &mut l.tricks, at);
        let cards = _mm256_srli_epi64::<1>(_mm256_and_si256(self.counts, splat((1 << TRICKS_AT) - 1)));
        put(cards, &mut l.cards, at);
        put(_mm256_and_si256(self.counts, one), &mut l.pa_is_a, at);
    }

    /// One step of the four lanes (see the module docs); the mask of the lanes that stopped.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn step(&mut self) -> (V, V) {
        let one = splat(1);
        let three = splat(3);
        let (pa, pk, pl, pn, pt) = (self.pa, self.pk, self.pl, self.pn, self.pt);
        let (qa, qk, ql, qn, qt) = (self.qa, self.qk, self.ql, self.qn, self.qt);
        let (d, la, lk, lq, ln, lt) = (self.d, self.la, self.lk, self.lq, self.ln, self.lt);
        let add = |a, b| _mm256_add_epi64(a, b);
        let sub = |a, b| _mm256_sub_epi64(a, b);
        let and = |a, b| _mm256_and_si256(a, b);
        let or = |a, b| _mm256_or_si256(a, b);
        let shl = |a, n| _mm256_sllv_epi64(a, n);
        let shr = |a, n| _mm256_srlv_epi64(a, n);
        let gt = |a, b| _mm256_cmpgt_epi64(a, b);
        let eq = |a, b| _mm256_cmpeq_epi64(a, b);

        // The payer's first attack card (or its sentinel, at `pl`).
        let k = pt;
        let c = and(gt(d, k), gt(pl, k));
        let k1 = add(k, one);
        // A counter-attack.
        let kind = and(pk, three);
        let c_qa = shr(pa, k1);
        let pk2 = _mm256_srli_epi64::<2>(pk);
        let c_la = or(la, shl(one, add(ln, k)));
        let c_lk = or(lk, shl(kind, lq));
        // A full payment, the collection and the open play.
        let p2 = shr(pa, d);
        // The payer pays in full and keeps a card (else it loses: it
        // could not pay, or paid with its last card).
        let keeps = gt(pl, d);
        let qa2 = or(qa, shl(la, ql));
        let qk2 = or(qk, shl(lk, qn));
        let ql2 = add(add(ql, ln), d);
        let qn2 = add(qn, lq);
        let pl2 = sub(pl, d);
        let tx = sel(gt(ql, qt), qt, add(ql, lt));
        let ty = sub(k, d);
        // x's event comes at step 2·tx, y's at 2·ty + 1: y's first when
        // ty < tx. Then x turned ty + 1 cards and y ty + 1 (its attack card
        // the last), else x tx + 1 (the last its attack card) and y tx.
        let yf = gt(tx, ty);
        let died = and(yf, eq(ty, pl2));
        let t = sel(yf, ty, tx);
        let nx = add(t, one);
        let ny = sub(t, yf);
        let n = add(nx, ny);
        // (Masked, so that the shifts by them need no range check: they
        // are below 64 in every lane whose outcome is kept.)
        let xa = shr(qa2, and(nx, splat(63)));
        let ya = shr(p2, and(ny, splat(63)));
        let xl = sub(ql2, nx);
        let yl = sub(pl2, ny);
        // The new attacker's demand: the payer's after a counter-attack or
        // when it attacked first in the open play, else the collector's.
        let flip = or(c, yf);
        let kind2 = sel(flip, kind, and(qk2, three));
        let two = splat(2);

        self.pa = sel(c, qa, sel(yf, xa, ya));
        self.pk = sel(c, qk, sel(yf, qk2, pk));
        self.pl = sel(c, ql, sel(yf, xl, yl));
        self.pn = sel(c, qn, sel(yf, qn2, pn));
        self.pt = sel(c, qt, sel(yf, sub(tx, nx), sub(ty, ny)));
        let new_qa = sel(c, c_qa, sel(yf, ya, xa));
        self.qa = new_qa;
        let new_ql = sel(c, sub(pl, k1), sel(yf, yl, xl));
        // Its first attack card, or its length if it has none.
        let tz = trailing_zeros(new_qa);
        self.qt = sel(gt(new_ql, tz), tz, new_ql);
        self.ql = new_ql;
        self.qk = sel(flip, pk2, _mm256_srli_epi64::<2>(qk2));
        self.qn = sub(sel(flip, pn, qn2), two);
        self.d = add(kind2, one);
        let n1 = sub(n, one);
        self.la = sel(c, c_la, shl(one, n1));
        self.lt = sel(c, lt, n1);
        self.lk = sel(c, c_lk, kind2);
        self.lq = add(and(c, lq), two);
        self.ln = sel(c, add(ln, k1), n);
        let death = _mm256_xor_si256(or(c, _mm256_andnot_si256(died, keeps)), splat(u64::MAX));
        // Cards turned: k + 1 on a counter-attack; after a payment, the
        // payer's last cards when it could not pay in full or emptied its
        // hand paying (then `pl` ≤ `d`), else `d` and the open play, less
        // the attack card that did not come when the payer ran out in it.
        let fin = sel(keeps, add(add(d, n), died), pl);
        let cards = sel(c, k1, fin);
        // A trick unless a counter-attack, and one more for the game's
        // final collection when the payer ran out in the open play.
        let extra = and(keeps, and(died, death));
        let tricks = sub(add(one, c), extra);
        let counts = add(self.counts, add(_mm256_slli_epi64::<1>(cards), _mm256_slli_epi64::<TRICKS_AT>(tricks)));
        // The payer is A after a counter-attack when the other was; after a
        // payment when the collector attacked first and the payer stays, or
        // the payer attacked first and the collector pays. At a game over
        // it keeps naming the old payer, whose other (the collector) won.
        let counts = _mm256_xor_si256(counts, _mm256_andnot_si256(death, and(flip, one)));
        self.counts = counts;
        (death, or(death, gt(counts, splat((TRICK_LIMIT << TRICKS_AT) - 1))))
    }
}

/// Steps every lane of `lanes` until it stops (a game over or a long
/// game, as [`Lanes::step`] says), each block of four until one of its
/// lanes does; at least one step.
#[target_feature(enable = "avx2")]
pub(crate) fn steps_until_stop(lanes: &mut Lanes) {
    for at in [0, 4] {
        let mut block = Block::load(lanes, at);
        loop {
            let (death, stop) = block.step();
            if _mm256_testz_si256(stop, stop) == 0 {
                block.store(lanes, at, death, stop);
                break;
            }
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
    use crate::search::{has_avx2, stream_avx2};

    /// Plays `deals` through the AVX2 lanes, checking every result against
    /// [`PackedDeal::play`] and that each deal is reported once; `false`
    /// when the processor has no AVX2 (nothing is checked then).
    fn agrees(deals: &[PackedDeal]) -> bool {
        if !has_avx2() {
            return false;
        }
        let mut seen = vec![false; deals.len()];
        let mut next = deals.iter();
        // SAFETY: the only requirement of a `target_feature` function is
        // that the processor has the features, which `has_avx2` checked.
        #[allow(unsafe_code)]
        unsafe {
            stream_avx2(
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

    /// The AVX2 lanes give the one-at-a-time engine's results, for the
    /// presets' deals, a custom deck's and one with many attack cards.
    #[test]
    fn avx2_lanes_agree_with_the_engine() {
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
    fn avx2_lanes_hand_long_games_to_the_engine() {
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
