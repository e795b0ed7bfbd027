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
            Preset::Camicia => {
                const PLAN: DrawPlan = DrawPlan::new::<40, 12>(Preset::Camicia.deck_counts());
                draw_packed::<40, 12>(&PLAN, rng)
            }
            Preset::BeggarMyNeighbour => {
                const PLAN: DrawPlan = DrawPlan::new::<52, 16>(Preset::BeggarMyNeighbour.deck_counts());
                draw_packed::<52, 16>(&PLAN, rng)
            }
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
    /// The kinds less one of the attack cards in deck order, two bits each.
    kinds: u64,
}

impl DrawPlan {
    const fn new<const N: u32, const K: u32>(counts: [u8; 5]) -> DrawPlan {
        let mut plan =
            DrawPlan { bounds: [0; 32], before: [0; 32], ends: [0; 4], products: [0; 4], batches: 0, kinds: 0 };
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
