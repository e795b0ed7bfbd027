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
    fn add(&mut self, spec: &str, state: &GameHandle) {
        for s in 0..state.num_seats() {
            let seat = Seat::new(s as u8);
            let string = state.information_state_string(seat).unwrap();
            let t = tensor(state, seat);
            check_range(spec, &t);
            let k = key(&t);
            self.shared += usize::from(self.by_string.contains_key(&(seat, string.clone())));
            let old = self.by_string.entry((seat, string.clone())).or_insert_with(|| k.clone());
            assert!(*old == k, "{spec}: one string for seat {seat}, two tensors:\n{string}");
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
    let cases: u64 = std::env::var("CARTE_INFO_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(4);
    for spec in ["gonzago", "gonzago(deal=chance)", "gonzago(deck=french)"] {
        let mut classes = Classes::default();
        let mut samples = 0;
        let mut rng = Rng(0x24 ^ spec.len() as u64);
        for seed in 0..cases {
            let mut state = load(spec, seed).unwrap();
            let mut ply = 0;
            while !state.is_terminal() {
                classes.add(spec, &state);
                let legal = state.legal_actions();
                state.apply_action(legal[rng.below(legal.len())]).unwrap();
                ply += 1;
                if ply % 7 == 3 {
                    classes.add(spec, &state.clone());
                    let seat = Seat::new(rng.below(2) as u8);
                    let mut sample = state.resample(seat, rng.below(1000) as u64).unwrap();
                    let mut ours = state.clone();
                    if !sample.is_chance_node() {
                        let mut back = rebuilt(spec, &sample, seat);
                        same(&tensor(&back, seat), &tensor(&sample, seat), &format!("{spec}: a rebuilt sample"));
                        classes.add(spec, &back);
                        if let Some(&a) = back.legal_actions().first() {
                            let mut on = sample.clone();
                            on.apply_action(a).unwrap();
                            back.apply_action(a).unwrap();
                            same(
                                &tensor(&back, seat),
                                &tensor(&on, seat),
                                &format!("{spec}: a rebuilt sample played on"),
                            );
                            classes.add(spec, &back);
                        }
                    }
                    for _ in 0..6 {
                        // Equal until the seat draws another card in the sample.
                        let string = sample.information_state_string(seat).unwrap();
                        if string == ours.information_state_string(seat).unwrap() {
                            let what = format!("{spec}: a sample for {seat}\n{string}");
                            same(&tensor(&sample, seat), &tensor(&ours, seat), &what);
                            samples += 1;
                        }
                        classes.add(spec, &sample);
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
            classes.add(spec, &state);
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

/// Only a single hand of Gonzago has a tensor; the others refuse to write
/// one, as they refuse a bad seat or buffer, and leave `out` as it was.
#[test]
fn the_configurations_without_a_tensor_say_so() {
    for spec in ["zama", "zama(players=4)", "gonzago(mode=points)", "gonzago(mode=best_of_three)", "zucche", "camicia"]
    {
        let state = load(spec, 1).unwrap();
        assert_eq!(state.information_state_tensor_shape(), None, "{spec}");
        let mut out = vec![7.0; 10];
        let err = state.information_state_tensor(Seat::new(0), &mut out).unwrap_err();
        assert!(matches!(err, HandleError::NoInformationStateTensor { .. }), "{spec}: {err}");
        assert!(out.iter().all(|&x| x == 7.0));
    }
    for spec in ["gonzago", "gonzago(deal=chance)", "gonzago(deck=french,deal=chance)"] {
        let state = load(spec, 1).unwrap();
        assert_eq!(state.information_state_tensor_shape(), Some(vec![5425]), "{spec}");
        let mut out = vec![7.0; 5424];
        assert!(matches!(state.information_state_tensor(Seat::new(0), &mut out), Err(HandleError::View(_))));
        let mut out = vec![7.0; 5425];
        assert!(matches!(state.information_state_tensor(Seat::new(2), &mut out), Err(HandleError::View(_))));
        assert!(out.iter().all(|&x| x == 7.0));
    }
}
