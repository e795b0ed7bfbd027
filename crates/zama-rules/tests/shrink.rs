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

use zama_rules::Config;
use zama_rules::strategies::*;

#[test]
fn games_shrink() {
    assert_shrinks("games", games(Config::new().with_players(4), 300), 5);
    assert_shrinks("any_games", any_games(), 5);
}

#[test]
fn phases_shrink() {
    assert_shrinks("games_shifting", games_shifting(), 5);
    assert_shrinks("games_peeking", games_peeking(), 5);
    // A pass needs a seat left without an attack, after many removals:
    // 122 plies here (384 before the walk tree searched other deals).
    assert_shrinks("games_after_a_pass", games_after_a_pass(), 135);
    assert_shrinks("finished_games", finished_games(), 5);
}

#[test]
fn games_with_a_move_shrink() {
    assert_shrinks("game_and_legal_move", game_and_legal_move(), 5);
    assert_shrinks("game_and_move", game_and_move(), 5);
    assert_shrinks("game_and_move_text", game_and_move_text(), 5);
}
