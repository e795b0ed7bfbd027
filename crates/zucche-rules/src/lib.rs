//! Zucche e Fantasmi: the complete rules engine, for 4k players in two teams
//! on 2k boards, with dice.
//!
//! Each facing pair of players shares an 8×8 board and a die. On their turn
//! a player rolls and moves one checker exactly that many squares along a
//! file or rank, jumping over anything; landing on an enemy checker
//! captures it, and the captured checker goes to the capturer's left-hand
//! teammate on the next board, who places it on their home rank. A player
//! left without checkers freezes their board until a teammate hands them
//! one. When time is up (a number of rounds) or every board is frozen, the
//! team holding more checkers wins.
//!
//! ```
//! use carte_core::{deal_rng, Game, RandomPlayer};
//! use zucche_rules::{Config, Zucche};
//!
//! let mut game = Zucche::new(&Config { players: 8, rounds: 30 })?;
//! RandomPlayer::new().play_out(&mut game, &mut deal_rng(42), u64::MAX);
//! let counts = game.counts();
//! assert_eq!(counts.a + counts.b, 64); // checkers change teams, never vanish
//! println!("{game}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The engine
//!
//! * [`Zucche`] is the state; it implements [`carte_core::Game`] with
//!   explicit chance and [`carte_core::Seeded`]. Each turn is up to three
//!   kinds of node: the placements owed by the player to move (one decision
//!   each, [`Move::Place`]), the roll (a chance node: [`Move::Roll`] `roll 1`
//!   to `roll 6`, probability 1/6 each), then a step ([`Move::Step`]) or the
//!   forced [`Move::Pass`]. [`Zucche::phase`] says which comes next.
//! * The game has **perfect information**: everything is on the table, so
//!   there is no [`carte_core::HiddenInfo`] implementation.
//! * Seats: team A's seat *i* (1-based) is [`carte_core::Seat`] `i - 1`,
//!   team B's seat *i* is `Seat(2k + i - 1)`; [`Player`] (`A1`, `B3`) names
//!   a player by [`Team`] and [`BoardId`] and converts both ways.
//!   [`Game::outcome`](carte_core::Game::outcome) gives +1 to every seat of
//!   the winning team and −1 to the others, or 0 to all on a draw.
//! * Notation ([`Move`]'s `Display` and `FromStr` agree): `roll 5`,
//!   `2:place c1`, `2:a1-a4` (board number, from 1, then squares), `pass`.
//! * `Display` for [`Zucche`] draws every board, hand and the team count.
//! * [`Setup`] / [`BoardSetup`] describe any position as plain data (a board
//!   reads like `bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0`);
//!   [`Zucche::from_setup`] checks it. With the default `serde` feature a
//!   state serializes as its `Setup` and is validated again on load.
//! * [`Zucche::check`] says why a move is illegal ([`IllegalMove`]);
//!   [`Game::apply`](carte_core::Game::apply) refuses it with the same error
//!   and leaves the state unchanged.
//! * [`heuristic_move`] is a cheap sensible player; [`random_game`] plays a
//!   whole game from a seed.
//!
//! Each board is two `u64` bitboards with a table of destinations per
//! square and distance; applying a move never allocates.
//!
//! # Rulings
//!
//! Section 2 of `RULES.md` restates the seed; these are the rulings the
//! engine implements, in its own words.
//!
//! 1. **Players.** 4k players, k ≥ 1 (at most 256, the seats
//!    [`carte_core::Seat`] can number); any other count is a
//!    [`ConfigError`]. Team A sits on the rank-1 side, team B on the
//!    rank-8 side; seat *i* of each team plays on board *i*.
//! 2. **Colours.** Team A's seat *i* plays White when *i* is odd and Black
//!    when even; team B the opposite, so the two players of a board always
//!    differ. Home ranks go by team, not colour: on even boards White
//!    starts from rank 8.
//! 3. **Setup.** Each player's 8 checkers fill their home rank; White moves
//!    first on every board, and the die then alternates on each board.
//! 4. **Moving.** A checker moves exactly the rolled number of squares in
//!    one straight orthogonal line, jumping over any checkers; it may not
//!    end on a friendly checker; ending on an enemy checker captures it.
//!    When no checker can move the rolled distance the turn passes: the
//!    player then plays `pass`, the only legal move (a `pass` at any other
//!    time is illegal).
//! 5. **Hand-off.** A captured checker goes to the capturer's left-hand
//!    teammate: the same team's seat on the next board, the last board
//!    handing to board 1. It takes the receiver's colour, which is always
//!    the captured checker's colour: colours alternate along each team, the
//!    next seat plays the colour opposite to the capturer's, and since a
//!    team has an even number of seats (2k) this holds from the last seat to
//!    seat 1 too. So each colour is conserved: 8 per board over boards and
//!    hands.
//! 6. **Placement.** Checkers received wait in hand. At the start of their
//!    next own turn, before the roll, the receiver places every checker in
//!    hand, one decision per checker, each on an empty square (holding no
//!    checker of either colour) of their home rank. Placing is compulsory
//!    while a checker is in hand and the home rank has an empty square;
//!    the checkers that find none stay in hand until a later turn. Checkers
//!    in hand count for the team.
//! 7. **Frozen boards.** A player with no checker on the board and none in
//!    hand waits, and so does their opponent: the board is frozen and plays
//!    no turn. Only a capture empties a player, and it passes the die to
//!    them, so the waiting player is always the one to move; when a
//!    teammate hands them a checker the board thaws and their turn starts
//!    by placing it. A checker handed to the other player of a frozen board
//!    waits in their hand until the board plays again. A player whose only
//!    checkers are in hand with a full home rank is not frozen: they roll
//!    and pass.
//! 8. **Rounds.** Play goes in rounds: in each round every board that is
//!    not frozen plays one turn (placements, roll, step or pass), in board
//!    order from board 1. Whether a board is frozen is decided when its
//!    turn in the round comes: a board thawed by a capture on an earlier
//!    board plays in the same round; board 1, thawed by a capture on the
//!    last board, plays from the next round.
//! 9. **End.** The game ends after the configured number of rounds
//!    (default 120, standing for the seed's 15 to 30 minutes;
//!    [`Config::rounds`]), or as soon as every board is frozen (no capture
//!    can then happen, so none could thaw). A round in which every
//!    remaining board is frozen counts as completed. [`Zucche::end`] says
//!    which; if the last round also leaves every board frozen, it says
//!    [`End::AllFrozen`].
//! 10. **Winner.** Each team counts its checkers on boards and in hands;
//!     more wins, equal is a draw.
//! 11. **Seeds.** The game has no deal: [`Seeded::from_seed`](carte_core::Seeded::from_seed)
//!     ignores the seed, and the seed of a seeded game drives whoever
//!     resolves chance (e.g. [`random_game`] or [`carte_core::RandomPlayer`]
//!     with [`carte_core::deal_rng`]).

#![forbid(unsafe_code)]

pub mod actions;
mod colour;
mod config;
mod diagram;
mod error;
mod game;
mod moves;
mod play;
mod player;
mod setup;
mod square;
mod strategy;

pub use colour::{ByColour, ByTeam, Colour, Team};
pub use config::{Config, ConfigError};
pub use error::{IllegalMove, ParseSetupError, SetupError};
pub use game::{End, GameResult, Phase, Zucche};
pub use moves::{Move, ParseMoveError};
pub use play::random_game;
pub use player::{BoardId, MAX_BOARDS, ParsePlayerError, Player};
pub use setup::{BoardSetup, Setup};
pub use square::{ParseSquareError, Square};
pub use strategy::{evaluate, heuristic_move};
