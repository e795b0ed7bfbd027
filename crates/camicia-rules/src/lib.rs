//! Camicia (Ruba Camicia) and Beggar-my-neighbour: one rules engine over a
//! deck and a penalty table, with two presets, a [`Game`](carte_core::Game)
//! implementation that turns one card per move, and a [`Simulator`] that
//! plays whole deals to their end without allocating, with exact loop
//! detection.
//!
//! ```
//! use camicia_rules::{Camicia, Config, Deal, EndRule, PlayResult, Player, Preset};
//! use carte_core::{Game, Seeded};
//!
//! // A deal in notation, played out at once...
//! let deal = Deal::parse(Preset::Camicia, "2-1/--3-")?;
//! let result = deal.play_out(EndRule::Standard)?;
//! println!("{result}");
//!
//! // ... or card by card through the Game trait: the same counts.
//! let mut game = Camicia::new(&deal, EndRule::Standard)?;
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
//! # The vocabulary
//!
//! * [`Preset`] (Camicia, Beggar-my-neighbour), [`EndRule`] and [`Config`].
//! * [`Deal`]: two hands of card *kinds* in notation `HAND/HAND`; checked by
//!   [`Deal::check`] / [`Deal::check_full`], made by [`Deal::seeded`] or
//!   [`Deal::random`].
//! * [`Camicia`]: the game state ([`Game`](carte_core::Game),
//!   [`HiddenInfo`](carte_core::HiddenInfo), [`Seeded`](carte_core::Seeded),
//!   validated serde); one move, [`CamiciaMove::Turn`]; seats are
//!   [`Player::A`] (seat 0) and [`Player::B`] (seat 1).
//! * [`PlayResult`]: a winner with the counts, or an endless deal with its
//!   lead-in and cycle; [`Deal::play_out`] and [`Simulator`] return it.
//!
//! # Rulings
//!
//! These are the rules of section 3 of the project's `RULES.md`, as this
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
//!   algorithm over full states, no hashing). The [`Camicia`] state does not
//!   track history: an endless deal keeps a player to move forever there.
//! * **Notation.** `HAND/HAND`, player A first, the leftmost character the
//!   top card. Camicia: `-` or `0` plain, `1 2 3`; Beggar-my-neighbour: `-`
//!   plain, `J Q K A` (lower case accepted). Cards print as `-` and the
//!   attack symbols. A full deal ([`Deal::parse_full`]) holds exactly the
//!   preset's deck; for analysis ([`Deal::parse`]) any two hands over the
//!   preset's alphabet are accepted, each with at least one card. Errors
//!   name the offending character and its position.
//!
//! Interpretations beyond `RULES.md`, all documented where they apply:
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
//!   are face down) ([`CamiciaObservation`]).
//!
//! # Speed
//!
//! [`Simulator`] keeps each hand in two machine words (a bit mask of its
//! attack cards and a queue of their demands), both hands in registers, and
//! plays a trick in a handful of word operations instead of card by card.
//! [`PackedDeal::draw`] with [`FastRng`] (SplitMix64) draws random deals
//! straight into that form. [`Simulator::search`] plays many of them: on a
//! processor with AVX-512, eight at a time in vector lanes, each step
//! computing both outcomes of a payment and keeping one, so no time is lost
//! to mispredicted branches (about 2.7 million random Beggar-my-neighbour
//! deals a second on one core of the machine this was measured on, against
//! about 1.1 million one at a time and 0.4 million card by card).
//! Measure with `cargo bench --bench camicia`; the bench also runs a
//! card-by-card simulator in the style of the public searchers as a
//! reference under the same conditions.
//!
//! The vector path is the crate's one use of `unsafe`: calling a function
//! compiled for AVX-512 after checking, at run time, that the processor
//! has it.
//!
//! # Features
//!
//! * `serde` (default): serialization of deals, configurations, results,
//!   observations and validated game states.

#![deny(unsafe_code)]

pub mod actions;
mod deal;
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
mod rank;
mod result;
mod search;
mod serde_state;
mod simulator;

/// The two players: `A` holds the first hand of a deal (the first hand of
/// the notation) and turns the first card; `B` holds the second hand.
#[doc(inline)]
pub use carte_core::{ByPlayer, Player};
pub use deal::Deal;
pub use deck::{Deck, DeckError, MAX_ATTACKS};
pub use error::{CamiciaError, DealError, ParseMoveError, StateError};
pub use fast_rng::FastRng;
pub use game::{Camicia, Turned};
pub use moves::CamiciaMove;
pub use observation::CamiciaObservation;
pub use packed::PackedDeal;
pub use preset::{Config, EndRule, MAX_CARDS, ParsePresetError, Preset, french_demand, italian_demand};
pub use rank::RankError;
pub use result::PlayResult;
pub use simulator::Simulator;
