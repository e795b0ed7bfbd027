//! Zama: a game of hidden cards for two players on an 8 × 13 board, or for
//! four on a 16 × 13 board, where your K♠ must find and defeat an enemy
//! K♥.
//!
//! This crate is the complete rules engine, written from the rules text
//! kept in the repository (`docs/rules/zama.md`, clauses Z1 to Z70; the
//! tests name the clause they check):
//!
//! * [`Zama`], the game state, implements carte-core's [`Game`],
//!   [`HiddenInfo`] and [`Seeded`], for two or four players
//!   ([`Config::players`]) with one engine. The phases of a turn (attack,
//!   then shifts or peeks) are states of the game ([`Phase`]), so
//!   [`Game::legal_moves`] always lists exactly the decisions open now.
//! * Exact knowledge tracking: the state records, for each seat, which
//!   cards it knows; knowledge follows a card as it is shifted.
//!   [`Observation`] is one seat's view; [`Observation::sample`] places the
//!   unknown cards at random consistently with it.
//! * Notation: cells `a1`..`m8`, or `a1`..`m16` with four players
//!   ([`Square`]), cards `rKs` / `b10♥` / `gQd` / `yAc` ([`ZamaCard`]), moves
//!   `c4xd4`, `d4-e4`, `peek f6`, `end`, `pass` ([`Move`]); board diagrams
//!   (`Display` of [`Zama`] and of [`Observation`]).
//! * Bit boards (see *Speed*): a move is generated with a few shifts and
//!   masks, and [`Game::apply`] does not allocate.
//! * [`heuristic_move`], a cheap rule-of-thumb player that looks only at
//!   what its seat observes, and [`evaluate`], a static evaluation for
//!   search bots; both handle any number of opponents.
//! * [`actions`]: integer actions and observation tensors
//!   (carte-core's `ActionSpace` and `Views`).
//!
//! # Cookbook
//!
//! Start a game, list and apply moves, and look at one seat's view:
//!
//! ```
//! use zama_rules::{Player, Config, Game, HiddenInfo, Move, Seat, Seeded, Zama};
//!
//! let mut game = Zama::from_seed(&Config::default(), 42)?;
//! assert_eq!(game.legal_move_vec().len(), 187); // one attack per orthogonal pair of cells
//! game.apply_notation("a1xb1")?; // Red's a1 attacks Blue's b1
//! let mv: Move = game.legal_move_vec()[0];
//! game.apply(mv)?;
//! let blue = game.observation(Seat::new(1))?;
//! println!("{blue}"); // the board as Blue sees it
//! let json = serde_json::to_string(&blue)?; // send it to Blue's client
//! assert!(json.contains("\"seat\":\"Blue\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Four players, an illegal move, and the end of a random game:
//!
//! ```
//! use zama_rules::{Player, Config, Game, IllegalMove, Zama, deal_rng, describe_outcome};
//!
//! let mut game = Zama::new(&Config::default().with_players(4), 7)?;
//! assert_eq!(game.seats(), [Player::Red, Player::Blue, Player::Green, Player::Yellow]);
//! let bad = "a1xa3".parse()?; // not neighbours
//! assert!(matches!(game.apply(bad), Err(IllegalMove::NotAdjacent { .. })));
//! let mut rng = deal_rng(7);
//! while game.play_random_move(&mut rng).is_some() {}
//! println!("{}", describe_outcome(&game.outcome().unwrap())); // e.g. "draw (Yellow out)"
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Save and load a state (loading checks that a game could reach it), and
//! record and replay a game:
//!
//! ```
//! use zama_rules::{Config, Game, Replay, Zama, deal_rng};
//!
//! let config = Config::default();
//! let mut game = Zama::new(&config, 3)?;
//! let mut record = Replay::<Zama>::new(config, 3);
//! let mut rng = deal_rng(3);
//! for _ in 0..30 {
//!     let mv = game.random_move(&mut rng).expect("the game runs");
//!     game.apply(mv)?;
//!     record.push(mv);
//! }
//! let saved = serde_json::to_string(&game)?;
//! let loaded: Zama = serde_json::from_str(&saved)?;
//! assert_eq!(loaded, game);
//! assert_eq!(record.replay()?, game);
//! assert!(serde_json::from_str::<Zama>(&saved.replace("\"passes\":0", "\"passes\":9")).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Let a bot choose a move (the ISMCTS bot of `carte-bots`, scoring its
//! play-outs with [`evaluate`]; or the cheap [`heuristic_move`]):
//!
//! ```
//! use carte_bots::{Bot, Ismcts};
//! use zama_rules::{Config, Game, Zama, deal_rng, evaluate, heuristic_move};
//!
//! let mut game = Zama::new(&Config::default().with_players(4), 1)?;
//! let mut bot = Ismcts::<Zama>::new(9).iterations(50).evaluation(evaluate, 10);
//! let mv = bot.choose(&game).expect("the game runs");
//! game.apply(mv)?;
//! let reply = heuristic_move(&game, &mut deal_rng(2)).expect("the game runs"); // Blue, from its own view only
//! game.apply(reply)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! * `serde` (default): `Serialize`/`Deserialize` for states ([`Zama`],
//!   through its checked [`Setup`]), setups, observations (checked on
//!   load), configs, moves, cards, cells and endings. Moves, cards and
//!   cells serialize as their notation (`"c4xd4"`, `"rKs"`, `"c4"`).
//! * `proptest`: the `strategies` module (see *Fuzzing your code*) and
//!   proptest `Arbitrary` impls for cells, cards, colors, moves, configs.
//! * `arbitrary`: `arbitrary::Arbitrary` for cells, cards, moves,
//!   configurations and setups, for cargo-fuzz targets.
//!
//! Without default features the crate has no serde dependency; the rules
//! are the same.
//!
//! # Fuzzing your code
//!
//! With the `proptest` feature (in your dev-dependencies), the `strategies`
//! module draws games of two and four players in every phase (attacks,
//! shifts after a win, peeks after a tie, after a pass, the end), valid and
//! garbage setups and configurations, and moves legal or not, so you can
//! fuzz your own code against the rules. Here a server function that
//! applies a client's move text must refuse what is illegal and leave the
//! game as it was, and play what is legal; `game_and_move_text` draws a
//! state with text for it (a legal move's in 45% of cases, a near miss in
//! 40%, garbage in the rest), so both paths are tried:
//!
//! ```
//! # #[cfg(feature = "proptest")] {
//! use zama_rules::Game;
//! use zama_rules::strategies::game_and_move_text;
//! use zama_rules::Zama;
//! use proptest::prelude::*;
//!
//! fn serve(game: &mut Zama, text: &str) -> Result<(), String> {
//!     game.apply_notation(text).map(|_| ()).map_err(|e| e.to_string())
//! }
//!
//! proptest!(ProptestConfig::with_cases(8), |((walk, text) in game_and_move_text())| {
//!     let mut game = walk.state.clone();
//!     match serve(&mut game, &text) {
//!         Err(_) => prop_assert_eq!(game, walk.state), // refused: nothing changed
//!         Ok(()) => prop_assert_ne!(game, walk.state), // played
//!     }
//! });
//! # }
//! ```
//!
//! # The game
//!
//! Red (seat 0, moves first) and Blue (seat 1) each own a 52-card French
//! deck with their own back colour: 104 distinct cards ([`ZamaCard`]), each
//! deck with its own K♠ and K♥. The decks are dealt face down, alternating
//! like a chessboard (`a1` is Red). On a turn the player attacks an
//! orthogonally adjacent enemy card with one of their own; both cards are
//! revealed to both players. The stronger card wins ([`battle`]); the loser
//! is removed. After a win the attacker may shift up to three cards; after a
//! tie both cards go and the attacker may peek at up to two cards. The only
//! win is a K♠ attacking the enemy K♥.
//!
//! # Rulings
//!
//! Every ruling of the rules text, and every choice this crate makes where
//! the text leaves room (two players; the four-player rulings follow):
//!
//! * **Board.** 8 ranks × 13 files; cell (file f, rank r), both from 0, gets
//!   a Red card at the deal when f + r is even, else a Blue card.
//! * **Deal order** (fixed forever). One generator `deal_rng(seed)` shuffles
//!   Red's deck, then, continuing the same stream, Blue's deck, each from
//!   the canonical `FRENCH_52` order with carte-core's `shuffle` (Red's deck
//!   is exactly `shuffled(FRENCH_52, seed)`). Each deck is laid on its
//!   colour's cells in increasing cell index (`a1, b1, …, m1, a2, …`).
//! * **Nobody knows any card at the start**, not even their own.
//! * **Attacks** are between orthogonal neighbours only; the attacking card
//!   is the mover's, the defending card the opponent's. Both are revealed to
//!   both players.
//! * **Strength.** A = 1 < 2 < … < 10 < J < Q < K, suits ignored, except: an
//!   Ace beats K♣ and K♦ whoever attacks, and loses to K♥ and K♠; two Kings
//!   clash (below).
//! * **Results.** Attacker wins: the defender is removed, then the attacker
//!   makes up to three shifts. Tie (equal rank, not two Kings): both are
//!   removed, then the attacker peeks up to twice. Attacker loses: the
//!   attacker is removed and the turn ends.
//! * **King clashes** never remove a card. K♠ on K♥: the attacker wins the
//!   game. K♠ on K♣: clash won, up to three shifts. K♠ on K♦ or on the enemy
//!   K♠: clash lost, nothing happens. K♣ on K♠: lost. K♦ on K♠: won, shifts.
//!   K♥ on K♠: lost, and the game goes on (only the attacking K♠ wins the
//!   game). Every other pair of Kings (among K♣, K♦, K♥): a tie without
//!   removal, the attacker peeks. Hence a K♠ or K♥ never leaves the board.
//! * **Shifts.** Each shift moves any card on the board, of either colour,
//!   one cell orthogonally into an empty cell; no card moves twice in one
//!   sequence. The player may stop with `end` at any point (even before the
//!   first shift); the sequence ends by itself after the third shift or when
//!   no card that has not moved yet can move. A clash won on a full board
//!   therefore ends the turn at once.
//! * **Peeks.** The attacker looks at up to two face-down cards on the
//!   board, their own or the enemy's, one at a time (the second chosen after
//!   seeing the first), and may stop with `end`. *Ruling:* any face-down
//!   card may be peeked, even one the peeker already knows, but the two
//!   peeks are at two different cards; a face-up K♠ cannot be peeked. The
//!   sequence ends by itself when nothing is left to peek.
//! * **What a peek shows is known to the peeker only; which card was peeked
//!   is public** (*ruling*: the opponent sees which card is lifted). So each
//!   player knows *which* cards the opponent knows, though not what they are
//!   ([`CellView::opponent_knows`]).
//! * **Visibility.** After a battle the surviving card turns face down again,
//!   except a K♠: once revealed in a battle it stays face up to the end (and
//!   is known to both). Peeking a K♠ does not turn it face up. Players
//!   remember perfectly: a card seen in a battle stays known to both, a
//!   peeked card to the peeker, as it is shifted (shifts are public).
//!   Removed cards are public.
//! * **Forced pass.** A player with no attack must `pass` (their only legal
//!   move); `pass` is illegal otherwise. Two passes in a row: draw.
//! * **No-removal limit.** *Ruling* of RULES.md: the game is drawn as soon
//!   as [`Config::no_removal_limit`] (default 200) consecutive plies passed
//!   with no card leaving the board. A ply is any applied move: attack,
//!   shift, peek, `end` or `pass`; the attack that removes a card sets the
//!   count to 0. The limit applies in any phase, even inside a shift or peek
//!   sequence; a win or a two-pass draw on the same ply takes precedence.
//! * **The win**: the mover's K♠ attacks the enemy K♥ — the only way to win.
//! * **Determinization.** [`Observation::sample`] (and `HiddenInfo::sample`)
//!   reads the view only: the unknown cards of each colour (its 52 minus
//!   the removed ones minus those the observer knows on the board), in card
//!   order, are shuffled with carte-core's `shuffle` (Red's first) and laid
//!   on that colour's unknown cells in index order; the opponent is given
//!   knowledge of exactly the cells the view marks as known to them, so the
//!   sample shows the observer the same view.
//! * **Move order.** `legal_moves` lists attacks and shifts between
//!   horizontal neighbours by increasing left cell, then between vertical
//!   neighbours by increasing lower cell; peeks by increasing cell; `end`
//!   last. [`Zama::nth_move`] and [`Zama::random_move`] follow that order
//!   without listing (`random_move` draws exactly what carte-core's
//!   `RandomPlayer` draws from the same generator).
//! * **Seats**: seat 0 is Red, seat 1 Blue ([`Player`] converts to and from
//!   `carte_core::Seat`); `observation` or `sample` of a seat the game does
//!   not have is a `SeatError`.
//!
//! # Zama for four players
//!
//! `Config::default().with_players(4)`. The rulings make the two-player
//! game exactly the special case of two seats, and one engine plays both:
//!
//! * **Seats** (Z50, Z51): Red, Blue, Green, Yellow (seats 0 to 3), each
//!   with a full deck (208 distinct cards, written `r…`, `b…`, `g…`, `y…`).
//!   Turns go in seat order, skipping eliminated seats.
//! * **Board** (Z52 to Z54): 13 files × 16 ranks, cells `a1`..`m16`; at the
//!   deal cell (f, r) holds a card of seat (f + r) mod 4, 52 cells each,
//!   every orthogonal neighbour a card of the seat before or after.
//! * **Deal** (Z55): one `deal_rng(seed)` stream shuffles the four decks in
//!   seat order; each is laid on its seat's cells in increasing cell index.
//! * **Attacks** (Z56 to Z58): an own card on an adjacent card of any other
//!   seat still in; strength, results, shifts, peeks and every King clash
//!   as with two players ("the enemy K♠" is any other seat's).
//! * **Elimination** (Z59 to Z62): a K♠ taking another seat's K♥
//!   eliminates that seat: all its cards leave the board (public, removed)
//!   and the attacker's turn ends, no shifts. The last seat left wins.
//!   *Ruling of this crate:* the capture that leaves one seat ends the game
//!   at once with the board as it stands (the taken K♥ beside the face-up
//!   K♠), exactly as the two-player win does; [`Zama::eliminated`] still
//!   counts the taken seat as out.
//! * **Passing** (Z63, Z64): a seat with no attack must pass; when every
//!   seat still in has passed in a row the game is drawn
//!   ([`DrawReason::AllPassed`]; with two players [`DrawReason::TwoPasses`]).
//! * **No-removal limit** (Z65) unchanged; an elimination is a removal.
//! * **Knowledge** (Z66 to Z68): a battle shows both cards to every seat
//!   (eliminated seats too: they keep watching); a peek shows the card to
//!   the peeker only, while which cell was peeked is public
//!   ([`CellView::known_by`]); removed and eliminated cards are public.
//! * **Outcome** (Z69, Z70): the winner +1, every other seat −1; a draw 0
//!   to each seat still in and −1 to each eliminated seat
//!   ([`describe_outcome`] names them).
//!
//! # Loading states
//!
//! [`Zama::from_setup`] (and deserialization of a [`Zama`] or an
//! [`Observation`]) accepts only states that the rules can reach, as far as
//! the state can tell: see *What it guarantees* there. It refuses, among
//! others, a pass pending while a seat of the run of passes could attack, a
//! no-removal draw below the limit, a draw by passes without a pass by
//! every seat, and a win whose K♠ is not face up beside the taken K♥ known
//! to every seat.
//!
//! # Speed
//!
//! The engine is written once, generic over its bit board, and compiled
//! for each size: the two-player board (104 cells) on one `u128`, the
//! four-player board (208 cells) on a 256-bit board of four `u64` words.
//! [`Zama`] holds one or the other (the four-player state boxed, so that
//! the two-player state stays about 300 bytes to copy).
//!
//! Chosen by measurement (instructions counted by callgrind over 1000 random
//! play-outs from fresh deals, `examples/playouts.rs` of this crate):
//!
//! | representation | two-player play-outs |
//! |---|---|
//! | one `u128` (before four players existed) | 83.1 M |
//! | one engine, `u128` for two players (this crate) | 85.2 M |
//! | one engine, the 256-bit board for both sizes | 94.1 M |
//! | the same, 256 bits as two `u128` halves | 111.0 M |
//!
//! A single wide board would cost the two-player game 13 % more work than
//! before (every shift and mask on four words instead of two), against
//! 2.5 % for a board per size; so each size gets its own. Within the
//! 256-bit board, four `u64` words beat two `u128` halves (a single bit is
//! set, cleared or tested with one word access: four-player play-outs 346 M
//! → 255 M instructions, 464 a ply).
//!
//! The generic path (`legal_moves`, as carte-core's `RandomPlayer`, the
//! search bots and every adapter use it) lists attacks and shifts four
//! neighbour pairs at a time, with no branch that depends on the position:
//! a table gives the moves of each nibble of pairs packed to the front, one
//! addition places them on the board and one 16-byte store writes all
//! four. A loop that stopped at each pair's bit mispredicted about once a
//! 64-bit word. That store writes `Move`s as bytes, so `Move` is
//! `repr(C, u8)` with fixed tags and 4-byte aligned; it is the one
//! `unsafe` code of the crate (`unsafe_code` is denied everywhere else),
//! in `list.rs`, checked against a one-bit-at-a-time listing and, through
//! `legal_moves`, against a model of the rules (`tests/listing.rs`). A
//! buffer passed to `legal_moves` grows to 516 moves on its first use and
//! never again. Over 1000 random generic play-outs (callgrind and
//! cachegrind's branch model), against the move-by-move loop before it:
//!
//! | | two players | four players |
//! |---|---|---|
//! | instructions | 276.5 M → 220.2 M | 1008 M → 865 M |
//! | mispredicted branches a ply | 6.6 → 3.0 | 10.4 → 3.9 |
//! | 20,000 play-outs, one core | 0.39 s → 0.24 s | 1.44 s → 1.00 s |

#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod actions;
mod battle;
mod bits;
mod card;
mod config;
mod engine;
mod error;
mod game;
mod list;
mod moves;
mod observation;
mod phase;
mod player;
mod setup;
mod square;
mod strategy;
mod tensor;

#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategies;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;

pub use battle::{Battle, battle};
pub use card::{ParseZamaCardError, ZamaCard};
pub use config::{Config, ConfigError};
pub use error::{IllegalMove, SetupError};
pub use game::{Zama, describe_outcome, wide_two_player_playout};
pub use moves::{Move, ParseMoveError};
pub use observation::{CellView, Observation, ObservationError};
pub use phase::{DrawReason, Ending, Phase};
pub use player::{ByPlayer, ParsePlayerError, Player, PlayerSet};
pub use setup::Setup;
pub use square::{Bits, CellSet, ParseSquareError, Square};
pub use strategy::{evaluate, heuristic_move, move_prior};

/// The French cards Zama is played with.
pub use carte_core::{Card, Rank, Suit};

/// The shared core (cards, decks, the seeded shuffle, the traits, the
/// generic tools), so that this crate alone is enough to play its game:
/// `zama_rules::core::shuffled`, ... . The items a program on this game
/// needs first are also here at the root.
pub use carte_core as core;
pub use carte_core::{
    Actor, Game, HiddenInfo, MoveError, Outcome, Replay, ReplayError, Seat, SeatError, Seeded, deal_rng, perft,
    random_playout,
};
