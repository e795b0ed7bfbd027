//! French cards: suits, ranks and the packed [`Card`].

use core::fmt;
use core::str::FromStr;

use crate::error::ParseCardError;

/// A French suit.
///
/// `Display` prints the Unicode symbol (`♠`); the alternate form `{:#}`
/// prints the ASCII letter (`s`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Suit {
    /// Clubs, ♣, `c`.
    Clubs = 0,
    /// Diamonds, ♦, `d`.
    Diamonds = 1,
    /// Hearts, ♥, `h`.
    Hearts = 2,
    /// Spades, ♠, `s`.
    Spades = 3,
}

impl Suit {
    /// The four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The Unicode symbol: `♣ ♦ ♥ ♠`.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// The ASCII letter: `c d h s`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// Reads a suit from its letter (either case) or its symbol (filled or
    /// outlined).
    pub const fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }
}

impl TryFrom<u8> for Suit {
    type Error = u8;
    /// Converts an index `0..4`; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Self, u8> {
        Suit::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() { write!(f, "{}", self.letter()) } else { write!(f, "{}", self.symbol()) }
    }
}

/// A French rank, Ace low: its discriminant is its face value (A = 1 ... K = 13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// The thirteen ranks, Ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// Face value, Ace low: A = 1, 2..10, J = 11, Q = 12, K = 13.
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank with face value `v` (1..=13).
    pub const fn from_value(v: u8) -> Option<Rank> {
        if v >= 1 && v <= 13 { Some(Rank::ALL[(v - 1) as usize]) } else { None }
    }

    /// One ASCII character: `A 2 .. 9 T J Q K`.
    pub const fn ascii(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            r => (b'0' + r as u8) as char,
        }
    }

    /// Reads a rank as a person types it: `A`/`1`, `2`..`9`, `10`/`T`, `J`,
    /// `Q`, `K` (either case).
    pub fn parse(s: &str) -> Option<Rank> {
        Some(match s {
            "A" | "a" | "1" => Rank::Ace,
            "10" | "T" | "t" => Rank::Ten,
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            _ => {
                let b = s.as_bytes();
                if b.len() == 1 && (b'2'..=b'9').contains(&b[0]) {
                    Rank::from_value(b[0] - b'0')?
                } else {
                    return None;
                }
            }
        })
    }
}

impl TryFrom<u8> for Rank {
    type Error = u8;
    /// Converts a face value `1..=13`; returns the bad value otherwise.
    fn try_from(v: u8) -> Result<Self, u8> {
        Rank::from_value(v).ok_or(v)
    }
}

impl fmt::Display for Rank {
    /// `10` for the Ten; the alternate form `{:#}` prints `T`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Rank::Ten && !f.alternate() { f.write_str("10") } else { write!(f, "{}", self.ascii()) }
    }
}

/// A French playing card packed in one byte (`suit * 13 + value - 1`).
///
/// ```
/// use carte_core::{Card, Rank, Suit};
///
/// let card: Card = "K♠".parse()?;
/// assert_eq!(card, Card::new(Rank::King, Suit::Spades));
/// assert_eq!("Ks".parse::<Card>()?, card);
/// assert_eq!(card.to_string(), "K♠");
/// assert_eq!(format!("{card:#}"), "Ks");
/// assert_eq!("10h".parse::<Card>()?, "Th".parse::<Card>()?);
/// assert!("Xs".parse::<Card>().is_err());
/// # Ok::<(), carte_core::ParseCardError>(())
/// ```
///
/// With the `serde` feature a card is serialized as its ASCII notation
/// (`"Ks"`), readable and stable, and read back with [`FromStr`](core::str::FromStr).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplayAlt, serde_with::DeserializeFromStr))]
pub struct Card(u8);

impl Card {
    /// Number of distinct French cards.
    pub const COUNT: usize = 52;

    /// The card of this rank and suit.
    ///
    /// ```
    /// use carte_core::{Card, Rank, Suit};
    ///
    /// let k = Card::new(Rank::King, Suit::Spades);
    /// assert_eq!(k.to_string(), "K♠");
    /// assert_eq!((k.rank(), k.suit()), (Rank::King, Suit::Spades));
    /// assert_eq!(Card::from_index(k.index()), Some(k));
    /// ```
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8 - 1)
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 13) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    /// The packed index, `0..52`: clubs A..K, diamonds, hearts, spades.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this packed index, if it is below 52.
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Card::COUNT { Some(Card(i as u8)) } else { None }
    }
}

impl TryFrom<u8> for Card {
    type Error = u8;
    /// Converts a packed index `0..52`; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Self, u8> {
        Card::from_index(usize::from(i)).ok_or(i)
    }
}

impl fmt::Display for Card {
    /// `K♠`, `10♥`; the alternate form `{:#}` prints ASCII: `Ks`, `Th`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{}{}", self.rank().ascii(), self.suit().letter())
        } else {
            write!(f, "{}{}", self.rank(), self.suit().symbol())
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#}")
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Accepts a rank (`A`/`1`, `2`..`9`, `10`/`T`, `J`, `Q`, `K`) followed by
    /// a suit letter (`c d h s`) or symbol (`♣ ♦ ♥ ♠`), in either case, with
    /// surrounding whitespace ignored.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let t = s.trim();
        let Some(last) = t.chars().last() else {
            return Err(ParseCardError::Empty);
        };
        let rank_part = &t[..t.len() - last.len_utf8()];
        let Some(suit) = Suit::from_char(last) else {
            return Err(ParseCardError::BadSuit { input: s.to_owned(), suit: last });
        };
        let Some(rank) = Rank::parse(rank_part) else {
            return Err(ParseCardError::BadRank { input: s.to_owned(), rank: rank_part.to_owned() });
        };
        Ok(Card::new(rank, suit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_roundtrip_and_order() {
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(Card::new(c.rank(), c.suit()), c);
            assert_eq!(c.index(), i);
        }
        assert!(Card::from_index(52).is_none());
        assert_eq!(Card::try_from(52u8), Err(52));
    }

    #[test]
    fn parses_what_people_type() {
        let ks = Card::new(Rank::King, Suit::Spades);
        for s in ["Ks", "K♠", "ks", "KS", " K♤ "] {
            assert_eq!(s.parse::<Card>().unwrap(), ks, "{s}");
        }
        let th = Card::new(Rank::Ten, Suit::Hearts);
        for s in ["10h", "Th", "t♥", "10H"] {
            assert_eq!(s.parse::<Card>().unwrap(), th, "{s}");
        }
        assert_eq!("7d".parse::<Card>().unwrap(), Card::new(Rank::Seven, Suit::Diamonds));
        assert_eq!("Ac".parse::<Card>().unwrap(), "1c".parse::<Card>().unwrap());
    }

    #[test]
    fn display_roundtrips_every_card() {
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(format!("{c:#}").parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn parse_errors_name_the_input() {
        let e = "Xs".parse::<Card>().unwrap_err();
        assert_eq!(e.to_string(), "bad card \"Xs\": \"X\" is not a rank");
        let e = "Kx".parse::<Card>().unwrap_err();
        assert_eq!(e.to_string(), "bad card \"Kx\": 'x' is not a suit");
        assert_eq!("".parse::<Card>().unwrap_err(), ParseCardError::Empty);
        assert!("11s".parse::<Card>().is_err());
        assert!("s".parse::<Card>().is_err());
        assert!("0s".parse::<Card>().is_err());
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;

    #[test]
    fn cards_serialize_as_notation_and_refuse_garbage() {
        let c = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"Th\"");
        assert_eq!(serde_json::from_str::<Card>("\"10♥\"").unwrap(), c);
        for bad in ["\"Zz\"", "\"\"", "12", "null"] {
            assert!(serde_json::from_str::<Card>(bad).is_err(), "{bad}");
        }
        let it = crate::ItalianCard::new(crate::ItalianRank::Cavallo, crate::ItalianSuit::Bastoni);
        assert_eq!(serde_json::to_string(&it).unwrap(), "\"Cb\"");
        assert!(serde_json::from_str::<crate::ItalianCard>("\"Kb\"").is_err());
    }
}
