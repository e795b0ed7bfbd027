//! The two players of a two-player game, and per-player data.

use core::fmt;
use core::ops::{Index, IndexMut};

use crate::error::SeatError;
use crate::game::Seat;

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

/// One value per player, indexed by [`Player`]; serialized as `[a, b]`.
///
/// ```
/// use carte_core::{ByPlayer, Player};
///
/// let mut sizes = ByPlayer::new(20, 20);
/// sizes[Player::B] -= 3;
/// assert_eq!(sizes[Player::A] - sizes[Player::B], 3);
/// assert_eq!(sizes.map(|n| n * 2).into_array(), [40, 34]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct ByPlayer<T>([T; 2]);

impl<T> ByPlayer<T> {
    /// `a` for player `A`, `b` for player `B`.
    pub const fn new(a: T, b: T) -> ByPlayer<T> {
        ByPlayer([a, b])
    }

    /// The value of each player, computed from the player.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer([f(Player::A), f(Player::B)])
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }

    /// References to both values.
    pub fn as_ref(&self) -> ByPlayer<&T> {
        let [a, b] = &self.0;
        ByPlayer([a, b])
    }

    /// `(player, value)` pairs, `A` first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        Player::ALL.into_iter().zip(self.0.iter())
    }

    /// The two values, `A`'s first.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}
