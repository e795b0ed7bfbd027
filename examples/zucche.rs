//! Zucche e Fantasmi in the terminal.
//!
//! ```text
//! cargo run --release --example zucche                     # a seeded 4-player game, bot against bot
//! cargo run --release --example zucche -- --players 8      # the same with 8 players
//! cargo run --release --example zucche -- --play --seat B2 # you play B2 against the search bot
//! cargo run --release --example zucche -- --simulate 10000 # win rates and frozen boards
//! ```
//!
//! The bots play `zucche_rules::heuristic_move` (or uniformly random moves
//! with `--bot random`, or the search bot with `--bot search`, the default
//! of `--play`); the dice come from `carte_core::deal_rng(seed)`. `--play`
//! runs the shared play shell: `help`, `moves`, `rules`, `legend`, `hint`,
//! `undo`, `show`, `quit`, moves such as `1:a1-a4`; `--strength quick`
//! makes the search bots answer faster and weaker.
//!
//! A flag that does not apply to the mode is refused (`--seat` without
//! `--play`, say). Exit status: 0 on success, 1 on a runtime error, 2 on a
//! usage error.

use std::process::ExitCode;

use carte_bots::Bot as _;
use carte_bots::Mcts;
use carte_core::{Actor, DealRng, Game, RandomPlayer, Seat, deal_rng};
use carte_play::bots::{self, Strength};
use carte_play::cli::{self, ColorWhen, EXIT_CODES, positive_u32, positive_u64};
use carte_play::input::stdin_lines;
use carte_play::zucche::ZuccheView;
use carte_play::{Shell, ShellEnd};
use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};
use rayon::prelude::*;
use zucche_rules::{BoardId, Config, End, GameResult, Move, Player, Team, Zucche, heuristic_move};

/// Zucche e Fantasmi in the terminal: watch, play or simulate games.
///
/// Modes: watch a seeded game bot against bot (the default); take one seat
/// yourself against bots (`--play`); simulate many games (`--simulate N`).
/// A flag that does not apply to the mode is refused.
#[derive(Parser, Debug)]
#[command(name = "zucche", version, after_help = EXIT_CODES)]
struct Args {
    /// Number of players: a positive multiple of 4.
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Round limit (the game's time).
    #[arg(long, default_value_t = Config::DEFAULT_ROUNDS, value_parser = positive_u32)]
    rounds: u32,
    /// Seed of the dice and of the bots' tie-breaks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How the bots play (default: the heuristic; with --play the strongest
    /// bot, `search`).
    #[arg(long, value_enum)]
    bot: Option<Bot>,
    /// Take one seat yourself (see --seat) against the bots.
    #[arg(long, conflicts_with = "simulate")]
    play: bool,
    /// The seat you take with --play, like A1 or B3 (default A1).
    #[arg(long, requires = "play", conflicts_with = "simulate")]
    seat: Option<Player>,
    /// Play N games bot against bot and print win rates by team and how
    /// often boards freeze.
    #[arg(long, value_name = "N", value_parser = positive_u64)]
    simulate: Option<u64>,
    /// With --play: colour the boards (auto: on a terminal without NO_COLOR).
    #[arg(long, value_enum, requires = "play", conflicts_with = "simulate")]
    color: Option<ColorWhen>,
    /// With --play: how hard the search bots (and `hint`) think: `full`,
    /// the strongest play under a second a move, or `quick`, a twentieth of
    /// it.
    #[arg(long, value_enum, requires = "play", conflicts_with = "simulate")]
    strength: Option<Strength>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Bot {
    /// `zucche_rules::heuristic_move`: capture, keep safe, threaten.
    Heuristic,
    /// Uniformly random legal moves.
    Random,
    /// The search bot (UCT with heuristic play-outs), the strongest.
    Search,
}

/// A bot with its buffers; the dice are rolled by the same generator.
struct Driver {
    bot: Bot,
    random: RandomPlayer<Zucche>,
    search: Option<Mcts<Zucche>>,
    rng: DealRng,
}

impl Driver {
    fn new(bot: Bot, seed: u64) -> Driver {
        let search = (bot == Bot::Search).then(|| bots::zucche(seed, Strength::Full));
        Driver { bot, random: RandomPlayer::new(), search, rng: deal_rng(seed) }
    }

    /// The next move of whoever acts: chance rolls a fair die, a seat plays
    /// the bot.
    fn choose(&mut self, game: &Zucche) -> Move {
        match (game.actor(), self.bot, self.search.as_mut()) {
            (Actor::Nobody, _, _) => unreachable!("the driver stops at the end"),
            (Actor::Seat(_), Bot::Heuristic, _) => heuristic_move(game, &mut self.rng).unwrap_or(Move::Pass),
            (Actor::Seat(_), Bot::Search, Some(search)) => search.choose(game).unwrap_or(Move::Pass),
            _ => self.random.choose(game, &mut self.rng).unwrap_or(Move::Pass),
        }
    }
}

fn main() -> ExitCode {
    cli::output_errors_exit("zucche");
    let args = Args::parse();
    let config = Config::players(args.players).with_rounds(args.rounds);
    if let Err(e) = config.validate() {
        let flag = match e {
            zucche_rules::ConfigError::NoRounds => format!("'{}' for '--rounds <ROUNDS>'", args.rounds),
            _ => format!("'{}' for '--players <PLAYERS>'", args.players),
        };
        cli::usage::<Args>(ErrorKind::ValueValidation, format!("invalid value {flag}: {e}"));
    }
    if let Some(n) = args.simulate {
        simulate(config, n, args.seed, args.bot.unwrap_or(Bot::Heuristic));
    } else if args.play {
        let seat = args.seat.unwrap_or_else(|| "A1".parse().expect("A1 is a seat"));
        if seat.board.index() >= config.boards() {
            cli::usage::<Args>(
                ErrorKind::ValueValidation,
                format!(
                    "invalid value '{seat}' for '--seat <SEAT>': there is no seat {seat} with {} players",
                    config.players
                ),
            );
        }
        let how = Opponents { bot: args.bot.unwrap_or(Bot::Search), strength: args.strength.unwrap_or_default() };
        if let Err(e) = play(config, args.seed, how, seat, args.color.unwrap_or_default()) {
            return cli::runtime_error("zucche", e);
        }
    } else {
        watch(config, args.seed, args.bot.unwrap_or(Bot::Heuristic));
    }
    ExitCode::SUCCESS
}

/// The move of one turn in brief, appended to `line`: `[1] A1 +h1 5 a1-a6x`
/// is a placement, a roll of 5 and a step that captures. `in_turn` tracks
/// whether the turn's header is already written.
fn brief(game: &Zucche, mv: Move, line: &mut String, in_turn: &mut bool) {
    if !*in_turn {
        if let (Some(board), Some(player)) = (game.current_board(), game.to_move()) {
            line.push_str(&format!("  [{board}] {player}"));
        }
        *in_turn = true;
    }
    match mv {
        Move::Roll { pips } => line.push_str(&format!(" {pips}")),
        Move::Place { to, .. } => line.push_str(&format!(" +{to}")),
        Move::Step { board, from, to } => {
            let capture = game.piece_at(board, to).is_some();
            line.push_str(&format!(" {from}-{to}{}", if capture { "x" } else { "" }));
            *in_turn = false;
        }
        Move::Pass => {
            line.push_str(" pass");
            *in_turn = false;
        }
    }
}

/// A seeded game, bot against bot, one line per round.
fn watch(config: Config, seed: u64, bot: Bot) {
    let mut game = Zucche::new(&config).unwrap_or_else(|e| panic!("{e}"));
    let mut driver = Driver::new(bot, seed);
    println!("Zucche e Fantasmi: {} players, {} rounds, seed {seed}, {bot:?} bots\n", config.players, config.rounds);
    let mut line = String::new();
    let mut in_turn = false;
    let mut round = game.round();
    while !game.is_over() {
        let mv = driver.choose(&game);
        brief(&game, mv, &mut line, &mut in_turn);
        game.apply(mv).unwrap_or_else(|e| panic!("the bot played an illegal move: {e}"));
        if game.round() != round || game.is_over() {
            let c = game.counts();
            let frozen: Vec<String> = BoardId::all(game.num_boards())
                .filter(|&b| game.is_frozen(b) == Some(true))
                .map(|b| b.to_string())
                .collect();
            let frozen = if frozen.is_empty() { String::new() } else { format!("  frozen: {}", frozen.join(",")) };
            println!("round {:>3}:{line}  | A {} B {}{frozen}", round + 1, c.a, c.b);
            line.clear();
            round = game.round();
        }
    }
    println!("\n{game}");
}

/// A person plays `seat` against bots in the terminal, through the shell
/// (`help` lists its commands); the dice are chance's, from the seed.
/// Who the bots of `--play` are.
#[derive(Copy, Clone, Debug)]
struct Opponents {
    bot: Bot,
    strength: Strength,
}

fn play(config: Config, seed: u64, how: Opponents, seat: Player, color: ColorWhen) -> std::io::Result<ShellEnd> {
    let game = Zucche::new(&config).map_err(std::io::Error::other)?;
    let me = Seat::from(seat);
    let mut shell = Shell::new(game.clone(), ZuccheView::new(), me).chance_seed(seed ^ 0xD1CE);
    for s in Seat::all(game.num_seats()).filter(|&s| s != me) {
        let bot_seed = seed.wrapping_mul(31).wrapping_add(s.index() as u64);
        let bot: Box<dyn carte_bots::Bot<Zucche>> = match how.bot {
            Bot::Search => Box::new(bots::zucche(bot_seed, how.strength)),
            Bot::Heuristic => {
                Box::new(carte_bots::PolicyBot::new("heuristic", heuristic_move::<carte_bots::BotRng>, bot_seed))
            }
            Bot::Random => Box::new(carte_bots::Random::new(bot_seed)),
        };
        shell = shell.opponent(s, bot);
    }
    let mut out = color.stdout();
    shell.advisor(Box::new(bots::zucche(seed ^ 0xAD1, how.strength))).run(stdin_lines(), &mut out)
}

/// What one game tells the simulation.
#[derive(Copy, Clone, Default)]
struct Tally {
    games: u64,
    wins_a: u64,
    wins_b: u64,
    checkers_a: u64,
    checkers_b: u64,
    plies: u64,
    /// Games in which some board froze at least once.
    froze: u64,
    /// Boards going from playing to frozen, over all games.
    freezes: u64,
    /// Games that ended because every board was frozen.
    all_frozen: u64,
}

impl Tally {
    fn add(self, o: Tally) -> Tally {
        Tally {
            games: self.games + o.games,
            wins_a: self.wins_a + o.wins_a,
            wins_b: self.wins_b + o.wins_b,
            checkers_a: self.checkers_a + o.checkers_a,
            checkers_b: self.checkers_b + o.checkers_b,
            plies: self.plies + o.plies,
            froze: self.froze + o.froze,
            freezes: self.freezes + o.freezes,
            all_frozen: self.all_frozen + o.all_frozen,
        }
    }
}

fn one_game(config: Config, seed: u64, bot: Bot) -> Tally {
    let mut game = Zucche::new(&config).unwrap_or_else(|e| panic!("{e}"));
    let mut driver = Driver::new(bot, seed);
    let boards = game.num_boards();
    let mut frozen = vec![false; boards];
    let mut t = Tally { games: 1, ..Tally::default() };
    while !game.is_over() {
        let mv = driver.choose(&game);
        game.apply(mv).unwrap_or_else(|e| panic!("the bot played an illegal move: {e}"));
        t.plies += 1;
        if matches!(mv, Move::Step { .. }) {
            for (b, was) in BoardId::all(boards).zip(frozen.iter_mut()) {
                let now = game.is_frozen(b) == Some(true);
                t.freezes += u64::from(now && !*was);
                *was = now;
            }
        }
    }
    let c = game.counts();
    t.checkers_a = c.a.into();
    t.checkers_b = c.b.into();
    match game.result() {
        Some(GameResult::Winner(Team::A)) => t.wins_a = 1,
        Some(GameResult::Winner(Team::B)) => t.wins_b = 1,
        _ => {}
    }
    t.froze = u64::from(t.freezes > 0);
    t.all_frozen = u64::from(game.end() == Some(End::AllFrozen));
    t
}

/// `n` games bot against bot (seeds `seed`, `seed + 1`, ...), in parallel.
fn simulate(config: Config, n: u64, seed: u64, bot: Bot) {
    let start = std::time::Instant::now();
    let t =
        (0..n).into_par_iter().map(|i| one_game(config, seed.wrapping_add(i), bot)).reduce(Tally::default, Tally::add);
    let secs = start.elapsed().as_secs_f64();
    let pct = |x: u64| 100.0 * x as f64 / t.games.max(1) as f64;
    let avg = |x: u64| x as f64 / t.games.max(1) as f64;
    println!(
        "{} games, {} players, {} rounds, {bot:?} bots, seeds {seed}..{}",
        t.games,
        config.players,
        config.rounds,
        seed.wrapping_add(n)
    );
    println!(
        "team A wins {:5.1}%   team B wins {:5.1}%   draws {:5.1}%",
        pct(t.wins_a),
        pct(t.wins_b),
        pct(t.games - t.wins_a - t.wins_b)
    );
    println!("average final count: A {:.2}, B {:.2}", avg(t.checkers_a), avg(t.checkers_b));
    println!(
        "boards froze in {:.1}% of games ({:.2} freezes per game); every board frozen at the end in {:.1}%",
        pct(t.froze),
        avg(t.freezes),
        pct(t.all_frozen)
    );
    println!("{:.0} plies per game; {:.0} games/s", avg(t.plies), t.games as f64 / secs.max(1e-9));
}
