//! What the search bots share: their budget, their play-out policy and the
//! play-out itself.

use core::fmt;
use std::time::{Duration, Instant};

use carte_core::{Actor, Game, below};

use crate::bot::{BotRng, draw_chance};
use crate::policy::PolicyFn;

/// How much a search may spend on one decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: deterministic for a seed.
    Iterations(u32),
    /// Wall-clock time: as many iterations as fit (at least one). The moves
    /// then depend on the machine's speed, so a seed no longer pins them.
    Time(Duration),
}

impl Budget {
    pub(crate) fn start(self) -> BudgetClock {
        BudgetClock { budget: self, started: Instant::now() }
    }
}

/// A running budget.
pub(crate) struct BudgetClock {
    budget: Budget,
    started: Instant,
}

impl BudgetClock {
    /// Whether another iteration fits after `done` iterations.
    pub(crate) fn allows(&self, done: u32) -> bool {
        match self.budget {
            Budget::Iterations(n) => done < n.max(1),
            // The clock is read every 8 iterations: cheap, and late by at
            // most 7 iterations.
            Budget::Time(limit) => done == 0 || !done.is_multiple_of(8) || self.started.elapsed() < limit,
        }
    }
}

/// How a search plays a position out once it leaves its tree.
pub enum Rollout<G: Game> {
    /// Uniformly random decisions.
    Random,
    /// A heuristic policy for every seat.
    Policy(PolicyFn<G>),
}

impl<G: Game> Clone for Rollout<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Rollout<G> {}

impl<G: Game> fmt::Debug for Rollout<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rollout::Random => f.write_str("Random"),
            Rollout::Policy(_) => f.write_str("Policy"),
        }
    }
}

/// A static evaluation: fills `out[i]` with the return seat `i` may expect
/// from `game` (a game that has not ended), on the scale of the game's
/// outcomes (about ±1 for a win or a loss).
pub type EvalFn<G> = fn(&G, &mut [f64]);

/// Names the class of a move: moves of one class are the same decision for
/// the search (Gonzago's `play 4c` and `play 4d`: suits never matter), so
/// the tree keeps one node for them. Two legal moves of one state with the
/// same key must be interchangeable; a key is read in the state the move is
/// legal in.
pub type MoveKeyFn<G> = fn(&G, <G as Game>::Move) -> u64;

/// A prior: how promising `mv` looks in `game` before any search, from 0
/// (not at all) to 1; progressive bias adds `weight * prior / (visits + 1)`
/// to a child's selection score, so it steers the first visits and fades.
pub type PriorFn<G> = fn(&G, <G as Game>::Move) -> f64;

/// The settings of [`Mcts`](crate::Mcts) and [`Ismcts`](crate::Ismcts).
#[derive(Debug)]
pub struct SearchConfig<G: Game> {
    /// Spending per decision; default 1000 iterations.
    pub budget: Budget,
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)`;
    /// default 1.0, for returns of about ±1 (a win/loss spread of 2).
    pub exploration: f64,
    /// The play-out policy; default random.
    pub rollout: Rollout<G>,
    /// Play-outs longer than this are cut (default 2000 moves, chance
    /// included) and scored by `evaluation`, or 0 for every seat without
    /// one.
    pub max_rollout_plies: u32,
    /// Scores play-outs cut before the end; default none. With one, a short
    /// `max_rollout_plies` trades play-out noise for the evaluation's bias:
    /// in long games it is what makes a search see the difference a move
    /// makes.
    pub evaluation: Option<EvalFn<G>>,
    /// The tree stops growing at this many nodes (iterations then play out
    /// from the deepest node reached); default 2 million.
    pub max_nodes: u32,
    /// Merges interchangeable moves into one node; default none (every
    /// move its own node). In ISMCTS it is what lets the other seats'
    /// nodes gather statistics: `play 4c` and `play 4d` of an opponent
    /// exist in different determinizations, "play one 4" in all of them.
    pub move_key: Option<MoveKeyFn<G>>,
    /// Progressive bias: a prior and its weight; default none.
    pub prior: Option<(PriorFn<G>, f64)>,
}

impl<G: Game> Clone for SearchConfig<G> {
    fn clone(&self) -> Self {
        SearchConfig { ..*self }
    }
}

impl<G: Game> Default for SearchConfig<G> {
    fn default() -> Self {
        SearchConfig {
            budget: Budget::Iterations(1000),
            exploration: 1.0,
            rollout: Rollout::Random,
            max_rollout_plies: 2000,
            evaluation: None,
            max_nodes: 2_000_000,
            move_key: None,
            prior: None,
        }
    }
}

/// Reusable buffers for play-outs.
pub(crate) struct Playout<G: Game> {
    moves: Vec<G::Move>,
    chances: Vec<(G::Move, f64)>,
}

impl<G: Game> Playout<G> {
    pub(crate) fn new() -> Self {
        Playout { moves: Vec::new(), chances: Vec::new() }
    }

    /// Plays `game` out as `config` says and fills `returns` with the
    /// result: the game's returns, or if it was cut (or a move failed) the
    /// evaluation, or zeros without one.
    pub(crate) fn run(&mut self, game: &mut G, config: &SearchConfig<G>, rng: &mut BotRng, returns: &mut Vec<f64>) {
        let (rollout, max_plies) = (config.rollout, config.max_rollout_plies);
        let mut plies = 0;
        loop {
            let mv = match game.actor() {
                Actor::Nobody => break,
                _ if plies >= max_plies => break,
                Actor::Chance => draw_chance(game, &mut self.chances, rng),
                Actor::Seat(_) => match rollout {
                    Rollout::Policy(policy) => policy(game, rng),
                    Rollout::Random => {
                        game.legal_moves(&mut self.moves);
                        let n = self.moves.len() as u32;
                        (n > 0).then(|| self.moves[below(rng, n) as usize])
                    }
                },
            };
            match mv {
                Some(mv) if game.apply(mv).is_ok() => plies += 1,
                _ => break,
            }
        }
        returns.clear();
        match game.outcome() {
            Some(outcome) => returns.extend_from_slice(outcome.returns()),
            None => {
                returns.resize(game.num_seats(), 0.0);
                if let Some(evaluate) = config.evaluation {
                    evaluate(game, returns);
                }
            }
        }
    }
}

/// What a search learned about one move at its root.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations through it.
    pub visits: u32,
    /// Mean return to the seat that plays it.
    pub mean: f64,
}

/// Marker of "no seat" for nodes entered by chance or at the root.
/// The builder methods every search bot shares (`iterations`, `time`,
/// `exploration`, `rollout_policy`, `evaluation`, `named`, `config`),
/// written once for the bot types with `name: String` and
/// `config: SearchConfig<G>` fields.
macro_rules! settings {
    () => {
        /// Searches `n` iterations per decision.
        #[must_use]
        pub fn iterations(mut self, n: u32) -> Self {
            self.config.budget = $crate::search::Budget::Iterations(n);
            self
        }

        /// Searches for `limit` of wall-clock time per decision.
        #[must_use]
        pub fn time(mut self, limit: std::time::Duration) -> Self {
            self.config.budget = $crate::search::Budget::Time(limit);
            self
        }

        /// Sets the exploration constant of the UCB selection.
        #[must_use]
        pub fn exploration(mut self, c: f64) -> Self {
            self.config.exploration = c;
            self
        }

        /// Plays leaves out with `policy` instead of uniformly random moves.
        #[must_use]
        pub fn rollout_policy(mut self, policy: $crate::policy::PolicyFn<G>) -> Self {
            self.config.rollout = $crate::search::Rollout::Policy(policy);
            self
        }

        /// Cuts play-outs after `plies` moves and scores them with `evaluation`.
        #[must_use]
        pub fn evaluation(mut self, evaluation: $crate::search::EvalFn<G>, plies: u32) -> Self {
            self.config.evaluation = Some(evaluation);
            self.config.max_rollout_plies = plies;
            self
        }

        /// Merges the moves that `key` gives one class into one tree node
        /// (see [`SearchConfig::move_key`](crate::SearchConfig::move_key)).
        #[must_use]
        pub fn move_key(mut self, key: $crate::search::MoveKeyFn<G>) -> Self {
            self.config.move_key = Some(key);
            self
        }

        /// Progressive bias: adds `weight * prior(state, move) / (visits + 1)`
        /// to each child's selection score.
        #[must_use]
        pub fn progressive_bias(mut self, prior: $crate::search::PriorFn<G>, weight: f64) -> Self {
            self.config.prior = Some((prior, weight));
            self
        }

        /// Renames the bot (for tables).
        #[must_use]
        pub fn named(mut self, name: impl Into<String>) -> Self {
            self.name = name.into();
            self
        }

        /// The settings.
        pub fn config(&self) -> &$crate::search::SearchConfig<G> {
            &self.config
        }
    };
}
pub(crate) use settings;

pub(crate) const NO_SEAT: u8 = u8::MAX;

/// The seat index of `actor` as stored in nodes.
pub(crate) fn mover_of(actor: Actor) -> u8 {
    match actor {
        Actor::Seat(s) => u8::try_from(s.index()).unwrap_or(NO_SEAT),
        _ => NO_SEAT,
    }
}
