//! Checker colors and teams, with two-slot containers indexed by them.

use core::fmt;
use core::ops::{Index, IndexMut, Not};

/// The color of a checker, and of the player who holds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[repr(u8)]
pub enum Color {
    /// White: moves first on every board; written `w`.
    #[cfg_attr(feature = "serde", serde(alias = "White"))]
    White = 0,
    /// Black: written `b`.
    #[cfg_attr(feature = "serde", serde(alias = "Black"))]
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other color.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The letter used in diagrams and positions: `w` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads `w` or `b` (either case).
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

impl TryFrom<u8> for Color {
    type Error = u8;
    /// Converts `0` (White) or `1` (Black); returns the bad value otherwise.
    fn try_from(i: u8) -> Result<Color, u8> {
        Color::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// One of the two teams. Team A sits on the rank-1 side of every board,
/// team B on the rank-8 side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Team {
    /// Team A: home rank 1; its seat 1 plays White.
    A = 0,
    /// Team B: home rank 8; its seat 1 plays Black.
    B = 1,
}

impl Team {
    /// Both teams, A first.
    pub const ALL: [Team; 2] = [Team::A, Team::B];

    /// The other team.
    #[inline]
    pub const fn opposite(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }
}

impl Not for Team {
    type Output = Team;
    #[inline]
    fn not(self) -> Team {
        self.opposite()
    }
}

impl TryFrom<u8> for Team {
    type Error = u8;
    /// Converts `0` (A) or `1` (B); returns the bad value otherwise.
    fn try_from(i: u8) -> Result<Team, u8> {
        Team::ALL.get(usize::from(i)).copied().ok_or(i)
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Team::A => "A",
            Team::B => "B",
        })
    }
}

macro_rules! by_two {
    ($(#[$doc:meta])* $name:ident, $key:ident, $first:ident, $second:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name<T> {
            #[doc = concat!("The value for ", stringify!($first), ".")]
            pub $first: T,
            #[doc = concat!("The value for ", stringify!($second), ".")]
            pub $second: T,
        }

        impl<T> $name<T> {
            /// A container with `f(key)` in each slot.
            pub fn from_fn(mut f: impl FnMut($key) -> T) -> Self {
                let $first = f($key::ALL[0]);
                let $second = f($key::ALL[1]);
                $name { $first, $second }
            }

            /// The same value in both slots.
            pub fn splat(value: T) -> Self
            where
                T: Copy,
            {
                $name { $first: value, $second: value }
            }
        }

        impl<T> Index<$key> for $name<T> {
            type Output = T;
            #[inline]
            fn index(&self, key: $key) -> &T {
                match key as u8 {
                    0 => &self.$first,
                    _ => &self.$second,
                }
            }
        }

        impl<T> IndexMut<$key> for $name<T> {
            #[inline]
            fn index_mut(&mut self, key: $key) -> &mut T {
                match key as u8 {
                    0 => &mut self.$first,
                    _ => &mut self.$second,
                }
            }
        }
    };
}

by_two!(
    /// One value per color, indexed by [`Color`].
    ByColor,
    Color,
    white,
    black
);

by_two!(
    /// One value per team, indexed by [`Team`].
    ByTeam,
    Team,
    a,
    b
);
