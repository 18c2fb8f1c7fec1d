//! `Step` and `Rating`: small read-only classes whose `to_dict()` is the JSON object the CLI
//! prints (`sudoku hint --json`'s `step`, `sudoku rate --json` without `file`, `line`, `input`
//! and `time_us`).
//!
//! Each keeps that JSON as text, made by the library's serde types at construction, so the
//! dictionary has the CLI's shape by construction rather than by a second, hand-kept mapping.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;
use sudokit::logic::{explain, Step as LibStep, Technique};
use sudokit::rate::{PuzzleRating, RateError};

/// Adds the classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Step>()?;
    m.add_class::<Rating>()?;
    Ok(())
}

/// The technique's stable id (its serde name, e.g. `"hidden_single"`).
fn technique_id(technique: Technique) -> String {
    match serde_json::to_value(technique) {
        Ok(serde_json::Value::String(id)) => id,
        // A technique always serializes as its id string; the display name is the fallback.
        _ => technique.name().to_string(),
    }
}

/// The parsed JSON as Python values (`json.loads`), so nested lists and dicts come out as
/// plain Python objects.
fn json_to_python<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (json,))
}

/// The step's JSON as the CLI prints it: its data and the sentence.
#[derive(Serialize)]
struct JsonStep<'a> {
    #[serde(flatten)]
    step: &'a LibStep,
    text: &'a str,
}

/// One step of a human-style solve path.
///
/// Cells are 0..80 in row-major order (row = cell // 9, column = cell % 9), digits 1..9.
/// ``to_dict()`` gives every field of the step as ``sudoku hint --json`` prints it (the
/// pattern's houses and chain links included).
#[pyclass(module = "sudokit", frozen)]
pub(crate) struct Step {
    /// The technique's id, e.g. ``"hidden_single"``.
    #[pyo3(get)]
    technique: String,
    /// The technique's name, e.g. ``"Hidden Single"``.
    #[pyo3(get)]
    name: String,
    /// The step's Sudoku Explainer rating, e.g. 1.2.
    #[pyo3(get)]
    rating: f64,
    /// The step in plain English.
    #[pyo3(get)]
    text: String,
    /// The digits placed, as ``(cell, digit)`` pairs.
    #[pyo3(get)]
    placements: Vec<(usize, u8)>,
    /// The candidates removed, as ``(cell, digit)`` pairs.
    #[pyo3(get)]
    eliminations: Vec<(usize, u8)>,
    /// The cells of the pattern.
    #[pyo3(get)]
    cells: Vec<usize>,
    /// The digits of the pattern.
    #[pyo3(get)]
    digits: Vec<u8>,
    json: String,
}

impl Step {
    /// The Python step of a library step.
    pub(crate) fn new(step: &LibStep) -> Step {
        let text = explain::english(step);
        let json = serde_json::to_string(&JsonStep { step, text: &text })
            .unwrap_or_else(|_| String::from("{}"));
        let pair = |&(cell, digit): &(sudokit::Cell, sudokit::Digit)| (cell.index(), digit.get());
        Step {
            technique: technique_id(step.technique),
            name: step.technique.name().to_string(),
            rating: f64::from(step.rating),
            placements: step.placements.iter().map(pair).collect(),
            eliminations: step.eliminations.iter().map(pair).collect(),
            cells: step.cells.iter().map(|c| c.index()).collect(),
            digits: step.digits.iter().map(|d| d.get()).collect(),
            text,
            json,
        }
    }
}

#[pymethods]
impl Step {
    /// The step as a dict: the JSON object of ``sudoku hint --json``'s ``step``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_python(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!(
            "Step(technique={:?}, rating={:.1}, text={:?})",
            self.technique, self.rating, self.text
        )
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// The CLI's JSON of a rated puzzle: its status and the rating's own fields.
#[derive(Serialize)]
struct JsonRating<'a> {
    status: &'static str,
    #[serde(flatten)]
    rating: Option<&'a PuzzleRating>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// The difficulty of a puzzle, or why it has none.
///
/// ``status`` is one of ``sudoku rate``'s: ``"rated"``; ``"stuck"`` (the techniques in use
/// could not finish: ER 20.0); ``"gave_up"`` (the time limit was reached); and, from
/// ``rate_many`` only, ``"invalid"`` (givens break the rules), ``"none"`` (no solution),
/// ``"multiple"`` (several solutions) and ``"error"`` (not a puzzle). Without a rating
/// (``gave_up`` and the failures) the numbers are ``None`` and ``error`` says why.
#[pyclass(module = "sudokit", frozen)]
pub(crate) struct Rating {
    /// ``"rated"``, ``"stuck"``, ``"gave_up"``, ``"invalid"``, ``"none"``, ``"multiple"`` or
    /// ``"error"``.
    #[pyo3(get)]
    status: &'static str,
    /// Sudoku Explainer's ER: the hardest step's rating (20.0 when stuck).
    #[pyo3(get)]
    er: Option<f64>,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    #[pyo3(get)]
    ep: Option<f64>,
    /// Sudoku Explainer's ED: the first step's rating.
    #[pyo3(get)]
    ed: Option<f64>,
    /// The HoDoKu-style score: the sum of the steps' scores.
    #[pyo3(get)]
    score: Option<u32>,
    /// The HoDoKu-style level: ``"easy"``, ``"medium"``, ``"hard"``, ``"unfair"`` or
    /// ``"extreme"``.
    #[pyo3(get)]
    level: Option<&'static str>,
    /// How many steps the path has (for ``gave_up``: how many were taken).
    #[pyo3(get)]
    steps: Option<usize>,
    /// The id of the hardest step's technique, e.g. ``"x_wing"``.
    #[pyo3(get)]
    hardest: Option<String>,
    /// The hardest technique's name, e.g. ``"X-Wing"``.
    #[pyo3(get)]
    hardest_name: Option<&'static str>,
    /// Why there is no rating (``None`` when rated or stuck).
    #[pyo3(get)]
    error: Option<String>,
    json: String,
}

impl Rating {
    /// The rating of a rated (or stuck) puzzle.
    pub(crate) fn rated(rating: &PuzzleRating) -> Rating {
        let status = if rating.is_stuck() { "stuck" } else { "rated" };
        let hardest_name = rating.hardest.map(|t| t.name());
        let json = serde_json::to_string(&JsonRating {
            status,
            rating: Some(rating),
            hardest_name,
            error: None,
        })
        .unwrap_or_else(|_| String::from("{}"));
        Rating {
            status,
            er: Some(f64::from(rating.se.er)),
            ep: rating.se.ep.map(f64::from),
            ed: rating.se.ed.map(f64::from),
            score: Some(rating.hodoku.score),
            level: Some(rating.hodoku.level.name()),
            steps: Some(rating.steps),
            hardest: rating.hardest.map(technique_id),
            hardest_name,
            error: None,
            json,
        }
    }

    /// A puzzle without a rating: `status` and the message.
    pub(crate) fn failed(status: &'static str, error: String, steps: Option<usize>) -> Rating {
        let json = serde_json::to_string(&JsonRating {
            status,
            rating: None,
            hardest_name: None,
            error: Some(&error),
        })
        .unwrap_or_else(|_| String::from("{}"));
        Rating {
            status,
            er: None,
            ep: None,
            ed: None,
            score: None,
            level: None,
            steps,
            hardest: None,
            hardest_name: None,
            error: Some(error),
            json,
        }
    }

    /// The rating of the rater's answer: refusals keep `sudoku rate`'s status names.
    pub(crate) fn of_result(result: &Result<PuzzleRating, RateError>) -> Rating {
        match result {
            Ok(rating) => Rating::rated(rating),
            Err(err) => {
                let (status, steps) = match err {
                    RateError::Invalid(_) => ("invalid", None),
                    RateError::NoSolution => ("none", None),
                    RateError::MultipleSolutions => ("multiple", None),
                    RateError::GaveUp { steps, .. } => ("gave_up", Some(*steps)),
                    _ => ("error", None),
                };
                Rating::failed(status, err.to_string(), steps)
            }
        }
    }
}

#[pymethods]
impl Rating {
    /// The rating as a dict: ``sudoku rate --json``'s object without ``file``, ``line``,
    /// ``input`` and ``time_us`` (and with ``hardest_name``, as the server adds it).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let dict = json_to_python(py, &self.json)?;
        // `steps` of a gave-up rating is known here but not in the CLI's JSON; add it.
        if let (Some(steps), None) = (self.steps, self.er) {
            dict.cast::<PyDict>()?.set_item("steps", steps)?;
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        let opt = |v: Option<f64>| v.map_or("None".to_string(), |v| format!("{v:.1}"));
        match (&self.er, &self.error) {
            (Some(_), _) => format!(
                "Rating(status={:?}, er={}, ep={}, ed={}, score={}, level={:?}, hardest={:?})",
                self.status,
                opt(self.er),
                opt(self.ep),
                opt(self.ed),
                self.score.unwrap_or_default(),
                self.level.unwrap_or_default(),
                self.hardest.as_deref().unwrap_or_default(),
            ),
            (None, error) => format!(
                "Rating(status={:?}, error={:?})",
                self.status,
                error.as_deref().unwrap_or_default()
            ),
        }
    }
}
