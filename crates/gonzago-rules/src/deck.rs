//! The two decks Gonzago is played with, and the names of cards in each.

use core::fmt;

use carte_core::ParseCardError;

use crate::card::{Card, Value};
use crate::moves::{Move, ParseMoveError, parse_move_with};

/// Which 40-card deck is on the table: it changes only the faces, never the
/// play. Both map onto the same 40 [`Card`]s (see there).
///
/// The deck is part of the configuration ([`Config::deck`](crate::Config),
/// or the `Seeded::Config` of a single [`Hand`](crate::Hand)), of every
/// state and of every play ([`Play::deck`](crate::Play::deck)): a game on
/// the French deck lists, prints and serializes its moves with French
/// names (`play K♠`, see [`Move`]), names its cards so in errors and
/// diagrams, and refuses a play named on the Italian deck. A person types
/// the faces of the deck in use in ASCII or with symbols, read by
/// [`Deck::parse_move`]; [`Deck::show_move`] prints ASCII faces.
///
/// | | values | suits |
/// |---|---|---|
/// | Italian | `A 2 3 4 5 6 7 F C R` (or `1`, `8`, `9`, `10`) | `c` coppe, `d` denari, `s` spade, `b` bastoni |
/// | French | `A 2 3 4 5 6 7 J Q K` | `c` ♣, `d` ♦, `h` ♥, `s` ♠ (symbols accepted) |
///
/// ```
/// use gonzago_rules::Deck;
///
/// let mv = Deck::French.parse_move("play Kh Ks")?;
/// assert_eq!(Deck::French.show_move(mv).to_string(), "play Kh Ks");
/// assert_eq!(mv.to_string(), "play K♥ K♠"); // the notation, read back anywhere
/// assert_eq!(Deck::Italian.parse_move("play Rs Rb")?.cards(), mv.cards());
/// # Ok::<(), gonzago_rules::ParseMoveError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Deck {
    /// An Italian regional deck: Asso … 7, Fante, Cavallo, Re in coppe,
    /// denari, spade and bastoni.
    #[default]
    Italian,
    /// A French deck without the 8s, 9s and 10s: A … 7, J, Q, K.
    French,
}

/// The canonical order of [`Deck::cards`], built once at compile time.
const CANONICAL: [Card; 40] = {
    let mut cards = [match Card::from_index(0) {
        Some(c) => c,
        None => unreachable!(),
    }; 40];
    let mut i = 0;
    while i < 40 {
        cards[i] = match Card::new(Value::ALL[i % 10], (i / 10) as u8) {
            Some(c) => c,
            None => unreachable!(),
        };
        i += 1;
    }
    cards
};

impl Deck {
    /// The 40 cards in the deck's canonical order (carte-core's
    /// [`ITALIAN_40`](carte_core::ITALIAN_40) or
    /// [`FRENCH_40`](carte_core::FRENCH_40): suit by suit, Ace to Re). The
    /// seeded shuffle starts from this order; it is the same for both decks.
    ///
    /// ```
    /// use gonzago_rules::Deck;
    ///
    /// let cards = Deck::French.cards();
    /// assert_eq!(cards[0].to_french().to_string(), "A♣");
    /// assert_eq!(cards, Deck::Italian.cards()); // the same 40 cards in the same order
    /// ```
    pub fn cards(self) -> [Card; 40] {
        CANONICAL
    }

    /// Reads one card as a person types it on this deck.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Value};
    ///
    /// assert_eq!(Deck::French.parse_card("Q♥")?.value(), Value::new(9).unwrap());
    /// assert_eq!(Deck::French.parse_card("Qh")?, Deck::Italian.parse_card("Cs")?);
    /// assert!(Deck::French.parse_card("9h").is_err()); // no 8, 9, 10 in the 40-card deck
    /// # Ok::<(), gonzago_rules::core::ParseCardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseCardError`] for text that is no card of this deck (a French
    /// `8h` included).
    pub fn parse_card(self, text: &str) -> Result<Card, ParseCardError> {
        match self {
            Deck::Italian => text.parse(),
            Deck::French => {
                let card: carte_core::Card = text.parse()?;
                Card::from_french(card)
                    .ok_or_else(|| ParseCardError::BadRank { input: text.to_owned(), rank: card.rank().to_string() })
            }
        }
    }

    /// Reads cards as a person types them on this deck, separated by spaces
    /// or commas.
    ///
    /// ```
    /// use gonzago_rules::{CardSet, Deck};
    ///
    /// let kings = Deck::French.parse_cards("Kh K♠")?;
    /// assert_eq!(kings, "Rs Rb".parse::<CardSet>()?);
    /// # Ok::<(), gonzago_rules::ParseCardsError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseCardsError`](crate::ParseCardsError) for a word that is no
    /// card of this deck or a card named twice.
    pub fn parse_cards(self, text: &str) -> Result<crate::CardSet, crate::ParseCardsError> {
        crate::cards::parse_cards_with(text, |t| self.parse_card(t))
    }

    /// The card's face on this deck, in ASCII: `Rc` or `Kh`.
    ///
    /// ```
    /// use gonzago_rules::{Card, Deck};
    ///
    /// let re: Card = "Rc".parse()?;
    /// assert_eq!(Deck::Italian.show(re).to_string(), "Rc");
    /// assert_eq!(Deck::French.show(re).to_string(), "Kc");
    /// # Ok::<(), gonzago_rules::core::ParseCardError>(())
    /// ```
    pub fn show(self, card: Card) -> impl fmt::Display {
        Shown { deck: self, card }
    }

    /// The value's letter on this deck: `R` or `K` for 10, digits below 8.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Value};
    ///
    /// assert_eq!(Deck::Italian.value_letter(Value::KING), 'R');
    /// assert_eq!(Deck::French.value_letter(Value::KING), 'K');
    /// assert_eq!(Deck::French.value_letter(Value::new(7).unwrap()), '7');
    /// ```
    pub fn value_letter(self, value: Value) -> char {
        match self {
            Deck::Italian => Card::new(value, 0).map_or('?', |c| c.to_italian().rank().letter()),
            Deck::French => Card::new(value, 0).map_or('?', |c| c.to_french().rank().ascii()),
        }
    }

    /// Reads a move as a person types it on this deck (see [`Move`] for the
    /// words).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Move};
    ///
    /// assert_eq!(Deck::French.parse_move("play 7s 7h")?.to_string(), "play 7♥ 7♠");
    /// assert_eq!(Deck::Italian.parse_move("7s 7b")?.to_string(), "play 7s 7b");
    /// assert_eq!(Deck::French.parse_move("draw")?, Move::Draw);
    /// # Ok::<(), gonzago_rules::ParseMoveError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] for text that is no move.
    pub fn parse_move(self, text: &str) -> Result<Move, ParseMoveError> {
        parse_move_with(text, Some(self))
    }

    /// The move with this deck's faces: `play Kh Ks`, `draw`, `pass`.
    ///
    /// ```
    /// use gonzago_rules::Deck;
    ///
    /// let mv = Deck::French.parse_move("play K♠")?;
    /// assert_eq!(Deck::French.show_move(mv).to_string(), "play Ks"); // ASCII, as typed
    /// assert_eq!(Deck::Italian.show_move(mv).to_string(), "play Rb");
    /// # Ok::<(), gonzago_rules::ParseMoveError>(())
    /// ```
    pub fn show_move(self, mv: Move) -> impl fmt::Display {
        ShownMove { deck: self, mv }
    }

    /// The cards with this deck's faces, separated by spaces.
    ///
    /// ```
    /// use gonzago_rules::{CardSet, Deck};
    ///
    /// let cards: CardSet = "4c Rb".parse()?;
    /// assert_eq!(Deck::French.show_cards(cards).to_string(), "4c Ks");
    /// # Ok::<(), gonzago_rules::ParseCardsError>(())
    /// ```
    pub fn show_cards(self, cards: crate::CardSet) -> impl fmt::Display {
        ShownCards { deck: self, cards }
    }
}

impl fmt::Display for Deck {
    /// `italian` or `french`, as serialized; [`FromStr`](core::str::FromStr)
    /// reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Deck::Italian => "italian",
            Deck::French => "french",
        })
    }
}

impl core::str::FromStr for Deck {
    type Err = ParseDeckError;

    /// Reads `italian` or `french` (any case).
    ///
    /// ```
    /// use gonzago_rules::Deck;
    ///
    /// assert_eq!("French".parse::<Deck>()?, Deck::French);
    /// assert_eq!(Deck::Italian.to_string().parse::<Deck>()?, Deck::Italian);
    /// assert!("german".parse::<Deck>().is_err());
    /// # Ok::<(), gonzago_rules::ParseDeckError>(())
    /// ```
    fn from_str(s: &str) -> Result<Deck, ParseDeckError> {
        match s.trim() {
            t if t.eq_ignore_ascii_case("italian") => Ok(Deck::Italian),
            t if t.eq_ignore_ascii_case("french") => Ok(Deck::French),
            _ => Err(ParseDeckError(s.to_owned())),
        }
    }
}

/// Text that names no deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad deck {0:?}: expected `italian` or `french`")]
pub struct ParseDeckError(String);

struct Shown {
    deck: Deck,
    card: Card,
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.deck {
            Deck::Italian => write!(f, "{}", self.card.to_italian()),
            Deck::French => write!(f, "{:#}", self.card.to_french()),
        }
    }
}

struct ShownCards {
    deck: Deck,
    cards: crate::CardSet,
}

impl fmt::Display for ShownCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cards.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.deck.show(c))?;
        }
        Ok(())
    }
}

struct ShownMove {
    deck: Deck,
    mv: Move,
}

impl fmt::Display for ShownMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Play(play) => write!(f, "play {}", self.deck.show_cards(play.cards())),
            Move::Draw => f.write_str("draw"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_faces_read_and_show() {
        let k = Deck::French.parse_card("Kh").unwrap();
        assert_eq!(k.value(), Value::KING);
        assert_eq!(Deck::French.show(k).to_string(), "Kh");
        assert_eq!(Deck::French.parse_card("K♥").unwrap(), k);
        assert_eq!(Deck::French.parse_card("7s").unwrap().to_string(), "7b");
        assert!(Deck::French.parse_card("9h").is_err());
        assert!(Deck::French.parse_card("Rc").is_err());
        assert!(Deck::Italian.parse_card("Kh").is_err());
        assert_eq!(Deck::French.value_letter(Value::new(8).unwrap()), 'J');
        assert_eq!(Deck::Italian.value_letter(Value::new(9).unwrap()), 'C');
    }

    #[test]
    fn every_card_roundtrips_on_both_decks() {
        for deck in [Deck::Italian, Deck::French] {
            for c in deck.cards() {
                assert_eq!(deck.parse_card(&deck.show(c).to_string()).unwrap(), c);
            }
        }
    }
}
