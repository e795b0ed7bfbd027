//! Deals: the unchecked description of a game's start, its notation, and
//! seeded or random deals.

use core::fmt;

use carte_core::rand::Rng;
use carte_core::{deal_rng, shuffle};

use crate::deck::Deck;
use crate::error::DealError;
use crate::preset::{MAX_CARDS, Preset};
use carte_core::{ByPlayer, Player};

/// Two hands of card kinds (`0` plain, `n` demands `n` cards), top card
/// first, for one preset. Unchecked: [`Deal::check`] (or building a
/// [`Camicia`](crate::Camicia) or playing it out) validates it.
///
/// The notation is `HAND/HAND`, player A first, the leftmost character the
/// top card (played first): `-` plain, `1 2 3` (Camicia; `0` is also read as
/// plain) or `J Q K A` (Beggar-my-neighbour).
///
/// ```
/// use camicia_rules::{Deal, Player, Preset};
///
/// let deal = Deal::parse(Preset::Camicia, "20-/3")?;
/// assert_eq!(deal.hands[Player::A], vec![2, 0, 0]);
/// assert_eq!(deal.to_string(), "2--/3");
/// assert!(Deal::parse(Preset::Camicia, "2x/3").is_err());
/// # Ok::<(), camicia_rules::DealError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal {
    /// The deck and penalty table the kinds refer to.
    pub preset: Preset,
    /// Each player's hand, top card first.
    pub hands: ByPlayer<Vec<u8>>,
}

impl Deal {
    /// Reads a deal for analysis: any two non-empty hands over the preset's
    /// alphabet, of any length (several decks, as in published test suites;
    /// deals of more than [`MAX_CARDS`] cards are played by the general
    /// engine). Surrounding whitespace is ignored; positions in errors count
    /// characters from 1.
    ///
    /// ```
    /// use camicia_rules::{Deal, Preset};
    ///
    /// // A's hand, then B's: `-` a plain card, a digit a card demanding that
    /// // many.
    /// let deal = Deal::parse(Preset::Camicia, "-1-3/2--")?;
    /// assert_eq!(deal.to_string(), "-1-3/2--");
    /// assert!(Deal::parse(Preset::Camicia, "-1-3").is_err()); // one hand only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DealError`] naming the first offending character and its position,
    /// a missing or extra `/`, or an empty hand.
    pub fn parse(preset: Preset, text: &str) -> Result<Deal, DealError> {
        let lead = text.len() - text.trim_start().len();
        let start = text[..lead].chars().count();
        let body = text.trim();
        let mut hands = ByPlayer::new(Vec::new(), Vec::new());
        let mut player = Player::A;
        let mut slash = None;
        for (i, c) in body.chars().enumerate() {
            let position = start + i + 1;
            if c == '/' {
                if player == Player::B {
                    return Err(DealError::ExtraSlash { position });
                }
                player = Player::B;
                slash = Some(position);
                continue;
            }
            match preset.kind_of(c) {
                Some(kind) => hands[player].push(kind),
                None => return Err(DealError::BadCard { position, found: c, preset }),
            }
        }
        let Some(slash) = slash else {
            return Err(DealError::NoSlash);
        };
        if hands[Player::A].is_empty() {
            return Err(DealError::EmptyHand { player: Player::A, position: slash });
        }
        if hands[Player::B].is_empty() {
            return Err(DealError::EmptyHand { player: Player::B, position: slash + 1 });
        }
        let deal = Deal { preset, hands };
        deal.check()?;
        Ok(deal)
    }

    /// Reads a full deal: as [`Deal::parse`], and the two hands together
    /// must hold exactly the preset's deck.
    ///
    /// # Errors
    ///
    /// As [`Deal::parse`], and [`DealError::NotFullDeck`].
    pub fn parse_full(preset: Preset, text: &str) -> Result<Deal, DealError> {
        let deal = Deal::parse(preset, text)?;
        deal.check_full()?;
        Ok(deal)
    }

    /// Reads a deal of `deck`: as [`Deal::parse`] in the deck's notation,
    /// and the hands must be the deck's cards in two equal halves.
    ///
    /// ```
    /// use camicia_rules::{Deal, Deck, Preset};
    ///
    /// let deck = Deck::parse(Preset::Camicia, "6,1,1")?;
    /// assert!(Deal::parse_deal_of(&deck, "-1--/2---").is_ok());
    /// assert!(Deal::parse_deal_of(&deck, "-1---/2--").is_err()); // halves
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Deal::parse`], and [`DealError::NotADealOfTheDeck`].
    pub fn parse_deal_of(deck: &Deck, text: &str) -> Result<Deal, DealError> {
        let deal = Deal::parse(deck.preset(), text)?;
        if !deal.is_deal_of(deck) {
            return Err(DealError::NotADealOfTheDeck { deck: *deck, found: deal.counts(), hands: deal.hand_lens() });
        }
        Ok(deal)
    }

    /// `true` when the hands are `deck`'s cards in two equal halves, in the
    /// deck's preset.
    pub fn is_deal_of(&self, deck: &Deck) -> bool {
        let (a, b) = self.hand_lens();
        self.preset == deck.preset()
            && a == b
            && self.check().is_ok()
            && self.counts() == deck.counts().map(usize::from)
    }

    fn hand_lens(&self) -> (usize, usize) {
        (self.hands[Player::A].len(), self.hands[Player::B].len())
    }

    /// A uniformly random deal of `deck`: its canonical order
    /// ([`Deck::canonical`]) shuffled with [`carte_core::shuffle()`] and
    /// `rng`, split in two halves. For a preset's own deck this is
    /// [`Deal::random`].
    pub fn random_of<R: Rng + ?Sized>(deck: &Deck, rng: &mut R) -> Deal {
        let mut buf = [0u8; MAX_CARDS];
        let cards = deck.canonical(&mut buf).len();
        let deck_cards = &mut buf[..cards];
        shuffle(deck_cards, rng);
        let (a, b) = deck_cards.split_at(cards / 2);
        Deal { preset: deck.preset(), hands: ByPlayer::new(a.to_vec(), b.to_vec()) }
    }

    /// The deal of `seed` for `deck`: [`Deal::random_of`] with
    /// [`deal_rng`]`(seed)`; for a preset's own deck this is
    /// [`Deal::seeded`].
    pub fn seeded_of(deck: &Deck, seed: u64) -> Deal {
        Deal::random_of(deck, &mut deal_rng(seed))
    }

    /// The deal of `seed`: the real deck of the preset ([`ITALIAN_40`] for
    /// Camicia, [`FRENCH_52`] for Beggar-my-neighbour) shuffled by
    /// [`carte_core::shuffled`], each card replaced by its demand; the first
    /// half (top card first) is A's hand, the second half B's.
    ///
    /// [`ITALIAN_40`]: carte_core::ITALIAN_40
    /// [`FRENCH_52`]: carte_core::FRENCH_52
    ///
    /// ```
    /// use camicia_rules::{Deal, Preset};
    ///
    /// let deal = Deal::seeded(Preset::BeggarMyNeighbour, 7);
    /// assert_eq!(deal, Deal::seeded(Preset::BeggarMyNeighbour, 7));
    /// assert!(deal.is_full());
    /// ```
    pub fn seeded(preset: Preset, seed: u64) -> Deal {
        Deal::random(preset, &mut deal_rng(seed))
    }

    /// A uniformly random full deal: the canonical deck of the preset
    /// shuffled with [`carte_core::shuffle()`] and `rng`, split in two halves.
    /// With `deal_rng(seed)` this is [`Deal::seeded`].
    pub fn random<R: Rng + ?Sized>(preset: Preset, rng: &mut R) -> Deal {
        let mut deck = [0u8; MAX_CARDS];
        let deck = &mut deck[..preset.deck_len()];
        deck.copy_from_slice(preset.deck());
        shuffle(deck, rng);
        let (a, b) = deck.split_at(deck.len() / 2);
        Deal { preset, hands: ByPlayer::new(a.to_vec(), b.to_vec()) }
    }

    /// Cards in both hands.
    pub fn len(&self) -> usize {
        self.hands[Player::A].len() + self.hands[Player::B].len()
    }

    /// `true` when both hands are empty (never for a checked deal).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many cards of each kind the two hands hold, indexed by kind.
    /// Kinds above 4 are not counted.
    pub fn counts(&self) -> [usize; 5] {
        let mut counts = [0usize; 5];
        for (_, hand) in self.hands.iter() {
            for &k in hand {
                if let Some(c) = counts.get_mut(usize::from(k)) {
                    *c += 1;
                }
            }
        }
        counts
    }

    /// `true` when the hands hold exactly the preset's full deck.
    pub fn is_full(&self) -> bool {
        self.check().is_ok()
            && self.len() == self.preset.deck_len()
            && self.counts() == self.preset.deck_counts().map(usize::from)
    }

    /// Checks a deal for analysis: both hands non-empty, every kind within
    /// the preset's penalty table. A deal may hold any number of cards.
    ///
    /// # Errors
    ///
    /// The first problem found.
    pub fn check(&self) -> Result<(), DealError> {
        for (player, hand) in self.hands.iter() {
            if hand.is_empty() {
                return Err(DealError::EmptyHand { player, position: 0 });
            }
            if let Some(index) = hand.iter().position(|&k| k > self.preset.max_demand()) {
                return Err(DealError::BadKind { player, index, kind: hand[index], preset: self.preset });
            }
        }
        Ok(())
    }

    /// Checks a full deal: [`Deal::check`], and the hands hold exactly the
    /// preset's deck.
    ///
    /// # Errors
    ///
    /// The first problem found.
    pub fn check_full(&self) -> Result<(), DealError> {
        self.check()?;
        if !self.is_full() {
            return Err(DealError::NotFullDeck { preset: self.preset, found: self.counts() });
        }
        Ok(())
    }
}

/// Writes a hand of kinds in the preset's notation (`?` for a kind the
/// preset lacks, which only an unchecked deal can hold).
pub(crate) fn write_hand(f: &mut fmt::Formatter<'_>, preset: Preset, hand: &[u8]) -> fmt::Result {
    for &k in hand {
        fmt::Write::write_char(f, preset.symbol(k).unwrap_or('?'))?;
    }
    Ok(())
}

/// A hand of kinds in the preset's notation.
pub(crate) fn hand_string(preset: Preset, hand: &[u8]) -> String {
    hand.iter().map(|&k| preset.symbol(k).unwrap_or('?')).collect()
}

impl fmt::Display for Deal {
    /// `HAND/HAND` in the preset's notation, plain cards as `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hand(f, self.preset, &self.hands[Player::A])?;
        f.write_str("/")?;
        write_hand(f, self.preset, &self.hands[Player::B])
    }
}
