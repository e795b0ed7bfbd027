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

use gonzago_rules::strategies::*;
use gonzago_rules::{Config, Deck, MatchMode};

#[test]
fn hands_and_matches_shrink() {
    shrinks_to("hands", hands(120), itself, 5);
    shrinks_to("matches", matches(Config { deck: Deck::French, mode: MatchMode::Points }, 400), itself, 5);
    shrinks_to("any_matches", any_matches(), itself, 5);
}

#[test]
fn phases_shrink() {
    // These phases take more than 5 plies: the stock of 32 empties after
    // 32 draws (33 plies here), a hand ends after some plays (20), 15
    // points take several hands (321), the bella two won hands (453).
    shrinks_to("hands_with_empty_stock", hands_with_empty_stock(), itself, 40);
    shrinks_to("finished_hands", finished_hands(), itself, 30);
    shrinks_to("matches_near_21", matches_near_21(), itself, 400);
    shrinks_to("best_of_three_at_the_bella", best_of_three_at_the_bella(), itself, 500);
}

#[test]
fn hands_with_a_move_shrink() {
    shrinks_to("hand_and_legal_move", hand_and_legal_move(), first, 5);
    shrinks_to("hand_and_move", hand_and_move(), first, 5);
    shrinks_to("hand_and_move_text", hand_and_move_text(), first, 5);
    shrinks_to("match_and_move", match_and_move(), first, 5);
    shrinks_to("match_and_move_text", match_and_move_text(), first, 5);
}
