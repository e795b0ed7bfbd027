//! The carte-core conformance kit, with Zama's hide hook.

use carte_core::testing::{KitConfig, check_game, check_hidden_info};
use carte_core::{DealRng, Seat, below};
use zama_rules::{Color, Config, Square, Zama};

/// Swaps two cards of one back colour that `seat` does not know, keeping
/// the knowledge by cell (so the opponent still knows "the card on d4",
/// whatever it now is): a state `seat` cannot tell from `game`.
fn swap_unseen(game: &Zama, seat: Seat, rng: &mut DealRng) -> Option<Zama> {
    let me = Color::try_from(seat).ok()?;
    let first = Color::ALL[below(rng, 2) as usize];
    for color in [first, first.other()] {
        let cells: Vec<Square> = game.cells_of(color).iter().filter(|&sq| !game.knows(me, sq)).collect();
        if cells.len() < 2 {
            continue;
        }
        let i = below(rng, cells.len() as u32) as usize;
        let j = (i + 1 + below(rng, cells.len() as u32 - 1) as usize) % cells.len();
        let mut setup = game.to_setup();
        setup.board.swap(cells[i].index(), cells[j].index());
        return Some(Zama::from_setup(&setup).expect("swapping unseen cards keeps a legal state"));
    }
    None
}

#[test]
fn game_contract() {
    let config = KitConfig { cases: 6, max_plies: 400, ..KitConfig::default() };
    check_game(&config, |seed| Zama::new(Config::default(), seed));
}

#[test]
fn game_contract_short_draw_limit() {
    // A low limit reaches the end of games, passes included, within few plies.
    let config = KitConfig { cases: 6, max_plies: 2_000, moves_per_state: 4, illegal_per_state: 8, samples: 1 };
    check_game(&config, |seed| Zama::new(Config { no_removal_limit: 12 }, seed));
}

#[test]
fn hidden_information() {
    let config = KitConfig { cases: 4, max_plies: 250, moves_per_state: 3, illegal_per_state: 4, samples: 2 };
    check_hidden_info(&config, |seed| Zama::new(Config::default(), seed), swap_unseen);
}

#[test]
fn action_contract() {
    for limit in [12, 200] {
        let config = KitConfig { cases: 4, max_plies: 600, moves_per_state: 2, illegal_per_state: 4, samples: 1 };
        carte_core::testing::check_actions(&config, |seed| Zama::new(Config { no_removal_limit: limit }, seed));
    }
}

#[test]
fn view_contract() {
    let config = KitConfig { cases: 3, max_plies: 200, moves_per_state: 2, illegal_per_state: 4, samples: 2 };
    carte_core::testing::check_views(&config, |seed| Zama::new(Config::default(), seed), swap_unseen);
}
