//! Gonzago speed: random hands played to the end (wall time and, on Linux,
//! thread CPU time, which a busy shared machine does not inflate),
//! `legal_moves`, `apply`, `is_legal`.
//!
//! `cargo bench --bench gonzago`

use std::hint::black_box;
use std::time::{Duration, Instant};

use carte_core::{DealRng, Game, RandomPlayer, Seeded, deal_rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gonzago_rules::{Config, Deck, Hand, Match, MatchMode, Move, Player, heuristic_move};

/// Positions from random hands, a few moves apart, with their legal moves.
fn positions() -> Vec<(Hand, Vec<Move>)> {
    let mut out = Vec::new();
    let mut rng = deal_rng(99);
    let mut player = RandomPlayer::<Hand>::new();
    for seed in 0..64 {
        let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
        while !hand.is_over() {
            out.push((hand.clone(), hand.legal_move_vec()));
            let mv = player.choose(&hand, &mut rng).unwrap();
            hand.apply(mv).unwrap();
        }
    }
    out
}

/// CPU time of this thread in nanoseconds, from Linux's
/// `/proc/thread-self/schedstat`; `None` elsewhere. On a machine shared with
/// other work, wall time counts the time spent waiting for a core; this
/// does not. The kernel brings the figure up to date when the thread
/// yields, hence the `yield_now`.
fn thread_cpu_ns() -> Option<u64> {
    std::thread::yield_now();
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// `iters` runs of `f`, timed in thread CPU time when available.
fn cpu_timed(iters: u64, mut f: impl FnMut()) -> Duration {
    let (wall, cpu) = (Instant::now(), thread_cpu_ns());
    for _ in 0..iters {
        f();
    }
    match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
        _ => wall.elapsed(),
    }
}

/// One random hand from a fresh seeded deal, by the generic
/// [`RandomPlayer`] (legal_moves + checked apply through the `Game` trait).
fn generic_hand(player: &mut RandomPlayer<Hand>, rng: &mut DealRng, seed: u64) -> u64 {
    let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
    player.play_out(&mut hand, rng, 1_000).plies
}

/// The same hand by [`Hand::play_random`] (no move list, no re-check).
fn fast_hand(rng: &mut DealRng, seed: u64) -> u64 {
    let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
    hand.play_random(rng)
}

fn playouts(c: &mut Criterion) {
    let mut player = RandomPlayer::<Hand>::new();
    let mut rng = deal_rng(1);
    let mut seed = 0u64;
    for (clock, cpu) in [("wall time", false), ("thread CPU time", true)] {
        let mut group = c.benchmark_group(format!("gonzago random hand, {clock}"));
        group.throughput(Throughput::Elements(1));
        group.bench_function("seeded deal + RandomPlayer to the end", |b| {
            if cpu {
                b.iter_custom(|n| {
                    cpu_timed(n, || {
                        seed += 1;
                        black_box(generic_hand(&mut player, &mut rng, seed));
                    })
                })
            } else {
                b.iter(|| {
                    seed += 1;
                    black_box(generic_hand(&mut player, &mut rng, seed))
                })
            }
        });
        group.bench_function("seeded deal + Hand::play_random to the end", |b| {
            if cpu {
                b.iter_custom(|n| {
                    cpu_timed(n, || {
                        seed += 1;
                        black_box(fast_hand(&mut rng, seed));
                    })
                })
            } else {
                b.iter(|| {
                    seed += 1;
                    black_box(fast_hand(&mut rng, seed))
                })
            }
        });
        group.finish();
    }

    let mut group = c.benchmark_group("gonzago other play-outs");
    group.throughput(Throughput::Elements(1));
    group.bench_function("heuristic hand to the end", |b| {
        b.iter(|| {
            let mut hand = Hand::deal(Deck::Italian, Player::A, &mut rng);
            while !hand.is_over() {
                let mv = heuristic_move(&hand, &mut rng).unwrap();
                hand.apply(mv).unwrap();
            }
            black_box(hand.plies())
        })
    });
    let config = Config { deck: Deck::Italian, mode: MatchMode::Points };
    let mut player = RandomPlayer::<Match>::new();
    group.bench_function("random points match to the end", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Match::from_seed(&config, seed).unwrap();
            black_box(player.play_out(&mut game, &mut rng, 100_000).plies)
        })
    });
    group.finish();
}

fn primitives(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("gonzago primitives");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buf = Vec::with_capacity(256);
    group.bench_function("legal_moves (per position)", |b| {
        b.iter(|| {
            let mut n = 0;
            for (hand, _) in &positions {
                hand.legal_moves(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    group.bench_function("clone + apply first legal move (per position)", |b| {
        b.iter(|| {
            for (hand, moves) in &positions {
                let mut child = hand.clone();
                child.apply(moves[0]).unwrap();
                black_box(&child);
            }
        })
    });
    group.bench_function("is_legal of every legal move (per position)", |b| {
        b.iter(|| {
            let mut n = 0;
            for (hand, moves) in &positions {
                n += moves.iter().filter(|&&m| hand.is_legal(m)).count();
            }
            black_box(n)
        })
    });
    group.finish();
    println!("({} positions from 64 random hands)", positions.len());
}

criterion_group!(benches, playouts, primitives);
criterion_main!(benches);
