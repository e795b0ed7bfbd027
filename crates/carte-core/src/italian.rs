//! Italian cards: the 40-card deck of coppe, denari, spade and bastoni.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseCardError;

/// An Italian suit. `Display` prints the letter (`c`); `{:#}` the name
/// (`coppe`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum ItalianSuit {
    /// Cups, `c`.
    Coppe = 0,
    /// Coins, `d`.
    Denari = 1,
    /// Swords, `s`.
    Spade = 2,
    /// Clubs (batons), `b`.
    Bastoni = 3,
}

impl ItalianSuit {
    /// The four suits in index order.
    pub const ALL: [ItalianSuit; 4] =
        [ItalianSuit::Coppe, ItalianSuit::Denari, ItalianSuit::Spade, ItalianSuit::Bastoni];

    /// The ASCII letter: `c d s b`.
    pub const fn letter(self) -> char {
        match self {
            ItalianSuit::Coppe => 'c',
            ItalianSuit::Denari => 'd',
            ItalianSuit::Spade => 's',
            ItalianSuit::Bastoni => 'b',
        }
    }

    /// The Italian name: `coppe`, `denari`, `spade`, `bastoni`.
    pub const fn name(self) -> &'static str {
        match self {
            ItalianSuit::Coppe => "coppe",
            ItalianSuit::Denari => "denari",
            ItalianSuit::Spade => "spade",
            ItalianSuit::Bastoni => "bastoni",
        }
    }

    /// Reads a suit from its letter, either case.
    pub const fn from_char(c: char) -> Option<ItalianSuit> {
        Some(match c {
            'c' | 'C' => ItalianSuit::Coppe,
            'd' | 'D' => ItalianSuit::Denari,
            's' | 'S' => ItalianSuit::Spade,
            'b' | 'B' => ItalianSuit::Bastoni,
            _ => return None,
        })
    }
}

impl TryFrom<u8> for ItalianSuit {
    type Error = u8;
    /// Converts an index `0..4`; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Self, u8> {
        ItalianSuit::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl fmt::Display for ItalianSuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() { f.write_str(self.name()) } else { write!(f, "{}", self.letter()) }
    }
}

/// An Italian rank; its discriminant is its value (Asso = 1 ... Re = 10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum ItalianRank {
    /// Ace, 1, `A`.
    Asso = 1,
    /// 2.
    Due,
    /// 3.
    Tre,
    /// 4.
    Quattro,
    /// 5.
    Cinque,
    /// 6.
    Sei,
    /// 7.
    Sette,
    /// Knave, 8, `F`.
    Fante,
    /// Knight, 9, `C`.
    Cavallo,
    /// King, 10, `R`.
    Re,
}

impl ItalianRank {
    /// The ten ranks, Asso first.
    pub const ALL: [ItalianRank; 10] = [
        ItalianRank::Asso,
        ItalianRank::Due,
        ItalianRank::Tre,
        ItalianRank::Quattro,
        ItalianRank::Cinque,
        ItalianRank::Sei,
        ItalianRank::Sette,
        ItalianRank::Fante,
        ItalianRank::Cavallo,
        ItalianRank::Re,
    ];

    /// Value: Asso = 1, 2..7, Fante = 8, Cavallo = 9, Re = 10.
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank of value `v` (1..=10).
    pub const fn from_value(v: u8) -> Option<ItalianRank> {
        if v >= 1 && v <= 10 { Some(ItalianRank::ALL[(v - 1) as usize]) } else { None }
    }

    /// One ASCII character: `A 2 .. 7 F C R`.
    pub const fn letter(self) -> char {
        match self {
            ItalianRank::Asso => 'A',
            ItalianRank::Fante => 'F',
            ItalianRank::Cavallo => 'C',
            ItalianRank::Re => 'R',
            r => (b'0' + r as u8) as char,
        }
    }

    /// The Italian name.
    pub const fn name(self) -> &'static str {
        match self {
            ItalianRank::Asso => "Asso",
            ItalianRank::Due => "Due",
            ItalianRank::Tre => "Tre",
            ItalianRank::Quattro => "Quattro",
            ItalianRank::Cinque => "Cinque",
            ItalianRank::Sei => "Sei",
            ItalianRank::Sette => "Sette",
            ItalianRank::Fante => "Fante",
            ItalianRank::Cavallo => "Cavallo",
            ItalianRank::Re => "Re",
        }
    }

    /// Reads a rank as typed: `A`/`1`, `2`..`7`, `F`/`8`, `C`/`9`, `R`/`10`
    /// (either case).
    pub fn parse(s: &str) -> Option<ItalianRank> {
        Some(match s {
            "A" | "a" | "1" => ItalianRank::Asso,
            "F" | "f" | "8" => ItalianRank::Fante,
            "C" | "c" | "9" => ItalianRank::Cavallo,
            "R" | "r" | "10" => ItalianRank::Re,
            _ => {
                let b = s.as_bytes();
                if b.len() == 1 && (b'2'..=b'7').contains(&b[0]) {
                    ItalianRank::from_value(b[0] - b'0')?
                } else {
                    return None;
                }
            }
        })
    }
}

impl TryFrom<u8> for ItalianRank {
    type Error = u8;
    /// Converts a value `1..=10`; returns the bad value otherwise.
    fn try_from(v: u8) -> Result<Self, u8> {
        ItalianRank::from_value(v).ok_or(v)
    }
}

impl fmt::Display for ItalianRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() { f.write_str(self.name()) } else { write!(f, "{}", self.letter()) }
    }
}

/// An Italian card packed in one byte (`suit * 10 + value - 1`).
///
/// `Display` prints `Rc` (Re di coppe); `{:#}` prints `Re di coppe`.
///
/// ```
/// use carte_core::{ItalianCard, ItalianRank, ItalianSuit};
///
/// let card: ItalianCard = "Rc".parse()?;
/// assert_eq!(card, ItalianCard::new(ItalianRank::Re, ItalianSuit::Coppe));
/// assert_eq!(format!("{card:#}"), "Re di coppe");
/// assert_eq!("7d".parse::<ItalianCard>()?.rank().value(), 7);
/// # Ok::<(), carte_core::ParseCardError>(())
/// ```
///
/// With the `serde` feature a card is serialized as its notation (`"Rc"`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub struct ItalianCard(u8);

impl ItalianCard {
    /// Number of distinct Italian cards.
    pub const COUNT: usize = 40;

    /// The card of this rank and suit.
    pub const fn new(rank: ItalianRank, suit: ItalianSuit) -> ItalianCard {
        ItalianCard(suit as u8 * 10 + rank as u8 - 1)
    }

    /// The card's rank.
    pub const fn rank(self) -> ItalianRank {
        ItalianRank::ALL[(self.0 % 10) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> ItalianSuit {
        ItalianSuit::ALL[(self.0 / 10) as usize]
    }

    /// The packed index, `0..40`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this packed index, if it is below 40.
    pub const fn from_index(i: usize) -> Option<ItalianCard> {
        if i < ItalianCard::COUNT { Some(ItalianCard(i as u8)) } else { None }
    }
}

impl TryFrom<u8> for ItalianCard {
    type Error = u8;
    /// Converts a packed index `0..40`; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Self, u8> {
        ItalianCard::from_index(usize::from(i)).ok_or(i)
    }
}

impl fmt::Display for ItalianCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{} di {}", self.rank().name(), self.suit().name())
        } else {
            write!(f, "{}{}", self.rank().letter(), self.suit().letter())
        }
    }
}

impl fmt::Debug for ItalianCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for ItalianCard {
    type Err = ParseCardError;

    /// Accepts a rank (`A`/`1`, `2`..`7`, `F`/`8`, `C`/`9`, `R`/`10`) followed
    /// by a suit letter (`c d s b`), either case, whitespace ignored.
    fn from_str(s: &str) -> Result<ItalianCard, ParseCardError> {
        let t = s.trim();
        let Some(last) = t.chars().last() else {
            return Err(ParseCardError::Empty);
        };
        let rank_part = &t[..t.len() - last.len_utf8()];
        let Some(suit) = ItalianSuit::from_char(last) else {
            return Err(ParseCardError::BadSuit { input: s.to_owned(), suit: last });
        };
        let Some(rank) = ItalianRank::parse(rank_part) else {
            return Err(ParseCardError::BadRank { input: s.to_owned(), rank: rank_part.to_owned() });
        };
        Ok(ItalianCard::new(rank, suit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_roundtrips() {
        for i in 0..40 {
            let c = ItalianCard::from_index(i).unwrap();
            assert_eq!(c.to_string().parse::<ItalianCard>().unwrap(), c);
            assert_eq!(ItalianCard::new(c.rank(), c.suit()), c);
        }
        assert!(ItalianCard::from_index(40).is_none());
    }

    #[test]
    fn parses_court_cards_and_numbers() {
        let re = ItalianCard::new(ItalianRank::Re, ItalianSuit::Coppe);
        assert_eq!("Rc".parse::<ItalianCard>().unwrap(), re);
        assert_eq!("10c".parse::<ItalianCard>().unwrap(), re);
        assert_eq!("Cb".parse::<ItalianCard>().unwrap().rank(), ItalianRank::Cavallo);
        assert_eq!("fS".parse::<ItalianCard>().unwrap().rank(), ItalianRank::Fante);
        assert!("8h".parse::<ItalianCard>().is_err());
        assert!("Kc".parse::<ItalianCard>().is_err());
    }
}
