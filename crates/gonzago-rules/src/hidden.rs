//! What each player sees of a hand, and deals consistent with it.

use core::fmt;

use carte_core::{HiddenInfo, Seat, SeatError, shuffle};
use rand::Rng;

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::hand::{Hand, HandEnd, MAX_PLIES, STOCK};
use crate::moves::{Move, Named};
use carte_core::{ByPlayer, Player};

/// Everything one player knows about a hand: their own cards, every played
/// card, how many cards the opponent holds and the stock keeps, and the
/// public history of plays, draws and passes. Never the opponent's cards or
/// the stock's order.
///
/// With the `serde` feature it round-trips through JSON (the cards by
/// their names on the deck, as the moves), and loading checks it
/// ([`HandObservation::check`]): a view that no hand gives is refused.
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawHandObservation", into = "RawHandObservation"))]
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

/// The fields of a [`HandObservation`] as loaded, before the check.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawHandObservation {
    player: Player,
    deck: Deck,
    dealer: Player,
    held: Vec<String>,
    opponent_holds: usize,
    stock: usize,
    table: Vec<String>,
    top: Option<Value>,
    history: Vec<Move>,
}

#[cfg(feature = "serde")]
impl From<HandObservation> for RawHandObservation {
    fn from(o: HandObservation) -> RawHandObservation {
        use crate::moves::card_names;
        RawHandObservation {
            player: o.player,
            deck: o.deck,
            dealer: o.dealer,
            held: card_names(o.deck, o.held),
            opponent_holds: o.opponent_holds,
            stock: o.stock,
            table: card_names(o.deck, o.table),
            top: o.top,
            history: o.history,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RawHandObservation> for HandObservation {
    type Error = String;
    fn try_from(r: RawHandObservation) -> Result<HandObservation, String> {
        use crate::moves::parse_set;
        let obs = HandObservation {
            player: r.player,
            deck: r.deck,
            dealer: r.dealer,
            held: parse_set(r.deck, &r.held)?,
            opponent_holds: r.opponent_holds,
            stock: r.stock,
            table: parse_set(r.deck, &r.table)?,
            top: r.top,
            history: r.history,
        };
        obs.check().map_err(|e| e.to_string())?;
        Ok(obs)
    }
}

/// An observation that no game gives (a loaded view that contradicts
/// itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad observation: {0}")]
pub struct ObservationError(pub(crate) &'static str);

impl HandObservation {
    /// Checks that some hand gives this view: the public history, replayed
    /// from a deal of four cards each and a stock of 32, is legal as far as
    /// the observer can tell (the lead is a play, plays are of one value,
    /// adjacent to the top and named on the deck, draws come from a stock
    /// with cards, passes only from an empty one, nothing after the end),
    /// and leads to these counts, this table, this top and no held card on
    /// the table.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, HiddenInfo, Player, Seeded};
    ///
    /// let hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// let mut view = hand.observation(Player::A.seat())?;
    /// assert!(view.check().is_ok());
    /// view.stock = 31; // no draw took that card
    /// assert!(view.check().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ObservationError`] naming the first contradiction.
    pub fn check(&self) -> Result<(), ObservationError> {
        self.replay().map(|_| ()).map_err(ObservationError)
    }

    /// The public replay of [`check`](Self::check): how the hand ended, if
    /// it has, and the cards each player holds.
    pub(crate) fn replay(&self) -> Result<(Option<HandEnd>, ByPlayer<usize>), &'static str> {
        if self.history.len() > MAX_PLIES {
            return Err("the history is longer than any hand");
        }
        let mut held = ByPlayer::new(4usize, 4);
        let (mut stock, mut table, mut top) = (STOCK, CardSet::EMPTY, None::<Value>);
        let (mut passed, mut end) = (false, None);
        let mut mover = self.dealer.other();
        for mv in &self.history {
            if end.is_some() {
                return Err("a move follows the end of the hand");
            }
            match *mv {
                Move::Play(play) => {
                    let cards = play.cards();
                    if play.deck() != self.deck {
                        return Err("a play is named on the other deck");
                    }
                    let Some(value) = cards.single_value() else { return Err("a play mixes values") };
                    if top.is_some_and(|t| !t.is_adjacent(value)) {
                        return Err("a play is not adjacent to the top");
                    }
                    if !(cards & table).is_empty() {
                        return Err("a card is played twice");
                    }
                    if cards.len() > held[mover] {
                        return Err("a player plays more cards than they hold");
                    }
                    held[mover] -= cards.len();
                    table = table | cards;
                    top = Some(value);
                    passed = false;
                    if held[mover] == 0 {
                        end = Some(HandEnd::Closed { winner: mover });
                    }
                }
                Move::Draw | Move::Pass if top.is_none() => return Err("the hand opens with a draw or a pass"),
                Move::Draw if stock == 0 => return Err("a draw from an empty stock"),
                Move::Draw => {
                    stock -= 1;
                    held[mover] += 1;
                    passed = false;
                }
                Move::Pass if stock > 0 => return Err("a pass while the stock has cards"),
                Move::Pass => {
                    if passed {
                        end = Some(HandEnd::Drawn);
                    }
                    passed = true;
                }
            }
            mover = mover.other();
        }
        let me = self.player;
        if table != self.table || top != self.top {
            return Err("the table is not the cards the history played");
        }
        if stock != self.stock {
            return Err("the stock is not what the draws left");
        }
        if held[me] != self.held.len() || held[me.other()] != self.opponent_holds {
            return Err("the hands are not what the deal, the draws and the plays left");
        }
        if !(self.held & self.table).is_empty() {
            return Err("a held card is on the table");
        }
        Ok((end, held))
    }
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
