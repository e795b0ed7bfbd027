//! Serialized states, setups and observations: round trips, validation of
//! hand-corrupted JSON, and golden data pinning the deal and a game.

use carte_core::{Game, HiddenInfo, Seat, deal_rng};
use zama_rules::{Config, Observation, Setup, Zama};

fn midgame() -> Zama {
    let mut g = Zama::new(&Config::default(), 11).unwrap();
    let mut rng = deal_rng(4);
    for _ in 0..150 {
        if g.play_random_move(&mut rng).is_none() {
            break;
        }
    }
    g
}

#[test]
fn states_and_observations_round_trip() {
    let g = midgame();
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(serde_json::from_str::<Zama>(&json).unwrap(), g);
    for seat in [Seat::new(0), Seat::new(1)] {
        let obs = g.observation(seat).unwrap();
        let json = serde_json::to_string(&obs).unwrap();
        assert_eq!(serde_json::from_str::<Observation>(&json).unwrap(), obs);
    }
    assert_eq!(Zama::from_setup(&g.to_setup()).unwrap(), g);
}

fn corrupt(g: &Zama, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v = serde_json::to_value(g).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn moves_serialize_as_notation() {
    for text in ["c4xd4", "d4-e4", "peek f6", "end", "pass"] {
        let mv: zama_rules::Move = text.parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, format!("{text:?}"));
        assert_eq!(serde_json::from_str::<zama_rules::Move>(&json).unwrap(), mv);
    }
    for bad in ["\"c4xz4\"", "\"jump\"", "3"] {
        assert!(serde_json::from_str::<zama_rules::Move>(bad).is_err(), "{bad}");
    }
}

/// Rules Z35 and Z44: a state without a K♠, or past the no-removal limit, is refused.
#[test]
fn corrupted_states_are_refused() {
    let g = Zama::new(&Config::default(), 3).unwrap();
    let board = g.to_setup();
    let text = serde_json::to_value(&g).unwrap()["board"].as_str().unwrap().to_string();
    let first = text.split_whitespace().next().unwrap().to_string();
    let cases: Vec<(&str, String)> = vec![
        (
            "duplicate card",
            corrupt(&g, |v| v["board"] = text.replacen(text.split_whitespace().nth(1).unwrap(), &first, 1).into()),
        ),
        (
            "missing king",
            corrupt(&g, |v| {
                let ks = board.board.iter().position(|c| c.map(|c| format!("{c:#}")) == Some("rKs".into())).unwrap();
                let mut tokens: Vec<String> = text.split_whitespace().filter(|t| *t != "/").map(String::from).collect();
                tokens[ks] = ".".into();
                v["board"] = tokens.join(" ").into();
            }),
        ),
        ("bad token", corrupt(&g, |v| v["board"] = text.replacen(&first, "zz", 1).into())),
        ("short board", corrupt(&g, |v| v["board"] = text.rsplit_once(' ').unwrap().0.to_string().into())),
        ("face-up card not a known K♠", corrupt(&g, |v| v["face_up"] = serde_json::json!(["a1"]))),
        ("knowledge of an empty cell", {
            let mut s = board.clone();
            s.board[0] = None;
            let mut v = serde_json::to_value(&s).unwrap();
            v["known"][0] = serde_json::json!(["a1"]);
            v.to_string()
        }),
        ("quiet plies at the limit", corrupt(&g, |v| v["quiet_plies"] = 200.into())),
        ("zero limit", corrupt(&g, |v| v["config"]["no_removal_limit"] = 0.into())),
        ("two passes while running", corrupt(&g, |v| v["passes"] = 2.into())),
        ("shift phase on a full board", corrupt(&g, |v| v["phase"] = serde_json::json!({"Shift": {"shifted": []}}))),
        (
            "peek of a cell the mover does not know",
            corrupt(&g, |v| v["phase"] = serde_json::json!({"Peek": {"peeked": "a1"}})),
        ),
        ("bad cell name", corrupt(&g, |v| v["face_up"] = serde_json::json!(["z9"]))),
        ("unknown colour", corrupt(&g, |v| v["to_move"] = "Green".into())),
    ];
    for (what, json) in cases {
        assert!(serde_json::from_str::<Zama>(&json).is_err(), "{what}: {json}");
    }
}

#[test]
fn corrupted_observations_are_refused() {
    let g = midgame();
    let obs = serde_json::to_value(g.observation(Seat::new(0)).unwrap()).unwrap();
    let board = obs["board"].as_str().unwrap().to_owned();
    let cells: Vec<&str> = board.split_whitespace().filter(|t| *t != "/").collect();
    let mut short = obs.clone();
    short["board"] = cells[..103].join(" ").into();
    let mut extra_removed = obs.clone();
    extra_removed["removed"][0].as_array_mut().unwrap().push("Ks".into());
    // A face-up K♠ is known to every seat: an unknown card cannot be face up.
    let mut face_up_unknown = obs.clone();
    let idx = cells.iter().position(|t| t.ends_with('?')).unwrap();
    let cell = g.squares().nth(idx).unwrap().to_string();
    face_up_unknown["face_up"].as_array_mut().unwrap().push(cell.clone().into());
    // A card shown to a seat that does not know it.
    let mut shown = obs.clone();
    let mut tokens = cells.clone();
    let back = &cells[idx][..1];
    let token = format!("{back}Ks");
    tokens[idx] = &token;
    shown["board"] = tokens.join(" ").into();
    let mut bad_token = obs.clone();
    bad_token["board"] = board.replacen('?', "!", 1).into();
    let mut known_empty = obs.clone();
    let empty = cells.iter().position(|t| *t == ".");
    if let Some(e) = empty {
        known_empty["known"][0].as_array_mut().unwrap().push(g.squares().nth(e).unwrap().to_string().into());
    } else {
        known_empty["known"][0].as_array_mut().unwrap().push("m16".into());
    }
    for (what, v) in [
        ("103 cells", short),
        ("too many removed", extra_removed),
        ("unknown face-up card", face_up_unknown),
        ("a card the seat does not know, shown", shown),
        ("bad cell token", bad_token),
        ("an empty cell known", known_empty),
    ] {
        assert!(serde_json::from_value::<Observation>(v).is_err(), "{what}");
    }
}

/// Pins the deal order forever: the board of seed 0, `a1` first.
/// Rule Z5: the deal of a seed is fixed forever.
#[test]
fn golden_deal_of_seed_0() {
    let setup = Setup::deal(Config::default(), 0);
    let json = serde_json::to_value(&setup).unwrap();
    let board = json["board"].as_str().unwrap();
    assert_eq!(board.split(" / ").next().unwrap(), GOLDEN_SEED_0_RANK_1);
    assert_eq!(board.split(" / ").last().unwrap(), GOLDEN_SEED_0_RANK_8);
}

/// Pins a whole random game: the seeded deal, move order and rules.
#[test]
fn golden_random_game() {
    let mut g = Zama::new(&Config::default(), 1).unwrap();
    let mut rng = deal_rng(1);
    let mut plies = 0;
    let mut moves = Vec::new();
    while let Some(mv) = g.random_move(&mut rng) {
        if moves.len() < 8 {
            moves.push(mv.to_string());
        }
        g.apply(mv).unwrap();
        plies += 1;
    }
    assert_eq!(moves.join(" "), GOLDEN_GAME_1_FIRST_MOVES);
    assert_eq!((plies, g.ending().unwrap().to_string().as_str()), GOLDEN_GAME_1_END);
}

const GOLDEN_SEED_0_RANK_1: &str = "rKh b5d r6h bQc r3h b3s r6s bAh r8c bKc rJd b4s rTs";
const GOLDEN_SEED_0_RANK_8: &str = "b3c rJc b9h rJh b6d r5h bAc r7s b4h r4s bTd rTc b3d";
const GOLDEN_GAME_1_FIRST_MOVES: &str = "i3xi2 j2-i2 end j5xi5 j5-i5 j6-j5 end l6xl7";
const GOLDEN_GAME_1_END: (u32, &str) = (173, "draw (two passes in a row)");

#[test]
fn enum_values_are_snake_case_and_the_old_spelling_loads() {
    use zama_rules::{Battle, DrawReason, Ending, Phase};
    assert_eq!(serde_json::to_string(&Phase::Attack).unwrap(), r#""attack""#);
    assert_eq!(serde_json::to_string(&Battle::AttackerWins).unwrap(), r#""attacker_wins""#);
    let drawn = Phase::Over(Ending::Draw(DrawReason::NoRemoval));
    assert_eq!(serde_json::to_string(&drawn).unwrap(), r#"{"over":{"draw":"no_removal"}}"#);
    // What earlier versions wrote still reads.
    assert_eq!(serde_json::from_str::<Phase>(r#"{"Over":{"Draw":"NoRemoval"}}"#).unwrap(), drawn);
    assert_eq!(serde_json::from_str::<Battle>(r#""ClashWon""#).unwrap(), Battle::ClashWon);
    // A state's JSON holds no CamelCase enum value, and reads back.
    let g = midgame();
    let json = serde_json::to_string(&g).unwrap();
    assert!(!json.contains(r#""Attack""#) && !json.contains(r#""Shift""#), "{json}");
    assert_eq!(serde_json::from_str::<Zama>(&json).unwrap(), g);
}
