//! [`CardSet`]: a set of the 40 cards in one `u64`.

use core::fmt;
use core::ops::{BitAnd, BitOr, Not, Sub};
use core::str::FromStr;

use carte_core::ParseCardError;

use crate::card::{Card, Value};

/// A set of cards, one bit per [`Card::index`]; the four cards of a value
/// share one nibble, so "all my Fives" is one mask.
///
/// Iteration and `Display` go by value, then suit: `4c 4d 6s`.
///
/// ```
/// use gonzago_rules::{Card, CardSet, Value};
///
/// let set: CardSet = ["4c", "4d", "6s"].iter().map(|s| s.parse::<Card>().unwrap()).collect();
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.of_value(Value::new(4).unwrap()).len(), 2);
/// assert_eq!(set.to_string(), "4c 4d 6s");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardSet(u64);

const VALUE_NIBBLE: u64 = 0xF;

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 40 cards.
    pub const ALL: CardSet = CardSet((1 << Card::COUNT) - 1);

    /// The raw bits, bit [`Card::index`] per card.
    pub(crate) const fn bits(self) -> u64 {
        self.0
    }

    /// The set of these bits; bits above 40 are dropped.
    pub(crate) const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::ALL.0)
    }

    /// The set holding just `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The four cards of `value`.
    pub const fn value(value: Value) -> CardSet {
        CardSet(VALUE_NIBBLE << ((value.get() - 1) * 4))
    }

    /// The eight cards adjacent to `value` (both neighbours).
    ///
    /// ```
    /// use gonzago_rules::{CardSet, Value};
    ///
    /// let on_ace = CardSet::adjacent_to(Value::ACE); // the 2s and the Re
    /// assert_eq!(on_ace.to_string(), "2c 2d 2s 2b Rc Rd Rs Rb");
    /// assert_eq!(CardSet::value(Value::ACE).len(), 4);
    /// ```
    #[inline]
    pub const fn adjacent_to(value: Value) -> CardSet {
        /// Indexed by value; 0 is unused.
        const ADJACENT: [u64; 11] = {
            let mut table = [0; 11];
            let mut v = 1;
            while v <= 10 {
                let value = Value::ALL[v - 1];
                table[v] = CardSet::value(value.up()).0 | CardSet::value(value.down()).0;
                v += 1;
            }
            table
        };
        CardSet(ADJACENT[value.get() as usize])
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` when the set holds no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` when `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// `true` when every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Adds `card`.
    ///
    /// ```
    /// use gonzago_rules::{Card, CardSet};
    ///
    /// let mut set = CardSet::EMPTY;
    /// let re: Card = "Rc".parse()?;
    /// set.insert(re);
    /// assert!(set.contains(re) && set.len() == 1);
    /// set.remove(re);
    /// assert!(set.is_empty());
    /// assert!(set.is_subset(CardSet::single(re)));
    /// # Ok::<(), gonzago_rules::core::ParseCardError>(())
    /// ```
    pub const fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes `card`.
    pub const fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    /// The cards of `value` in this set.
    ///
    /// ```
    /// use gonzago_rules::{CardSet, Value};
    ///
    /// let held: CardSet = "4c 4d 6s".parse()?;
    /// assert_eq!(held.of_value(Value::new(4).unwrap()).to_string(), "4c 4d");
    /// assert_eq!(held.first().map(|c| c.to_string()), Some("4c".to_owned()));
    /// assert_eq!(held.single_value(), None); // two values
    /// # Ok::<(), gonzago_rules::ParseCardsError>(())
    /// ```
    pub const fn of_value(self, value: Value) -> CardSet {
        CardSet(self.0 & CardSet::value(value).0)
    }

    /// The lowest card (by value, then suit), if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as usize) }
    }

    /// The value of the cards when they all share one; `None` for an empty
    /// set or mixed values.
    pub const fn single_value(self) -> Option<Value> {
        match self.first() {
            Some(c) if self.0 & !CardSet::value(c.value()).0 == 0 => Some(c.value()),
            _ => None,
        }
    }

    /// The cards in order (by value, then suit).
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` not in `rhs`.
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The cards of the deck not in `self`.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// The cards of a [`CardSet`], by value then suit.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl fmt::Display for CardSet {
    /// The cards in canonical notation, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for CardSet {
    type Err = ParseCardsError;

    /// Reads cards in canonical notation separated by spaces or commas, as
    /// `Display` writes them; the empty text is the empty set. See
    /// [`Deck::parse_cards`](crate::Deck::parse_cards) for the French faces.
    ///
    /// ```
    /// use gonzago_rules::CardSet;
    ///
    /// let set: CardSet = "6s, 4c 4d".parse()?;
    /// assert_eq!(set.to_string(), "4c 4d 6s");
    /// assert_eq!(set.to_string().parse::<CardSet>()?, set);
    /// assert_eq!("".parse::<CardSet>()?, CardSet::EMPTY);
    /// assert!("4c 4c".parse::<CardSet>().is_err());
    /// # Ok::<(), gonzago_rules::ParseCardsError>(())
    /// ```
    fn from_str(s: &str) -> Result<CardSet, ParseCardsError> {
        parse_cards_with(s, str::parse)
    }
}

/// Cards separated by spaces or commas, read by `card`; a card named twice
/// is an error.
pub(crate) fn parse_cards_with(
    text: &str,
    card: impl Fn(&str) -> Result<Card, ParseCardError>,
) -> Result<CardSet, ParseCardsError> {
    let mut set = CardSet::EMPTY;
    for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
        let c = card(word).map_err(|source| ParseCardsError::Card { text: text.to_owned(), source })?;
        if set.contains(c) {
            return Err(ParseCardsError::Repeated { text: text.to_owned(), word: word.to_owned() });
        }
        set.insert(c);
    }
    Ok(set)
}

/// Text that is no set of cards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardsError {
    /// A word that is no card.
    #[error("bad cards {text:?}: {source}")]
    Card {
        /// The whole input.
        text: String,
        /// Why the word is no card.
        #[source]
        source: ParseCardError,
    },
    /// The same card twice.
    #[error("bad cards {text:?}: {word} is named twice")]
    Repeated {
        /// The whole input.
        text: String,
        /// The word naming the card again.
        word: String,
    },
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CardSet {
    /// Serialized as a list of cards in order.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CardSet {
    /// Reads a list of distinct cards; a card listed twice is an error.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if set.contains(c) {
                return Err(serde::de::Error::custom(format_args!("card {c} listed twice")));
            }
            set.insert(c);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_mask_wraps() {
        let adj = CardSet::adjacent_to(Value::ACE);
        assert_eq!(adj, CardSet::value(Value::KING) | CardSet::value(Value::new(2).unwrap()));
        assert_eq!((!CardSet::EMPTY), CardSet::ALL);
        assert_eq!(CardSet::ALL.len(), 40);
    }
}
