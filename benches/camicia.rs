//! Camicia and Beggar-my-neighbour: random deals played to the end (deal
//! generation included, one thread), reported in deals per second; and the
//! `Game` trait path for comparison.
//!
//! `CARGO_TARGET_DIR=target-camicia cargo bench --bench camicia`

use std::hint::black_box;

use camicia_rules::{Camicia, CamiciaMove, Config, EndRule, FastRng, Preset, Simulator};
use carte_core::{Game, Seeded, deal_rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn random_deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("random deals");
    group.throughput(Throughput::Elements(1));
    for preset in Preset::ALL {
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            // The search path: deals drawn straight into the engine's form.
            group.bench_function(format!("{preset} {end_rule:?} play_random_fast"), |b| {
                let mut sim = Simulator::new();
                let mut rng = FastRng::new(2026);
                b.iter(|| black_box(sim.play_random_fast(preset, end_rule, &mut rng)));
            });
        }
        // Deal::random's way (byte deck, carte-core shuffle), with the fast
        // generator and with the seeded-deal generator (ChaCha8).
        group.bench_function(format!("{preset} Standard play_random FastRng"), |b| {
            let mut sim = Simulator::new();
            let mut rng = FastRng::new(2026);
            b.iter(|| black_box(sim.play_random(preset, EndRule::Standard, &mut rng)));
        });
        group.bench_function(format!("{preset} Standard play_random DealRng"), |b| {
            let mut sim = Simulator::new();
            let mut rng = deal_rng(2026);
            b.iter(|| black_box(sim.play_random(preset, EndRule::Standard, &mut rng)));
        });
    }
    group.finish();
}

fn game_trait(c: &mut Criterion) {
    let mut group = c.benchmark_group("game trait");
    group.throughput(Throughput::Elements(1));
    for preset in Preset::ALL {
        let mut seed = 0;
        group.bench_function(format!("{preset} seeded deal stepped through apply"), |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Camicia::from_seed(&Config::new(preset), seed).unwrap();
                // Random full deals loop about once in a few hundred
                // thousand; the cap only guards the bench against one.
                for _ in 0..100_000 {
                    if game.apply(CamiciaMove::Turn).is_err() {
                        break;
                    }
                }
                black_box(game.cards())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, random_deals, game_trait);
criterion_main!(benches);
