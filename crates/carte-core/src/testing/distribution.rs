//! Determinization checked by statistics: on a position small enough to
//! enumerate every world a seat cannot tell apart, `sample(seat, rng)` must
//! draw each with its exact probability.

use std::fmt::Debug;

use crate::game::Seat;
use crate::hidden::HiddenInfo;
use crate::shuffle::deal_rng;

/// How many samples [`check_sample_distribution`] draws and how surprising
/// a result must be to fail.
#[derive(Clone, Debug)]
pub struct SampleCheck {
    /// Samples drawn; 0 picks enough for 50 expected per world (at least
    /// 2,000).
    pub samples: usize,
    /// Seed of the generators: sample `i` uses `deal_rng(seed + i)`, so a
    /// check is deterministic and a failure reproduces.
    pub seed: u64,
    /// The false-alarm rate: the check fails when a correct sampler would
    /// give a chi-square at least this large with probability below
    /// `alpha`. The default, 1e-6, means that over a million different
    /// seeds a correct sampler fails about once; at the fixed seed a test
    /// uses it either always passes or always fails.
    pub alpha: f64,
}

impl Default for SampleCheck {
    fn default() -> Self {
        SampleCheck { samples: 0, seed: 2026, alpha: 1e-6 }
    }
}

/// What [`check_sample_distribution`] measured.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleReport {
    /// The worlds compared.
    pub worlds: usize,
    /// Samples drawn.
    pub samples: usize,
    /// How many samples fell on each world, in the order given.
    pub counts: Vec<u64>,
    /// Pearson's chi-square statistic of the counts against the exact
    /// probabilities.
    pub chi_square: f64,
    /// Degrees of freedom: worlds − 1.
    pub degrees_of_freedom: usize,
    /// Probability that a correct sampler gives a statistic at least this
    /// large.
    pub p_value: f64,
}

/// The worlds among `candidates` that `seat` cannot tell from `game` (the
/// same observation), without repeats, each with the same probability.
///
/// Uniform is the right distribution when every deal was equally likely
/// and the history is equally likely in each consistent world (the rules
/// of the seat's view decide which worlds are consistent; a game that
/// weights worlds otherwise gives its own list). The candidates need not
/// be consistent: the ones that are not are dropped. A seat the game does
/// not have gets no worlds.
pub fn consistent_worlds<G: HiddenInfo>(
    game: &G,
    seat: Seat,
    candidates: impl IntoIterator<Item = G>,
) -> Vec<(G, f64)> {
    let Ok(view) = game.observation(seat) else {
        return Vec::new();
    };
    let mut worlds: Vec<G> = Vec::new();
    for c in candidates {
        if c.observation(seat).as_ref() == Ok(&view) && !worlds.contains(&c) {
            worlds.push(c);
        }
    }
    let p = 1.0 / worlds.len().max(1) as f64;
    worlds.into_iter().map(|w| (w, p)).collect()
}

/// Draws many `game.sample(seat, rng)` and compares how often each world
/// comes up with its exact probability in `worlds` (a chi-square test; see
/// [`SampleCheck::alpha`] for the false-alarm rate).
///
/// `worlds` lists every state `seat` cannot tell from `game` with its
/// probability (e.g. [`consistent_worlds`]); the game under test supplies
/// it for a position small enough to enumerate.
///
/// # Errors
///
/// A message if the probabilities are not positive and summing to 1, if a
/// sample is not one of the worlds (a sample no game could be in, or one
/// the seat would tell apart), or if the frequencies are too far from the
/// probabilities.
pub fn check_sample_distribution<G>(
    game: &G,
    seat: Seat,
    worlds: &[(G, f64)],
    check: &SampleCheck,
) -> Result<SampleReport, String>
where
    G: HiddenInfo,
{
    if worlds.is_empty() {
        return Err("no worlds given".into());
    }
    let total: f64 = worlds.iter().map(|&(_, p)| p).sum();
    if (total - 1.0).abs() > 1e-9 || worlds.iter().any(|&(_, p)| p <= 0.0 || p.is_nan()) {
        return Err(format!("the world probabilities are not positive and summing to 1 (sum {total})"));
    }
    let samples = if check.samples == 0 { (50 * worlds.len()).max(2_000) } else { check.samples };
    let mut counts = vec![0u64; worlds.len()];
    for i in 0..samples {
        let sample = game.sample(seat, &mut deal_rng(check.seed.wrapping_add(i as u64))).map_err(|e| e.to_string())?;
        match worlds.iter().position(|(w, _)| *w == sample) {
            Some(k) => counts[k] += 1,
            None => return Err(outside(game, seat, &sample, i)),
        }
    }
    let n = samples as f64;
    let chi_square: f64 = worlds
        .iter()
        .zip(&counts)
        .map(|(&(_, p), &c)| {
            let expected = p * n;
            (c as f64 - expected).powi(2) / expected
        })
        .sum();
    let degrees_of_freedom = worlds.len() - 1;
    let p_value = if degrees_of_freedom == 0 { 1.0 } else { chi_square_survival(chi_square, degrees_of_freedom) };
    let report = SampleReport { worlds: worlds.len(), samples, counts, chi_square, degrees_of_freedom, p_value };
    if p_value < check.alpha {
        return Err(format!(
            "sample frequencies are off: chi-square {chi_square:.1} with {degrees_of_freedom} degrees of freedom, p = {p_value:.3e} < {}; counts {:?} for probabilities {:?}",
            check.alpha,
            report.counts,
            worlds.iter().map(|&(_, p)| p).collect::<Vec<_>>()
        ));
    }
    Ok(report)
}

fn outside<G: HiddenInfo + Debug>(game: &G, seat: Seat, sample: &G, i: usize) -> String {
    let same_view = sample.observation(seat) == game.observation(seat);
    format!(
        "sample {i} is none of the consistent worlds ({}):\n{sample:?}",
        if same_view {
            "the seat cannot tell it apart, yet it is not in the list"
        } else {
            "the seat would see the difference"
        }
    )
}

/// P(X ≥ x) for X chi-square with `k` degrees of freedom: the regularized
/// upper incomplete gamma function Q(k/2, x/2).
pub fn chi_square_survival(x: f64, k: usize) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    gamma_q(k as f64 / 2.0, x / 2.0)
}

fn ln_gamma(x: f64) -> f64 {
    // Lanczos approximation, g = 7, n = 9 (relative error below 1e-13).
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let t = x + 7.5;
    let sum: f64 = C[0] + (1..9).map(|i| C[i] / (x + i as f64)).sum::<f64>();
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

fn gamma_q(a: f64, x: f64) -> f64 {
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        // Series for P(a, x).
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * front).clamp(0.0, 1.0)
    } else {
        // Continued fraction for Q(a, x) (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::testing::{Kuhn, KuhnMove};

    #[test]
    fn chi_square_tail_matches_tables() {
        // Upper 5 % and 0.1 % points of the chi-square distribution.
        for (x, k, p) in
            [(3.841, 1, 0.05), (5.991, 2, 0.05), (18.307, 10, 0.05), (29.588, 10, 0.001), (124.342, 100, 0.05)]
        {
            let q = chi_square_survival(x, k);
            assert!((q - p).abs() < p * 0.01, "Q({x}, {k}) = {q}, tables say {p}");
        }
        assert_eq!(chi_square_survival(0.0, 3), 1.0);
    }

    fn kuhn(deal: [u8; 2], bets: &[KuhnMove]) -> Kuhn {
        let mut k = Kuhn::new();
        k.apply(KuhnMove::Deal(deal)).unwrap();
        bets.iter().for_each(|&m| k.apply(m).unwrap());
        k
    }

    fn all_deals(bets: &[KuhnMove]) -> impl Iterator<Item = Kuhn> + '_ {
        (0..3).flat_map(move |a| (0..3).filter(move |&b| b != a).map(move |b| kuhn([a, b], bets)))
    }

    /// Kuhn before the showdown: seat 0 holds the K, the other card is J
    /// or Q with probability 1/2 each, and `sample` draws them so.
    #[test]
    fn kuhn_samples_have_the_exact_distribution() {
        for (seat, bets) in [(0, vec![KuhnMove::Pass]), (1, vec![]), (1, vec![KuhnMove::Pass, KuhnMove::Bet])] {
            let game = kuhn([2, 0], &bets);
            let worlds = consistent_worlds(&game, Seat::new(seat), all_deals(&bets));
            assert_eq!(worlds.len(), 2);
            let report = check_sample_distribution(&game, Seat::new(seat), &worlds, &SampleCheck::default()).unwrap();
            assert_eq!(report.counts.iter().sum::<u64>(), report.samples as u64);
        }
        // After a showdown the seat knows everything: one world.
        let shown = kuhn([2, 0], &[KuhnMove::Pass, KuhnMove::Pass]);
        let worlds = consistent_worlds(&shown, Seat::new(0), all_deals(&[KuhnMove::Pass, KuhnMove::Pass]));
        assert_eq!(worlds.len(), 1);
        check_sample_distribution(&shown, Seat::new(0), &worlds, &SampleCheck::default()).unwrap();
    }

    /// The check fails on wrong probabilities and on a missing world, so a
    /// biased or leaking sampler would be caught.
    #[test]
    fn the_check_catches_wrong_distributions() {
        let game = kuhn([2, 0], &[KuhnMove::Pass]);
        let mut worlds = consistent_worlds(&game, Seat::new(0), all_deals(&[KuhnMove::Pass]));
        worlds[0].1 = 0.6;
        worlds[1].1 = 0.4;
        let err = check_sample_distribution(&game, Seat::new(0), &worlds, &SampleCheck::default()).unwrap_err();
        assert!(err.contains("frequencies are off"), "{err}");
        let one = vec![(worlds[0].0.clone(), 1.0)];
        let err = check_sample_distribution(&game, Seat::new(0), &one, &SampleCheck::default()).unwrap_err();
        assert!(err.contains("none of the consistent worlds"), "{err}");
        assert!(check_sample_distribution(&game, Seat::new(0), &[], &SampleCheck::default()).is_err());
    }
}
