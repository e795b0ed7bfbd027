//! How long the public strategies take to draw their cases (issue 23: at
//! most 2 s per 1,000 cases in a debug build, which is what `cargo test`
//! builds). Prints a table of wall time and thread CPU time per 1,000 cases
//! of every public strategy; it times nothing it asserts (speed claims are
//! measured, not tested), so it is ignored by default:
//!
//! ```text
//! cargo test --test strategy_speed -- --ignored --nocapture
//! ```
//!
//! `STRATEGY_SPEED_CASES` sets the number of cases (default 1,000; the
//! table is per 1,000 whatever it is), `STRATEGY_SPEED_ONLY` keeps the
//! strategies whose name contains it. Cases are drawn as a proptest run
//! draws them: `TestRunner::deterministic()`, then `new_tree(..).current()`
//! (rejections by filters included), one strategy after another on one
//! thread.

use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

/// The CPU time of this thread (Linux: `/proc/thread-self/schedstat`,
/// nanoseconds on a CPU), `None` where it cannot be read.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn cases() -> u32 {
    std::env::var("STRATEGY_SPEED_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000)
}

fn wanted(name: &str) -> bool {
    std::env::var("STRATEGY_SPEED_ONLY").map_or(true, |only| name.contains(&only))
}

/// Draws the cases of `strategy` and prints one row of the table: the
/// name, wall and CPU seconds per 1,000 cases, and a mark past 2 s.
fn time<S: Strategy>(name: &str, strategy: S) {
    if !wanted(name) {
        return;
    }
    let n = cases();
    let mut runner = TestRunner::deterministic();
    let (wall, cpu) = (Instant::now(), thread_cpu());
    let mut refused = 0;
    for _ in 0..n {
        match strategy.new_tree(&mut runner) {
            Ok(tree) => drop(std::hint::black_box(tree.current())),
            Err(_) => refused += 1,
        }
    }
    let per_1000 = |d: Duration| d.as_secs_f64() * 1_000.0 / f64::from(n);
    let wall = per_1000(wall.elapsed());
    let cpu = cpu.zip(thread_cpu()).map_or(f64::NAN, |(a, b)| per_1000(b - a));
    let mark = if cpu > 2.0 || (cpu.is_nan() && wall > 2.0) { "  > 2 s" } else { "" };
    let refused = if refused > 0 { format!("  ({refused} draws refused: too many rejections)") } else { String::new() };
    println!("| {name:<44} | {wall:>8.3} | {cpu:>8.3} |{mark}{refused}");
}

#[test]
#[ignore = "a measurement, not a check: run with --ignored --nocapture"]
fn strategy_speed() {
    println!("{} cases each, seconds per 1,000 cases (debug build: {})", cases(), cfg!(debug_assertions));
    println!("| {:<44} | {:>8} | {:>8} |", "strategy", "wall s", "cpu s");
    println!("| {:-<44} | {:->8} | {:->8} |", "", "", "");
    core();
    zama();
    zucche();
    gonzago();
    camicia();
}

fn core() {
    use carte_core::strategies::*;
    use carte_core::testing::{Kuhn, KuhnMove};
    time("core french_card", french_card());
    time("core italian_card", italian_card());
    time("core seat(4)", seat(4));
    time("core player", player());
    time("core seeds", seeds());
    time("core garbled_text", garbled_text(vec!["play 3c".into(), "pass".into()]));
    time("core reachable::<Kuhn>(6)", reachable::<Kuhn>((), 6));
    time("core with_legal_move(Kuhn)", with_legal_move(reachable::<Kuhn>((), 6)));
    time(
        "core with_move_text(Kuhn)",
        with_move_text(reachable::<Kuhn>((), 6), Just(KuhnMove::Bet), |_, m| m.to_string()),
    );
    time("core with_move(Kuhn)", with_move(reachable::<Kuhn>((), 6), Just(KuhnMove::Bet)));
    time("core move_sequences::<Kuhn>(6)", move_sequences::<Kuhn>((), 6));
}

use proptest::prelude::Just;

fn zama() {
    use zama_rules::Config;
    use zama_rules::strategies::*;
    time("zama square(4)", square(4));
    time("zama card", card());
    time("zama color", color());
    time("zama any_move(4)", any_move(4));
    time("zama config", config());
    time("zama garbage_config", garbage_config());
    time("zama games(4 players, 300)", games(Config::new().with_players(4), 300));
    time("zama any_games", any_games());
    time("zama games_shifting", games_shifting());
    time("zama games_peeking", games_peeking());
    time("zama games_after_a_pass", games_after_a_pass());
    time("zama finished_games", finished_games());
    time("zama game_and_legal_move", game_and_legal_move());
    time("zama game_and_move_text", game_and_move_text());
    time("zama game_and_move", game_and_move());
    time("zama setups", setups());
    time("zama garbage_setups", garbage_setups());
    time("zama move_text", move_text());
}

fn zucche() {
    use zucche_rules::Config;
    use zucche_rules::strategies::*;
    time("zucche pips", pips());
    time("zucche square", square());
    time("zucche board(4)", board(4));
    time("zucche any_move(4)", any_move(4));
    time("zucche config", config());
    time("zucche garbage_config", garbage_config());
    time("zucche games(4 players, 300)", games(Config::players(4), 300));
    time("zucche any_games", any_games());
    time("zucche games_with_checkers_in_hand", games_with_checkers_in_hand());
    time("zucche games_placing", games_placing());
    time("zucche games_with_a_frozen_board", games_with_a_frozen_board());
    time("zucche finished_games", finished_games());
    time("zucche game_and_legal_move", game_and_legal_move());
    time("zucche game_and_move_text", game_and_move_text());
    time("zucche game_and_move", game_and_move());
    time("zucche setups", setups());
    time("zucche garbage_setups", garbage_setups());
    time("zucche move_text", move_text());
    time("zucche board_setup_text", board_setup_text());
}

fn gonzago() {
    use gonzago_rules::strategies::*;
    use gonzago_rules::{Config, Deck, MatchMode};
    time("gonzago value", value());
    time("gonzago card", card());
    time("gonzago card_set", card_set());
    time("gonzago any_move", any_move());
    time("gonzago deck", deck());
    time("gonzago match_mode", match_mode());
    time("gonzago match_config", match_config());
    time("gonzago hands(120)", hands(120));
    time("gonzago hands_with_empty_stock", hands_with_empty_stock());
    time("gonzago finished_hands", finished_hands());
    time("gonzago hand_setups", hand_setups());
    time("gonzago garbage_hand_setups", garbage_hand_setups());
    time("gonzago matches(French points, 400)", matches(Config { deck: Deck::French, mode: MatchMode::Points }, 400));
    time("gonzago any_matches", any_matches());
    time("gonzago matches_near_21", matches_near_21());
    time("gonzago best_of_three_at_the_bella", best_of_three_at_the_bella());
    time("gonzago match_setups", match_setups());
    time("gonzago garbage_match_setups", garbage_match_setups());
    time("gonzago hand_and_legal_move", hand_and_legal_move());
    time("gonzago hand_and_move_text", hand_and_move_text());
    time("gonzago match_and_move_text", match_and_move_text());
    time("gonzago hand_and_move", hand_and_move());
    time("gonzago match_and_move", match_and_move());
    time("gonzago move_text", move_text());
}

fn camicia() {
    use camicia_rules::strategies::*;
    use camicia_rules::{Config, Preset};
    time("camicia preset", preset());
    time("camicia end_rule", end_rule());
    time("camicia deck", deck());
    time("camicia config", config());
    time("camicia garbage_config", garbage_config());
    time("camicia full_deals", full_deals());
    time("camicia analysis_deals", analysis_deals());
    time("camicia deal_text", deal_text());
    time("camicia games(Camicia, 400)", games(Config::new(Preset::Camicia), 400));
    time("camicia any_games", any_games());
    time("camicia games_paying", games_paying());
    time("camicia long_deals", long_deals());
    time("camicia loops", loops());
    time("camicia finished_games", finished_games());
    time("camicia game_and_move_text", game_and_move_text());
    time("camicia game_and_move", game_and_move());
    time("camicia setups", setups());
    time("camicia garbage_setups", garbage_setups());
}
