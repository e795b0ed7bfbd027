#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// Camicia and Beggar-my-neighbour: the `camicia-rules` crate.
pub use camicia_rules as camicia;
/// The bots (random, MCTS, ISMCTS, policy bots) and the arena: the
/// `carte-bots` crate.
pub use carte_bots as bots;
/// Cards, decks, the seeded shuffle, the traits every game implements and
/// the generic tools: the `carte-core` crate.
pub use carte_core as core;
/// Every game by name and parameters behind one handle: the
/// `carte-registry` crate.
#[cfg(feature = "registry")]
#[cfg_attr(docsrs, doc(cfg(feature = "registry")))]
pub use carte_registry as registry;
/// Gonzago: the `gonzago-rules` crate.
pub use gonzago_rules as gonzago;
/// Zama: the `zama-rules` crate.
pub use zama_rules as zama;
/// Zucche e Fantasmi: the `zucche-rules` crate.
pub use zucche_rules as zucche;
