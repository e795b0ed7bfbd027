//! Who may see and do what: a seat's bytes hold nothing it may not see,
//! only a token holder acts for its seat, and every bad message gets a
//! clear error while the table stays as it was and the server runs.

mod common;

use std::collections::BTreeSet;

use common::{Client, Server, temp_db};
use serde_json::{Value, json};

/// Whether `text` holds `card` as a word of its own (`5s` in `"play 5s"`,
/// not in `"15s"`).
fn holds_word(text: &str, card: &str) -> bool {
    text.match_indices(card).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + card.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The back letters of Zama's notation.
const BACKS: &str = "rbgy";

/// Whether `text` holds the Zama card `card` in any of the ways Zama
/// writes one: bare (`Ks`, as removed cards are), after its back's letter
/// (`rKs`, as the board is), and followed by the letters of the seats that
/// know it (`rKsbg`, as the text view is).
fn holds_zama_card(text: &str, card: &str) -> bool {
    let word_start = |i: usize| !text[..i].chars().next_back().is_some_and(char::is_alphanumeric);
    text.match_indices(card).any(|(i, _)| {
        let starts =
            word_start(i) || text[..i].chars().next_back().is_some_and(|b| BACKS.contains(b) && word_start(i - 1));
        let rest = text[i + card.len()..].trim_start_matches(|c| BACKS.contains(c));
        starts && !rest.chars().next().is_some_and(char::is_alphanumeric)
    })
}

/// The cards a Zama observation's seat knows: those its board shows (a
/// token is the back's letter and the card, `b?` if unknown, `.` if empty)
/// and the removed ones.
fn zama_known(obs: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for token in obs["board"].as_str().unwrap().split_whitespace() {
        if token == "/" || token == "." || token.ends_with('?') {
            continue;
        }
        let back = token.chars().next().unwrap();
        assert!(BACKS.contains(back), "a board token starts with its back: {token}");
        // With four decks the same card exists four times: a card is its
        // back and its face (`gJs`), as the board and the text view write it.
        out.insert(token.to_owned());
    }
    for (list, back) in obs["removed"].as_array().unwrap().iter().zip(BACKS.chars()) {
        for card in list.as_array().unwrap() {
            out.insert(format!("{back}{}", card.as_str().unwrap()));
        }
    }
    out
}

#[test]
fn a_zama_card_is_found_in_every_spelling_and_only_there() {
    for text in ["removed Red: 8d", "\"board\":\"b8d . r?", "| b8dbgy . y?"] {
        assert!(holds_zama_card(text, "8d"), "{text}");
    }
    for text in ["table fb8d9", "18d", "b8dx", "rb8d"] {
        assert!(!holds_zama_card(text, "8d"), "{text}");
    }
}

/// Plays one ply (the first legal move of the seat to act that starts
/// with `prefer`, or its first), keeping each
/// seat's latest state.
async fn play_one(clients: &mut [Client], states: &mut [Value], prefer: &str) {
    {
        if !states[0]["outcome"].is_null() {
            return;
        }
        let ply = states[0]["ply"].as_u64().unwrap();
        let mover = states[0]["to_act"].as_u64().unwrap() as usize;
        let legal: Vec<&str> = states[mover]["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        // Only a peek shows a card to one seat alone (Z22; attacks show
        // both cards to all, Z10): the last one listed, far from the cells
        // the first attacks revealed.
        let mv = legal.iter().rev().find(|m| m.starts_with(prefer)).unwrap_or(&legal[0]).to_string();
        let ack = clients[mover].play(&mv).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        for (c, s) in clients.iter_mut().zip(states.iter_mut()) {
            *s = c.state_at(ply + 1).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_zama_seat_is_sent_a_card_that_only_another_seat_knows() {
    let server = Server::start(&temp_db("zama-hidden"), &[]);
    let (table, tokens) = server.table("zama(players=4)", &["person"; 4]);
    let mut clients = Vec::new();
    let mut states = Vec::new();
    for t in &tokens {
        let (c, s) = Client::join(&server.addr, &table, t.as_ref().unwrap()).await;
        clients.push(c);
        states.push(s);
    }
    // Every ply, each seat's state is checked against what the others know.
    let mut checked = 0;
    for ply in 0..300 {
        if checked > 0 && ply >= 40 || !states[0]["outcome"].is_null() {
            break;
        }
        play_one(&mut clients, &mut states, "peek").await;
        let known: Vec<BTreeSet<String>> = states.iter().map(|s| zama_known(&s["observation"])).collect();
        for (seat, c) in clients.iter().enumerate() {
            let last = c.received.iter().rev().find(|m| m.contains("\"state\"")).unwrap();
            let mine = &known[seat];
            for (other, theirs) in known.iter().enumerate() {
                for card in theirs.difference(mine) {
                    assert!(!holds_zama_card(last, card), "seat {seat} was sent {card}, which only seat {other} knows");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "the game made some card known to one seat and not another: {}", states[0]);
    // Every message any seat ever received: no card it still does not know
    // at the end (a seat's knowledge only grows, so this bounds the whole
    // history; the check above is ply by ply).
    let known: Vec<BTreeSet<String>> = states.iter().map(|s| zama_known(&s["observation"])).collect();
    let everything: BTreeSet<String> = known.iter().flatten().cloned().collect();
    for (seat, c) in clients.iter().enumerate() {
        for card in everything.difference(&known[seat]) {
            for m in &c.received {
                assert!(!holds_zama_card(m, card), "seat {seat} was once sent {card}: {m}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_gonzago_seat_is_sent_the_other_hand() {
    let server = Server::start(&temp_db("gonzago-hidden"), &[]);
    let (table, tokens) = server.table("gonzago", &["person", "person"]);
    let mut clients = Vec::new();
    let mut states = Vec::new();
    for t in &tokens {
        let (c, s) = Client::join(&server.addr, &table, t.as_ref().unwrap()).await;
        clients.push(c);
        states.push(s);
    }
    for _ in 0..200 {
        if !states[0]["outcome"].is_null() {
            break;
        }
        play_one(&mut clients, &mut states, "play").await;
        for seat in 0..2 {
            let other = &states[1 - seat]["observation"]["held"];
            let last = clients[seat].received.iter().rev().find(|m| m.contains("\"state\"")).unwrap().clone();
            let v: Value = serde_json::from_str(&last).unwrap();
            // What the seat's own observation holds is the seat's to see;
            // the other hand's cards appear nowhere else.
            assert_eq!(v["observation"], states[seat]["observation"]);
            for card in other.as_array().unwrap() {
                let card = card.as_str().unwrap();
                assert!(!holds_word(&last, card), "seat {seat} was sent {card} of the other hand: {last}");
            }
            assert!(v["observation"]["opponent_holds"].is_u64(), "the other hand is a count");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_clear_errors_and_change_nothing() {
    let server =
        Server::start(&temp_db("bad-messages"), &["--max-message-bytes", "512", "--rate", "5", "--burst", "10"]);
    let (table, tokens) = server.table("gonzago", &["person", "person"]);
    let (mut a, sa) = Client::join(&server.addr, &table, tokens[0].as_ref().unwrap()).await;
    let (mut b, sb) = Client::join(&server.addr, &table, tokens[1].as_ref().unwrap()).await;
    let mover = sa["to_act"].as_u64().unwrap() as usize;
    let (actor, waiter, state) = if mover == 0 { (&mut a, &mut b, sa) } else { (&mut b, &mut a, sb) };
    let legal = state["legal"][0].as_str().unwrap().to_owned();

    // A wrong or guessed token reads nothing.
    let mut stranger = Client::connect(&server.addr).await;
    stranger.send(json!({ "type": "join", "table": table, "token": "00".repeat(32) })).await;
    assert_eq!(stranger.error().await["code"], "bad_token");
    stranger.send(json!({ "type": "join", "table": "nope", "token": tokens[0] })).await;
    assert_eq!(stranger.error().await["code"], "bad_token");
    stranger.send(json!({ "type": "move", "move": legal })).await;
    assert_eq!(stranger.error().await["code"], "not_joined");

    assert_eq!(waiter.play(&legal).await["code"], "not_your_turn");
    waiter.send(json!({ "type": "move", "move": legal, "seat": mover })).await;
    assert_eq!(waiter.error().await["code"], "wrong_seat");
    assert_eq!(actor.play("play 9z").await["code"], "notation");
    assert_eq!(actor.play("pass").await["code"], "illegal");
    actor.send_text("{not json".into()).await;
    assert_eq!(actor.error().await["code"], "malformed");
    actor.send_text(json!({ "type": "teleport" }).to_string()).await;
    assert_eq!(actor.error().await["code"], "malformed");
    actor.send_text(json!({ "type": "move", "move": "x".repeat(600) }).to_string()).await;
    let e = actor.error().await;
    assert_eq!(e["code"], "too_large");
    assert!(e["message"].as_str().unwrap().contains("512"), "{e}");

    // Nothing of the above changed the table.
    let mut c = Client::join(&server.addr, &table, tokens[mover].as_ref().unwrap()).await.1;
    assert_eq!(c["ply"], 0);
    assert_eq!(c["log"], json!([]));

    // A flood: the first burst is answered, then one rate notice.
    let mut flood = Client::connect(&server.addr).await;
    for _ in 0..200 {
        flood.send(json!({ "type": "ping" })).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    loop {
        let v = flood.next().await;
        match v["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => {
                assert_eq!(v["code"], "rate_limited");
                limited += 1;
                break;
            }
            other => panic!("{other}"),
        }
    }
    assert!((10..=12).contains(&pongs), "{pongs} answered before the limit");
    assert_eq!(limited, 1);

    // The server still plays, the move is legal and acknowledged.
    assert_eq!(actor.play(&legal).await["type"], "ack");
    c = waiter.state_at(1).await;
    assert_eq!(c["log"][0]["move"], legal.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_per_client_are_limited_and_bad_tables_refused() {
    let server = Server::start(&temp_db("table-limit"), &["--max-tables-per-client", "2"]);
    server.table("camicia", &["person", "bot"]);
    server.table("camicia", &["person", "bot"]);
    let (status, body) =
        server.http("POST", "/api/tables", &json!({ "spec": "camicia", "seats": ["person", "bot"] }).to_string());
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("at most 2"), "{body}");
    let server = Server::start(&temp_db("bad-tables"), &[]);
    for (body, says) in [
        (json!({ "spec": "poker", "seats": [] }).to_string(), "poker"),
        (json!({ "spec": "zucche(players=6)", "seats": [] }).to_string(), "6 players"),
        (json!({ "spec": "zama", "seats": ["person"] }).to_string(), "2 seats"),
        (json!({ "spec": "zama", "seats": ["person", "ghost"] }).to_string(), "ghost"),
        ("{\"spec\": ".to_owned(), "malformed"),
    ] {
        let (status, text) = server.http("POST", "/api/tables", &body);
        assert_eq!(status, 400, "{text}");
        assert!(text.contains(says), "{says}: {text}");
    }
}

/// Tokens at rest: the database and its log hold each person's token
/// digest (`sha256:` and 64 hex digits), never the token, and after a
/// SIGKILL and a restart on the same file the token still opens its seat,
/// and only its seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_holds_token_digests_only() {
    use sha2::{Digest, Sha256};
    let db = temp_db("digests");
    let mut server = Server::start(&db, &[]);
    let (table, tokens) = server.table("gonzago", &["person", "person"]);
    let (_, zucche_tokens) = server.table("zucche", &["person", "bot", "person", "bot"]);
    let tokens: Vec<String> = tokens.into_iter().chain(zucche_tokens).flatten().collect();
    assert_eq!(tokens.len(), 4);
    let (_seat, state) = Client::join(&server.addr, &table, &tokens[0]).await;
    assert_eq!(state["seat"], 0, "{state}");
    server.kill();
    let files: Vec<Vec<u8>> =
        std::fs::read_dir(db.parent().unwrap()).unwrap().map(|f| std::fs::read(f.unwrap().path()).unwrap()).collect();
    let holds = |needle: &[u8]| files.iter().any(|f| f.windows(needle.len()).any(|w| w == needle));
    for token in &tokens {
        assert!(!holds(token.as_bytes()), "a token is in the database's files");
        let hex: String = Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        assert!(holds(format!("sha256:{hex}").as_bytes()), "the token's digest is stored");
    }
    let server = Server::start(&db, &[]);
    let (_, state) = Client::join(&server.addr, &table, &tokens[1]).await;
    assert_eq!(state["seat"], 1, "{state}");
    let mut stranger = Client::connect(&server.addr).await;
    let hex: String = Sha256::digest(tokens[0].as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    stranger.send(json!({ "type": "join", "table": table, "token": format!("sha256:{hex}") })).await;
    assert_eq!(stranger.error().await["code"], "bad_token", "the stored digest is no token");
}
