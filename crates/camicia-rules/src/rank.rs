//! The numbering of deals: the lexicographic rank of a deal's kind
//! sequence among the arrangements of its deck, rank and unrank, and the
//! step from one deal to the next.
//!
//! A deal of a deck is read as one sequence of kinds, A's hand first, top
//! card first; the deals are numbered from 0 in lexicographic order of
//! that sequence, kinds ordered `0 < 1 < 2 < ...`. The count of the
//! arrangements that start with a given prefix is a multinomial
//! coefficient, `m! / (r0! · r1! · ...)` for the `m` cards left (`r_k` of
//! kind `k`); removing a card of kind `k` from the remaining multiset
//! scales it by `r_k / m` exactly, so rank and unrank take one pass over
//! the cards with a handful of 128-bit multiplications each. Every deck
//! holds at most 52 cards of 5 kinds, so every count is below `5^52 < 2^121`
//! and fits a `u128` with room for the products.

use crate::deal::Deal;
use crate::deck::Deck;
use crate::preset::MAX_CARDS;
use carte_core::{ByPlayer, Player};

/// `n! / (c0! · c1! · ...)` for `n = c0 + c1 + ...`, as a product of
/// binomial coefficients, each built so that every division is exact.
/// The caller keeps the total at most [`MAX_CARDS`].
pub(crate) fn multinomial(counts: &[u32]) -> u128 {
    let mut total: u128 = 0;
    let mut result: u128 = 1;
    for &c in counts {
        // result *= C(total + c, c), one factor at a time: after step i the
        // running value is result · C(total + i, i), an integer.
        for i in 1..=u128::from(c) {
            result = result * (total + i) / i;
        }
        total += u128::from(c);
    }
    result
}

/// A rank or a deal that does not belong to a deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RankError {
    /// The deal is not the deck's cards in two equal halves.
    #[error("{deal} is not a deal of the deck {deck} (its cards in two equal halves)")]
    NotADealOfTheDeck {
        /// The deal, in notation.
        deal: String,
        /// The deck.
        deck: Deck,
    },
    /// A rank at or past the number of deals.
    #[error("rank {rank} is out of range: the deck {deck} has {deals} deals (ranks 0 to {})", deals - 1)]
    OutOfRange {
        /// The rank asked for.
        rank: u128,
        /// The deck.
        deck: Deck,
        /// Its number of deals.
        deals: u128,
    },
}

/// The rank of `seq` among the arrangements of its own multiset of kinds
/// (`counts`, which `seq` holds exactly).
pub(crate) fn rank_kinds(counts: [u8; 5], seq: &[u8]) -> u128 {
    let mut rem = counts.map(u128::from);
    let mut m = seq.len() as u128;
    let mut block = multinomial(&counts.map(u32::from));
    let mut rank = 0;
    for &x in seq {
        let x = usize::from(x);
        for &r in &rem[..x] {
            rank += block * r / m;
        }
        block = block * rem[x] / m;
        rem[x] -= 1;
        m -= 1;
    }
    rank
}

/// The arrangement of `counts` of rank `rank` (below their number), written
/// into `out`, which holds as many cards as `counts`.
pub(crate) fn unrank_kinds(counts: [u8; 5], mut rank: u128, out: &mut [u8]) {
    let mut rem = counts.map(u128::from);
    let mut m = out.len() as u128;
    let mut block = multinomial(&counts.map(u32::from));
    for slot in out.iter_mut() {
        let mut kind = 0;
        loop {
            let here = block * rem[kind] / m;
            if rank < here {
                break;
            }
            rank -= here;
            kind += 1;
        }
        *slot = kind as u8;
        block = block * rem[kind] / m;
        rem[kind] -= 1;
        m -= 1;
    }
}

/// Steps `seq` to the next arrangement of its multiset in lexicographic
/// order; returns the first index that changed, or `None` (and leaves
/// `seq` alone) when it was the last.
#[inline]
pub(crate) fn next_arrangement(seq: &mut [u8]) -> Option<usize> {
    let n = seq.len();
    let mut i = n.checked_sub(1)?;
    while i > 0 && seq[i - 1] >= seq[i] {
        i -= 1;
    }
    if i == 0 {
        return None;
    }
    let pivot = i - 1;
    let mut j = n - 1;
    while seq[j] <= seq[pivot] {
        j -= 1;
    }
    seq.swap(pivot, j);
    seq[i..].reverse();
    Some(pivot)
}

impl Deck {
    /// The rank of `deal` among the deals of this deck (see the crate docs:
    /// lexicographic order of the kind sequence, A's hand first, top card
    /// first, kinds `0 < 1 < 2 < ...`, from 0).
    ///
    /// ```
    /// use camicia_rules::{Deal, Deck, Preset};
    ///
    /// let deck = Deck::of(Preset::Camicia);
    /// let first = Deal::parse(Preset::Camicia, "--------------------/--------111122223333")?;
    /// assert_eq!(deck.rank(&first)?, 0);
    /// let last = deck.unrank(deck.deals() - 1)?;
    /// assert_eq!(last.to_string(), "333322221111--------/--------------------");
    /// assert_eq!(deck.rank(&last)?, 193_584_473_082_000 - 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`RankError::NotADealOfTheDeck`] unless `deal` is this deck's cards
    /// in two equal halves (of this deck's preset).
    pub fn rank(&self, deal: &Deal) -> Result<u128, RankError> {
        if !deal.is_deal_of(self) {
            return Err(RankError::NotADealOfTheDeck { deal: deal.to_string(), deck: *self });
        }
        let mut seq = [0u8; MAX_CARDS];
        let (a, b) = (&deal.hands[Player::A], &deal.hands[Player::B]);
        seq[..a.len()].copy_from_slice(a);
        seq[a.len()..a.len() + b.len()].copy_from_slice(b);
        Ok(rank_kinds(self.counts(), &seq[..self.len()]))
    }

    /// The deal of rank `rank` ([`Deck::rank`] undone).
    ///
    /// # Errors
    ///
    /// [`RankError::OutOfRange`] unless `rank < self.deals()`.
    pub fn unrank(&self, rank: u128) -> Result<Deal, RankError> {
        let deals = self.deals();
        if rank >= deals {
            return Err(RankError::OutOfRange { rank, deck: *self, deals });
        }
        let n = self.len();
        let mut seq = [0u8; MAX_CARDS];
        unrank_kinds(self.counts(), rank, &mut seq[..n]);
        let (a, b) = seq[..n].split_at(n / 2);
        Ok(Deal { preset: self.preset(), hands: ByPlayer::new(a.to_vec(), b.to_vec()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::Preset;

    /// Rule C33: the number of deals of a deck.
    #[test]
    fn multinomials() {
        assert_eq!(multinomial(&[28, 4, 4, 4]), 193_584_473_082_000);
        assert_eq!(multinomial(&[14, 2, 2, 2]), 3_488_400);
        assert_eq!(multinomial(&[36, 4, 4, 4, 4]), 653_534_134_886_878_245_000);
        assert_eq!(multinomial(&[]), 1);
        assert_eq!(multinomial(&[0, 3]), 1);
        assert_eq!(multinomial(&[1, 1, 1]), 6);
    }

    /// Every arrangement of a small multiset, in the order the stepping
    /// gives, has the rank of its position, and unranks back.
    /// Rules C34 and C35: lexicographic ranks, unranked back.
    #[test]
    fn stepping_ranks_and_unranks_agree() {
        let counts = [3, 2, 0, 1, 0];
        let mut seq = [0, 0, 0, 1, 1, 3];
        let mut seen = vec![seq];
        while next_arrangement(&mut seq).is_some() {
            seen.push(seq);
        }
        assert_eq!(seen.len() as u128, multinomial(&[3, 2, 0, 1]));
        // Lexicographic and without repeats.
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        for (i, s) in seen.iter().enumerate() {
            assert_eq!(rank_kinds(counts, s), i as u128);
            let mut back = [9u8; 6];
            unrank_kinds(counts, i as u128, &mut back);
            assert_eq!(&back, s);
        }
    }

    #[test]
    fn next_arrangement_reports_the_first_change() {
        let mut s = [0, 1, 1, 0];
        assert_eq!(next_arrangement(&mut s), Some(0));
        assert_eq!(s, [1, 0, 0, 1]);
        let mut s = [0, 0, 1, 1];
        assert_eq!(next_arrangement(&mut s), Some(1));
        assert_eq!(s, [0, 1, 0, 1]);
        let mut last = [1, 1, 0];
        assert_eq!(next_arrangement(&mut last), None);
        assert_eq!(last, [1, 1, 0]);
        assert_eq!(next_arrangement(&mut []), None);
    }

    #[test]
    fn rank_errors() {
        let deck = Deck::custom(Preset::Camicia, &[2, 1, 1]).unwrap();
        assert_eq!(deck.deals(), 12);
        assert!(matches!(deck.unrank(12), Err(RankError::OutOfRange { deals: 12, .. })));
        let uneven = Deal::parse(Preset::Camicia, "-/-12").unwrap();
        assert!(matches!(deck.rank(&uneven), Err(RankError::NotADealOfTheDeck { .. })));
        let first = Deal::parse(Preset::Camicia, "--/12").unwrap();
        assert_eq!(deck.rank(&first), Ok(0));
        // 0012, 0021, 0102, 0120: the fourth.
        let fourth = Deal::parse(Preset::Camicia, "-1/2-").unwrap();
        assert_eq!(deck.rank(&fourth), Ok(3));
    }
}
