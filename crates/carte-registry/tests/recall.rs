//! Information-state tensors (issue 24): where a configuration has one,
//! two states give a seat the same tensor exactly when they give it the
//! same information-state string, however the states were made, and the
//! tensor never shows what the seat may not see.

use std::collections::HashMap;

use carte_core::{ByPlayer, Player, Seat};
use carte_registry::{GameHandle, HandleError, load, load_game};
use gonzago_rules::{CardSet, Deck, Hand, HandSetup};

/// A small deterministic generator (splitmix64), so that failures replay.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn tensor(state: &GameHandle, seat: Seat) -> Vec<f32> {
    let shape = state.information_state_tensor_shape().expect("a hand has a tensor");
    let mut out = vec![f32::NAN; shape.iter().product()];
    state.information_state_tensor(seat, &mut out).unwrap();
    out
}

/// Asserts two tensors equal, naming the first entries that differ.
#[track_caller]
fn same(a: &[f32], b: &[f32], what: &str) {
    let diff: Vec<(usize, f32, f32)> =
        a.iter().zip(b).enumerate().filter(|(_, (x, y))| x != y).map(|(i, (x, y))| (i, *x, *y)).take(8).collect();
    assert!(a.len() == b.len() && diff.is_empty(), "{what}: entries (index, left, right) {diff:?}");
}

/// The tensor's entries as bits, to key a map.
fn key(t: &[f32]) -> Vec<u32> {
    t.iter().map(|x| x.to_bits()).collect()
}

/// Strings and tensors of each seat, which must match one to one.
#[derive(Default)]
struct Classes {
    by_string: HashMap<(Seat, String), Vec<u32>>,
    by_tensor: HashMap<(Seat, Vec<u32>), String>,
    /// States that met a string seen before.
    shared: usize,
}

impl Classes {
    fn add(&mut self, spec: &str, state: &GameHandle, check_range: fn(&str, &[f32])) {
        self.add_world(spec, state, check_range, None);
    }

    /// As [`add`](Classes::add), but `world`'s strings may be ones no play
    /// gives (a Camicia sample played on: its hands are drawn from the
    /// seat's view, so the cards it collected and saw come back in another
    /// order): for that seat, only equal strings must give equal tensors.
    fn add_world(&mut self, spec: &str, state: &GameHandle, check_range: fn(&str, &[f32]), world: Option<Seat>) {
        for s in 0..state.num_seats() {
            let seat = Seat::new(s as u8);
            let string = state.information_state_string(seat).unwrap();
            let t = tensor(state, seat);
            check_range(spec, &t);
            let k = key(&t);
            self.shared += usize::from(self.by_string.contains_key(&(seat, string.clone())));
            let old = self.by_string.entry((seat, string.clone())).or_insert_with(|| k.clone());
            assert!(*old == k, "{spec}: one string for seat {seat}, two tensors:\n{string}");
            if world == Some(seat) {
                continue;
            }
            let old = self.by_tensor.entry((seat, k)).or_insert_with(|| string.clone());
            assert_eq!(*old, string, "{spec}: one tensor for seat {seat}, two strings");
        }
    }
}

/// Entries are 0 or 1 past the view; the view's counts are in 0..=40.
fn check_range(spec: &str, t: &[f32]) {
    for (i, &x) in t.iter().enumerate() {
        let ok = if i < 140 { (0.0..=40.0).contains(&x) && x.fract() == 0.0 } else { x == 0.0 || x == 1.0 };
        assert!(ok, "{spec}: entry {i} is {x}");
    }
}

/// The same state rebuilt as a pickled state is: the engine's JSON, then
/// the seat's record resumed (only at the state's start, so for a sample).
fn rebuilt(spec: &str, sample: &GameHandle, seat: Seat) -> GameHandle {
    let mut back = load_game(spec).unwrap().load_state(&sample.to_json()).unwrap();
    back.resume_information_state(seat, &sample.information_state_string(seat).unwrap()).unwrap();
    back
}

/// G12, G15 (what each seat sees of a hand): over random play from many
/// deals (during a chance deal too), clones, determinizations played on
/// with the same moves and determinizations rebuilt from their JSON and
/// record, the tensor and the string determine each other.
#[test]
fn the_tensor_and_the_string_determine_each_other() {
    for spec in ["gonzago", "gonzago(deal=chance)", "gonzago(deck=french)"] {
        determine_each_other(spec, usize::MAX, check_range, false, false);
    }
}

/// C-rules of turning and paying (the play is forced, the hands face
/// down): over play from many deals of every Camicia configuration (a
/// chance deal, either preset and end rule, without the draw at a
/// repeat), clones, determinizations played on, determinizations rebuilt
/// from their JSON and record and states loaded from JSON (whose record
/// starts there), the tensor and the string determine each other.
#[test]
fn camicia_tensor_and_string_determine_each_other() {
    for spec in [
        "camicia",
        "camicia(deal=chance)",
        "camicia(preset=bmn)",
        "camicia(preset=bmn,deal=chance)",
        "camicia(end_rule=empty_hand_loses)",
        "camicia(draw_on_repeat=false)",
    ] {
        determine_each_other(spec, 600, check_counts, true, true);
    }
}

/// F6 to F21 (every seat sees every roll and move): over play of four-
/// and eight-player games, clones, samples (the game hides nothing, so a
/// sample is the state itself) and states loaded from JSON (whose record
/// starts there, mid-turn too), the tensor and the string determine each
/// other.
#[test]
fn zucche_tensor_and_string_determine_each_other() {
    for spec in ["zucche(rounds=12)", "zucche(players=8,rounds=5)"] {
        determine_each_other(spec, usize::MAX, check_counts, true, false);
    }
}

/// F15, F21: a turn's slot holds its placements in order by file, its
/// roll and its step by square and direction; a pass holds the roll and
/// the pass; the start is the seeded position. Written from the rules'
/// coordinates (square `file + 8 · rank`, direction 0 up, 1 right, 2
/// down, 3 left), not from the encoder.
#[test]
fn zucche_turns_fill_their_slots_in_order() {
    let mut state = load("zucche(rounds=30)", 0).unwrap();
    let (boards, row, turn) = (2, 142, 2 + 139);
    let start = 2 * boards * row;
    let mut turns: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    let mut rng = Rng(27);
    let mut saw_placement = false;
    while !state.is_terminal() {
        let legal = state.legal_actions();
        let a = legal[rng.below(legal.len())];
        let text = state.action_to_string(a).unwrap();
        let square = |t: &str| {
            let b = t.as_bytes();
            usize::from(b[0] - b'a') + 8 * usize::from(b[1] - b'1')
        };
        if let Some(p) = text.strip_prefix("roll ") {
            current.push(boards + 64 + p.parse::<usize>().unwrap() - 1);
        } else if text == "pass" {
            current.push(boards + 70);
        } else {
            let (board, rest) = text.split_once(':').unwrap();
            let b = board.parse::<usize>().unwrap() - 1;
            if !current.contains(&b) {
                current.push(b);
            }
            if let Some(to) = rest.strip_prefix("place ") {
                let placed = current.iter().filter(|&&i| (boards..boards + 64).contains(&i)).count();
                current.push(boards + 8 * placed + square(to) % 8);
                saw_placement = true;
            } else {
                let (from, to) = rest.split_once('-').unwrap();
                let (f, t) = (square(from), square(to));
                let d = if f % 8 == t % 8 {
                    if t > f { 0 } else { 2 }
                } else if t % 8 > f % 8 {
                    1
                } else {
                    3
                };
                current.push(boards + 71 + f);
                current.push(boards + 135 + d);
            }
        }
        state.apply_action(a).unwrap();
        if text == "pass" || (text.contains('-') && !text.contains("place")) {
            current.sort_unstable();
            turns.push(std::mem::take(&mut current));
        }
    }
    assert!(saw_placement, "the game placed a checker");
    let t = tensor(&state, Seat::new(1));
    for (k, want) in turns.iter().enumerate() {
        let got: Vec<usize> = (0..turn).filter(|&i| t[start + turn * k + i] != 0.0).collect();
        assert_eq!(&got, want, "turn {k}");
    }
    assert!(t[start + turn * turns.len()..].iter().all(|&x| x == 0.0), "no turn past the last");
    // The start: White on rank 1 and Black on rank 8 of board 1, the
    // reverse on board 2 (F5: team A on rank 1); White to move (F6) on
    // board 1, which plays first (F20); seat 1 (A2) plays Black on board
    // 2, which the start leaves out.
    let s = &t[boards * row..start];
    let set: Vec<usize> = (0..boards * row).filter(|&i| s[i] != 0.0).collect();
    let mut want: Vec<usize> = (0..8).chain(120..128).chain([130, 131]).collect();
    want.extend((56..64).chain(64..72).chain([130]).map(|i| row + i));
    want.sort_unstable();
    assert_eq!(set, want);
}

/// Camicia's entries are whole counts: 0 or 1 but the views' counts and
/// the cards turned.
fn check_counts(spec: &str, t: &[f32]) {
    for (i, &x) in t.iter().enumerate() {
        assert!(x >= 0.0 && x.fract() == 0.0, "{spec}: entry {i} is {x}");
    }
}

/// Plays `spec` from `CARTE_INFO_CASES` seeds (4 unless told), at most
/// `max_plies` plies each, checking that strings and tensors match one to
/// one; with `loaded`, states loaded from JSON (their records start
/// there) join in; with `world`, samples played on are checked as
/// [`Classes::add_world`].
fn determine_each_other(spec: &str, max_plies: usize, check_range: fn(&str, &[f32]), loaded: bool, world: bool) {
    let cases: u64 = std::env::var("CARTE_INFO_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(4);
    {
        let mut classes = Classes::default();
        let mut samples = 0;
        let mut rng = Rng(0x24 ^ spec.len() as u64);
        for seed in 0..cases {
            let mut state = load(spec, seed).unwrap();
            let mut ply = 0;
            while !state.is_terminal() && ply < max_plies {
                classes.add(spec, &state, check_range);
                let legal = state.legal_actions();
                state.apply_action(legal[rng.below(legal.len())]).unwrap();
                ply += 1;
                if loaded && ply % 11 == 5 && !state.is_chance_node() {
                    let mut back = load_game(spec).unwrap().load_state(&state.to_json()).unwrap();
                    classes.add(spec, &back, check_range);
                    if let Some(&a) = back.legal_actions().first() {
                        back.apply_action(a).unwrap();
                        classes.add(spec, &back, check_range);
                    }
                }
                if ply % 7 == 3 {
                    classes.add(spec, &state.clone(), check_range);
                    let seat = Seat::new(rng.below(2) as u8);
                    let mut sample = state.resample(seat, rng.below(1000) as u64).unwrap();
                    let mut ours = state.clone();
                    if !sample.is_chance_node() {
                        let mut back = rebuilt(spec, &sample, seat);
                        same(&tensor(&back, seat), &tensor(&sample, seat), &format!("{spec}: a rebuilt sample"));
                        classes.add(spec, &back, check_range);
                        if let Some(&a) = back.legal_actions().first() {
                            let mut on = sample.clone();
                            on.apply_action(a).unwrap();
                            back.apply_action(a).unwrap();
                            same(
                                &tensor(&back, seat),
                                &tensor(&on, seat),
                                &format!("{spec}: a rebuilt sample played on"),
                            );
                            classes.add_world(spec, &back, check_range, world.then_some(seat));
                        }
                    }
                    for i in 0..6 {
                        // Equal until the seat sees another card in the sample.
                        let string = sample.information_state_string(seat).unwrap();
                        if string == ours.information_state_string(seat).unwrap() {
                            let what = format!("{spec}: a sample for {seat}\n{string}");
                            same(&tensor(&sample, seat), &tensor(&ours, seat), &what);
                            samples += 1;
                        }
                        classes.add_world(spec, &sample, check_range, (world && i > 0).then_some(seat));
                        let legal = ours.legal_actions();
                        if ours.is_terminal() || legal != sample.legal_actions() {
                            break;
                        }
                        let a = legal[rng.below(legal.len())];
                        ours.apply_action(a).unwrap();
                        sample.apply_action(a).unwrap();
                    }
                }
            }
            classes.add(spec, &state, check_range);
        }
        // Some states must share a string, or the test proves nothing.
        assert!(classes.shared > 100 && samples > 20, "{spec}: {} {samples}", classes.shared);
    }
}

/// A hand of Italian cards: A holds the first four, B the next four, the
/// stock the rest top first, B to lead (A deals).
fn hand(stock_order: impl Fn(&mut Vec<gonzago_rules::Card>)) -> GameHandle {
    let deck = Deck::Italian;
    let cards = deck.cards();
    let set = |cs: &[gonzago_rules::Card]| {
        cs.iter().fold(CardSet::EMPTY, |mut s, &c| {
            s.insert(c);
            s
        })
    };
    let mut stock = cards[8..].to_vec();
    stock_order(&mut stock);
    let setup = HandSetup {
        deck,
        dealer: Player::A,
        hands: ByPlayer::new(set(&cards[..4]), set(&cards[4..8])),
        stock,
        history: Vec::new(),
    };
    let json = serde_json::to_string(&Hand::from_setup(&setup).unwrap()).unwrap();
    load_game("gonzago").unwrap().load_state(&json).unwrap()
}

/// G12, G15: B leads, A draws, B draws, A draws. Two stocks whose first
/// and third cards are swapped give A the same cards in another order: A
/// tells them apart (its tensors differ), B cannot (its tensors are
/// equal); a stock that differs where nobody drew changes neither.
#[test]
fn the_tensor_holds_the_order_of_the_seats_draws_and_hides_the_others() {
    let play = |mut state: GameHandle| {
        let lead = state.legal_actions()[0];
        state.apply_action(lead).unwrap();
        for _ in 0..3 {
            let draw = state.string_to_action("draw").unwrap();
            state.apply_action(draw).unwrap();
        }
        state
    };
    let plain = play(hand(|_| {}));
    let swapped = play(hand(|s| s.swap(0, 2)));
    let deeper = play(hand(|s| s.swap(10, 20)));
    let (a, b) = (Seat::new(0), Seat::new(1));
    assert_eq!(plain.observation_string(a).unwrap(), swapped.observation_string(a).unwrap());
    assert_ne!(plain.information_state_string(a).unwrap(), swapped.information_state_string(a).unwrap());
    assert_ne!(tensor(&plain, a), tensor(&swapped, a), "A saw its draws in another order");
    assert_eq!(tensor(&plain, b), tensor(&swapped, b), "B does not see A's draws");
    assert_ne!(plain.to_json(), deeper.to_json());
    assert_eq!(tensor(&plain, a), tensor(&deeper, a), "nobody saw the stock below");
    assert_eq!(tensor(&plain, b), tensor(&deeper, b), "nobody saw the stock below");
    // The plies as the layout has them: B's lead, then A's draw of the
    // stock's top card (its index in the card plane), B's draw (no card).
    let t = tensor(&plain, a);
    let top = Deck::Italian.cards()[8].index();
    assert_eq!(&t[340..345], &[0.0, 1.0, 1.0, 0.0, 0.0]);
    assert_eq!(&t[385..390], &[1.0, 0.0, 0.0, 1.0, 0.0]);
    assert_eq!(t[390 + top], 1.0);
    assert_eq!(t[430..475].iter().sum::<f32>(), 2.0, "B's draw: who and what, no card");
    // A's dealt cards, where its record starts.
    let dealt: Vec<usize> = (140..180).filter(|&i| t[i] == 1.0).map(|i| i - 140).collect();
    assert_eq!(dealt, Deck::Italian.cards()[..4].iter().map(|c| c.index()).collect::<Vec<_>>());
}

/// With a chance deal, the seat's cards in the order dealt: a deal of the
/// same four cards in another order is another information state.
#[test]
fn a_chance_deal_shows_the_order_of_the_seats_cards() {
    let deal = |order: [usize; 4]| {
        let mut state = load("gonzago(deal=chance)", 0).unwrap();
        // Dealer A: positions 0, 2, 4, 6 go to B, 1, 3, 5, 7 to A.
        state.apply_action(0).unwrap();
        let mut next = 4;
        for pos in 0..8 {
            let card = if pos % 2 == 1 { order[pos / 2] } else { next };
            next += usize::from(pos % 2 == 0);
            state.apply_action(card).unwrap();
        }
        state
    };
    let (one, two) = (deal([0, 1, 2, 3]), deal([3, 2, 1, 0]));
    let a = Seat::new(0);
    let (t1, t2) = (tensor(&one, a), tensor(&two, a));
    assert_ne!(t1, t2);
    assert_eq!(&t1[140..180], &t2[140..180], "the same cards");
    assert_eq!(t1[180], 1.0, "the first card dealt to A is card 0");
    assert_eq!(t2[180 + 40 * 3], 1.0, "and the last, in the other deal");
    assert_eq!(tensor(&one, Seat::new(1)), tensor(&two, Seat::new(1)), "B saw none of them");
}

/// Only a single hand of Gonzago, Camicia and Zucche e Fantasmi (up to
/// 2^20 entries) have a tensor; the others refuse to write one, as they
/// refuse a bad seat or buffer, and leave `out` as it was.
#[test]
fn the_configurations_without_a_tensor_say_so() {
    for spec in [
        "zama",
        "zama(players=4)",
        "gonzago(mode=points)",
        "gonzago(mode=best_of_three)",
        "zucche(rounds=3717)",
        "zucche(players=96)",
    ] {
        let state = load(spec, 1).unwrap();
        assert_eq!(state.information_state_tensor_shape(), None, "{spec}");
        let mut out = vec![7.0; 10];
        let err = state.information_state_tensor(Seat::new(0), &mut out).unwrap_err();
        assert!(matches!(err, HandleError::NoInformationStateTensor { .. }), "{spec}: {err}");
        assert!(out.iter().all(|&x| x == 7.0));
    }
    for (spec, len) in [
        ("gonzago", 5425),
        ("gonzago(deal=chance)", 5425),
        ("gonzago(deck=french,deal=chance)", 5425),
        ("camicia", 911),
        ("camicia(deal=chance)", 911),
        ("camicia(preset=bmn)", 1175),
        ("camicia(preset=bmn,deal=chance,draw_on_repeat=false)", 1175),
        ("zucche", 34_408),
        ("zucche(players=8)", 69_776),
        ("zucche(rounds=3716)", 568 + 3716 * 2 * 141),
        ("zucche(players=92)", 120 * 46 * (46 + 139) + 2 * 46 * 142),
    ] {
        let state = load(spec, 1).unwrap();
        assert_eq!(state.information_state_tensor_shape(), Some(vec![len]), "{spec}");
        let mut out = vec![7.0; len - 1];
        assert!(matches!(state.information_state_tensor(Seat::new(0), &mut out), Err(HandleError::View(_))));
        let mut out = vec![7.0; len];
        let beyond = Seat::new(u8::try_from(state.num_seats()).unwrap());
        assert!(matches!(state.information_state_tensor(beyond, &mut out), Err(HandleError::View(_))));
        assert!(out.iter().all(|&x| x == 7.0));
    }
}

/// C-rules of turning: the cards turned from the top of each hand where
/// play starts fill its positions in order (the seat's hand first), and
/// the cards collected under a hand, seen on the pile, fill none; the
/// opponent's order is seen as well as the seat's own (both are face
/// down until turned).
#[test]
fn camicia_positions_hold_the_cards_turned_from_each_hand() {
    // Camicia: 40 cards, a view of 214 entries; the positions start at
    // 2 × 214 + 3, six entries each, 40 per hand.
    let (view, hands) = (214, 431);
    for seed in 0..20 {
        if camicia_positions(seed, view, hands) {
            return;
        }
    }
    panic!("some seed must reach a card collected under a hand");
}

/// Checks the positions over seed `seed`'s game; whether a card collected
/// under a hand came up.
fn camicia_positions(seed: u64, view: usize, hands: usize) -> bool {
    let mut state = load("camicia", seed).unwrap();
    let game: camicia_rules::Camicia = serde_json::from_str(&state.to_json()).unwrap();
    let dealt = ByPlayer::new(game.hand(Player::A).to_vec(), game.hand(Player::B).to_vec());
    let mut turned = ByPlayer::new(0usize, 0usize);
    let mut collected = false;
    for _ in 0..600 {
        let now: camicia_rules::Camicia = serde_json::from_str(&state.to_json()).unwrap();
        let Some(mover) = now.to_move() else { break };
        // A card turned from the dealt part of the hand, or from under it.
        collected |= turned[mover] >= dealt[mover].len();
        turned[mover] += 1;
        state.apply_action(0).unwrap();
        for me in Player::ALL {
            let t = tensor(&state, me.seat());
            assert_eq!(&t[view..view + 14][..2], &[20.0, 20.0], "the start: 20 cards each");
            assert_eq!(t[2 * view + 2], (turned[Player::A] + turned[Player::B]) as f32, "cards turned");
            for (q, p) in [me, me.other()].into_iter().enumerate() {
                for (i, &kind) in dealt[p].iter().enumerate() {
                    let at = hands + 6 * (40 * q + i);
                    let want: Vec<f32> = (0..6)
                        .map(|e| {
                            let shown = i < turned[p];
                            f32::from(u8::from(if shown { e == 1 + usize::from(kind) } else { e == 0 }))
                        })
                        .collect();
                    assert_eq!(&t[at..at + 6], &want[..], "{me} sees {p}'s position {i}");
                }
                let past = hands + 6 * (40 * q + 20);
                assert!(t[past..past + 6 * 20].iter().all(|&x| x == 0.0), "no position past the hand");
            }
        }
    }
    collected
}

/// A record resumed by hand that no play gives (malformed views, tokens
/// that are no kind, a pile longer than the deck) never panics: the
/// tensor reads what it can and stops.
#[test]
fn camicia_odd_records_do_not_panic() {
    let seat = Seat::new(1);
    let mut state = load("camicia(preset=bmn)", 2).unwrap();
    for _ in 0..30 {
        state.apply_action(0).unwrap();
    }
    let sample = state.resample(seat, 4).unwrap();
    let string = sample.information_state_string(seat).unwrap();
    let digest = &string[string.rfind(" #").unwrap()..];
    let pile = " J".repeat(60);
    let odd = [
        "[nonsense] Z Q".to_owned(),
        "[B: holds 99, opponent 99 | pile - | owes 9 | cards 1, tricks 0 | B to move] - - J K".to_owned(),
        format!("[B: holds 1, opponent 1 | pile{pile} | owes 0 | cards 1, tricks 0 | A to move] -"),
        "deal ? ? ? - J Q K A - - - -".to_owned(),
        "deal".to_owned(),
        String::new(),
    ];
    let mut resumed = 0;
    for record in odd {
        let mut back = load_game("camicia(preset=bmn)").unwrap().load_state(&sample.to_json()).unwrap();
        if back.resume_information_state(seat, &format!("{record}{digest}")).is_ok() {
            resumed += 1;
            let t = tensor(&back, seat);
            assert_eq!(t.len(), 1175);
        }
    }
    assert!(resumed > 0, "some odd record must be taken, or the test proves nothing");
}
