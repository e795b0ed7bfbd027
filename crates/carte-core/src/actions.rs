//! Integer actions: a fixed numbering of every move of a configuration, for
//! learning agents and for hosts in other languages.
//!
//! [`ActionSpace`] numbers the moves of a game's configuration: the seats'
//! moves `0..num_actions()` and, at chance nodes, the chance outcomes
//! `0..max_chance_outcomes()` (two separate ranges, as OpenSpiel numbers
//! them). The numbering depends on the configuration only, never on the
//! state, except that an index means a chance outcome exactly at a chance
//! node ([`ActionSpace::move_at`] reads it in the range of the actor) and
//! that a game may let the state complete a move from its index (Zucche: the
//! distance of a step is the die just rolled).
//!
//! Here on a hand of Gonzago (the `gonzago-rules` crate):
//!
//! ```
//! use carte_core::{ActionSpace, Game, Seeded};
//! use gonzago_rules::{Deck, Hand};
//!
//! let mut game = Hand::from_seed(&Deck::Italian, 42)?;
//! let mut moves = Vec::new();
//! let mut mask = vec![false; game.action_space_len()];
//! let n = game.legal_action_mask(&mut moves, &mut mask)?;
//! assert_eq!(n, game.legal_move_vec().len());
//! let mut legal = Vec::new();
//! game.legal_actions(&mut moves, &mut legal); // ascending indices
//! let first = game.move_at(legal[0]).unwrap();
//! assert_eq!(game.action_index(first), Some(legal[0]));
//! game.apply(first)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::{Actor, Game};

/// Facts about a configuration that hosts ask before play: seats, the range
/// of returns, whether returns always sum to zero, the longest game, and the
/// sizes of the action ranges.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct GameFacts {
    /// Number of seats.
    pub seats: usize,
    /// The lowest return any seat can get.
    pub min_return: f64,
    /// The highest return any seat can get.
    pub max_return: f64,
    /// Whether the returns of every finished game sum to zero.
    pub zero_sum: bool,
    /// No game lasts more plies (moves of any kind, chance included).
    pub max_plies: u64,
    /// Number of distinct seat actions, [`ActionSpace::num_actions`].
    pub num_actions: usize,
    /// The most chance outcomes at any chance node (0 without chance),
    /// [`ActionSpace::max_chance_outcomes`].
    pub max_chance_outcomes: usize,
}

impl GameFacts {
    /// Facts of a game with `seats` seats, returns in `min_return..=max_return`,
    /// `zero_sum` or not, at most `max_plies` plies, and the two action
    /// ranges.
    pub fn new(
        seats: usize,
        (min_return, max_return): (f64, f64),
        zero_sum: bool,
        max_plies: u64,
        num_actions: usize,
        max_chance_outcomes: usize,
    ) -> GameFacts {
        GameFacts { seats, min_return, max_return, zero_sum, max_plies, num_actions, max_chance_outcomes }
    }
}

/// A mask or action buffer that does not fit the action range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The caller's mask is shorter than the action range of this node.
    #[error("the action mask has {got} entries; this node needs {needed}")]
    MaskTooShort {
        /// Entries needed ([`ActionSpace::action_space_len`]).
        needed: usize,
        /// Entries given.
        got: usize,
    },
    /// The caller's bit mask has fewer words than the action range of this
    /// node needs (one bit an action, 64 to a word).
    #[error("the action bit mask has {got} words; this node needs {needed}")]
    BitsTooShort {
        /// Words needed (the range divided by 64, rounded up).
        needed: usize,
        /// Words given.
        got: usize,
    },
    /// The action range does not fit a list of `u16`
    /// ([`ActionSpace::legal_actions_and_mask`]).
    #[error("the action range 0..{range} does not fit a list of u16")]
    RangeTooWide {
        /// The range at this node.
        range: usize,
    },
    /// No move has this index in this state.
    #[error("action {index} is not a move here (the range is 0..{range})")]
    NoSuchAction {
        /// The index given.
        index: usize,
        /// The range at this node.
        range: usize,
    },
}

impl ActionError {
    /// Refuses a list of `list` entries or a mask of `mask` entries shorter
    /// than `needed`, or a range that does not fit a `u16`: what
    /// [`ActionSpace::legal_actions_and_mask`] checks first.
    ///
    /// # Errors
    ///
    /// As [`ActionSpace::legal_actions_and_mask`].
    pub fn check_list(needed: usize, list: usize, mask: usize) -> Result<(), ActionError> {
        if needed > 1 << 16 {
            return Err(ActionError::RangeTooWide { range: needed });
        }
        let got = list.min(mask);
        if got < needed {
            return Err(ActionError::MaskTooShort { needed, got });
        }
        Ok(())
    }
}

/// A numbering of a configuration's moves by integers.
///
/// Implementations guarantee, in every state (the conformance kit checks
/// it): every legal move has an index below the range of the node
/// ([`action_space_len`](ActionSpace::action_space_len)); distinct legal
/// moves have distinct indices; `move_at(action_index(m)) == Some(m)` for
/// every legal `m`; and a move from an index that is not legal is refused by
/// [`Game::apply`].
pub trait ActionSpace: Game {
    /// The number of distinct seat actions of this configuration; the same
    /// in every state of it.
    fn num_actions(&self) -> usize;

    /// The most chance outcomes of any chance node of this configuration
    /// (0 for a game without chance).
    fn max_chance_outcomes(&self) -> usize;

    /// The index of `mv`: in `0..num_actions()` for a seat's move, in
    /// `0..max_chance_outcomes()` for a chance outcome; `None` for a move
    /// this configuration cannot contain (it is never legal).
    fn action_index(&self, mv: Self::Move) -> Option<usize>;

    /// The move of `index` in this state: a chance outcome at a chance node,
    /// a seat's move otherwise; `None` when no move has that index here.
    /// The move returned need not be legal.
    fn move_at(&self, index: usize) -> Option<Self::Move>;

    /// Seats, returns, length and action ranges of this configuration.
    fn facts(&self) -> GameFacts;

    /// The size of the action range at this node: the chance range at a
    /// chance node, the seats' range otherwise.
    fn action_space_len(&self) -> usize {
        if self.actor() == Actor::Chance { self.max_chance_outcomes() } else { self.num_actions() }
    }

    /// Clears `out` and fills it with the indices of the legal moves (of the
    /// chance outcomes at a chance node), ascending. `moves` is scratch
    /// space for [`Game::legal_moves`]; reusing both buffers keeps this
    /// allocation-free.
    fn legal_actions(&self, moves: &mut Vec<Self::Move>, out: &mut Vec<usize>) {
        self.legal_moves(moves);
        out.clear();
        out.extend(moves.iter().filter_map(|&m| self.action_index(m)));
        out.sort_unstable();
    }

    /// Sets `mask[i]` to whether index `i` is legal, for `i` in the range of
    /// this node, and `false` beyond it; returns the number of legal
    /// actions. `moves` is scratch space for [`Game::legal_moves`]; nothing
    /// is allocated once it has grown.
    ///
    /// # Errors
    ///
    /// [`ActionError::MaskTooShort`] if `mask` is shorter than
    /// [`action_space_len`](ActionSpace::action_space_len); `mask` is then
    /// unchanged.
    fn legal_action_mask(&self, moves: &mut Vec<Self::Move>, mask: &mut [bool]) -> Result<usize, ActionError> {
        let needed = self.action_space_len();
        if mask.len() < needed {
            return Err(ActionError::MaskTooShort { needed, got: mask.len() });
        }
        mask.fill(false);
        self.legal_moves(moves);
        let mut n = 0;
        for &m in moves.iter() {
            if let Some(slot) = self.action_index(m).and_then(|i| mask.get_mut(i)) {
                n += usize::from(!*slot);
                *slot = true;
            }
        }
        Ok(n)
    }

    /// Sets bit `i % 64` of `bits[i / 64]` to whether index `i` is legal,
    /// for `i` in the range of this node, and every other bit to 0; returns
    /// the number of legal actions. The same set as
    /// [`legal_action_mask`](ActionSpace::legal_action_mask) in an eighth of
    /// the memory, and what a random pick among the legal actions reads
    /// fastest (a count and a select a word). Games override it to write the
    /// words from their own bit sets; this default lists the moves.
    ///
    /// # Errors
    ///
    /// [`ActionError::BitsTooShort`] if `bits` has fewer than
    /// `action_space_len().div_ceil(64)` words; `bits` is then unchanged.
    fn legal_action_bits(&self, moves: &mut Vec<Self::Move>, bits: &mut [u64]) -> Result<usize, ActionError> {
        let needed = self.action_space_len().div_ceil(64);
        if bits.len() < needed {
            return Err(ActionError::BitsTooShort { needed, got: bits.len() });
        }
        bits.fill(0);
        self.legal_moves(moves);
        let mut n = 0;
        for &m in moves.iter() {
            if let Some(i) = self.action_index(m)
                && let Some(word) = bits.get_mut(i / 64)
            {
                let bit = 1 << (i % 64);
                n += usize::from(*word & bit == 0);
                *word |= bit;
            }
        }
        Ok(n)
    }

    /// Writes the legal actions, ascending, into the first entries of
    /// `list` and marks them in `mask` (`false` elsewhere); returns how many.
    /// What a vector of games wants at each step, in one pass where the game
    /// can (Zama's attacks and shifts, from its bit boards); the default
    /// copies [`legal_actions`](ActionSpace::legal_actions), listed into
    /// `scratch`. `moves` and `scratch` are scratch space; nothing is
    /// allocated once they have grown.
    ///
    /// # Errors
    ///
    /// [`ActionError::MaskTooShort`] if `mask` or `list` is shorter than
    /// [`action_space_len`](ActionSpace::action_space_len),
    /// [`ActionError::RangeTooWide`] for a range above 65,536; both are
    /// then unchanged.
    fn legal_actions_and_mask(
        &self,
        moves: &mut Vec<Self::Move>,
        scratch: &mut Vec<usize>,
        list: &mut [u16],
        mask: &mut [bool],
    ) -> Result<usize, ActionError> {
        let needed = self.action_space_len();
        ActionError::check_list(needed, list.len(), mask.len())?;
        self.legal_actions(moves, scratch);
        mask.fill(false);
        for (slot, &a) in list.iter_mut().zip(scratch.iter().filter(|&&a| a < needed)) {
            // Below 65,536 (checked above).
            *slot = a as u16;
            mask[a] = true;
        }
        Ok(scratch.len())
    }

    /// The move of `index` if it is legal here.
    ///
    /// # Errors
    ///
    /// [`ActionError::NoSuchAction`] if no move has that index here.
    fn checked_move_at(&self, index: usize) -> Result<Self::Move, ActionError> {
        self.move_at(index).ok_or(ActionError::NoSuchAction { index, range: self.action_space_len() })
    }
}

/// Bit `16d + c` of `x` moved to bit `4c + d` (`d` below 4, `c` below 16):
/// the 4 × 16 bit matrix transposed.
///
/// For games whose actions are numbered `4 × cell + direction` (Zama's
/// attacks and shifts, Zucche's steps): put sixteen cells' sets of legal
/// steps in each of four directions side by side in one word, direction `d`
/// at bits `16d..16d + 16`, and this gives the word of their 64 actions, to
/// write into [`ActionSpace::legal_action_bits`]. No branch and no table:
/// the bit's index, six bits, turns by two places, two cycles of three index
/// bits, each two swaps of index bits; a swap of index bits `i < j`
/// exchanges the bits whose index has bit `i` set and bit `j` clear with the
/// bits `2^j - 2^i` above them.
///
/// ```
/// use carte_core::transpose_4x16;
///
/// // Cell 5 in direction 2 is action 4 × 5 + 2 of the word.
/// assert_eq!(transpose_4x16(1 << (16 * 2 + 5)), 1 << (4 * 5 + 2));
/// ```
#[inline(always)]
#[must_use]
pub const fn transpose_4x16(x: u64) -> u64 {
    const fn swap(x: u64, shift: u32, mask: u64) -> u64 {
        let t = ((x >> shift) ^ x) & mask;
        x ^ t ^ (t << shift)
    }
    let x = swap(x, 3, 0x0a0a_0a0a_0a0a_0a0a); // index bits 0 and 2
    let x = swap(x, 15, 0x0000_aaaa_0000_aaaa); // 0 and 4
    let x = swap(x, 6, 0x00cc_00cc_00cc_00cc); // 1 and 3
    swap(x, 30, 0x0000_0000_cccc_cccc) // 1 and 5
}

#[cfg(test)]
mod transpose_tests {
    use super::transpose_4x16;

    #[test]
    fn the_transposition_moves_bit_16d_plus_c_to_4c_plus_d() {
        for d in 0..4 {
            for c in 0..16 {
                assert_eq!(transpose_4x16(1 << (16 * d + c)), 1 << (4 * c + d), "d {d} c {c}");
            }
        }
        let x = 0x9e37_79b9_7f4a_7c15u64;
        let expected = (0..64).filter(|&i| x >> i & 1 == 1).fold(0, |a, i| a | 1 << (4 * (i % 16) + i / 16));
        assert_eq!(transpose_4x16(x), expected);
    }
}
