//! The example binaries driven as a person (or a script) drives them: the
//! play shells with a scripted standard input, flags refused as usage
//! errors, the exit codes, `--help` and `--version`, and camicia's JSON.
//!
//! Examples have no `CARGO_BIN_EXE_*`, so the first test to need one builds
//! them all once with `cargo build --examples` (the cargo running this
//! test, the same profile, target directory and features of this package)
//! and finds each binary in cargo's own report of what it built
//! (`--message-format=json`). The games are small: quick bots
//! (`--strength quick`), few games, seeds fixed.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

/// Every example's binary by name, built once.
fn binaries() -> &'static HashMap<String, PathBuf> {
    static BUILT: OnceLock<HashMap<String, PathBuf>> = OnceLock::new();
    BUILT.get_or_init(|| {
        // This test runs from <target>/<profile>/deps/.
        let exe = std::env::current_exe().expect("the test knows where it runs");
        let profile_dir = exe.parent().and_then(Path::parent).expect("a test binary lives in <profile>/deps");
        let target_dir = profile_dir.parent().expect("a profile directory lives in the target directory");
        let mut cargo = Command::new(env!("CARGO"));
        cargo
            .args(["build", "--examples", "--message-format=json-render-diagnostics", "--manifest-path"])
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .arg("--target-dir")
            .arg(target_dir)
            .stderr(Stdio::inherit());
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            cargo.arg("--release");
        }
        // The features this test was built with, so nothing is rebuilt.
        let features: Vec<&str> = [("serde", cfg!(feature = "serde")), ("registry", cfg!(feature = "registry"))]
            .into_iter()
            .filter_map(|(name, on)| on.then_some(name))
            .collect();
        cargo.arg("--no-default-features");
        if !features.is_empty() {
            cargo.arg("--features").arg(features.join(","));
        }
        let out = cargo.output().expect("cargo runs");
        assert!(out.status.success(), "cargo build --examples failed");
        let mut found = HashMap::new();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let Ok(message) = serde_json::from_str::<Value>(line) else { continue };
            let is_example = message["target"]["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "example"));
            if message["reason"] == "compiler-artifact"
                && is_example
                && let (Some(name), Some(path)) = (message["target"]["name"].as_str(), message["executable"].as_str())
            {
                found.insert(name.to_owned(), PathBuf::from(path));
            }
        }
        found
    })
}

/// Runs example `name` with `args` and `stdin` (colour off).
fn run(name: &str, args: &[&str], stdin: &[u8]) -> Output {
    let path = binaries().get(name).unwrap_or_else(|| panic!("no example {name} was built"));
    let mut child = Command::new(path)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name} starts: {e}"));
    let mut input = child.stdin.take().expect("stdin is piped");
    // A program that stops reading early closes the pipe: not an error.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("the example runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs and checks the exit code; gives standard output and error.
fn expect(name: &str, args: &[&str], stdin: &[u8], code: i32) -> (String, String) {
    let out = run(name, args, stdin);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(code), "{name} {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}");
    (stdout, stderr)
}

/// A scripted session: the lines, then (after `bad_utf8_at` lines) a line
/// that is not UTF-8.
fn script(lines: &[&str], bad_utf8_at: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if i == bad_utf8_at {
            bytes.extend_from_slice(b"\xff\xfe oops\n");
        }
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
    }
    bytes
}

/// What every scripted session must show: the commands (twice: the game
/// went on after the line that is not UTF-8), the moves, the refusals, the
/// legal move echoed and a bot's answer (a line starting with `opponent`),
/// the undo, the goodbye.
fn check_session(t: &str, garbage: &str, illegal: &str, legal: &str, opponent: &str) {
    assert_eq!(t.matches("Commands:").count(), 2, "{t}");
    assert!(t.contains("Your moves ("), "{t}");
    assert!(t.contains(&format!("bad move \"{garbage}\"")), "{t}");
    assert!(t.contains(&format!("{illegal} is not legal now")), "{t}");
    let after = &t[t.find(&format!("you: {legal}")).unwrap_or_else(|| panic!("{legal} is echoed: {t}"))..];
    assert!(after.lines().any(|l| l.starts_with(opponent)), "a bot answers {legal}: {t}");
    assert!(after.contains("Taken back"), "{t}");
    assert!(t.contains("not UTF-8"), "{t}");
    assert!(t.trim_end().ends_with("bye"), "{t}");
}

#[test]
fn zama_play_session() {
    use carte_core::Game;
    // The example's game: the default configuration, seed 2026; Red (the
    // person) moves first.
    let game = zama_rules::Zama::new(&zama_rules::Config::default(), 2026).unwrap();
    let legal = game.legal_move_vec()[0].to_string();
    // A won attack is followed by shifts: `end` stops them and Blue moves
    // (after a lost attack Blue has moved already and `end` is refused).
    let lines = ["help", "moves", "flurb", "a1xa1", &legal, "end", "undo", "hint", "show", "help", "quit"];
    let (t, _) = expect("zama", &["--play", "--strength", "quick", "--color", "never"], &script(&lines, 9), 0);
    check_session(&t, "flurb", "a1xa1", &legal, "Blue: ");
    assert!(t.contains("Hint: "), "{t}");
}

#[test]
fn gonzago_play_session() {
    use carte_core::{Game, Seeded};
    let config = gonzago_rules::Config::new(gonzago_rules::Deck::Italian, gonzago_rules::MatchMode::Points);
    let game = gonzago_rules::Match::from_seed(&config, 2026).unwrap();
    assert_eq!(game.actor().seat(), Some(gonzago_rules::Player::A.seat()), "with seed 2026 the person leads");
    let legal = game.legal_move_vec()[0].to_string();
    let lines = ["help", "moves", "flurb", "play 4c 7d", &legal, "undo", "hint", "", "help", "quit"];
    let (t, _) = expect("gonzago", &["--play", "--strength", "quick", "--color", "never"], &script(&lines, 8), 0);
    check_session(&t, "flurb", "play 4c 7d", &legal, "player B: ");
    assert!(t.contains("Hint: "), "{t}");
}

#[test]
fn zucche_play_session() {
    // Seed 1: A1 (the person) rolls a 6 first (chance's die, not a bot's).
    let lines = ["help", "moves", "1:z9-a1", "1:a1-a3", "1:a1-a7", "undo", "show", "help", "quit"];
    let (t, _) = expect("zucche", &["--play", "--strength", "quick", "--color", "never"], &script(&lines, 7), 0);
    check_session(&t, "1:z9-a1", "1:a1-a3", "1:a1-a7", "B2: ");
    // The die is chance's, not a player's move.
    assert!(t.contains("chance: the die of board 1 shows 6 for A1"), "{t}");
}

#[test]
fn end_of_input_ends_a_session() {
    for name in ["zama", "zucche", "gonzago"] {
        let (t, _) = expect(name, &["--play", "--strength", "quick"], b"moves\n", 0);
        assert!(t.trim_end().ends_with("bye"), "{name}: {t}");
    }
}

/// Every refused combination: the example, its arguments, and what the
/// message must say. Each exits with 2, as clap does.
const REFUSED: &[(&str, &[&str], &str)] = &[
    // camicia: a flag of another mode.
    ("camicia", &["--deal", "1/-", "--seed", "9"], "cannot be used with"),
    ("camicia", &["--search", "5", "--deal", "1/-"], "cannot be used with"),
    ("camicia", &["--sweep", "--search", "5"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--search", "5"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--sweep"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--deal", "1/-"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--rank", "1/-"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--unrank", "1"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--seed", "1"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--literal"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--threads", "2"], "cannot be used with"),
    ("camicia", &["--search", "5", "--rank", "1/-"], "cannot be used with"),
    ("camicia", &["--search", "5", "--unrank", "1"], "cannot be used with"),
    ("camicia", &["--sweep", "--rank", "1/-"], "cannot be used with"),
    ("camicia", &["--sweep", "--unrank", "1"], "cannot be used with"),
    ("camicia", &["--deal", "1/-", "--rank", "1/-"], "cannot be used with"),
    ("camicia", &["--deal", "1/-", "--unrank", "1"], "cannot be used with"),
    ("camicia", &["--rank", "1/-", "--seed", "1"], "cannot be used with"),
    ("camicia", &["--rank", "1/-", "--literal"], "cannot be used with"),
    ("camicia", &["--rank", "1/-", "--unrank", "3"], "cannot be used with"),
    ("camicia", &["--unrank", "3", "--literal"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--top", "3"], "--top"),
    ("camicia", &["--merge", "a.json", "--preset", "bmn"], "cannot be used with"),
    ("camicia", &["--merge", "a.json", "--deck", "4,1,1"], "cannot be used with"),
    ("camicia", &["--sweep", "--seed", "3"], "cannot be used with"),
    ("camicia", &["--threads", "2"], "--search"),
    ("camicia", &["--top", "3", "--deal", "1/-"], "--search"),
    ("camicia", &["--full"], "--deal"),
    ("camicia", &["--full", "--deal", "1/-", "--deck", "4,1,1"], "cannot be used with"),
    ("camicia", &["--range", "0..5"], "--sweep"),
    ("camicia", &["--shard", "1/2"], "--sweep"),
    ("camicia", &["--checkpoint", "c.json"], "--sweep"),
    // (A flag that requires a mode, given with another mode.)
    ("camicia", &["--range", "0..5", "--search", "5"], "cannot be used with"),
    ("camicia", &["--shard", "1/2", "--deal", "1/-"], "cannot be used with"),
    ("camicia", &["--checkpoint", "c.json", "--merge", "a.json"], "cannot be used with"),
    ("camicia", &["--threads", "2", "--deal", "1/-"], "cannot be used with"),
    ("camicia", &["--top", "2", "--unrank", "4"], "cannot be used with"),
    ("camicia", &["--full", "--seed", "3"], "cannot be used with"),
    ("camicia", &["--full", "--search", "3"], "cannot be used with"),
    ("camicia", &["--sweep", "--range", "0..2", "--shard", "1/2"], "cannot be used with"),
    // camicia: values out of sense.
    ("camicia", &["--search", "0"], "must be at least 1"),
    ("camicia", &["--search", "5", "--threads", "0"], "give 1 to 1024"),
    ("camicia", &["--search", "5", "--threads", "1025"], "give 1 to 1024"),
    ("camicia", &["--search", "5", "--threads", "100000"], "give 1 to 1024"),
    ("camicia", &["--search", "5", "--top", "0"], "must be at least 1"),
    ("camicia", &["--search", "5", "--top", "18446744073709551615"], "at most 10000"),
    ("camicia", &["--unrank", "30", "--deck", "4,1,1"], "invalid value '30' for '--unrank <R>'"),
    ("camicia", &["--unrank", "-1"], "unexpected argument '-1'"),
    ("camicia", &["--deck", "1,x"], "invalid value '1,x' for '--deck"),
    ("camicia", &["--sweep", "--deck", "4,1,1", "--range", "5..2"], "invalid value '5..2' for '--range"),
    ("camicia", &["--sweep", "--deck", "4,1,1", "--range", "0..31"], "has ranks 0..30"),
    ("camicia", &["--sweep", "--deck", "4,1,1", "--shard", "3/2"], "invalid value '3/2' for '--shard"),
    ("camicia", &["--sweep", "--shard", "x"], "expected I/N"),
    // zama
    (
        "zama",
        &["--players", "3"],
        "invalid value '3' for '--players <PLAYERS>': bad configuration: Zama is played by 2 or 4 players",
    ),
    ("zama", &["--players", "9"], "not in 2..=4"),
    ("zama", &["--limit", "0"], "invalid value '0' for '--limit <LIMIT>'"),
    ("zama", &["--every", "0"], "must be at least 1"),
    ("zama", &["--every", "5", "--play"], "cannot be used with"),
    ("zama", &["--every", "5", "--simulate", "2"], "cannot be used with"),
    ("zama", &["--play", "--simulate", "2"], "cannot be used with"),
    ("zama", &["--versus"], "--simulate"),
    ("zama", &["--versus", "--play"], "cannot be used with"),
    ("zama", &["--color", "never", "--simulate", "2"], "cannot be used with"),
    ("zama", &["--color", "always"], "--play"),
    ("zama", &["--strength", "quick"], "--play"),
    ("zama", &["--simulate", "0"], "must be at least 1"),
    // zucche
    ("zucche", &["--seat", "B1"], "--play"),
    ("zucche", &["--seat", "B1", "--simulate", "2"], "cannot be used with"),
    ("zucche", &["--color", "never"], "--play"),
    ("zucche", &["--strength", "quick", "--simulate", "2"], "cannot be used with"),
    ("zucche", &["--play", "--simulate", "2"], "cannot be used with"),
    ("zucche", &["--players", "6"], "invalid value '6' for '--players <PLAYERS>'"),
    ("zucche", &["--players", "0"], "not a positive multiple of 4"),
    ("zucche", &["--rounds", "0"], "must be at least 1"),
    ("zucche", &["--simulate", "0"], "must be at least 1"),
    ("zucche", &["--play", "--seat", "B3"], "there is no seat B3 with 4 players"),
    ("zucche", &["--play", "--seat", "Q7"], "--seat"),
    // gonzago
    ("gonzago", &["--bots", "heuristic"], "--simulate"),
    ("gonzago", &["--bots", "heuristic", "--play"], "cannot be used with"),
    ("gonzago", &["--strength", "quick", "--simulate", "2"], "cannot be used with"),
    ("gonzago", &["--color", "always"], "--play"),
    ("gonzago", &["--strength", "quick"], "--play"),
    ("gonzago", &["--play", "--simulate", "3"], "cannot be used with"),
    ("gonzago", &["--simulate", "0"], "must be at least 1"),
    ("gonzago", &["--mode", "best-of-five"], "--mode"),
    // arena: flags of another game or of bots not playing.
    ("arena", &["--game", "zama", "--players", "8"], "'--players' is Zucche's; the arena plays two-player Zama"),
    ("arena", &["--game", "gonzago-match", "--players", "4"], "--game gonzago-match has a fixed number"),
    ("arena", &["--game", "gonzago", "--match-mode", "points"], "'--match-mode' applies to --game gonzago-match"),
    ("arena", &["--game", "kuhn", "--bots", "random,heuristic", "--iterations", "9"], "'--iterations' sets the search"),
    ("arena", &["--game", "kuhn", "--bots", "random,heuristic", "--exploration", "2"], "'--exploration' sets"),
    ("arena", &["--game", "kuhn", "--bots", "random,heuristic", "--rollout", "heuristic"], "'--rollout' sets"),
    ("arena", &["--game", "zama", "--bots", "random,heuristic", "--eval-plies", "4"], "'--eval-plies' sets"),
    ("arena", &["--game", "gonzago", "--bots", "ismcts,random", "--eval-plies", "4"], "no evaluation"),
    ("arena", &["--game", "zama", "--bots", "ismcts,random", "--allow-cheats"], "does not name mcts"),
    ("arena", &["--game", "zucche", "--bots", "mcts,random", "--allow-cheats"], "hides nothing"),
    ("arena", &["--game", "zama", "--bots", "mcts,random"], "mcts reads it"),
    ("arena", &["--game", "zucche", "--bots", "ismcts,random"], "no hidden information"),
    ("arena", &["--game", "kuhn", "--bots", "random"], "at least two bots"),
    ("arena", &["--game", "zucche", "--players", "6"], "not a positive multiple of 4"),
    // arena: values out of sense.
    ("arena", &["--game", "kuhn", "--exploration", "nan"], "must be a finite number of at least 0"),
    ("arena", &["--game", "kuhn", "--exploration", "inf"], "must be a finite number of at least 0"),
    ("arena", &["--game", "kuhn", "--exploration", "-0.5"], "must be a finite number of at least 0"),
    ("arena", &["--game", "kuhn", "--iterations", "0"], "must be at least 1"),
    ("arena", &["--game", "kuhn", "--games", "0"], "must be at least 1"),
    ("arena", &["--game", "kuhn", "--max-plies", "0"], "must be at least 1"),
    ("arena", &["--game", "kuhn", "--threads", "0"], "give 1 to 1024"),
    ("arena", &["--game", "kuhn", "--threads", "100000"], "give 1 to 1024"),
    ("arena", &["--bots", "random,heuristic"], "--game"),
    // ladder
    ("ladder", &["--game", "zama", "--bots", "random,nobody"], "invalid value 'nobody' for '--bots"),
    ("ladder", &["--game", "zama", "--bots", "random"], "at least two bots"),
    ("ladder", &["--game", "zama", "--games", "0"], "must be at least 1"),
    ("ladder", &["--game", "zama", "--threads", "1025"], "give 1 to 1024"),
    ("ladder", &["--game", "zama", "--max-plies", "0"], "must be at least 1"),
    // tour
    ("tour", &["--game", "chess"], "--game"),
    ("tour", &["--seed", "x"], "--seed"),
];

#[test]
fn misplaced_flags_and_values_out_of_sense_are_usage_errors() {
    let mut failures = Vec::new();
    for &(name, args, says) in REFUSED {
        let out = run(name, args, b"");
        let stderr = text(&out.stderr);
        let ok = out.status.code() == Some(2)
            && stderr.starts_with("error: ")
            && stderr.contains(says)
            && stderr.contains("For more information, try '--help'.")
            && out.stdout.is_empty();
        if !ok {
            failures.push(format!("{name} {args:?}: exit {:?}, expected 2 and {says:?}\n{stderr}", out.status.code()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each example's own summary, the first line of its `--help`.
const ABOUT: &[(&str, &str)] = &[
    ("tour", "One seeded game of each of the four games"),
    ("zama", "Zama in the terminal"),
    ("zucche", "Zucche e Fantasmi in the terminal"),
    ("camicia", "Plays Camicia and Beggar-my-neighbour deals"),
    ("gonzago", "Gonzago in the terminal"),
    ("arena", "A round robin between bots at one game"),
    ("ladder", "The arena ladder"),
];

#[test]
fn help_says_what_the_program_does_and_the_exit_codes() {
    assert_eq!(ABOUT.len(), binaries().len(), "every example has its line here: {:?}", binaries().keys());
    for &(name, about) in ABOUT {
        for flag in ["--help", "-h"] {
            let (help, _) = expect(name, &[flag], b"", 0);
            assert!(help.starts_with(about), "{name} {flag}:\n{help}");
            assert!(help.contains(&format!("Usage: {name}")), "{name} {flag}:\n{help}");
            assert!(help.contains("Exit status: 0 on success; 1 on a runtime error"), "{name} {flag}:\n{help}");
            assert!(help.contains("2 on a usage error"), "{name} {flag}:\n{help}");
        }
        let (version, _) = expect(name, &["--version"], b"", 0);
        assert_eq!(version.trim(), format!("{name} {}", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn runs_that_work_exit_with_0() {
    let runs: &[(&str, &[&str])] = &[
        ("tour", &["--game", "camicia", "--seed", "3"]),
        ("zama", &["--simulate", "2"]),
        ("zama", &["--simulate", "2", "--versus", "--players", "4"]),
        ("zucche", &["--simulate", "2", "--bot", "random"]),
        ("gonzago", &["--simulate", "3", "--bots", "heuristic", "--mode", "single"]),
        ("gonzago", &["--deck", "french", "--mode", "best-of-three"]),
        ("camicia", &["--seed", "9"]),
        ("camicia", &["--deal", "1-/2"]),
        ("camicia", &["--unrank", "7"]),
        ("arena", &["--game", "kuhn", "--bots", "random,heuristic", "--games", "4", "--threads", "2"]),
        ("arena", &["--game", "gonzago-match", "--bots", "random,heuristic", "--games", "2", "--match-mode", "single"]),
        (
            "arena",
            &["--game", "zucche", "--bots", "random,mcts", "--games", "2", "--iterations", "5", "--eval-plies", "2"],
        ),
        ("ladder", &["--game", "gonzago", "--bots", "random,heuristic", "--games", "2", "--threads", "1"]),
    ];
    for &(name, args) in runs {
        let (stdout, _) = expect(name, args, b"", 0);
        assert!(!stdout.is_empty(), "{name} {args:?} printed nothing");
    }
}

#[test]
fn runtime_errors_exit_with_1() {
    // A refused deal, an unreadable file, a checkpoint of another sweep.
    let (_, stderr) = expect("camicia", &["--deal", "1x/2"], b"", 1);
    assert!(stderr.contains("'x' is not a card"), "{stderr}");
    let (_, stderr) = expect("camicia", &["--rank", "1-/2", "--deck", "4,1,1"], b"", 1);
    assert!(stderr.starts_with("camicia: --rank"), "{stderr}");
    let (_, stderr) = expect("camicia", &["--merge", "/nonexistent/summary.json"], b"", 1);
    assert!(stderr.contains("/nonexistent/summary.json"), "{stderr}");
    let dir = std::env::temp_dir().join(format!("carte-examples-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("sweep.json");
    let path = checkpoint.to_str().unwrap();
    expect("camicia", &["--sweep", "--deck", "4,1,1", "--checkpoint", path, "--json"], b"", 0);
    let (_, stderr) = expect("camicia", &["--sweep", "--deck", "4,1,1", "--checkpoint", path, "--top", "3"], b"", 1);
    assert!(stderr.contains("is a sweep of"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Output that cannot be written is a runtime error (1), not a panic (101),
/// in every example.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_exits_with_1() {
    let runs: &[(&str, &[&str])] = &[
        ("tour", &["--game", "camicia"]),
        ("zama", &["--simulate", "1"]),
        ("zama", &["--play", "--strength", "quick"]),
        ("zucche", &["--simulate", "1", "--bot", "random"]),
        ("zucche", &["--play", "--strength", "quick"]),
        ("gonzago", &["--simulate", "1"]),
        ("gonzago", &["--play", "--strength", "quick"]),
        ("camicia", &["--deal", "1-/2", "--json"]),
        ("arena", &["--game", "kuhn", "--bots", "random,heuristic", "--games", "2"]),
        ("ladder", &["--game", "gonzago", "--bots", "random,heuristic", "--games", "2", "--json"]),
    ];
    for &(name, args) in runs {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
        let out = Command::new(&binaries()[name])
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("the example runs");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name} {args:?}: {stderr}");
        assert!(stderr.starts_with(&format!("{name}: ")), "{name} {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
    }
}

/// Parses every line of `stdout` as JSON.
fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn camicia_json_lines_carry_the_line_and_the_deal() {
    let input = b"1-/2\n\nxx\n\xff\n  --1/-2-  \n";
    let (stdout, stderr) = expect("camicia", &["--deal", "-", "--json"], input, 1);
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[0]["deal"], "1-/2");
    assert_eq!(lines[0]["status"], "finished");
    assert_eq!(lines[0]["winner"], "B");
    // The line is the serde form of PlayResult, with the line and the deal.
    let result: camicia_rules::PlayResult = serde_json::from_value(lines[0].clone()).unwrap();
    let deal = camicia_rules::Deal::parse(camicia_rules::Preset::Camicia, "1-/2").unwrap();
    assert_eq!(result, deal.play_out(camicia_rules::EndRule::Standard).unwrap());
    // Refused lines keep their numbers (the blank line 2 counts) and say why.
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["deal"], "xx");
    assert!(lines[1]["error"].as_str().unwrap().contains("'x' is not a card"), "{stdout}");
    assert!(lines[1].get("status").is_none());
    assert_eq!(lines[2]["line"], 4);
    assert!(lines[2]["error"].as_str().unwrap().contains("not UTF-8"), "{stdout}");
    assert_eq!(lines[3]["line"], 5);
    assert_eq!(lines[3]["deal"], "--1/-2-");
    assert_eq!(lines[3]["winner"], "A");
    assert!(stderr.contains("line 3:") && stderr.contains("line 4:"), "{stderr}");
    assert!(stderr.contains("2 lines of standard input were refused"), "{stderr}");

    // Every line good: exit 0, and the text mode names the lines too.
    let (stdout, _) = expect("camicia", &["--deal", "-"], b"1-/2\n2/1\n", 0);
    assert!(stdout.contains("line 1:") && stdout.contains("line 2:"), "{stdout}");
}

#[test]
fn camicia_json_in_every_mode() {
    // One deal, seeded or given; a refused deal is JSON too (and exit 1).
    let (stdout, _) = expect("camicia", &["--seed", "9", "--json"], b"", 0);
    let seeded = &json_lines(&stdout)[0];
    assert_eq!(seeded["seed"], 9);
    let deal = camicia_rules::Deal::seeded(camicia_rules::Preset::Camicia, 9);
    assert_eq!(seeded["deal"], deal.to_string());
    assert_eq!(seeded["cards"], deal.play_out(camicia_rules::EndRule::Standard).unwrap().cards());
    let (stdout, _) = expect("camicia", &["--deal", "2x/1", "--json"], b"", 1);
    let refused = &json_lines(&stdout)[0];
    assert_eq!(refused["deal"], "2x/1");
    assert!(refused["error"].is_string(), "{stdout}");

    // The search report: JSON, not text.
    let (stdout, _) = expect("camicia", &["--search", "50", "--top", "3", "--threads", "2", "--json"], b"", 0);
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 1, "{stdout}");
    let report = &lines[0];
    assert_eq!(report["deals"], 50);
    assert_eq!(report["seed"], 2026);
    assert_eq!(report["threads"], 2);
    assert_eq!(report["deck"]["preset"], "camicia");
    let longest = report["longest"].as_array().unwrap();
    assert_eq!(longest.len(), 3);
    let loops = report["loops"].as_array().unwrap().len() as u64;
    assert_eq!(report["finished"].as_u64().unwrap() + loops, 50);
    for game in longest {
        let result: camicia_rules::PlayResult = serde_json::from_value(game.clone()).unwrap();
        let deal = camicia_rules::Deal::parse(camicia_rules::Preset::Camicia, game["deal"].as_str().unwrap()).unwrap();
        assert_eq!(result, deal.play_out(camicia_rules::EndRule::Standard).unwrap());
    }
    assert!(longest[0]["cards"].as_u64() >= longest[2]["cards"].as_u64());
    assert!(report["quantiles"]["median"].as_u64().unwrap() <= report["quantiles"]["p90"].as_u64().unwrap());
    // The same search with another thread count finds the same games.
    let (again, _) = expect("camicia", &["--search", "50", "--top", "3", "--threads", "1", "--json"], b"", 0);
    assert_eq!(json_lines(&again)[0]["longest"], report["longest"]);

    // A sweep and a merge: the serde form of SweepSummary.
    let (stdout, _) = expect("camicia", &["--sweep", "--deck", "4,1,1", "--json"], b"", 0);
    let summary: camicia_rules::SweepSummary = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(summary.deals, 30);
    let dir = std::env::temp_dir().join(format!("carte-examples-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut parts = Vec::new();
    for shard in ["1/2", "2/2"] {
        let (stdout, _) = expect("camicia", &["--sweep", "--deck", "4,1,1", "--shard", shard, "--json"], b"", 0);
        let path = dir.join(format!("shard{}.json", parts.len()));
        std::fs::write(&path, stdout).unwrap();
        parts.push(path.to_str().unwrap().to_owned());
    }
    let (stdout, _) = expect("camicia", &["--merge", &parts[0], &parts[1], "--json"], b"", 0);
    let merged: camicia_rules::SweepSummary = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(merged, summary);
    std::fs::remove_dir_all(&dir).unwrap();

    // Rank and unrank.
    let (stdout, _) = expect("camicia", &["--unrank", "7", "--deck", "4,1,1", "--json"], b"", 0);
    let unranked = &json_lines(&stdout)[0];
    assert_eq!(unranked["rank"], 7);
    assert_eq!(unranked["deals"], 30);
    let deal = unranked["deal"].as_str().unwrap();
    let (stdout, _) = expect("camicia", &["--rank", deal, "--deck", "4,1,1", "--json"], b"", 0);
    assert_eq!(json_lines(&stdout)[0]["rank"], 7);
}

/// camicia's modes, each with what it needs: any two together are refused.
#[test]
fn camicia_modes_exclude_each_other() {
    let modes: &[&[&str]] = &[
        &["--deal", "1/-"],
        &["--search", "5"],
        &["--sweep"],
        &["--merge", "a.json"],
        &["--rank", "1/-"],
        &["--unrank", "1"],
    ];
    for (i, a) in modes.iter().enumerate() {
        for b in &modes[i + 1..] {
            let args: Vec<&str> = a.iter().chain(b.iter()).copied().collect();
            let (_, stderr) = expect("camicia", &args, b"", 2);
            assert!(stderr.contains("cannot be used with"), "{args:?}: {stderr}");
        }
    }
}

/// `--threads` takes 1 to 1024: both ends run, one past either end is
/// refused.
#[test]
fn camicia_threads_cap() {
    for threads in ["1", "1024"] {
        let (stdout, _) = expect("camicia", &["--search", "1", "--threads", threads, "--json"], b"", 0);
        assert_eq!(json_lines(&stdout)[0]["threads"].to_string(), threads);
    }
    for threads in ["0", "1025"] {
        let (_, stderr) = expect("camicia", &["--search", "1", "--threads", threads], b"", 2);
        assert!(stderr.contains(&format!("invalid value '{threads}' for '--threads <T>'")), "{stderr}");
        assert!(stderr.contains("give 1 to 1024"), "{stderr}");
    }
}

#[test]
fn ladder_json_is_one_object_with_the_ratings_and_the_pairings() {
    let (stdout, _) =
        expect("ladder", &["--game", "gonzago", "--bots", "random,heuristic", "--games", "4", "--json"], b"", 0);
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 1, "{stdout}");
    let out = &lines[0];
    assert_eq!(out["game"], "gonzago");
    assert_eq!(out["games_per_pair"], 4);
    let ratings = out["ladder"]["ratings"].as_array().unwrap();
    let mut names: Vec<&str> = ratings.iter().map(|r| r["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["heuristic", "random"]);
    let pairing = &out["pairings"][0];
    let games: u64 = ["wins", "draws", "losses"].iter().map(|k| pairing[k].as_u64().unwrap()).sum();
    assert_eq!(games, 4);
    assert_eq!(out["time_per_decision"].as_array().unwrap().len(), 2);
}

/// At Zucche each bot of the arena plays a whole team (team A holds the
/// even seats): the heuristic beats random play. (When each bot held one
/// seat of each team, every game was a draw.)
#[test]
fn arena_zucche_bots_play_whole_teams() {
    let (stdout, _) = expect("arena", &["--game", "zucche", "--bots", "heuristic,random", "--games", "10"], b"", 0);
    let row: Vec<&str> = stdout
        .lines()
        .find(|l| l.starts_with("heuristic vs random"))
        .unwrap_or_else(|| panic!("{stdout}"))
        .split_whitespace()
        .collect();
    let [games, wins, draws, losses] = [3, 4, 5, 6].map(|i| row[i].parse::<u32>().unwrap());
    assert_eq!(games, 10, "{stdout}");
    assert!(wins > draws + losses, "{stdout}");
}
