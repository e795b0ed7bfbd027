//! Integer actions and views ([`ActionSpace`], [`Views`]) of [`Zucche`].
//!
//! # Action encoding
//!
//! With `n` boards (`players / 2`), board `b` from 0, a square `s` by
//! [`Square::index`] (`a1` = 0 … `h8` = 63) and the directions `d` = 0 up
//! (towards rank 8), 1 right (towards file `h`), 2 down, 3 left:
//!
//! | index | move |
//! |---|---|
//! | `320b + s` | `place` a checker from hand on `s` of board `b` |
//! | `320b + 64 + 4s + d` | step the checker on `s` of board `b` in direction `d`, as far as the die says |
//! | `320n` | `pass` |
//!
//! so `320n + 1` seat actions: 641 for 4 players, 1,281 for 8. The distance
//! of a step is the roll of the state, so [`ActionSpace::move_at`] of a step
//! gives no move before the die is rolled, and [`ActionSpace::action_index`]
//! of a step reads only its direction. Chance outcomes: `roll p` is `p − 1`
//! (6 outcomes).
//!
//! # Observation tensor
//!
//! Every seat sees everything; the tensor has one row of 142 entries per
//! board (shape `[n, 142]`):
//!
//! | entries | meaning |
//! |---|---|
//! | 0..64 | 1 for each White checker (by square index) |
//! | 64..128 | 1 for each Black checker |
//! | 128, 129 | checkers in White's hand, in Black's |
//! | 130 | 1 if White is to move on this board (0 for Black) |
//! | 131 | 1 if this board is playing now |
//! | 132..138 | one-hot roll (1..6) awaiting a move on this board |
//! | 138 | 1 if the board is frozen |
//! | 139, 140 | 1 if the observing seat plays White here, Black here |
//! | 141 | rounds played |
//!
//! # Game facts
//!
//! `players` seats; returns −1, 0, +1, zero-sum (the two teams have as many
//! seats). A board's turn is at most 8 placements, a roll and a move, so a
//! game lasts at most `10 × rounds × n` plies.

use core::fmt::Write as _;

use carte_core::{ActionError, ActionSpace, Actor, Game, GameFacts, Seat, ViewError, Views, transpose_4x16};

use crate::color::Color;
use crate::game::{Choices, Zucche};
use crate::moves::{Move, Pips};
use crate::player::BoardId;
use crate::square::{DESTINATIONS, Square};

/// Actions of one board: 64 placements, 64 × 4 steps.
const PER_BOARD: usize = 64 + 256;
/// Entries of one board's row of the tensor.
const ROW: usize = 142;
/// The most plies of one board's turn: 8 placements, a roll, a move.
const TURN_PLIES: u64 = 10;

/// (file, rank) steps of the four directions.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

#[inline]
fn direction(from: Square, to: Square) -> Option<usize> {
    let up = to.index() > from.index();
    if from == to {
        None
    } else if from.file() == to.file() {
        Some(if up { 0 } else { 2 })
    } else if from.rank() == to.rank() {
        Some(if up { 1 } else { 3 })
    } else {
        None
    }
}

/// The squares of the files `a` to the file `last` (from 0): bit `f` of
/// every rank's byte set for each `f` at most `last`.
const fn files_up_to(last: u32) -> u64 {
    0x0101_0101_0101_0101 * (0xFF >> (7 - last))
}

/// The checkers of `own` that can step exactly `pips` squares up, right,
/// down and left (directions 0 to 3) without landing on a friend: the
/// squares [`DESTINATIONS`] gives, as shifts of the board (`pips` from 1
/// to 6; no step for any other, as the table's empty rows 0 and 7).
#[inline(always)]
fn step_sets(own: u64, pips: u8) -> [u64; 4] {
    let p = u32::from(pips);
    if !(1..=6).contains(&p) {
        return [0; 4];
    }
    let free = !own;
    [
        own & free >> (8 * p),
        own & free >> p & files_up_to(7 - p),
        own & free << (8 * p),
        own & free << p & !files_up_to(p - 1),
    ]
}

/// The steps of `pips` squares on `board` (its player to move), or `pass`
/// if there is none: for each checker in increasing square order, its
/// destinations up, right, down and left (directions 0 to 3), each written
/// and counted by its bit in the checker's destinations (the squares `pips`
/// away along its file and rank, not held by a friend).
fn step_actions(game: &Zucche, board: BoardId, pips: Pips, out: &mut Vec<usize>) {
    let b = game.own_board(board);
    let own = b.checkers[b.to_move];
    let p = u32::from(pips.get());
    let table = &DESTINATIONS[usize::from(pips.get() & 7)];
    let first = PER_BOARD * board.index() + 64;
    let at = |dest: u64, sq: Option<u32>| sq.is_some_and(|sq| sq < 64 && dest >> sq & 1 == 1);
    out.resize(4 * own.count_ones() as usize, 0);
    let mut n = 0;
    let mut froms = own;
    while froms != 0 {
        let from = froms.trailing_zeros();
        froms &= froms - 1;
        let dest = table[from as usize] & !own;
        let base = first + 4 * from as usize;
        let targets = [from.checked_add(8 * p), from.checked_add(p), from.checked_sub(8 * p), from.checked_sub(p)];
        for (d, sq) in targets.into_iter().enumerate() {
            out[n] = base + d;
            n += usize::from(at(dest, sq));
        }
    }
    out.truncate(n);
    if n == 0 {
        out.push(PER_BOARD * game.num_boards());
    }
}

impl ActionSpace for Zucche {
    /// After a roll, straight from the checkers' bit board and the table of
    /// destinations (the steps of [`Zucche::for_each_move`], written in
    /// increasing order); otherwise from [`Zucche::for_each_move`], without
    /// listing moves (sorted only when the moves did not come in order).
    fn legal_actions(&self, _moves: &mut Vec<Move>, out: &mut Vec<usize>) {
        out.clear();
        if let (Some(board), Some(pips)) = (self.current_board(), self.roll()) {
            step_actions(self, board, pips, out);
            return;
        }
        let mut sorted = true;
        self.for_each_move(|mv| {
            if let Some(i) = self.action_index(mv) {
                sorted &= out.last().is_none_or(|&last| last < i);
                out.push(i);
            }
        });
        if !sorted {
            out.sort_unstable();
        }
    }

    /// Straight from the bit sets of the phase, without listing moves: the
    /// die's six faces in word 0; a board's placements, its free home
    /// squares, as its first word (a board's 320 actions start on a word,
    /// `5b`); its steps as the four sets of checkers that can step in each
    /// direction, shifted from the checkers and the squares they may land
    /// on (as the table of destinations has them), sixteen squares a word
    /// ([`transpose_4x16`]).
    #[inline]
    fn legal_action_bits(&self, _moves: &mut Vec<Move>, bits: &mut [u64]) -> Result<usize, ActionError> {
        let needed = self.action_space_len().div_ceil(64);
        if bits.len() < needed {
            return Err(ActionError::BitsTooShort { needed, got: bits.len() });
        }
        bits.fill(0);
        let n = match self.choices() {
            Choices::Nothing => 0,
            Choices::Die => {
                bits[0] = 0b11_1111;
                6
            }
            Choices::Places { board, free } => {
                bits[PER_BOARD / 64 * board.index()] = free;
                free.count_ones() as usize
            }
            Choices::Steps { board, own, roll } => {
                let sets = step_sets(own, roll);
                let first = (PER_BOARD * board.index() + 64) / 64;
                for (q, word) in bits[first..first + 4].iter_mut().enumerate() {
                    let part = |d: usize| (sets[d] >> (16 * q) & 0xFFFF) << (16 * d);
                    let steps = part(0) | part(1) | part(2) | part(3);
                    // Two ranks without a step stay zero.
                    if steps != 0 {
                        *word = transpose_4x16(steps);
                    }
                }
                let steps = sets.iter().map(|set| set.count_ones() as usize).sum();
                if steps == 0 {
                    let pass = PER_BOARD * self.num_boards();
                    bits[pass / 64] |= 1 << (pass % 64);
                    1
                } else {
                    steps
                }
            }
        };
        Ok(n)
    }

    fn legal_action_mask(&self, _moves: &mut Vec<Move>, mask: &mut [bool]) -> Result<usize, ActionError> {
        let needed = self.action_space_len();
        if mask.len() < needed {
            return Err(ActionError::MaskTooShort { needed, got: mask.len() });
        }
        mask.fill(false);
        let mut n = 0;
        self.for_each_move(|mv| {
            if let Some(slot) = self.action_index(mv).and_then(|i| mask.get_mut(i)) {
                *slot = true;
                n += 1;
            }
        });
        Ok(n)
    }

    fn num_actions(&self) -> usize {
        PER_BOARD * self.num_boards() + 1
    }

    fn max_chance_outcomes(&self) -> usize {
        6
    }

    #[inline]
    fn action_index(&self, mv: Move) -> Option<usize> {
        let boards = self.num_boards();
        match mv {
            Move::Roll { pips } => Some(usize::from(pips.get()) - 1),
            Move::Pass => Some(PER_BOARD * boards),
            Move::Place { board, to } if board.index() < boards => {
                Some(PER_BOARD * board.index() + usize::from(to.index()))
            }
            Move::Step { board, from, to } if board.index() < boards => {
                let d = direction(from, to)?;
                Some(PER_BOARD * board.index() + 64 + 4 * usize::from(from.index()) + d)
            }
            Move::Place { .. } | Move::Step { .. } => None,
        }
    }

    #[inline]
    fn move_at(&self, index: usize) -> Option<Move> {
        if self.actor() == Actor::Chance {
            return Pips::ALL.get(index).map(|&pips| Move::Roll { pips });
        }
        let boards = self.num_boards();
        if index == PER_BOARD * boards {
            return Some(Move::Pass);
        }
        if index > PER_BOARD * boards {
            return None;
        }
        let board = BoardId::from_index(index / PER_BOARD)?;
        let i = index % PER_BOARD;
        if i < 64 {
            return Some(Move::Place { board, to: Square::from_index(i as u8)? });
        }
        let (s, d) = ((i - 64) / 4, (i - 64) % 4);
        let from = Square::from_index(s as u8)?;
        let pips = i16::from(self.roll()?.get());
        let (df, dr) = DIRECTIONS[d];
        let file = i16::from(from.file()) + pips * i16::from(df);
        let rank = i16::from(from.rank()) + pips * i16::from(dr);
        let to = Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
        Some(Move::Step { board, from, to })
    }

    fn facts(&self) -> GameFacts {
        let boards = self.num_boards();
        let plies = TURN_PLIES.saturating_mul(u64::from(self.config().rounds)).saturating_mul(boards as u64);
        GameFacts::new(2 * boards, (-1.0, 1.0), true, plies, self.num_actions(), 6)
    }
}

impl Views for Zucche {
    /// `[boards, 142]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.num_boards(), ROW]
    }

    fn observation_len(&self) -> usize {
        self.num_boards() * ROW
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = self.player_at(seat);
        out.fill(0.0);
        let current = self.current_board();
        for (board, row) in BoardId::all(self.num_boards()).zip(out.chunks_exact_mut(ROW)) {
            let b = self.own_board(board);
            for (base, color) in [(0, Color::White), (64, Color::Black)] {
                let mut bits = b.checkers[color];
                while bits != 0 {
                    row[base + bits.trailing_zeros() as usize] = 1.0;
                    bits &= bits - 1;
                }
            }
            row[128] = b.hands[Color::White] as f32;
            row[129] = b.hands[Color::Black] as f32;
            row[130] = f32::from(u8::from(b.to_move == Color::White));
            if current == Some(board) {
                row[131] = 1.0;
                if let Some(p) = self.roll() {
                    row[131 + usize::from(p.get())] = 1.0;
                }
            }
            row[138] = f32::from(u8::from(self.is_frozen(board) == Some(true)));
            if let Some(me) = me.filter(|p| p.board == board) {
                row[if me.color() == Color::White { 139 } else { 140 }] = 1.0;
            }
            row[141] = self.round() as f32;
        }
        Ok(())
    }

    /// `A1 | round 3/120 | 1: <board> | 2: <board> | board 1 rolled 4`,
    /// each board in its [`BoardSetup`](crate::BoardSetup) notation.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        let me = self.player_at(seat).ok_or(carte_core::SeatError { seat: seat.index(), seats: self.num_seats() })?;
        let mut text = format!("{me} | round {}/{}", self.round(), self.config().rounds);
        for board in BoardId::all(self.num_boards()) {
            let _ = write!(text, " | {board}: {}", self.own_board(board));
            if self.is_frozen(board) == Some(true) {
                text.push_str(" frozen");
            }
        }
        match (self.current_board(), self.roll()) {
            (Some(board), Some(p)) => {
                let _ = write!(text, " | board {board} rolled {p}");
            }
            (Some(board), None) => {
                let _ = write!(text, " | board {board} to play");
            }
            (None, _) => {
                let _ = write!(text, " | over: {}", self.result().map_or(String::new(), |r| r.to_string()));
            }
        }
        Ok(text)
    }

    /// The move's notation, whoever played it (`roll 4`, `2:a1-a4`): the
    /// game has no hidden information, so each seat sees every move and
    /// every roll, and they settle the rest.
    fn write_ply_token(&self, seat: Seat, mv: Move, _after: &Zucche, out: &mut String) -> Result<(), ViewError> {
        if self.player_at(seat).is_none() {
            return Err(carte_core::SeatError { seat: seat.index(), seats: self.num_seats() }.into());
        }
        let _ = write!(out, "{mv}");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    /// F8, F9, F10: a checker on (file, rank) can step `pips` squares in a
    /// direction exactly when the square that far along its file or rank
    /// is on the board and holds no friend, whatever lies between. Written
    /// from coordinates, for every square of many sets of checkers.
    #[test]
    fn step_sets_are_the_checkers_that_can_step_each_way() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut owns = vec![0, u64::MAX, 0xFF, 0xFF << 56, 0x8100_0000_0000_0081];
        for _ in 0..200 {
            // SplitMix64 steps, thinned to about a quarter of the squares.
            let mut next = || {
                x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let z = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            };
            owns.push(next() & next());
        }
        for own in owns {
            for pips in 0..=8u8 {
                let sets = step_sets(own, pips);
                for sq in 0..64i32 {
                    let (file, rank) = (sq % 8, sq / 8);
                    let p = i32::from(pips);
                    let ways = [(file, rank + p), (file + p, rank), (file, rank - p), (file - p, rank)];
                    for (d, (f, r)) in ways.into_iter().enumerate() {
                        let lands = (0..8).contains(&f) && (0..8).contains(&r) && own >> (f + 8 * r) & 1 == 0;
                        let expected = (1..=6).contains(&pips) && own >> sq & 1 == 1 && lands;
                        assert_eq!(
                            sets[d] >> sq & 1 == 1,
                            expected,
                            "own {own:#x} pips {pips} square {sq} direction {d}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sizes_follow_the_board_count() {
        for (players, actions) in [(4, 641), (8, 1281)] {
            let game = Zucche::new(&Config::players(players)).unwrap();
            assert_eq!(game.num_actions(), actions);
            assert_eq!(game.observation_shape(), vec![players / 2, ROW]);
        }
    }

    #[test]
    fn a_step_is_its_square_and_direction_at_the_roll() {
        let mut game = Zucche::new(&Config::default()).unwrap();
        game.apply("roll 3".parse().unwrap()).unwrap();
        let mv: Move = "1:c1-c4".parse().unwrap();
        let i = game.action_index(mv).unwrap();
        assert_eq!(i, 64 + 4 * 2);
        assert_eq!(game.move_at(i), Some(mv));
        // Leftwards from a1 leaves the board.
        assert_eq!(game.move_at(64 + 3), None);
    }
}
