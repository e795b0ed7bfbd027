//! One game in play behind one object-safe face: the registry reads the
//! spec and deals from the seed; the typed game then answers moves in
//! notation, each seat's observation as the registry writes it (JSON by
//! [`ObservationJson`], text by [`Views`]), the outcome in the game's own
//! words, and the `--play` bot's move.

use carte_bots::Bot;
use carte_core::{Actor, Game, Seat, Views, deal_rng, pick_weighted};
use carte_play::bots::{self, Strength};
use carte_registry::{GameHandle, ObservationJson};
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
    /// Everything `seat` may know, as the library serializes it (what
    /// [`GameHandle::observation_json`] answers).
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

/// What differs between the games: how the game ends, who plays it.
struct Kind<G: Game> {
    words: fn(&G) -> Option<String>,
    bot: fn(&G, u64, Strength) -> Option<G::Move>,
}

/// The typed game, whose moves, views, words and bots the server uses.
struct Typed<G: Game + 'static> {
    game: G,
    kind: &'static Kind<G>,
}

impl<G: Game> Typed<G> {
    /// Applies `mv`; the game is unchanged on error (the reason).
    fn apply(&mut self, mv: G::Move) -> Result<(), String> {
        self.game.apply(mv).map_err(|e| e.to_string())
    }
}

impl<G> Live for Typed<G>
where
    G: Views + ObservationJson + Send + 'static,
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
        self.apply(mv).map_err(|reason| MoveError::Refused { text: text.to_owned(), reason })?;
        Ok(mv.to_string())
    }

    fn chance(&mut self, seed: u64) -> Option<String> {
        if self.game.actor() != Actor::Chance {
            return None;
        }
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        let mv = pick_weighted(&outcomes, &mut deal_rng(seed))?;
        self.apply(mv).ok()?;
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
        self.apply(mv).map_err(|reason| MoveError::Refused { text: text.to_owned(), reason })?;
        Ok(text.to_owned())
    }

    fn observation(&self, seat: Seat) -> Value {
        let json = self.game.observation_json(seat).ok();
        json.and_then(|j| serde_json::from_str(&j).ok()).unwrap_or(Value::Null)
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

/// The only legal move (Camicia has no decisions).
fn first_move<G: Game>(game: &G, _: u64, _: Strength) -> Option<G::Move> {
    game.legal_move_vec().first().copied()
}

static ZAMA: Kind<zama_rules::Zama> = Kind {
    words: |g| g.ending().map(|e| e.to_string()),
    bot: |g, seed, strength| bots::zama(seed, strength).choose(g),
};

static HAND: Kind<gonzago_rules::Hand> = Kind {
    words: |g| g.end().map(|e| e.to_string()),
    bot: |g, seed, strength| bots::gonzago_hand(seed, strength).choose(g),
};

static MATCH: Kind<gonzago_rules::Match> = Kind {
    words: |g| Some(g.status().to_string()),
    bot: |g, seed, strength| bots::gonzago_match(seed, strength).choose(g),
};

static ZUCCHE: Kind<zucche_rules::Zucche> = Kind {
    words: |g| g.result().map(|r| r.to_string()),
    bot: |g, seed, strength| bots::zucche(seed, strength).choose(g),
};

static CAMICIA: Kind<camicia_rules::Camicia> = Kind { words: |g| g.result().map(|r| r.to_string()), bot: first_move };

/// The typed game of `handle`'s state (read from its JSON).
fn typed<G>(handle: &GameHandle, kind: &'static Kind<G>) -> Result<Box<dyn Live>, CreateError>
where
    G: Views + ObservationJson + DeserializeOwned + Send + 'static,
{
    Ok(Box::new(typed_game(handle, kind)?))
}

fn typed_game<G: Game + DeserializeOwned>(
    handle: &GameHandle,
    kind: &'static Kind<G>,
) -> Result<Typed<G>, CreateError> {
    let game: G = serde_json::from_str(&handle.to_json()).map_err(|e| CreateError::State(e.to_string()))?;
    Ok(Typed { game, kind })
}

/// A game read from a registry spec, dealt from `seed`: its canonical spec,
/// its registered name and the game.
///
/// # Errors
///
/// [`CreateError::Spec`] for a spec the registry refuses.
pub fn start(spec: &str, seed: u64) -> Result<(String, &'static str, Box<dyn Live>), CreateError> {
    let (game_type, handle) = dealt(spec, seed)?;
    let canonical = game_type.spec().to_owned();
    let name = game_type.name();
    let live = match name {
        "zama" => typed(&handle, &ZAMA)?,
        "gonzago" if canonical.contains("mode=single") => typed(&handle, &HAND)?,
        "gonzago" => typed(&handle, &MATCH)?,
        "zucche" => typed(&handle, &ZUCCHE)?,
        _ => typed(&handle, &CAMICIA)?,
    };
    Ok((canonical, name, live))
}

/// The registry's game of `spec` and its state dealt from `seed`.
fn dealt(spec: &str, seed: u64) -> Result<(carte_registry::GameType, GameHandle), CreateError> {
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
    Ok((game_type, handle))
}

#[cfg(test)]
mod tests {
    use carte_core::ActionSpace;
    use serde::Serialize;

    use super::*;

    /// Plays `spec` from a few seeds to its end or 100 plies (chance's
    /// draws, and each seat's first legal move or its last), with the
    /// registry's handle moved beside it by the same actions, checking at
    /// every ply that the server's game is the handle's state and that what
    /// each seat is sent is the handle's view of that seat.
    fn sends_the_registry_views<G: ActionSpace + Views + ObservationJson + DeserializeOwned + Serialize + Send>(
        spec: &str,
        kind: &'static Kind<G>,
    ) {
        for seed in [1, 2] {
            let mut handle = dealt(spec, seed).unwrap().1;
            let mut t = typed_game(&handle, kind).unwrap();
            for ply in 0..100 {
                assert_eq!(handle.to_json(), serde_json::to_string(&t.game).unwrap(), "{spec} seed {seed} ply {ply}");
                for seat in (0..t.num_seats()).map(|s| Seat::new(s as u8)) {
                    let sent = t.observation(seat);
                    assert!(!sent.is_null());
                    assert_eq!(sent, serde_json::from_str::<Value>(&handle.observation_json(seat).unwrap()).unwrap());
                    assert_eq!(t.observation_text(seat), handle.observation_string(seat).unwrap());
                }
                let before = t.game.clone();
                match t.actor() {
                    Actor::Nobody => break,
                    Actor::Chance => {
                        t.chance(seed + ply).unwrap();
                    }
                    Actor::Seat(seat) => {
                        let legal = t.legal();
                        let mv = if ply % 2 == 0 { legal.first() } else { legal.last() };
                        t.play(seat, mv.unwrap()).unwrap();
                    }
                }
                // The move the server played, as the handle's action.
                let mut moves = Vec::new();
                if before.actor() == Actor::Chance {
                    let mut outcomes = Vec::new();
                    before.chance_outcomes(&mut outcomes);
                    moves.extend(outcomes.into_iter().map(|(m, _)| m));
                } else {
                    before.legal_moves(&mut moves);
                }
                let played = moves
                    .into_iter()
                    .find(|&m| {
                        let mut next = before.clone();
                        next.apply(m).is_ok()
                            && serde_json::to_string(&next).ok() == serde_json::to_string(&t.game).ok()
                    })
                    .unwrap();
                handle.apply_action(before.action_index(played).unwrap()).unwrap();
            }
        }
    }

    /// What the server sends each seat is the registry's view of the same
    /// state, ply by ply, for every game.
    #[test]
    fn every_seat_is_sent_the_registry_view() {
        sends_the_registry_views("zama(players=4)", &ZAMA);
        sends_the_registry_views("zama(deal=chance)", &ZAMA);
        sends_the_registry_views("gonzago", &HAND);
        sends_the_registry_views("gonzago(mode=points)", &MATCH);
        sends_the_registry_views("zucche", &ZUCCHE);
        sends_the_registry_views("camicia", &CAMICIA);
    }

    /// A refused move leaves the game as it was.
    #[test]
    fn a_refused_move_changes_nothing() {
        let mut t = typed_game(&dealt("gonzago", 4).unwrap().1, &HAND).unwrap();
        let before = serde_json::to_string(&t.game).unwrap();
        let seat = t.actor().seat().unwrap();
        assert!(t.play(seat, "pass").is_err());
        let first = t.legal()[0].clone();
        assert!(t.play(Seat::new(1 - seat.index() as u8), &first).is_err());
        assert!(t.play(seat, "no such move").is_err());
        assert_eq!(serde_json::to_string(&t.game).unwrap(), before);
    }
}
