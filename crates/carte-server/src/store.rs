//! The SQLite store: tables (spec, seed, seats) and every accepted move,
//! committed before the move is acknowledged.
//!
//! One writer thread owns the connection. It takes what is queued, writes
//! it in one transaction and answers each request after the commit (group
//! commit: one fsync for all the moves that arrived together), so that many
//! tables share the disk's flushes and no async thread waits on the disk.

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, params};
use tokio::sync::oneshot;

use crate::error::CreateError;

/// Who a seat is, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// `"person"` or `"bot"`.
    pub kind: String,
    /// The digest of the seat's secret token, `sha256:` and 64 hex digits
    /// (persons only): the token itself is never stored.
    pub token: Option<String>,
}

/// One table as stored: enough to replay it.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its id.
    pub id: String,
    /// The canonical spec.
    pub spec: String,
    /// The deal's seed.
    pub seed: u64,
    /// The seats in order.
    pub seats: Vec<StoredSeat>,
    /// Who made it (an address), for the per-client limit.
    pub creator: String,
    /// The moves in order: the seat (or `None` for chance) and the notation.
    pub moves: Vec<(Option<usize>, String)>,
}

enum Write {
    Table(StoredTable),
    Move { table: String, ply: usize, seat: Option<usize>, notation: String },
    Finished { table: String },
}

type Request = (Write, oneshot::Sender<Result<(), String>>);

/// A handle to the writer thread.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Request>,
}

/// Most writes in one transaction.
const BATCH: usize = 512;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    seed INTEGER NOT NULL,
    creator TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    ply INTEGER NOT NULL,
    seat INTEGER,
    notation TEXT NOT NULL,
    PRIMARY KEY (table_id, ply)
);
";

/// The schema's version, kept in the database's `user_version`: 0 for a
/// new file or one written before digests (its tokens in plain), 1 once
/// every token is a digest.
const SCHEMA_VERSION: i64 = 1;

fn open(path: &Path) -> Result<Connection, String> {
    let db = |e: rusqlite::Error| e.to_string();
    let conn = Connection::open(path).map_err(db)?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(db)?;
    if version > SCHEMA_VERSION {
        return Err(format!(
            "{} was written by a newer server (schema version {version}; this one reads up to {SCHEMA_VERSION})",
            path.display()
        ));
    }
    // WAL with full sync: a commit is on disk when it returns, and readers
    // (a restart, an inspection with the sqlite3 shell) never block the writer.
    conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;").map_err(db)?;
    conn.execute_batch(SCHEMA).map_err(db)?;
    if version < SCHEMA_VERSION {
        hash_plain_tokens(&conn).map_err(db)?;
        conn.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION};")).map_err(db)?;
    }
    Ok(conn)
}

/// Replaces the tokens a database written before digests holds by their
/// digests, overwriting the freed bytes (`secure_delete`) and emptying
/// the write-ahead log, so that no token is left in the files. Returns
/// how many it replaced.
fn hash_plain_tokens(conn: &Connection) -> rusqlite::Result<usize> {
    let plain: Vec<(String, i64, String)> = conn
        .prepare("SELECT table_id, seat, token FROM seats WHERE token IS NOT NULL AND token NOT LIKE 'sha256:%'")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    if plain.is_empty() {
        return Ok(0);
    }
    conn.execute_batch("PRAGMA secure_delete=ON;")?;
    conn.execute_batch("BEGIN IMMEDIATE;")?;
    let updated = (|| {
        let mut update = conn.prepare("UPDATE seats SET token = ?3 WHERE table_id = ?1 AND seat = ?2")?;
        for (table, seat, token) in &plain {
            update.execute(params![table, seat, crate::secret::stored(token)])?;
        }
        Ok(())
    })();
    match updated {
        Ok(()) => conn.execute_batch("COMMIT;")?,
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK;");
            return Err(e);
        }
    }
    conn.execute_batch("VACUUM; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA secure_delete=OFF;")?;
    Ok(plain.len())
}

fn write(tx: &Connection, w: &Write) -> rusqlite::Result<()> {
    match w {
        Write::Table(t) => {
            tx.execute(
                "INSERT INTO tables (id, spec, seed, creator) VALUES (?1, ?2, ?3, ?4)",
                params![t.id, t.spec, t.seed as i64, t.creator],
            )?;
            for (i, s) in t.seats.iter().enumerate() {
                tx.execute(
                    "INSERT INTO seats (table_id, seat, kind, token) VALUES (?1, ?2, ?3, ?4)",
                    params![t.id, i as i64, s.kind, s.token],
                )?;
            }
        }
        Write::Move { table, ply, seat, notation } => {
            tx.execute(
                "INSERT INTO moves (table_id, ply, seat, notation) VALUES (?1, ?2, ?3, ?4)",
                params![table, *ply as i64, seat.map(|s| s as i64), notation],
            )?;
        }
        Write::Finished { table } => {
            tx.execute("UPDATE tables SET finished = 1 WHERE id = ?1", params![table])?;
        }
    }
    Ok(())
}

fn run(mut conn: Connection, rx: mpsc::Receiver<Request>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        // Each write in its own savepoint: one refused write (a duplicate
        // ply) fails alone, the rest of the batch commits.
        let mut results = Vec::with_capacity(batch.len());
        let outcome = (|| -> rusqlite::Result<()> {
            let mut tx = conn.transaction()?;
            for (w, _) in &batch {
                let sp = tx.savepoint()?;
                let r = write(&sp, w);
                match r {
                    Ok(()) => {
                        sp.commit()?;
                        results.push(Ok(()));
                    }
                    Err(e) => {
                        drop(sp);
                        results.push(Err(e.to_string()));
                    }
                }
            }
            tx.commit()
        })();
        for (i, (_, reply)) in batch.into_iter().enumerate() {
            let r = match &outcome {
                Ok(()) => results.get(i).cloned().unwrap_or_else(|| Err("not written".to_owned())),
                Err(e) => Err(e.to_string()),
            };
            let _ = reply.send(r);
        }
    }
}

impl Store {
    /// Opens (or creates) the database at `path` and reads every table not
    /// finished, with its moves.
    ///
    /// # Errors
    ///
    /// [`CreateError::Store`] if the file cannot be opened or read, or
    /// was written by a newer server (a higher schema version).
    pub fn open(path: &Path) -> Result<(Store, Vec<StoredTable>), CreateError> {
        let conn = open(path).map_err(CreateError::Store)?;
        let tables = load(&conn).map_err(|e| CreateError::Store(e.to_string()))?;
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("carte-store".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| CreateError::Store(e.to_string()))?;
        Ok((Store { tx }, tables))
    }

    async fn send(&self, w: Write) -> Result<(), String> {
        let (reply, answer) = oneshot::channel();
        self.tx.send((w, reply)).map_err(|_| "the store has stopped".to_owned())?;
        answer.await.map_err(|_| "the store has stopped".to_owned())?
    }

    /// Writes a new table; returns once committed.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn create(&self, table: StoredTable) -> Result<(), String> {
        self.send(Write::Table(table)).await
    }

    /// Writes one move; returns once committed.
    ///
    /// # Errors
    ///
    /// The database's message (a ply written twice, a full disk).
    pub async fn record(&self, table: &str, ply: usize, seat: Option<usize>, notation: &str) -> Result<(), String> {
        self.send(Write::Move { table: table.to_owned(), ply, seat, notation: notation.to_owned() }).await
    }

    /// Marks a table finished (not loaded again at start).
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn finish(&self, table: &str) -> Result<(), String> {
        self.send(Write::Finished { table: table.to_owned() }).await
    }
}

/// Every unfinished table with its seats and moves.
fn load(conn: &Connection) -> rusqlite::Result<Vec<StoredTable>> {
    let mut out = Vec::new();
    let mut tables = conn.prepare("SELECT id, spec, seed, creator FROM tables WHERE finished = 0 ORDER BY rowid")?;
    let mut seats = conn.prepare("SELECT kind, token FROM seats WHERE table_id = ?1 ORDER BY seat")?;
    let mut moves = conn.prepare("SELECT seat, notation FROM moves WHERE table_id = ?1 ORDER BY ply")?;
    let rows = tables.query_map([], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?))
    })?;
    for row in rows {
        let (id, spec, seed, creator) = row?;
        let seat_list = seats
            .query_map([&id], |r| Ok(StoredSeat { kind: r.get(0)?, token: r.get(1)? }))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let move_list = moves
            .query_map([&id], |r| {
                Ok((r.get::<_, Option<i64>>(0)?.and_then(|s| usize::try_from(s).ok()), r.get::<_, String>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        out.push(StoredTable { id, spec, seed: seed as u64, seats: seat_list, creator, moves: move_list });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty directory of its own for a test (removed by the test).
    fn fresh_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("carte-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A database written before digests: its tokens are replaced by
    /// their digests when it is opened, and no byte of a token is left in
    /// the database or its log.
    #[test]
    fn plain_tokens_of_an_old_database_are_hashed_on_open() {
        let dir = fresh_dir("unit");
        let path = dir.join("old.db");
        let token = "5a".repeat(32);
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch("PRAGMA journal_mode=WAL;").unwrap();
            conn.execute_batch(SCHEMA).unwrap();
            conn.execute("INSERT INTO tables (id, spec, seed, creator) VALUES ('t', 'gonzago', 1, 'me')", []).unwrap();
            conn.execute("INSERT INTO seats (table_id, seat, kind, token) VALUES ('t', 0, 'person', ?1)", [&token])
                .unwrap();
            conn.execute("INSERT INTO seats (table_id, seat, kind, token) VALUES ('t', 1, 'bot', NULL)", []).unwrap();
        }
        let (_store, tables) = Store::open(&path).unwrap();
        let seats = &tables[0].seats;
        assert_eq!(seats[0].token.as_deref(), Some(crate::secret::stored(&token).as_str()));
        assert_eq!(seats[1].token, None);
        for file in std::fs::read_dir(&dir).unwrap() {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            assert!(!bytes.windows(token.len()).any(|w| w == token.as_bytes()), "a token is left in the files");
        }
        // Opened again: nothing left to hash, and the file says so.
        let conn = open(&path).unwrap();
        assert_eq!(hash_plain_tokens(&conn).unwrap(), 0);
        assert_eq!(conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).unwrap(), SCHEMA_VERSION);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A database of a newer schema is refused, and left as it was.
    #[test]
    fn a_database_of_a_newer_server_is_refused() {
        let dir = fresh_dir("newer");
        let path = dir.join("newer.db");
        Connection::open(&path).unwrap().execute_batch("PRAGMA user_version = 2;").unwrap();
        let before = std::fs::read(&path).unwrap();
        match Store::open(&path) {
            Err(CreateError::Store(e)) => assert!(e.contains("schema version 2"), "{e}"),
            other => panic!("{:?}", other.map(|(_, tables)| tables.len())),
        }
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A new database starts at the current schema version.
    #[test]
    fn a_new_database_has_the_current_schema_version() {
        let dir = fresh_dir("new");
        let conn = open(&dir.join("new.db")).unwrap();
        assert_eq!(conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).unwrap(), SCHEMA_VERSION);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
