//! Helpers shared by the integration tests: reading the corpus, and a checker and a counter that
//! share no code with the crate's solver, so that the tests do not trust what they test.
//!
//! Each test binary uses a different subset of these helpers, hence the `dead_code` allowance.
#![allow(dead_code)]

pub(crate) mod finders;
pub(crate) mod human;

use std::path::{Path, PathBuf};
use sudokit::Grid;

/// The repository's `testdata/` folder.
pub(crate) fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Reads a file under `testdata/`, panicking with its path if it cannot.
pub(crate) fn read_testdata(name: &str) -> String {
    let path = testdata().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Parses an 81-character line (`1`-`9` givens, `.` or `0` blanks) without the crate's parser,
/// so that a parser bug cannot hide a solver bug. `None` if the line is malformed.
pub(crate) fn grid_from_line(line: &str) -> Option<Grid> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut values = [0u8; 81];
    for (value, &byte) in values.iter_mut().zip(bytes) {
        *value = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Grid::from_values(values)
}

/// Like [`grid_from_line`], for test data that must be well formed.
pub(crate) fn grid(line: &str) -> Grid {
    grid_from_line(line).unwrap_or_else(|| panic!("not an 81-cell puzzle line: {line:?}"))
}

/// The 81-character line of a grid, `.` for blanks (again without the crate's formatter).
pub(crate) fn line_of(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

/// The expected solution count of a corpus line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expected {
    /// Exactly this many solutions.
    Exact(u64),
    /// At least this many (written `>=N`).
    AtLeast(u64),
}

/// One line of `testdata/counts.txt`.
#[derive(Debug, Clone)]
pub(crate) struct CorpusLine {
    /// 1-based line number in the file, for messages.
    pub(crate) line: usize,
    /// The puzzle as written.
    pub(crate) text: String,
    pub(crate) puzzle: Grid,
    pub(crate) expected: Expected,
    /// The solution, given when the count is exactly 1.
    pub(crate) solution: Option<Grid>,
}

/// Parses `puzzle:count:solution` lines, skipping blank lines and `#` comments.
pub(crate) fn parse_counts(text: &str) -> Vec<CorpusLine> {
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = raw.split(':').collect();
        let [puzzle, count, solution] = fields[..] else {
            panic!("counts.txt line {number}: expected puzzle:count:solution, got {raw:?}");
        };
        let expected = match count.strip_prefix(">=") {
            Some(n) => Expected::AtLeast(n.parse().expect("a number after >=")),
            None => Expected::Exact(count.parse().expect("a count")),
        };
        let solution = (!solution.is_empty()).then(|| grid(solution));
        assert_eq!(
            solution.is_some(),
            expected == Expected::Exact(1),
            "counts.txt line {number}: a solution is given exactly when the count is 1"
        );
        lines.push(CorpusLine {
            line: number,
            text: puzzle.to_string(),
            puzzle: grid(puzzle),
            expected,
            solution,
        });
    }
    lines
}

/// The cells of house `h` (0-8 rows, 9-17 columns, 18-26 boxes) as row-major indices.
fn house_cells(h: usize) -> [usize; 9] {
    let mut cells = [0; 9];
    for (k, cell) in cells.iter_mut().enumerate() {
        *cell = match h {
            0..=8 => 9 * h + k,
            9..=17 => 9 * k + (h - 9),
            _ => {
                let b = h - 18;
                27 * (b / 3) + 3 * (b % 3) + 9 * (k / 3) + k % 3
            }
        };
    }
    cells
}

/// Checks that `solution` is a complete valid grid that keeps every given of `puzzle`: each
/// row, column and box holds each of 1-9 exactly once. Written from the rules, not from the
/// crate's `Grid::is_solution_of`, so that the two cannot share a bug.
pub(crate) fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    let (p, s) = (puzzle.values(), solution.values());
    for h in 0..27 {
        let mut seen = [false; 10];
        for i in house_cells(h) {
            let v = usize::from(s[i]);
            if v == 0 || v > 9 {
                return Err(format!("cell {i} holds {v}"));
            }
            if seen[v] {
                return Err(format!("house {h} holds {v} twice"));
            }
            seen[v] = true;
        }
    }
    if let Some(i) = (0..81).find(|&i| p[i] != 0 && p[i] != s[i]) {
        return Err(format!("given {} at cell {i} became {}", p[i], s[i]));
    }
    Ok(())
}

/// Panics with the puzzle, the solution and the reason if `solution` does not solve `puzzle`.
pub(crate) fn assert_solves(puzzle: &Grid, solution: &Grid) {
    if let Err(why) = check_solution(puzzle, solution) {
        panic!(
            "wrong solution: {why}\npuzzle:   {}\nsolution: {}",
            line_of(puzzle),
            line_of(solution)
        );
    }
}

/// A deliberately naive solution counter, stopping at `limit`: row/column/box bitmasks and
/// branching on an empty cell with the fewest candidates, nothing else. It is slow but simple
/// enough to trust, which is the point: it is the second opinion on the crate's solver.
pub(crate) fn naive_count(puzzle: &Grid, limit: u64) -> u64 {
    let mut state = Naive {
        values: *puzzle.values(),
        used: [[0; 9]; 3],
        found: 0,
        limit,
    };
    for i in 0..81 {
        let v = state.values[i];
        if v != 0 {
            let bit = 1u16 << v;
            let [r, c, b] = Naive::houses(i);
            if (state.used[0][r] | state.used[1][c] | state.used[2][b]) & bit != 0 {
                return 0;
            }
            state.toggle(i, bit);
        }
    }
    if limit > 0 {
        state.search();
    }
    state.found
}

struct Naive {
    values: [u8; 81],
    /// Per kind (row, column, box) and index: bit `v` set when digit `v` is used.
    used: [[u16; 9]; 3],
    found: u64,
    limit: u64,
}

impl Naive {
    fn houses(i: usize) -> [usize; 3] {
        [i / 9, i % 9, 3 * (i / 27) + (i % 9) / 3]
    }

    fn toggle(&mut self, i: usize, bit: u16) {
        let [r, c, b] = Naive::houses(i);
        self.used[0][r] ^= bit;
        self.used[1][c] ^= bit;
        self.used[2][b] ^= bit;
    }

    fn free(&self, i: usize) -> u16 {
        let [r, c, b] = Naive::houses(i);
        !(self.used[0][r] | self.used[1][c] | self.used[2][b]) & 0x3fe
    }

    /// Returns `true` once the limit is reached, to unwind.
    fn search(&mut self) -> bool {
        let mut best: Option<(u32, usize)> = None;
        for i in (0..81).filter(|&i| self.values[i] == 0) {
            let n = self.free(i).count_ones();
            if best.is_none_or(|(m, _)| n < m) {
                best = Some((n, i));
            }
        }
        let Some((_, i)) = best else {
            self.found += 1;
            return self.found >= self.limit;
        };
        let mut free = self.free(i);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.values[i] = bit.trailing_zeros() as u8;
            self.toggle(i, bit);
            let done = self.search();
            self.toggle(i, bit);
            self.values[i] = 0;
            if done {
                return true;
            }
        }
        false
    }
}

/// Solves by naked singles alone (a cell with one candidate left takes it), without guessing.
/// `Some(solution)` if that fills the grid. Used to pick puzzles the solver must finish with
/// zero guesses.
pub(crate) fn solve_by_naked_singles(puzzle: &Grid) -> Option<Grid> {
    let mut state = Naive {
        values: *puzzle.values(),
        used: [[0; 9]; 3],
        found: 0,
        limit: 1,
    };
    for i in 0..81 {
        let v = state.values[i];
        if v != 0 {
            state.toggle(i, 1 << v);
        }
    }
    loop {
        let mut progress = false;
        for i in 0..81 {
            if state.values[i] == 0 {
                let free = state.free(i);
                if free.count_ones() == 1 {
                    state.values[i] = free.trailing_zeros() as u8;
                    state.toggle(i, free);
                    progress = true;
                }
            }
        }
        if !progress {
            break;
        }
    }
    let grid = Grid::from_values(state.values)?;
    (grid.is_full() && check_solution(puzzle, &grid).is_ok()).then_some(grid)
}

/// The shared public data folder (`$SUDOKU_DATA`, else `../shared/data` beside the checkout), or
/// `None` when it is absent: tests that need it then say so and skip, except in CI (see
/// [`in_ci`]), where a missing folder fails the test that asked for it.
pub(crate) fn shared_data() -> Option<PathBuf> {
    let sibling = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let from_env = std::env::var_os("SUDOKU_DATA").map(PathBuf::from);
    locate_data(from_env, sibling, in_ci()).unwrap_or_else(|why| panic!("{why}"))
}

/// The text of `relative` inside the shared data folder, or `None` when the folder is absent
/// outside CI (said on stderr, with `test` naming the caller). A file missing from a folder that
/// is there is skipped the same way, and fails in CI (see [`skip`]).
pub(crate) fn read_shared(test: &str, relative: &str) -> Option<String> {
    let Some(dir) = shared_data() else {
        report(&format!(
            "{test}: skipped, no shared data folder (set SUDOKU_DATA)"
        ));
        return None;
    };
    let path = dir.join(relative);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(why) => {
            skip(&format!("{test}: cannot read {}: {why}", path.display()));
            None
        }
    }
}

/// The first `n` 81-character puzzle lines of the shared data file `relative` (every one when
/// `SUDOKU_SOUNDNESS_ALL` is set, for a full run in release mode), with a label saying which, or
/// `None` as [`read_shared`] says. Fails when the file has fewer than `n`.
pub(crate) fn shared_first_lines(
    test: &str,
    relative: &str,
    n: usize,
) -> Option<(Vec<String>, String)> {
    let text = read_shared(test, relative)?;
    let all = std::env::var_os("SUDOKU_SOUNDNESS_ALL").is_some();
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81)
        .take(if all { usize::MAX } else { n })
        .map(str::to_string)
        .collect();
    if all {
        return Some((lines, format!("{relative} (all)")));
    }
    assert_eq!(lines.len(), n, "{relative} has fewer than {n} puzzles");
    Some((lines, format!("{relative} (first {n})")))
}

/// [`shared_data`]'s rule: `$SUDOKU_DATA` (`from_env`) must be a folder when set; else the
/// `sibling` folder, `None` when it is absent, which is an error in CI.
pub(crate) fn locate_data(
    from_env: Option<PathBuf>,
    sibling: PathBuf,
    ci: bool,
) -> Result<Option<PathBuf>, String> {
    if let Some(dir) = from_env {
        return if dir.is_dir() {
            Ok(Some(dir))
        } else {
            Err(format!("SUDOKU_DATA={} is not a folder", dir.display()))
        };
    }
    if sibling.is_dir() {
        Ok(Some(sibling))
    } else if ci {
        Err(format!(
            "CI is set but the shared data folder is missing ({}; set SUDOKU_DATA): in CI a \
             data test must not pass by skipping",
            sibling.display()
        ))
    } else {
        Ok(None)
    }
}

/// Whether the tests run in CI: `$CI` set to anything but empty, `0` or `false` (`.ci/run` and
/// most CI services set `CI=true`). There, what a test needs (the shared data, a CPU path that
/// CI promises) must be present, so a skip becomes a failure.
pub(crate) fn in_ci() -> bool {
    ci_means_yes(std::env::var("CI").ok().as_deref())
}

/// [`in_ci`]'s reading of the variable's value.
pub(crate) fn ci_means_yes(value: Option<&str>) -> bool {
    value.is_some_and(|v| !matches!(v.trim().to_ascii_lowercase().as_str(), "" | "0" | "false"))
}

/// Says on stderr that part of a test was skipped and why, or, in CI, fails with that message.
pub(crate) fn skip(message: &str) {
    assert!(!in_ci(), "CI is set, so this may not be skipped: {message}");
    report(&format!("{message} [skipped]"));
}

/// Writes one line to the process's stderr, bypassing the test harness's capture, so figures
/// show in CI logs without `--nocapture`.
pub(crate) fn report(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// A rating as Sudoku Explainer's serate prints it (one decimal), in tenths; `None` for
/// `timeout` or anything else.
pub(crate) fn tenths(text: &str) -> Option<i32> {
    let (units, tenth) = text.split_once('.')?;
    Some(units.parse::<i32>().ok()? * 10 + tenth.parse::<i32>().ok()?)
}
