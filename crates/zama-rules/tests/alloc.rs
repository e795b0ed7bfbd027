//! `apply`, `play_random_move`, `random_move`, `check` and `legal_moves`
//! into a buffer with room do not allocate, for two and four players
//! (counted by a global allocator of this test binary).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use carte_core::{Game, deal_rng};
use zama_rules::{Config, Zama};

struct Counting;

thread_local! {
    /// Allocations made by this thread (the test harness's own threads
    /// allocate too, so the count is per thread).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: every call is forwarded to the system allocator unchanged.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: same layout as asked.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playing_moves_does_not_allocate() {
    // The counter sees this thread's allocations.
    let n = allocations();
    let listed = Zama::new(&Config::default(), 1).unwrap().legal_move_vec();
    assert!(allocations() > n && !listed.is_empty());
    for players in [2, 4] {
        let mut rng = deal_rng(players as u64);
        let mut buffer = Vec::with_capacity(1024);
        for seed in 0..20 {
            let mut game = Zama::new(&Config::default().with_players(players), seed).unwrap();
            let mut other = game.clone();
            let before = allocations();
            let mut plies = 0u32;
            while let Some(mv) = game.random_move(&mut rng) {
                game.legal_moves(&mut buffer);
                assert!(game.check(mv).is_ok());
                game.apply(mv).unwrap();
                other.play_random_move(&mut rng);
                plies += 1;
            }
            let after = allocations();
            assert_eq!(
                after,
                before,
                "{players} players, seed {seed}: {plies} plies allocated {} times",
                after - before
            );
        }
    }
}
