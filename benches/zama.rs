//! Zama speed: random play-outs from a fresh deal (two and four players),
//! move generation, apply, and the size of the state.
//!
//! `cargo bench --bench zama` (the two-player names are those of the
//! baselines saved before the four-player game existed; `zama4/...` are the
//! four-player benches).

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

fn config(players: usize) -> Config {
    Config::default().with_players(players)
}

fn fresh(players: usize, seed: u64) -> Zama {
    Zama::new(&config(players), seed).expect("valid configuration")
}

/// A position from the middle of a random game, for per-move costs.
fn midgame(players: usize, seed: u64, plies: usize) -> Zama {
    let mut game = fresh(players, seed);
    let mut rng = deal_rng(seed);
    for _ in 0..plies {
        match game.random_move(&mut rng) {
            Some(mv) => game.apply(mv).expect("legal"),
            None => break,
        }
    }
    game
}

/// The mean length in plies of random games (printed beside the timings,
/// so that play-outs per second convert to plies per second).
fn mean_plies(players: usize) -> f64 {
    let mut rng = deal_rng(7);
    let n = 2_000;
    let total: u64 = (0..n).map(|seed| u64::from(fast_playout(&mut fresh(players, seed), &mut rng))).sum();
    total as f64 / n as f64
}

fn playouts_of(c: &mut Criterion, players: usize, group_name: &str) {
    eprintln!(
        "{players} players: size_of::<Zama>() = {} bytes, size_of::<Move>() = {} bytes, mean {:.1} plies a random game",
        size_of::<Zama>(),
        size_of::<Move>(),
        mean_plies(players)
    );
    let mut group = c.benchmark_group(group_name);
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut rng = deal_rng(99);
    group.bench_function("fresh deal + random play-out (play_random_move)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = fresh(players, seed);
            black_box(fast_playout(&mut game, &mut rng))
        })
    });
    group.bench_function("fresh deal + random play-out (random_move + apply)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = fresh(players, seed);
            black_box(checked_playout(&mut game, &mut rng))
        })
    });
    let mut player = RandomPlayer::<Zama>::new();
    group.bench_function("fresh deal + random play-out (legal_moves + RandomPlayer)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = fresh(players, seed);
            black_box(player.play_out(&mut game, &mut rng, u64::MAX).plies)
        })
    });
    group.bench_function("fresh deal only", |b| {
        b.iter(|| {
            seed += 1;
            black_box(fresh(players, seed))
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    playouts_of(c, 2, "zama/playout");
    playouts_of(c, 4, "zama4/playout");
}

fn per_move_of(c: &mut Criterion, players: usize, prefix: &str) {
    let start = fresh(players, 1);
    let mid = midgame(players, 1, 120);
    let mut moves = Vec::with_capacity(512);
    c.bench_function(&format!("{prefix}/legal_moves (deal)"), |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    c.bench_function(&format!("{prefix}/legal_moves (ply 120)"), |b| {
        b.iter(|| {
            black_box(&mid).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    let first = start.legal_move_vec();
    c.bench_function(&format!("{prefix}/clone + apply every move (deal)"), |b| {
        b.iter(|| {
            for &mv in &first {
                let mut g = black_box(&start).clone();
                g.apply(mv).expect("legal");
                black_box(&g);
            }
        })
    });
    c.bench_function(&format!("{prefix}/clone (reference for the line above)"), |b| {
        b.iter(|| {
            for _ in &first {
                black_box(black_box(&start).clone());
            }
        })
    });
    let mut rng = deal_rng(5);
    c.bench_function(&format!("{prefix}/sample (ply 120)"), |b| {
        b.iter(|| black_box(mid.sample(Seat::new(0), &mut rng).unwrap()))
    });
    c.bench_function(&format!("{prefix}/observation (ply 120)"), |b| {
        b.iter(|| black_box(mid.observation(Seat::new(1)).unwrap()))
    });
    c.bench_function(&format!("{prefix}/heuristic_move (ply 120)"), |b| {
        b.iter(|| black_box(heuristic_move(&mid, &mut rng)))
    });
}

fn per_move(c: &mut Criterion) {
    per_move_of(c, 2, "zama");
    per_move_of(c, 4, "zama4");
}

criterion_group!(benches, playouts, per_move);
criterion_main!(benches);
