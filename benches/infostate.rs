//! Information-state strings through the registry handle at ply 200 of
//! four-player Zama (the case of issue 24), seat 0:
//!
//! * `every_node` less `child`: the call at ply 200 of a child of a state
//!   whose string was asked for at ply 199 (what tabular CFR or ISMCTS do
//!   at every node): one new ply. `child` clones the parent and plays the
//!   action; `every_node` does that and asks for the string.
//! * `again`: the call again at the same node.
//! * `first_call`: the first call of a state at ply 200 (replays the 200
//!   plies once).
//! * `long_record`: the string of carte 0.1, every view concatenated (the
//!   seat's view after each ply and its own moves), built through the
//!   handle's views: the figure before.
//!
//! Timed in thread CPU time on Linux (wall time elsewhere), the states
//! prepared outside the timing: `cargo bench --bench infostate`. The sizes
//! are printed once.

use std::hint::black_box;
use std::time::{Duration, Instant};

use carte_core::Seat;
use carte_registry::{GameHandle, load};
use criterion::{Criterion, criterion_group, criterion_main};

const SPEC: &str = "zama(players=4)";
const PLIES: usize = 200;

/// CPU time of this thread in nanoseconds (Linux), as in `actions.rs`.
fn thread_cpu_ns() -> Option<u64> {
    std::thread::yield_now();
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// `f` over every prepared state, timed in thread CPU time when available.
fn timed<T>(states: &[T], mut f: impl FnMut(&T)) -> Duration {
    let (wall, cpu) = (Instant::now(), thread_cpu_ns());
    states.iter().for_each(&mut f);
    match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
        _ => wall.elapsed(),
    }
}

/// A seeded game at ply `plies` (a deterministic choice among the legal
/// actions), and the actions played.
fn played(plies: usize) -> (GameHandle, Vec<usize>) {
    let mut state = load(SPEC, 2026).unwrap_or_else(|e| panic!("{e}"));
    let mut actions = Vec::new();
    for ply in 0..plies {
        let legal = state.legal_actions();
        assert!(!legal.is_empty(), "the game ended before ply {plies}");
        let a = legal[(ply * 7 + 3) % legal.len()];
        state.apply_action(a).unwrap_or_else(|e| panic!("{e}"));
        actions.push(a);
    }
    (state, actions)
}

/// The string of carte 0.1: `[view]`, then per ply the seat's own move and
/// its view after it.
fn long_record(actions: &[usize], seat: Seat) -> String {
    let mut state = load(SPEC, 2026).unwrap_or_else(|e| panic!("{e}"));
    let mut text = format!("[{}]", state.observation_string(seat).unwrap_or_default());
    for &a in actions {
        if state.current_seat() == Some(seat) {
            text.push(' ');
            text.push_str(&state.action_to_string(a).unwrap_or_default());
        }
        state.apply_action(a).unwrap_or_else(|e| panic!("{e}"));
        text.push_str(&format!(" [{}]", state.observation_string(seat).unwrap_or_default()));
    }
    text
}

fn benches(c: &mut Criterion) {
    let seat = Seat::new(0);
    let (before, _) = played(PLIES - 1);
    let (at, actions) = played(PLIES);
    let last = actions[PLIES - 1];
    let string = at.information_state_string(seat).unwrap_or_default();
    let long = long_record(&actions, seat);
    eprintln!("infostate at ply {PLIES} of {SPEC}: {} bytes (carte 0.1: {} bytes)", string.len(), long.len());
    assert!(string.len() <= 4096, "issue 24 bounds the string at 4 KB");

    let mut group = c.benchmark_group("infostate/zama4_ply200");
    // A child of a node whose string was asked for, as a search makes
    // it (a clone that shares the parent's record, one action), with its
    // string (`every_node`) and without (`child`): the call costs the
    // difference. Both in thread CPU time, the caches warm as in a search.
    let parent = before.clone();
    black_box(parent.information_state_string(seat).ok());
    for (name, ask) in [("child", false), ("every_node", true)] {
        group.bench_function(name, |b| {
            b.iter_custom(|n| {
                let parents: Vec<&GameHandle> = (0..n).map(|_| &parent).collect();
                timed(&parents, |p| {
                    let mut child = (*p).clone();
                    child.apply_action(last).unwrap_or_else(|e| panic!("{e}"));
                    if ask {
                        black_box(child.information_state_string(seat).ok());
                    }
                    black_box(child);
                })
            })
        });
    }
    group.bench_function("again", |b| {
        let primed = at.clone();
        black_box(primed.information_state_string(seat).ok());
        b.iter_custom(|n| {
            let states: Vec<&GameHandle> = (0..n).map(|_| &primed).collect();
            timed(&states, |s| {
                black_box(s.information_state_string(seat).ok());
            })
        })
    });
    group.bench_function("first_call", |b| {
        b.iter_custom(|n| {
            let states: Vec<GameHandle> = (0..n).map(|_| played(PLIES).0).collect();
            timed(&states, |s| {
                black_box(s.information_state_string(seat).ok());
            })
        })
    });
    group.bench_function("long_record", |b| {
        b.iter_custom(|n| {
            let states: Vec<&[usize]> = (0..n).map(|_| actions.as_slice()).collect();
            timed(&states, |a| {
                black_box(long_record(a, seat));
            })
        })
    });
    group.finish();
}

criterion_group! {
    name = infostate;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(infostate);
