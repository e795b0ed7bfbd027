//! Where the shell's lines come from: a terminal with line editing and
//! history (rustyline), plain standard input (a pipe or a file, for scripted
//! sessions), or a script in memory (tests).

use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal, Write};

/// One answer to "read a line".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its end of line.
    Text(String),
    /// The input has ended (Ctrl-D, end of the file or of the script).
    End,
    /// The user interrupted (Ctrl-C).
    Interrupted,
    /// A line that could not be read as text; says why.
    Invalid(String),
}

/// A source of lines for the shell.
pub trait LineSource {
    /// Shows `prompt` (where the source shows prompts) and reads one line.
    /// `out` is the shell's output, where a plain source writes the prompt.
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Line;
}

impl<L: LineSource + ?Sized> LineSource for Box<L> {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Line {
        (**self).read_line(prompt, out)
    }
}

/// Lines from any reader, without editing: the prompt is written to the
/// output, a line that is not UTF-8 is [`Line::Invalid`] and the reading
/// goes on with the next line.
#[derive(Debug)]
pub struct PlainLines<R> {
    reader: R,
    buffer: Vec<u8>,
}

impl<R: BufRead> PlainLines<R> {
    /// Lines of `reader`.
    pub fn new(reader: R) -> Self {
        PlainLines { reader, buffer: Vec::new() }
    }
}

impl<R: BufRead> LineSource for PlainLines<R> {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Line {
        let _ = write!(out, "{prompt}");
        let _ = out.flush();
        self.buffer.clear();
        let line = match self.reader.read_until(b'\n', &mut self.buffer) {
            Ok(0) => Line::End,
            Ok(_) => {
                while self.buffer.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    self.buffer.pop();
                }
                match std::str::from_utf8(&self.buffer) {
                    Ok(text) => Line::Text(text.to_owned()),
                    Err(e) => Line::Invalid(format!(
                        "that line is not UTF-8 text (a bad byte {:#04x} after {} good bytes); type moves in plain text",
                        self.buffer[e.valid_up_to()],
                        e.valid_up_to()
                    )),
                }
            }
            Err(e) => Line::Invalid(format!("could not read the line: {e}")),
        };
        // A piped session shows what was read, so a transcript reads like a
        // session at a terminal.
        if let Line::Text(text) = &line {
            let _ = writeln!(out, "{text}");
        } else {
            let _ = writeln!(out);
        }
        line
    }
}

/// A terminal with line editing and a history of the session's lines (up
/// and down arrows), by rustyline.
pub struct TerminalLines {
    editor: rustyline::DefaultEditor,
}

impl std::fmt::Debug for TerminalLines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TerminalLines").finish_non_exhaustive()
    }
}

impl TerminalLines {
    /// A line editor on the terminal.
    ///
    /// # Errors
    ///
    /// rustyline's error when the terminal cannot be set up.
    pub fn new() -> Result<Self, rustyline::error::ReadlineError> {
        Ok(TerminalLines { editor: rustyline::DefaultEditor::new()? })
    }
}

impl LineSource for TerminalLines {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Line {
        use rustyline::error::ReadlineError;
        let _ = out.flush();
        match self.editor.readline(prompt) {
            Ok(text) => {
                if !text.trim().is_empty() {
                    let _ = self.editor.add_history_entry(text.as_str());
                }
                Line::Text(text)
            }
            Err(ReadlineError::Eof) => Line::End,
            Err(ReadlineError::Interrupted) => Line::Interrupted,
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                Line::Invalid("that line is not UTF-8 text; type moves in plain text".to_owned())
            }
            Err(e) => Line::Invalid(format!("could not read the line: {e}")),
        }
    }
}

/// Standard input as a line source: a line editor with history on a
/// terminal, plain lines from a pipe or a file.
pub fn stdin_lines() -> Box<dyn LineSource> {
    if std::io::stdin().is_terminal()
        && let Ok(terminal) = TerminalLines::new()
    {
        return Box::new(terminal);
    }
    Box::new(PlainLines::new(std::io::stdin().lock()))
}

/// Lines given in advance, as a person would type them (for tests and
/// doctests); the prompt and each line are echoed to the output.
#[derive(Clone, Debug, Default)]
pub struct ScriptedLines {
    lines: VecDeque<Line>,
}

impl ScriptedLines {
    /// These lines, then the end of input.
    pub fn new<S: Into<String>>(lines: impl IntoIterator<Item = S>) -> Self {
        ScriptedLines { lines: lines.into_iter().map(|s| Line::Text(s.into())).collect() }
    }

    /// Appends an answer that is not a line of text (an invalid line, an
    /// interrupt).
    #[must_use]
    pub fn then(mut self, line: Line) -> Self {
        self.lines.push_back(line);
        self
    }
}

impl LineSource for ScriptedLines {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Line {
        let line = self.lines.pop_front().unwrap_or(Line::End);
        match &line {
            Line::Text(t) => {
                let _ = writeln!(out, "{prompt}{t}");
            }
            _ => {
                let _ = writeln!(out, "{prompt}");
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_explain_invalid_utf8_and_go_on() {
        let bytes: &[u8] = b"help\n\xff\xfe oops\nquit\r\n";
        let mut src = PlainLines::new(bytes);
        let mut out = Vec::new();
        assert_eq!(src.read_line("> ", &mut out), Line::Text("help".into()));
        match src.read_line("> ", &mut out) {
            Line::Invalid(why) => assert!(why.contains("not UTF-8"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(src.read_line("> ", &mut out), Line::Text("quit".into()));
        assert_eq!(src.read_line("> ", &mut out), Line::End);
        let shown = String::from_utf8(out).unwrap();
        assert!(shown.starts_with("> help\n"), "{shown}");
    }
}
