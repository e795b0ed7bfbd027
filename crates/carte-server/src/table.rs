//! A table: one task owning the game, its move log and its seats. Moves
//! come in by channel (from seats' connections and from bots thinking on
//! the blocking pool); each accepted move is committed to the store, then
//! applied, then each person's view is published on that seat's own watch
//! channel, built from that seat's observation and nothing else.

use std::sync::Arc;

use carte_core::{Actor, Seat};
use carte_play::bots::Strength;
use serde_json::{Value, json};
use subtle::ConstantTimeEq;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

use crate::error::MoveError;
use crate::game::Live;
use crate::store::Store;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person with the seat's token.
    Person,
    /// The `--play` bot.
    Bot,
}

impl SeatKind {
    /// The protocol's word.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Bot => "bot",
        }
    }
}

/// A refusal of a move, sent to the client that made it.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// The game refused it.
    Move(MoveError),
    /// The store failed; the move was not played.
    Store(String),
}

/// What a connection asks of a table.
pub(crate) enum Command {
    Move { seat: Seat, text: String, reply: oneshot::Sender<Result<(usize, String), Refusal>> },
    Bot { ply: usize, notation: String },
}

/// What the rest of the server holds of a table: its seats and tokens
/// (fixed), each person's view, and the way in.
pub struct TableRef {
    /// Each person's token digest (`crate::secret`); `None` for a bot.
    tokens: Vec<Option<[u8; 32]>>,
    views: Vec<watch::Receiver<Arc<str>>>,
    pub(crate) tx: mpsc::Sender<Command>,
}

impl TableRef {
    /// The seat whose token is `token`: its digest compared in constant
    /// time with every seat's.
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        let given = crate::secret::digest(token);
        let mut found = None;
        for (i, t) in self.tokens.iter().enumerate() {
            if let Some(t) = t
                && bool::from(t.as_slice().ct_eq(given.as_slice()))
            {
                found = Some(seat_at(i));
            }
        }
        found
    }

    /// The live view of a person's seat.
    pub fn view(&self, seat: Seat) -> Option<watch::Receiver<Arc<str>>> {
        self.views.get(seat.index()).cloned()
    }
}

/// Everything a table task needs besides its game.
pub(crate) struct Shared {
    pub store: Store,
    pub bots: Arc<Semaphore>,
    pub strength: Strength,
    /// Called once when the game ends (the per-client count).
    pub on_finish: Box<dyn Fn() + Send + Sync>,
}

/// One entry of the public move log.
struct Logged {
    by: Option<usize>,
    notation: String,
}

pub(crate) struct Table {
    id: String,
    spec: String,
    name: &'static str,
    seed: u64,
    seats: Vec<SeatKind>,
    live: Box<dyn Live>,
    log: Vec<Logged>,
    publish: Vec<watch::Sender<Arc<str>>>,
    bot_pending: bool,
    finished: bool,
    rx: mpsc::Receiver<Command>,
    tx: mpsc::Sender<Command>,
    shared: Arc<Shared>,
}

/// A seed for the `ply`th decision of chance or a bot: the same table and
/// ply give the same number, other tables and plies scattered (SplitMix64).
fn mix(seed: u64, ply: usize, salt: u64) -> u64 {
    let mut z = seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seat `i` (games have at most 256 seats; a larger index, only from a
/// corrupted store, is the last seat, which the game then refuses or owns).
pub(crate) fn seat_at(i: usize) -> Seat {
    Seat::new(u8::try_from(i).unwrap_or(u8::MAX))
}

/// Moves a table's channel holds before senders wait.
const QUEUE: usize = 64;

/// A table's description, for [`spawn`].
pub(crate) struct NewTable {
    pub id: String,
    pub spec: String,
    pub name: &'static str,
    pub seed: u64,
    pub seats: Vec<SeatKind>,
    /// Each person's token digest; `None` for a bot.
    pub tokens: Vec<Option<[u8; 32]>>,
    pub live: Box<dyn Live>,
    /// Moves already played (a restored table).
    pub log: Vec<(Option<usize>, String)>,
    pub finished: bool,
}

/// Starts a table's task; returns what the server keeps of it.
pub(crate) fn spawn(t: NewTable, shared: Arc<Shared>) -> Arc<TableRef> {
    let (tx, rx) = mpsc::channel(QUEUE);
    let mut publish = Vec::new();
    let mut views = Vec::new();
    for _ in &t.seats {
        let (p, v) = watch::channel(Arc::<str>::from(""));
        publish.push(p);
        views.push(v);
    }
    let table_ref = Arc::new(TableRef { tokens: t.tokens, views, tx: tx.clone() });
    let table = Table {
        id: t.id,
        spec: t.spec,
        name: t.name,
        seed: t.seed,
        seats: t.seats,
        live: t.live,
        log: t.log.into_iter().map(|(by, notation)| Logged { by, notation }).collect(),
        publish,
        bot_pending: false,
        finished: t.finished,
        rx,
        tx,
        shared,
    };
    table.publish_all();
    tokio::spawn(table.run());
    table_ref
}

impl Table {
    async fn run(mut self) {
        loop {
            self.drive().await;
            let Some(cmd) = self.rx.recv().await else { return };
            match cmd {
                Command::Move { seat, text, reply } => {
                    let r = self.person_move(seat, &text).await;
                    let _ = reply.send(r);
                }
                Command::Bot { ply, notation } => {
                    self.bot_pending = false;
                    if ply == self.log.len()
                        && let Some(seat) = self.live.actor().seat()
                        && let Err(e) = self.commit(Some(seat), &notation).await
                    {
                        eprintln!("table {}: bot move {notation} refused: {e:?}", self.id);
                    }
                }
            }
        }
    }

    async fn person_move(&mut self, seat: Seat, text: &str) -> Result<(usize, String), Refusal> {
        if self.seats.get(seat.index()) != Some(&SeatKind::Person) {
            return Err(Refusal::Move(MoveError::NotYourTurn));
        }
        let ply = self.log.len();
        let notation = self.commit(Some(seat), text).await?;
        Ok((ply, notation))
    }

    /// Checks the move on a copy, writes it, then plays it and publishes.
    async fn commit(&mut self, seat: Option<Seat>, text: &str) -> Result<String, Refusal> {
        let mut next = self.live.clone_box();
        let notation = match seat {
            Some(s) => next.play(s, text),
            None => next.replay_chance(text),
        }
        .map_err(Refusal::Move)?;
        let ply = self.log.len();
        self.shared.store.record(&self.id, ply, seat.map(Seat::index), &notation).await.map_err(Refusal::Store)?;
        self.live = next;
        self.log.push(Logged { by: seat.map(Seat::index), notation: notation.clone() });
        self.publish_all();
        if self.live.actor() == Actor::Nobody && !self.finished {
            self.finished = true;
            if let Err(e) = self.shared.store.finish(&self.id).await {
                eprintln!("table {}: could not mark finished: {e}", self.id);
            }
            (self.shared.on_finish)();
        }
        Ok(notation)
    }

    /// Plays chance's moves and starts the bot of the seat to act.
    async fn drive(&mut self) {
        loop {
            match self.live.actor() {
                Actor::Chance => {
                    let ply = self.log.len();
                    let mut probe = self.live.clone_box();
                    let Some(notation) = probe.chance(mix(self.seed, ply, 0xC4A2CE)) else { return };
                    if let Err(e) = self.commit(None, &notation).await {
                        eprintln!("table {}: chance move {notation} refused: {e:?}", self.id);
                        return;
                    }
                }
                Actor::Seat(s) if self.seats.get(s.index()) == Some(&SeatKind::Bot) && !self.bot_pending => {
                    self.bot_pending = true;
                    let game = self.live.clone_box();
                    let ply = self.log.len();
                    let seed = mix(self.seed, ply, 0xB07);
                    let strength = self.shared.strength;
                    let bots = self.shared.bots.clone();
                    let tx = self.tx.clone();
                    tokio::spawn(async move {
                        // At most one bot a core thinks at once; the others wait here.
                        let Ok(_permit) = bots.acquire_owned().await else { return };
                        let chosen = tokio::task::spawn_blocking(move || game.bot_move(seed, strength)).await;
                        if let Ok(Some(notation)) = chosen {
                            let _ = tx.send(Command::Bot { ply, notation }).await;
                        }
                    });
                    return;
                }
                _ => return,
            }
        }
    }

    fn publish_all(&self) {
        let log: Vec<Value> = self.log.iter().map(|l| json!({ "by": l.by, "move": l.notation })).collect();
        let actor = match self.live.actor() {
            Actor::Seat(s) => json!(s.index()),
            Actor::Chance => json!("chance"),
            Actor::Nobody => Value::Null,
        };
        let outcome =
            self.live.outcome().map(|text| json!({ "text": text, "returns": self.live.returns().unwrap_or_default() }));
        let seats: Vec<&str> = self.seats.iter().map(|k| k.as_str()).collect();
        let legal = self.live.legal();
        for (i, p) in self.publish.iter().enumerate() {
            if self.seats[i] != SeatKind::Person {
                continue;
            }
            let seat = seat_at(i);
            let mine = self.live.actor() == Actor::Seat(seat);
            let msg = json!({
                "type": "state",
                "table": self.id,
                "spec": self.spec,
                "game": self.name,
                "seat": i,
                "seats": seats,
                "ply": self.log.len(),
                "to_act": actor,
                "observation": self.live.observation(seat),
                "text": self.live.observation_text(seat),
                "legal": if mine { legal.clone() } else { Vec::new() },
                "log": log,
                "outcome": outcome,
            });
            p.send_replace(Arc::from(msg.to_string()));
        }
    }
}
