//! The native module `carte._carte` of the Python package `carte`.
//!
//! Python users import `carte`; this crate is its compiled core, built by
//! maturin (`maturin develop --release` in this directory, see its
//! README). It wraps [`carte_registry`]: a `Game` per game
//! description, states played by integer actions, and
//! `VectorGame`, which steps many games at once with
//! the interpreter's lock released.
//!
//! # Features
//!
//! `extension-module`: leave the interpreter's symbols to the process that
//! loads the module (maturin turns it on; plain `cargo build` links
//! against libpython).

#![deny(unsafe_code)]

use pyo3::prelude::*;

mod camicia;
mod fast;
mod game;
mod origin;
mod vector;

/// The native module: the classes and functions that `carte` re-exports.
#[pymodule]
fn _carte(m: &Bound<'_, PyModule>) -> PyResult<()> {
    fast::require_gil(m.py())?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::State>()?;
    fast::install(&m.py().get_type::<game::State>())?;
    m.add_class::<vector::VectorGame>()?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::registered_names, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_parameters, m)?)?;
    m.add_function(wrap_pyfunction!(game::deserialize_state, m)?)?;
    camicia::register(m)?;
    m.add("CHANCE", game::CHANCE)?;
    m.add("TERMINAL", game::TERMINAL)?;
    m.add("DEFAULT_SEED", game::DEFAULT_SEED)?;
    Ok(())
}
