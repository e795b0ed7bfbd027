//! `carte-server`: play every carte game in the browser.

use std::path::PathBuf;

use carte_play::bots::Strength;
use carte_server::{Config, Limits};
use clap::Parser;

/// Serve the carte games to browsers: open the address printed and make a table.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Address to listen on (0.0.0.0:8080 to let friends on the network in).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The SQLite database (created when missing).
    #[arg(long, default_value = "carte-server.db")]
    db: PathBuf,
    /// How hard the bots think.
    #[arg(long, value_enum, default_value_t = Strength::Full)]
    strength: Strength,
    /// Bots thinking at once (default: the number of cores).
    #[arg(long)]
    bot_threads: Option<usize>,
    /// Largest message a client may send, in bytes.
    #[arg(long, default_value_t = 4096)]
    max_message_bytes: usize,
    /// Messages a second a connection may send, on average.
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// Messages a connection may send at once above the average.
    #[arg(long, default_value_t = 40.0)]
    burst: f64,
    /// Unfinished tables one client address may have made.
    #[arg(long, default_value_t = 20)]
    max_tables_per_client: usize,
    /// Unfinished tables in all.
    #[arg(long, default_value_t = 10_000)]
    max_tables: usize,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let config = Config {
        db: args.db,
        limits: Limits {
            max_message_bytes: args.max_message_bytes,
            messages_per_second: args.rate,
            burst: args.burst,
            max_tables_per_client: args.max_tables_per_client,
            max_tables: args.max_tables,
        },
        strength: args.strength,
        bot_threads: args.bot_threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let listener = match tokio::net::TcpListener::bind(&args.addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("carte-server: cannot listen on {}: {e}", args.addr);
            return std::process::ExitCode::from(2);
        }
    };
    let shown = listener.local_addr().map_or(args.addr.clone(), |a| a.to_string());
    // Tests and scripts read this line to learn the port (with --addr 127.0.0.1:0).
    println!("carte-server: listening on http://{shown}");
    match carte_server::serve(listener, &config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("carte-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
