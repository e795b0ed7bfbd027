//! The text diagram of a whole game: every board, hand and the team count.

use core::fmt;

use crate::color::Team;
use crate::game::{Phase, Zucche};
use crate::player::{BoardId, Player};
use crate::square::Square;

/// Boards drawn side by side in one row of the diagram.
const PER_ROW: usize = 4;
/// Width of one board's column, padding included.
const WIDTH: usize = 22;

impl Zucche {
    /// The lines that draw `board`: team B's player on top (their home is
    /// rank 8), team A's below, `w`/`b` for checkers and `.` for empty
    /// squares.
    fn board_lines(&self, board: BoardId) -> Vec<String> {
        let b = self.own_board(board);
        let mark = |p: Player| {
            let turn = if board.player(b.to_move) == p { " *" } else { "" };
            format!("{p} {} hand {}{turn}", p.color().letter(), b.hands[p.color()])
        };
        let mut title = format!("board {board}");
        if self.is_frozen(board) == Some(true) {
            title.push_str(" frozen");
        }
        if self.current_board() == Some(board) {
            title.push_str(" <");
        }
        let mut lines = vec![title, mark(Player::new(Team::B, board))];
        for rank in (0..8).rev() {
            let row: String = (0..8)
                .map(|file| Square::new(file, rank).and_then(|sq| b.piece_at(sq)).map_or('.', |c| c.letter()))
                .collect();
            lines.push(format!("{} {row}", rank + 1));
        }
        lines.push("  abcdefgh".to_owned());
        lines.push(mark(Player::new(Team::A, board)));
        lines
    }
}

/// The diagram of every board (in rows of four), the hands, the team
/// count and what happens next. `*` marks the player whose turn it is on a
/// board, `<` the board playing now.
///
/// ```
/// use zucche_rules::{Config, Zucche};
///
/// let text = Zucche::new(&Config::default())?.to_string();
/// assert!(text.contains("board 1 <"));
/// assert!(text.contains("8 bbbbbbbb"));
/// assert!(text.contains("team A 16, team B 16"));
/// # Ok::<(), zucche_rules::ConfigError>(())
/// ```
impl fmt::Display for Zucche {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let boards: Vec<BoardId> = BoardId::all(self.num_boards()).collect();
        for row in boards.chunks(PER_ROW) {
            let columns: Vec<Vec<String>> = row.iter().map(|&b| self.board_lines(b)).collect();
            let height = columns.iter().map(Vec::len).max().unwrap_or(0);
            for i in 0..height {
                let line: String =
                    columns.iter().map(|c| format!("{:<WIDTH$}", c.get(i).map_or("", String::as_str))).collect();
                writeln!(f, "{}", line.trim_end())?;
            }
            writeln!(f)?;
        }
        let counts = self.counts();
        let limit = self.config().rounds;
        match self.current_board() {
            Some(_) => write!(f, "round {} of {limit}", self.round() + 1)?,
            None => write!(f, "{} of {limit} rounds played", self.round())?,
        }
        write!(f, "; team A {}, team B {}; ", counts.a, counts.b)?;
        match self.phase() {
            Phase::Place { board, player } => write!(f, "{player} places a checker on board {board}"),
            Phase::Roll { board, player } => write!(f, "board {board}: die of {player}"),
            Phase::Step { board, player, pips } => write!(f, "board {board}: {player} rolled {pips}"),
            Phase::Over(end) => {
                let why = match end {
                    crate::game::End::RoundLimit => "time is up",
                    crate::game::End::AllFrozen => "every board is frozen",
                };
                let result = self.result().map(|r| r.to_string()).unwrap_or_default();
                write!(f, "game over ({why}): {result}")
            }
        }
    }
}
