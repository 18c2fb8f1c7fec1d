//! `sudoku-bench human`: the checks it makes must be able to fail. A deliberately wrong
//! solution is flagged step by step, the walk is the solver's own path, bad lines are skipped
//! and counted, and the binary's exit status follows the verdict. Puzzles: the first lines of
//! the committed `testdata/sample.txt` (fast in the debug profile).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use sudokit::logic::{CandidateGrid, Outcome};
use sudokit::{solve, Grid};
use sudoku_bench::human::check::{check_line, check_puzzle, walk, Mode, SetTotals, Verdict};
use sudoku_bench::human::{check_lines, table};

const BOTH: [Mode; 2] = [Mode::Human, Mode::Se];

/// The first `n` puzzle lines of `testdata/sample.txt`.
fn sample(n: usize) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/sample.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<String> = text
        .lines()
        .filter(|l| l.len() == 81)
        .take(n)
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), n);
    lines
}

fn puzzle(line: &str) -> Grid {
    line.parse().unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The solution with digits 1 and 2 swapped: a valid grid, but not this puzzle's solution.
fn swapped(solution: &Grid) -> Grid {
    let mut values = *solution.values();
    for v in &mut values {
        *v = match *v {
            1 => 2,
            2 => 1,
            other => other,
        };
    }
    Grid::from_values(values).expect("a relabelled grid is a grid")
}

fn paths(verdict: &Verdict) -> &[(Mode, sudoku_bench::human::check::PathCheck)] {
    match verdict {
        Verdict::Checked(paths) => paths,
        other => panic!("not checked: {other:?}"),
    }
}

#[test]
fn a_wrong_solution_is_flagged_in_both_modes() {
    let mut wrong_placements = 0;
    let mut wrong_eliminations = 0;
    let mut totals = SetTotals::new(&BOTH);
    for (i, line) in sample(5).iter().enumerate() {
        let grid = puzzle(line);
        let solution = solve::solve(&grid).expect("a solution");
        // With the true solution every step is right.
        let right = check_puzzle(i + 1, line, &grid, &solution, &BOTH);
        for (mode, path) in paths(&right) {
            assert!(path.wrong.is_empty(), "{mode:?} {line}: {:?}", path.wrong);
            assert!(!path.techniques.is_empty());
        }
        let wrong = check_puzzle(i + 1, line, &grid, &swapped(&solution), &BOTH);
        for (mode, path) in paths(&wrong) {
            assert!(!path.wrong.is_empty(), "{mode:?} {line}: nothing flagged");
            for message in &path.wrong {
                assert!(message.contains(line.as_str()), "{message}");
                assert!(message.contains(&format!("line {}", i + 1)), "{message}");
            }
            wrong_placements += path.wrong.iter().filter(|m| m.contains(" places ")).count();
            wrong_eliminations += path
                .wrong
                .iter()
                .filter(|m| m.contains(" removes "))
                .count();
        }
        totals.add(i + 1, line, &wrong);
    }
    // Both kinds of wrong step are caught, not just one.
    assert!(wrong_placements > 0 && wrong_eliminations > 0);
    assert!(!totals.passed());
    for (mode, t) in &totals.modes {
        assert_eq!(t.paths, 5, "{mode:?}");
        assert!(t.wrong > 0, "{mode:?}");
    }
    let text = table("sample", &totals, (Duration::ZERO, Duration::ZERO));
    assert!(text.contains("| human | 5 |"), "{text}");
}

#[test]
fn the_walk_is_the_solvers_path() {
    for line in sample(5) {
        let grid = puzzle(&line);
        let solution = solve::solve(&grid).expect("a solution");
        for mode in BOTH {
            let walked = walk(mode, &grid, &solution, &line);
            let path = mode.solver().solve(&CandidateGrid::from_grid(&grid));
            let techniques: Vec<_> = path.steps.iter().map(|s| s.technique).collect();
            assert_eq!(walked.techniques, techniques, "{mode:?} {line}");
            assert_eq!(walked.stuck, path.outcome == Outcome::Stuck);
            let slowest = walked.slowest.expect("at least one hint");
            assert!((1..=techniques.len()).contains(&slowest.step));
            assert!(walked.cpu >= slowest.cpu);
        }
    }
}

/// Lines that are not one-solution puzzles are skipped and said, never a panic; comments and
/// blank lines are not counted; `first` counts lines of the file.
#[test]
fn bad_lines_are_reported_and_skipped() {
    let good = sample(3);
    let input = format!(
        "# a comment\n{}\n\n{}\nnot a puzzle\n{}\n\
         123456789........................................................................\n\
         11...............................................................................\n\
         ....................\n\
         ................................................................................x\n\
         1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n",
        good[0], good[1], good[2]
    );
    let mut log = Vec::new();
    let totals = check_lines(input.as_bytes(), &BOTH, None, 2, &mut log).expect("in memory");
    let log = String::from_utf8(log).expect("text");
    assert_eq!(totals.lines, 9, "{log}");
    assert_eq!(totals.skipped, 6, "{log}");
    assert_eq!(totals.failed, 0, "{log}");
    assert!(totals.passed());
    for (_, t) in &totals.modes {
        assert_eq!((t.paths, t.wrong, t.stuck), (3, 0, 0));
    }
    assert_eq!(log.matches("skipped line").count(), 6, "{log}");
    assert!(
        log.contains("skipped line 5: not an 81-cell puzzle line"),
        "{log}"
    );
    assert!(log.contains("more than one solution"), "{log}");
    assert!(log.contains("no solution"), "{log}");
    assert!(log.contains("progress: 2 lines"), "{log}");

    let mut log = Vec::new();
    let first = check_lines(input.as_bytes(), &[Mode::Human], Some(4), 0, &mut log).expect("ok");
    assert_eq!((first.lines, first.skipped), (2, 0));
    assert!(first.mode(Mode::Se).is_none());
    assert!(log.is_empty());
    assert!(matches!(check_line(1, "", &BOTH), Verdict::Skipped(_)));
}

#[test]
fn the_binary_prints_a_table_and_fails_on_a_missing_file() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("human_sets.txt");
    let mut text = sample(3).join("\n");
    text += "\nnot a puzzle\n";
    std::fs::write(&file, text).expect("write the set");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["human", "--threads", "2", "--mode", "human"])
        .arg(&file)
        .output()
        .expect("run sudoku-bench");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("## human_sets.txt: 4 lines, 1 skipped, 0 failed"),
        "{stdout}"
    );
    assert!(stdout.contains("| human | 3 |"), "{stdout}");
    assert!(!stdout.contains("| se |"), "{stdout}");
    assert!(stderr.contains("skipped line 4"), "{stderr}");

    let output = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["human", "--threads", "1"])
        .arg(dir.join("no such file.txt"))
        .output()
        .expect("run sudoku-bench");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read"));
}
