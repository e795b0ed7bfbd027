//! Serialized states are validated on load.

use carte_core::{Game, Replay};
use zucche_rules::{Config, Move, Setup, Zucche, random_game};

#[test]
fn states_round_trip_through_json() {
    let (game, _) = random_game(&Config::players(8).with_rounds(30), 5).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Zucche>(&json).unwrap(), game);
    let fresh = Zucche::new(&Config::default()).unwrap();
    let json = serde_json::to_string(&fresh).unwrap();
    assert_eq!(
        json,
        r#"{"config":{"players":4,"rounds":120},"round":0,"board":1,"roll":null,"boards":["bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0","wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0"]}"#
    );
}

#[test]
fn moves_serialize_as_notation() {
    for text in ["roll 4", "pass", "2:place c1", "1:a1-a4"] {
        let mv: Move = text.parse().unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), format!("{text:?}"));
        assert_eq!(serde_json::from_str::<Move>(&format!("{text:?}")).unwrap(), mv);
    }
    assert!(serde_json::from_str::<Move>(r#""roll 9""#).is_err());
}

#[test]
fn corrupted_states_are_refused() {
    let good = r#"{"config":{"players":4,"rounds":120},"round":0,"board":1,"roll":null,"boards":["bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0","wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0"]}"#;
    assert!(serde_json::from_str::<Zucche>(good).is_ok());
    let cases = [
        // Players not a multiple of 4.
        ("\"players\":4", "\"players\":6"),
        ("\"rounds\":120", "\"rounds\":0"),
        // A checker created.
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/w7/wwwwwwww w 0 0"),
        // A checker lost.
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/8/wwwwwww1 w 0 0"),
        // A checker moved into a hand of the wrong color.
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/8/wwwwwww1 w 0 1"),
        // Bad board text.
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/8/wwwwwwwww w 0 0"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/wwwwwwww w 0 0"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/8/wwwwxwww w 0 0"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/8/wwwwwwww g 0 0"),
        ("bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0", "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w -1 0"),
        // A board missing.
        (",\"wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0\"", ""),
        // Cursor beyond the boards, a bad roll, a finished game that is not.
        ("\"board\":1", "\"board\":3"),
        ("\"board\":1", "\"board\":0"),
        ("\"board\":1", "\"board\":200"),
        ("\"roll\":null", "\"roll\":7"),
        ("\"roll\":null", "\"roll\":0"),
        ("\"board\":1", "\"board\":null"),
        ("\"round\":0", "\"round\":120"),
        ("\"round\":0", "\"round\":121"),
        // Structure.
        ("\"boards\":[", "\"boards\":{"),
        ("\"round\":0", "\"round\":-1"),
    ];
    for (from, to) in cases {
        assert!(good.contains(from), "{from}");
        let bad = good.replacen(from, to, 1);
        assert!(serde_json::from_str::<Zucche>(&bad).is_err(), "accepted {bad}");
    }
    // States play cannot reach, each refused for its own reason.
    let unreachable = [
        (
            r#"{"config":{"players":4,"rounds":120},"round":0,"board":2,"roll":null,"boards":["8/8/8/8/8/8/8/8 w 0 0","wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb w 0 0"]}"#,
            "on board 1 neither player has a checker",
        ),
        (
            r#"{"config":{"players":4,"rounds":120},"round":0,"board":2,"roll":null,"boards":["8/8/8/8/8/8/8/wwwwwwww w 0 0","wwwwwwww/8/8/8/8/8/bbbbbbbb/bbbbbbbb w 0 0"]}"#,
            "board 1 is frozen but B1, who waits, is not to move",
        ),
        (
            r#"{"config":{"players":4,"rounds":120},"round":0,"board":1,"roll":null,"boards":["8/8/8/8/8/8/8/wwwwwwww b 0 0","wwwwwwww/8/8/8/8/8/bbbbbbbb/bbbbbbbb w 0 0"]}"#,
            "board 1 is frozen and cannot be playing",
        ),
        (
            r#"{"config":{"players":4,"rounds":120},"round":0,"board":1,"roll":3,"boards":["bbbbbbbb/8/8/8/8/8/8/wwwwwww1 w 1 0","wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0"]}"#,
            "the die is rolled while A1 still owes placements",
        ),
        (
            r#"{"config":{"players":4,"rounds":120},"round":0,"board":null,"roll":null,"boards":["bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0","wwwwwwww/8/8/8/8/8/8/bbbbbbbb w 0 0"]}"#,
            "no board is playing but the game is not over",
        ),
    ];
    for (bad, reason) in unreachable {
        let err = serde_json::from_str::<Zucche>(bad).unwrap_err().to_string();
        assert!(err.contains(reason), "{err}\n{bad}");
    }
    // Owing a placement with no roll yet is fine, one round in (in round 0
    // board 1 cannot have received a checker: the last board has not played).
    let with_placement = unreachable[3].0.replace("\"roll\":3", "\"roll\":null");
    assert!(serde_json::from_str::<Zucche>(&with_placement).unwrap_err().to_string().contains("first round"));
    let with_placement = with_placement.replace("\"round\":0", "\"round\":1");
    let game: Zucche = serde_json::from_str(&with_placement).unwrap();
    assert_eq!(game.legal_move_vec(), ["1:place h1".parse().unwrap()]);
}

#[test]
fn replays_rebuild_the_game() {
    let mut replay = Replay::<Zucche>::new(Config::players(4).with_rounds(5), 9);
    let mut game = replay.start().unwrap();
    let mut rng = carte_core::deal_rng(9);
    while !game.is_over() {
        let mv = zucche_rules::heuristic_move(&game, &mut rng).unwrap();
        game.apply(mv).unwrap();
        replay.push(mv);
    }
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay<Zucche> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.replay().unwrap(), game);
}

#[test]
fn setups_with_two_checkers_on_a_square_are_refused() {
    // The text form cannot say it; the bitboards of a `Setup` can.
    let mut setup = Setup::start(Config::default()).unwrap();
    setup.boards[1].checkers.white |= 1; // a1, where Black stands on board 2
    let err = Zucche::from_setup(&setup).unwrap_err();
    assert_eq!(err.to_string(), "bad setup: board 2 has two checkers on a1");
}

#[test]
fn checker_colours_are_snake_case_and_the_old_spelling_loads() {
    use zucche_rules::Color;
    assert_eq!(serde_json::to_string(&Color::White).unwrap(), r#""white""#);
    assert_eq!(serde_json::from_str::<Color>(r#""Black""#).unwrap(), Color::Black);
    assert_eq!(serde_json::from_str::<Color>(r#""black""#).unwrap(), Color::Black);
}
