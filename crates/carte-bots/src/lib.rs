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
//!   round robins with fair seating, tables with 95% confidence intervals;
//!   [`Ladder`]: Bradley-Terry ratings of every bot, with 95% intervals.
//!
//! Every bot is seeded and deterministic for its seed (unless given a time
//! budget), answers chance nodes by the stated probabilities, and returns
//! `None` only when the game is over.
//!
//! # Cookbook
//!
//! Let a bot choose a move in a real game (Gonzago), then play whole hands
//! bot against bot:
//!
//! ```
//! use carte_bots::{Bot, Ismcts, Random, play_game};
//! use gonzago_rules::{Deck, Game, Hand, Seeded, deal_rng};
//!
//! let hand = Hand::from_seed(&Deck::Italian, 7)?;
//! // ISMCTS searches on samples of what the seat to move cannot see.
//! let mut smart = Ismcts::new(1).iterations(200);
//! let mv = smart.choose(&hand).expect("the hand has just begun");
//! assert!(hand.is_legal(mv));
//!
//! let mut random = Random::new(2);
//! let mut wins = 0;
//! for seed in 0..10 {
//!     let mut game = Hand::from_seed(&Deck::Italian, seed)?;
//!     play_game(&mut game, &mut [&mut smart, &mut random], &mut deal_rng(seed), 1_000)?;
//!     wins += (game.outcome().unwrap().returns()[0] > 0.0) as u32;
//! }
//! println!("ISMCTS won {wins} of 10 hands as seat 0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every bot is a [`Bot`]: `choose` gives the move for the seat (or chance)
//! to act. [`Mcts`] plays perfect-information games such as Zucche e
//! Fantasmi; [`PolicyBot`] wraps a game's heuristic; [`RoundRobin`] and
//! [`Standings`] measure bots against each other.
//!
//! # Features
//!
//! * `serde`: [`Ladder`] and [`Rating`] serialize (the arena ladder's
//!   `--json`).
//!
//! Otherwise the crate needs only `carte-core`'s traits.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod arena;
mod bot;
mod ismcts;
mod mcts;
mod policy;
mod random;
mod rating;
mod search;
mod standings;

pub use arena::{
    ArenaError, BotFactory, Entrant, GameRecord, Job, Jobs, MAX_THREADS, PlayError, RoundRobin, play_game, thread_count,
};
pub use bot::{Bot, BotRng};
pub use ismcts::{Ismcts, PlausibleFn};
pub use mcts::Mcts;
pub use policy::{PolicyBot, PolicyFn};
pub use random::Random;
pub use rating::{Ladder, Rating};
pub use search::{Budget, EvalFn, MoveKeyFn, MoveStats, PriorFn, Rollout, SearchConfig};
pub use standings::{PairingStats, Standings, wilson_interval};
