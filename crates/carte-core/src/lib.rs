//! The shared core of the carte rules engines.
//!
//! * Cards: French ([`Card`], [`Rank`], [`Suit`]) and Italian
//!   ([`ItalianCard`]), compact `Copy` types with `Display` and `FromStr`
//!   that read what a person types (`Ks`, `K♠`, `10h`, `Th`, `Rc`).
//! * Decks in a fixed canonical order: [`FRENCH_52`], [`FRENCH_40`] (no 8, 9,
//!   10) and [`ITALIAN_40`].
//! * A seeded shuffle that gives the same deal for the same `u64` seed on
//!   every platform and in every future version: [`shuffled`],
//!   [`shuffle_seeded`], or [`shuffle()`] with any generator. The algorithm is
//!   written down in [`shuffle`'s module](mod@crate::shuffle).
//! * Seats ([`Seat`]), and for two-player games [`Player`] (`A`, `B`) with
//!   per-player data in [`ByPlayer`]; any game's per-seat data in
//!   [`PerSeat`], indexed by its own seat names ([`SeatKey`]).
//! * The [`Game`] trait (who acts, legal moves, checked apply, outcome, chance
//!   with probabilities), [`HiddenInfo`] (observations and determinization)
//!   and [`Seeded`] (configuration + seed = a starting state).
//! * Integer actions and facts for learning agents and other hosts:
//!   [`ActionSpace`] (a fixed numbering of moves, legal-action masks) and
//!   [`GameFacts`]; views as tensors and text: [`Views`], and perfect-recall
//!   information states: [`InfoState`].
//! * Generic tools: [`random_playout`], [`perft`], [`Replay`].
//! * With the `testing` feature, the conformance kit every game runs
//!   (the `testing` module).
//! * A [guide] to writing a game of your own on these traits,
//!   checking it with the kit and letting a bot play it.
//!
//! # Cookbook
//!
//! **Cards and the seeded shuffle.** The same seed gives the same deck on
//! every machine, in every version:
//!
//! ```
//! use carte_core::{shuffled, Card, FRENCH_52};
//!
//! let deck = shuffled(FRENCH_52, 2026);
//! assert_eq!(deck.len(), 52);
//! let ace: Card = "A♠".parse()?;
//! assert!(deck.contains(&ace));
//! # Ok::<(), carte_core::ParseCardError>(())
//! ```
//!
//! **Any game through the traits.** Code written on [`Game`] and
//! [`Seeded`] runs on every game crate; here a tally of random games, run
//! on Gonzago (the `gonzago-rules` crate) and recorded as a [`Replay`]:
//!
//! ```
//! use carte_core::{Game, RandomPlayer, Replay, Seeded, deal_rng};
//!
//! /// Plays `games` seeded games at random; how many seat 0 won, and the
//! /// record of the last one.
//! fn tally<G: Seeded>(config: &G::Config, games: u64) -> Result<(u64, Replay<G>), Box<dyn std::error::Error>> {
//!     let (mut wins, mut last) = (0, Replay::new(config.clone(), 0));
//!     for seed in 0..games {
//!         let mut replay = Replay::<G>::new(config.clone(), seed);
//!         let mut game = replay.start()?;
//!         let (mut player, mut rng) = (RandomPlayer::new(), deal_rng(seed));
//!         while let Some(mv) = player.choose(&game, &mut rng) {
//!             game.apply(mv)?;
//!             replay.push(mv);
//!         }
//!         wins += game.outcome().is_some_and(|o| o.returns()[0] > 0.0) as u64;
//!         last = replay;
//!     }
//!     Ok((wins, last))
//! }
//!
//! let (wins, last) = tally::<gonzago_rules::Hand>(&gonzago_rules::Deck::Italian, 20)?;
//! assert!(wins <= 20);
//! assert!(last.replay()?.is_over()); // the record rebuilds the exact game
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Hidden information.** [`HiddenInfo::observation`] is what a seat may
//! know, and [`HiddenInfo::sample`] a full state consistent with it, for
//! search (see the trait). **Bots** that play any game are in the
//! `carte-bots` crate. **A game of your own**: the [guide] writes
//! one, checks it with the conformance kit and lets a bot play it.
//!
//!
//! # Conventions every game crate follows
//!
//! The four game crates have one API shape, so that what you learn on one
//! holds on the others: the same names for the same roles, a checked
//! `new(&Config, seed)` and `from_setup(&Setup)`, `Config::validate`, one
//! integer type per meaning, notation read in any case, seats named alike
//! in text and JSON, complete traits. They are written once, in the
//! [`conventions`] module.
//!
//! # Features
//!
//! * `serde` (default): serialization of cards, seats, outcomes, replays.
//! * `testing`: the conformance kit and the Kuhn poker test game.
//! * `proptest`: proptest strategies over any game (the `strategies`
//!   module): reachable states, legal and arbitrary moves, move sequences.
//! * `arbitrary`: `arbitrary::Arbitrary` for cards, seats and players, for
//!   cargo-fuzz targets.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod actions;
mod card;
pub mod conventions;
mod deck;
mod error;
mod game;
pub mod guide;
mod hidden;
mod italian;
mod player;
mod replay;
mod seats;
pub mod shuffle;
mod tools;
mod views;

#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;

#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategies;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub use arbitrary_impls::noise_bytes;

pub use actions::{ActionError, ActionSpace, GameFacts, transpose_4x16};
pub use card::{Card, Rank, Suit};
pub use deck::{FRENCH_40, FRENCH_40_RANKS, FRENCH_52, ITALIAN_40, french_40_value};
pub use error::{ParseCardError, SeatError};
pub use game::{Actor, Game, MoveError, Outcome, Seat, SeatResult, Seeded};
pub use hidden::HiddenInfo;
pub use italian::{ItalianCard, ItalianRank, ItalianSuit};
pub use player::{ByPlayer, Player};
pub use replay::{Replay, ReplayError};
pub use seats::{PerSeat, SeatKey};
pub use shuffle::{DealRng, below, deal_rng, shuffle, shuffle_seeded, shuffled};
pub use tools::{Playout, RandomPlayer, perft, pick_weighted, random_playout};
pub use views::{InfoState, ViewError, Views, fnv1a};

/// Re-exported so that users name the same `rand` traits as this crate.
pub use rand;
