//! Gonzago in the shell: a match, shown as the person's hand, the table and
//! the score.

use carte_core::{Game, HiddenInfo, Player, Seat};
use gonzago_rules::{CardSet, Deck, HandEnd, HandObservation, Match, MatchMode, MatchStatus, Move, Value};

use crate::shell::{Group, Presenter};
use crate::style::{self, paint};

/// The [`Presenter`] of a Gonzago [`Match`].
#[derive(Copy, Clone, Debug, Default)]
pub struct GonzagoView {
    _private: (),
}

impl GonzagoView {
    /// The view.
    pub fn new() -> Self {
        GonzagoView::default()
    }
}

fn player(seat: Seat) -> Player {
    Player::try_from(seat).unwrap_or(Player::A)
}

/// The cards of `held` that `top` lets its holder play (all at the lead).
fn playable(held: CardSet, top: Option<Value>) -> CardSet {
    match top {
        None => held,
        Some(v) => held.of_value(v.up()) | held.of_value(v.down()),
    }
}

fn score_line(game: &Match, me: Player) -> String {
    let you = |p: Player| if p == me { "you" } else { "the bot" };
    let (w, p) = (game.wins(), game.points());
    let other = me.other();
    match game.mode() {
        MatchMode::Points => format!("points: {} {}, {} {} (21 or more loses)", you(me), p[me], you(other), p[other]),
        MatchMode::BestOfThree => {
            format!("hands won: {} {}, {} {} (two wins take the match)", you(me), w[me], you(other), w[other])
        }
        MatchMode::Single => "a single hand decides".to_owned(),
        #[allow(unreachable_patterns)]
        _ => format!("{}", game.mode()),
    }
}

fn view(game: &Match, me: Seat) -> HandObservation {
    match game.hand().observation(me) {
        Ok(v) => v,
        // The shell's seat is one the game has.
        Err(_) => unreachable!("Gonzago has seats 0 and 1"),
    }
}

/// The last play of the history, if any.
fn last_play(history: &[Move]) -> Option<CardSet> {
    history.iter().rev().find_map(|m| match m {
        Move::Play(play) => Some(play.cards()),
        _ => None,
    })
}

impl Presenter<Match> for GonzagoView {
    fn game_name(&self) -> &str {
        "Gonzago."
    }

    fn seat_name(&self, _: &Match, seat: Seat) -> String {
        format!("player {}", player(seat))
    }

    fn board(&self, game: &Match, me: Seat) -> String {
        let p = player(me);
        let v = view(game, me);
        let d: Deck = v.deck;
        let dealer = if v.dealer == p { "you deal" } else { "the bot deals" };
        let mut s = format!(
            "{} ({}; {dealer}) - {}\n",
            paint(style::BOLD, format!("Hand {}", game.hand_number() + 1)),
            game.mode(),
            score_line(game, p)
        );
        let top = match v.top {
            None => format!("{} (the leader plays any value)", paint(style::DIM, "empty")),
            Some(t) => {
                let last = last_play(&v.history).map(|c| d.show_cards(c).to_string()).unwrap_or_default();
                format!(
                    "{} (last play {last}); playable: {} or {}",
                    paint(style::YELLOW, d.value_letter(t)),
                    d.value_letter(t.down()),
                    d.value_letter(t.up())
                )
            }
        };
        s.push_str(&format!("Table: {top}\n"));
        s.push_str(&format!("Stock: {} cards    The bot holds {} cards\n", v.stock, v.opponent_holds));
        let can = playable(v.held, v.top);
        let cards: Vec<String> = v
            .held
            .iter()
            .map(|c| {
                let face = d.show(c).to_string();
                if can.contains(c) { paint(style::GREEN, face) } else { face }
            })
            .collect();
        s.push_str(&format!("Your hand: {}", cards.join(" ")));
        s
    }

    fn prompt(&self, _: &Match, me: Seat) -> String {
        format!("{}> ", player(me))
    }

    fn groups(&self, game: &Match, _: Seat, moves: &[Move]) -> Vec<Group> {
        let d = game.deck();
        let mut groups: Vec<Group> = Vec::new();
        for v in Value::ALL {
            let plays: Vec<String> = moves
                .iter()
                .filter_map(|m| match m {
                    Move::Play(play) if play.cards().single_value() == Some(v) => {
                        Some(d.show_cards(play.cards()).to_string())
                    }
                    _ => None,
                })
                .collect();
            if !plays.is_empty() {
                groups.push(Group::new(format!("play {}", d.value_letter(v)), plays).with_commas());
            }
        }
        let other: Vec<String> =
            moves.iter().filter(|m| !matches!(m, Move::Play { .. })).map(|&m| d.show_move(m).to_string()).collect();
        if !other.is_empty() {
            groups.push(Group::new("or", other));
        }
        groups
    }

    fn legend(&self) -> String {
        [
            "Cards are value then suit: 4c is the 4 of coppe; A = Ace (1), F = Fante (8), C = Cavallo (9),",
            "R = Re (10); suits c coppe, d denari, s spade, b bastoni. On the French deck: J = 8, Q = 9,",
            "K = 10 and suits c d h s. Suits never matter in play.",
            "Table: the value on top; you may play the value just below or just above it (Re and Ace touch).",
            "Your hand: cards you can play now are green.",
        ]
        .join("\n")
    }

    fn rules_text(&self) -> &'static str {
        crate::rules::GONZAGO
    }

    fn how_to_move(&self) -> String {
        "Play one card or several of one value, next in value to the top: `4c` or `play 4c 4d`; \
         `draw` takes a card from the stock; `pass` only with an empty stock and nothing to play."
            .to_owned()
    }

    fn parse(&self, game: &Match, text: &str) -> Result<Move, String> {
        game.parse_move(text).map_err(|e| e.to_string())
    }

    fn notation(&self, game: &Match, mv: Move) -> String {
        game.deck().show_move(mv).to_string()
    }

    fn echo(&self, before: &Match, after: &Match, mv: Move, me: Seat) -> String {
        let d = before.deck();
        let mut s = match mv {
            Move::Play { .. } => paint(style::CYAN, d.show_move(mv)),
            Move::Draw => {
                format!("{} (the stock has {} left)", paint(style::CYAN, "draw"), before.hand().stock_len() - 1)
            }
            Move::Pass => paint(style::CYAN, "pass"),
        };
        let hand_over = after.hand_number() != before.hand_number() || after.is_over();
        if hand_over && let Some(record) = after.last_hand() {
            let me = player(me);
            let how = match record.end {
                HandEnd::Closed { winner } if winner == me => "you play your last card and win the hand".to_owned(),
                HandEnd::Closed { .. } => "the bot plays its last card and wins the hand".to_owned(),
                HandEnd::Drawn => "two passes with an empty stock: the hand is drawn".to_owned(),
            };
            s.push_str(&format!(
                "\n  {}: {how}; cards left: you {}, the bot {}.",
                paint(style::BOLD, format!("Hand {}", before.hand_number() + 1)),
                record.left[me],
                record.left[me.other()]
            ));
            if !after.is_over() {
                s.push_str(&format!("\n  {}.", score_line(after, me)));
            }
        }
        s
    }

    fn result(&self, game: &Match, me: Seat) -> String {
        let me = player(me);
        let verdict = match game.status() {
            MatchStatus::Won(p) if p == me => "You win the match!",
            MatchStatus::Won(_) => "The bot wins the match.",
            _ => "The match is drawn.",
        };
        format!("{verdict} ({})", score_line(game, me))
    }
}
