//! Camicia and Beggar-my-neighbour from the command line.
//!
//! * `--deal HAND/HAND`: plays one deal and prints the play-by-play (or,
//!   with `--json`, one JSON object); `--deal -` reads one deal per line
//!   from standard input;
//! * `--seed N`: the seeded deal of N (the default is seed 2026);
//! * `--search N`: plays N random deals on all cores (`--threads T`) and
//!   reports the longest games, every loop, the length distribution and the
//!   speed.
//!
//! `--preset camicia|bmn` chooses the game (default camicia); `--literal`
//! selects the literal end rule (a player loses as soon as their hand is
//! empty).
//!
//! ```text
//! cargo run --release --example camicia -- --preset bmn --deal ---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA --json
//! cargo run --release --example camicia -- --preset bmn --search 10000000
//! ```

use std::io::BufRead;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use camicia_rules::{Camicia, Deal, EndRule, FastRng, PlayResult, Player, Preset, Simulator};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

#[derive(Parser, Debug)]
#[command(about = "Camicia / Beggar-my-neighbour: play a deal, or search random deals for long games and loops")]
struct Args {
    /// The game: `camicia` (40 cards, 1 2 3) or `bmn` (52 cards, J Q K A).
    #[arg(long, default_value = "camicia")]
    preset: Preset,
    /// A deal `HAND/HAND` (A first, top card leftmost), or `-` to read one
    /// deal per line from standard input.
    #[arg(long, conflicts_with_all = ["search"], allow_hyphen_values = true)]
    deal: Option<String>,
    /// The seeded deal of this seed; with `--search`, the seed of the search.
    #[arg(long)]
    seed: Option<u64>,
    /// Print one JSON object per deal instead of the play-by-play.
    #[arg(long)]
    json: bool,
    /// Require full deals (the preset's whole deck).
    #[arg(long)]
    full: bool,
    /// The literal end rule: a player loses as soon as their hand is empty.
    #[arg(long)]
    literal: bool,
    /// Play this many random deals and report on them.
    #[arg(long, value_name = "N")]
    search: Option<u64>,
    /// Threads for `--search` (default: all cores).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// How many of the longest games `--search` lists.
    #[arg(long, default_value_t = 10)]
    top: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let end_rule = if args.literal { EndRule::EmptyHandLoses } else { EndRule::Standard };
    if let Some(n) = args.search {
        return search(&args, n, end_rule);
    }
    match args.deal.as_deref() {
        Some("-") => from_stdin(&args, end_rule),
        Some(text) => match read_deal(&args, text) {
            Ok(deal) => {
                show(&args, &deal, end_rule);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            let seed = args.seed.unwrap_or(2026);
            let deal = Deal::seeded(args.preset, seed);
            if !args.json {
                println!("seed {seed}");
            }
            show(&args, &deal, end_rule);
            ExitCode::SUCCESS
        }
    }
}

fn read_deal(args: &Args, text: &str) -> Result<Deal, camicia_rules::DealError> {
    if args.full { Deal::parse_full(args.preset, text) } else { Deal::parse(args.preset, text) }
}

/// One deal per line; blank lines are skipped. A bad line is reported with
/// its number and the others are still played; the exit code is then 1.
fn from_stdin(args: &Args, end_rule: EndRule) -> ExitCode {
    let mut failed = false;
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                eprintln!("error: reading standard input: {e}");
                return ExitCode::FAILURE;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match read_deal(args, &line) {
            Ok(deal) => show(args, &deal, end_rule),
            Err(e) => {
                eprintln!("error: line {}: {e}", i + 1);
                failed = true;
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn show(args: &Args, deal: &Deal, end_rule: EndRule) {
    // The deal was checked when it was read.
    let result = deal.play_out(end_rule).expect("a checked deal plays");
    if args.json {
        println!("{}", json(&result));
    } else {
        play_by_play(deal, end_rule, &result);
    }
}

/// One line of `--json` output, fields in this order.
#[derive(serde::Serialize)]
struct JsonResult {
    status: &'static str,
    winner: Option<String>,
    cards: u64,
    tricks: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycle_cards: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycle_tricks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lead_in_cards: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lead_in_tricks: Option<u64>,
}

/// The JSON object of a result: `status`, `winner`, `cards`, `tricks`, and
/// for a loop the cycle and the lead-in.
fn json(result: &PlayResult) -> String {
    let line = match *result {
        PlayResult::Finished { winner, cards, tricks } => JsonResult {
            status: "finished",
            winner: Some(winner.to_string()),
            cards,
            tricks,
            cycle_cards: None,
            cycle_tricks: None,
            lead_in_cards: None,
            lead_in_tricks: None,
        },
        PlayResult::Loop { cards, tricks, cycle_cards, cycle_tricks, lead_in_cards, lead_in_tricks } => JsonResult {
            status: "loop",
            winner: None,
            cards,
            tricks,
            cycle_cards: Some(cycle_cards),
            cycle_tricks: Some(cycle_tricks),
            lead_in_cards: Some(lead_in_cards),
            lead_in_tricks: Some(lead_in_tricks),
        },
    };
    serde_json::to_string(&line).expect("plain data serializes")
}

/// Steps the game card by card through the `Game` engine, up to its end or
/// (for a loop) up to the first repeat the play-out found.
fn play_by_play(deal: &Deal, end_rule: EndRule, result: &PlayResult) {
    let preset = deal.preset;
    let symbol = |k: u8| preset.symbol(k).unwrap_or('?');
    println!("deal {deal} ({preset}, {} cards)", deal.len());
    let mut game = Camicia::new(deal, end_rule).expect("a checked deal plays");
    while game.cards() < result.cards() {
        let Ok(t) = game.turn() else { break };
        let mut line = format!("{:>6}  {} turns {}", game.cards(), t.player, symbol(t.kind));
        if t.kind > 0 && t.collected.is_none() {
            line += &format!("   {} owes {}", t.player.other(), t.kind);
        }
        if let Some((by, n)) = t.collected {
            let sizes = game.hand_sizes();
            line += &format!(
                "   {by} takes {n} cards (trick {}; A {}, B {})",
                game.tricks(),
                sizes[Player::A],
                sizes[Player::B]
            );
        }
        println!("{line}");
    }
    if let PlayResult::Loop { .. } = result {
        println!("the hands and the player to move repeat a position seen before: the deal never ends");
    }
    println!("{result}");
}

/// What one thread learned from its share of a search.
struct Stats {
    deals: u64,
    cards: u64,
    tricks: u64,
    /// Deals by card count (the last bucket holds every longer game).
    by_cards: Vec<u64>,
    /// The longest games, longest first.
    longest: Vec<(PlayResult, Deal)>,
    loops: Vec<(PlayResult, Deal)>,
}

const HISTOGRAM: usize = 20_000;
/// Deals per unit of work; unit `i` draws from the search seed's SplitMix64
/// stream advanced by `i · 2^32` draws, so units never overlap and a search
/// is the same on any number of threads.
const CHUNK: u64 = 1 << 14;

impl Stats {
    fn new() -> Stats {
        Stats {
            deals: 0,
            cards: 0,
            tricks: 0,
            by_cards: vec![0; HISTOGRAM + 1],
            longest: Vec::new(),
            loops: Vec::new(),
        }
    }

    /// Keeps the `top` longest games, longest first (ties by deal, so the
    /// report does not depend on the order games ended in); loops by deal.
    fn keep_longest(&mut self, top: usize) {
        let by_deal = |a: &(PlayResult, Deal), b: &(PlayResult, Deal)| a.1.to_string().cmp(&b.1.to_string());
        self.longest.sort_by(|a, b| b.0.cards().cmp(&a.0.cards()).then_with(|| by_deal(a, b)));
        self.longest.truncate(top);
        self.loops.sort_by(by_deal);
    }

    fn merge(mut self, other: Stats, top: usize) -> Stats {
        self.deals += other.deals;
        self.cards += other.cards;
        self.tricks += other.tricks;
        for (a, b) in self.by_cards.iter_mut().zip(other.by_cards) {
            *a += b;
        }
        self.longest.extend(other.longest);
        self.keep_longest(top);
        self.loops.extend(other.loops);
        self
    }

    /// The smallest card count with at least `q` of the deals at or below it.
    fn quantile(&self, q: f64) -> usize {
        let target = (q * self.deals as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (cards, &n) in self.by_cards.iter().enumerate() {
            seen += n;
            if seen >= target {
                return cards;
            }
        }
        HISTOGRAM
    }
}

fn search(args: &Args, n: u64, end_rule: EndRule) -> ExitCode {
    let threads = args.threads.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start {threads} threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    let seed = args.seed.unwrap_or(2026);
    let preset = args.preset;
    let top = args.top;
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let done = AtomicU64::new(0);
    let chunks = n.div_ceil(CHUNK);
    let start = Instant::now();
    let stats = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|chunk| {
                let count = CHUNK.min(n - chunk * CHUNK);
                let mut rng = FastRng::new(seed.wrapping_add(chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15 << 32)));
                let mut stats = Stats::new();
                let mut shortest_kept = 0;
                // Vector lanes where the processor has them (see
                // `Simulator::search`); deals come back as their games end.
                Simulator::search(preset, end_rule, &mut rng, count, |_, deal, &r| {
                    stats.deals += 1;
                    stats.cards += r.cards();
                    stats.tricks += r.tricks();
                    stats.by_cards[(r.cards() as usize).min(HISTOGRAM)] += 1;
                    if r.is_loop() {
                        stats.loops.push((r, deal.deal()));
                    } else if r.cards() > shortest_kept || stats.longest.len() < top {
                        stats.longest.push((r, deal.deal()));
                        if stats.longest.len() > 4 * top.max(1) {
                            stats.keep_longest(top);
                            shortest_kept = stats.longest.last().map_or(0, |l| l.0.cards());
                        }
                    }
                });
                stats.keep_longest(top);
                let total = done.fetch_add(count, Ordering::Relaxed) + count;
                bar.set_position(total);
                stats
            })
            .reduce(Stats::new, |a, b| a.merge(b, top))
    });
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();

    let rule = if args.literal { "literal end rule" } else { "standard end rule" };
    println!(
        "{} random {preset} deals ({rule}), seed {seed}, {} threads: {:.2} s, {:.0} deals/s",
        stats.deals,
        pool.current_num_threads(),
        elapsed,
        stats.deals as f64 / elapsed
    );
    println!("\nlongest games:");
    for (r, deal) in &stats.longest {
        println!(
            "  {:>6} cards {:>5} tricks  {} wins  {deal}",
            r.cards(),
            r.tricks(),
            r.winner().map_or('-', |p| p.letter())
        );
    }
    println!("\nloops found: {}", stats.loops.len());
    for (r, deal) in &stats.loops {
        println!("  {deal}  {r}");
    }
    let finished = stats.deals - stats.loops.len() as u64;
    println!("\nlength of the games (cards; loops counted at their first repeat):");
    println!(
        "  mean {:.2} cards, {:.2} tricks",
        stats.cards as f64 / stats.deals.max(1) as f64,
        stats.tricks as f64 / stats.deals.max(1) as f64
    );
    for (name, q) in
        [("min", 0.0), ("p10", 0.1), ("median", 0.5), ("p90", 0.9), ("p99", 0.99), ("p99.9", 0.999), ("p99.99", 0.9999)]
    {
        println!("  {name:>7} {}", stats.quantile(q));
    }
    println!("  finished {finished}, endless {}", stats.loops.len());
    ExitCode::SUCCESS
}
