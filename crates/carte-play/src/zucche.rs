//! Zucche e Fantasmi in the shell: every board (the game hides nothing),
//! checkers in their colours, the dice as chance's.

use carte_core::{Game, Seat};
use zucche_rules::{GameResult, Move, Player, Zucche};

use crate::shell::{Group, Presenter};
use crate::style::{self, paint};

/// The [`Presenter`] of [`Zucche`].
#[derive(Copy, Clone, Debug, Default)]
pub struct ZuccheView {
    _private: (),
}

impl ZuccheView {
    /// The view.
    pub fn new() -> Self {
        ZuccheView::default()
    }
}

fn player(game: &Zucche, seat: Seat) -> Option<Player> {
    game.player_at(seat)
}

fn name(game: &Zucche, seat: Seat) -> String {
    player(game, seat).map_or_else(|| seat.to_string(), |p| p.to_string())
}

/// A diagram line `5 ..w..b..` with its checkers in colour.
fn paint_row(line: &str) -> String {
    let mut out = String::with_capacity(line.len() * 4);
    let mut rest = line;
    // Boards sit side by side: each row segment is "<rank> <8 squares>".
    while !rest.is_empty() {
        let bytes = rest.as_bytes();
        if bytes.len() >= 10
            && bytes[0].is_ascii_digit()
            && bytes[1] == b' '
            && bytes[2..10].iter().all(|b| matches!(b, b'w' | b'b' | b'.'))
        {
            out.push_str(&rest[..2]);
            for ch in rest[2..10].chars() {
                out.push_str(&match ch {
                    'w' => paint(style::YELLOW, "w"),
                    'b' => paint(style::BLUE, "b"),
                    _ => paint(style::DIM, "."),
                });
            }
            rest = &rest[10..];
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            match ch {
                '*' => out.push_str(&paint(style::GREEN, "*")),
                '<' => out.push_str(&paint(style::GREEN, "<")),
                _ => out.push(ch),
            }
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

impl Presenter<Zucche> for ZuccheView {
    fn game_name(&self) -> &str {
        "Zucche e Fantasmi: dice checkers on several boards, captures go to your teammate."
    }

    fn seat_name(&self, game: &Zucche, seat: Seat) -> String {
        name(game, seat)
    }

    fn introduce(&self, game: &Zucche, me: Seat) -> String {
        match player(game, me) {
            Some(p) => format!(
                "team {}, {} on board {}, home rank {}",
                p.team,
                p.color(),
                p.board,
                if p.team == zucche_rules::Team::A { 1 } else { 8 }
            ),
            None => String::new(),
        }
    }

    fn board(&self, game: &Zucche, _: Seat) -> String {
        let text = game.to_string();
        text.lines().map(paint_row).collect::<Vec<_>>().join("\n")
    }

    fn prompt(&self, game: &Zucche, me: Seat) -> String {
        match game.roll() {
            Some(pips) => format!("{} (rolled {pips})> ", name(game, me)),
            None => format!("{}> ", name(game, me)),
        }
    }

    fn groups(&self, game: &Zucche, _: Seat, moves: &[Move]) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        let mut push = |title: String, item: String| match groups.iter_mut().find(|g| g.title == title) {
            Some(g) => g.moves.push(item),
            None => groups.push(Group::new(title, vec![item])),
        };
        for &mv in moves {
            match mv {
                Move::Step { board, from, to } => {
                    let capture = if game.piece_at(board, to).is_some() { "x" } else { "" };
                    push(format!("{board}:{from}-"), format!("{to}{capture}"));
                }
                Move::Place { board, to } => push(format!("{board}:place"), to.to_string()),
                other => push("or".to_owned(), other.to_string()),
            }
        }
        groups
    }

    fn legend(&self) -> String {
        [
            "Each board: team B's player on top (home rank 8), team A's below (home rank 1).",
            "w: a White checker, b: a Black one, .: an empty square; files a-h, ranks 1-8.",
            "`hand N`: checkers waiting in that player's hand; * marks whose turn it is on a board,",
            "< the board playing now; `frozen`: a board where nobody can capture any more.",
            "Moves: 1:a1-a4 (board 1, the checker on a1 goes to a4), 1:place c1 (from your hand),",
            "pass (only when nothing can move the number rolled). In `moves`, x marks a capture.",
            "The dice are chance's: the log shows them as `chance`.",
        ]
        .join("\n")
    }

    fn rules_text(&self) -> &'static str {
        crate::rules::ZUCCHE
    }

    fn how_to_move(&self) -> String {
        "Move a checker exactly the number rolled along a rank or file: `1:a1-a4`; put a checker \
         from your hand on your home rank: `1:place c1`; `pass` only when nothing fits the roll."
            .to_owned()
    }

    fn parse(&self, _: &Zucche, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|e| e.to_string())
    }

    fn echo(&self, before: &Zucche, after: &Zucche, mv: Move, _: Seat) -> String {
        let who = before.to_move().map_or_else(String::new, |p| p.to_string());
        let mut s = match mv {
            Move::Roll { pips } => {
                let board = before.current_board().map_or_else(String::new, |b| format!(" of board {b}"));
                format!("the die{board} shows {} for {who}", paint(style::MAGENTA, pips))
            }
            Move::Step { board, to, .. } if before.piece_at(board, to).is_some() => {
                format!("{} captures (the checker goes to a teammate's hand)", paint(style::CYAN, mv))
            }
            Move::Pass => format!("{} (nothing can move the number rolled)", paint(style::CYAN, mv)),
            _ => paint(style::CYAN, mv).to_string(),
        };
        if after.round() != before.round() && !after.is_over() {
            let c = after.counts();
            s.push_str(&format!("\n  round {} over: team A {} checkers, team B {}", after.round(), c.a, c.b));
        }
        s
    }

    fn result(&self, game: &Zucche, me: Seat) -> String {
        let team = player(game, me).map(|p| p.team);
        match game.result() {
            Some(GameResult::Winner(t)) if Some(t) == team => format!("Your team wins ({t} wins)."),
            Some(r @ GameResult::Winner(_)) => format!("Your team loses ({r})."),
            Some(r) => format!("{r}."),
            None => "The game goes on.".to_owned(),
        }
    }
}
