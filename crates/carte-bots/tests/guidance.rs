//! Guiding the search: classes of moves merged into one node, and
//! progressive bias from a prior.

use carte_bots::{Bot, Ismcts, Mcts};
use carte_core::Game;
use carte_core::testing::{Kuhn, KuhnMove};

fn dealt() -> Kuhn {
    let mut game = Kuhn::new();
    game.apply("deal QK".parse().unwrap()).unwrap();
    game
}

fn one_class(_: &Kuhn, _: KuhnMove) -> u64 {
    7
}

fn likes_pass(_: &Kuhn, mv: KuhnMove) -> f64 {
    if mv == KuhnMove::Pass { 1.0 } else { 0.0 }
}

fn likes_bet(_: &Kuhn, mv: KuhnMove) -> f64 {
    if mv == KuhnMove::Bet { 1.0 } else { 0.0 }
}

#[test]
fn mcts_keeps_one_child_per_class() {
    let game = dealt();
    let mut bot = Mcts::new(1).iterations(50).move_key(one_class);
    let mv = bot.choose(&game).unwrap();
    assert!(game.is_legal(mv));
    assert_eq!(bot.root_stats().len(), 1);
    let mut plain = Mcts::new(1).iterations(50);
    plain.choose(&game);
    assert_eq!(plain.root_stats().len(), 2);
}

#[test]
fn ismcts_keeps_one_node_per_class() {
    let game = dealt();
    let mut bot = Ismcts::new(1).iterations(50).move_key(one_class);
    let mv = bot.choose(&game).unwrap();
    assert!(game.is_legal(mv));
    assert_eq!(bot.root_stats().len(), 1);
}

#[test]
fn mcts_visits_the_prior_favourite_first() {
    let game = dealt();
    for (prior, favourite) in [(likes_pass as fn(&Kuhn, KuhnMove) -> f64, KuhnMove::Pass), (likes_bet, KuhnMove::Bet)] {
        let mut bot = Mcts::new(3).iterations(1).progressive_bias(prior, 1.0);
        assert_eq!(bot.choose(&game), Some(favourite));
    }
}

#[test]
fn a_heavy_prior_steers_ismcts_selection() {
    let game = dealt();
    for (prior, favourite) in [(likes_pass as fn(&Kuhn, KuhnMove) -> f64, KuhnMove::Pass), (likes_bet, KuhnMove::Bet)] {
        let mut bot = Ismcts::new(3).iterations(100).progressive_bias(prior, 1e6);
        assert_eq!(bot.choose(&game), Some(favourite));
        let stats = bot.root_stats();
        let fav = stats.iter().find(|s| s.mv == favourite).unwrap();
        assert!(fav.visits >= 98, "{stats:?}");
    }
}
