//! Camicia and Beggar-my-neighbour: random deals played to the end (deal
//! generation included, one thread), reported in deals per second, by
//! `Simulator::search` (vector lanes) and one at a time; sweeps over ranks;
//! and the `Game` trait path for comparison.
//!
//! `cargo bench --bench camicia`; `CAMICIA_PORTABLE=1 cargo bench --bench
//! camicia -- 'search|sweep'` measures the portable path (no vector lanes)
//! that processors without AVX-512 take.

use std::hint::black_box;

use camicia_rules::{Camicia, CamiciaMove, Config, Deck, EndRule, FastRng, Preset, Simulator, speed_path, sweep};
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

/// Deals a search call plays in one measured iteration.
const SEARCH: u64 = 10_000;

fn search(c: &mut Criterion) {
    // The path searches and sweeps take (CAMICIA_PORTABLE=1 forces the
    // portable one).
    eprintln!("speed path: {:?}", speed_path());
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(SEARCH));
    for preset in Preset::ALL {
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            // Vector lanes where the processor has AVX-512 (Standard rule),
            // one deal after another otherwise.
            group.bench_function(format!("{preset} {end_rule:?}"), |b| {
                let mut rng = FastRng::new(2026);
                b.iter(|| {
                    let mut cards = 0;
                    Simulator::search(preset, end_rule, &mut rng, SEARCH, |_, _, r| cards += r.cards());
                    black_box(cards)
                });
            });
        }
    }
    group.finish();
}

/// Sweeps of `SEARCH` consecutive ranks from the middle of each deck, the
/// unit of an exhaustive analysis (deals stepped in rank order, no random
/// draws).
fn sweeps(c: &mut Criterion) {
    let mut group = c.benchmark_group("sweep");
    group.throughput(Throughput::Elements(SEARCH));
    for preset in Preset::ALL {
        let deck = Deck::of(preset);
        let mut start = deck.deals() / 2;
        group.bench_function(format!("{preset} Standard"), |b| {
            b.iter(|| {
                let s = sweep(&deck, EndRule::Standard, start..start + u128::from(SEARCH), 10)
                    .expect("a range of the deck");
                start += u128::from(SEARCH);
                black_box(s.deals)
            });
        });
    }
    group.finish();
}

/// A card-by-card simulator in the style of the public searchers (ring
/// buffers, one branchy step per card, no loop detection), for a reference
/// measured under the same conditions as the engine.
fn card_by_card(deal: &[u8; 52]) -> (u64, u64) {
    let mut hands = [[0u8; 64]; 2];
    let mut head = [0usize; 2];
    let mut tail = [26usize, 26];
    hands[0][..26].copy_from_slice(&deal[..26]);
    hands[1][..26].copy_from_slice(&deal[26..]);
    let mut pile = [0u8; 64];
    let mut plen = 0;
    let (mut p, mut debt, mut cards, mut tricks) = (0usize, 0u8, 0u64, 0u64);
    loop {
        if head[p] == tail[p] {
            return (cards, tricks + 1);
        }
        let c = hands[p][head[p] & 63];
        head[p] += 1;
        pile[plen & 63] = c;
        plen += 1;
        cards += 1;
        if c > 0 {
            debt = c;
            p ^= 1;
        } else if debt > 0 {
            debt -= 1;
            if debt == 0 {
                let w = p ^ 1;
                for (i, &card) in pile[..plen].iter().enumerate() {
                    hands[w][(tail[w] + i) & 63] = card;
                }
                tail[w] += plen;
                plen = 0;
                tricks += 1;
                if head[p] == tail[p] {
                    return (cards, tricks);
                }
                p = w;
            }
        } else {
            p ^= 1;
        }
        if cards > 1_000_000 {
            return (cards, tricks);
        }
    }
}

fn reference(c: &mut Criterion) {
    let mut group = c.benchmark_group("reference");
    group.throughput(Throughput::Elements(1));
    group.bench_function("bmn card by card", |b| {
        let mut rng = FastRng::new(2026);
        let mut deck = [0u8; 52];
        b.iter(|| {
            deck.copy_from_slice(Preset::BeggarMyNeighbour.deck());
            carte_core::shuffle(&mut deck, &mut rng);
            black_box(card_by_card(&deck))
        });
    });
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

criterion_group!(benches, search, sweeps, random_deals, reference, game_trait);
criterion_main!(benches);
