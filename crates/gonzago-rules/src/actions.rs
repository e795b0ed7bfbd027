//! Integer actions and views ([`ActionSpace`], [`Views`]) of [`Hand`] and
//! [`Match`].
//!
//! # Action encoding
//!
//! The same 152 actions for both decks, every mode, hands and matches:
//!
//! | index | move |
//! |---|---|
//! | `15 × (v − 1) + (s − 1)`, 0..150 | play the cards of value `v` (1 = Ace … 10 = Re/K) whose suit positions form the set `s` (1..=15, bit `i` = suit position `i`) |
//! | 150 | `draw` |
//! | 151 | `pass` |
//!
//! There is no chance node (the deal comes from the seed), so
//! `max_chance_outcomes` is 0.
//!
//! # Observation tensor
//!
//! [`Hand`]: one plane of 140 entries, from the observing player's side,
//! all that the observation string shows:
//!
//! | entries | meaning |
//! |---|---|
//! | 0..40 | 1 for each card the player holds (by [`Card::index`](crate::Card::index)) |
//! | 40..80 | 1 for each card played on the table |
//! | 80..90 | one-hot value on top of the table (all 0 before the lead) |
//! | 90 | cards the opponent holds |
//! | 91 | cards left in the stock |
//! | 92 | 1 if the player dealt this hand |
//! | 93 | 1 if the player is to move |
//! | 94 | 1 if the last move was a pass |
//! | 95 | 1 if the last move was a draw |
//! | 96..136 | 1 for each card of the last move, if it was a play |
//! | 136 | 1 if the opponent is to move |
//! | 137, 138, 139 | 1 if the hand is over: won by the player, won by the opponent, drawn |
//!
//! [`Match`]: the current hand's 140 entries, then hands won by the player
//! and by the opponent, the points of the player and of the opponent, the
//! number of the current hand (0 first), and 1 if the match is over: won
//! by the player, won by the opponent, drawn: 148 entries.
//!
//! # Game facts
//!
//! Two seats, returns −1 (loss), 0 (draw), +1 (win), zero-sum. A hand lasts
//! at most 113 plies (40 plays, 32 draws, 41 passes bound it with room to
//! spare); a points match at most 41 hands (every finished hand gives at
//! least one point, and 21 points end it), so 41 × 113 plies; a best-of-three
//! match replays drawn hands without limit, so its bound is `u64::MAX`.

use core::fmt::Write as _;

use carte_core::{ActionError, ActionSpace, Game, GameFacts, Player, Seat, ViewError, Views};

use crate::cards::CardSet;
use crate::deck::Deck;
use crate::hand::{Hand, HandEnd, MAX_PLIES};
use crate::matches::{Match, MatchMode, MatchStatus};
use crate::moves::{Move, Play};

/// Seat actions: 10 values × 15 suit sets, draw, pass.
pub const NUM_ACTIONS: usize = 152;
const DRAW: usize = 150;
const PASS: usize = 151;
/// Entries of a hand's tensor.
const HAND_TENSOR: usize = 140;
/// Entries of a match's tensor.
const MATCH_TENSOR: usize = HAND_TENSOR + 8;

/// The index of `mv` in a game on `deck` (a play named on the other deck
/// has none: no game on `deck` plays it).
#[inline]
fn index_of(mv: Move, deck: Deck) -> Option<usize> {
    match mv {
        Move::Draw => Some(DRAW),
        Move::Pass => Some(PASS),
        Move::Play(play) if play.deck() != deck => None,
        Move::Play(play) => {
            // The four cards of a value are one nibble of the set's bits.
            let bits = play.cards().bits();
            if bits == 0 {
                return None;
            }
            let v = (bits.trailing_zeros() / 4) as usize;
            let suits = (bits >> (4 * v)) as usize;
            (suits <= 0xF && v < 10).then(|| 15 * v + suits - 1)
        }
    }
}

#[inline]
fn move_of(index: usize, deck: Deck) -> Option<Move> {
    match index {
        DRAW => Some(Move::Draw),
        PASS => Some(Move::Pass),
        i if i < DRAW => {
            let (v, suits) = (i / 15, i % 15 + 1);
            Some(Move::Play(Play::of(deck, CardSet::from_bits((suits as u64) << (4 * v)))))
        }
        _ => None,
    }
}

fn player_of(seat: Seat) -> Result<Player, ViewError> {
    Ok(Player::from_seat(Seat::checked(seat.index(), 2)?).unwrap_or(Player::B))
}

/// `out[i]` = 1 if bit `i` of `bits` is set, else 0, for the 32 entries:
/// a compare per entry, which the compiler turns into a few vector
/// instructions (no branch, no loop over the set bits).
#[inline]
fn write_bits32(out: &mut [f32; 32], bits: u32) {
    const LANES: [u32; 32] = {
        let mut lanes = [0; 32];
        let mut i = 0;
        while i < 32 {
            lanes[i] = 1 << i;
            i += 1;
        }
        lanes
    };
    for (o, &lane) in out.iter_mut().zip(&LANES) {
        *o = if bits & lane != 0 { 1.0 } else { 0.0 };
    }
}

/// A plane of a card set (entry `i`: card index `i`), of up to 64 entries.
#[inline]
fn write_plane(out: &mut [f32], bits: u64) {
    let (lo, hi) = out.split_at_mut(32);
    if let Ok(lo) = <&mut [f32; 32]>::try_from(lo) {
        write_bits32(lo, bits as u32);
    }
    let mut rest = [0.0; 32];
    write_bits32(&mut rest, (bits >> 32) as u32);
    hi.copy_from_slice(&rest[..hi.len()]);
}

fn hand_tensor(hand: &Hand, me: Player, out: &mut [f32]) {
    let Some(out) = out.get_mut(..HAND_TENSOR) else { unreachable!("the views checked the length") };
    write_plane(&mut out[..40], hand.held(me).bits());
    write_plane(&mut out[40..80], hand.table().bits());
    let mut top = [0.0; 32];
    if let Some(v) = hand.top() {
        top[usize::from(v.get() - 1)] = 1.0;
    }
    out[80..90].copy_from_slice(&top[..10]);
    out[90] = hand.hand_len(me.other()) as f32;
    out[91] = hand.stock_len() as f32;
    out[92] = f32::from(u8::from(hand.dealer() == me));
    out[93] = f32::from(u8::from(hand.to_move() == Some(me)));
    let last = hand.history().last();
    out[94] = f32::from(u8::from(last == Some(Move::Pass)));
    out[95] = f32::from(u8::from(last == Some(Move::Draw)));
    let played = match last {
        Some(Move::Play(play)) => play.cards().bits(),
        _ => 0,
    };
    write_plane(&mut out[96..136], played);
    out[136] = f32::from(u8::from(hand.to_move() == Some(me.other())));
    let end = hand.end();
    out[137] = f32::from(u8::from(end == Some(HandEnd::Closed { winner: me })));
    out[138] = f32::from(u8::from(end == Some(HandEnd::Closed { winner: me.other() })));
    out[139] = f32::from(u8::from(end == Some(HandEnd::Drawn)));
}

fn hand_string(hand: &Hand, me: Player, text: &mut String) {
    let deck = hand.deck();
    let top = hand.top().map_or('-', |v| deck.value_letter(v));
    let _ = write!(
        text,
        "{me}: holds {} | top {top}, table {} | opponent holds {} | stock {} | dealer {}",
        deck.show_cards(hand.held(me)),
        hand.table().len(),
        hand.hand_len(me.other()),
        hand.stock_len(),
        hand.dealer(),
    );
    if let Some(last) = hand.history().last() {
        let _ = write!(text, " | last {}", deck.show_move(last));
    }
    match (hand.to_move(), hand.end()) {
        (Some(p), _) => {
            let _ = write!(text, " | {p} to move");
        }
        (None, Some(end)) => {
            let _ = write!(text, " | {end}");
        }
        (None, None) => {}
    }
}

/// What `me` observes of the ply `mv` of `before` (G8 to G15): a play is
/// public (its cards, `Rc,Rd`), a draw shows the card to the drawer only
/// (`d=Rb`; `d` to the other), a pass is seen (`p`). Whether the hand ends
/// follows from these (G16, G17).
fn hand_token(before: &Hand, me: Player, mv: Move, after: &Hand, out: &mut String) {
    let deck = before.deck();
    match mv {
        Move::Play(play) => {
            for (i, card) in play.cards().iter().enumerate() {
                let _ = write!(out, "{}{}", if i == 0 { "" } else { "," }, deck.show(card));
            }
        }
        Move::Draw => {
            out.push('d');
            if before.to_move() == Some(me)
                && let Some(card) = (after.held(me) - before.held(me)).first()
            {
                let _ = write!(out, "={}", deck.show(card));
            }
        }
        Move::Pass => out.push('p'),
    }
}

/// The mask of a hand's legal moves, straight from the held cards: every
/// non-empty subset of the held cards of each playable value, then draw or
/// pass as [`Game::legal_moves`] has them.
fn hand_mask(hand: &Hand, mask: &mut [bool]) -> Result<usize, ActionError> {
    if mask.len() < NUM_ACTIONS {
        return Err(ActionError::MaskTooShort { needed: NUM_ACTIONS, got: mask.len() });
    }
    mask.fill(false);
    Ok(mark_hand(hand, |i| mask[i] = true))
}

/// [`hand_mask`] one bit an action (bit `i % 64` of word `i / 64`).
#[inline]
fn hand_bits(hand: &Hand, bits: &mut [u64]) -> Result<usize, ActionError> {
    let needed = NUM_ACTIONS.div_ceil(64);
    if bits.len() < needed {
        return Err(ActionError::BitsTooShort { needed, got: bits.len() });
    }
    bits.fill(0);
    Ok(mark_hand(hand, |i| bits[i / 64] |= 1 << (i % 64)))
}

/// Calls `set(i)` for every legal action `i` of the hand (each once, below
/// [`NUM_ACTIONS`]) and returns how many.
#[inline(always)]
fn mark_hand(hand: &Hand, mut set: impl FnMut(usize)) -> usize {
    let Some(me) = hand.to_move() else {
        return 0;
    };
    let held = hand.held(me).bits();
    let mut n = 0;
    let mut plays = |v: usize| {
        let nibble = ((held >> (4 * v)) & 0xF) as usize;
        let mut s = nibble;
        while s != 0 {
            set(15 * v + s - 1);
            n += 1;
            s = (s - 1) & nibble;
        }
    };
    match hand.top() {
        None => (0..10).for_each(&mut plays),
        Some(top) => top.neighbours().into_iter().for_each(|v| plays(usize::from(v.get() - 1))),
    }
    if hand.top().is_some() {
        if hand.stock_len() > 0 {
            set(DRAW);
            n += 1;
        } else if n == 0 {
            set(PASS);
            n += 1;
        }
    }
    n
}

/// A hand's legal actions, ascending, straight from the held cards as
/// [`hand_mask`] marks them: the plays value by value, each value's suit
/// sets in increasing order, then draw or pass (150, 151: above every play).
fn hand_actions(hand: &Hand, out: &mut Vec<usize>) {
    out.clear();
    let Some(me) = hand.to_move() else {
        return;
    };
    let held = hand.held(me).bits();
    let mut plays = |v: usize| {
        let nibble = ((held >> (4 * v)) & 0xF) as usize;
        // The non-empty subsets of `nibble`, ascending: `s - nibble` sets
        // the bits outside it, so the masked sum is the next subset.
        let mut s = nibble.wrapping_neg() & nibble;
        while s != 0 {
            out.push(15 * v + s - 1);
            s = s.wrapping_sub(nibble) & nibble;
        }
    };
    match hand.top() {
        None => (0..10).for_each(&mut plays),
        // `neighbours` are in increasing order.
        Some(top) => top.neighbours().into_iter().for_each(|v| plays(usize::from(v.get() - 1))),
    }
    if hand.top().is_some() {
        if hand.stock_len() > 0 {
            out.push(DRAW);
        } else if out.is_empty() {
            out.push(PASS);
        }
    }
}

impl ActionSpace for Hand {
    /// Straight from the held cards, without listing moves.
    fn legal_action_mask(&self, _moves: &mut Vec<Move>, mask: &mut [bool]) -> Result<usize, ActionError> {
        hand_mask(self, mask)
    }

    /// Straight from the held cards, without listing moves.
    #[inline]
    fn legal_action_bits(&self, _moves: &mut Vec<Move>, bits: &mut [u64]) -> Result<usize, ActionError> {
        hand_bits(self, bits)
    }

    /// Straight from the held cards, without listing moves.
    fn legal_actions(&self, _moves: &mut Vec<Move>, out: &mut Vec<usize>) {
        hand_actions(self, out);
    }

    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    #[inline]
    fn action_index(&self, mv: Move) -> Option<usize> {
        index_of(mv, self.deck())
    }

    #[inline]
    fn move_at(&self, index: usize) -> Option<Move> {
        move_of(index, self.deck())
    }

    fn facts(&self) -> GameFacts {
        GameFacts::new(2, (-1.0, 1.0), true, MAX_PLIES as u64, NUM_ACTIONS, 0)
    }
}

impl Views for Hand {
    /// `[140]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![HAND_TENSOR]
    }

    fn observation_len(&self) -> usize {
        HAND_TENSOR
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        hand_tensor(self, player_of(seat)?, out);
        Ok(())
    }

    /// `A: holds 4c 5d | top 6, table 3 | opponent holds 4 | stock 28 |
    /// dealer B | last play 6s | A to move`, with the deck's faces.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        let mut text = String::new();
        hand_string(self, player_of(seat)?, &mut text);
        Ok(text)
    }

    /// The play's cards, `d=Rb` for the seat's own draw and `d` for the
    /// other's, `p` for a pass (what each seat sees, G12, G15).
    fn write_ply_token(&self, seat: Seat, mv: Move, after: &Hand, out: &mut String) -> Result<(), ViewError> {
        hand_token(self, player_of(seat)?, mv, after, out);
        Ok(())
    }
}

/// Hands a points match can last: each finished hand gives at least one
/// point to somebody, and 21 points end the match.
const POINTS_HANDS: u64 = 41;

impl ActionSpace for Match {
    /// The current hand's (a match has the moves of its hand).
    fn legal_action_mask(&self, _moves: &mut Vec<Move>, mask: &mut [bool]) -> Result<usize, ActionError> {
        hand_mask(self.hand(), mask)
    }

    /// The current hand's.
    #[inline]
    fn legal_action_bits(&self, _moves: &mut Vec<Move>, bits: &mut [u64]) -> Result<usize, ActionError> {
        hand_bits(self.hand(), bits)
    }

    /// The current hand's.
    fn legal_actions(&self, _moves: &mut Vec<Move>, out: &mut Vec<usize>) {
        hand_actions(self.hand(), out);
    }

    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    #[inline]
    fn action_index(&self, mv: Move) -> Option<usize> {
        index_of(mv, self.deck())
    }

    #[inline]
    fn move_at(&self, index: usize) -> Option<Move> {
        move_of(index, self.deck())
    }

    fn facts(&self) -> GameFacts {
        let hand = MAX_PLIES as u64;
        let plies = match self.mode() {
            MatchMode::Single => hand,
            MatchMode::Points => POINTS_HANDS * hand,
            MatchMode::BestOfThree => u64::MAX,
        };
        GameFacts::new(2, (-1.0, 1.0), true, plies, NUM_ACTIONS, 0)
    }
}

impl Views for Match {
    /// `[148]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![MATCH_TENSOR]
    }

    fn observation_len(&self) -> usize {
        MATCH_TENSOR
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = player_of(seat)?;
        let (hand, rest) = out.split_at_mut(HAND_TENSOR);
        hand_tensor(self.hand(), me, hand);
        // The match's scores, as its observation shows them (without
        // building the observation).
        let (wins, points) = (self.wins(), self.points());
        rest[0] = wins[me] as f32;
        rest[1] = wins[me.other()] as f32;
        rest[2] = points[me] as f32;
        rest[3] = points[me.other()] as f32;
        rest[4] = self.hand_number() as f32;
        let status = self.status();
        rest[5] = f32::from(u8::from(status == MatchStatus::Won(me)));
        rest[6] = f32::from(u8::from(status == MatchStatus::Won(me.other())));
        rest[7] = f32::from(u8::from(status == MatchStatus::Drawn));
        Ok(())
    }

    /// `hand 2, wins 1-0, points 3-5 | ` then the hand's string.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        let me = player_of(seat)?;
        let (wins, points) = (self.wins(), self.points());
        let mut text = format!(
            "hand {}, wins {}-{}, points {}-{} | ",
            self.hand_number(),
            wins[me],
            wins[me.other()],
            points[me],
            points[me.other()]
        );
        hand_string(self.hand(), me, &mut text);
        if self.is_over() {
            let _ = write!(text, " | {}", self.status());
        }
        Ok(text)
    }

    /// The hand's token of the ply; when it ends the hand, the seat's
    /// whole view after it in brackets (the next hand's deal, G6, G7, the
    /// scores and the match's end).
    fn write_ply_token(&self, seat: Seat, mv: Move, after: &Match, out: &mut String) -> Result<(), ViewError> {
        let me = player_of(seat)?;
        hand_token(self.hand(), me, mv, after.hand(), out);
        if after.hand_number() != self.hand_number() || after.is_over() {
            let _ = write!(out, "[{}]", after.observation_string(seat)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_names_one_move_and_back() {
        for deck in [Deck::Italian, Deck::French] {
            for i in 0..NUM_ACTIONS {
                let mv = move_of(i, deck).unwrap();
                assert_eq!(index_of(mv, deck), Some(i), "{mv}");
            }
            assert_eq!(move_of(NUM_ACTIONS, deck), None);
        }
        let it = Deck::Italian;
        assert_eq!(index_of("play Ac".parse().unwrap(), it), Some(0));
        assert_eq!(index_of("play Rc Rd Rs Rb".parse().unwrap(), it), Some(149));
        // Cards of two values are no play of the encoding (nor legal).
        assert_eq!(index_of("play Ac 2c".parse().unwrap(), it), None);
        // Nor a play named on the other deck.
        assert_eq!(index_of("play A♣".parse().unwrap(), it), None);
        assert_eq!(index_of("play A♣".parse().unwrap(), Deck::French), Some(0));
    }
}
