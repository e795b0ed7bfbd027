//! `Debug` in notation: a square prints `c4`, a move `1:a1-a4`, a board
//! its diagram line, never a struct of integers, so a failing proptest
//! case reads without the source (shakmaty's habit).

use core::fmt;

use crate::moves::{Move, Pips};
use crate::player::{BoardId, Player};
use crate::setup::BoardSetup;
use crate::square::Square;

macro_rules! debug_is_display {
    ($($t:ty),* $(,)?) => {$(
        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    )*};
}

debug_is_display!(Square, Pips, Move, BoardId, Player, BoardSetup);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_is_the_notation() {
        let mv: Move = "1:c1-c4".parse().unwrap();
        assert_eq!(format!("{mv:?}"), "1:c1-c4");
        assert_eq!(format!("{:?}", Some(mv)), "Some(1:c1-c4)");
        assert_eq!(format!("{:?}", "h8".parse::<Square>().unwrap()), "h8");
        assert_eq!(format!("{:?}", "B2".parse::<Player>().unwrap()), "B2");
        assert_eq!(format!("{:?}", BoardId::from_number(2).unwrap()), "2");
        assert_eq!(format!("{:?}", Pips::ALL[2]), "3");
        let start = BoardSetup::start(BoardId::from_number(1).unwrap());
        assert_eq!(format!("{start:?}"), "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0");
        let game = crate::Zucche::new(&crate::Config::default()).unwrap();
        let text = format!("{game:?}");
        assert!(text.contains("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0"), "{text}");
        assert!(!text.contains("18374686479671623680"), "{text}");
    }
}
