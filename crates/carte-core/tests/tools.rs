//! Generic tools on Kuhn poker: perft, play-outs, replays, outcomes.

use carte_core::testing::{Kuhn, KuhnMove};
use carte_core::{
    Actor, Game, MoveError, Outcome, RandomPlayer, Replay, ReplayError, Seat, SeatResult, deal_rng, perft,
    pick_weighted, random_playout,
};

#[test]
fn perft_counts_kuhn_sequences_from_the_rules() {
    // 6 deals; then pass or bet; both continue (pass -> pass/bet, bet -> pass/bet);
    // after 3 actions only "pass bet" continues, with pass or bet.
    assert_eq!(perft(&Kuhn::new(), 0), 1);
    assert_eq!(perft(&Kuhn::new(), 1), 6);
    assert_eq!(perft(&Kuhn::new(), 2), 12);
    assert_eq!(perft(&Kuhn::new(), 3), 24);
    assert_eq!(perft(&Kuhn::new(), 4), 12);
    assert_eq!(perft(&Kuhn::new(), 5), 0);
}

#[test]
fn random_playouts_are_deterministic_and_finish() {
    for seed in 0..50 {
        let mut a = Kuhn::new();
        let mut b = Kuhn::new();
        let pa = random_playout(&mut a, &mut deal_rng(seed), 100);
        let pb = random_playout(&mut b, &mut deal_rng(seed), 100);
        assert_eq!(a, b);
        assert_eq!(pa, pb);
        assert!(pa.finished && (3..=4).contains(&pa.plies));
        assert_eq!(a.actor(), Actor::Nobody);
    }
}

#[test]
fn playout_respects_the_ply_limit() {
    let mut g = Kuhn::new();
    let p = random_playout(&mut g, &mut deal_rng(1), 2);
    assert_eq!(p.plies, 2);
    assert!(!p.finished);
}

#[test]
fn chance_is_resolved_by_its_probabilities() {
    let mut rng = deal_rng(7);
    let outcomes = [('a', 0.5), ('b', 0.25), ('c', 0.25)];
    let mut counts = [0u32; 3];
    for _ in 0..40_000 {
        let m = pick_weighted(&outcomes, &mut rng).unwrap();
        counts[(m as u8 - b'a') as usize] += 1;
    }
    // Expected 20000/10000/10000; 5 sigma is under 500.
    assert!((19_500..20_500).contains(&counts[0]), "{counts:?}");
    assert!((9_500..10_500).contains(&counts[1]), "{counts:?}");
    assert!(pick_weighted::<char, _>(&[], &mut rng).is_none());

    let mut player = RandomPlayer::<Kuhn>::new();
    let mut deals = std::collections::HashMap::new();
    for _ in 0..6000 {
        *deals.entry(player.choose(&Kuhn::new(), &mut rng).unwrap()).or_insert(0) += 1;
    }
    assert_eq!(deals.len(), 6);
    assert!(deals.values().all(|&n| (800..1200).contains(&n)), "{deals:?}");
}

#[test]
fn replay_roundtrips_through_serde_and_rebuilds_the_state() {
    let mut replay = Replay::<Kuhn>::new((), 0);
    let mut game = replay.start().unwrap();
    let mut player = RandomPlayer::new();
    let mut rng = deal_rng(3);
    while let Some(mv) = player.choose(&game, &mut rng) {
        game.apply(mv).unwrap();
        replay.push(mv);
    }
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay<Kuhn> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, replay);
    assert_eq!(back.replay().unwrap(), game);
}

#[test]
fn replay_names_the_bad_ply() {
    let mut replay = Replay::<Kuhn>::new((), 0);
    replay.moves = vec!["deal KQ".into(), "raise".into()];
    match replay.replay() {
        Err(ReplayError::Notation { ply: 1, text, .. }) => assert_eq!(text, "raise"),
        other => panic!("{other:?}"),
    }
    replay.moves = vec!["bet".into()];
    let err = replay.replay().unwrap_err();
    assert!(matches!(err, ReplayError::Illegal { ply: 0, .. }));
    assert_eq!(err.to_string(), "ply 0: illegal move bet: not this actor's kind of move");
}

#[test]
fn apply_notation_parses_then_checks() {
    let mut g = Kuhn::new();
    assert!(matches!(g.apply_notation("deal XY"), Err(MoveError::Notation { .. })));
    assert!(matches!(g.apply_notation("pass"), Err(MoveError::Illegal(_))));
    assert!(matches!(g.apply_notation("deal KK"), Err(MoveError::Illegal(_))));
    assert_eq!(g, Kuhn::new());
    assert_eq!(g.apply_notation("deal QJ").unwrap(), KuhnMove::Deal([1, 0]));
}

#[test]
fn outcomes_score_seats_and_teams() {
    let o = Outcome::win(2, Seat::new(1));
    assert_eq!(o.returns(), &[-1.0, 1.0]);
    assert_eq!(o.result(Seat::new(1)), SeatResult::Win);
    assert_eq!(o.to_string(), "seat 1 wins");
    let team = Outcome::winners(4, [Seat::new(1), Seat::new(3)]);
    assert_eq!(team.to_string(), "seats 1, 3 win");
    assert_eq!(team.winning_seats().collect::<Vec<_>>(), vec![Seat::new(1), Seat::new(3)]);
    let d = Outcome::draw(3);
    assert!(d.is_draw());
    assert_eq!(d.result(Seat::new(2)), SeatResult::Draw);
    assert_eq!(Outcome::from_returns(vec![2.0, -2.0]).result(Seat::new(1)), SeatResult::Loss);
}

#[test]
fn seats_are_checked() {
    assert_eq!(Seat::checked(3, 4).unwrap().index(), 3);
    let e = Seat::checked(4, 4).unwrap_err();
    assert_eq!(e.to_string(), "no seat 4 in a game of 4 seats");
    assert_eq!(Seat::all(3).count(), 3);
}

/// `pick_weighted` gives each outcome of probability `p` the draws in
/// `[before, before + p)`, `before` the sum of the outcomes listed ahead of
/// it: a draw exactly at an outcome's upper bound goes to the next one.
#[test]
fn a_draw_at_an_outcomes_upper_bound_goes_to_the_next() {
    /// A generator that always returns the same word.
    struct Word(u64);
    impl carte_core::rand::TryRng for Word {
        type Error = ::core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0 as u32)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(self.0)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unimplemented!()
        }
    }
    // A uniform draw is the top 53 bits of a word: 2^63 is exactly 0.5.
    let coin = [('a', 0.5), ('b', 0.5)];
    assert_eq!(pick_weighted(&coin, &mut Word(1 << 63)), Some('b'));
    assert_eq!(pick_weighted(&coin, &mut Word((1 << 63) - (1 << 11))), Some('a'));
    let three = [('a', 0.5), ('b', 0.25), ('c', 0.25)];
    assert_eq!(pick_weighted(&three, &mut Word(3 << 62)), Some('c'));
    assert_eq!(pick_weighted(&three, &mut Word((3 << 62) - (1 << 11))), Some('b'));
}
