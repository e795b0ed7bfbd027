//! Boards and players a game does not have: every per-board and
//! per-player query answers `None` (or an error), never panics, never
//! names another seat.

use carte_core::{ActionSpace, Game, Seat, Views};
use zucche_rules::{BoardId, Color, Config, Move, Zucche, evaluate, move_prior};

#[test]
fn a_board_the_game_lacks_is_none() {
    let mut game = Zucche::new(&Config::default()).unwrap(); // 4 players, boards 1 and 2
    game.apply_notation("roll 3").unwrap();
    let b3 = BoardId::from_number(3).unwrap();
    let b3_player = "B3".parse().unwrap();
    assert_eq!(game.board(b3), None);
    assert_eq!(game.get_board(b3), None);
    assert_eq!(game.checkers(b3, Color::White), None);
    assert_eq!(game.piece_at(b3, "a1".parse().unwrap()), None);
    assert_eq!(game.is_frozen(b3), None);
    assert_eq!(game.board_to_move(b3), None);
    assert_eq!(game.hand(b3_player), None);
    assert_eq!(game.checkers_of(b3_player), None);
    assert_eq!(game.seat_of(b3_player), None, "B3 is not Seat(5) of a 4-player game");
    assert_eq!(game.player_at(Seat::new(4)), None);
    // The last player of the game still answers.
    assert_eq!(game.seat_of("B2".parse().unwrap()), Some(Seat::new(3)));
    let step: Move = "3:a1-a4".parse().unwrap();
    assert!(game.check(step).is_err());
    assert!(!game.is_legal(step));
    let before = game.clone();
    assert!(game.apply(step).is_err());
    assert_eq!(game, before);
    assert_eq!(game.action_index(step), None);
    let prior = move_prior(&game, step);
    assert!((0.0..=1.0).contains(&prior));
    let place: Move = "3:place a1".parse().unwrap();
    assert!(game.check(place).is_err());
    assert!((0.0..=1.0).contains(&move_prior(&game, place)));
}

#[test]
fn a_seat_the_game_lacks_is_an_error() {
    let game = Zucche::new(&Config::players(8)).unwrap();
    for seat in [Seat::new(8), Seat::new(200)] {
        assert!(game.observation_string(seat).is_err());
        let mut out = vec![0.0; game.observation_shape().iter().product()];
        assert!(game.observation_tensor(seat, &mut out).is_err());
    }
    // `evaluate` fills any length: seats beyond the game get 0.
    let mut out = vec![1.0; 12];
    evaluate(&game, &mut out);
    assert!(out[8..].iter().all(|&v| v == 0.0));
}

#[test]
fn the_heuristic_has_no_move_in_a_finished_game() {
    let (game, _) = zucche_rules::random_game(&Config::default(), 5).unwrap();
    assert!(game.is_over());
    assert_eq!(zucche_rules::heuristic_move(&game, &mut carte_core::deal_rng(0)), None);
}
