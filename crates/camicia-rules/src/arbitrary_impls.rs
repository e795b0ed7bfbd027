//! `arbitrary::Arbitrary` (feature `arbitrary`, for cargo-fuzz) for the
//! types a derive cannot build: a deck is a preset and counts that
//! `Deck::custom` accepts.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::deck::Deck;
use crate::preset::Preset;

impl<'a> Arbitrary<'a> for Deck {
    /// A preset's full deck, or a custom deck of up to 60 cards.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Deck> {
        let preset = Preset::arbitrary(u)?;
        if u.ratio(1u8, 2u8)? {
            return Ok(Deck::of(preset));
        }
        let kinds = usize::from(preset.max_demand()) + 1;
        let mut counts = vec![0u8; kinds];
        for c in &mut counts {
            *c = u.int_in_range(0..=12u8)?;
        }
        counts[0] = counts[0].max(1);
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if total % 2 == 1 {
            counts[0] += 1;
        }
        Deck::custom(preset, &counts).or(Ok(Deck::of(preset)))
    }
}
