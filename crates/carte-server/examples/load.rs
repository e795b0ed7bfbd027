//! The load test: a release `carte-server` on loopback with 500 tables at
//! once (Gonzago hands against bots, Camicia games between two scripted
//! clients), every client playing its moves as fast as the answers come.
//! Reports the errors (there must be none), the latency from a move sent
//! to the seat's next observation received (p50, p99, max), the moves a
//! second and the server's resident memory per table. Bounded: each client
//! table stops after `2 * --moves` plies; every wait has a timeout.
//!
//! ```sh
//! cargo build --release -p carte-server
//! cargo run --release -p carte-server --example load -- --tables 500 --moves 20
//! ```
//!
//! A script, not a timed test: figures depend on the machine and its load.
//! An example rather than a bench, so that `cargo test` keeps it compiling
//! without building the server's dependencies a third time in the bench
//! profile; `--server PATH` names the binary (default: the release one
//! beside this example);
//! `--think-ms 1000` waits a second before each move, as people do, for
//! the latency of a server that is not saturated; `--bot-threads N`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

const TIMEOUT: Duration = Duration::from_secs(120);

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn post(addr: &str, body: &str) -> Value {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    let body = out.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let line = body.lines().max_by_key(|l| l.len()).unwrap_or("");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// One seat: joins, plays the first legal move whenever it is to act,
/// until the table has `plies` moves (so both seats of a table stop at the
/// same point); returns the latencies in microseconds and the errors.
async fn seat(addr: String, table: String, token: String, plies: u64, think: Duration) -> (Vec<u64>, usize) {
    let (mut ws, _) = match tokio::time::timeout(TIMEOUT, connect_async(format!("ws://{addr}/ws"))).await {
        Ok(Ok(c)) => c,
        _ => return (Vec::new(), 1),
    };
    let join = json!({ "type": "join", "table": table, "token": token }).to_string();
    if ws.send(Message::text(join)).await.is_err() {
        return (Vec::new(), 1);
    }
    let mut lat = Vec::new();
    let mut errors = 0;
    let mut sent: Option<(u64, Instant)> = None;
    loop {
        let msg = match tokio::time::timeout(TIMEOUT, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(_))) => continue,
            _ => return (lat, errors + 1),
        };
        let v: Value = serde_json::from_str(&msg).unwrap_or(Value::Null);
        match v["type"].as_str() {
            Some("error") => {
                errors += 1;
                eprintln!("error: {v}");
                return (lat, errors);
            }
            Some("state") => {
                let ply = v["ply"].as_u64().unwrap_or(0);
                if let Some((at, t)) = sent
                    && ply > at
                {
                    lat.push(t.elapsed().as_micros() as u64);
                    sent = None;
                }
                if !v["outcome"].is_null() || ply >= plies {
                    return (lat, errors);
                }
                if sent.is_none()
                    && v["to_act"] == v["seat"]
                    && let Some(mv) = v["legal"][0].as_str()
                {
                    let m = json!({ "type": "move", "move": mv }).to_string();
                    // A person's thinking time, when asked for.
                    if !think.is_zero() {
                        tokio::time::sleep(think).await;
                    }
                    sent = Some((ply, Instant::now()));
                    if ws.send(Message::text(m)).await.is_err() {
                        return (lat, errors + 1);
                    }
                }
            }
            _ => {}
        }
    }
}

fn pct(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
}

fn main() {
    let tables = arg("--tables", 500);
    let moves = arg("--moves", 20);
    let think = Duration::from_millis(arg("--think-ms", 0) as u64);
    let db = std::env::temp_dir().join(format!("carte-load-{}.db", std::process::id()));
    let server = std::env::args().skip_while(|a| a != "--server").nth(1).map_or_else(
        || {
            let me = std::env::current_exe().expect("this program's path");
            // target/release/examples/load -> target/release/carte-server
            me.parent().and_then(|d| d.parent()).expect("the target dir").join("carte-server")
        },
        std::path::PathBuf::from,
    );
    let mut child = Command::new(&server)
        .args(["--addr", "127.0.0.1:0", "--strength", "quick", "--rate", "1000", "--burst", "1000"])
        // The bots get one thread: the other cores serve the sockets.
        .args(["--bot-threads", &arg("--bot-threads", 1).to_string()])
        .args(["--max-tables-per-client", &(tables + 1).to_string(), "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e} (cargo build --release -p carte-server first)", server.display()));
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("its address");
    let addr = line.trim().rsplit("http://").next().unwrap_or_default().to_owned();
    let pid = child.id();
    let base = rss_kib(pid);

    let mut seats = Vec::new();
    for i in 0..tables {
        let (spec, kinds) = if i % 5 < 3 { ("gonzago", ["person", "bot"]) } else { ("camicia", ["person", "person"]) };
        let made = post(&addr, &json!({ "spec": spec, "seats": kinds }).to_string());
        let id = made["table"].as_str().expect("a table").to_owned();
        for s in made["seats"].as_array().expect("seats") {
            if let Some(t) = s["token"].as_str() {
                seats.push((id.clone(), t.to_owned()));
            }
        }
    }
    let made = rss_kib(pid);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let peak = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let (mut lat, errors) = rt.block_on(async {
        let watcher = {
            let peak = peak.clone();
            tokio::spawn(async move {
                loop {
                    peak.fetch_max(rss_kib(pid) as usize, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
        };
        let tasks: Vec<_> = seats
            .iter()
            .cloned()
            .map(|(t, k)| tokio::spawn(seat(addr.clone(), t, k, 2 * moves as u64, think)))
            .collect();
        let mut lat = Vec::new();
        let mut errors = 0;
        for t in tasks {
            match t.await {
                Ok((l, e)) => {
                    lat.extend(l);
                    errors += e;
                }
                Err(_) => errors += 1,
            }
        }
        watcher.abort();
        (lat, errors)
    });
    let secs = start.elapsed().as_secs_f64();
    let _ = child.kill();
    let _ = child.wait();
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
    lat.sort_unstable();
    let peak = peak.load(Ordering::Relaxed) as u64;
    println!("tables {tables} ({} seats of persons), {} plies a table at most", seats.len(), 2 * moves);
    println!("errors {errors}");
    println!(
        "moves {} in {secs:.1} s ({:.0} moves/s, each committed to SQLite before its ack)",
        lat.len(),
        lat.len() as f64 / secs
    );
    println!(
        "latency move sent -> observation received: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(&lat, 0.5),
        pct(&lat, 0.99),
        pct(&lat, 1.0)
    );
    println!(
        "server memory: {base} KiB at start, {made} KiB with the tables made ({:.1} KiB a table), peak {peak} KiB in play ({:.1} KiB a table)",
        made.saturating_sub(base) as f64 / tables as f64,
        peak.saturating_sub(base) as f64 / tables as f64
    );
    if errors > 0 {
        std::process::exit(1);
    }
}
