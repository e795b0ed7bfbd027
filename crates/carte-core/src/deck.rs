//! The three decks of the carte games, in a fixed canonical order.
//!
//! The canonical order is the one shuffles start from, so it is part of the
//! determinism promise: it never changes.

use crate::card::{Card, Rank, Suit};
use crate::italian::{ItalianCard, ItalianRank, ItalianSuit};

/// The French 52-card deck: clubs A..K, then diamonds, hearts, spades
/// (packed-index order).
pub const FRENCH_52: [Card; 52] = {
    let mut deck = [Card::new(Rank::Ace, Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = Card::new(Rank::ALL[i % 13], Suit::ALL[i / 13]);
        i += 1;
    }
    deck
};

/// The ranks of the French 40-card deck by Gonzago value: A..7, J, Q, K
/// (value `v` is `FRENCH_40_RANKS[v - 1]`; see [`french_40_value`]).
pub const FRENCH_40_RANKS: [Rank; 10] = [
    Rank::Ace,
    Rank::Two,
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
];

/// The French 40-card deck (no 8, 9, 10) that Gonzago allows: per suit
/// A..7, J, Q, K; suits in the order clubs, diamonds, hearts, spades.
pub const FRENCH_40: [Card; 40] = {
    let mut deck = [Card::new(Rank::Ace, Suit::Clubs); 40];
    let mut i = 0;
    while i < 40 {
        deck[i] = Card::new(FRENCH_40_RANKS[i % 10], Suit::ALL[i / 10]);
        i += 1;
    }
    deck
};

/// The Italian 40-card deck: coppe A..Re, then denari, spade, bastoni
/// (packed-index order).
pub const ITALIAN_40: [ItalianCard; 40] = {
    let mut deck = [ItalianCard::new(ItalianRank::Asso, ItalianSuit::Coppe); 40];
    let mut i = 0;
    while i < 40 {
        deck[i] = ItalianCard::new(ItalianRank::ALL[i % 10], ItalianSuit::ALL[i / 10]);
        i += 1;
    }
    deck
};

/// The Gonzago value of a card of the French 40-card deck: A..7 are 1..7,
/// J = 8, Q = 9, K = 10. `None` for 8, 9 and 10, which that deck lacks.
pub const fn french_40_value(card: Card) -> Option<u8> {
    match card.rank() {
        Rank::Eight | Rank::Nine | Rank::Ten => None,
        Rank::Jack => Some(8),
        Rank::Queen => Some(9),
        Rank::King => Some(10),
        r => Some(r as u8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn decks_hold_distinct_cards() {
        assert_eq!(FRENCH_52.iter().collect::<HashSet<_>>().len(), 52);
        assert_eq!(FRENCH_40.iter().collect::<HashSet<_>>().len(), 40);
        assert_eq!(ITALIAN_40.iter().collect::<HashSet<_>>().len(), 40);
        for (i, c) in FRENCH_52.iter().enumerate() {
            assert_eq!(c.index(), i);
        }
        for (i, c) in ITALIAN_40.iter().enumerate() {
            assert_eq!(c.index(), i);
        }
    }

    #[test]
    fn french_40_has_no_eight_nine_ten_and_four_of_each_value() {
        let mut counts = [0; 11];
        for c in FRENCH_40 {
            counts[usize::from(french_40_value(c).unwrap())] += 1;
        }
        assert_eq!(&counts[1..], &[4; 10]);
        assert!(FRENCH_40.iter().all(|c| !matches!(c.rank(), Rank::Eight | Rank::Nine | Rank::Ten)));
    }
}
