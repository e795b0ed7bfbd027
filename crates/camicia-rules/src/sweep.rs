//! Exhaustive sweeps: every deal of a range of ranks of a deck, played on
//! the fast engine with exact loop detection, summed up in a summary that
//! merges exactly with the summaries of other ranges.
//!
//! The sweep starts at the deal of the range's first rank ([`Deck::unrank`])
//! and steps from each deal to the next in rank order (the next
//! arrangement of the kind sequence, repacking only the cards that moved),
//! feeding the deals to the same stream as [`Simulator::search`]: vector
//! lanes where the processor has them, handing games past 256 tricks to
//! the one-at-a-time engine and its loop detector.
//!
//! [`Simulator::search`]: crate::Simulator::search

use core::ops::Range;

use crate::deck::Deck;
use crate::packed::PackedDeal;
use crate::preset::{EndRule, MAX_CARDS};
use crate::ranges::Ranges;
use crate::rank::{next_arrangement, unrank_kinds};
use crate::result::PlayResult;
use crate::search::play_stream;
use crate::tally::{Kept, tally_methods};
use carte_core::Player;

/// An endless deal found by a sweep.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SweepLoop {
    /// The deal's rank in its deck.
    pub rank: u128,
    /// The deal in notation.
    pub deal: String,
    /// Cards turned up to the first repeat.
    pub cards: u64,
    /// Tricks up to the first repeat.
    pub tricks: u64,
    /// Cards between the two occurrences of the repeated state.
    pub cycle_cards: u64,
    /// Tricks between the two occurrences.
    pub cycle_tricks: u64,
    /// Cards before the first occurrence.
    pub lead_in_cards: u64,
    /// Tricks before the first occurrence.
    pub lead_in_tricks: u64,
}

/// A finished game kept by a sweep among the longest.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SweepGame {
    /// The deal's rank in its deck.
    pub rank: u128,
    /// The deal in notation.
    pub deal: String,
    /// Cards turned in the game.
    pub cards: u64,
    /// Tricks in the game.
    pub tricks: u64,
    /// Who won.
    pub winner: Player,
}

/// What a sweep found over the ranges of ranks it covers. Summaries of
/// disjoint ranges of the same deck and end rule merge exactly into the
/// summary of their union ([`SweepSummary::merge`]): the counts add, the
/// loops are all kept (in rank order), and the longest games are the
/// `top` longest of all, longest first, ties in rank order.
///
/// ```
/// use camicia_rules::{Deck, EndRule, Preset, sweep};
///
/// let deck = Deck::parse(Preset::Camicia, "6,1,1,0")?;
/// let all = sweep(&deck, EndRule::Standard, 0..deck.deals(), 3)?;
/// let mut half = sweep(&deck, EndRule::Standard, 0..20, 3)?;
/// half.merge(&sweep(&deck, EndRule::Standard, 20..deck.deals(), 3)?)?;
/// assert_eq!(half, all);
/// assert_eq!(all.deals, 56);
/// assert_eq!(all.finished + all.loops.len() as u64, all.deals);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SweepSummaryRaw"))]
#[non_exhaustive]
pub struct SweepSummary {
    /// The deck swept.
    pub deck: Deck,
    /// The end rule the deals were played under.
    pub end_rule: EndRule,
    /// The ranks covered.
    pub ranges: Ranges<u128>,
    /// How many of the longest games are kept.
    pub top: usize,
    /// Deals played.
    pub deals: u64,
    /// Deals that finished.
    pub finished: u64,
    /// Finished deals that A won.
    pub a_wins: u64,
    /// Cards turned in all finished deals.
    pub cards: u128,
    /// Tricks in all finished deals.
    pub tricks: u128,
    /// Every endless deal, in rank order.
    pub loops: Vec<SweepLoop>,
    /// The `top` longest finished games by cards, longest first, ties in
    /// rank order.
    pub longest: Vec<SweepGame>,
    /// The distribution of lengths: `lengths[c]` finished deals lasted
    /// exactly `c` cards (up to the longest).
    pub lengths: Vec<u64>,
}

/// A sweep, a shard or a merge that cannot be done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SweepError {
    /// A range of ranks outside the deck's deals, or backwards.
    #[error("ranks {start}..{end} are not a range of the {deals} deals of the deck")]
    BadRange {
        /// The first rank.
        start: u128,
        /// One past the last rank.
        end: u128,
        /// The deck's number of deals.
        deals: u128,
    },
    /// More than `u64::MAX` deals in one sweep; split the range.
    #[error("{len} deals in one sweep: split the range into parts of at most 2^64 - 1")]
    TooLong {
        /// Deals in the range.
        len: u128,
    },
    /// A range of deal numbers of a random search that runs backwards.
    #[error("deals {start}..{end} of a search: the range runs backwards")]
    BadDeals {
        /// The first deal number.
        start: u64,
        /// One past the last.
        end: u64,
    },
    /// A shard that is not one of its parts.
    #[error("shard {index}/{count}: expected I/N with 1 <= I <= N")]
    BadShard {
        /// The shard asked for, from 1.
        index: u64,
        /// The number of shards.
        count: u64,
    },
    /// Summaries of different decks, end rules or numbers of longest games.
    #[error("cannot merge a sweep of {0} with a sweep of {1}")]
    Different(String, String),
    /// Summaries whose ranges overlap: their union would count deals twice.
    #[error("the ranges {0:?} and {1:?} overlap")]
    Overlap(Range<u128>, Range<u128>),
    /// A count past its type (only a corrupted summary can reach it).
    #[error("a count overflows in the merge")]
    Overflow,
    /// A summary whose parts disagree (a corrupted or hand-edited file).
    #[error("inconsistent sweep summary: {0}")]
    Inconsistent(String),
}

/// The deals of a range in rank order, packed, one step at a time.
struct Cursor {
    deck: Deck,
    seq: [u8; MAX_CARDS],
    n: usize,
    mask: u64,
    queue: u64,
    left: u64,
}

impl Cursor {
    fn new(deck: &Deck, start: u128, count: u64) -> Cursor {
        let n = deck.len();
        let mut seq = [0u8; MAX_CARDS];
        if count > 0 {
            unrank_kinds(deck.counts(), start, &mut seq[..n]);
        }
        let p = PackedDeal::from_kinds(*deck, &seq[..n]);
        Cursor { deck: *deck, seq, n, mask: p.mask, queue: p.queue, left: count }
    }

    /// The current deal, then a step to the next.
    #[inline(always)]
    fn next(&mut self) -> Option<PackedDeal> {
        if self.left == 0 {
            return None;
        }
        let deal = PackedDeal { deck: self.deck, mask: self.mask, queue: self.queue };
        self.left -= 1;
        if self.left > 0
            && let Some(p) = next_arrangement(&mut self.seq[..self.n])
        {
            // Cards before `p` kept their places: keep their bits and kinds.
            let low = (1u64 << p) - 1;
            let q = (self.mask & low).count_ones();
            self.mask &= low;
            self.queue &= (1u64 << (2 * q)) - 1;
            let mut at = 2 * q;
            for (i, &kind) in self.seq[..self.n].iter().enumerate().skip(p) {
                if kind > 0 {
                    self.mask |= 1 << i;
                    self.queue |= u64::from(kind - 1) << at;
                    at += 2;
                }
            }
        }
        Some(deal)
    }
}

/// Plays every deal of `deck` whose rank lies in `ranks`, under
/// `end_rule`, keeping the `top` longest finished games; returns the
/// summary. See the crate docs for splitting a deck over machines.
///
/// ```
/// use camicia_rules::{Deck, EndRule, PlayResult, Preset, sweep};
///
/// let deck = Deck::parse(Preset::Camicia, "8,1,1,0")?;
/// let s = sweep(&deck, EndRule::Standard, 0..deck.deals(), 2)?;
/// assert_eq!(s.deals, 90);
/// // Each kept game is its deal's own result.
/// let best = &s.longest[0];
/// let r = deck.unrank(best.rank)?.play_out(EndRule::Standard)?;
/// assert_eq!((r.cards(), r.tricks()), (best.cards, best.tricks));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SweepError::BadRange`] for a range outside the deck's deals,
/// [`SweepError::TooLong`] for more than `u64::MAX` deals.
pub fn sweep(deck: &Deck, end_rule: EndRule, ranks: Range<u128>, top: usize) -> Result<SweepSummary, SweepError> {
    let deals = deck.deals();
    if ranks.start > ranks.end || ranks.end > deals {
        return Err(SweepError::BadRange { start: ranks.start, end: ranks.end, deals });
    }
    let len = ranks.end - ranks.start;
    let count = u64::try_from(len).map_err(|_| SweepError::TooLong { len })?;
    let mut summary = SweepSummary::empty(deck, end_rule, top);
    let mut cursor = Cursor::new(deck, ranks.start, count);
    let start = ranks.start;
    play_stream(
        end_rule,
        || cursor.next(),
        |index, deal, result| summary.record(start + u128::from(index), deal, result),
    );
    summary.ranges = Ranges::from(ranks);
    summary.loops.sort_by_key(|l| l.rank);
    Ok(summary)
}

impl Deck {
    /// The ranks of shard `index` of `count` (from 1): the deals split into
    /// `count` parts of equal size (the first `deals % count` parts one
    /// deal larger), in rank order.
    ///
    /// ```
    /// use camicia_rules::{Deck, Preset};
    ///
    /// let deck = Deck::of(Preset::Camicia);
    /// assert_eq!(deck.shard(1, 2)?, 0..96_792_236_541_000);
    /// assert_eq!(deck.shard(2, 2)?, 96_792_236_541_000..193_584_473_082_000);
    /// assert!(deck.shard(3, 2).is_err());
    /// # Ok::<(), camicia_rules::SweepError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SweepError::BadShard`] unless `1 <= index <= count`.
    pub fn shard(&self, index: u64, count: u64) -> Result<Range<u128>, SweepError> {
        if index == 0 || index > count {
            return Err(SweepError::BadShard { index, count });
        }
        let deals = self.deals();
        let (q, r) = (deals / u128::from(count), deals % u128::from(count));
        let at = |i: u64| q * u128::from(i) + u128::from(i).min(r);
        Ok(at(index - 1)..at(index))
    }
}

impl Kept for SweepGame {
    type Number = u128;
    fn kept(rank: u128, deal: &PackedDeal, result: &PlayResult) -> Option<SweepGame> {
        let PlayResult::Finished { winner, cards, tricks } = *result else { return None };
        Some(SweepGame { rank, deal: deal.deal().to_string(), cards, tricks, winner })
    }
    fn number(&self) -> u128 {
        self.rank
    }
    fn cards(&self) -> u64 {
        self.cards
    }
}

impl Kept for SweepLoop {
    type Number = u128;
    fn kept(rank: u128, deal: &PackedDeal, result: &PlayResult) -> Option<SweepLoop> {
        let PlayResult::Loop { cards, tricks, cycle_cards, cycle_tricks, lead_in_cards, lead_in_tricks } = *result
        else {
            return None;
        };
        Some(SweepLoop {
            rank,
            deal: deal.deal().to_string(),
            cards,
            tricks,
            cycle_cards,
            cycle_tricks,
            lead_in_cards,
            lead_in_tricks,
        })
    }
    fn number(&self) -> u128 {
        self.rank
    }
    fn cards(&self) -> u64 {
        self.cards
    }
}

tally_methods!(SweepSummary, u128, SweepGame, SweepLoop);

impl SweepSummary {
    /// The summary of no deals (the identity of [`SweepSummary::merge`]).
    pub fn empty(deck: &Deck, end_rule: EndRule, top: usize) -> SweepSummary {
        SweepSummary {
            deck: *deck,
            end_rule,
            ranges: Ranges::new(),
            top,
            deals: 0,
            finished: 0,
            a_wins: 0,
            cards: 0,
            tricks: 0,
            loops: Vec::new(),
            longest: Vec::new(),
            lengths: Vec::new(),
        }
    }

    /// Deals still to play to cover all of `ranks`: the parts of it that no
    /// range of this summary covers, in order (for resuming).
    pub fn missing(&self, ranks: Range<u128>) -> Vec<Range<u128>> {
        self.ranges.missing(ranks)
    }

    /// Adds the summary of a disjoint range of the same sweep: afterwards
    /// `self` is exactly the summary of the union (in any order of merging).
    ///
    /// # Errors
    ///
    /// [`SweepError::Different`] for another deck, end rule or `top`,
    /// [`SweepError::Overlap`] for overlapping ranges, and
    /// [`SweepError::Overflow`]; `self` is then unchanged.
    pub fn merge(&mut self, other: &SweepSummary) -> Result<(), SweepError> {
        if (self.deck, self.end_rule, self.top) != (other.deck, other.end_rule, other.top) {
            let name = |s: &SweepSummary| format!("{} ({:?}, top {})", s.deck, s.end_rule, s.top);
            return Err(SweepError::Different(name(self), name(other)));
        }
        self.merge_tally(other)
    }

    /// Checks that the parts agree: the ranges lie in the deck, sorted and
    /// apart, and hold `deals` deals; every deal finished or looped; the
    /// lengths count the finished deals; the kept games are at most `top`,
    /// in order, inside the ranges. Loading a summary (serde) checks this.
    ///
    /// # Errors
    ///
    /// [`SweepError::Inconsistent`] naming the first disagreement.
    pub fn check(&self) -> Result<(), SweepError> {
        if self.ranges.last().is_some_and(|r| r.end > self.deck.deals()) {
            return Err(SweepError::Inconsistent(RANGES_APART.to_owned()));
        }
        self.check_tally(
            |_| true,
            |_| true,
            [
                "the longest games are not in order inside the ranges",
                "the loops are not in rank order inside the ranges",
            ],
        )
    }
}

/// What [`SweepSummary::check`] says of ranges that are not a [`Ranges`]
/// inside the deck.
const RANGES_APART: &str = "the ranges are not sorted, apart and inside the deck";

/// The serialized form of a [`SweepSummary`], checked on load.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SweepSummaryRaw {
    deck: Deck,
    end_rule: EndRule,
    ranges: Vec<Range<u128>>,
    top: usize,
    deals: u64,
    finished: u64,
    a_wins: u64,
    cards: u128,
    tricks: u128,
    loops: Vec<SweepLoop>,
    longest: Vec<SweepGame>,
    lengths: Vec<u64>,
}

#[cfg(feature = "serde")]
impl TryFrom<SweepSummaryRaw> for SweepSummary {
    type Error = SweepError;
    fn try_from(r: SweepSummaryRaw) -> Result<SweepSummary, SweepError> {
        let ranges = Ranges::from_sorted(r.ranges).ok_or_else(|| SweepError::Inconsistent(RANGES_APART.to_owned()))?;
        let s = SweepSummary {
            deck: r.deck,
            end_rule: r.end_rule,
            ranges,
            top: r.top,
            deals: r.deals,
            finished: r.finished,
            a_wins: r.a_wins,
            cards: r.cards,
            tricks: r.tricks,
            loops: r.loops,
            longest: r.longest,
            lengths: r.lengths,
        };
        s.check()?;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::Preset;
    use core::cmp::Reverse;

    /// Rules C34 and C36: the sweep plays every deal of the range once, in
    /// rank order.
    #[test]
    fn the_cursor_steps_through_the_ranks() {
        let deck = Deck::custom(Preset::Camicia, &[6, 2, 1, 1]).unwrap();
        for start in [0, 1, 77, 500] {
            let mut cursor = Cursor::new(&deck, start, 300);
            let mut rank = start;
            while let Some(p) = cursor.next() {
                let deal = deck.unrank(rank).unwrap();
                assert_eq!(p, PackedDeal::pack_of(&deck, &deal).unwrap(), "rank {rank}");
                rank += 1;
            }
            assert_eq!(rank, start + 300);
        }
    }

    /// Rule C36: summaries of separate ranges merge into exactly the
    /// summary of the whole.
    #[test]
    fn merges_are_exact_for_any_split() {
        let deck = Deck::custom(Preset::Camicia, &[6, 2, 1, 1]).unwrap();
        let n = deck.deals();
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            let whole = sweep(&deck, end_rule, 0..n, 5).unwrap();
            assert_eq!(whole.deals as u128, n);
            assert!(!whole.loops.is_empty(), "a deck with loops tests them too");
            whole.check().unwrap();
            for cuts in [vec![1], vec![n / 2], vec![3, 10, 11, 2000], vec![n - 1], vec![7, n / 3, n / 2, n - 2]] {
                let mut bounds = vec![0];
                bounds.extend(cuts);
                bounds.push(n);
                let parts: Vec<SweepSummary> =
                    bounds.windows(2).map(|w| sweep(&deck, end_rule, w[0]..w[1], 5).unwrap()).collect();
                // Merged forwards, backwards and into an empty summary.
                let mut fwd = SweepSummary::empty(&deck, end_rule, 5);
                for p in &parts {
                    fwd.merge(p).unwrap();
                }
                assert_eq!(fwd, whole, "{bounds:?}");
                let mut back = parts.last().unwrap().clone();
                for p in parts.iter().rev().skip(1) {
                    back.merge(p).unwrap();
                }
                assert_eq!(back, whole, "{bounds:?}");
            }
            // Overlaps and other sweeps are refused, leaving the summary alone.
            let mut a = sweep(&deck, end_rule, 0..100, 5).unwrap();
            let before = a.clone();
            assert!(matches!(a.merge(&sweep(&deck, end_rule, 50..150, 5).unwrap()), Err(SweepError::Overlap(..))));
            assert!(matches!(a.merge(&sweep(&deck, end_rule, 100..150, 4).unwrap()), Err(SweepError::Different(..))));
            assert_eq!(a, before);
        }
    }

    #[test]
    fn every_result_is_the_deals_own() {
        let deck = Deck::custom(Preset::Camicia, &[6, 2, 1, 1]).unwrap();
        let s = sweep(&deck, EndRule::Standard, 0..deck.deals(), 20).unwrap();
        for l in &s.loops {
            let r = deck.unrank(l.rank).unwrap().play_out(EndRule::Standard).unwrap();
            assert_eq!(l.deal, deck.unrank(l.rank).unwrap().to_string());
            assert_eq!(
                r,
                PlayResult::Loop {
                    cards: l.cards,
                    tricks: l.tricks,
                    cycle_cards: l.cycle_cards,
                    cycle_tricks: l.cycle_tricks,
                    lead_in_cards: l.lead_in_cards,
                    lead_in_tricks: l.lead_in_tricks
                }
            );
        }
        // The histogram against a plain replay of every deal.
        let mut lengths = vec![0u64; s.lengths.len()];
        let mut longest = Vec::new();
        for rank in 0..deck.deals() {
            let r = deck.unrank(rank).unwrap().play_out(EndRule::Standard).unwrap();
            if let PlayResult::Finished { cards, .. } = r {
                lengths[cards as usize] += 1;
                longest.push((Reverse(cards), rank));
            }
        }
        longest.sort();
        assert_eq!(lengths, s.lengths);
        let kept: Vec<(Reverse<u64>, u128)> = s.longest.iter().map(|g| (Reverse(g.cards), g.rank)).collect();
        assert_eq!(kept, longest[..20]);
    }

    #[test]
    fn ranges_and_shards() {
        let deck = Deck::custom(Preset::Camicia, &[4, 1, 1]).unwrap();
        assert_eq!(deck.deals(), 30);
        assert!(matches!(sweep(&deck, EndRule::Standard, 5..31, 1), Err(SweepError::BadRange { .. })));
        let empty = sweep(&deck, EndRule::Standard, 5..5, 1).unwrap();
        assert_eq!((empty.deals, empty.ranges.len()), (0, 0));
        let shards: Vec<_> = (1..=7).map(|i| deck.shard(i, 7).unwrap()).collect();
        assert_eq!(shards[0], 0..5);
        assert_eq!(shards[6], 26..30);
        assert!(shards.windows(2).all(|w| w[0].end == w[1].start));
        assert_eq!(deck.shard(0, 7), Err(SweepError::BadShard { index: 0, count: 7 }));
        let mut part = sweep(&deck, EndRule::Standard, 3..9, 1).unwrap();
        part.merge(&sweep(&deck, EndRule::Standard, 20..25, 1).unwrap()).unwrap();
        assert_eq!(part.missing(0..30), vec![0..3, 9..20, 25..30]);
        assert_eq!(part.missing(4..8), Vec::<Range<u128>>::new());
        assert_eq!(part.missing(8..22), vec![9..20]);
    }
}
