//! `arbitrary::Arbitrary` (feature `arbitrary`, for cargo-fuzz) for the
//! types whose derive would build values that are not values: a cell is
//! one of the 208 cells, a card one of the 208 cards, a cell set holds only
//! cells.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::card::ZamaCard;
use crate::moves::Move;
use crate::square::{CellSet, Square};

impl<'a> Arbitrary<'a> for Square {
    /// Mostly cells of the two-player board (the lower half).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Square> {
        let max = if u.ratio(3u8, 4u8)? { Square::COUNT / 2 } else { Square::COUNT };
        Square::from_index(u.int_in_range(0..=max - 1)?).ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl<'a> Arbitrary<'a> for ZamaCard {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<ZamaCard> {
        ZamaCard::from_index(u.int_in_range(0..=ZamaCard::COUNT - 1)?).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

impl<'a> Arbitrary<'a> for CellSet {
    /// A few cells, or any cells of the board.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<CellSet> {
        let mut set = CellSet::EMPTY;
        if u.ratio(1u8, 2u8)? {
            for _ in 0..u.int_in_range(0..=4u8)? {
                set.insert(Square::arbitrary(u)?);
            }
        } else {
            let bits = <[u8; Square::COUNT / 8]>::arbitrary(u)?;
            for sq in Square::all() {
                if bits[sq.index() / 8] >> (sq.index() % 8) & 1 == 1 {
                    set.insert(sq);
                }
            }
        }
        Ok(set)
    }
}

impl<'a> Arbitrary<'a> for Move {
    /// Attacks and shifts mostly between neighbours.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Move> {
        let kind = u.int_in_range(0..=9u8)?;
        let from = Square::arbitrary(u)?;
        let to = if u.ratio(3u8, 4u8)? {
            let (f, r) = (i16::from(from.file()), i16::from(from.rank()));
            let (df, dr) = *u.choose(&[(1i16, 0i16), (-1, 0), (0, 1), (0, -1)])?;
            u8::try_from(f + df)
                .ok()
                .zip(u8::try_from(r + dr).ok())
                .and_then(|(f, r)| Square::new(f, r))
                .unwrap_or(from)
        } else {
            Square::arbitrary(u)?
        };
        Ok(match kind {
            0..=3 => Move::Attack { from, to },
            4..=6 => Move::Shift { from, to },
            7 => Move::Peek { at: from },
            8 => Move::End,
            _ => Move::Pass,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arbitrary_moves_have_a_notation() {
        let bytes = carte_core::noise_bytes(0xDA94_2042_E4DD_58B5, 20_000);
        let mut u = Unstructured::new(&bytes);
        let mut attacks = 0;
        while !u.is_empty() {
            let mv = Move::arbitrary(&mut u).unwrap();
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            attacks += usize::from(matches!(mv, Move::Attack { .. }));
        }
        assert!(attacks > 100);
        let set = CellSet::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert!(set.len() <= Square::COUNT);
    }
}
