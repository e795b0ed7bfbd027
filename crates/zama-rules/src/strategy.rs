//! A cheap rule-of-thumb player.
use rand::Rng;
use crate::{Zama, Move};
use carte_core::Game;
/// Placeholder.
pub fn heuristic_move<R: Rng + ?Sized>(game: &Zama, rng: &mut R) -> Move {
    game.random_move(rng).unwrap_or(Move::Pass)
}
