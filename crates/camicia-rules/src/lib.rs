//! Camicia (temporary crate doc).
#![forbid(unsafe_code)]

mod deal;
mod error;
mod fast_rng;
mod game;
mod hand;
mod moves;
mod observation;
mod player;
mod preset;
mod result;
mod serde_state;
mod simulator;

pub use deal::Deal;
pub use error::{CamiciaError, DealError, ParseMoveError, StateError};
pub use fast_rng::FastRng;
pub use game::{Camicia, Turned};
pub use moves::CamiciaMove;
pub use observation::CamiciaObservation;
pub use player::{ByPlayer, Player};
pub use preset::{Config, EndRule, MAX_CARDS, ParsePresetError, Preset, french_demand, italian_demand};
pub use result::PlayResult;
pub use simulator::Simulator;
