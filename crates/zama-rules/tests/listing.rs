//! `legal_moves` against a model written from the rules and the documented
//! order, at every ply of random games of both sizes: the list must be
//! exactly the model's, move for move.
//!
//! The model reads only the public state (cards, their owners, face-up
//! cards, the phase): in the attack phase an own card next to a card of
//! another seat (Z8, Z9, Z56), `pass` alone when there is none (Z42); in
//! the shift phase a card not shifted this turn next to a hole (Z18, Z19),
//! then `end` (Z20); in the peek phase a face-down card not peeked this
//! turn (Z22, Z23, Z25), then `end` (Z24). Order (`Game::legal_moves` of `Zama`): pairs of horizontal
//! neighbours by left cell, then vertical ones by lower cell.
//!
//! The integer actions (`legal_action_mask`, `legal_action_bits`) must mark
//! exactly the model's moves, numbered by the table of the `actions`
//! module: `4c + d` an attack from cell `c` in direction `d` (0 up, 1
//! right, 2 down, 3 left), `4C + 4c + d` a shift, `8C + c` a peek, `9C`
//! `end`, `9C + 1` `pass`, with `C` cells.

use carte_core::{ActionSpace, Game, deal_rng};
use proptest::prelude::*;
use zama_rules::{Config, Move, Phase, Square, Zama};

/// The legal moves of `game`, from the rules.
fn model(game: &Zama) -> Vec<Move> {
    let players = game.players();
    let cells: Vec<Square> = Square::board(players).collect();
    let mine = game.cells_of(game.to_move());
    let occupied = game.occupied_cells();
    // Each pair of neighbours once: east pairs by left cell, then north
    // pairs by lower cell.
    let east = cells.iter().filter(|s| s.file() < 12).map(|&s| (s, Square::new(s.file() + 1, s.rank()).unwrap()));
    let north = cells
        .iter()
        .filter(|s| s.rank() + 1 < game.ranks())
        .map(|&s| (s, Square::new(s.file(), s.rank() + 1).unwrap()));
    let pairs: Vec<(Square, Square)> = east.chain(north).collect();
    let mut out = Vec::new();
    match game.phase() {
        Phase::Over(_) => {}
        Phase::Attack => {
            let enemy = |s: Square| occupied.contains(s) && !mine.contains(s);
            for &(a, b) in &pairs {
                if mine.contains(a) && enemy(b) {
                    out.push(Move::Attack { from: a, to: b });
                } else if mine.contains(b) && enemy(a) {
                    out.push(Move::Attack { from: b, to: a });
                }
            }
            if out.is_empty() {
                out.push(Move::Pass);
            }
        }
        Phase::Shift { shifted } => {
            let mover = |s: Square| occupied.contains(s) && !shifted.contains(s);
            for &(a, b) in &pairs {
                if mover(a) && !occupied.contains(b) {
                    out.push(Move::Shift { from: a, to: b });
                } else if mover(b) && !occupied.contains(a) {
                    out.push(Move::Shift { from: b, to: a });
                }
            }
            out.push(Move::End);
        }
        Phase::Peek { peeked } => {
            for &s in &cells {
                if occupied.contains(s) && !game.is_face_up(s) && peeked != Some(s) {
                    out.push(Move::Peek { at: s });
                }
            }
            out.push(Move::End);
        }
    }
    out
}

/// The action number of `mv` by the `actions` module's table, on a board
/// of `cells` cells.
fn action_number(mv: Move, cells: usize) -> usize {
    let direction =
        |from: Square, to: Square| match (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32)
        {
            (0, 1) => 0,
            (1, 0) => 1,
            (0, -1) => 2,
            (-1, 0) => 3,
            other => panic!("{from}-{to} is no step: {other:?}"),
        };
    let c = |s: Square| s.index();
    match mv {
        Move::Attack { from, to } => 4 * c(from) + direction(from, to),
        Move::Shift { from, to } => 4 * cells + 4 * c(from) + direction(from, to),
        Move::Peek { at } => 8 * cells + c(at),
        Move::End => 9 * cells,
        Move::Pass => 9 * cells + 1,
    }
}

/// The mask and the bit mask of `game` against the model's moves.
fn check_actions(game: &Zama, expected: &[Move], plies: usize) -> Result<(), TestCaseError> {
    let cells = Square::board(game.players()).count();
    let n = 9 * cells + 2;
    prop_assert_eq!(game.num_actions(), n);
    let mut want = vec![false; n];
    for &mv in expected {
        want[action_number(mv, cells)] = true;
    }
    let mut moves = Vec::new();
    let mut mask = vec![false; n];
    let count = game.legal_action_mask(&mut moves, &mut mask).unwrap();
    prop_assert_eq!(count, expected.len());
    prop_assert!(mask == want, "mask at ply {} of {}", plies, game);
    let mut bits = vec![u64::MAX; n.div_ceil(64)];
    let count = game.legal_action_bits(&mut moves, &mut bits).unwrap();
    prop_assert_eq!(count, expected.len());
    let got: Vec<bool> = (0..n).map(|i| bits[i / 64] >> (i % 64) & 1 == 1).collect();
    prop_assert!(got == want, "bits at ply {} of {}", plies, game);
    prop_assert!((n..64 * bits.len()).all(|i| bits[i / 64] >> (i % 64) & 1 == 0), "a bit past the actions");
    Ok(())
}

fn config(four: bool) -> Config {
    Config::default().with_players(if four { 4 } else { 2 })
}

/// Plays a random game, checking the list against the model at each ply;
/// `buffer` is reused from game to game (the listing must not depend on
/// what it held).
fn check_game(four: bool, game_seed: u64, play_seed: u64, buffer: &mut Vec<Move>) -> Result<(), TestCaseError> {
    let mut game = Zama::new(&config(four), game_seed).unwrap();
    let mut rng = deal_rng(play_seed);
    let mut plies = 0;
    loop {
        game.legal_moves(buffer);
        let expected = model(&game);
        prop_assert_eq!(&*buffer, &expected[..], "ply {} of {}", plies, game);
        check_actions(&game, &expected, plies)?;
        if game.phase() == Phase::Attack {
            // Z42: the seat passes exactly when it has no attack.
            let attacks = expected.iter().any(|m| matches!(m, Move::Attack { .. }));
            prop_assert_eq!(game.has_attack(), attacks, "has_attack at ply {} of {}", plies, game);
        }
        if game.play_random_move(&mut rng).is_none() {
            break;
        }
        plies += 1;
    }
    Ok(())
}

proptest! {
    #![proptest_config(carte_core::strategies::proptest_config(12))]

    /// Rules Z8, Z9, Z18, Z19, Z20, Z22, Z23, Z24, Z25, Z42, Z56 and the order of
    /// `legal_moves`.
    #[test]
    fn legal_moves_are_the_rules_moves_in_order(four: bool, game_seed in any::<u64>(), play_seed in any::<u64>()) {
        let mut buffer = Vec::new();
        check_game(four, game_seed, play_seed, &mut buffer)?;
    }
}

/// A buffer that held more moves than the new list, or other moves, or
/// that is far larger than needed, gives the same list as a fresh one.
#[test]
fn the_buffer_does_not_matter() {
    for four in [false, true] {
        let game = Zama::new(&config(four), 3).unwrap();
        let mut fresh = Vec::new();
        game.legal_moves(&mut fresh);
        let mut stale = vec![Move::Pass; 1000];
        game.legal_moves(&mut stale);
        assert_eq!(stale, fresh);
        let mut small = Vec::with_capacity(1);
        small.push(Move::End);
        game.legal_moves(&mut small);
        assert_eq!(small, fresh);
        assert_eq!(fresh, model(&game));
    }
}

/// Many games with one buffer, for both sizes.
#[test]
fn one_buffer_for_many_games() {
    let mut buffer = Vec::new();
    for seed in 0..4 {
        for four in [false, true] {
            check_game(four, seed, seed + 100, &mut buffer).unwrap();
        }
    }
}

/// Z8, Z9, Z18, Z19: `check` accepts an attack or a shift between two
/// cells exactly when the rules model lists it, for every ordered pair of
/// cells of the board (diagonal and distant cells included), at the deal
/// and every `every` plies of random games of both sizes (a few: each
/// check is every pair: 86,528 moves on the four-player board).
#[test]
fn check_accepts_exactly_the_rules_moves_between_any_two_cells() {
    for (four, games, every) in [(false, 4, 40), (true, 1, 120)] {
        for seed in 0..games {
            let mut game = Zama::new(&config(four), seed).unwrap();
            let cells: Vec<Square> = Square::board(game.players()).collect();
            let mut rng = deal_rng(seed + 77);
            let mut plies = 0;
            loop {
                if plies % every == 0 {
                    let listed = model(&game);
                    for &from in &cells {
                        for &to in &cells {
                            for mv in [Move::Attack { from, to }, Move::Shift { from, to }] {
                                assert_eq!(
                                    game.check(mv).is_ok(),
                                    listed.contains(&mv),
                                    "{mv} at ply {plies} of {game}"
                                );
                            }
                        }
                    }
                }
                if game.play_random_move(&mut rng).is_none() {
                    break;
                }
                plies += 1;
            }
        }
    }
}

/// The 256-bit board representation of the two-player game (the crate
/// docs' *Speed*: `wide_two_player_playout`) plays exactly the moves of
/// the real game: from the same deal and the same random stream, its
/// play-out lasts exactly as many plies as the game's own random play-out.
#[test]
fn the_wide_board_plays_the_two_player_game_ply_for_ply() {
    for seed in 0..6 {
        let mut game = Zama::new(&config(false), seed).unwrap();
        let mut rng = deal_rng(seed + 5);
        let mut plies = 0;
        while game.play_random_move(&mut rng).is_some() {
            plies += 1;
        }
        assert!(game.outcome().is_some() && plies > 10, "seed {seed}: {plies} plies");
        assert_eq!(zama_rules::wide_two_player_playout(seed, &mut deal_rng(seed + 5)), plies, "seed {seed}");
    }
}
