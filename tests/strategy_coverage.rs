//! Coverage you can see (issue 23): how often the public strategies draw
//! the phases their docs name, over 1,000 cases each. The counts print
//! with `--nocapture`; each named phase must come up in at least 5% of
//! the cases of the strategy that claims it.
//!
//! Release only (1,000 walks of each strategy):
//! `cargo test --release --test strategy_coverage -- --nocapture`.
#![cfg(not(debug_assertions))]

use carte_core::Game;
use carte_core::strategies::Walk;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

/// A named test of a state.
type Named<'a, G> = (&'a str, &'a dyn Fn(&G) -> bool);

/// The share of 1,000 cases of `strategy` for which each test holds.
fn shares<G: Game, const N: usize>(
    name: &str,
    strategy: impl Strategy<Value = Walk<G>>,
    tests: [Named<'_, G>; N],
) -> [f64; N] {
    let mut runner = TestRunner::deterministic();
    let mut counts = [0u32; N];
    for _ in 0..1_000 {
        let walk = strategy.new_tree(&mut runner).unwrap().current();
        for (count, (_, test)) in counts.iter_mut().zip(&tests) {
            *count += u32::from(test(&walk.state));
        }
    }
    let out = counts.map(|c| f64::from(c) / 1_000.0);
    for ((label, _), share) in tests.iter().zip(out) {
        eprintln!("{name}: {label} {:.1}%", share * 100.0);
    }
    out
}

#[test]
fn zama_phases() {
    use zama_rules::strategies::{any_games, finished_games};
    let four_over = |g: &zama_rules::Zama| g.players() == 4 && g.is_over();
    let [over4, eliminated] = shares(
        "zama finished_games",
        finished_games(),
        [("four-player ending", &four_over), ("elimination", &|g: &zama_rules::Zama| !g.eliminated().is_empty())],
    );
    let [shift, peek] = shares(
        "zama any_games",
        any_games(),
        [
            ("shift", &|g: &zama_rules::Zama| matches!(g.phase(), zama_rules::Phase::Shift { .. })),
            ("peek", &|g: &zama_rules::Zama| matches!(g.phase(), zama_rules::Phase::Peek { .. })),
        ],
    );
    // Measured: four-player endings 49.6%, eliminations 13.7%, shifts
    // 45.0%, peeks 8.4%.
    for share in [over4, eliminated, shift, peek] {
        assert!(share >= 0.05, "{share}");
    }
}

#[test]
fn gonzago_phases() {
    use gonzago_rules::Player;
    use gonzago_rules::strategies::{any_matches, hands};
    let [empty, ended] = shares(
        "gonzago hands(120)",
        hands(120),
        [
            ("empty stock", &|h: &gonzago_rules::Hand| h.stock_len() == 0),
            ("ended", &|h: &gonzago_rules::Hand| h.end().is_some()),
        ],
    );
    let near = |m: &gonzago_rules::Match| {
        let p = m.points();
        p[Player::A] >= 15 || p[Player::B] >= 15
    };
    let bella = |m: &gonzago_rules::Match| m.wins()[Player::A] == 1 && m.wins()[Player::B] == 1;
    let [near_21, at_bella] =
        shares("gonzago any_matches", any_matches(), [("points near 21", &near), ("bella", &bella)]);
    // Measured: empty stock 52.7%, ended 48.0%, points near 21 27.0%, the
    // bella 8.1%.
    for share in [empty, ended, near_21, at_bella] {
        assert!(share >= 0.05, "{share}");
    }
}

#[test]
fn zucche_phases() {
    use zucche_rules::strategies::any_games;
    use zucche_rules::{BoardId, Player, Zucche};
    let in_hand = |g: &Zucche| Player::all(g.num_boards()).any(|p| g.hand(p) > Some(0));
    let frozen = |g: &Zucche| BoardId::all(g.num_boards()).any(|b| g.is_frozen(b) == Some(true));
    let placing = |g: &Zucche| matches!(g.phase(), zucche_rules::Phase::Place { .. });
    let [hand, place, froze, over] = shares(
        "zucche any_games",
        any_games(),
        [
            ("checkers in hand", &in_hand),
            ("placement owed", &placing),
            ("frozen board", &frozen),
            ("over", &|g: &Zucche| g.is_over()),
        ],
    );
    // Measured: checkers in hand 45.3%, a placement owed 16.5%, a frozen
    // board 9.9%, over 9.7%.
    for share in [hand, place, froze, over] {
        assert!(share >= 0.05, "{share}");
    }
}

#[test]
fn camicia_phases() {
    use camicia_rules::Camicia;
    use camicia_rules::strategies::any_games;
    let [paying, long, looped, over] = shares(
        "camicia any_games",
        any_games(),
        [
            ("payment due", &|g: &Camicia| g.debt() > 0),
            ("long payment (3 owed)", &|g: &Camicia| g.debt() >= 3),
            ("loop", &|g: &Camicia| g.is_drawn()),
            ("over", &|g: &Camicia| g.is_over()),
        ],
    );
    // Measured: a payment due 16.2%, a long one 5.1%, a loop 8.7%, over
    // 69.5%.
    for share in [paying, long, looped, over] {
        assert!(share >= 0.05, "{share}");
    }
}
