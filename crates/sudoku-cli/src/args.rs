//! The command line surface: subcommands, flags and their help texts (clap derive).
//!
//! Everything a user can type is declared here and nowhere else; the rest of the binary receives
//! the parsed values. Defaults that matter for behaviour (the `--limit`s, the guess budget) are
//! named constants so the help text and the code cannot drift apart.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// How many solutions `sudoku solve --all` lists per puzzle when `--limit` is not given.
pub(crate) const DEFAULT_ALL_LIMIT: u64 = 1000;

/// Where `sudoku count` stops counting when `--limit` is not given. Counting is never unbounded
/// by default: the empty grid has 6,670,903,752,021,072,936,960 solutions.
pub(crate) const DEFAULT_COUNT_LIMIT: u64 = 1000;

/// The default guess budget per puzzle: far more than any proper puzzle needs (the hardest known
/// ones take thousands), small enough that one pathological line cannot stall a batch for long.
pub(crate) const DEFAULT_MAX_GUESSES: u64 = 10_000_000;

const TOP_AFTER_HELP: &str = "\
Input formats (detected per puzzle, mixed freely in one file):
  - an 81-character line; blanks are '.', '0', '_', '-', '*' or ' '; anything after the
    81 cells and a tab, space, ',', ';' or ':' is ignored;
  - a 9-line grid, with or without box separators (the output of --format grid);
  - a JSON board as in LeetCode 37 ([[\"5\",\"3\",\".\",...],...]), or a JSON matrix of
    integers with 0 for blanks.
  Lines starting with '#' are comments.

With no subcommand, `sudoku` works like `sudoku solve` on standard input; when standard
input is a terminal it shows the built-in example instead (`sudoku example`).

Exit status: 0 when every puzzle got a full answer; 1 when some input could not be read or
parsed, or some puzzle failed (see each subcommand's help); 2 on a usage error or when the
output could not be written.

Examples:
  sudoku                          solve the built-in example (LeetCode 37)
  sudoku solve puzzles.txt        solve every puzzle, one solution line per puzzle
  sudoku check puzzles.txt        say which puzzles are unique
  sudoku count --limit 100 p.txt  count solutions, stopping at 100
  sudoku solve --json < p.txt     one JSON object per puzzle";

const SOLVE_AFTER_HELP: &str = "\
Output (one result per input puzzle, in input order):
  line  the 81-character solution. A puzzle without an answer (bad input, invalid givens,
        no solution) gets an empty line, so output lines stay aligned with input puzzles;
        the reason goes to standard error as FILE:LINE: error: ...
  grid  each solution as a 9-line grid; grids are separated by an empty line.
  json  one JSON object per line: file, line, input, status (unique, multiple, none,
        solved, invalid, error, gave_up), solution, board (the solution in the input's JSON
        shape, for JSON input), guesses, error, time_us (with --time); with --all also
        solutions, count, count_exact.
  The default is grid when the input holds exactly one puzzle, line otherwise.

Each puzzle is proved unique (the search looks for a second solution). A puzzle with several
solutions prints its first one, with a warning on standard error. --first skips the proof
(status \"solved\").

--all lists the solutions of each puzzle: one per line (line), as grids each headed by a
'# FILE:LINE solution K' comment (grid), or in a \"solutions\" array (json). In line and grid
output the lists of successive puzzles are separated by an empty line. --all works on one
puzzle at a time and streams its solutions.

--time adds the time spent on each puzzle in microseconds: after a tab at the end of the
line (line), as a '# time: N us' comment after the grid or list (grid, --all), or as the
field time_us (json).

With no FILE and standard input a terminal, `sudoku solve` shows the built-in example (see
`sudoku example`); name `-` as the FILE to type puzzles instead.

Exit status: 0 when every puzzle was solved (several solutions count as solved); 1 when some
input was unreadable or bad, or a puzzle had invalid givens or no solution, or the guess
budget ran out; 2 on a usage or output error.

Examples:
  sudoku solve puzzles.txt > solutions.txt
  sudoku solve --first --threads 4 --stats big.txt > solutions.txt
  sudoku solve testdata/examples/leetcode37.json
  sudoku solve --all --limit 10 --format grid puzzle.txt
  sudoku solve --json --time puzzles.txt";

const COUNT_AFTER_HELP: &str = "\
Output (one line per input puzzle, in input order):
  line  the number of solutions, or 'at least N' when counting stopped at the limit; an
        empty line for a puzzle that could not be read (the reason goes to standard error).
        Givens that break the rules count 0 solutions, with a warning on standard error.
  json  one JSON object per line: file, line, input, status, count, count_exact, guesses,
        error, time_us (with --time).
--time adds a tab and the time in microseconds (line), or the field time_us (json).

Exit status: 0 when every puzzle was counted; 1 when some input was unreadable or bad, or
the guess budget ran out (the count is then a lower bound); 2 on a usage or output error.

Examples:
  sudoku count puzzles.txt
  sudoku count --limit 1000000 --max-guesses 0 sparse.txt
  sudoku count --json puzzles.txt";

const CHECK_AFTER_HELP: &str = "\
Output (one line per input puzzle, in input order):
  line  unique, multiple, none, 'invalid: REASON' for givens that break the rules (e.g.
        'invalid: r1c3 and r1c7 both hold 5 (row 1)'), 'gave_up: REASON' when the guess
        budget ran out, or error for bad input (the reason goes to standard error as
        FILE:LINE:COLUMN: error: ...).
  json  one JSON object per line: file, line, input, status, guesses, error, time_us.
--time adds a tab and the time in microseconds (line), or the field time_us (json).

Exit status: 0 when every puzzle is proper (has exactly one solution); 1 otherwise
(multiple, none, invalid, gave_up, bad or unreadable input); 2 on a usage or output error.

Examples:
  sudoku check puzzles.txt
  sudoku check --json puzzles.txt | grep -v '\"unique\"'
  sudoku check puzzle.txt && echo proper";

const EXAMPLE_AFTER_HELP: &str = "\
Prints the LeetCode 37 example puzzle and its solution as grids. `sudoku` and `sudoku solve`
show the same when they are given no files and standard input is a terminal.

Example:
  sudoku example";

/// The parsed command line.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count and check Sudoku puzzles",
    after_help = TOP_AFTER_HELP
)]
pub(crate) struct Cli {
    /// What to do; none means `solve` on standard input.
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Solve puzzles, proving each solution unique (or list all solutions with --all)
    #[command(after_help = SOLVE_AFTER_HELP)]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to a limit
    #[command(after_help = COUNT_AFTER_HELP)]
    Count(CountArgs),
    /// Say for each puzzle whether it is unique, multiple, has no solution, or is invalid
    #[command(after_help = CHECK_AFTER_HELP)]
    Check(CheckArgs),
    /// Solve the built-in example (the LeetCode 37 puzzle) and show puzzle and solution
    #[command(after_help = EXAMPLE_AFTER_HELP)]
    Example,
}

/// Where the puzzles come from.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct InputArgs {
    /// Files to read puzzles from; none or '-' means standard input
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
}

/// How a batch runs and what it reports beside the results.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct BatchArgs {
    /// Worker threads [default: all cores]
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) threads: Option<u16>,

    /// Give up on a puzzle after N guesses (0: never) [default: 10000000]
    #[arg(long, value_name = "N")]
    pub(crate) max_guesses: Option<u64>,

    /// Show the time spent on each puzzle (see the output section below)
    #[arg(long)]
    pub(crate) time: bool,

    /// Print a summary on standard error at the end: counts by status, elapsed time, puzzles/s
    #[arg(long)]
    pub(crate) stats: bool,

    /// Never show the progress bar (it is shown only when standard error is a terminal)
    #[arg(long)]
    pub(crate) no_progress: bool,
}

impl BatchArgs {
    /// The guess budget per puzzle: `None` means unbounded.
    pub(crate) fn guess_budget(&self) -> Option<u64> {
        match self.max_guesses {
            None => Some(DEFAULT_MAX_GUESSES),
            Some(0) => None,
            Some(n) => Some(n),
        }
    }
}

/// How `solve` prints each result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SolveFormat {
    /// One 81-character line per puzzle
    Line,
    /// A 9-line grid with box separators per puzzle
    Grid,
    /// One JSON object per puzzle, one per line
    Json,
}

/// How `count` and `check` print each result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ReportFormat {
    /// One line of text per puzzle
    Line,
    /// One JSON object per puzzle, one per line
    Json,
}

/// `sudoku solve`.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct SolveArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// Output format [default: grid for a single puzzle, line otherwise]
    #[arg(long, short = 'f', value_enum, value_name = "FORMAT")]
    pub(crate) format: Option<SolveFormat>,

    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,

    /// Print the first solution found without proving it unique
    #[arg(long, conflicts_with = "all")]
    pub(crate) first: bool,

    /// Print every solution of each puzzle (up to --limit)
    #[arg(long)]
    pub(crate) all: bool,

    /// With --all: stop after N solutions per puzzle [default: 1000]
    #[arg(long, value_name = "N", requires = "all", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,

    /// Threads, budget, timing and reporting.
    #[command(flatten)]
    pub(crate) batch: BatchArgs,
}

impl SolveArgs {
    /// The format asked for, if any (`--json` included).
    pub(crate) fn format(&self) -> Option<SolveFormat> {
        if self.json {
            Some(SolveFormat::Json)
        } else {
            self.format
        }
    }
}

/// `sudoku count`.
#[derive(Debug, Clone, Args)]
pub(crate) struct CountArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// Stop counting a puzzle at N solutions and report 'at least N'
    #[arg(long, value_name = "N", default_value_t = DEFAULT_COUNT_LIMIT,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: u64,

    /// Output format.
    #[command(flatten)]
    pub(crate) report: ReportArgs,

    /// Threads, budget, timing and reporting.
    #[command(flatten)]
    pub(crate) batch: BatchArgs,
}

/// `sudoku check`.
#[derive(Debug, Clone, Args)]
pub(crate) struct CheckArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// Output format.
    #[command(flatten)]
    pub(crate) report: ReportArgs,

    /// Threads, budget, timing and reporting.
    #[command(flatten)]
    pub(crate) batch: BatchArgs,
}

/// The output format options of `count` and `check`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ReportArgs {
    /// Output format
    #[arg(
        long,
        short = 'f',
        value_enum,
        value_name = "FORMAT",
        default_value = "line"
    )]
    pub(crate) format: ReportFormat,

    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
}

impl ReportArgs {
    /// The format asked for, `--json` included.
    pub(crate) fn format(&self) -> ReportFormat {
        if self.json {
            ReportFormat::Json
        } else {
            self.format
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn limit_requires_all() {
        assert!(Cli::try_parse_from(["sudoku", "solve", "--limit", "3"]).is_err());
        assert!(Cli::try_parse_from(["sudoku", "solve", "--all", "--limit", "3"]).is_ok());
    }

    #[test]
    fn zero_max_guesses_means_no_budget() {
        let parsed = Cli::try_parse_from(["sudoku", "check", "--max-guesses", "0"]);
        let Ok(Cli {
            command: Some(Command::Check(args)),
        }) = parsed
        else {
            panic!("check should parse: {parsed:?}");
        };
        assert_eq!(args.batch.guess_budget(), None);
        assert_eq!(
            BatchArgs::default().guess_budget(),
            Some(DEFAULT_MAX_GUESSES)
        );
    }
}
