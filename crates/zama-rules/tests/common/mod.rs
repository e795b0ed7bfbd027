//! Hand-built positions for the rule tests.
#![allow(dead_code)]

use carte_core::Game;
use zama_rules::{Config, IllegalMove, Move, Player, Setup, Square, Zama, ZamaCard};

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

pub fn zc(s: &str) -> ZamaCard {
    s.parse().unwrap()
}

/// A setup with these cards (cell, card), Red to attack; the four K♠/K♥
/// not given are parked on a8, c8, e8, g8 (apart from everything else).
pub fn setup(cards: &[(&str, &str)]) -> Setup {
    let mut s = Setup::empty(Config::default());
    for (cell, card) in cards {
        s.place(sq(cell), zc(card));
    }
    for (cell, king) in [("a8", "rKs"), ("c8", "bKs"), ("e8", "rKh"), ("g8", "bKh")] {
        let k = zc(king);
        if !s.board.contains(&Some(k)) {
            assert!(s.board[sq(cell).index()].is_none(), "parking cell {cell} is taken");
            s.place(sq(cell), k);
        }
    }
    s
}

pub fn game(cards: &[(&str, &str)]) -> Zama {
    Zama::from_setup(&setup(cards)).unwrap()
}

pub fn game_with(cards: &[(&str, &str)], to_move: Player) -> Zama {
    let mut s = setup(cards);
    s.to_move = to_move;
    Zama::from_setup(&s).unwrap()
}

pub fn play(g: &mut Zama, moves: &[&str]) {
    for m in moves {
        if let Err(e) = g.apply_notation(m) {
            panic!("{m}: {e}\n{g}");
        }
    }
}

pub fn legal(g: &Zama) -> Vec<String> {
    g.legal_move_vec().iter().map(|m| m.to_string()).collect()
}

/// Asserts that `apply` refuses `mv` with `err` and leaves the game as it was.
pub fn assert_refused(g: &Zama, mv: Move, err: IllegalMove) {
    let mut h = g.clone();
    assert_eq!(h.apply(mv), Err(err), "{mv}");
    assert_eq!(&h, g, "a refused move changes nothing");
}
