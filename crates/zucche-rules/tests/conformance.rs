//! The carte-core conformance kit on Zucche e Fantasmi, with 4 and 8 players.

use carte_core::Seeded;
use carte_core::testing::{KitConfig, check_game, check_serde};
use zucche_rules::{Config, Zucche};

#[test]
fn four_players_conform() {
    let kit = KitConfig { cases: 12, ..KitConfig::default() };
    check_game(&kit, |seed| Zucche::from_seed(&Config::players(4).with_rounds(120), seed).unwrap());
}

#[test]
fn eight_players_conform() {
    let kit = KitConfig { cases: 8, ..KitConfig::default() };
    check_game(&kit, |seed| Zucche::from_seed(&Config::players(8).with_rounds(60), seed).unwrap());
}

#[test]
fn short_games_conform_to_the_end() {
    // Short limits: many games reach their end inside the kit's ply limit.
    let kit = KitConfig { cases: 24, moves_per_state: 64, ..KitConfig::default() };
    check_game(&kit, |seed| Zucche::from_seed(&Config::players(4).with_rounds(1 + (seed % 20) as u32), seed).unwrap());
}

#[test]
fn states_round_trip() {
    let kit = KitConfig { cases: 12, ..KitConfig::default() };
    check_serde(&kit, |seed| Zucche::from_seed(&Config::players(4).with_rounds(1 + (seed % 40) as u32), seed).unwrap());
}

#[test]
fn actions_and_views_conform() {
    let kit = KitConfig { cases: 6, ..KitConfig::default() };
    for players in [4, 8] {
        let config = Config::players(players).with_rounds(1 + 30 / players as u32);
        carte_core::testing::check_actions(&kit, |seed| Zucche::from_seed(&config, seed).unwrap());
        carte_core::testing::check_public_views(&kit, |seed| Zucche::from_seed(&config, seed).unwrap());
    }
}
