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
//! soon as their hand is empty). `CAMICIA_PORTABLE=1` forces the path of
//! a processor without AVX-512 (AVX2 lanes where there is AVX2),
//! `CAMICIA_PORTABLE=scalar` the one-at-a-time engine.
//!
//! A flag that does not apply to the mode is refused (`--deal 1/- --seed
//! 9`, `--merge F --top 3`, `--threads` without `--search` or `--sweep`).
//! `--json` prints JSON in every mode, the serde form of the library's
//! types: a deal's `PlayResult` (flattened, with the `deal`, and with
//! `--deal -` the input `line` from 1; a refused line has an `error`
//! instead), the `--search` report with its longest games and loops, the
//! `SweepSummary` of `--sweep` and `--merge`, the rank of `--rank` and
//! `--unrank`. Exit status: 0 on success, 1 on a runtime error (a refused
//! deal or line, a file that cannot be read), 2 on a usage error.
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

use camicia_rules::{
    Camicia, Deal, Deck, EndRule, PlayResult, Player, Preset, Quantiles, SEARCH_CHUNK, SearchReport, SearchSummary,
    SweepSummary, random_search,
};
use carte_play::cli::{self, positive_u64, positive_usize, threads};
use clap::error::ErrorKind;
use clap::{ArgGroup, Parser};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Plays Camicia and Beggar-my-neighbour deals, one or all of a deck.
///
/// Modes: one deal with its play-by-play (the seeded deal of `--seed`, the
/// default, or `--deal HAND/HAND`); one deal per line of standard input
/// (`--deal -`); random deals searched for long games and loops (`--search
/// N`); every deal of a deck (`--sweep`); the union of saved sweeps
/// (`--merge`); the rank of a deal in its deck and back (`--rank`,
/// `--unrank`). A flag that does not apply to the mode is refused.
/// `--json` prints JSON in every mode.
#[derive(Parser, Debug)]
#[command(name = "camicia", version, after_help = AFTER_HELP)]
#[command(group(ArgGroup::new("parallel").args(["search", "sweep"])))]
struct Args {
    /// The game: `camicia` (40 cards, 1 2 3) or `bmn` (52 cards, J Q K A).
    #[arg(long, default_value = "camicia", conflicts_with = "merge")]
    preset: Preset,
    /// A custom deck in the preset's notation: the counts of kinds 0, 1,
    /// 2, ... (e.g. `14,2,2,2`, the 20-card Camicia). A `--deal` must then
    /// be a deal of this deck.
    #[arg(long, value_name = "COUNTS", conflicts_with_all = ["merge", "full"])]
    deck: Option<String>,
    /// A deal `HAND/HAND` (A first, top card leftmost, any length), or `-`
    /// to read one deal per line from standard input.
    #[arg(long, conflicts_with_all = ["search", "sweep", "rank", "unrank", "merge"], allow_hyphen_values = true)]
    deal: Option<String>,
    /// Print the rank of this deal of the deck.
    #[arg(long, value_name = "DEAL", conflicts_with_all = ["search", "sweep", "unrank", "merge"], allow_hyphen_values = true)]
    rank: Option<String>,
    /// Print the deal of this rank of the deck.
    #[arg(long, value_name = "R", conflicts_with_all = ["search", "sweep", "merge"])]
    unrank: Option<u128>,
    /// Play every deal of the deck (or of `--range` / `--shard`).
    #[arg(long, conflicts_with_all = ["search", "merge"])]
    sweep: bool,
    /// With `--sweep`: the ranks `A..B` (B excluded).
    #[arg(long, value_name = "A..B", requires = "sweep", conflicts_with = "shard", conflicts_with_all = NOT_SWEEP)]
    range: Option<String>,
    /// With `--sweep`: the I-th of N equal parts of the deck (I from 1).
    #[arg(long, value_name = "I/N", requires = "sweep", conflicts_with_all = NOT_SWEEP)]
    shard: Option<String>,
    /// With `--sweep`: save the summary to FILE as it grows, and resume
    /// from it.
    #[arg(long, value_name = "FILE", requires = "sweep", conflicts_with_all = NOT_SWEEP)]
    checkpoint: Option<std::path::PathBuf>,
    /// Merge the sweep summaries in these JSON files (from `--sweep
    /// --json`, e.g. one per shard) and report on their union.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    merge: Vec<std::path::PathBuf>,
    /// The seeded deal of this seed (default 2026); with `--search`, the
    /// seed of the search.
    #[arg(long, conflicts_with_all = ["deal", "sweep", "rank", "unrank", "merge"])]
    seed: Option<u64>,
    /// Print JSON instead of text: one object per deal (with `--deal -`,
    /// one line per input line, with its `line` number and `deal`), or the
    /// report of `--search`, `--sweep`, `--merge`, `--rank`, `--unrank`.
    #[arg(long)]
    json: bool,
    /// With `--deal`: require full deals (the preset's whole deck).
    #[arg(long, requires = "deal", conflicts_with_all = NOT_DEAL)]
    full: bool,
    /// The literal end rule: a player loses as soon as their hand is empty.
    #[arg(long, conflicts_with_all = ["rank", "unrank", "merge"])]
    literal: bool,
    /// Play this many random deals and report on them.
    #[arg(long, value_name = "N", value_parser = positive_u64, conflicts_with = "merge")]
    search: Option<u64>,
    /// Threads for `--search` and `--sweep` (default: all cores; 1 to
    /// 1024).
    #[arg(long, value_name = "T", value_parser = threads, requires = "parallel", conflicts_with_all = NOT_PARALLEL)]
    threads: Option<usize>,
    /// How many of the longest games `--search` and `--sweep` list (1 to
    /// 10000; default 10).
    #[arg(long, value_parser = top, requires = "parallel", conflicts_with_all = NOT_PARALLEL)]
    top: Option<usize>,
}

/// The modes that play no deals in parallel. (Each flag that requires a
/// mode also conflicts with the modes that exclude it: clap lets a
/// requirement go when what is required conflicts with a flag given.)
const NOT_PARALLEL: [&str; 4] = ["deal", "rank", "unrank", "merge"];
/// The modes that exclude `--sweep`.
const NOT_SWEEP: [&str; 5] = ["search", "merge", "deal", "rank", "unrank"];
/// The modes (and `--seed`) that exclude `--deal`.
const NOT_DEAL: [&str; 6] = ["search", "sweep", "rank", "unrank", "merge", "seed"];

/// The end of `--help`.
const AFTER_HELP: &str = "Exit status: 0 on success; 1 on a runtime error (a refused deal or input line, a file that \
                          cannot be read or written, a checkpoint of another sweep); 2 on a usage error (a bad, \
                          misplaced or conflicting flag).";

/// How many of the longest games are listed without `--top`.
const TOP: usize = 10;

/// The most `--top` accepts.
const MAX_TOP: usize = 10_000;

/// `--top N`: 1 to [`MAX_TOP`].
fn top(text: &str) -> Result<usize, String> {
    match positive_usize(text)? {
        n if n > MAX_TOP => Err(format!("at most {MAX_TOP}")),
        n => Ok(n),
    }
}

fn main() -> ExitCode {
    cli::output_errors_exit("camicia");
    let args = Args::parse();
    let end_rule = if args.literal { EndRule::EmptyHandLoses } else { EndRule::Standard };
    let deck = match &args.deck {
        Some(text) => Deck::parse(args.preset, text).unwrap_or_else(|e| {
            cli::usage::<Args>(ErrorKind::ValueValidation, format!("invalid value '{text}' for '--deck <COUNTS>': {e}"))
        }),
        None => Deck::of(args.preset),
    };
    let result = if let Some(n) = args.search {
        search(&args, &deck, n, end_rule)
    } else if !args.merge.is_empty() {
        merge(&args)
    } else if args.sweep {
        let ranks = sweep_ranks(&args, &deck).unwrap_or_else(|e| cli::usage::<Args>(ErrorKind::ValueValidation, e));
        run_sweep(&args, &deck, ranks, end_rule)
    } else if args.rank.is_some() || args.unrank.is_some() {
        rank(&args, &deck)
    } else {
        match args.deal.as_deref() {
            Some("-") => from_stdin(&args, &deck, end_rule),
            Some(text) => one_deal(&args, &deck, text, end_rule),
            None => {
                let seed = args.seed.unwrap_or(2026);
                let deal = Deal::seeded_of(&deck, seed);
                if args.json {
                    let line =
                        DealLine { line: None, seed: Some(seed), deal: deal.to_string(), result: None, error: None };
                    print_line(line, &deal, end_rule)
                } else {
                    println!("seed {seed}");
                    play_by_play(&deal, end_rule)
                }
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cli::runtime_error("camicia", e),
    }
}

type Failure = Box<dyn std::error::Error>;

fn read_deal(args: &Args, deck: &Deck, text: &str) -> Result<Deal, camicia_rules::DealError> {
    match (args.full, args.deck.is_some()) {
        (_, true) => Deal::parse_deal_of(deck, text),
        (true, false) => Deal::parse_full(args.preset, text),
        (false, false) => Deal::parse(args.preset, text),
    }
}

/// One JSON line of a deal: where it came from, the deal as given, and the
/// result of playing it (the serde form of [`PlayResult`], flattened:
/// `status`, `winner`, `cards`, `tricks`, and for a loop the cycle and the
/// lead-in) or why it was refused (`error`).
#[derive(serde::Serialize)]
struct DealLine {
    /// The line of standard input (from 1), with `--deal -`.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// The seed of a seeded deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    /// The deal: as given (trimmed) or, for a seeded deal, in notation.
    deal: String,
    #[serde(flatten)]
    result: Option<PlayResult>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Plays `deal` and prints `line` with its result as one JSON line.
fn print_line(mut line: DealLine, deal: &Deal, end_rule: EndRule) -> Result<(), Failure> {
    line.result = Some(deal.play_out(end_rule)?);
    println!("{}", serde_json::to_string(&line)?);
    Ok(())
}

/// `--deal HAND/HAND`: the play-by-play, or one JSON line.
fn one_deal(args: &Args, deck: &Deck, text: &str, end_rule: EndRule) -> Result<(), Failure> {
    let given = text.trim().to_owned();
    match read_deal(args, deck, text) {
        Ok(deal) if args.json => {
            print_line(DealLine { line: None, seed: None, deal: given, result: None, error: None }, &deal, end_rule)
        }
        Ok(deal) => play_by_play(&deal, end_rule),
        Err(e) => {
            if args.json {
                let line = DealLine { line: None, seed: None, deal: given, result: None, error: Some(e.to_string()) };
                println!("{}", serde_json::to_string(&line)?);
            }
            Err(format!("--deal {text:?}: {e}").into())
        }
    }
}

/// `--rank DEAL` / `--unrank R`.
fn rank(args: &Args, deck: &Deck) -> Result<(), Failure> {
    let (deal, rank) = match (&args.rank, args.unrank) {
        (Some(text), _) => {
            let deal = Deal::parse_deal_of(deck, text).map_err(|e| format!("--rank {text:?}: {e}"))?;
            let rank = deck.rank(&deal)?;
            (deal, rank)
        }
        // A rank past the deck's deals is a number out of sense.
        (None, Some(rank)) => (
            deck.unrank(rank).unwrap_or_else(|e| {
                cli::usage::<Args>(
                    ErrorKind::ValueValidation,
                    format!("invalid value '{rank}' for '--unrank <R>': {e}"),
                )
            }),
            rank,
        ),
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

/// One deal per line; blank lines are skipped (and counted). A bad line
/// (not a deal, or not UTF-8) is reported with its number, as a JSON line
/// with an `error` with `--json`, and the others are still played; the
/// exit code is then 1.
fn from_stdin(args: &Args, deck: &Deck, end_rule: EndRule) -> Result<(), Failure> {
    let mut refused = 0usize;
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).map_err(|e| format!("reading standard input: {e}"))? == 0 {
            break;
        }
        number += 1;
        let (text, parsed) = match std::str::from_utf8(&bytes) {
            Ok(text) => (text.trim().to_owned(), read_deal(args, deck, text).map_err(|e| e.to_string())),
            Err(e) => {
                (String::from_utf8_lossy(&bytes).trim().to_owned(), Err(format!("the line is not UTF-8 text: {e}")))
            }
        };
        if text.is_empty() && parsed.is_err() {
            continue;
        }
        let line = DealLine { line: Some(number), seed: None, deal: text, result: None, error: None };
        match parsed {
            Ok(deal) if args.json => print_line(line, &deal, end_rule)?,
            Ok(deal) => {
                println!("line {number}:");
                play_by_play(&deal, end_rule)?;
            }
            Err(e) => {
                eprintln!("camicia: line {number}: {e}");
                if args.json {
                    println!("{}", serde_json::to_string(&DealLine { error: Some(e), ..line })?);
                }
                refused += 1;
            }
        }
    }
    match refused {
        0 => Ok(()),
        1 => Err("1 line of standard input was refused".into()),
        n => Err(format!("{n} lines of standard input were refused").into()),
    }
}

/// Steps the game card by card through the `Game` engine, up to its end or
/// (for a loop) up to the first repeat the play-out found.
fn play_by_play(deal: &Deal, end_rule: EndRule) -> Result<(), Failure> {
    let result = deal.play_out(end_rule)?;
    let preset = deal.preset;
    let symbol = |k: u8| preset.symbol(k).unwrap_or('?');
    println!("deal {deal} ({preset}, {} cards)", deal.len());
    let mut game = Camicia::from_deal(deal, end_rule)?;
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
    Ok(())
}

/// Deals per unit of work of `--search`: the chunks of the seed's stream
/// ([`SEARCH_CHUNK`]), so that a unit's deals come from one generator.
const CHUNK: u64 = SEARCH_CHUNK;

fn search(args: &Args, deck: &Deck, n: u64, end_rule: EndRule) -> Result<(), Failure> {
    let threads = args.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let seed = args.seed.unwrap_or(2026);
    let top = args.top.unwrap_or(TOP);
    let bar = if args.json { ProgressBar::hidden() } else { ProgressBar::new(n) };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let done = AtomicU64::new(0);
    let chunks = n.div_ceil(CHUNK);
    let start = Instant::now();
    // The deals numbered 0..n of the seed's stream, in units that merge
    // exactly: the same summary on any number of threads.
    let summary = pool
        .install(|| {
            (0..chunks)
                .into_par_iter()
                .map(|chunk| {
                    let deals = chunk * CHUNK..n.min((chunk + 1) * CHUNK);
                    let part = random_search(deck, end_rule, seed, deals.clone(), top)?;
                    let total = done.fetch_add(deals.end - deals.start, Ordering::Relaxed) + deals.end - deals.start;
                    bar.set_position(total);
                    Ok(part)
                })
                .try_reduce(
                    || SearchSummary::empty(deck, end_rule, seed, top),
                    |mut a, b| {
                        a.merge(&b)?;
                        Ok(a)
                    },
                )
        })
        .map_err(|e: camicia_rules::SweepError| e.to_string())?;
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();

    let report = SearchReport::new(&summary, pool.current_num_threads(), elapsed);
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    let rule = if args.literal { "literal end rule" } else { "standard end rule" };
    println!(
        "{} random {deck} deals ({rule}), seed {seed}, {} threads: {:.2} s, {:.0} deals/s",
        summary.deals, report.threads, report.seconds, report.deals_per_second
    );
    println!("\nlongest games:");
    for g in &summary.longest {
        println!(
            "  {:>6} cards {:>5} tricks  {} wins  deal {:>12}  {}",
            g.result.cards(),
            g.result.tricks(),
            g.result.winner().map_or('-', |p| p.letter()),
            g.index,
            g.deal
        );
    }
    println!("\nloops found: {}", summary.loops.len());
    for g in &summary.loops {
        println!("  deal {:>12}  {}  {}", g.index, g.deal, g.result);
    }
    println!("\nlength of the finished games (cards):");
    println!("  mean {:.2} cards, {:.2} tricks", report.mean_cards, report.mean_tricks);
    let q = &report.quantiles;
    for (name, cards) in [
        ("min", q.min),
        ("p10", q.p10),
        ("median", q.median),
        ("p90", q.p90),
        ("p99", q.p99),
        ("p99.9", q.p99_9),
        ("p99.99", q.p99_99),
        ("max", q.max),
    ] {
        println!("  {name:>7} {cards}");
    }
    println!("  finished {} (A wins {}), endless {}", summary.finished, summary.a_wins, summary.loops.len());
    Ok(())
}

/// Deals per unit of work of a sweep (a unit's summary is merged into the
/// whole and saved to the checkpoint when it is done).
const SWEEP_CHUNK: u128 = 1 << 20;

/// How often `--checkpoint` saves at most.
const SAVE_EVERY: Duration = Duration::from_secs(5);

/// The ranks `--range A..B` or `--shard I/N` name, or the whole deck.
fn sweep_ranks(args: &Args, deck: &Deck) -> Result<Range<u128>, String> {
    if let Some(text) = &args.range {
        let bad = |why: String| format!("invalid value '{text}' for '--range <A..B>': {why}");
        let (a, b) = text.split_once("..").ok_or_else(|| bad("expected A..B".to_owned()))?;
        let a: u128 = a.trim().parse().map_err(|e| bad(format!("{e}")))?;
        let b: u128 = b.trim().parse().map_err(|e| bad(format!("{e}")))?;
        if a >= b || b > deck.deals() {
            return Err(bad(format!("the deck {deck} has ranks 0..{}; give A < B", deck.deals())));
        }
        return Ok(a..b);
    }
    if let Some(text) = &args.shard {
        let bad = |why: String| format!("invalid value '{text}' for '--shard <I/N>': {why}");
        let (i, n) = text.split_once('/').ok_or_else(|| bad("expected I/N".to_owned()))?;
        let i: u64 = i.trim().parse().map_err(|e| bad(format!("{e}")))?;
        let n: u64 = n.trim().parse().map_err(|e| bad(format!("{e}")))?;
        return deck.shard(i, n).map_err(|e| bad(e.to_string()));
    }
    Ok(0..deck.deals())
}

/// Writes `summary` to `path` through a temporary file, so that an
/// interruption never leaves half a checkpoint.
fn save(path: &std::path::Path, summary: &SweepSummary) -> Result<(), Failure> {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, serde_json::to_string(summary)?)?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}

fn run_sweep(args: &Args, deck: &Deck, ranks: Range<u128>, end_rule: EndRule) -> Result<(), Failure> {
    let top = args.top.unwrap_or(TOP);
    let mut done = SweepSummary::empty(deck, end_rule, top);
    if let Some(path) = &args.checkpoint
        && path.exists()
    {
        let saved = load(path)?;
        if (saved.deck, saved.end_rule, saved.top) != (*deck, end_rule, top) {
            return Err(format!(
                "checkpoint {} is a sweep of {} ({:?}, top {}), not of this command's {deck} ({end_rule:?}, top {})",
                path.display(),
                saved.deck,
                saved.end_rule,
                saved.top,
                top
            )
            .into());
        }
        done = saved;
    }
    // The ranks still to play, in units of work made as the threads ask
    // for them (nothing allocated per unit up front: the 40-card deck has
    // tens of millions of them).
    let gaps = done.missing(ranks.clone());
    let left: u128 = gaps.iter().map(|g| g.end - g.start).sum();
    let chunks = gaps.into_iter().flat_map(|gap| {
        let mut at = gap.start;
        std::iter::from_fn(move || {
            (at < gap.end).then(|| {
                let end = gap.end.min(at + SWEEP_CHUNK);
                let chunk = at..end;
                at = end;
                chunk
            })
        })
    });
    let total = ranks.end - ranks.start;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads.unwrap_or(0)).build()?;
    let bar =
        if args.json { ProgressBar::hidden() } else { ProgressBar::new(u64::try_from(total).unwrap_or(u64::MAX)) };
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
        chunks.par_bridge().for_each(|chunk| {
            let part = match camicia_rules::sweep(deck, end_rule, chunk.clone(), top) {
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
fn load(path: &std::path::Path) -> Result<SweepSummary, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    Ok(serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?)
}

/// `--merge FILE...`: the union of the summaries.
fn merge(args: &Args) -> Result<(), Failure> {
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
        let q = Quantiles::of(&summary.lengths);
        println!(
            "  cards: min {}, p10 {}, median {}, p90 {}, p99 {}, max {}",
            q.min, q.p10, q.median, q.p90, q.p99, q.max
        );
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
