//! Invariants over random games: checkers are conserved by color, a
//! captured checker always reaches a player of its color, the state
//! round-trips through its setup, and `is_legal` agrees with `legal_moves`.

mod common;

use carte_core::{Actor, Game, RandomPlayer, deal_rng};
use proptest::prelude::*;
use zucche_rules::{BoardId, Color, Config, Move, Phase, Player, Team, Zucche, heuristic_move};

/// Every checker, by color, over boards and hands.
fn color_totals(game: &Zucche) -> [u32; 2] {
    Color::ALL.map(|c| {
        BoardId::all(game.num_boards())
            .map(|b| game.checkers(b, c).unwrap().count_ones() + game.board(b).unwrap().hands[c])
            .sum()
    })
}

fn check_state(game: &Zucche) -> Result<(), TestCaseError> {
    let n = game.num_boards() as u32;
    prop_assert_eq!(color_totals(game), [8 * n, 8 * n], "each color: 8 per board");
    let counts = game.counts();
    prop_assert_eq!(counts.a + counts.b, 16 * n);
    for b in BoardId::all(game.num_boards()) {
        prop_assert_eq!(game.checkers(b, Color::White).unwrap() & game.checkers(b, Color::Black).unwrap(), 0);
        if game.is_frozen(b).unwrap() {
            let waiting = game.board_to_move(b).unwrap();
            prop_assert_eq!(game.checkers_of(waiting).unwrap(), 0, "the frozen board waits for its player to move");
            prop_assert!(game.checkers_of(waiting.opponent()).unwrap() > 0);
            prop_assert_ne!(game.current_board(), Some(b));
        }
    }
    prop_assert_eq!(&Zucche::from_setup(&game.to_setup()).unwrap(), game);
    // `phase` agrees with `actor` and with the kind of the legal moves.
    let legal = game.legal_move_vec();
    let kinds_ok = |ok: fn(&Move) -> bool| legal.iter().all(ok);
    match game.phase() {
        Phase::Over(_) => prop_assert_eq!(game.actor(), Actor::Nobody),
        Phase::Roll { .. } => {
            prop_assert_eq!(game.actor(), Actor::Chance);
            prop_assert!(kinds_ok(|m| matches!(m, Move::Roll { .. })) && legal.len() == 6, "rolls: {:?}", legal);
        }
        Phase::Place { player, .. } => {
            prop_assert_eq!(game.actor(), Actor::Seat(game.seat_of(player).unwrap()));
            prop_assert!(kinds_ok(|m| matches!(m, Move::Place { .. })), "placements: {:?}", legal);
        }
        Phase::Step { player, .. } => {
            prop_assert_eq!(game.actor(), Actor::Seat(game.seat_of(player).unwrap()));
            prop_assert!(kinds_ok(|m| matches!(m, Move::Step { .. } | Move::Pass)), "steps: {:?}", legal);
        }
    }
    Ok(())
}

/// Checks what one applied move did to hands: at most one hand grows, by
/// one, exactly when a step captured; the receiver is the capturer's
/// left-hand teammate and plays the captured checker's color.
fn check_hand_off(before: &Zucche, after: &Zucche, mv: Move) -> Result<(), TestCaseError> {
    let grown: Vec<Player> =
        Player::all(before.num_boards()).filter(|&p| after.hand(p).unwrap() > before.hand(p).unwrap()).collect();
    let captured = match (before.phase(), mv) {
        (Phase::Step { board, player, .. }, Move::Step { to, .. }) => {
            before.piece_at(board, to).filter(|&c| c != player.color()).map(|c| (player, c))
        }
        _ => None,
    };
    match captured {
        None => prop_assert!(grown.is_empty(), "{mv} grew hands {grown:?}"),
        Some((capturer, color)) => {
            prop_assert_eq!(grown.len(), 1);
            let receiver = grown[0];
            prop_assert_eq!(after.hand(receiver).unwrap(), before.hand(receiver).unwrap() + 1);
            prop_assert_eq!(receiver, capturer.left(before.num_boards()));
            prop_assert_eq!(receiver.team, capturer.team);
            prop_assert_eq!(receiver.color(), color, "a checker only ever sits with a player of its color");
        }
    }
    Ok(())
}

proptest! {
    // 24 games unless `PROPTEST_CASES` asks for more.
    #![proptest_config(carte_core::strategies::proptest_config(24))]

    /// Rules F13, F14 and F18: every capture reaches the left-hand teammate of its colour; frozen boards wait.
    #[test]
    fn invariants_hold_in_every_state(seed in any::<u64>(), eight in any::<bool>(), heuristic in any::<bool>()) {
        let players = if eight { 8 } else { 4 };
        let mut game = Zucche::new(&Config::players(players).with_rounds(80)).unwrap();
        let mut rng = deal_rng(seed);
        let mut random = RandomPlayer::new();
        let mut plies = 0u32;
        while !game.is_over() {
            check_state(&game)?;
            if plies.is_multiple_of(97) {
                let legal = game.legal_move_vec();
                for mv in common::universe(&game) {
                    prop_assert_eq!(game.is_legal(mv), legal.contains(&mv), "{}", mv);
                }
            }
            let mv = if heuristic { heuristic_move(&game, &mut rng).unwrap() } else { random.choose(&game, &mut rng).unwrap() };
            let before = game.clone();
            game.apply(mv).unwrap();
            check_hand_off(&before, &game, mv)?;
            plies += 1;
        }
        check_state(&game)?;
        let counts = game.counts();
        let result = game.result().unwrap();
        let expected = match counts.a.cmp(&counts.b) {
            std::cmp::Ordering::Greater => zucche_rules::GameResult::Winner(Team::A),
            std::cmp::Ordering::Less => zucche_rules::GameResult::Winner(Team::B),
            std::cmp::Ordering::Equal => zucche_rules::GameResult::Draw,
        };
        prop_assert_eq!(result, expected);
    }
}
