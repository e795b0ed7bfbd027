//! Random play-outs for instruction counts (`valgrind --tool=callgrind`):
//! `cargo run --release -p zama-rules --example playouts -- fast 1000 [players]`.
//!
//! `fast` plays with `play_random_move`, `generic` with `legal_moves` and
//! carte-core's `RandomPlayer`, `wide` the two-player game on the 256-bit
//! board of the four-player game (the representation not chosen). Prints
//! the plies played.

use carte_core::{RandomPlayer, Seeded, deal_rng};
use zama_rules::{Config, Zama};

fn config(players: usize) -> Config {
    Config::default().with_players(players)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).map_or("fast", String::as_str);
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let config = config(args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2));
    let mut rng = deal_rng(99);
    let mut player = RandomPlayer::<Zama>::new();
    let mut plies = 0u64;
    for seed in 0..n {
        let mut game = Zama::from_seed(&config, seed).expect("valid config");
        match path {
            "generic" => plies += player.play_out(&mut game, &mut rng, u64::MAX).plies,
            "wide" => plies += zama_rules::wide_two_player_playout(seed, &mut rng),
            _ => {
                while game.play_random_move(&mut rng).is_some() {
                    plies += 1;
                }
            }
        }
    }
    println!("{path}: {n} play-outs, {plies} plies");
}
