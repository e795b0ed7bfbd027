//! The cards of a game: a French card and the colour of its deck.

use core::fmt;
use core::str::FromStr;

use carte_core::{Card, ParseCardError, Rank, Suit};

use crate::player::Player;

/// One of the cards on the table: a French card of one seat's deck (104
/// cards in a two-player game, 208 in a four-player game). Each deck has
/// its own K♠ and K♥.
///
/// Written with the owner's letter first (`r`, `b`, `g`, `y`): `rK♠` (Red's
/// King of Spades), `b10♥`, `gQ♦`, `y2♣`; the alternate form `{:#}` is
/// ASCII: `rKs`, `bTh`.
///
/// ```
/// use zama_rules::{Player, ZamaCard};
///
/// let c: ZamaCard = "rKs".parse()?;
/// assert_eq!(c.owner(), Player::Red);
/// assert!(c.is_king_of_spades());
/// assert_eq!(c.to_string(), "rK♠");
/// # Ok::<(), zama_rules::ParseZamaCardError>(())
/// ```
///
/// With the `serde` feature a card is serialized as its ASCII notation (`"rKs"`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplayAlt, serde_with::DeserializeFromStr))]
pub struct ZamaCard(u8);

impl ZamaCard {
    /// Number of cards of the four-player game: four decks of 52 (the
    /// two-player game has the first 104, Red's and Blue's).
    pub const COUNT: usize = 208;

    /// The card `card` of `owner`'s deck.
    pub const fn new(owner: Player, card: Card) -> ZamaCard {
        ZamaCard(owner as u8 * 52 + card.index() as u8)
    }

    /// The King of Spades of `owner`.
    pub const fn king_of_spades(owner: Player) -> ZamaCard {
        ZamaCard::new(owner, Card::new(Rank::King, Suit::Spades))
    }

    /// The King of Hearts of `owner`.
    pub const fn king_of_hearts(owner: Player) -> ZamaCard {
        ZamaCard::new(owner, Card::new(Rank::King, Suit::Hearts))
    }

    /// The colour of the deck (and of the back).
    #[inline]
    pub const fn owner(self) -> Player {
        match Player::from_index(self.0 as usize / 52) {
            Some(c) => c,
            None => unreachable!(),
        }
    }

    /// The French card.
    #[inline]
    pub const fn card(self) -> Card {
        match Card::from_index((self.0 % 52) as usize) {
            Some(c) => c,
            None => unreachable!(),
        }
    }

    /// `owner * 52 + card index`, `0..208`: Red's cards first, then Blue's,
    /// Green's and Yellow's.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this index, if below 208.
    pub const fn from_index(i: usize) -> Option<ZamaCard> {
        if i < Self::COUNT { Some(ZamaCard(i as u8)) } else { None }
    }

    /// `true` for a K♠ (of any deck).
    pub const fn is_king_of_spades(self) -> bool {
        self.0 % 52 == 51
    }

    /// All 208 cards in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = ZamaCard> + Clone {
        (0..Self::COUNT as u8).map(ZamaCard)
    }

    /// The 52 cards of `owner`'s deck in index order.
    pub fn deck(owner: Player) -> impl DoubleEndedIterator<Item = ZamaCard> + Clone {
        let base = owner as u8 * 52;
        (base..base + 52).map(ZamaCard)
    }

    /// The cards of a `players`-player game in index order.
    pub fn all_of(players: usize) -> impl DoubleEndedIterator<Item = ZamaCard> + Clone {
        (0..52 * Player::seats(players).len() as u8).map(ZamaCard)
    }

    /// `true` for a K♥ (of any deck).
    pub const fn is_king_of_hearts(self) -> bool {
        self.0 % 52 == 38
    }

    #[inline(always)]
    pub(crate) fn bit<B: crate::bits::BitBoard>(self) -> B {
        B::bit(u32::from(self.0))
    }
}

impl fmt::Display for ZamaCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{}{:#}", self.owner().letter(), self.card())
        } else {
            write!(f, "{}{}", self.owner().letter(), self.card())
        }
    }
}

impl fmt::Debug for ZamaCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#}")
    }
}

/// Text that is no Zama card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseZamaCardError {
    /// The first letter is not `r`, `b`, `g` or `y`.
    #[error("bad card {0:?}: expected the owner r, b, g or y before the card, like rKs")]
    Owner(String),
    /// What follows is no French card.
    #[error(transparent)]
    Card(#[from] ParseCardError),
}

impl FromStr for ZamaCard {
    type Err = ParseZamaCardError;

    /// Reads the owner letter (`r`/`b`/`g`/`y`) and a French card: `rKs`,
    /// `b10♥`.
    fn from_str(s: &str) -> Result<ZamaCard, ParseZamaCardError> {
        let t = s.trim();
        let mut chars = t.chars();
        let owner =
            chars.next().and_then(Player::from_letter).ok_or_else(|| ParseZamaCardError::Owner(s.to_owned()))?;
        Ok(ZamaCard::new(owner, chars.as_str().parse()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rule Z1: two decks of 52, each card with its owner.
    #[test]
    fn every_card_roundtrips() {
        for c in ZamaCard::all() {
            assert_eq!(ZamaCard::new(c.owner(), c.card()), c);
            assert_eq!(c.to_string().parse::<ZamaCard>().unwrap(), c);
            assert_eq!(format!("{c:#}").parse::<ZamaCard>().unwrap(), c);
        }
        assert!("xKs".parse::<ZamaCard>().is_err());
        assert_eq!("yKh".parse::<ZamaCard>().unwrap(), ZamaCard::king_of_hearts(Player::Yellow));
        assert!(ZamaCard::king_of_hearts(Player::Green).is_king_of_hearts());
        assert_eq!(ZamaCard::all_of(2).count(), 104);
        assert!("rXs".parse::<ZamaCard>().is_err());
        assert_eq!(ZamaCard::deck(Player::Blue).count(), 52);
        assert_eq!(ZamaCard::all().filter(|c| c.is_king_of_spades()).count(), 4);
    }
}
