//! The terminal play shell of the carte examples, written once for every
//! game.
//!
//! * [`Shell`]: a person plays one seat of any [`carte_core::Game`] against
//!   bots, with the same commands everywhere: `help`, `moves` (grouped),
//!   `rules`, `legend`, `undo`, `hint`, `show`, `quit`. Every move is echoed
//!   in the game's notation; chance's moves (dice) are shown as chance's.
//! * [`Presenter`]: what differs from game to game (the board, how moves
//!   are grouped, the legend, the rules text); [`zama`], [`zucche`] and
//!   [`gonzago`] hold one each.
//! * [`input`]: line editing with history on a terminal (rustyline), plain
//!   lines otherwise, so scripted sessions work; input that is not UTF-8 is
//!   explained, not fatal.
//! * [`cli`]: what the examples share on the command line: `--color`, the
//!   exit codes, checked number arguments.
//! * [`bots`]: the strongest bot of each game that answers in under a
//!   second, for the shell's opponents, the tour and the arena.
//!
//! ```
//! use carte_play::{gonzago::GonzagoView, input::ScriptedLines, Shell, ShellEnd};
//! use carte_core::{Seat, Seeded};
//! use gonzago_rules::{Match, Config};
//!
//! let game = Match::from_seed(&Config::default(), 1)?;
//! let bot = carte_play::bots::gonzago_match(7, carte_play::bots::Strength::Quick);
//! let mut out = Vec::new();
//! let input = ScriptedLines::new(["moves", "quit"]);
//! let end = Shell::new(game, GonzagoView::new(), Seat::new(0))
//!     .opponent(Seat::new(1), Box::new(bot))
//!     .run(input, &mut out)?;
//! assert_eq!(end, ShellEnd::Quit);
//! let text = String::from_utf8(out)?;
//! assert!(text.contains("Your moves"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! None. The crate is not published: it serves the repository's examples.

#![forbid(unsafe_code)]

pub mod bots;
pub mod cli;
pub mod gonzago;
pub mod input;
pub mod rules;
mod shell;
pub mod style;
pub mod zama;
pub mod zucche;

pub use shell::{Advice, Advisor, Group, Presenter, Shell, ShellEnd};
