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

use zucche_rules::Config;
use zucche_rules::strategies::*;

#[test]
fn games_shrink() {
    assert_shrinks("games", games(Config::players(8), 400), 5);
    assert_shrinks("any_games", any_games(), 5);
}

#[test]
fn phases_shrink() {
    // A capture needs rolls and steps into contact (6 plies here, 8 to a
    // placement owed); a frozen board all of a player's checkers taken
    // (111).
    assert_shrinks("games_with_checkers_in_hand", games_with_checkers_in_hand(), 7);
    assert_shrinks("games_placing", games_placing(), 9);
    assert_shrinks("games_with_a_frozen_board", games_with_a_frozen_board(), 125);
    assert_shrinks("finished_games", finished_games(), 5);
}

#[test]
fn games_with_a_move_shrink() {
    assert_shrinks("game_and_legal_move", game_and_legal_move(), 5);
    assert_shrinks("game_and_move", game_and_move(), 5);
    assert_shrinks("game_and_move_text", game_and_move_text(), 5);
}
