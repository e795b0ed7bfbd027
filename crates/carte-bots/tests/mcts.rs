//! Mcts on perfect-information test games: forced wins, chance by its
//! stated probabilities, teams.

mod common;

use std::time::Duration;

use carte_bots::{Bot, Mcts, SearchConfig};
use carte_core::Game;
use common::{Gamble, Nim, TestMove};

#[test]
fn finds_the_forced_win_at_nim() {
    for pile in [5u8, 6, 7, 9, 10, 11, 13] {
        for seed in 0..3 {
            let mut bot = Mcts::new(seed).iterations(3000);
            let mv = bot.choose(&Nim::new(pile, 2));
            assert_eq!(mv, Some(TestMove::Take(pile % 4)), "pile {pile}, seed {seed}: {:?}", bot.root_stats());
        }
    }
}

#[test]
fn plays_the_forced_win_to_the_end() {
    // Mcts against Mcts from a won position: the side to move wins.
    for pile in [6u8, 9, 14] {
        let mut game = Nim::new(pile, 2);
        let (mut a, mut b) = (Mcts::new(1).iterations(2000), Mcts::new(2).iterations(2000));
        while let Some(seat) = game.actor().seat() {
            let mv = if seat.index() == 0 { a.choose(&game) } else { b.choose(&game) };
            game.apply(mv.unwrap()).unwrap();
        }
        assert_eq!(game.outcome().unwrap().returns(), &[1.0, -1.0], "pile {pile}");
    }
}

#[test]
fn partners_play_for_their_team() {
    // Four seats, 0 and 2 against 1 and 3: the same forced win, reached
    // only if each seat values its partner's wins as its own.
    for pile in [5u8, 7, 10] {
        let mut bot = Mcts::new(3).iterations(4000);
        assert_eq!(bot.choose(&Nim::new(pile, 4)), Some(TestMove::Take(pile % 4)), "pile {pile}");
    }
}

#[test]
fn weighs_chance_by_its_stated_probabilities() {
    for seed in 0..5 {
        let mut bot = Mcts::new(seed).iterations(2000);
        assert_eq!(bot.choose(&Gamble { state: 0 }), Some(TestMove::Stand), "{:?}", bot.root_stats());
        // Explore widely so that the toss is sampled enough to be measured.
        let mut bot = Mcts::new(seed).iterations(2000).exploration(50.0);
        bot.choose(&Gamble { state: 0 });
        let toss = bot.root_stats().into_iter().find(|s| s.mv == TestMove::Toss).unwrap();
        assert!((toss.mean + 0.4).abs() < 0.15, "toss is worth -0.4, estimated {}", toss.mean);
    }
}

#[test]
fn chance_nodes_are_drawn_by_probability() {
    let mut bot = Mcts::<Gamble>::new(4);
    let heads = (0..2000).filter(|_| bot.choose(&Gamble { state: 1 }) == Some(TestMove::Coin(true))).count();
    assert!((500..700).contains(&heads), "{heads} heads of 2000 at p = 0.3");
}

#[test]
fn is_deterministic_for_a_seed() {
    let game = Nim::new(21, 3);
    let stats = |seed| {
        let mut bot = Mcts::new(seed).iterations(300);
        bot.choose(&game);
        bot.root_stats()
    };
    assert_eq!(stats(7), stats(7));
    assert_ne!(stats(7), stats(8));
}

#[test]
fn time_budget_runs_and_stops() {
    let mut bot = Mcts::new(0).time(Duration::from_millis(20));
    let started = std::time::Instant::now();
    let mv = bot.choose(&Nim::new(30, 2)).unwrap();
    assert!(Nim::new(30, 2).is_legal(mv));
    assert!(bot.last_iterations() > 0);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn a_full_tree_still_answers() {
    let config = SearchConfig { max_nodes: 1, ..SearchConfig::default() };
    let mut bot = Mcts::with_config(config, 0).iterations(100);
    let mv = bot.choose(&Nim::new(10, 2)).unwrap();
    assert!(Nim::new(10, 2).is_legal(mv));
}

#[test]
fn no_search_without_a_choice() {
    let mut bot = Mcts::new(0).iterations(100);
    assert_eq!(bot.choose(&Nim::new(1, 2)), Some(TestMove::Take(1)));
    assert_eq!(bot.last_iterations(), 0);
    assert_eq!(bot.choose(&Nim::new(0, 2)), None);
    assert!(bot.root_stats().is_empty());
}

/// Nim's exact value: the seat to move loses from a multiple of 4.
fn nim_value(game: &Nim, out: &mut [f64]) {
    let to_move = usize::from(game.turn);
    let v = if game.pile.is_multiple_of(4) { -1.0 } else { 1.0 };
    for (seat, o) in out.iter_mut().enumerate() {
        *o = if seat % 2 == to_move % 2 { v } else { -v };
    }
}

#[test]
fn cut_play_outs_are_scored_by_the_evaluation() {
    // Far from the end, play-outs cut at once and scored exactly find the
    // winning move in a few iterations; without the evaluation they score 0.
    for pile in [30u8, 41, 55] {
        let mut bot = Mcts::new(0).iterations(60).evaluation(nim_value, 0);
        assert_eq!(bot.choose(&Nim::new(pile, 2)), Some(TestMove::Take(pile % 4)), "pile {pile}");
        let config = SearchConfig { max_rollout_plies: 0, ..SearchConfig::default() };
        let mut blind = Mcts::with_config(config, 0).iterations(60);
        blind.choose(&Nim::new(pile, 2));
        assert!(blind.root_stats().iter().all(|s| s.mean == 0.0));
    }
}
