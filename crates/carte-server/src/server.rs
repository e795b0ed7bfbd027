//! The HTTP routes (page, rules, lobby API) and the WebSocket protocol.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use carte_core::Seat;
use carte_play::bots::Strength;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{Semaphore, oneshot};

use crate::error::CreateError;
use crate::game;
use crate::secret;
use crate::store::{Store, StoredSeat, StoredTable};
use crate::table::{self, Command, NewTable, Refusal, SeatKind, Shared, TableRef};

/// The server's limits, each configurable on the command line.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest WebSocket message a client may send, in bytes.
    pub max_message_bytes: usize,
    /// Messages a second a connection may send, on average.
    pub messages_per_second: f64,
    /// Messages a connection may send at once above the average.
    pub burst: f64,
    /// Unfinished tables one client address may have made.
    pub max_tables_per_client: usize,
    /// Unfinished tables in all.
    pub max_tables: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            messages_per_second: 20.0,
            burst: 40.0,
            max_tables_per_client: 20,
            max_tables: 10_000,
        }
    }
}

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file.
    pub db: PathBuf,
    /// The limits.
    pub limits: Limits,
    /// How hard the bots think.
    pub strength: Strength,
    /// Bots thinking at once (default: the cores).
    pub bot_threads: usize,
}

/// The server's state: the tables, the store, the limits.
pub struct Hub {
    tables: RwLock<HashMap<String, Arc<TableRef>>>,
    store: Store,
    limits: Limits,
    strength: Strength,
    bots: Arc<Semaphore>,
    per_client: Arc<Mutex<HashMap<String, usize>>>,
}

/// `N` random bytes from the OS.
fn random<const N: usize>() -> Result<[u8; N], CreateError> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).map_err(|e| CreateError::Store(format!("no randomness: {e}")))?;
    Ok(buf)
}

/// Bytes of a seat's token (256 bits).
const TOKEN_BYTES: usize = 32;
/// Bytes of a table's id.
const ID_BYTES: usize = 8;

impl Hub {
    /// Opens the store and restores every unfinished table.
    ///
    /// # Errors
    ///
    /// [`CreateError::Store`] if the database cannot be opened; a table
    /// that no longer replays is skipped with a message.
    pub fn open(config: &Config) -> Result<Arc<Hub>, CreateError> {
        let (store, stored) = Store::open(&config.db)?;
        let hub = Arc::new(Hub {
            tables: RwLock::new(HashMap::new()),
            store,
            limits: config.limits.clone(),
            strength: config.strength,
            bots: Arc::new(Semaphore::new(config.bot_threads.max(1))),
            per_client: Arc::new(Mutex::new(HashMap::new())),
        });
        for t in stored {
            if let Err(e) = hub.restore(t) {
                eprintln!("a stored table does not replay: {e}");
            }
        }
        Ok(hub)
    }

    fn shared(&self, creator: &str) -> Arc<Shared> {
        let per_client = self.per_client.clone();
        let creator = creator.to_owned();
        Arc::new(Shared {
            store: self.store.clone(),
            bots: self.bots.clone(),
            strength: self.strength,
            on_finish: Box::new(move || {
                let mut map = per_client.lock().unwrap_or_else(|p| p.into_inner());
                if let Some(n) = map.get_mut(&creator) {
                    *n = n.saturating_sub(1);
                }
            }),
        })
    }

    fn restore(&self, t: StoredTable) -> Result<(), CreateError> {
        let (spec, name, mut live) = game::start(&t.spec, t.seed)?;
        if live.num_seats() != t.seats.len() {
            return Err(CreateError::State(format!("table {}: {} seats stored", t.id, t.seats.len())));
        }
        for (ply, (seat, notation)) in t.moves.iter().enumerate() {
            let r = match seat {
                Some(s) => live.play(table::seat_at(*s), notation),
                None => live.replay_chance(notation),
            };
            r.map_err(|e| CreateError::State(format!("table {} ply {ply}: {e}", t.id)))?;
        }
        let seats: Vec<SeatKind> =
            t.seats.iter().map(|s| if s.kind == "bot" { SeatKind::Bot } else { SeatKind::Person }).collect();
        let finished = live.outcome().is_some();
        if !finished {
            *self.per_client.lock().unwrap_or_else(|p| p.into_inner()).entry(t.creator.clone()).or_default() += 1;
        }
        let new = NewTable {
            id: t.id.clone(),
            spec,
            name,
            seed: t.seed,
            seats,
            tokens: t.seats.iter().map(|s| s.token.as_deref().and_then(secret::parse)).collect(),
            live,
            log: t.moves,
            finished,
        };
        let r = table::spawn(new, self.shared(&t.creator));
        self.tables.write().unwrap_or_else(|p| p.into_inner()).insert(t.id, r);
        Ok(())
    }

    /// Makes a table of `spec` with these seats (`"person"` or `"bot"`),
    /// written to the store before it is returned: its id and each
    /// person's token.
    ///
    /// # Errors
    ///
    /// [`CreateError`] for a bad spec or seats, a limit, or the store.
    pub async fn create(
        &self,
        spec: &str,
        seats: &[String],
        creator: &str,
    ) -> Result<(String, String, Vec<Option<String>>), CreateError> {
        let seed = u64::from_le_bytes(random()?);
        let (spec, name, live) = game::start(spec, seed)?;
        if seats.len() != live.num_seats() {
            return Err(CreateError::Seats(format!("{spec} has {} seats, {} given", live.num_seats(), seats.len())));
        }
        let mut kinds = Vec::new();
        for s in seats {
            kinds.push(match s.as_str() {
                "person" => SeatKind::Person,
                "bot" => SeatKind::Bot,
                other => return Err(CreateError::Seats(format!("a seat is \"person\" or \"bot\", not {other:?}"))),
            });
        }
        let id = secret::hex(&random::<ID_BYTES>()?);
        let mut tokens = Vec::new();
        for k in &kinds {
            tokens.push(match k {
                SeatKind::Person => Some(secret::hex(&random::<TOKEN_BYTES>()?)),
                SeatKind::Bot => None,
            });
        }
        {
            let mut map = self.per_client.lock().unwrap_or_else(|p| p.into_inner());
            let total: usize = map.values().sum();
            if total >= self.limits.max_tables {
                return Err(CreateError::Limit(format!("the server has its {} tables", self.limits.max_tables)));
            }
            let mine = map.entry(creator.to_owned()).or_default();
            if *mine >= self.limits.max_tables_per_client {
                return Err(CreateError::Limit(format!(
                    "at most {} unfinished tables a client",
                    self.limits.max_tables_per_client
                )));
            }
            *mine += 1;
        }
        let release = || {
            let mut map = self.per_client.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(n) = map.get_mut(creator) {
                *n = n.saturating_sub(1);
            }
        };
        let stored = StoredTable {
            id: id.clone(),
            spec: spec.clone(),
            seed,
            seats: kinds
                .iter()
                .zip(&tokens)
                .map(|(k, t)| StoredSeat { kind: k.as_str().to_owned(), token: t.as_deref().map(secret::stored) })
                .collect(),
            creator: creator.to_owned(),
            moves: Vec::new(),
        };
        if let Err(e) = self.store.create(stored).await {
            release();
            return Err(CreateError::Store(e));
        }
        let new = NewTable {
            id: id.clone(),
            spec: spec.clone(),
            name,
            seed,
            seats: kinds,
            tokens: tokens.iter().map(|t| t.as_deref().map(secret::digest)).collect(),
            live,
            log: Vec::new(),
            finished: false,
        };
        let r = table::spawn(new, self.shared(creator));
        self.tables.write().unwrap_or_else(|p| p.into_inner()).insert(id.clone(), r);
        eprintln!("table {id}: {spec}");
        Ok((id, spec, tokens))
    }

    fn table(&self, id: &str) -> Option<Arc<TableRef>> {
        self.tables.read().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }
}

/// The routes of the server.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/table/{id}", get(page))
        .route("/static/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/static/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/rules/{game}", get(rules))
        .route("/api/games", get(games))
        .route("/api/tables", post(create_table))
        .route("/ws", get(ws))
        .layer(DefaultBodyLimit::max(16 * 1024))
        .with_state(hub)
}

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

async fn page() -> Html<&'static str> {
    Html(INDEX_HTML)
}

/// The rules of each game, as in `docs/rules/`.
const RULES: [(&str, &str); 4] = [
    ("zama", include_str!("../../../docs/rules/zama.md")),
    ("gonzago", include_str!("../../../docs/rules/gonzago.md")),
    ("zucche", include_str!("../../../docs/rules/zucche.md")),
    ("camicia", include_str!("../../../docs/rules/camicia.md")),
];

async fn rules(Path(game): Path<String>) -> Response {
    let name = game.trim_end_matches(".md");
    match RULES.iter().find(|(n, _)| *n == name) {
        // Plain text: every browser shows it in place (Markdown reads as it is).
        Some((_, text)) => asset("text/plain; charset=utf-8", text),
        None => (StatusCode::NOT_FOUND, "no such game").into_response(),
    }
}

async fn games() -> Response {
    let list: Vec<Value> = carte_registry::registered_names()
        .iter()
        .map(|g| {
            json!({
                "name": g.name,
                "description": g.description,
                "params": g.params.iter().map(|p| json!({"name": p.name, "default": p.default, "values": p.values})).collect::<Vec<_>>(),
            })
        })
        .collect();
    axum::Json(json!({ "games": list })).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    spec: String,
    seats: Vec<String>,
}

fn error_response(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

async fn create_table(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Response {
    let req: CreateRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return error_response(StatusCode::BAD_REQUEST, format!("malformed request: {e}")),
    };
    let creator = client_key(addr.ip());
    match hub.create(&req.spec, &req.seats, &creator).await {
        Ok((id, spec, tokens)) => {
            let seats: Vec<Value> = tokens
                .iter()
                .enumerate()
                .map(|(i, t)| match t {
                    Some(t) => json!({ "seat": i, "kind": "person", "token": t, "link": format!("/table/{id}#seat={i}&token={t}") }),
                    None => json!({ "seat": i, "kind": "bot" }),
                })
                .collect();
            axum::Json(json!({ "table": id, "spec": spec, "seats": seats })).into_response()
        }
        Err(CreateError::Limit(m)) => error_response(StatusCode::TOO_MANY_REQUESTS, m),
        Err(e @ CreateError::Store(_)) => error_response(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        Err(e) => error_response(StatusCode::BAD_REQUEST, e.to_string()),
    }
}

/// The key a client's tables are counted under: its address.
fn client_key(ip: IpAddr) -> String {
    ip.to_string()
}

async fn ws(State(hub): State<Arc<Hub>>, upgrade: WebSocketUpgrade) -> Response {
    let limit = hub.limits.max_message_bytes;
    // Messages up to 16 times the limit are read and refused with a
    // message; beyond that the connection is closed by the reader.
    upgrade
        .max_message_size(limit.saturating_mul(16).max(64 * 1024))
        .max_frame_size(limit.saturating_mul(16).max(64 * 1024))
        .on_upgrade(move |socket| connection(hub, socket))
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Join {
        table: String,
        token: String,
    },
    Move {
        #[serde(rename = "move")]
        text: String,
        #[serde(default)]
        seat: Option<usize>,
    },
    Ping,
}

/// A token bucket: `rate` a second, `burst` at once.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
    warned: Option<Instant>,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn error(code: &str, message: impl std::fmt::Display) -> Message {
    Message::Text(Utf8Bytes::from(json!({ "type": "error", "code": code, "message": message.to_string() }).to_string()))
}

struct Joined {
    table: Arc<TableRef>,
    seat: Seat,
    view: tokio::sync::watch::Receiver<Arc<str>>,
}

async fn connection(hub: Arc<Hub>, mut socket: WebSocket) {
    let limits = &hub.limits;
    let mut bucket = Bucket {
        tokens: limits.burst,
        last: Instant::now(),
        rate: limits.messages_per_second,
        burst: limits.burst,
        warned: None,
    };
    let mut joined: Option<Joined> = None;
    loop {
        let changed = async {
            match joined.as_mut() {
                Some(j) => j.view.changed().await.is_ok(),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            ok = changed => {
                if !ok { return; }
                if let Some(j) = joined.as_mut() {
                    let text = j.view.borrow_and_update().clone();
                    if !text.is_empty() && socket.send(Message::Text(Utf8Bytes::from(&*text))).await.is_err() {
                        return;
                    }
                }
            }
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { return };
                let reply = match msg {
                    Message::Text(text) => {
                        if !bucket.take() {
                            // One notice a second; the rest is dropped unread.
                            let now = Instant::now();
                            if bucket.warned.is_none_or(|w| now.duration_since(w) > Duration::from_secs(1)) {
                                bucket.warned = Some(now);
                                Some(error("rate_limited", format_args!("more than {} messages a second; slow down", limits.messages_per_second)))
                            } else {
                                None
                            }
                        } else if text.len() > limits.max_message_bytes {
                            Some(error("too_large", format_args!("a message of {} bytes; the limit is {}", text.len(), limits.max_message_bytes)))
                        } else {
                            handle(&hub, &mut joined, &text).await
                        }
                    }
                    Message::Binary(_) => Some(error("malformed", "send JSON text messages")),
                    Message::Close(_) => return,
                    Message::Ping(_) | Message::Pong(_) => None,
                };
                if let Some(reply) = reply
                    && socket.send(reply).await.is_err()
                {
                    return;
                }
            }
        }
    }
}

async fn handle(hub: &Hub, joined: &mut Option<Joined>, text: &str) -> Option<Message> {
    let msg: ClientMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => return Some(error("malformed", format_args!("not a message of the protocol: {e}"))),
    };
    match msg {
        ClientMessage::Ping => Some(Message::Text(Utf8Bytes::from_static(r#"{"type":"pong"}"#))),
        ClientMessage::Join { table, token } => {
            let Some(t) = hub.table(&table) else {
                return Some(error("bad_token", "no such table and seat"));
            };
            let Some(seat) = t.seat_of(&token) else {
                return Some(error("bad_token", "no such table and seat"));
            };
            let Some(mut view) = t.view(seat) else {
                return Some(error("bad_token", "no such table and seat"));
            };
            // The current state is sent at once.
            view.mark_changed();
            *joined = Some(Joined { table: t, seat, view });
            Some(Message::Text(Utf8Bytes::from(
                json!({ "type": "joined", "table": table, "seat": seat.index() }).to_string(),
            )))
        }
        ClientMessage::Move { text, seat } => {
            let Some(j) = joined.as_ref() else {
                return Some(error("not_joined", "join a seat first"));
            };
            if seat.is_some_and(|s| s != j.seat.index()) {
                return Some(error("wrong_seat", format_args!("you hold seat {}", j.seat.index())));
            }
            let (reply, answer) = oneshot::channel();
            if j.table.tx.send(Command::Move { seat: j.seat, text, reply }).await.is_err() {
                return Some(error("server", "the table has stopped"));
            }
            match answer.await {
                Ok(Ok((ply, notation))) => Some(Message::Text(Utf8Bytes::from(
                    json!({ "type": "ack", "ply": ply, "move": notation }).to_string(),
                ))),
                Ok(Err(Refusal::Move(e))) => Some(error(e.code(), e)),
                Ok(Err(Refusal::Store(e))) => Some(error("server", format_args!("not saved, not played: {e}"))),
                Err(_) => Some(error("server", "the table has stopped")),
            }
        }
    }
}
