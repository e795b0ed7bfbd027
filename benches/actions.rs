//! Integer actions through the type-erased registry handle against the
//! game's typed generic path, per game: random play of a fixed number of
//! plies (a finished game starts over from the next seed).
//!
//! * `typed`: carte-core's [`RandomPlayer`] on the game's own type
//!   (`legal_moves`, a uniform choice, checked `apply`).
//! * `handle`: [`GameHandle`] by integers: `legal_action_mask` into a
//!   reused buffer, the `k`-th legal index for a uniform `k`, checked
//!   `apply_action`.
//!
//! Throughput is in plies: `cargo bench --bench actions`.

use std::hint::black_box;

use carte_core::{DealRng, Game, RandomPlayer, Seeded, below, deal_rng};
use carte_registry::{GameHandle, GameType, load_game};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Plies per measured iteration.
const PLIES: u64 = 10_000;
/// A game longer than this starts over (Camicia deals that never end).
const LONGEST: u64 = 3_000;

/// `PLIES` random plies of typed games from `make(seed)`.
fn typed<G: Game>(make: &impl Fn(u64) -> G, player: &mut RandomPlayer<G>, rng: &mut DealRng) -> u64 {
    let (mut seed, mut plies, mut game, mut length) = (0, 0, make(0), 0);
    while plies < PLIES {
        match player.choose(&game, rng) {
            Some(mv) if length < LONGEST => {
                game.apply(mv).unwrap_or_else(|_| unreachable!("a legal move applies"));
                plies += 1;
                length += 1;
            }
            _ => {
                seed += 1;
                game = make(seed);
                length = 0;
            }
        }
    }
    seed
}

/// The `k`-th set entry of `mask`.
#[inline]
fn nth_set(mask: &[bool], mut k: usize) -> usize {
    for (i, &b) in mask.iter().enumerate() {
        if b {
            if k == 0 {
                return i;
            }
            k -= 1;
        }
    }
    unreachable!("the mask has more than k entries set")
}

/// `PLIES` random plies through the handle, by mask.
fn handle(game: &GameType, mask: &mut [bool], rng: &mut DealRng) -> u64 {
    let (mut seed, mut plies, mut state, mut length): (u64, u64, GameHandle, u64) = (0, 0, game.new_state(0), 0);
    while plies < PLIES {
        if state.is_terminal() || length >= LONGEST {
            seed += 1;
            state = game.new_state(seed);
            length = 0;
            continue;
        }
        let n = state.legal_action_mask(mask).unwrap_or_else(|_| unreachable!("the mask fits"));
        let a = nth_set(mask, below(rng, n as u32) as usize);
        state.apply_action(a).unwrap_or_else(|_| unreachable!("a legal action applies"));
        plies += 1;
        length += 1;
    }
    seed
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, spec: &str, make: impl Fn(u64) -> G) {
    let mut group = c.benchmark_group(format!("actions/{name}"));
    group.throughput(Throughput::Elements(PLIES));
    let mut player = RandomPlayer::<G>::new();
    let mut rng = deal_rng(1);
    group.bench_function("typed", |b| b.iter(|| black_box(typed(&make, &mut player, &mut rng))));
    let game = load_game(spec).unwrap_or_else(|e| panic!("{e}"));
    let facts = game.new_state(0).facts();
    let mut mask = vec![false; facts.num_actions.max(facts.max_chance_outcomes)];
    group.bench_function("handle", |b| b.iter(|| black_box(handle(&game, &mut mask, &mut rng))));
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game(c, "zama", "zama", |seed| zama_rules::Zama::from_seed(&zama_rules::Config::default(), seed).unwrap());
    bench_game(c, "gonzago", "gonzago", |seed| {
        gonzago_rules::Hand::from_seed(&gonzago_rules::Deck::Italian, seed).unwrap()
    });
    bench_game(c, "zucche", "zucche", |seed| {
        zucche_rules::Zucche::from_seed(&zucche_rules::Config::default(), seed).unwrap()
    });
    bench_game(c, "camicia", "camicia", |seed| {
        camicia_rules::Camicia::from_seed(&camicia_rules::Config::default(), seed).unwrap()
    });
}

criterion_group! {
    name = actions;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(actions);
