//! `/api/variant/...`: solve, count, check and generate for other sizes and variant rules.
//!
//! These are endpoints of their own, not a field of the classic ones, so that the classic
//! answers (81-character lines, the 9x9 solver) keep their shape for every existing client.
//! The `puzzle` is any text `sudokit::format::variant` reads (a line of N * N characters or
//! numbers, our JSON document, f-puzzles JSON or links, SudokuPad links), or a JSON object
//! (our document, f-puzzles JSON or SudokuPad JSON) given directly; `size`, `boxes` and
//! `rules` add what a plain line does not say, as the CLI's flags do. Every search runs under
//! the server's guess budget and a guard with a time limit (`logic_time`; `generate_time` for
//! generate), so no request runs without bound.

use super::wall_clock;
use crate::error::{ApiError, ErrorCode};
use crate::Limits;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Duration;
use sudokit::budget::{Budget, Guard};
use sudokit::format::variant::{self as text, Document, Options, VariantLayout};
use sudokit::generate::Symmetry;
use sudokit::variant::{
    self, Cut, GenerateError, Made, Puzzle, Request, Rule, Search, Shape, Stopped,
};

/// The shape and rules a request adds to its puzzle (or gives the generator).
#[derive(Debug, Default)]
struct Extra {
    /// N, for a plain line whose boxes are not the usual ones, or for generate.
    size: Option<usize>,
    /// Boxes as `RxC`.
    boxes: Option<String>,
    /// Rules: names of rules without data (`"diagonal"`) or rule objects as in the document.
    rules: Vec<Value>,
}

/// The body of `/api/variant/solve` and `/api/variant/check`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    puzzle: Value,
    size: Option<usize>,
    boxes: Option<String>,
    #[serde(default)]
    rules: Vec<Value>,
}

impl crate::body::RequestBody for PuzzleRequest {
    const SHAPE: &'static str = "the body must be a JSON object with a `puzzle` (a string or \
                                 a JSON document) and optionally `size`, `boxes` and `rules`";
}

/// The body of `/api/variant/count`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountRequest {
    puzzle: Value,
    size: Option<usize>,
    boxes: Option<String>,
    #[serde(default)]
    rules: Vec<Value>,
    limit: Option<u64>,
}

impl crate::body::RequestBody for CountRequest {
    const SHAPE: &'static str = "the body must be a JSON object with a `puzzle` (a string or \
                                 a JSON document) and optionally `size`, `boxes`, `rules` and \
                                 `limit`";
}

/// The body of `/api/variant/generate`; every field is optional (default: 9x9, no rules).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GenerateRequest {
    size: Option<usize>,
    boxes: Option<String>,
    #[serde(default)]
    rules: Vec<Value>,
    /// Cut killer cages from the solution grid, then as few givens as uniqueness needs.
    #[serde(default)]
    killer: bool,
    /// Random jigsaw regions (the boxes deformed into connected regions) for the puzzle.
    #[serde(default)]
    jigsaw: bool,
    /// Any of the classic generator's symmetry names (default `none`).
    symmetry: Option<String>,
    seed: Option<u64>,
}

impl crate::body::RequestBody for GenerateRequest {
    const SHAPE: &'static str = "the body must be a JSON object (every field optional: \
                                 `size`, `boxes`, `rules`, `killer`, `jigsaw`, `symmetry`, \
                                 `seed`)";
}

impl Extra {
    fn options(&self) -> Result<Options, ApiError> {
        let mut rules = Vec::new();
        for (i, value) in self.rules.iter().enumerate() {
            let rule = match value {
                Value::String(name) => Rule::from_name(name).ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "`rules[{i}]`: {name:?} is not a rule without data (diagonal, \
                         windoku, disjoint, anti-knight, anti-king, non-consecutive); give \
                         the others as objects"
                    ))
                })?,
                other => serde_json::from_value::<Rule>(other.clone())
                    .map_err(|e| ApiError::bad_request(format!("`rules[{i}]`: {e}")))?,
            };
            rules.push(rule);
        }
        let shape = match (&self.boxes, self.size) {
            (Some(boxes), size) => {
                let (r, c) = boxes
                    .split_once(['x', 'X'])
                    .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
                    .ok_or_else(|| {
                        ApiError::bad_request(format!("`boxes`: {boxes:?} is not RxC, like 2x3"))
                    })?;
                let shape = Shape::boxes(r, c)
                    .map_err(|e| ApiError::bad_request(format!("`boxes`: {e}")))?;
                if size.is_some_and(|n| n != shape.size()) {
                    return Err(ApiError::bad_request(format!(
                        "`boxes` {boxes} do not fit `size` {}",
                        size.unwrap_or(0)
                    )));
                }
                Some(shape)
            }
            (None, Some(n)) => {
                Some(Shape::square(n).map_err(|e| ApiError::bad_request(format!("`size`: {e}")))?)
            }
            (None, None) => None,
        };
        Ok(Options { shape, rules })
    }
}

/// Reads the `puzzle` field with the request's extra shape and rules.
fn read(puzzle: &Value, extra: &Extra) -> Result<(Puzzle, VariantLayout), ApiError> {
    let options = extra.options()?;
    let owned;
    let text = match puzzle {
        Value::String(text) => text.as_str(),
        Value::Object(_) => {
            owned = puzzle.to_string();
            owned.as_str()
        }
        _ => {
            return Err(ApiError::bad_request(
                "`puzzle` must be a string (a line, numbers, a JSON document, an f-puzzles or \
                 SudokuPad link) or a JSON document",
            ))
        }
    };
    let parsed = text::parse(text, &options)
        .map_err(|e| ApiError::new(ErrorCode::BadPuzzle, format!("puzzle: {e}")))?;
    Ok((parsed.puzzle, parsed.layout))
}

/// A search under the guess budget and a guard of `time`.
fn search(puzzle: &Puzzle, limits: &Limits, time: Duration) -> Search {
    let guard = Guard::new(Budget::UNLIMITED.with_time(time)).with_clock(wall_clock());
    Search::new(puzzle)
        .with_guess_budget(limits.guesses)
        .with_guard(guard)
}

fn stopped(err: Stopped, found: u64) -> ApiError {
    let why = match err {
        Stopped::Guesses { guesses } => {
            format!("the search gave up after {guesses} guesses (the server's budget per request)")
        }
        other => format!("the search stopped: {other} (the server's budget per request)"),
    };
    ApiError::budget(format!("{why}; {found} solutions found by then"))
}

/// The solution line, for the document's own alphabet (1-9 then A...).
fn line(puzzle: &Puzzle, grid: &[u8]) -> String {
    text::to_text(puzzle, grid, VariantLayout::Chars)
}

/// Is the solution the only one?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SolveStatus {
    Unique,
    Multiple,
    Solved,
}

/// The answer of `POST /api/variant/solve`.
#[derive(Debug, Serialize)]
pub(crate) struct Solved {
    status: SolveStatus,
    size: usize,
    /// The solution as N * N characters (1-9, then A = 10...).
    solution: String,
    /// The puzzle as read, as our JSON document (its rules included).
    puzzle: Document,
    guesses: u64,
}

/// Solves and says whether the solution is unique.
pub(crate) fn solve(request: &PuzzleRequest, limits: &Limits) -> Result<Solved, ApiError> {
    let extra = Extra {
        size: request.size,
        boxes: request.boxes.clone(),
        rules: request.rules.clone(),
    };
    let (puzzle, _) = read(&request.puzzle, &extra)?;
    let mut search = search(&puzzle, limits, limits.logic_time);
    let first = match search.next_solution() {
        Ok(Some(first)) => first,
        Ok(None) => {
            return Err(ApiError::new(
                ErrorCode::NoSolution,
                "the puzzle has no solution",
            ))
        }
        Err(err) => return Err(stopped(err, 0)),
    };
    let status = match search.next_solution() {
        Ok(None) => SolveStatus::Unique,
        Ok(Some(_)) => SolveStatus::Multiple,
        Err(_) => SolveStatus::Solved,
    };
    Ok(Solved {
        status,
        size: puzzle.size(),
        solution: line(&puzzle, &first),
        puzzle: Document::from_puzzle(&puzzle, puzzle.givens()),
        guesses: search.stats().guesses,
    })
}

/// The answer of `POST /api/variant/count`.
#[derive(Debug, Serialize)]
pub(crate) struct Counted {
    count: u64,
    exact: bool,
    limit: u64,
    guesses: u64,
}

/// Counts solutions up to `limit` (default [`Limits::default_count`]).
pub(crate) fn count(request: &CountRequest, limits: &Limits) -> Result<Counted, ApiError> {
    let limit = request.limit.unwrap_or(limits.default_count);
    if limit == 0 || limit > limits.max_count {
        return Err(ApiError::bad_request(format!(
            "limit must be between 1 and {}, not {limit}",
            limits.max_count
        )));
    }
    let extra = Extra {
        size: request.size,
        boxes: request.boxes.clone(),
        rules: request.rules.clone(),
    };
    let (puzzle, _) = read(&request.puzzle, &extra)?;
    let mut search = search(&puzzle, limits, limits.logic_time);
    let mut count = 0;
    while count < limit {
        match search.next_solution() {
            Ok(Some(_)) => count += 1,
            Ok(None) => {
                return Ok(Counted {
                    count,
                    exact: true,
                    limit,
                    guesses: search.stats().guesses,
                })
            }
            Err(err) => return Err(stopped(err, count)),
        }
    }
    Ok(Counted {
        count,
        exact: false,
        limit,
        guesses: search.stats().guesses,
    })
}

/// What `check` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CheckStatus {
    Unique,
    Multiple,
    None,
}

/// The answer of `POST /api/variant/check`.
#[derive(Debug, Serialize)]
pub(crate) struct Checked {
    status: CheckStatus,
    size: usize,
    /// The givens as N * N characters.
    givens: String,
    clues: usize,
    /// The puzzle as read, as our JSON document.
    puzzle: Document,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    guesses: u64,
}

/// Says whether the puzzle has one, several or no solutions.
pub(crate) fn check(request: &PuzzleRequest, limits: &Limits) -> Result<Checked, ApiError> {
    let extra = Extra {
        size: request.size,
        boxes: request.boxes.clone(),
        rules: request.rules.clone(),
    };
    let (puzzle, _) = read(&request.puzzle, &extra)?;
    let mut search = search(&puzzle, limits, limits.logic_time);
    let mut first = None;
    let status = loop {
        match search.next_solution() {
            Ok(Some(grid)) if first.is_none() => first = Some(grid),
            Ok(Some(_)) => break CheckStatus::Multiple,
            Ok(None) if first.is_some() => break CheckStatus::Unique,
            Ok(None) => break CheckStatus::None,
            Err(err) => return Err(stopped(err, u64::from(first.is_some()))),
        }
    };
    Ok(Checked {
        status,
        size: puzzle.size(),
        givens: line(&puzzle, puzzle.givens()),
        clues: puzzle.givens().iter().filter(|&&g| g != 0).count(),
        puzzle: Document::from_puzzle(&puzzle, puzzle.givens()),
        solution: first
            .filter(|_| status == CheckStatus::Unique)
            .map(|grid| line(&puzzle, &grid)),
        guesses: search.stats().guesses,
    })
}

/// The answer of `POST /api/variant/generate`.
#[derive(Debug, Serialize)]
pub(crate) struct Generated {
    /// The puzzle as our JSON document (with the generated cages, for killer).
    puzzle: Document,
    size: usize,
    /// The givens as N * N characters.
    givens: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
    /// With `index`, what reproduces the puzzle: the same request with this seed gives it.
    seed: u64,
    index: u64,
}

/// How many puzzle indices a request tries when the rules leave no grid within the budget.
const TRIES: u64 = 8;

/// Generates one unique, minimal puzzle.
pub(crate) fn generate(request: &GenerateRequest, limits: &Limits) -> Result<Generated, ApiError> {
    // As on the command line: `"killer"` among the rules asks for cut cages, `"jigsaw"` for
    // random regions, and the name of a rule with data (`"thermo"`, `"kropki"`, ...) for that
    // data cut from the solution grid; the other rules go to the puzzle as they are.
    let (mut killer, mut jigsaw) = (request.killer, request.jigsaw);
    let mut cuts: Vec<Cut> = Vec::new();
    let mut rules = request.rules.clone();
    rules.retain(|rule| match rule.as_str().and_then(Made::from_name) {
        Some(Made::Killer) => {
            killer = true;
            false
        }
        Some(Made::Jigsaw) => {
            jigsaw = true;
            false
        }
        Some(Made::Cut(cut)) => {
            cuts.push(cut);
            false
        }
        _ => true,
    });
    cuts.sort_unstable();
    cuts.dedup();
    let extra = Extra {
        size: request.size,
        boxes: request.boxes.clone(),
        rules,
    };
    let options = extra.options()?;
    let symmetry = match request.symmetry.as_deref() {
        None => Symmetry::None,
        Some(name) => name
            .parse::<Symmetry>()
            .map_err(|e| ApiError::bad_request(format!("`symmetry`: {e}")))?,
    };
    let shape = match options.shape {
        Some(shape) => shape,
        None => Shape::square(9).map_err(|e| ApiError::internal(e.to_string()))?,
    };
    let request_of = Request {
        shape,
        rules: options.rules,
        symmetric: symmetry == Symmetry::Rot180,
        killer_cages: killer,
        max_guesses: limits.guesses,
    };
    let mut made_options = variant::Options::default()
        .with_symmetry(symmetry)
        .with_cuts(cuts);
    if jigsaw {
        made_options = made_options.with_jigsaw();
    }
    let seed = request.seed.unwrap_or_else(super::generating::fresh_seed);
    let guard =
        Guard::new(Budget::UNLIMITED.with_time(limits.generate_time)).with_clock(wall_clock());
    for index in 0..TRIES {
        let made =
            match variant::generate_with(&request_of, &made_options, seed, index, Some(&guard)) {
                Ok(made) => made,
                Err(GenerateError::NoGrid) => continue,
                Err(GenerateError::Stopped(limit)) => {
                    return Err(ApiError::budget(format!(
                        "no puzzle was made within the server's budget ({limit}); ask for a \
                     smaller grid or fewer rules"
                    )))
                }
                Err(GenerateError::Puzzle(e)) => {
                    return Err(ApiError::bad_request(format!("the rules do not fit: {e}")))
                }
                Err(e @ GenerateError::CutSize { .. }) => {
                    return Err(ApiError::bad_request(e.to_string()))
                }
                Err(other) => return Err(ApiError::internal(other.to_string())),
            };
        let solution = match Search::new(&made).with_guard(guard.clone()).next_solution() {
            Ok(Some(solution)) => solution,
            _ => {
                return Err(ApiError::budget(
                    "the puzzle's solution was not found within the server's budget",
                ))
            }
        };
        return Ok(Generated {
            size: made.size(),
            givens: line(&made, made.givens()),
            solution: line(&made, &solution),
            clues: made.givens().iter().filter(|&&g| g != 0).count(),
            puzzle: Document::from_puzzle(&made, made.givens()),
            symmetry: symmetry.name(),
            seed,
            index,
        });
    }
    Err(ApiError::new(
        ErrorCode::NoSolution,
        format!("no solution grid of these rules was found (tried {TRIES} from seed {seed})"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::solve::Count;

    fn puzzle_request(puzzle: Value) -> PuzzleRequest {
        PuzzleRequest {
            puzzle,
            size: None,
            boxes: None,
            rules: Vec::new(),
        }
    }

    #[test]
    fn a_document_solves_and_checks() {
        let limits = Limits::default();
        let doc = serde_json::json!({"size": 4, "givens": "1.....2...3.4...",
            "rules": [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}]});
        let solved = solve(&puzzle_request(doc.clone()), &limits).expect("solved");
        assert_eq!(solved.size, 4);
        assert!(solved.solution.starts_with("12"), "{}", solved.solution);
        let checked = check(&puzzle_request(doc), &limits).expect("checked");
        assert_eq!(checked.clues, 4);
        assert_eq!(checked.puzzle.rules.len(), 1);
    }

    #[test]
    fn rules_by_name_and_object_change_the_count() {
        let limits = Limits::default();
        let empty = Value::String(".".repeat(16));
        let request = |rules: Vec<Value>| CountRequest {
            puzzle: empty.clone(),
            size: None,
            boxes: None,
            rules,
            limit: None,
        };
        assert_eq!(
            count(&request(vec![]), &limits).map(|c| c.count).ok(),
            Some(288)
        );
        let diagonal = vec![Value::String("diagonal".into())];
        assert_eq!(
            count(&request(diagonal), &limits).map(|c| c.count).ok(),
            Some(48)
        );
        let object = vec![serde_json::json!({"type": "anti-knight"})];
        assert_eq!(
            count(&request(object), &limits).map(|c| c.count).ok(),
            Some(24)
        );
        let err = count(&request(vec![Value::String("sudoku-z".into())]), &limits)
            .expect_err("unknown rule");
        assert_eq!(err.code, ErrorCode::BadRequest);
        assert!(err.message.contains("rules[0]"), "{}", err.message);
    }

    #[test]
    fn budgets_stop_the_search() {
        let tight = Limits {
            guesses: 3,
            ..Limits::default()
        };
        let request = CountRequest {
            puzzle: Value::String(".".repeat(256)),
            size: None,
            boxes: None,
            rules: Vec::new(),
            limit: Some(1000),
        };
        let err = count(&request, &tight).expect_err("out of guesses");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        let no_time = Limits {
            generate_time: Duration::ZERO,
            ..Limits::default()
        };
        let err = generate(&GenerateRequest::default(), &no_time).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
    }

    #[test]
    fn generate_is_seeded_and_unique() {
        let limits = Limits::default();
        let request = GenerateRequest {
            boxes: Some("2x3".into()),
            rules: vec![Value::String("diagonal".into())],
            symmetry: Some("rot180".into()),
            seed: Some(5),
            ..GenerateRequest::default()
        };
        let made = generate(&request, &limits).expect("made");
        let again = generate(&request, &limits).expect("made");
        assert_eq!(made.givens, again.givens);
        let puzzle = made.puzzle.to_puzzle().expect("a document");
        assert_eq!(variant::count(&puzzle, 2), Count::Exact(1));
        let bad = GenerateRequest {
            symmetry: Some("spiral".into()),
            ..GenerateRequest::default()
        };
        assert_eq!(
            generate(&bad, &limits).map_err(|e| e.code).err(),
            Some(ErrorCode::BadRequest)
        );
    }

    #[test]
    fn generate_cuts_rule_data_on_jigsaw_regions_with_any_symmetry() {
        let limits = Limits::default();
        let request = GenerateRequest {
            size: Some(6),
            rules: vec![
                Value::String("thermo".into()),
                Value::String("diagonal".into()),
                Value::String("jigsaw".into()),
            ],
            symmetry: Some("mirror".into()),
            seed: Some(3),
            ..GenerateRequest::default()
        };
        let made = generate(&request, &limits).expect("made");
        assert_eq!(made.symmetry, "mirror");
        let puzzle = made.puzzle.to_puzzle().expect("a document");
        assert!(puzzle.shape().box_dims().is_none(), "jigsaw regions");
        assert!(puzzle.rules().iter().any(|r| matches!(r, Rule::Thermo(_))));
        assert!(puzzle
            .rules()
            .iter()
            .any(|r| matches!(r, Rule::Diagonal(_))));
        assert_eq!(variant::count(&puzzle, 2), Count::Exact(1));
        let givens: Vec<char> = made.givens.chars().collect();
        for r in 0..6 {
            for c in 0..6 {
                assert_eq!(givens[r * 6 + c] == '.', givens[r * 6 + 5 - c] == '.');
            }
        }
        // Every given is the solution's digit, and every row holds each digit once.
        let solution: Vec<char> = made.solution.chars().collect();
        for (g, s) in givens.iter().zip(&solution) {
            assert!(*g == '.' || g == s);
        }
        for row in solution.chunks(6) {
            let mut seen: Vec<char> = row.to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 6);
        }
        let again = generate(&request, &limits).expect("made");
        assert_eq!(made.puzzle, again.puzzle);
        let small = GenerateRequest {
            size: Some(2),
            rules: vec![Value::String("thermo".into())],
            ..GenerateRequest::default()
        };
        let refused = generate(&small, &limits)
            .err()
            .map(|e| (e.code, e.to_string()));
        assert!(
            matches!(&refused, Some((ErrorCode::BadRequest, text)) if text.contains("thermo")),
            "{refused:?}"
        );
    }
}
