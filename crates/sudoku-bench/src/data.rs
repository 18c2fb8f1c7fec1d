//! Finding the shared data folder and loading puzzle sets.
//!
//! A set is a text file with one puzzle per line (the format of `../shared/data/*.txt`: 81 cells,
//! `.` for blanks; anything our parser accepts on one line works). Blank lines and lines starting
//! with `#` are skipped. Every puzzle is parsed here, before any timing starts, into both solvers'
//! input types, so the measured loops do nothing but solve.
//!
//! The data folder is found, in order, at `$SUDOKU_DATA` (when set, nothing else is tried), at
//! `../shared/data` relative to the current directory, and at `../shared/data` relative to the
//! repository root (known at compile time). The sets are not committed to this repository, so a
//! fresh checkout may have none: the caller says so and asks for files instead of guessing.

use std::fmt;
use std::path::{Path, PathBuf};

use sudokit::canon::Transform;
use sudokit::Grid;

/// The environment variable that names the data folder explicitly.
pub const DATA_ENV: &str = "SUDOKU_DATA";

/// The 9x9 sets measured when no file is given, easiest first, as `<name>.txt` in the data folder.
pub const DEFAULT_SETS: [&str; 8] = [
    "kaggle_10k",
    "easy50",
    "17_clue",
    "sudoku_exchange_diabolical",
    "top1465",
    "hardest_1905_11plus",
    "hardest_1106",
    "serg_benchmark",
];

/// One puzzle, ready for both solvers.
#[derive(Debug, Clone, Copy)]
pub struct Puzzle {
    /// 1-based line number in its file, for messages.
    pub line: usize,
    /// The puzzle for our solver.
    pub grid: Grid,
    /// The same puzzle for the crates.io `sudoku` crate.
    pub theirs: emerentius::Sudoku,
}

/// A line that could not be read as a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLine {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column of the fault, as our parser reports it.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// A named list of puzzles and the lines that were skipped because they did not parse.
#[derive(Debug, Clone)]
pub struct PuzzleSet {
    /// The set's name: the file name without its extension.
    pub name: String,
    /// Where it came from (for messages); a made-up path for embedded sets.
    pub path: PathBuf,
    /// The puzzles, in file order.
    pub puzzles: Vec<Puzzle>,
    /// Lines that did not parse.
    pub bad_lines: Vec<BadLine>,
    /// True if `--limit` cut the set short.
    pub truncated: bool,
}

impl PuzzleSet {
    /// Replaces every puzzle by a random equivalent: the puzzle on line `k` by
    /// `Transform::random_indexed(seed, k)` of itself, for both solvers. The line numbers stay,
    /// so the same seed gives the same puzzles whatever `--limit` keeps.
    pub fn transform(&mut self, seed: u64) {
        for puzzle in std::mem::take(&mut self.puzzles) {
            let grid = Transform::random_indexed(seed, puzzle.line as u64).apply(&puzzle.grid);
            match for_both(grid, puzzle.line) {
                Ok(equivalent) => self.puzzles.push(equivalent),
                Err(bad) => self.bad_lines.push(bad),
            }
        }
    }
}

/// Reading a set failed.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be read (missing, unreadable, not UTF-8).
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Where the data folder was looked for and what was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataDir {
    /// The folder exists here.
    Found(PathBuf),
    /// No candidate exists; these were tried, in order.
    Absent(Vec<PathBuf>),
}

impl fmt::Display for DataDir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataDir::Found(path) => write!(f, "data folder {}", path.display()),
            DataDir::Absent(tried) => {
                write!(f, "no data folder found (looked for ")?;
                for (i, path) in tried.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{}", path.display())?;
                }
                write!(f, "; set {DATA_ENV} to choose one)")
            }
        }
    }
}

/// Looks for the data folder: `$SUDOKU_DATA` if set, else `../shared/data` next to the current
/// directory, else next to the repository root.
pub fn locate_data_dir() -> DataDir {
    let candidates = match std::env::var_os(DATA_ENV) {
        Some(dir) => vec![PathBuf::from(dir)],
        None => {
            let mut candidates = Vec::new();
            if let Ok(cwd) = std::env::current_dir() {
                candidates.push(cwd.join("../shared/data"));
            }
            // This crate lives at <repo>/crates/sudoku-bench, and the data sits beside the repo.
            candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
            candidates
        }
    };
    match candidates.iter().find(|dir| dir.is_dir()) {
        Some(dir) => DataDir::Found(dir.canonicalize().unwrap_or_else(|_| dir.clone())),
        None => DataDir::Absent(candidates),
    }
}

/// The default sets present in `dir`, and the names of those missing from it.
pub fn default_set_files(dir: &Path) -> (Vec<PathBuf>, Vec<&'static str>) {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for name in DEFAULT_SETS {
        let path = dir.join(format!("{name}.txt"));
        if path.is_file() {
            found.push(path);
        } else {
            missing.push(name);
        }
    }
    (found, missing)
}

/// Reads and parses the set in `path`, keeping at most `limit` puzzles.
pub fn load_set(path: &Path, limit: Option<usize>) -> Result<PuzzleSet, DataError> {
    let text = std::fs::read_to_string(path).map_err(|source| DataError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let name = path.file_stem().map_or_else(
        || path.display().to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    Ok(parse_set(&name, path, &text, limit))
}

/// Parses the text of a set (one puzzle per line) named `name`, keeping at most `limit` puzzles.
pub fn parse_set(name: &str, path: &Path, text: &str, limit: Option<usize>) -> PuzzleSet {
    let mut set = PuzzleSet {
        name: name.to_string(),
        path: path.to_path_buf(),
        puzzles: Vec::new(),
        bad_lines: Vec::new(),
        truncated: false,
    };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim_end_matches('\r');
        if content.trim().is_empty() || content.starts_with('#') {
            continue;
        }
        if limit.is_some_and(|limit| set.puzzles.len() >= limit) {
            set.truncated = true;
            break;
        }
        match parse_puzzle(content, line) {
            Ok(puzzle) => set.puzzles.push(puzzle),
            Err(bad) => set.bad_lines.push(bad),
        }
    }
    set
}

fn parse_puzzle(content: &str, line: usize) -> Result<Puzzle, BadLine> {
    let grid = sudokit::format::parse(content)
        .map_err(|error| BadLine {
            line,
            column: error.column,
            reason: error.kind.to_string(),
        })?
        .grid;
    for_both(grid, line)
}

/// The puzzle in both solvers' types.
fn for_both(grid: Grid, line: usize) -> Result<Puzzle, BadLine> {
    // Their parser is not what we measure; handing over our values keeps both on the same input.
    let theirs = emerentius::Sudoku::from_bytes(*grid.values()).map_err(|_| BadLine {
        line,
        column: 1,
        reason: "the `sudoku` crate rejected the cell values".to_string(),
    })?;
    Ok(Puzzle { line, grid, theirs })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::canon::canonical;

    const EASY: &str =
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

    #[test]
    fn skips_comments_and_blank_lines_and_reports_bad_lines_with_their_number() {
        let text = format!("# a comment\n\n{EASY}\nnot a puzzle\r\n{EASY}\r\n");
        let set = parse_set("demo", Path::new("demo.txt"), &text, None);
        assert_eq!(set.puzzles.len(), 2);
        assert_eq!(set.puzzles[0].line, 3);
        assert_eq!(set.puzzles[1].line, 5);
        assert_eq!(set.bad_lines.len(), 1);
        assert_eq!(set.bad_lines[0].line, 4);
        assert!(!set.truncated);
        assert_eq!(
            set.puzzles[0].theirs.to_bytes(),
            *set.puzzles[0].grid.values()
        );
    }

    #[test]
    fn limit_keeps_the_first_puzzles_and_says_so() {
        let text = format!("{EASY}\n{EASY}\n{EASY}\n");
        let set = parse_set("demo", Path::new("demo.txt"), &text, Some(2));
        assert_eq!(set.puzzles.len(), 2);
        assert!(set.truncated);
        let exact = parse_set("demo", Path::new("demo.txt"), &text, Some(3));
        assert_eq!(exact.puzzles.len(), 3);
        assert!(!exact.truncated);
    }

    #[test]
    fn transform_gives_reproducible_equivalents_per_line_for_both_solvers() {
        let text = format!("{EASY}\n# a comment\n{EASY}\n{EASY}\n");
        let stored = parse_set("demo", Path::new("demo.txt"), &text, None);
        let mut once = stored.clone();
        once.transform(7);
        let mut again = parse_set("demo", Path::new("demo.txt"), &text, Some(2));
        again.transform(7);
        let mut other = stored.clone();
        other.transform(8);
        assert_eq!(once.puzzles.len(), 3);
        assert!(once.bad_lines.is_empty());
        for (k, (before, after)) in stored.puzzles.iter().zip(&once.puzzles).enumerate() {
            assert_eq!(after.line, before.line);
            assert_eq!(after.theirs.to_bytes(), *after.grid.values());
            assert_eq!(after.grid.count_filled(), before.grid.count_filled());
            assert_ne!(after.grid, before.grid, "puzzle {k} left as stored");
            assert_eq!(
                canonical(&after.grid),
                canonical(&before.grid),
                "puzzle {k} is not an equivalent"
            );
            assert_ne!(after.grid, other.puzzles[k].grid, "seeds 7 and 8 agree");
        }
        // Same line, same seed, same puzzle, whatever else the set holds; lines differ.
        assert_eq!(again.puzzles[1].grid, once.puzzles[1].grid);
        assert_ne!(once.puzzles[0].grid, once.puzzles[1].grid);
    }

    #[test]
    fn absent_data_dir_names_every_place_tried() {
        let absent = DataDir::Absent(vec![
            PathBuf::from("/nowhere/a"),
            PathBuf::from("/nowhere/b"),
        ]);
        let message = absent.to_string();
        assert!(message.contains("/nowhere/a") && message.contains("/nowhere/b"));
        assert!(message.contains(DATA_ENV));
    }

    #[test]
    fn missing_default_sets_are_listed() {
        let (found, missing) = default_set_files(Path::new("/nowhere"));
        assert!(found.is_empty());
        assert_eq!(missing, DEFAULT_SETS.to_vec());
    }
}
