//! The shell's bots: determinizations that keep to what the seat knows, an
//! inference that never rules out the truth, merged moves.

use carte_bots::{Bot, Ismcts};
use carte_core::{Game, HiddenInfo, Seeded, deal_rng};
use carte_play::bots::{gonzago_key, gonzago_plausible_hand};
use gonzago_rules::{Deck, Hand, heuristic_move};

#[test]
fn gonzago_inference_never_rules_out_the_true_hand_of_a_heuristic_opponent() {
    for seed in 0..60 {
        let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
        let mut rng = deal_rng(seed);
        while !hand.is_over() {
            let me = hand.actor().seat().unwrap();
            let view = hand.observation(me).unwrap();
            assert!(gonzago_plausible_hand(&view, &hand), "seed {seed}: the truth was ruled out\n{hand}");
            hand.apply(heuristic_move(&hand, &mut rng).unwrap()).unwrap();
        }
    }
}

#[test]
fn gonzago_determinizations_never_contradict_what_the_seat_knows() {
    let mut bot = Ismcts::<Hand>::new(3).plausible(gonzago_plausible_hand);
    let mut plausible = 0;
    let mut total = 0;
    for seed in 0..20 {
        let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
        let mut rng = deal_rng(seed);
        while !hand.is_over() {
            let me = hand.actor().seat().unwrap();
            let view = hand.observation(me).unwrap();
            for _ in 0..10 {
                let det = bot.determinization(&hand, me).unwrap();
                assert_eq!(det.observation(me).unwrap(), view, "seed {seed}");
                plausible += u32::from(gonzago_plausible_hand(&view, &det));
                total += 1;
            }
            hand.apply(heuristic_move(&hand, &mut rng).unwrap()).unwrap();
        }
    }
    // The truth is always plausible here, so the filter finds such worlds.
    assert!(f64::from(plausible) > 0.95 * f64::from(total), "{plausible} of {total}");
}

#[test]
fn a_seat_the_game_lacks_has_no_determinization() {
    let hand = Hand::from_seed(&Deck::Italian, 1).unwrap();
    let mut bot = Ismcts::<Hand>::new(3).plausible(gonzago_plausible_hand);
    assert!(bot.determinization(&hand, carte_core::Seat::new(2)).is_err());
}

#[test]
fn merged_moves_give_one_root_entry_per_class() {
    let hand = Hand::from_seed(&Deck::Italian, 5).unwrap();
    let mut bot = Ismcts::<Hand>::new(1).iterations(300).move_key(gonzago_key::<Hand>);
    let mv = bot.choose(&hand).unwrap();
    assert!(hand.is_legal(mv));
    let stats = bot.root_stats();
    let mut keys: Vec<u64> = stats.iter().map(|s| gonzago_key(&hand, s.mv)).collect();
    let n = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n, "two root nodes of one class");
    let classes: std::collections::HashSet<u64> =
        hand.legal_move_vec().into_iter().map(|m| gonzago_key(&hand, m)).collect();
    assert_eq!(n, classes.len());
}
