//! Helpers shared by the test files: hand-built positions and move lists.

#![allow(dead_code)]

use carte_core::Game;
use zucche_rules::{BoardId, Config, Move, Pips, Player, Setup, Square, Team, Zucche};

/// A position: `players` players, `board` (number) playing after `round`
/// rounds, an optional pending roll, and each board in `BoardSetup` text.
pub fn position(players: usize, round: u32, board: u8, roll: Option<u8>, boards: &[&str]) -> Zucche {
    position_with(Config::players(players), round, BoardId::from_number(board), roll, boards)
}

/// As [`position`], with any configuration and cursor.
pub fn position_with(config: Config, round: u32, board: Option<BoardId>, roll: Option<u8>, boards: &[&str]) -> Zucche {
    let setup = Setup {
        config,
        round,
        board,
        roll: roll.map(|p| Pips::new(p).unwrap_or_else(|| panic!("no die shows {p}"))),
        boards: boards.iter().map(|b| b.parse().unwrap_or_else(|e| panic!("{e}"))).collect(),
    };
    Zucche::from_setup(&setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays moves written in notation, failing the test on any refusal.
pub fn play(game: &mut Zucche, moves: &[&str]) {
    for text in moves {
        game.apply_notation(text).unwrap_or_else(|e| panic!("{text}: {e}\n{game}"));
    }
}

/// The legal moves in notation, sorted.
pub fn legal(game: &Zucche) -> Vec<String> {
    let mut v: Vec<String> = game.legal_move_vec().iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// A square from its name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Board `n` (from 1).
pub fn board(n: u8) -> BoardId {
    BoardId::from_number(n).unwrap()
}

/// A player from its name, like `A2`.
pub fn player(name: &str) -> Player {
    name.parse().unwrap()
}

/// The player of `team` on board `n`.
pub fn on(team: Team, n: u8) -> Player {
    Player::new(team, board(n))
}

/// Every move that names the board playing now, plus every roll and `pass`:
/// the universe in which `is_legal` must agree with `legal_moves`.
pub fn universe(game: &Zucche) -> Vec<Move> {
    let mut v: Vec<Move> = Pips::ALL.into_iter().map(|pips| Move::Roll { pips }).collect();
    v.push(Move::Pass);
    let boards = [
        game.current_board(),
        BoardId::from_index((game.current_board().map_or(0, |b| b.index()) + 1) % game.num_boards()),
    ];
    for board in boards.into_iter().flatten() {
        for to in Square::all() {
            v.push(Move::Place { board, to });
            for from in Square::all() {
                v.push(Move::Step { board, from, to });
            }
        }
    }
    v
}
