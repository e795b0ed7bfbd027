//! Zama in the terminal.
//!
//! * no arguments: a seeded game between two heuristic bots, printed as
//!   board diagrams every few turns;
//! * `--play`: you play Red against the ISMCTS bot (you see the board as
//!   Red sees it; type moves such as `c4xd4`, `d4-e4`, `peek f6`, `end`,
//!   `pass`, or `help`);
//! * `--simulate N`: N uniformly random games, and how they ended
//!   (`--simulate N --versus`: the heuristic bot against random play).
//!
//! `cargo run --release --example zama -- --simulate 10000`

use std::io::{BufRead, Write};
use std::time::Instant;

use carte_bots::{Bot, Ismcts};
use carte_core::{Game, HiddenInfo, deal_rng};
use clap::Parser;
use zama_rules::{Color, Config, DrawReason, Ending, Move, Phase, Zama, heuristic_move};

#[derive(Parser, Debug)]
#[command(about = "Zama: watch bots play, play Red against a bot, or simulate random games")]
struct Args {
    /// Play Red against the ISMCTS bot.
    #[arg(long, conflicts_with = "simulate")]
    play: bool,
    /// Play N uniformly random games and summarize how they ended.
    #[arg(long, value_name = "N")]
    simulate: Option<u64>,
    /// With --simulate: the heuristic bot (alternating colours) against a
    /// random player, instead of random against random.
    #[arg(long, requires = "simulate")]
    versus: bool,
    /// Seed of the (first) deal.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Draw after this many consecutive plies without a removal.
    #[arg(long, default_value_t = Config::DEFAULT_NO_REMOVAL_LIMIT)]
    limit: u16,
    /// In the bot game, print the board every this many turns.
    #[arg(long, default_value_t = 10)]
    every: u32,
}

fn main() {
    let args = Args::parse();
    let config = Config { no_removal_limit: args.limit };
    if let Err(e) = config.validate() {
        eprintln!("{e}");
        std::process::exit(2);
    }
    if let Some(n) = args.simulate {
        if args.versus {
            versus(config, args.seed, n);
        } else {
            simulate(config, args.seed, n);
        }
    } else if args.play {
        play(config, args.seed);
    } else {
        watch(config, args.seed, args.every.max(1));
    }
}

/// Two heuristic bots, each seeing only its own observation.
fn watch(config: Config, seed: u64, every: u32) {
    let mut game = Zama::new(config, seed);
    let mut rng = deal_rng(seed ^ 0x5EED);
    let mut turns = 0u32;
    let mut plies = 0u32;
    println!("Seed {seed}. The whole truth at the deal:\n{game}\n");
    while !game.is_over() {
        let mover = game.to_move();
        let mv = heuristic_move(&game, &mut rng);
        let battle = game.battle_of(mv);
        game.apply(mv).expect("the bot plays legal moves");
        plies += 1;
        if let Some(b) = battle
            && (turns.is_multiple_of(every) || game.is_over())
        {
            println!("turn {turns}: {mover} plays {mv}: {b}");
        }
        if game.phase() == Phase::Attack && game.to_move() != mover || game.is_over() {
            turns += 1;
            if turns.is_multiple_of(every) {
                println!("\nafter turn {turns} (ply {plies}), as Red sees it:\n{}\n", game.diagram_for(Color::Red));
            }
        }
    }
    println!("\nFinal position (the whole truth):\n{game}");
    println!("{} after {turns} turns, {plies} plies", game.ending().expect("over"));
}

/// A person plays Red against the ISMCTS bot.
fn play(config: Config, seed: u64) {
    let mut game = Zama::new(config, seed);
    // The strongest bot: information-set MCTS on Blue's own knowledge, 1000
    // iterations with play-outs cut after 20 plies and scored by
    // `zama_rules::evaluate`; well under a second a move.
    let mut bot = Ismcts::<Zama>::new(seed ^ 0xB07).iterations(1_000).evaluation(zama_rules::evaluate, 20);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("You are Red; your K♠ must attack Blue's K♥. Moves: c4xd4 (attack), d4-e4 (shift),");
    println!("peek f6, end (stop shifting/peeking), pass (only with no attack). `help`, `quit`.");
    let mut last_shown: Option<Zama> = None;
    while !game.is_over() {
        if game.to_move() == Color::Blue {
            let mv = bot.choose(&game).expect("the game is running");
            let battle = game.battle_of(mv);
            let shown = show_attack(&game, mv);
            game.apply(mv).expect("the bot plays legal moves");
            match (mv, battle) {
                (Move::Peek { .. }, _) => println!("Blue peeks at a card: {mv}"),
                (_, Some(b)) => println!("Blue plays {mv}{shown}: {b}"),
                _ => println!("Blue plays {mv}"),
            }
            continue;
        }
        if last_shown.as_ref() != Some(&game) {
            println!("\n{}", game.observation(Color::Red.seat()).unwrap());
            last_shown = Some(game.clone());
        }
        print!("Red ({})> ", game.phase());
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { return };
        let line = line.trim();
        match line {
            "quit" | "q" => return,
            "help" | "?" => {
                let moves: Vec<String> = game.legal_move_vec().iter().map(Move::to_string).collect();
                println!("legal now: {}", moves.join(" "));
                continue;
            }
            _ => {}
        }
        let before = game.clone();
        match line.parse::<Move>() {
            Err(e) => println!("{e}"),
            Ok(mv) => match game.apply(mv) {
                Err(e) => println!("{e}"),
                Ok(()) => {
                    if let Some(b) = before.battle_of(mv) {
                        println!("you play {mv}{}: {b}", show_attack(&before, mv));
                    }
                    if let Move::Peek { at } = mv {
                        let card = game.card_at(at).map(|c| c.to_string()).unwrap_or_default();
                        println!("you peek at {at}: {card}");
                    }
                }
            },
        }
    }
    println!("\n{game}\n{}", game.ending().expect("over"));
}

/// ` (rQ♠ on bJ♦)` for an attack: both cards are revealed to both players.
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
    let start = Instant::now();
    let (mut red, mut blue, mut passes, mut quiet) = (0u64, 0u64, 0u64, 0u64);
    let (mut plies, mut attacks, mut removed) = (0u64, 0u64, 0u64);
    let mut rng = deal_rng(seed);
    for i in 0..n {
        let mut game = Zama::new(config, seed.wrapping_add(i));
        while let Some(mv) = game.play_random_move(&mut rng) {
            attacks += u64::from(matches!(mv, Move::Attack { .. }));
            plies += 1;
        }
        removed += game.removed().count() as u64;
        match game.ending().expect("played to the end") {
            Ending::Win(Color::Red) => red += 1,
            Ending::Win(Color::Blue) => blue += 1,
            Ending::Draw(DrawReason::TwoPasses) => passes += 1,
            Ending::Draw(DrawReason::NoRemoval) => quiet += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let pct = |k: u64| 100.0 * k as f64 / n.max(1) as f64;
    let avg = |k: u64| k as f64 / n.max(1) as f64;
    println!("{n} random games (seeds {seed}..), no-removal limit {}:", config.no_removal_limit);
    println!("  Red wins            {red:>8} ({:.1}%)", pct(red));
    println!("  Blue wins           {blue:>8} ({:.1}%)", pct(blue));
    println!("  draws, two passes   {passes:>8} ({:.1}%)", pct(passes));
    println!("  draws, no removal   {quiet:>8} ({:.1}%)", pct(quiet));
    println!(
        "  average length      {:.1} plies, {:.1} attacks, {:.1} cards removed",
        avg(plies),
        avg(attacks),
        avg(removed)
    );
    println!("  {:.0} games/s on one core", n as f64 / secs);
}

/// N games of the heuristic bot against a random player, colours alternating.
fn versus(config: Config, seed: u64, n: u64) {
    let (mut bot, mut random, mut draws, mut plies) = (0u64, 0u64, 0u64, 0u64);
    let mut rng = deal_rng(seed);
    for i in 0..n {
        let mut game = Zama::new(config, seed.wrapping_add(i));
        let smart = if i % 2 == 0 { Color::Red } else { Color::Blue };
        while !game.is_over() {
            let mv = if game.to_move() == smart {
                heuristic_move(&game, &mut rng)
            } else {
                game.random_move(&mut rng).expect("the game runs")
            };
            game.apply(mv).expect("both players play legal moves");
            plies += 1;
        }
        match game.ending().expect("played to the end") {
            Ending::Win(c) if c == smart => bot += 1,
            Ending::Win(_) => random += 1,
            Ending::Draw(_) => draws += 1,
        }
    }
    let pct = |k: u64| 100.0 * k as f64 / n.max(1) as f64;
    println!("{n} games, heuristic bot against random play (colours alternating):");
    println!("  heuristic wins {bot:>6} ({:.1}%)", pct(bot));
    println!("  random wins    {random:>6} ({:.1}%)", pct(random));
    println!("  draws          {draws:>6} ({:.1}%)", pct(draws));
    println!("  average length {:.1} plies", plies as f64 / n.max(1) as f64);
}
