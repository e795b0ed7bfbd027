//! Random plies through the handle, for instruction counts
//! (`valgrind --tool=callgrind`):
//! `cargo build --release -p carte-registry --example plies`, then
//! `valgrind --tool=callgrind target/release/examples/plies 'zama(players=4)' 100000`.
//!
//! What `benches/actions.rs` times as `handle`: the legal-action mask into
//! a reused buffer, the `k`-th legal action for a uniform `k`
//! ([`nth_legal`]), a checked `apply_action`; a finished game starts over
//! from the next seed. Prints the plies and games played.

use carte_core::{below, deal_rng};
use carte_registry::{load_game, nth_legal};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let spec = args.get(1).map_or("zama", String::as_str);
    let plies: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let game = load_game(spec)?;
    let mut rng = deal_rng(1);
    let (mut seed, mut state) = (0, game.new_state(0));
    let facts = state.facts();
    let mut mask = vec![false; facts.num_actions.max(facts.max_chance_outcomes)];
    let mut played = 0;
    while played < plies {
        let n = state.legal_action_mask(&mut mask)?;
        if n == 0 {
            seed += 1;
            state = game.new_state(seed);
            continue;
        }
        let Some(a) = nth_legal(&mask, below(&mut rng, n as u32) as usize) else { unreachable!("n entries are set") };
        state.apply_action(a)?;
        played += 1;
    }
    println!("{spec}: {played} plies, {} games", seed + 1);
    Ok(())
}
