//! The two presets of the engine (deck + penalty table) and the end rule.

use core::fmt;
use core::str::FromStr;

use carte_core::{Card, FRENCH_52, ITALIAN_40, ItalianCard, ItalianRank, Rank};

use crate::deck::Deck;

/// The most cards the fast engines hold, and a [`Deck`]: the larger of the
/// two presets' decks. It sizes their fixed buffers. A deal may hold more
/// (any number); such deals are played by the general engine
/// ([`Simulator::play`](crate::Simulator::play)).
pub const MAX_CARDS: usize = 52;

/// Which game: a deck and its penalty table.
///
/// The engine sees a card only as its *kind*, a `u8` that is the number of
/// cards it demands: `0` for a plain card, `1..=max_demand()` for an attack
/// card.
///
/// | preset | deck | attack cards (demand) | notation |
/// | --- | --- | --- | --- |
/// | [`Camicia`](Preset::Camicia) | 40 Italian | Asso 1, Due 2, Tre 3 | `1 2 3`, plain `0` or `-` |
/// | [`BeggarMyNeighbour`](Preset::BeggarMyNeighbour) | 52 French | J 1, Q 2, K 3, A 4 | `J Q K A`, plain `-` |
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Preset {
    /// Camicia: 40 Italian cards, Ace, Two and Three demand 1, 2 and 3.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "camicia"))]
    Camicia,
    /// Beggar-my-neighbour: 52 French cards, J, Q, K and A demand 1, 2, 3
    /// and 4.
    #[cfg_attr(feature = "serde", serde(rename = "bmn"))]
    BeggarMyNeighbour,
}

/// The canonical deck of Camicia as kinds: [`ITALIAN_40`] in its order,
/// each card replaced by its demand.
const CAMICIA_DECK: [u8; 40] = {
    let mut deck = [0u8; 40];
    let mut i = 0;
    while i < 40 {
        deck[i] = italian_demand(ITALIAN_40[i]);
        i += 1;
    }
    deck
};

/// The canonical deck of Beggar-my-neighbour as kinds: [`FRENCH_52`] in its
/// order, each card replaced by its demand.
const BMN_DECK: [u8; 52] = {
    let mut deck = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = french_demand(FRENCH_52[i]);
        i += 1;
    }
    deck
};

/// Camicia's penalty table: Asso 1, Due 2, Tre 3, every other card 0.
pub const fn italian_demand(card: ItalianCard) -> u8 {
    match card.rank() {
        ItalianRank::Asso => 1,
        ItalianRank::Due => 2,
        ItalianRank::Tre => 3,
        _ => 0,
    }
}

/// Beggar-my-neighbour's penalty table: J 1, Q 2, K 3, A 4, every other
/// card 0.
pub const fn french_demand(card: Card) -> u8 {
    match card.rank() {
        Rank::Jack => 1,
        Rank::Queen => 2,
        Rank::King => 3,
        Rank::Ace => 4,
        _ => 0,
    }
}

impl Preset {
    /// Both presets.
    pub const ALL: [Preset; 2] = [Preset::Camicia, Preset::BeggarMyNeighbour];

    /// The short name used on command lines and in serde: `camicia`, `bmn`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Camicia => "camicia",
            Preset::BeggarMyNeighbour => "bmn",
        }
    }

    /// Cards in the full deck: 40 or 52.
    pub const fn deck_len(self) -> usize {
        self.deck().len()
    }

    /// The highest demand: 3 (Camicia) or 4 (Beggar-my-neighbour). Kinds run
    /// over `0..=max_demand()`.
    pub const fn max_demand(self) -> u8 {
        match self {
            Preset::Camicia => 3,
            Preset::BeggarMyNeighbour => 4,
        }
    }

    /// The full deck as kinds, in the canonical order of the real deck
    /// ([`ITALIAN_40`] or [`FRENCH_52`]) that seeded deals shuffle.
    pub const fn deck(self) -> &'static [u8] {
        match self {
            Preset::Camicia => &CAMICIA_DECK,
            Preset::BeggarMyNeighbour => &BMN_DECK,
        }
    }

    /// How many cards of each kind the full deck holds, indexed by kind
    /// (Camicia `[28, 4, 4, 4, 0]`, Beggar-my-neighbour `[36, 4, 4, 4, 4]`).
    pub const fn deck_counts(self) -> [u8; 5] {
        match self {
            Preset::Camicia => [28, 4, 4, 4, 0],
            Preset::BeggarMyNeighbour => [36, 4, 4, 4, 4],
        }
    }

    /// The notation of a kind: `-` for a plain card, then `1 2 3` (Camicia)
    /// or `J Q K A` (Beggar-my-neighbour); `None` for a kind above
    /// [`max_demand`](Preset::max_demand).
    pub const fn symbol(self, kind: u8) -> Option<char> {
        match (self, kind) {
            (_, 0) => Some('-'),
            (Preset::Camicia, 1) => Some('1'),
            (Preset::Camicia, 2) => Some('2'),
            (Preset::Camicia, 3) => Some('3'),
            (Preset::BeggarMyNeighbour, 1) => Some('J'),
            (Preset::BeggarMyNeighbour, 2) => Some('Q'),
            (Preset::BeggarMyNeighbour, 3) => Some('K'),
            (Preset::BeggarMyNeighbour, 4) => Some('A'),
            _ => None,
        }
    }

    /// Reads one character of the notation as a kind. Camicia: `0` or `-`
    /// plain, `1 2 3`; Beggar-my-neighbour: `-` plain, `J Q K A` (either
    /// case).
    pub const fn kind_of(self, c: char) -> Option<u8> {
        match (self, c) {
            (_, '-') | (Preset::Camicia, '0') => Some(0),
            (Preset::Camicia, '1') | (Preset::BeggarMyNeighbour, 'J' | 'j') => Some(1),
            (Preset::Camicia, '2') | (Preset::BeggarMyNeighbour, 'Q' | 'q') => Some(2),
            (Preset::Camicia, '3') | (Preset::BeggarMyNeighbour, 'K' | 'k') => Some(3),
            (Preset::BeggarMyNeighbour, 'A' | 'a') => Some(4),
            _ => None,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no preset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown preset {0:?} (expected `camicia` or `bmn`)")]
pub struct ParsePresetError(pub String);

impl FromStr for Preset {
    type Err = ParsePresetError;
    /// `camicia`, or `bmn` / `beggar-my-neighbour` (either case).
    fn from_str(s: &str) -> Result<Preset, ParsePresetError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "camicia" => Ok(Preset::Camicia),
            "bmn" | "beggar-my-neighbour" | "beggar-my-neighbor" => Ok(Preset::BeggarMyNeighbour),
            _ => Err(ParsePresetError(s.to_owned())),
        }
    }
}

/// When the game ends.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EndRule {
    /// The family's standard, used by every published record: a player who
    /// must turn a card (in open play or while paying) and has none loses,
    /// and the opponent takes the pile (a trick); a collection that leaves
    /// the opponent with no cards ends the game at once.
    #[default]
    #[cfg_attr(feature = "serde", serde(alias = "Standard"))]
    Standard,
    /// The literal reading of the Italian text: a player loses the moment
    /// their hand empties, even while their own attack is pending; the
    /// opponent takes the pile (a trick, unless the last card's own payment
    /// already gave it to them).
    #[cfg_attr(feature = "serde", serde(alias = "EmptyHandLoses"))]
    EmptyHandLoses,
}

/// Everything that chooses the variant: the preset, the end rule, the
/// deck seeded games deal, and whether a repeated state ends the game.
/// The default is Camicia with the standard end rule.
///
/// ```
/// use camicia_rules::{Config, Deck, EndRule, Preset};
///
/// let config = Config::new(Preset::Camicia)
///     .with_end_rule(EndRule::EmptyHandLoses)
///     .with_deck(Deck::parse(Preset::Camicia, "14,2,2,2")?)
///     .with_draw_on_repeat(true);
/// assert_eq!(config.seeded_deck()?.len(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// The deck and penalty table.
    pub preset: Preset,
    /// When the game ends.
    pub end_rule: EndRule,
    /// The deck seeded games deal ([`Seeded::from_seed`](carte_core::Seeded::from_seed));
    /// `None` for the preset's full deck. It must be written in `preset`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub deck: Option<Deck>,
    /// End the game as a draw at the first repeated state (the loop rule's
    /// repeat: both hands and the player to move at a trick boundary, as
    /// [`Deal::play_out`](crate::Deal::play_out) reports it), so that every
    /// game ends through the [`Game`](carte_core::Game) trait; off by
    /// default. See [`Camicia::max_plies`](crate::Camicia::max_plies).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
    pub draw_on_repeat: bool,
}

impl Config {
    /// `preset` with the standard end rule, its full deck, no draw on a
    /// repeat.
    pub const fn new(preset: Preset) -> Config {
        Config { preset, end_rule: EndRule::Standard, deck: None, draw_on_repeat: false }
    }

    /// The same with another end rule.
    pub const fn with_end_rule(mut self, end_rule: EndRule) -> Config {
        self.end_rule = end_rule;
        self
    }

    /// The same, seeding deals of `deck` (and in its preset).
    pub const fn with_deck(mut self, deck: Deck) -> Config {
        self.preset = deck.preset();
        self.deck = Some(deck);
        self
    }

    /// The same, with or without the draw at the first repeated state.
    pub const fn with_draw_on_repeat(mut self, on: bool) -> Config {
        self.draw_on_repeat = on;
        self
    }

    /// With [`Config::draw_on_repeat`], a bound on the plies (cards turned)
    /// of any game of the seeded deck: no game turns more cards before it
    /// ends or reaches its first repeated state. Counted as the
    /// trick-boundary states the deck has (both hands in order and who
    /// leads: `2 · (n + 1) · deals`) times the most cards one trick turns
    /// (`n`), saturated at `u64::MAX` (Camicia: 6.3 · 10^17;
    /// Beggar-my-neighbour saturates). Loose, and finite: for one game,
    /// [`Camicia::max_plies`](crate::Camicia::max_plies) is exact. `None`
    /// without the option: endless deals never end.
    ///
    /// ```
    /// use camicia_rules::{Config, Preset};
    ///
    /// assert_eq!(Config::new(Preset::Camicia).max_plies(), None);
    /// let bound = Config::new(Preset::Camicia).with_draw_on_repeat(true).max_plies();
    /// assert_eq!(bound, Some(2 * 41 * 193_584_473_082_000 * 40));
    /// ```
    pub fn max_plies(&self) -> Option<u64> {
        let deck = self.seeded_deck().unwrap_or(Deck::of(self.preset));
        self.draw_on_repeat.then(|| ply_bound(deck.counts().map(usize::from)))
    }

    /// Checks the configuration (every crate's config check has this name).
    ///
    /// ```
    /// use camicia_rules::{Config, Deck, Preset};
    ///
    /// assert_eq!(Config::new(Preset::Camicia).validate(), Ok(()));
    /// let mut config = Config::new(Preset::Camicia).with_deck(Deck::of(Preset::BeggarMyNeighbour));
    /// config.preset = Preset::Camicia;
    /// assert!(config.validate().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`ConfigError::DeckOfAnotherPreset`] when `deck` is written in
    /// another preset than `preset`.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.seeded_deck().map(|_| ())
    }

    /// The deck seeded games deal.
    ///
    /// # Errors
    ///
    /// [`ConfigError::DeckOfAnotherPreset`] when `deck` is written in
    /// another preset than `preset`.
    pub fn seeded_deck(&self) -> Result<Deck, ConfigError> {
        match self.deck {
            None => Ok(Deck::of(self.preset)),
            Some(deck) if deck.preset() == self.preset => Ok(deck),
            Some(deck) => Err(ConfigError::DeckOfAnotherPreset { deck, preset: self.preset }),
        }
    }
}

/// The ply bound of [`Config::max_plies`] for a game holding `counts`.
pub(crate) fn ply_bound(counts: [usize; 5]) -> u64 {
    let n = counts.iter().sum::<usize>() as u128;
    if n > crate::MAX_CARDS as u128 {
        return u64::MAX;
    }
    let deals = crate::rank::multinomial(&counts.map(|c| c as u32));
    let bound = deals.saturating_mul(2 * (n + 1)).saturating_mul(n);
    u64::try_from(bound).unwrap_or(u64::MAX)
}

/// A configuration that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The seeded deck is written in another preset.
    #[error("bad configuration: the deck {deck} is not a deck of {preset}")]
    DeckOfAnotherPreset {
        /// The deck.
        deck: Deck,
        /// The configured preset.
        preset: Preset,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_have_the_stated_composition() {
        for preset in Preset::ALL {
            let mut counts = [0u8; 5];
            for &k in preset.deck() {
                counts[usize::from(k)] += 1;
            }
            assert_eq!(counts, preset.deck_counts(), "{preset}");
            assert_eq!(preset.deck_len(), usize::from(counts.iter().sum::<u8>()));
        }
        assert_eq!(Preset::Camicia.deck_len(), 40);
        assert_eq!(Preset::BeggarMyNeighbour.deck_len(), 52);
    }

    #[test]
    fn symbols_round_trip() {
        for preset in Preset::ALL {
            for kind in 0..=preset.max_demand() {
                let c = preset.symbol(kind).unwrap();
                assert_eq!(preset.kind_of(c), Some(kind));
            }
            assert_eq!(preset.symbol(preset.max_demand() + 1), None);
            assert_eq!(preset.kind_of('x'), None);
        }
        assert_eq!(Preset::Camicia.kind_of('0'), Some(0));
        assert_eq!(Preset::Camicia.kind_of('J'), None);
        assert_eq!(Preset::BeggarMyNeighbour.kind_of('1'), None);
        assert_eq!("BMN".parse::<Preset>(), Ok(Preset::BeggarMyNeighbour));
        assert!("poker".parse::<Preset>().is_err());
    }
}
