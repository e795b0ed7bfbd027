//! What the examples share on the command line: `--color`, the exit codes
//! and number arguments that refuse values out of sense.
//!
//! Every example exits with [`SUCCESS`] (0), [`RUNTIME_ERROR`] (1) or
//! [`USAGE_ERROR`] (2, as clap does for a bad flag) and says so at the end
//! of its `--help` with [`EXIT_CODES`]. A check clap cannot express (a
//! flag allowed for one game and not another) ends with [`usage`], which
//! prints and exits exactly as clap's own errors do.
//!
//! ```
//! use carte_play::cli::{positive_u32, probability_scale, threads};
//!
//! assert_eq!(positive_u32("3"), Ok(3));
//! assert!(positive_u32("0").is_err());
//! assert!(probability_scale("nan").is_err());
//! assert!(threads("100000").is_err());
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use carte_bots::{RoundRobin, Standings};
use carte_core::Game;
use indicatif::{ProgressBar, ProgressStyle};

/// Exit status of a run that did what was asked.
pub const SUCCESS: u8 = 0;
/// Exit status of a run that failed while running (a bot failed, output
/// could not be written).
pub const RUNTIME_ERROR: u8 = 1;
/// Exit status of a command line that makes no sense (clap's own code).
pub const USAGE_ERROR: u8 = 2;

/// The sentence every example's `--help` ends with.
pub const EXIT_CODES: &str = "Exit status: 0 on success; 1 on a runtime error (a file that cannot be read or written, \
                              refused input, output that cannot be written); 2 on a usage error (a bad, misplaced or \
                              conflicting flag).";

/// The most worker threads an example accepts (as the arena does).
pub const MAX_THREADS: usize = carte_bots::MAX_THREADS;

/// When to colour the output.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// When the output is a terminal that supports it and `NO_COLOR` is not
    /// set.
    #[default]
    Auto,
    /// Always (even into a pipe), unless ...never.
    Always,
    /// Never.
    Never,
}

impl ColorWhen {
    /// The choice for `anstream`, which strips styles where they do not
    /// belong.
    pub fn choice(self) -> anstream::ColorChoice {
        match self {
            ColorWhen::Auto => anstream::ColorChoice::Auto,
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
        }
    }

    /// Standard output, styled as chosen (with `Auto`: only on a terminal
    /// and without `NO_COLOR`).
    pub fn stdout(self) -> anstream::AutoStream<std::io::Stdout> {
        anstream::AutoStream::new(std::io::stdout(), self.choice())
    }
}

/// A whole number from 1 to `max`, or clap's message for anything else.
fn positive<T>(text: &str, max: T) -> Result<T, String>
where
    T: core::str::FromStr + PartialEq + From<u8> + core::fmt::Display,
    T::Err: core::fmt::Display,
{
    match text.trim().parse::<T>() {
        Ok(n) if n == T::from(0) => Err("must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a whole number from 1 to {max}: {e}")),
    }
}

/// A count that must be at least 1 (`--iterations`, `--every`, `--games`).
///
/// # Errors
///
/// A message for clap for text that is no number or is 0.
pub fn positive_u32(text: &str) -> Result<u32, String> {
    positive(text, u32::MAX)
}

/// A count that must be at least 1, as `usize` (`--top`).
///
/// # Errors
///
/// A message for clap for text that is no number or is 0.
pub fn positive_usize(text: &str) -> Result<usize, String> {
    positive(text, usize::MAX)
}

/// A count that must be at least 1, as `u64` (`--simulate N`).
///
/// # Errors
///
/// A message for clap for text that is no number or is 0.
pub fn positive_u64(text: &str) -> Result<u64, String> {
    positive(text, u64::MAX)
}

/// A finite number that is not negative (`--exploration`): `nan`, `inf`
/// and negative numbers are refused.
///
/// # Errors
///
/// A message for clap.
pub fn probability_scale(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        Ok(x) => Err(format!("must be a finite number of at least 0, not {x}")),
        Err(e) => Err(format!("not a number: {e}")),
    }
}

/// A thread count from 1 to [`MAX_THREADS`].
///
/// # Errors
///
/// A message for clap.
pub fn threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        Ok(n) => Err(format!("{n} threads: give 1 to {MAX_THREADS}")),
        Err(e) => Err(format!("not a whole number: {e}")),
    }
}

/// Prints `error` as `program: error` on standard error and gives the exit
/// code of a runtime error.
pub fn runtime_error(program: &str, error: impl std::fmt::Display) -> ExitCode {
    eprintln!("{program}: {error}");
    ExitCode::from(RUNTIME_ERROR)
}

/// Ends the program with a usage error about the command line of `A`,
/// printed and exited (code [`USAGE_ERROR`]) as clap's own errors are:
/// `error: MESSAGE`, the usage line and a pointer to `--help`. For checks
/// clap cannot express, made after parsing (a flag that one game has and
/// another has not).
pub fn usage<A: clap::CommandFactory>(kind: clap::error::ErrorKind, message: impl std::fmt::Display) -> ! {
    A::command().error(kind, message).exit()
}

/// Makes output that cannot be written (a closed pipe: `example | head`)
/// a runtime error, exit code [`RUNTIME_ERROR`] with one line on standard
/// error, instead of a panic: `println!` panics when standard output is
/// gone. Every other panic is reported as before.
pub fn output_errors_exit(program: &'static str) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") {
            eprintln!("{program}: {text}");
            std::process::exit(i32::from(RUNTIME_ERROR));
        }
        default(info);
    }));
}

/// Plays every game of `rr` on `threads` threads (already checked, see
/// [`threads`]) with a progress bar on standard error, or none when
/// `quiet` (e.g. for `--json`): the standings and the wall time they took,
/// or the bot failure as the message the arena and the ladder print.
pub fn play_round_robin<G, F>(
    rr: &RoundRobin<G, F>,
    threads: usize,
    quiet: bool,
) -> Result<(Standings, Duration), String>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(rr.job_count()) };
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let standings = rr.run_parallel(threads, |_| bar.inc(1));
    bar.finish_and_clear();
    let standings = standings.map_err(|e| format!("a bot failed: {e}"))?;
    Ok((standings, started.elapsed()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_refuse_zero_and_garbage() {
        assert_eq!(positive_u32("1"), Ok(1));
        assert!(positive_u32("0").is_err());
        assert!(positive_u32("-1").is_err());
        assert!(positive_u32("x").is_err());
        assert_eq!(positive_u64(" 7 "), Ok(7));
        assert!(positive_u64("0").is_err());
    }

    #[test]
    fn exploration_refuses_nan_infinity_and_negatives() {
        assert_eq!(probability_scale("0.7"), Ok(0.7));
        assert_eq!(probability_scale("0"), Ok(0.0));
        for bad in ["nan", "NaN", "inf", "-inf", "-0.5", "x"] {
            assert!(probability_scale(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn threads_are_bounded() {
        assert_eq!(threads("2"), Ok(2));
        assert_eq!(threads("1024"), Ok(1024));
        assert!(threads("0").is_err());
        assert!(threads("100000").is_err());
    }
}
