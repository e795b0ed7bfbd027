//! Seats and cells a game does not have: errors or `None`, never a panic.

use carte_core::{Game, HiddenInfo, Seat, deal_rng};
use zama_rules::{Config, Player, Square, Zama, evaluate, heuristic_move};

#[test]
fn seats_and_cells_the_game_lacks() {
    let game = Zama::new(&Config::default(), 7).unwrap(); // Red and Blue
    assert!(game.diagram_for(Player::Green).is_err());
    assert!(game.diagram_for(Player::Blue).is_ok());
    assert!(game.color_of_seat(Seat::new(2)).is_err());
    assert!(game.observation(Seat::new(200)).is_err());
    assert!(!game.is_in(Player::Yellow));
    assert!(game.cells_of(Player::Green).is_empty());
    // m16 is a cell of the four-player board only.
    let far: Square = "m16".parse().unwrap();
    assert_eq!(game.card_at(far), None);
    assert!(!game.knows(Player::Red, far));
    assert!(game.check("m16xm15".parse().unwrap()).is_err());
    // A short buffer gets the seats that fit.
    let mut one = [9.0];
    evaluate(&game, &mut one);
    assert!(one[0].is_finite() && one[0] != 9.0);
    evaluate(&game, &mut []);
}

#[test]
fn the_heuristic_has_no_move_in_a_finished_game() {
    let (mut game, mut rng) = (Zama::new(&Config::default(), 3).unwrap(), deal_rng(3));
    while let Some(mv) = game.random_move(&mut rng) {
        game.apply(mv).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(heuristic_move(&game, &mut rng), None);
}
