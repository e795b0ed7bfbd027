//! Camicia and Beggar-my-neighbour from the command line.
//!
//! * `--deal HAND/HAND`: plays one deal and prints the play-by-play (or,
//!   with `--json`, one JSON object); `--deal -` reads one deal per line
//!   from standard input;
//! * `--seed N`: the seeded deal of N (the default is seed 2026);
//! * `--search N`: plays N random deals on all cores (`--threads T`) and
//!   reports the longest games, every loop, the length distribution and the
//!   speed;
//! * `--sweep`: plays every deal of the deck (or of `--range A..B`, or of
//!   `--shard I/N`, the I-th of N equal parts counted from 1) in rank order
//!   on all cores, with a progress bar; `--checkpoint FILE` saves the
//!   summary as it grows and resumes from it when run again with the same
//!   command; `--json` prints the summary as one JSON object (the serde
//!   form of `SweepSummary`; summaries of disjoint shards merge with
//!   `SweepSummary::merge`);
//! * `--merge FILE...`: the union of sweep summaries saved with `--sweep
//!   --json` (one per shard, say), reported like a sweep;
//! * `--rank DEAL` and `--unrank R`: the number of a deal of the deck, and
//!   the deal of a number.
//!
//! `--preset camicia|bmn` chooses the game (default camicia); `--deck
//! 14,2,2,2` a custom deck in the preset's notation (counts of kinds 0, 1,
//! 2, ...); `--literal` selects the literal end rule (a player loses as
//! soon as their hand is empty). `CAMICIA_PORTABLE=1` forces the portable
//! speed path (no vector lanes).
//!
//! ```text
//! cargo run --release --example camicia -- --preset bmn --deal ---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA --json
//! cargo run --release --example camicia -- --preset bmn --search 10000000
//! cargo run --release --example camicia -- --deck 14,2,2,2 --sweep
//! cargo run --release --example camicia -- --sweep --shard 3/1000 --checkpoint shard3.json --json > shard3.out.json
//! cargo run --release --example camicia -- --unrank 123456789
//! ```

use std::io::BufRead;
use std::ops::Range;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use camicia_rules::{Camicia, Deal, Deck, EndRule, FastRng, PlayResult, Player, Preset, Simulator, SweepSummary};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

#[derive(Parser, Debug)]
#[command(about = "Camicia / Beggar-my-neighbour: play a deal, or search random deals for long games and loops")]
struct Args {
    /// The game: `camicia` (40 cards, 1 2 3) or `bmn` (52 cards, J Q K A).
    #[arg(long, default_value = "camicia")]
    preset: Preset,
    /// A custom deck in the preset's notation: the counts of kinds 0, 1, 2,
    /// ... (e.g. `14,2,2,2`, the 20-card Camicia).
    #[arg(long, value_name = "COUNTS")]
    deck: Option<String>,
    /// A deal `HAND/HAND` (A first, top card leftmost, any length), or `-`
    /// to read one deal per line from standard input.
    #[arg(long, conflicts_with_all = ["search", "sweep", "rank", "unrank"], allow_hyphen_values = true)]
    deal: Option<String>,
    /// Print the rank of this deal of the deck.
    #[arg(long, value_name = "DEAL", conflicts_with_all = ["search", "sweep", "unrank"], allow_hyphen_values = true)]
    rank: Option<String>,
    /// Print the deal of this rank of the deck.
    #[arg(long, value_name = "R", conflicts_with_all = ["search", "sweep"])]
    unrank: Option<u128>,
    /// Play every deal of the deck (or of `--range` / `--shard`).
    #[arg(long, conflicts_with = "search")]
    sweep: bool,
    /// With `--sweep`: the ranks `A..B` (B excluded).
    #[arg(long, value_name = "A..B", requires = "sweep", conflicts_with = "shard")]
    range: Option<String>,
    /// With `--sweep`: the I-th of N equal parts of the deck (I from 1).
    #[arg(long, value_name = "I/N", requires = "sweep")]
    shard: Option<String>,
    /// With `--sweep`: save the summary to FILE as it grows, and resume
    /// from it.
    #[arg(long, value_name = "FILE", requires = "sweep")]
    checkpoint: Option<std::path::PathBuf>,
    /// Merge the sweep summaries in these JSON files (from `--sweep
    /// --json`, e.g. one per shard) and report on their union.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["search", "sweep", "deal", "rank", "unrank"])]
    merge: Vec<std::path::PathBuf>,
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
    /// Threads for `--search` and `--sweep` (default: all cores; at most
    /// 1024).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// How many of the longest games `--search` and `--sweep` list.
    #[arg(long, default_value_t = 10)]
    top: usize,
}

/// The most threads `--threads` accepts.
const MAX_THREADS: usize = 1024;

fn main() -> ExitCode {
    let args = Args::parse();
    let end_rule = if args.literal { EndRule::EmptyHandLoses } else { EndRule::Standard };
    if let Some(t) = args.threads
        && !(1..=MAX_THREADS).contains(&t)
    {
        eprintln!("error: --threads {t}: expected 1 to {MAX_THREADS}");
        return ExitCode::FAILURE;
    }
    let deck = match &args.deck {
        Some(text) => match Deck::parse(args.preset, text) {
            Ok(deck) => deck,
            Err(e) => {
                eprintln!("error: --deck: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => Deck::of(args.preset),
    };
    if let Some(n) = args.search {
        return search(&args, &deck, n, end_rule);
    }
    if !args.merge.is_empty() {
        return match merge(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if args.sweep {
        return match run_sweep(&args, &deck, end_rule) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if args.rank.is_some() || args.unrank.is_some() {
        return match rank(&args, &deck) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    match args.deal.as_deref() {
        Some("-") => from_stdin(&args, &deck, end_rule),
        Some(text) => match read_deal(&args, &deck, text) {
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
            let deal = Deal::seeded_of(&deck, seed);
            if !args.json {
                println!("seed {seed}");
            }
            show(&args, &deal, end_rule);
            ExitCode::SUCCESS
        }
    }
}

fn read_deal(args: &Args, deck: &Deck, text: &str) -> Result<Deal, camicia_rules::DealError> {
    match (args.full, args.deck.is_some()) {
        (true, true) => Deal::parse_deal_of(deck, text),
        (true, false) => Deal::parse_full(args.preset, text),
        (false, _) => Deal::parse(args.preset, text),
    }
}

/// `--rank DEAL` / `--unrank R`.
fn rank(args: &Args, deck: &Deck) -> Result<(), Box<dyn std::error::Error>> {
    let (deal, rank) = match (&args.rank, args.unrank) {
        (Some(text), _) => {
            let deal = Deal::parse_deal_of(deck, text)?;
            let rank = deck.rank(&deal)?;
            (deal, rank)
        }
        (None, Some(rank)) => (deck.unrank(rank)?, rank),
        (None, None) => return Ok(()),
    };
    if args.json {
        /// One line of `--rank`/`--unrank --json` (ranks may pass 64 bits).
        #[derive(serde::Serialize)]
        struct RankLine<'a> {
            deck: &'a Deck,
            deal: String,
            rank: u128,
            deals: u128,
        }
        let line = RankLine { deck, deal: deal.to_string(), rank, deals: deck.deals() };
        println!("{}", serde_json::to_string(&line)?);
    } else {
        println!("deal {deal} rank {rank} (of {} deals of {deck})", deck.deals());
    }
    Ok(())
}

/// One deal per line; blank lines are skipped. A bad line is reported with
/// its number and the others are still played; the exit code is then 1.
fn from_stdin(args: &Args, deck: &Deck, end_rule: EndRule) -> ExitCode {
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
        match read_deal(args, deck, &line) {
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

fn search(args: &Args, deck: &Deck, n: u64, end_rule: EndRule) -> ExitCode {
    let threads = args.threads.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start {threads} threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    let seed = args.seed.unwrap_or(2026);
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
                Simulator::search_deck(deck, end_rule, &mut rng, count, |_, deal, &r| {
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
        "{} random {deck} deals ({rule}), seed {seed}, {} threads: {:.2} s, {:.0} deals/s",
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

/// Deals per unit of work of a sweep (a unit's summary is merged into the
/// whole and saved to the checkpoint when it is done).
const SWEEP_CHUNK: u128 = 1 << 22;

/// How often `--checkpoint` saves at most.
const SAVE_EVERY: Duration = Duration::from_secs(10);

/// The ranks `--range A..B` or `--shard I/N` name, or the whole deck.
fn sweep_ranks(args: &Args, deck: &Deck) -> Result<Range<u128>, Box<dyn std::error::Error>> {
    if let Some(text) = &args.range {
        let (a, b) = text.split_once("..").ok_or_else(|| format!("--range {text:?}: expected A..B"))?;
        let a: u128 = a.trim().parse().map_err(|e| format!("--range {text:?}: {e}"))?;
        let b: u128 = b.trim().parse().map_err(|e| format!("--range {text:?}: {e}"))?;
        if a > b || b > deck.deals() {
            return Err(format!("--range {a}..{b}: the deck {deck} has ranks 0..{}", deck.deals()).into());
        }
        return Ok(a..b);
    }
    if let Some(text) = &args.shard {
        let (i, n) = text.split_once('/').ok_or_else(|| format!("--shard {text:?}: expected I/N"))?;
        let i: u64 = i.trim().parse().map_err(|e| format!("--shard {text:?}: {e}"))?;
        let n: u64 = n.trim().parse().map_err(|e| format!("--shard {text:?}: {e}"))?;
        return Ok(deck.shard(i, n)?);
    }
    Ok(0..deck.deals())
}

/// Writes `summary` to `path` through a temporary file, so that an
/// interruption never leaves half a checkpoint.
fn save(path: &std::path::Path, summary: &SweepSummary) -> Result<(), Box<dyn std::error::Error>> {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, serde_json::to_string(summary)?)?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}

fn run_sweep(args: &Args, deck: &Deck, end_rule: EndRule) -> Result<(), Box<dyn std::error::Error>> {
    let ranks = sweep_ranks(args, deck)?;
    let mut done = SweepSummary::empty(deck, end_rule, args.top);
    if let Some(path) = &args.checkpoint
        && path.exists()
    {
        let saved = load(path)?;
        if (saved.deck, saved.end_rule, saved.top) != (*deck, end_rule, args.top) {
            return Err(format!(
                "checkpoint {} is a sweep of {} ({:?}, top {}), not of this command's {deck} ({end_rule:?}, top {})",
                path.display(),
                saved.deck,
                saved.end_rule,
                saved.top,
                args.top
            )
            .into());
        }
        done = saved;
    }
    let mut chunks = Vec::new();
    for gap in done.missing(ranks.clone()) {
        let mut at = gap.start;
        while at < gap.end {
            let end = gap.end.min(at + SWEEP_CHUNK);
            chunks.push(at..end);
            at = end;
        }
    }
    let total = ranks.end - ranks.start;
    let left: u128 = chunks.iter().map(|c| c.end - c.start).sum();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads.unwrap_or(0)).build()?;
    let bar = ProgressBar::new(u64::try_from(total).unwrap_or(u64::MAX));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {per_sec}, {elapsed} so far, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_position(u64::try_from(total - left).unwrap_or(u64::MAX));
    bar.reset_eta();
    let state = Mutex::new((done, Instant::now()));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    pool.install(|| {
        chunks.par_iter().for_each(|chunk| {
            let part = match camicia_rules::sweep(deck, end_rule, chunk.clone(), args.top) {
                Ok(part) => part,
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
                    return;
                }
            };
            bar.inc((chunk.end - chunk.start) as u64);
            let mut guard = state.lock().unwrap_or_else(|p| p.into_inner());
            let (summary, saved_at) = &mut *guard;
            if let Err(e) = summary.merge(&part) {
                *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
                return;
            }
            if let Some(path) = &args.checkpoint
                && saved_at.elapsed() >= SAVE_EVERY
            {
                if let Err(e) = save(path, summary) {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
                }
                *saved_at = Instant::now();
            }
        });
    });
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let (summary, _) = state.into_inner().unwrap_or_else(|p| p.into_inner());
    if let Some(path) = &args.checkpoint {
        save(path, &summary)?;
    }
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e.into());
    }
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
        return Ok(());
    }
    let rule = if args.literal { "literal end rule" } else { "standard end rule" };
    println!(
        "sweep of {deck} ({rule}), ranks {}..{} of {}: {left} deals played now on {} threads in {elapsed:.2} s, {:.0} deals/s",
        ranks.start,
        ranks.end,
        deck.deals(),
        pool.current_num_threads(),
        left as f64 / elapsed.max(1e-9)
    );
    report(&summary);
    Ok(())
}

/// Reads a summary saved by `--sweep --json` or `--checkpoint` (checked on
/// load).
fn load(path: &std::path::Path) -> Result<SweepSummary, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    Ok(serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?)
}

/// `--merge FILE...`: the union of the summaries.
fn merge(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let mut all: Option<SweepSummary> = None;
    for path in &args.merge {
        let part = load(path)?;
        match &mut all {
            None => all = Some(part),
            Some(all) => all.merge(&part).map_err(|e| format!("{}: {e}", path.display()))?,
        }
    }
    let Some(all) = all else { return Ok(()) };
    if args.json {
        println!("{}", serde_json::to_string(&all)?);
    } else {
        println!("{} summaries of {} merged", args.merge.len(), all.deck);
        report(&all);
    }
    Ok(())
}

/// The text report of a summary.
fn report(summary: &SweepSummary) {
    let covered: Vec<String> = summary.ranges.iter().map(|r| format!("{}..{}", r.start, r.end)).collect();
    println!("summary over ranks {}", covered.join(", "));
    println!(
        "  deals {}, finished {} (A wins {}), loops {}",
        summary.deals,
        summary.finished,
        summary.a_wins,
        summary.loops.len()
    );
    if summary.finished > 0 {
        println!(
            "  mean {:.2} cards, {:.2} tricks",
            summary.cards as f64 / summary.finished as f64,
            summary.tricks as f64 / summary.finished as f64
        );
        let quantile = |q: f64| {
            let target = ((q * summary.finished as f64).ceil() as u64).max(1);
            let mut seen = 0;
            summary.lengths.iter().position(|&n| {
                seen += n;
                seen >= target
            })
        };
        let qs: Vec<String> = [("min", 0.0), ("p10", 0.1), ("median", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0)]
            .iter()
            .map(|&(name, q)| format!("{name} {}", quantile(q).unwrap_or(0)))
            .collect();
        println!("  cards: {}", qs.join(", "));
    }
    println!("\nlongest games:");
    for g in &summary.longest {
        println!("  {:>6} cards {:>5} tricks  {} wins  rank {:>16}  {}", g.cards, g.tricks, g.winner, g.rank, g.deal);
    }
    println!("\nloops: {}", summary.loops.len());
    for l in summary.loops.iter().take(50) {
        println!(
            "  rank {:>16}  {}  cycle {} cards {} tricks, lead-in {} cards {} tricks",
            l.rank, l.deal, l.cycle_cards, l.cycle_tricks, l.lead_in_cards, l.lead_in_tricks
        );
    }
    if summary.loops.len() > 50 {
        println!("  ... and {} more (all of them in --json)", summary.loops.len() - 50);
    }
}
