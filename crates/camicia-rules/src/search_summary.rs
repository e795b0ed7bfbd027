//! Random searches that split and merge exactly: the deals of a seed's
//! stream, numbered from 0, played in any ranges of their numbers, summed
//! up in a summary that merges with the summaries of other ranges into
//! exactly the summary of their union, the way sweeps over ranks do
//! ([`crate::sweep`]).
//!
//! The stream of a seed is cut into chunks of [`SEARCH_CHUNK`] deals; deal
//! `i` is the `i % SEARCH_CHUNK`-th deal [`PackedDeal::draw_of`] draws from
//! the [`FastRng`] of chunk `i / SEARCH_CHUNK`, whose state starts at the
//! seed advanced by `2^32` draws a chunk. So chunks never overlap, every
//! deal is fixed by its seed and number alone, and a search gives the same
//! summary however it is split, on any number of threads or machines.

use core::ops::Range;

use crate::deck::Deck;
use crate::fast_rng::FastRng;
use crate::packed::PackedDeal;
use crate::preset::EndRule;
use crate::ranges::Ranges;
use crate::result::PlayResult;
use crate::search::play_stream;
use crate::sweep::SweepError;
use crate::tally::{Kept, tally_methods};

/// Deals of a search's stream drawn from one generator: deal `i` is drawn
/// from the generator of chunk `i / SEARCH_CHUNK` (see the module docs).
pub const SEARCH_CHUNK: u64 = 1 << 14;

/// The state of the generator of chunk `chunk` of the stream of `seed`:
/// the seed advanced by `chunk · 2^32` SplitMix64 draws (each draw adds the
/// golden gamma), so that no chunk reaches the next one's draws.
const fn chunk_rng(seed: u64, chunk: u64) -> FastRng {
    FastRng::new(seed.wrapping_add(chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15 << 32)))
}

/// A deal of a search kept in its summary: a longest game or a loop.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SearchGame {
    /// The deal's number in its seed's stream, from 0.
    pub index: u64,
    /// The deal in notation.
    pub deal: String,
    /// How it played (flattened in serde: `status`, `winner`, `cards`, ...).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub result: PlayResult,
}

/// What a random search found over the ranges of deal numbers it covers.
/// Summaries of disjoint ranges of the same deck, end rule, seed and `top`
/// merge exactly into the summary of their union
/// ([`SearchSummary::merge`]): the counts add, the loops are all kept (by
/// number), and the longest games are the `top` longest of all, longest
/// first, ties by number.
///
/// ```
/// use camicia_rules::{Deck, EndRule, Preset, SearchSummary, random_search};
///
/// let deck = Deck::parse(Preset::Camicia, "14,2,2,2")?;
/// let all = random_search(&deck, EndRule::Standard, 7, 0..50_000, 3)?;
/// let mut part = random_search(&deck, EndRule::Standard, 7, 20_000..50_000, 3)?;
/// part.merge(&random_search(&deck, EndRule::Standard, 7, 0..20_000, 3)?)?;
/// assert_eq!(part, all);
/// assert_eq!(all.ranges, vec![0..50_000]);
/// // Each kept game is its deal's own.
/// let best = &all.longest[0];
/// let deal = camicia_rules::Deal::parse_deal_of(&deck, &best.deal)?;
/// assert_eq!(deal.play_out(EndRule::Standard)?, best.result);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SearchSummaryRaw"))]
#[non_exhaustive]
pub struct SearchSummary {
    /// The deck the deals are drawn from.
    pub deck: Deck,
    /// The end rule the deals were played under.
    pub end_rule: EndRule,
    /// The seed of the stream.
    pub seed: u64,
    /// How many of the longest games are kept.
    pub top: usize,
    /// The deal numbers covered.
    pub ranges: Ranges<u64>,
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
    /// The `top` longest finished games by cards, longest first, ties by
    /// number.
    pub longest: Vec<SearchGame>,
    /// Every endless deal, by number.
    pub loops: Vec<SearchGame>,
    /// The distribution of lengths: `lengths[c]` finished deals lasted
    /// exactly `c` cards (up to the longest).
    pub lengths: Vec<u64>,
}

/// Plays the deals numbered `deals` of the stream of `seed` (see the module
/// docs) under `end_rule`, keeping the `top` longest finished games;
/// returns the summary. The deals of `0..n` are those of the `camicia`
/// example's `--search n --seed seed`.
///
/// # Errors
///
/// [`SweepError::BadDeals`] for a backwards range.
pub fn random_search(
    deck: &Deck,
    end_rule: EndRule,
    seed: u64,
    deals: Range<u64>,
    top: usize,
) -> Result<SearchSummary, SweepError> {
    if deals.start > deals.end {
        return Err(SweepError::BadDeals { start: deals.start, end: deals.end });
    }
    let mut summary = SearchSummary::empty(deck, end_rule, seed, top);
    let (start, end) = (deals.start, deals.end);
    let mut at = start;
    let mut rng = chunk_rng(seed, start / SEARCH_CHUNK);
    // A range that starts inside a chunk draws (and drops) the chunk's
    // earlier deals: drawing is a small part of playing.
    for _ in 0..start % SEARCH_CHUNK {
        PackedDeal::draw_of(deck, &mut rng);
    }
    let source = || {
        (at < end).then(|| {
            if at % SEARCH_CHUNK == 0 {
                rng = chunk_rng(seed, at / SEARCH_CHUNK);
            }
            at += 1;
            PackedDeal::draw_of(deck, &mut rng)
        })
    };
    play_stream(end_rule, source, |index, deal, result| summary.record(start + index, deal, result));
    summary.ranges = Ranges::from(deals);
    summary.loops.sort_by_key(|l| l.index);
    Ok(summary)
}

impl Kept for SearchGame {
    type Number = u64;
    fn kept(index: u64, deal: &PackedDeal, result: &PlayResult) -> Option<SearchGame> {
        Some(SearchGame { index, deal: deal.deal().to_string(), result: *result })
    }
    fn number(&self) -> u64 {
        self.index
    }
    fn cards(&self) -> u64 {
        self.result.cards()
    }
}

tally_methods!(SearchSummary, u64, SearchGame, SearchGame);

impl SearchSummary {
    /// The summary of no deals (the identity of [`SearchSummary::merge`]).
    pub fn empty(deck: &Deck, end_rule: EndRule, seed: u64, top: usize) -> SearchSummary {
        SearchSummary {
            deck: *deck,
            end_rule,
            seed,
            top,
            ranges: Ranges::new(),
            deals: 0,
            finished: 0,
            a_wins: 0,
            cards: 0,
            tricks: 0,
            longest: Vec::new(),
            loops: Vec::new(),
            lengths: Vec::new(),
        }
    }

    /// Deal numbers still to play to cover all of `deals`: the parts of it
    /// that no range of this summary covers, in order (for resuming).
    pub fn missing(&self, deals: Range<u64>) -> Vec<Range<u64>> {
        self.ranges.missing(deals)
    }

    /// The mean length in cards of the finished games (0 without any).
    pub fn mean_cards(&self) -> f64 {
        if self.finished == 0 { 0.0 } else { self.cards as f64 / self.finished as f64 }
    }

    /// The mean length in tricks of the finished games (0 without any).
    pub fn mean_tricks(&self) -> f64 {
        if self.finished == 0 { 0.0 } else { self.tricks as f64 / self.finished as f64 }
    }

    /// Adds the summary of a disjoint range of the same search: afterwards
    /// `self` is exactly the summary of the union (in any order of merging).
    ///
    /// # Errors
    ///
    /// [`SweepError::Different`] for another deck, end rule, seed or `top`,
    /// [`SweepError::Overlap`] for overlapping ranges, and
    /// [`SweepError::Overflow`]; `self` is then unchanged.
    pub fn merge(&mut self, other: &SearchSummary) -> Result<(), SweepError> {
        let key = |s: &SearchSummary| (s.deck, s.end_rule, s.seed, s.top);
        if key(self) != key(other) {
            let name = |s: &SearchSummary| format!("{} ({:?}, seed {}, top {})", s.deck, s.end_rule, s.seed, s.top);
            return Err(SweepError::Different(name(self), name(other)));
        }
        self.merge_tally(other)
    }

    /// Checks that the parts agree: the ranges sorted and apart, holding
    /// `deals` deals; every deal finished or looped; the lengths count the
    /// finished deals; the kept games at most `top`, finished, in order and
    /// inside the ranges; the loops endless, by number and inside the
    /// ranges. Loading a summary (serde) checks this.
    ///
    /// # Errors
    ///
    /// [`SweepError::Inconsistent`] naming the first disagreement.
    pub fn check(&self) -> Result<(), SweepError> {
        self.check_tally(
            |g| !g.result.is_loop(),
            |l| l.result.is_loop(),
            [
                "the longest games are not finished games in order inside the ranges",
                "the loops are not endless deals by number inside the ranges",
            ],
        )
    }
}

/// Game lengths in cards at the quantiles of a distribution of lengths
/// ([`SearchSummary::lengths`], [`crate::SweepSummary::lengths`]): the
/// smallest length with at least that share of the games at or below it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Quantiles {
    /// The shortest game.
    pub min: usize,
    /// 10% of the games are at most this long.
    pub p10: usize,
    /// Half of the games are at most this long.
    pub median: usize,
    /// 90%.
    pub p90: usize,
    /// 99%.
    pub p99: usize,
    /// 99.9%.
    pub p99_9: usize,
    /// 99.99%.
    pub p99_99: usize,
    /// The longest game.
    pub max: usize,
}

impl Quantiles {
    /// The quantiles of `lengths` (`lengths[c]` games of `c` cards); all 0
    /// for no games.
    ///
    /// ```
    /// use camicia_rules::Quantiles;
    ///
    /// let q = Quantiles::of(&[0, 0, 5, 4, 0, 1]);
    /// assert_eq!((q.min, q.median, q.p90, q.max), (2, 2, 3, 5));
    /// ```
    pub fn of(lengths: &[u64]) -> Quantiles {
        let total: u128 = lengths.iter().map(|&n| u128::from(n)).sum();
        let at = |q: f64| {
            let target = ((q * total as f64).ceil() as u128).max(1);
            let mut seen = 0u128;
            lengths
                .iter()
                .position(|&n| {
                    seen += u128::from(n);
                    seen >= target
                })
                .unwrap_or(0)
        };
        Quantiles {
            min: at(0.0),
            p10: at(0.1),
            median: at(0.5),
            p90: at(0.9),
            p99: at(0.99),
            p99_9: at(0.999),
            p99_99: at(0.9999),
            max: at(1.0),
        }
    }
}

/// What a search reports: its summary (flattened) with the mean lengths,
/// the quantiles, and how it ran. The `camicia` example's `--search
/// --json` prints this; only `threads`, `seconds` and `deals_per_second`
/// change from run to run.
#[cfg(feature = "serde")]
#[derive(Clone, Debug, serde::Serialize)]
#[non_exhaustive]
pub struct SearchReport<'a> {
    /// The summary.
    #[serde(flatten)]
    pub summary: &'a SearchSummary,
    /// [`SearchSummary::mean_cards`].
    pub mean_cards: f64,
    /// [`SearchSummary::mean_tricks`].
    pub mean_tricks: f64,
    /// The quantiles of the finished games' lengths.
    pub quantiles: Quantiles,
    /// Threads (or cores) the search ran on.
    pub threads: usize,
    /// Wall time of the search.
    pub seconds: f64,
    /// Deals over seconds.
    pub deals_per_second: f64,
}

#[cfg(feature = "serde")]
impl SearchReport<'_> {
    /// The report of `summary`, played on `threads` in `seconds`.
    pub fn new(summary: &SearchSummary, threads: usize, seconds: f64) -> SearchReport<'_> {
        SearchReport {
            summary,
            mean_cards: summary.mean_cards(),
            mean_tricks: summary.mean_tricks(),
            quantiles: Quantiles::of(&summary.lengths),
            threads,
            seconds,
            deals_per_second: summary.deals as f64 / seconds.max(1e-9),
        }
    }
}

/// The serialized form of a [`SearchSummary`], checked on load.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SearchSummaryRaw {
    deck: Deck,
    end_rule: EndRule,
    seed: u64,
    top: usize,
    ranges: Vec<Range<u64>>,
    deals: u64,
    finished: u64,
    a_wins: u64,
    cards: u128,
    tricks: u128,
    longest: Vec<SearchGame>,
    loops: Vec<SearchGame>,
    lengths: Vec<u64>,
}

#[cfg(feature = "serde")]
impl TryFrom<SearchSummaryRaw> for SearchSummary {
    type Error = SweepError;
    fn try_from(r: SearchSummaryRaw) -> Result<SearchSummary, SweepError> {
        let ranges = Ranges::from_sorted(r.ranges)
            .ok_or_else(|| SweepError::Inconsistent("the ranges are not sorted and apart".to_owned()))?;
        let s = SearchSummary {
            deck: r.deck,
            end_rule: r.end_rule,
            seed: r.seed,
            top: r.top,
            ranges,
            deals: r.deals,
            finished: r.finished,
            a_wins: r.a_wins,
            cards: r.cards,
            tricks: r.tricks,
            longest: r.longest,
            loops: r.loops,
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
    use crate::simulator::Simulator;

    /// The stream is the one the `camicia` example has always searched:
    /// chunk `c` from the seed advanced by `c · 2^32` draws, its deals
    /// drawn one after another.
    #[test]
    fn the_stream_is_the_chunked_generators() {
        let deck = Deck::parse(Preset::Camicia, "10,2,2,2").unwrap();
        let n = 2 * SEARCH_CHUNK + 100;
        let s = random_search(&deck, EndRule::Standard, 11, 0..n, 1000).unwrap();
        let mut lengths = vec![0u64; s.lengths.len()];
        let mut deals = 0;
        for chunk in 0..3 {
            let mut rng = chunk_rng(11, chunk);
            let count = SEARCH_CHUNK.min(n - chunk * SEARCH_CHUNK);
            Simulator::search_deck(&deck, EndRule::Standard, &mut rng, count, |_, _, r| {
                deals += 1;
                if let PlayResult::Finished { cards, .. } = r {
                    lengths[*cards as usize] += 1;
                }
            });
        }
        assert_eq!((deals, lengths), (s.deals, s.lengths.clone()));
        // Every kept deal is the one its number names.
        for g in s.longest.iter().chain(&s.loops) {
            let mut rng = chunk_rng(11, g.index / SEARCH_CHUNK);
            let mut deal = PackedDeal::draw_of(&deck, &mut rng);
            for _ in 0..g.index % SEARCH_CHUNK {
                deal = PackedDeal::draw_of(&deck, &mut rng);
            }
            assert_eq!(deal.deal().to_string(), g.deal, "deal {}", g.index);
            assert_eq!(deal.play(EndRule::Standard), g.result);
        }
    }

    /// Any split, chunk boundaries or not, merges into the whole; overlaps
    /// and other searches are refused and leave the summary alone.
    #[test]
    fn merges_are_exact_for_any_split() {
        let deck = Deck::parse(Preset::Camicia, "6,2,1,1").unwrap();
        let n = 3 * SEARCH_CHUNK + 17;
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            let whole = random_search(&deck, end_rule, 5, 0..n, 4).unwrap();
            whole.check().unwrap();
            assert!(!whole.loops.is_empty(), "a deck with loops tests them too");
            for cuts in
                [vec![1], vec![SEARCH_CHUNK], vec![3, 5000, SEARCH_CHUNK + 1, 2 * SEARCH_CHUNK + 9], vec![n - 1]]
            {
                let mut bounds = vec![0];
                bounds.extend(cuts);
                bounds.push(n);
                let parts: Vec<SearchSummary> =
                    bounds.windows(2).map(|w| random_search(&deck, end_rule, 5, w[0]..w[1], 4).unwrap()).collect();
                let mut fwd = SearchSummary::empty(&deck, end_rule, 5, 4);
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
            let mut a = random_search(&deck, end_rule, 5, 0..100, 4).unwrap();
            let before = a.clone();
            let overlap = random_search(&deck, end_rule, 5, 50..150, 4).unwrap();
            assert!(matches!(a.merge(&overlap), Err(SweepError::Overlap(..))));
            for other in [
                random_search(&deck, end_rule, 6, 100..150, 4).unwrap(),
                random_search(&deck, end_rule, 5, 100..150, 3).unwrap(),
                random_search(&Deck::parse(Preset::Camicia, "8,1,1").unwrap(), end_rule, 5, 100..150, 4).unwrap(),
            ] {
                assert!(matches!(a.merge(&other), Err(SweepError::Different(..))));
            }
            assert_eq!(a, before);
        }
        let deck = Deck::of(Preset::Camicia);
        let backwards = Range { start: 5, end: 4 };
        assert_eq!(
            random_search(&deck, EndRule::Standard, 1, backwards, 1),
            Err(SweepError::BadDeals { start: 5, end: 4 })
        );
        let empty = random_search(&deck, EndRule::Standard, 1, 5..5, 1).unwrap();
        assert_eq!((empty.deals, empty.ranges.len()), (0, 0));
        let mut part = random_search(&deck, EndRule::Standard, 1, 3..9, 1).unwrap();
        part.merge(&random_search(&deck, EndRule::Standard, 1, 20..25, 1).unwrap()).unwrap();
        assert_eq!(part.missing(0..30), vec![0..3, 9..20, 25..30]);
    }

    #[test]
    fn quantiles_of_nothing_are_zero() {
        assert_eq!(Quantiles::of(&[]), Quantiles::default());
        assert_eq!(Quantiles::of(&[0, 0, 0]), Quantiles::default());
        let q = Quantiles::of(&[0, 1]);
        assert_eq!((q.min, q.max), (1, 1));
    }
}
