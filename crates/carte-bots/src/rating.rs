//! A ladder: Bradley-Terry ratings of every bot from a round robin, on the
//! Elo scale, with 95% intervals.

use core::fmt;

use crate::standings::Standings;

/// One bot's rating.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// The bot's name.
    pub name: String,
    /// Its strength on the Elo scale (a 400-point gap is 10 to 1 odds),
    /// the ladder's average at 0.
    pub elo: f64,
    /// The low end of the 95% interval of `elo`.
    pub low: f64,
    /// The high end of the 95% interval of `elo`.
    pub high: f64,
    /// Games played.
    pub games: u32,
    /// Points scored: a win 1, a draw 1/2.
    pub score: f64,
}

/// Ratings of every bot of a round robin, best first.
///
/// The model is Bradley-Terry: bot `i` beats bot `j` with probability
/// `1 / (1 + 10^((elo_j - elo_i) / 400))`; a draw counts half a win for
/// each side. Ratings are the maximum-likelihood fit (Hunter's MM
/// iterations) after adding one virtual draw to every pairing, so that a
/// bot that won every game still gets a finite rating. The intervals are
/// ±1.96 standard errors from the observed information (its pseudo-inverse
/// under the zero-average constraint).
///
/// ```
/// use carte_bots::{Ladder, Standings};
///
/// // a beat b 30-10 (no draws); a beat c 35-5; b beat c 25-15.
/// let ladder = Ladder::from_scores(
///     vec!["a".into(), "b".into(), "c".into()],
///     &[(0, 1, 30.0, 40), (0, 2, 35.0, 40), (1, 2, 25.0, 40)],
/// );
/// let r = ladder.ratings();
/// assert_eq!(r[0].name, "a");
/// assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo);
/// assert!(r[0].low < r[0].elo && r[0].elo < r[0].high);
/// # let _ = Standings::new(vec![], vec![]);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ladder {
    ratings: Vec<Rating>,
}

const ELO: f64 = 400.0 / core::f64::consts::LN_10;

impl Ladder {
    /// The ladder of a round robin's standings.
    pub fn from_standings(standings: &Standings) -> Ladder {
        let scores: Vec<(usize, usize, f64, u32)> = standings
            .pairings()
            .iter()
            .map(|p| (p.first, p.second, f64::from(p.wins) + 0.5 * f64::from(p.draws), p.games()))
            .collect();
        Ladder::from_scores(standings.names().to_vec(), &scores)
    }

    /// The ladder of `names` from pairings `(i, j, points of i, games)`:
    /// bot `i` scored `points` (wins plus half the draws) in `games` games
    /// against bot `j`.
    pub fn from_scores(names: Vec<String>, pairings: &[(usize, usize, f64, u32)]) -> Ladder {
        let n = names.len();
        // games[i][j] and points[i][j], with one virtual draw per pairing.
        let mut games = vec![vec![0.0; n]; n];
        let mut points = vec![vec![0.0; n]; n];
        let mut played = vec![0u32; n];
        let mut scored = vec![0.0; n];
        for &(i, j, p, g) in pairings {
            if i >= n || j >= n || i == j {
                continue;
            }
            let (g, p) = (f64::from(g), p.clamp(0.0, f64::from(g)));
            games[i][j] += g + 1.0;
            games[j][i] += g + 1.0;
            points[i][j] += p + 0.5;
            points[j][i] += g - p + 0.5;
            played[i] += (g as u32).min(u32::MAX - played[i]);
            played[j] += (g as u32).min(u32::MAX - played[j]);
            scored[i] += p;
            scored[j] += g - p;
        }
        let wins: Vec<f64> = (0..n).map(|i| points[i].iter().sum()).collect();
        // Hunter's MM: pi_i <- W_i / sum_j n_ij / (pi_i + pi_j).
        let mut pi = vec![1.0; n];
        for _ in 0..10_000 {
            let mut change: f64 = 0.0;
            let next: Vec<f64> = (0..n)
                .map(|i| {
                    let denom: f64 = (0..n).filter(|&j| j != i).map(|j| games[i][j] / (pi[i] + pi[j])).sum();
                    if denom > 0.0 { wins[i] / denom } else { pi[i] }
                })
                .collect();
            // Keep the geometric mean at 1 (the average rating at 0).
            let log_mean = next.iter().map(|p: &f64| p.max(f64::MIN_POSITIVE).ln()).sum::<f64>() / n.max(1) as f64;
            for i in 0..n {
                let p = (next[i].max(f64::MIN_POSITIVE).ln() - log_mean).exp();
                change = change.max((p.ln() - pi[i].ln()).abs());
                pi[i] = p;
            }
            if change < 1e-10 {
                break;
            }
        }
        let theta: Vec<f64> = pi.iter().map(|p| p.ln()).collect();
        // Observed information of theta = ln pi.
        let mut h = vec![vec![0.0; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j && games[i][j] > 0.0 {
                    let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                    let w = games[i][j] * p * (1.0 - p);
                    h[i][i] += w;
                    h[i][j] -= w;
                }
            }
        }
        let var = pseudo_inverse_diagonal(&h);
        let mut ratings: Vec<Rating> = (0..n)
            .map(|i| {
                let elo = theta[i] * ELO;
                let half = 1.96 * var[i].max(0.0).sqrt() * ELO;
                Rating {
                    name: names[i].clone(),
                    elo,
                    low: elo - half,
                    high: elo + half,
                    games: played[i],
                    score: scored[i],
                }
            })
            .collect();
        ratings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        Ladder { ratings }
    }

    /// The ratings, best first.
    pub fn ratings(&self) -> &[Rating] {
        &self.ratings
    }
}

/// The diagonal of the pseudo-inverse of the information matrix `h`, whose
/// rows sum to zero: `(h + J/n)^-1 - J/n` for a connected ladder.
fn pseudo_inverse_diagonal(h: &[Vec<f64>]) -> Vec<f64> {
    let n = h.len();
    if n == 0 {
        return Vec::new();
    }
    let shift = 1.0 / n as f64;
    // Gauss-Jordan on [h + J/n | I].
    let mut a: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut row: Vec<f64> = h[i].iter().map(|x| x + shift).collect();
            row.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            row
        })
        .collect();
    for col in 0..n {
        let Some(pivot) = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs())) else {
            return vec![f64::INFINITY; n];
        };
        if a[pivot][col].abs() < 1e-12 {
            return vec![f64::INFINITY; n];
        }
        a.swap(col, pivot);
        let p = a[col][col];
        for x in a[col].iter_mut() {
            *x /= p;
        }
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            let f = row[col];
            if r != col && f != 0.0 {
                for (x, p) in row.iter_mut().zip(&pivot_row) {
                    *x -= f * p;
                }
            }
        }
    }
    (0..n).map(|i| a[i][n + i] - shift).collect()
}

impl fmt::Display for Ladder {
    /// A table: rank, bot, rating with its 95% interval, games, score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.ratings.iter().map(|r| r.name.chars().count()).max().unwrap_or(3).max(3);
        writeln!(f, "rank  {:<width$}  {:>6}  {:>17}  {:>6}  {:>7}", "bot", "elo", "95% interval", "games", "score%")?;
        for (k, r) in self.ratings.iter().enumerate() {
            let pct = if r.games == 0 { 0.0 } else { 100.0 * r.score / f64::from(r.games) };
            writeln!(
                f,
                "{:>4}  {:<width$}  {:>+6.0}  [{:>+6.0}, {:>+6.0}]  {:>6}  {:>6.1}%",
                k + 1,
                r.name,
                r.elo,
                r.low,
                r.high,
                r.games,
                pct
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_bots_rate_equal_with_intervals_around_zero() {
        let l = Ladder::from_scores(vec!["a".into(), "b".into()], &[(0, 1, 50.0, 100)]);
        for r in l.ratings() {
            assert!(r.elo.abs() < 1e-6, "{r:?}");
            assert!(r.low < 0.0 && r.high > 0.0);
        }
    }

    #[test]
    fn a_75_percent_score_is_about_190_elo_apart() {
        // 75% expected score is a gap of 400 log10(3) = 191 points.
        let l = Ladder::from_scores(vec!["a".into(), "b".into()], &[(0, 1, 750.0, 1000)]);
        let gap = l.ratings()[0].elo - l.ratings()[1].elo;
        assert!((gap - 190.0).abs() < 3.0, "{gap}");
        // About 1000 games: the interval of each is tens of points wide.
        let r = &l.ratings()[0];
        assert!(r.high - r.low > 20.0 && r.high - r.low < 80.0, "{r:?}");
    }

    #[test]
    fn a_perfect_record_stays_finite() {
        let l = Ladder::from_scores(vec!["a".into(), "b".into()], &[(0, 1, 10.0, 10)]);
        assert!(l.ratings().iter().all(|r| r.elo.is_finite() && r.low.is_finite() && r.high.is_finite()));
        assert_eq!(l.ratings()[0].name, "a");
        assert_eq!(l.ratings()[0].games, 10);
    }

    #[test]
    fn the_table_lists_every_bot() {
        let l = Ladder::from_scores(vec!["x".into(), "y".into(), "z".into()], &[(0, 1, 6.0, 10), (1, 2, 6.0, 10)]);
        let t = l.to_string();
        assert_eq!(t.lines().count(), 4, "{t}");
        assert!(t.contains("95% interval"));
    }
}
