//! The conventions every game crate follows, written once.
//!
//! The four game crates (zama-rules, zucche-rules, camicia-rules,
//! gonzago-rules) have one API shape, so that code written against one game
//! reads like code written against another. A new game follows the same
//! rules (see CONTRIBUTING.md, "Adding a game"); `tests/conventions.rs` and
//! each crate's `tests/traits.rs` check what can be checked.
//!
//! # Names of roles
//!
//! | Role | Name in every crate |
//! | --- | --- |
//! | the state | the game's name (`Zama`, `Zucche`, `Camicia`; Gonzago: `Match`, and `Hand` for one hand) |
//! | a move | `Move` |
//! | a refused move (`Game::Error`) | `IllegalMove` |
//! | an unchecked description of a state | `Setup` (Gonzago's hand: `HandSetup`) |
//! | a description that no game reaches | `SetupError` |
//! | the options of a game (`Seeded::Config`) | `Config` |
//! | a refused configuration | `ConfigError` |
//! | what one seat sees (`HiddenInfo::Observation`) | `Observation` (Gonzago's hand: `HandObservation`) |
//! | text that is no move | `ParseMoveError` (and `Parse<Thing>Error` for other notation) |
//!
//! # Construction
//!
//! * `Game::new(&Config, seed) -> Result<Game, ConfigError>`: the inherent
//!   twin of [`Seeded::from_seed`](crate::Seeded::from_seed), same arguments
//!   in the same order, same error, so that a user needs no trait in scope
//!   to start a game. A game that deals nothing takes no seed
//!   (`Zucche::new(&Config)`: its dice are chance moves). Other ways to
//!   start have their own names (`Camicia::from_deal(&Deal, EndRule)`).
//! * `Game::from_setup(&Setup) -> Result<Game, SetupError>` checks a
//!   description and refuses one that no game could reach; `to_setup()`
//!   gives it back. Deserialization goes through the same check.
//! * `Config::validate(&self) -> Result<(), ConfigError>` is the one name of
//!   the configuration check in every crate; `new` and `from_seed` call it.
//!   Configurations that will grow are `#[non_exhaustive]` with `with_*`
//!   setters.
//!
//! # Integer types, one per meaning
//!
//! * What grows with the length of a game or match (plies, cards turned,
//!   tricks, hands played, wins, match points): `u64`.
//! * A configured limit and the counter compared with it (rounds, Zama's
//!   no-removal limit and its count of quiet plies): `u32`.
//! * A number of players or seats (`Config::players`, `with_players`,
//!   `players()`, [`Game::num_seats`](crate::Game::num_seats)): `usize`.
//! * The length of something a seat holds or the table keeps (cards in a
//!   hand, a pile, a stock): `usize`.
//! * Identical pieces counted in a compact state (Zucche's checkers in hand
//!   and on a board): `u32`. They are counters inside a state kept small for
//!   search, not lengths of a collection (earlier versions of this text
//!   said `usize` for them; `u32` keeps a Zucche board in 32 bytes).
//! * A seat: the game's seat type, or [`Seat`](crate::Seat) (a `u8` inside).
//!
//! # Text
//!
//! * Notation is read in any case and with surrounding whitespace, and
//!   printed in one canonical form: keywords lowercase (`turn`, `roll 3`,
//!   `pass`, `peek c4`), squares lowercase (`c4`), cards in their own
//!   notation (`Ks`, `K♠`, `Rc`). `Display` and `FromStr` agree: whatever
//!   prints reads back.
//! * Seats are named by their seat type's `Display`, capitalised, in every
//!   person-facing text (outcomes, the actor, errors, diagrams): `Red to
//!   move`, `Blue wins`, `White`, `A1`, `A`.
//! * Error messages are short, lowercase, and name the offending thing
//!   first: `bad move "x": expected ...`, `illegal move a1xb1: ...`, `bad
//!   configuration: ...`, `bad setup: ...`. A wrapping error adds only the
//!   context it alone knows (`ply 3: `) and never repeats the context of
//!   the error it wraps ([`MoveError::notation`](crate::MoveError::notation)
//!   strips it).
//!
//! # Traits
//!
//! Every public value type has `Clone`, `Debug`, `PartialEq`, `Eq` and
//! `Hash` where they mean something, `Display` + `FromStr` when it has a
//! notation, and serde behind the `serde` feature. Errors are `thiserror`
//! types, `Clone + PartialEq + Eq`, `#[non_exhaustive]` where they will
//! grow. States are `Clone + Send + Sync`.
//!
//! # JSON
//!
//! * Seats by name (`"seat": "Red"`, `"to_move": "A"`), as their `Display`.
//! * Moves, cards and squares as their notation (`"c4xd4"`, `"Ks"`, `"c4"`).
//! * Field names in `snake_case`, and every other enum value too (phases,
//!   endings, end rules, decks, checker colours: `"no_removal"`,
//!   `"best_of_three"`, `"white"`); the older spellings still load.
//! * Deserialization checks what it reads, as `from_setup` does.
