//! Results of a round robin: counts, win rates with confidence intervals,
//! and the printed table.

use core::fmt;

use crate::arena::GameRecord;

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95% for `successes` out of `trials`;
/// `None` when there are no trials.
///
/// ```
/// use carte_bots::wilson_interval;
///
/// let (lo, hi) = wilson_interval(90, 100).unwrap();
/// assert!((lo - 0.8256).abs() < 1e-3 && (hi - 0.9448).abs() < 1e-3);
/// assert_eq!(wilson_interval(0, 0), None);
/// ```
pub fn wilson_interval(successes: u32, trials: u32) -> Option<(f64, f64)> {
    if trials == 0 {
        return None;
    }
    let n = f64::from(trials);
    let p = f64::from(successes.min(trials)) / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // Exact ends where the formula reaches them only up to rounding.
    let lo = if successes == 0 { 0.0 } else { (centre - half).max(0.0) };
    let hi = if successes >= trials { 1.0 } else { (centre + half).min(1.0) };
    Some((lo, hi))
}

/// The games of one pairing, from its first entrant's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairingStats {
    /// The entrant listed first.
    pub first: usize,
    /// The entrant listed second.
    pub second: usize,
    /// Games `first` won.
    pub wins: u32,
    /// Games drawn (cut games included).
    pub draws: u32,
    /// Games `first` lost.
    pub losses: u32,
    /// Games stopped by the ply limit (also counted in `draws`).
    pub cut: u32,
    /// Plies played over all games.
    pub plies: u64,
    /// `first`'s returns summed over all games.
    pub return_sum: f64,
}

impl PairingStats {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Games won or lost.
    pub fn decided(&self) -> u32 {
        self.wins + self.losses
    }

    /// `first`'s share of the decided games; `None` if none was decided.
    pub fn win_rate(&self) -> Option<f64> {
        (self.decided() > 0).then(|| f64::from(self.wins) / f64::from(self.decided()))
    }

    /// The 95% Wilson interval of [`win_rate`](Self::win_rate).
    pub fn win_rate_interval(&self) -> Option<(f64, f64)> {
        wilson_interval(self.wins, self.decided())
    }

    /// Mean plies per game.
    pub fn average_plies(&self) -> f64 {
        if self.games() == 0 { 0.0 } else { self.plies as f64 / f64::from(self.games()) }
    }

    /// `first`'s mean return per game.
    pub fn average_return(&self) -> f64 {
        if self.games() == 0 { 0.0 } else { self.return_sum / f64::from(self.games()) }
    }

    /// The same games seen from `second`'s side.
    pub fn flipped(&self) -> PairingStats {
        PairingStats {
            first: self.second,
            second: self.first,
            wins: self.losses,
            losses: self.wins,
            return_sum: -self.return_sum,
            ..*self
        }
    }
}

/// The results of a round robin, filled game by game with
/// [`add`](Standings::add); `Display` prints the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    names: Vec<String>,
    pairings: Vec<PairingStats>,
}

impl Standings {
    /// Empty standings between entrants `names` over `pairings`
    /// (`(first, second)` indices into `names`).
    pub fn new(names: Vec<String>, pairings: Vec<(usize, usize)>) -> Self {
        let pairings =
            pairings.into_iter().map(|(first, second)| PairingStats { first, second, ..Default::default() }).collect();
        Standings { names, pairings }
    }

    /// Counts one game. A record of an unknown pairing is ignored.
    pub fn add(&mut self, record: &GameRecord) {
        let Some(p) = self.pairings.get_mut(record.job.pairing) else { return };
        let margin = record.first_return - record.second_return;
        if record.cut || margin == 0.0 {
            p.draws += 1;
        } else if margin > 0.0 {
            p.wins += 1;
        } else {
            p.losses += 1;
        }
        p.cut += u32::from(record.cut);
        p.plies += record.plies;
        p.return_sum += record.first_return;
    }

    /// The entrants' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// One entry per pairing, in [`RoundRobin::pairings`](crate::RoundRobin::pairings) order.
    pub fn pairings(&self) -> &[PairingStats] {
        &self.pairings
    }

    /// The games of `a` against `b`, from `a`'s side.
    pub fn between(&self, a: &str, b: &str) -> Option<PairingStats> {
        let ia = self.names.iter().position(|n| n == a)?;
        let ib = self.names.iter().position(|n| n == b)?;
        self.pairings.iter().find_map(|p| match (p.first, p.second) {
            (f, s) if (f, s) == (ia, ib) => Some(p.clone()),
            (f, s) if (f, s) == (ib, ia) => Some(p.flipped()),
            _ => None,
        })
    }

    /// Every entrant's games against all others, from its side.
    pub fn totals(&self) -> Vec<PairingStats> {
        (0..self.names.len())
            .map(|i| {
                let mut t = PairingStats { first: i, second: i, ..Default::default() };
                for p in &self.pairings {
                    let mine = if p.first == i {
                        p.clone()
                    } else if p.second == i {
                        p.flipped()
                    } else {
                        continue;
                    };
                    t.wins += mine.wins;
                    t.draws += mine.draws;
                    t.losses += mine.losses;
                    t.cut += mine.cut;
                    t.plies += mine.plies;
                    t.return_sum += mine.return_sum;
                }
                t
            })
            .collect()
    }

    fn row(&self, f: &mut fmt::Formatter<'_>, label: &str, p: &PairingStats) -> fmt::Result {
        let rate = match (p.win_rate(), p.win_rate_interval()) {
            (Some(r), Some((lo, hi))) => format!("{:5.1}% [{:5.1}, {:5.1}]", r * 100.0, lo * 100.0, hi * 100.0),
            _ => "    -".to_owned(),
        };
        writeln!(
            f,
            "{label:<28} {:>6} {:>6} {:>6} {:>6}  {rate:<23} {:>9.1} {:>+8.3} {:>5}",
            p.games(),
            p.wins,
            p.draws,
            p.losses,
            p.average_plies(),
            p.average_return(),
            p.cut,
        )
    }
}

impl fmt::Display for Standings {
    /// One row per pairing from the first entrant's side, then (with more
    /// than one pairing) one row per entrant against the field. The win rate
    /// is over decided games, with its 95% Wilson interval.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<28} {:>6} {:>6} {:>6} {:>6}  {:<23} {:>9} {:>8} {:>5}",
            "pairing", "games", "wins", "draws", "losses", "win% decided [95% CI]", "avg plies", "avg ret", "cut"
        )?;
        for p in &self.pairings {
            let label = format!("{} vs {}", self.names[p.first], self.names[p.second]);
            self.row(f, &label, p)?;
        }
        if self.pairings.len() > 1 {
            writeln!(f)?;
            for t in self.totals() {
                let label = format!("{} vs field", self.names[t.first]);
                self.row(f, &label, &t)?;
            }
        }
        Ok(())
    }
}
