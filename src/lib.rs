#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub use camicia_rules as camicia;
pub use carte_core as core;
#[cfg(feature = "registry")]
pub use carte_registry as registry;
pub use gonzago_rules as gonzago;
pub use zama_rules as zama;
pub use zucche_rules as zucche;
