//! Walk strategies shrink toward short walks (issue 23): a property that
//! fails on every walk of at least 3 plies is reported at a walk of at
//! most 5 plies, within 30 s; for a phase no walk reaches so soon, the
//! bound is the measured shortest walk found, with some room.
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
    // found: a long deal that ended at 79 cards, a loop at 47 (the seed
    // shrinks only through deals that loop), an end at 63.
    assert_shrinks("long_deals", long_deals(), 100);
    assert_shrinks("loops", loops(), 60);
    assert_shrinks("finished_games", finished_games(), 80);
}

#[test]
fn games_with_a_move_shrink() {
    assert_shrinks("game_and_move", game_and_move(), 5);
    assert_shrinks("game_and_move_text", game_and_move_text(), 5);
}
