//! The live protocol over loopback: tables of every game, moves in
//! notation answered by acks and states, bots and chance playing their
//! turns, the move log, the outcome, and a seat resumed after a reconnect.

mod common;

use common::{Client, Server, temp_db};
use serde_json::Value;

/// Plays seat `me` by its first legal move until the game ends or `max`
/// moves were made; returns the last state.
async fn play_first_moves(c: &mut Client, mut state: Value, me: u64, max: usize) -> Value {
    let mut made = 0;
    loop {
        if !state["outcome"].is_null() || made == max {
            return state;
        }
        if state["to_act"] == me {
            let legal = state["legal"].as_array().unwrap().clone();
            assert!(!legal.is_empty(), "my turn with no legal move: {state}");
            let ply = state["ply"].as_u64().unwrap();
            let ack = c.play(legal[0].as_str().unwrap()).await;
            assert_eq!(ack["type"], "ack", "{ack}");
            assert_eq!(ack["ply"], ply, "the ack names the move's ply");
            assert_eq!(ack["move"], legal[0]);
            made += 1;
            state = c.state_at(ply + 1).await;
            assert_eq!(state["log"][ply as usize]["move"], legal[0], "the log holds the move");
            assert_eq!(state["log"][ply as usize]["by"], me);
        } else {
            assert!(state["legal"].as_array().unwrap().is_empty(), "legal moves only for the seat to act");
            state = c.next_of("state").await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gonzago_hand_against_a_bot_is_played_to_its_end() {
    let server = Server::start(&temp_db("gonzago-bot"), &[]);
    let (table, tokens) = server.table("gonzago", &["person", "bot"]);
    assert!(tokens[1].is_none(), "a bot's seat has no token");
    let token = tokens[0].as_ref().unwrap();
    assert!(token.len() >= 32, "at least 128 bits of token");
    let (mut c, state) = Client::join(&server.addr, &table, token).await;
    assert_eq!(state["game"], "gonzago");
    assert_eq!(state["seat"], 0);
    assert_eq!(state["seats"], serde_json::json!(["person", "bot"]));
    assert!(state["observation"]["held"].is_array(), "the library's observation: {state}");
    let end = play_first_moves(&mut c, state, 0, 10_000).await;
    let text = end["outcome"]["text"].as_str().unwrap();
    assert!(text.contains("wins the hand") || text == "drawn hand", "the game's words: {text}");
    assert_eq!(end["outcome"]["returns"].as_array().unwrap().len(), 2);
    // Moves after the end are refused with a reason.
    let refused = c.play("draw").await;
    assert_eq!(refused["code"], "game_over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_of_the_registry_makes_a_table_that_plays() {
    let server = Server::start(&temp_db("every-game"), &[]);
    for (spec, seats) in [
        ("zama", vec!["person", "bot"]),
        ("zama(players=4)", vec!["person", "bot", "bot", "bot"]),
        ("zucche", vec!["person", "bot", "bot", "bot"]),
        ("zucche(players=8)", vec!["person", "bot", "bot", "bot", "bot", "bot", "bot", "bot"]),
        ("gonzago(mode=best_of_three)", vec!["person", "bot"]),
        ("gonzago(deck=french,deal=chance)", vec!["person", "bot"]),
        ("camicia", vec!["person", "bot"]),
        ("camicia(preset=bmn,deal=chance)", vec!["person", "bot"]),
    ] {
        let (table, tokens) = server.table(spec, &seats);
        let (mut c, state) = Client::join(&server.addr, &table, tokens[0].as_ref().unwrap()).await;
        assert!(state["spec"].as_str().unwrap().starts_with(spec.split('(').next().unwrap()));
        assert!(!state["text"].as_str().unwrap().is_empty(), "{spec}: the text view");
        let end = play_first_moves(&mut c, state, 0, 3).await;
        let log = end["log"].as_array().unwrap();
        assert!(!log.is_empty(), "{spec}: moves were made");
        if spec.starts_with("zucche") {
            assert!(log.iter().any(|m| m["by"].is_null()), "{spec}: chance rolled the die: {log:?}");
        } else {
            assert!(log.iter().all(|m| !m["by"].is_null()), "{spec}: a deal is never in the log");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnected_seat_resumes_where_it_was() {
    let server = Server::start(&temp_db("reconnect"), &[]);
    let (table, tokens) = server.table("gonzago", &["person", "person"]);
    let (a, sa) = Client::join(&server.addr, &table, tokens[0].as_ref().unwrap()).await;
    let (b, sb) = Client::join(&server.addr, &table, tokens[1].as_ref().unwrap()).await;
    let mut clients = vec![a, b];
    let mover = sa["to_act"].as_u64().unwrap() as usize;
    let mv = [sa, sb][mover]["legal"][0].as_str().unwrap().to_owned();
    assert_eq!(clients[mover].play(&mv).await["type"], "ack");
    let seen = clients[1 - mover].state_at(1).await;
    assert_eq!(seen["log"][0]["move"], mv.as_str(), "the other seat sees the move");
    drop(clients.remove(0));
    let (_a, again) = Client::join(&server.addr, &table, tokens[0].as_ref().unwrap()).await;
    assert_eq!(again["ply"], 1);
    assert_eq!(again["log"][0]["move"], mv.as_str());
    assert_eq!(again["seat"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_the_rules_and_the_game_list_are_served() {
    let server = Server::start(&temp_db("pages"), &[]);
    let (status, body) = server.http("GET", "/", "");
    assert_eq!(status, 200);
    assert!(body.contains("<script"), "{body}");
    for game in ["zama", "gonzago", "zucche", "camicia"] {
        let (status, body) = server.http("GET", &format!("/rules/{game}"), "");
        assert_eq!(status, 200);
        assert!(body.starts_with('#'), "{game}: the rules text");
    }
    assert_eq!(server.http("GET", "/rules/poker", "").0, 404);
    let (status, body) = server.http("GET", "/api/games", "");
    assert_eq!(status, 200);
    assert!(body.contains("\"zucche\""));
}
