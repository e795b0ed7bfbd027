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

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine whose trick-boundary states follow a chosen shape: states
    /// 0, 1, ... `lead_in - 1` once each, then `cycle` states around and
    /// around; the game is won by A at trick `end`. Two cards a trick.
    #[derive(Clone)]
    struct Rho {
        trick: u64,
        lead_in: u64,
        cycle: u64,
        end: u64,
        /// A quick key that tells nothing (every state the same key).
        blind_key: bool,
    }

    impl Rho {
        fn state(&self) -> u64 {
            if self.trick < self.lead_in { self.trick } else { self.lead_in + (self.trick - self.lead_in) % self.cycle }
        }
    }

    impl Engine for Rho {
        type Position = u64;
        fn position(&self) -> u64 {
            self.state()
        }
        fn is_at(&self, p: &u64) -> bool {
            self.state() == *p
        }
        fn same_position(&self, other: &Rho) -> bool {
            self.state() == other.state()
        }
        fn quick_key(&self) -> u64 {
            if self.blind_key { 0 } else { self.state() % 7 }
        }
        fn trick<const LIT: bool>(&mut self) -> Option<usize> {
            self.trick += 1;
            (self.trick == self.end).then_some(0)
        }
        fn counts(&self) -> (u64, u64) {
            (2 * self.trick, self.trick)
        }
    }

    /// C18, C19: a repeated state is reported, with its exact lead-in and
    /// cycle, however long the lead-in and the cycle are: before the first
    /// snapshot, across the doubling gaps, and far past them (no deal of the
    /// tests has a lead-in of more than a few tricks). The game would end at
    /// trick `end` if the repeat were missed.
    #[test]
    fn every_repeat_is_found_whatever_the_lead_in_and_the_cycle() {
        let lead_ins = [0, 1, 2, 100, 255, 256, 257, 511, 512, 513, 767, 768, 1000, 4096, 5000, 70_000];
        let cycles = [1, 2, 3, 255, 256, 257, 1000, 4097, 20_000];
        for lead_in in lead_ins {
            for cycle in cycles {
                for blind_key in [false, true] {
                    let end = 4 * (lead_in + cycle) + 1_000;
                    let start = Rho { trick: 0, lead_in, cycle, end, blind_key };
                    let tricks = lead_in + cycle;
                    assert_eq!(
                        run::<false, _>(start),
                        PlayResult::Loop {
                            cards: 2 * tricks,
                            tricks,
                            cycle_cards: 2 * cycle,
                            cycle_tricks: cycle,
                            lead_in_cards: 2 * lead_in,
                            lead_in_tricks: lead_in,
                        },
                        "lead-in {lead_in}, cycle {cycle}"
                    );
                }
            }
        }
    }

    /// C18: a game that never repeats a state is played to its end.
    #[test]
    fn a_game_without_a_repeat_is_played_to_its_end() {
        for end in [1, 255, 256, 257, 1_000, 100_000] {
            let start = Rho { trick: 0, lead_in: u64::MAX, cycle: 1, end, blind_key: true };
            assert_eq!(run::<false, _>(start), PlayResult::Finished { winner: Player::A, cards: 2 * end, tricks: end });
        }
    }
}
