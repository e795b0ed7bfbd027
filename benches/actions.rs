//! Integer actions through the type-erased registry handle against the
//! game's typed generic path, per game: random play of a fixed number of
//! plies (a finished game starts over from the next seed).
//!
//! * `typed`: carte-core's [`RandomPlayer`] on the game's own type
//!   (`legal_moves`, a uniform choice, checked `apply`).
//! * `handle`: [`GameHandle`] by integers: `legal_action_mask` into a
//!   reused buffer, the `k`-th legal index for a uniform `k`
//!   ([`nth_legal`]), checked `apply_action`.
//! * `handle bits`: the same by the bit mask: `legal_action_bits` into a
//!   reused buffer, [`nth_legal_bit`], checked `apply_action`: what a host
//!   that needs no `bool` per action pays.
//! * `vector step`: what `carte.VectorGame.step` does inside Rust, for
//!   [`GAMES`] games side by side: a uniform action from each game's
//!   legal list, checked `apply_action`, chance played, a new game when
//!   one ends, then `legal_actions_and_mask` and
//!   `observation_tensor_update` of the seat to act into the game's row;
//!   `vector step, no tensor` leaves the tensor out, so the difference is
//!   the tensor's cost.
//!
//! Throughput is in plies, timed in thread CPU time on Linux (wall time
//! elsewhere): `cargo bench --bench actions`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use carte_core::{DealRng, Game, RandomPlayer, Seeded, below, deal_rng};
use carte_registry::{GameHandle, GameType, load_game, nth_legal, nth_legal_bit};
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

/// `PLIES` random plies through the handle, by mask.
fn handle(game: &GameType, mask: &mut [bool], rng: &mut DealRng) -> u64 {
    let (mut seed, mut plies, mut state, mut length): (u64, u64, GameHandle, u64) = (0, 0, game.new_state(0), 0);
    while plies < PLIES {
        let n = state.legal_action_mask(mask).unwrap_or_else(|_| unreachable!("the mask fits"));
        // No legal action: the game is over.
        if n == 0 || length >= LONGEST {
            seed += 1;
            state = game.new_state(seed);
            length = 0;
            continue;
        }
        let Some(a) = nth_legal(mask, below(rng, n as u32) as usize) else { unreachable!("n entries are set") };
        state.apply_action(a).unwrap_or_else(|_| unreachable!("a legal action applies"));
        plies += 1;
        length += 1;
    }
    seed
}

/// `PLIES` random plies through the handle, by bit mask.
fn handle_bits(game: &GameType, bits: &mut [u64], rng: &mut DealRng) -> u64 {
    let (mut seed, mut plies, mut state, mut length): (u64, u64, GameHandle, u64) = (0, 0, game.new_state(0), 0);
    while plies < PLIES {
        let n = state.legal_action_bits(bits).unwrap_or_else(|_| unreachable!("the bits fit"));
        if n == 0 || length >= LONGEST {
            seed += 1;
            state = game.new_state(seed);
            length = 0;
            continue;
        }
        let Some(a) = nth_legal_bit(bits, below(rng, n as u32) as usize) else { unreachable!("n bits are set") };
        state.apply_action(a).unwrap_or_else(|_| unreachable!("a legal action applies"));
        plies += 1;
        length += 1;
    }
    seed
}

/// Games stepped side by side in `vector step`.
const GAMES: usize = 16;

/// One game's rows in `vector step`: its legal list and count, mask,
/// observation and the memo of what the observation holds.
struct Row {
    state: GameHandle,
    legal: Vec<u16>,
    count: usize,
    mask: Vec<bool>,
    obs: Vec<f32>,
    memo: Vec<u64>,
}

/// Plays chance nodes by a uniform outcome until a seat acts (the
/// vector plays them by their probabilities; the cost is the same).
fn settle(state: &mut GameHandle, rng: &mut DealRng, outcomes: &mut Vec<usize>) {
    while state.is_chance_node() {
        state.legal_actions_into(outcomes);
        let a = outcomes[below(rng, outcomes.len() as u32) as usize];
        state.apply_action(a).unwrap_or_else(|_| unreachable!("a chance outcome applies"));
    }
}

/// Writes a row's legal list, mask and (with `tensor`) observation.
fn write_row(row: &mut Row, tensor: bool) {
    row.count = row.state.legal_actions_and_mask(&mut row.legal, &mut row.mask).unwrap_or_else(|_| unreachable!());
    if let (true, Some(seat)) = (tensor, row.state.current_seat()) {
        row.state.observation_tensor_update(seat, &mut row.obs, &mut row.memo).unwrap_or_else(|_| unreachable!());
    }
}

/// `PLIES` plies over [`GAMES`] games stepped together.
fn vector(game: &GameType, rows: &mut [Row], seed: &mut u64, rng: &mut DealRng, tensor: bool) -> u64 {
    let mut outcomes = Vec::new();
    let mut plies = 0;
    while plies < PLIES {
        for row in rows.iter_mut() {
            let a = row.legal[below(rng, row.count as u32) as usize];
            row.state.apply_action(usize::from(a)).unwrap_or_else(|_| unreachable!("a legal action applies"));
            settle(&mut row.state, rng, &mut outcomes);
            if row.state.is_terminal() {
                *seed += 1;
                row.state = game.new_state(*seed);
                settle(&mut row.state, rng, &mut outcomes);
            }
            write_row(row, tensor);
        }
        plies += rows.len() as u64;
    }
    *seed
}

/// [`GAMES`] new games' rows, written.
fn new_rows(game: &GameType, seed: &mut u64, rng: &mut DealRng, tensor: bool) -> Vec<Row> {
    let mut outcomes = Vec::new();
    (0..GAMES)
        .map(|_| {
            *seed += 1;
            let mut state = game.new_state(*seed);
            settle(&mut state, rng, &mut outcomes);
            let facts = state.facts();
            let size = state.observation_shape().iter().product();
            let mut row = Row {
                state,
                legal: vec![0; facts.num_actions],
                count: 0,
                mask: vec![false; facts.num_actions],
                obs: vec![0.0; size],
                memo: Vec::new(),
            };
            write_row(&mut row, tensor);
            row
        })
        .collect()
}

/// CPU time of this thread in nanoseconds, from Linux's
/// `/proc/thread-self/schedstat`; `None` elsewhere. On a machine shared with
/// other work, wall time counts the time spent waiting for a core; this
/// does not.
fn thread_cpu_ns() -> Option<u64> {
    std::thread::yield_now();
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// `iters` runs of `f`, timed in thread CPU time when available.
fn cpu_timed(iters: u64, mut f: impl FnMut() -> u64) -> Duration {
    let (wall, cpu) = (Instant::now(), thread_cpu_ns());
    for _ in 0..iters {
        black_box(f());
    }
    match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
        _ => wall.elapsed(),
    }
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, spec: &str, make: impl Fn(u64) -> G) {
    let mut group = c.benchmark_group(format!("actions/{name}"));
    group.throughput(Throughput::Elements(PLIES));
    let mut player = RandomPlayer::<G>::new();
    let mut rng = deal_rng(1);
    group.bench_function("typed", |b| b.iter_custom(|n| cpu_timed(n, || typed(&make, &mut player, &mut rng))));
    let game = load_game(spec).unwrap_or_else(|e| panic!("{e}"));
    let facts = game.new_state(0).facts();
    let mut mask = vec![false; facts.num_actions.max(facts.max_chance_outcomes)];
    group.bench_function("handle", |b| b.iter_custom(|n| cpu_timed(n, || handle(&game, &mut mask, &mut rng))));
    let mut bits = vec![0; mask.len().div_ceil(64)];
    group
        .bench_function("handle bits", |b| b.iter_custom(|n| cpu_timed(n, || handle_bits(&game, &mut bits, &mut rng))));
    for (label, tensor) in [("vector step", true), ("vector step, no tensor", false)] {
        let mut seed = 0;
        let mut rows = new_rows(&game, &mut seed, &mut rng, tensor);
        group.bench_function(label, |b| {
            b.iter_custom(|n| cpu_timed(n, || vector(&game, &mut rows, &mut seed, &mut rng, tensor)))
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game(c, "zama", "zama", |seed| zama_rules::Zama::from_seed(&zama_rules::Config::default(), seed).unwrap());
    bench_game(c, "zama4", "zama(players=4)", |seed| {
        zama_rules::Zama::from_seed(&zama_rules::Config::default().with_players(4), seed).unwrap()
    });
    bench_game(c, "gonzago", "gonzago", |seed| {
        gonzago_rules::Hand::from_seed(&gonzago_rules::Deck::Italian, seed).unwrap()
    });
    bench_game(c, "zucche", "zucche", |seed| {
        zucche_rules::Zucche::from_seed(&zucche_rules::Config::default(), seed).unwrap()
    });
    bench_game(c, "camicia", "camicia(draw_on_repeat=false)", |seed| {
        camicia_rules::Camicia::from_seed(&camicia_rules::Config::default(), seed).unwrap()
    });
}

criterion_group! {
    name = actions;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(actions);
