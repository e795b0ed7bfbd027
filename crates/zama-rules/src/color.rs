//! The two colours, Red and Blue, and per-colour data.

use core::fmt;
use core::ops::{Index, IndexMut};

use carte_core::{Seat, SeatError};

/// A player's colour: the back colour of their deck.
///
/// Red is seat 0 and moves first; Blue is seat 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Color {
    /// Seat 0, moves first; owns the cells where file + rank is even (`a1`).
    Red = 0,
    /// Seat 1.
    Blue = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// 0 for Red, 1 for Blue.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat of this colour.
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8)
    }

    /// `r` or `b`, the letter used in card and board notation.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }

    /// The colour of a notation letter `r`/`b` (either case).
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'r' | 'R' => Some(Color::Red),
            'b' | 'B' => Some(Color::Blue),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Blue => "blue",
        })
    }
}

impl TryFrom<u8> for Color {
    type Error = u8;
    /// `0` is Red, `1` Blue; returns the bad index otherwise.
    fn try_from(i: u8) -> Result<Color, u8> {
        Color::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl From<Color> for Seat {
    fn from(c: Color) -> Seat {
        c.seat()
    }
}

impl TryFrom<Seat> for Color {
    type Error = SeatError;
    /// Seat 0 is Red, seat 1 Blue.
    fn try_from(seat: Seat) -> Result<Color, SeatError> {
        match seat.index() {
            0 => Ok(Color::Red),
            1 => Ok(Color::Blue),
            i => Err(SeatError { seat: i, seats: 2 }),
        }
    }
}

/// One value per colour, indexed by [`Color`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Blue's value.
    pub blue: T,
}

impl<T> ByColor<T> {
    /// A container built from one value per colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor { red: f(Color::Red), blue: f(Color::Blue) }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor { red: f(self.red), blue: f(self.blue) }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Red => &self.red,
            Color::Blue => &self.blue,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Red => &mut self.red,
            Color::Blue => &mut self.blue,
        }
    }
}
