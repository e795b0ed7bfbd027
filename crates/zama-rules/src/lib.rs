//! Zama: a two-player game of hidden cards on an 8 × 13 board, where your
//! K♠ must find and defeat the opponent's K♥.
//!
//! This crate is the complete rules engine, written from section 1 of the
//! carte `RULES.md`:
//!
//! * [`Zama`], the game state, implements carte-core's [`Game`],
//!   [`HiddenInfo`] and [`Seeded`]. The phases of a turn (attack, then
//!   shifts or peeks) are states of the game ([`Phase`]), so
//!   [`Game::legal_moves`] always lists exactly the decisions open now.
//! * Exact knowledge tracking: the state records, for each player, which
//!   cards they know; knowledge follows a card as it is shifted.
//!   [`Observation`] is one player's view; [`Observation::sample`] places
//!   the unknown cards at random consistently with it.
//! * Notation: cells `a1`..`m8` ([`Square`]), cards `rKs` / `b10♥`
//!   ([`ZamaCard`]), moves `c4xd4`, `d4-e4`, `peek f6`, `end`, `pass`
//!   ([`Move`]); board diagrams (`Display` of [`Zama`] and of
//!   [`Observation`]).
//! * Bitboards: the 104 cells fit a `u128`; a move is generated with a few
//!   shifts and masks, and [`Game::apply`] does not allocate.
//! * [`heuristic_move`], a cheap rule-of-thumb player that looks only at
//!   what its seat observes.
//!
//! ```
//! use carte_core::{Game, HiddenInfo, Seat, Seeded, random_playout, deal_rng};
//! use zama_rules::{Config, Zama};
//!
//! let mut game = Zama::from_seed(&Config::default(), 42)?;
//! assert_eq!(game.legal_move_vec().len(), 187); // one attack per orthogonal pair of cells
//! game.apply_notation("a1xb1")?;
//! println!("{}", game.observation(Seat::new(1))?); // Blue's view
//! random_playout(&mut game, &mut deal_rng(1), 100_000);
//! assert!(game.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
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
//! Every ruling of `RULES.md`, and every choice this crate makes where the
//! text leaves room:
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
//! * **Seats**: seat 0 is Red, seat 1 Blue ([`Color`] converts to and from
//!   `carte_core::Seat`); `observation` of any seat above 1 is Blue's.
//! * The four-player variant is out of scope.

#![forbid(unsafe_code)]

pub mod actions;
mod battle;
mod card;
mod color;
mod config;
mod error;
mod game;
mod moves;
mod observation;
mod phase;
mod setup;
mod square;
mod strategy;

pub use battle::{Battle, battle};
pub use card::{ParseZamaCardError, ZamaCard};
pub use color::{ByColor, Color};
pub use config::{Config, ConfigError};
pub use error::{IllegalMove, SetupError};
pub use game::Zama;
pub use moves::{Move, ParseMoveError};
pub use observation::{CellView, Observation, ObservationError};
pub use phase::{DrawReason, Ending, Phase};
pub use setup::Setup;
pub use square::{Bits, CellSet, ParseSquareError, Square};
pub use strategy::{evaluate, heuristic_move};

pub use carte_core::{Card, Game, HiddenInfo, Rank, Seeded, Suit};
