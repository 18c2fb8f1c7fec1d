//! Command-line options.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use sudokit::internals::CpuPath;

use crate::solvers::{Mode, Solver};
use crate::timing::Clock;

const EXAMPLES: &str = "\
Examples:
  cargo run --release -p sudoku-bench
      every default set found in the data folder, both modes, both solvers
  cargo run --release -p sudoku-bench -- --limit 5000 --mode count
      the uniqueness check on at most 5,000 puzzles per set
  cargo run --release -p sudoku-bench -- ../shared/data/top1465.txt --solver ours --json
      one file, only our solver timed (both are still checked), as JSON
  cargo run --release -p sudoku-bench -- --cpu-path portable
      our solver without the SIMD instruction sets, to compare the CPU paths
  cargo run --release -p sudoku-bench -- --runs 3
      the whole list three times in turn, then each ratio's median and range
  cargo run --release -p sudoku-bench -- --transform 1
      random equivalents of every puzzle (symmetry and relabelling), seeded: does a ratio
      depend on the form the sets are stored in?

The data folder is $SUDOKU_DATA, else ../shared/data next to the current directory or next to
the repository. Run a release build: debug numbers mean nothing.";

/// Times our solver against the crates.io `sudoku` crate (0.8) on puzzle sets, single-threaded,
/// in the same run, after checking every answer.
#[derive(Debug, Clone, Parser)]
#[command(name = "sudoku-bench", version, after_help = EXAMPLES)]
pub struct Options {
    /// Puzzle files, one puzzle per line (default: the 9x9 sets in the data folder).
    pub files: Vec<PathBuf>,

    /// What each solver is asked: the first solution, the count up to 2 (uniqueness), or both.
    #[arg(long, value_enum, default_value_t = ModeChoice::Both)]
    pub mode: ModeChoice,

    /// Which solvers to time. Both are always run once to check the answers.
    #[arg(long, value_enum, default_value_t = SolverChoice::Both)]
    pub solver: SolverChoice,

    /// Use at most N puzzles of each set (the first N), to sample big sets quickly.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Rounds: turns each solver takes on each chunk of a set (per mode); the fastest turn counts.
    #[arg(long, alias = "repeat", value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,

    /// Measure every set N times, the whole list in turn (all sets, then all sets again, ...),
    /// and end with each row's ratio over the runs: the median, the lowest and the highest. The
    /// state of a shared machine changes over minutes and can move one run's ratio by a fifth.
    #[arg(long, value_name = "N", default_value_t = 1, conflicts_with = "csv",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,

    /// Seconds to spend timing each solver per set and mode, over all rounds; small sets are
    /// solved over and over until this is reached.
    #[arg(long, value_name = "SECS", default_value = "0.3", value_parser = parse_seconds)]
    pub min_time: Duration,

    /// What turns are timed with: the thread's CPU time (ignores time slices lost to other
    /// processes) or the wall clock.
    #[arg(long, value_enum, default_value_t = ClockChoice::Cpu)]
    pub clock: ClockChoice,

    /// Print one JSON document instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,

    /// Print CSV instead of the table.
    #[arg(long)]
    pub csv: bool,

    /// Run our solver on this CPU path instead of the one detected (the fastest supported).
    #[arg(long, value_enum, value_name = "PATH")]
    pub cpu_path: Option<CpuPathChoice>,

    /// Time random equivalents of the puzzles instead of the puzzles as stored: the puzzle on a
    /// set's k-th line becomes `sudokit::canon::Transform::random_indexed(SEED, k)` of itself, a
    /// uniformly random symmetry and relabelling of the digits (same difficulty, same number of
    /// solutions). A stored set often comes in one form (canonicalised, or made by one
    /// program), and a solver's fixed order of cells and digits can be lucky or unlucky on that
    /// form; a ratio that holds over several seeds does not come from it.
    #[arg(long, value_name = "SEED")]
    pub transform: Option<u64>,
}

/// The `--cpu-path` values: the compiled variants of our solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CpuPathChoice {
    /// AVX-512 F/BW/VL with AVX2, BMI1/2, LZCNT and POPCNT.
    Avx512,
    /// The same with AVX-512 VBMI and GFNI, the whole-grid sweep's triad step by byte lookups
    /// (detected on AMD Zen 5).
    #[value(name = "avx512-vbmi")]
    Avx512Vbmi,
    /// The same with the whole-grid sweep on 256-bit vectors (detected on AMD Zen 4).
    #[value(name = "avx512-ymm")]
    Avx512Ymm,
    /// AVX2 with BMI1/2, LZCNT and POPCNT.
    Avx2,
    /// SSE4.1 with SSSE3 and POPCNT.
    #[value(name = "sse4.1")]
    Sse41,
    /// The compile target's baseline.
    Portable,
}

impl CpuPathChoice {
    /// The solver's path.
    pub fn path(self) -> CpuPath {
        match self {
            CpuPathChoice::Avx512 => CpuPath::Avx512,
            CpuPathChoice::Avx512Vbmi => CpuPath::Avx512Vbmi,
            CpuPathChoice::Avx512Ymm => CpuPath::Avx512Ymm,
            CpuPathChoice::Avx2 => CpuPath::Avx2,
            CpuPathChoice::Sse41 => CpuPath::Sse41,
            CpuPathChoice::Portable => CpuPath::Portable,
        }
    }
}

/// The `--mode` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModeChoice {
    /// First solution only.
    First,
    /// Count up to 2 (the uniqueness check).
    Count,
    /// Both, first then count.
    Both,
}

impl ModeChoice {
    /// The modes to run, in order.
    pub fn modes(self) -> Vec<Mode> {
        match self {
            ModeChoice::First => vec![Mode::First],
            ModeChoice::Count => vec![Mode::Count],
            ModeChoice::Both => vec![Mode::First, Mode::Count],
        }
    }
}

/// The `--solver` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverChoice {
    /// This workspace's solver.
    Ours,
    /// The crates.io `sudoku` crate.
    Theirs,
    /// Both, interleaved.
    Both,
}

impl SolverChoice {
    /// The solvers to time.
    pub fn solvers(self) -> Vec<Solver> {
        match self {
            SolverChoice::Ours => vec![Solver::Ours],
            SolverChoice::Theirs => vec![Solver::Theirs],
            SolverChoice::Both => vec![Solver::Ours, Solver::Theirs],
        }
    }
}

/// The `--clock` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClockChoice {
    /// CPU time of the benchmark thread.
    Cpu,
    /// Elapsed real time.
    Wall,
}

impl ClockChoice {
    /// The timing clock.
    pub fn clock(self) -> Clock {
        match self {
            ClockChoice::Cpu => Clock::Cpu,
            ClockChoice::Wall => Clock::Wall,
        }
    }
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text:?} is not a usable duration"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("sudoku-bench").chain(args.iter().copied()))
    }

    #[test]
    fn defaults() {
        let Ok(options) = parse(&[]) else {
            panic!("no arguments must parse");
        };
        assert!(options.files.is_empty());
        assert_eq!(options.mode.modes(), vec![Mode::First, Mode::Count]);
        assert_eq!(options.solver.solvers(), vec![Solver::Ours, Solver::Theirs]);
        assert_eq!(options.rounds, 5);
        assert_eq!(options.min_time, Duration::from_millis(300));
        assert_eq!(options.limit, None);
        assert_eq!(options.clock.clock(), Clock::Cpu);
        assert_eq!(options.cpu_path, None);
        assert_eq!(options.transform, None);
        assert_eq!(options.runs, 1);
    }

    #[test]
    fn every_option() {
        let parsed = parse(&[
            "a.txt",
            "--mode",
            "count",
            "--solver",
            "ours",
            "--limit",
            "7",
            "--repeat",
            "2",
            "--min-time",
            "0.5",
            "--csv",
            "b.txt",
            "--clock",
            "wall",
            "--cpu-path",
            "sse4.1",
            "--transform",
            "42",
        ]);
        let Ok(options) = parsed else {
            panic!("valid options must parse");
        };
        assert_eq!(
            options.files,
            vec![PathBuf::from("a.txt"), PathBuf::from("b.txt")]
        );
        assert_eq!(options.mode.modes(), vec![Mode::Count]);
        assert_eq!(options.solver.solvers(), vec![Solver::Ours]);
        assert_eq!((options.limit, options.rounds), (Some(7), 2));
        assert_eq!(options.min_time, Duration::from_millis(500));
        assert!(options.csv && !options.json);
        assert_eq!(options.clock.clock(), Clock::Wall);
        assert_eq!(
            options.cpu_path.map(CpuPathChoice::path),
            Some(CpuPath::Sse41)
        );
        assert_eq!(options.transform, Some(42));
    }

    #[test]
    fn rejects_bad_values() {
        assert!(parse(&["--min-time", "-1"]).is_err());
        assert!(parse(&["--min-time", "soon"]).is_err());
        assert!(parse(&["--rounds", "0"]).is_err());
        assert!(parse(&["--json", "--csv"]).is_err());
        assert!(parse(&["--mode", "fast"]).is_err());
        assert!(parse(&["--cpu-path", "avx9"]).is_err());
        assert!(parse(&["--transform", "-1"]).is_err());
        assert!(parse(&["--runs", "0"]).is_err());
        // CSV has no place for a run number or the summary.
        assert!(parse(&["--runs", "2", "--csv"]).is_err());
        assert!(matches!(parse(&["--runs", "3", "--json"]), Ok(o) if o.runs == 3));
    }
}
