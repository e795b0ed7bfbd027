//! Boards, players and their seats.

use core::fmt;
use core::str::FromStr;

use carte_core::{Seat, SeatError};

use crate::color::{Color, Team};
use crate::square::{RANK_1, RANK_8};

/// A board, numbered from 1 in notation and serialized forms (`2:a1-a4` is
/// on board 2) and from 0 by [`index`](BoardId::index).
///
/// Board *i* is shared by seat *i* of team A and seat *i* of team B.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct BoardId(u8);

/// The most boards a game can have: 256 players (the most seats
/// [`carte_core::Seat`] numbers) sit at 128 boards.
pub const MAX_BOARDS: usize = 128;

impl BoardId {
    /// Board number `number`, from 1 (as written in notation); `None` for 0
    /// or a number above [`MAX_BOARDS`].
    ///
    /// ```
    /// use zucche_rules::BoardId;
    ///
    /// let b2 = BoardId::from_number(2).unwrap();
    /// assert_eq!((b2.number(), b2.index(), b2.to_string()), (2, 1, "2".to_owned()));
    /// assert_eq!(BoardId::from_index(1), Some(b2));
    /// assert_eq!(BoardId::from_number(0), None);
    /// ```
    pub const fn from_number(number: u8) -> Option<BoardId> {
        if number >= 1 && number as usize <= MAX_BOARDS { Some(BoardId(number - 1)) } else { None }
    }

    /// The board of index `index`, from 0; `None` at [`MAX_BOARDS`] or above.
    pub const fn from_index(index: usize) -> Option<BoardId> {
        if index < MAX_BOARDS { Some(BoardId(index as u8)) } else { None }
    }

    /// The number written in notation, from 1.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The index, from 0, for per-board data.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The first `n` boards in board order (at most [`MAX_BOARDS`]).
    pub fn all(n: usize) -> impl Iterator<Item = BoardId> + Clone {
        (0..n.min(MAX_BOARDS)).map(|i| BoardId(i as u8))
    }

    /// The color team A plays here: White on odd board numbers (seat 1,
    /// 3, ...), Black on even ones.
    ///
    /// ```
    /// use zucche_rules::{BoardId, Color, Team};
    ///
    /// let b2 = BoardId::from_number(2).unwrap();
    /// assert_eq!(b2.color_of(Team::A), Color::Black);
    /// assert_eq!(b2.team_of(Color::White), Team::B);
    /// assert_eq!(b2.player(Color::White).to_string(), "B2");
    /// ```
    #[inline]
    pub const fn color_of(self, team: Team) -> Color {
        // Board index parity and team both flip the color.
        if (self.0 & 1) ^ (team as u8) == 0 { Color::White } else { Color::Black }
    }

    /// The team that plays `color` on this board.
    #[inline]
    pub const fn team_of(self, color: Color) -> Team {
        if (self.0 & 1) ^ (color as u8) == 0 { Team::A } else { Team::B }
    }

    /// The player of `color` on this board.
    #[inline]
    pub const fn player(self, color: Color) -> Player {
        Player { team: self.team_of(color), board: self }
    }

    /// The home rank of the player of `color` here, as a bitboard: rank 1
    /// for team A, rank 8 for team B.
    #[inline]
    pub(crate) const fn home(self, color: Color) -> u64 {
        match self.team_of(color) {
            Team::A => RANK_1,
            Team::B => RANK_8,
        }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl TryFrom<u8> for BoardId {
    type Error = crate::error::SetupError;
    /// Reads a board *number* (from 1), as written in notation and
    /// serialized.
    fn try_from(number: u8) -> Result<BoardId, Self::Error> {
        BoardId::from_number(number).ok_or(crate::error::SetupError::NoSuchBoard { number: number.into() })
    }
}

/// The board number (from 1), as written in notation and serialized.
impl From<BoardId> for u8 {
    fn from(b: BoardId) -> u8 {
        b.number()
    }
}

/// One player: a team and a board (team seat *i* plays on board *i*),
/// written `A1`, `B3`.
///
/// A player's color follows from the board: team A plays White on odd
/// boards and Black on even ones, team B the other color. Its [`Seat`]
/// goes board by board, team A first: A1 is seat 0, B1 seat 1, A2 seat 2,
/// B2 seat 3, ... (seat `2 × (i − 1)` for team A's seat *i*, one more for
/// team B's), the same in a game of any size, so a player converts to and
/// from a [`Seat`] without the game (`From`, `TryFrom`); even seats are
/// team A, odd seats team B.
///
/// ```
/// use zucche_rules::{Player, Seat, SeatError, Team};
///
/// let b2: Player = "B2".parse()?;
/// assert_eq!(Seat::from(b2), Seat::new(3));
/// assert_eq!(Player::try_from(Seat::new(3))?, b2);
/// assert_eq!(Player::try_from(Seat::new(4))?.to_string(), "A3");
/// assert_eq!(b2.team, Team::B);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// The player's team.
    pub team: Team,
    /// The player's board, which is also their seat within the team.
    pub board: BoardId,
}

impl Player {
    /// The player of `team` on `board`.
    ///
    /// ```
    /// use zucche_rules::{BoardId, Color, Player, Team};
    ///
    /// let a1 = Player::new(Team::A, BoardId::from_number(1).unwrap());
    /// assert_eq!(a1.color(), Color::White);
    /// assert_eq!(a1.opponent().to_string(), "B1");
    /// assert_eq!(a1.left(2).to_string(), "A2"); // A1's captures go to A2
    /// assert_eq!(a1.left(2).left(2), a1); // and A2's back to A1
    /// ```
    pub const fn new(team: Team, board: BoardId) -> Player {
        Player { team, board }
    }

    /// The color of this player's checkers.
    #[inline]
    pub const fn color(self) -> Color {
        self.board.color_of(self.team)
    }

    /// The direct opponent: the other team's player on the same board.
    pub const fn opponent(self) -> Player {
        Player { team: self.team.opposite(), board: self.board }
    }

    /// The teammate to this player's left, who receives the checkers this
    /// player captures: the next board, the last board handing to the first.
    pub const fn left(self, boards: usize) -> Player {
        let next = (self.board.index() + 1) % if boards == 0 { 1 } else { boards };
        Player { team: self.team, board: BoardId(next as u8) }
    }

    /// The carte-core seat: `2 × board index + team` (A1 = 0, B1 = 1,
    /// A2 = 2, ...), whatever the size of the game.
    pub const fn seat(self) -> Seat {
        Seat::new(self.board.0 * 2 + self.team as u8)
    }

    /// The player sitting at `seat` (every seat number names one: 256 seats
    /// are 128 boards). Whether a game has that board is the game's to say:
    /// [`Zucche::player_at`](crate::Zucche::player_at).
    pub const fn from_seat(seat: Seat) -> Player {
        let i = seat.index();
        let team = if i.is_multiple_of(2) { Team::A } else { Team::B };
        Player { team, board: BoardId((i / 2) as u8) }
    }

    /// Every player of a game of `boards` boards, in seat order (A1, B1,
    /// A2, B2, ...).
    pub fn all(boards: usize) -> impl Iterator<Item = Player> + Clone {
        BoardId::all(boards).flat_map(|board| Team::ALL.into_iter().map(move |team| Player { team, board }))
    }
}

impl From<Player> for Seat {
    fn from(p: Player) -> Seat {
        p.seat()
    }
}

impl TryFrom<Seat> for Player {
    type Error = SeatError;
    /// The player at `seat` ([`Player::from_seat`]). Every [`Seat`] names a
    /// player of the largest game (256 seats), so this never fails; a seat
    /// beyond a smaller game is refused by
    /// [`Zucche::player_at`](crate::Zucche::player_at) and the game's
    /// methods instead.
    fn try_from(seat: Seat) -> Result<Player, SeatError> {
        Ok(Player::from_seat(seat))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.team, self.board.number())
    }
}

/// Text that is no player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad player {0:?}: expected a team A or B and a seat number, like A1")]
pub struct ParsePlayerError(String);

impl FromStr for Player {
    type Err = ParsePlayerError;
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        let bad = || ParsePlayerError(s.to_owned());
        let mut chars = s.trim().chars();
        let team = match chars.next() {
            Some('A' | 'a') => Team::A,
            Some('B' | 'b') => Team::B,
            _ => return Err(bad()),
        };
        let number: u8 = chars.as_str().parse().map_err(|_| bad())?;
        Ok(Player { team, board: BoardId::from_number(number).ok_or_else(bad)? })
    }
}
