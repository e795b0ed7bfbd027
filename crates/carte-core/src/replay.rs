//! Replay records: configuration, seed and moves, replayed to the same state.

use core::str::FromStr;

use std::sync::Arc;

use crate::game::{Seeded, reason_for};

/// A game as a record: its configuration, its seed and its moves in the
/// game's notation. With the `serde` feature it round-trips through any
/// format; [`Replay::replay`] rebuilds the exact state.
///
/// Here a hand of Gonzago (the `gonzago-rules` crate) played at random:
///
/// ```
/// use carte_core::{deal_rng, Game, RandomPlayer, Replay};
/// use gonzago_rules::{Deck, Hand};
///
/// let mut replay = Replay::<Hand>::new(Deck::Italian, 7);
/// let mut game = replay.start()?;
/// let (mut player, mut rng) = (RandomPlayer::new(), deal_rng(1));
/// while let Some(mv) = player.choose(&game, &mut rng) {
///     game.apply(mv)?;
///     replay.push(mv);
/// }
/// assert_eq!(replay.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "G::Config: serde::Serialize", deserialize = "G::Config: serde::de::DeserializeOwned"))
)]
pub struct Replay<G: Seeded> {
    /// The configuration of the game.
    pub config: G::Config,
    /// The seed of the deal.
    pub seed: u64,
    /// The moves in order, in the game's notation.
    pub moves: Vec<String>,
}

/// Why a replay could not be rebuilt.
///
/// Its message says each thing once: the wrapped error's message loses the
/// `bad configuration: ` or `bad move "x": ` that this one adds. Clones
/// share the wrapped error; two are equal when they are the same variant
/// with the same fields and messages.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The configuration was refused.
    #[error("bad configuration: {}", strip(&.0.to_string(), CONFIG))]
    Config(#[source] Arc<dyn std::error::Error + Send + Sync>),
    /// A recorded move is not valid notation.
    #[error("ply {ply}: bad move {text:?}: {reason}")]
    Notation {
        /// Index of the move in the record.
        ply: usize,
        /// The recorded text.
        text: String,
        /// Why it is not a move.
        reason: String,
    },
    /// A recorded move is illegal where it stands.
    #[error("ply {ply}: {source}")]
    Illegal {
        /// Index of the move in the record.
        ply: usize,
        /// Why the game refused it.
        source: Arc<dyn std::error::Error + Send + Sync>,
    },
}

/// The context [`ReplayError::Config`] adds.
const CONFIG: &str = "bad configuration: ";

/// `message` without a leading `prefix`.
fn strip<'a>(message: &'a str, prefix: &str) -> &'a str {
    message.strip_prefix(prefix).unwrap_or(message)
}

impl PartialEq for ReplayError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ReplayError::Config(a), ReplayError::Config(b)) => a.to_string() == b.to_string(),
            (
                ReplayError::Notation { ply: p, text: t, reason: r },
                ReplayError::Notation { ply: q, text: u, reason: s },
            ) => (p, t, r) == (q, u, s),
            (ReplayError::Illegal { ply: p, source: a }, ReplayError::Illegal { ply: q, source: b }) => {
                p == q && a.to_string() == b.to_string()
            }
            _ => false,
        }
    }
}

impl Eq for ReplayError {}

impl<G: Seeded> Replay<G> {
    /// An empty record.
    pub fn new(config: G::Config, seed: u64) -> Self {
        Replay { config, seed, moves: Vec::new() }
    }

    /// The starting state.
    ///
    /// # Errors
    ///
    /// [`ReplayError::Config`] if the configuration is refused.
    pub fn start(&self) -> Result<G, ReplayError> {
        G::from_seed(&self.config, self.seed).map_err(|e| ReplayError::Config(Arc::new(e)))
    }

    /// Records one more move.
    pub fn push(&mut self, mv: G::Move) {
        self.moves.push(mv.to_string());
    }

    /// Rebuilds the state after every recorded move.
    ///
    /// # Errors
    ///
    /// A [`ReplayError`] naming the first move that does not parse or apply.
    pub fn replay(&self) -> Result<G, ReplayError> {
        let mut game = self.start()?;
        for (ply, text) in self.moves.iter().enumerate() {
            let mv: G::Move = text.parse().map_err(|e: <G::Move as FromStr>::Err| ReplayError::Notation {
                ply,
                text: text.clone(),
                reason: reason_for(text, e),
            })?;
            game.apply(mv).map_err(|e| ReplayError::Illegal { ply, source: Arc::new(e) })?;
        }
        Ok(game)
    }
}
