//! The heuristic policy: legal, observation-only, and better than chance.

mod common;

use carte_core::{Game, RandomPlayer, Seeded, deal_rng};
use common::position;
use gonzago_rules::{Deck, Hand, HandEnd, Player, heuristic_move};

#[test]
fn the_heuristic_beats_a_random_player() {
    let (mut wins, mut losses) = (0, 0);
    let mut rng = deal_rng(12);
    let mut random = RandomPlayer::<Hand>::new();
    for seed in 0..300 {
        let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
        while let Some(p) = hand.to_move() {
            let mv = if p == Player::A {
                heuristic_move(&hand, &mut rng).unwrap()
            } else {
                random.choose(&hand, &mut rng).unwrap()
            };
            hand.apply(mv).unwrap();
        }
        match hand.end() {
            Some(HandEnd::Closed { winner: Player::A }) => wins += 1,
            Some(HandEnd::Closed { winner: Player::B }) => losses += 1,
            _ => {}
        }
    }
    assert!(wins > 2 * losses, "heuristic {wins} wins, random {losses}");
}

#[test]
fn the_heuristic_follows_its_four_rules() {
    let mut rng = deal_rng(0);
    let mut choose = |hand: &Hand| heuristic_move(hand, &mut rng).unwrap().to_string();
    // The lead: all the cards of the biggest group.
    assert_eq!(choose(&position(Player::B, &[], "4c 4d 7s Rb", "2d 2s Cc Cb", "*")), "play 4c 4d");
    // On a 5: both 6s rather than the single 4, although drawing is allowed.
    assert_eq!(choose(&position(Player::B, &["play 5c"], "2c 3c 4c", "4d 6d 6s Rb", "*")), "play 6d 6s");
    // A tie on size: the 4 keeps 2b and 6d to answer a reply on 3 or 5; the
    // 6 keeps only 4d for a reply on 5 or 7.
    assert_eq!(choose(&position(Player::B, &["play 5c"], "2c 3c 4c", "4d 6d 2b 3b", "*")), "play 4d");
    // Nothing playable: draw.
    assert_eq!(choose(&position(Player::B, &["play 5c"], "2c 3c 4c", "Ad 2d 2s Rb", "*")), "draw");
}

/// A finished hand or match has no heuristic move: `None`, as bots answer.
#[test]
fn the_heuristic_has_no_move_once_over() {
    let mut rng = deal_rng(8);
    let mut hand = Hand::deal(Deck::French, Player::A, &mut rng);
    while let Some(mv) = hand.random_move(&mut rng) {
        hand.apply(mv).unwrap();
    }
    assert_eq!(heuristic_move(&hand, &mut rng), None);
    let mut game = gonzago_rules::Match::from_seed(&gonzago_rules::Config::default(), 2).unwrap();
    while let Some(mv) = gonzago_rules::match_heuristic_move(&game, &mut rng) {
        game.apply(mv).unwrap();
    }
    assert!(game.is_over());
}
