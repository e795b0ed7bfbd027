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

/// Z2: the two-player board has ranks 1 to 8, so a move naming a cell past
/// it (`a9` to `m16`, cells of the four-player board, Z52) is refused as off
/// the board in every phase — attack, shift and peek — before anything else
/// is read, never a panic, and leaves the game as it was; so is a move
/// across the edge, from a cell of rank 8 to the cell past it.
#[test]
fn moves_past_the_board_are_refused_in_every_phase() {
    use zama_rules::{IllegalMove, Move, Phase};
    let mut seen = [false; 3];
    for seed in 0..40 {
        let mut game = Zama::new(&Config::default(), seed).unwrap();
        let mut rng = deal_rng(seed + 1000);
        let on: Vec<Square> = Square::board(2).collect();
        let off: Vec<Square> = Square::all().skip(on.len()).collect();
        assert_eq!((on.len(), off.len()), (104, 104));
        let mut ply = 0u32;
        while !game.is_over() {
            let phase = match game.phase() {
                Phase::Attack => 0,
                Phase::Shift { .. } => 1,
                Phase::Peek { .. } => 2,
                Phase::Over(_) => unreachable!(),
            };
            if !seen[phase] || ply.is_multiple_of(16) {
                seen[phase] = true;
                let before = game.clone();
                // Each cell past the board with a cell far from it, and the
                // cells of rank 9 also with their neighbour across the edge
                // on rank 8, one rank below on the same file (Z9, Z18).
                let edge = off.iter().take(13).map(|&far| (far, on[far.index() - 13]));
                let pairs = off.iter().enumerate().map(|(k, &far)| (far, on[k % on.len()])).chain(edge);
                for (far, near) in pairs {
                    for mv in [
                        Move::Peek { at: far },
                        Move::Attack { from: near, to: far },
                        Move::Attack { from: far, to: near },
                        Move::Shift { from: near, to: far },
                        Move::Shift { from: far, to: near },
                        Move::Shift { from: far, to: far },
                    ] {
                        let cell = match mv {
                            Move::Attack { from, to } | Move::Shift { from, to } if from == near => to,
                            Move::Attack { from, .. } | Move::Shift { from, .. } => from,
                            _ => far,
                        };
                        assert_eq!(game.check(mv), Err(IllegalMove::OffBoard { mv, cell }), "{mv} in {game}");
                        assert_eq!(game.apply(mv), Err(IllegalMove::OffBoard { mv, cell }), "{mv} in {game}");
                        assert_eq!(game, before);
                    }
                }
            }
            if game.play_random_move(&mut rng).is_none() {
                break;
            }
            ply += 1;
        }
    }
    assert_eq!(seen, [true; 3], "every phase was reached");
}
