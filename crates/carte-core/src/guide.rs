//! A guide: write your own game on the carte traits, check it with the
//! conformance kit, and let a bot play it.
//!
//! The game is Nim with one heap: the heap starts with 15 stones, each turn
//! takes one, two or three of them, and who takes the last stone wins. The
//! whole program below is one crate's worth of code; it needs `carte-core`
//! (with the `testing` feature for the kit, usually in dev-dependencies)
//! and, for the bot, `carte-bots`:
//!
//! ```toml
//! [dependencies]
//! carte-core = { path = "../carte/crates/carte-core" }
//! carte-bots = { path = "../carte/crates/carte-bots" }
//!
//! [dev-dependencies]
//! carte-core = { path = "../carte/crates/carte-core", features = ["testing"] }
//! ```
//!
//! # The moves
//!
//! A move is a small `Copy` value with a notation: `Display` writes it and
//! `FromStr` reads it back (the kit checks that the two agree). Read what a
//! person types: case and spaces do not matter.
//!
//! # The state
//!
//! [`Game`](crate::Game) asks who acts ([`Actor`](crate::Actor): a seat,
//! chance, or nobody once the game is over), the legal moves, a checked
//! `apply` that refuses an illegal move *and leaves the state as it was*,
//! and the outcome ([`Outcome`](crate::Outcome): a return per seat).
//! [`Seeded`](crate::Seeded) builds a starting state from a configuration
//! and a seed, and refuses a configuration that makes no game. Here the
//! seed draws who moves first.
//!
//! # The check and the bot
//!
//! [`testing::check_game`](crate::testing::check_game) plays random games
//! from random seeds and checks the contract of `Game` in every state:
//! determinism, legal moves that apply and read back, illegal moves refused
//! without a change, an outcome exactly when nobody acts. It needs nothing
//! of the game but `Game` (no serde). A game that serializes adds
//! [`check_serde`](crate::testing::check_serde); a game of hidden
//! information implements [`HiddenInfo`](crate::HiddenInfo) and adds
//! [`check_hidden_info`](crate::testing::check_hidden_info).
//!
//! Then any bot of `carte-bots` plays it: `carte_bots::Mcts` finds the
//! winning move, leaving the opponent a multiple of four stones.
//!
//! ```
//! use std::fmt;
//! use std::str::FromStr;
//!
//! use carte_core::{Actor, Game, Outcome, Seat, Seeded};
//!
//! /// Take this many stones from the heap.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
//! pub struct Take(pub u32);
//!
//! impl fmt::Display for Take {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "take {}", self.0)
//!     }
//! }
//!
//! impl FromStr for Take {
//!     type Err = NimError;
//!
//!     fn from_str(text: &str) -> Result<Take, NimError> {
//!         let words: Vec<&str> = text.split_whitespace().collect();
//!         match words[..] {
//!             [verb, n] if verb.eq_ignore_ascii_case("take") => {
//!                 n.parse().map(Take).map_err(|_| NimError(format!("{n:?} is not a number of stones")))
//!             }
//!             _ => Err(NimError(format!("expected `take N`, not {text:?}"))),
//!         }
//!     }
//! }
//!
//! /// A refused move, move text or configuration.
//! #[derive(Clone, Debug, PartialEq, Eq)]
//! pub struct NimError(String);
//!
//! impl fmt::Display for NimError {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         f.write_str(&self.0)
//!     }
//! }
//!
//! impl std::error::Error for NimError {}
//!
//! /// The size of the heap, and the most stones a turn may take.
//! #[derive(Clone, Debug, PartialEq)]
//! pub struct NimConfig {
//!     pub stones: u32,
//!     pub max_take: u32,
//! }
//!
//! impl Default for NimConfig {
//!     fn default() -> Self {
//!         NimConfig { stones: 15, max_take: 3 }
//!     }
//! }
//!
//! /// A game of Nim: the fields are private, so every state is one that
//! /// play can reach.
//! #[derive(Clone, Debug, PartialEq, Eq)]
//! pub struct Nim {
//!     stones: u32,
//!     max_take: u32,
//!     to_move: Seat,
//! }
//!
//! impl Nim {
//!     fn other(seat: Seat) -> Seat {
//!         Seat::new(1 - seat.index() as u8)
//!     }
//! }
//!
//! impl Game for Nim {
//!     type Move = Take;
//!     type Error = NimError;
//!
//!     fn num_seats(&self) -> usize {
//!         2
//!     }
//!
//!     fn actor(&self) -> Actor {
//!         if self.stones == 0 { Actor::Nobody } else { Actor::Seat(self.to_move) }
//!     }
//!
//!     fn legal_moves(&self, out: &mut Vec<Take>) {
//!         out.clear();
//!         out.extend((1..=self.max_take.min(self.stones)).map(Take));
//!     }
//!
//!     fn apply(&mut self, mv: Take) -> Result<(), NimError> {
//!         if self.stones == 0 {
//!             return Err(NimError("the game is over".into()));
//!         }
//!         if mv.0 == 0 || mv.0 > self.max_take.min(self.stones) {
//!             let most = self.max_take.min(self.stones);
//!             return Err(NimError(format!("{mv}: take 1 to {most} stones")));
//!         }
//!         // Checked above: nothing changes before this point.
//!         self.stones -= mv.0;
//!         self.to_move = Nim::other(self.to_move);
//!         Ok(())
//!     }
//!
//!     fn outcome(&self) -> Option<Outcome> {
//!         // The seat that took the last stone is the one not to move.
//!         (self.stones == 0).then(|| Outcome::win(2, Nim::other(self.to_move)))
//!     }
//! }
//!
//! impl Seeded for Nim {
//!     type Config = NimConfig;
//!     type ConfigError = NimError;
//!
//!     fn from_seed(config: &NimConfig, seed: u64) -> Result<Nim, NimError> {
//!         if config.stones == 0 || config.max_take == 0 {
//!             return Err(NimError(format!("no game with {config:?}")));
//!         }
//!         let first = Seat::new((seed % 2) as u8);
//!         Ok(Nim { stones: config.stones, max_take: config.max_take, to_move: first })
//!     }
//! }
//!
//! // Play it by hand: moves as values or as text; a refused move changes nothing.
//! let mut game = Nim::from_seed(&NimConfig::default(), 0)?;
//! assert_eq!(game.legal_move_vec(), [Take(1), Take(2), Take(3)]);
//! game.apply_notation("take 3")?;
//! let before = game.clone();
//! assert!(game.apply_notation("take 4").is_err());
//! assert!(game.apply_notation("give 1").is_err());
//! assert_eq!(game, before);
//! assert!(Nim::from_seed(&NimConfig { stones: 0, max_take: 3 }, 0).is_err());
//!
//! // The generic tools work at once: count the ways a small game can go.
//! let small = Nim::from_seed(&NimConfig { stones: 4, max_take: 3 }, 0)?;
//! assert_eq!(carte_core::perft(&small, 1), 3);
//! assert_eq!(carte_core::perft(&small, 4), 1); // four moves only as 1 + 1 + 1 + 1
//!
//! // The conformance kit: the contract of `Game` in every state of random games.
//! use carte_core::testing::{check_game, KitConfig};
//! check_game(&KitConfig::default(), |seed| Nim::from_seed(&NimConfig::default(), seed).unwrap());
//!
//! // A bot: MCTS takes 3 from 15, leaving 12, a multiple of 4 (a lost heap
//! // for the seat to move), and so wins every game it starts against a
//! // random player (an even seed lets seat 0 start).
//! use carte_bots::{Bot, Mcts, Random, play_game};
//! let start = Nim::from_seed(&NimConfig::default(), 0)?;
//! let mut mcts = Mcts::new(1).iterations(2_000);
//! assert_eq!(mcts.choose(&start), Some(Take(3)));
//! let mut wins = 0;
//! for seed in (0..40).step_by(2) {
//!     let mut game = Nim::from_seed(&NimConfig::default(), seed)?;
//!     let mut random = Random::new(seed);
//!     play_game(&mut game, &mut [&mut mcts, &mut random], &mut carte_core::deal_rng(seed), 100)?;
//!     wins += (game.outcome().unwrap().value(Seat::new(0)) > 0.0) as u32;
//! }
//! assert_eq!(wins, 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
