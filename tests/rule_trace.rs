//! Every clause of the rules in `docs/rules/*.md` is checked by a test that
//! names it, and every clause a test names exists.
//!
//! The format of clauses and references is described in
//! `docs/rules/README.md`. Run with `--nocapture` to see each clause with the
//! tests that name it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The rule files, with the letter of their ids.
const GAMES: [(&str, char); 4] = [("zama.md", 'Z'), ("zucche.md", 'F'), ("camicia.md", 'C'), ("gonzago.md", 'G')];

/// A clause id such as `Z12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Id {
    letter: char,
    number: u32,
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.letter, self.number)
    }
}

/// Reads an id at the start of `text`: an upper-case letter and digits,
/// not followed by another letter or digit. Returns it and the rest.
fn id_at(text: &str) -> Option<(Id, &str)> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_uppercase)?;
    let rest = &text[1..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 6 {
        return None;
    }
    let after = &rest[digits..];
    if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let number = rest[..digits].parse().ok()?;
    Some((Id { letter, number }, after))
}

#[derive(Debug, Default)]
struct Clause {
    file: String,
    line: usize,
    pending: bool,
    withdrawn: bool,
}

/// Reads the clauses of one rule file; problems go to `errors`.
fn parse_rules(name: &str, letter: char, text: &str, clauses: &mut BTreeMap<Id, Clause>, errors: &mut Vec<String>) {
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let Some(rest) = line.strip_prefix("- **") else { continue };
        let Some((id, after)) = id_at(rest) else {
            errors.push(format!("{name}:{line_no}: a clause line without a readable id: {line}"));
            continue;
        };
        let Some(after) = after.strip_prefix("**") else {
            errors.push(format!("{name}:{line_no}: the id {id} is not closed by `**`: {line}"));
            continue;
        };
        let mut clause = Clause { file: name.to_owned(), line: line_no, ..Clause::default() };
        if let Some(markers) = after.strip_prefix(" (") {
            let Some((markers, _)) = markers.split_once(')') else {
                errors.push(format!("{name}:{line_no}: unclosed markers after {id}"));
                continue;
            };
            for marker in markers.split(',').map(str::trim) {
                match marker {
                    "ruling" => {}
                    "pending" => clause.pending = true,
                    "withdrawn" => clause.withdrawn = true,
                    other => errors.push(format!("{name}:{line_no}: unknown marker {other:?} on {id}")),
                }
            }
        } else if !after.starts_with(' ') {
            errors.push(format!("{name}:{line_no}: no text after {id}"));
        }
        if id.letter != letter {
            errors.push(format!("{name}:{line_no}: {id} has not this file's letter {letter}"));
        }
        if let Some(first) = clauses.get(&id) {
            errors.push(format!("{name}:{line_no}: {id} is defined again (first at {}:{})", first.file, first.line));
            continue;
        }
        clauses.insert(id, clause);
    }
}

/// A place that names a clause.
#[derive(Clone, Debug)]
struct Reference {
    file: String,
    line: usize,
    /// The test function the comment belongs to, when one is found.
    test: Option<String>,
}

impl std::fmt::Display for Reference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.test {
            Some(test) => write!(f, "{}:{} ({test})", self.file, self.line),
            None => write!(f, "{}:{}", self.file, self.line),
        }
    }
}

/// The ids named in one comment: each `Rule ID` or `Rules ID, ID and ID`.
/// A range (`Rules Z1 to Z9`, `Z1-Z9`) is not read as its ids; it is
/// reported in `ranges` so the comment can list them instead.
fn ids_in_comment(comment: &str, ranges: &mut Vec<String>) -> Vec<Id> {
    let mut ids = Vec::new();
    let mut text = comment;
    while let Some(pos) = text.find("Rule") {
        let before_ok = text[..pos].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let mut rest = &text[pos + 4..];
        text = rest;
        if !before_ok {
            continue;
        }
        rest = rest.strip_prefix('s').unwrap_or(rest);
        let Some(mut list) = rest.strip_prefix(' ') else { continue };
        while let Some((id, after)) = id_at(list) {
            ids.push(id);
            text = after;
            for sep in [" to ", "-", "\u{2013}", " - ", " \u{2013} "] {
                if let Some((last, _)) = after.strip_prefix(sep).and_then(id_at) {
                    ranges.push(format!("{id}{sep}{last}"));
                }
            }
            list = if let Some(next) = after.strip_prefix(", ") {
                next
            } else if let Some(next) = after.strip_prefix(',') {
                next
            } else if let Some(next) = after.strip_prefix(" and ") {
                next
            } else {
                break;
            };
            // `Rules Z1, Z2, and Z3`.
            list = list.strip_prefix("and ").unwrap_or(list);
        }
    }
    ids
}

/// The name of the function declared on `line`, if any.
fn fn_name(line: &str) -> Option<String> {
    let t = line.trim_start();
    let t = t.strip_prefix("pub ").unwrap_or(t);
    let t = t.strip_prefix("async ").unwrap_or(t);
    let t = t.strip_prefix("fn ")?;
    let name: String = t.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

/// Collects the references of one source file. In files under `src`, only
/// the lines after the first `#[cfg(test)]` are test code.
fn scan_source(rel: &str, text: &str, in_src: bool, refs: &mut Vec<(Id, Reference)>, errors: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut in_tests = !in_src;
    let mut current_fn: Option<String> = None;
    for (i, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            in_tests = true;
        }
        if let Some(name) = fn_name(line) {
            current_fn = Some(name);
        }
        if !in_tests {
            continue;
        }
        let Some(pos) = line.find("//") else { continue };
        let comment = &line[pos..];
        let mut ranges = Vec::new();
        let ids = ids_in_comment(comment, &mut ranges);
        for range in ranges {
            errors.push(format!("{rel}:{}: the range {range:?} is not read; name each id", i + 1));
        }
        if ids.is_empty() {
            continue;
        }
        // A doc comment belongs to the item after it; a plain comment to the
        // function around it.
        let doc = comment.starts_with("///") && line.trim_start().starts_with("///");
        let test = if doc { lines[i + 1..].iter().find_map(|l| fn_name(l)) } else { current_fn.clone() };
        for id in ids {
            refs.push((id, Reference { file: rel.to_owned(), line: i + 1, test: test.clone() }));
        }
    }
}

/// Every `.rs` file under `dir`, recursively, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rule_clause_is_traced_to_a_test_and_every_reference_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut errors = Vec::new();

    // The clauses.
    let mut clauses = BTreeMap::new();
    let mut per_game = BTreeMap::new();
    for (name, letter) in GAMES {
        let path = root.join("docs/rules").join(name);
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let before = clauses.len();
        parse_rules(name, letter, &text, &mut clauses, &mut errors);
        per_game.insert(letter, clauses.len() - before);
    }
    for (name, letter) in GAMES {
        assert!(per_game[&letter] >= 20, "{name}: only {} clauses read", per_game[&letter]);
    }
    // No other rule file defines clauses unnoticed.
    for entry in fs::read_dir(root.join("docs/rules")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") && name != "README.md" {
            assert!(GAMES.iter().any(|(g, _)| *g == name), "docs/rules/{name} is not read by this test");
        }
    }

    // The references.
    let mut files = Vec::new();
    rust_files(&root.join("tests"), &mut files);
    let crates: Vec<PathBuf> = {
        let mut v: Vec<PathBuf> = fs::read_dir(root.join("crates")).unwrap().map(|e| e.unwrap().path()).collect();
        v.sort();
        v
    };
    let mut src_files = Vec::new();
    for krate in &crates {
        rust_files(&krate.join("tests"), &mut files);
        rust_files(&krate.join("src"), &mut src_files);
    }
    let this_file = root.join("tests/rule_trace.rs");
    let mut refs = Vec::new();
    let mut scanned = 0;
    for (path, in_src) in files.iter().map(|p| (p, false)).chain(src_files.iter().map(|p| (p, true))) {
        if *path == this_file {
            continue;
        }
        let text = fs::read_to_string(path).unwrap();
        let rel = path.strip_prefix(root).unwrap().display().to_string();
        scan_source(&rel, &text, in_src, &mut refs, &mut errors);
        scanned += 1;
    }
    assert!(scanned >= 40, "only {scanned} source files scanned under {}", root.display());
    assert!(refs.len() >= 150, "only {} clause references found", refs.len());

    let mut by_id: BTreeMap<Id, Vec<Reference>> = BTreeMap::new();
    for (id, r) in refs {
        match clauses.get(&id) {
            None => errors.push(format!("{r}: names {id}, which no rule file defines")),
            Some(c) if c.withdrawn => errors.push(format!("{r}: names {id}, which is withdrawn")),
            // Not an error, so that a test and the clause it covers may land
            // in either order; reported below.
            Some(c) if c.pending => {}
            Some(_) => {}
        }
        by_id.entry(id).or_default().push(r);
    }

    let mut report = String::new();
    let mut pending = BTreeSet::new();
    for (id, clause) in &clauses {
        if clause.withdrawn {
            continue;
        }
        if clause.pending {
            pending.insert(*id);
            continue;
        }
        match by_id.get(id) {
            None => errors.push(format!("{id} ({}:{}) is named by no test", clause.file, clause.line)),
            Some(rs) => {
                let places: Vec<String> = rs.iter().map(ToString::to_string).collect();
                writeln!(report, "{id}: {}", places.join(", ")).unwrap();
            }
        }
    }
    println!("{report}");
    let counts: Vec<String> = GAMES.iter().map(|(n, l)| format!("{n} {}", per_game[l])).collect();
    println!("clauses: {}; references: {}", counts.join(", "), by_id.values().map(Vec::len).sum::<usize>());
    let (tested, untested): (Vec<Id>, Vec<Id>) = pending.iter().partition(|id| by_id.contains_key(id));
    if !untested.is_empty() {
        let list: Vec<String> = untested.iter().map(ToString::to_string).collect();
        println!("pending (no test yet): {}", list.join(", "));
    }
    if !tested.is_empty() {
        let list: Vec<String> = tested.iter().map(ToString::to_string).collect();
        println!("pending but named by a test (drop the `pending` marker): {}", list.join(", "));
    }
    assert!(errors.is_empty(), "{} problems in the rule trace:\n{}", errors.len(), errors.join("\n"));
}

#[test]
fn references_are_read_in_every_documented_form() {
    let ids = |s: &str| ids_in_comment(s, &mut Vec::new()).iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(ids("/// Rule Z12: an ace"), ["Z12"]);
    assert_eq!(ids("// Rules Z12, Z13 and F4."), ["Z12", "Z13", "F4"]);
    assert_eq!(ids("// Rules C1,C2, and C3; Rule G7"), ["C1", "C2", "C3", "G7"]);
    assert_eq!(ids("// see Rule Z1x, Rules and, Ruler Z2, Z3"), Vec::<String>::new());
    assert_eq!(ids("//! One test per rule of the rules"), Vec::<String>::new());
    let mut ranges = Vec::new();
    assert_eq!(ids_in_comment("/// Rules Z50 to Z70; Rules Z3-Z4.", &mut ranges).len(), 2);
    assert_eq!(ranges, ["Z50 to Z70", "Z3-Z4"]);
    let mut clauses = BTreeMap::new();
    let mut errors = Vec::new();
    let text = "- **Z1** A.\n- **Z2** (ruling, pending) B.\n- **Z3**(x)\n- **Y4** C.\n- **Z1** again\n- **Z5 D\n";
    parse_rules("t.md", 'Z', text, &mut clauses, &mut errors);
    assert_eq!(clauses.keys().map(ToString::to_string).collect::<Vec<_>>(), ["Y4", "Z1", "Z2", "Z3"]);
    assert!(clauses[&Id { letter: 'Z', number: 2 }].pending);
    assert_eq!(errors.len(), 4, "{errors:?}");
}
