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

use zucche_rules::Config;
use zucche_rules::strategies::*;

#[test]
fn games_shrink() {
    shrinks_to("games", games(Config::players(8), 400), itself, 5);
    shrinks_to("any_games", any_games(), itself, 5);
}

#[test]
fn phases_shrink() {
    // A capture needs rolls and steps into contact (8 plies here); a
    // frozen board all of a player's checkers taken (569).
    shrinks_to("games_with_checkers_in_hand", games_with_checkers_in_hand(), itself, 10);
    shrinks_to("games_placing", games_placing(), itself, 10);
    shrinks_to("games_with_a_frozen_board", games_with_a_frozen_board(), itself, 650);
    shrinks_to("finished_games", finished_games(), itself, 5);
}

#[test]
fn games_with_a_move_shrink() {
    shrinks_to("game_and_legal_move", game_and_legal_move(), first, 5);
    shrinks_to("game_and_move", game_and_move(), first, 5);
    shrinks_to("game_and_move_text", game_and_move_text(), first, 5);
}
