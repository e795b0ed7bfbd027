//! `arbitrary::Arbitrary` (feature `arbitrary`, for cargo-fuzz) for the
//! types whose derive would build values that are not values: a card is an
//! index below 40, a set holds only those cards, a play names a card.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::moves::{Move, Play};

impl<'a> Arbitrary<'a> for Value {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Value> {
        Ok(*u.choose(&Value::ALL)?)
    }

    fn size_hint(_: usize) -> (usize, Option<usize>) {
        (1, Some(4))
    }
}

impl<'a> Arbitrary<'a> for Card {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Card> {
        let i = u.int_in_range(0..=Card::COUNT - 1)?;
        Card::from_index(i).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_: usize) -> (usize, Option<usize>) {
        (1, Some(8))
    }
}

impl<'a> Arbitrary<'a> for CardSet {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<CardSet> {
        Ok(CardSet::from_bits(u64::arbitrary(u)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u64::size_hint(depth)
    }
}

impl<'a> Arbitrary<'a> for Move {
    /// Plays name at least one card; most name cards of one value.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Move> {
        Ok(match u.int_in_range(0..=9u8)? {
            0 => Move::Draw,
            1 => Move::Pass,
            k => {
                let deck = Deck::arbitrary(u)?;
                let cards = if k < 4 {
                    CardSet::arbitrary(u)? | CardSet::single(Card::arbitrary(u)?)
                } else {
                    let value = Value::arbitrary(u)?;
                    CardSet::from_bits(u.int_in_range(1..=15u64)? << ((u64::from(value.get()) - 1) * 4))
                };
                Move::Play(Play::new(deck, cards).ok_or(arbitrary::Error::IncorrectFormat)?)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arbitrary_moves_are_values_with_a_notation() {
        let bytes = carte_core::noise_bytes(0x2545_F491_4F6C_DD1D, 20_000);
        let mut u = Unstructured::new(&bytes);
        let mut kinds = [0; 3];
        while !u.is_empty() {
            let mv = Move::arbitrary(&mut u).unwrap();
            if let Move::Play(play) = mv {
                assert!(!play.cards().is_empty() && play.cards().iter().all(|c| c.index() < 40));
            }
            kinds[match mv {
                Move::Play(_) => 0,
                Move::Draw => 1,
                Move::Pass => 2,
            }] += 1;
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        assert!(kinds.iter().all(|&k| k > 10), "{kinds:?}");
    }
}
