//! The exceptions: `SudokuError` (a `ValueError`) and one subclass per reason a puzzle gets no
//! answer, with the mapping from the library's typed errors.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::format::ParseError;
use sudokit::rate::RateError;
use sudokit::RuleViolation;

create_exception!(
    sudokit,
    SudokuError,
    PyValueError,
    "The base of every error the engine raises (a ValueError)."
);
create_exception!(
    sudokit,
    InvalidPuzzle,
    SudokuError,
    "The text is not a puzzle (the message gives the line and column), or its givens break \
     the rules (the message names the two cells)."
);
create_exception!(
    sudokit,
    NoSolution,
    SudokuError,
    "The givens break no rule but admit no solution."
);
create_exception!(
    sudokit,
    NotUnique,
    SudokuError,
    "The puzzle has more than one solution where exactly one is needed."
);
create_exception!(
    sudokit,
    GaveUp,
    SudokuError,
    "The time limit was reached before the answer was complete."
);

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("InvalidPuzzle", py.get_type::<InvalidPuzzle>())?;
    m.add("NoSolution", py.get_type::<NoSolution>())?;
    m.add("NotUnique", py.get_type::<NotUnique>())?;
    m.add("GaveUp", py.get_type::<GaveUp>())?;
    Ok(())
}

/// A parse error, with its line and column: `line 1, column 5: unexpected character 'x'`.
pub(crate) fn parse_error(err: &ParseError) -> PyErr {
    InvalidPuzzle::new_err(err.to_string())
}

/// Givens that break the rules.
pub(crate) fn rule_violation(violation: &RuleViolation) -> PyErr {
    InvalidPuzzle::new_err(format!("invalid puzzle: {violation}"))
}

/// Why the rater (or the explainer, which rates the path) refused a puzzle.
pub(crate) fn rate_error(err: &RateError) -> PyErr {
    match err {
        RateError::Invalid(violation) => rule_violation(violation),
        RateError::NoSolution => NoSolution::new_err("the puzzle has no solution"),
        RateError::MultipleSolutions => NotUnique::new_err("the puzzle has more than one solution"),
        RateError::GaveUp { .. } => GaveUp::new_err(err.to_string()),
        // `RateError` is non-exhaustive: a reason added later still says what it is.
        _ => SudokuError::new_err(err.to_string()),
    }
}
