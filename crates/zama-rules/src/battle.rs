//! Who wins an attack: strength, the Ace exceptions and the King clashes.

use core::fmt;

use carte_core::{Card, Rank, Suit};

/// The result of one card attacking another.
///
/// ```
/// use zama_rules::{battle, Battle};
///
/// let card = |s: &str| s.parse().unwrap();
/// assert_eq!(battle(card("9c"), card("7h")), Battle::AttackerWins);
/// assert_eq!(battle(card("Ah"), card("Kd")), Battle::AttackerWins); // the Ace exception
/// assert_eq!(battle(card("Ks"), card("Kh")), Battle::GameWon);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Battle {
    /// The defender is removed; the attacker makes up to three shifts.
    #[cfg_attr(feature = "serde", serde(alias = "AttackerWins"))]
    AttackerWins,
    /// Equal ranks, not two Kings: both are removed; the attacker peeks up
    /// to twice.
    #[cfg_attr(feature = "serde", serde(alias = "Tie"))]
    Tie,
    /// The attacker is removed; the turn ends.
    #[cfg_attr(feature = "serde", serde(alias = "AttackerLoses"))]
    AttackerLoses,
    /// A King clash won (K♠ on K♣, K♦ on K♠): no removal, up to three shifts.
    #[cfg_attr(feature = "serde", serde(alias = "ClashWon"))]
    ClashWon,
    /// A King clash tied (two Kings of clubs, diamonds or hearts): no
    /// removal, the attacker peeks up to twice.
    #[cfg_attr(feature = "serde", serde(alias = "ClashTied"))]
    ClashTied,
    /// A King clash lost (K♠ on K♦ or K♠, K♣ on K♠, K♥ on K♠): nothing
    /// happens; the turn ends.
    #[cfg_attr(feature = "serde", serde(alias = "ClashLost"))]
    ClashLost,
    /// K♠ attacks K♥: the attacker wins the game.
    #[cfg_attr(feature = "serde", serde(alias = "GameWon"))]
    GameWon,
}

impl Battle {
    /// `true` if the attacking card leaves the board.
    pub const fn removes_attacker(self) -> bool {
        matches!(self, Battle::Tie | Battle::AttackerLoses)
    }

    /// `true` if the defending card leaves the board.
    pub const fn removes_defender(self) -> bool {
        matches!(self, Battle::Tie | Battle::AttackerWins)
    }

    /// `true` if the attacker then makes up to three shifts.
    pub const fn gives_shifts(self) -> bool {
        matches!(self, Battle::AttackerWins | Battle::ClashWon)
    }

    /// `true` if the attacker then peeks up to twice.
    pub const fn gives_peeks(self) -> bool {
        matches!(self, Battle::Tie | Battle::ClashTied)
    }
}

impl fmt::Display for Battle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Battle::AttackerWins => "attacker wins",
            Battle::Tie => "tie",
            Battle::AttackerLoses => "attacker loses",
            Battle::ClashWon => "king clash won",
            Battle::ClashTied => "king clash tied",
            Battle::ClashLost => "king clash lost",
            Battle::GameWon => "K♠ takes K♥: game won",
        })
    }
}

/// The result of `attacker` attacking `defender` (suits matter only for
/// Kings).
///
/// Strength is A = 1 < 2 < … < 10 < J < Q < K, except that an Ace beats K♣
/// and K♦ (attacking or defending) and two Kings clash by the table of
/// [`Battle`].
pub const fn battle(attacker: Card, defender: Card) -> Battle {
    let (a, d) = (attacker.rank(), defender.rank());
    match (a, d) {
        (Rank::King, Rank::King) => clash(attacker.suit(), defender.suit()),
        (Rank::Ace, Rank::King) => {
            if minor_king(defender.suit()) {
                Battle::AttackerWins
            } else {
                Battle::AttackerLoses
            }
        }
        (Rank::King, Rank::Ace) => {
            if minor_king(attacker.suit()) {
                Battle::AttackerLoses
            } else {
                Battle::AttackerWins
            }
        }
        _ => {
            let (a, d) = (a.value(), d.value());
            if a > d {
                Battle::AttackerWins
            } else if a < d {
                Battle::AttackerLoses
            } else {
                Battle::Tie
            }
        }
    }
}

/// Kings an Ace beats.
const fn minor_king(s: Suit) -> bool {
    matches!(s, Suit::Clubs | Suit::Diamonds)
}

/// The King-clash table.
const fn clash(attacker: Suit, defender: Suit) -> Battle {
    use Suit::{Clubs, Diamonds, Hearts, Spades};
    match (attacker, defender) {
        (Spades, Hearts) => Battle::GameWon,
        (Spades, Clubs) => Battle::ClashWon,
        (Spades, Diamonds | Spades) => Battle::ClashLost,
        (Clubs, Spades) => Battle::ClashLost,
        (Diamonds, Spades) => Battle::ClashWon,
        (Hearts, Spades) => Battle::ClashLost,
        _ => Battle::ClashTied,
    }
}
