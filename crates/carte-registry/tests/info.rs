//! Information-state strings: the per-ply tokens are exactly as fine as
//! what the seat saw, however the string was asked for.

use std::collections::HashMap;

use carte_core::Seat;
use carte_registry::{GameHandle, load};

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

/// Which moves every seat sees played, beyond its views: `(seat moves,
/// chance outcomes)`.
fn public(spec: &str) -> (bool, bool) {
    match spec.split('(').next() {
        // Z10, Z18, Z26: every move is seen (a King clash between cards
        // known to all changes no view, yet was seen).
        Some("zama") => (true, false),
        // No hidden information: every move and roll is seen.
        Some("zucche") => (true, true),
        _ => (false, false),
    }
}

/// What a seat saw, written the long way: its view at the start and after
/// every ply, the moves it chose and the moves it sees others play (the
/// information state of carte 0.1, with the public moves).
#[derive(Clone)]
struct Seen {
    seat: Seat,
    text: String,
}

impl Seen {
    fn new(state: &GameHandle, seat: Seat) -> Seen {
        Seen { seat, text: format!("[{}]", state.observation_string(seat).unwrap()) }
    }

    /// Records the ply `action` of `before`, which led to `after`.
    fn push(&mut self, spec: &str, before: &GameHandle, action: usize, after: &GameHandle) {
        let (moves, chance) = public(spec);
        let shown = match before.current_seat() {
            Some(s) => s == self.seat || moves,
            None => chance,
        };
        if shown {
            self.text.push(' ');
            self.text.push_str(&before.action_to_string(action).unwrap());
        }
        self.text.push_str(&format!(" [{}]", after.observation_string(self.seat).unwrap()));
    }
}

/// A state with, per seat tracked, what it saw the long way.
#[derive(Clone)]
struct Tracked {
    state: GameHandle,
    seen: Vec<Seen>,
}

impl Tracked {
    fn step(&mut self, spec: &str, rng: &mut Rng) -> bool {
        if self.state.is_terminal() {
            return false;
        }
        let legal = self.state.legal_actions();
        let action = legal[rng.below(legal.len())];
        let before = self.state.clone();
        self.state.apply_action(action).unwrap();
        for s in &mut self.seen {
            s.push(spec, &before, action, &self.state);
        }
        true
    }
}

/// Pairs (long record, string) of one seat must match one to one.
#[derive(Default)]
struct Classes {
    by_seen: HashMap<(Seat, String), String>,
    by_string: HashMap<(Seat, String), String>,
    /// States that met a string seen before.
    shared: usize,
    /// The digest of each view, and the view of each digest.
    digests: HashMap<(Seat, String), String>,
    views: HashMap<(Seat, String), String>,
}

impl Classes {
    fn add(&mut self, spec: &str, t: &Tracked) {
        for seen in &t.seen {
            let full = t.state.information_state_string(seen.seat).unwrap();
            // Without the digest of the current view, which would hide a
            // token that drops what a later view still shows.
            let (string, digest) = full.rsplit_once(" #").unwrap();
            assert_eq!(digest.len(), 16, "{spec}");
            let string = string.to_owned();
            let view = t.state.observation_string(seen.seat).unwrap();
            let old = self.digests.entry((seen.seat, view.clone())).or_insert_with(|| digest.to_owned());
            assert_eq!(old, digest, "{spec}: one view, two digests: {view}");
            let old = self.views.entry((seen.seat, digest.to_owned())).or_insert_with(|| view.clone());
            assert_eq!(*old, view, "{spec}: one digest, two views");
            self.shared += usize::from(self.by_string.contains_key(&(seen.seat, string.clone())));
            let old = self.by_seen.entry((seen.seat, seen.text.clone())).or_insert_with(|| string.clone());
            assert_eq!(*old, string, "{spec}: one thing seen by seat {}, two strings", seen.seat);
            let old = self.by_string.entry((seen.seat, string.clone())).or_insert_with(|| seen.text.clone());
            assert_eq!(*old, seen.text, "{spec}: one string for seat {}, two things seen:\n{string}", seen.seat);
        }
    }
}

/// A state of `spec` with its long records from the very start (a chance
/// deal's plies included), dealt at random.
fn start(spec: &str, seed: u64, rng: &mut Rng) -> Tracked {
    let state = load(spec, seed).unwrap();
    let seen = (0..state.num_seats()).map(|s| Seen::new(&state, Seat::new(s as u8))).collect();
    let mut t = Tracked { state, seen };
    while t.state.is_chance_node() && t.step(spec, rng) {}
    t
}

const SPECS: [&str; 9] = [
    "zama",
    "zama(players=4)",
    "zama(deal=chance)",
    "gonzago",
    "gonzago(deal=chance)",
    "gonzago(mode=points)",
    "zucche",
    "camicia",
    "camicia(preset=bmn)",
];

/// The string is a function of what the seat saw (the long record), and
/// determines it: over random play from many starts, and over
/// determinizations played on with the same moves, two states give a seat
/// the same string exactly when they give it the same long record.
#[test]
fn the_string_and_what_the_seat_saw_determine_each_other() {
    let cases: u64 = std::env::var("CARTE_INFO_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(3);
    for spec in SPECS {
        let mut classes = Classes::default();
        let mut rng = Rng(0x1234 ^ spec.len() as u64);
        let plies = if spec.starts_with("zama") { 60 } else { 120 };
        for seed in 0..cases {
            let mut t = start(spec, seed, &mut rng);
            classes.add(spec, &t);
            for ply in 0..plies {
                if !t.step(spec, &mut rng) {
                    break;
                }
                classes.add(spec, &t);
                if ply % 17 == 5 && !t.state.is_chance_node() {
                    // A determinization for one seat: the same record, played
                    // on with the same choices while both allow them.
                    let seat = Seat::new(rng.below(t.state.num_seats()) as u8);
                    let mut sample = Tracked {
                        state: t.state.resample(seat, rng.below(1000) as u64).unwrap(),
                        seen: t.seen.iter().filter(|s| s.seat == seat).cloned().collect(),
                    };
                    let mut ours = Tracked { state: t.state.clone(), seen: sample.seen.clone() };
                    for k in 0..12 {
                        classes.add(spec, &sample);
                        if ours.state.legal_actions() != sample.state.legal_actions() {
                            break;
                        }
                        let (mut r1, mut r2) = (Rng(k), Rng(k));
                        if !(ours.step(spec, &mut r1) & sample.step(spec, &mut r2)) {
                            break;
                        }
                        classes.add(spec, &ours);
                    }
                }
            }
        }
        // Some states must share a string, or the test proves nothing.
        assert!(classes.shared > 0, "{spec}");
    }
}

/// A string asked for at every ply, once at the end, or of a clone is the
/// same string.
#[test]
fn the_string_does_not_depend_on_when_it_is_asked() {
    for spec in ["zama(players=4)", "gonzago(mode=points)", "zucche", "camicia", "gonzago(deal=chance)"] {
        let mut rng = Rng(7);
        let mut every = start(spec, 3, &mut rng).state;
        let mut once = every.clone();
        let seats: Vec<Seat> = (0..every.num_seats()).map(|s| Seat::new(s as u8)).collect();
        for ply in 0..150 {
            if every.is_terminal() {
                break;
            }
            let legal = every.legal_actions();
            let a = legal[rng.below(legal.len())];
            every.apply_action(a).unwrap();
            once.apply_action(a).unwrap();
            let seat = seats[ply % seats.len()];
            let s = every.information_state_string(seat).unwrap();
            if ply % 40 == 0 {
                // A clone shares the record and extends its own.
                let mut c = every.clone();
                assert_eq!(c.information_state_string(seat).unwrap(), s);
                if let Some(&b) = c.legal_actions().first() {
                    c.apply_action(b).unwrap();
                    c.information_state_string(seat).unwrap();
                }
                assert_eq!(every.information_state_string(seat).unwrap(), s, "{spec}");
            }
        }
        for &seat in &seats {
            assert_eq!(once.information_state_string(seat).unwrap(), every.information_state_string(seat).unwrap());
        }
    }
}

/// The bound of issue 24: at ply 200 of four-player Zama the string holds
/// at most 4 KB.
#[test]
fn four_player_zama_at_ply_200_holds_at_most_4_kb() {
    for seed in 0..3 {
        let mut rng = Rng(seed);
        let mut state = load("zama(players=4)", seed).unwrap();
        for _ in 0..200 {
            if state.is_terminal() {
                break;
            }
            let legal = state.legal_actions();
            state.apply_action(legal[rng.below(legal.len())]).unwrap();
        }
        for s in 0..4 {
            let len = state.information_state_string(Seat::new(s)).unwrap().len();
            assert!(len <= 4096, "seed {seed} seat {s}: {len} bytes");
        }
    }
}

/// A record ends with the digest of the seat's view: a state rebuilt from
/// its JSON takes back its own record, and refuses another state's record,
/// a record whose digest was changed, or one without it.
#[test]
fn a_record_is_resumed_only_by_a_state_with_its_view() {
    for spec in ["zama(players=4)", "gonzago", "camicia", "gonzago(mode=points)"] {
        let game = carte_registry::load_game(spec).unwrap();
        let mut rng = Rng(11);
        let mut state = game.new_state(4);
        for _ in 0..20 {
            let legal = state.legal_actions();
            state.apply_action(legal[rng.below(legal.len())]).unwrap();
        }
        let seat = Seat::new(0);
        let sample = state.resample(seat, 3).unwrap();
        let record = sample.information_state_string(seat).unwrap();
        let mut back = game.load_state(&sample.to_json()).unwrap();
        back.resume_information_state(seat, &record).unwrap();
        assert_eq!(back.information_state_string(seat).unwrap(), record);
        // The record of the state at its start (another view).
        let start = game.new_state(4).information_state_string(seat).unwrap();
        let (body, digest) = record.rsplit_once(" #").unwrap();
        let flipped = format!("{body} #{:016x}", u64::from_str_radix(digest, 16).unwrap() ^ 1);
        for bad in [start, flipped, body.to_owned()] {
            let mut other = game.load_state(&sample.to_json()).unwrap();
            assert!(other.resume_information_state(seat, &bad).is_err(), "{spec}: {bad}");
            assert_eq!(other.information_state_string(seat).unwrap().rsplit_once(" #").unwrap().1, digest);
        }
    }
}
