//! Ismcts on Kuhn poker: it plays well, and it never reads what its seat
//! cannot see.

use carte_bots::{Bot, Ismcts, Mcts, Random, SearchConfig, play_game};
use carte_core::testing::{Kuhn, KuhnMove, kuhn_swap_hidden};
use carte_core::{Game, HiddenInfo, Seat, deal_rng};

fn kuhn(moves: &[&str]) -> Kuhn {
    let mut game = Kuhn::new();
    for m in moves {
        game.apply(m.parse().unwrap()).unwrap();
    }
    game
}

/// Two states that seat 1 cannot tell apart: it holds the queen and faces a
/// bet from the jack or from the king.
fn queen_facing_a_bet() -> (Kuhn, Kuhn) {
    let (weak, strong) = (kuhn(&["deal JQ", "bet"]), kuhn(&["deal KQ", "bet"]));
    assert_eq!(weak.observation(Seat::new(1)).unwrap(), strong.observation(Seat::new(1)).unwrap());
    assert_ne!(weak, strong);
    (weak, strong)
}

#[test]
fn same_observation_and_seed_give_the_same_choice() {
    let (weak, strong) = queen_facing_a_bet();
    for seed in 0..20 {
        let mut a = Ismcts::new(seed).iterations(300);
        let mut b = Ismcts::new(seed).iterations(300);
        assert_eq!(a.choose(&weak), b.choose(&strong), "seed {seed}");
        // Not only the choice: the whole search is the same.
        assert_eq!(a.root_stats(), b.root_stats(), "seed {seed}");
    }
    // Every hidden swap the conformance kit knows, from every seat.
    for moves in [&["deal KJ"][..], &["deal QJ", "pass"], &["deal JK", "pass", "bet"], &["deal QK", "bet"]] {
        let game = kuhn(moves);
        let me = game.actor().seat().unwrap();
        let other = kuhn_swap_hidden(&game, me).unwrap();
        assert_eq!(Ismcts::new(5).iterations(200).choose(&game), Ismcts::new(5).iterations(200).choose(&other));
    }
}

#[test]
fn the_same_observation_test_catches_a_bot_that_peeks() {
    // Mcts reads the true state: it calls the jack's bet and folds to the
    // king's, which the test above would refuse.
    let (weak, strong) = queen_facing_a_bet();
    assert_eq!(Mcts::new(0).iterations(300).choose(&weak), Some(KuhnMove::Bet));
    assert_eq!(Mcts::new(0).iterations(300).choose(&strong), Some(KuhnMove::Pass));
}

#[test]
fn plays_the_forced_kuhn_moves() {
    let cases = [
        (&["deal JK", "bet"][..], KuhnMove::Bet),          // the king calls
        (&["deal KJ", "bet"][..], KuhnMove::Pass),         // the jack folds
        (&["deal KQ", "pass", "bet"][..], KuhnMove::Bet),  // the king calls
        (&["deal JQ", "pass", "bet"][..], KuhnMove::Pass), // the jack folds
    ];
    for (moves, want) in cases {
        for seed in 0..5 {
            let game = kuhn(moves);
            assert_eq!(Ismcts::new(seed).iterations(500).choose(&game), Some(want), "{moves:?} seed {seed}");
        }
    }
}

#[test]
fn beats_random_at_kuhn_poker() {
    let mut total = 0.0;
    let games = 400;
    for g in 0..games {
        let mut smart = Ismcts::new(g).iterations(300);
        let mut random = Random::new(g + 10_000);
        let mut game = Kuhn::new();
        let smart_seat = (g % 2) as usize;
        let mut seats: [&mut dyn Bot<Kuhn>; 2] =
            if smart_seat == 0 { [&mut smart, &mut random] } else { [&mut random, &mut smart] };
        play_game(&mut game, &mut seats, &mut deal_rng(g / 2), 10).unwrap();
        total += game.outcome().unwrap().returns()[smart_seat];
    }
    let mean = total / games as f64;
    // Random against random averages 0; a best response to it wins about
    // half a chip a hand.
    assert!(mean > 0.25, "ismcts won {mean} chips a hand against random");
}

#[test]
fn is_deterministic_for_a_seed() {
    let game = kuhn(&["deal QJ"]);
    let stats = |seed| {
        let mut bot = Ismcts::new(seed).iterations(200);
        bot.choose(&game);
        bot.root_stats()
    };
    assert_eq!(stats(3), stats(3));
    assert_ne!(stats(3), stats(4));
}

#[test]
fn no_search_at_chance_or_the_end() {
    let mut bot = Ismcts::new(0).iterations(50);
    let deal = bot.choose(&Kuhn::new()).unwrap();
    assert!(Kuhn::new().is_legal(deal));
    assert_eq!(bot.last_iterations(), 0);
    assert_eq!(bot.choose(&kuhn(&["deal JQ", "pass", "pass"])), None);
}

#[test]
fn cut_play_outs_are_scored_by_the_evaluation() {
    // Two iterations open both first moves; their play-outs, cut at once,
    // score what the evaluation says, or 0 without one.
    fn seat_one_ahead(_: &Kuhn, out: &mut [f64]) {
        out.copy_from_slice(&[-5.0, 5.0]);
    }
    let game = kuhn(&["deal JK"]);
    let mut bot = Ismcts::new(0).iterations(2).evaluation(seat_one_ahead, 0);
    bot.choose(&game);
    let means: Vec<f64> = bot.root_stats().iter().map(|s| s.mean).collect();
    assert_eq!(means, [-5.0, -5.0]);
    let config = SearchConfig { max_rollout_plies: 0, ..SearchConfig::default() };
    let mut blind = Ismcts::with_config(config, 0).iterations(2);
    blind.choose(&game);
    let means: Vec<f64> = blind.root_stats().iter().map(|s| s.mean).collect();
    assert_eq!(means, [0.0, 0.0]);
}
