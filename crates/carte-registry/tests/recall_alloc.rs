//! Writing an information-state tensor into a buffer allocates nothing of
//! its own: asked again at the same node it allocates nothing at all, and
//! at each new node only what extending the seat's record by a ply takes
//! (counted by a global allocator of this test binary).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use carte_core::Seat;
use carte_registry::load;

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
fn writing_the_tensor_allocates_only_for_the_record() {
    let n = allocations();
    let listed = load("gonzago", 1).unwrap().legal_actions();
    assert!(allocations() > n && !listed.is_empty(), "the counter sees this thread");
    for spec in ["gonzago", "gonzago(deal=chance)", "camicia", "camicia(preset=bmn,deal=chance)", "zucche(rounds=20)"] {
        for seed in 0..10 {
            let mut state = load(spec, seed).unwrap();
            let len = state.information_state_tensor_shape().unwrap()[0];
            let mut out = vec![0.0; len];
            let mut actions = Vec::with_capacity(256);
            let (mut calls, mut counted) = (0, 0);
            // At most 300 plies of a Camicia deal (debug builds are slow).
            while !state.is_terminal() && calls < 300 {
                let seat = state.current_seat().unwrap_or(Seat::new(0));
                state.information_state_tensor(seat, &mut out).unwrap();
                // Again at the same node: nothing to extend, nothing
                // allocated (during a chance deal the record is the deal's
                // text, made per call).
                let before = allocations();
                state.information_state_tensor(seat, &mut out).unwrap();
                if !state.is_chance_node() {
                    assert_eq!(allocations(), before, "{spec}: a second call at a node allocated");
                }
                state.legal_actions_into(&mut actions);
                let a = actions[(seed as usize * 7 + calls) % actions.len()];
                state.apply_action(a).unwrap();
                if spec.starts_with("zucche") || spec.starts_with("camicia") && !state.is_chance_node() {
                    // Camicia's and Zucche's records grow by more than
                    // Gonzago's per ply (the state's clone): once the string
                    // has extended it, the tensor allocates nothing.
                    let _ = state.information_state_string(seat).unwrap();
                }
                let before = allocations();
                state.information_state_tensor(seat, &mut out).unwrap();
                counted += allocations() - before;
                calls += 1;
            }
            if spec.starts_with("zucche") || spec.starts_with("camicia") && !spec.contains("chance") {
                assert_eq!(counted, 0, "{spec}: the tensor allocated");
                continue;
            }
            // The record's extension by one ply: its new entry and the
            // state after it, with the string's growth (a chance deal's
            // record is made as text per call until the hand starts).
            let bound = if spec.contains("chance") { 4 } else { 3 };
            assert!(counted <= bound * calls, "{spec}: {counted} allocations in {calls} calls");
        }
    }
}
