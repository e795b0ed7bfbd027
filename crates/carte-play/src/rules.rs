//! The `rules` command: a short summary drawn from the repository's rules
//! text (`docs/rules/<game>.md`), one line per clause, and any clause in
//! full by its id.
//!
//! ```
//! use carte_play::rules::Rules;
//!
//! let rules = Rules::parse("# G\n\nIntro.\n\n## Cards\n\n- **G1** The deck has 40 cards. More.\n  And more.\n");
//! assert_eq!(rules.summary(), "Intro.\n\nCards\n  G1  The deck has 40 cards.\n");
//! assert_eq!(rules.clause("g1"), Some("G1 The deck has 40 cards. More. And more."));
//! ```

/// The Zama rules text of the repository.
pub const ZAMA: &str = include_str!("../../../docs/rules/zama.md");
/// The Zucche e Fantasmi rules text of the repository.
pub const ZUCCHE: &str = include_str!("../../../docs/rules/zucche.md");
/// The Gonzago rules text of the repository.
pub const GONZAGO: &str = include_str!("../../../docs/rules/gonzago.md");

/// A rules text read into sections and clauses.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    intro: String,
    sections: Vec<(String, Vec<Clause>)>,
}

#[derive(Clone, Debug)]
struct Clause {
    id: String,
    /// `id` and the whole text on one line.
    full: String,
    /// The text's first sentence.
    first: String,
}

impl Rules {
    /// Reads a rules text: `## ` headings, clauses as `- **ID** text`
    /// items (continued on indented lines), the first paragraph as the
    /// introduction.
    pub fn parse(markdown: &str) -> Rules {
        let mut rules = Rules::default();
        let mut intro: Vec<&str> = Vec::new();
        let mut in_intro = true;
        let mut current: Option<(String, String)> = None;
        let flush = |rules: &mut Rules, current: &mut Option<(String, String)>| {
            if let Some((id, text)) = current.take() {
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                let first = first_sentence(&text);
                let clause = Clause { full: format!("{id} {text}"), first, id };
                if rules.sections.is_empty() {
                    rules.sections.push((String::new(), Vec::new()));
                }
                if let Some(last) = rules.sections.last_mut() {
                    last.1.push(clause);
                }
            }
        };
        for line in markdown.lines() {
            let trimmed = line.trim();
            if let Some(heading) = trimmed.strip_prefix("## ") {
                flush(&mut rules, &mut current);
                rules.sections.push((heading.trim().to_owned(), Vec::new()));
                in_intro = false;
            } else if trimmed.starts_with('#') {
                continue;
            } else if let Some(rest) = trimmed.strip_prefix("- **") {
                flush(&mut rules, &mut current);
                in_intro = false;
                match rest.split_once("**") {
                    Some((id, text)) => current = Some((id.trim().to_owned(), text.trim().to_owned())),
                    None => current = None,
                }
            } else if trimmed.is_empty() {
                flush(&mut rules, &mut current);
                if in_intro && !intro.is_empty() {
                    in_intro = false;
                }
            } else if let Some((_, text)) = current.as_mut() {
                text.push(' ');
                text.push_str(trimmed);
            } else if in_intro {
                intro.push(trimmed);
            }
        }
        flush(&mut rules, &mut current);
        rules.intro = intro.join(" ");
        rules
    }

    /// The introduction, then each section's clauses, one first sentence
    /// each.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        if !self.intro.is_empty() {
            out.push_str(&strip_links(&self.intro));
            out.push('\n');
        }
        for (title, clauses) in &self.sections {
            if clauses.is_empty() {
                continue;
            }
            out.push('\n');
            if !title.is_empty() {
                out.push_str(title);
                out.push('\n');
            }
            for c in clauses {
                out.push_str(&format!("  {:<4}{}\n", c.id, c.first));
            }
        }
        out
    }

    /// The clause `id` (any case) in full.
    pub fn clause(&self, id: &str) -> Option<&str> {
        self.sections.iter().flat_map(|(_, c)| c).find(|c| c.id.eq_ignore_ascii_case(id)).map(|c| c.full.as_str())
    }

    /// How many clauses the text has.
    pub fn len(&self) -> usize {
        self.sections.iter().map(|(_, c)| c.len()).sum()
    }

    /// `true` for a text without clauses.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The text up to the end of its first sentence (a full stop followed by a
/// space), with the markdown emphasis and links taken out.
fn first_sentence(text: &str) -> String {
    let plain = strip_links(text);
    let bytes = plain.as_bytes();
    for (i, w) in bytes.windows(2).enumerate() {
        if w[0] == b'.' && w[1] == b' ' {
            // "e.g. " and "i.e. " do not end a sentence.
            let before = &plain[..i];
            if before.ends_with("e.g") || before.ends_with("i.e") || before.ends_with("vs") {
                continue;
            }
            return plain[..=i].to_owned();
        }
    }
    plain
}

/// Markdown links `[text](target)` become `text`; `**` and `` ` `` go.
fn strip_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else { break };
        let Some(close) = rest[open + mid..].find(')') else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..open + mid]);
        rest = &rest[open + mid + close + 1..];
    }
    out.push_str(rest);
    out.replace("**", "").replace('`', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_clauses() {
        for (text, id) in [(ZAMA, "Z8"), (ZUCCHE, "F8"), (GONZAGO, "G9")] {
            let rules = Rules::parse(text);
            assert!(rules.len() > 15, "{id}: {}", rules.len());
            assert!(rules.clause(id).is_some(), "{id}");
            assert!(rules.summary().contains(id));
        }
    }

    #[test]
    fn first_sentences_skip_abbreviations() {
        assert_eq!(first_sentence("A card, e.g. a 4. Then more."), "A card, e.g. a 4.");
        assert_eq!(strip_links("see [README](README.md) now"), "see README now");
    }
}
