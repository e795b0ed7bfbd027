//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use carte_core::ParseCardError;

use crate::card::Card;
use crate::cards::CardSet;

/// One Gonzago move.
///
/// Notation (words in any case, cards separated by spaces or commas):
///
/// * `play 4c 4d`: play these cards (one card, or several of one value).
///   The word `play` may be left out: `4c 4d`.
/// * `draw`: take the top card of the stock; the turn ends.
/// * `pass`: only with an empty stock and no playable card.
///
/// `Display` and `FromStr` use the canonical (Italian) card names; see
/// [`Deck::parse_move`](crate::Deck::parse_move) for the French faces.
/// Every move prints as text that reads back as the same move: a [`Play`]
/// always names at least one card.
///
/// ```
/// use gonzago_rules::Move;
///
/// let mv: Move = "play 4c 4d".parse()?;
/// assert_eq!(mv.to_string(), "play 4c 4d");
/// assert_eq!("4d,4c".parse::<Move>()?, mv);
/// assert_eq!("DRAW".parse::<Move>()?, Move::Draw);
/// assert!("play".parse::<Move>().is_err());
/// assert!("play 4c 4c".parse::<Move>().is_err());
/// # Ok::<(), gonzago_rules::ParseMoveError>(())
/// ```
///
/// With the `serde` feature a move is serialized as its canonical notation
/// (`"play 4c 4d"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub enum Move {
    /// Play these cards onto the table.
    Play(Play),
    /// Draw the top card of the stock and end the turn.
    Draw,
    /// Pass: the stock is empty and no held card is playable.
    Pass,
}

/// The cards of a play: never empty (a legal play is one or more cards of
/// one value; the hand checks the rest).
///
/// ```
/// use gonzago_rules::{CardSet, Play};
///
/// let cards: CardSet = "4c 4d".parse()?;
/// let play = Play::new(cards).unwrap();
/// assert_eq!(play.cards(), cards);
/// assert_eq!(Play::new(CardSet::EMPTY), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    cards: CardSet,
}

impl Play {
    /// The play of `cards`; `None` for no card at all.
    pub const fn new(cards: CardSet) -> Option<Play> {
        if cards.is_empty() { None } else { Some(Play { cards }) }
    }

    /// The play of `cards`, which the caller knows to be non-empty.
    #[inline]
    pub(crate) const fn of(cards: CardSet) -> Play {
        debug_assert!(!cards.is_empty());
        Play { cards }
    }

    /// The cards played (at least one).
    pub const fn cards(self) -> CardSet {
        self.cards
    }
}

impl Move {
    /// The play of these cards; `None` for no card at all.
    ///
    /// ```
    /// use gonzago_rules::{Card, Move};
    ///
    /// let four: Card = "4c".parse()?;
    /// assert_eq!(Move::play([four]).unwrap().to_string(), "play 4c");
    /// assert_eq!(Move::play([]), None);
    /// # Ok::<(), carte_core::ParseCardError>(())
    /// ```
    pub fn play(cards: impl IntoIterator<Item = Card>) -> Option<Move> {
        Play::new(cards.into_iter().collect()).map(Move::Play)
    }

    /// The cards this move plays (none for a draw or a pass).
    pub const fn cards(self) -> CardSet {
        match self {
            Move::Play(play) => play.cards,
            Move::Draw | Move::Pass => CardSet::EMPTY,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(play) => write!(f, "play {}", play.cards),
            Move::Draw => f.write_str("draw"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Text that is no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("bad move: empty input (type `play <cards>`, `draw` or `pass`)")]
    Empty,
    /// `play` without cards.
    #[error("bad move {0:?}: name the cards to play")]
    NoCards(String),
    /// A word that is no card.
    #[error("bad move {text:?}: {source}")]
    Card {
        /// The whole input.
        text: String,
        /// Why the word is no card.
        #[source]
        source: ParseCardError,
    },
    /// The same card twice.
    #[error("bad move {text:?}: {word} is named twice")]
    Repeated {
        /// The whole input.
        text: String,
        /// The word naming the card again.
        word: String,
    },
    /// `draw` or `pass` followed by more words.
    #[error("bad move {0:?}: `draw` and `pass` take nothing after them")]
    Trailing(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move_with(s, str::parse)
    }
}

/// The notation with a card reader of the caller's deck.
pub(crate) fn parse_move_with(
    text: &str,
    card: impl Fn(&str) -> Result<Card, ParseCardError>,
) -> Result<Move, ParseMoveError> {
    let mut words = text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).peekable();
    let Some(&first) = words.peek() else {
        return Err(ParseMoveError::Empty);
    };
    let simple =
        |mv| if words.clone().nth(1).is_some() { Err(ParseMoveError::Trailing(text.to_owned())) } else { Ok(mv) };
    if first.eq_ignore_ascii_case("draw") {
        return simple(Move::Draw);
    }
    if first.eq_ignore_ascii_case("pass") {
        return simple(Move::Pass);
    }
    if first.eq_ignore_ascii_case("play") {
        words.next();
    }
    let mut cards = CardSet::EMPTY;
    for word in words {
        let c = card(word).map_err(|source| ParseMoveError::Card { text: text.to_owned(), source })?;
        if cards.contains(c) {
            return Err(ParseMoveError::Repeated { text: text.to_owned(), word: word.to_owned() });
        }
        cards.insert(c);
    }
    Play::new(cards).map(Move::Play).ok_or_else(|| ParseMoveError::NoCards(text.to_owned()))
}
