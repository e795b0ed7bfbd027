//! The carte-core conformance kit on hands and matches of both decks.

mod common;

use carte_core::Seeded;
use carte_core::testing::{KitConfig, check_game, check_hidden_info, check_hidden_serde};
use gonzago_rules::{Config, Deck, Hand, Match, MatchMode};

fn kit(cases: u32) -> KitConfig {
    KitConfig { cases, ..KitConfig::default() }
}

#[test]
fn hands_follow_the_game_contract() {
    for deck in [Deck::Italian, Deck::French] {
        check_game(&kit(16), |seed| Hand::from_seed(&deck, seed).unwrap());
    }
}

/// Rule G24: swapping cards a player cannot see changes nothing in their view.
#[test]
fn hands_hide_what_they_should() {
    for deck in [Deck::Italian, Deck::French] {
        check_hidden_info(&kit(6), |seed| Hand::from_seed(&deck, seed).unwrap(), common::hide_hand);
    }
}

#[test]
fn matches_follow_the_game_contract() {
    for mode in [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points] {
        let config = Config { deck: Deck::Italian, mode };
        check_game(&kit(4), |seed| Match::from_seed(&config, seed).unwrap());
    }
}

#[test]
fn matches_hide_what_they_should() {
    for mode in [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points] {
        let config = Config { deck: Deck::French, mode };
        check_hidden_info(
            &KitConfig { samples: 2, ..kit(2) },
            |seed| Match::from_seed(&config, seed).unwrap(),
            common::hide_match,
        );
    }
}

#[test]
fn states_observations_and_samples_round_trip() {
    for deck in [Deck::Italian, Deck::French] {
        check_hidden_serde(&kit(6), |seed| Hand::from_seed(&deck, seed).unwrap());
    }
    for mode in [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points] {
        let config = Config { deck: Deck::French, mode };
        check_hidden_serde(&KitConfig { samples: 2, ..kit(2) }, |seed| Match::from_seed(&config, seed).unwrap());
    }
}

#[test]
fn hands_and_matches_number_their_moves() {
    for deck in [Deck::Italian, Deck::French] {
        carte_core::testing::check_actions(&kit(12), |seed| Hand::from_seed(&deck, seed).unwrap());
    }
    for mode in [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points] {
        let config = Config { deck: Deck::French, mode };
        carte_core::testing::check_actions(&kit(3), |seed| Match::from_seed(&config, seed).unwrap());
    }
}

#[test]
fn hand_and_match_views_hide_what_they_should() {
    for deck in [Deck::Italian, Deck::French] {
        carte_core::testing::check_views(&kit(6), |seed| Hand::from_seed(&deck, seed).unwrap(), common::hide_hand);
    }
    let config = Config { deck: Deck::Italian, mode: MatchMode::Points };
    carte_core::testing::check_views(
        &KitConfig { samples: 2, ..kit(2) },
        |seed| Match::from_seed(&config, seed).unwrap(),
        common::hide_match,
    );
}
