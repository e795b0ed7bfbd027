//! `Debug` in notation, on the deck of the value that knows it: a card
//! alone has no deck and prints in the canonical (Italian) notation, but a
//! play, a hand, a view and a setup know theirs, so a French hand prints
//! `{2♦, 2♥, 5♣, J♦}`, never Italian names that read as
//! other cards. The alternate form (`{:#?}`) only lays the fields out on
//! lines; the cards keep their short names.

use core::fmt;

use crate::card::Value;
use crate::deck::Deck;
use crate::hand::Hand;
use crate::hidden::HandObservation;
use crate::moves::{Move, Named, Play, write_card};
use crate::setup::HandSetup;
use crate::{Card, Player};

/// Cards named on `deck`, as a set: `{2♦, 2♥}`.
struct DeckCards<I>(Deck, I);

impl<I: IntoIterator<Item = Card> + Clone> fmt::Debug for DeckCards<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, c) in self.1.clone().into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_card(f, self.0, c)?;
        }
        f.write_str("}")
    }
}

/// Cards named on `deck`, in order: `[2♦, K♥]` (a stock, top first).
struct DeckList<'a>(Deck, &'a [Card]);

impl fmt::Debug for DeckList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, &c) in self.1.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_card(f, self.0, c)?;
        }
        f.write_str("]")
    }
}

/// Moves named on `deck`, as a list: `[play 2♦, draw]`.
struct DeckMoves<'a>(Deck, &'a [Move]);

impl fmt::Debug for DeckMoves<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, mv) in self.1.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", mv.on_deck(self.0))?;
        }
        f.write_str("]")
    }
}

/// A value as the deck names it: `K` on the French deck, `R` on the Italian.
struct DeckValue(Deck, Option<Value>);

impl fmt::Debug for DeckValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(v) => write!(f, "{}", self.0.value_letter(v)),
            None => f.write_str("-"),
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for Move {
    /// The move's notation, on the deck its play was named on: `play 2♦ 2♥`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for Play {
    /// The cards on the play's deck: `2♦ 2♥`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Named { deck: self.deck(), cards: self.cards() })
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.deck();
        let history: Vec<Move> = self.history().collect();
        let stock: Vec<Card> = self.stock().collect();
        f.debug_struct("Hand")
            .field("deck", &d)
            .field("dealer", &self.dealer())
            .field("a", &DeckCards(d, self.held(Player::A)))
            .field("b", &DeckCards(d, self.held(Player::B)))
            .field("table", &DeckCards(d, self.table()))
            .field("top", &DeckValue(d, self.top()))
            .field("stock", &DeckList(d, &stock))
            .field("history", &DeckMoves(d, &history))
            .finish()
    }
}

impl fmt::Debug for HandObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.deck;
        f.debug_struct("HandObservation")
            .field("player", &self.player)
            .field("deck", &d)
            .field("dealer", &self.dealer)
            .field("held", &DeckCards(d, self.held))
            .field("opponent_holds", &self.opponent_holds)
            .field("stock", &self.stock)
            .field("table", &DeckCards(d, self.table))
            .field("top", &DeckValue(d, self.top))
            .field("history", &DeckMoves(d, &self.history))
            .finish()
    }
}

impl fmt::Debug for HandSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.deck;
        f.debug_struct("HandSetup")
            .field("deck", &d)
            .field("dealer", &self.dealer)
            .field("a", &DeckCards(d, self.hands[Player::A]))
            .field("b", &DeckCards(d, self.hands[Player::B]))
            .field("stock", &DeckList(d, &self.stock))
            .field("history", &DeckMoves(d, &self.history))
            .finish()
    }
}
