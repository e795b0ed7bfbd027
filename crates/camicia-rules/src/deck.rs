//! Decks: how many cards of each kind a game holds, the presets' and custom
//! ones, and how many deals they have.

use core::fmt;

use crate::preset::{MAX_CARDS, Preset};

/// The most attack cards a deck may hold: the fast engine keeps each hand's
/// attack cards in a queue of 31.
pub const MAX_ATTACKS: usize = 31;

/// A deck: how many cards of each kind (`0` plain, `n` demanding `n`) it
/// holds, written in the notation of a [`Preset`]. Either a preset's own
/// deck ([`Deck::of`]) or a custom one ([`Deck::custom`]), such as the
/// 20-card Camicia (14 plain, two each of 1, 2, 3) that analysts use to
/// test searches.
///
/// A deal of a deck is the deck's cards in two equal halves; the deck
/// numbers its deals by rank ([`Deck::rank`], [`Deck::unrank`]) and
/// [`Deck::deals`] counts them.
///
/// A deck is what the fast engine holds: an even number of cards, from 2
/// to [`MAX_CARDS`], at least one and at most [`MAX_ATTACKS`] of them
/// attack cards, and kinds within the preset's penalty table.
///
/// ```
/// use camicia_rules::{Deck, Preset};
///
/// let small = Deck::parse(Preset::Camicia, "14,2,2,2")?;
/// assert_eq!(small.len(), 20);
/// assert_eq!(small.deals(), 3_488_400);
/// assert_eq!(Deck::of(Preset::Camicia).deals(), 193_584_473_082_000);
/// assert!(Deck::parse(Preset::Camicia, "20").is_err()); // no attack card
/// # Ok::<(), camicia_rules::DeckError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "DeckRaw", into = "DeckRaw"))]
pub struct Deck {
    preset: Preset,
    counts: [u8; 5],
}

/// A deck that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeckError {
    /// No attack card: nobody could ever collect the pile.
    #[error("bad deck: no attack card")]
    NoAttackCard,
    /// An odd number of cards cannot be dealt in two equal halves.
    #[error("bad deck: {total} cards, an odd number (a deal is two equal halves)")]
    OddTotal {
        /// Cards in the deck.
        total: usize,
    },
    /// More cards than the fast engine holds.
    #[error("bad deck: {total} cards, more than the {MAX_CARDS} the fast engine holds")]
    TooManyCards {
        /// Cards in the deck.
        total: usize,
    },
    /// More attack cards than the fast engine holds.
    #[error("bad deck: {attacks} attack cards, more than the {MAX_ATTACKS} the fast engine holds")]
    TooManyAttacks {
        /// Attack cards in the deck.
        attacks: usize,
    },
    /// A kind the preset's notation cannot write.
    #[error("bad deck: kind {kind} is above the highest demand of {preset} ({})", preset.max_demand())]
    KindOutsidePreset {
        /// The kind.
        kind: usize,
        /// The preset.
        preset: Preset,
    },
    /// Text that is no list of counts.
    #[error("bad deck {text:?}: expected counts of kinds 0, 1, 2, ... separated by commas, e.g. `14,2,2,2`")]
    Syntax {
        /// The text.
        text: String,
    },
}

impl Deck {
    /// The full deck of `preset`: Camicia's 40 cards (28 plain, four each
    /// of 1, 2, 3) or Beggar-my-neighbour's 52 (36 plain, four each of J,
    /// Q, K, A).
    pub const fn of(preset: Preset) -> Deck {
        Deck { preset, counts: preset.deck_counts() }
    }

    /// A custom deck: `counts[k]` cards of kind `k` (missing kinds count 0),
    /// written in `preset`'s notation.
    ///
    /// # Errors
    ///
    /// [`DeckError`]: no attack card, an odd total, more cards or attack
    /// cards than the fast engine holds, or a kind above the preset's
    /// highest demand.
    pub fn custom(preset: Preset, counts: &[u8]) -> Result<Deck, DeckError> {
        let max = usize::from(preset.max_demand());
        if let Some(kind) = counts.iter().enumerate().skip(max + 1).find(|&(_, &c)| c > 0).map(|(k, _)| k) {
            return Err(DeckError::KindOutsidePreset { kind, preset });
        }
        let mut all = [0u8; 5];
        for (slot, &c) in all.iter_mut().zip(counts) {
            *slot = c;
        }
        let total: usize = all.iter().map(|&c| usize::from(c)).sum();
        let attacks = total - usize::from(all[0]);
        if attacks == 0 {
            return Err(DeckError::NoAttackCard);
        }
        if total % 2 == 1 {
            return Err(DeckError::OddTotal { total });
        }
        if total > MAX_CARDS {
            return Err(DeckError::TooManyCards { total });
        }
        if attacks > MAX_ATTACKS {
            return Err(DeckError::TooManyAttacks { attacks });
        }
        Ok(Deck { preset, counts: all })
    }

    /// Reads counts such as `14,2,2,2` (kinds 0, 1, 2, ... in order) as a
    /// custom deck of `preset` ([`Deck::custom`]). Spaces are ignored.
    ///
    /// # Errors
    ///
    /// [`DeckError::Syntax`] for text that is no list of counts below 256,
    /// else as [`Deck::custom`].
    pub fn parse(preset: Preset, text: &str) -> Result<Deck, DeckError> {
        let syntax = || DeckError::Syntax { text: text.to_owned() };
        let mut counts = Vec::new();
        for part in text.split(',') {
            counts.push(part.trim().parse::<u8>().map_err(|_| syntax())?);
        }
        if counts.len() > 5 {
            let kind = counts.len() - 1;
            if counts[5..].iter().any(|&c| c > 0) {
                return Err(DeckError::KindOutsidePreset { kind, preset });
            }
        }
        Deck::custom(preset, &counts)
    }

    /// The preset whose notation the deck is written in.
    pub const fn preset(&self) -> Preset {
        self.preset
    }

    /// Cards of each kind, indexed by kind.
    pub const fn counts(&self) -> [u8; 5] {
        self.counts
    }

    /// Cards in the deck.
    pub const fn len(&self) -> usize {
        let mut total = 0;
        let mut k = 0;
        while k < 5 {
            total += self.counts[k] as usize;
            k += 1;
        }
        total
    }

    /// `false`: a deck holds at least two cards.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Attack cards in the deck.
    pub const fn attacks(&self) -> usize {
        self.len() - self.counts[0] as usize
    }

    /// `true` when this is the full deck of its preset.
    pub fn is_preset_deck(&self) -> bool {
        self.counts == self.preset.deck_counts()
    }

    /// The deck in the order seeded and random deals shuffle: the real deck
    /// of the preset ([`Preset::deck`]) for a preset's own deck, kinds in
    /// increasing order for a custom deck; written into `buf`.
    pub fn canonical<'a>(&self, buf: &'a mut [u8; MAX_CARDS]) -> &'a [u8] {
        let n = self.len();
        if self.is_preset_deck() {
            buf[..n].copy_from_slice(self.preset.deck());
        } else {
            let mut at = 0;
            for (kind, &c) in self.counts.iter().enumerate() {
                for slot in &mut buf[at..at + usize::from(c)] {
                    *slot = kind as u8;
                }
                at += usize::from(c);
            }
        }
        &buf[..n]
    }

    /// How many deals the deck has: the arrangements of its multiset of
    /// kinds, `n! / (c0! · c1! · ...)`.
    ///
    /// ```
    /// use camicia_rules::{Deck, Preset};
    ///
    /// // 52! / (36! · 4!^4): more than 64 bits.
    /// assert_eq!(Deck::of(Preset::BeggarMyNeighbour).deals(), 653_534_134_886_878_245_000);
    /// ```
    pub fn deals(&self) -> u128 {
        crate::rank::multinomial(&self.counts.map(u32::from))
    }
}

impl fmt::Display for Deck {
    /// The preset's name for its own deck (`camicia`), else the name and
    /// the counts (`camicia 14,2,2,2`), up to the highest kind present.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_preset_deck() {
            return write!(f, "{}", self.preset);
        }
        let last = self.counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        write!(f, "{} ", self.preset)?;
        for (k, c) in self.counts[..=last].iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The serialized form of a [`Deck`], validated on load.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct DeckRaw {
    preset: Preset,
    counts: Vec<u8>,
}

#[cfg(feature = "serde")]
impl From<Deck> for DeckRaw {
    fn from(d: Deck) -> DeckRaw {
        let last = d.counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        DeckRaw { preset: d.preset, counts: d.counts[..=last].to_vec() }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<DeckRaw> for Deck {
    type Error = DeckError;
    fn try_from(raw: DeckRaw) -> Result<Deck, DeckError> {
        if let Some(kind) = raw.counts.iter().enumerate().skip(5).find(|&(_, &c)| c > 0).map(|(k, _)| k) {
            return Err(DeckError::KindOutsidePreset { kind, preset: raw.preset });
        }
        Deck::custom(raw.preset, &raw.counts[..raw.counts.len().min(5)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules C30 and C32: a deck by counts; no attack card, an odd total
    /// or more than the fast engine holds is refused.
    #[test]
    fn custom_decks_are_checked() {
        assert_eq!(Deck::custom(Preset::Camicia, &[20]), Err(DeckError::NoAttackCard));
        assert_eq!(Deck::custom(Preset::Camicia, &[14, 2, 2, 1]), Err(DeckError::OddTotal { total: 19 }));
        assert_eq!(Deck::custom(Preset::Camicia, &[50, 2, 2]), Err(DeckError::TooManyCards { total: 54 }));
        assert_eq!(Deck::custom(Preset::Camicia, &[0, 10, 10, 12]), Err(DeckError::TooManyAttacks { attacks: 32 }));
        assert_eq!(
            Deck::custom(Preset::Camicia, &[14, 2, 2, 2, 2]),
            Err(DeckError::KindOutsidePreset { kind: 4, preset: Preset::Camicia })
        );
        assert!(Deck::custom(Preset::BeggarMyNeighbour, &[14, 2, 2, 2, 2]).is_ok());
        assert!(matches!(Deck::parse(Preset::Camicia, "14,x"), Err(DeckError::Syntax { .. })));
        assert!(matches!(Deck::parse(Preset::Camicia, ""), Err(DeckError::Syntax { .. })));
        assert_eq!(Deck::parse(Preset::Camicia, " 14, 2,2 ,2"), Deck::custom(Preset::Camicia, &[14, 2, 2, 2]));
        assert_eq!(Deck::parse(Preset::Camicia, "28,4,4,4"), Ok(Deck::of(Preset::Camicia)));
    }

    #[test]
    fn display_names_the_deck() {
        assert_eq!(Deck::of(Preset::BeggarMyNeighbour).to_string(), "bmn");
        assert_eq!(Deck::parse(Preset::Camicia, "14,2,2,2,0").unwrap().to_string(), "camicia 14,2,2,2");
    }

    #[test]
    fn canonical_order() {
        let mut buf = [0; MAX_CARDS];
        assert_eq!(Deck::of(Preset::Camicia).canonical(&mut buf), Preset::Camicia.deck());
        let d = Deck::custom(Preset::Camicia, &[2, 1, 0, 1]).unwrap();
        assert_eq!(d.canonical(&mut buf), &[0, 0, 1, 3]);
    }
}
