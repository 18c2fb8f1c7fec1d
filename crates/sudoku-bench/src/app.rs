//! The run from options to printed report; `main` only parses arguments and sets the exit code.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use sudokit::internals::CpuPath;

use crate::bench::{self, Config};
use crate::data::{self, DataDir, DataError, PuzzleSet};
use crate::machine;
use crate::options::Options;
use crate::report::{self, Header, Report, Row, TableWriter};
use crate::timing::{Clock, Plan};

/// At most this many unreadable lines of one set are listed; the rest are counted.
const BAD_LINES_SHOWN: usize = 10;

/// Why the run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// No files were given and there is no data folder to take the default sets from.
    #[error("{0}; pass puzzle files as arguments")]
    NoData(DataDir),
    /// The data folder has none of the default sets.
    #[error("none of the default sets is in {0}; pass puzzle files as arguments")]
    NoDefaultSets(PathBuf),
    /// A set could not be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// `--cpu-path` named a path this CPU cannot run.
    #[error(transparent)]
    CpuPath(#[from] sudokit::internals::UnsupportedCpuPath),
    /// Printing failed (for example a closed pipe).
    #[error("cannot write the report: {0}")]
    Output(#[from] io::Error),
}

/// Runs the benchmark as `options` ask; `args` is the command line (for the report's header).
/// Returns whether every answer checked out and every line could be read.
pub fn run(options: &Options, args: &[String]) -> Result<bool, RunError> {
    let mut clock = options.clock.clock();
    if !clock.available() {
        eprintln!("warning: this system cannot report a thread's CPU time; timing by wall clock");
        clock = Clock::Wall;
    }
    let cpu_path = match options.cpu_path {
        Some(choice) => {
            let path = choice.path();
            if !path.is_supported() {
                return Err(sudokit::internals::UnsupportedCpuPath { path }.into());
            }
            path
        }
        None => CpuPath::detected(),
    };
    let runs = options.runs.max(1);
    let header = Header {
        cpu_path: cpu_path.name(),
        cpu: machine::cpu_model(),
        logical_cpus: machine::logical_cpus(),
        cpu_features: machine::cpu_features(),
        command: command_line(args),
        method: method(options, clock),
        profile: if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        transform: options.transform,
        runs,
    };
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: this is a debug build; run with `cargo run --release` for real numbers"
        );
    }
    let files = set_files(options)?;
    let mut failures = Vec::new();
    let mut sets = Vec::new();
    for path in &files {
        let mut set = data::load_set(path, options.limit)?;
        if let Some(seed) = options.transform {
            set.transform(seed);
        }
        note_problems(&set, options.limit, &mut failures);
        sets.push(set);
    }
    let config = Config {
        modes: options.mode.modes(),
        solvers: options.solver.solvers(),
        plan: Plan {
            rounds: options.rounds,
            min_time: options.min_time,
            clock,
        },
        cpu_path,
    };

    let mut out = io::stdout().lock();
    let table = TableWriter::new(sets.iter().map(|s| s.name.as_str()));
    if options.csv {
        report::csv_header(&mut out)?;
    } else if !options.json {
        table.context(&mut out, &header)?;
    }
    let progress = io::stderr().is_terminal();
    let mut rows = Vec::new();
    for run in 1..=runs {
        if !options.csv && !options.json {
            if runs > 1 {
                writeln!(out, "run {run} of {runs}:")?;
                writeln!(out)?;
            }
            table.titles(&mut out)?;
        }
        for set in &sets {
            if progress {
                let of = if runs > 1 {
                    format!(", run {run} of {runs}")
                } else {
                    String::new()
                };
                eprintln!(
                    "measuring {} ({} puzzles{of})...",
                    set.name,
                    set.puzzles.len()
                );
            }
            let mut written = Ok(());
            let result = bench::measure_set(set, &config, |row| {
                if written.is_ok() {
                    written = if options.csv {
                        report::csv_row(&mut out, row)
                    } else if options.json {
                        Ok(())
                    } else {
                        table.row(&mut out, row)
                    };
                }
            });
            written?;
            rows.extend(result.rows.into_iter().map(|row| Row { run, ..row }));
            failures.extend(result.failures);
        }
        if runs > 1 && !options.csv && !options.json {
            writeln!(out)?;
        }
    }

    let summary = report::summarize(&rows);
    if options.json {
        let report = Report {
            header,
            rows,
            summary,
            failures: failures.clone(),
        };
        report::json(&mut out, &report)?;
    } else if !options.csv {
        if runs > 1 {
            report::summary_table(&mut out, &summary)?;
        }
        writeln!(out)?;
        writeln!(out, "{}", report::LEGEND)?;
        let answers: u64 = rows.iter().map(|r| r.puzzles).sum();
        if failures.is_empty() {
            writeln!(
                out,
                "checked: all {answers} answers valid, solution counts of ours and theirs agree"
            )?;
        }
    }
    for failure in &failures {
        eprintln!("FAILED: {failure}");
    }
    if !failures.is_empty() {
        eprintln!("FAILED: {} problem(s), see above", failures.len());
    }
    Ok(failures.is_empty())
}

/// The files to measure: those given, or the default sets of the data folder.
fn set_files(options: &Options) -> Result<Vec<PathBuf>, RunError> {
    if !options.files.is_empty() {
        return Ok(options.files.clone());
    }
    let dir = match data::locate_data_dir() {
        DataDir::Found(dir) => dir,
        absent @ DataDir::Absent(_) => return Err(RunError::NoData(absent)),
    };
    let (found, missing) = data::default_set_files(&dir);
    eprintln!("using the data folder {}", dir.display());
    for name in missing {
        eprintln!("note: {name}.txt is not in the data folder, skipped");
    }
    if found.is_empty() {
        return Err(RunError::NoDefaultSets(dir));
    }
    Ok(found)
}

/// Reports a set's unreadable lines and a `--limit` cut on stderr; unreadable lines also fail
/// the run.
fn note_problems(set: &PuzzleSet, limit: Option<usize>, failures: &mut Vec<String>) {
    let path = set.path.display();
    for bad in set.bad_lines.iter().take(BAD_LINES_SHOWN) {
        eprintln!("{path}:{}:{}: {}", bad.line, bad.column, bad.reason);
    }
    if !set.bad_lines.is_empty() {
        failures.push(format!(
            "{path}: {} line(s) could not be read as puzzles and were skipped",
            set.bad_lines.len()
        ));
    }
    if let (true, Some(limit)) = (set.truncated, limit) {
        eprintln!(
            "note: {}: only the first {limit} puzzles are used (--limit)",
            set.name
        );
    }
}

/// The method in one sentence, for the header.
fn method(options: &Options, clock: Clock) -> String {
    let rounds = options.rounds.max(1);
    let per_round = options.min_time.as_secs_f64() / f64::from(rounds);
    let clock = match clock {
        Clock::Cpu => "thread CPU time",
        Clock::Wall => "wall-clock time",
    };
    let runs = match options.runs {
        0 | 1 => String::new(),
        n => format!("; the whole list of sets is measured {n} times in turn"),
    };
    format!(
        "one thread; puzzles parsed and every answer checked before timing; per set and mode the \
         set is cut into chunks of about {per_round:.3} s of work, the solvers take turns on each \
         chunk for {rounds} round(s), each keeps its fastest turn per chunk ({clock}), and its \
         time is the sum of those{runs}"
    )
}

/// The command as typed, with the program's path shortened to its name.
fn command_line(args: &[String]) -> String {
    let mut parts = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let arg = if i == 0 {
            std::path::Path::new(arg)
                .file_name()
                .map_or_else(|| arg.clone(), |name| name.to_string_lossy().into_owned())
        } else {
            arg.clone()
        };
        if arg.is_empty() || arg.contains(|c: char| c.is_whitespace() || c == '\'' || c == '"') {
            parts.push(format!("'{}'", arg.replace('\'', r"'\''")));
        } else {
            parts.push(arg);
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_shortens_the_program_and_quotes_spaces() {
        let args = [
            "/x/target/release/sudoku-bench",
            "--limit",
            "5",
            "my set.txt",
        ]
        .map(String::from);
        assert_eq!(command_line(&args), "sudoku-bench --limit 5 'my set.txt'");
    }
}
