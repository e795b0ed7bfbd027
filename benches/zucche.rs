//! Zucche e Fantasmi speed: whole random games, `apply`, move generation and
//! the heuristic player.
//!
//! `cargo bench --bench zucche`

use std::hint::black_box;

use carte_core::{Game, RandomPlayer, deal_rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zucche_rules::{Config, Move, Zucche, heuristic_move};

/// The moves of one seeded random game, to replay.
fn recorded(config: &Config, seed: u64) -> (Zucche, Vec<Move>) {
    let start = Zucche::new(config).unwrap();
    let mut game = start.clone();
    let mut player = RandomPlayer::new();
    let mut rng = deal_rng(seed);
    let mut moves = Vec::new();
    while let Some(mv) = player.choose(&game, &mut rng) {
        game.apply(mv).unwrap();
        moves.push(mv);
    }
    (start, moves)
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("zucche");
    group.throughput(Throughput::Elements(1));
    for players in [4, 8] {
        let config = Config::players(players);
        // One generator and one player for all iterations: each iteration is
        // a new game (new state, fresh dice), with no allocation after the
        // first besides the state's board vector.
        let mut player = RandomPlayer::new();
        let mut rng = deal_rng(1);
        group.bench_function(format!("random game, {players} players, 120 rounds"), |b| {
            b.iter(|| {
                let mut game = Zucche::new(&config).unwrap();
                let p = player.play_out(&mut game, &mut rng, u64::MAX);
                black_box((p.plies, game.counts()))
            })
        });
    }
    let config = Config::default();
    let mut rng = deal_rng(2);
    group.bench_function("heuristic game, 4 players, 120 rounds", |b| {
        b.iter(|| {
            let mut game = Zucche::new(&config).unwrap();
            while !game.is_over() {
                let mv = heuristic_move(&game, &mut rng).unwrap();
                game.apply(mv).unwrap();
            }
            black_box(game.counts())
        })
    });
    group.finish();
}

fn plies(c: &mut Criterion) {
    let mut group = c.benchmark_group("zucche ply");
    let (start, moves) = recorded(&Config::default(), 7);
    group.throughput(Throughput::Elements(moves.len() as u64));
    // `apply` (checked) over every move of a 120-round game.
    group.bench_function("apply", |b| {
        b.iter(|| {
            let mut game = start.clone();
            for &mv in &moves {
                game.apply(black_box(mv)).unwrap();
            }
            black_box(game.round())
        })
    });
    // Move generation in every state of the same game.
    let states: Vec<Zucche> = moves
        .iter()
        .scan(start.clone(), |g, &mv| {
            let here = g.clone();
            g.apply(mv).unwrap();
            Some(here)
        })
        .collect();
    let mut buf = Vec::with_capacity(64);
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &states {
                g.legal_moves(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, games, plies);
criterion_main!(benches);
