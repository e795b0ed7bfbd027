//! Bots for every game of the carte rules engines, generic over
//! [`carte_core::Game`] and [`carte_core::HiddenInfo`], and an arena to
//! measure them.
//!
//! * [`Random`]: uniform over the legal moves.
//! * [`PolicyBot`]: a heuristic [`PolicyFn`] (each game crate offers one)
//!   as a bot; the same functions serve as the search bots' play-out
//!   policy.
//! * [`Mcts`]: UCT for games where the acting seat sees everything, chance
//!   crossed by sampling, any number of seats or teams.
//! * [`Ismcts`]: single-observer information-set MCTS for hidden
//!   information, built on [`HiddenInfo::sample`](carte_core::HiddenInfo::sample)
//!   only.
//! * [`play_game`], [`RoundRobin`] and [`Standings`]: games between bots,
//!   round robins with fair seating, tables with 95% confidence intervals.
//!
//! Every bot is seeded and deterministic for its seed (unless given a time
//! budget), answers chance nodes by the stated probabilities, and returns
//! `None` only when the game is over.
//!
//! ```
//! use carte_bots::{Bot, Ismcts, Random, play_game};
//! use carte_core::testing::Kuhn;
//! use carte_core::{deal_rng, Game};
//!
//! let mut smart = Ismcts::new(1).iterations(300);
//! let mut random = Random::new(2);
//! let mut total = 0.0;
//! for seed in 0..40 {
//!     let mut game = Kuhn::new();
//!     play_game(&mut game, &mut [&mut smart, &mut random], &mut deal_rng(seed), 10)?;
//!     total += game.outcome().unwrap().returns()[0];
//! }
//! assert!(total > 0.0);
//! # Ok::<(), carte_bots::PlayError>(())
//! ```

#![forbid(unsafe_code)]

mod arena;
mod bot;
mod ismcts;
mod mcts;
mod policy;
mod random;
mod search;
mod standings;

pub use arena::{
    ArenaError, BotFactory, Entrant, GameRecord, Job, Jobs, MAX_THREADS, PlayError, RoundRobin, play_game, thread_count,
};
pub use bot::{Bot, BotRng};
pub use ismcts::Ismcts;
pub use mcts::Mcts;
pub use policy::{PolicyBot, PolicyFn};
pub use random::Random;
pub use search::{Budget, EvalFn, MoveStats, Rollout, SearchConfig};
pub use standings::{PairingStats, Standings, wilson_interval};
