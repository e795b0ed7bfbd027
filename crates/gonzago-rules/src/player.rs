//! The two players and per-player data.

use core::fmt;
use core::ops::{Index, IndexMut};

use carte_core::Seat;

/// One of the two players. `A` is seat 0 and `B` is seat 1; the names say
/// nothing about who deals or leads (the seed draws the first dealer, and
/// the dealer alternates each hand).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// The carte-core seat of this player.
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
}

impl TryFrom<u8> for Player {
    type Error = u8;
    /// Converts a seat number `0..2`; returns the bad number otherwise.
    fn try_from(i: u8) -> Result<Player, u8> {
        Player::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl From<Player> for Seat {
    fn from(p: Player) -> Seat {
        p.seat()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "player A",
            Player::B => "player B",
        })
    }
}

/// One `T` per player, indexed by [`Player`]; serialized as `[a, b]`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct ByPlayer<T>([T; 2]);

impl<T> ByPlayer<T> {
    /// `a` for player A, `b` for player B.
    pub const fn new(a: T, b: T) -> ByPlayer<T> {
        ByPlayer([a, b])
    }

    /// Applies `f` to each player's value.
    pub fn map<U>(self, mut f: impl FnMut(Player, T) -> U) -> ByPlayer<U> {
        let [a, b] = self.0;
        ByPlayer([f(Player::A, a), f(Player::B, b)])
    }

    /// The values with their players, `A` first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        Player::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        &self.0[p as usize]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p as usize]
    }
}
