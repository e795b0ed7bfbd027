//! `arbitrary::Arbitrary` for the types whose derive would build invalid
//! values (feature `arbitrary`): cards are a rank and a suit, never a raw
//! byte.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::card::{Card, Rank, Suit};
use crate::italian::{ItalianCard, ItalianRank, ItalianSuit};
use crate::seats::PerSeat;

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
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let bytes: Vec<u8> = (0..8192)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
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
