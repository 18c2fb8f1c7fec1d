//! `sudoku-bench human`: human mode's soundness, forcing-chain share and hint speed over whole
//! puzzle sets, against SE mode (issue 36's evidence).
//!
//! # Method
//! - **One pass per set, streaming**: lines are read one at a time and handed to a rayon pool
//!   (`--threads`) as they come; no result is kept but the set's totals, and a progress line
//!   with the running totals is printed every `--progress` puzzles, so a run cut short still
//!   says exactly how many puzzles it did.
//! - **Each puzzle** ([`check::check_line`]): parsed and its solution checked with the
//!   integration tests' own parser and checker (`crates/sudokit/tests/common`, included here
//!   by path: code that shares nothing with the engine), solved by the exact solver and
//!   required unique; a line that is not a puzzle, or has no or several solutions, is reported
//!   and skipped.
//! - **Each mode's path** ([`check::walk`]): human mode (`Style::Human`) and SE mode
//!   (`Solver::new()`), walked one `next_step` at a time, as `Solver::solve` walks it and as
//!   the page asks for hints. Every step is checked against the solution (a placement must be
//!   the solution's digit, an elimination must not remove it) and so is the final state, with
//!   the same functions and the same definition of a forcing chain as
//!   `tests/logic_human.rs` (`tests/common/human.rs`). Each wrong step is printed with its
//!   puzzle, line and step.
//! - **Times** are the calling thread's CPU time of each `next_step` call (a hint), summed
//!   per path; the slowest hint of each mode is reported with its puzzle, in CPU and wall
//!   time.
//! - The run fails (exit 1) when any step is wrong, or when the exact solver's solution fails
//!   the independent check.

pub mod check;

// The integration tests' helpers (their own line parser, solution checker and human-mode
// checks), compiled here from the same files: the tool and `tests/logic_human.rs` cannot drift.
#[path = "../../../sudokit/tests/common/mod.rs"]
mod common;

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write as _};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use cpu_time::ProcessTime;
use rayon::prelude::*;

use crate::data::{self, DataDir};
use check::{check_line, Mode, SetTotals, Verdict};

/// The sets issue 36 names, in the data folder.
pub const DEFAULT_SETS: [&str; 3] = [
    "top1465.txt",
    "sudoku_exchange_diabolical.txt",
    "17_clue.txt",
];

const EXAMPLES: &str = "\
Examples:
  nice cargo run --release -p sudoku-bench -- human --threads 2
      top1465, sudoku_exchange_diabolical and 17_clue from the data folder, both modes
  cargo run --release -p sudoku-bench -- human ../shared/data/top95.txt --mode human
      one file, human mode only
  cargo run --release -p sudoku-bench -- human --first 1000 --progress 100
      the first 1,000 lines of each default set, a progress line every 100 puzzles

Wrong steps, skipped lines and progress go to stderr, the tables to stdout. Exit status: 0 when
every step is right, 1 when a step is wrong or the exact solver's solution fails the check, 2
on an error (a file that cannot be read).";

/// The options of `sudoku-bench human`.
#[derive(Debug, Clone, Parser)]
#[command(name = "sudoku-bench human", after_help = EXAMPLES)]
pub struct HumanOptions {
    /// Puzzle files, one 81-character puzzle per line (default: top1465,
    /// sudoku_exchange_diabolical and 17_clue in the data folder).
    pub files: Vec<PathBuf>,

    /// Which modes' paths to walk and check.
    #[arg(long, value_enum, default_value_t = ModeChoice::Both)]
    pub mode: ModeChoice,

    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,

    /// Only the first N lines of each file.
    #[arg(long, value_name = "N")]
    pub first: Option<usize>,

    /// Print the running totals to stderr every N puzzles (0: never).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub progress: usize,
}

/// The `--mode` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModeChoice {
    /// Human mode, then SE mode.
    Both,
    /// Human mode only.
    Human,
    /// SE mode only.
    Se,
}

impl ModeChoice {
    /// The modes to walk, in order.
    pub fn modes(self) -> Vec<Mode> {
        match self {
            ModeChoice::Both => vec![Mode::Human, Mode::Se],
            ModeChoice::Human => vec![Mode::Human],
            ModeChoice::Se => vec![Mode::Se],
        }
    }
}

/// What stops a run before its tables.
#[derive(Debug, thiserror::Error)]
pub enum HumanRunError {
    /// No file was named and there is no data folder.
    #[error("{0}")]
    NoData(DataDir),
    /// A file could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The thread pool could not be built.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// Printing failed.
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
}

/// Runs `sudoku-bench human` (`args` are the arguments after `sudoku-bench`, starting with
/// `human`); returns whether every step of every path was right.
pub fn run(args: &[String]) -> Result<bool, HumanRunError> {
    let options = match HumanOptions::try_parse_from(args) {
        Ok(options) => options,
        Err(error) => {
            // --help prints and succeeds; the rest print and fail.
            let ok = !error.use_stderr();
            let _ = error.print();
            return Ok(ok);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("warning: this is a debug build; run with `cargo run --release` for real times");
    }
    let files = if options.files.is_empty() {
        match data::locate_data_dir() {
            DataDir::Found(dir) => DEFAULT_SETS.iter().map(|name| dir.join(name)).collect(),
            absent @ DataDir::Absent(_) => return Err(HumanRunError::NoData(absent)),
        }
    } else {
        options.files.clone()
    };
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = options.threads {
        builder = builder.num_threads(usize::from(threads));
    }
    let pool = builder.build()?;
    let modes = options.mode.modes();
    let mut passed = true;
    let mut stdout = std::io::stdout().lock();
    writeln!(
        stdout,
        "sudoku-bench human: {} worker threads, CPU {}\ncommand: {}\n",
        pool.current_num_threads(),
        crate::machine::cpu_model(),
        args.join(" ")
    )?;
    for path in &files {
        let file = std::fs::File::open(path).map_err(|source| HumanRunError::Read {
            path: path.clone(),
            source,
        })?;
        let started = (Instant::now(), ProcessTime::now());
        let totals = pool.install(|| {
            check_lines(
                BufReader::new(file),
                &modes,
                options.first,
                options.progress,
                &mut std::io::stderr(),
            )
        });
        let totals = totals.map_err(|source| HumanRunError::Read {
            path: path.clone(),
            source,
        })?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let elapsed = (started.0.elapsed(), started.1.elapsed());
        write!(stdout, "{}", table(&name, &totals, elapsed))?;
        stdout.flush()?;
        passed &= totals.passed();
    }
    Ok(passed)
}

/// Checks every line of `input` (at most `first`) on the current rayon pool, streaming:
/// lines are handed out as they are read and only the totals are kept. Wrong steps, skipped
/// and failed lines, and every `progress` puzzles the running totals, go to `log` as they
/// happen.
pub fn check_lines<R: BufRead + Send, W: std::io::Write + Send>(
    input: R,
    modes: &[Mode],
    first: Option<usize>,
    progress: usize,
    log: &mut W,
) -> Result<SetTotals, std::io::Error> {
    let shared = Mutex::new((SetTotals::new(modes), log));
    let read_error = Mutex::new(None);
    input
        .lines()
        .take(first.unwrap_or(usize::MAX))
        .enumerate()
        .map_while(|(index, line)| match line {
            Ok(line) => Some((index + 1, line)),
            Err(error) => {
                if let Ok(mut slot) = read_error.lock() {
                    *slot = Some(error);
                }
                None
            }
        })
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .par_bridge()
        .for_each(|(number, line)| {
            let verdict = check_line(number, &line, modes);
            // A poisoned lock means another worker panicked while printing; its own message
            // is out, and the totals are still whole, so go on with them.
            let mut guard = shared.lock().unwrap_or_else(|p| p.into_inner());
            let (totals, log) = &mut *guard;
            totals.add(number, &line, &verdict);
            let _ = match &verdict {
                Verdict::Checked(paths) => paths
                    .iter()
                    .flat_map(|(_, p)| &p.wrong)
                    .try_for_each(|w| writeln!(log, "WRONG {w}")),
                Verdict::Skipped(why) => writeln!(log, "skipped {why}"),
                Verdict::Failed(why) => writeln!(log, "FAILED {why}"),
            };
            if progress > 0 && totals.lines % progress == 0 {
                let _ = writeln!(log, "progress: {}", progress_line(totals));
            }
        });
    if let Some(error) = read_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(error);
    }
    let (totals, _) = shared.into_inner().unwrap_or_else(|p| p.into_inner());
    Ok(totals)
}

/// The running totals on one line.
fn progress_line(totals: &SetTotals) -> String {
    let mut line = format!(
        "{} lines ({} skipped, {} failed)",
        totals.lines, totals.skipped, totals.failed
    );
    for (mode, t) in &totals.modes {
        let _ = write!(
            line,
            "; {}: {} steps, {} wrong, {} forcing chain, {} stuck, {:.1} CPU s",
            mode.name(),
            t.steps,
            t.wrong,
            t.forcing_chain,
            t.stuck,
            t.cpu.as_secs_f64()
        );
    }
    line
}

/// The table of one set: a row per mode, then the forcing-chain shares and the slowest hints.
/// `elapsed` is the set's wall time and the process's CPU time over it.
pub fn table(name: &str, totals: &SetTotals, elapsed: (Duration, Duration)) -> String {
    let mut out = format!(
        "## {name}: {} lines, {} skipped, {} failed; {:.1} s wall, {:.1} s process CPU\n\n",
        totals.lines,
        totals.skipped,
        totals.failed,
        elapsed.0.as_secs_f64(),
        elapsed.1.as_secs_f64()
    );
    out += "| mode | puzzles | steps checked | wrong | forcing chain | stuck | CPU s | CPU ms/puzzle |\n";
    out += "|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (mode, t) in &totals.modes {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} ({:.3}%) | {} | {:.1} | {:.2} |",
            mode.name(),
            t.paths,
            t.steps,
            t.wrong,
            t.forcing_chain,
            percent(t.forcing_chain, t.paths),
            t.stuck,
            t.cpu.as_secs_f64(),
            1e3 * t.cpu.as_secs_f64() / t.paths.max(1) as f64
        );
    }
    if let (Some(human), Some(se)) = (totals.mode(Mode::Human), totals.mode(Mode::Se)) {
        let ratio = if se.forcing_chain == 0 {
            "SE mode has none".to_string()
        } else {
            format!(
                "{:.2} of SE mode's",
                human.forcing_chain as f64 / se.forcing_chain as f64
            )
        };
        let _ = writeln!(
            out,
            "\nforcing-chain share: human {:.3}%, SE {:.3}% ({ratio}; issue 36's goal: at most 0.33)",
            percent(human.forcing_chain, human.paths),
            percent(se.forcing_chain, se.paths)
        );
    }
    out += "\n";
    for (mode, t) in &totals.modes {
        if let Some(s) = &t.slowest {
            let technique = s
                .hint
                .technique
                .map_or_else(|| "no step (stuck)".to_string(), |t| t.to_string());
            let _ = writeln!(
                out,
                "slowest {} hint: {:.1} ms CPU, {:.1} ms wall, line {} step {} ({technique}): {}",
                mode.name(),
                1e3 * s.hint.cpu.as_secs_f64(),
                1e3 * s.hint.wall.as_secs_f64(),
                s.line,
                s.hint.step,
                s.puzzle
            );
        }
    }
    out += "\n";
    out
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}
