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

use camicia_rules::strategies::*;
use camicia_rules::{Config, Preset};

#[test]
fn games_shrink() {
    assert_shrinks("games", games(Config::new(Preset::Camicia), 400), 5);
    assert_shrinks("any_games", any_games(), 5);
}

#[test]
fn phases_shrink() {
    assert_shrinks("games_paying", games_paying(), 5);
    // A deal has no decisions: its length is the deal's. The shortest
    // found among a few thousand deals: a long deal (a game of a full
    // deck) that ended at 32 cards, an end at 32, a loop at 44.
    assert_shrinks("long_deals", long_deals(), 36);
    assert_shrinks("loops", loops(), 48);
    assert_shrinks("finished_games", finished_games(), 36);
}

#[test]
fn games_with_a_move_shrink() {
    assert_shrinks("game_and_move", game_and_move(), 5);
    assert_shrinks("game_and_move_text", game_and_move_text(), 5);
}
