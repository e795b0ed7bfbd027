//! `arbitrary::Arbitrary` (feature `arbitrary`, for cargo-fuzz) for the
//! types whose derive would build values that are not values: a square is
//! below 64, a board number from 1 to 128, a roll ([`Pips`]) from 1 to 6.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::moves::{Move, Pips};
use crate::player::{BoardId, MAX_BOARDS};
use crate::square::Square;

impl<'a> Arbitrary<'a> for Square {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Square> {
        Square::from_index(u.int_in_range(0..=63u8)?).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

impl<'a> Arbitrary<'a> for BoardId {
    /// Mostly the first boards: games the fuzzers build are small.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<BoardId> {
        let index = if u.ratio(7u8, 8u8)? { u.int_in_range(0..=3usize)? } else { u.int_in_range(0..=MAX_BOARDS - 1)? };
        BoardId::from_index(index).ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl<'a> Arbitrary<'a> for Pips {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Pips> {
        Ok(*u.choose(&Pips::ALL)?)
    }

    fn size_hint(_: usize) -> (usize, Option<usize>) {
        (1, Some(4))
    }
}

impl<'a> Arbitrary<'a> for Move {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Move> {
        Ok(match u.int_in_range(0..=9u8)? {
            0 | 1 => Move::Roll { pips: Pips::arbitrary(u)? },
            2 | 3 => Move::Place { board: BoardId::arbitrary(u)?, to: Square::arbitrary(u)? },
            4 => Move::Pass,
            _ => Move::Step { board: BoardId::arbitrary(u)?, from: Square::arbitrary(u)?, to: Square::arbitrary(u)? },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arbitrary_moves_have_a_notation() {
        let bytes = carte_core::noise_bytes(0x853C_49E6_748F_EA9B, 20_000);
        let mut u = Unstructured::new(&bytes);
        let mut steps = 0;
        while !u.is_empty() {
            let mv = Move::arbitrary(&mut u).unwrap();
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            steps += usize::from(matches!(mv, Move::Step { .. }));
        }
        assert!(steps > 100);
    }
}
