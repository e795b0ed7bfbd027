//! Where a state comes from, so that it can be written down and rebuilt
//! exactly (pickle, `serialize`), information states included.

use carte_core::Seat;
use carte_registry::{GameHandle, GameType};
use serde::{Deserialize, Serialize};

/// The start of a state's record: a state is its origin, then the actions
/// played since.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum Origin {
    /// `new_initial_state(seed)`.
    Seed(u64),
    /// A state read from the engine's JSON (`Game.state_from_json`).
    State(String),
    /// A determinization (`resample_from_infostate`): the engine's JSON of
    /// the sample, the information state it keeps for `seat`, and the
    /// actions of the state it was drawn from (its `history()`). Its size
    /// does not grow with a chain of samples.
    Sample {
        /// The engine's JSON of the sample.
        state: String,
        /// The seat whose information state was kept.
        seat: usize,
        /// That information state.
        record: String,
        /// The history of the state the sample was drawn from.
        history: Vec<u32>,
    },
    /// `resample_from_infostate(seat, seed)` of the state `from` + `actions`
    /// (written by carte 0.1; read only).
    Resample {
        /// The origin of the state that was resampled.
        from: Box<Origin>,
        /// The actions it had played since its origin.
        actions: Vec<u32>,
        /// The seat whose information state was kept.
        seat: usize,
        /// The seed of the sample.
        seed: u64,
    },
}

/// A state as text: the game's description, the origin, the actions.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Serialized {
    pub game: String,
    pub origin: Origin,
    pub actions: Vec<u32>,
}

impl Origin {
    /// The actions before the origin that `history()` shows.
    pub(crate) fn history(&self) -> &[u32] {
        match self {
            Origin::Sample { history, .. } => history,
            _ => &[],
        }
    }
}

/// Rebuilds the state `origin` + `actions` of `game`; the error says what
/// could not be rebuilt.
pub(crate) fn rebuild(game: &GameType, origin: &Origin, actions: &[u32]) -> Result<GameHandle, String> {
    let mut state = match origin {
        Origin::Seed(seed) => game.new_state(*seed),
        Origin::State(json) => game.load_state(json).map_err(|e| e.to_string())?,
        Origin::Sample { state, seat, record, .. } => {
            let mut sample = game.load_state(state).map_err(|e| e.to_string())?;
            let seat = u8::try_from(*seat).map_err(|_| format!("no seat {seat} in {}", game.spec()))?;
            sample.resume_information_state(Seat::new(seat), record).map_err(|e| format!("sample: {e}"))?;
            sample
        }
        Origin::Resample { from, actions, seat, seed } => {
            let parent = rebuild(game, from, actions)?;
            let seat = u8::try_from(*seat).map_err(|_| format!("no seat {seat} in {}", game.spec()))?;
            parent.resample(Seat::new(seat), *seed).map_err(|e| format!("resample: {e}"))?
        }
    };
    for (i, &a) in actions.iter().enumerate() {
        state.apply_action(a as usize).map_err(|e| format!("action #{i} ({a}): {e}"))?;
    }
    Ok(state)
}
