//! Values and cards: the compact, deck-independent identity of a Gonzago card.

use core::fmt;
use core::str::FromStr;

use carte_core::{FRENCH_40_RANKS, ItalianCard, ItalianRank, ItalianSuit, ParseCardError, Suit, french_40_value};

/// A card value: Ace = 1, 2 … 7, Fante/Jack = 8, Cavallo/Queen = 9,
/// Re/King = 10. Suits never matter for play; values do.
///
/// Adjacency is circular: each value has exactly two neighbours, and the Ace
/// and the Re are neighbours.
///
/// ```
/// use gonzago_rules::Value;
///
/// assert!(Value::ACE.is_adjacent(Value::KING));
/// assert!(Value::KING.is_adjacent(Value::ACE));
/// assert_eq!(Value::KING.up(), Value::ACE);
/// assert!(!Value::ACE.is_adjacent(Value::ACE));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Value(u8);

impl Value {
    /// The Ace, 1.
    pub const ACE: Value = Value(1);
    /// The Re (King), 10.
    pub const KING: Value = Value(10);
    /// The ten values, Ace first.
    pub const ALL: [Value; 10] =
        [Value(1), Value(2), Value(3), Value(4), Value(5), Value(6), Value(7), Value(8), Value(9), Value(10)];

    /// The value `v`, if it is in `1..=10`.
    pub const fn new(v: u8) -> Option<Value> {
        if v >= 1 && v <= 10 { Some(Value(v)) } else { None }
    }

    /// The number, `1..=10`.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The next value up the circle (the Re goes up to the Ace).
    pub const fn up(self) -> Value {
        if self.0 == 10 { Value(1) } else { Value(self.0 + 1) }
    }

    /// The next value down the circle (the Ace goes down to the Re).
    pub const fn down(self) -> Value {
        if self.0 == 1 { Value(10) } else { Value(self.0 - 1) }
    }

    /// `true` when the two values differ by one around the circle.
    pub const fn is_adjacent(self, other: Value) -> bool {
        self.up().0 == other.0 || self.down().0 == other.0
    }

    /// The two neighbours, lower value first.
    pub const fn neighbours(self) -> [Value; 2] {
        let (a, b) = (self.down(), self.up());
        if a.0 < b.0 { [a, b] } else { [b, a] }
    }
}

impl TryFrom<u8> for Value {
    type Error = u8;
    /// Converts `1..=10`; returns the bad number otherwise.
    fn try_from(v: u8) -> Result<Value, u8> {
        Value::new(v).ok_or(v)
    }
}

impl From<Value> for u8 {
    fn from(v: Value) -> u8 {
        v.0
    }
}

impl fmt::Display for Value {
    /// The value as a number, `1` to `10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One of the 40 cards, independent of the deck's faces.
///
/// A card is a value and a suit position `0..4`; the suit positions are those
/// of carte-core's canonical decks (Italian coppe, denari, spade, bastoni;
/// French clubs, diamonds, hearts, spades), so the Italian and the French
/// deck map onto the same 40 cards and the same seed deals the same values.
///
/// The *canonical notation* (`Display`, `FromStr`, serde) is the Italian
/// face: `4c`, `Rc` (Re di coppe), `Fb` (Fante di bastoni). To read and write
/// the French faces (`Kh`, `7s`) use [`Deck::French`](crate::Deck).
///
/// ```
/// use gonzago_rules::{Card, Value};
///
/// let re: Card = "Rc".parse()?;
/// assert_eq!(re.value(), Value::KING);
/// assert_eq!(re.to_string(), "Rc");
/// assert_eq!(re.to_french().to_string(), "K♣");
/// # Ok::<(), gonzago_rules::core::ParseCardError>(())
/// ```
///
/// With the `serde` feature a card is serialized as its canonical notation (`"Rc"`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub struct Card(u8);

impl Card {
    /// Number of cards.
    pub const COUNT: usize = 40;

    /// The card of this value and suit position (`0..4`); `None` for a suit
    /// position out of range.
    ///
    /// ```
    /// use gonzago_rules::{Card, Value};
    ///
    /// let card = Card::new(Value::KING, 3).unwrap();
    /// assert_eq!(card.to_string(), "Rb");
    /// assert_eq!((card.value(), card.suit()), (Value::KING, 3));
    /// assert_eq!(Card::new(Value::KING, 4), None);
    /// ```
    pub const fn new(value: Value, suit: u8) -> Option<Card> {
        if suit < 4 { Some(Card((value.0 - 1) * 4 + suit)) } else { None }
    }

    /// The card's value.
    pub const fn value(self) -> Value {
        Value(self.0 / 4 + 1)
    }

    /// The suit position, `0..4`.
    pub const fn suit(self) -> u8 {
        self.0 % 4
    }

    /// The index `0..40`, ordered by value then suit; a card's bit in a
    /// [`CardSet`](crate::CardSet).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this index, if it is below 40.
    ///
    /// ```
    /// use gonzago_rules::Card;
    ///
    /// let card = Card::from_index(39).unwrap();
    /// assert_eq!((card.index(), card.to_string()), (39, "Rb".to_owned()));
    /// assert_eq!(Card::from_index(40), None);
    /// ```
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Card::COUNT { Some(Card(i as u8)) } else { None }
    }

    /// The Italian face of this card.
    pub const fn to_italian(self) -> ItalianCard {
        ItalianCard::new(ItalianRank::ALL[(self.0 / 4) as usize], ItalianSuit::ALL[(self.0 % 4) as usize])
    }

    /// The card with this Italian face.
    pub const fn from_italian(card: ItalianCard) -> Card {
        Card((card.rank().value() - 1) * 4 + card.suit() as u8)
    }

    /// The French face of this card (Fante = J, Cavallo = Q, Re = K).
    ///
    /// ```
    /// use gonzago_rules::Card;
    ///
    /// let cavallo: Card = "Cs".parse()?;
    /// assert_eq!(cavallo.to_french().to_string(), "Q♥");
    /// assert_eq!(Card::from_french(cavallo.to_french()), Some(cavallo));
    /// assert_eq!(Card::from_french("9h".parse()?), None);
    /// assert_eq!(Card::from_italian(cavallo.to_italian()), cavallo);
    /// # Ok::<(), gonzago_rules::core::ParseCardError>(())
    /// ```
    pub const fn to_french(self) -> carte_core::Card {
        carte_core::Card::new(FRENCH_40_RANKS[(self.0 / 4) as usize], Suit::ALL[(self.0 % 4) as usize])
    }

    /// The card with this French face; `None` for an 8, 9 or 10, which the
    /// 40-card French deck lacks.
    pub const fn from_french(card: carte_core::Card) -> Option<Card> {
        match french_40_value(card) {
            Some(v) => Some(Card((v - 1) * 4 + card.suit() as u8)),
            None => None,
        }
    }
}

impl TryFrom<u8> for Card {
    type Error = u8;
    /// Converts an index `0..40`; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Card, u8> {
        Card::from_index(usize::from(i)).ok_or(i)
    }
}

impl fmt::Display for Card {
    /// The canonical (Italian) notation: `4c`, `Rb`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_italian(), f)
    }
}

impl fmt::Debug for Card {
    /// The short canonical name, also under `{:#?}` (a card alone does not
    /// know its deck: values that do, like a hand, name it on theirs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_italian())
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads the canonical (Italian) notation, as [`ItalianCard`] does.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        s.parse::<ItalianCard>().map(Card::from_italian)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carte_core::{FRENCH_40, ITALIAN_40};

    #[test]
    fn both_decks_map_onto_the_forty_cards_in_the_same_order() {
        for (i, (&it, &fr)) in ITALIAN_40.iter().zip(FRENCH_40.iter()).enumerate() {
            let a = Card::from_italian(it);
            assert_eq!(Some(a), Card::from_french(fr), "position {i}");
            assert_eq!(a.to_italian(), it);
            assert_eq!(a.to_french(), fr);
            assert_eq!(usize::from(a.suit()) * 10 + usize::from(a.value().get()) - 1, i);
        }
        assert_eq!(Card::from_french("8h".parse().unwrap()), None);
    }

    #[test]
    fn index_roundtrip() {
        for i in 0..40 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.index(), i);
            assert_eq!(Card::new(c.value(), c.suit()), Some(c));
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!(Card::from_index(40), None);
        assert_eq!(Card::new(Value::ACE, 4), None);
    }
}
