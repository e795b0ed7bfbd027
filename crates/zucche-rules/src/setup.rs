//! The unchecked description of a position: [`Setup`] and [`BoardSetup`].

use core::fmt;
use core::str::FromStr;

use crate::color::{ByColor, Color};
use crate::config::Config;
use crate::error::ParseSetupError;
use crate::player::BoardId;
use crate::square::{RANK_1, RANK_8, Square};

/// One board as plain data: checkers, hands and whose turn it is.
///
/// Its text form (also its serialized form) is the eight ranks from rank 8
/// down to rank 1 separated by `/`, each with `w` (White), `b` (Black) or
/// a digit counting empty squares, from file `a` to `h`; then the color to
/// move, then the number of checkers in White's hand and in Black's hand.
/// A square that holds both colors, which no game reaches (and
/// [`Zucche::from_setup`](crate::Zucche::from_setup) refuses), is written
/// `x`, so that every value prints as text that reads back as itself:
///
/// ```
/// use zucche_rules::{BoardSetup, Color};
///
/// let start: BoardSetup = "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0".parse()?;
/// assert_eq!(start.checkers.white, 0xFF);
/// assert_eq!(start.to_move, Color::White);
/// assert_eq!(start.to_string(), "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0");
/// # Ok::<(), zucche_rules::ParseSetupError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde_with::SerializeDisplay, serde_with::DeserializeFromStr))]
pub struct BoardSetup {
    /// The checkers on the board by color, as bitboards (bit
    /// [`Square::index`]).
    pub checkers: ByColor<u64>,
    /// Checkers in hand by color: those of the player of that color here.
    pub hands: ByColor<u32>,
    /// The color to move next on this board.
    pub to_move: Color,
}

impl BoardSetup {
    /// The starting position of board `board`: each player's 8 checkers on
    /// their home rank (team A rank 1, team B rank 8), White to move.
    ///
    /// ```
    /// use zucche_rules::{BoardId, BoardSetup, Color};
    ///
    /// let b2 = BoardSetup::start(BoardId::from_number(2).unwrap());
    /// assert_eq!(b2.to_string(), "wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0"); // team A is Black here
    /// assert_eq!(b2.piece_at("a1".parse()?), Some(Color::Black));
    /// # Ok::<(), zucche_rules::ParseSquareError>(())
    /// ```
    pub fn start(board: BoardId) -> BoardSetup {
        let checkers = ByColor::from_fn(|c| board.home(c));
        debug_assert_eq!(checkers.white | checkers.black, RANK_1 | RANK_8);
        BoardSetup { checkers, hands: ByColor::splat(0), to_move: Color::White }
    }

    /// The color of the checker on `square`, if any (White if both bits
    /// are set, which [`Zucche::from_setup`](crate::Zucche::from_setup) refuses).
    pub fn piece_at(&self, square: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.checkers[c] & square.bit() != 0)
    }
}

impl fmt::Display for BoardSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let Some(sq) = Square::new(file, rank) else { continue };
                let white = self.checkers.white & sq.bit() != 0;
                let black = self.checkers.black & sq.bit() != 0;
                let letter = match (white, black) {
                    (false, false) => {
                        empty += 1;
                        continue;
                    }
                    (true, false) => Color::White.letter(),
                    (false, true) => Color::Black.letter(),
                    (true, true) => 'x',
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{letter}")?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} {} {}", self.to_move.letter(), self.hands.white, self.hands.black)
    }
}

impl FromStr for BoardSetup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<BoardSetup, ParseSetupError> {
        let bad = |reason| ParseSetupError { text: s.to_owned(), reason };
        let mut fields = s.split_whitespace();
        let (Some(ranks), Some(to_move), Some(white), Some(black), None) =
            (fields.next(), fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad("expected four fields: ranks, color to move, white's hand, black's hand"));
        };
        let mut checkers = ByColor::splat(0u64);
        let mut rows = ranks.split('/');
        for row in 0..8u8 {
            let text = rows.next().ok_or_else(|| bad("expected 8 ranks separated by '/'"))?;
            let rank = 7 - row;
            let mut file = 0u8;
            for ch in text.chars() {
                if let Some(n) = ch.to_digit(10).filter(|n| (1..=8).contains(n)) {
                    file += n as u8;
                } else if let Some(c) = Color::from_letter(ch) {
                    let sq = Square::new(file, rank).ok_or_else(|| bad("a rank has more than 8 squares"))?;
                    checkers[c] |= sq.bit();
                    file += 1;
                } else if ch == 'x' || ch == 'X' {
                    let sq = Square::new(file, rank).ok_or_else(|| bad("a rank has more than 8 squares"))?;
                    checkers.white |= sq.bit();
                    checkers.black |= sq.bit();
                    file += 1;
                } else {
                    return Err(bad("a rank holds something other than w, b, x or a digit 1-8"));
                }
                if file > 8 {
                    return Err(bad("a rank has more than 8 squares"));
                }
            }
            if file != 8 {
                return Err(bad("a rank has fewer than 8 squares"));
            }
        }
        if rows.next().is_some() {
            return Err(bad("expected 8 ranks separated by '/'"));
        }
        let to_move = match to_move {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(bad("the color to move is w or b")),
        };
        let hand = |t: &str| t.parse::<u32>().map_err(|_| bad("a hand is a count of checkers"));
        Ok(BoardSetup { checkers, hands: ByColor { white: hand(white)?, black: hand(black)? }, to_move })
    }
}

/// A whole game as plain data, checked by
/// [`Zucche::from_setup`](crate::Zucche::from_setup). It is also the
/// serialized form of [`Zucche`](crate::Zucche).
///
/// ```
/// use zucche_rules::{BoardId, Config, Setup, Zucche};
///
/// // Board 1 has played its first turn (a1-a3), board 2 is to roll.
/// let mut setup = Setup::start(Config::default())?;
/// setup.boards[0] = "bbbbbbbb/8/8/8/8/w7/8/1wwwwwww b 0 0".parse()?;
/// setup.board = BoardId::from_number(2);
/// let game = Zucche::from_setup(&setup)?;
/// assert_eq!(game.current_board(), BoardId::from_number(2));
/// // Board 1 cannot still have White to move: it has played.
/// setup.boards[0].to_move = zucche_rules::Color::White;
/// assert!(Zucche::from_setup(&setup).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Players and round limit.
    pub config: Config,
    /// Rounds completed so far.
    pub round: u32,
    /// The board playing now; `None` once the game is over.
    pub board: Option<BoardId>,
    /// The roll of the board playing now, if its die was rolled and the move
    /// is still to come.
    pub roll: Option<crate::Pips>,
    /// Every board in board order.
    pub boards: Vec<BoardSetup>,
}

impl Setup {
    /// The start of a game: every board in its starting position, board 1 to
    /// roll.
    ///
    /// # Errors
    ///
    /// [`ConfigError`](crate::ConfigError) for a refused configuration.
    pub fn start(config: Config) -> Result<Setup, crate::ConfigError> {
        config.validate()?;
        Ok(Setup {
            config,
            round: 0,
            board: BoardId::from_index(0),
            roll: None,
            boards: BoardId::all(config.boards()).map(BoardSetup::start).collect(),
        })
    }
}
