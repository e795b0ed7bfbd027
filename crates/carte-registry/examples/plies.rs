//! Random plies through the handle, for instruction counts
//! (`valgrind --tool=callgrind`):
//! `cargo build --release -p carte-registry --example plies`, then
//! `valgrind --tool=callgrind target/release/examples/plies 'zama(players=4)' 100000 [bits]`.
//!
//! What `benches/actions.rs` times as `handle`: the legal-action mask into
//! a reused buffer, the `k`-th legal action for a uniform `k`
//! ([`nth_legal`]), a checked `apply_action`; a finished game starts over
//! from the next seed. With `bits`, what it times as `handle bits`: the
//! bit mask ([`GameHandle::legal_action_bits`](carte_registry::GameHandle::legal_action_bits))
//! and [`nth_legal_bit`] instead. With `typed`, what it times as `typed`:
//! carte-core's `RandomPlayer` on the game's own type, for the games the
//! bench plays (`zama`, `zama(players=4)`, `gonzago`, `zucche`,
//! `camicia(draw_on_repeat=false)`). Prints the plies and games played.

use carte_core::{DealRng, Game, RandomPlayer, Seeded, below, deal_rng};
use carte_registry::{load_game, nth_legal, nth_legal_bit};

/// `plies` random plies of typed games from `make(seed)`; the games played.
fn typed<G: Game>(plies: u64, rng: &mut DealRng, make: impl Fn(u64) -> G) -> u64 {
    let mut player = RandomPlayer::<G>::new();
    let (mut seed, mut played, mut game) = (0, 0, make(0));
    while played < plies {
        match player.choose(&game, rng) {
            Some(mv) => {
                game.apply(mv).unwrap_or_else(|_| unreachable!("a legal move applies"));
                played += 1;
            }
            None => {
                seed += 1;
                game = make(seed);
            }
        }
    }
    seed + 1
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let spec = args.get(1).map_or("zama", String::as_str);
    let plies: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mode = args.get(3).map_or("bytes", String::as_str);
    if mode == "typed" {
        let mut rng = deal_rng(1);
        let zama = |players: usize| zama_rules::Config::default().with_players(players);
        let games = match spec {
            "zama" => typed(plies, &mut rng, |s| zama_rules::Zama::from_seed(&zama(2), s).expect("valid")),
            "zama(players=4)" => typed(plies, &mut rng, |s| zama_rules::Zama::from_seed(&zama(4), s).expect("valid")),
            "gonzago" => typed(plies, &mut rng, |s| {
                gonzago_rules::Hand::from_seed(&gonzago_rules::Deck::Italian, s).expect("valid")
            }),
            "zucche" => typed(plies, &mut rng, |s| {
                zucche_rules::Zucche::from_seed(&zucche_rules::Config::default(), s).expect("valid")
            }),
            "camicia(draw_on_repeat=false)" => typed(plies, &mut rng, |s| {
                camicia_rules::Camicia::from_seed(&camicia_rules::Config::default(), s).expect("valid")
            }),
            _ => return Err(format!("no typed play-out for {spec}").into()),
        };
        println!("{spec} typed: {plies} plies, {games} games");
        return Ok(());
    }
    let by_bits = mode == "bits";
    let game = load_game(spec)?;
    let mut rng = deal_rng(1);
    let (mut seed, mut state) = (0, game.new_state(0));
    let facts = state.facts();
    let range = facts.num_actions.max(facts.max_chance_outcomes);
    let (mut mask, mut bits) = (vec![false; range], vec![0; range.div_ceil(64)]);
    let mut played = 0;
    while played < plies {
        let n = if by_bits { state.legal_action_bits(&mut bits)? } else { state.legal_action_mask(&mut mask)? };
        if n == 0 {
            seed += 1;
            state = game.new_state(seed);
            continue;
        }
        let k = below(&mut rng, n as u32) as usize;
        let picked = if by_bits { nth_legal_bit(&bits, k) } else { nth_legal(&mask, k) };
        let Some(a) = picked else { unreachable!("n entries are set") };
        state.apply_action(a)?;
        played += 1;
    }
    println!("{spec}: {played} plies, {} games", seed + 1);
    Ok(())
}
