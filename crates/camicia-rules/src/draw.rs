//! Random deals drawn straight into the packed form: Floyd's subset of
//! attack positions and a shuffle of their kinds, from batched exact
//! bounded draws.

use crate::deck::Deck;
use crate::fast_rng::FastRng;
use crate::packed::PackedDeal;
use crate::preset::Preset;

impl PackedDeal {
    /// A uniformly random full deal of `preset`, drawn straight into the
    /// packed form: the positions of the attack cards are a uniformly
    /// random subset of the deck's positions (Floyd's algorithm, one draw
    /// per attack card), and the attack cards are arranged on them by a
    /// uniform Fisher–Yates shuffle of their kinds; the first half of the
    /// positions is A's hand. Every arrangement of the deck is thus equally
    /// likely. The bounded draws are exact (Lemire's method) and share
    /// 64-bit words of `rng` ([`FastRng::next_word`]), several to a word:
    /// three words for a Beggar-my-neighbour deal, barring a rare redraw.
    /// The same generator state gives the same deal, forever; not the deal
    /// [`Deal::random`](crate::Deal::random) gives.
    #[inline]
    pub fn draw(preset: Preset, rng: &mut FastRng) -> PackedDeal {
        let (mask, queue) = match preset {
            Preset::Camicia => draw_packed::<40, 12>(&CAMICIA_PLAN, rng),
            Preset::BeggarMyNeighbour => draw_packed::<52, 16>(&BMN_PLAN, rng),
        };
        PackedDeal { deck: Deck::of(preset), mask, queue }
    }

    /// A uniformly random deal of `deck`, drawn straight into the packed
    /// form as [`PackedDeal::draw`] draws a preset's deal (Floyd's subset
    /// of attack positions, a Fisher–Yates shuffle of their kinds), with
    /// one exact bounded draw per word of `rng`. For a preset's own deck
    /// this is [`PackedDeal::draw`] (the same deals from the same state).
    ///
    /// ```
    /// use camicia_rules::{Deck, FastRng, PackedDeal, Preset};
    ///
    /// let deck = Deck::parse(Preset::Camicia, "14,2,2,2")?;
    /// let deal = PackedDeal::draw_of(&deck, &mut FastRng::new(1)).deal();
    /// assert!(deal.is_deal_of(&deck));
    /// # Ok::<(), camicia_rules::DeckError>(())
    /// ```
    pub fn draw_of(deck: &Deck, rng: &mut FastRng) -> PackedDeal {
        if deck.is_preset_deck() {
            return PackedDeal::draw(deck.preset(), rng);
        }
        let n = deck.len() as u64;
        let k = deck.attacks() as u64;
        let mut mask = 0u64;
        for j in n - k..n {
            let t = below(rng, j + 1);
            let bit = 1u64 << t;
            mask |= if mask & bit != 0 { 1 << j } else { bit };
        }
        let mut queue = 0u64;
        let mut at = 0;
        for (kind, &c) in deck.counts().iter().enumerate().skip(1) {
            for _ in 0..c {
                queue |= (kind as u64 - 1) << at;
                at += 2;
            }
        }
        for i in (1..k).rev() {
            let j = below(rng, i + 1);
            let x = (queue >> (2 * i) ^ queue >> (2 * j)) & 3;
            queue ^= x << (2 * i) | x << (2 * j);
        }
        PackedDeal { deck: *deck, mask, queue }
    }
}

/// How the presets' deals are drawn.
const CAMICIA_PLAN: DrawPlan = DrawPlan::new::<40, 12>(Preset::Camicia.deck_counts());
const BMN_PLAN: DrawPlan = DrawPlan::new::<52, 16>(Preset::BeggarMyNeighbour.deck_counts());

/// Deals a [`DrawBatch`] draws side by side.
const BATCH: usize = 8;

/// Random deals of a preset drawn [`BATCH`] at a time, side by side in
/// vector registers where the processor has them, and handed out one by
/// one: the deals [`PackedDeal::draw`] gives one after another, the same
/// deals in the same order, leaving the generator in the same state.
///
/// A deal is [`DrawPlan::batches`] words of the generator unless one of
/// its batches is drawn again; since the generator is a counter, the words
/// of the next [`BATCH`] deals are known in advance
/// ([`FastRng::peek`]), and all of their bounded draws, subsets and
/// shuffles are computed lane by lane, one deal a lane. When a deal of
/// them needs a redraw, the deals before it are kept, and that one is
/// drawn by [`PackedDeal::draw`] (so it is its own deal exactly).
pub(crate) struct DrawBatch {
    preset: Preset,
    /// Whether to draw side by side, and compiled for which processor.
    wide: Wide,
    deals: [PackedDeal; BATCH],
    /// The next deal to hand out, and the deals held.
    at: usize,
    len: usize,
}

/// How a [`DrawBatch`] draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wide {
    Avx512,
    Avx2,
    /// One deal after another ([`PackedDeal::draw`]).
    No,
}

impl DrawBatch {
    /// Draws of `preset`, side by side on the vector lanes of the search's
    /// speed path ([`crate::search::speed_path`]), else one after another.
    pub(crate) fn new(preset: Preset) -> DrawBatch {
        use crate::search::{SpeedPath, speed_path};
        let wide = match speed_path() {
            SpeedPath::Avx512Lanes => Wide::Avx512,
            SpeedPath::Avx2Lanes => Wide::Avx2,
            _ => Wide::No,
        };
        DrawBatch { preset, wide, deals: [PackedDeal::EMPTY; BATCH], at: 0, len: 0 }
    }

    /// The next deal from `rng`, of `left` the caller will ask for (this one
    /// included): a batch is drawn only when all of it will be handed out,
    /// so the generator ends where the deals drawn one by one leave it.
    #[inline(always)]
    pub(crate) fn next(&mut self, rng: &mut FastRng, left: u64) -> PackedDeal {
        if self.at == self.len {
            if left < BATCH as u64 || self.wide == Wide::No {
                return PackedDeal::draw(self.preset, rng);
            }
            self.len = self.refill(rng);
            self.at = 0;
            if self.len == 0 {
                return PackedDeal::draw(self.preset, rng);
            }
        }
        self.at += 1;
        self.deals[self.at - 1]
    }

    /// Draws up to [`BATCH`] deals into `deals`; how many.
    #[inline(never)]
    fn refill(&mut self, rng: &mut FastRng) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: the only requirement of a `target_feature` function
            // is that the processor has the features, which `speed_path`
            // checked before choosing the path.
            #[allow(unsafe_code)]
            match self.wide {
                Wide::Avx512 => return unsafe { draw_batch_avx512(self.preset, rng, &mut self.deals) },
                Wide::Avx2 => return unsafe { draw_batch_avx2(self.preset, rng, &mut self.deals) },
                Wide::No => {}
            }
        }
        draw_batch(self.preset, rng, &mut self.deals)
    }
}

/// [`draw_batch`] for processors with AVX-512 (as [`crate::search::stream_avx512`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vl,avx512dq,avx512bw,avx2,bmi1,bmi2,lzcnt,popcnt")]
fn draw_batch_avx512(preset: Preset, rng: &mut FastRng, out: &mut [PackedDeal; BATCH]) -> usize {
    draw_batch(preset, rng, out)
}

/// [`draw_batch`] for processors with AVX2 (as [`crate::search::stream_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn draw_batch_avx2(preset: Preset, rng: &mut FastRng, out: &mut [PackedDeal; BATCH]) -> usize {
    draw_batch(preset, rng, out)
}

/// The next [`BATCH`] deals of `preset` from `rng` into `out`, as
/// [`PackedDeal::draw`] draws them one after another, up to the first that
/// needs a redraw; how many, `rng` drawn past them.
#[inline(always)]
fn draw_batch(preset: Preset, rng: &mut FastRng, out: &mut [PackedDeal; BATCH]) -> usize {
    let (plan, (masks, queues, redrawn)) = match preset {
        Preset::Camicia => (&CAMICIA_PLAN, draw_lanes::<40, 12>(&CAMICIA_PLAN, rng)),
        Preset::BeggarMyNeighbour => (&BMN_PLAN, draw_lanes::<52, 16>(&BMN_PLAN, rng)),
    };
    let kept = redrawn.trailing_zeros() as usize;
    let deck = Deck::of(preset);
    for (o, (&mask, &queue)) in out.iter_mut().zip(masks.iter().zip(&queues)).take(kept) {
        *o = PackedDeal { deck, mask, queue };
    }
    rng.skip((kept * plan.batches) as u64);
    kept
}

/// `x · b` for `b` below 2^31, as its high word (the digit) and its low
/// word (what the next digit of the batch is drawn from), from two 32-bit
/// multiplications, which vector units have where 64-bit ones are missing
/// or slow: `x · b = (hi · b) · 2^32 + lo · b`, and the low half of
/// `lo · b` cannot carry into the high word.
#[inline(always)]
fn mul_small(x: u64, b: u64) -> (u64, u64) {
    // (Masked to tell the compiler that both factors fit 32 bits, so that
    // it takes the vector units' 32-bit multiply, `vpmuludq`.)
    let b = b & 0xFFFF_FFFF;
    let lo = (x & 0xFFFF_FFFF) * b;
    let hi = (x >> 32) * b;
    ((hi + (lo >> 32)) >> 32, lo.wrapping_add(hi << 32))
}

/// [`draw_packed`] for the [`BATCH`] deals that follow in `rng` (which is
/// not drawn from), assuming no batch of them is drawn again: their masks
/// and queues, and bit `i` set when deal `i` has a batch that must be
/// drawn again (its result is then not that deal; nor are the later ones).
/// Lane by lane, with no branch, for the compiler to vectorise: each loop
/// over the deals is one vector operation. The digits of a batch are drawn
/// one after another, as Lemire's method states them (the low word of each
/// product is the next digit's), which costs no multiplication by a
/// 64-bit constant and keeps the loops over the deals innermost.
#[inline(always)]
fn draw_lanes<const N: u32, const K: u32>(plan: &DrawPlan, rng: &FastRng) -> ([u64; BATCH], [u64; BATCH], u32) {
    let batches = plan.batches;
    let mut redraw = [false; BATCH];
    let mut digits = [[0u64; BATCH]; 32];
    let mut start = 0;
    for b in 0..batches {
        let mut x = [0u64; BATCH];
        for (lane, w) in x.iter_mut().enumerate() {
            *w = rng.peek((lane * batches + b) as u64);
        }
        for (row, &bound) in digits[start..plan.ends[b]].iter_mut().zip(&plan.bounds[start..plan.ends[b]]) {
            for (d, x) in row.iter_mut().zip(x.iter_mut()) {
                (*d, *x) = mul_small(*x, bound);
            }
        }
        // The last low word is `word · product`.
        for (r, &x) in redraw.iter_mut().zip(&x) {
            *r |= x < plan.thresholds[b];
        }
        start = plan.ends[b];
    }
    let mut masks = [0u64; BATCH];
    for (i, row) in digits[..K as usize].iter().enumerate() {
        let j = N - K + i as u32;
        for (mask, &t) in masks.iter_mut().zip(row) {
            let bit = 1u64 << t;
            *mask |= if *mask & bit != 0 { 1 << j } else { bit };
        }
    }
    let mut queues = [plan.kinds; BATCH];
    for (i, row) in (1..u64::from(K)).rev().zip(&digits[K as usize..]) {
        for (queue, &j) in queues.iter_mut().zip(row) {
            let x = (*queue >> (2 * i) ^ *queue >> (2 * j)) & 3;
            *queue ^= x << (2 * i) | x << (2 * j);
        }
    }
    let redrawn = redraw.iter().enumerate().fold(1 << BATCH, |m, (i, &r)| m | u32::from(r) << i);
    (masks, queues, redrawn)
}

/// A uniform draw below `bound` (at least 1) by Lemire's method.
fn below(rng: &mut FastRng, bound: u64) -> u64 {
    loop {
        let m = u128::from(rng.next_word()) * u128::from(bound);
        if (m as u64) >= bound.wrapping_neg() % bound {
            return (m >> 64) as u64;
        }
    }
}

/// How [`draw_packed`] draws a deal of `N` cards with `K` attack cards,
/// worked out at compile time.
struct DrawPlan {
    /// The bounds of the draws: `j + 1` for `j` in `N − K..N` (Floyd's
    /// algorithm), then `K`, `K − 1`, ..., `2` (a Fisher–Yates shuffle of
    /// the kinds).
    bounds: [u64; 32],
    /// For each draw, the product of the bounds before it in its batch
    /// (1 for the first of a batch).
    before: [u64; 32],
    /// The batches of draws: the end of each in `bounds` and the product
    /// of its bounds (at most 2^56); `batches` of them.
    ends: [usize; 4],
    products: [u64; 4],
    batches: usize,
    /// For each batch, `2^64 mod product`: the batch is drawn again when
    /// its last low half falls below it.
    thresholds: [u64; 4],

    /// The kinds less one of the attack cards in deck order, two bits each.
    kinds: u64,
}

impl DrawPlan {
    const fn new<const N: u32, const K: u32>(counts: [u8; 5]) -> DrawPlan {
        let mut plan = DrawPlan {
            bounds: [0; 32],
            before: [0; 32],
            ends: [0; 4],
            products: [0; 4],
            batches: 0,
            thresholds: [0; 4],
            kinds: 0,
        };
        let mut i = 0;
        while i < K {
            plan.bounds[i as usize] = (N - K + i + 1) as u64;
            i += 1;
        }
        let mut j = 0;
        while j + 1 < K {
            plan.bounds[(K + j) as usize] = (K - j) as u64;
            j += 1;
        }
        let total = (2 * K - 1) as usize;
        let mut end = 0;
        while end < total {
            let mut product = 1u64;
            while end < total && product * plan.bounds[end] <= 1 << 56 {
                plan.before[end] = product;
                product *= plan.bounds[end];
                end += 1;
            }
            plan.ends[plan.batches] = end;
            plan.products[plan.batches] = product;
            plan.thresholds[plan.batches] = product.wrapping_neg() % product;
            plan.batches += 1;
        }
        let mut at = 0;
        let mut kind = 1;
        while kind < 5 {
            let mut c = 0;
            while c < counts[kind] {
                plan.kinds |= (kind as u64 - 1) << at;
                at += 2;
                c += 1;
            }
            kind += 1;
        }
        assert!(at == 2 * K);
        plan
    }
}

/// A uniformly random full deal of `preset` (`N` cards, `K` attack cards)
/// in packed form: the mask of the attack positions, the queue of their
/// kinds less one (two bits each, in position order) and `K`.
///
/// The positions are Floyd's uniform `K`-subset of `0..N`; the kinds, in
/// deck order, get a Fisher–Yates shuffle inside the register. The `2K − 1`
/// bounded draws come from a few 64-bit words ([`FastRng::next_word`]):
/// they are taken in batches whose bounds multiply to at most 2^56, and a
/// batch is the mixed-radix digits of one draw below that product by
/// Lemire's method (multiply the word by each bound in turn, keeping the
/// high half as the digit and the low half for the next; the last low half
/// is `word · product mod 2^64`, and the batch is drawn again when it falls
/// below `2^64 mod product`). Exactly uniform; a batch is redrawn with
/// probability below 2^-8. The low half before a digit is `word` times the
/// bounds before it, mod 2^64, so each digit is computed from the word
/// alone (two multiplications by constants), all of them at once rather
/// than one after another.
#[inline(always)]
fn draw_packed<const N: u32, const K: u32>(plan: &DrawPlan, rng: &mut FastRng) -> (u64, u64) {
    let mut digits = [0u64; 32];
    let mut start = 0;
    for (&end, &product) in plan.ends[..plan.batches].iter().zip(&plan.products) {
        loop {
            let word = rng.next_word();
            let draws = digits[start..end].iter_mut().zip(&plan.bounds[start..end]).zip(&plan.before[start..end]);
            for ((o, &b), &before) in draws {
                *o = ((u128::from(word.wrapping_mul(before)) * u128::from(b)) >> 64) as u64;
            }
            let x = word.wrapping_mul(product);
            if x >= product || x >= product.wrapping_neg() % product {
                break;
            }
        }
        start = end;
    }
    let mut mask = 0u64;
    for (i, &t) in digits[..K as usize].iter().enumerate() {
        let j = N - K + i as u32;
        let bit = 1u64 << t;
        mask |= if mask & bit != 0 { 1 << j } else { bit };
    }
    let mut queue = plan.kinds;
    for (i, &j) in (1..u64::from(K)).rev().zip(&digits[K as usize..]) {
        let x = (queue >> (2 * i) ^ queue >> (2 * j)) & 3;
        queue ^= x << (2 * i) | x << (2 * j);
    }
    (mask, queue)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The batches give the deals drawn one after another, deal for deal,
    /// on every way of drawing the processor has (redraws included: one
    /// Camicia deal in about 400 has one, one Beggar-my-neighbour deal in
    /// about 2,400), and leave the generator where
    /// those leave it.
    #[test]
    fn batches_draw_the_deals_one_after_another() {
        let mut ways = vec![Wide::No];
        if crate::search::has_avx2() {
            ways.push(Wide::Avx2);
        }
        if crate::search::has_avx512() {
            ways.push(Wide::Avx512);
        }
        for preset in Preset::ALL {
            for &wide in &ways {
                let mut batch = DrawBatch { wide, ..DrawBatch::new(preset) };
                let (mut one, mut many) = (FastRng::new(11), FastRng::new(11));
                let deals = 20_000 + 5;
                let mut batched = 0;
                for left in (1..=deals).rev() {
                    let was = batch.at;
                    assert_eq!(batch.next(&mut many, left), PackedDeal::draw(preset, &mut one), "{preset} {left}");
                    // A batch was drawn for this deal.
                    batched += usize::from(batch.at == 1 && was != 0);
                }
                assert_eq!(one, many);
                assert!(wide == Wide::No || batched > 100);
            }
        }
    }

    /// Some batches hold a deal that is drawn again (so the test above
    /// sees redraws).
    #[test]
    fn some_batches_are_redrawn() {
        let mut rng = FastRng::new(11);
        let mut short = 0;
        let mut out = [PackedDeal::EMPTY; BATCH];
        for _ in 0..2500 {
            let kept = draw_batch(Preset::Camicia, &mut rng, &mut out);
            if kept < BATCH {
                short += 1;
                PackedDeal::draw(Preset::Camicia, &mut rng);
            }
        }
        // About 50 expected.
        assert!(short > 20, "{short}");
    }
}
