//! The four seats, Red, Blue, Green and Yellow, and per-seat data.

use core::fmt;

use carte_core::{PerSeat, Seat, SeatError, SeatKey};

/// A seat's colour: the back colour of its deck.
///
/// Red is seat 0 and moves first, then Blue (seat 1), Green (seat 2) and
/// Yellow (seat 3); a two-player game has Red and Blue only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Color {
    /// Seat 0, moves first; owns `a1`.
    Red = 0,
    /// Seat 1.
    Blue = 1,
    /// Seat 2 (four-player game only).
    Green = 2,
    /// Seat 3 (four-player game only).
    Yellow = 3,
}

impl Color {
    /// The four colours in seat order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];

    /// The colours of a `players`-player game (2 or 4), in seat order.
    ///
    /// ```
    /// use zama_rules::Color;
    ///
    /// assert_eq!(Color::seats(2), [Color::Red, Color::Blue]);
    /// assert_eq!(Color::seats(4).len(), 4);
    /// ```
    pub const fn seats(players: usize) -> &'static [Color] {
        match players {
            4 => &Color::ALL,
            _ => &[Color::Red, Color::Blue],
        }
    }

    /// The other seat of a two-player game: Red ↔ Blue (and Green ↔
    /// Yellow, the pairs that are never neighbours in turn order).
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
            Color::Green => Color::Yellow,
            Color::Yellow => Color::Green,
        }
    }

    /// The seat number: 0 for Red, 1 Blue, 2 Green, 3 Yellow.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of seat number `i`, if below 4.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Color> {
        match i {
            0 => Some(Color::Red),
            1 => Some(Color::Blue),
            2 => Some(Color::Green),
            3 => Some(Color::Yellow),
            _ => None,
        }
    }

    /// The seat of this colour.
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8)
    }

    /// `r`, `b`, `g` or `y`: the letter used in card and board notation.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
            Color::Green => 'g',
            Color::Yellow => 'y',
        }
    }

    /// The colour of a notation letter `r`/`b`/`g`/`y` (either case).
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'r' | 'R' => Some(Color::Red),
            'b' | 'B' => Some(Color::Blue),
            'g' | 'G' => Some(Color::Green),
            'y' | 'Y' => Some(Color::Yellow),
            _ => None,
        }
    }

    /// The seat's name: `Red`, `Blue`, `Green`, `Yellow`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
            Color::Green => "Green",
            Color::Yellow => "Yellow",
        }
    }
}

/// Reads a seat's name or letter in any case: `Red`, `red`, `r`.
///
/// ```
/// use zama_rules::Color;
///
/// assert_eq!("blue".parse(), Ok(Color::Blue));
/// assert_eq!("Y".parse(), Ok(Color::Yellow));
/// assert!("purple".parse::<Color>().is_err());
/// ```
impl core::str::FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        let t = s.trim();
        let mut chars = t.chars();
        let by_letter = match (chars.next(), chars.next()) {
            (Some(c), None) => Color::from_letter(c),
            _ => None,
        };
        by_letter
            .or_else(|| Color::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(t)))
            .ok_or_else(|| ParseColorError(s.to_owned()))
    }
}

/// Text that is no seat of Zama.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad seat {0:?}: expected Red, Blue, Green or Yellow (or r, b, g, y)")]
pub struct ParseColorError(pub String);

/// The seat's name, capitalised as in every person-facing text of the
/// workspace (`Red to move`, `Blue wins`): [`Color::name`].
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<u8> for Color {
    type Error = u8;
    /// `0` is Red, `1` Blue, `2` Green, `3` Yellow; returns the bad index
    /// otherwise.
    fn try_from(i: u8) -> Result<Color, u8> {
        Color::from_index(usize::from(i)).ok_or(i)
    }
}

impl From<Color> for Seat {
    fn from(c: Color) -> Seat {
        c.seat()
    }
}

impl TryFrom<Seat> for Color {
    type Error = SeatError;
    /// Seat 0 is Red, 1 Blue, 2 Green, 3 Yellow. (Whether a game has the
    /// seat is the game's to say: see `Zama::color_of_seat`.)
    fn try_from(seat: Seat) -> Result<Color, SeatError> {
        Color::from_index(seat.index()).ok_or(SeatError { seat: seat.index(), seats: 4 })
    }
}

impl SeatKey for Color {
    fn index(self) -> usize {
        self as usize
    }

    fn from_index(index: usize) -> Option<Color> {
        Color::from_index(index)
    }
}

/// One value per colour, indexed by [`Color`]: carte-core's [`PerSeat`]
/// for the four colours (a two-player game leaves Green's and Yellow's at
/// their default). Serialized as an array of four values in seat order.
pub type ByColor<T> = PerSeat<Color, T, 4>;

/// A set of colours (seats), e.g. the seats that know a card.
///
/// Serialized as the list of colours in seat order.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct ColorSet(pub(crate) u8);

impl ColorSet {
    /// No colour.
    pub const EMPTY: ColorSet = ColorSet(0);

    /// The seats of a `players`-player game.
    pub const fn seats(players: usize) -> ColorSet {
        if players == 4 { ColorSet(0b1111) } else { ColorSet(0b11) }
    }

    /// `true` if `c` is in the set.
    pub const fn contains(self, c: Color) -> bool {
        self.0 >> c as u8 & 1 == 1
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Color) {
        self.0 |= 1 << c as u8;
    }

    /// Removes `c`.
    pub fn remove(&mut self, c: Color) {
        self.0 &= !(1 << c as u8);
    }

    /// The number of colours.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` if no colour is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colours in seat order.
    pub fn iter(self) -> impl Iterator<Item = Color> + Clone {
        Color::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The set without `c`.
    pub const fn without(self, c: Color) -> ColorSet {
        ColorSet(self.0 & !(1 << c as u8))
    }
}

impl fmt::Debug for ColorSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Color> for ColorSet {
    fn from_iter<I: IntoIterator<Item = Color>>(iter: I) -> ColorSet {
        let mut s = ColorSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ColorSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ColorSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Color>::deserialize(d)?.into_iter().collect())
    }
}
