//! The two players of a two-player game, and per-player data.

use core::fmt;

use crate::error::SeatError;
use crate::game::Seat;
use crate::seats::{PerSeat, SeatKey};

/// One of the two players of a two-player game: `A` is seat 0 and `B` is
/// seat 1. What else the names mean (who holds which hand, who deals,
/// who leads) is each game's to say.
///
/// Displayed, and serialized, as its letter.
///
/// ```
/// use carte_core::{Player, Seat};
///
/// assert_eq!(Player::A.other(), Player::B);
/// assert_eq!(Seat::from(Player::B), Seat::new(1));
/// assert_eq!(Player::try_from(Seat::new(0)), Ok(Player::A));
/// assert!(Player::try_from(Seat::new(2)).is_err());
/// assert_eq!(Player::B.to_string(), "B");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Player {
    /// Seat 0.
    A = 0,
    /// Seat 1.
    B = 1,
}

impl Player {
    /// Both players, `A` first.
    pub const ALL: [Player; 2] = [Player::A, Player::B];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// 0 for `A`, 1 for `B`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player's seat: `A` is seat 0, `B` seat 1.
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8)
    }

    /// The player at `seat`, if the seat is 0 or 1.
    pub const fn from_seat(seat: Seat) -> Option<Player> {
        match seat.index() {
            0 => Some(Player::A),
            1 => Some(Player::B),
            _ => None,
        }
    }

    /// The letter: `A` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl From<Player> for Seat {
    fn from(p: Player) -> Seat {
        p.seat()
    }
}

impl TryFrom<Seat> for Player {
    type Error = SeatError;
    /// Seat 0 is `A`, seat 1 is `B`; any other seat is refused.
    fn try_from(seat: Seat) -> Result<Player, SeatError> {
        Player::from_seat(seat).ok_or(SeatError { seat: seat.index(), seats: 2 })
    }
}

impl TryFrom<u8> for Player {
    type Error = u8;
    /// Converts a seat number `0..2`; returns the bad number otherwise.
    fn try_from(i: u8) -> Result<Player, u8> {
        Player::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl SeatKey for Player {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }

    #[inline]
    fn from_index(index: usize) -> Option<Player> {
        Player::ALL.get(index).copied()
    }
}

/// One value per player of a two-player game, indexed by [`Player`];
/// serialized as `[a, b]`.
///
/// ```
/// use carte_core::{ByPlayer, Player};
///
/// let mut sizes = ByPlayer::new(20, 20);
/// sizes[Player::B] -= 3;
/// assert_eq!(sizes[Player::A] - sizes[Player::B], 3);
/// assert_eq!(sizes.map(|n| n * 2).into_array(), [40, 34]);
/// ```
pub type ByPlayer<T> = PerSeat<Player, T, 2>;
