//! Running the example programs from tests: `cargo test` builds every
//! example next to the test binaries (`target/<profile>/examples/`); a test
//! run that did not (`cargo test --test NAME`) builds the one it needs.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The path of the example program `name`, built if it is missing.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows where it runs");
    // target/<profile>/deps/<test>: the examples sit in target/<profile>/examples.
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).expect("a test runs from target/<profile>/deps");
    let path = profile_dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let mut build = Command::new(cargo);
        build.args(["build", "--example", name]);
        if profile_dir.file_name().is_some_and(|p| p == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "building the example {name} failed");
    }
    path
}

/// Runs the example `name` with `args`, `input` on its standard input, and
/// `NO_COLOR` set.
pub fn run(name: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    {
        let mut stdin = child.stdin.take().expect("piped");
        // A program that refuses its flags exits before reading: ignore EPIPE.
        let _ = stdin.write_all(input);
    }
    child.wait_with_output().expect("the example runs")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts that `name args` is refused as a usage error (exit code 2) with
/// a message on standard error that contains `says`.
pub fn refused(name: &str, args: &[&str], says: &str) {
    let out = run(name, args, b"");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{name} {args:?} should be a usage error:\n{err}{}", stdout(&out));
    assert!(err.contains(says), "{name} {args:?}: expected {says:?} in:\n{err}");
}
