//! The registry and the type-erased handle on every game.

use carte_core::ActionError;
use carte_core::{FRENCH_52, Seat, Seeded, below, deal_rng};
use carte_registry::{GameHandle, HandleError, SpecError, load, load_game, nth_legal, nth_legal_bit, registered_names};

/// Configurations of every game, the defaults first.
const SPECS: [&str; 15] = [
    "zama",
    "zama(no_removal_limit=20)",
    "zama(deal=chance,no_removal_limit=30)",
    "zama(players=4,no_removal_limit=300)",
    "zama(players=4,deal=chance,no_removal_limit=20)",
    "gonzago",
    "gonzago(deck=french,mode=points)",
    "gonzago(mode=best_of_three)",
    "gonzago(deal=chance)",
    "zucche",
    "zucche(players=8,rounds=10)",
    "camicia",
    "camicia(preset=bmn,end_rule=empty_hand_loses)",
    "camicia(draw_on_repeat=false)",
    "camicia(deal=chance)",
];

/// Plays random legal actions by mask, checking the handle's own
/// agreements on the way; returns the plies played.
fn random_play(state: &mut GameHandle, seed: u64, max_plies: usize) -> usize {
    let facts = state.facts();
    let mut rng = deal_rng(seed);
    let mut mask = vec![false; facts.num_actions.max(facts.max_chance_outcomes)];
    let mut plies = 0;
    while !state.is_terminal() && plies < max_plies {
        let range = state.action_space_len();
        let n = state.legal_action_mask(&mut mask).unwrap();
        let legal = state.legal_actions();
        assert_eq!(legal.len(), n);
        assert_eq!(legal, (0..mask.len()).filter(|&i| mask[i]).collect::<Vec<_>>());
        assert!(legal.iter().all(|&a| a < range));
        // The bit mask holds the same set (every bit past the range clear,
        // in a buffer longer than needed), and its picks are the mask's.
        let mut bits = vec![u64::MAX; range.div_ceil(64) + 1];
        assert_eq!(state.legal_action_bits(&mut bits).unwrap(), n);
        assert_eq!(legal, (0..64 * bits.len()).filter(|&i| bits[i / 64] >> (i % 64) & 1 == 1).collect::<Vec<_>>());
        assert!((0..=n).all(|k| nth_legal_bit(&bits, k) == nth_legal(&mask, k)));
        if range > 64 {
            let short = &mut bits[..range.div_ceil(64) - 1];
            let before = short.to_vec();
            let refused = state.legal_action_bits(short);
            assert!(matches!(refused, Err(HandleError::Action(ActionError::BitsTooShort { .. }))), "{refused:?}");
            assert_eq!(short, &before[..]);
        }
        assert!(state.legal_action_bits(&mut []).is_err());
        // The list and mask in one pass agree (onto a dirty mask).
        let (mut list, mut marked) = (vec![7u16; range], vec![true; range]);
        assert_eq!(state.legal_actions_and_mask(&mut list, &mut marked).unwrap(), n);
        assert_eq!(list[..n].iter().map(|&a| usize::from(a)).collect::<Vec<_>>(), legal);
        assert_eq!(marked, mask[..range]);
        assert!(state.legal_actions_and_mask(&mut list[1..], &mut marked).is_err());
        if state.is_chance_node() {
            let chances = state.chance_outcomes();
            assert_eq!(chances.iter().map(|&(a, _)| a).collect::<Vec<_>>(), legal);
            assert!((chances.iter().map(|&(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
        }
        // An action that is not legal is refused and changes nothing.
        if let Some(bad) = (0..range).find(|i| !mask[*i]) {
            let before = state.to_json();
            assert!(state.apply_action(bad).is_err());
            assert_eq!(state.to_json(), before);
        }
        assert!(matches!(state.apply_action(range + 7), Err(HandleError::NoSuchAction { .. })));
        let a = legal[below(&mut rng, n as u32) as usize];
        let text = state.action_to_string(a).unwrap();
        assert_eq!(state.string_to_action(&text).unwrap(), a, "{text}");
        state.apply_action(a).unwrap();
        plies += 1;
    }
    plies
}

#[test]
fn every_registered_game_plays_by_integer_actions() {
    for spec in SPECS {
        let game = load_game(spec).unwrap();
        for seed in 0..3 {
            let mut state = game.new_state(seed);
            let facts = state.facts();
            let plies = random_play(&mut state, seed, 3_000);
            assert!(plies as u64 <= facts.max_plies, "{spec}");
            if let Some(returns) = state.returns() {
                assert_eq!(returns.len(), facts.seats);
                assert!(returns.iter().all(|&r| facts.min_return <= r && r <= facts.max_return), "{spec}");
                if facts.zero_sum {
                    assert!(returns.iter().sum::<f64>().abs() < 1e-9, "{spec}");
                }
            }
            assert_eq!(state.facts(), facts, "{spec}: the facts change in play");
        }
    }
}

#[test]
fn registered_names_list_every_game_with_defaults() {
    let names: Vec<&str> = registered_names().iter().map(|g| g.name).collect();
    assert_eq!(names, ["zama", "gonzago", "zucche", "camicia"]);
    for game in registered_names() {
        // The defaults build the game.
        let spec = load_game(game.name).unwrap();
        for p in game.params {
            assert!(spec.spec().contains(&format!("{}={}", p.name, p.default)), "{}", spec.spec());
        }
    }
    assert_eq!(
        load_game("gonzago(deck=french,mode=points)").unwrap().spec(),
        "gonzago(deck=french,mode=points,deal=seeded)"
    );
}

#[test]
fn bad_descriptions_name_what_is_wrong() {
    let err = |spec: &str| load_game(spec).unwrap_err();
    assert!(matches!(err("chess"), SpecError::UnknownGame { name, .. } if name == "chess"));
    assert!(err("chess").to_string().contains("zama, gonzago, zucche, camicia"));
    let e = err("zama(colour=red)");
    assert!(matches!(&e, SpecError::UnknownParameter { param, .. } if param == "colour"), "{e}");
    assert!(e.to_string().contains("no_removal_limit"));
    let e = err("gonzago(deck=tarot)");
    assert!(e.to_string().contains("tarot") && e.to_string().contains("deck"), "{e}");
    assert!(matches!(err("zama(players=3)"), SpecError::Config { .. }));
    let e = err("zama(no_removal_limit=0)");
    assert!(matches!(e, SpecError::Config { .. }), "{e}");
    let e = err("zama(no_removal_limit=4294967296)");
    assert!(matches!(e, SpecError::BadValue { .. }), "{e}");
    assert!(matches!(err("zucche(players=4,players=8)"), SpecError::Repeated { .. }));
    assert!(matches!(err("zucche(players=6)"), SpecError::Config { .. }));
    assert!(matches!(err("gonzago(mode=points,deal=chance)"), SpecError::Config { .. }));
    assert!(matches!(err("zama(players=4"), SpecError::Syntax { .. }));
}

#[test]
fn states_round_trip_through_json_and_clone() {
    for spec in SPECS {
        let game = load_game(spec).unwrap();
        let mut state = game.new_state(11);
        random_play(&mut state, 5, 40);
        let back = game.load_state(&state.to_json()).unwrap();
        assert_eq!(back.to_json(), state.to_json(), "{spec}");
        assert_eq!(back.facts(), state.facts(), "{spec}");
        let mut copy = state.clone();
        random_play(&mut copy, 6, 10);
        assert_eq!(back.to_json(), state.to_json(), "{spec}: a clone shares state");
    }
    let zama = load_game("zama").unwrap();
    assert!(matches!(zama.load_state("{}"), Err(HandleError::State { .. })));
    let gonzago_json = load("gonzago", 1).unwrap().to_json();
    assert!(zama.load_state(&gonzago_json).is_err());
    assert!(load_game("gonzago(deck=french)").unwrap().load_state(&gonzago_json).is_err());
}

#[test]
fn moves_come_as_json() {
    let state = load("zama", 3).unwrap();
    assert_eq!(state.action_to_json(1).as_deref(), Some("\"a1xb1\""));
    assert_eq!(state.string_to_action("a1xb1").unwrap(), 1);
    assert!(matches!(state.string_to_action("a1xz1"), Err(HandleError::Notation { .. })));
}

/// Feeds `cards` as the chance outcomes of a chance deal.
fn deal(state: &mut GameHandle, outcomes: &[usize]) {
    for &a in outcomes {
        assert!(state.is_chance_node());
        state.apply_action(a).unwrap();
    }
    assert!(!state.is_chance_node());
}

#[test]
fn a_chance_deal_ends_in_the_state_of_its_cards() {
    use gonzago_rules::{Deck, Hand, Player};
    // Gonzago: the dealer, then 4 + 4 cards alternating, then the stock.
    for seed in 0..4 {
        let seeded = Hand::from_seed(&Deck::French, seed).unwrap();
        let index = |c: gonzago_rules::Card| Deck::French.cards().iter().position(|&d| d == c).unwrap();
        let dealer = seeded.dealer();
        let mut outcomes = vec![if dealer == Player::A { 0 } else { 1 }];
        let (lead, deal_hand): (Vec<_>, Vec<_>) =
            (seeded.held(dealer.other()).iter().collect(), seeded.held(dealer).iter().collect());
        for k in 0..4 {
            outcomes.push(index(lead[k]));
            outcomes.push(index(deal_hand[k]));
        }
        outcomes.extend(seeded.stock().map(index));
        let mut state = load("gonzago(deck=french,deal=chance)", 0).unwrap();
        deal(&mut state, &outcomes);
        assert_eq!(state.to_json(), serde_json::to_string(&seeded).unwrap());
    }
    // Camicia: A's hand top first, then B's, as kinds.
    for seed in 0..4 {
        let config = camicia_rules::Config::default().with_draw_on_repeat(true);
        let seeded = camicia_rules::Camicia::from_seed(&config, seed).unwrap();
        let outcomes: Vec<usize> = [camicia_rules::Player::A, camicia_rules::Player::B]
            .into_iter()
            .flat_map(|p| seeded.hand(p).iter().map(|&k| usize::from(k)).collect::<Vec<_>>())
            .collect();
        let mut state = load("camicia(deal=chance)", 0).unwrap();
        deal(&mut state, &outcomes);
        assert_eq!(state.to_json(), serde_json::to_string(&seeded).unwrap());
    }
    // Zama: cell by cell, each card by its FRENCH_52 index, two and four players.
    for players in [2usize, 4] {
        let config = zama_rules::Config::default().with_players(players);
        let seeded = zama_rules::Zama::from_seed(&config, 9).unwrap();
        let outcomes: Vec<usize> = zama_rules::Square::board(players)
            .map(|sq| FRENCH_52.iter().position(|&c| c == seeded.card_at(sq).unwrap().card()).unwrap())
            .collect();
        let mut state = load(&format!("zama(players={players},deal=chance)"), 0).unwrap();
        deal(&mut state, &outcomes);
        assert_eq!(state.to_json(), serde_json::to_string(&seeded).unwrap());
    }
}

#[test]
fn a_chance_deal_refuses_a_card_already_dealt() {
    let mut state = load("gonzago(deal=chance)", 0).unwrap();
    state.apply_action(0).unwrap(); // A deals
    state.apply_action(5).unwrap();
    let before = state.to_json();
    assert!(matches!(state.apply_action(5), Err(HandleError::Illegal { .. })));
    assert_eq!(state.to_json(), before);
    // Uniform over the 39 cards left.
    let chances = state.chance_outcomes();
    assert_eq!(chances.len(), 39);
    assert!(chances.iter().all(|&(a, p)| a != 5 && (p - 1.0 / 39.0).abs() < 1e-12));
    // Camicia deals kinds, each by its count among the cards left.
    let state = load("camicia(deal=chance)", 0).unwrap().clone();
    let mut state = state;
    let p: Vec<(usize, f64)> = state.chance_outcomes();
    assert_eq!(p, vec![(0, 28.0 / 40.0), (1, 4.0 / 40.0), (2, 4.0 / 40.0), (3, 4.0 / 40.0)]);
}

/// Information states: what a seat saw along the way.
#[test]
fn information_states_follow_what_the_seat_saw() {
    // Two chance deals that differ only in seat 1's cards and the stock:
    // seat 0 cannot tell them apart, seat 1 can.
    let deal_of = |swap: bool| {
        let mut state = load("gonzago(deal=chance)", 0).unwrap();
        state.apply_action(1).unwrap(); // B deals: A gets positions 0, 2, 4, 6
        let mut cards: Vec<usize> = (0..40).collect();
        if swap {
            cards.swap(1, 20); // a card of B's hand with one of the stock
        }
        deal(&mut state, &cards);
        state
    };
    let (a, b) = (deal_of(false), deal_of(true));
    let (s0, s1) = (Seat::new(0), Seat::new(1));
    assert_eq!(a.information_state_string(s0).unwrap(), b.information_state_string(s0).unwrap());
    assert_ne!(a.information_state_string(s1).unwrap(), b.information_state_string(s1).unwrap());
    assert_eq!(a.observation_string(s0).unwrap(), b.observation_string(s0).unwrap());
    // The same public play keeps them equal for seat 0.
    let (mut a, mut b) = (a, b);
    for _ in 0..6 {
        let legal_a = a.legal_actions();
        if legal_a != b.legal_actions() || a.is_terminal() {
            break;
        }
        let act = legal_a[0];
        a.apply_action(act).unwrap();
        b.apply_action(act).unwrap();
        if a.current_seat() == Some(s0) {
            assert_eq!(a.information_state_string(s0).unwrap(), b.information_state_string(s0).unwrap());
        }
    }
    assert!(a.information_state_string(Seat::new(2)).is_err());
}

#[test]
fn a_resample_keeps_the_seats_view_and_information_state() {
    for spec in ["zama", "gonzago", "gonzago(mode=points)", "camicia", "gonzago(deal=chance)", "zucche"] {
        let mut state = load(spec, 4).unwrap();
        random_play(&mut state, 8, 30);
        for seat in (0..state.num_seats()).map(|s| Seat::new(s as u8)) {
            for seed in 0..3 {
                let sample = state.resample(seat, seed).unwrap();
                assert_eq!(sample.observation_string(seat).unwrap(), state.observation_string(seat).unwrap());
                assert_eq!(
                    sample.information_state_string(seat).unwrap(),
                    state.information_state_string(seat).unwrap()
                );
                let len: usize = state.observation_shape().iter().product();
                let (mut x, mut y) = (vec![0.0; len], vec![0.0; len]);
                state.observation_tensor(seat, &mut x).unwrap();
                sample.observation_tensor(seat, &mut y).unwrap();
                assert_eq!(x, y, "{spec}");
                // Playing on from the sample extends the same record.
                let (mut s, mut t) = (state.clone(), sample.clone());
                if !s.is_terminal() && s.legal_actions() == t.legal_actions() {
                    let act = s.legal_actions()[0];
                    s.apply_action(act).unwrap();
                    t.apply_action(act).unwrap();
                    if s.observation_string(seat).unwrap() == t.observation_string(seat).unwrap() {
                        assert_eq!(
                            s.information_state_string(seat).unwrap(),
                            t.information_state_string(seat).unwrap()
                        );
                    }
                }
            }
        }
        assert!(state.resample(Seat::new(200), 0).is_err());
    }
}

#[test]
fn a_sample_rebuilt_from_its_json_and_record_has_its_information_state() {
    for spec in ["zama", "gonzago", "gonzago(mode=points)", "camicia", "gonzago(deal=chance)", "zama(deal=chance)"] {
        let game = carte_registry::load_game(spec).unwrap();
        for plies in [3, 30] {
            let mut state = game.new_state(5);
            random_play(&mut state, 9, plies);
            let seat = Seat::new(0);
            let sample = state.resample(seat, 1).unwrap();
            let record = sample.information_state_string(seat).unwrap();
            let mut back = game.load_state(&sample.to_json()).unwrap();
            back.resume_information_state(seat, &record).unwrap();
            assert_eq!(back.information_state_string(seat).unwrap(), record, "{spec}");
            // A record that does not end with the seat's view, another
            // seat, or a state played on since its start: refused.
            let mut other = game.load_state(&sample.to_json()).unwrap();
            assert!(other.resume_information_state(seat, "[nothing seen]").is_err(), "{spec}");
            assert!(other.resume_information_state(Seat::new(9), &record).is_err());
            if !other.is_terminal() && !other.is_chance_node() {
                let a = other.legal_actions()[0];
                other.apply_action(a).unwrap();
                assert!(other.resume_information_state(seat, &record).is_err(), "{spec}");
            }
        }
    }
}

/// A buffer rewritten by `observation_tensor_update` (one buffer and memo
/// for every seat and every new game, as a `VectorGame` row is reused)
/// holds the tensor written fresh, at every ply of random play, for every
/// game: the rewrite where the tensor changed misses no entry.
#[test]
fn a_reused_buffer_rewritten_holds_the_fresh_tensor() {
    let plies = std::env::var("CARTE_TENSOR_PLIES").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    for spec in SPECS {
        let game = load_game(spec).unwrap();
        let mut state = game.new_state(0);
        let len: usize = state.observation_shape().iter().product();
        let (mut row, mut fresh, mut memo) = (vec![0.5f32; len], vec![0.0f32; len], Vec::new());
        let mut rng = deal_rng(3);
        let mut games = 1;
        for ply in 0..plies {
            if state.is_terminal() {
                state = game.new_state(games);
                games += 1;
            }
            // The seat to act, or each seat in turn at chance nodes.
            let seat = state.current_seat().unwrap_or(Seat::new((ply % state.num_seats()) as u8));
            state.observation_tensor_update(seat, &mut row, &mut memo).unwrap();
            state.observation_tensor(seat, &mut fresh).unwrap();
            assert_eq!(row, fresh, "{spec}, game {games}, ply {ply}, {seat}");
            let legal = state.legal_actions();
            state.apply_action(legal[below(&mut rng, legal.len() as u32) as usize]).unwrap();
        }
        // A bad seat or buffer is refused.
        assert!(state.observation_tensor_update(Seat::new(9), &mut row, &mut memo).is_err());
        assert!(state.observation_tensor_update(Seat::new(0), &mut row[1..], &mut memo).is_err());
    }
}
