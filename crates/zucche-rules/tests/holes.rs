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

/// A board's text has exactly eight ranks, of exactly eight squares each,
/// and four fields; anything else is refused with its reason.
#[test]
fn a_board_text_needs_eight_ranks_of_eight_squares() {
    let start = "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0";
    assert!(start.parse::<BoardSetup>().is_ok());
    for (bad, reason) in [
        ("bbbbbbbb/8/8/8/8/8/wwwwwwww w 0 0", "expected 8 ranks"),
        ("bbbbbbbb/8/8/8/8/8/8/8/wwwwwwww w 0 0", "expected 8 ranks"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww/ w 0 0", "expected 8 ranks"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwww w 0 0", "fewer than 8 squares"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwwww w 0 0", "more than 8 squares"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0", "four fields"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0 0", "four fields"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww g 0 0", "w or b"),
    ] {
        let err = bad.parse::<BoardSetup>().unwrap_err().to_string();
        assert!(err.contains(reason), "{bad:?}: {err}");
    }
}

/// A state with no round completed was accepted whatever its boards said;
/// in the first round each board has played at most one turn, so the
/// colors to move, the frozen boards and the hands are known.
#[test]
fn a_first_round_state_one_turn_per_board_cannot_give_is_refused() {
    use zucche_rules::{Config, Setup, SetupError, Zucche};
    let start = Setup::start(Config::players(8)).unwrap();
    assert!(Zucche::from_setup(&start).is_ok());
    let refused = |setup: &Setup| match Zucche::from_setup(setup) {
        Err(SetupError::FirstRound { board, .. }) => board.number(),
        other => panic!("{other:?}"),
    };
    // Board 3 playing: boards 1 and 2 have played (Black to move).
    let mut setup = start.clone();
    setup.board = BoardId::from_number(3);
    assert_eq!(refused(&setup), 1);
    for b in &mut setup.boards[..2] {
        b.to_move = zucche_rules::Color::Black;
    }
    assert!(Zucche::from_setup(&setup).is_ok());
    // A board that has not played cannot have Black to move.
    let mut late = setup.clone();
    late.boards[3].to_move = zucche_rules::Color::Black;
    assert_eq!(refused(&late), 4);
    // Board 2 may hold a checker taken on board 1, but not two, and board 1
    // none (the last board has not played).
    let mut taken = setup.clone();
    let b1_black = taken.boards[0].checkers.black;
    taken.boards[0].checkers.black = b1_black & (b1_black - 1); // B1 lost a8
    taken.boards[1].hands.black = 1; // A2 plays Black on board 2
    assert!(Zucche::from_setup(&taken).is_ok());
    let mut two = taken.clone();
    two.boards[0].checkers.black &= two.boards[0].checkers.black - 1;
    two.boards[1].hands.black = 2;
    assert_eq!(refused(&two), 2);
    // The same states one round later are accepted: the check is the first
    // round's.
    for s in [&late, &two] {
        let mut later = s.clone();
        later.round = 1;
        assert!(Zucche::from_setup(&later).is_ok());
    }
}
