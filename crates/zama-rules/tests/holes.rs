//! Loaded states that no game reaches are refused (issue 12's Zama holes),
//! as states and through `Observation` deserialization; each has a
//! regression test, next to a reachable state of the same kind that loads.

use carte_core::{Game, HiddenInfo, Seat, deal_rng};
use serde_json::{Value, json};
use zama_rules::{Config, DrawReason, Ending, Observation, Phase, Player, Setup, SetupError, Zama};

fn sq(s: &str) -> zama_rules::Square {
    s.parse().unwrap()
}

fn zc(s: &str) -> zama_rules::ZamaCard {
    s.parse().unwrap()
}

/// A two-player position, Red to move, with the given cards.
fn setup(cards: &[(&str, &str)]) -> Setup {
    let mut s = Setup::empty(Config::default());
    for (cell, card) in cards {
        s.place(sq(cell), zc(card));
    }
    s
}

fn as_state(mut v: Value, edit: impl FnOnce(&mut Value)) -> Result<Zama, serde_json::Error> {
    edit(&mut v);
    serde_json::from_value(v)
}

/// Rule Z42: `passes: 1` while the mover has an attack. With two seats
/// attacks are symmetric, so the seat that passed had one too.
#[test]
fn a_pass_pending_while_the_mover_has_an_attack_is_refused() {
    let mut s = Setup::deal(Config::default(), 3);
    s.passes = 1;
    assert_eq!(Zama::from_setup(&s), Err(SetupError::PassWithAttack { color: Player::Blue }));
    let json = serde_json::to_value(Zama::new(&Config::default(), 3).unwrap()).unwrap();
    assert!(as_state(json, |v| v["passes"] = 1.into()).is_err());
    // Reachable: a pass pending where nobody can attack.
    let mut s = setup(&[("a1", "rKs"), ("c1", "rKh"), ("e1", "bKs"), ("g1", "bKh")]);
    s.passes = 1;
    s.to_move = Player::Blue;
    assert!(Zama::from_setup(&s).is_ok());
    // With four seats the check is on the seats that passed, not the mover.
    let mut s = Setup::empty(Config::default().with_players(4));
    for (cell, card) in [("a1", "rKs"), ("c1", "rKh"), ("e1", "bKs"), ("g1", "bKh"), ("a5", "gKs"), ("b5", "yKs")] {
        s.place(sq(cell), zc(card));
    }
    s.place(sq("j9"), zc("gKh"));
    s.place(sq("l9"), zc("yKh"));
    s.to_move = Player::Green;
    s.passes = 2; // Red and Blue passed: they have no attack, Green does
    assert!(Zama::from_setup(&s).is_ok());
    s.to_move = Player::Red;
    s.passes = 2; // Green and Yellow "passed", but they have an attack
    assert_eq!(Zama::from_setup(&s), Err(SetupError::PassWithAttack { color: Player::Yellow }));
}

/// Rule Z44: a no-removal draw with the count below the limit.
#[test]
fn a_no_removal_draw_below_the_limit_is_refused() {
    let mut s = Setup::deal(Config::default(), 4);
    s.phase = Phase::Over(Ending::Draw(DrawReason::NoRemoval));
    s.quiet_plies = 199;
    assert!(matches!(Zama::from_setup(&s), Err(SetupError::Ending { .. })));
    s.quiet_plies = 200;
    assert!(Zama::from_setup(&s).is_ok());
    s.quiet_plies = 201;
    assert!(Zama::from_setup(&s).is_err());
}

/// Rule Z43: a two-pass draw without two passes (or with a seat that
/// could still attack).
#[test]
fn a_two_pass_draw_without_two_passes_is_refused() {
    let mut s = setup(&[("a1", "rKs"), ("c1", "rKh"), ("e1", "bKs"), ("g1", "bKh")]);
    s.phase = Phase::Over(Ending::Draw(DrawReason::TwoPasses));
    for passes in [0, 1] {
        s.passes = passes;
        assert!(matches!(Zama::from_setup(&s), Err(SetupError::Ending { .. })), "{passes} passes");
    }
    s.passes = 2;
    assert!(Zama::from_setup(&s).is_ok());
    // Two passes where attacks exist.
    let mut d = Setup::deal(Config::default(), 5);
    d.phase = Phase::Over(Ending::Draw(DrawReason::TwoPasses));
    d.passes = 2;
    assert!(Zama::from_setup(&d).is_err());
    // The four-player reason on the two-player board.
    s.phase = Phase::Over(Ending::Draw(DrawReason::AllPassed));
    assert!(Zama::from_setup(&s).is_err());
}

/// Rules Z28, Z37 and Z41: a win whose winner's K♠ is not face up beside
/// the enemy K♥ known to both is refused.
#[test]
fn a_win_without_the_capture_on_the_board_is_refused() {
    let won = || {
        let mut s = setup(&[("c4", "rKs"), ("d4", "bKh"), ("h1", "bKs"), ("k1", "rKh")]);
        for color in [Player::Red, Player::Blue] {
            s.known[color].insert(sq("c4"));
            s.known[color].insert(sq("d4"));
        }
        s.face_up.insert(sq("c4"));
        s.phase = Phase::Over(Ending::Win(Player::Red));
        s
    };
    assert!(Zama::from_setup(&won()).is_ok());
    let mut s = won();
    s.face_up = zama_rules::CellSet::EMPTY;
    s.known[Player::Red].remove(sq("c4"));
    s.known[Player::Blue].remove(sq("c4"));
    assert!(Zama::from_setup(&s).is_err(), "the K♠ is not face up");
    let mut s = won();
    s.known[Player::Blue].remove(sq("d4"));
    assert!(Zama::from_setup(&s).is_err(), "the K♥ is not known to both");
    let mut s = won();
    s.known[Player::Red].remove(sq("d4"));
    s.known[Player::Blue].remove(sq("d4"));
    assert!(Zama::from_setup(&s).is_err(), "the K♥ is known to neither");
    let mut s = won();
    s.board.swap(sq("d4").index(), sq("e4").index());
    s.known[Player::Red] = [sq("c4"), sq("e4")].into_iter().collect();
    s.known[Player::Blue] = [sq("c4"), sq("e4")].into_iter().collect();
    assert!(Zama::from_setup(&s).is_err(), "the K♥ is not beside the K♠");
    let mut s = won();
    s.to_move = Player::Blue;
    assert!(Zama::from_setup(&s).is_err(), "the winner made the last move");
    let mut s = won();
    s.phase = Phase::Over(Ending::Win(Player::Blue));
    s.to_move = Player::Blue;
    assert!(Zama::from_setup(&s).is_err(), "Blue's K♠ took nothing");
    // A win at the deal (the JSON of a fresh game with an ending put in).
    let json = serde_json::to_value(Zama::new(&Config::default(), 6).unwrap()).unwrap();
    assert!(as_state(json, |v| v["phase"] = json!({"Over": {"Win": "Red"}})).is_err());
}

/// The same holes through `Observation` deserialization: a view is refused
/// when no legal state shows it.
#[test]
fn observations_of_unreachable_endings_are_refused() {
    let game = Zama::new(&Config::default(), 7).unwrap();
    let mut rng = deal_rng(7);
    let mut g = game.clone();
    for _ in 0..40 {
        g.play_random_move(&mut rng);
    }
    let obs = serde_json::to_value(g.observation(Seat::new(0)).unwrap()).unwrap();
    assert!(serde_json::from_value::<Observation>(obs.clone()).is_ok());
    type Edit = Box<dyn Fn(&mut Value)>;
    let edits: Vec<(&str, Edit)> = vec![
        ("win without a capture", Box::new(|v| v["phase"] = json!({"Over": {"Win": "Red"}}))),
        ("two-pass draw without passes", Box::new(|v| v["phase"] = json!({"Over": {"Draw": "TwoPasses"}}))),
        ("no-removal draw below the limit", Box::new(|v| v["phase"] = json!({"Over": {"Draw": "NoRemoval"}}))),
        ("a pass pending with attacks", Box::new(|v| v["passes"] = 1.into())),
        ("a seat the game does not have", Box::new(|v| v["seat"] = "Green".into())),
        ("three players", Box::new(|v| v["config"]["players"] = 3.into())),
    ];
    for (what, edit) in edits {
        let mut v = obs.clone();
        edit(&mut v);
        assert!(serde_json::from_value::<Observation>(v).is_err(), "{what}");
    }
    // A real win's view loads.
    let mut s = setup(&[("c4", "rKs"), ("d4", "bKh"), ("h1", "bKs"), ("k1", "rKh")]);
    for color in [Player::Red, Player::Blue] {
        s.known[color].insert(sq("c4"));
    }
    s.face_up.insert(sq("c4"));
    s.known[Player::Red].insert(sq("d4"));
    let mut g = Zama::from_setup(&s).unwrap();
    g.apply("c4xd4".parse().unwrap()).unwrap();
    assert_eq!(g.ending(), Some(Ending::Win(Player::Red)));
    for seat in [Seat::new(0), Seat::new(1)] {
        let v = serde_json::to_value(g.observation(seat).unwrap()).unwrap();
        assert!(serde_json::from_value::<Observation>(v).is_ok());
    }
}

/// Z36, Z37, Z38: only a K♠ shown in a battle lies face up, and a card
/// shown in a battle is known to both players. A loaded face-up cell must
/// hold a K♠ that everyone knows: a face-up K♠ only one player knows (a
/// peek, Z38), or a face-up card that is not a K♠ even if both know it
/// (it turned face down after its battle, Z36), or an empty face-up cell,
/// is refused.
#[test]
fn only_a_k_of_spades_known_to_both_lies_face_up() {
    let base = || {
        let mut s = setup(&[
            ("c4", "r7c"),
            ("d4", "b7h"),
            ("f6", "bQd"),
            ("a8", "rKs"),
            ("c8", "bKs"),
            ("e8", "rKh"),
            ("g8", "bKh"),
        ]);
        for color in [Player::Red, Player::Blue] {
            s.known[color].insert(sq("a8"));
            s.known[color].insert(sq("f6"));
        }
        s
    };
    let mut up = base();
    up.face_up.insert(sq("a8"));
    assert!(Zama::from_setup(&up).is_ok());
    let mut peeked = up.clone();
    peeked.known[Player::Blue].remove(sq("a8"));
    assert_eq!(Zama::from_setup(&peeked), Err(SetupError::BadFaceUp { cell: sq("a8") }), "a K♠ only Red knows");
    let mut queen = base();
    queen.face_up.insert(sq("f6"));
    assert_eq!(Zama::from_setup(&queen), Err(SetupError::BadFaceUp { cell: sq("f6") }), "a queen known to both");
    let mut hidden = base();
    hidden.face_up.insert(sq("c4"));
    assert_eq!(Zama::from_setup(&hidden), Err(SetupError::BadFaceUp { cell: sq("c4") }), "a card nobody knows");
    let mut unseen = up.clone();
    unseen.known[Player::Red].remove(sq("a8"));
    unseen.known[Player::Blue].remove(sq("a8"));
    assert_eq!(Zama::from_setup(&unseen), Err(SetupError::BadFaceUp { cell: sq("a8") }), "a K♠ nobody knows");
    let mut empty = base();
    empty.face_up.insert(sq("h5"));
    assert_eq!(Zama::from_setup(&empty), Err(SetupError::BadFaceUp { cell: sq("h5") }), "an empty cell");
}
