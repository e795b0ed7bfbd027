//! Integer actions and views ([`ActionSpace`], [`Views`]) of [`Zama`].
//!
//! # Action encoding
//!
//! With `C` cells on the board (by [`Square::index`], `a1` = 0, file by
//! file then rank by rank) and the directions `d` = 0 up (towards the last
//! rank), 1 right (towards file `m`), 2 down, 3 left:
//!
//! | index | move |
//! |---|---|
//! | `4c + d` | attack from cell `c` onto its neighbour in direction `d` |
//! | `4C + 4c + d` | shift the card on `c` into its neighbour in direction `d` |
//! | `8C + c` | `peek` at cell `c` |
//! | `9C` | `end` the shifts or peeks |
//! | `9C + 1` | `pass` |
//!
//! so `9C + 2` actions: 938 on the two-player board (`C` = 104 cells), 1,874
//! on the four-player board (`C` = 208). There is no chance node (the deal
//! comes from the seed).
//!
//! # Observation tensor
//!
//! `S` seats, counted from the observer (`k` = 0 the observer, 1 the next
//! seat, …). The first `P × C` entries are `P = 2S + 54` planes of one
//! entry per cell (reshape as `[P, ranks, files]`), then `G = 6 + 54S`
//! global entries: shape `[P × C + G]`, 6,146 for two players and 13,118
//! for four.
//!
//! | plane / entry | meaning |
//! |---|---|
//! | planes `0..S` | 1 where the card's back is of seat `k` |
//! | planes `S..S+52` | the card's identity one-hot by [`FRENCH_52`](carte_core::FRENCH_52) index, when the observer knows it |
//! | plane `S+52` | 1 for a face-up K♠ |
//! | planes `S+53..2S+52` | 1 where seat `k` (1..S) knows the card |
//! | plane `2S+52` | 1 for the cards already shifted in this sequence |
//! | plane `2S+53` | 1 for the cell peeked first in this peek phase |
//! | globals `0..4` | phase one-hot: attack, shifts, peeks, over |
//! | globals `4..4+S` | seat `k` to move, one-hot |
//! | global `4+S` | passes just made in a row |
//! | global `5+S` | plies without a removal |
//! | globals `6+S+52k..6+S+52(k+1)` | 1 for each removed card of seat `k`'s deck, by [`FRENCH_52`](carte_core::FRENCH_52) index |
//! | globals `6+53S..6+54S` | always 0: a seat is out of the game exactly when its K♥ is among its removed cards (Z59, Z60: all of its cards leave the board) |
//!
//! The tensor is mostly zeros: about 150 entries are set on average with two
//! players, 365 with four. [`Views::observation_tensor_sparse`] writes only
//! those and lists them, so that a reused buffer (a `VectorGame` row) is
//! rewritten by zeroing the last tensor's entries and setting the new ones.
//!
//! # Game facts
//!
//! Two or four seats, returns −1 / 0 / +1; zero-sum with two seats (with
//! four the winner's +1 meets three −1s). With two seats at most 100 cards
//! can leave the board (the K♠s and K♥s never do), with four at most 208
//! (an elimination takes a seat's kings too), and at most
//! `no_removal_limit` plies pass between removals, so a game lasts at most
//! `101 × (no_removal_limit + 1)` plies with two seats, `209 ×
//! (no_removal_limit + 1)` with four. On the four-player board `C` = 208
//! (1,874 actions).

use core::fmt::Write as _;

use carte_core::{ActionError, ActionSpace, Game, GameFacts, HiddenInfo, Seat, ViewError, Views, transpose_4x16};

use crate::bits::{Four, Geometry, U256};
use crate::game::Zama;
use crate::moves::Move;
use crate::observation::Observation;
use crate::phase::Phase;
use crate::player::Player;
use crate::square::Square;

/// (file, rank) steps of the four directions.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Cards that can leave the board: all but each seat's K♠ and K♥.
const REMOVABLE_PER_SEAT: u64 = 50;

impl Zama {
    /// Cells on this game's board.
    #[inline]
    fn cell_count(&self) -> usize {
        crate::square::cells_of_board(self.players())
    }

    /// Seats of this game.
    #[inline]
    fn seat_count(&self) -> usize {
        self.players()
    }
}

/// The direction from `from` to the neighbouring `to`.
#[inline]
fn direction(from: Square, to: Square) -> Option<usize> {
    // By index difference (cells are numbered file by file, rank by rank);
    // a step of one index is a neighbour only on the same rank.
    let files = usize::from(Square::FILES);
    let (f, t) = (from.index(), to.index());
    if t == f + files {
        Some(0)
    } else if t == f + 1 && to.rank() == from.rank() {
        Some(1)
    } else if t + files == f {
        Some(2)
    } else if t + 1 == f && to.rank() == from.rank() {
        Some(3)
    } else {
        None
    }
}

/// The neighbour of `from` in direction `d` on a board of `cells` cells.
fn neighbour(from: Square, d: usize, cells: usize) -> Option<Square> {
    let (df, dr) = DIRECTIONS[d];
    let file = u8::try_from(i16::from(from.file()) + i16::from(df)).ok()?;
    let rank = u8::try_from(i16::from(from.rank()) + i16::from(dr)).ok()?;
    Square::new(file, rank).filter(|sq| sq.index() < cells)
}

/// The words of the `src` cells whose neighbour in direction `d` (up,
/// right, down, left) is a `dst` cell, within `board`.
#[inline(always)]
fn step_words(src: U256, dst: U256, board: U256) -> [[u64; 4]; 4] {
    let files = u32::from(Square::FILES);
    [
        (src & dst.shr(files)).words(),
        (src & dst.shr(1) & <Four as Geometry>::NOT_FILE_M).words(),
        (src & dst.shl(files) & board).words(),
        (src & dst.shl(1) & <Four as Geometry>::NOT_FILE_A).words(),
    ]
}

/// Appends `base + 4f + d`, ascending, for every `src` cell `f` whose
/// neighbour in direction `d` is a `dst` cell (both within `board`): the
/// indices the engine's `mark_steps` marks. Word by word, each cell with a step at
/// once: its four candidates are written and the count advanced by the
/// bits (no branch per direction).
#[inline]
fn push_steps(src: U256, dst: U256, board: U256, base: usize, out: &mut Vec<usize>) {
    let [up, right, down, left] = step_words(src, dst, board);
    let mut n = out.len();
    for k in 0..4 {
        let [a0, a1, a2, a3] = [up[k], right[k], down[k], left[k]];
        let mut any = a0 | a1 | a2 | a3;
        if any == 0 {
            continue;
        }
        out.resize(n + 4 * any.count_ones() as usize, 0);
        while any != 0 {
            let b = any.trailing_zeros();
            let first = base + 4 * (64 * k + b as usize);
            for (d, word) in [a0, a1, a2, a3].into_iter().enumerate() {
                out[n] = first + d;
                n += (word >> b & 1) as usize;
            }
            any &= any - 1;
        }
    }
    out.truncate(n);
}

/// As [`push_steps`], into `list` from entry `n` on and into `mask`, in one
/// pass: sixteen cells at a time, the four directions' bits interleaved
/// into the word of their 64 actions (`4f + d`, by [`transpose_4x16`]),
/// then each action of the word written; returns the new count.
#[inline]
fn list_steps(
    src: U256,
    dst: U256,
    board: U256,
    base: usize,
    list: &mut [u16],
    mask: &mut [bool],
    mut n: usize,
) -> usize {
    let [up, right, down, left] = step_words(src, dst, board);
    for k in 0..4 {
        if up[k] | right[k] | down[k] | left[k] == 0 {
            continue;
        }
        for q in 0..4 {
            let at = 16 * q;
            let chunk = |word: u64, d: u32| (word >> at & 0xFFFF) << (16 * d);
            let mut actions =
                transpose_4x16(chunk(up[k], 0) | chunk(right[k], 1) | chunk(down[k], 2) | chunk(left[k], 3));
            let first = base + 4 * (64 * k + at);
            while actions != 0 {
                let a = first + actions.trailing_zeros() as usize;
                // Below 65,536 (the caller checked the range).
                list[n] = a as u16;
                mask[a] = true;
                n += 1;
                actions &= actions - 1;
            }
        }
    }
    n
}

impl ActionSpace for Zama {
    /// Straight from the board's bit sets in the attack and shift phases,
    /// without listing moves (nor sorting them).
    fn legal_actions(&self, moves: &mut Vec<Move>, out: &mut Vec<usize>) {
        out.clear();
        let c = self.cell_count();
        let occupied = self.occupied_cells().bits::<U256>();
        let board = U256::low_bits(c as u32);
        match self.phase() {
            Phase::Over(_) => {}
            Phase::Attack => {
                let own = self.cells_of(self.to_move()).bits::<U256>();
                push_steps(own, occupied & !own, board, 0, out);
                if out.is_empty() {
                    out.push(9 * c + 1);
                }
            }
            Phase::Shift { shifted } => {
                push_steps(occupied & !shifted.bits::<U256>(), board & !occupied, board, 4 * c, out);
                // `end` (9C) is above every shift (4C..8C).
                out.push(9 * c);
            }
            Phase::Peek { .. } => {
                self.legal_moves(moves);
                out.extend(moves.iter().filter_map(|&mv| self.action_index(mv)));
                out.sort_unstable();
            }
        }
    }

    /// Straight from the board's bit sets in the attack and shift phases,
    /// in the board's own width, without listing moves.
    fn legal_action_mask(&self, moves: &mut Vec<Move>, mask: &mut [bool]) -> Result<usize, ActionError> {
        let needed = self.num_actions();
        if mask.len() < needed {
            return Err(ActionError::MaskTooShort { needed, got: mask.len() });
        }
        mask.fill(false);
        if let Some(n) = self.mark_actions(mask) {
            return Ok(n);
        }
        // The peek phase.
        self.legal_moves(moves);
        for &mv in moves.iter() {
            if let Some(i) = self.action_index(mv) {
                mask[i] = true;
            }
        }
        Ok(moves.len())
    }

    /// Straight from the board's bit sets in every phase, sixteen cells
    /// a word (no move listed, no branch a move).
    #[inline]
    fn legal_action_bits(&self, _moves: &mut Vec<Move>, bits: &mut [u64]) -> Result<usize, ActionError> {
        let needed = self.num_actions().div_ceil(64);
        if bits.len() < needed {
            return Err(ActionError::BitsTooShort { needed, got: bits.len() });
        }
        bits.fill(0);
        Ok(self.mark_action_bits(bits))
    }

    /// Straight from the board's bit sets in the attack and shift phases,
    /// the list and the mask in one pass.
    fn legal_actions_and_mask(
        &self,
        moves: &mut Vec<Move>,
        _scratch: &mut Vec<usize>,
        list: &mut [u16],
        mask: &mut [bool],
    ) -> Result<usize, ActionError> {
        let c = self.cell_count();
        ActionError::check_list(self.num_actions(), list.len(), mask.len())?;
        mask.fill(false);
        let occupied = self.occupied_cells().bits::<U256>();
        let board = U256::low_bits(c as u32);
        // Actions below 1,874.
        let put = |list: &mut [u16], mask: &mut [bool], n: usize, action: usize| {
            list[n] = action as u16;
            mask[action] = true;
            n + 1
        };
        Ok(match self.phase() {
            Phase::Over(_) => 0,
            Phase::Attack => {
                let own = self.cells_of(self.to_move()).bits::<U256>();
                match list_steps(own, occupied & !own, board, 0, list, mask, 0) {
                    0 => put(list, mask, 0, 9 * c + 1),
                    n => n,
                }
            }
            Phase::Shift { shifted } => {
                let n = list_steps(occupied & !shifted.bits::<U256>(), board & !occupied, board, 4 * c, list, mask, 0);
                // `end` (9C) is above every shift (4C..8C).
                put(list, mask, n, 9 * c)
            }
            Phase::Peek { .. } => {
                self.legal_moves(moves);
                let mut n = 0;
                for &mv in moves.iter() {
                    if let Some(i) = self.action_index(mv) {
                        n = put(list, mask, n, i);
                    }
                }
                list[..n].sort_unstable();
                n
            }
        })
    }

    fn num_actions(&self) -> usize {
        9 * self.cell_count() + 2
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    #[inline]
    fn action_index(&self, mv: Move) -> Option<usize> {
        let c = self.cell_count();
        let on = |sq: Square| sq.index() < c;
        match mv {
            Move::Attack { from, to } if on(from) && on(to) => Some(4 * from.index() + direction(from, to)?),
            Move::Shift { from, to } if on(from) && on(to) => Some(4 * c + 4 * from.index() + direction(from, to)?),
            Move::Peek { at } if on(at) => Some(8 * c + at.index()),
            Move::Attack { .. } | Move::Shift { .. } | Move::Peek { .. } => None,
            Move::End => Some(9 * c),
            Move::Pass => Some(9 * c + 1),
        }
    }

    #[inline]
    fn move_at(&self, index: usize) -> Option<Move> {
        let c = self.cell_count();
        let step = |i: usize| {
            let from = Square::from_index(i / 4)?;
            Some((from, neighbour(from, i % 4, c)?))
        };
        match index {
            i if i < 4 * c => step(i).map(|(from, to)| Move::Attack { from, to }),
            i if i < 8 * c => step(i - 4 * c).map(|(from, to)| Move::Shift { from, to }),
            i if i < 9 * c => Square::from_index(i - 8 * c).map(|at| Move::Peek { at }),
            i if i == 9 * c => Some(Move::End),
            i if i == 9 * c + 1 => Some(Move::Pass),
            _ => None,
        }
    }

    fn facts(&self) -> GameFacts {
        let seats = self.seat_count();
        let removals = REMOVABLE_PER_SEAT * seats as u64;
        // With four seats an elimination also removes a K♠ and a K♥.
        let removals = if seats == 2 { removals } else { 52 * seats as u64 };
        let plies = (removals + 1).saturating_mul(u64::from(self.config().no_removal_limit) + 1);
        GameFacts::new(seats, (-1.0, 1.0), seats == 2, plies, self.num_actions(), 0)
    }
}

/// Planes of one entry per cell, for `seats` seats.
const fn planes(seats: usize) -> usize {
    2 * seats + 54
}

/// Global entries, for `seats` seats.
const fn globals(seats: usize) -> usize {
    6 + 54 * seats
}

fn color_of(game: &Zama, seat: Seat) -> Result<Player, ViewError> {
    Ok(game.color_of_seat(seat)?)
}

/// Seat `color` counted from `me` (the tests' tensor from the observation).
#[cfg(test)]
fn relative(me: Player, color: Player, seats: usize) -> usize {
    (color.index() + seats - me.index()) % seats
}

fn observe(game: &Zama, seat: Seat) -> Result<(Player, Observation), ViewError> {
    let me = color_of(game, seat)?;
    Ok((me, game.observation(seat)?))
}

impl Views for Zama {
    /// `[P × C + G]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.observation_len()]
    }

    fn observation_len(&self) -> usize {
        let s = self.seat_count();
        planes(s) * self.cell_count() + globals(s)
    }

    /// Straight from the game's bit sets (what [`Observation`] would show,
    /// without building it: no allocation).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = color_of(self, seat)?;
        out.fill(0.0);
        self.tensor_entries(me, |i, v| out[i] = v);
        Ok(())
    }

    /// Only the entries the cards, the phase and the counters set: in
    /// random play at most about 180 of the 6,146 entries with two players,
    /// 460 of the 13,118 with four.
    fn observation_tensor_sparse(&self, seat: Seat, out: &mut [f32], nonzero: &mut Vec<u32>) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = color_of(self, seat)?;
        // Room for every entry that can be set, so that no push grows the
        // list: per card its back, identity, face-up and the other seats'
        // knowledge (at most S + 2 a cell), the shifted cells, the removed
        // cards, the globals.
        let (s, c) = (self.seat_count(), self.cell_count());
        nonzero.reserve((s + 3) * c + 52 * s + 8);
        self.tensor_entries(me, |i, v| {
            out[i] = v;
            // Below 13,118.
            nonzero.push(i as u32);
        });
        Ok(())
    }

    /// Only the entries that differ from what `out` holds (see the
    /// `tensor` module): a few dozen a ply, but a seat's backs when the
    /// seat to act changes.
    fn observation_tensor_update(&self, seat: Seat, out: &mut [f32], memo: &mut Vec<u64>) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = color_of(self, seat)?;
        self.tensor_update(me, out, memo);
        Ok(())
    }

    /// `Red | attack | Red to move | passes 0 | quiet 3 | cells … | removed
    /// Red: 5h | removed Blue: -`, each cell as `.` (empty) or its back
    /// letter and the card if known (`r?`, `bKs`), `*` for face up and the
    /// letters of the other seats that know it; after the phase the shifted
    /// or peeked cells.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        let (me, obs) = observe(self, seat)?;
        let mut text = format!(
            "{me} | {} | {} to move | passes {} | quiet {} |",
            obs.phase(),
            obs.to_move(),
            obs.passes(),
            obs.quiet_plies()
        );
        match obs.phase() {
            Phase::Shift { shifted } => {
                for sq in shifted.iter() {
                    let _ = write!(text, " shifted {sq}");
                }
                text.push_str(" |");
            }
            Phase::Peek { peeked: Some(sq) } => {
                let _ = write!(text, " peeked {sq} |");
            }
            _ => {}
        }
        for sq in self.squares() {
            text.push(' ');
            match obs.cell(sq) {
                None => text.push('.'),
                Some(view) => {
                    text.push(view.back.letter());
                    match view.card {
                        Some(card) => {
                            let _ = write!(text, "{card:#}");
                        }
                        None => text.push('?'),
                    }
                    if view.face_up {
                        text.push('*');
                    }
                    for color in view.known_by.iter().filter(|&k| k != me) {
                        text.push(color.letter());
                    }
                }
            }
        }
        for &color in self.seats() {
            let removed: Vec<String> = obs.removed(color).iter().map(|c| format!("{c:#}")).collect();
            let list = if removed.is_empty() { "-".to_owned() } else { removed.join(" ") };
            let _ = write!(text, " | removed {color}: {list}");
        }
        Ok(text)
    }

    /// Straight from the game, what the observation string shows (no
    /// string built): word by word, FNV-1a-like, the seat, the phase and
    /// its cells, who moves, the passes and quiet plies, each cell (its
    /// back, its card if the seat knows it, face up, who knows it) and the
    /// removed cards of each seat as a set.
    fn observation_digest(&self, seat: Seat) -> Result<u64, ViewError> {
        let me = color_of(self, seat)?;
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut add = |x: u64| h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(29);
        add(me.index() as u64);
        match self.phase() {
            Phase::Attack => add(1),
            Phase::Shift { shifted } => {
                add(2);
                shifted.iter().for_each(|sq| add(sq.index() as u64));
            }
            Phase::Peek { peeked } => {
                add(3);
                add(peeked.map_or(u64::MAX, |sq| sq.index() as u64));
            }
            Phase::Over(_) => {
                add(4);
                add(carte_core::fnv1a(self.phase().to_string().as_bytes()));
            }
        }
        add(self.to_move().index() as u64);
        add(u64::from(self.passes()));
        add(u64::from(self.quiet_plies()));
        for sq in self.squares() {
            let Some(card) = self.card_at(sq) else {
                add(0);
                continue;
            };
            let known_by = self.known_by(sq);
            let face = if known_by.contains(me) { card.card().index() as u64 + 1 } else { 0 };
            let others: u64 = known_by.without(me).iter().map(|p| 1 << p.index()).sum();
            add((1 + card.owner().index() as u64)
                | (face << 8)
                | (u64::from(self.is_face_up(sq)) << 16)
                | (others << 24));
        }
        let mut removed = [0u64; 4];
        for card in self.removed() {
            removed[card.owner().index()] |= 1 << card.card().index();
        }
        removed.into_iter().for_each(&mut add);
        Ok(h)
    }

    /// Every move is public (Z10, Z18, Z26, Z39): the token is the move,
    /// with the cards the ply shows the seat. `c4xd4=7h/Ks`: an attack and
    /// its two cards, shown to every seat (Z10, Z66); `?f6=Qd`: the seat's
    /// own peek and the card (Z22); `?f6`: another seat's peek, whose cell
    /// only is seen (Z26, Z67); `c4-c5`, `end`, `pass`. The rest of the
    /// seat's next view follows from its view before and these (Z39, Z40:
    /// what is known stays known wherever a shift moves it, and the cards
    /// that leave the board are the ones the battle showed, or all of an
    /// eliminated seat's, Z60).
    fn write_ply_token(&self, seat: Seat, mv: Move, _after: &Zama, out: &mut String) -> Result<(), ViewError> {
        let me = color_of(self, seat)?;
        let card = |sq: Square| self.card_at(sq).map(|c| c.card());
        match mv {
            Move::Attack { from, to } => {
                let _ = write!(out, "{mv}");
                if let (Some(a), Some(d)) = (card(from), card(to)) {
                    let _ = write!(out, "={a:#}/{d:#}");
                }
            }
            Move::Peek { at } => {
                let _ = write!(out, "?{at}");
                if self.to_move() == me
                    && let Some(c) = card(at)
                {
                    let _ = write!(out, "={c:#}");
                }
            }
            Move::Shift { .. } | Move::End | Move::Pass => {
                let _ = write!(out, "{mv}");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    #[test]
    fn every_index_is_one_move_or_none() {
        let game = Zama::new(&Config::default(), 1).unwrap();
        assert_eq!(game.num_actions(), 938);
        let four = Zama::new(&Config::default().with_players(4), 1).unwrap();
        assert_eq!(four.num_actions(), 1874);
        // The top rank of the small board has no neighbour above.
        assert_eq!(game.move_at(4 * 100), None);
        assert!(four.move_at(4 * 100).is_some());
        let mut moves = 0;
        for i in 0..game.num_actions() + 3 {
            if let Some(mv) = game.move_at(i) {
                assert_eq!(game.action_index(mv), Some(i), "{mv}");
                moves += 1;
            }
        }
        // 13 × 8 cells have 2 × (12 × 8 + 13 × 7) ordered neighbour pairs.
        let pairs = 2 * (12 * 8 + 13 * 7);
        assert_eq!(moves, 2 * pairs + 104 + 2);
        assert_eq!(game.action_index("a1xb1".parse().unwrap()), Some(1));
        assert_eq!(game.action_index("b1-a1".parse().unwrap()), Some(4 * 104 + 4 + 3));
        // Cells that are no neighbours make no action.
        assert_eq!(game.action_index("a1xc1".parse().unwrap()), None);
    }

    #[test]
    fn the_tensor_has_the_documented_size() {
        let game = Zama::new(&Config::default(), 1).unwrap();
        assert_eq!(game.observation_shape(), vec![58 * 104 + 114]);
        let four = Zama::new(&Config::default().with_players(4), 1).unwrap();
        assert_eq!(four.observation_shape(), vec![62 * 208 + 222]);
    }
}

#[cfg(test)]
mod tensor_tests {
    use carte_core::Seeded;

    use super::*;
    use crate::Config;

    /// The tensor as the module docs define it, from the seat's
    /// [`Observation`]: what the direct writing must match.
    fn from_observation(game: &Zama, seat: Seat) -> Vec<f32> {
        let (me, obs) = observe(game, seat).unwrap();
        let (s, c) = (game.seat_count(), game.cell_count());
        let mut out = vec![0.0; game.observation_len()];
        let (cells, global) = out.split_at_mut(planes(s) * c);
        let mut set = |plane: usize, sq: Square| cells[plane * c + sq.index()] = 1.0;
        for (sq, view) in obs.cells() {
            set(relative(me, view.back, s), sq);
            if let Some(card) = view.card {
                set(s + card.index(), sq);
            }
            if view.face_up {
                set(s + 52, sq);
            }
            for other in view.known_by.without(me).iter() {
                set(s + 52 + relative(me, other, s), sq);
            }
        }
        match obs.phase() {
            Phase::Shift { shifted } => shifted.iter().for_each(|sq| set(2 * s + 52, sq)),
            Phase::Peek { peeked: Some(sq) } => set(2 * s + 53, sq),
            _ => {}
        }
        let phase = match obs.phase() {
            Phase::Attack => 0,
            Phase::Shift { .. } => 1,
            Phase::Peek { .. } => 2,
            Phase::Over(_) => 3,
        };
        global[phase] = 1.0;
        global[4 + relative(me, obs.to_move(), s)] = 1.0;
        global[4 + s] = f32::from(obs.passes());
        global[5 + s] = obs.quiet_plies() as f32;
        for &color in game.seats() {
            let base = 6 + s + 52 * relative(me, color, s);
            for card in obs.removed(color) {
                global[base + card.index()] = 1.0;
            }
        }
        out
    }

    /// One buffer and memo rewritten for a seat drawn at random (not only
    /// the seat to act), for one of two games in play picked at random and
    /// moved on by one to three plies between rewrites, across both board
    /// sizes (a memo left by the other board): each rewrite holds the
    /// tensor written fresh. A memo of the right tag and length but
    /// arbitrary contents (what no call left) gives some tensor but never
    /// a panic.
    #[test]
    fn a_reused_buffer_holds_the_fresh_tensor_for_any_seat_and_state() {
        let mut rng = carte_core::deal_rng(7);
        let mut memo = Vec::new();
        let (mut moves, mut legal) = (Vec::new(), Vec::new());
        for round in 0..3u64 {
            for players in [2, 4] {
                let config = Config::default().with_players(players).with_no_removal_limit(40);
                let mut games =
                    [Zama::from_seed(&config, round).unwrap(), Zama::from_seed(&config, 50 + round).unwrap()];
                let len = games[0].observation_len();
                let (mut row, mut fresh) = (vec![0.5; len], vec![0.0; len]);
                for ply in 0..600u64 {
                    let game = &mut games[carte_core::below(&mut rng, 2) as usize];
                    let seat = Seat::new(carte_core::below(&mut rng, players as u32) as u8);
                    game.observation_tensor_update(seat, &mut row, &mut memo).unwrap();
                    game.observation_tensor(seat, &mut fresh).unwrap();
                    assert_eq!(row, fresh, "{players} players, round {round}, ply {ply}, {seat}");
                    for _ in 0..=carte_core::below(&mut rng, 3) {
                        game.legal_actions(&mut moves, &mut legal);
                        if legal.is_empty() {
                            *game = Zama::from_seed(&config, 100 + ply).unwrap();
                            break;
                        }
                        let a = legal[carte_core::below(&mut rng, legal.len() as u32) as usize];
                        game.apply(game.move_at(a).unwrap()).unwrap();
                    }
                }
                // Garbage behind a good tag: no panic, and the next
                // update from an emptied memo is right again.
                for word in memo.iter_mut().skip(1) {
                    *word = carte_core::below(&mut rng, u32::MAX) as u64 * 0x1_0000_0001;
                }
                games[0].observation_tensor_update(Seat::new(0), &mut row, &mut memo).unwrap();
                memo.clear();
                games[0].observation_tensor_update(Seat::new(1), &mut row, &mut memo).unwrap();
                games[0].observation_tensor(Seat::new(1), &mut fresh).unwrap();
                assert_eq!(row, fresh);
            }
        }
    }

    #[test]
    fn the_tensor_written_from_the_game_is_the_observations() {
        for players in [2, 4] {
            let mut most = 0;
            let config = Config::default().with_players(players).with_no_removal_limit(60);
            for seed in 0..4 {
                let mut game = Zama::from_seed(&config, seed).unwrap();
                let (mut moves, mut legal) = (Vec::new(), Vec::new());
                let mut out = vec![0.0; game.observation_len()];
                let (mut row, mut sparse) = (out.clone(), Vec::new());
                for ply in 0..400u64 {
                    for s in 0..game.seat_count() {
                        let seat = Seat::new(s as u8);
                        game.observation_tensor(seat, &mut out).unwrap();
                        assert_eq!(out, from_observation(&game, seat), "seed {seed} ply {ply}");
                        // The sparse writing onto the zeros of the last
                        // one's entries gives the same tensor.
                        sparse.iter().for_each(|&i| row[i as usize] = 0.0);
                        sparse.clear();
                        game.observation_tensor_sparse(seat, &mut row, &mut sparse).unwrap();
                        assert_eq!(row, out, "seed {seed} ply {ply}");
                        assert_eq!(sparse.len(), out.iter().filter(|&&x| x != 0.0).count());
                        most = most.max(sparse.len());
                    }
                    game.legal_actions(&mut moves, &mut legal);
                    let Some(&a) = legal.get((seed + ply * 7) as usize % legal.len().max(1)) else { break };
                    game.apply(game.move_at(a).unwrap()).unwrap();
                }
            }
            // What the sparse writing's docs say (177 and 462 here).
            assert!(most < [200, 500][players / 4], "{players} players: {most} entries set");
        }
    }
}
