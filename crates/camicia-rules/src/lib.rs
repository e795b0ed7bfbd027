//! Camicia (Ruba Camicia) and Beggar-my-neighbour: one rules engine over a
//! deck and a penalty table, with two presets and custom decks, a
//! [`Game`] implementation that turns one card per move,
//! a [`Simulator`] that plays whole deals to their end without allocating,
//! with exact loop detection, and exhaustive [`sweep`]s over the numbered
//! deals of a deck that split across threads and machines and merge
//! exactly.
//!
//! ```
//! use camicia_rules::{Camicia, Config, Deal, EndRule, Game, PlayResult, Player, Preset, Seeded};
//!
//! // A deal in notation, played out at once...
//! let deal = Deal::parse(Preset::Camicia, "2-1/--3-")?;
//! let result = deal.play_out(EndRule::Standard)?;
//! println!("{result}");
//!
//! // ... or card by card through the Game trait: the same counts.
//! let mut game = Camicia::from_deal(&deal, EndRule::Standard)?;
//! while !game.is_over() {
//!     game.apply("turn".parse()?)?;
//! }
//! assert_eq!(game.result(), Some(result));
//!
//! // Seeded deals come from the carte-core shuffle of the real deck.
//! let game = Camicia::from_seed(&Config::new(Preset::BeggarMyNeighbour), 7)?;
//! assert_eq!(game.hand(Player::A).len(), 26);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Cookbook
//!
//! Start a game, list and apply its moves, show what a seat sees:
//!
//! ```
//! use camicia_rules::{Camicia, Move, Config, Game, HiddenInfo, Player, Preset, Seeded};
//!
//! let mut game = Camicia::from_seed(&Config::new(Preset::Camicia), 2026)?;
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! assert_eq!(moves, [Move::Turn]); // the only move there is
//! game.apply(moves[0])?;
//! let view = game.observation(Player::B.seat())?;
//! println!("{view}"); // hand sizes, the pile, who moves, the counts
//! assert!(view.to_string().starts_with("A: 19 cards, B: 20 cards; pile "));
//! assert!(view.to_string().contains("B to move"));
//! assert_eq!(view.pile.len(), 1);
//! let json = serde_json::to_string(&view)?;
//! assert!(json.contains("\"hand_sizes\":[19,20]"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Save and load a state (loading checks it: see *What a loaded state
//! guarantees*), or go through [`Setup`]:
//!
//! ```
//! use camicia_rules::{Camicia, Config, Game, Preset, Seeded};
//!
//! let mut game = Camicia::from_seed(&Config::new(Preset::Camicia), 1)?;
//! for _ in 0..10 {
//!     game.apply("turn".parse()?)?;
//! }
//! let saved = serde_json::to_string(&game)?;
//! let loaded: Camicia = serde_json::from_str(&saved)?;
//! assert_eq!(loaded, game);
//! assert_eq!(Camicia::from_setup(&game.to_setup())?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Record and replay a game with [`carte_core::Replay`], letting a bot (here
//! carte-core's [`RandomPlayer`](carte_core::RandomPlayer); every bot has
//! one choice) pick the moves, and name the result:
//!
//! ```
//! use camicia_rules::{Camicia, Config, Game, Preset, Replay, deal_rng, describe_outcome};
//! use camicia_rules::core::RandomPlayer;
//!
//! let config = Config::new(Preset::Camicia).with_draw_on_repeat(true);
//! let mut replay = Replay::<Camicia>::new(config, 5);
//! let mut game = replay.start()?;
//! let (mut bot, mut rng) = (RandomPlayer::new(), deal_rng(1));
//! while let Some(mv) = bot.choose(&game, &mut rng) {
//!     game.apply(mv)?;
//!     replay.push(mv);
//! }
//! assert_eq!(replay.replay()?, game);
//! println!("{}", describe_outcome(&game.outcome().unwrap())); // "A wins"
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Analyse a deck: the numbering, and a sweep of part of it:
//!
//! ```
//! use camicia_rules::{Deck, EndRule, Preset, sweep};
//!
//! let deck = Deck::parse(Preset::Camicia, "14,2,2,2")?;
//! let deal = deck.unrank(2_320_485)?;
//! assert_eq!(deal.to_string(), "-3-1----2-/---2----13");
//! assert_eq!(deck.rank(&deal)?, 2_320_485);
//! let part = sweep(&deck, EndRule::Standard, 2_320_000..2_321_000, 3)?;
//! assert_eq!(part.longest[0].rank, 2_320_485); // 517 cards, the deck's longest
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The vocabulary
//!
//! * [`Preset`] (Camicia, Beggar-my-neighbour), [`Deck`] (a preset's or a
//!   custom one), [`EndRule`] and [`Config`] (with
//!   [`Config::draw_on_repeat`]).
//! * [`Deal`]: two hands of card *kinds* in notation `HAND/HAND`; checked by
//!   [`Deal::check`] / [`Deal::check_full`] / [`Deal::is_deal_of`], made by
//!   [`Deal::seeded`], [`Deal::random`] or their deck forms
//!   [`Deal::seeded_of`], [`Deal::random_of`], or by [`Deck::unrank`].
//! * [`Camicia`]: the game state ([`Game`],
//!   [`HiddenInfo`], [`Seeded`],
//!   [`actions`], validated serde, [`Setup`]); one move,
//!   [`Move::Turn`]; seats are [`Player::A`] (seat 0) and
//!   [`Player::B`] (seat 1); [`describe_outcome`] names an outcome.
//! * [`PlayResult`]: a winner with the counts, or an endless deal with its
//!   lead-in and cycle; [`Deal::play_out`] and [`Simulator`] return it.
//! * [`sweep`], [`SweepSummary`] (with [`SweepLoop`] and [`SweepGame`]),
//!   [`Deck::shard`]: exhaustive analysis.
//! * [`PackedDeal`], [`FastRng`], [`Simulator::search`]: random searches;
//!   [`speed_path`] says how they run. [`random_search`] and
//!   [`SearchSummary`] (with [`SearchGame`], [`Quantiles`] and the
//!   example's [`SearchReport`]): searches over numbered deals of a seed's
//!   stream that split and merge exactly, like sweeps.
//! * [`Ranges`]: the ranks or deal numbers a summary covers, sorted and
//!   apart; their union refuses to count a number twice, and
//!   [`Ranges::missing`] tells what is still to play.
//!
//! # Rulings
//!
//! These are the rules of `docs/rules/camicia.md` in the repository
//! (clauses C1 to C38; each test names the clauses it checks), as this
//! crate implements them.
//!
//! * **Cards.** Suits never matter, so the engine knows a card only by its
//!   *kind*: the number of cards it demands, `0` for a plain card. Camicia
//!   uses the 40 Italian cards, where Ace, Two and Three demand 1, 2 and 3
//!   (kinds `1 2 3`, 28 plain cards); Beggar-my-neighbour uses the 52 French
//!   cards, where Jack, Queen, King and Ace demand 1, 2, 3 and 4 (36 plain).
//!   That table is the only difference between the two presets.
//! * **Who starts.** Player A, the first hand of a deal, turns the first
//!   card. Nobody ever chooses anything: the only move is to turn the top
//!   card of one's hand.
//! * **Open play.** With no attack pending the players turn alternately.
//! * **Payment.** After an attack card the opponent pays: they keep turning
//!   until they have turned as many cards as it demands, or until they turn
//!   an attack card themselves.
//! * **Counter-attack.** An attack card turned while paying cancels the
//!   pending attack: the other player now pays for the new card. This
//!   chains without limit.
//! * **Collection.** When a payment ends with plain cards only, the last
//!   attacker takes the whole pile and puts it under their hand in the
//!   order it was played (the first card laid on the pile comes up first
//!   among them), then starts the next round by turning a card.
//! * **End, standard rule** ([`EndRule::Standard`], the default, used by
//!   every published record): a player who must turn a card, in open play
//!   or while paying, and has none loses; the opponent takes the pile, and
//!   that collection counts as a trick. A collection that leaves the
//!   opponent without cards ends the game at once: no further card is
//!   turned.
//! * **End, literal rule** ([`EndRule::EmptyHandLoses`], an option): a
//!   player loses the moment their hand empties, even if their own attack is
//!   pending. The opponent takes the pile (one trick); if that last card
//!   completed a payment, the one collection both pays the attacker and ends
//!   the game, and counts once.
//! * **Counting.** A *card* is one card turned onto the pile; a *trick* is
//!   one collection of the pile, the final one included.
//! * **Endless deals.** The *state* is both hands in order and the player to
//!   move, taken at the start and after every trick (when the pile is
//!   empty). A play-out that reaches a state seen before is endless and is
//!   reported at that first repeat: the counts at the repeat, the lead-in
//!   (counts at the first occurrence) and the cycle (the difference).
//!   [`Deal::play_out`] and [`Simulator`] detect loops exactly (Brent's
//!   algorithm over full states, no hashing). Through the
//!   [`Game`] trait an endless deal keeps a player to
//!   move forever, unless [`Config::draw_on_repeat`] ends it as a draw at
//!   that first repeat (then every game ends, after exactly
//!   [`Camicia::max_plies`] cards).
//! * **Notation.** `HAND/HAND`, player A first, the leftmost character the
//!   top card. Camicia: `-` or `0` plain, `1 2 3`; Beggar-my-neighbour: `-`
//!   plain, `J Q K A` (lower case accepted). Cards print as `-` and the
//!   attack symbols. A full deal ([`Deal::parse_full`]) holds exactly the
//!   preset's deck; for analysis ([`Deal::parse`]) any two hands over the
//!   preset's alphabet are accepted, each with at least one card, of any
//!   length. Errors name the offending character and its position.
//! * **Custom decks.** Beside the presets' decks, a [`Deck`] by the counts
//!   of each kind (`14,2,2,2`: 14 plain, two each of 1, 2, 3), written in a
//!   preset's notation; its deals are its cards in two equal halves. A deck
//!   with no attack card or an odd number of cards is refused, and so is
//!   one the fast engine cannot hold (over [`MAX_CARDS`] cards or
//!   [`MAX_ATTACKS`] attack cards).
//! * **Numbering.** The deals of a deck are numbered by the lexicographic
//!   rank of their kind sequence (A's hand first, top card first, kinds
//!   `0 < 1 < 2 < ...`), from 0: [`Deck::rank`], [`Deck::unrank`],
//!   [`Deck::deals`] (Camicia 193,584,473,082,000; the 20-card deck
//!   3,488,400; Beggar-my-neighbour more than 64 bits hold, so ranks are
//!   `u128`).
//!
//! Interpretations beyond the rules text, all documented where they apply:
//!
//! * positions in notation errors count characters from 1, surrounding
//!   whitespace trimmed (`Deal::parse`);
//! * an analysis deal holds any number of cards; the fast engines serve
//!   deals of at most [`MAX_CARDS`] (52) cards and hand larger ones to the
//!   general engine ([`Simulator::play`]), with the same results;
//! * a seeded deal is the real deck shuffled by [`carte_core::shuffled`],
//!   read as kinds, split in halves: the first half is A's hand, top card
//!   first ([`Deal::seeded`]);
//! * a seat observes the pile, the hand sizes and which cards the two hands
//!   hold together, and the order of no hand, its own included (the hands
//!   are face down) ([`Observation`]).
//!
//! # What a loaded state guarantees
//!
//! [`Camicia::from_setup`] and deserialization (which goes through it)
//! accept exactly the states the rules allow as far as a state shows them
//! (the list is on [`Camicia::from_setup`]): the cards conserved, the debt
//! the pile's, the counts fitting the pile (before the first trick the
//! pile also says who moves; every trick but a final one took two cards),
//! the game over exactly when its rule says, and no counter within reach
//! of overflowing ([`MAX_LOADED_COUNT`]). So every [`Camicia`] value plays
//! on by the rules, and [`Camicia::turn`] never overflows or panics.
//!
//! # Exhaustive analysis over many machines
//!
//! A [`sweep`] plays every deal of a range of ranks, stepping from each deal
//! to the next without unranking, on the fast engine with exact loop
//! detection, and returns a [`SweepSummary`]: deals, finished games, every
//! loop (rank, deal, cycle and lead-in), the longest finished games and
//! the distribution of lengths. Summaries of disjoint ranges merge exactly
//! ([`SweepSummary::merge`]), in any order, so the work splits freely:
//!
//! 1. Cut the deck into `N` shards: [`Deck::shard`]`(i, N)` for `i` in
//!    `1..=N` are equal, disjoint ranges covering every deal. With the
//!    example: `cargo run --release --example camicia -- --sweep --shard
//!    i/N --checkpoint shard-i.json --json > shard-i.out.json`, one job per
//!    shard, on any number of machines (it uses all their cores; a job that
//!    is stopped resumes from its checkpoint when run again with the same
//!    command).
//! 2. Merge the shards' summaries (JSON, the serde form of
//!    [`SweepSummary`]; loading checks each one): `cargo run --release
//!    --example camicia -- --merge shard-*.out.json --json`, or in code
//!    `all.merge(&part)?` for each part, starting from
//!    [`SweepSummary::empty`]. The merge refuses overlapping ranges and
//!    sweeps of another deck or rule, and reports which ranges it covers,
//!    so a missing shard shows.
//!
//! The Python package (`carte.ray` in `crates/carte-py`) does both on a Ray
//! cluster: fixed tasks retried when a worker dies, a checkpoint of the
//! finished ones, and the merge checked complete. Random searches split
//! the same way: deal `i` of a seed's stream is fixed ([`random_search`]),
//! and [`SearchSummary::merge`] refuses overlaps and other seeds.
//!
//! One core with AVX-512 sweeps about 4 to 5 million deals a second
//! (Camicia a little faster than Beggar-my-neighbour, whose games are
//! longer), at least as fast as a [`Simulator::search`] of random deals;
//! the whole 20-card deck takes about a second on two cores. The 40-card
//! Camicia deck, 193,584,473,082,000 deals, is then about 4 · 10^7
//! core-seconds, some 450 core-days: for instance `--shard i/1000`, each
//! shard about 1.9 · 10^11 deals or some 11 core-hours, on a few hundred
//! cores for two days. Without AVX-512 a core does about 60 percent of
//! that with AVX2 (about 3.5 million Camicia deals a second), and about
//! half with neither (2.6 million).
//!
//! # Speed
//!
//! [`Simulator`] keeps each hand in two machine words (a bit mask of its
//! attack cards and a queue of their demands), both hands in registers, and
//! plays a trick in a handful of word operations instead of card by card.
//! [`PackedDeal::draw`] with [`FastRng`] (SplitMix64) draws random deals
//! straight into that form; the search on the vector paths draws the same
//! deals eight at a time, side by side in vector registers. [`Simulator::search`] and [`sweep`] play many of
//! them eight at a time in vector lanes, each step computing both outcomes
//! of a payment and keeping one, so no time is lost to mispredicted
//! branches. Both vector paths take a step that keeps the hands' lengths
//! and first attack cards in fields and counts bits once a step: with
//! AVX-512 ([`SpeedPath::Avx512Lanes`]) in one 512-bit register a field
//! and the choices in mask registers, about twice as many deals a second
//! as one at a time and about 6 times a card-by-card simulator in the
//! style of the public searchers; with AVX2 but not AVX-512
//! ([`SpeedPath::Avx2Lanes`], most laptops) in two 256-bit registers a
//! field, about 4 times that simulator on Beggar-my-neighbour. Without either
//! ([`SpeedPath::Portable`]) they play one deal after another, compiled for
//! the bit instructions (`tzcnt`, `lzcnt`, BMI) where the processor has
//! them, about 3 times that simulator. The results are the same on every
//! path.
//!
//! One run on a loaded two-core AMD EPYC (Zen 4, load average 14 to 18),
//! thread CPU time, deals a second (`for p in 0 1 scalar; do
//! CAMICIA_BENCH_CPU=1 CAMICIA_PORTABLE=$p taskset -c 1 cargo bench --bench
//! camicia -- 'search/.* Standard|sweep/|reference' --sample-size 30; done`;
//! the costs, and how far each path is from what the machine allows, are
//! in `docs/performance.md`):
//!
//! | path | BMN search | Camicia search | BMN sweep | Camicia sweep | ÷ card-by-card |
//! |---|---:|---:|---:|---:|---:|
//! | AVX-512 lanes | 3.87 M | 4.68 M | 4.09 M | 4.73 M | 5.9× |
//! | AVX2 lanes | 2.71 M | 3.50 M | 2.84 M | 3.34 M | 4.1× |
//! | one at a time | 1.90 M | 2.38 M | 2.35 M | 2.37 M | 2.9× |
//!
//! Measure with `cargo bench --bench camicia` (its `reference` group
//! is that card-by-card simulator; `CAMICIA_BENCH_CPU=1` times in CPU time,
//! for a busy machine); set [`PORTABLE_ENV`]
//! (`CAMICIA_PORTABLE=1` for the path without AVX-512,
//! `CAMICIA_PORTABLE=scalar` for the one-at-a-time engine) to force a
//! portable path in the bench, the example or any program.
//!
//! The vector and bit-instruction paths are the crate's one use of
//! `unsafe`: calling a function compiled for those instructions after
//! checking, at run time, that the processor has them (the vector steps'
//! instructions themselves are safe calls inside such a function).
//!
//! # Features
//!
//! * `serde` (default): serialization of deals, decks, configurations,
//!   results, sweep summaries, observations and validated game states.
//! * `proptest`: the `strategies` module (see *Fuzzing your code*) and
//!   proptest `Arbitrary` impls for moves, presets, end rules, configs.
//! * `arbitrary`: `arbitrary::Arbitrary` for moves, presets, decks, deals,
//!   configurations and setups, for cargo-fuzz targets.
//!
//! # Fuzzing your code
//!
//! With the `proptest` feature (in your dev-dependencies), the `strategies`
//! module draws decks (preset and custom), deals and deal texts, games in
//! every phase (a payment due, long deals, loops, the end), and valid and
//! garbage setups, so you can fuzz your own code against the rules. Here a
//! function that reads a deal a user typed must never panic, and what it
//! reads must print back to itself:
//!
//! ```
//! # #[cfg(feature = "proptest")] {
//! use camicia_rules::strategies::deal_text;
//! use camicia_rules::{Deal, Preset};
//! use proptest::prelude::*;
//!
//! fn read(preset: Preset, text: &str) -> Option<String> {
//!     Deal::parse(preset, text).ok().map(|d| d.to_string())
//! }
//!
//! proptest!(ProptestConfig::with_cases(32), |((preset, text) in deal_text())| {
//!     if let Some(shown) = read(preset, &text) {
//!         prop_assert_eq!(read(preset, &shown), Some(shown));
//!     }
//! });
//! # }
//! ```
//!
//! For a server that takes a player's `turn`, `game_and_move_text` draws a
//! running game with text for it (the move's in 45% of cases, a near miss
//! in 40%: `TURN`, ` turn`, `tu`; garbage in the rest).

#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod actions;
mod deal;
mod debug;
mod deck;
mod draw;
mod error;
mod fast_rng;
mod game;
mod general;
mod hand;
mod lanes;
mod loops;
mod moves;
mod observation;
mod packed;
mod planes;
mod preset;
mod qboard;
mod ranges;
mod rank;
mod result;
mod search;
mod search_summary;
mod serde_state;
mod setup;
mod simulator;
mod sweep;
mod tally;

#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategies;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;

/// The two players: `A` holds the first hand of a deal (the first hand of
/// the notation) and turns the first card; `B` holds the second hand.
#[doc(inline)]
pub use carte_core::{ByPlayer, Player};
pub use deal::Deal;
pub use deck::{Deck, DeckError, MAX_ATTACKS};
pub use error::{DealError, IllegalMove, ParseMoveError, SetupError};
pub use fast_rng::FastRng;
pub use game::{Camicia, Turned};
pub use moves::Move;
pub use observation::Observation;
pub use packed::PackedDeal;
pub use preset::{Config, ConfigError, EndRule, MAX_CARDS, ParsePresetError, Preset, french_demand, italian_demand};
pub use ranges::Ranges;
pub use rank::RankError;
pub use result::{PlayResult, describe_outcome};
pub use search::{PORTABLE_ENV, SpeedPath, speed_path};
#[cfg(feature = "serde")]
pub use search_summary::SearchReport;
pub use search_summary::{Quantiles, SEARCH_CHUNK, SearchGame, SearchSummary, random_search};
pub use setup::{MAX_LOADED_COUNT, Setup};
pub use simulator::Simulator;
pub use sweep::{SweepError, SweepGame, SweepLoop, SweepSummary, sweep};

/// The shared core (cards, decks, the seeded shuffle, the traits, the
/// generic tools), so that this crate alone is enough to play its game:
/// `camicia_rules::core::shuffled`, ... . The items a program on this game
/// needs first are also here at the root.
pub use carte_core as core;
pub use carte_core::{
    Actor, Game, HiddenInfo, MoveError, Outcome, Replay, ReplayError, Seat, SeatError, Seeded, deal_rng, perft,
    random_playout,
};
