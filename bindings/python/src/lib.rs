//! The `sudokit` Python module: the engine's functions on puzzle strings, typed exceptions,
//! the `Step` and `Rating` classes, and batch functions over lists or NumPy arrays that run on
//! a rayon pool with the GIL released.
//!
//! - [`single`]: `solve`, `count`, `check`, `hint`, `explain`, `rate`, `generate`, `canon`;
//! - [`batch`]: `solve_many`, `count_many`, `rate_many`;
//! - [`types`]: `Step` and `Rating`, each keeping the JSON the CLI prints for it, so that
//!   `to_dict()` has the CLI's shape;
//! - [`errors`]: the exception hierarchy and the mapping of the library's errors onto it.
//!
//! The answers are the CLI's: the same library calls in the same order (see each function),
//! time limits measured by an `Instant`-based clock passed to the library's guard (the library
//! never reads the time).

mod batch;
mod errors;
mod single;
mod types;

use pyo3::prelude::*;

/// The compiled part of the `sudokit` package; import `sudokit` instead.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    types::register(m)?;
    single::register(m)?;
    batch::register(m)?;
    Ok(())
}
