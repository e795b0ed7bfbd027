//! Zama in the shell: the board as the person's colour sees it, each card
//! in its back colour.

use carte_core::{Card, HiddenInfo, Seat};
use zama_rules::{Battle, CellView, Move, Observation, Phase, Player, Square, Zama, ZamaCard};

use crate::shell::{Group, Presenter};
use crate::style::{self, paint};

/// The [`Presenter`] of [`Zama`].
#[derive(Copy, Clone, Debug, Default)]
pub struct ZamaView {
    _private: (),
}

impl ZamaView {
    /// The view.
    pub fn new() -> Self {
        ZamaView::default()
    }
}

fn color(seat: Seat) -> Player {
    Player::try_from(seat).unwrap_or(Player::Red)
}

#[allow(unreachable_patterns)]
fn back_style(c: Player) -> anstyle::Style {
    match c {
        Player::Red => style::RED,
        Player::Blue => style::BLUE,
        Player::Green => style::GREEN,
        _ => style::YELLOW,
    }
}

/// A card's face on this screen: ASCII rank (T for ten), suit symbol: `T♠`.
pub fn face(card: Card) -> String {
    format!("{:#}{}", card.rank(), card.suit())
}

/// A Zama card with its owner's letter: `rK♠`.
pub fn owned_face(card: ZamaCard) -> String {
    format!("{}{}", card.owner().letter(), face(card.card()))
}

fn observe(game: &Zama, me: Seat) -> Observation {
    match game.observation(me) {
        Ok(o) => o,
        Err(_) => unreachable!("the shell's seat is one the game has"),
    }
}

/// Columns of the board: wide enough for `rK♠'` and a space.
const CELL: usize = 5;

/// A cell's card: its back's letter, then its face or `?` (`rK♠`, `b?`),
/// so that the owner reads without colour too. A face-up K♠ has a capital
/// letter (`RK♠`).
fn cell_text(v: CellView) -> String {
    let letter = v.back.letter();
    let letter = if v.face_up { letter.to_ascii_uppercase() } else { letter };
    let body = match v.card {
        Some(c) => face(c),
        None => "?".to_owned(),
    };
    let mark = if v.opponent_knows { "'" } else { "" };
    let text = format!("{letter}{body}{mark}");
    let st = if v.card.is_some() { back_style(v.back) } else { back_style(v.back).dimmed() };
    let st = if v.face_up { st.underline() } else { st };
    format!("{}{}", paint(st, &text), " ".repeat(CELL.saturating_sub(text.chars().count())))
}

fn battle_words(b: Battle) -> &'static str {
    match b {
        Battle::AttackerWins => "the attacker wins: the defender leaves, up to three shifts follow",
        Battle::Tie => "a tie: both cards leave, up to two peeks follow",
        Battle::AttackerLoses => "the attacker loses and leaves",
        Battle::ClashWon => "a King clash won: nothing leaves, up to three shifts follow",
        Battle::ClashTied => "a King clash tied: nothing leaves, up to two peeks follow",
        Battle::ClashLost => "a King clash lost: nothing happens",
        Battle::GameWon => "K♠ takes K♥: the game is won",
        #[allow(unreachable_patterns)]
        _ => "a battle",
    }
}

impl Presenter<Zama> for ZamaView {
    fn game_name(&self) -> &str {
        "Zama: your K♠ must find and attack the enemy K♥."
    }

    fn seat_name(&self, _: &Zama, seat: Seat) -> String {
        color(seat).name().to_owned()
    }

    fn board(&self, game: &Zama, me: Seat) -> String {
        let obs = observe(game, me);
        let mut s = String::new();
        s.push_str("    ");
        for file in 0..Square::FILES {
            s.push_str(&format!("{:<CELL$}", (b'a' + file) as char));
        }
        s.push('\n');
        let ranks = if obs.players() == 4 { Square::RANKS_4 } else { Square::RANKS };
        for rank in (0..ranks).rev() {
            s.push_str(&format!("{:>2}  ", rank + 1));
            for file in 0..Square::FILES {
                let Some(sq) = Square::new(file, rank) else { continue };
                match obs.cell(sq) {
                    None => s.push_str(&format!("{}{}", paint(style::DIM, "."), " ".repeat(CELL - 1))),
                    Some(v) => s.push_str(&cell_text(v)),
                }
            }
            s.push_str(&format!("{:>2}\n", rank + 1));
        }
        for &c in Player::seats(obs.players()) {
            let list: Vec<String> = obs.removed(c).iter().map(|&card| face(card)).collect();
            let shown = if list.is_empty() { "none".to_owned() } else { list.join(" ") };
            s.push_str(&format!("{} removed: {}\n", paint(back_style(c), c.name()), shown));
        }
        s.push_str(&format!(
            "{} to move ({}); {} of {} plies without a removal end the game drawn",
            obs.to_move().name(),
            obs.phase(),
            obs.quiet_plies(),
            obs.config().no_removal_limit
        ));
        s
    }

    fn prompt(&self, game: &Zama, me: Seat) -> String {
        format!("{} ({})> ", color(me).name(), game.phase().name())
    }

    fn groups(&self, game: &Zama, me: Seat, moves: &[Move]) -> Vec<Group> {
        let obs = observe(game, me);
        let known = |sq: Square| obs.cell(sq).and_then(|v| v.card).map(face);
        let mut groups: Vec<Group> = Vec::new();
        let mut push = |title: String, item: String| match groups.iter_mut().find(|g| g.title == title) {
            Some(g) => g.moves.push(item),
            None => groups.push(Group::new(title, vec![item])),
        };
        for &mv in moves {
            match mv {
                Move::Attack { from, to } => {
                    let title = match known(from) {
                        Some(f) => format!("{from}x ({f})"),
                        None => format!("{from}x"),
                    };
                    push(title, to.to_string());
                }
                Move::Shift { from, to } => push(format!("{from}-"), to.to_string()),
                Move::Peek { at } => push("peek".to_owned(), at.to_string()),
                Move::End | Move::Pass => push("or".to_owned(), mv.to_string()),
            }
        }
        groups
    }

    fn legend(&self) -> String {
        [
            "Files a-m, ranks 1-8 (1-16 with four players); a cell is named like c4.",
            "A card is its back's letter and colour (r red, b blue, g green, y yellow), then its face:",
            "rK♠ is a red card you know, b? a blue card you do not (dimmed), . an empty cell.",
            "Ranks A 2-9 T(en) J Q K; suits ♠ ♥ ♦ ♣. A capital letter, underlined: a face-up K♠ (RK♠).",
            "A trailing ' marks a card your opponent knows.",
            "Moves: c4xd4 (attack: your card on c4 attacks the enemy card next to it on d4),",
            "c4-c5 (shift a card into the empty cell next to it), peek f6, end (stop early), pass.",
            "`moves` groups attacks by attacking card: `c4x: d4 c5` means c4xd4 or c4xc5.",
        ]
        .join("\n")
    }

    fn rules_text(&self) -> &'static str {
        crate::rules::ZAMA
    }

    fn how_to_move(&self) -> String {
        "Attack with `c4xd4`; after a won attack shift with `d4-e4` (up to three), after a tie \
         `peek f6` (up to two); `end` stops early; `pass` only when you have no attack."
            .to_owned()
    }

    fn parse(&self, _: &Zama, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|e| e.to_string())
    }

    fn echo(&self, before: &Zama, after: &Zama, mv: Move, me: Seat) -> String {
        let shown = paint(style::CYAN, mv);
        match mv {
            Move::Attack { from, to } => {
                // Both cards of an attack are shown to both players (Z10).
                let cards = match (before.card_at(from), before.card_at(to)) {
                    (Some(a), Some(d)) => format!(" ({} on {})", owned_face(a), owned_face(d)),
                    _ => String::new(),
                };
                let what = before.battle_of(mv).map_or("", battle_words);
                let out: Vec<&str> =
                    after.eliminated().iter().filter(|c| !before.eliminated().contains(*c)).map(Player::name).collect();
                let out = if out.is_empty() {
                    String::new()
                } else {
                    format!("; {} is out, its cards leave the board", out.join(", "))
                };
                format!("{shown}{cards}: {what}{out}")
            }
            Move::Peek { at } if before.to_move() == color(me) => {
                let card = after.card_at(at).map(owned_face).unwrap_or_default();
                format!("{shown}: it is {card}")
            }
            Move::Peek { .. } => format!("{shown} (only the peeker sees the card)"),
            _ => {
                if let Phase::Over(end) = after.phase() {
                    format!("{shown}: {end}")
                } else {
                    shown
                }
            }
        }
    }

    fn result(&self, game: &Zama, me: Seat) -> String {
        match game.ending() {
            Some(zama_rules::Ending::Win(c)) if c == color(me) => format!("You win: {}.", zama_rules::Ending::Win(c)),
            Some(end @ zama_rules::Ending::Win(_)) => format!("You lose: {end}."),
            Some(end) => format!("A draw: {end}."),
            None => "The game goes on.".to_owned(),
        }
    }
}
