//! Loop detection over any engine: Brent's algorithm on the trick-boundary
//! states, exact.
//!
//!
//! Brent's algorithm over the trick-boundary states: the first 256 tricks
//! are played without any check (a typical game ends within them); a snapshot
//! is taken after 256, 512, 1024, ... tricks, and every later trick-boundary
//! state is compared with the last one (one word first, then the whole
//! state). When it repeats, the cycle length is known exactly; the deal is
//! then replayed from the start by two boards a cycle apart until they meet
//! at the first occurrence. Exact (states are compared in full, never
//! hashed), and cheap when there is no loop: nothing in the first 256
//! tricks, one comparison per trick after.

use crate::result::PlayResult;
use carte_core::Player;

/// One game engine: a board at a trick boundary that plays a trick at a
/// time. Two implementations: [`QBoard`] (fast, at most 31 attack cards)
/// and [`Board`] (any deal).
pub(crate) trait Engine: Clone {
    /// What the loop rule compares: the hands and who leads.
    type Position;
    fn position(&self) -> Self::Position;
    /// `true` when this engine is at position `p`.
    fn is_at(&self, p: &Self::Position) -> bool;
    /// `true` when both engines are at the same position.
    fn same_position(&self, other: &Self) -> bool;
    /// A word of the position that differs between most positions, to
    /// compare before the whole position.
    fn quick_key(&self) -> u64;
    /// Plays one trick; `Some(winner)` (0 = A) if the game ended in it.
    fn trick<const LIT: bool>(&mut self) -> Option<usize>;
    fn counts(&self) -> (u64, u64);
}

/// A position and who leads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Position2<P> {
    pub(crate) hands: [P; 2],
    pub(crate) leader: usize,
}

/// Tricks played before the first snapshot, without any comparison: a
/// typical game ends before, and loop detection costs it nothing. Later the gaps
/// between snapshots double, as Brent's algorithm requires (any schedule
/// whose gaps grow without bound finds every cycle, and the first match
/// after a snapshot inside the cycle is exactly one cycle later).
const FIRST_GAP: u64 = 256;

/// Plays `start` to its end, with Brent's cycle detection.
#[inline(always)]
pub(crate) fn run<const LIT: bool, E: Engine>(start: E) -> PlayResult {
    let mut board = start.clone();
    for _ in 0..FIRST_GAP {
        if let Some(winner) = board.trick::<LIT>() {
            return finished(winner, &board);
        }
    }
    let mut saved = board.position();
    let mut saved_key = board.quick_key();
    let mut power: u64 = FIRST_GAP;
    let mut lam: u64 = 0;
    loop {
        if let Some(winner) = board.trick::<LIT>() {
            return finished(winner, &board);
        }
        lam += 1;
        if board.quick_key() == saved_key && board.is_at(&saved) {
            return first_repeat::<LIT, E>(start, lam);
        }
        if lam == power {
            saved = board.position();
            saved_key = board.quick_key();
            power <<= 1;
            lam = 0;
        }
    }
}

/// The result of a game that `winner` (0 = A) won on `board`.
#[inline(always)]
fn finished<E: Engine>(winner: usize, board: &E) -> PlayResult {
    let winner = if winner == 0 { Player::A } else { Player::B };
    let (cards, tricks) = board.counts();
    PlayResult::Finished { winner, cards, tricks }
}

/// Given the exact cycle length in tricks, finds the first occurrence of
/// the repeated state by replaying the deal on two boards a cycle apart.
#[cold]
fn first_repeat<const LIT: bool, E: Engine>(start: E, cycle: u64) -> PlayResult {
    let mut slow = start.clone();
    let mut fast = start;
    for _ in 0..cycle {
        // The deal loops, so no trick of it ends the game.
        let _ = fast.trick::<LIT>();
    }
    while !slow.same_position(&fast) {
        let _ = slow.trick::<LIT>();
        let _ = fast.trick::<LIT>();
    }
    let ((cards, tricks), (lead_in_cards, lead_in_tricks)) = (fast.counts(), slow.counts());
    PlayResult::Loop {
        cards,
        tricks,
        cycle_cards: cards - lead_in_cards,
        cycle_tricks: tricks - lead_in_tricks,
        lead_in_cards,
        lead_in_tricks,
    }
}
