//! Smoke tests: the benchmark machinery on a few embedded puzzles, in both modes. They check the
//! counts it reports and its exit codes, never its timings (those depend on the machine).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use sudokit::internals::CpuPath;
use sudoku_bench::bench::{self, Config};
use sudoku_bench::data::{self, PuzzleSet};
use sudoku_bench::report::Solutions;
use sudoku_bench::solvers::{Mode, Solver};
use sudoku_bench::timing::{Clock, Plan};

/// Four unique puzzles (the Java and C++ seed examples, the LeetCode 37 example, a hardest-list
/// puzzle), two with several solutions, one whose givens break the rules and one that keeps the
/// rules but has no solution (from tdoku's test file), plus a comment and a bad line.
const SET: &str = "\
# embedded smoke set
..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..
3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
8.........95.......67..........2.485...4.3192......736...651947...732518...894263
123456789........................................................................
11...............................................................................
1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.
";

const SOLVABLE: u64 = 6;
const UNIQUE: u64 = 4;
const SEVERAL: u64 = 2;
const NONE: u64 = 2;

fn embedded_set() -> PuzzleSet {
    data::parse_set("smoke", Path::new("smoke.txt"), SET, None)
}

fn quick(solvers: Vec<Solver>) -> Config {
    Config {
        modes: vec![Mode::First, Mode::Count],
        solvers,
        plan: Plan {
            rounds: 2,
            min_time: Duration::from_millis(4),
            clock: Clock::Cpu,
        },
        cpu_path: CpuPath::detected(),
    }
}

#[test]
fn reports_consistent_counts_in_both_modes() {
    let set = embedded_set();
    assert_eq!(set.puzzles.len(), 8);
    assert!(set.bad_lines.is_empty());
    let mut seen = Vec::new();
    let result = bench::measure_set(&set, &quick(vec![Solver::Ours, Solver::Theirs]), |row| {
        seen.push(row.mode)
    });
    assert!(result.failures.is_empty(), "{:?}", result.failures);
    assert_eq!(seen, vec![Mode::First, Mode::Count]);
    let [first, count] = &result.rows[..] else {
        panic!("expected one row per mode, got {:?}", result.rows);
    };

    assert_eq!(first.mode, Mode::First);
    let solved = Solutions {
        none: NONE,
        one: SOLVABLE,
        several: 0,
    };
    assert_eq!(
        (first.ours_solutions, first.theirs_solutions),
        (solved, solved)
    );

    assert_eq!(count.mode, Mode::Count);
    let counted = Solutions {
        none: NONE,
        one: UNIQUE,
        several: SEVERAL,
    };
    assert_eq!(
        (count.ours_solutions, count.theirs_solutions),
        (counted, counted)
    );

    for row in &result.rows {
        assert_eq!(row.set, "smoke");
        assert_eq!(row.puzzles, 8);
        assert_eq!(row.mismatches, 0);
        assert!((0.0..=100.0).contains(&row.ours_no_guess_pct));
        let (Some(ours), Some(theirs), Some(ratio)) = (row.ours, row.theirs, row.ratio) else {
            panic!("both solvers were timed: {row:?}");
        };
        assert!(ours.passes >= 2 && theirs.passes >= 2);
        assert!(ours.us_per_puzzle > 0.0 && theirs.us_per_puzzle > 0.0);
        assert!(ratio > 0.0 && ratio.is_finite());
    }
    // Proving uniqueness never takes fewer guesses than finding the first solution.
    assert!(count.ours_guesses_per_puzzle >= first.ours_guesses_per_puzzle);
}

#[test]
fn one_puzzle_chunks_give_the_same_counts() {
    let set = embedded_set();
    let config = Config {
        plan: Plan {
            rounds: 3,
            min_time: Duration::ZERO,
            clock: Clock::Wall,
        },
        ..quick(vec![Solver::Ours, Solver::Theirs])
    };
    let result = bench::measure_set(&set, &config, |_| {});
    assert!(result.failures.is_empty(), "{:?}", result.failures);
    for row in &result.rows {
        assert_eq!(row.ours_solutions, row.theirs_solutions);
        let (Some(ours), Some(theirs)) = (row.ours, row.theirs) else {
            panic!("both solvers were timed: {row:?}");
        };
        // With no time target every chunk runs once per round: three passes in all.
        assert_eq!((ours.passes, theirs.passes), (3, 3));
    }
}

#[test]
fn timing_one_solver_still_checks_both_and_leaves_the_other_blank() {
    let set = embedded_set();
    let result = bench::measure_set(&set, &quick(vec![Solver::Theirs]), |_| {});
    assert!(result.failures.is_empty(), "{:?}", result.failures);
    for row in &result.rows {
        assert!(row.ours.is_none() && row.ratio.is_none());
        assert!(row.theirs.is_some());
        assert_eq!(row.ours_solutions, row.theirs_solutions);
    }
}

#[test]
fn an_empty_set_is_reported_without_timing() {
    let set = data::parse_set("empty", Path::new("empty.txt"), "# nothing\n", None);
    let result = bench::measure_set(&set, &quick(vec![Solver::Ours, Solver::Theirs]), |_| {});
    assert!(result.failures.is_empty());
    assert!(result
        .rows
        .iter()
        .all(|row| row.puzzles == 0 && row.ours.is_none() && row.theirs.is_none()));
}

fn write_set(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    if let Err(e) = std::fs::write(&path, text) {
        panic!("cannot write {}: {e}", path.display());
    }
    path
}

fn bench_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"));
    command.args(["--rounds", "1", "--min-time", "0.002"]);
    command
}

#[test]
fn the_binary_prints_a_table_and_succeeds_on_good_input() {
    let path = write_set("smoke_good.txt", SET);
    let output = bench_command().arg(&path).output();
    let Ok(output) = output else {
        panic!("cannot run the binary");
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("command: sudoku-bench --rounds 1"));
    assert!(stdout.contains("| smoke_good | first "));
    assert!(stdout.contains("| smoke_good | count "));
    assert!(stdout.contains("checked: all 16 answers valid"));
}

#[test]
fn the_binary_fails_on_a_bad_line_and_names_it() {
    let path = write_set("smoke_bad.txt", &format!("{SET}not a puzzle\n"));
    let Ok(output) = bench_command()
        .args(["--mode", "first", "--json"])
        .arg(&path)
        .output()
    else {
        panic!("cannot run the binary");
    };
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("smoke_bad.txt:10:"), "{stderr}");
    let json: serde_json::Value = match serde_json::from_slice(&output.stdout) {
        Ok(json) => json,
        Err(e) => panic!("stdout is not JSON: {e}"),
    };
    assert_eq!(json["rows"][0]["puzzles"], 8);
    assert_eq!(json["failures"].as_array().map(Vec::len), Some(1));
}

/// The binary's standard output on `path` with the `extra` options; it must succeed.
fn succeeding_run(extra: &[&str], path: &Path) -> String {
    let Ok(output) = bench_command().args(extra).arg(path).output() else {
        panic!("cannot run the binary");
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_binary_times_transformed_puzzles_and_says_so() {
    let path = write_set("smoke_transform.txt", SET);
    let run = |extra: &[&str]| succeeding_run(extra, &path);
    let table = run(&["--transform", "5"]);
    assert!(table.contains("puzzles: random equivalents of the stored ones"));
    assert!(table.contains("checked: all 16 answers valid"));
    let json: serde_json::Value = match serde_json::from_str(&run(&["--transform", "5", "--json"]))
    {
        Ok(json) => json,
        Err(e) => panic!("stdout is not JSON: {e}"),
    };
    assert_eq!(json["header"]["transform"], 5);
    assert_eq!(json["rows"][1]["puzzles"], 8);
    assert_eq!(json["failures"].as_array().map(Vec::len), Some(0));
    assert!(!run(&[]).contains("random equivalents"));
}

#[test]
fn the_binary_measures_several_runs_and_sums_them_up() {
    let path = write_set("smoke_runs.txt", SET);
    let run = |extra: &[&str]| succeeding_run(extra, &path);
    let table = run(&["--runs", "2"]);
    assert!(table.contains("run 1 of 2:"), "{table}");
    assert!(table.contains("run 2 of 2:"), "{table}");
    assert_eq!(table.matches("| smoke_runs | first ").count(), 3, "{table}");
    assert!(
        table.contains("ratio ours/theirs over the runs:"),
        "{table}"
    );
    assert!(table.contains("measured 2 times in turn"), "{table}");
    // Both runs' answers are checked and counted.
    assert!(table.contains("checked: all 32 answers valid"), "{table}");
    let json: serde_json::Value = match serde_json::from_str(&run(&["--runs", "2", "--json"])) {
        Ok(json) => json,
        Err(e) => panic!("stdout is not JSON: {e}"),
    };
    assert_eq!(json["header"]["runs"], 2);
    let runs: Vec<_> = json["rows"]
        .as_array()
        .map(|rows| rows.iter().map(|row| row["run"].clone()).collect())
        .unwrap_or_default();
    assert_eq!(runs, [1, 1, 2, 2]);
    assert_eq!(json["summary"][1]["mode"], "count");
    assert_eq!(
        json["summary"][1]["ratios"].as_array().map(Vec::len),
        Some(2)
    );
    // One run: no summary table, no run headings.
    let single = run(&[]);
    assert!(!single.contains("over the runs") && !single.contains("run 1 of"));
}

#[test]
fn the_binary_says_when_the_data_folder_is_absent() {
    let output = bench_command()
        .env("SUDOKU_DATA", "/nonexistent/sudoku-data")
        .output();
    let Ok(output) = output else {
        panic!("cannot run the binary");
    };
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no data folder found"), "{stderr}");
    assert!(stderr.contains("/nonexistent/sudoku-data"), "{stderr}");
}
