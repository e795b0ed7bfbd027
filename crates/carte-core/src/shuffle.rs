//! The seeded shuffle: the same deal for the same seed, on every platform and
//! in every future version of this crate.
//!
//! Three pieces, each pinned down here rather than borrowed from `rand`, whose
//! `shuffle` and `random_range` make no promise of value stability across
//! versions:
//!
//! 1. **The generator.** [`DealRng`] is ChaCha with 8 rounds
//!    ([`rand_chacha::ChaCha8Rng`]), a fully specified stream cipher. A `u64`
//!    seed becomes its 32-byte key as the seed's 8 little-endian bytes followed
//!    by 24 zero bytes ([`deal_rng`]); the stream and nonce are zero.
//! 2. **Bounded sampling.** [`below`] draws a uniform integer in `0..n` from
//!    32-bit outputs with Lemire's multiply-and-reject method: take
//!    `m = x * n` as a 64-bit product of a fresh `u32` `x`; if the low 32 bits
//!    of `m` are below `2^32 mod n`, reject and draw again; otherwise return
//!    the high 32 bits. The result is exactly uniform.
//! 3. **The shuffle.** [`shuffle`] is Fisher-Yates from the back: for `i` from
//!    `len - 1` down to `1`, swap element `i` with element `below(i + 1)`.
//!
//! ```
//! use carte_core::{shuffled, FRENCH_52};
//!
//! let a = shuffled(FRENCH_52, 7);
//! let b = shuffled(FRENCH_52, 7);
//! assert_eq!(a, b); // same seed, same deal, forever
//! assert_ne!(a, shuffled(FRENCH_52, 8));
//! ```

use rand::{Rng, SeedableRng};

/// The generator behind every seeded deal: ChaCha8.
pub type DealRng = rand_chacha::ChaCha8Rng;

/// The generator for `seed`: ChaCha8 keyed with the seed's little-endian
/// bytes followed by 24 zero bytes.
///
/// ```
/// use carte_core::deal_rng;
/// use carte_core::rand::Rng;
///
/// let (mut a, mut b) = (deal_rng(9), deal_rng(9));
/// assert_eq!(a.next_u64(), b.next_u64()); // the same stream for the same seed
/// ```
pub fn deal_rng(seed: u64) -> DealRng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    DealRng::from_seed(key)
}

/// A uniform integer in `0..n`, by Lemire's multiply-and-reject method on
/// 32-bit draws (see the [module docs](self)).
///
/// # Panics
///
/// Panics if `n == 0`, which has no value to return.
///
/// ```
/// use carte_core::{below, deal_rng};
///
/// let mut rng = deal_rng(1);
/// let die = below(&mut rng, 6) + 1;
/// assert!((1..=6).contains(&die));
/// ```
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    assert!(n > 0, "below(0) has no value to return");
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        // 2^32 mod n, computed in 32 bits.
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// A uniform `f64` in `[0, 1)` from the top 53 bits of one 64-bit draw.
///
/// ```
/// use carte_core::{deal_rng, shuffle::unit_f64};
///
/// let u = unit_f64(&mut deal_rng(3));
/// assert!((0.0..1.0).contains(&u));
/// ```
#[inline]
pub fn unit_f64<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Shuffles `items` in place with Fisher-Yates driven by [`below`], using
/// any generator the caller brings.
///
/// With a [`DealRng`] this is exactly [`shuffle_seeded`]'s permutation.
///
/// ```
/// use carte_core::{deal_rng, shuffle, shuffle_seeded};
///
/// let mut a = [1, 2, 3, 4, 5];
/// let mut b = a;
/// shuffle(&mut a, &mut deal_rng(11));
/// shuffle_seeded(&mut b, 11);
/// assert_eq!(a, b);
/// ```
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    debug_assert!(u32::try_from(items.len()).is_ok(), "slices longer than u32::MAX are not shuffled");
    for i in (1..items.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

/// Shuffles `items` in place with the generator of `seed`.
///
/// ```
/// use carte_core::{shuffle_seeded, Card, FRENCH_52};
///
/// let mut hand: Vec<Card> = FRENCH_52[..13].to_vec();
/// shuffle_seeded(&mut hand, 4);
/// assert_eq!(hand.len(), 13);
/// ```
pub fn shuffle_seeded<T>(items: &mut [T], seed: u64) {
    shuffle(items, &mut deal_rng(seed));
}

/// A shuffled copy of a deck, e.g. `shuffled(FRENCH_52, seed)`.
///
/// ```
/// use carte_core::{shuffled, ITALIAN_40};
///
/// let deck = shuffled(ITALIAN_40, 2026);
/// assert_eq!(deck, shuffled(ITALIAN_40, 2026));
/// assert_ne!(deck, ITALIAN_40);
/// ```
pub fn shuffled<T, const N: usize>(mut deck: [T; N], seed: u64) -> [T; N] {
    shuffle_seeded(&mut deck, seed);
    deck
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Card, FRENCH_52, ITALIAN_40};

    fn ascii(cards: &[Card]) -> String {
        cards.iter().map(|c| format!("{c:#}")).collect::<Vec<_>>().join(" ")
    }

    /// The key layout and ChaCha8 stream are part of the promise.
    #[test]
    fn golden_generator_stream() {
        let mut rng = deal_rng(0);
        let words: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(words, GOLDEN_STREAM_0);
    }

    #[test]
    fn golden_french_deals() {
        for (seed, expected) in GOLDEN_FRENCH {
            assert_eq!(ascii(&shuffled(FRENCH_52, seed)), expected, "seed {seed}");
        }
    }

    #[test]
    fn golden_italian_deal() {
        let deal = shuffled(ITALIAN_40, 42);
        let text = deal.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(text, GOLDEN_ITALIAN_42);
    }

    #[test]
    fn below_is_in_range_and_hits_every_value() {
        let mut rng = deal_rng(1);
        for n in [1u32, 2, 3, 7, 40, 52, 1 << 31, u32::MAX] {
            for _ in 0..200 {
                assert!(below(&mut rng, n) < n);
            }
        }
        let mut seen = [false; 7];
        for _ in 0..500 {
            seen[below(&mut rng, 7) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// A generator that returns the words it is given, in order.
    struct Script(Vec<u32>);

    impl rand::TryRng for Script {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0.remove(0))
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.0.remove(0)))
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unimplemented!()
        }
    }

    #[test]
    fn below_rejects_the_biased_zone() {
        // A generator whose first word lands in the rejection zone for n = 3
        // (low product bits < 2^32 mod 3 = 1): x = 0 gives m = 0, rejected.
        let mut rng = Script(vec![0, u32::MAX]);
        assert_eq!(below(&mut rng, 3), 2);
        assert!(rng.0.is_empty());
    }

    /// Module docs, step 2: a draw is rejected only when the low 32 bits of
    /// `m` are *below* `2^32 mod n`; a low half equal to it is kept, and so
    /// is one below `n` but not below the bound. (The threshold is computed
    /// only for a low half below `n`, since `2^32 mod n < n`.)
    #[test]
    fn below_keeps_a_low_half_at_the_threshold() {
        // n = 3: 2^32 mod 3 = 1. x = 2863311531 gives m = 2 * 2^32 + 1: low
        // half 1, kept (a single word is consumed), high half 2.
        let mut rng = Script(vec![2_863_311_531]);
        assert_eq!(below(&mut rng, 3), 2);
        // n = 5: 2^32 mod 5 = 1. x = 858993460 gives m = 2^32 + 4: low half
        // 4, below n but not below the bound: kept, high half 1.
        let mut rng = Script(vec![858_993_460]);
        assert_eq!(below(&mut rng, 5), 1);
        // n = 2^31 + 1: 2^32 mod n = 2^31 - 1. x = 1 gives low half n, kept;
        // x = 2 gives m = 2^32 + 2, low half 2: rejected, then x = 1 kept.
        let n = (1u32 << 31) + 1;
        assert_eq!(below(&mut Script(vec![1]), n), 0);
        let mut rng = Script(vec![2, 1]);
        assert_eq!(below(&mut rng, n), 0);
        assert!(rng.0.is_empty());
    }

    #[test]
    fn shuffle_is_a_permutation_and_uniform_enough() {
        let mut counts = [[0u32; 4]; 4];
        let mut rng = deal_rng(9);
        for _ in 0..8000 {
            let mut v = [0usize, 1, 2, 3];
            shuffle(&mut v, &mut rng);
            let mut sorted = v;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3]);
            for (pos, &x) in v.iter().enumerate() {
                counts[x][pos] += 1;
            }
        }
        // Each of 16 cells expects 2000; 5 sigma is about 190.
        for row in counts {
            for c in row {
                assert!((1800..2200).contains(&c), "{counts:?}");
            }
        }
    }

    #[test]
    fn caller_rng_matches_seeded_path() {
        let mut a = FRENCH_52;
        shuffle(&mut a, &mut deal_rng(5));
        assert_eq!(a, shuffled(FRENCH_52, 5));
    }

    // Golden data computed by the independent Python reference
    // `tests/data/chacha8_reference.py` (ChaCha8, Lemire, Fisher-Yates written
    // from this module's documentation), not by this code.
    const GOLDEN_STREAM_0: [u32; 4] = [0x2fef003e, 0xd6405f89, 0xe8b85b7f, 0xa1a5091f];
    const GOLDEN_FRENCH: [(u64, &str); 3] = [
        (
            0,
            "Kh 6h 3h 6s 8c Jd Ts 3d Qs As 2s Js Qh 5d 9d 8h 7h Th 9h 5s Ad 6d Ah 4c 9s 9c 4h 7c Kc 3s 8d 3c Td 2d Qc 2c Ks 2h Ac Kd 5c 4d 8s 7d 6c Qd Jc Jh 5h 7s 4s Tc",
        ),
        (
            1,
            "Ks 4s Td 3c Th 9d Ac Kh Kd Ad Js Qc Jc 2c 8d 5h 2s As Qd 4d 9h 9s 5c 8c 6d Jd 8h 2h 7c 4c 6h Ah 3d Tc Ts 5d 4h 5s 3h Kc 6c 9c Jh 6s 7s 3s Qh Qs 2d 8s 7d 7h",
        ),
        (
            0xDEAD_BEEF,
            "Jd 3c 8d 9h 4s Jh 5d 7c 5h Js 6h Qh 9s Th 7h Td Qc 2c Ts Kc Ad Ks 4c 2d 3d Ah 2s 3s 6s 5c 8h 5s Kd Kh Qd Ac 8s 3h 8c 6c As 6d 2h 4d 7s 9c 7d 4h Tc 9d Qs Jc",
        ),
    ];
    const GOLDEN_ITALIAN_42: &str = "5s 4b Cc Fb Fc Rd Rc 3s 6d Rs Ab 2b 7s 2s Fs Cs 6b 5b 2d Ac 7d 4s 7b 6c 7c 3b Cb 5c 2c 3c 6s Cd 3d As Fd 5d Ad Rb 4d 4c";
}
