//! Gonzago: the two-player, domino-like card game of the 40-card deck, as a
//! rules engine for carte-core's [`Game`],
//! [`HiddenInfo`] and [`Seeded`]
//! traits. The rules, clause by clause (G1, G2, ...), are in
//! `docs/rules/gonzago.md` in the repository; the tests name the clauses
//! they check.
//!
//! * [`Hand`]: one hand, from the deal to the close or the drawn end.
//! * [`Match`]: hands until the [`MatchMode`] decides (single hand, best of
//!   three, points to 21), the dealer alternating.
//! * Cards: [`Card`] (40 deck-independent cards, value + suit), [`Value`]
//!   (circular adjacency), [`CardSet`] (one `u64`), [`Deck`] (Italian or
//!   French faces).
//! * Moves: [`Move`] with the notation `play 4c 4d` (`play 4♣ 4♦` on the
//!   French deck), `draw`, `pass`; refused moves give an [`IllegalMove`]
//!   naming why.
//! * Views: [`HandObservation`] and [`Observation`], what one player
//!   may know, with a `Display` for people; [`describe_outcome`] names the
//!   winner.
//! * [`heuristic_move`]: a cheap, recognisable playing policy.
//! * [`Hand::random_move`] and [`Hand::play_random`]: uniformly random play
//!   without listing moves, move for move the games of carte-core's
//!   `RandomPlayer` with the same generator.
//!
//! # Cookbook
//!
//! Each example is a whole program: paste it into a crate that depends on
//! `gonzago-rules` (and `serde_json` for the JSON, or `carte-bots` for the
//! search bot); the crate re-exports the carte-core traits it needs.
//!
//! **Start a game, list the legal moves and apply them.** A seed deals the
//! hand; the non-dealer leads. A move is applied as a value or as text;
//! a refused move is an error and leaves the game as it was.
//!
//! ```
//! use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded};
//!
//! let config = Config::new(Deck::Italian, MatchMode::Points);
//! let mut game = Match::from_seed(&config, 2026)?;
//! let leader = game.hand().to_move().unwrap();
//! let moves = game.legal_move_vec(); // the lead: any play of one value
//! println!("{leader} to move, may: {}", moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "));
//! game.apply(moves[0])?;
//! game.apply_notation("draw")?; // the other player draws instead of playing
//! assert!(game.apply_notation("pass").is_err()); // no pass while the stock has cards
//! assert_eq!(game.hand().plies(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Play on the French deck.** Moves, errors and views then use French
//! names; people type them in ASCII or with suit symbols.
//!
//! ```
//! use gonzago_rules::{Deck, Game, Hand, Seeded};
//!
//! let mut hand = Hand::from_seed(&Deck::French, 2026)?; // A leads with 2♦ 2♥ 5♣ J♦
//! let mv = hand.apply_notation("play 2d 2h")?;
//! assert_eq!(mv.to_string(), "play 2♦ 2♥");
//! let err = hand.apply_notation("play 5c").unwrap_err(); // B to move, and the 5♣ is A's
//! assert_eq!(err.to_string(), "illegal move play 5♣: 5♣ is not in your hand");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Show and serialize what a player sees.** An observation holds exactly
//! what that player may know.
//!
//! ```
//! use gonzago_rules::{Deck, Hand, HiddenInfo, Player, Seeded};
//!
//! let hand = Hand::from_seed(&Deck::Italian, 7)?;
//! let view = hand.observation(Player::A.seat())?;
//! println!("{view}"); // "A (A deals): your hand ...", the table, the stock, the moves
//! # #[cfg(feature = "serde")] {
//! let json = serde_json::to_string(&view)?;
//! assert!(json.contains("\"opponent_holds\":4"));
//! # }
//! // A seat the game does not have sees nothing.
//! assert!(hand.observation(gonzago_rules::Seat::new(2)).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Save and load a state.** A state serializes as its setup (plain data);
//! loading checks that play can reach it (see *What a loaded state
//! guarantees* below), so a corrupted save is an error, never a broken game.
//!
//! ```
//! use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded, deal_rng, random_playout};
//!
//! let mut game = Match::from_seed(&Config::new(Deck::French, MatchMode::BestOfThree), 5)?;
//! random_playout(&mut game, &mut deal_rng(1), 30);
//! // As plain data, without serde:
//! let setup = game.to_setup();
//! assert_eq!(Match::from_setup(&setup)?, game);
//! # #[cfg(feature = "serde")] {
//! // As JSON:
//! let saved = serde_json::to_string(&game)?;
//! let loaded: Match = serde_json::from_str(&saved)?;
//! assert_eq!(loaded, game);
//! let broken = saved.replace("\"hand_number\":0", "\"hand_number\":1");
//! assert!(serde_json::from_str::<Match>(&broken).is_err()); // the dealer no longer alternates
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Record and replay a game.** A [`Replay`] keeps the
//! configuration, the seed and the moves in notation; replaying rebuilds the
//! exact state.
//!
//! ```
//! use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Replay, deal_rng, heuristic_move};
//!
//! let mut replay = Replay::<Match>::new(Config::new(Deck::Italian, MatchMode::Single), 11);
//! let mut game = replay.start()?;
//! let mut rng = deal_rng(3);
//! while !game.is_over() {
//!     let mv = heuristic_move(game.hand(), &mut rng).expect("the match is running");
//!     game.apply(mv)?;
//!     replay.push(mv);
//! }
//! assert_eq!(replay.replay()?, game);
//! # #[cfg(feature = "serde")] {
//! let json = serde_json::to_string(&replay)?; // {"config":...,"seed":11,"moves":["play ...",...]}
//! assert_eq!(serde_json::from_str::<Replay<Match>>(&json)?.replay()?, game);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Let a bot choose a move.** [`heuristic_move`] is instant; the
//! `carte-bots` crate's `Ismcts` searches on samples of what the player
//! cannot see.
//!
//! ```
//! use carte_bots::{Bot, Ismcts};
//! use gonzago_rules::{Deck, Game, Match, Config, Seeded, deal_rng, heuristic_move};
//!
//! let game = Match::from_seed(&Config::default(), 4)?;
//! let quick = heuristic_move(game.hand(), &mut deal_rng(0)).expect("the match is running");
//! let mut bot = Ismcts::new(1).iterations(200);
//! let searched = bot.choose(&game).expect("the match is running");
//! assert!(game.is_legal(quick) && game.is_legal(searched));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Play a whole match and name the winner.**
//!
//! ```
//! use gonzago_rules::{Deck, Game, Match, Config, MatchMode, Seeded, deal_rng, describe_outcome, random_playout};
//!
//! let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 9)?;
//! random_playout(&mut game, &mut deal_rng(9), 100_000);
//! println!("{} ({:?} points)", game.status(), game.points()); // e.g. "B wins the match"
//! let outcome = game.outcome().unwrap();
//! assert!(["A wins", "B wins", "draw"].contains(&describe_outcome(&outcome).as_str()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Seats and deals
//!
//! [`Player::A`] is seat 0 and [`Player::B`] seat 1 for the whole match.
//! A seeded hand ([`Hand`]'s `Seeded::Config` is the [`Deck`]) draws its
//! dealer with the first `below(rng, 2)` of `deal_rng(seed)` (0 = A), then
//! the same generator shuffles the deck's canonical order with carte-core's
//! shuffle; cards 0, 2, 4, 6 go to the non-dealer, 1, 3, 5, 7 to the dealer,
//! and cards 8..40 form the stock with card 8 on top. In a [`Match`]
//! (`Seeded::Config` is [`Config`]: deck and mode) hand 0 is that hand,
//! and hand `k ≥ 1` is dealt by the other player of hand `k − 1` from
//! `deal_rng(seed + k)`.
//!
//! # Notation
//!
//! `play` followed by cards (the word `play` is optional), `draw`, `pass`.
//! A [`Play`] names its cards on its game's deck, and a [`Move`]'s
//! `Display` writes them so that its `FromStr` reads them back without the
//! game: Italian names in ASCII (`4c`, `Fd`, `Cs`, `Rb`; values
//! `A 2..7 F C R`, suits `c d s b`), French names with the suit symbols
//! (`4♣`, `J♦`, `Q♥`, `K♠`). So moves, errors, diagrams, serialized moves and
//! [`Replay`]s of a French game all speak French.
//! [`Deck::parse_move`], [`Hand::parse_move`], [`Match::parse_move`] and
//! [`Game::apply_notation`] on a hand or
//! a match read what a person types on the deck in use (French: `Kh`, `7s`
//! or `K♥`), and [`Deck::show_move`] prints ASCII faces. The two decks map
//! card for card by position (French clubs, diamonds, hearts, spades are
//! the Italian coppe, denari, spade, bastoni; J, Q, K are Fante, Cavallo,
//! Re): `play 5s` typed on the French deck is the 5♠, the Italian 5 of
//! bastoni. A game refuses a play named on the other deck
//! ([`IllegalKind::OtherDeck`]) instead of guessing. A serialized state or
//! observation names its cards on its deck too; a [`Card`] or a [`CardSet`]
//! alone, which has no deck, uses the canonical Italian names.
//!
//! # Rulings
//!
//! These are the clauses of `docs/rules/gonzago.md` in the engine's words;
//! where the original rule text is silent, the choice made here is marked
//! *(engine)*.
//!
//! * **Deck.** 40 cards: Italian, or French without 8, 9, 10. Values Ace = 1
//!   … 7, Fante/J = 8, Cavallo/Q = 9, Re/K = 10; suits never matter for play.
//! * **Adjacency** is circular: two values are adjacent when they differ by
//!   one, and the Ace and the Re are adjacent (both ways).
//! * **Deal.** The seed draws the first dealer; the dealer alternates each
//!   hand. Four cards each; the other 32 are the face-down stock.
//! * **Lead.** The non-dealer leads with a play of any value: one card or
//!   several cards of one value. The lead is always a play (no draw, no
//!   pass).
//! * **Turn.** Afterwards each move is one of: a play of one card or several
//!   cards of one value, adjacent to the value on top of the table (the
//!   value of the last play); a draw of the top stock card, which ends the
//!   turn and is allowed whenever the stock has cards, even when holding a
//!   playable card; a pass, allowed only when the stock is empty and no held
//!   card is playable. With an empty stock a player who can play must play.
//!   Players alternate one move each.
//! * **Top of the table** *(engine)*: a pass leaves the top value as it was;
//!   the next player must still play adjacent to it.
//! * **Close.** Playing your last card closes and wins the hand at once.
//! * **Drawn hand.** With an empty stock, two passes in a row end the hand
//!   drawn.
//! * **Hand outcome**: the closer +1, the other −1; a drawn hand 0 each.
//! * **Match modes.** Single hand: its result is the match's. Best of three
//!   (partita, rivincita, bella): first to win two hands; drawn hands count
//!   for nobody and another hand is dealt *(engine: no limit on drawn
//!   hands short of [`MAX_HANDS`], 2^58, which no play reaches; a best of
//!   three still undecided there is drawn, so that no counter overflows)*.
//!   Points: after each finished hand (closed or drawn) each player
//!   adds the number of cards left in their own hand; whoever reaches 21
//!   first loses; if both reach 21 after the same hand the higher total
//!   loses, and equal totals draw the match. Match outcome: winner +1, loser
//!   −1, draw 0 each.
//! * **Hidden information.** A player sees their own hand, every played
//!   card, the number of cards in the opponent's hand and in the stock, and
//!   the public history of plays, draws and passes; never the opponent's
//!   cards, the stock's order or *(engine)* the match seed that deals later
//!   hands. A draw in the history does not say which card was drawn
//!   *(engine: the drawer knows it, since it appears in their hand)*.
//! * **Reachable states only** *(engine)*: a [`HandSetup`] or a serialized
//!   state is accepted only if some deal and the recorded history reach it
//!   (see below).
//!
//! # What a loaded state guarantees
//!
//! [`Hand::from_setup`], [`Match::from_setup`] and deserialization (which
//! goes through them) accept only states that play reaches, so every value
//! of [`Hand`] and [`Match`] is one:
//!
//! * **A hand**: every one of the 40 cards is in exactly one place (a hand,
//!   the stock, the table); some deal of four cards each, followed by the
//!   recorded history, gives exactly these hands and this stock; every move
//!   of the history is legal where it stands (a pass only with an empty
//!   stock and nothing playable). The top value, whose turn it is, the
//!   passes in a row and the end (closed by the player who played their
//!   last card, or drawn by two passes) are not stored but replayed, so
//!   they cannot contradict the history.
//! * **A match**: its hand is a valid hand, dealt by the player the
//!   alternation gives; a last-hand record exists exactly when a hand has
//!   finished, and it is possible (a closer with no card left and an
//!   opponent with some, at most 36 cards left after a closed hand, a drawn
//!   hand leaving both players cards, at most 31 in all); the wins and
//!   points fit the finished hands (at least 1 and at most 36 points a
//!   hand, nobody below what the last hand gave them, exactly the first
//!   hand's after one hand); the scores before the last hand left the match
//!   running; the current hand is over exactly when the match is decided;
//!   a hand number below [`MAX_HANDS`], so no counter can overflow.
//! * **An observation** ([`HandObservation::check`],
//!   [`Observation::check`], run on every load): the public history
//!   replays from a deal of four cards each (the lead a play, plays of one
//!   value adjacent to the top, draws from a stock with cards, passes only
//!   from an empty one, nothing after the end) to the counts, table, top and
//!   stock shown, no held card is on the table, and the scores fit as for a
//!   match.
//! * **Not checked**: that the current hand is the deal of the match seed.
//!   The seed only deals the hands to come, and a determinization
//!   ([`HiddenInfo::sample`]) replaces both
//!   the unseen cards and the seed.
//!
//! # Speed
//!
//! [`Hand`] and [`Match`] own no heap memory (checked at compile time), so
//! `apply` never allocates; `legal_moves` fills a reused buffer. Cards are
//! bits of one `u64`, the four cards of a value one nibble; the history is
//! one byte per move. A seeded deal played to the end by
//! [`Hand::play_random`] takes some 7,500 instructions; `cargo bench --bench
//! gonzago` in the workspace measures it.
//!
//! # Fuzzing your code
//!
//! With the `proptest` feature (in your dev-dependencies), the
//! `strategies` module draws hands and matches in every
//! phase, valid and garbage setups, and moves legal or not, so you can fuzz
//! your own code against the rules. Here a server function that applies a
//! client's move text must refuse what is illegal and leave the hand as it
//! was, and play what is legal; `hand_and_move_text` draws a hand with text
//! for it (a legal move's in 45% of cases, a near miss in 40%, garbage in
//! the rest), so both paths are tried:
//!
//! ```
//! # #[cfg(feature = "proptest")] {
//! use gonzago_rules::Game;
//! use gonzago_rules::strategies::hand_and_move_text;
//! use gonzago_rules::Hand;
//! use proptest::prelude::*;
//!
//! fn serve(hand: &mut Hand, text: &str) -> Result<(), String> {
//!     let mv = hand.parse_move(text).map_err(|e| e.to_string())?;
//!     hand.apply(mv).map_err(|e| e.to_string())
//! }
//!
//! proptest!(ProptestConfig::with_cases(16), |((walk, text) in hand_and_move_text())| {
//!     let mut hand = walk.state.clone();
//!     match serve(&mut hand, &text) {
//!         Err(_) => prop_assert_eq!(hand, walk.state), // refused: nothing changed
//!         Ok(()) => prop_assert_ne!(hand, walk.state), // played
//!     }
//! });
//! # }
//! ```
//!
//! # Features
//!
//! * `serde` (default): serialization of states (validated on load, see
//!   *What a loaded state guarantees*), moves and cards (as their
//!   notation), configurations and observations. Off, every type and
//!   function above except the JSON lines of the cookbook stays.
//! * `proptest`: the `strategies` module (proptest strategies and
//!   `Arbitrary` impls for cards, moves, configurations, setups and states
//!   in every phase).
//! * `arbitrary`: `arbitrary::Arbitrary` for cards, moves, configurations
//!   and setups, for cargo-fuzz targets.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod actions;
mod card;
mod cards;
mod debug;
mod deck;
mod error;
mod hand;
mod hidden;
mod matches;
mod moves;
mod setup;
mod strategy;

#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategies;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;

pub use card::{Card, Value};
pub use cards::{CardSet, Iter as CardSetIter, ParseCardsError};
/// The two players. The names say nothing about who deals or leads: the
/// seed draws the first dealer, and the dealer alternates each hand.
#[doc(inline)]
pub use carte_core::{ByPlayer, Player};
pub use deck::{Deck, ParseDeckError};
pub use error::{ConfigError, IllegalKind, IllegalMove, SetupError};
pub use hand::{Hand, HandEnd};
pub use hidden::{HandObservation, ObservationError};
pub use matches::{
    Config, HandRecord, LOSING_POINTS, MAX_HANDS, Match, MatchMode, MatchStatus, Observation, Setup, describe_outcome,
};
pub use moves::{Move, ParseMoveError, Play};
pub use setup::HandSetup;
pub use strategy::{heuristic_move, match_heuristic_move, move_class, move_prior, plausible_hand, plausible_match};

/// The shared core (cards, decks, the seeded shuffle, the traits, the
/// generic tools), so that this crate alone is enough to play its game:
/// `gonzago_rules::core::shuffled`, ... . The items a program on this game
/// needs first are also here at the root.
pub use carte_core as core;
pub use carte_core::{
    Actor, Game, HiddenInfo, MoveError, Outcome, Replay, ReplayError, Seat, SeatError, Seeded, deal_rng, perft,
    random_playout,
};
