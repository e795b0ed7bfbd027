//! Camicia and Beggar-my-neighbour: random deals played to the end (deal
//! generation included, one thread), reported in deals per second, by
//! `Simulator::search` (vector lanes) and one at a time; sweeps over ranks;
//! and the `Game` trait path for comparison.
//!
//! `cargo bench --bench camicia`; `CAMICIA_PORTABLE=1 cargo bench --bench
//! camicia -- 'search|sweep|reference'` measures the path that processors
//! without AVX-512 take (AVX2 lanes where the processor has AVX2) beside
//! the reference, and `CAMICIA_PORTABLE=scalar` the one-at-a-time engine of
//! processors without either. The speed path is printed first.
//!
//! On a busy machine, `CAMICIA_BENCH_CPU=1` times the `search`, `sweep`
//! and `reference` groups in the CPU time of the benchmark's thread
//! (Linux, `/proc/thread-self/schedstat`; updated at the scheduler's
//! ticks, so each sample is off by a few milliseconds either way and the
//! estimates stay unbiased) instead of the wall clock, which counts the
//! time other processes hold the core.

use std::hint::black_box;
use std::time::{Duration, Instant};

use camicia_rules::{Camicia, Config, Deck, EndRule, FastRng, Move, Preset, Simulator, speed_path, sweep};
use carte_core::{Game, Seeded, deal_rng};
use criterion::measurement::WallTime;
use criterion::{Bencher, BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

/// The CPU time this thread has run (Linux), if the system reports it.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

/// Whether to time in CPU time (`CAMICIA_BENCH_CPU` set to anything but
/// `0`, and the system reports it).
fn cpu_clock() -> bool {
    std::env::var_os("CAMICIA_BENCH_CPU").is_some_and(|v| !v.is_empty() && v != "0") && thread_cpu().is_some()
}

/// On the CPU clock, samples of equal length (tens of milliseconds each),
/// so that none is as short as the clock's tick.
fn flat_if(cpu: bool, group: &mut BenchmarkGroup<'_, WallTime>) {
    if cpu {
        group.sampling_mode(SamplingMode::Flat);
    }
}

/// Times `f` on the clock [`cpu_clock`] chooses.
fn measure<T>(b: &mut Bencher<'_>, cpu: bool, mut f: impl FnMut() -> T) {
    if !cpu {
        return b.iter(f);
    }
    b.iter_custom(|iters| {
        let (start, wall) = (thread_cpu(), Instant::now());
        for _ in 0..iters {
            black_box(f());
        }
        match (start, thread_cpu()) {
            (Some(a), Some(z)) => z.saturating_sub(a),
            _ => wall.elapsed(),
        }
    });
}

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
    // one without AVX-512, CAMICIA_PORTABLE=scalar the one-at-a-time one).
    let cpu = cpu_clock();
    eprintln!("speed path: {:?}; clock: {}", speed_path(), if cpu { "thread CPU time" } else { "wall" });
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(SEARCH));
    flat_if(cpu, &mut group);
    for preset in Preset::ALL {
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            // Vector lanes where the processor has AVX-512 or AVX2 (Standard rule),
            // one deal after another otherwise.
            group.bench_function(format!("{preset} {end_rule:?}"), |b| {
                let mut rng = FastRng::new(2026);
                measure(b, cpu, || {
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
    let cpu = cpu_clock();
    let mut group = c.benchmark_group("sweep");
    group.throughput(Throughput::Elements(SEARCH));
    flat_if(cpu, &mut group);
    for preset in Preset::ALL {
        let deck = Deck::of(preset);
        let mut start = deck.deals() / 2;
        group.bench_function(format!("{preset} Standard"), |b| {
            measure(b, cpu, || {
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
    let cpu = cpu_clock();
    let mut group = c.benchmark_group("reference");
    // A thousand deals an iteration, so that an iteration is long enough
    // for the CPU clock too.
    const DEALS: u64 = 1000;
    group.throughput(Throughput::Elements(DEALS));
    flat_if(cpu, &mut group);
    group.bench_function("bmn card by card", |b| {
        let mut rng = FastRng::new(2026);
        let mut deck = [0u8; 52];
        measure(b, cpu, || {
            let mut cards = 0;
            for _ in 0..DEALS {
                deck.copy_from_slice(Preset::BeggarMyNeighbour.deck());
                carte_core::shuffle(&mut deck, &mut rng);
                cards += black_box(card_by_card(&deck)).0;
            }
            cards
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
                    if game.apply(Move::Turn).is_err() {
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
