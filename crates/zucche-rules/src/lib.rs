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
//! The rules, clause by clause (F1, F2, ...), are in `docs/rules/zucche.md`
//! in the repository; the tests name the clauses they check.
//!
//! # Cookbook
//!
//! Each example is a whole program: paste it into a crate that depends on
//! `zucche-rules` (and `serde_json` for the JSON, or
//! `carte-bots` for the search bot); the crate re-exports the carte-core
//! traits it needs.
//!
//! **Start a game, list the legal moves and apply them.** The die is a
//! chance node: whoever drives the game rolls it (`roll 1` to `roll 6`),
//! then the player to move steps a checker exactly that far. A refused
//! move is an error and leaves the game as it was.
//!
//! ```
//! use zucche_rules::{Actor, Config, Game, Zucche};
//!
//! let mut game = Zucche::new(&Config::default())?; // 4 players, 2 boards
//! assert_eq!(game.actor(), Actor::Chance);
//! assert_eq!(game.legal_move_vec().len(), 6); // the six faces of board 1's die
//! game.apply_notation("roll 3")?;
//! let steps = game.legal_move_vec(); // A1 (White) moves a checker 3 squares
//! assert!(steps.iter().any(|m| m.to_string() == "1:c1-c4"));
//! game.apply(steps[0])?;
//! assert!(game.apply_notation("1:c1-c4").is_err()); // board 2 plays next
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Show and serialize what a player sees.** The game has perfect
//! information, so every seat sees the whole state: its `Display` draws
//! every board, hand and the team count, and the state serializes as its
//! [`Setup`] (the integer views of [`actions`] serve learning code).
//!
//! ```
//! use zucche_rules::{Config, Game, Zucche, deal_rng, random_playout};
//!
//! let mut game = Zucche::new(&Config::default())?;
//! random_playout(&mut game, &mut deal_rng(1), 20);
//! println!("{game}"); // "board 1 <", the ranks, "A1 w hand 0 *", ...
//! # #[cfg(feature = "serde")] {
//! let json = serde_json::to_string(&game)?; // {"config":...,"boards":["bbbbbbbb/8/...",...]}
//! assert!(json.contains("\"round\":"));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Save and load a state.** Loading checks the position (see *What a
//! loaded state guarantees*), so a corrupted save is an error, never a
//! broken game.
//!
//! ```
//! use zucche_rules::{Config, Game, Zucche, deal_rng, random_playout};
//!
//! let mut game = Zucche::new(&Config::default())?;
//! random_playout(&mut game, &mut deal_rng(2), 40);
//! let setup = game.to_setup(); // plain data, no serde needed
//! assert_eq!(Zucche::from_setup(&setup)?, game);
//! # #[cfg(feature = "serde")] {
//! let saved = serde_json::to_string(&game)?;
//! assert_eq!(serde_json::from_str::<Zucche>(&saved)?, game);
//! // Five checkers from nowhere in White's hand on board 1 of a new game:
//! let fresh = serde_json::to_string(&Zucche::new(&Config::default())?)?;
//! let cheat = fresh.replacen("wwwwwwww w 0 0", "wwwwwwww w 5 0", 1);
//! assert_ne!(cheat, fresh);
//! assert!(serde_json::from_str::<Zucche>(&cheat).is_err());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Record and replay a game.** The game has no deal, so a
//! [`Replay`] records the die rolls with the moves;
//! replaying rebuilds the exact state.
//!
//! ```
//! use zucche_rules::{Game, Replay, deal_rng};
//! use zucche_rules::core::RandomPlayer;
//! use zucche_rules::{Config, Zucche};
//!
//! let mut replay = Replay::<Zucche>::new(Config::default().with_rounds(10), 0);
//! let mut game = replay.start()?;
//! let (mut player, mut rng) = (RandomPlayer::new(), deal_rng(5));
//! while let Some(mv) = player.choose(&game, &mut rng) {
//!     game.apply(mv)?;
//!     replay.push(mv); // "roll 4", "1:b1-b5", ...
//! }
//! assert_eq!(replay.replay()?, game);
//! # #[cfg(feature = "serde")] {
//! let json = serde_json::to_string(&replay)?;
//! assert_eq!(serde_json::from_str::<Replay<Zucche>>(&json)?.replay()?, game);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Let a bot choose a move.** [`heuristic_move`] is instant (and rolls
//! the die at chance nodes); the `carte-bots` crate's `Mcts` searches.
//!
//! ```
//! use carte_bots::{Bot, Mcts};
//! use zucche_rules::{Config, Game, Zucche, deal_rng, heuristic_move};
//!
//! let mut game = Zucche::new(&Config::default())?;
//! game.apply_notation("roll 2")?;
//! let quick = heuristic_move(&game, &mut deal_rng(0)).expect("the game is running");
//! let mut bot = Mcts::new(1).iterations(100);
//! let searched = bot.choose(&game).expect("the game is running");
//! assert!(game.is_legal(quick) && game.is_legal(searched));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Play a whole game and name the winner.**
//!
//! ```
//! use zucche_rules::{Config, Game, describe_outcome, random_game};
//!
//! let (game, _) = random_game(&Config::players(8).with_rounds(30), 42)?;
//! let counts = game.counts();
//! assert_eq!(counts.a + counts.b, 64); // checkers change teams, never vanish
//! println!("{}", game.describe_result().unwrap()); // e.g. "team A wins 33-31"
//! let outcome = game.outcome().unwrap(); // +1 for every seat of the winners
//! assert!(["team A wins", "team B wins", "draw"].contains(&describe_outcome(&outcome).as_str()));
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
//! * Seats go board by board, team A first: A1 is [`carte_core::Seat`] 0,
//!   B1 seat 1, A2 seat 2, B2 seat 3, ... (even seats are team A, odd
//!   seats team B, in a game of any size). [`Player`] (`A1`, `B3`) names a
//!   player by [`Team`] and [`BoardId`] and converts to and from a `Seat`
//!   (`From`, `TryFrom`); [`Zucche::player_at`] says whether a game has
//!   the seat. [`Game::outcome`] gives +1 to
//!   every seat of the winning team and −1 to the others, or 0 to all on a
//!   draw; [`describe_outcome`] and [`Zucche::describe_result`] name it
//!   (`team A wins 17-15`).
//! * Notation ([`Move`]'s `Display` and `FromStr` agree): `roll 5`,
//!   `2:place c1`, `2:a1-a4` (board number, from 1, then squares), `pass`.
//! * `Display` for [`Zucche`] draws every board, hand and the team count.
//! * [`Setup`] / [`BoardSetup`] describe any position as plain data (a board
//!   reads like `bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0`);
//!   [`Zucche::from_setup`] checks it. With the default `serde` feature a
//!   state serializes as its `Setup` and is validated again on load.
//! * [`Zucche::check`] says why a move is illegal ([`IllegalMove`]);
//!   [`Game::apply`] refuses it with the same error
//!   and leaves the state unchanged.
//! * [`heuristic_move`] is a cheap sensible player; [`random_game`] plays a
//!   whole game from a seed.
//!
//! Each board is two `u64` bitboards with a table of destinations per
//! square and distance; applying a move never allocates.
//!
//! # Rulings
//!
//! These are the clauses of `docs/rules/zucche.md` in the engine's words.
//!
//! 1. **Players.** 4k players, k ≥ 1 (at most 256, the seats
//!    [`carte_core::Seat`] can number); any other count is a
//!    [`ConfigError`]. Team A sits on the rank-1 side, team B on the
//!    rank-8 side; seat *i* of each team plays on board *i*.
//! 2. **Colors.** Team A's seat *i* plays White when *i* is odd and Black
//!    when even; team B the opposite, so the two players of a board always
//!    differ. Home ranks go by team, not color: on even boards White
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
//!    handing to board 1. It takes the receiver's color, which is always
//!    the captured checker's color: colors alternate along each team, the
//!    next seat plays the color opposite to the capturer's, and since a
//!    team has an even number of seats (2k) this holds from the last seat to
//!    seat 1 too. So each color is conserved: 8 per board over boards and
//!    hands.
//! 6. **Placement.** Checkers received wait in hand. At the start of their
//!    next own turn, before the roll, the receiver places every checker in
//!    hand, one decision per checker, each on an empty square (holding no
//!    checker of either color) of their home rank. Placing is compulsory
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
//! 11. **Seeds.** The game has no deal: [`Seeded::from_seed`]
//!     ignores the seed, and the seed of a seeded game drives whoever
//!     resolves chance (e.g. [`random_game`] or [`carte_core::RandomPlayer`]
//!     with [`carte_core::deal_rng`]).
//!
//! # What a loaded state guarantees
//!
//! [`Zucche::from_setup`] and deserialization (which goes through it)
//! accept a [`Setup`] only if:
//!
//! * the configuration is valid and there is one board per facing pair;
//! * no square holds two checkers, and each color has exactly 8 checkers
//!   per board over all boards and hands (captures move checkers, never
//!   create or destroy them);
//! * no board has both players without checkers, and on a frozen board the
//!   player without checkers is the one to move (only a capture empties a
//!   player, and it hands them the die);
//! * the round is at most the limit; a board plays exactly while the game
//!   runs (not after the last round, and the game is over before it only
//!   when every board is frozen); the board playing is not frozen;
//! * a pending roll (always 1 to 6, see [`Pips`]) belongs to the board
//!   playing and comes after the placements its player owes.
//!
//! * in the first round (no round complete, where each board has played
//!   at most one turn): no board is frozen, the boards before the one
//!   playing have Black to move and the others White, and only a board
//!   after one that has played holds a checker in hand, one at most.
//!
//! So every phase ([`Zucche::phase`]) and ending ([`Zucche::end`]) is one
//! the rest of the state allows. Not checked: that the positions can be
//! reached in the number of rounds played once a round is complete (any
//! position with the checkers conserved is accepted from round 1 on), and
//! the history, which a state does not keep.
//!
//! # Fuzzing your code
//!
//! With the `proptest` feature (in your dev-dependencies), the `strategies`
//! module draws games in every phase (checkers in hand, placements owed,
//! frozen boards, the end), valid and garbage setups and configurations,
//! and moves legal or not, so you can fuzz your own code against the rules.
//! Here a server function that applies a client's move text must refuse
//! what is illegal and leave the game as it was, and play what is legal;
//! `game_and_move_text` draws a state with text for it (a legal move's in
//! 45% of cases, a near miss in 40%, garbage in the rest), so both paths
//! are tried (the `arbitrary` feature gives the same types to cargo-fuzz).
//!
//! ```
//! # #[cfg(feature = "proptest")] {
//! use zucche_rules::Game;
//! use zucche_rules::strategies::game_and_move_text;
//! use zucche_rules::Zucche;
//! use proptest::prelude::*;
//!
//! fn serve(game: &mut Zucche, text: &str) -> Result<(), String> {
//!     game.apply_notation(text).map(|_| ()).map_err(|e| e.to_string())
//! }
//!
//! proptest!(ProptestConfig::with_cases(16), |((walk, text) in game_and_move_text())| {
//!     let mut game = walk.state.clone();
//!     match serve(&mut game, &text) {
//!         Err(_) => prop_assert_eq!(game, walk.state), // refused: nothing changed
//!         Ok(()) => prop_assert_ne!(game, walk.state), // played
//!     }
//! });
//! # }
//! ```
//!
//! # Features
//!
//! * `serde` (default): serialization of states (as their [`Setup`],
//!   validated on load), boards (as their text), moves, squares, players
//!   and configurations. Off, everything else above stays.
//! * `proptest`: the `strategies` module (proptest strategies for squares,
//!   boards, moves, configurations, setups and games in every phase).
//! * `arbitrary`: `arbitrary::Arbitrary` for the same types, for cargo-fuzz.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod actions;
mod color;
mod config;
mod debug;
mod diagram;
mod error;
mod game;
mod moves;
mod play;
mod player;
mod setup;
mod square;
mod strategy;

#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategies;

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;

pub use color::{ByColor, ByTeam, Color, Team};
pub use config::{Config, ConfigError};
pub use error::{IllegalMove, ParseSetupError, SetupError};
pub use game::{End, GameResult, Phase, Zucche, describe_outcome};
pub use moves::{BadPips, Move, ParseMoveError, Pips};
pub use play::random_game;
pub use player::{BoardId, MAX_BOARDS, ParsePlayerError, Player};
pub use setup::{BoardSetup, Setup};
pub use square::{ParseSquareError, Square};
pub use strategy::{evaluate, heuristic_move, move_prior};

/// The shared core (cards, decks, the seeded shuffle, the traits, the
/// generic tools), so that this crate alone is enough to play its game:
/// `zucche_rules::core::shuffled`, ... . The items a program on this game
/// needs first are also here at the root.
pub use carte_core as core;
pub use carte_core::{
    Actor, Game, HiddenInfo, MoveError, Outcome, Replay, ReplayError, Seat, SeatError, Seeded, deal_rng, perft,
    random_playout,
};
