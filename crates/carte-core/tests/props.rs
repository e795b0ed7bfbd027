//! Property tests of the core vocabulary: parsing never panics, shuffles are
//! permutations, bounded draws stay in bounds.

use carte_core::{Card, FRENCH_52, ItalianCard, below, deal_rng, shuffle_seeded, shuffled};
use proptest::prelude::*;

proptest! {
    #[test]
    fn parsing_any_text_never_panics(s in "\\PC{0,6}") {
        if let Ok(c) = s.parse::<Card>() {
            prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        if let Ok(c) = s.parse::<ItalianCard>() {
            prop_assert_eq!(c.to_string().parse::<ItalianCard>().unwrap(), c);
        }
    }

    #[test]
    fn shuffles_are_permutations(seed in any::<u64>(), len in 0usize..200) {
        let mut v: Vec<usize> = (0..len).collect();
        shuffle_seeded(&mut v, seed);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (0..len).collect::<Vec<_>>());
    }

    #[test]
    fn seeded_deals_repeat(seed in any::<u64>()) {
        prop_assert_eq!(shuffled(FRENCH_52, seed), shuffled(FRENCH_52, seed));
    }

    #[test]
    fn below_stays_below(seed in any::<u64>(), n in 1u32..) {
        let mut rng = deal_rng(seed);
        for _ in 0..8 {
            prop_assert!(below(&mut rng, n) < n);
        }
    }
}
