//! The carte-core conformance kit on both presets and both end rules.

use camicia_rules::{Camicia, Config, EndRule, Player, Preset};
use carte_core::testing::{KitConfig, check_game, check_hidden_info, check_hidden_serde};
use carte_core::{DealRng, Seat, Seeded, below};

fn kit() -> KitConfig {
    KitConfig { cases: 12, max_plies: 400, samples: 2, ..KitConfig::default() }
}

fn configs() -> [Config; 5] {
    [
        Config::default(),
        Config::new(Preset::BeggarMyNeighbour),
        Config::new(Preset::Camicia).with_end_rule(EndRule::EmptyHandLoses),
        // The draw at the first repeat, on the small deck where loops are
        // common enough to be met.
        Config::new(Preset::Camicia)
            .with_deck(camicia_rules::Deck::parse(Preset::Camicia, "6,2,1,1").unwrap())
            .with_draw_on_repeat(true),
        Config::new(Preset::BeggarMyNeighbour).with_draw_on_repeat(true),
    ]
}

#[test]
fn game_contract() {
    for config in configs() {
        check_game(&kit(), |seed| Camicia::from_seed(&config, seed).unwrap());
    }
}

/// Swaps two cards of different kinds among the hands (never the pile):
/// nobody sees the order of any hand, so no seat may notice.
fn swap_hidden(game: &Camicia, _seat: Seat, rng: &mut DealRng) -> Option<Camicia> {
    let mut json = serde_json::to_value(game).ok()?;
    let hands = json.get_mut("hands")?.as_array_mut()?;
    let mut cards: Vec<char> =
        hands.iter().flat_map(|h| h.as_str().unwrap_or("").chars().collect::<Vec<_>>()).collect();
    let n = cards.len();
    if n < 2 {
        return None;
    }
    let i = below(rng, n as u32) as usize;
    let j = (0..n).map(|k| (i + 1 + k) % n).find(|&j| cards[j] != cards[i])?;
    cards.swap(i, j);
    let split = game.hand(Player::A).len();
    hands[0] = cards[..split].iter().collect::<String>().into();
    hands[1] = cards[split..].iter().collect::<String>().into();
    serde_json::from_value(json).ok()
}

#[test]
fn hidden_info_contract() {
    for config in configs() {
        check_hidden_info(&kit(), |seed| Camicia::from_seed(&config, seed).unwrap(), swap_hidden);
    }
}

#[test]
fn states_observations_and_samples_round_trip() {
    for config in configs() {
        check_hidden_serde(&kit(), |seed| Camicia::from_seed(&config, seed).unwrap());
    }
}

#[test]
fn action_contract() {
    for config in configs() {
        carte_core::testing::check_actions(&kit(), |seed| Camicia::from_seed(&config, seed).unwrap());
    }
}

#[test]
fn view_contract() {
    for config in configs() {
        carte_core::testing::check_views(&kit(), |seed| Camicia::from_seed(&config, seed).unwrap(), swap_hidden);
    }
}
