//! What a sweep's and a search's summaries count of their deals, alike:
//! the totals, the distribution of lengths, the longest games and the
//! loops, recorded, merged and checked by one piece of code
//! ([`tally_methods!`]), so that the two summaries cannot drift apart in
//! how they add up. What differs (what names the sweep or the search, and
//! how a kept deal is written) stays with each summary.

use core::cmp::Reverse;

use crate::packed::PackedDeal;
use crate::result::PlayResult;

/// A deal a summary keeps (a longest game or a loop), known by its number:
/// its rank in a sweep, its deal number in a search.
pub(crate) trait Kept: Clone {
    /// A rank or a deal number.
    type Number: Copy + Ord;
    /// The kept deal numbered `number`, played to `result`; `None` for a
    /// result of the other kind (a loop is no longest game).
    fn kept(number: Self::Number, deal: &PackedDeal, result: &PlayResult) -> Option<Self>;
    /// The deal's number.
    fn number(&self) -> Self::Number;
    /// Cards turned (to the first repeat for a loop).
    fn cards(&self) -> u64;
}

/// Whether a finished game of `cards` numbered `number` comes before
/// `than` among the longest: longer first, ties by number.
pub(crate) fn ranked_better<K: Kept>(cards: u64, number: K::Number, than: &K) -> bool {
    (cards, Reverse(number)) > (than.cards(), Reverse(than.number()))
}

/// Two distributions of lengths added up.
pub(crate) fn add_lengths(a: &[u64], b: &[u64]) -> Option<Vec<u64>> {
    let mut lengths = vec![0u64; a.len().max(b.len())];
    for (i, slot) in lengths.iter_mut().enumerate() {
        *slot = a.get(i).copied().unwrap_or(0).checked_add(b.get(i).copied().unwrap_or(0))?;
    }
    Some(lengths)
}

/// The methods of a summary type with the fields `ranges` (a
/// [`Ranges`](crate::Ranges)), `top`, `deals`, `finished`, `a_wins`,
/// `cards`, `tricks`, `lengths`, `longest` (of `$game`) and `loops` (of
/// `$endless`), both [`Kept`] deals numbered by `$number`: `record` (one
/// played deal), `merge_tally` (the merge once the summaries are known to
/// be of the same sweep or search) and `check_tally` (the agreement of
/// the parts).
macro_rules! tally_methods {
    ($summary:ty, $number:ty, $game:ty, $endless:ty) => {
        impl $summary {
            /// Counts one played deal numbered `number` (loops unsorted
            /// until the stream is done).
            #[inline]
            fn record(
                &mut self,
                number: $number,
                deal: &crate::packed::PackedDeal,
                result: &crate::result::PlayResult,
            ) {
                use crate::tally::ranked_better;
                self.deals += 1;
                match *result {
                    crate::result::PlayResult::Finished { winner, cards, tricks } => {
                        self.finished += 1;
                        self.a_wins += u64::from(winner == carte_core::Player::A);
                        self.cards += u128::from(cards);
                        self.tricks += u128::from(tricks);
                        let c = cards as usize;
                        if c >= self.lengths.len() {
                            self.lengths.resize(c + 1, 0);
                        }
                        self.lengths[c] += 1;
                        if (self.longest.len() < self.top
                            || self.longest.last().is_some_and(|l| ranked_better(cards, number, l)))
                            && let Some(game) = <$game as crate::tally::Kept>::kept(number, deal, result)
                        {
                            let at = self.longest.partition_point(|l| !ranked_better(cards, number, l));
                            self.longest.insert(at, game);
                            self.longest.truncate(self.top);
                        }
                    }
                    crate::result::PlayResult::Loop { .. } => {
                        self.loops.extend(<$endless as crate::tally::Kept>::kept(number, deal, result));
                    }
                }
            }

            /// Adds `other`, of the same sweep or search (the caller checks
            /// that); `self` is unchanged on error.
            fn merge_tally(&mut self, other: &Self) -> Result<(), crate::sweep::SweepError> {
                use crate::sweep::SweepError;
                use crate::tally::Kept as _;
                let ranges = self.ranges.union(&other.ranges)?;
                let add = |a: u64, b: u64| a.checked_add(b).ok_or(SweepError::Overflow);
                let add128 = |a: u128, b: u128| a.checked_add(b).ok_or(SweepError::Overflow);
                let (deals, finished, a_wins) = (
                    add(self.deals, other.deals)?,
                    add(self.finished, other.finished)?,
                    add(self.a_wins, other.a_wins)?,
                );
                let (cards, tricks) = (add128(self.cards, other.cards)?, add128(self.tricks, other.tricks)?);
                let lengths = crate::tally::add_lengths(&self.lengths, &other.lengths).ok_or(SweepError::Overflow)?;
                self.ranges = ranges;
                (self.deals, self.finished, self.a_wins, self.cards, self.tricks) =
                    (deals, finished, a_wins, cards, tricks);
                self.lengths = lengths;
                self.loops.extend(other.loops.iter().cloned());
                self.loops.sort_by_key(|l| l.number());
                self.longest.extend(other.longest.iter().cloned());
                self.longest.sort_by_key(|g| (core::cmp::Reverse(g.cards()), g.number()));
                self.longest.truncate(self.top);
                Ok(())
            }

            /// Checks that the parts agree: the ranges hold `deals` deals;
            /// every deal finished or looped; the lengths count the
            /// finished deals; the kept games at most `top`, passing
            /// `finished`, in order, of a counted length and inside the
            /// ranges; the loops passing `endless`, by number and inside
            /// the ranges. `longest` and `loops` name those lists in the
            /// messages.
            fn check_tally(
                &self,
                finished: impl Fn(&$game) -> bool,
                endless: impl Fn(&$endless) -> bool,
                [longest, loops]: [&str; 2],
            ) -> Result<(), crate::sweep::SweepError> {
                use crate::tally::{Kept as _, ranked_better};
                let bad = |m: &str| Err(crate::sweep::SweepError::Inconsistent(m.to_owned()));
                if self.ranges.count() != u128::from(self.deals) {
                    return bad("the ranges do not hold `deals` deals");
                }
                if self.finished.checked_add(self.loops.len() as u64) != Some(self.deals) || self.a_wins > self.finished
                {
                    return bad("`finished` and the loops do not add up to `deals`");
                }
                if self.lengths.iter().try_fold(0u64, |a, &b| a.checked_add(b)) != Some(self.finished) {
                    return bad("the lengths do not count the finished deals");
                }
                let inside = |number: $number| self.ranges.contains(number);
                if self.longest.len() > self.top
                    || self.longest.windows(2).any(|w| !ranked_better(w[0].cards(), w[0].number(), &w[1]))
                    || self.longest.iter().any(|g| {
                        !finished(g)
                            || !inside(g.number())
                            || self.lengths.get(g.cards() as usize).is_none_or(|&n| n == 0)
                    })
                {
                    return bad(longest);
                }
                if self.loops.windows(2).any(|w| w[0].number() >= w[1].number())
                    || self.loops.iter().any(|l| !endless(l) || !inside(l.number()))
                {
                    return bad(loops);
                }
                Ok(())
            }
        }
    };
}
pub(crate) use tally_methods;
