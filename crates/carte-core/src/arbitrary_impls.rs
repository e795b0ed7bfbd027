//! `arbitrary::Arbitrary` for the types whose derive would build invalid
//! values (feature `arbitrary`): cards are a rank and a suit, never a raw
//! byte.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::card::{Card, Rank, Suit};
use crate::italian::{ItalianCard, ItalianRank, ItalianSuit};
use crate::seats::PerSeat;

/// `len` pseudo-random bytes from `seed` (xorshift64), to feed
/// [`arbitrary::Unstructured`] in a plain test: an `Arbitrary`-driven check
/// runs under `cargo test` without libFuzzer, and the same seed gives the
/// same bytes on every machine.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use carte_core::{Card, noise_bytes};
///
/// let bytes = noise_bytes(7, 64);
/// let card = Card::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
/// assert_eq!(card.to_string().parse::<Card>(), Ok(card));
/// ```
pub fn noise_bytes(seed: u64, len: usize) -> Vec<u8> {
    // xorshift64 has no fixed point but 0.
    let mut x = if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed };
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

impl<'a, K, T: Arbitrary<'a>, const N: usize> Arbitrary<'a> for PerSeat<K, T, N> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(PerSeat::from_array(<[T; N]>::arbitrary(u)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        <[T; N]>::size_hint(depth)
    }
}

impl<'a> Arbitrary<'a> for Card {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Card> {
        Ok(Card::new(Rank::arbitrary(u)?, Suit::arbitrary(u)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        arbitrary::size_hint::and(Rank::size_hint(depth), Suit::size_hint(depth))
    }
}

impl<'a> Arbitrary<'a> for ItalianCard {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<ItalianCard> {
        Ok(ItalianCard::new(ItalianRank::arbitrary(u)?, ItalianSuit::arbitrary(u)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        arbitrary::size_hint::and(ItalianRank::size_hint(depth), ItalianSuit::size_hint(depth))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arbitrary_cards_are_valid_and_cover_the_deck() {
        let bytes = noise_bytes(0x9E37_79B9_7F4A_7C15, 8192);
        let mut u = Unstructured::new(&bytes);
        let mut french = std::collections::HashSet::new();
        let mut italian = std::collections::HashSet::new();
        while let (Ok(c), Ok(i)) = (Card::arbitrary(&mut u), ItalianCard::arbitrary(&mut u)) {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
            assert_eq!(i.to_string().parse::<ItalianCard>(), Ok(i));
            french.insert(c);
            italian.insert(i);
            if u.is_empty() {
                break;
            }
        }
        assert!(french.len() > 40 && italian.len() > 30, "{} {}", french.len(), italian.len());
    }
}
