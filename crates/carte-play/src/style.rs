//! The styles of the boards, written with `anstyle`; the shell's output
//! goes through `anstream`, which drops them where colour does not belong
//! (a pipe, `NO_COLOR`, `--color never`).

use anstyle::{AnsiColor, Style};

/// Red cards and pieces.
pub const RED: Style = AnsiColor::Red.on_default().bold();
/// Blue cards and pieces.
pub const BLUE: Style = AnsiColor::Blue.on_default().bold();
/// Yellow: the value on top of the table, a highlighted square.
pub const YELLOW: Style = AnsiColor::Yellow.on_default().bold();
/// Green: what you can play now.
pub const GREEN: Style = AnsiColor::Green.on_default().bold();
/// Dim: what does not matter now (empty cells, unplayable cards).
pub const DIM: Style = Style::new().dimmed();
/// Bold: headings.
pub const BOLD: Style = Style::new().bold();
/// Cyan: the moves echoed in the log.
pub const CYAN: Style = AnsiColor::Cyan.on_default();
/// Magenta: chance (dice).
pub const MAGENTA: Style = AnsiColor::Magenta.on_default();

/// `text` in `style` (the style's escape codes around it).
pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    format!("{style}{text}{style:#}")
}

/// `text` with every escape sequence removed: what a terminal without
/// colour shows.
pub fn plain(text: &str) -> String {
    anstream::adapter::strip_str(text).to_string()
}

/// The width of `text` on the screen, styles left out.
pub fn width(text: &str) -> usize {
    plain(text).chars().count()
}
