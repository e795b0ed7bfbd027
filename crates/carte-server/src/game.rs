//! One game in play behind one object-safe face: the registry builds it
//! from a spec and a seed, the typed game answers moves in notation, each
//! seat's observation as JSON, the outcome in the game's own words, and the
//! `--play` bot's move.

use carte_bots::Bot;
use carte_core::{Actor, Game, HiddenInfo, Seat, Views, deal_rng, pick_weighted};
use carte_play::bots::{self, Strength};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{CreateError, MoveError};

/// A game in play, whatever the game.
pub trait Live: Send {
    /// A copy (the bots think on one, off the async threads).
    fn clone_box(&self) -> Box<dyn Live>;
    /// Number of seats.
    fn num_seats(&self) -> usize;
    /// Who acts now.
    fn actor(&self) -> Actor;
    /// The legal moves in notation (empty unless a seat acts).
    fn legal(&self) -> Vec<String>;
    /// Plays the move written `text` for `seat`; returns its notation. The
    /// game is unchanged on error.
    fn play(&mut self, seat: Seat, text: &str) -> Result<String, MoveError>;
    /// Draws and plays chance's move (a die), from `seed`; its notation.
    fn chance(&mut self, seed: u64) -> Option<String>;
    /// Plays chance's move written `text` (replaying a stored game).
    fn replay_chance(&mut self, text: &str) -> Result<String, MoveError>;
    /// Everything `seat` may know, as the library serializes it.
    fn observation(&self, seat: Seat) -> Value;
    /// `seat`'s view as the library writes it in text.
    fn observation_text(&self, seat: Seat) -> String;
    /// How the game ended, in its own words; `None` while it runs.
    fn outcome(&self) -> Option<String>;
    /// One return per seat once over.
    fn returns(&self) -> Option<Vec<f64>>;
    /// The bot's move for the seat to act (seconds of work at full strength).
    fn bot_move(&self, seed: u64, strength: Strength) -> Option<String>;
}

/// What differs between the games: how a seat sees, how the game ends, who plays it.
struct Kind<G: Game> {
    view: fn(&G, Seat) -> Value,
    words: fn(&G) -> Option<String>,
    bot: fn(&G, u64, Strength) -> Option<G::Move>,
}

struct Typed<G: Game + 'static> {
    game: G,
    kind: &'static Kind<G>,
}

impl<G> Live for Typed<G>
where
    G: Game + Views + Send + 'static,
{
    fn clone_box(&self) -> Box<dyn Live> {
        Box::new(Typed { game: self.game.clone(), kind: self.kind })
    }

    fn num_seats(&self) -> usize {
        self.game.num_seats()
    }

    fn actor(&self) -> Actor {
        self.game.actor()
    }

    fn legal(&self) -> Vec<String> {
        if self.game.actor().seat().is_none() {
            return Vec::new();
        }
        self.game.legal_move_vec().iter().map(ToString::to_string).collect()
    }

    fn play(&mut self, seat: Seat, text: &str) -> Result<String, MoveError> {
        match self.game.actor() {
            Actor::Nobody => return Err(MoveError::GameOver),
            Actor::Seat(s) if s == seat => {}
            _ => return Err(MoveError::NotYourTurn),
        }
        let text = text.trim();
        let legal = self.game.legal_move_vec();
        // The notation the game writes is the one it reads back; the
        // parser is the fallback for other spellings of the same move.
        let found = legal.iter().copied().find(|m| m.to_string() == text).or_else(|| {
            let parsed: G::Move = text.parse().ok()?;
            legal.iter().copied().find(|m| *m == parsed)
        });
        let Some(mv) = found else {
            return Err(match text.parse::<G::Move>() {
                Err(e) => MoveError::Notation { text: text.to_owned(), reason: e.to_string() },
                Ok(_) => MoveError::Illegal { text: text.to_owned() },
            });
        };
        let mut next = self.game.clone();
        next.apply(mv).map_err(|e| MoveError::Refused { text: text.to_owned(), reason: e.to_string() })?;
        self.game = next;
        Ok(mv.to_string())
    }

    fn chance(&mut self, seed: u64) -> Option<String> {
        if self.game.actor() != Actor::Chance {
            return None;
        }
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        let mv = pick_weighted(&outcomes, &mut deal_rng(seed))?;
        self.game.apply(mv).ok()?;
        Some(mv.to_string())
    }

    fn replay_chance(&mut self, text: &str) -> Result<String, MoveError> {
        if self.game.actor() != Actor::Chance {
            return Err(MoveError::NotYourTurn);
        }
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        let Some(&(mv, _)) = outcomes.iter().find(|(m, _)| m.to_string() == text) else {
            return Err(MoveError::Illegal { text: text.to_owned() });
        };
        self.game.apply(mv).map_err(|e| MoveError::Refused { text: text.to_owned(), reason: e.to_string() })?;
        Ok(text.to_owned())
    }

    fn observation(&self, seat: Seat) -> Value {
        (self.kind.view)(&self.game, seat)
    }

    fn observation_text(&self, seat: Seat) -> String {
        self.game.observation_string(seat).unwrap_or_default()
    }

    fn outcome(&self) -> Option<String> {
        if self.game.actor() != Actor::Nobody {
            return None;
        }
        (self.kind.words)(&self.game).or_else(|| self.game.outcome().map(|o| o.to_string()))
    }

    fn returns(&self) -> Option<Vec<f64>> {
        self.game.outcome().map(|o| o.returns().to_vec())
    }

    fn bot_move(&self, seed: u64, strength: Strength) -> Option<String> {
        self.game.actor().seat()?;
        (self.kind.bot)(&self.game, seed, strength).map(|m| m.to_string())
    }
}

/// The observation of a game with hidden information, as JSON.
fn hidden_view<G: HiddenInfo<Observation: Serialize>>(game: &G, seat: Seat) -> Value {
    game.observation(seat).ok().and_then(|o| serde_json::to_value(o).ok()).unwrap_or(Value::Null)
}

/// The only legal move (Camicia has no decisions).
fn first_move<G: Game>(game: &G, _: u64, _: Strength) -> Option<G::Move> {
    game.legal_move_vec().first().copied()
}

static ZAMA: Kind<zama_rules::Zama> = Kind {
    view: hidden_view,
    words: |g| g.ending().map(|e| e.to_string()),
    bot: |g, seed, strength| bots::zama(seed, strength).choose(g),
};

static HAND: Kind<gonzago_rules::Hand> = Kind {
    view: hidden_view,
    words: |g| g.end().map(|e| e.to_string()),
    bot: |g, seed, strength| bots::gonzago_hand(seed, strength).choose(g),
};

static MATCH: Kind<gonzago_rules::Match> = Kind {
    view: hidden_view,
    words: |g| Some(g.status().to_string()),
    bot: |g, seed, strength| bots::gonzago_match(seed, strength).choose(g),
};

static ZUCCHE: Kind<zucche_rules::Zucche> = Kind {
    // Zucche e Fantasmi hides nothing: every seat sees the whole state.
    view: |g, _| serde_json::to_value(g).unwrap_or(Value::Null),
    words: |g| g.result().map(|r| r.to_string()),
    bot: |g, seed, strength| bots::zucche(seed, strength).choose(g),
};

static CAMICIA: Kind<camicia_rules::Camicia> =
    Kind { view: hidden_view, words: |g| g.result().map(|r| r.to_string()), bot: first_move };

fn typed<G>(json: &str, kind: &'static Kind<G>) -> Result<Box<dyn Live>, CreateError>
where
    G: Game + Views + DeserializeOwned + Send + 'static,
{
    let game: G = serde_json::from_str(json).map_err(|e| CreateError::State(e.to_string()))?;
    Ok(Box::new(Typed { game, kind }))
}

/// A game read from a registry spec, dealt from `seed`: its canonical spec,
/// its registered name and the game.
///
/// # Errors
///
/// [`CreateError::Spec`] for a spec the registry refuses.
pub fn start(spec: &str, seed: u64) -> Result<(String, &'static str, Box<dyn Live>), CreateError> {
    let game_type = carte_registry::load_game(spec).map_err(|e| CreateError::Spec(e.to_string()))?;
    let mut handle = game_type.new_state(seed);
    if game_type.deals_by_chance() {
        // The deal is the server's to make: from the seed, never shown in the move log.
        let mut rng = deal_rng(seed);
        while handle.is_chance_node() {
            let outcomes = handle.chance_outcomes();
            let Some(a) = pick_weighted(&outcomes, &mut rng) else { break };
            handle.apply_action(a).map_err(|e| CreateError::State(e.to_string()))?;
        }
    }
    let json = handle.to_json();
    let canonical = game_type.spec().to_owned();
    let name = game_type.name();
    let live = match name {
        "zama" => typed(&json, &ZAMA)?,
        "gonzago" if canonical.contains("mode=single") => typed(&json, &HAND)?,
        "gonzago" => typed(&json, &MATCH)?,
        "zucche" => typed(&json, &ZUCCHE)?,
        _ => typed(&json, &CAMICIA)?,
    };
    Ok((canonical, name, live))
}
