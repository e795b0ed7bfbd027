//! Issue 12: the arena must not allocate per game up front (it aborted on
//! `--games 4294967295`) and must refuse absurd thread counts with a clear
//! error instead of aborting in the runtime.

use carte_bots::{ArenaError, Bot, Entrant, MAX_THREADS, PlayError, Random, RoundRobin, thread_count};
use carte_core::testing::{Kuhn, KuhnMove};

fn randoms(n: usize) -> Vec<Entrant<Kuhn>> {
    (0..n)
        .map(|i| Entrant::new(format!("r{i}"), |seed| Box::new(Random::<Kuhn>::new(seed)) as Box<dyn Bot<Kuhn>>))
        .collect()
}

/// Four billion games per pairing: the job stream is built at once, holds
/// only the pairings, and reaches its last job by index.
#[test]
fn the_largest_round_robin_streams_its_jobs() {
    let rr = RoundRobin::new(|_| Kuhn::new(), randoms(3)).games(u32::MAX);
    let per_pairing = u64::from(u32::MAX) - 1;
    assert_eq!(rr.job_count(), 3 * per_pairing);
    let jobs = rr.jobs();
    assert!(std::mem::size_of_val(&jobs) <= 64, "the stream is a counter, not a list");
    let first: Vec<_> = rr.jobs().take(3).map(|j| (j.pairing, j.deal, j.swapped)).collect();
    assert_eq!(first, [(0, 0, false), (0, 0, true), (0, 1, false)]);
    let last = jobs.get(rr.job_count() - 1).unwrap();
    assert_eq!((last.pairing, last.first, last.second, last.deal, last.swapped), (2, 1, 2, u32::MAX / 2 - 1, true));
    assert_eq!(jobs.get(rr.job_count()), None);
    // The counts of one pairing still fit the standings' u32 counters.
    assert!(per_pairing <= u64::from(u32::MAX));
}

#[test]
fn thread_counts_are_capped_with_a_clear_error() {
    assert_eq!(thread_count(Some(MAX_THREADS)), Ok(MAX_THREADS));
    let err = thread_count(Some(100_000)).unwrap_err();
    assert!(matches!(err, ArenaError::Threads { requested: 100_000, max: MAX_THREADS, .. }), "{err:?}");
    assert!(err.to_string().contains("use 1 to 1024"), "{err}");
    assert!(thread_count(Some(0)).is_err());
    let rr = RoundRobin::new(|_| Kuhn::new(), randoms(2)).games(2);
    assert!(matches!(rr.run_parallel(100_000, |_| {}), Err(ArenaError::Threads { .. })));
}

/// The parallel run gives the standings of the single-threaded one, for any
/// thread count, and calls back once per game.
#[test]
fn parallel_runs_match_the_serial_run() {
    let rr = RoundRobin::new(|_| Kuhn::new(), randoms(3)).games(30).seed(5);
    let serial = rr.run().unwrap();
    for threads in [1, 2, 7] {
        let games = std::sync::atomic::AtomicU64::new(0);
        let standings = rr
            .run_parallel(threads, |_| {
                games.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            })
            .unwrap();
        assert_eq!(standings, serial, "{threads} threads");
        assert_eq!(games.into_inner(), rr.job_count());
    }
}

struct Folder;

impl Bot<Kuhn> for Folder {
    fn name(&self) -> &str {
        "dealer"
    }
    fn choose(&mut self, _: &Kuhn) -> Option<KuhnMove> {
        Some(KuhnMove::Deal([0, 0]))
    }
}

#[test]
fn a_failing_game_stops_the_parallel_run() {
    let entrants = vec![
        Entrant::new("bad", |_| Box::new(Folder) as Box<dyn Bot<Kuhn>>),
        Entrant::new("random", |seed| Box::new(Random::<Kuhn>::new(seed)) as Box<dyn Bot<Kuhn>>),
    ];
    let rr = RoundRobin::new(|_| Kuhn::new(), entrants).games(1_000_000);
    let err = rr.run_parallel(2, |_| {}).unwrap_err();
    assert!(matches!(err, ArenaError::Play(PlayError::Illegal { ref bot, .. }) if bot == "dealer"), "{err}");
}
