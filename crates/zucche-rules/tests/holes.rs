//! Regression tests for values that printed as text that does not read
//! back (issue 12), one test per hole.

use zucche_rules::{BoardId, BoardSetup, Move, Pips, Square};

/// `Move::Roll { pips: 0 }` printed `roll 0`, which reads as no move: a roll
/// now holds a `Pips`, which is 1 to 6 or nothing.
#[test]
fn a_roll_of_zero_cannot_be_built_and_every_roll_reads_back() {
    assert_eq!(Pips::new(0), None);
    assert_eq!(Pips::new(7), None);
    assert_eq!(Pips::try_from(0u8).unwrap_err().to_string(), "a die shows 1 to 6, not 0");
    for pips in Pips::ALL {
        let mv = Move::Roll { pips };
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    assert!("roll 0".parse::<Move>().is_err());
    #[cfg(feature = "serde")]
    {
        assert!(serde_json::from_str::<Pips>("0").is_err());
        assert_eq!(serde_json::from_str::<Pips>("6").ok(), Pips::new(6));
    }
}

/// Every placement and step of every board reads back from its notation
/// (a step from a square to itself included, which no game plays).
#[test]
fn every_placement_and_step_reads_back() {
    for board in [1, 2, 64, 128].map(|n| BoardId::from_number(n).unwrap()) {
        for from in Square::all() {
            let mv = Move::Place { board, to: from };
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            for to in Square::all() {
                let mv = Move::Step { board, from, to };
                assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{mv}");
            }
        }
    }
    assert_eq!(Move::Pass.to_string().parse::<Move>(), Ok(Move::Pass));
}

/// A board with both colors on one square printed as White alone: the
/// text form now writes `x`, so the value reads back as itself (and
/// `Zucche::from_setup` still refuses it).
#[test]
fn a_board_with_both_colors_on_a_square_reads_back_as_itself() {
    let mut board: BoardSetup = "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0".parse().unwrap();
    board.checkers.black |= 1; // a1 holds a White checker too
    let text = board.to_string();
    assert_eq!(text, "bbbbbbbb/8/8/8/8/8/8/xwwwwwww w 0 0");
    assert_eq!(text.parse::<BoardSetup>(), Ok(board));
    let mut setup = zucche_rules::Setup::start(zucche_rules::Config::default()).unwrap();
    setup.boards[0] = board;
    assert!(zucche_rules::Zucche::from_setup(&setup).is_err());
}
