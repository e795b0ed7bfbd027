//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use carte_core::ParseCardError;

use crate::card::Card;
use crate::cards::CardSet;
use crate::deck::Deck;

/// One Gonzago move.
///
/// Notation (words in any case, cards separated by spaces or commas):
///
/// * `play 4c 4d`: play these cards (one card, or several of one value).
///   The word `play` may be left out: `4c 4d`.
/// * `draw`: take the top card of the stock; the turn ends.
/// * `pass`: only with an empty stock and no playable card.
///
/// A play names its cards on the deck of its game ([`Play::deck`]), and
/// its `Display` writes them so that `FromStr` reads the same move back
/// without knowing the game: Italian cards by their names (`4c`, `Rb`:
/// values `A 2..7 F C R`, suits `c d s b`), French cards with the suit
/// symbols (`4♣`, `K♠`: values `A 2..7 J Q K`). Context-free `FromStr`
/// therefore reads ASCII cards as Italian and cards with a suit symbol as
/// French. A person on the French deck types ASCII (`Ks`, `7h`): read it
/// with the game's deck, by [`Deck::parse_move`](crate::Deck::parse_move),
/// [`Hand::parse_move`](crate::Hand::parse_move) or
/// [`Game::apply_notation`](carte_core::Game::apply_notation), which both
/// [`Hand`](crate::Hand) and [`Match`](crate::Match) read with their deck.
/// A game refuses a play named on the other deck
/// ([`IllegalKind::OtherDeck`](crate::IllegalKind::OtherDeck)) rather than
/// guess which card was meant.
///
/// Every move prints as text that reads back as the same move: a [`Play`]
/// always names at least one card.
///
/// ```
/// use gonzago_rules::{Deck, Move};
///
/// let mv: Move = "play 4c 4d".parse()?;
/// assert_eq!(mv.to_string(), "play 4c 4d");
/// assert_eq!("4d,4c".parse::<Move>()?, mv);
/// assert_eq!("DRAW".parse::<Move>()?, Move::Draw);
/// assert!("play".parse::<Move>().is_err());
/// assert!("play 4c 4c".parse::<Move>().is_err());
/// // The French deck: typed in ASCII with the deck, written with symbols.
/// let kings = Deck::French.parse_move("play Ks Kh")?;
/// assert_eq!(kings.to_string(), "play K♥ K♠");
/// assert_eq!("play K♥ K♠".parse::<Move>()?, kings);
/// # Ok::<(), gonzago_rules::ParseMoveError>(())
/// ```
///
/// With the `serde` feature a move is serialized as its notation
/// (`"play 4c 4d"`, `"play K♥ K♠"`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub enum Move {
    /// Play these cards onto the table.
    Play(Play),
    /// Draw the top card of the stock and end the turn.
    Draw,
    /// Pass: the stock is empty and no held card is playable.
    Pass,
}

/// The cards of a play, named on one deck: never empty (a legal play is one
/// or more cards of one value; the hand checks the rest).
///
/// ```
/// use gonzago_rules::{CardSet, Deck, Play};
///
/// let cards: CardSet = "4c 4d".parse()?;
/// let play = Play::new(Deck::Italian, cards).unwrap();
/// assert_eq!(play.cards(), cards);
/// assert_eq!(play.deck(), Deck::Italian);
/// assert_eq!(Play::new(Deck::Italian, CardSet::EMPTY), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Play {
    cards: CardSet,
    deck: Deck,
}

impl Play {
    /// The play of `cards` named on `deck`; `None` for no card at all.
    pub const fn new(deck: Deck, cards: CardSet) -> Option<Play> {
        if cards.is_empty() { None } else { Some(Play { cards, deck }) }
    }

    /// The play of `cards`, which the caller knows to be non-empty.
    #[inline]
    pub(crate) const fn of(deck: Deck, cards: CardSet) -> Play {
        debug_assert!(!cards.is_empty());
        Play { cards, deck }
    }

    /// The cards played (at least one).
    pub const fn cards(self) -> CardSet {
        self.cards
    }

    /// The deck the cards are named on.
    pub const fn deck(self) -> Deck {
        self.deck
    }
}

impl Move {
    /// The play of these cards named on `deck`; `None` for no card at all.
    ///
    /// ```
    /// use gonzago_rules::{Card, Deck, Move};
    ///
    /// let four: Card = "4c".parse()?;
    /// assert_eq!(Move::play(Deck::Italian, [four]).unwrap().to_string(), "play 4c");
    /// assert_eq!(Move::play(Deck::French, [four]).unwrap().to_string(), "play 4♣");
    /// assert_eq!(Move::play(Deck::Italian, []), None);
    /// # Ok::<(), gonzago_rules::core::ParseCardError>(())
    /// ```
    pub fn play(deck: Deck, cards: impl IntoIterator<Item = Card>) -> Option<Move> {
        Play::new(deck, cards.into_iter().collect()).map(Move::Play)
    }

    /// The cards this move plays (none for a draw or a pass).
    pub const fn cards(self) -> CardSet {
        match self {
            Move::Play(play) => play.cards,
            Move::Draw | Move::Pass => CardSet::EMPTY,
        }
    }

    /// The same move with its cards named on `deck`.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Move};
    ///
    /// let mv: Move = "play Rs Rb".parse()?;
    /// assert_eq!(mv.on_deck(Deck::French).to_string(), "play K♥ K♠");
    /// assert_eq!(Move::Draw.on_deck(Deck::French), Move::Draw);
    /// # Ok::<(), gonzago_rules::ParseMoveError>(())
    /// ```
    pub const fn on_deck(self, deck: Deck) -> Move {
        match self {
            Move::Play(play) => Move::Play(Play { cards: play.cards, deck }),
            other => other,
        }
    }
}

/// The cards in the notation of the play's deck: `4c 4d`, `4♣ 4♦`.
impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Named { deck: self.deck, cards: self.cards }.fmt(f)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(play) => write!(f, "play {play}"),
            Move::Draw => f.write_str("draw"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Cards written in the notation of `deck`: Italian names (`Rc`), French
/// names with suit symbols (`K♣`), separated by spaces.
pub(crate) struct Named {
    pub(crate) deck: Deck,
    pub(crate) cards: CardSet,
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cards.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write_card(f, self.deck, c)?;
        }
        Ok(())
    }
}

/// The cards of `cards` in the notation of `deck`, one string each: how a
/// state or a view on that deck serializes its cards.
#[cfg(feature = "serde")]
pub(crate) fn card_names(deck: Deck, cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards.into_iter().map(|c| Named { deck, cards: CardSet::single(c) }.to_string()).collect()
}

/// Reads cards named on `deck` (ASCII or, on the French deck, symbols).
#[cfg(feature = "serde")]
pub(crate) fn parse_names(deck: Deck, names: &[String]) -> Result<Vec<Card>, String> {
    names.iter().map(|n| deck.parse_card(n).map_err(|e| e.to_string())).collect()
}

/// The set of cards named on `deck`; a card named twice is an error.
#[cfg(feature = "serde")]
pub(crate) fn parse_set(deck: Deck, names: &[String]) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for c in parse_names(deck, names)? {
        if set.contains(c) {
            return Err(format!("card {} listed twice", Named { deck, cards: CardSet::single(c) }));
        }
        set.insert(c);
    }
    Ok(set)
}

/// One card in the notation of `deck`.
pub(crate) fn write_card(f: &mut fmt::Formatter<'_>, deck: Deck, card: Card) -> fmt::Result {
    match deck {
        Deck::Italian => write!(f, "{}", card.to_italian()),
        Deck::French => write!(f, "{}", card.to_french()),
    }
}

/// Text that is no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("bad move \"\": type `play <cards>`, `draw` or `pass`")]
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
    /// Italian names and French suit symbols in one play.
    #[error("bad move {0:?}: the cards of one play are named on one deck (Italian names, or French with suit symbols)")]
    MixedDecks(String),
    /// `draw` or `pass` followed by more words.
    #[error("bad move {0:?}: `draw` and `pass` take nothing after them")]
    Trailing(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads the notation without a game: ASCII cards are Italian, cards
    /// with a suit symbol French.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move_with(s, None)
    }
}

/// `true` for a word with a French suit symbol (filled or outlined).
fn has_suit_symbol(word: &str) -> bool {
    word.chars().any(|c| matches!(c, '♣' | '♦' | '♥' | '♠' | '♧' | '♢' | '♡' | '♤'))
}

/// The notation read on `deck`, or without a game (`None`: by the marks of
/// each word).
pub(crate) fn parse_move_with(text: &str, deck: Option<Deck>) -> Result<Move, ParseMoveError> {
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
    let mut named_on = deck;
    for word in words {
        let on = match deck {
            Some(d) => d,
            None if has_suit_symbol(word) => Deck::French,
            None => Deck::Italian,
        };
        if *named_on.get_or_insert(on) != on {
            return Err(ParseMoveError::MixedDecks(text.to_owned()));
        }
        let c = on.parse_card(word).map_err(|source| ParseMoveError::Card { text: text.to_owned(), source })?;
        if cards.contains(c) {
            return Err(ParseMoveError::Repeated { text: text.to_owned(), word: word.to_owned() });
        }
        cards.insert(c);
    }
    let deck = named_on.unwrap_or_default();
    Play::new(deck, cards).map(Move::Play).ok_or_else(|| ParseMoveError::NoCards(text.to_owned()))
}
