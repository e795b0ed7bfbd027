//! Every dependency line the documentation shows works when pasted into a
//! fresh project: the crates are not on the public registry (the names
//! `carte` and `carte-core` there belong to an unrelated project), so a line
//! for one of them must say `path = ...` or `git = ...`, and no snippet may
//! say `workspace = true`, which only resolves inside this workspace.
//!
//! Walks every Markdown file of the repository and every doc comment
//! (`//!`, `///`) of every Rust file, and fails naming each bad line.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's crates, as a dependency line names them.
const CRATES: [&str; 9] = [
    "carte",
    "carte-core",
    "zama-rules",
    "zucche-rules",
    "camicia-rules",
    "gonzago-rules",
    "carte-bots",
    "carte-registry",
    "carte-play",
];

/// Why `line` (one line of a TOML snippet, or of prose around one) would
/// not work pasted into a fresh project, or `None` when it would.
fn defect(line: &str) -> Option<&'static str> {
    let toml = line.trim_start_matches(['/', '!', ' ', '#', '`']);
    let toml = toml.strip_prefix("or:").unwrap_or(toml).trim_start();
    let (name, value) = toml.split_once('=')?;
    let (name, value) = (name.trim().trim_matches('"'), value.trim());
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) {
        return None; // not a TOML key: prose or code
    }
    if name.ends_with(".workspace") || value.replace(' ', "").contains("workspace=true") {
        return Some("`workspace = true` resolves only inside this workspace");
    }
    if !CRATES.contains(&name) {
        return None;
    }
    if value.starts_with('"') {
        return Some("a bare version resolves to the unrelated crate of that name on crates.io");
    }
    if value.starts_with('{') && !(value.contains("path =") || value.contains("git =")) {
        return Some("a line without `path` or `git` resolves to the unrelated crate of that name on crates.io");
    }
    None
}

/// Every Markdown and Rust file under `dir`, skipping build output, the
/// fuzzer's data and hidden directories (git, virtual environments).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("a readable directory").map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !(name.starts_with('.') || ["target", "corpus", "artifacts", "node_modules"].contains(&name.as_str())) {
                files(&path, out);
            }
        } else if name.ends_with(".md") || name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_dependency_line_works_outside_the_workspace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(root, &mut paths);
    assert!(paths.iter().any(|p| p.ends_with("crates/zama-rules/README.md")), "the walk missed the crates");
    let mut bad = Vec::new();
    let mut lines_seen = 0;
    for path in &paths {
        let text = fs::read_to_string(path).unwrap();
        let rust = path.extension().is_some_and(|e| e == "rs");
        for (number, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if rust && !(trimmed.starts_with("//!") || trimmed.starts_with("///")) {
                continue;
            }
            lines_seen += 1;
            if let Some(why) = defect(line) {
                bad.push(format!(
                    "{}:{}: {}\n    {}",
                    path.strip_prefix(root).unwrap().display(),
                    number + 1,
                    why,
                    trimmed
                ));
            }
        }
    }
    assert!(lines_seen > 1_000, "only {lines_seen} lines of documentation read");
    assert!(bad.is_empty(), "dependency lines that fail outside this workspace:\n{}", bad.join("\n"));
}

#[test]
fn the_check_refuses_what_fails_and_passes_what_works() {
    for line in [
        r#"carte-core = { version = "0.1", features = ["proptest"] }"#,
        r#"//! carte-core = { workspace = true, features = ["testing"] }"#,
        r#"zama-rules = "0.1""#,
        r#"# or: carte = { version = "0.1.0" }"#,
        r#"proptest = { workspace = true }"#,
        r#"carte-core.workspace = true"#,
        r#"`carte = { features = ["proptest"] }`"#,
    ] {
        assert!(defect(line).is_some(), "not refused: {line}");
    }
    for line in [
        r#"zama-rules = { path = "../carte/crates/zama-rules" }"#,
        r#"# or: zama-rules = { git = "https://example.org/carte" }"#,
        r#"carte = { path = "../carte", features = ["proptest"] }"#,
        r#"proptest = "1""#,
        r#"let carte = 3;"#,
        r#"The crates are not on the public registry."#,
        r#"//! no snippet may say `workspace = true`, which fails elsewhere."#,
    ] {
        assert_eq!(defect(line), None, "refused: {line}");
    }
}
