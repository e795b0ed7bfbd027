//! `State.is_terminal()`, `State.legal_actions()` and `State.apply_action(a)`
//! bound as plain C methods of the type: `METH_NOARGS`, `METH_FASTCALL |
//! METH_KEYWORDS` and `METH_O`.
//!
//! These three calls are the whole of a play loop (`while not
//! state.is_terminal(): state.apply_action(choice(state.legal_actions()))`),
//! and PyO3's generic method wrapper (its thread-local attach count, argument
//! descriptions, result conversion) cost about as much per call as the work
//! itself. The methods here do what the wrapper does for them and no more:
//! check the receiver's type (the method descriptor has already), borrow the
//! state (a [`GilCell`]), read the arguments, catch a panic, and set
//! the Python exception of an error. The Rust behind them is
//! [`State::is_terminal`], [`State::legal_actions`] and
//! [`State::apply_action`]; the signatures and docstrings are the ones the
//! stubs (`_carte.pyi`) describe.

#![allow(unsafe_code)]

use core::cell::{Cell, UnsafeCell};
use core::ffi::CStr;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyTuple, PyType};

use crate::game::State;

/// A value borrowed by the thread attached to the interpreter, one borrow
/// at a time: PyO3's borrow of a mutable class, with a plain flag where
/// PyO3 needs an atomic (a frozen class may hold it).
///
/// Sound because the interpreter has a GIL whenever this module runs (the
/// module does not declare itself free-threading safe, so a free-threaded
/// interpreter turns its GIL on to import it, and [`require_gil`] refuses
/// one forced to run without): attaching means holding the GIL, so
/// every [`borrow`](GilCell::borrow) (it takes the [`Python`] token) and
/// every release (by [`GilRef`], which cannot leave the thread, nor enter
/// a closure that detaches) happens under the GIL, which orders them. A
/// borrow while another is live (a call back into the same state) is
/// refused, as PyO3 refuses it.
pub(crate) struct GilCell<T> {
    value: UnsafeCell<T>,
    borrowed: Cell<bool>,
}

// SAFETY: see the type's docs: the value and the flag are only reached
// under the GIL, by one borrower at a time; `T: Send` lets the value be
// used from whichever thread holds the GIL.
unsafe impl<T: Send> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    pub(crate) fn new(value: T) -> GilCell<T> {
        GilCell { value: UnsafeCell::new(value), borrowed: Cell::new(false) }
    }

    /// The value, or `RuntimeError` while it is borrowed already.
    #[inline(always)]
    pub(crate) fn borrow<'a>(&'a self, _attached: Python<'_>) -> PyResult<GilRef<'a, T>> {
        if self.borrowed.replace(true) {
            return Err(PyRuntimeError::new_err("the carte State is in use (a call from within one of its calls)"));
        }
        Ok(GilRef { cell: self, _not_send: PhantomData })
    }
}

/// A live borrow of a [`GilCell`], released when dropped.
pub(crate) struct GilRef<'a, T> {
    cell: &'a GilCell<T>,
    /// Neither `Send` nor `Sync`: the borrow stays on its thread, under
    /// the GIL (a detached closure must be `Send`).
    _not_send: PhantomData<*mut ()>,
}

impl<T> Deref for GilRef<'_, T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        // SAFETY: this is the one live borrow (the flag), under the GIL.
        unsafe { &*self.cell.value.get() }
    }
}

impl<T> DerefMut for GilRef<'_, T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as for `deref`; `&mut self` keeps it exclusive.
        unsafe { &mut *self.cell.value.get() }
    }
}

impl<T> Drop for GilRef<'_, T> {
    #[inline(always)]
    fn drop(&mut self) {
        self.cell.borrowed.set(false);
    }
}

/// Runs the body of a C method: its value as a new reference, or null with
/// its error (or a panic, as `RuntimeError`) set as the Python exception.
#[inline(always)]
fn method_body(body: impl FnOnce(Python<'_>) -> PyResult<*mut ffi::PyObject>) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method's C function with the thread attached
    // (holding the GIL: an abi3 module runs on no free-threaded build). The
    // happy path drops no `Py` (whose drop would consult PyO3's count).
    let py = unsafe { Python::assume_attached() };
    let err = match catch_unwind(AssertUnwindSafe(|| body(py))) {
        Ok(Ok(value)) => return value,
        Ok(Err(err)) => err,
        Err(_) => PyRuntimeError::new_err("carte: a State method panicked (a bug in carte)"),
    };
    // Through PyO3's attach (a no-op but for its count) so that the error's
    // references are released at once, not deferred to its pool.
    Python::attach(|py| err.restore(py));
    core::ptr::null_mut()
}

/// The state `slf` points at.
///
/// # Safety
///
/// `slf` is the receiver of one of the methods of [`install`], borrowed for
/// `'a`: CPython's method descriptor has checked that it is a `State`
/// (`State.is_terminal(5)` raises `TypeError` before any call).
#[inline(always)]
unsafe fn receiver<'a, 'py>(py: Python<'py>, slf: *mut ffi::PyObject) -> Borrowed<'a, 'py, State> {
    // SAFETY: as the caller promises.
    unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<State>() }
}

unsafe extern "C" fn is_terminal(slf: *mut ffi::PyObject, _unused: *mut ffi::PyObject) -> *mut ffi::PyObject {
    method_body(|py| {
        // SAFETY: CPython passes the receiver, alive for the call.
        let state = unsafe { receiver(py, slf) };
        let terminal = state.get().play(py)?.is_terminal();
        Ok(PyBool::new(py, terminal).to_owned().into_ptr())
    })
}

unsafe extern "C" fn apply_action(slf: *mut ffi::PyObject, action: *mut ffi::PyObject) -> *mut ffi::PyObject {
    method_body(|py| {
        // SAFETY: CPython passes the receiver and the one argument, both
        // alive for the call.
        let (state, action) = unsafe { (receiver(py, slf), Borrowed::from_ptr(py, action)) };
        let action: i64 = action.extract().map_err(|e| argument_error(py, "action", e))?;
        state.get().play(py)?.apply_action(action)?;
        Ok(py.None().into_ptr())
    })
}

unsafe extern "C" fn legal_actions(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    method_body(|py| {
        // SAFETY: CPython passes the receiver alive for the call.
        let state = unsafe { receiver(py, slf) };
        let player = if nargs == 0 && kwnames.is_null() {
            None
        } else {
            // SAFETY: the vectorcall convention: `args` holds `nargs`
            // positional arguments, then one value per name of the tuple
            // `kwnames` (or null).
            let (given, names) = unsafe {
                let names = Borrowed::from_ptr_or_opt(py, kwnames).map(|n| n.cast::<PyTuple>()).transpose()?;
                let count = usize::try_from(nargs).unwrap_or(0) + names.as_ref().map_or(0, |n| n.len());
                (core::slice::from_raw_parts(args, count), names)
            };
            player_argument(py, given, nargs, names)?
        };
        let state = state.get();
        Ok(state.play(py)?.legal_actions(py, state.game.get(), player)?.into_ptr())
    })
}

/// Reads `legal_actions(player=None)`'s argument: one positional or the
/// keyword `player`, an int or None.
fn player_argument(
    py: Python<'_>,
    given: &[*mut ffi::PyObject],
    nargs: ffi::Py_ssize_t,
    names: Option<Borrowed<'_, '_, PyTuple>>,
) -> PyResult<Option<i64>> {
    let named = names.as_ref().map_or(0, |n| n.len());
    if given.len() > 1 {
        return Err(PyTypeError::new_err(format!("legal_actions() takes at most 1 argument ({} given)", given.len())));
    }
    if let Some(names) = names
        && named == 1
    {
        let name = names.get_item(0)?;
        if name.extract::<&str>().ok() != Some("player") {
            return Err(PyTypeError::new_err(format!(
                "legal_actions() got an unexpected keyword argument {}",
                name.repr()?
            )));
        }
    }
    debug_assert_eq!(usize::try_from(nargs).unwrap_or(0) + named, given.len());
    let Some(&value) = given.first() else { return Ok(None) };
    // SAFETY: the argument pointers are valid for the call.
    let value = unsafe { Borrowed::from_ptr(py, value) };
    if value.is_none() { Ok(None) } else { value.extract().map(Some).map_err(|e| argument_error(py, "player", e)) }
}

/// A bad argument's error, named as PyO3 names them (a `TypeError` gets
/// the argument's name; other errors, e.g. `OverflowError`, pass).
fn argument_error(py: Python<'_>, name: &str, err: PyErr) -> PyErr {
    if !err.is_instance_of::<PyTypeError>(py) {
        return err;
    }
    let new = PyTypeError::new_err(format!("argument '{name}': {}", err.value(py)));
    new.set_cause(py, Some(err));
    new
}

/// Refuses to start in an interpreter running without its GIL (a
/// free-threaded build with `PYTHON_GIL=0`): [`GilCell`] needs it.
pub(crate) fn require_gil(py: Python<'_>) -> PyResult<()> {
    let sys = py.import("sys")?;
    if let Ok(enabled) = sys.getattr("_is_gil_enabled")
        && !enabled.call0()?.is_truthy()?
    {
        return Err(pyo3::exceptions::PyImportError::new_err(
            "carte needs the GIL: this interpreter runs without it (PYTHON_GIL=0)",
        ));
    }
    Ok(())
}

/// The methods' C descriptions (names, docstrings with the signatures that
/// `inspect` reads).
const IS_TERMINAL_DOC: &CStr = c"is_terminal($self, /)\n--\n\nWhether the game is over.";
const LEGAL_ACTIONS_DOC: &CStr = c"legal_actions($self, /, player=None)\n--\n\nThe legal actions (chance \
outcomes at a chance node), ascending;\nempty for a `player` who does not act now.";
const APPLY_ACTION_DOC: &CStr = c"apply_action($self, action, /)\n--\n\nPlays `action` (a chance outcome at \
a chance node). An illegal\naction raises `ValueError` with the engine's reason and leaves the\nstate as it was.";

/// Sets the three methods on the type `State`.
pub(crate) fn install(ty: &Bound<'_, PyType>) -> PyResult<()> {
    let defs = [
        ffi::PyMethodDef {
            ml_name: c"is_terminal".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunction: is_terminal },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: IS_TERMINAL_DOC.as_ptr(),
        },
        ffi::PyMethodDef {
            ml_name: c"legal_actions".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunctionFastWithKeywords: legal_actions },
            ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            ml_doc: LEGAL_ACTIONS_DOC.as_ptr(),
        },
        ffi::PyMethodDef {
            ml_name: c"apply_action".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunction: apply_action },
            ml_flags: ffi::METH_O,
            ml_doc: APPLY_ACTION_DOC.as_ptr(),
        },
    ];
    for def in defs {
        // A method description lives as long as the type: leaked once, at
        // the module's start.
        let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(def));
        // SAFETY: `def` is a valid, never-freed description whose function
        // matches its flags; `PyDescr_NewMethod` returns a new reference or
        // null with an exception set.
        let descr = unsafe { Bound::from_owned_ptr_or_err(ty.py(), ffi::PyDescr_NewMethod(ty.as_type_ptr(), def))? };
        // SAFETY: `ml_name` is one of the C string literals above.
        let name = unsafe { CStr::from_ptr(def.ml_name) }.to_str().unwrap_or_default();
        ty.setattr(name, descr)?;
    }
    Ok(())
}
