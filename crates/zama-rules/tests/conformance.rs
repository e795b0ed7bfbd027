//! The carte-core conformance kit, with Zama's hide hook, on the two-player
//! and the four-player game.

use carte_core::testing::{KitConfig, check_game, check_hidden_info, check_hidden_serde};
use carte_core::{DealRng, Seat, below};
use zama_rules::{Config, Square, Zama};

/// Swaps two cards of one back colour that `seat` does not know, keeping
/// the knowledge by cell (so another seat still knows "the card on d4",
/// whatever it now is): a state `seat` cannot tell from `game`.
fn swap_unseen(game: &Zama, seat: Seat, rng: &mut DealRng) -> Option<Zama> {
    let me = game.color_of_seat(seat).ok()?;
    let seats = game.seats();
    let first = below(rng, seats.len() as u32) as usize;
    for k in 0..seats.len() {
        let color = seats[(first + k) % seats.len()];
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

fn config(players: usize) -> Config {
    Config::default().with_players(players)
}

fn make(config: Config) -> impl Fn(u64) -> Zama {
    move |seed| Zama::new(&config, seed).expect("valid configuration")
}

#[test]
fn game_contract() {
    let kit = KitConfig { cases: 6, max_plies: 400, ..KitConfig::default() };
    check_game(&kit, make(config(2)));
}

#[test]
fn game_contract_short_draw_limit() {
    // A low limit reaches the end of games, passes included, within few plies.
    let kit = KitConfig { cases: 6, max_plies: 2_000, moves_per_state: 4, illegal_per_state: 8, samples: 1 };
    check_game(&kit, make(config(2).with_no_removal_limit(12)));
}

#[test]
fn hidden_information() {
    let kit = KitConfig { cases: 4, max_plies: 250, moves_per_state: 3, illegal_per_state: 4, samples: 2 };
    check_hidden_info(&kit, make(config(2)), swap_unseen);
}

#[test]
fn states_observations_and_samples_round_trip() {
    let kit = KitConfig { cases: 3, max_plies: 200, ..KitConfig::default() };
    check_hidden_serde(&kit, make(config(2)));
    let kit = KitConfig { cases: 1, max_plies: 200, ..KitConfig::default() };
    check_hidden_serde(&kit, make(config(4)));
}

/// The four-player rules (Z50 to Z70) through the kit: the game keeps the
/// contract of every carte game.
#[test]
fn four_player_game_contract() {
    let kit = KitConfig { cases: 3, max_plies: 300, moves_per_state: 2, illegal_per_state: 4, samples: 1 };
    check_game(&kit, make(config(4)));
    // Short games: eliminations, all-pass and no-removal endings.
    let kit = KitConfig { cases: 4, max_plies: 1_500, moves_per_state: 1, illegal_per_state: 2, samples: 1 };
    check_game(&kit, make(config(4).with_no_removal_limit(15)));
}

/// Rules Z66, Z67 and Z68: what each of the four seats sees depends on
/// nothing it may not know (the kit's hidden-information checks).
#[test]
fn four_player_hidden_information() {
    let kit = KitConfig { cases: 2, max_plies: 200, moves_per_state: 2, illegal_per_state: 4, samples: 2 };
    check_hidden_info(&kit, make(config(4)), swap_unseen);
}

#[test]
fn action_contract() {
    for (players, limit) in [(2, 12), (2, 200), (4, 10)] {
        let kit = KitConfig { cases: 3, max_plies: 600, moves_per_state: 2, illegal_per_state: 4, samples: 1 };
        carte_core::testing::check_actions(&kit, make(config(players).with_no_removal_limit(limit)));
    }
}

#[test]
fn view_contract() {
    for (players, cases) in [(2, 3), (4, 2)] {
        let kit = KitConfig { cases, max_plies: 200, moves_per_state: 2, illegal_per_state: 4, samples: 2 };
        carte_core::testing::check_views(&kit, make(config(players)), swap_unseen);
    }
}
