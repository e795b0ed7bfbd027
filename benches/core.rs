//! Benchmarks of carte-core: the seeded shuffle and the generic random play-out.
//!
//! `cargo bench --bench core`

use std::hint::black_box;

use carte::core::testing::Kuhn;
use carte::core::{FRENCH_52, ITALIAN_40, RandomPlayer, deal_rng, shuffle, shuffled};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn shuffles(c: &mut Criterion) {
    let mut group = c.benchmark_group("shuffle");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("french_52_from_seed", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(shuffled(FRENCH_52, black_box(seed)))
        })
    });
    group.bench_function("italian_40_from_seed", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(shuffled(ITALIAN_40, black_box(seed)))
        })
    });
    let mut rng = deal_rng(1);
    let mut deck = FRENCH_52;
    group.bench_function("french_52_running_rng", |b| {
        b.iter(|| {
            shuffle(&mut deck, &mut rng);
            black_box(&deck);
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = deal_rng(2);
    let mut player = RandomPlayer::<Kuhn>::new();
    group.bench_function("kuhn", |b| {
        b.iter(|| {
            let mut game = Kuhn::new();
            black_box(player.play_out(&mut game, &mut rng, 100))
        })
    });
    group.finish();
}

criterion_group!(benches, shuffles, playouts);
criterion_main!(benches);
