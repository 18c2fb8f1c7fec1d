//! The command line surface: subcommands, flags and their help texts (clap derive).
//!
//! Everything a user can type is declared here and nowhere else; the rest of the binary receives
//! the parsed values. Defaults that matter for behaviour (the `--limit`s, the guess budget) are
//! named constants so the help text and the code cannot drift apart.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::str::FromStr;
use sudokit::generate::{ClueRange, RatingRange, Symmetry, TechniqueTarget, DEFAULT_MAX_ATTEMPTS};
use sudokit::logic::{Finder, Style};
use sudokit::rate::Level;

/// How many solutions `sudoku solve --all` lists per puzzle when `--limit` is not given.
pub(crate) const DEFAULT_ALL_LIMIT: u64 = 1000;

/// Where `sudoku count` stops counting when `--limit` is not given. Counting is never unbounded
/// by default: the empty grid has 6,670,903,752,021,072,936,960 solutions.
pub(crate) const DEFAULT_COUNT_LIMIT: u64 = 1000;

/// The default guess budget per puzzle: far more than any proper puzzle needs (the hardest known
/// ones take thousands), small enough that one pathological line cannot stall a batch for long.
pub(crate) const DEFAULT_MAX_GUESSES: u64 = 10_000_000;

/// Reads a whole number of at least 1 (a value parser): `-1` gets "must be positive" rather
/// than clap's tip to write `-- -1`, which is no help for a count.
pub(crate) fn positive<T: FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    let n = whole::<T>(text, "a positive whole number")?;
    if n < T::from(1) {
        return Err("must be positive (at least 1)".to_string());
    }
    Ok(n)
}

/// Reads a whole number of at least 0 (a value parser), with the same messages as [`positive`].
pub(crate) fn zero_or_more<T: FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    whole::<T>(text, "0 or a positive whole number")
}

fn whole<T: FromStr>(text: &str, what: &str) -> Result<T, String> {
    let trimmed = text.trim();
    if let Some(rest) = trimmed.strip_prefix('-') {
        if rest.parse::<f64>().is_ok() {
            return Err(format!("must be positive (expected {what})"));
        }
    }
    trimmed
        .parse::<T>()
        .map_err(|_| format!("expected {what}, not {text:?}"))
}

const TOP_AFTER_HELP: &str = "\
Input formats (detected per puzzle, mixed freely in one file):
  - an 81-character line; blanks are '.', '0', '_', '-', '*' or ' '; anything after the
    81 cells and a tab, space, ',', ';' or ':' is ignored;
  - a 9-line grid, with or without box separators (the output of --format grid);
  - a JSON board as in LeetCode 37 ([[\"5\",\"3\",\".\",...],...]), or a JSON matrix of
    integers with 0 for blanks.
  Lines starting with '#' are comments.

With no subcommand, `sudoku FILE...` works like `sudoku solve FILE...`, and `sudoku` alone
like `sudoku solve` on standard input (`sudoku -` too); only when standard input is a
terminal does bare `sudoku` show the built-in example instead (`sudoku example`).

Exit status: 0 when every puzzle got a full answer; 1 when some input could not be read or
parsed, had givens that break the rules (in every subcommand), or some puzzle failed (see
each subcommand's help); 2 on a usage error or when the output could not be written.

Examples:
  sudoku                          solve the built-in example (LeetCode 37)
  sudoku puzzles.txt              the same as `sudoku solve puzzles.txt`
  sudoku solve puzzles.txt        solve every puzzle, one solution line per puzzle
  sudoku check puzzles.txt        say which puzzles are unique
  sudoku count --limit 100 p.txt  count solutions, stopping at 100
  sudoku solve --json < p.txt     one JSON object per puzzle
  sudoku generate -n 10 --seed 1  ten unique random puzzles, the same each time
  sudoku canon --dedup p.txt      canonical forms, equivalent repeats dropped
  sudoku hint puzzle.txt          the next human-style step, in words
  sudoku rate p.txt               Sudoku Explainer ratings (ER/EP/ED) and a level";

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
        Givens that break the rules count 0 solutions, with an error on standard error.
  json  one JSON object per line: file, line, input, status, count, count_exact, guesses,
        error, time_us (with --time).
--time adds a tab and the time in microseconds (line), or the field time_us (json).

Exit status: 0 when every puzzle was counted (0 solutions included, for givens that keep
the rules); 1 when some input was unreadable or bad, had givens that break the rules (its
count, 0, is still printed), or the guess budget ran out (the count is then a lower bound);
2 on a usage or output error.

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

const GENERATE_AFTER_HELP: &str = "\
How puzzles are made: a random solution grid (a randomised fill, then a uniformly random
symmetry and relabelling), then its cells (or, with --symmetry, the orbits of cells that
must be clues together) are blanked in random order whenever the puzzle stays unique. So
without --symmetry every puzzle is minimal; with one, --minimal also makes sure that no
single clue can go (which takes many more grids for rot90, bimirror and dihedral).

Puzzle I of seed S is always the same, whatever --threads and --count: puzzles 0..9 of
`--count 20` are those of `--count 10`. Without --seed a random seed is drawn; --stats and
the JSON output show it.

--clues and --pattern are targets: a grid that misses one is dropped and a new one tried,
up to --max-attempts per puzzle. A puzzle that misses is reported on standard error (with
the clue count of the closest miss), is not printed, and makes the exit status 1. A target
no puzzle can meet (fewer than 17 clues, a count the symmetry cannot make, a pattern that
does not have the symmetry) is a usage error.

--max-guesses bounds each uniqueness check; a check that runs out keeps its clue, so puzzles
stay unique (only minimality may then go unproven).

Difficulty (as `sudoku rate` measures it: Sudoku Explainer's ER/EP/ED and a HoDoKu-style
level over the same solve path):
  --rating R | A..B | A..   ER is R, between A and B (both included), or A and up (A+).
  --level LEVEL             the level: easy, medium, hard, unfair or extreme.
  --technique NAME          the hardest step (the first rated ER) is this technique: an id
                            of `sudoku explain --json` (x-wing, xy-wing, swordfish...), a
                            family (unique-rectangle, bug, hidden-single...) or a chain name
                            (skyscraper, 2-string-kite, w-wing, x-chain...); a wrong name
                            lists them all.
They combine with each other and with every option above. Each candidate is rated with a
cut (the solve stops at the first step above the target), and near misses are refined by
local search (a few clues added back, then dug again, kept when closer to the target);
every rated candidate counts as one of --max-attempts. A puzzle the techniques cannot
finish (ER 20.0, 'stuck') has an unknown rating and is never taken, unless the target is
open-ended (--rating A.. or --level extreme) and --accept-stuck is given.
With a target, the output has the rating: PUZZLE<TAB>ER/EP/ED<TAB>LEVEL<TAB>CLUES (line),
a '# rating: ...' line (grid); the JSON output always has er, ep, ed, score, level, outcome,
steps and hardest.

Symmetries (r, c count 0..8 from the top left):
  rot180 (r,c)->(8-r,8-c)   rot90 (r,c)->(c,8-r)       mirror (r,c)->(r,8-c) (left-right)
  vertical (r,c)->(8-r,c)   diagonal (r,c)->(c,r)      antidiagonal (r,c)->(8-c,8-r)
  bimirror: mirror and vertical; bidiagonal: both diagonals; dihedral: all eight.

Output (one puzzle per entry, in index order):
  line  the 81-character puzzle.
  grid  each puzzle as a 9-line grid; grids are separated by an empty line.
  json  one JSON object per line: index, seed, puzzle, solution, clues, symmetry, minimal
        (true when proven; null when not checked: --symmetry without --minimal, --pattern,
        or --clues above the natural count), attempts, the rating (er, ep, ed, score,
        level, outcome, steps, hardest), time_us (with --time).
--time adds a tab and the time in microseconds (line), or a '# time: N us' line (grid).
--stats prints the seed, the rate, and the spread of clue counts (and ratings) at the end.

Other sizes and variant rules (--size, --boxes, --rules, --rules-file, --killer, --jigsaw,
--variant): the variant generator makes a random solution grid of the shape and rules, then
takes clues out (one by one, or by the orbits of --symmetry) while the puzzle stays unique,
so every puzzle is minimal (within its orbits). Rules with data are made from each grid:
--killer (or --rules killer) cuts cages of 1 to 5 cells and adds as few givens as uniqueness
needs (often none); --rules thermo, arrow, kropki, xv, sandwich, even-odd, little-killer cut
that rule's data (thermometers of 3 to 6 cells, arrows of 2 or 3, every kropki dot or X/V
with the negative constraint, every sandwich sum, a third of the cells even/odd, ten little
killer diagonals) before the clues are dug, and mix with the other rules (--rules
thermo,anti-knight: the grid keeps anti-knight, the thermometers are cut from it); --jigsaw
(or --rules jigsaw) gives each puzzle random connected regions of N cells. Seeded and the
same for any --threads, as above. --clues, --pattern, --nested, --max-attempts,
--accept-stuck, the difficulty targets and --minimal with a --symmetry are refused there.
Output: line is the N*N characters (read back by `solve` with the same flags), grid is N
lines of numbers, json adds the JSON document (`puzzle`), `line`, `solution`, `clues`; a
puzzle with made data (cages, cut rules, jigsaw regions) prints as its JSON document in line
and grid.
  sudoku generate --size 16 -n 5 --seed 1
  sudoku generate --boxes 2x3 --rules diagonal,anti-knight --symmetry rot180
  sudoku generate --killer --size 6 --format json
  sudoku generate --rules thermo,anti-knight -n 3 --seed 1
  sudoku generate --jigsaw --rules kropki --size 6 --symmetry rot180

Exit status: 0 when every puzzle was made; 1 when some missed its target; 2 on a usage or
output error.

Examples:
  sudoku generate --count 100 --seed 42 > puzzles.txt
  sudoku generate -n 20 --symmetry rot180 --minimal --format grid
  sudoku generate -n 1000 --clues 22..24 --threads 2 --stats > p.txt
  sudoku generate -n 5 --pattern heart.txt --json
  sudoku generate -n 10 --rating 6..7 --symmetry rot180 --stats
  sudoku generate -n 5 --level unfair --minimal --format grid
  sudoku generate -n 5 --technique x-wing --json";

const CANON_AFTER_HELP: &str = "\
The canonical form is the smallest of the 81-character strings of all equivalent puzzles
(the 3,359,232 symmetries: transposition, band, row-in-band, stack and column-in-stack
permutations; times the 9! relabellings of the digits), comparing with blanks lowest and
digits relabelled in order of first appearance. Equivalent puzzles, and only they, print
the same line. The form is printed with '.' for blanks.

--dedup prints only the first puzzle of each class (as its canonical form) and drops later
equivalent ones; it keeps each distinct form in memory, packed in 41 bytes.

Output (one result per input puzzle, in input order):
  line  the canonical form; an empty line for a puzzle that could not be read (without
        --dedup), the reason going to standard error as FILE:LINE:COLUMN: error: ...
  json  one JSON object per line: file, line, input, canonical, clues, automorphisms (how
        many of the 3,359,232 symmetries map the puzzle to itself up to relabelling: 1 for
        most puzzles and solution grids, at most 648 for a solution grid, but up to all
        3,359,232 for a puzzle with few clues: every symmetry maps the empty grid to
        itself), error.

Givens that break the rules (two 5s in a row) still get their canonical form, but are
reported on standard error (FILE:LINE: error: invalid givens: ...) and make the exit status
1, as in every other subcommand.

Exit status: 0 when every input was read and its givens keep the rules; 1 when some input
was unreadable or bad, or had invalid givens; 2 on a usage or output error.

Examples:
  sudoku canon puzzles.txt
  sudoku canon --dedup big.txt > distinct.txt
  sudoku canon --json solutions.txt";

const TRANSFORM_AFTER_HELP: &str = "\
Each puzzle gets its own uniformly random symmetry (of the 3,359,232) and relabelling of
the digits: the result is as hard as the original and has as many solutions, but looks new.
Puzzle K of the input (counting from 0) always gets the same transform for the same seed,
whatever --threads. Without --seed a random seed is drawn; --stats shows it.

Output (one result per input puzzle, in input order): line (the default), grid or json
(file, line, input, output, seed), as for `sudoku solve`. A puzzle that could not be read
gets an empty line, the reason going to standard error.

Exit status: 0 when every input was read; 1 when some input was unreadable or bad; 2 on a
usage or output error.

Examples:
  sudoku transform --seed 7 puzzles.txt > unseen.txt
  sudoku generate -n 1 --seed 3 | sudoku transform --seed 9 --format grid";

const EXAMPLE_AFTER_HELP: &str = "\
Prints the LeetCode 37 example puzzle and its solution as grids. `sudoku` and `sudoku solve`
show the same when they are given no files and standard input is a terminal.

Example:
  sudoku example";

const SCHEMA_AFTER_HELP: &str = "\
Prints the JSON Schema (draft 2020-12) of the variant JSON document: size, boxes or regions,
givens and rules, as `solve --variant` reads it and prints its solutions. A --rules-file is
the document's `rules` array alone. The schema is docs/variant.schema.json, built in.

Example:
  sudoku schema > variant.schema.json";

/// The parsed command line.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count, check, generate and canonicalise Sudoku puzzles",
    after_help = TOP_AFTER_HELP,
    args_conflicts_with_subcommands = true
)]
pub(crate) struct Cli {
    /// What to do; none means `solve` on the files given (standard input without any).
    #[command(subcommand)]
    pub(crate) command: Option<Command>,

    /// With no subcommand: the files to solve, as `sudoku solve FILE...`.
    #[command(flatten)]
    pub(crate) input: InputArgs,
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
    /// Generate random puzzles with exactly one solution (seeded, reproducible)
    #[command(
        after_help = GENERATE_AFTER_HELP,
        mut_arg("threads", |arg| arg.help("Threads that make puzzles [default: all cores]")),
        mut_arg("max_guesses", |arg| arg.help(
            "Give up on a uniqueness check after N guesses, keeping its clue (0: no limit) \
             [default: 10000000]"
        )),
    )]
    Generate(GenerateArgs),
    /// Print the canonical form of each puzzle, so that equivalent puzzles print the same line
    #[command(after_help = CANON_AFTER_HELP)]
    Canon(CanonArgs),
    /// Replace each puzzle by a random equivalent one (symmetry and relabelling)
    #[command(after_help = TRANSFORM_AFTER_HELP)]
    Transform(TransformArgs),
    /// Show the next human-style step of a puzzle (or of a pencilmark position), in words
    #[command(after_help = HINT_AFTER_HELP)]
    Hint(HintArgs),
    /// Show the whole human-style solution path of a puzzle, step by step
    #[command(after_help = EXPLAIN_AFTER_HELP)]
    Explain(ExplainArgs),
    /// Rate puzzles: Sudoku Explainer's ER/EP/ED and a HoDoKu-style level
    #[command(after_help = RATE_AFTER_HELP)]
    Rate(RateArgs),
    /// Serve the web page and the JSON API (solve, hint, explain, rate, generate) over HTTP
    #[command(after_help = SERVE_AFTER_HELP)]
    Serve(ServeArgs),
    /// Solve the built-in example (the LeetCode 37 puzzle) and show puzzle and solution
    #[command(after_help = EXAMPLE_AFTER_HELP)]
    Example,
    /// Print the JSON Schema of the variant puzzle document (read by --variant and --rules-file)
    #[command(after_help = SCHEMA_AFTER_HELP)]
    Schema,
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
    /// Threads that solve, and also read and print when the input is a regular file
    /// [default: all cores]
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true,
          value_parser = positive::<u16>)]
    pub(crate) threads: Option<u16>,

    /// Give up on a puzzle after N guesses (0: no limit) [default: 10000000]
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = zero_or_more::<u64>)]
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

/// Threads and reporting, for the subcommands that do not search (no guess budget).
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct RunArgs {
    /// Worker threads [default: all cores]
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true,
          value_parser = positive::<u16>)]
    pub(crate) threads: Option<u16>,

    /// Print a summary on standard error at the end: counts, elapsed time, puzzles/s
    #[arg(long)]
    pub(crate) stats: bool,

    /// Never show the progress bar (it is shown only when standard error is a terminal)
    #[arg(long)]
    pub(crate) no_progress: bool,
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
    /// Other sizes and variant rules.
    #[command(flatten)]
    pub(crate) variant: crate::variant::VariantArgs,

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
    #[arg(long, value_name = "N", requires = "all", allow_negative_numbers = true,
          value_parser = positive::<u64>)]
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
    /// Other sizes and variant rules.
    #[command(flatten)]
    pub(crate) variant: crate::variant::VariantArgs,

    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// Stop counting a puzzle at N solutions and report 'at least N'
    #[arg(long, value_name = "N", default_value_t = DEFAULT_COUNT_LIMIT,
          allow_negative_numbers = true, value_parser = positive::<u64>)]
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
    /// Other sizes and variant rules.
    #[command(flatten)]
    pub(crate) variant: crate::variant::VariantArgs,

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

/// The symmetry of the clue pattern, as typed (see `sudokit::generate::Symmetry`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum SymmetryArg {
    /// No symmetry
    #[default]
    None,
    /// Half-turn rotation
    Rot180,
    /// Quarter-turn rotation
    Rot90,
    /// Left-right mirror image
    Mirror,
    /// Top-bottom mirror image
    Vertical,
    /// Reflection in the main diagonal
    Diagonal,
    /// Reflection in the anti-diagonal
    Antidiagonal,
    /// Both mirror images
    Bimirror,
    /// Both diagonals
    Bidiagonal,
    /// All eight symmetries of the square
    Dihedral,
}

impl SymmetryArg {
    /// The library's symmetry.
    pub(crate) fn symmetry(self) -> Symmetry {
        match self {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Vertical => Symmetry::Vertical,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Antidiagonal => Symmetry::Antidiagonal,
            SymmetryArg::Bimirror => Symmetry::BiMirror,
            SymmetryArg::Bidiagonal => Symmetry::BiDiagonal,
            SymmetryArg::Dihedral => Symmetry::Dihedral,
        }
    }
}

/// `sudoku generate`.
#[derive(Debug, Clone, Args)]
pub(crate) struct GenerateArgs {
    /// How many puzzles to make
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1,
          allow_negative_numbers = true, value_parser = zero_or_more::<u64>)]
    pub(crate) count: u64,

    /// The seed: the same seed and options give the same puzzles [default: random]
    #[arg(long, short = 's', value_name = "S", allow_negative_numbers = true,
          value_parser = zero_or_more::<u64>)]
    pub(crate) seed: Option<u64>,

    /// Only minimal puzzles: no clue can be removed without losing uniqueness (checked)
    #[arg(long)]
    pub(crate) minimal: bool,

    /// The symmetry of the clue pattern
    #[arg(long, value_enum, value_name = "SYMMETRY", default_value = "none")]
    pub(crate) symmetry: SymmetryArg,

    /// The number of clues: N, or a range A..B with both ends included
    #[arg(long, value_name = "N|A..B")]
    pub(crate) clues: Option<ClueRange>,

    /// Put the clues where FILE's puzzle has them (any format; 'x' also marks a clue)
    #[arg(long, value_name = "FILE")]
    pub(crate) pattern: Option<PathBuf>,

    /// Give up on a puzzle that misses its target after N solution grids (rated candidates
    /// with a difficulty target)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_ATTEMPTS,
          allow_negative_numbers = true, value_parser = positive::<u32>)]
    pub(crate) max_attempts: u32,

    /// The SE rating (ER): R, a band A..B (both included), or A.. / A+ for A and up
    #[arg(long, value_name = "R|A..B|A..")]
    pub(crate) rating: Option<RatingRange>,

    /// The HoDoKu-style level: easy, medium, hard, unfair or extreme
    #[arg(long, value_name = "LEVEL")]
    pub(crate) level: Option<Level>,

    /// The technique of the hardest step (x-wing, xy-wing, unique-rectangle, skyscraper...)
    #[arg(long, value_name = "NAME")]
    pub(crate) technique: Option<TechniqueTarget>,

    /// Also take puzzles the techniques cannot finish (ER 20.0, rating unknown) for an
    /// open-ended target (--rating A.. or --level extreme)
    #[arg(long)]
    pub(crate) accept_stuck: bool,

    /// Judge the target with the nested forcing chains too (as `rate --nested`), so that
    /// targets of ER 10.0 and up (e.g. --rating 10+) can be met, each rated exactly
    #[arg(long, conflicts_with = "accept_stuck")]
    pub(crate) nested: bool,

    /// With --nested: the work budget of each candidate's rating, in the rating's checks
    /// (about 5,000 per CPU second of a release build); a candidate that runs out is a miss. A
    /// count, not a time, so the puzzles of a seed are the same on every machine
    #[arg(long, value_name = "N", requires = "nested",
          default_value_t = sudokit::generate::DEFAULT_NESTED_WORK,
          allow_negative_numbers = true, value_parser = positive::<u64>)]
    pub(crate) nested_work: u64,

    /// Other sizes and variant rules (the variant generator; see the variants section below).
    #[command(flatten)]
    pub(crate) variant: crate::variant::VariantArgs,

    /// Killer puzzles: cages cut from each solution grid, then as few givens as uniqueness
    /// needs (often none); printed as JSON documents (implies the variant generator)
    #[arg(long)]
    pub(crate) killer: bool,

    /// Jigsaw puzzles: random connected regions of N cells for each puzzle (from the boxes of
    /// --size/--boxes), printed as JSON documents (implies the variant generator)
    #[arg(long)]
    pub(crate) jigsaw: bool,

    /// Output format.
    #[command(flatten)]
    pub(crate) output: GridOutputArgs,

    /// Threads, budget, timing and reporting.
    #[command(flatten)]
    pub(crate) batch: BatchArgs,
}

/// `sudoku canon`.
#[derive(Debug, Clone, Args)]
pub(crate) struct CanonArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// Drop every puzzle equivalent to an earlier one
    #[arg(long)]
    pub(crate) dedup: bool,

    /// Output format.
    #[command(flatten)]
    pub(crate) report: ReportArgs,

    /// Threads and reporting.
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

/// `sudoku transform`.
#[derive(Debug, Clone, Args)]
pub(crate) struct TransformArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// The seed: the same seed gives the same transforms [default: random]
    #[arg(long, short = 's', value_name = "S", allow_negative_numbers = true,
          value_parser = zero_or_more::<u64>)]
    pub(crate) seed: Option<u64>,

    /// Output format.
    #[command(flatten)]
    pub(crate) output: GridOutputArgs,

    /// Threads and reporting.
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

/// The output format options of `generate` and `transform`, which print grids.
#[derive(Debug, Clone, Args)]
pub(crate) struct GridOutputArgs {
    /// Output format
    #[arg(
        long,
        short = 'f',
        value_enum,
        value_name = "FORMAT",
        default_value = "line"
    )]
    pub(crate) format: SolveFormat,

    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
}

impl GridOutputArgs {
    /// The format asked for, `--json` included.
    pub(crate) fn format(&self) -> SolveFormat {
        if self.json {
            SolveFormat::Json
        } else {
            self.format
        }
    }
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

const HINT_AFTER_HELP: &str = "\
Input: any puzzle format of `sudoku solve`, or a pencilmark position as one line of 729
characters: 81 groups of 9, one per cell in row order, where character K of a group is the
digit K if it is a candidate and '.' or '0' if not (a group with one digit is a placed
cell). So a player can ask for the next step from where they are.

The step is the one Sudoku Explainer would take: the first technique, in its order (full
house, hidden single, ..., naked single, pointing, claiming, pairs, X-Wing, ..., forcing
chains), that has a step. Uniqueness techniques (unique rectangles, BUG) are used only on a
puzzle with exactly one solution. Nested forcing chains (rated 9.5 and up) are tried only
with --nested; without it, a position that needs one is 'stuck'.

Output (one result per input puzzle, in input order):
  text  one or two sentences: the technique, the cells, what it places or removes, and why;
        or that the puzzle is solved, or that no technique in use applies ('stuck'). A
        puzzle that could not be read, breaks the rules, has no solution or went over
        --time-limit gets an empty line, the reason going to standard error
        (FILE:LINE[:COLUMN]: error: ...).
  json  one JSON object per line: file, line, input, status (step, solved, stuck, gave_up,
        invalid, none, error), step (technique, rating, placements, eliminations, cells,
        houses, digits, links, text), error.
A puzzle with several solutions still gets a step (never a uniqueness one), with a warning.

Exit status: 0 when every puzzle got an answer; 1 when some input was unreadable or bad, or a
puzzle broke the rules, had no solution or went over the time limit; 2 on a usage or output
error.

Examples:
  sudoku hint puzzle.txt
  sudoku generate -n 1 --seed 3 | sudoku hint
  sudoku hint --json position.txt
  sudoku hint --nested --time-limit 60000 hardest.txt";

const EXPLAIN_AFTER_HELP: &str = "\
Input: as for `sudoku hint` (any puzzle format, or a 729-character pencilmark line). Each
puzzle must have exactly one solution.

Output (one result per input puzzle, in input order):
  text  a '# FILE:LINE PUZZLE' header, then one numbered line per step: its rating in
        parentheses and what it does, in words; then a summary: solved in N steps, ER/EP/ED,
        HoDoKu-style level and score, hardest step. A path that gets stuck (no technique in
        use applies: without --nested, the puzzle needs a nested forcing chain) ends with the
        pencilmarks reached, in the 729-character form. Puzzles are separated by an empty
        line.
  json  one JSON object per line: file, line, input, status (solved, stuck, gave_up,
        multiple, none, invalid, error), rating (er, ep, ed, score, level, outcome, steps,
        hardest), steps (each step's data and text), end (the pencilmarks where a stuck path
        ended), error.

--time-limit gives up on a puzzle after MS milliseconds (checked between techniques and
inside the long chain searches).

Exit status: 0 when every puzzle was explained (stuck included); 1 when some input was
unreadable or bad, or a puzzle was invalid, had no solution or several, or went over the time
limit; 2 on a usage or output error.

Examples:
  sudoku explain puzzle.txt
  sudoku explain --json puzzle.txt | jq '.steps[].text'
  sudoku explain --time-limit 2000 hard.txt
  sudoku explain --nested --time-limit 60000 hardest.txt";

const RATE_AFTER_HELP: &str = "\
Each puzzle is solved with human-style techniques in Sudoku Explainer's order and with its
ratings, and rated as serate does:
  ER  the hardest step of the whole path;
  EP  the hardest step up to the first placement of a digit;
  ED  the first step's rating.
The level (easy, medium, hard, unfair, extreme) is HoDoKu's scoring over the same path. Only
puzzles with exactly one solution are rated.

A puzzle whose path reaches a state where no technique in use applies ends 'stuck' and gets
ER 20.0, as serate rates a puzzle beyond its techniques; EP/ED are then those reached (0.0 if
never). Without --nested that is every puzzle whose path needs a nested forcing chain (serate
rates such a puzzle 9.5 or more: the hardest known puzzles, none of top1465). With --nested
every technique of Sudoku Explainer 1.2.1 is in use, nested forcing chains of levels 2 to 5
included, so a puzzle ends stuck only if no technique, level-5 nested chains included, finds
a step (serate has no technique beyond these). Nested chains take seconds to minutes per
puzzle: use --time-limit.

Output (one line per input puzzle, in input order):
  line  PUZZLE<TAB>ER/EP/ED<TAB>LEVEL, where LEVEL is 'stuck' for ER 20.0. A puzzle without a
        rating prints PUZZLE<TAB>STATUS[<TAB>REASON] with STATUS one of gave_up (over
        --time-limit or --max-steps), multiple, none, invalid; a record that is not a puzzle
        prints 'error'. Reasons also go to standard error as FILE:LINE[:COLUMN]: error: ...
  json  one JSON object per line: file, line, input, status (rated, stuck, gave_up, multiple,
        none, invalid, error), er, ep, ed, score, level, outcome, steps, hardest, error,
        time_us (with --time).
--time adds a tab and the time in microseconds (line), or the field time_us (json).
--stats prints counts by status, ER and level, the mean and slowest time, and the count, time
and puzzles/s per core of each ER band (< 2, 2-4, 4-6, 6-8, 8-9, 9+) at the end.
--cpu-time measures --time-limit, --time and --stats in each puzzle's CPU time.

Puzzles are rated in parallel and printed in input order as soon as each is ready.

Exit status: 0 when every puzzle was rated (stuck included); 1 when some input was unreadable
or bad, or a puzzle was invalid, had no solution or several, or went over a limit; 2 on a
usage or output error.

Examples:
  sudoku rate puzzles.txt > ratings.tsv
  sudoku rate --threads 2 --stats --time-limit 5000 top1465.txt
  sudoku rate --nested --time-limit 60000 hardest.txt
  sudoku rate --json puzzles.txt | jq -c 'select(.er >= 7)'";

/// The techniques and the per-puzzle time limit of `hint`, `explain` and `rate`.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct LogicArgs {
    /// Also use nested forcing chains (levels 2-5, rated 9.5 and up), as serate does for the
    /// hardest puzzles; slow, so pair it with --time-limit
    #[arg(long)]
    pub(crate) nested: bool,

    /// Give up on a puzzle after MS milliseconds (status gave_up; 0: no limit, the default)
    #[arg(long, value_name = "MS", allow_negative_numbers = true,
          value_parser = zero_or_more::<u64>)]
    pub(crate) time_limit: Option<u64>,
}

impl LogicArgs {
    /// The finders in use: the style's default list, or it and the nested levels.
    pub(crate) fn finders(&self, style: Style) -> &'static [&'static dyn Finder] {
        style.finders(self.nested)
    }
}

/// `--style` of `hint` and `explain`: which order of techniques.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum StyleArg {
    /// HoDoKu's order, the easiest step of each technique, forcing chains last
    #[default]
    Human,
    /// Sudoku Explainer 1.2.1's order and steps (what `rate` rates)
    Se,
}

impl StyleArg {
    /// The library's style.
    pub(crate) fn style(self) -> Style {
        match self {
            StyleArg::Human => Style::Human,
            StyleArg::Se => Style::Se,
        }
    }
}

/// `--scale` of `rate`: which difficulty scale the text output leads with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum ScaleArg {
    /// Sudoku Explainer's ER/EP/ED over SE's path, and the HoDoKu level of that path
    #[default]
    Se,
    /// HoDoKu's score and level over human mode's path (HoDoKu's order)
    Hodoku,
}

/// `sudoku hint`.
#[derive(Debug, Clone, Args)]
pub(crate) struct HintArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// One JSON object per puzzle, with the step's data
    #[arg(long)]
    pub(crate) json: bool,

    /// Which techniques, in which order: human (HoDoKu's, the simplest step first) or se
    #[arg(long, value_enum, default_value_t = StyleArg::Human)]
    pub(crate) style: StyleArg,

    /// Techniques and time limit.
    #[command(flatten)]
    pub(crate) logic: LogicArgs,
}

/// `sudoku explain`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ExplainArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// One JSON object per puzzle, with every step's data
    #[arg(long)]
    pub(crate) json: bool,

    /// Which techniques, in which order: human (HoDoKu's, the simplest step first) or se
    #[arg(long, value_enum, default_value_t = StyleArg::Human)]
    pub(crate) style: StyleArg,

    /// Techniques and time limit.
    #[command(flatten)]
    pub(crate) logic: LogicArgs,
}

/// `sudoku rate`.
#[derive(Debug, Clone, Args)]
pub(crate) struct RateArgs {
    /// The files to read.
    #[command(flatten)]
    pub(crate) input: InputArgs,

    /// Techniques and time limit.
    #[command(flatten)]
    pub(crate) logic: LogicArgs,

    /// se: ER/EP/ED over Sudoku Explainer's path; hodoku: HoDoKu's score and level over human
    /// mode's path (HoDoKu's order)
    #[arg(long, value_enum, default_value_t = ScaleArg::Se)]
    pub(crate) scale: ScaleArg,

    /// Give up on a puzzle after N steps (reported as gave_up; 0: no limit, the default)
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = zero_or_more::<usize>)]
    pub(crate) max_steps: Option<usize>,

    /// Show the time spent on each puzzle (see the output section below)
    #[arg(long)]
    pub(crate) time: bool,

    /// Measure --time-limit, --time and --stats in each puzzle's CPU time (of the thread that
    /// rates it) instead of wall time, so a loaded machine does not change them
    #[arg(long)]
    pub(crate) cpu_time: bool,

    /// Output format.
    #[command(flatten)]
    pub(crate) report: ReportArgs,

    /// Threads and reporting.
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

const SERVE_AFTER_HELP: &str = "\
Open the printed address in a browser: a grid to type or paste a puzzle into, with check,
solve, hint, step-by-step explanation, rating and generation. The same features are a JSON
API under /api/ (POST /api/solve {\"puzzle\": \"53..7....6..195...\"}, and count, check,
hint, explain, rate, generate), described at /api/openapi.json. The page and its assets are
inside this binary: nothing is loaded from elsewhere, so it works offline. With --site
DIR (the static build, scripts/site.sh -> target/site) the server also sends the page's
WebAssembly engine, and the page then runs every request in the browser; the API stays.

Every request's work is bounded (a guess budget for the exact solver, a time budget for the
logic solver, the rater and the generator), and so is the time a client may take to send it;
each setting above can also come from its environment variable (a flag wins). One line per
request is logged on standard error, with status 499 for a request whose client went away
first (RUST_LOG sets the filter). Ctrl-C stops the server after the requests in flight.
Durations are written like 500ms, 3s or 2m.

Examples:
  sudoku serve                          http://127.0.0.1:8080
  sudoku serve --addr localhost:0       any free port (the one chosen is printed)
  sudoku serve --addr 0.0.0.0:8080      reachable from other machines
  sudoku serve --site target/site       the page runs the engine in the browser";

/// Where `sudoku serve` listens, how much CPU work it runs at once, and the limits of each
/// request; every default is the server's own (`sudoku_server::Config::default()`).
#[derive(Debug, Clone, Args)]
pub(crate) struct ServeArgs {
    /// The address to listen on, HOST:PORT (a host name is resolved; the first address is
    /// used); port 0 picks a free port
    #[arg(long, value_name = "ADDR", env = "SUDOKU_ADDR",
          default_value = sudoku_server::DEFAULT_ADDR, value_parser = resolve_addr)]
    pub(crate) addr: std::net::SocketAddr,

    /// How many requests may run solver work at once [default: all cores]
    #[arg(long, value_name = "N", env = "SUDOKU_WORKERS", allow_negative_numbers = true,
          value_parser = positive::<u16>)]
    pub(crate) workers: Option<u16>,

    /// How long a request waits for a free worker before 503 overloaded
    #[arg(long, value_name = "DURATION", env = "SUDOKU_QUEUE_WAIT",
          default_value_t = Wait(sudoku_server::Config::default().queue_wait))]
    pub(crate) queue_wait: Wait,

    /// The hard limit on one request's work before 504 timeout (a backstop behind the budgets)
    #[arg(long, value_name = "DURATION", env = "SUDOKU_TIMEOUT",
          default_value_t = Wait(sudoku_server::Config::default().timeout))]
    pub(crate) timeout: Wait,

    /// How long a connection may take to send a request's headers (also the idle keep-alive
    /// time); then it is closed
    #[arg(long, value_name = "DURATION", env = "SUDOKU_HEADER_TIMEOUT",
          default_value_t = Wait(sudoku_server::Config::default().header_timeout))]
    pub(crate) header_timeout: Wait,

    /// How long a request body may take to arrive before 408 request_timeout
    #[arg(long, value_name = "DURATION", env = "SUDOKU_BODY_TIMEOUT",
          default_value_t = Wait(sudoku_server::Config::default().body_timeout))]
    pub(crate) body_timeout: Wait,

    /// The largest request body accepted, in bytes (413 too_large above)
    #[arg(long, allow_negative_numbers = true, value_parser = positive::<usize>, value_name = "BYTES", env = "SUDOKU_MAX_BODY",
          default_value_t = sudoku_server::Config::default().max_body)]
    pub(crate) max_body: usize,

    /// Guesses per exact search (solve, count, check, and the checks before hint, explain,
    /// rate and generate) before 422 budget_exhausted
    #[arg(long, allow_negative_numbers = true, value_parser = zero_or_more::<u64>, value_name = "N", env = "SUDOKU_GUESSES",
          default_value_t = sudoku_server::Limits::default().guesses)]
    pub(crate) guesses: u64,

    /// The solution limit of count when a request gives none
    #[arg(long, allow_negative_numbers = true, value_parser = positive::<u64>, value_name = "N", env = "SUDOKU_COUNT_DEFAULT",
          default_value_t = sudoku_server::Limits::default().default_count)]
    pub(crate) count_default: u64,

    /// The highest solution limit a count request may ask for
    #[arg(long, allow_negative_numbers = true, value_parser = positive::<u64>, value_name = "N", env = "SUDOKU_COUNT_MAX",
          default_value_t = sudoku_server::Limits::default().max_count)]
    pub(crate) count_max: u64,

    /// The time budget of the logic solver (hint, explain) and the rater (rate)
    #[arg(long, value_name = "DURATION", env = "SUDOKU_LOGIC_TIME",
          default_value_t = Wait(sudoku_server::Limits::default().logic_time))]
    pub(crate) logic_time: Wait,

    /// The time budget of one generate request
    #[arg(long, value_name = "DURATION", env = "SUDOKU_GENERATE_TIME",
          default_value_t = Wait(sudoku_server::Limits::default().generate_time))]
    pub(crate) generate_time: Wait,

    /// Solution grids the generator may try per drawn puzzle
    #[arg(long, allow_negative_numbers = true, value_parser = positive::<u32>, value_name = "N", env = "SUDOKU_GENERATE_ATTEMPTS",
          default_value_t = sudoku_server::Limits::default().generate_attempts)]
    pub(crate) generate_attempts: u32,

    /// The static build of the page (scripts/site.sh's target/site): its WebAssembly engine is
    /// served too, and the page runs it in the browser instead of calling the API
    #[arg(long, value_name = "DIR", env = "SUDOKU_SITE")]
    pub(crate) site: Option<std::path::PathBuf>,
}

impl ServeArgs {
    /// The server's configuration these arguments ask for; an error if `--site` names no
    /// static build.
    pub(crate) fn config(&self) -> Result<sudoku_server::Config, sudoku_server::SiteError> {
        let defaults = sudoku_server::Config::default();
        let site = self
            .site
            .as_ref()
            .map(sudoku_server::Site::load)
            .transpose()?;
        Ok(sudoku_server::Config {
            addr: self.addr,
            max_body: self.max_body,
            workers: self.workers.map_or(defaults.workers, usize::from),
            queue_wait: self.queue_wait.0,
            timeout: self.timeout.0,
            header_timeout: self.header_timeout.0,
            body_timeout: self.body_timeout.0,
            limits: sudoku_server::Limits {
                guesses: self.guesses,
                default_count: self.count_default,
                max_count: self.count_max,
                logic_time: self.logic_time.0,
                generate_time: self.generate_time.0,
                generate_attempts: self.generate_attempts,
            },
            site,
        })
    }
}

/// `HOST:PORT` as a socket address; a host name is resolved (the first address it has).
fn resolve_addr(text: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let mut addrs = text
        .to_socket_addrs()
        .map_err(|err| format!("not a HOST:PORT address that resolves ({err})"))?;
    addrs
        .next()
        .ok_or_else(|| format!("{text} resolves to no address"))
}

/// A duration on the command line: a number with `ms`, `s` or `m` (`500ms`, `3s`, `2m`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wait(pub(crate) std::time::Duration);

impl std::str::FromStr for Wait {
    type Err = String;

    fn from_str(text: &str) -> Result<Wait, String> {
        let text = text.trim();
        let split = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let bad = || format!("{text:?} is not a duration like 500ms, 3s or 2m");
        let number: u64 = number.parse().map_err(|_| bad())?;
        let millis = match unit.trim() {
            "ms" => Some(number),
            "s" => number.checked_mul(1000),
            "m" => number.checked_mul(60_000),
            _ => None,
        };
        millis
            .map(|ms| Wait(std::time::Duration::from_millis(ms)))
            .ok_or_else(bad)
    }
}

impl std::fmt::Display for Wait {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let millis = self.0.as_millis();
        if millis.is_multiple_of(1000) {
            write!(f, "{}s", millis / 1000)
        } else {
            write!(f, "{millis}ms")
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
            ..
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

    /// Issue 32, item 9: `-1` got clap's tip to write `-- -1`; now the number is read and
    /// refused as not positive.
    #[test]
    fn negative_numbers_are_refused_as_not_positive() {
        for args in [
            &["sudoku", "solve", "--threads", "-1"][..],
            &["sudoku", "generate", "-n", "-1"],
            &["sudoku", "generate", "--max-attempts", "-3"],
            &["sudoku", "rate", "--time-limit", "-5"],
            &["sudoku", "count", "--max-guesses", "-1"],
        ] {
            let err = Cli::try_parse_from(args).expect_err("a negative number");
            let text = err.to_string();
            assert!(text.contains("must be positive"), "{args:?}: {text}");
            assert!(!text.contains("-- -"), "{args:?}: {text}");
        }
        let zero = Cli::try_parse_from(["sudoku", "solve", "--threads", "0"]);
        assert!(zero.is_err_and(|e| e.to_string().contains("must be positive")));
        assert!(Cli::try_parse_from(["sudoku", "rate", "--time-limit", "0"]).is_ok());
        assert!(Cli::try_parse_from(["sudoku", "generate", "-n", "x"]).is_err());
    }

    /// Issue 32, item 10: `sudoku FILE` and `sudoku -` were usage errors.
    #[test]
    fn bare_files_parse_as_solve_input() {
        let parsed = Cli::try_parse_from(["sudoku", "a.txt", "-"]).expect("files parse");
        assert!(parsed.command.is_none());
        assert_eq!(parsed.input.files.len(), 2);
        assert!(
            Cli::try_parse_from(["sudoku", "solve", "a.txt"]).is_ok_and(|c| c.command.is_some())
        );
    }

    #[test]
    fn every_symmetry_can_be_typed() {
        for symmetry in Symmetry::ALL {
            let parsed = SymmetryArg::from_str(symmetry.name(), false).map(SymmetryArg::symmetry);
            assert_eq!(parsed, Ok(symmetry));
        }
    }

    #[test]
    fn clue_counts_and_ranges_parse() {
        for (text, ok) in [
            ("24", true),
            ("20..25", true),
            ("20..=25", true),
            ("x", false),
        ] {
            let parsed = Cli::try_parse_from(["sudoku", "generate", "--clues", text]);
            assert_eq!(parsed.is_ok(), ok, "{text}");
        }
    }
}
