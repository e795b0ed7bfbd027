//! The four seats, Red, Blue, Green and Yellow, and per-seat data.

use core::fmt;

use carte_core::{PerSeat, Seat, SeatError, SeatKey};

/// A player of Zama, a seat named by the back colour of its deck (the
/// seat type is `Player` in every game crate; a colour is its name).
///
/// Red is seat 0 and moves first, then Blue (seat 1), Green (seat 2) and
/// Yellow (seat 3); a two-player game has Red and Blue only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Player {
    /// Seat 0, moves first; owns `a1`.
    Red = 0,
    /// Seat 1.
    Blue = 1,
    /// Seat 2 (four-player game only).
    Green = 2,
    /// Seat 3 (four-player game only).
    Yellow = 3,
}

impl Player {
    /// The four colours in seat order.
    pub const ALL: [Player; 4] = [Player::Red, Player::Blue, Player::Green, Player::Yellow];

    /// The colours of a `players`-player game (2 or 4), in seat order.
    ///
    /// ```
    /// use zama_rules::Player;
    ///
    /// assert_eq!(Player::seats(2), [Player::Red, Player::Blue]);
    /// assert_eq!(Player::seats(4).len(), 4);
    /// ```
    pub const fn seats(players: usize) -> &'static [Player] {
        match players {
            4 => &Player::ALL,
            _ => &[Player::Red, Player::Blue],
        }
    }

    /// The other seat of a two-player game: Red ↔ Blue (and Green ↔
    /// Yellow, the pairs that are never neighbours in turn order).
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
            Player::Green => Player::Yellow,
            Player::Yellow => Player::Green,
        }
    }

    /// The seat number: 0 for Red, 1 Blue, 2 Green, 3 Yellow.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of seat number `i`, if below 4.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::Red),
            1 => Some(Player::Blue),
            2 => Some(Player::Green),
            3 => Some(Player::Yellow),
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
            Player::Red => 'r',
            Player::Blue => 'b',
            Player::Green => 'g',
            Player::Yellow => 'y',
        }
    }

    /// The colour of a notation letter `r`/`b`/`g`/`y` (either case).
    pub const fn from_letter(c: char) -> Option<Player> {
        match c {
            'r' | 'R' => Some(Player::Red),
            'b' | 'B' => Some(Player::Blue),
            'g' | 'G' => Some(Player::Green),
            'y' | 'Y' => Some(Player::Yellow),
            _ => None,
        }
    }

    /// The seat's name: `Red`, `Blue`, `Green`, `Yellow`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Red => "Red",
            Player::Blue => "Blue",
            Player::Green => "Green",
            Player::Yellow => "Yellow",
        }
    }
}

/// Reads a seat's name or letter in any case: `Red`, `red`, `r`.
///
/// ```
/// use zama_rules::Player;
///
/// assert_eq!("blue".parse(), Ok(Player::Blue));
/// assert_eq!("Y".parse(), Ok(Player::Yellow));
/// assert!("purple".parse::<Player>().is_err());
/// ```
impl core::str::FromStr for Player {
    type Err = ParsePlayerError;
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        let t = s.trim();
        let mut chars = t.chars();
        let by_letter = match (chars.next(), chars.next()) {
            (Some(c), None) => Player::from_letter(c),
            _ => None,
        };
        by_letter
            .or_else(|| Player::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(t)))
            .ok_or_else(|| ParsePlayerError(s.to_owned()))
    }
}

/// Text that is no seat of Zama.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad seat {0:?}: expected Red, Blue, Green or Yellow (or r, b, g, y)")]
pub struct ParsePlayerError(pub String);

/// The seat's name, capitalised as in every person-facing text of the
/// workspace (`Red to move`, `Blue wins`): [`Player::name`].
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<u8> for Player {
    type Error = u8;
    /// `0` is Red, `1` Blue, `2` Green, `3` Yellow; returns the bad index
    /// otherwise.
    fn try_from(i: u8) -> Result<Player, u8> {
        Player::from_index(usize::from(i)).ok_or(i)
    }
}

impl From<Player> for Seat {
    fn from(c: Player) -> Seat {
        c.seat()
    }
}

impl TryFrom<Seat> for Player {
    type Error = SeatError;
    /// Seat 0 is Red, 1 Blue, 2 Green, 3 Yellow. (Whether a game has the
    /// seat is the game's to say: see `Zama::color_of_seat`.)
    fn try_from(seat: Seat) -> Result<Player, SeatError> {
        Player::from_index(seat.index()).ok_or(SeatError { seat: seat.index(), seats: 4 })
    }
}

impl SeatKey for Player {
    fn index(self) -> usize {
        self as usize
    }

    fn from_index(index: usize) -> Option<Player> {
        Player::from_index(index)
    }
}

/// One value per colour, indexed by [`Player`]: carte-core's [`PerSeat`]
/// for the four colours (a two-player game leaves Green's and Yellow's at
/// their default). Serialized as an array of four values in seat order.
pub type ByPlayer<T> = PerSeat<Player, T, 4>;

/// A set of colours (seats), e.g. the seats that know a card.
///
/// Serialized as the list of colours in seat order.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(pub(crate) u8);

impl PlayerSet {
    /// No colour.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The seats of a `players`-player game.
    pub const fn seats(players: usize) -> PlayerSet {
        if players == 4 { PlayerSet(0b1111) } else { PlayerSet(0b11) }
    }

    /// `true` if `c` is in the set.
    pub const fn contains(self, c: Player) -> bool {
        self.0 >> c as u8 & 1 == 1
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Player) {
        self.0 |= 1 << c as u8;
    }

    /// Removes `c`.
    pub fn remove(&mut self, c: Player) {
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
    pub fn iter(self) -> impl Iterator<Item = Player> + Clone {
        Player::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The set without `c`.
    pub const fn without(self, c: Player) -> PlayerSet {
        PlayerSet(self.0 & !(1 << c as u8))
    }
}

impl fmt::Debug for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Player> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for PlayerSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PlayerSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Player>::deserialize(d)?.into_iter().collect())
    }
}
