//! Searches over random deals: [`Simulator::search`] and its dispatch
//! between the vector lanes and the one-at-a-time engine.

use crate::fast_rng::FastRng;
use crate::lanes::{LANES, Lanes};
use crate::packed::PackedDeal;
use crate::preset::{EndRule, Preset};
use crate::result::PlayResult;
use crate::simulator::Simulator;

impl Simulator {
    /// Plays `deals` uniformly random full deals of `preset`, calling
    /// `each(index, deal, result)` once for every deal: the fastest way to
    /// search random deals.
    ///
    /// The deals are drawn from `rng` by [`PackedDeal::draw`], one after
    /// another; `index` counts them from 0. Each result is exactly what
    /// [`PackedDeal::play`] (and [`Deal::play_out`]) gives for the deal.
    /// So the deals, their indices and their results are the same for the
    /// same generator state on every machine; only the order of the calls
    /// is not specified (it depends on the processor): sort by `index` if
    /// it matters.
    ///
    /// Under [`EndRule::Standard`], on a processor with AVX-512, the deals
    /// are played eight at a time in vector lanes: each step computes both
    /// outcomes of the payer's turn and keeps one, so the processor never
    /// has to guess at a coin flip, about three times as many deals a
    /// second as one [`PackedDeal::play`] after another. A deal still going
    /// after 256 tricks is handed to the one-at-a-time engine, which finds
    /// loops exactly as [`Simulator::play`] does. Elsewhere, and under
    /// [`EndRule::EmptyHandLoses`], the deals are played one at a time.
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
        if end_rule == EndRule::EmptyHandLoses || deals < LANES as u64 {
            one_at_a_time(preset, end_rule, rng, deals, each);
            return;
        }
        // The features `search_avx512` is compiled with, one by one.
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512cd")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512dq")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: the only requirement of a `target_feature` function is
            // that the processor has the features, checked just above.
            #[allow(unsafe_code)]
            unsafe {
                search_avx512(preset, rng, deals, each)
            };
            return;
        }
        // Without wide vectors the lanes are slower than one deal after
        // another (the step does both outcomes' work).
        one_at_a_time(preset, end_rule, rng, deals, each);
    }
}

/// [`Simulator::search`] one deal after another.
fn one_at_a_time<F: FnMut(u64, &PackedDeal, &PlayResult)>(
    preset: Preset,
    end_rule: EndRule,
    rng: &mut FastRng,
    deals: u64,
    mut each: F,
) {
    for index in 0..deals {
        let deal = PackedDeal::draw(preset, rng);
        each(index, &deal, &deal.play(end_rule));
    }
}

/// [`search_lanes`] compiled for processors with AVX-512 (and the bit
/// instructions that come with them), where each step of the lanes is a
/// handful of 512-bit instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vl,avx512dq,avx512bw,avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_avx512<F: FnMut(u64, &PackedDeal, &PlayResult)>(preset: Preset, rng: &mut FastRng, deals: u64, each: F) {
    search_lanes(preset, rng, deals, each);
}

/// [`Simulator::search`] under [`EndRule::Standard`] in [`LANES`] lanes;
/// `deals` is at least [`LANES`].
#[inline(always)]
fn search_lanes<F: FnMut(u64, &PackedDeal, &PlayResult)>(preset: Preset, rng: &mut FastRng, deals: u64, mut each: F) {
    let mut lanes = Lanes::new();
    let mut drawn = 0;
    for i in 0..LANES {
        lanes.start(i, drawn, PackedDeal::draw(preset, rng));
        drawn += 1;
    }
    'deals: loop {
        for i in 0..LANES {
            while lanes.stopped(i) {
                let (index, deal, result) = lanes.report(i);
                each(index, &deal, &result);
                if drawn == deals {
                    break 'deals;
                }
                lanes.start(i, drawn, PackedDeal::draw(preset, rng));
                drawn += 1;
            }
        }
        while !lanes.step() {}
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
            search_lanes(preset, &mut rng, 3000, |index, deal, result| {
                assert!(!seen[index as usize], "deal {index} reported twice");
                seen[index as usize] = true;
                assert_eq!(*result, deal.play(EndRule::Standard), "{preset} deal {}", deal.deal());
            });
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
