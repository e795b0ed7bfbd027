//! [`HandSetup`]: a hand described in plain fields, checked into a [`Hand`].

use carte_core::Game;

use crate::card::Card;
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::error::SetupError;
use crate::hand::{Hand, MAX_PLIES};
use crate::moves::Move;
use carte_core::{ByPlayer, Player};

/// A hand as plain data: the position now and the public history that led
/// to it. It is also the serialized form of [`Hand`].
///
/// [`Hand::from_setup`] accepts it only if some deal and the history lead to
/// exactly this position: every card is in one place, each player holds 4
/// cards plus their draws minus their plays, and every move of the history
/// is legal where it stands (a pass included: the passer held nothing
/// playable).
///
/// ```
/// use gonzago_rules::{Card, CardSet, Deck, Hand, HandSetup, Move, Player, ByPlayer};
///
/// let cards = |s: &str| -> CardSet { s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect() };
/// let setup = HandSetup {
///     deck: Deck::Italian,
///     dealer: Player::B,
///     hands: ByPlayer::new(cards("2c 3c 4c"), cards("2d 3d 4d 5d")),
///     stock: Deck::Italian.cards().into_iter().filter(|c| c.value().get() > 5).chain(cards("2s 3s 4s 2b 3b 4b 5s 5b Ac Ad As Ab")).collect(),
///     history: vec!["play 5c".parse()?],
/// };
/// let hand = Hand::from_setup(&setup)?;
/// assert_eq!(hand.to_move(), Some(Player::B));
/// assert_eq!(hand.to_setup(), setup);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature the cards are written with the names of the
/// deck (`"Rc"` on the Italian deck, `"K♣"` on the French one, which also
/// reads `"Kc"`), as the moves are.
#[derive(Clone, PartialEq, Eq)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "RawHandSetup", try_from = "RawHandSetup"))]
pub struct HandSetup {
    /// The deck on the table.
    pub deck: Deck,
    /// The dealer of the hand (the other player led).
    pub dealer: Player,
    /// The cards each player holds now.
    pub hands: ByPlayer<CardSet>,
    /// The stock now, top card first.
    pub stock: Vec<Card>,
    /// Every move so far, the lead first.
    pub history: Vec<Move>,
}

/// The serialized form of a [`HandSetup`]: the cards by their names on
/// the deck.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawHandSetup {
    deck: Deck,
    dealer: Player,
    hands: ByPlayer<Vec<String>>,
    stock: Vec<String>,
    history: Vec<Move>,
}

#[cfg(feature = "serde")]
impl From<HandSetup> for RawHandSetup {
    fn from(s: HandSetup) -> RawHandSetup {
        use crate::moves::card_names;
        RawHandSetup {
            deck: s.deck,
            dealer: s.dealer,
            hands: s.hands.map(|h| card_names(s.deck, h)),
            stock: card_names(s.deck, s.stock),
            history: s.history,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RawHandSetup> for HandSetup {
    type Error = String;
    fn try_from(r: RawHandSetup) -> Result<HandSetup, String> {
        use crate::moves::{parse_names, parse_set};
        let [a, b] = r.hands.into_array();
        Ok(HandSetup {
            deck: r.deck,
            dealer: r.dealer,
            hands: ByPlayer::new(parse_set(r.deck, &a)?, parse_set(r.deck, &b)?),
            stock: parse_names(r.deck, &r.stock)?,
            history: r.history,
        })
    }
}

impl Hand {
    /// A hand before its first move, from the cards each player was dealt
    /// (four each) and the stock, top card first (the other 32 cards):
    /// `dealer` dealt, the other player leads.
    ///
    /// ```
    /// use gonzago_rules::{ByPlayer, CardSet, Deck, Game, Hand, Player, SetupError};
    ///
    /// let a: CardSet = "Ac 2c 3c 4c".parse()?;
    /// let b: CardSet = "Ad 2d 3d 4d".parse()?;
    /// let stock: Vec<_> = (!(a | b)).iter().collect();
    /// let mut hand = Hand::from_deal(Deck::Italian, Player::B, ByPlayer::new(a, b), &stock)?;
    /// assert_eq!(hand.to_move(), Some(Player::A));
    /// assert_eq!(hand.stock().next(), stock.first().copied());
    /// hand.apply_notation("play 4c")?;
    /// // Five cards for A: refused.
    /// let five: CardSet = "Ac 2c 3c 4c 5c".parse()?;
    /// let err = Hand::from_deal(Deck::Italian, Player::B, ByPlayer::new(five, b), &stock).unwrap_err();
    /// assert_eq!(err, SetupError::Repeated("5c".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] for a card in two places or in none, or a player who
    /// does not hold four cards.
    pub fn from_deal(deck: Deck, dealer: Player, hands: ByPlayer<CardSet>, stock: &[Card]) -> Result<Hand, SetupError> {
        Hand::from_setup(&HandSetup { deck, dealer, hands, stock: stock.to_vec(), history: Vec::new() })
    }

    /// The hand that `setup` describes.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Seeded, SetupError};
    ///
    /// let mut setup = Hand::from_seed(&Deck::Italian, 0)?.to_setup();
    /// assert!(Hand::from_setup(&setup).is_ok());
    /// setup.stock.pop(); // a card goes missing
    /// assert!(matches!(Hand::from_setup(&setup), Err(SetupError::Missing(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the first thing that no deal and no legal play
    /// could produce.
    pub fn from_setup(setup: &HandSetup) -> Result<Hand, SetupError> {
        let history = &setup.history;
        if history.len() > MAX_PLIES {
            return Err(SetupError::TooLong(history.len()));
        }
        let mut placed = CardSet::EMPTY;
        let mut place = |cards: &mut dyn Iterator<Item = Card>| {
            for c in cards {
                if placed.contains(c) {
                    return Err(SetupError::Repeated(c));
                }
                placed.insert(c);
            }
            Ok(())
        };
        for p in Player::ALL {
            place(&mut setup.hands[p].iter())?;
        }
        place(&mut setup.stock.iter().copied())?;
        for mv in history {
            if let Move::Play(play) = *mv {
                place(&mut play.cards().iter())?;
            }
        }
        if let Some(c) = (!placed).first() {
            return Err(SetupError::Missing(c));
        }

        // Each player's cards in the order they can have reached the hand:
        // the cards played, in order of play, then the cards held. The first
        // four were dealt, the next ones drawn, draw by draw. If any deal
        // fits the history, this one does (a card is never needed earlier
        // than in play order), so replaying from it checks everything.
        let mover = |ply: usize| if ply.is_multiple_of(2) { setup.dealer.other() } else { setup.dealer };
        let mut cards: ByPlayer<Vec<Card>> = ByPlayer::default();
        let mut drew = ByPlayer::new(0, 0);
        for (ply, mv) in history.iter().enumerate() {
            match *mv {
                Move::Play(play) => cards[mover(ply)].extend(play.cards()),
                Move::Draw => drew[mover(ply)] += 1,
                Move::Pass => {}
            }
        }
        for p in Player::ALL {
            let played = cards[p].len();
            cards[p].extend(setup.hands[p]);
            if cards[p].len() != 4 + drew[p] {
                let held = setup.hands[p].len();
                return Err(SetupError::HandSize { player: p, held, drew: drew[p], played });
            }
        }
        let dealt = cards.clone().map(|c| c[..4].iter().copied().collect::<CardSet>());
        let mut next = ByPlayer::new(4, 4);
        let mut stock = Vec::with_capacity(crate::hand::STOCK);
        for (ply, mv) in history.iter().enumerate() {
            if *mv == Move::Draw {
                let p = mover(ply);
                stock.push(cards[p][next[p]]);
                next[p] += 1;
            }
        }
        stock.extend_from_slice(&setup.stock);
        let mut hand = Hand::dealt(setup.deck, setup.dealer, dealt, &stock);
        for (ply, &mv) in history.iter().enumerate() {
            hand.apply(mv).map_err(|source| SetupError::History { ply, source })?;
        }
        debug_assert_eq!(hand.to_setup(), *setup);
        Ok(hand)
    }

    /// This hand as plain data; [`Hand::from_setup`] rebuilds it exactly.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// hand.apply_notation("play Fd Fs")?;
    /// let setup = hand.to_setup();
    /// assert_eq!(setup.history.len(), 1);
    /// assert_eq!(Hand::from_setup(&setup)?, hand);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_setup(&self) -> HandSetup {
        HandSetup {
            deck: self.deck(),
            dealer: self.dealer(),
            hands: ByPlayer::new(self.held(Player::A), self.held(Player::B)),
            stock: self.stock().collect(),
            history: self.history().collect(),
        }
    }
}

impl TryFrom<HandSetup> for Hand {
    type Error = SetupError;
    fn try_from(setup: HandSetup) -> Result<Hand, SetupError> {
        Hand::from_setup(&setup)
    }
}

impl From<Hand> for HandSetup {
    fn from(hand: Hand) -> HandSetup {
        hand.to_setup()
    }
}
