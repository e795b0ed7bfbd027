//! Streams of deals played to their end, and their dispatch between the
//! vector lanes and the one-at-a-time engine: [`Simulator::search`] over
//! random deals, and the sweep over ranks ([`crate::sweep`]).

use std::sync::OnceLock;

use crate::deck::Deck;
use crate::draw::DrawBatch;
use crate::fast_rng::FastRng;
use crate::lanes::{LANES, Lanes};
use crate::packed::PackedDeal;
use crate::preset::{EndRule, Preset};
use crate::result::PlayResult;
use crate::simulator::Simulator;

/// The environment variable that forces a portable path, read at the
/// first search or sweep of the process: set to anything but `0`, `scalar`
/// or the empty string, [`speed_path`] takes the path of a processor
/// without AVX-512 ([`SpeedPath::Avx2Lanes`] where the processor has AVX2,
/// as most laptops do, else [`SpeedPath::Portable`]); set to `scalar`, the
/// one-at-a-time engine ([`SpeedPath::Portable`]) of a processor without
/// either. For measuring the paths other processors take:
/// `CAMICIA_PORTABLE=1 cargo bench --bench camicia`.
pub const PORTABLE_ENV: &str = "CAMICIA_PORTABLE";

/// How searches and sweeps play their deals under [`EndRule::Standard`].
/// The results are the same on every path; only the speed differs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpeedPath {
    /// Eight deals at a time in AVX-512 vector lanes, branch-free.
    Avx512Lanes,
    /// Eight deals at a time in AVX2 vector lanes (two registers of four),
    /// branch-free: processors with AVX2 but not AVX-512, or
    /// [`PORTABLE_ENV`] set. AVX2 has no bit counts for 64-bit lanes, so
    /// this step keeps the hands' lengths and the places of their first
    /// attack cards in fields of their own and counts bits once a step.
    Avx2Lanes,
    /// One deal after another on the fast engine: processors without
    /// AVX2, or [`PORTABLE_ENV`] set to `scalar`. Compiled for the bit
    /// instructions of the x86-64 processors of the last decade (`tzcnt`,
    /// `lzcnt`, BMI) where the processor has them.
    Portable,
}

/// The path this process takes, decided once (processor features and
/// [`PORTABLE_ENV`]).
///
/// ```
/// let path = camicia_rules::speed_path();
/// assert_eq!(path, camicia_rules::speed_path());
/// ```
pub fn speed_path() -> SpeedPath {
    static PATH: OnceLock<SpeedPath> = OnceLock::new();
    *PATH.get_or_init(|| {
        let forced = std::env::var_os(PORTABLE_ENV).filter(|v| !v.is_empty() && v != "0");
        let scalar = forced.as_ref().is_some_and(|v| v == "scalar");
        if forced.is_none() && has_avx512() {
            SpeedPath::Avx512Lanes
        } else if !scalar && has_avx2() {
            SpeedPath::Avx2Lanes
        } else {
            SpeedPath::Portable
        }
    })
}

/// The features `one_at_a_time_bits` is compiled with, one by one
/// (decided once).
fn has_bit_instructions() -> bool {
    static BITS: OnceLock<bool> = OnceLock::new();
    *BITS.get_or_init(bit_instructions)
}

fn bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The features `stream_avx2` is compiled with, one by one.
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && bit_instructions()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The features `stream_avx512` is compiled with, one by one.
pub(crate) fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512cd")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512dq")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Simulator {
    /// Plays `deals` uniformly random full deals of `preset`, calling
    /// `each(index, deal, result)` once for every deal: the fastest way to
    /// search random deals.
    ///
    /// The deals are those [`PackedDeal::draw`] draws from `rng`, one
    /// after another (on the vector paths they are drawn eight at a time,
    /// side by side, and are the same deals); `index` counts them from 0. Each result is exactly what
    /// [`PackedDeal::play`] (and [`Deal::play_out`](crate::Deal::play_out)) gives for the deal.
    /// So the deals, their indices and their results are the same for the
    /// same generator state on every machine; only the order of the calls
    /// is not specified (it depends on the processor): sort by `index` if
    /// it matters.
    ///
    /// Under [`EndRule::Standard`], on a processor with AVX-512 or AVX2,
    /// the deals are played eight at a time in vector lanes: each step
    /// computes both outcomes of the payer's turn and keeps one, so the
    /// processor never has to guess at a coin flip; with AVX-512 about
    /// twice as many deals a second as one [`PackedDeal::play`] after
    /// another, with AVX2 about a third more. A deal still going after 256
    /// tricks is handed to the one-at-a-time engine, which finds loops
    /// exactly as [`Simulator::play`] does. Elsewhere, and under
    /// [`EndRule::EmptyHandLoses`], the deals are played one at a time
    /// (see [`SpeedPath`]; the environment variable [`PORTABLE_ENV`]
    /// forces the slower paths, to measure them).
    ///
    /// Allocates nothing, and holds no state between calls (so it takes no
    /// simulator).
    ///
    /// ```
    /// use camicia_rules::{EndRule, FastRng, Preset, Simulator};
    ///
    /// let mut longest = (0, None);
    /// Simulator::search(Preset::BeggarMyNeighbour, EndRule::Standard, &mut FastRng::new(1), 10_000, |_, deal, result| {
    ///     if result.cards() > longest.0 {
    ///         longest = (result.cards(), Some(*deal));
    ///     }
    /// });
    /// let (cards, deal) = longest;
    /// // Every result is the engine's own for that deal.
    /// assert_eq!(deal.unwrap().deal().play_out(EndRule::Standard)?.cards(), cards);
    /// # Ok::<(), camicia_rules::DealError>(())
    /// ```
    pub fn search<F: FnMut(u64, &PackedDeal, &PlayResult)>(
        preset: Preset,
        end_rule: EndRule,
        rng: &mut FastRng,
        deals: u64,
        each: F,
    ) {
        let mut drawn = 0;
        let mut batch = DrawBatch::new(preset);
        let source = || {
            (drawn < deals).then(|| {
                let left = deals - drawn;
                drawn += 1;
                batch.next(rng, left)
            })
        };
        play_stream(end_rule, source, each);
    }

    /// [`Simulator::search`] over the deals of any deck, drawn by
    /// [`PackedDeal::draw_of`]; for a preset's own deck the same deals and
    /// results as [`Simulator::search`].
    ///
    /// ```
    /// use camicia_rules::{Deck, EndRule, FastRng, Preset, Simulator};
    ///
    /// let deck = Deck::parse(Preset::Camicia, "14,2,2,2")?;
    /// let mut n = 0;
    /// Simulator::search_deck(&deck, EndRule::Standard, &mut FastRng::new(1), 100, |_, deal, _| {
    ///     assert!(deal.deal().is_deal_of(&deck));
    ///     n += 1;
    /// });
    /// assert_eq!(n, 100);
    /// # Ok::<(), camicia_rules::DeckError>(())
    /// ```
    pub fn search_deck<F: FnMut(u64, &PackedDeal, &PlayResult)>(
        deck: &Deck,
        end_rule: EndRule,
        rng: &mut FastRng,
        deals: u64,
        each: F,
    ) {
        if deck.is_preset_deck() {
            return Simulator::search(deck.preset(), end_rule, rng, deals, each);
        }
        let mut drawn = 0;
        let source = || {
            (drawn < deals).then(|| {
                drawn += 1;
                PackedDeal::draw_of(deck, rng)
            })
        };
        play_stream(end_rule, source, each);
    }
}

/// Plays every deal `source` gives, until it gives `None`, calling
/// `each(index, deal, result)` for each (`index` counts the deals from 0;
/// the calls come in any order). On the vector lanes (AVX-512, else AVX2)
/// where the processor has them and the rule is standard, else one at a
/// time.
#[inline]
pub(crate) fn play_stream<S, F>(end_rule: EndRule, source: S, each: F)
where
    S: FnMut() -> Option<PackedDeal>,
    F: FnMut(u64, &PackedDeal, &PlayResult),
{
    #[cfg(target_arch = "x86_64")]
    {
        if end_rule == EndRule::Standard && speed_path() == SpeedPath::Avx512Lanes {
            // SAFETY: the only requirement of a `target_feature` function
            // is that the processor has the features, which `speed_path`
            // checked.
            #[allow(unsafe_code)]
            return unsafe { stream_avx512(source, each) };
        }
        if end_rule == EndRule::Standard && speed_path() == SpeedPath::Avx2Lanes {
            // SAFETY: as above, checked by `speed_path` (`has_avx2`).
            #[allow(unsafe_code)]
            return unsafe { stream_avx2(source, each) };
        }
        if has_bit_instructions() {
            // SAFETY: as above, checked by `has_bit_instructions`.
            #[allow(unsafe_code)]
            return unsafe { one_at_a_time_bits(end_rule, source, each) };
        }
    }
    one_at_a_time(end_rule, source, each);
}

/// [`play_stream`] one deal after another.
fn one_at_a_time<S, F>(end_rule: EndRule, mut source: S, mut each: F)
where
    S: FnMut() -> Option<PackedDeal>,
    F: FnMut(u64, &PackedDeal, &PlayResult),
{
    let mut index = 0;
    while let Some(deal) = source() {
        each(index, &deal, &deal.play(end_rule));
        index += 1;
    }
}

/// [`stream_lanes`] with the AVX-512 step ([`crate::lanes::avx512`]),
/// for processors with AVX-512 (and the bit instructions that come with
/// them).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vl,avx512dq,avx512bw,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) fn stream_avx512<S, F>(source: S, each: F)
where
    S: FnMut() -> Option<PackedDeal>,
    F: FnMut(u64, &PackedDeal, &PlayResult),
{
    stream_lanes(source, each, |lanes| crate::lanes::avx512::steps_until_stop(lanes));
}

/// [`stream_lanes`] with the AVX2 step ([`crate::lanes::avx2`]), for
/// processors with AVX2 (and the bit instructions) but not AVX-512.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) fn stream_avx2<S, F>(source: S, each: F)
where
    S: FnMut() -> Option<PackedDeal>,
    F: FnMut(u64, &PackedDeal, &PlayResult),
{
    stream_lanes(source, each, |lanes| crate::lanes::avx2::steps_until_stop(lanes));
}

/// [`one_at_a_time`] compiled for the bit instructions (`tzcnt`, `lzcnt`,
/// BMI), with the engine inlined.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt,popcnt")]
fn one_at_a_time_bits<S, F>(end_rule: EndRule, mut source: S, mut each: F)
where
    S: FnMut() -> Option<PackedDeal>,
    F: FnMut(u64, &PackedDeal, &PlayResult),
{
    let mut index = 0;
    while let Some(deal) = source() {
        each(index, &deal, &deal.play_inline(end_rule));
        index += 1;
    }
}

/// [`play_stream`] under [`EndRule::Standard`] in [`LANES`] lanes, with
/// `steps` stepping the lanes until at least one stops.
#[inline(always)]
fn stream_lanes<S, F>(mut source: S, mut each: F, mut steps: impl FnMut(&mut Lanes))
where
    S: FnMut() -> Option<PackedDeal>,
    F: FnMut(u64, &PackedDeal, &PlayResult),
{
    let mut lanes = Lanes::new();
    let mut drawn = 0;
    for i in 0..LANES {
        let Some(deal) = source() else {
            // Fewer deals than lanes: the started ones one at a time.
            for j in 0..i {
                if let Some((index, deal)) = lanes.deal(j) {
                    each(index, &deal, &deal.play(EndRule::Standard));
                }
            }
            return;
        };
        lanes.start(i, drawn, deal);
        drawn += 1;
    }
    'deals: loop {
        // The stopped lanes, taken from a mask (a branch for each would
        // be a guess at a coin flip).
        let mut stopped = lanes.stopped_mask();
        while stopped != 0 {
            let i = stopped.trailing_zeros() as usize;
            stopped &= stopped - 1;
            while lanes.stopped(i) {
                let (index, deal, result) = lanes.report(i);
                each(index, &deal, &result);
                let Some(next) = source() else {
                    break 'deals;
                };
                lanes.start(i, drawn, next);
                drawn += 1;
            }
        }
        steps(&mut lanes);
    }
    // Every deal is drawn: the games still in lanes are played to their
    // end one at a time.
    for i in 0..LANES {
        if lanes.stopped(i) {
            let (index, deal, result) = lanes.report(i);
            each(index, &deal, &result);
        } else if let Some((index, deal)) = lanes.deal(i) {
            each(index, &deal, &deal.play(EndRule::Standard));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;

    /// The lanes, compiled for whatever processor runs the tests (without
    /// the vector features), give the one-at-a-time engine's results.
    #[test]
    fn portable_lanes_agree_with_the_engine() {
        for preset in Preset::ALL {
            let mut rng = FastRng::new(99);
            let mut seen = vec![false; 3000];
            let mut drawn = 0;
            let source = || {
                (drawn < 3000).then(|| {
                    drawn += 1;
                    PackedDeal::draw(preset, &mut rng)
                })
            };
            stream_lanes(
                source,
                |index, deal, result| {
                    assert!(!seen[index as usize], "deal {index} reported twice");
                    seen[index as usize] = true;
                    assert_eq!(*result, deal.play(EndRule::Standard), "{preset} deal {}", deal.deal());
                },
                |lanes| while !lanes.step() {},
            );
            assert!(seen.iter().all(|&s| s));
            // The same deals as drawn one after another.
            let mut again = FastRng::new(99);
            for _ in 0..3000 {
                PackedDeal::draw(preset, &mut again);
            }
            assert_eq!(rng, again);
        }
    }

    /// A deal that outlasts the lanes' trick limit is handed to the
    /// one-at-a-time engine: the first non-terminating Beggar-my-neighbour
    /// deal comes out as the engine's loop.
    #[test]
    fn lanes_hand_long_games_to_the_engine() {
        let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA")
            .expect("a valid deal");
        let packed = PackedDeal::pack(&deal).expect("a full deal");
        let mut lanes = Lanes::new();
        lanes.start(3, 41, packed);
        let mut steps = 0;
        while !lanes.stopped(3) {
            lanes.step();
            steps += 1;
        }
        assert!(steps >= crate::lanes::TRICK_LIMIT);
        let (index, back, result) = lanes.report(3);
        assert_eq!((index, back), (41, packed));
        assert!(matches!(result, PlayResult::Loop { cycle_tricks: 62, .. }));
        assert_eq!(result, deal.play_out(EndRule::Standard).expect("a valid deal"));
    }
}
