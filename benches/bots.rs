//! Search speed of the bots: `Mcts` and `Ismcts` iterations per second on
//! each game, from a position a few random moves into a seeded game.
//!
//! `cargo bench --bench bots` (criterion reports the throughput in
//! elements per second: one element is one search iteration).

use std::hint::black_box;

use carte::core::testing::Kuhn;
use carte::core::{Game, HiddenInfo, RandomPlayer, Seeded, deal_rng};
use carte::{gonzago, zama, zucche};
use carte_bots::{Bot, Ismcts, Mcts};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};

/// `game` after random moves from `seed` until at least `plies` were played
/// and a seat with a real choice (two legal moves or more) is to act.
fn position<G: Game>(mut game: G, plies: u64, seed: u64) -> G {
    let mut player = RandomPlayer::new();
    let mut rng = deal_rng(seed);
    let mut played = 0;
    while played < plies || game.actor().seat().is_none() || game.legal_move_vec().len() < 2 {
        let mv = player.choose(&game, &mut rng).expect("the bench position is reached before the end");
        game.apply(mv).expect("legal");
        played += 1;
    }
    game
}

fn bench_mcts<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, game: &G, iterations: u32) {
    group.throughput(Throughput::Elements(u64::from(iterations)));
    let mut bot = Mcts::new(1).iterations(iterations);
    group.bench_function(format!("mcts/{name}"), |b| b.iter(|| black_box(bot.choose(black_box(game)))));
}

fn bench_ismcts<G: HiddenInfo>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, game: &G, iterations: u32) {
    group.throughput(Throughput::Elements(u64::from(iterations)));
    let mut bot = Ismcts::new(1).iterations(iterations);
    group.bench_function(format!("ismcts/{name}"), |b| b.iter(|| black_box(bot.choose(black_box(game)))));
}

fn kuhn(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    let game = position(Kuhn::new(), 1, 0);
    bench_mcts(&mut group, "kuhn", &game, 1000);
    bench_ismcts(&mut group, "kuhn", &game, 1000);
    group.finish();
}

/// The starting state of `G` with its default configuration.
fn start<G: Seeded>(seed: u64) -> G {
    G::from_seed(&G::Config::default(), seed).expect("the default configuration is valid")
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    // Zucche: perfect information, dice; Mcts only.
    let game = position(start::<zucche::Zucche>(1), 40, 1);
    bench_mcts(&mut group, "zucche", &game, 200);
    // Gonzago, one hand: hidden hands.
    let game = position(start::<gonzago::Hand>(1), 6, 1);
    bench_mcts(&mut group, "gonzago", &game, 1000);
    bench_ismcts(&mut group, "gonzago", &game, 1000);
    // Zama: hidden cards, long random play-outs.
    let game = position(start::<zama::Zama>(1), 20, 1);
    bench_mcts(&mut group, "zama", &game, 200);
    bench_ismcts(&mut group, "zama", &game, 200);
    group.finish();
}

criterion_group!(benches, kuhn, games);
criterion_main!(benches);
