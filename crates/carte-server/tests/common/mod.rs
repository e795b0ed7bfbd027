//! What the integration tests share: a server process on a free loopback
//! port, a minimal HTTP client and a WebSocket seat.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream as AsyncTcp;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// Every wait of the tests is bounded by this.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// A running `carte-server`, killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: String,
    pub db: PathBuf,
}

/// A fresh directory for a test's database.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carte-server-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("carte.db")
}

impl Server {
    /// Starts the server on `db` with extra flags; waits for its address.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carte-server"))
            .args(["--addr", "127.0.0.1:0", "--strength", "quick", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line.trim().rsplit("http://").next().unwrap().to_owned();
        assert!(addr.starts_with("127.0.0.1:"), "{line:?}");
        Server { child, addr, db: db.to_owned() }
    }

    /// SIGKILL, no chance to flush anything.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// An HTTP request; the status and the body.
    pub fn http(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(TIMEOUT)).unwrap();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).unwrap();
        let text = String::from_utf8_lossy(&out).into_owned();
        let status = text[9..12].parse().unwrap();
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
        // Chunked bodies: the JSON is the longest line.
        let body = if body.contains('{') && !body.trim_start().starts_with('{') {
            body.lines().max_by_key(|l| l.len()).unwrap_or("").to_owned()
        } else {
            body
        };
        (status, body)
    }

    /// Makes a table; its id and the persons' tokens (`None` for bots).
    pub fn table(&self, spec: &str, seats: &[&str]) -> (String, Vec<Option<String>>) {
        let (status, body) = self.http("POST", "/api/tables", &json!({ "spec": spec, "seats": seats }).to_string());
        assert_eq!(status, 200, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        let tokens = v["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().map(str::to_owned)).collect();
        (v["table"].as_str().unwrap().to_owned(), tokens)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One seat's connection, with every text message it was sent.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<AsyncTcp>>,
    /// The raw bytes of every message received, in order.
    pub received: Vec<String>,
}

impl Client {
    pub async fn connect(addr: &str) -> Client {
        let (ws, _) = tokio::time::timeout(TIMEOUT, connect_async(format!("ws://{addr}/ws"))).await.unwrap().unwrap();
        Client { ws, received: Vec::new() }
    }

    /// Connects and joins; returns the first state.
    pub async fn join(addr: &str, table: &str, token: &str) -> (Client, Value) {
        let mut c = Client::connect(addr).await;
        c.send(json!({ "type": "join", "table": table, "token": token })).await;
        let joined = c.next_of("joined").await;
        assert_eq!(joined["table"], table);
        let state = c.next_of("state").await;
        (c, state)
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// The next message; panics on close or after [`TIMEOUT`].
    pub async fn next(&mut self) -> Value {
        self.try_next().await.expect("a message")
    }

    /// The next message, `None` if the connection ended.
    pub async fn try_next(&mut self) -> Option<Value> {
        loop {
            match tokio::time::timeout(TIMEOUT, self.ws.next()).await.expect("an answer in time") {
                Some(Ok(Message::Text(t))) => {
                    self.received.push(t.to_string());
                    return Some(serde_json::from_str(&t).unwrap());
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next message of this type (others skipped).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
            assert_ne!(v["type"], "error", "waiting for {kind}: {v}");
        }
    }

    /// The next state at or after `ply`.
    pub async fn state_at(&mut self, ply: u64) -> Value {
        loop {
            let v = self.next_of("state").await;
            if v["ply"].as_u64().unwrap() >= ply {
                return v;
            }
        }
    }

    /// Sends a move; returns the answer (an `ack` or an `error`).
    pub async fn play(&mut self, text: &str) -> Value {
        self.send(json!({ "type": "move", "move": text })).await;
        loop {
            let v = self.next().await;
            if v["type"] == "ack" || v["type"] == "error" {
                return v;
            }
        }
    }

    /// The next error (other messages skipped).
    pub async fn error(&mut self) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == "error" {
                return v;
            }
        }
    }
}
