//! Walk strategies shrink toward short walks (issue 23): a property that
//! fails on every walk of at least 3 plies is reported at a walk of at
//! most 5 plies, within 30 s; for a phase no walk reaches so soon, the
//! bound is the measured shortest walk found, with some room.
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
    // These phases take more than 5 plies: the stock of 32 empties after
    // 32 draws (33 plies here), a hand ends after some plays (65: the
    // seed does not shrink once the ply count is cut to the hand's
    // length), 15 points take several hands (187), the bella two won
    // hands (332).
    assert_shrinks("hands_with_empty_stock", hands_with_empty_stock(), 40);
    assert_shrinks("finished_hands", finished_hands(), 100);
    assert_shrinks("matches_near_21", matches_near_21(), 400);
    assert_shrinks("best_of_three_at_the_bella", best_of_three_at_the_bella(), 500);
}

#[test]
fn hands_with_a_move_shrink() {
    assert_shrinks("hand_and_legal_move", hand_and_legal_move(), 5);
    assert_shrinks("hand_and_move", hand_and_move(), 5);
    assert_shrinks("hand_and_move_text", hand_and_move_text(), 5);
    assert_shrinks("match_and_move", match_and_move(), 5);
    assert_shrinks("match_and_move_text", match_and_move_text(), 5);
}
