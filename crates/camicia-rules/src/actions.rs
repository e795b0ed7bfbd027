//! Integer actions and views ([`ActionSpace`], [`Views`]) of [`Camicia`].
//!
//! # Action encoding
//!
//! | index | move |
//! |---|---|
//! | 0 | `turn` (the only move) |
//!
//! There is no chance node (the deal comes from the seed).
//!
//! # Observation tensor
//!
//! One plane of `14 + 5 × n` entries for a deck of `n` cards (Camicia 214,
//! Beggar-my-neighbour 274), from the observing player's side: all that the
//! observation string shows.
//!
//! | entries | meaning |
//! |---|---|
//! | 0, 1 | cards in the player's hand, in the opponent's |
//! | 2 | 1 if the player is to turn the next card |
//! | 3 | cards still owed to a pending attack (0 in open play) |
//! | 4..9 | cards of each kind (0 plain, 1..=4 the demand) not on the pile: in the hands, unseen |
//! | 9, 10 | cards turned so far, collections so far |
//! | 11 | 1 if the opponent is to turn the next card |
//! | 12, 13 | 1 if the player has won, if the opponent has |
//! | `14 + 5p + k` | 1 if pile position `p` (0 = the first card laid) holds a card of kind `k` |
//!
//! # Game facts
//!
//! Two seats, returns −1 / +1 (0 each for a draw at a repeat), zero-sum.
//! Some deals never end, so without [`Config::draw_on_repeat`] the bound on
//! plies is `u64::MAX`; with it, [`Config::max_plies`] for the game's deck.
//!
//! [`Config::draw_on_repeat`]: crate::Config::draw_on_repeat
//! [`Config::max_plies`]: crate::Config::max_plies

use core::fmt::Write as _;

use carte_core::{ActionError, ActionSpace, GameFacts, Player, Seat, ViewError, Views};

use crate::game::Camicia;
use crate::moves::Move;

/// Kinds of card in any preset: plain and demands 1 to 4.
const KINDS: usize = 5;
/// Entries before the pile.
const HEAD: usize = 14;

fn player_of(seat: Seat) -> Result<Player, ViewError> {
    Ok(Player::from_seat(Seat::checked(seat.index(), 2)?).unwrap_or(Player::B))
}

impl ActionSpace for Camicia {
    /// `[0]` (turn a card) until the game is over, as
    /// [`legal_moves`](carte_core::Game::legal_moves).
    fn legal_actions(&self, _moves: &mut Vec<Move>, out: &mut Vec<usize>) {
        out.clear();
        if !self.is_over() {
            out.push(0);
        }
    }

    /// Bit 0 (turn a card) until the game is over.
    #[inline]
    fn legal_action_bits(&self, _moves: &mut Vec<Move>, bits: &mut [u64]) -> Result<usize, ActionError> {
        let Some((first, rest)) = bits.split_first_mut() else {
            return Err(ActionError::BitsTooShort { needed: 1, got: 0 });
        };
        // Most callers pass the one word: no call to clear an empty rest.
        if !rest.is_empty() {
            rest.fill(0);
        }
        let legal = !self.is_over();
        *first = u64::from(legal);
        Ok(usize::from(legal))
    }

    fn num_actions(&self) -> usize {
        1
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    #[inline]
    fn action_index(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Turn => Some(0),
        }
    }

    #[inline]
    fn move_at(&self, index: usize) -> Option<Move> {
        (index == 0).then_some(Move::Turn)
    }

    fn facts(&self) -> GameFacts {
        let bound = if self.config.draw_on_repeat { crate::preset::ply_bound(self.deck_counts()) } else { u64::MAX };
        GameFacts::new(2, (-1.0, 1.0), true, bound, 1, 0)
    }
}

impl Camicia {
    fn deck_len(&self) -> usize {
        self.deck_counts().iter().sum()
    }
}

impl Views for Camicia {
    /// `[9 + 5 × cards]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.observation_len()]
    }

    fn observation_len(&self) -> usize {
        HEAD + KINDS * self.deck_len()
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = player_of(seat)?;
        out.fill(0.0);
        let sizes = self.hand_sizes();
        out[0] = sizes[me] as f32;
        out[1] = sizes[me.other()] as f32;
        out[2] = f32::from(u8::from(self.to_move() == Some(me)));
        out[3] = f32::from(self.debt());
        let mut unseen = self.deck_counts();
        for (p, &kind) in self.pile().iter().enumerate() {
            unseen[usize::from(kind)] -= 1;
            out[HEAD + KINDS * p + usize::from(kind)] = 1.0;
        }
        for (slot, &n) in out[4..9].iter_mut().zip(&unseen) {
            *slot = n as f32;
        }
        out[9] = self.cards() as f32;
        out[10] = self.tricks() as f32;
        out[11] = f32::from(u8::from(self.to_move() == Some(me.other())));
        out[12] = f32::from(u8::from(self.winner() == Some(me)));
        out[13] = f32::from(u8::from(self.winner() == Some(me.other())));
        Ok(())
    }

    /// `A: holds 12, opponent 27 | pile 0 2 0 | owes 1 | cards 31, tricks 2
    /// | A to move` (the pile in the preset's symbols, first card first).
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        let me = player_of(seat)?;
        let sizes = self.hand_sizes();
        let mut text = format!("{me}: holds {}, opponent {} | pile", sizes[me], sizes[me.other()]);
        for &kind in self.pile() {
            let _ = write!(text, " {}", self.preset().symbol(kind).unwrap_or('?'));
        }
        let _ = write!(text, " | owes {} | cards {}, tricks {}", self.debt(), self.cards(), self.tricks());
        match (self.to_move(), self.winner()) {
            (Some(p), _) => {
                let _ = write!(text, " | {p} to move");
            }
            (None, Some(w)) => {
                let _ = write!(text, " | {w} wins");
            }
            (None, None) => {}
        }
        Ok(text)
    }

    /// The kind of the card turned, in the preset's symbols (both players
    /// see it land on the pile); then `=` if the game is drawn at a repeat
    /// (the only thing a ply shows that the cards seen so far do not
    /// settle), `!A` or `!B` for a winner. Who turns next, what is owed and
    /// who collects the pile follow from the cards (C-rules of turning and
    /// paying).
    fn write_ply_token(&self, seat: Seat, _mv: Move, after: &Camicia, out: &mut String) -> Result<(), ViewError> {
        player_of(seat)?;
        let turned = self.to_move().and_then(|p| self.hand(p).first().copied());
        out.push(turned.and_then(|k| self.preset().symbol(k)).unwrap_or('?'));
        match (after.is_drawn(), after.winner()) {
            (true, _) => out.push('='),
            (false, Some(w)) => {
                let _ = write!(out, "!{w}");
            }
            (false, None) => {}
        }
        Ok(())
    }
}
