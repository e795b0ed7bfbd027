//! What each player sees of a hand, and deals consistent with it.

use core::fmt;

use carte_core::{HiddenInfo, Seat, SeatError, shuffle};
use rand::Rng;

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::hand::{Hand, STOCK};
use crate::moves::{Move, Named};
use carte_core::Player;

/// Everything one player knows about a hand: their own cards, every played
/// card, how many cards the opponent holds and the stock keeps, and the
/// public history of plays, draws and passes. Never the opponent's cards or
/// the stock's order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandObservation {
    /// The observing player.
    pub player: Player,
    /// The deck on the table.
    pub deck: Deck,
    /// The dealer of the hand.
    pub dealer: Player,
    /// The observer's own cards.
    pub held: CardSet,
    /// How many cards the opponent holds.
    pub opponent_holds: usize,
    /// How many cards the stock keeps.
    pub stock: usize,
    /// Every card played so far.
    pub table: CardSet,
    /// The value on top of the table (`None` before the lead).
    pub top: Option<Value>,
    /// Every move so far, the lead first (a draw does not say which card).
    pub history: Vec<Move>,
}

impl fmt::Display for HandObservation {
    /// What the player sees, for a person, with the deck's card names:
    ///
    /// ```text
    /// A (B deals): your hand 2♦ 5♣ J♦
    /// table 2 cards, top 2; stock 30; B holds 4 cards
    /// moves: play 2♥, draw
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.deck;
        let me = self.player;
        writeln!(f, "{me} ({} deals): your hand {}", self.dealer, Named { deck: d, cards: self.held })?;
        match self.top {
            Some(top) => write!(f, "table {} cards, top {}", self.table.len(), d.value_letter(top))?,
            None => write!(f, "table empty ({} leads)", self.dealer.other())?,
        }
        writeln!(f, "; stock {}; {} holds {} cards", self.stock, me.other(), self.opponent_holds)?;
        f.write_str("moves:")?;
        if self.history.is_empty() {
            f.write_str(" none yet")?;
        }
        for (i, mv) in self.history.iter().enumerate() {
            write!(f, "{}{mv}", if i == 0 { " " } else { ", " })?;
        }
        Ok(())
    }
}

impl HiddenInfo for Hand {
    type Observation = HandObservation;

    /// The view of `seat` (seat 0 is [`Player::A`], seat 1 [`Player::B`]).
    fn observation(&self, seat: Seat) -> Result<HandObservation, SeatError> {
        let me = Player::try_from(seat)?;
        Ok(HandObservation {
            player: me,
            deck: self.deck(),
            dealer: self.dealer(),
            held: self.held(me),
            opponent_holds: self.hand_len(me.other()),
            stock: self.stock_len(),
            table: self.table(),
            top: self.top(),
            history: self.history().collect(),
        })
    }

    /// Deals the cards `seat` cannot see (the opponent's hand and the
    /// stock) at random: the unseen cards in card order, shuffled with
    /// carte-core's [`shuffle()`] driven by `rng`, the first ones to the
    /// opponent, the rest to the stock, top first.
    ///
    /// Every such deal is consistent with the history: cards drawn are never
    /// shown, and a pass happens only with an empty stock, when the unseen
    /// cards are exactly the opponent's hand.
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Hand, SeatError> {
        let me = Player::try_from(seat)?;
        let unseen_set = !(self.held(me) | self.table());
        let mut unseen = [Card::from_index(0).unwrap_or_else(|| unreachable!()); Card::COUNT];
        let n = unseen_set.len();
        for (slot, c) in unseen.iter_mut().zip(unseen_set) {
            *slot = c;
        }
        shuffle(&mut unseen[..n], rng);
        let k = self.hand_len(me.other());
        let opponent: CardSet = unseen[..k].iter().copied().collect();
        let mut stock = [unseen[0]; STOCK];
        let stock_len = n - k;
        stock[..stock_len].copy_from_slice(&unseen[k..n]);
        Ok(self.redealt(me.other(), opponent, &stock[..stock_len]))
    }
}
