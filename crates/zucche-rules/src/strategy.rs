//! A cheap heuristic player, the kind of play a person would recognise.

use rand::Rng;

use carte_core::below;

use crate::color::Team;
use crate::game::{Phase, Zucche};
use crate::moves::{Move, Pips};
use crate::player::BoardId;
use crate::square::{Square, attackers_mask};

/// The die faces (1 to 6) with which a checker of `from` can land on one of
/// `targets`.
#[inline]
fn faces(from: u64, targets: u64) -> u32 {
    (1..=6).filter(|&d| attackers_mask(targets, d) & from != 0).count() as u32
}

/// Keeps the best-scoring move, breaking ties uniformly at random without
/// allocating (reservoir sampling).
struct Best {
    mv: Option<Move>,
    score: i32,
    ties: u32,
}

impl Best {
    fn new() -> Best {
        Best { mv: None, score: i32::MIN, ties: 0 }
    }

    fn offer<R: Rng + ?Sized>(&mut self, mv: Move, score: i32, rng: &mut R) {
        if score > self.score {
            *self = Best { mv: Some(mv), score, ties: 1 };
        } else if score == self.score {
            self.ties += 1;
            if below(rng, self.ties) == 0 {
                self.mv = Some(mv);
            }
        }
    }
}

/// A static evaluation for search, on the ±1 scale of the outcome: every
/// seat of a team gets `tanh(x / s)`, the other team `-tanh(x / s)`.
/// `out` holds one entry per seat, in seat order.
///
/// * `x` is the team's lead in checkers (boards and hands) plus what the
///   next turn of each board that is not frozen is expected to bring: the
///   player to move there captures (a swing of two checkers) with the
///   chance that the die lets them (certainty either way once it is
///   rolled), and their opponent's reply counts half as much.
/// * `s = 0.5 + 0.9 * sqrt(rounds left)`: a lead counts for more as time
///   runs out (a lead of one at the end is almost a win), and early on the
///   value stays far from ±1, so every checker still matters to a search.
///
/// ```
/// use zucche_rules::{Config, Game, Zucche, evaluate};
///
/// let game = Zucche::new(&Config::default())?;
/// let mut values = vec![0.0; game.num_seats()];
/// evaluate(&game, &mut values);
/// assert_eq!(values, [0.0; 4]); // level at the start
/// # Ok::<(), zucche_rules::ConfigError>(())
/// ```
pub fn evaluate(game: &Zucche, out: &mut [f64]) {
    let counts = game.counts();
    let mut lead = f64::from(counts[Team::A]) - f64::from(counts[Team::B]);
    let current = game.current_board();
    for id in BoardId::all(game.num_boards()) {
        let Some(b) = game.board(id).filter(|_| game.is_frozen(id) == Some(false)) else { continue };
        let mover = b.to_move;
        let (mine, theirs) = (b.checkers[mover], b.checkers[!mover]);
        let first = match game.roll().filter(|_| current == Some(id)) {
            Some(pips) => f64::from(u8::from(attackers_mask(theirs, pips.get()) & mine != 0)),
            None => f64::from(faces(mine, theirs)) / 6.0,
        };
        let reply = f64::from(faces(theirs, mine)) / 6.0;
        let swing = 2.0 * first - reply;
        lead += if id.team_of(mover) == Team::A { swing } else { -swing };
    }
    let left = game.config().rounds.saturating_sub(game.round());
    let value = (lead / (0.5 + 0.9 * f64::from(left).sqrt())).tanh();
    for (seat, v) in carte_core::Seat::all(out.len()).zip(out.iter_mut()) {
        *v = match game.player_at(seat).map(|p| p.team) {
            Some(Team::A) => value,
            Some(Team::B) => -value,
            None => 0.0,
        };
    }
}

/// A prior for progressive bias, from 0 to 1: how good `mv` looks to the
/// rules of [`heuristic_move`] (a capture 1; otherwise less for each die
/// face that lets the opponent capture afterwards, a little more for each
/// face that lets the mover capture next; a placement less for each face
/// that hits the square). Chance moves and passes get 0.5.
pub fn move_prior(game: &Zucche, mv: Move) -> f64 {
    let player = match game.phase() {
        Phase::Place { player, .. } | Phase::Step { player, .. } => player,
        _ => return 0.5,
    };
    let color = player.color();
    match mv {
        Move::Place { board, to } => {
            let Some(b) = game.board(board) else { return 0.5 };
            0.5 - 0.08 * f64::from(faces(b.checkers[!color], to.bit()))
        }
        Move::Step { board, from, to } => {
            let Some(b) = game.board(board) else { return 0.5 };
            let score = step_score(b.checkers[color], b.checkers[!color], from, to);
            if score >= 50 { 1.0 } else { (0.6 + f64::from(score) / 100.0).clamp(0.0, 0.9) }
        }
        Move::Roll { .. } | Move::Pass => 0.5,
    }
}

/// A quick move of a sensible player, for bots and play-outs.
///
/// The rules, in order of importance:
///
/// 1. **Placement** from hand: put the checker on the empty home square
///    the opponent can hit with the fewest die faces (an opponent checker at
///    distance 1 to 6 on the same file or rank hits it with that face).
/// 2. **Capture** whenever the roll allows: a capture takes a checker from
///    the other team and gives one to yours.
/// 3. **Safety**: among moves of equal rank, leave the opponent (who rolls
///    next on this board) the fewest die faces that capture one of your
///    checkers.
/// 4. **Threat**: then prefer the move that gives you the most faces that
///    capture on your next turn.
/// 5. Remaining ties are broken at random with `rng`.
///
/// At a chance node it rolls the die with `rng` (uniform 1 to 6, via
/// [`carte_core::below`]), so a driver may call it for every move. A forced
/// pass is returned as [`Move::Pass`].
///
/// ```
/// use zucche_rules::{Config, Game, Zucche, deal_rng, heuristic_move};
///
/// let mut game = Zucche::new(&Config::default())?;
/// let mut rng = deal_rng(7);
/// while !game.is_over() {
///     let mv = heuristic_move(&game, &mut rng).ok_or("over")?;
///     game.apply(mv)?;
/// }
/// assert!(game.result().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `None` once the game is over (there is no move to make), as a bot's
/// `choose` and `random_move` answer.
pub fn heuristic_move<R: Rng + ?Sized>(game: &Zucche, rng: &mut R) -> Option<Move> {
    Some(match game.phase() {
        Phase::Over(_) => return None,
        Phase::Roll { .. } => Move::Roll { pips: Pips::ALL[below(rng, 6) as usize] },
        Phase::Place { board, player } => {
            let b = game.board(board)?;
            let opp = b.checkers[!player.color()];
            let mut best = Best::new();
            game.for_each_move(|mv| {
                if let Move::Place { to, .. } = mv {
                    best.offer(mv, -(faces(opp, to.bit()) as i32), rng);
                }
            });
            best.mv.unwrap_or_else(|| unreachable!("a placement phase has an empty home square"))
        }
        Phase::Step { board, player, .. } => {
            let b = game.board(board)?;
            let color = player.color();
            let (own, opp) = (b.checkers[color], b.checkers[!color]);
            let mut best = Best::new();
            game.for_each_move(|mv| {
                let score = match mv {
                    Move::Step { from, to, .. } => step_score(own, opp, from, to),
                    _ => 0,
                };
                best.offer(mv, score, rng);
            });
            best.mv.unwrap_or(Move::Pass)
        }
    })
}

/// Capture first (100), then the opponent's capturing faces (−10 each),
/// then our own capturing faces (+1 each).
fn step_score(own: u64, opp: u64, from: Square, to: Square) -> i32 {
    let own_after = own ^ from.bit() ^ to.bit();
    let captured = opp & to.bit() != 0;
    let opp_after = opp & !to.bit();
    let theirs = faces(opp_after, own_after) as i32;
    let ours = faces(own_after, opp_after) as i32;
    100 * i32::from(captured) - 10 * theirs + ours
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_counts_distances_on_lines() {
        let sq = |s: &str| s.parse::<Square>().unwrap().bit();
        // A checker on a1 hits d1 with a 3 and a7 with a 6, not b2.
        assert_eq!(faces(sq("a1"), sq("d1")), 1);
        assert_eq!(faces(sq("a1"), sq("d1") | sq("a7") | sq("b2")), 2);
        assert_eq!(faces(sq("a1") | sq("a4"), sq("d1")), 1);
    }
}
