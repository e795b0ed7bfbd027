//! Seeded games pinned: the same seed must give the same game in every
//! future version (legal move order, chance order, the carte-core generator
//! and the heuristic's tie-breaks).

use carte_core::{Game, deal_rng};
use zucche_rules::{BoardId, ByTeam, Config, End, Zucche, heuristic_move, random_game};

fn board_1(game: &Zucche) -> String {
    game.board(BoardId::from_number(1).unwrap()).unwrap().to_string()
}

#[test]
fn a_seeded_random_four_player_game() {
    let (game, playout) = random_game(&Config::default(), 2026).unwrap();
    assert_eq!(playout.plies, 510);
    assert!(playout.finished);
    assert_eq!(game.end(), Some(End::RoundLimit));
    assert_eq!(game.counts(), ByTeam { a: 20, b: 12 });
    assert_eq!(board_1(&game), "1w6/1b6/8/4w3/b3b1w1/2ww2w1/1b2b3/www5 w 0 0");
}

#[test]
fn a_seeded_random_eight_player_game() {
    let (game, playout) = random_game(&Config::players(8), 7).unwrap();
    assert_eq!(playout.plies, 1013);
    assert_eq!(game.end(), Some(End::RoundLimit));
    assert_eq!(game.counts(), ByTeam { a: 27, b: 37 });
    assert_eq!(board_1(&game), "bbbw2b1/w1b1w3/3w4/b1b5/2b5/1b4bw/8/2w2w2 w 0 0");
}

#[test]
fn a_seeded_heuristic_game() {
    let mut game = Zucche::new(&Config::default()).unwrap();
    let mut rng = deal_rng(11);
    let mut plies = 0;
    while !game.is_over() {
        game.apply(heuristic_move(&game, &mut rng).unwrap()).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 494);
    assert_eq!(game.counts(), ByTeam { a: 15, b: 17 });
    assert_eq!(board_1(&game), "b7/b7/4w3/3b4/1b1b1b2/6ww/b7/2w1w3 w 1 0");
}

/// Counted from the rules: each roll (6) lets the 8 checkers of the home
/// rank go straight ahead (sideways every square is a friend), so each
/// turn is 6 rolls × 8 steps, and board 1, board 2, board 1 again give
/// (6 × 8)^3 = 110 592 sequences of 6 plies.
/// Rules F7, F8 and F20: six faces, straight moves, boards in turn: the counts from the rules.
#[test]
fn perft_from_the_start() {
    let game = Zucche::new(&Config::default()).unwrap();
    let counts: Vec<u64> = (1..=6).map(|d| carte_core::perft(&game, d)).collect();
    assert_eq!(counts, [6, 48, 288, 2_304, 13_824, 110_592]);
}
