//! The arena: fair seating, correct counting, errors named.

mod common;

use carte_bots::{
    Bot, BotRng, Entrant, GameRecord, Job, Mcts, PlayError, PolicyBot, Random, RoundRobin, Standings, play_game,
    wilson_interval,
};
use carte_core::deal_rng;
use carte_core::testing::{Kuhn, KuhnMove};
use common::{Nim, TestMove};

fn always_bet(_: &Kuhn, _: &mut BotRng) -> Option<KuhnMove> {
    Some(KuhnMove::Bet)
}

fn bettors() -> Vec<Entrant<Kuhn>> {
    vec![
        Entrant::new("bet-a", |seed| Box::new(PolicyBot::new("bet-a", always_bet, seed))),
        Entrant::new("bet-b", |seed| Box::new(PolicyBot::new("bet-b", always_bet, seed))),
    ]
}

#[test]
fn each_deal_is_played_from_both_sides() {
    // Two identical bots: whatever a deal gives one seat, the swapped game
    // gives the other entrant, so the pair of games cancels exactly.
    let rr = RoundRobin::new(|_| Kuhn::new(), bettors()).games(40).seed(9);
    let jobs: Vec<_> = rr.jobs().collect();
    assert_eq!(jobs.len(), 40);
    let mut distinct = std::collections::HashSet::new();
    for pair in jobs.chunks(2) {
        assert_eq!(
            (pair[0].deal, pair[0].swapped, pair[1].deal, pair[1].swapped),
            (pair[0].deal, false, pair[0].deal, true)
        );
        let (a, b) = (rr.play(pair[0]).unwrap(), rr.play(pair[1]).unwrap());
        assert_eq!(a.first_return, -b.first_return, "{a:?} {b:?}");
        assert_ne!(a.first_return, 0.0);
        distinct.insert(a.first_return.to_bits());
    }
    assert!(distinct.len() > 1, "the deals vary");
    let standings = rr.run().unwrap();
    let p = &standings.pairings()[0];
    assert_eq!((p.wins, p.losses, p.games()), (20, 20, 40));
    assert_eq!(p.return_sum, 0.0);
}

#[test]
fn odd_game_counts_round_up_to_whole_deals() {
    assert_eq!(RoundRobin::new(|_| Kuhn::new(), bettors()).games(7).job_count(), 8);
}

#[test]
fn round_robins_replay_for_a_seed() {
    let entrants = || {
        vec![
            Entrant::new("mcts", |seed| Box::new(Mcts::<Nim>::new(seed).iterations(50)) as Box<dyn Bot<Nim>>),
            Entrant::new("random", |seed| Box::new(Random::<Nim>::new(seed))),
            Entrant::new("random2", |seed| Box::new(Random::<Nim>::new(seed))),
        ]
    };
    let run =
        |seed| RoundRobin::new(|s| Nim::new(10 + (s % 7) as u8, 2), entrants()).games(30).seed(seed).run().unwrap();
    let a = run(1);
    assert_eq!(a, run(1));
    assert_ne!(a, run(2));
    assert_eq!(a.pairings().len(), 3);
    let m = a.between("mcts", "random").unwrap();
    assert!(m.wins > m.losses, "{m:?}");
    let back = a.between("random", "mcts").unwrap();
    assert_eq!((back.wins, back.losses), (m.losses, m.wins));
    let totals = a.totals();
    assert_eq!(totals[0].games(), 60);
    let table = a.to_string();
    assert!(table.contains("mcts vs random") && table.contains("mcts vs field"), "{table}");
}

#[test]
fn teams_score_by_side() {
    // Four seats: 0 and 2 against 1 and 3; each side's return is the sum
    // of its two seats.
    let entrants = vec![
        Entrant::new("a", |seed| Box::new(Random::<Nim>::new(seed)) as Box<dyn Bot<Nim>>),
        Entrant::new("b", |seed| Box::new(Random::<Nim>::new(seed))),
    ];
    let rr = RoundRobin::new(|_| Nim::new(9, 4), entrants).games(10);
    for job in rr.jobs() {
        let r = rr.play(job).unwrap();
        assert_eq!(r.first_return.abs(), 2.0);
        assert_eq!(r.first_return, -r.second_return);
    }
}

#[test]
fn standings_count_draws_cuts_and_returns() {
    let mut s = Standings::new(vec!["x".into(), "y".into()], vec![(0, 1)]);
    let job = Job { pairing: 0, first: 0, second: 1, deal: 0, swapped: false };
    let rec =
        |first_return: f64, cut: bool| GameRecord { job, first_return, second_return: -first_return, plies: 10, cut };
    for r in [rec(1.0, false), rec(2.0, false), rec(-1.0, false), rec(0.0, false), rec(0.0, true)] {
        s.add(&r);
    }
    let p = &s.pairings()[0];
    assert_eq!((p.wins, p.draws, p.losses, p.cut), (2, 2, 1, 1));
    assert_eq!(p.average_plies(), 10.0);
    assert!((p.average_return() - 0.4).abs() < 1e-12);
    assert_eq!(p.win_rate(), Some(2.0 / 3.0));
    let (lo, hi) = p.win_rate_interval().unwrap();
    assert!(lo < 2.0 / 3.0 && 2.0 / 3.0 < hi);
}

#[test]
fn wilson_interval_edges() {
    let (lo, hi) = wilson_interval(0, 10).unwrap();
    assert_eq!(lo, 0.0);
    assert!((hi - 0.2775).abs() < 1e-3);
    let (lo, hi) = wilson_interval(10, 10).unwrap();
    assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0);
    let (lo, hi) = wilson_interval(500, 1000).unwrap();
    assert!((lo - 0.4691).abs() < 1e-3 && (hi - 0.5309).abs() < 1e-3);
}

struct Cheater;

impl Bot<Nim> for Cheater {
    fn name(&self) -> &str {
        "cheater"
    }
    fn choose(&mut self, _: &Nim) -> Option<TestMove> {
        Some(TestMove::Take(4))
    }
}

#[test]
fn bad_bots_are_named() {
    let mut game = Nim::new(5, 2);
    let (mut a, mut b) = (Cheater, Random::new(0));
    let err = play_game(&mut game, &mut [&mut a, &mut b], &mut deal_rng(0), 100).unwrap_err();
    assert!(matches!(&err, PlayError::Illegal { bot, ply: 0, .. } if bot == "cheater"), "{err}");
    assert_eq!(err.to_string(), "bot cheater chose illegal move take 4 at ply 0: illegal move take 4");
    assert_eq!(game, Nim::new(5, 2));
    let err = play_game(&mut game, &mut [&mut b], &mut deal_rng(0), 100).unwrap_err();
    assert_eq!(err, PlayError::Seats { bots: 1, seats: 2 });
}

#[test]
fn the_ply_limit_cuts_and_draws() {
    let entrants = vec![
        Entrant::new("a", |seed| Box::new(Random::<Nim>::new(seed)) as Box<dyn Bot<Nim>>),
        Entrant::new("b", |seed| Box::new(Random::<Nim>::new(seed))),
    ];
    let s = RoundRobin::new(|_| Nim::new(200, 2), entrants).games(4).max_plies(5).run().unwrap();
    let p = &s.pairings()[0];
    assert_eq!((p.draws, p.cut, p.plies), (4, 4, 20));
}
