//! Walk strategies shrink toward short walks (issue 23): a property that
//! fails on every walk of at least 3 plies is reported at a walk of at
//! most 5 plies, within 30 s. A phase walk shrinks by a search of other
//! deals for a shorter way in (carte-core's walk tree); for a phase that
//! takes more than 5 plies to reach, the bound is the walk it shrinks to
//! (the runner is deterministic), with a little room.
//!
//! Release only (shrinking replays thousands of walks):
//! `cargo test --release -p CRATE --features proptest --test shrink`.
#![cfg(not(debug_assertions))]

use carte_core::strategies::assert_shrinks;

use gonzago_rules::strategies::*;
use gonzago_rules::{Config, Deck, MatchMode};

#[test]
fn hands_and_matches_shrink() {
    assert_shrinks("hands", hands(120), 5);
    assert_shrinks("matches", matches(Config { deck: Deck::French, mode: MatchMode::Points }, 400), 5);
    assert_shrinks("any_matches", any_matches(), 5);
}

#[test]
fn phases_shrink() {
    assert_shrinks("finished_hands", finished_hands(), 5);
    // These phases take more than 5 plies: the stock of 32 (G7) empties
    // after the lead and 32 draws (G8, G12), 33 plies, the least any hand
    // takes; 15 points take several hands (44 plies), the bella two won
    // hands (12).
    assert_shrinks("hands_with_empty_stock", hands_with_empty_stock(), 33);
    assert_shrinks("matches_near_21", matches_near_21(), 50);
    assert_shrinks("best_of_three_at_the_bella", best_of_three_at_the_bella(), 14);
}

#[test]
fn hands_with_a_move_shrink() {
    assert_shrinks("hand_and_legal_move", hand_and_legal_move(), 5);
    assert_shrinks("hand_and_move", hand_and_move(), 5);
    assert_shrinks("hand_and_move_text", hand_and_move_text(), 5);
    assert_shrinks("match_and_move", match_and_move(), 5);
    assert_shrinks("match_and_move_text", match_and_move_text(), 5);
}
