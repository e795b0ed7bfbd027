//! The arena: a round robin between bots at one game, on every core, with a
//! table of wins, draws and losses, win rates with 95% Wilson intervals and
//! average game lengths.
//!
//! ```text
//! cargo run --release --example arena -- --game gonzago --bots ismcts,heuristic,random --games 400
//! cargo run --release --example arena -- --game zama --bots ismcts,heuristic,random --games 40 --eval-plies 20
//! cargo run --release --example arena -- --game zucche --bots mcts,random --games 60 --iterations 300
//! cargo run --release --example arena -- --game kuhn --bots ismcts,heuristic,random --games 2000
//! ```
//!
//! `--eval-plies N` cuts the search bots' play-outs after `N` plies and
//! scores them with the game's evaluation (Zama: K♠ near the enemy K♥ and
//! cards left; Zucche: the checker lead and the captures the next rolls allow). At Zama, whose random
//! play-outs almost never reach a win, it is what makes `ismcts` stronger
//! than the heuristic bot.
//!
//! Every pair of bots plays `--games` games on the same deals, each deal
//! twice with the sides swapped; the seed fixes the deals, the dice and the
//! bots, so a run replays exactly (with `--threads` any number up to 1024).
//! The games are streamed to the threads and counted as they finish, so
//! even `--games 4294967295` starts at once in constant memory.
//!
//! Bots: `random`; `heuristic` (the game's own rule-of-thumb player from its
//! `strategy` module); `mcts` (UCT: it reads the whole state, so at a game
//! of hidden information it cheats, and is refused unless `--allow-cheats`);
//! `ismcts` (information-set MCTS, for games of hidden information).
//!
//! A flag that does not apply is refused as a usage error (exit status 2):
//! `--players` at any game but zucche, `--match-mode` at any but
//! gonzago-match, the search settings when no search bot plays,
//! `--allow-cheats` without mcts or at zucche, `--eval-plies` at a game
//! with no evaluation, `--exploration` that is not a finite number of at
//! least 0. A bot that fails while playing is a runtime error (exit status 1).

use std::process::ExitCode;

use carte::core::testing::Kuhn;
use carte::core::{Game, HiddenInfo, Seeded};
use carte::{camicia, gonzago, zama, zucche};
use carte_bots::{
    Bot, BotRng, Budget, Entrant, EvalFn, Ismcts, Mcts, PolicyBot, PolicyFn, Random, Rollout, RoundRobin, SearchConfig,
    thread_count,
};
use carte_play::cli::{self, EXIT_CODES, positive_u32, positive_u64, probability_scale, threads};
use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};

/// A round robin between bots at one game, with win rates and intervals.
///
/// Every pair of `--bots` plays `--games` games of `--game` on the same
/// deals, each deal twice with the sides swapped. The search settings
/// (`--iterations`, `--exploration`, `--rollout`, `--eval-plies`) apply to
/// the search bots (mcts, ismcts) and are refused when `--bots` names
/// none; `--players` is Zucche's and `--match-mode` the Gonzago match's.
#[derive(Parser, Debug)]
#[command(name = "arena", version, after_help = EXIT_CODES)]
struct Args {
    /// The game to play.
    #[arg(long, value_enum)]
    game: GameKind,
    /// The bots, comma-separated (each pair plays; at least two).
    #[arg(long, value_delimiter = ',', default_value = "ismcts,heuristic,random")]
    bots: Vec<BotKind>,
    /// Games per pair of bots (rounded up to even: each deal from both sides).
    #[arg(long, default_value_t = 100, value_parser = positive_u32)]
    games: u32,
    /// Search iterations per decision for mcts and ismcts (default 1000).
    #[arg(long, value_parser = positive_u32)]
    iterations: Option<u32>,
    /// The UCT exploration constant of mcts and ismcts, finite and at
    /// least 0 (default 1).
    #[arg(long, value_parser = probability_scale, allow_hyphen_values = true)]
    exploration: Option<f64>,
    /// The play-out policy of mcts and ismcts (default random).
    #[arg(long, value_enum)]
    rollout: Option<RolloutKind>,
    /// Worker threads (default: every core; 1 to 1024).
    #[arg(long, value_parser = threads)]
    threads: Option<usize>,
    /// Seed of the deals, the dice and the bots.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// A game still running after this many plies is cut and counted a
    /// draw (at least 1).
    #[arg(long, default_value_t = 100_000, value_parser = positive_u64)]
    max_plies: u64,
    /// Let mcts play games of hidden information, reading what it should
    /// not (only with mcts among the bots, at a game that hides something).
    #[arg(long)]
    allow_cheats: bool,
    /// Cut the search bots' play-outs after this many plies and score them
    /// with the game's evaluation (zama, zucche); 0 plays them out (the
    /// default).
    #[arg(long)]
    eval_plies: Option<u32>,
    /// Zucche only: the number of players, a positive multiple of 4
    /// (default 4).
    #[arg(long)]
    players: Option<usize>,
    /// Gonzago match only: how the match is won (default best-of-three).
    #[arg(long, value_enum)]
    match_mode: Option<MatchModeArg>,
}

impl Args {
    fn iterations(&self) -> u32 {
        self.iterations.unwrap_or(1000)
    }

    fn rollout(&self) -> RolloutKind {
        self.rollout.unwrap_or(RolloutKind::Random)
    }

    /// Refuses the flags that do not apply to the game or the bots chosen
    /// (as a usage error, exit code 2).
    fn check(&self) {
        let refuse = |flag: &str, why: String| -> ! {
            cli::usage::<Args>(ErrorKind::ArgumentConflict, format!("the argument '{flag}' {why}"))
        };
        let game = self.game.to_possible_value().map_or_else(String::new, |v| v.get_name().to_owned());
        if self.players.is_some() && self.game != GameKind::Zucche {
            let why = if self.game == GameKind::Zama {
                "is Zucche's; the arena plays two-player Zama (four players: the zama example's --players 4)".to_owned()
            } else {
                format!("is Zucche's; --game {game} has a fixed number of players")
            };
            refuse("--players", why);
        }
        if self.match_mode.is_some() && self.game != GameKind::GonzagoMatch {
            refuse("--match-mode", format!("applies to --game gonzago-match, not to --game {game}"));
        }
        if self.bots.len() < 2 {
            refuse("--bots", "must name at least two bots".to_owned());
        }
        let searching = self.bots.iter().any(|b| matches!(b, BotKind::Mcts | BotKind::Ismcts));
        for (flag, given) in [
            ("--iterations", self.iterations.is_some()),
            ("--exploration", self.exploration.is_some()),
            ("--rollout", self.rollout.is_some()),
            ("--eval-plies", self.eval_plies.is_some()),
        ] {
            if given && !searching {
                refuse(flag, "sets the search bots (mcts, ismcts), and --bots names none".to_owned());
            }
        }
        if self.allow_cheats {
            if !self.bots.contains(&BotKind::Mcts) {
                refuse("--allow-cheats", "lets mcts cheat, and --bots does not name mcts".to_owned());
            }
            if self.game == GameKind::Zucche {
                refuse("--allow-cheats", "has nothing to allow at zucche: it hides nothing".to_owned());
            }
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum GameKind {
    /// Zama (hidden cards, long games).
    Zama,
    /// Zucche e Fantasmi (teams, dice, perfect information).
    Zucche,
    /// One hand of Gonzago (hidden hands).
    Gonzago,
    /// A Gonzago match in the mode of `--match-mode`.
    GonzagoMatch,
    /// Camicia (no decisions at all: a control for the arena).
    Camicia,
    /// Kuhn poker, the core's test game (hidden cards, chance deal).
    Kuhn,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum MatchModeArg {
    Single,
    BestOfThree,
    Points,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum BotKind {
    Random,
    Heuristic,
    Mcts,
    Ismcts,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum RolloutKind {
    /// Uniformly random play-outs.
    Random,
    /// The game's heuristic policy for every seat.
    Heuristic,
}

/// What a game offers the arena.
struct GameSpec<G: Game> {
    name: &'static str,
    /// The game's heuristic policy, if it has decisions.
    heuristic: Option<PolicyFn<G>>,
    /// A static evaluation for cut play-outs, if the game has one.
    evaluation: Option<EvalFn<G>>,
    /// Seat `i` plays for side `sides[i]` (default: even against odd seats).
    sides: Option<Vec<u8>>,
}

type Made<G> = Result<Entrant<G>, String>;

/// The entrants every game has: random, heuristic and mcts.
fn common_entrant<G: Game + 'static>(kind: BotKind, spec: &GameSpec<G>, args: &Args, hidden: bool) -> Made<G> {
    let config = search_config(spec, args)?;
    Ok(match kind {
        BotKind::Random => Entrant::new("random", |seed| Box::new(Random::<G>::new(seed)) as Box<dyn Bot<G>>),
        BotKind::Heuristic => {
            let policy = spec.heuristic.ok_or_else(|| format!("{} has no heuristic bot", spec.name))?;
            Entrant::new("heuristic", move |seed| Box::new(PolicyBot::new("heuristic", policy, seed)))
        }
        BotKind::Mcts => {
            if hidden && !args.allow_cheats {
                return Err(format!(
                    "{} hides information and mcts reads it: use ismcts, or --allow-cheats to measure the cheat",
                    spec.name
                ));
            }
            Entrant::new("mcts", move |seed| Box::new(Mcts::with_config(config.clone(), seed)))
        }
        BotKind::Ismcts => return Err(format!("{} has no hidden information: use mcts", spec.name)),
    })
}

/// The entrants of a game of hidden information: the common ones and ismcts.
fn hidden_entrant<G: HiddenInfo + 'static>(kind: BotKind, spec: &GameSpec<G>, args: &Args) -> Made<G> {
    if kind != BotKind::Ismcts {
        return common_entrant(kind, spec, args, true);
    }
    let config = search_config(spec, args)?;
    Ok(Entrant::new("ismcts", move |seed| Box::new(Ismcts::with_config(config.clone(), seed)) as Box<dyn Bot<G>>))
}

/// The search settings of the command line.
fn search_config<G: Game>(spec: &GameSpec<G>, args: &Args) -> Result<SearchConfig<G>, String> {
    let mut config = SearchConfig {
        budget: Budget::Iterations(args.iterations()),
        exploration: args.exploration.unwrap_or(1.0),
        ..SearchConfig::default()
    };
    if let Some(policy) = rollout_policy(spec, args)? {
        config.rollout = Rollout::Policy(policy);
    }
    if let Some(plies) = args.eval_plies.filter(|&p| p > 0) {
        config.evaluation = Some(
            spec.evaluation
                .ok_or_else(|| format!("--eval-plies: {} has no evaluation to score play-outs", spec.name))?,
        );
        config.max_rollout_plies = plies;
    }
    Ok(config)
}

fn rollout_policy<G: Game>(spec: &GameSpec<G>, args: &Args) -> Result<Option<PolicyFn<G>>, String> {
    match args.rollout() {
        RolloutKind::Random => Ok(None),
        RolloutKind::Heuristic => {
            spec.heuristic.map(Some).ok_or_else(|| format!("{} has no heuristic policy to play out with", spec.name))
        }
    }
}

/// Plays the round robin on `threads` threads with a progress bar and
/// prints the table.
fn tournament<G, F>(spec: GameSpec<G>, start: F, entrants: Vec<Entrant<G>>, args: &Args) -> Result<(), String>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    let mut rr = RoundRobin::new(start, entrants).games(args.games).seed(args.seed).max_plies(args.max_plies);
    if let Some(sides) = spec.sides.clone() {
        rr = rr.sides(sides);
    }
    // Jobs are streamed to the threads and results counted as they come:
    // nothing grows with the number of games.
    let threads = thread_count(args.threads).map_err(|e| format!("--threads: {e}"))?;
    let (standings, took) = cli::play_round_robin(&rr, threads, false)?;
    let search = if args.bots.iter().any(|b| matches!(b, BotKind::Mcts | BotKind::Ismcts)) {
        format!(" {} iterations per search, {:?} play-outs,", args.iterations(), args.rollout())
    } else {
        String::new()
    };
    println!(
        "{}: {} games ({} per pair), seed {},{search} {} threads, {:.1} s",
        spec.name,
        rr.job_count(),
        args.games.div_ceil(2).min(u32::MAX / 2) * 2,
        args.seed,
        threads,
        took.as_secs_f64()
    );
    print!("{standings}");
    Ok(())
}

/// Builds the entrants with `make` and runs the round robin.
fn run<G, F>(
    spec: GameSpec<G>,
    start: F,
    args: &Args,
    make: fn(BotKind, &GameSpec<G>, &Args) -> Made<G>,
) -> Result<(), String>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    // A bot the game cannot have (mcts at a game of hidden information
    // without --allow-cheats, ismcts where nothing is hidden) is a usage
    // error, as is a setting the game cannot honour.
    let entrants = args
        .bots
        .iter()
        .map(|&kind| make(kind, &spec, args))
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| cli::usage::<Args>(ErrorKind::ArgumentConflict, e));
    tournament(spec, start, entrants, args)
}

/// The starting state of a seeded game with its default configuration.
fn seeded<G: Seeded>(seed: u64) -> G {
    seeded_with(&G::Config::default(), seed)
}

/// The starting state of a seeded game with a configuration checked before.
fn seeded_with<G: Seeded>(config: &G::Config, seed: u64) -> G {
    match G::from_seed(config, seed) {
        Ok(game) => game,
        Err(e) => panic!("the configuration was checked, yet refused: {e}"),
    }
}

/// The entrants of a game of perfect information.
fn common_entrant_visible<G: Game + 'static>(kind: BotKind, spec: &GameSpec<G>, args: &Args) -> Made<G> {
    common_entrant(kind, spec, args, false)
}

/// A Gonzago match by the hand heuristic, applied to the hand in play.
fn gonzago_match_heuristic(game: &gonzago::Match, rng: &mut BotRng) -> Option<gonzago::Move> {
    gonzago::heuristic_move(game.hand(), rng)
}

/// The first legal move: at Camicia, the only one.
fn only_move<G: Game>(game: &G, _: &mut BotRng) -> Option<G::Move> {
    game.legal_move_vec().first().copied()
}

fn main() -> ExitCode {
    cli::output_errors_exit("arena");
    let args = Args::parse();
    args.check();
    let result = match args.game {
        GameKind::Zama => {
            let spec = GameSpec {
                name: "zama",
                heuristic: Some(zama::heuristic_move),
                evaluation: Some(zama::evaluate),
                sides: None,
            };
            run(spec, seeded::<zama::Zama>, &args, hidden_entrant)
        }
        GameKind::Zucche => {
            let players = args.players.unwrap_or(4);
            let config = zucche::Config::players(players);
            match config.validate() {
                Err(e) => cli::usage::<Args>(
                    ErrorKind::ValueValidation,
                    format!("invalid value '{players}' for '--players <PLAYERS>': {e}"),
                ),
                Ok(()) => {
                    // Each bot plays a whole team: side 0 team A (the
                    // even seats: A1, B1, A2, B2, ...), side 1 team B.
                    let sides = carte::core::Seat::all(players)
                        .map(|s| u8::from(zucche::Player::from_seat(s).team == zucche::Team::B))
                        .collect();
                    let spec = GameSpec {
                        name: "zucche",
                        heuristic: Some(zucche::heuristic_move),
                        evaluation: Some(zucche::evaluate),
                        sides: Some(sides),
                    };
                    let start = move |seed| seeded_with::<zucche::Zucche>(&config, seed);
                    run(spec, start, &args, common_entrant_visible)
                }
            }
        }
        GameKind::Gonzago => {
            let spec =
                GameSpec { name: "gonzago", heuristic: Some(gonzago::heuristic_move), evaluation: None, sides: None };
            run(spec, seeded::<gonzago::Hand>, &args, hidden_entrant)
        }
        GameKind::GonzagoMatch => {
            let mode = match args.match_mode.unwrap_or(MatchModeArg::BestOfThree) {
                MatchModeArg::Single => gonzago::MatchMode::Single,
                MatchModeArg::BestOfThree => gonzago::MatchMode::BestOfThree,
                MatchModeArg::Points => gonzago::MatchMode::Points,
            };
            let config = gonzago::Config { mode, ..gonzago::Config::default() };
            let spec = GameSpec {
                name: "gonzago match",
                heuristic: Some(gonzago_match_heuristic),
                evaluation: None,
                sides: None,
            };
            run(spec, move |seed| seeded_with::<gonzago::Match>(&config, seed), &args, hidden_entrant)
        }
        GameKind::Camicia => {
            let spec = GameSpec { name: "camicia", heuristic: Some(only_move), evaluation: None, sides: None };
            run(spec, seeded::<camicia::Camicia>, &args, hidden_entrant)
        }
        GameKind::Kuhn => {
            let spec = GameSpec { name: "kuhn", heuristic: Some(kuhn_heuristic), evaluation: None, sides: None };
            run(spec, seeded::<Kuhn>, &args, hidden_entrant)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cli::runtime_error("arena", e),
    }
}

/// Kuhn poker by a rule of thumb: bet or call with the king, fold the jack
/// to a bet, check otherwise.
fn kuhn_heuristic(game: &Kuhn, _: &mut BotRng) -> Option<<Kuhn as Game>::Move> {
    use carte::core::testing::KuhnMove;
    let me = game.actor().seat()?;
    Some(if game.observation(me).ok()?.own == Some(2) { KuhnMove::Bet } else { KuhnMove::Pass })
}
