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
//! [`Hand`]: one plane of 95 entries, from the observing player's side:
//!
//! | entries | meaning |
//! |---|---|
//! | 0..40 | 1 for each card the player holds (by [`Card::index`]) |
//! | 40..80 | 1 for each card played on the table |
//! | 80..90 | one-hot value on top of the table (all 0 before the lead) |
//! | 90 | cards the opponent holds |
//! | 91 | cards left in the stock |
//! | 92 | 1 if the player dealt this hand |
//! | 93 | 1 if the player is to move |
//! | 94 | 1 if the last move was a pass |
//!
//! [`Match`]: the current hand's 95 entries, then hands won by the player
//! and by the opponent, the points of the player and of the opponent, and
//! the number of the current hand (0 first): 100 entries.
//!
//! # Game facts
//!
//! Two seats, returns −1 (loss), 0 (draw), +1 (win), zero-sum. A hand lasts
//! at most 113 plies (40 plays, 32 draws, 41 passes bound it with room to
//! spare); a points match at most 41 hands (every finished hand gives at
//! least one point, and 21 points end it), so 41 × 113 plies; a best-of-three
//! match replays drawn hands without limit, so its bound is `u64::MAX`.

use core::fmt::Write as _;

use carte_core::{ActionSpace, Game, GameFacts, HiddenInfo, Player, Seat, ViewError, Views};

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::hand::{Hand, MAX_PLIES};
use crate::matches::{Match, MatchMode};
use crate::moves::Move;

/// Seat actions: 10 values × 15 suit sets, draw, pass.
pub const NUM_ACTIONS: usize = 152;
const DRAW: usize = 150;
const PASS: usize = 151;
/// Entries of a hand's tensor.
const HAND_TENSOR: usize = 95;
/// Entries of a match's tensor.
const MATCH_TENSOR: usize = HAND_TENSOR + 5;

/// The index of `mv` in a game on `deck` (a play named on the other deck
/// has none: no game on `deck` plays it).
fn index_of(mv: Move, deck: Deck) -> Option<usize> {
    match mv {
        Move::Draw => Some(DRAW),
        Move::Pass => Some(PASS),
        Move::Play(play) if play.deck() != deck => None,
        Move::Play(play) => {
            let cards = play.cards();
            let value = cards.single_value()?;
            let suits = cards.iter().fold(0usize, |s, c| s | 1 << c.suit());
            Some(15 * usize::from(value.get() - 1) + suits - 1)
        }
    }
}

fn move_of(index: usize, deck: Deck) -> Option<Move> {
    match index {
        DRAW => Some(Move::Draw),
        PASS => Some(Move::Pass),
        i if i < DRAW => {
            let value = Value::new((i / 15 + 1) as u8)?;
            let suits = i % 15 + 1;
            let cards: CardSet = (0..4u8).filter(|s| suits >> s & 1 == 1).filter_map(|s| Card::new(value, s)).collect();
            Move::play(deck, cards)
        }
        _ => None,
    }
}

fn player_of(seat: Seat) -> Result<Player, ViewError> {
    Ok(Player::from_seat(Seat::checked(seat.index(), 2)?).unwrap_or(Player::B))
}

fn hand_tensor(hand: &Hand, me: Player, out: &mut [f32]) {
    out.fill(0.0);
    for c in hand.held(me) {
        out[c.index()] = 1.0;
    }
    for c in hand.table() {
        out[40 + c.index()] = 1.0;
    }
    if let Some(top) = hand.top() {
        out[80 + usize::from(top.get() - 1)] = 1.0;
    }
    out[90] = hand.hand_len(me.other()) as f32;
    out[91] = hand.stock_len() as f32;
    out[92] = f32::from(u8::from(hand.dealer() == me));
    out[93] = f32::from(u8::from(hand.to_move() == Some(me)));
    out[94] = f32::from(u8::from(hand.history().last() == Some(Move::Pass)));
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

impl ActionSpace for Hand {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    fn action_index(&self, mv: Move) -> Option<usize> {
        index_of(mv, self.deck())
    }

    fn move_at(&self, index: usize) -> Option<Move> {
        move_of(index, self.deck())
    }

    fn facts(&self) -> GameFacts {
        GameFacts::new(2, (-1.0, 1.0), true, MAX_PLIES as u64, NUM_ACTIONS, 0)
    }
}

impl Views for Hand {
    /// `[95]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![HAND_TENSOR]
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
}

/// Hands a points match can last: each finished hand gives at least one
/// point to somebody, and 21 points end the match.
const POINTS_HANDS: u64 = 41;

impl ActionSpace for Match {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    fn action_index(&self, mv: Move) -> Option<usize> {
        index_of(mv, self.deck())
    }

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
    /// `[100]`: see the [module docs](self).
    fn observation_shape(&self) -> Vec<usize> {
        vec![MATCH_TENSOR]
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        let me = player_of(seat)?;
        let (hand, rest) = out.split_at_mut(HAND_TENSOR);
        hand_tensor(self.hand(), me, hand);
        let obs = self.observation(seat)?;
        rest[0] = obs.wins[me] as f32;
        rest[1] = obs.wins[me.other()] as f32;
        rest[2] = obs.points[me] as f32;
        rest[3] = obs.points[me.other()] as f32;
        rest[4] = obs.hand_number as f32;
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
