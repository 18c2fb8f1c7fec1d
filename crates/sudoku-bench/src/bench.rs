//! Measuring one set: check every answer, then time the solvers side by side.
//!
//! For each mode the set goes through one untimed *check pass* first: both solvers answer every
//! puzzle, every solution of ours (and theirs) must be a valid grid that keeps the givens, and the
//! solution counts must agree. That pass also warms the caches and yields our guess statistics,
//! which do not depend on timing. Only if it finds nothing wrong are the solvers timed
//! ([`crate::timing`]), chunk by chunk; every turn on a chunk must add up to the same [`Tally`],
//! and the chunks to the check pass's, so a solver that answered differently while timed is
//! caught too. The check pass's duration also sizes the chunks.

use std::time::{Duration, Instant};

use sudokit::internals::CpuPath;

use crate::data::PuzzleSet;
use crate::report::{Row, Solutions, Speed};
use crate::solvers::{self, Checked, Mode, Solver, Tally};
use crate::timing::{self, Measured, Plan};

/// What to measure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The modes, in order.
    pub modes: Vec<Mode>,
    /// The solvers to time (both are always checked).
    pub solvers: Vec<Solver>,
    /// How long and how often.
    pub plan: Plan,
    /// The CPU path our solver runs on (it must be supported: see [`CpuPath::is_supported`]).
    pub cpu_path: CpuPath,
}

/// The rows of one set and everything that went wrong in it.
#[derive(Debug, Clone, PartialEq)]
pub struct SetResult {
    /// One row per mode.
    pub rows: Vec<Row>,
    /// Messages for wrong answers, disagreements and timed passes that differ from the check.
    pub failures: Vec<String>,
}

/// Checks and times `set` in every mode of `config`. `on_row` sees each row as soon as it is
/// measured (for printing as the run goes).
pub fn measure_set(set: &PuzzleSet, config: &Config, mut on_row: impl FnMut(&Row)) -> SetResult {
    let mut result = SetResult {
        rows: Vec::new(),
        failures: Vec::new(),
    };
    for &mode in &config.modes {
        let row = measure_mode(set, mode, config, &mut result.failures);
        on_row(&row);
        result.rows.push(row);
    }
    result
}

fn measure_mode(set: &PuzzleSet, mode: Mode, config: &Config, failures: &mut Vec<String>) -> Row {
    let start = Instant::now();
    let checked = solvers::check(&set.puzzles, mode, config.cpu_path);
    let check_time = start.elapsed();
    let puzzles = checked.ours.puzzles;
    let per_puzzle = |n: u64| {
        if puzzles == 0 {
            0.0
        } else {
            n as f64 / puzzles as f64
        }
    };
    let mut row = Row {
        // The caller numbers the runs.
        run: 1,
        set: set.name.clone(),
        mode,
        puzzles,
        ours: None,
        ours_no_guess_pct: 100.0 * per_puzzle(checked.ours.no_guess),
        ours_guesses_per_puzzle: per_puzzle(checked.ours.guesses),
        theirs: None,
        ratio: None,
        ours_solutions: Solutions::from(&checked.ours),
        theirs_solutions: Solutions::from(&checked.theirs),
        mismatches: checked.mismatches.len(),
    };
    for mismatch in &checked.mismatches {
        failures.push(format!("{}: {mismatch}", set.path.display()));
    }
    // Timing answers that are wrong would only advertise a bug; an empty set has no rate.
    if !checked.mismatches.is_empty() || puzzles == 0 {
        return row;
    }
    // The check pass ran both solvers once, so half its time per puzzle approximates one solver.
    let per_puzzle_time = check_time / 2 / puzzles.try_into().unwrap_or(u32::MAX);
    let measured = match time_solvers(set, mode, config, per_puzzle_time, &checked) {
        Ok(measured) => measured,
        Err(failure) => {
            failures.push(failure);
            row.mismatches += 1;
            return row;
        }
    };
    for (solver, m) in config.solvers.iter().zip(measured) {
        let seconds = m.best_pass.as_secs_f64();
        let speed = Speed {
            puzzles_per_sec: puzzles as f64 / seconds,
            us_per_puzzle: seconds * 1e6 / puzzles as f64,
            passes: m.passes,
            seconds: m.total.as_secs_f64(),
        };
        match solver {
            Solver::Ours => row.ours = Some(speed),
            Solver::Theirs => row.theirs = Some(speed),
        }
    }
    if let (Some(ours), Some(theirs)) = (row.ours, row.theirs) {
        row.ratio = Some(theirs.us_per_puzzle / ours.us_per_puzzle);
    }
    row
}

/// Times the solvers of `config` on `set` in `mode`; fails if a timed pass answers differently
/// from the check pass.
fn time_solvers(
    set: &PuzzleSet,
    mode: Mode,
    config: &Config,
    per_puzzle_time: Duration,
    checked: &Checked,
) -> Result<Vec<Measured>, String> {
    let chunk_len = config.plan.chunk_len(per_puzzle_time).max(1);
    // Each chunk must add up the same in every turn, and the chunks to the checked total.
    let chunks = set.puzzles.len().div_ceil(chunk_len);
    let mut chunk_tallies: Vec<Vec<Option<Tally>>> = vec![vec![None; chunks]; config.solvers.len()];
    let measured = timing::measure(
        config.plan,
        config.solvers.len(),
        set.puzzles.len(),
        chunk_len,
        |who, range| {
            let solver = config.solvers[who];
            let chunk = range.start / chunk_len;
            let tally = solvers::pass(solver, mode, config.cpu_path, &set.puzzles[range]);
            match chunk_tallies[who][chunk] {
                None => {
                    chunk_tallies[who][chunk] = Some(tally);
                    Ok(())
                }
                Some(first) if first == tally => Ok(()),
                Some(first) => Err(format!(
                    "{}: {solver} answered differently in two timed passes ({mode} mode): \
                     {tally:?} instead of {first:?}",
                    set.path.display()
                )),
            }
        },
    )?;
    for (tallies, &solver) in chunk_tallies.iter().zip(&config.solvers) {
        let expected = match solver {
            Solver::Ours => checked.ours,
            Solver::Theirs => checked.theirs,
        };
        let sum = tallies
            .iter()
            .flatten()
            .fold(Tally::default(), |a, b| a + *b);
        if sum != expected {
            return Err(format!(
                "{}: {solver} answered differently in the timed passes ({mode} mode): \
                 {sum:?} instead of {expected:?}",
                set.path.display()
            ));
        }
    }
    Ok(measured)
}
