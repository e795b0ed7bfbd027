//! The heuristic player: legal everywhere, sensible where it matters, and
//! stronger than random play.

mod common;

use carte_core::{Actor, Game, RandomPlayer, deal_rng};
use common::position;
use zucche_rules::{Config, Move, Team, Zucche, heuristic_move};

const START: &str = "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0";
const START_EVEN: &str = "wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0";

#[test]
fn it_captures_when_it_can() {
    // A1 (White) rolled 5: a1-a6 takes B1's checker; nothing else captures.
    let game = position(4, 3, 1, Some(5), &["1bbbbbbb/8/b7/8/8/8/8/wwwwwwww w 0 0", START_EVEN]);
    for seed in 0..20 {
        assert_eq!(heuristic_move(&game, &mut deal_rng(seed)).unwrap(), "1:a1-a6".parse().unwrap());
    }
}

#[test]
fn it_steps_out_of_reach() {
    // A1 rolled 1 with its checker on d4, facing B1's on d8 (a 4 takes d4).
    // Among the steps, d4-e4 and d4-c4 leave no capturing face, d4-d5 and
    // d4-d3 do; the rank-1 checkers are out of reach either way, but every
    // rank-1 step of 1 to rank 2 keeps d4 exposed.
    let game = position(4, 3, 1, Some(1), &["3b4/8/8/8/3w4/8/8/wwwwwww1 w 0 7", START_EVEN]);
    for seed in 0..20 {
        let mv = heuristic_move(&game, &mut deal_rng(seed)).unwrap();
        assert!(["1:d4-c4", "1:d4-e4"].contains(&mv.to_string().as_str()), "{mv}");
    }
}

#[test]
fn it_places_where_the_opponent_cannot_reach() {
    // A2 (Black, home rank 1) places one of two checkers: d1 or h1 are free.
    // B2's checker on d3 hits d1 with a 2; nothing reaches h1.
    let game = position(4, 3, 2, None, &[START, "wwwwwww1/8/8/8/8/3w4/8/bbb1bbb1 b 0 2"]);
    assert_eq!(game.legal_move_vec().len(), 2);
    for seed in 0..20 {
        assert_eq!(heuristic_move(&game, &mut deal_rng(seed)).unwrap(), "2:place h1".parse().unwrap());
    }
}

#[test]
fn it_rolls_at_chance_nodes_and_passes_when_forced() {
    let game = Zucche::new(&Config::default()).unwrap();
    let mut seen = [false; 7];
    for seed in 0..200 {
        match heuristic_move(&game, &mut deal_rng(seed)).unwrap() {
            Move::Roll { pips } => seen[usize::from(pips.get())] = true,
            mv => panic!("{mv} at a chance node"),
        }
    }
    assert_eq!(seen, [false, true, true, true, true, true, true]);
    let stuck =
        position(4, 3, 1, Some(6), &["bbbbbbbb/8/8/3ww3/3ww3/8/8/8 w 0 0", "wwwwwwww/8/8/8/8/8/wwww4/bbbbbbbb w 0 0"]);
    assert_eq!(heuristic_move(&stuck, &mut deal_rng(0)).unwrap(), Move::Pass);
}

#[test]
fn it_beats_random_play() {
    let mut rng = deal_rng(99);
    let mut random = RandomPlayer::new();
    let (mut wins, mut losses) = (0, 0);
    for game_no in 0..60 {
        let mut game = Zucche::new(&Config::default()).unwrap();
        // Alternate which team the heuristic plays.
        let smart = if game_no % 2 == 0 { Team::A } else { Team::B };
        while !game.is_over() {
            let heuristic = game.actor() != Actor::Chance && game.to_move().is_some_and(|p| p.team == smart);
            let mv = if heuristic {
                heuristic_move(&game, &mut rng).unwrap()
            } else {
                random.choose(&game, &mut rng).unwrap()
            };
            game.apply(mv).unwrap();
        }
        match game.result().unwrap() {
            zucche_rules::GameResult::Winner(t) if t == smart => wins += 1,
            zucche_rules::GameResult::Winner(_) => losses += 1,
            zucche_rules::GameResult::Draw => {}
        }
    }
    println!("heuristic against random: {wins} wins, {losses} losses");
    assert!(wins > 2 * losses, "heuristic {wins} wins, {losses} losses against random");
}

#[test]
fn evaluation_follows_the_team_count() {
    let mut out = [9.0; 4];
    zucche_rules::evaluate(&Zucche::new(&Config::default()).unwrap(), &mut out);
    assert_eq!(out, [0.0; 4], "level at the start");
    // A1 took one of B1's checkers (B1 holds 7) and handed it to A2, who
    // holds it (Black) in hand: team A 17, team B 15.
    let game =
        position(4, 3, 1, Some(5), &["1bbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 1"]);
    zucche_rules::evaluate(&game, &mut out);
    // Nobody can capture on the next turns (every checker is 7 squares
    // from the enemy's), so the lead of two is all; 117 rounds are left.
    let a = (2.0 / (0.5 + 0.9 * 117f64.sqrt())).tanh();
    // Team A: seats 0 and 2; team B: seats 1 and 3.
    assert_eq!(out, [a, -a, a, -a]);
    // The same lead weighs more when time runs out.
    let late =
        position(4, 119, 1, Some(5), &["1bbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 1"]);
    let mut then = [0.0; 4];
    zucche_rules::evaluate(&late, &mut then);
    assert!(then[0] > out[0] && then[0] < 1.0, "{then:?}");
}

#[test]
fn evaluation_counts_the_capture_the_roll_allows() {
    // Level material, but A1 rolled a 5 and a1-a6 captures; B1's a6 could
    // answer only with a 5 next turn.
    let game = position(4, 3, 1, Some(5), &["1bbbbbbb/8/b7/8/8/8/8/wwwwwwww w 0 0", START_EVEN]);
    let mut out = [0.0; 4];
    zucche_rules::evaluate(&game, &mut out);
    assert!(out[0] > 0.1, "{out:?}");
    assert_eq!(out, [out[0], -out[0], out[0], -out[0]]);
    // With a 1 rolled no capture is possible: now B1's threat counts.
    let no_capture = position(4, 3, 1, Some(1), &["1bbbbbbb/8/b7/8/8/8/8/wwwwwwww w 0 0", START_EVEN]);
    zucche_rules::evaluate(&no_capture, &mut out);
    assert!(out[0] < 0.0, "{out:?}");
}

#[test]
fn the_prior_ranks_moves_as_the_heuristic_does() {
    let capture = position(4, 3, 1, Some(5), &["1bbbbbbb/8/b7/8/8/8/8/wwwwwwww w 0 0", START_EVEN]);
    assert_eq!(zucche_rules::move_prior(&capture, "1:a1-a6".parse().unwrap()), 1.0);
    let exposed = position(4, 3, 1, Some(1), &["3b4/8/8/8/3w4/8/8/wwwwwww1 w 0 7", START_EVEN]);
    let prior = |m: &str| zucche_rules::move_prior(&exposed, m.parse().unwrap());
    assert!(prior("1:d4-c4") > prior("1:d4-d5"), "{} {}", prior("1:d4-c4"), prior("1:d4-d5"));
    let place = position(4, 3, 2, None, &[START, "wwwwwww1/8/8/8/8/3w4/8/bbb1bbb1 b 0 2"]);
    let prior = |m: &str| zucche_rules::move_prior(&place, m.parse().unwrap());
    assert!(prior("2:place h1") > prior("2:place d1"));
    // Every legal move of a played game has a prior in [0, 1].
    let mut game = Zucche::new(&Config::default()).unwrap();
    let mut rng = deal_rng(4);
    while !game.is_over() {
        for mv in game.legal_move_vec() {
            let p = zucche_rules::move_prior(&game, mv);
            assert!((0.0..=1.0).contains(&p), "{mv}: {p}");
        }
        game.apply(heuristic_move(&game, &mut rng).unwrap()).unwrap();
    }
}
