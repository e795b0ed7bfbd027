//! A browser game server for every carte game: tables of any game the
//! registry names, seats held by people (each with a secret token) or by
//! the `--play` bots, a WebSocket protocol that sends each seat its own
//! observation and nothing else, and every accepted move committed to
//! SQLite before it is acknowledged.
//!
//! # The protocol
//!
//! `POST /api/tables` with `{"spec": "zama(players=4)", "seats": ["person",
//! "bot", "person", "bot"]}` makes a table and answers its id and each
//! person's token and invite link (`/table/<id>#seat=<n>&token=<hex>`: the
//! token rides in the fragment, which browsers never send to a server).
//! The token is shown once: the database keeps its SHA-256 digest only
//! (`sha256:` and 64 hex digits), and a join compares the digest of the
//! token it is given with every seat's, in constant time.
//!
//! On `GET /ws`, a client sends JSON text messages:
//! - `{"type": "join", "table": ID, "token": HEX}`: take the seat (again,
//!   after a reconnect); the answer is `joined`, then a `state`.
//! - `{"type": "move", "move": "play 6s"}`: a move in the game's notation
//!   (optionally `"seat": n`, checked); the answer is `ack` once the move is
//!   on disk, or an `error`.
//! - `{"type": "ping"}`: answered `pong`.
//!
//! The server sends, after every move, `{"type": "state", "seat", "seats",
//! "ply", "to_act", "observation", "text", "legal", "log", "outcome"}`:
//! `observation` is the library's JSON of the seat's observation, `text`
//! its text view, `legal` the seat's legal moves in notation (empty when
//! another acts), `log` the public moves (`{"by": seat or null for
//! chance, "move"}`), `outcome` the game's own words and the returns once
//! over. Errors are `{"type": "error", "code", "message"}` with the codes
//! `malformed`, `too_large`, `rate_limited`, `bad_token`, `not_joined`,
//! `wrong_seat`, `not_your_turn`, `notation`, `illegal`, `game_over`,
//! `server`; the table is unchanged after any of them.

#![forbid(unsafe_code)]

mod error;
mod game;
mod secret;
mod server;
mod store;
mod table;

pub use error::{CreateError, MoveError};
pub use game::{Live, start};
pub use server::{Config, Hub, Limits, router};

/// Serves `config` on `listener` until the process ends.
///
/// # Errors
///
/// The store's or the listener's error.
pub async fn serve(listener: tokio::net::TcpListener, config: &Config) -> Result<(), Box<dyn std::error::Error>> {
    let hub = Hub::open(config)?;
    let app = router(hub).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app).await?;
    Ok(())
}
