//! The arena ladder: every bot of a game against every other, rated.
//!
//! ```text
//! cargo run --release --example ladder -- --game gonzago --games 400
//! cargo run --release --example ladder -- --game zama --games 60 --json
//! ```
//!
//! Each pair of bots plays `--games` games on the same deals (each deal
//! twice, the sides swapped); a Bradley-Terry fit turns the results into
//! Elo-scale ratings with 95% intervals (`carte_bots::Ladder`). The table
//! of every pairing follows the ladder. `--json` prints the ladder and the
//! pairings as one JSON object instead.
//!
//! Exit status: 0 on success, 1 on a runtime error (a bot that fails), 2 on
//! a usage error (a bot not in the game's roster, fewer than two bots).

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use carte_bots::{Bot, Entrant, Ladder, RoundRobin, thread_count};
use carte_core::{Actor, Game, Seeded};
use carte_play::bots;
use carte_play::cli::{self, EXIT_CODES, positive_u32, positive_u64, threads};
use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};

/// The arena ladder: every bot of a game against every other, rated.
///
/// Prints Bradley-Terry ratings (Elo scale) with 95% intervals, the table
/// of every pairing and the time per decision; `--json` prints them as one
/// JSON object.
#[derive(Parser, Debug)]
#[command(name = "ladder", version, after_help = EXIT_CODES)]
struct Args {
    /// The game.
    #[arg(long, value_enum)]
    game: Which,
    /// Games per pair of bots (rounded up to even: each deal from both sides).
    #[arg(long, default_value_t = 100, value_parser = positive_u32)]
    games: u32,
    /// Seed of the deals, the dice and the bots.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: every core; 1 to 1024).
    #[arg(long, value_parser = threads)]
    threads: Option<usize>,
    /// Only these bots (comma-separated names from the game's roster; at
    /// least two).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// Print JSON (the ladder and the pairings) instead of tables.
    #[arg(long)]
    json: bool,
    /// A game still running after this many plies is cut and counted a
    /// draw (at least 1).
    #[arg(long, default_value_t = 100_000, value_parser = positive_u64)]
    max_plies: u64,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Which {
    /// Two-player Zama.
    Zama,
    /// Zucche e Fantasmi, four players in two teams.
    Zucche,
    /// One Gonzago hand.
    Gonzago,
    /// A Gonzago best-of-three match.
    GonzagoMatch,
}

fn main() -> ExitCode {
    cli::output_errors_exit("ladder");
    let args = Args::parse();
    let result = match args.game {
        Which::Zama => ladder(bots::zama_roster(), seeded::<zama_rules::Zama>, None, &args),
        Which::Zucche => {
            // Each bot plays a whole team: side 0 team A, side 1 team B.
            let game = seeded::<zucche_rules::Zucche>(0);
            let sides = carte_core::Seat::all(game.num_seats())
                .map(|s| u8::from(game.player_at(s).is_some_and(|p| p.team == zucche_rules::Team::B)))
                .collect();
            ladder(bots::zucche_roster(), seeded::<zucche_rules::Zucche>, Some(sides), &args)
        }
        Which::Gonzago => ladder(bots::gonzago_roster(), seeded::<gonzago_rules::Hand>, None, &args),
        Which::GonzagoMatch => {
            let config = gonzago_rules::Config {
                mode: gonzago_rules::MatchMode::BestOfThree,
                ..gonzago_rules::Config::default()
            };
            let start = move |seed| match gonzago_rules::Match::from_seed(&config, seed) {
                Ok(m) => m,
                Err(e) => panic!("a best-of-three match on the Italian deck is valid: {e}"),
            };
            ladder(bots::gonzago_match_roster(), start, None, &args)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cli::runtime_error("ladder", e),
    }
}

/// What `--json` prints: the ladder (the serde form of
/// `carte_bots::Ladder`), every pairing and the time per decision.
#[derive(serde::Serialize)]
struct Report<'a> {
    game: String,
    games_per_pair: u32,
    seed: u64,
    ladder: &'a Ladder,
    pairings: Vec<Pairing<'a>>,
    time_per_decision: Vec<Timing<'a>>,
}

/// One pairing's results, from the first bot's side.
#[derive(serde::Serialize)]
struct Pairing<'a> {
    first: &'a str,
    second: &'a str,
    wins: u32,
    draws: u32,
    losses: u32,
    cut: u32,
    /// Wins over decided games (`null` when none was decided).
    win_rate_decided: Option<f64>,
    /// Its 95% Wilson interval.
    interval95: Option<(f64, f64)>,
    average_plies: f64,
}

/// A bot's time per decision.
#[derive(serde::Serialize)]
struct Timing<'a> {
    bot: &'a str,
    mean_ms: f64,
    max_ms: f64,
    /// The deciding thread's CPU time (0 where the system does not tell).
    cpu_mean_ms: f64,
    cpu_max_ms: f64,
}

/// How long a bot took to decide, over every decision of a seat.
#[derive(Default)]
struct Clock {
    decisions: AtomicU64,
    nanos: AtomicU64,
    max_nanos: AtomicU64,
    /// CPU time of the deciding thread (Linux; 0 where unknown).
    cpu_nanos: AtomicU64,
    max_cpu_nanos: AtomicU64,
}

/// The CPU time this thread has run, in nanoseconds, where the system
/// tells (`/proc/thread-self/schedstat` on Linux): unlike wall time, it
/// does not grow when other programs share the cores.
fn thread_cpu_nanos() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

impl Clock {
    fn mean_ms(&self) -> f64 {
        let n = self.decisions.load(Ordering::Relaxed).max(1);
        self.nanos.load(Ordering::Relaxed) as f64 / n as f64 / 1e6
    }

    fn max_ms(&self) -> f64 {
        self.max_nanos.load(Ordering::Relaxed) as f64 / 1e6
    }

    fn cpu_mean_ms(&self) -> f64 {
        let n = self.decisions.load(Ordering::Relaxed).max(1);
        self.cpu_nanos.load(Ordering::Relaxed) as f64 / n as f64 / 1e6
    }

    fn cpu_max_ms(&self) -> f64 {
        self.max_cpu_nanos.load(Ordering::Relaxed) as f64 / 1e6
    }
}

/// A bot whose decisions are timed.
struct Timed<G: Game> {
    bot: Box<dyn Bot<G>>,
    clock: Arc<Clock>,
}

impl<G: Game> Bot<G> for Timed<G> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        if !matches!(game.actor(), Actor::Seat(_)) {
            return self.bot.choose(game);
        }
        let cpu_started = thread_cpu_nanos();
        let started = Instant::now();
        let mv = self.bot.choose(game);
        let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        if let (Some(a), Some(b)) = (cpu_started, thread_cpu_nanos()) {
            let cpu = b.saturating_sub(a);
            self.clock.cpu_nanos.fetch_add(cpu, Ordering::Relaxed);
            self.clock.max_cpu_nanos.fetch_max(cpu, Ordering::Relaxed);
        }
        self.clock.decisions.fetch_add(1, Ordering::Relaxed);
        self.clock.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.clock.max_nanos.fetch_max(nanos, Ordering::Relaxed);
        mv
    }
}

fn timed<G: Game + 'static>(entrant: Entrant<G>) -> (Entrant<G>, Arc<Clock>) {
    let clock = Arc::new(Clock::default());
    let name = entrant.name().to_owned();
    let inner = Arc::new(entrant);
    let c = Arc::clone(&clock);
    let e = Entrant::new(name, move |seed| {
        Box::new(Timed { bot: inner.build(seed), clock: Arc::clone(&c) }) as Box<dyn Bot<G>>
    });
    (e, clock)
}

fn seeded<G: Seeded>(seed: u64) -> G {
    match G::from_seed(&G::Config::default(), seed) {
        Ok(g) => g,
        Err(e) => panic!("the default configuration is valid: {e}"),
    }
}

fn ladder<G, F>(roster: Vec<Entrant<G>>, start: F, sides: Option<Vec<u8>>, args: &Args) -> Result<(), String>
where
    G: Game + 'static,
    F: Fn(u64) -> G + Sync,
{
    let names: Vec<&str> = roster.iter().map(Entrant::name).collect();
    for wanted in &args.bots {
        if !names.contains(&wanted.as_str()) {
            cli::usage::<Args>(
                ErrorKind::InvalidValue,
                format!("invalid value '{wanted}' for '--bots <BOTS>': this game's bots are {}", names.join(", ")),
            );
        }
    }
    let (entrants, clocks): (Vec<Entrant<G>>, Vec<Arc<Clock>>) = roster
        .into_iter()
        .filter(|e| args.bots.is_empty() || args.bots.iter().any(|b| b == e.name()))
        .map(timed)
        .unzip();
    if entrants.len() < 2 {
        cli::usage::<Args>(ErrorKind::TooFewValues, "the argument '--bots <BOTS>' must name at least two bots");
    }
    let mut rr = RoundRobin::new(start, entrants).games(args.games).seed(args.seed).max_plies(args.max_plies);
    if let Some(sides) = sides {
        rr = rr.sides(sides);
    }
    let threads = thread_count(args.threads).map_err(|e| e.to_string())?;
    let (standings, took) = carte_play::cli::play_round_robin(&rr, threads, args.json)?;
    let ladder = Ladder::from_standings(&standings);
    let timing: Vec<Timing<'_>> = standings
        .names()
        .iter()
        .zip(&clocks)
        .map(|(name, c)| Timing {
            bot: name,
            mean_ms: c.mean_ms(),
            max_ms: c.max_ms(),
            cpu_mean_ms: c.cpu_mean_ms(),
            cpu_max_ms: c.cpu_max_ms(),
        })
        .collect();
    if args.json {
        let names = standings.names();
        let pairings = standings
            .pairings()
            .iter()
            .map(|p| Pairing {
                first: &names[p.first],
                second: &names[p.second],
                wins: p.wins,
                draws: p.draws,
                losses: p.losses,
                cut: p.cut,
                win_rate_decided: p.win_rate(),
                interval95: p.win_rate_interval(),
                average_plies: p.average_plies(),
            })
            .collect();
        let out = serde_json::to_string(&Report {
            game: format!("{:?}", args.game).to_lowercase(),
            games_per_pair: args.games.div_ceil(2).min(u32::MAX / 2) * 2,
            seed: args.seed,
            ladder: &ladder,
            pairings,
            time_per_decision: timing,
        })
        .map_err(|e| e.to_string())?;
        println!("{out}");
    } else {
        println!(
            "{:?} ladder: {} games, seed {}, {threads} threads, {:.1} s\n",
            args.game,
            rr.job_count(),
            args.seed,
            took.as_secs_f64()
        );
        println!("{ladder}");
        print!("{standings}");
        println!("\ntime per decision (on this machine, {threads} threads; cpu: the deciding thread's CPU time):");
        for (name, c) in standings.names().iter().zip(&clocks) {
            println!(
                "  {name:<20} wall mean {:>8.2} ms  max {:>8.2} ms   cpu mean {:>8.2} ms  max {:>8.2} ms",
                c.mean_ms(),
                c.max_ms(),
                c.cpu_mean_ms(),
                c.cpu_max_ms()
            );
        }
    }
    Ok(())
}
