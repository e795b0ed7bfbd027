//! Zama in the terminal, for two or four players (`--players 4`: Red, Blue,
//! Green and Yellow on the 16 × 13 board).
//!
//! * no arguments: a seeded game between heuristic bots, printed as board
//!   diagrams every few turns;
//! * `--play`: you play Red against the ISMCTS bot (or three of them with
//!   `--players 4`) in the shared play shell; you see the board as Red sees
//!   it, in colour on a terminal (`--color auto|always|never`, `NO_COLOR`);
//!   type moves such as `c4xd4`, `d4-e4`, `peek f6`, `end`, `pass`, or the
//!   commands `help`, `moves`, `rules`, `legend`, `hint`, `undo`, `show`,
//!   `quit`; `--strength quick` makes the bots answer faster and weaker;
//! * `--simulate N`: N uniformly random games: wins by seat, eliminations,
//!   draws by reason, mean length (`--simulate N --versus`: the heuristic
//!   bot against random play).
//!
//! A flag that does not apply to the mode is refused (`--every` with
//! `--play`, say). Exit status: 0 on success, 1 on a runtime error, 2 on a
//! usage error.
//!
//! `cargo run --release --example zama -- --players 4 --simulate 20000`

use std::process::ExitCode;
use std::time::Instant;

use carte_bots::Bot;
use carte_core::{Game, Seat, deal_rng};
use carte_play::bots::{self, Strength};
use carte_play::cli::{self, ColorWhen, EXIT_CODES, positive_u32, positive_u64};
use carte_play::input::stdin_lines;
use carte_play::zama::ZamaView;
use carte_play::{Shell, ShellEnd};
use clap::Parser;
use clap::error::ErrorKind;
use zama_rules::{Battle, Config, DrawReason, Ending, Move, Phase, Player, Zama, describe_outcome, heuristic_move};

/// Zama in the terminal: watch, play or simulate games.
///
/// Modes: watch heuristic bots play a seeded game (the default); play Red
/// yourself against the strongest bots (`--play`); simulate many random
/// games (`--simulate N`). A flag that does not apply to the mode is
/// refused.
#[derive(Parser, Debug)]
#[command(name = "zama", version, after_help = EXIT_CODES)]
struct Args {
    /// The number of players: 2 (8 × 13 board) or 4 (16 × 13 board).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// Play Red against the bots (information-set MCTS).
    #[arg(long, conflicts_with = "simulate")]
    play: bool,
    /// Play N uniformly random games and summarize how they ended.
    #[arg(long, value_name = "N", value_parser = positive_u64)]
    simulate: Option<u64>,
    /// With --simulate: the heuristic bot (taking each seat in turn)
    /// against random players, instead of random play for every seat.
    #[arg(long, requires = "simulate", conflicts_with = "play")]
    versus: bool,
    /// Seed of the (first) deal.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Draw after this many consecutive plies without a removal.
    #[arg(long, default_value_t = Config::DEFAULT_NO_REMOVAL_LIMIT)]
    limit: u32,
    /// In the bot game (no --play, no --simulate), print the board every
    /// this many turns.
    #[arg(long, value_parser = positive_u32, conflicts_with_all = ["play", "simulate"])]
    every: Option<u32>,
    /// With --play: colour the board (auto: on a terminal without NO_COLOR).
    #[arg(long, value_enum, requires = "play", conflicts_with = "simulate")]
    color: Option<ColorWhen>,
    /// With --play: how hard the bots (and `hint`) think: `full`, the
    /// strongest play under a second a move, or `quick`, a twentieth of it.
    #[arg(long, value_enum, requires = "play", conflicts_with = "simulate")]
    strength: Option<Strength>,
}

fn main() -> ExitCode {
    cli::output_errors_exit("zama");
    let args = Args::parse();
    let config = Config::default().with_no_removal_limit(args.limit).with_players(usize::from(args.players));
    if let Err(e) = config.validate() {
        let flag = match e {
            zama_rules::ConfigError::ZeroLimit => format!("'{}' for '--limit <LIMIT>'", args.limit),
            _ => format!("'{}' for '--players <PLAYERS>'", args.players),
        };
        cli::usage::<Args>(ErrorKind::ValueValidation, format!("invalid value {flag}: {e}"));
    }
    if let Some(n) = args.simulate {
        if args.versus {
            versus(config, args.seed, n);
        } else {
            simulate(config, args.seed, n);
        }
    } else if args.play {
        if let Err(e) = play(config, args.seed, args.color.unwrap_or_default(), args.strength.unwrap_or_default()) {
            return cli::runtime_error("zama", e);
        }
    } else {
        watch(config, args.seed, args.every.unwrap_or(10));
    }
    ExitCode::SUCCESS
}

fn start(config: Config, seed: u64) -> Zama {
    Zama::new(&config, seed).expect("the configuration was checked")
}

/// Reports an elimination: `mover`'s K♠ took `victim`'s K♥.
fn elimination_note(before: &Zama, after: &Zama) -> Option<String> {
    let out: Vec<&str> =
        after.eliminated().iter().filter(|c| !before.eliminated().contains(*c)).map(Player::name).collect();
    (!out.is_empty()).then(|| format!("{} is out: its K♥ was taken, all its cards leave the board", out.join(", ")))
}

/// Heuristic bots for every seat, each seeing only its own observation.
fn watch(config: Config, seed: u64, every: u32) {
    let mut game = start(config, seed);
    let mut rng = deal_rng(seed ^ 0x5EED);
    let mut turns = 0u32;
    let mut plies = 0u32;
    println!("Seed {seed}, {} players. The whole truth at the deal:\n{game}\n", config.players);
    while !game.is_over() {
        let mover = game.to_move();
        let mv = heuristic_move(&game, &mut rng).expect("the game is not over");
        let battle = game.battle_of(mv);
        let before = game.clone();
        game.apply(mv).expect("the bot plays legal moves");
        plies += 1;
        if let Some(b) = battle
            && (turns.is_multiple_of(every) || game.is_over() || b == Battle::GameWon)
        {
            println!("turn {turns}: {mover} plays {mv}{}: {b}", show_attack(&before, mv));
        }
        if let Some(note) = elimination_note(&before, &game) {
            println!("turn {turns}: {note}");
        }
        if game.phase() == Phase::Attack && game.to_move() != mover || game.is_over() {
            turns += 1;
            if turns.is_multiple_of(every) {
                println!(
                    "\nafter turn {turns} (ply {plies}), as Red sees it:\n{}\n",
                    game.diagram_for(Player::Red).expect("Red plays")
                );
            }
        }
    }
    println!("\nFinal position (the whole truth):\n{game}");
    println!("{} after {turns} turns, {plies} plies", ending_text(&game));
}

/// A person plays Red against ISMCTS bots, through the shell (`help` lists
/// its commands).
fn play(config: Config, seed: u64, color: ColorWhen, strength: Strength) -> std::io::Result<ShellEnd> {
    let game = start(config, seed);
    let me = Player::Red.seat();
    let mut shell = Shell::new(game.clone(), ZamaView::new(), me);
    // The strongest bot under a second a move: information-set MCTS on each
    // bot's own knowledge (see carte_play::bots::zama).
    for s in Seat::all(game.num_seats()).filter(|&s| s != me) {
        let bot: Box<dyn Bot<Zama>> = Box::new(bots::zama(seed ^ 0xB07 ^ ((s.index() as u64) << 32), strength));
        shell = shell.opponent(s, bot);
    }
    let mut out = color.stdout();
    shell.advisor(Box::new(bots::zama(seed ^ 0xAD1, strength))).run(stdin_lines(), &mut out)
}

/// `Blue wins`, or `draw (Green out): every seat passed in a row`.
fn ending_text(game: &Zama) -> String {
    let outcome = describe_outcome(&game.outcome().expect("the game is over"));
    match game.ending() {
        Some(Ending::Draw(reason)) => format!("{outcome}: {reason}"),
        _ => outcome,
    }
}

/// ` (rQ♠ on bJ♦)` for an attack: both cards are revealed to every seat.
fn show_attack(game: &Zama, mv: Move) -> String {
    match mv {
        Move::Attack { from, to } => match (game.card_at(from), game.card_at(to)) {
            (Some(a), Some(d)) => format!(" ({a} on {d})"),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// N uniformly random games: how they ended and how long they took.
fn simulate(config: Config, seed: u64, n: u64) {
    let start_time = Instant::now();
    let seats = Player::seats(config.players);
    let mut wins = [0u64; 4];
    let (mut passes, mut quiet) = (0u64, 0u64);
    let (mut plies, mut attacks, mut removed, mut eliminations) = (0u64, 0u64, 0u64, 0u64);
    let mut eliminated_by_count = [0u64; 4];
    let mut eliminated_seat = [0u64; 4];
    let mut rng = deal_rng(seed);
    for i in 0..n {
        let mut game = start(config, seed.wrapping_add(i));
        while let Some(mv) = game.play_random_move(&mut rng) {
            attacks += u64::from(matches!(mv, Move::Attack { .. }));
            plies += 1;
        }
        removed += game.removed().count() as u64;
        let out = game.eliminated();
        // The seat whose K♥ ends the game stays on the board: not counted.
        let out_count = match game.ending() {
            Some(Ending::Win(_)) => out.iter().filter(|c| game.cells_of(*c).is_empty()).count(),
            _ => out.len(),
        };
        for c in out.iter().filter(|c| game.cells_of(*c).is_empty()) {
            eliminated_seat[c.index()] += 1;
        }
        eliminations += out_count as u64;
        eliminated_by_count[out_count.min(3)] += 1;
        match game.ending().expect("played to the end") {
            Ending::Win(c) => wins[c.index()] += 1,
            Ending::Draw(DrawReason::TwoPasses | DrawReason::AllPassed) => passes += 1,
            Ending::Draw(DrawReason::NoRemoval) => quiet += 1,
        }
    }
    let secs = start_time.elapsed().as_secs_f64();
    let pct = |k: u64| 100.0 * k as f64 / n.max(1) as f64;
    let avg = |k: u64| k as f64 / n.max(1) as f64;
    println!(
        "{n} random games, {} players (seeds {seed}..), no-removal limit {}:",
        config.players, config.no_removal_limit
    );
    for &c in seats {
        println!("  {:<6} wins         {:>8} ({:.1}%)", c.name(), wins[c.index()], pct(wins[c.index()]));
    }
    let pass_name = if config.players == 4 { "draws, all passed " } else { "draws, two passes " };
    println!("  {pass_name}  {passes:>8} ({:.1}%)", pct(passes));
    println!("  draws, no removal   {quiet:>8} ({:.1}%)", pct(quiet));
    if config.players == 4 {
        println!("  eliminations        {:.3} a game (seats whose cards all left the board)", avg(eliminations));
        for (k, &count) in eliminated_by_count.iter().enumerate().take(3) {
            println!("    games with {k} out    {count:>8} ({:.1}%)", pct(count));
        }
        let by_seat: Vec<String> =
            seats.iter().map(|c| format!("{} {}", c.name(), eliminated_seat[c.index()])).collect();
        println!("    out, by seat      {}", by_seat.join(", "));
    }
    println!(
        "  average length      {:.1} plies, {:.1} attacks, {:.1} cards removed",
        avg(plies),
        avg(attacks),
        avg(removed)
    );
    println!("  {:.0} games/s, {:.2} M plies/s on one core", n as f64 / secs, plies as f64 / secs / 1e6);
}

/// N games of the heuristic bot against random players, the bot taking each
/// seat in turn.
fn versus(config: Config, seed: u64, n: u64) {
    let (mut bot, mut random, mut draws, mut plies) = (0u64, 0u64, 0u64, 0u64);
    let seats = Player::seats(config.players);
    let mut rng = deal_rng(seed);
    for i in 0..n {
        let mut game = start(config, seed.wrapping_add(i));
        let smart = seats[(i % seats.len() as u64) as usize];
        while !game.is_over() {
            let mv = if game.to_move() == smart {
                heuristic_move(&game, &mut rng).expect("the game runs")
            } else {
                game.random_move(&mut rng).expect("the game runs")
            };
            game.apply(mv).expect("every player plays legal moves");
            plies += 1;
        }
        match game.ending().expect("played to the end") {
            Ending::Win(c) if c == smart => bot += 1,
            Ending::Win(_) => random += 1,
            Ending::Draw(_) => draws += 1,
        }
    }
    let pct = |k: u64| 100.0 * k as f64 / n.max(1) as f64;
    println!("{n} games, {} players, heuristic bot against random play (seats in turn):", config.players);
    println!("  heuristic wins {bot:>6} ({:.1}%)", pct(bot));
    println!("  random wins    {random:>6} ({:.1}%)", pct(random));
    println!("  draws          {draws:>6} ({:.1}%)", pct(draws));
    println!("  average length {:.1} plies", plies as f64 / n.max(1) as f64);
}
