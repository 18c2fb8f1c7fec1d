//! The batch functions: `solve_many`, `count_many`, `rate_many` and `canon_many` over a list
//! of puzzle strings or a NumPy `uint8` array of shape (N, 81), on a rayon pool of `threads`
//! threads with the GIL released. Results keep the input order, and a bad puzzle gets an
//! error value in its place, never an exception for the batch.
//!
//! The puzzles are copied out of Python first (strings into `String`s, array rows into
//! `[u8; 81]`), so no Python object is touched while the GIL is released.

use crate::single::{self, Solved};
use crate::types::Rating;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;
use sudokit::format::tool::PlainLine;
use sudokit::{canon, format, Grid};

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(canon_many, m)?)?;
    Ok(())
}

/// Cells per puzzle, the width of the NumPy arrays.
const CELLS: usize = 81;

/// `solve_many`'s status codes, in `STATUS_NAMES` order: the CLI's status names.
const UNIQUE: u8 = 0;
const MULTIPLE: u8 = 1;
const NONE: u8 = 2;
const INVALID: u8 = 3;
const ERROR: u8 = 4;

/// The most threads a batch may ask for: far above any core count, far below what would
/// exhaust the process (each thread reserves a stack).
const MAX_THREADS: usize = 1024;

/// A rayon pool of `threads` threads (`None`: one per core).
pub(crate) fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let threads = match threads {
        Some(n) if n == 0 || n > MAX_THREADS => {
            return Err(PyValueError::new_err(format!(
                "threads must be from 1 to {MAX_THREADS}, not {n}"
            )))
        }
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(format!("cannot start {threads} threads: {e}")))
}

/// The puzzles of a batch, copied out of Python.
enum Puzzles {
    /// Strings in any layout the CLI reads.
    Texts(Vec<String>),
    /// Rows of a (N, 81) `uint8` array, 0 for a blank.
    Values(Vec<[u8; CELLS]>),
}

impl Puzzles {
    /// Reads a list (any iterable) of strings or a (N, 81) `uint8` NumPy array.
    fn read(puzzles: &Bound<'_, PyAny>) -> PyResult<Puzzles> {
        if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
            let Ok(array) = array.extract::<PyReadonlyArray2<'_, u8>>() else {
                return Err(PyTypeError::new_err(format!(
                    "a NumPy array of puzzles must be uint8 of shape (N, 81), not {} of shape \
                     {:?}",
                    array.dtype(),
                    array.shape()
                )));
            };
            let view = array.as_array();
            if view.ncols() != CELLS {
                return Err(PyValueError::new_err(format!(
                    "a NumPy array of puzzles must have 81 columns, not {}",
                    view.ncols()
                )));
            }
            let rows = view
                .rows()
                .into_iter()
                .map(|row| {
                    let mut values = [0u8; CELLS];
                    for (value, &cell) in values.iter_mut().zip(row.iter()) {
                        *value = cell;
                    }
                    values
                })
                .collect();
            return Ok(Puzzles::Values(rows));
        }
        if puzzles.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "expected a list of puzzles, not one string (use solve, count or rate for one)",
            ));
        }
        let mut texts = Vec::new();
        for (index, item) in puzzles.try_iter()?.enumerate() {
            let item = item?;
            let text = item.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "puzzle {index} is a {}, not a string",
                    item.get_type()
                        .name()
                        .map_or_else(|_| "?".to_string(), |n| n.to_string())
                ))
            })?;
            texts.push(text);
        }
        Ok(Puzzles::Texts(texts))
    }

    fn len(&self) -> usize {
        match self {
            Puzzles::Texts(texts) => texts.len(),
            Puzzles::Values(rows) => rows.len(),
        }
    }

    /// Puzzle `index` as a grid, or why it is none.
    fn grid(&self, index: usize) -> Result<Grid, String> {
        match self {
            // The plain 81-character line (nearly every large collection) skips the general
            // reader; `PlainLine::parsed` is what `format::parse` gives for the same line.
            Puzzles::Texts(texts) => match PlainLine::new(texts[index].as_bytes()) {
                Some(line) => Ok(line.parsed().grid),
                None => format::parse(&texts[index])
                    .map(|parsed| parsed.grid)
                    .map_err(|err| err.to_string()),
            },
            Puzzles::Values(rows) => Grid::from_values(rows[index])
                .ok_or_else(|| format!("row {index} holds a value above 9")),
        }
    }
}

/// Solves many puzzles on ``threads`` threads (default: one per core), as ``sudoku solve``
/// does: the first solution and whether it is the only one.
///
/// ``puzzles`` is a list of strings (any layout the CLI reads) or a NumPy ``uint8`` array of
/// shape (N, 81) with 0 for a blank. Returns ``(solutions, status)``: ``solutions`` a (N, 81)
/// ``uint8`` array (a row of zeros where there is no solution; the first solution found for
/// ``multiple``), ``status`` a (N,) ``uint8`` array of codes into ``STATUS_NAMES``:
/// 0 ``unique``, 1 ``multiple``, 2 ``none``, 3 ``invalid`` (givens break the rules),
/// 4 ``error`` (not a puzzle). Input order is kept; a bad puzzle never raises.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
fn solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArray1<u8>>)> {
    let pool = pool(threads)?;
    let puzzles = Puzzles::read(puzzles)?;
    let n = puzzles.len();
    let mut solutions = vec![0u8; n * CELLS];
    let mut status = vec![ERROR; n];
    py.detach(|| {
        pool.install(|| {
            solutions
                .par_chunks_mut(CELLS)
                .zip(status.par_iter_mut())
                .enumerate()
                .with_min_len(64)
                .for_each(|(index, (row, code))| {
                    let Ok(grid) = puzzles.grid(index) else {
                        return;
                    };
                    let (found, solution) = match single::solve_grid(&grid, true) {
                        Solved::Unique(s) | Solved::First(s) => (UNIQUE, Some(s)),
                        Solved::Multiple(s) => (MULTIPLE, Some(s)),
                        Solved::None => (NONE, None),
                        Solved::Invalid => (INVALID, None),
                    };
                    *code = found;
                    if let Some(solution) = solution {
                        row.copy_from_slice(solution.values());
                    }
                })
        })
    });
    let solutions = PyArray1::from_vec(py, solutions).reshape([n, CELLS])?;
    Ok((solutions.into_any(), PyArray1::from_vec(py, status)))
}

/// Counts the solutions of many puzzles up to ``limit`` on ``threads`` threads.
///
/// ``puzzles`` as for ``solve_many``. Returns a (N,) ``int64`` array: the count (at most
/// ``limit``), or -1 where the puzzle is not a puzzle or its givens break the rules.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, threads = None))]
fn count_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let limit = single::count_limit(limit)?;
    let pool = pool(threads)?;
    let puzzles = Puzzles::read(puzzles)?;
    let mut counts = vec![-1i64; puzzles.len()];
    py.detach(|| {
        pool.install(|| {
            counts
                .par_iter_mut()
                .enumerate()
                .with_min_len(64)
                .for_each(|(index, count)| {
                    if let Ok(grid) = puzzles.grid(index) {
                        if let Some(found) = single::count_grid(&grid, limit) {
                            *count = i64::try_from(found).unwrap_or(i64::MAX);
                        }
                    }
                })
        })
    });
    Ok(PyArray1::from_vec(py, counts))
}

/// Rates many puzzles on ``threads`` threads, each as ``rate`` does, and returns one
/// ``Rating`` per puzzle in input order.
///
/// A puzzle without a rating gets one whose ``status`` says why (``"invalid"``, ``"none"``,
/// ``"multiple"``, ``"error"``, or ``"gave_up"`` past ``time_limit`` seconds) and whose
/// ``error`` has the message. ``puzzles`` as for ``solve_many``.
#[pyfunction]
#[pyo3(signature = (puzzles, nested = false, time_limit = None, threads = None))]
fn rate_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    nested: bool,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<Vec<Rating>> {
    let budget = single::budget(time_limit)?;
    let pool = pool(threads)?;
    let puzzles = Puzzles::read(puzzles)?;
    let ratings = py.detach(|| {
        pool.install(|| {
            (0..puzzles.len())
                .into_par_iter()
                .map(|index| match puzzles.grid(index) {
                    Ok(grid) => Rating::of_result(&single::rate_grid(&grid, nested, budget)),
                    Err(message) => Rating::failed("error", message, None),
                })
                .collect()
        })
    });
    Ok(ratings)
}

/// The canonical forms of many puzzles (see ``canon``) on ``threads`` threads, in input
/// order; ``None`` in place of one that is not a puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
fn canon_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Vec<Option<String>>> {
    let pool = pool(threads)?;
    let puzzles = Puzzles::read(puzzles)?;
    Ok(py.detach(|| {
        pool.install(|| {
            (0..puzzles.len())
                .into_par_iter()
                .map(|index| {
                    let grid = puzzles.grid(index).ok()?;
                    Some(format::to_line(&canon::canonical(&grid)))
                })
                .collect()
        })
    }))
}
