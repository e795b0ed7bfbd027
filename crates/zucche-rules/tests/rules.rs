//! One test per rule of docs/rules/zucche.md, on hand-built positions.

mod common;

use carte_core::{Actor, Game, Seat};
use common::{board, legal, on, play, player, position, position_with, sq, universe};
use zucche_rules::{
    BoardId, ByTeam, Color, Config, ConfigError, End, GameResult, IllegalMove, Move, Phase, Player, Team, Zucche,
};

const START: &str = "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0";
/// Board 2's start: team A (rank 1) plays Black there.
const START_EVEN: &str = "wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0";

/// Rules F1, F23 and F28: 4k players only, at most 256, at least one round, 120 rounds by default.
#[test]
fn players_come_in_fours() {
    for players in [4, 8, 12, 256] {
        let game = Zucche::new(&Config::players(players)).unwrap();
        assert_eq!(game.num_seats(), players);
        assert_eq!(game.num_boards(), players / 2);
    }
    for players in [0, 1, 2, 3, 5, 6, 7, 9, 10, 14] {
        assert_eq!(Zucche::new(&Config::players(players)), Err(ConfigError::Players(players)));
    }
    assert_eq!(Zucche::new(&Config::players(260)), Err(ConfigError::TooManyPlayers(260)));
    assert_eq!(Zucche::new(&Config::players(4).with_rounds(0)), Err(ConfigError::NoRounds));
    assert_eq!(Config::default(), Config::players(4).with_rounds(120));
}

/// Rules F2, F3 and F4: facing seats share a board; colours alternate along a team; seat numbers.
#[test]
fn seats_alternate_colors_and_face_each_other() {
    // 8 players: A1 W, A2 B, A3 W, A4 B; team B the inverse.
    let expect = [(Team::A, [Color::White, Color::Black, Color::White, Color::Black])];
    for (team, colors) in expect {
        for (i, color) in colors.into_iter().enumerate() {
            let n = i as u8 + 1;
            assert_eq!(on(team, n).color(), color);
            assert_eq!(on(!team, n).color(), !color, "facing players differ");
        }
    }
    // Seats board by board, team A first: A1 0, B1 1, A2 2, ..., B4 7.
    let game = Zucche::new(&Config::players(8)).unwrap();
    for (i, p) in Player::all(4).enumerate() {
        assert_eq!(game.seat_of(p).unwrap(), Seat::new(i as u8));
        assert_eq!(Seat::from(p), Seat::new(i as u8));
        assert_eq!(Player::try_from(Seat::new(i as u8)), Ok(p));
        assert_eq!(game.player_at(Seat::new(i as u8)), Some(p));
    }
    assert_eq!(game.seat_of(player("B1")).unwrap(), Seat::new(1));
    assert_eq!(game.seat_of(player("A3")).unwrap(), Seat::new(4));
    assert_eq!(game.player_at(Seat::new(8)), None);
}

/// Rules F2, F5 and F6: 8 checkers each on the home rank by team; White moves first.
#[test]
fn everyone_starts_on_their_home_rank_and_white_moves_first() {
    let game = Zucche::new(&Config::players(8)).unwrap();
    for n in 1..=4 {
        let b = board(n);
        let expected = if n % 2 == 1 { START } else { START_EVEN };
        assert_eq!(game.board(b).unwrap().to_string(), expected, "board {n}");
        assert_eq!(game.checkers(b, on(Team::A, n).color()).unwrap(), 0xFF, "team A on rank 1");
        assert_eq!(game.checkers(b, on(Team::B, n).color()).unwrap(), 0xFF << 56, "team B on rank 8");
        assert_eq!(game.board_to_move(b).unwrap().color(), Color::White);
    }
    assert_eq!(game.actor(), Actor::Chance);
    assert_eq!(game.phase(), Phase::Roll { board: board(1), player: player("A1") });
    assert_eq!(game.counts(), ByTeam { a: 32, b: 32 });
}

/// Rule F7: the die has six equally likely faces.
#[test]
fn the_die_is_a_chance_node_of_six_equal_faces() {
    let game = Zucche::new(&Config::default()).unwrap();
    let mut chances = Vec::new();
    game.chance_outcomes(&mut chances);
    let faces: Vec<String> = chances.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(faces, ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6"]);
    assert!(chances.iter().all(|&(_, p)| (p - 1.0 / 6.0).abs() < 1e-12));
}

/// Rules F8 and F10: exactly the roll in a straight orthogonal line, never onto a friend.
#[test]
fn a_checker_moves_exactly_the_roll_in_a_straight_line() {
    // White: d4 and a1..g1. Roll 3.
    let mut game = position(4, 0, 1, Some(3), &["bbbbbbbb/8/8/8/3w4/8/8/wwwwwww1 w 0 0", START_EVEN]);
    let from_d4: Vec<String> = legal(&game).into_iter().filter(|m| m.starts_with("1:d4")).collect();
    // d1 is a friend; d7, a4, g4 are three squares away on the file and rank.
    assert_eq!(from_d4, ["1:d4-a4", "1:d4-d7", "1:d4-g4"]);
    let before = game.clone();
    let err = |g: &mut Zucche, text: &str| g.apply(text.parse().unwrap()).unwrap_err();
    assert!(
        matches!(err(&mut game, "1:d4-d6"), IllegalMove::WrongDistance { distance: 2, roll, .. } if roll.get() == 3)
    );
    assert!(matches!(err(&mut game, "1:d4-d4"), IllegalMove::WrongDistance { distance: 0, .. }));
    assert!(matches!(err(&mut game, "1:d4-g7"), IllegalMove::NotStraight { .. }), "diagonal");
    assert!(matches!(err(&mut game, "1:d4-e6"), IllegalMove::NotStraight { .. }), "bent path");
    assert!(matches!(err(&mut game, "1:d4-d1"), IllegalMove::OntoFriend { .. }));
    assert_eq!(game, before);
    play(&mut game, &["1:d4-d7"]);
    assert_eq!(game.piece_at(board(1), sq("d7")), Some(Color::White));
    assert_eq!(game.piece_at(board(1), sq("d4")), None);
}

/// Rule F9: a checker jumps over friends and enemies.
#[test]
fn a_checker_jumps_over_friends_and_enemies() {
    // a1 (white) jumps over a2 (black) and a3 (white) to a4.
    let mut game = position(4, 0, 1, Some(3), &["bbbbbbb1/8/8/8/8/w7/b7/wwwwwww1 w 0 0", START_EVEN]);
    assert!(game.is_legal("1:a1-a4".parse().unwrap()));
    play(&mut game, &["1:a1-a4"]);
    let b = game.board(board(1)).unwrap();
    assert_eq!(b.to_string(), "bbbbbbb1/8/8/8/w7/w7/b7/1wwwwww1 b 0 0");
}

/// Rules F11, F13, F14 and F17: a capture goes to the left-hand teammate, of its colour, and counts.
#[test]
fn landing_on_an_enemy_captures_it_for_the_left_hand_teammate() {
    // Board 1: A1 (White) on a1 rolls 7-... takes B1's checker on a6 with a 5.
    let mut game = position(8, 0, 1, Some(5), &["1bbbbbbb/8/b7/8/8/8/8/wwwwwwww w 0 0", START_EVEN, START, START_EVEN]);
    play(&mut game, &["1:a1-a6"]);
    assert_eq!(game.piece_at(board(1), sq("a6")), Some(Color::White));
    assert_eq!(game.checkers_of(player("B1")).unwrap(), 7);
    // The captured Black checker goes to A2, who plays Black on board 2.
    assert_eq!(game.hand(player("A2")).unwrap(), 1);
    assert_eq!(player("A2").color(), Color::Black);
    assert_eq!(game.counts(), ByTeam { a: 33, b: 31 });
    assert_eq!(game.current_board(), Some(board(2)));
}

/// Rules F13 and F14: the last seat hands to seat 1.
#[test]
fn the_last_seat_hands_to_seat_one() {
    // Board 2 of 4 players: A2 plays Black from rank 1, B2 White from rank 8;
    // B2's eighth checker stands on h1, A2's on h2.
    let even = |to_move: &str| format!("wwwwwww1/8/8/8/8/8/7b/bbbbbbbw {to_move} 0 0");
    // A2 takes h1 from b1 (six squares along rank 1, over c1..g1).
    // (Round 1: in round 0 board 1 would have Black to move, having played.)
    let mut game = position(4, 1, 2, Some(6), &[START, &even("b")]);
    play(&mut game, &["2:b1-h1"]);
    assert_eq!(game.hand(player("A1")).unwrap(), 1, "A2's left is A1");
    assert_eq!(game.hand(player("B1")).unwrap(), 0);
    assert_eq!(player("A1").color(), Color::White, "the captured checker's color");
    // B2 takes h2 from h1: the Black checker goes to B1, who plays Black.
    let mut game = position(4, 1, 2, Some(1), &[START, &even("w")]);
    play(&mut game, &["2:h1-h2"]);
    assert_eq!(game.hand(player("B1")).unwrap(), 1, "B2's left is B1");
    assert_eq!(player("B1").color(), Color::Black);
    // With 8 players board 4 hands to board 1.
    let mut game = position(8, 1, 4, Some(6), &[START, START_EVEN, START, &even("b")]);
    play(&mut game, &["4:b1-h1"]);
    assert_eq!(game.hand(player("A1")).unwrap(), 1, "A4's left is A1");
    assert_eq!((game.round(), game.current_board()), (2, Some(board(1))));
}

/// Rule F14: the receiver always plays the captured checker's colour.
#[test]
fn a_received_checker_always_has_its_receivers_color() {
    for players in (4..=256).step_by(4) {
        let boards = players / 2;
        for b in BoardId::all(boards) {
            for capturer in [Player::new(Team::A, b), Player::new(Team::B, b)] {
                let captured = capturer.opponent().color();
                let receiver = capturer.left(boards);
                assert_eq!(receiver.team, capturer.team);
                assert_eq!(receiver.board.index(), (b.index() + 1) % boards);
                assert_eq!(receiver.color(), captured, "{players} players, {capturer} captures");
            }
        }
    }
}

/// Rules F15 and F21: placements first, one per checker, on empty home squares, then the roll.
#[test]
fn placements_come_first_and_only_on_empty_home_squares() {
    // Board 2: A2 (Black, home rank 1) has 2 checkers in hand; d1, e1 and f1
    // are empty, h1 holds an enemy checker... of B2 (White).
    let b2 = "wwwwwww1/8/8/8/8/8/bbbb4/bbb3bw b 0 2";
    // Board 1 gave up the two Black checkers: B1 has 6 on the board.
    let mut game = position(4, 5, 2, None, &["bbbbbb2/8/8/8/8/8/8/wwwwwwww w 0 0", b2]);
    assert_eq!(game.phase(), Phase::Place { board: board(2), player: player("A2") });
    assert_eq!(game.actor(), Actor::Seat(game.seat_of(player("A2")).unwrap()));
    assert_eq!(legal(&game), ["2:place d1", "2:place e1", "2:place f1"]);
    let before = game.clone();
    let err = |g: &mut Zucche, text: &str| g.apply(text.parse().unwrap()).unwrap_err();
    assert!(matches!(err(&mut game, "roll 4"), IllegalMove::NotChance { .. }), "no roll before placing");
    assert!(matches!(err(&mut game, "2:place d2"), IllegalMove::OffHomeRank { rank: 1, .. }));
    assert!(matches!(err(&mut game, "2:place d8"), IllegalMove::OffHomeRank { .. }));
    assert!(matches!(err(&mut game, "2:place h1"), IllegalMove::Occupied { .. }), "an enemy fills h1");
    assert!(matches!(err(&mut game, "2:place a1"), IllegalMove::Occupied { .. }));
    assert!(matches!(err(&mut game, "1:place d1"), IllegalMove::WrongBoard { .. }));
    assert!(matches!(err(&mut game, "2:a1-a2"), IllegalMove::PlacementOwed { count: 2, .. }));
    assert!(matches!(err(&mut game, "pass"), IllegalMove::PlacementOwed { .. }));
    assert_eq!(game, before);
    play(&mut game, &["2:place e1"]);
    assert_eq!(legal(&game), ["2:place d1", "2:place f1"], "one decision per checker");
    play(&mut game, &["2:place d1"]);
    assert_eq!(game.hand(player("A2")).unwrap(), 0);
    assert_eq!(game.actor(), Actor::Chance, "then the die");
    play(&mut game, &["roll 1"]);
    assert!(matches!(err(&mut game, "2:place f1"), IllegalMove::NothingToPlace { .. }));
}

/// Rules F16 and F17: a checker with no empty home square stays in hand and still counts.
#[test]
fn a_checker_that_finds_no_empty_home_square_stays_in_hand() {
    // A2 has 2 in hand and only f1 is free: one placement, then the roll.
    let mut game =
        position(4, 5, 2, None, &["bbbbbb2/8/8/8/8/8/8/wwwwwwww w 0 0", "wwwwwww1/8/8/8/8/8/bb6/bbbbb1bw b 0 2"]);
    assert_eq!(legal(&game), ["2:place f1"]);
    play(&mut game, &["2:place f1"]);
    assert_eq!(game.actor(), Actor::Chance);
    assert_eq!(game.hand(player("A2")).unwrap(), 1);
    assert_eq!(game.checkers_of(player("A2")).unwrap(), 10, "the checker in hand still counts");
    play(&mut game, &["roll 1", "2:f1-f2"]);
    // A2's next turn comes after A1, B2 (round 6) and B1 (round 7): f1 is
    // free again and the checker in hand is placed.
    play(&mut game, &["roll 1", "1:a1-a2", "roll 1", "2:a8-a7", "roll 1", "1:a8-a7"]);
    assert_eq!(game.phase(), Phase::Place { board: board(2), player: player("A2") });
    assert_eq!(legal(&game), ["2:place f1"]);
}

/// Rules F16 and F12: all in hand with a full home rank: roll, then the forced pass.
#[test]
fn a_full_home_rank_sends_the_player_to_the_die_and_a_pass() {
    // A2's 8 checkers are all in hand and B2's checkers fill rank 1. A2 is
    // not frozen (checkers in hand count); they roll and must pass.
    let mut game = position(4, 1, 2, None, &[START, "8/8/8/8/8/8/8/wwwwwwww b 0 8"]);
    assert!(!game.is_frozen(board(2)).unwrap());
    assert_eq!(game.actor(), Actor::Chance);
    play(&mut game, &["roll 3"]);
    assert_eq!(legal(&game), ["pass"]);
    play(&mut game, &["pass"]);
    assert_eq!(game.hand(player("A2")).unwrap(), 8);
    assert_eq!((game.round(), game.current_board()), (2, Some(board(1))));
}

/// Rules F12 and F6: no checker can go the roll: pass (only then); the die passes.
#[test]
fn the_turn_passes_when_no_checker_can_go_the_roll() {
    // A1's four checkers stand on d4, e4, d5, e5: no 5 or 6 fits the board.
    // (The other four White checkers belong to B2, on board 2.)
    let centre = "bbbbbbbb/8/8/3ww3/3ww3/8/8/8 w 0 0";
    let b2 = "wwwwwwww/8/8/8/8/8/wwww4/bbbbbbbb w 0 0";
    for pips in [5, 6] {
        let mut game = position(4, 0, 1, Some(pips), &[centre, b2]);
        assert_eq!(legal(&game), ["pass"], "roll {pips}");
        play(&mut game, &["pass"]);
        assert_eq!(game.board_to_move(board(1)).unwrap(), player("B1"), "the die passes");
        assert_eq!(game.current_board(), Some(board(2)));
    }
    let mut game = position(4, 0, 1, Some(4), &[centre, b2]);
    assert!(legal(&game).contains(&"1:d4-d8".to_owned()), "a 4 takes d8");
    let before = game.clone();
    assert!(matches!(game.apply(Move::Pass), Err(IllegalMove::PassNotForced { roll, .. }) if roll.get() == 4));
    assert_eq!(game, before);
}

/// Rules F8, F10 and F21: wrong distance, bent paths, friends, and moving before the roll are refused.
#[test]
fn illegal_moves_are_refused_with_their_reason_and_change_nothing() {
    let mut game = position(4, 0, 1, Some(2), &[START, START_EVEN]);
    let before = game.clone();
    let err = |g: &mut Zucche, text: &str| g.apply(text.parse().unwrap()).unwrap_err();
    assert!(matches!(err(&mut game, "2:a8-a6"), IllegalMove::WrongBoard { .. }));
    assert!(matches!(err(&mut game, "1:a8-a6"), IllegalMove::WrongPlayer { .. }), "B1's checker");
    assert!(matches!(err(&mut game, "1:a3-a5"), IllegalMove::EmptySquare { .. }));
    assert!(matches!(err(&mut game, "1:a1-c3"), IllegalMove::NotStraight { .. }), "diagonal");
    assert!(
        matches!(err(&mut game, "1:a1-a4"), IllegalMove::WrongDistance { distance: 3, roll, .. } if roll.get() == 2)
    );
    assert!(matches!(err(&mut game, "1:a1-c1"), IllegalMove::OntoFriend { .. }));
    assert!(matches!(err(&mut game, "roll 2"), IllegalMove::NotChance { .. }));
    assert!(matches!(err(&mut game, "1:place a1"), IllegalMove::NothingToPlace { .. }));
    assert_eq!(game, before);
    // At the chance node.
    let mut game = Zucche::new(&Config::default()).unwrap();
    let fresh = game.clone();
    assert!(matches!(err(&mut game, "1:a1-a3"), IllegalMove::RollFirst { .. }));
    assert!(matches!(err(&mut game, "pass"), IllegalMove::RollFirst { .. }));
    // A roll of 0 or 7 cannot be built at all (see `Pips`).
    assert_eq!(zucche_rules::Pips::new(0), None);
    assert_eq!(zucche_rules::Pips::new(7), None);
    assert_eq!(game, fresh);
    let message = game.apply("1:a1-a3".parse().unwrap()).unwrap_err().to_string();
    assert_eq!(message, "illegal move 1:a1-a3: the die of board 1 must be rolled first");
    // Every refusal agrees with is_legal.
    for mv in universe(&before) {
        assert_eq!(before.is_legal(mv), before.legal_move_vec().contains(&mv), "{mv}");
    }
}

/// A position where board 2 freezes: A2 (Black) takes B2's last checker.
fn about_to_freeze() -> Zucche {
    // Board 1: A1 (White) has 15 checkers (h1 empty), B1 (Black) rank 8.
    // Board 2: B2 (White) has one checker on a5; A2 (Black) fills rank 1.
    position(4, 1, 2, Some(4), &["bbbbbbbb/8/8/8/8/8/wwwwwwww/wwwwwww1 w 0 0", "8/8/8/w7/8/8/8/bbbbbbbb b 0 0"])
}

/// Rules F18, F19 and F22: the empty player's board freezes and thaws when a teammate hands one.
#[test]
fn a_player_without_checkers_freezes_the_board_until_a_teammate_hands_one() {
    let mut game = about_to_freeze();
    play(&mut game, &["2:a1-a5"]);
    // B2 has nothing: board 2 freezes, with B2 to move, and A2 waits too.
    assert_eq!(game.checkers_of(player("B2")).unwrap(), 0);
    assert!(game.is_frozen(board(2)).unwrap());
    assert_eq!(game.board_to_move(board(2)).unwrap(), player("B2"));
    assert_eq!(game.hand(player("A1")).unwrap(), 1, "the White checker went to A1");
    // The next round: only board 1 plays. A1 places the checker first.
    assert_eq!((game.round(), game.phase()), (2, Phase::Place { board: board(1), player: player("A1") }));
    assert_eq!(legal(&game), ["1:place h1"]);
    play(&mut game, &["1:place h1", "roll 1", "1:a2-a3"]);
    // The round after: board 2 is skipped again; B1 plays on board 1 and
    // takes b2 from b8 with a 6, handing the White checker to B2.
    assert_eq!((game.round(), game.current_board()), (3, Some(board(1))));
    assert_eq!(game.board_to_move(board(1)).unwrap(), player("B1"));
    play(&mut game, &["roll 6", "1:b8-b2"]);
    assert_eq!(game.hand(player("B2")).unwrap(), 1);
    assert!(!game.is_frozen(board(2)).unwrap(), "the board thaws");
    // Board 2 comes after board 1, so it plays in this same round, and play
    // resumes with B2, who was to move: first the placement, on rank 8.
    assert_eq!(game.round(), 3);
    assert_eq!(game.phase(), Phase::Place { board: board(2), player: player("B2") });
    assert_eq!(legal(&game).len(), 8);
    play(&mut game, &["2:place d8", "roll 2", "2:d8-d6"]);
    assert_eq!(game.board_to_move(board(2)).unwrap(), player("A2"));
}

/// Rules F20 and F6: rounds visit the boards in order; White first, then the die alternates.
#[test]
fn rounds_visit_every_board_in_order() {
    let mut game = Zucche::new(&Config::players(8)).unwrap();
    let mut order = Vec::new();
    for _ in 0..12 {
        let mover = game.to_move().unwrap();
        order.push((game.round(), mover.to_string()));
        play(&mut game, &["roll 1"]);
        let first = game.legal_move_vec()[0];
        game.apply(first).unwrap();
    }
    let expected = [
        (0, "A1"),
        (0, "B2"),
        (0, "A3"),
        (0, "B4"),
        (1, "B1"),
        (1, "A2"),
        (1, "B3"),
        (1, "A4"),
        (2, "A1"),
        (2, "B2"),
        (2, "A3"),
        (2, "B4"),
    ];
    let expected: Vec<(u32, String)> = expected.iter().map(|&(r, p)| (r, p.to_owned())).collect();
    assert_eq!(order, expected, "board order; White first on each board, then the die alternates");
}

/// Rules F22 and F19: board 1 thawed from the last board plays from the next round.
#[test]
fn a_board_thawed_by_the_last_board_plays_from_the_next_round() {
    // 4 players. Board 1 is frozen: B1 (Black) has nothing and is to move.
    // On board 2, A2 (Black) takes... no: B2 (White) takes A2's Black
    // checker on h2 and hands it to B1, thawing board 1.
    let mut game =
        position(4, 5, 2, Some(1), &["8/8/8/8/8/8/8/wwwwwwww b 0 0", "wwwwwww1/8/8/8/8/bbbbbbbb/7b/bbbbbbbw w 0 0"]);
    assert!(game.is_frozen(board(1)).unwrap());
    play(&mut game, &["2:h1-h2"]);
    assert!(!game.is_frozen(board(1)).unwrap());
    assert_eq!((game.round(), game.current_board()), (6, Some(board(1))));
    assert_eq!(game.phase(), Phase::Place { board: board(1), player: player("B1") });
}

/// Rules F23 and F26: the game ends after the rounds; a draw scores 0 each.
#[test]
fn the_game_ends_when_time_is_up() {
    let mut game = Zucche::new(&Config::players(4).with_rounds(2)).unwrap();
    for _ in 0..4 {
        assert!(!game.is_over());
        play(&mut game, &["roll 1"]);
        let first = game.legal_move_vec()[0];
        game.apply(first).unwrap();
    }
    assert_eq!(game.round(), 2);
    assert_eq!(game.end(), Some(End::RoundLimit));
    assert_eq!(game.actor(), Actor::Nobody);
    assert!(game.legal_move_vec().is_empty());
    assert_eq!(game.result(), Some(GameResult::Draw));
    assert_eq!(game.outcome().unwrap().returns(), &[0.0; 4]);
    assert!(matches!(game.apply("roll 1".parse().unwrap()), Err(IllegalMove::GameOver { .. })));
    assert_eq!(Config::default().rounds, 120, "the default time limit");
}

/// Rules F24, F25, F26, F27 and F29: all boards frozen ends the game (that round counts); a checker handed
/// to the non-waiting player of a frozen board does not thaw it; more checkers wins, +1/−1.
#[test]
fn the_game_ends_when_every_board_is_frozen() {
    // Board 1 is frozen (B1 has nothing). On board 2, A2 takes B2's last
    // checker: the White checker goes to A1, which does not thaw board 1.
    let mut game =
        position(4, 7, 2, Some(4), &["8/8/8/8/8/8/8/wwwwwwww b 7 0", "8/8/8/w7/8/8/bbbbbbbb/bbbbbbbb b 0 0"]);
    play(&mut game, &["2:a1-a5"]);
    assert!(game.is_frozen(board(1)).unwrap() && game.is_frozen(board(2)).unwrap());
    assert_eq!(game.end(), Some(End::AllFrozen));
    assert_eq!(game.round(), 8, "the round in which the last boards froze counts as played");
    assert_eq!(game.counts(), ByTeam { a: 32, b: 0 });
    assert_eq!(game.result(), Some(GameResult::Winner(Team::A)));
    assert_eq!(game.outcome().unwrap().returns(), &[1.0, -1.0, 1.0, -1.0], "team A: the even seats");
}

/// Rules F25, F17 and F26: the team count includes hands; equal counts draw.
#[test]
fn the_team_with_more_checkers_wins_counting_hands() {
    let over = |boards: &[&str]| position_with(Config::players(8).with_rounds(3), 3, None, None, boards);
    // B3 took one of A3's checkers and handed it to B4, who holds it in
    // hand: team B leads 33 to 31, counting that hand.
    let game = over(&[START, START_EVEN, "bbbbbbbb/8/8/8/8/8/8/1wwwwwww w 0 0", "wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 1 0"]);
    assert_eq!(game.hand(player("B4")).unwrap(), 1);
    assert_eq!(game.counts(), ByTeam { a: 31, b: 33 });
    assert_eq!(game.result(), Some(GameResult::Winner(Team::B)));
    // Even seats are team A, odd seats team B.
    assert_eq!(game.outcome().unwrap().returns(), &[-1.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0]);
    assert_eq!(game.outcome().unwrap().to_string(), "seats 1, 3, 5, 7 win");
    assert_eq!(zucche_rules::describe_outcome(&game.outcome().unwrap()), "team B wins");
    assert_eq!(game.describe_result().unwrap(), "team B wins 33-31");
    let even = over(&[START, START_EVEN, START, START_EVEN]);
    assert_eq!(even.result(), Some(GameResult::Draw));
    assert!(even.outcome().unwrap().is_draw());
}

/// Rules F18, F20 and F22: frozen boards are skipped and thaw within the round.
#[test]
fn frozen_boards_are_skipped_and_thaw_within_the_round_with_eight_players() {
    // Board 3 is frozen: A3 (White) has nothing and is to move; B2 holds
    // 16 White checkers on board 2.
    let mut game = position(
        8,
        1,
        2,
        None,
        &[START, "wwwwwwww/8/8/8/8/8/wwwwwwww/bbbbbbbb w 0 0", "bbbbbbbb/8/8/8/8/8/8/8 w 0 0", START_EVEN],
    );
    assert!(game.is_frozen(board(3)).unwrap());
    play(&mut game, &["roll 1", "2:a2-a3"]);
    assert_eq!(game.current_board(), Some(board(4)), "board 3 is skipped");
    play(&mut game, &["roll 1", "4:a8-a7", "roll 1", "1:a1-a2"]);
    assert_eq!((game.round(), game.current_board()), (2, Some(board(2))));
    // A2 (Black) takes b2: the White checker goes to A3, board 3 thaws and,
    // coming after board 2, plays in this same round, A3 first placing it.
    play(&mut game, &["roll 1", "2:b1-b2"]);
    assert_eq!(game.hand(player("A3")).unwrap(), 1);
    assert_eq!((game.round(), game.current_board()), (2, Some(board(3))));
    assert_eq!(game.phase(), Phase::Place { board: board(3), player: player("A3") });
    play(&mut game, &["3:place e1", "roll 2", "3:e1-e3"]);
    assert_eq!(game.current_board(), Some(board(4)));
}
