//! The shell: one loop and one set of commands for every game.

use std::io::{self, Write};

use carte_bots::{Bot, Ismcts, Mcts, MoveStats, PolicyBot};
use carte_core::{Actor, DealRng, Game, HiddenInfo, Outcome, Seat, deal_rng, pick_weighted};

use crate::input::{Line, LineSource};
use crate::rules::Rules;
use crate::style::{self, paint};

/// Moves listed under one heading by `moves` (`from c4: xc5 xd4`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// What the moves share, e.g. the attacking card.
    pub title: String,
    /// The moves, in the game's notation (they may carry styles).
    pub moves: Vec<String>,
    /// What separates the moves when listed (a space, or `, ` for moves
    /// that have spaces of their own).
    pub separator: &'static str,
}

impl Group {
    /// A group of `moves` under `title`.
    pub fn new(title: impl Into<String>, moves: Vec<String>) -> Group {
        Group { title: title.into(), moves, separator: " " }
    }

    /// The same group listed with `, ` between the moves.
    #[must_use]
    pub fn with_commas(mut self) -> Group {
        self.separator = ", ";
        self
    }
}

/// What differs from game to game. Everything shown to the person at
/// `me` must come from what that seat may see.
pub trait Presenter<G: Game> {
    /// The game's name, for the banner.
    fn game_name(&self) -> &str;

    /// The seat's name in this game ("Red", "player B", "A2").
    fn seat_name(&self, game: &G, seat: Seat) -> String;

    /// A line about the person's seat for the banner ("team A, White on
    /// board 1"); empty by default.
    fn introduce(&self, game: &G, me: Seat) -> String {
        let _ = (game, me);
        String::new()
    }

    /// The position as `me` sees it (with styles), ending without a new line.
    fn board(&self, game: &G, me: Seat) -> String;

    /// The prompt when `me` is to move, e.g. `Red (attack)> `.
    fn prompt(&self, game: &G, me: Seat) -> String;

    /// The legal `moves` of `me`, grouped so that a long list reads.
    fn groups(&self, game: &G, me: Seat, moves: &[G::Move]) -> Vec<Group>;

    /// What every symbol on the board means.
    fn legend(&self) -> String;

    /// The rules text (markdown with clause ids) that `rules` summarizes.
    fn rules_text(&self) -> &'static str;

    /// How to type a move, with examples.
    fn how_to_move(&self) -> String;

    /// Reads a move typed by the person at `game`'s actor.
    ///
    /// # Errors
    ///
    /// Why the text is no move.
    fn parse(&self, game: &G, text: &str) -> Result<G::Move, String>;

    /// `mv` in the game's notation as shown on this screen.
    fn notation(&self, game: &G, mv: G::Move) -> String {
        let _ = game;
        mv.to_string()
    }

    /// What `mv`, played from `before` (giving `after`), did, as `me` may
    /// know it: `c4xd4 (r7♠ on bQ♦): the attacker wins`. May run over
    /// several lines (a hand that ends, a new deal).
    fn echo(&self, before: &G, after: &G, mv: G::Move, me: Seat) -> String;

    /// The result of the finished `game`, told to `me`.
    fn result(&self, game: &G, me: Seat) -> String;
}

/// A bot's suggestion and what it is based on.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<M> {
    /// The suggested move.
    pub mv: M,
    /// The best root moves of a search with their visits and mean return
    /// (best first); empty for a bot that cannot say.
    pub ranked: Vec<MoveStats<M>>,
    /// How the suggestion was made ("ISMCTS, 2000 iterations").
    pub how: String,
}

/// A bot that can suggest a move and say why.
pub trait Advisor<G: Game> {
    /// A suggestion for the actor of `game`; `None` when it has none.
    fn advise(&mut self, game: &G) -> Option<Advice<G::Move>>;
}

fn ranked<M: Copy>(mut stats: Vec<MoveStats<M>>) -> Vec<MoveStats<M>> {
    stats.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean)));
    stats
}

impl<G: HiddenInfo> Advisor<G> for Ismcts<G> {
    fn advise(&mut self, game: &G) -> Option<Advice<G::Move>> {
        let mv = self.choose(game)?;
        let how = format!("information-set MCTS on what you can see, {} iterations", self.last_iterations());
        Some(Advice { mv, ranked: ranked(self.root_stats()), how })
    }
}

impl<G: Game> Advisor<G> for Mcts<G> {
    fn advise(&mut self, game: &G) -> Option<Advice<G::Move>> {
        let mv = self.choose(game)?;
        let how = format!("MCTS, {} iterations", self.last_iterations());
        Some(Advice { mv, ranked: ranked(self.root_stats()), how })
    }
}

impl<G: Game> Advisor<G> for PolicyBot<G> {
    fn advise(&mut self, game: &G) -> Option<Advice<G::Move>> {
        let mv = self.choose(game)?;
        Some(Advice { mv, ranked: Vec::new(), how: format!("the {} rule of thumb", self.name()) })
    }
}

/// How a session ended.
#[derive(Clone, Debug, PartialEq)]
pub enum ShellEnd {
    /// The game was played to its end.
    Finished(Outcome),
    /// The person left (`quit`, end of input, Ctrl-C).
    Quit,
}

/// A person plays one seat of a game against bots.
///
/// Commands (the same in every game): `help`, `moves`, `rules [ID]`,
/// `legend`, `undo`, `hint`, `show` (or an empty line), `quit` (or `q`, or
/// the end of input); anything else is read as a move.
pub struct Shell<'b, G: Game, P> {
    game: G,
    view: P,
    me: Seat,
    opponents: Vec<Option<Box<dyn Bot<G> + 'b>>>,
    advisor: Option<Box<dyn Advisor<G> + 'b>>,
    chance: DealRng,
    history: Vec<G>,
    rules: Rules,
}

impl<'b, G: Game, P: Presenter<G>> Shell<'b, G, P> {
    /// A session of `game`, shown by `view`, the person at seat `me`. Seats
    /// without an [`opponent`](Shell::opponent) play uniformly random
    /// moves; chance is drawn by its probabilities from seed 0 unless
    /// [`chance_seed`](Shell::chance_seed) says otherwise.
    pub fn new(game: G, view: P, me: Seat) -> Self {
        let rules = Rules::parse(view.rules_text());
        Shell { game, view, me, opponents: Vec::new(), advisor: None, chance: deal_rng(0), history: Vec::new(), rules }
    }

    /// `bot` plays `seat`.
    #[must_use]
    pub fn opponent(mut self, seat: Seat, bot: Box<dyn Bot<G> + 'b>) -> Self {
        if self.opponents.len() <= seat.index() {
            self.opponents.resize_with(seat.index() + 1, || None);
        }
        self.opponents[seat.index()] = Some(bot);
        self
    }

    /// `hint` asks `advisor`.
    #[must_use]
    pub fn advisor(mut self, advisor: Box<dyn Advisor<G> + 'b>) -> Self {
        self.advisor = Some(advisor);
        self
    }

    /// Chance (dice) draws from the generator of `seed`.
    #[must_use]
    pub fn chance_seed(mut self, seed: u64) -> Self {
        self.chance = deal_rng(seed);
        self
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Plays the session: bots and chance move until the person's turn,
    /// then lines are read from `input` until a move is played, and so on
    /// to the end of the game or until the person leaves.
    ///
    /// # Errors
    ///
    /// An error writing to `out`, or a bot that fails (no move, or an
    /// illegal one), as an [`io::Error`].
    pub fn run(mut self, mut input: impl LineSource, out: &mut impl Write) -> io::Result<ShellEnd> {
        let intro = self.view.introduce(&self.game, self.me);
        writeln!(
            out,
            "{} You play {}{}. Type {} for the commands, {} for your moves.",
            paint(style::BOLD, self.view.game_name()),
            paint(style::BOLD, self.view.seat_name(&self.game, self.me)),
            if intro.is_empty() { String::new() } else { format!(" ({intro})") },
            paint(style::GREEN, "help"),
            paint(style::GREEN, "moves")
        )?;
        let mut shown = false;
        loop {
            self.play_others(out)?;
            if let Some(outcome) = self.game.outcome() {
                writeln!(out, "\n{}", self.view.board(&self.game, self.me))?;
                writeln!(out, "\n{}", paint(style::BOLD, self.view.result(&self.game, self.me)))?;
                return Ok(ShellEnd::Finished(outcome));
            }
            if !shown {
                writeln!(out, "\n{}", self.view.board(&self.game, self.me))?;
                shown = true;
            }
            let prompt = self.view.prompt(&self.game, self.me);
            let text = match input.read_line(&prompt, out) {
                Line::Text(text) => text,
                Line::End | Line::Interrupted => {
                    writeln!(out, "bye")?;
                    return Ok(ShellEnd::Quit);
                }
                Line::Invalid(why) => {
                    writeln!(out, "{}", paint(style::YELLOW, why))?;
                    continue;
                }
            };
            let text = text.trim();
            let (command, argument) = match text.split_once(char::is_whitespace) {
                Some((c, a)) => (c, a.trim()),
                None => (text, ""),
            };
            match command.to_ascii_lowercase().as_str() {
                "" | "show" | "board" => writeln!(out, "{}", self.view.board(&self.game, self.me))?,
                "help" | "?" | "h" => self.help(out)?,
                "moves" | "m" => self.moves(out)?,
                "rules" => self.rules(argument, out)?,
                "legend" => writeln!(out, "{}", self.view.legend())?,
                "hint" => self.hint(out)?,
                "undo" | "u" => {
                    if self.undo(out)? {
                        shown = false;
                    }
                }
                "quit" | "q" | "exit" => {
                    writeln!(out, "bye")?;
                    return Ok(ShellEnd::Quit);
                }
                _ => {
                    if self.try_move(text, out)? {
                        shown = false;
                    }
                }
            }
        }
    }

    /// Lets bots and chance move until the person's turn or the end.
    fn play_others(&mut self, out: &mut impl Write) -> io::Result<()> {
        let mut chances = Vec::new();
        loop {
            let actor = self.game.actor();
            let mv = match actor {
                Actor::Nobody => return Ok(()),
                Actor::Seat(s) if s == self.me => return Ok(()),
                Actor::Chance => {
                    self.game.chance_outcomes(&mut chances);
                    pick_weighted(&chances, &mut self.chance)
                }
                Actor::Seat(s) => match self.opponents.get_mut(s.index()).and_then(Option::as_mut) {
                    Some(bot) => bot.choose(&self.game),
                    None => {
                        let moves = self.game.legal_move_vec();
                        let n = u32::try_from(moves.len()).unwrap_or(u32::MAX);
                        (n > 0).then(|| moves[carte_core::below(&mut self.chance, n) as usize])
                    }
                },
            };
            let Some(mv) = mv else {
                return Err(io::Error::other(format!("{actor:?} has no move while the game runs")));
            };
            let before = self.game.clone();
            self.game.apply(mv).map_err(|e| io::Error::other(format!("a bot played the illegal move {mv:?}: {e}")))?;
            self.echo(&before, actor, mv, out)?;
        }
    }

    fn echo(&self, before: &G, actor: Actor, mv: G::Move, out: &mut impl Write) -> io::Result<()> {
        let who = match actor {
            Actor::Chance => paint(style::MAGENTA, "chance"),
            Actor::Seat(s) if s == self.me => paint(style::GREEN, "you"),
            Actor::Seat(s) => paint(style::BOLD, self.view.seat_name(before, s)),
            Actor::Nobody => String::new(),
        };
        let body = self.view.echo(before, &self.game, mv, self.me);
        writeln!(out, "{who}: {body}")
    }

    fn help(&self, out: &mut impl Write) -> io::Result<()> {
        let g = |s: &str| paint(style::GREEN, s);
        writeln!(out, "{}", self.view.how_to_move())?;
        writeln!(out, "Commands:")?;
        for (name, what) in [
            ("help", "these commands"),
            ("moves", "your legal moves, grouped"),
            ("rules", "a short summary of the rules; `rules ID` shows one rule in full"),
            ("legend", "what the symbols on the board mean"),
            ("hint", "the bot's suggestion for you, and why"),
            ("undo", "take back your last move (and what followed it)"),
            ("show", "the position again (or just press Enter)"),
            ("quit", "leave (also `q` or end of input)"),
        ] {
            writeln!(out, "  {}{}  {what}", g(name), " ".repeat(7 - name.len()))?;
        }
        Ok(())
    }

    fn moves(&self, out: &mut impl Write) -> io::Result<()> {
        let moves = self.game.legal_move_vec();
        let groups = self.view.groups(&self.game, self.me, &moves);
        writeln!(out, "Your moves ({}):", moves.len())?;
        let cells: Vec<String> =
            groups.iter().map(|g| format!("{}: {}", paint(style::BOLD, &g.title), g.moves.join(g.separator))).collect();
        let widest = cells.iter().map(|c| style::width(c)).max().unwrap_or(0);
        // Many short groups (Zama's attacks by attacking card) go in columns.
        if groups.len() > 8 && widest <= 24 {
            let per_line = (76 / (widest + 2)).max(1);
            for row in cells.chunks(per_line) {
                let line: Vec<String> =
                    row.iter().map(|c| format!("{c}{}", " ".repeat(widest + 2 - style::width(c)))).collect();
                writeln!(out, "  {}", line.concat().trim_end())?;
            }
            return Ok(());
        }
        for group in groups {
            let mut line = format!("  {}:", paint(style::BOLD, &group.title));
            let indent = style::width(&group.title) + 4;
            let mut width = indent;
            let last = group.moves.len().saturating_sub(1);
            for (i, m) in group.moves.iter().enumerate() {
                let sep = if i == last { "" } else { group.separator.trim_end() };
                let w = style::width(m) + 1 + sep.len();
                if width + w > 78 && width > indent {
                    line.push('\n');
                    line.push_str(&" ".repeat(indent));
                    width = indent;
                }
                line.push(' ');
                line.push_str(m);
                line.push_str(sep);
                width += w;
            }
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    fn rules(&self, id: &str, out: &mut impl Write) -> io::Result<()> {
        if id.is_empty() {
            write!(out, "{}", self.rules.summary())?;
            return writeln!(out, "(Type `rules ID`, e.g. `rules {}`, for one rule in full.)", self.first_id());
        }
        match self.rules.clause(id) {
            Some(text) => writeln!(out, "{text}"),
            None => writeln!(out, "There is no rule {id:?}; `rules` lists them (e.g. {}).", self.first_id()),
        }
    }

    fn first_id(&self) -> String {
        self.rules
            .summary()
            .lines()
            .find_map(|l| l.split_whitespace().next().filter(|w| w.len() <= 4).map(str::to_owned))
            .unwrap_or_default()
    }

    fn hint(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(advisor) = self.advisor.as_mut() else {
            return writeln!(out, "No bot gives hints in this session.");
        };
        let Some(advice) = advisor.advise(&self.game) else {
            return writeln!(out, "The bot has no suggestion here.");
        };
        writeln!(out, "Hint: {} ({})", paint(style::GREEN, self.view.notation(&self.game, advice.mv)), advice.how)?;
        let total: u32 = advice.ranked.iter().map(|s| s.visits).sum();
        for s in advice.ranked.iter().take(3) {
            let share = 100.0 * f64::from(s.visits) / f64::from(total.max(1));
            // Returns are about +1 for a win and -1 for a loss.
            let chance = 50.0 * (s.mean + 1.0);
            writeln!(
                out,
                "  {:<14} tried in {share:4.1}% of the search, wins about {chance:3.0}% of its play-outs",
                self.view.notation(&self.game, s.mv)
            )?;
        }
        Ok(())
    }

    /// Takes back the person's last decision; `false` if there is none.
    fn undo(&mut self, out: &mut impl Write) -> io::Result<bool> {
        match self.history.pop() {
            Some(state) => {
                self.game = state;
                writeln!(out, "Taken back: your last move and everything after it.")?;
                Ok(true)
            }
            None => {
                writeln!(out, "Nothing to take back: you have not moved yet.")?;
                Ok(false)
            }
        }
    }

    /// Reads and plays a move; `false` (after saying why) if it is none.
    fn try_move(&mut self, text: &str, out: &mut impl Write) -> io::Result<bool> {
        let mv = match self.view.parse(&self.game, text) {
            Ok(mv) => mv,
            Err(why) => {
                writeln!(
                    out,
                    "{}\nType {} for your legal moves, {} for the commands.",
                    paint(style::YELLOW, why.to_string()),
                    paint(style::GREEN, "moves"),
                    paint(style::GREEN, "help")
                )?;
                return Ok(false);
            }
        };
        let before = self.game.clone();
        match self.game.apply(mv) {
            Ok(()) => {
                self.history.push(before.clone());
                self.echo(&before, Actor::Seat(self.me), mv, out)?;
                Ok(true)
            }
            Err(e) => {
                writeln!(
                    out,
                    "{} {e}\nType {} for your legal moves.",
                    paint(style::YELLOW, format!("{} is not legal now:", self.view.notation(&before, mv))),
                    paint(style::GREEN, "moves")
                )?;
                Ok(false)
            }
        }
    }
}
