//! Walk strategies shrink toward short walks (issue 23): a property that
//! fails on every walk of at least 3 plies is reported at a walk of at
//! most 5 plies, within 30 s; for a phase no walk reaches so soon, the
//! bound is the measured shortest walk found, with some room.
//!
//! Release only (shrinking replays thousands of walks):
//! `cargo test --release -p CRATE --features proptest --test shrink`.
#![cfg(not(debug_assertions))]

use std::time::Duration;

use carte_core::strategies::{Walk, shrunk};
use proptest::strategy::Strategy;

/// Shrinks a failure of `strategy` at 3 plies and checks that the minimal
/// case has at most `bound` plies, found within 30 s.
fn shrinks_to<G: carte_core::Game, T: std::fmt::Debug>(
    name: &str,
    strategy: impl Strategy<Value = T>,
    walk: impl Fn(&T) -> &Walk<G>,
    bound: usize,
) {
    let Some((minimal, time)) = shrunk(strategy, |case| walk(case).moves.len(), 3) else {
        // The property held: no walk of 256 is even 3 plies long.
        eprintln!("{name}: every walk of 256 is under 3 plies");
        return;
    };
    let plies = walk(&minimal).moves.len();
    eprintln!("{name}: shrunk to {plies} plies, seed {:?}, in {time:.1?}", walk(&minimal).seed);
    assert!(plies <= bound, "{name}: the minimal failing walk has {plies} plies: {minimal:?}");
    assert!(time < Duration::from_secs(30), "{name}: shrinking took {time:?}");
}

fn itself<G: carte_core::Game>(walk: &Walk<G>) -> &Walk<G> {
    walk
}

fn first<G: carte_core::Game, M>(case: &(Walk<G>, M)) -> &Walk<G> {
    &case.0
}

use camicia_rules::strategies::*;
use camicia_rules::{Config, Preset};

#[test]
fn games_shrink() {
    shrinks_to("games", games(Config::new(Preset::Camicia), 400), itself, 5);
    shrinks_to("any_games", any_games(), itself, 5);
}

#[test]
fn phases_shrink() {
    shrinks_to("games_paying", games_paying(), itself, 5);
    // A deal has no decisions: its length is the deal's. The shortest
    // found: a long deal that ended at 79 cards, a loop at 8, an end at 63.
    shrinks_to("long_deals", long_deals(), itself, 100);
    shrinks_to("loops", loops(), itself, 10);
    shrinks_to("finished_games", finished_games(), itself, 80);
}

#[test]
fn games_with_a_move_shrink() {
    shrinks_to("game_and_move", game_and_move(), first, 5);
    shrinks_to("game_and_move_text", game_and_move_text(), first, 5);
}
