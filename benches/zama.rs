//! Zama speed: random play-outs from a fresh deal, move generation, apply,
//! and the size of the state.
//!
//! `CARGO_TARGET_DIR=target-zama cargo bench --bench zama`

use std::hint::black_box;

use carte_core::{Game, HiddenInfo, RandomPlayer, Seat, deal_rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng;
use zama_rules::{Config, Move, Zama, heuristic_move};

/// Plays random moves with the list-free fast path until the game ends.
fn fast_playout<R: Rng>(game: &mut Zama, rng: &mut R) -> u32 {
    let mut plies = 0;
    while game.play_random_move(rng).is_some() {
        plies += 1;
    }
    plies
}

/// The same moves, each checked by `apply`.
fn checked_playout<R: Rng>(game: &mut Zama, rng: &mut R) -> u32 {
    let mut plies = 0;
    while let Some(mv) = game.random_move(rng) {
        game.apply(mv).expect("random_move is legal");
        plies += 1;
    }
    plies
}

/// A position from the middle of a random game, for per-move costs.
fn midgame(seed: u64, plies: usize) -> Zama {
    let mut game = Zama::new(Config::default(), seed);
    let mut rng = deal_rng(seed);
    for _ in 0..plies {
        match game.random_move(&mut rng) {
            Some(mv) => game.apply(mv).expect("legal"),
            None => break,
        }
    }
    game
}

fn playouts(c: &mut Criterion) {
    eprintln!("size_of::<Zama>() = {} bytes, size_of::<Move>() = {} bytes", size_of::<Zama>(), size_of::<Move>());
    let mut group = c.benchmark_group("zama/playout");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut rng = deal_rng(99);
    group.bench_function("fresh deal + random play-out (play_random_move)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Zama::new(Config::default(), seed);
            black_box(fast_playout(&mut game, &mut rng))
        })
    });
    group.bench_function("fresh deal + random play-out (random_move + apply)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Zama::new(Config::default(), seed);
            black_box(checked_playout(&mut game, &mut rng))
        })
    });
    let mut player = RandomPlayer::<Zama>::new();
    group.bench_function("fresh deal + random play-out (legal_moves + RandomPlayer)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Zama::new(Config::default(), seed);
            black_box(player.play_out(&mut game, &mut rng, u64::MAX).plies)
        })
    });
    group.bench_function("fresh deal only", |b| {
        b.iter(|| {
            seed += 1;
            black_box(Zama::new(Config::default(), seed))
        })
    });
    group.finish();
}

fn per_move(c: &mut Criterion) {
    let start = Zama::new(Config::default(), 1);
    let mid = midgame(1, 120);
    let mut moves = Vec::with_capacity(256);
    c.bench_function("zama/legal_moves (deal)", |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    c.bench_function("zama/legal_moves (ply 120)", |b| {
        b.iter(|| {
            black_box(&mid).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    let first = start.legal_move_vec();
    c.bench_function("zama/clone + apply every move (deal)", |b| {
        b.iter(|| {
            for &mv in &first {
                let mut g = black_box(&start).clone();
                g.apply(mv).expect("legal");
                black_box(&g);
            }
        })
    });
    c.bench_function("zama/clone (reference for the line above)", |b| {
        b.iter(|| {
            for _ in &first {
                black_box(black_box(&start).clone());
            }
        })
    });
    let mut rng = deal_rng(5);
    c.bench_function("zama/sample (ply 120)", |b| b.iter(|| black_box(mid.sample(Seat::new(0), &mut rng).unwrap())));
    c.bench_function("zama/observation (ply 120)", |b| b.iter(|| black_box(mid.observation(Seat::new(1)).unwrap())));
    c.bench_function("zama/heuristic_move (ply 120)", |b| b.iter(|| black_box(heuristic_move(&mid, &mut rng))));
}

criterion_group!(benches, playouts, per_move);
criterion_main!(benches);
