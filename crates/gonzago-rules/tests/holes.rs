//! Regression tests for the states that fuzzing found accepted although no
//! game reaches them (issue 12), one test per hole, and for the counters
//! that could overflow. Each builds a state play reaches, breaks one thing,
//! and checks that the load (by `from_setup` and through JSON) refuses it.

use carte_core::{Game, RandomPlayer, Seeded, deal_rng};
use gonzago_rules::{
    ByPlayer, Config, Deck, HandEnd, HandRecord, MAX_HANDS, Match, MatchMode, MatchStatus, Player, Setup, SetupError,
    heuristic_move,
};

/// A heuristic match of `mode` played until `stop` holds.
fn played(mode: MatchMode, seed: u64, stop: impl Fn(&Match) -> bool) -> Match {
    let mut game = Match::from_seed(&Config { deck: Deck::Italian, mode }, seed).unwrap();
    let mut rng = deal_rng(seed);
    while !stop(&game) && !game.is_over() {
        game.apply(heuristic_move(game.hand(), &mut rng).unwrap()).unwrap();
    }
    game
}

/// A points match whose first hand is over: hand 1 is running.
fn after_one_hand() -> Setup {
    played(MatchMode::Points, 11, |m| m.hand_number() == 1).to_setup()
}

/// The refusal of `setup`, by `from_setup` and by deserialization (the
/// same message).
fn refused(setup: &Setup) -> String {
    let err = Match::from_setup(setup).expect_err("an unreachable match was accepted");
    assert!(matches!(err, SetupError::Match(_)), "{err}");
    let json = serde_json::to_string(setup).unwrap();
    let de = serde_json::from_str::<Match>(&json).expect_err("an unreachable match was deserialized");
    assert!(de.to_string().contains(&err.to_string()), "{de} / {err}");
    err.to_string()
}

fn closed_record(setup: &Setup) -> (Player, HandRecord) {
    let record = setup.last_hand.expect("a hand has finished");
    match record.end {
        HandEnd::Closed { winner } => (winner, record),
        HandEnd::Drawn => panic!("the test needs a closed hand"),
    }
}

#[test]
fn a_last_hand_closed_by_a_player_who_kept_cards_is_refused() {
    let mut setup = after_one_hand();
    let (winner, mut record) = closed_record(&setup);
    assert!(Match::from_setup(&setup).is_ok());
    record.left[winner] = 2;
    setup.last_hand = Some(record);
    setup.points[winner] += 2;
    assert_eq!(refused(&setup), "bad match: the last hand was closed by a player who kept cards");
}

#[test]
fn a_closed_hand_that_left_the_opponent_no_cards_is_refused() {
    let mut setup = after_one_hand();
    let (winner, mut record) = closed_record(&setup);
    record.left[winner.other()] = 0;
    setup.last_hand = Some(record);
    setup.points = ByPlayer::new(0, 0);
    setup.points[winner] = 1; // so that the totals still fit one hand
    assert_eq!(refused(&setup), "bad match: the last hand left no card to the closer's opponent");
}

#[test]
fn a_drawn_hand_that_left_a_player_no_cards_is_refused() {
    let mut setup = after_one_hand();
    let (winner, record) = closed_record(&setup);
    // The same cards left, but called a drawn hand: the closer has none.
    setup.last_hand = Some(HandRecord { end: HandEnd::Drawn, ..record });
    setup.wins[winner] = 0;
    assert_eq!(refused(&setup), "bad match: a drawn hand left a player no cards");
}

#[test]
fn points_below_what_the_last_hand_alone_gave_are_refused() {
    let mut setup = played(MatchMode::Points, 11, |m| m.hand_number() == 2).to_setup();
    let record = setup.last_hand.unwrap();
    let loser = Player::ALL.into_iter().find(|&p| record.left[p] > 0).unwrap();
    // Move points from the loser to the other player: the totals still fit
    // two hands, but the loser has fewer than the last hand gave them.
    let moved = setup.points[loser] - (record.left[loser] as u64 - 1);
    setup.points[loser] -= moved;
    setup.points[loser.other()] += moved;
    assert_eq!(refused(&setup), "bad match: the points are below what the last hand alone gave");
}

#[test]
fn a_single_hand_match_whose_points_differ_from_the_cards_left_is_refused() {
    let game = played(MatchMode::Single, 4, |_| false);
    assert!(game.is_over());
    let mut setup = game.to_setup();
    assert_eq!(setup.points, setup.last_hand.unwrap().left.map(|n| n as u64));
    setup.points[Player::A] += 1;
    assert_eq!(refused(&setup), "bad match: after one hand the scores are that hand's");
    // The same in any mode after its first hand.
    let mut setup = after_one_hand();
    setup.points[Player::B] += 3;
    assert_eq!(refused(&setup), "bad match: after one hand the scores are that hand's");
}

#[test]
fn a_match_decided_before_its_last_hand_is_refused() {
    // Points: the loser already had 21 before the last hand.
    let game = played(MatchMode::Points, 6, |_| false);
    let MatchStatus::Won(winner) = game.status() else { panic!("a points match ends with a winner here") };
    let mut setup = game.to_setup();
    setup.points[winner.other()] += 40;
    assert_eq!(refused(&setup), "bad match: the match was decided before its last hand");
    // Best of three: a third win for the winner.
    let game = played(MatchMode::BestOfThree, 6, |_| false);
    let MatchStatus::Won(winner) = game.status() else { panic!("a best of three ends with a winner here") };
    let mut setup = game.to_setup();
    setup.wins[winner] += 1;
    assert_eq!(refused(&setup), "bad match: the match was decided before its last hand");
}

/// A best of three at hand `hand_number` (dealt as hand 0 of `seed` would
/// be, with the dealer alternating), with two drawn hands' worth of points
/// per earlier hand and no wins.
fn long_best_of_three(hand_number: u64) -> Setup {
    let base = Match::from_seed(&Config { deck: Deck::Italian, mode: MatchMode::BestOfThree }, 8).unwrap();
    let mut setup = base.to_setup();
    setup.hand_number = hand_number;
    if hand_number % 2 == 1 {
        setup.first_dealer = setup.first_dealer.other();
    }
    setup.last_hand = Some(HandRecord { end: HandEnd::Drawn, left: ByPlayer::new(1, 1) });
    setup.points = ByPlayer::new(hand_number, hand_number);
    setup
}

#[test]
fn match_points_beyond_u16_load_and_grow() {
    // 40,000 drawn hands of a best of three: points past `u16::MAX`.
    let setup = long_best_of_three(40_000);
    let mut game = Match::from_setup(&setup).unwrap();
    let mut player = RandomPlayer::<Match>::new();
    let mut rng = deal_rng(1);
    while game.hand_number() == 40_000 && !game.is_over() {
        game.apply(player.choose(&game, &mut rng).unwrap()).unwrap();
    }
    let gained: u64 = Player::ALL.iter().map(|&p| game.points()[p] - 40_000).sum();
    assert!(gained >= 1 && game.points()[Player::A] >= 40_000, "{:?}", game.points());
    let back = Match::from_setup(&game.to_setup()).unwrap();
    assert_eq!(back, game);
}

/// Rule G25: the hand limit draws an undecided best of three, and nothing
/// past it loads.
#[test]
fn a_best_of_three_is_drawn_at_the_hand_limit_and_never_overflows() {
    let setup = long_best_of_three(MAX_HANDS - 1);
    let mut game = Match::from_setup(&setup).unwrap();
    let mut player = RandomPlayer::<Match>::new();
    let mut rng = deal_rng(2);
    while !game.is_over() {
        game.apply(player.choose(&game, &mut rng).unwrap()).unwrap();
    }
    // Whether the last hand was closed (one win) or drawn, nobody has two
    // wins: the hand limit draws the match.
    assert_eq!(game.status(), MatchStatus::Drawn);
    assert_eq!(game.hand_number(), MAX_HANDS - 1);
    assert_eq!(Match::from_setup(&game.to_setup()).unwrap(), game);
    // No match has more hands.
    let beyond = long_best_of_three(MAX_HANDS);
    assert_eq!(refused(&beyond), "bad match: the hand number is beyond what a match can reach");
    let mut huge = long_best_of_three(MAX_HANDS - 2);
    huge.points = ByPlayer::new(u64::MAX, u64::MAX);
    assert_eq!(refused(&huge), "bad match: the scores do not fit the number of finished hands");
}

/// Every move prints as text that reads back as the same move: the empty
/// play, which printed `play ` and read back as nothing, cannot be built.
#[test]
fn every_move_reads_back_from_its_notation_and_the_empty_play_is_unconstructible() {
    use gonzago_rules::{CardSet, Move, Play};
    assert_eq!(Move::play(Deck::Italian, []), None);
    assert_eq!(Play::new(Deck::French, CardSet::EMPTY), None);
    assert!("play".parse::<Move>().is_err());
    assert!("play ".parse::<Move>().is_err());
    // Every non-empty set of up to two cards on both decks, and draw and
    // pass.
    let mut moves = vec![Move::Draw, Move::Pass];
    for a in 0..40u64 {
        for b in a..40 {
            let bits = (1u64 << a) | (1 << b);
            let cards: CardSet = CardSet::ALL.iter().filter(|c| bits >> c.index() & 1 == 1).collect();
            moves.extend(Move::play(Deck::Italian, cards));
            moves.extend(Move::play(Deck::French, cards));
        }
    }
    for mv in moves {
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv, "{mv}");
    }
}

/// Observations loaded from JSON were accepted whatever they said; now a
/// view that no game gives is refused, and every real view loads back.
#[test]
fn observations_no_game_gives_are_refused_and_real_ones_load() {
    use carte_core::HiddenInfo;
    use gonzago_rules::Observation;
    let mut player = RandomPlayer::<Match>::new();
    let mut rng = deal_rng(12);
    for (i, mode) in [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points].into_iter().enumerate() {
        let deck = if i == 1 { Deck::French } else { Deck::Italian };
        let mut game = Match::from_seed(&Config::new(deck, mode), 40 + i as u64).unwrap();
        loop {
            for p in Player::ALL {
                let view = game.observation(p.seat()).unwrap();
                let json = serde_json::to_string(&view).unwrap();
                assert_eq!(serde_json::from_str::<Observation>(&json).unwrap(), view, "{json}");
            }
            let Some(mv) = player.choose(&game, &mut rng) else { break };
            game.apply(mv).unwrap();
        }
    }
    // Corrupted views of a hand a few moves in.
    let mut game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 2026).unwrap();
    for text in ["play 2d 2s", "draw", "draw"] {
        game.apply_notation(text).unwrap();
    }
    let view = serde_json::to_value(game.observation(Player::A.seat()).unwrap()).unwrap();
    let refused = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut j = view.clone();
        f(&mut j);
        serde_json::from_value::<Observation>(j).unwrap_err().to_string()
    };
    assert!(serde_json::from_value::<Observation>(view.clone()).is_ok());
    let e = refused(&|j| j["hand"]["stock"] = 32.into());
    assert!(e.contains("the stock is not what the draws left"), "{e}");
    let e = refused(&|j| j["hand"]["opponent_holds"] = 9.into());
    assert!(e.contains("the hands are not what"), "{e}");
    let e = refused(&|j| j["hand"]["history"][0] = "play 2d 3s".into());
    assert!(e.contains("mixes values"), "{e}");
    let e = refused(&|j| j["hand"]["history"][1] = "pass".into());
    assert!(e.contains("a pass while the stock has cards"), "{e}");
    let e = refused(&|j| j["hand"]["held"] = serde_json::json!(["2d", "5c", "Fd"]));
    assert!(e.contains("a held card is on the table"), "{e}");
    let e = refused(&|j| j["points"] = serde_json::json!([3, 0]));
    assert!(e.contains("scores"), "{e}");
    let e = refused(&|j| j["hand_number"] = 1.into());
    assert!(e.contains("dealer"), "{e}");
}

#[test]
fn a_last_hand_record_of_huge_counts_is_refused_without_overflow() {
    // Found by a robustness run (issue 23): `left` of 2^64-1 overflowed the
    // sum of the two counts. A hand holds at most 39 cards between the two
    // players when it ends.
    for left in [ByPlayer::new(usize::MAX, usize::MAX), ByPlayer::new(usize::MAX, 1), ByPlayer::new(1, usize::MAX)] {
        let mut setup = after_one_hand();
        let (_, record) = closed_record(&setup);
        setup.last_hand = Some(HandRecord { left, ..record });
        assert_eq!(refused(&setup), "bad match: the last hand left more cards than a hand can");
    }
}

/// A best of three at its third hand (one hand won by each player, so
/// still running), with its last-hand record replaced by `record` and
/// scores that fit it: two finished hands allow up to 72 points, so only
/// the record's own bound can refuse it.
fn third_hand_after(record: HandRecord) -> Setup {
    let mut setup = (0..1_000)
        .map(|seed| played(MatchMode::BestOfThree, seed, |m| m.hand_number() == 2))
        .find(|m| !m.is_over() && m.hand_number() == 2)
        .expect("one of 1,000 heuristic best-of-three matches reaches a third hand")
        .to_setup();
    setup.last_hand = Some(record);
    setup.wins = ByPlayer::new(1, 1);
    setup.points = record.left.map(|n| n as u64 + 1);
    setup
}

/// The most cards a hand can leave in the players' hands: 36 after a closed
/// hand (G7, G16) and 31 after a drawn one (G4, G13, G15, G17), as derived
/// at `MOST_LEFT_CLOSED` and `MOST_LEFT_DRAWN` in `src/matches.rs`. A record
/// leaving more is refused, even with scores that fit it; the most is
/// accepted.
#[test]
fn a_last_hand_that_left_more_cards_than_a_hand_can_is_refused() {
    for winner in Player::ALL {
        let closed = |n: usize| {
            let mut left = ByPlayer::new(0, 0);
            left[winner.other()] = n;
            HandRecord { end: HandEnd::Closed { winner }, left }
        };
        assert!(Match::from_setup(&third_hand_after(closed(36))).is_ok());
        for n in [37, 39, 40] {
            assert_eq!(
                refused(&third_hand_after(closed(n))),
                "bad match: the last hand left more cards than a hand can",
                "{n}"
            );
        }
    }
    // After one hand the scores are that hand's, so a hand's bound is also
    // the most points one hand gives.
    let mut one = after_one_hand();
    let (winner, mut record) = closed_record(&one);
    record.left[winner.other()] = 37;
    one.last_hand = Some(record);
    one.points = record.left.map(|n| n as u64);
    assert_eq!(refused(&one), "bad match: the scores do not fit the number of finished hands");
    let drawn = |a: usize, b: usize| HandRecord { end: HandEnd::Drawn, left: ByPlayer::new(a, b) };
    for (a, b) in [(30, 1), (1, 30), (16, 15)] {
        assert!(Match::from_setup(&third_hand_after(drawn(a, b))).is_ok(), "{a} {b}");
    }
    for (a, b) in [(31, 1), (1, 31), (16, 16), (20, 20), (39, 1)] {
        assert_eq!(
            refused(&third_hand_after(drawn(a, b))),
            "bad match: the last hand left more cards than a hand can",
            "{a} {b}"
        );
    }
}

/// The match keeps the record of its last finished hand (what G19 and G20
/// count): a match still in its first hand has none, and one past it has
/// one; either way round is a state no match reaches.
#[test]
fn a_last_hand_record_without_a_finished_hand_is_refused() {
    let (_, record) = closed_record(&after_one_hand());
    let mut first = played(MatchMode::Points, 11, |_| true).to_setup();
    assert_eq!(first.hand_number, 0);
    assert!(Match::from_setup(&first).is_ok());
    first.last_hand = Some(record);
    assert_eq!(refused(&first), "bad match: the last hand record does not fit the hand number");
    let mut second = after_one_hand();
    second.last_hand = None;
    assert_eq!(refused(&second), "bad match: the last hand record does not fit the hand number");
}
