//! The two players and per-player data.

use core::fmt;
use core::ops::{Index, IndexMut};

use carte_core::Seat;

/// A player: `A` holds the first hand of a deal and turns the first card
/// (seat 0); `B` holds the second hand (seat 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Player {
    /// The first hand of the notation, who turns first; seat 0.
    A = 0,
    /// The second hand of the notation; seat 1.
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

    /// The letter of the notation: `A` or `B`.
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
    type Error = carte_core::SeatError;
    /// Seat 0 is `A`, seat 1 is `B`; any other seat is refused.
    fn try_from(seat: Seat) -> Result<Player, Self::Error> {
        match seat.index() {
            0 => Ok(Player::A),
            1 => Ok(Player::B),
            i => Err(carte_core::SeatError { seat: i, seats: 2 }),
        }
    }
}

impl TryFrom<u8> for Player {
    type Error = u8;
    /// Converts an index `0..2`; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Player, u8> {
        Player::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

/// One value per player, indexed by [`Player`].
///
/// ```
/// use camicia_rules::{ByPlayer, Player};
///
/// let mut sizes = ByPlayer::new(20, 20);
/// sizes[Player::B] -= 3;
/// assert_eq!(sizes[Player::A] - sizes[Player::B], 3);
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
