//! `sudoku solve` (and `sudoku` alone, and `sudoku example`): formats, statuses, exit codes.

mod common;

use common::*;
use predicates::prelude::*;
use sudokit::format;

#[test]
fn one_puzzle_on_stdin_prints_its_solution_as_a_grid() {
    let expected = format::to_grid(&grid(LEETCODE_SOLUTION));
    sudoku()
        .arg("solve")
        .write_stdin(format!("{LEETCODE}\n"))
        .assert()
        .success()
        .stdout(expected)
        .stderr("");
}

#[test]
fn sudoku_without_a_subcommand_solves_stdin() {
    let expected = format::to_grid(&grid(LEETCODE_SOLUTION));
    sudoku()
        .write_stdin(LEETCODE)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn several_puzzles_print_one_line_each() {
    sudoku()
        .arg("solve")
        .write_stdin(format!("{LEETCODE}\n{JAVA}\n"))
        .assert()
        .success()
        .stdout(format!(
            "{LEETCODE_SOLUTION}\n{}\n",
            std::fs::read_to_string(testdata("examples/java_tutorial.solutions.txt"))
                .expect("the corpus has the Java solutions")
                .trim()
        ));
}

#[test]
fn format_line_and_format_grid_override_the_default() {
    sudoku()
        .args(["solve", "--format", "line"])
        .write_stdin(LEETCODE)
        .assert()
        .success()
        .stdout(format!("{LEETCODE_SOLUTION}\n"));
    let one = format::to_grid(&grid(LEETCODE_SOLUTION));
    sudoku()
        .args(["solve", "--format", "grid"])
        .write_stdin(format!("{LEETCODE}\n{LEETCODE}\n"))
        .assert()
        .success()
        .stdout(format!("{one}\n{one}"));
}

#[test]
fn grid_and_json_board_inputs_are_read() {
    let as_grid = format::to_grid(&grid(LEETCODE));
    sudoku()
        .args(["solve", "--format", "line"])
        .write_stdin(as_grid)
        .assert()
        .success()
        .stdout(format!("{LEETCODE_SOLUTION}\n"));
    let output = sudoku()
        .args(["solve", "--json"])
        .arg(testdata("examples/leetcode37.json"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["solution"], LEETCODE_SOLUTION);
    // The solution is also given as a board in the input's JSON shape.
    let board = &records[0]["board"];
    assert_eq!(board[0][0], "5");
    assert_eq!(board[0][2], "4");
    assert_eq!(board[8][8], "9");
}

#[test]
fn json_output_has_one_object_per_puzzle() {
    let input = format!("{LEETCODE}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{INVALID}\n");
    let output = sudoku()
        .args(["solve", "--json"])
        .write_stdin(input)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&stdout_of(&output));
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().expect("status is a string"))
        .collect();
    assert_eq!(statuses, ["unique", "multiple", "none", "invalid"]);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record["line"], i + 1);
        assert_eq!(record["file"], "<stdin>");
        assert!(record["guesses"].is_u64());
        assert!(record.get("time_us").is_none());
    }
    assert_eq!(records[0]["input"], LEETCODE);
    assert_eq!(records[0]["solution"], LEETCODE_SOLUTION);
    let first_of_two = records[1]["solution"]
        .as_str()
        .expect("a multiple puzzle shows a solution");
    assert!(grid(first_of_two).is_solution_of(&grid(TWO_SOLUTIONS)));
    assert!(records[2].get("solution").is_none());
    assert_eq!(records[3]["error"], "r1c1 and r1c2 both hold 5 (row 1)");
    // JSON carries the verdicts itself: no notes on stderr.
    assert_eq!(stderr_of(&output), "");
}

#[test]
fn first_skips_the_uniqueness_proof() {
    let output = sudoku()
        .args(["solve", "--first", "--json"])
        .write_stdin(TWO_SOLUTIONS)
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records[0]["status"], "solved");
}

#[test]
fn several_solutions_print_the_first_and_warn() {
    let output = sudoku()
        .args(["solve", "--format", "line"])
        .write_stdin(TWO_SOLUTIONS)
        .output()
        .expect("sudoku runs");
    // Solved, if not uniquely: success.
    assert!(output.status.success());
    let stdout = stdout_of(&output);
    assert!(grid(stdout.trim_end()).is_solution_of(&grid(TWO_SOLUTIONS)));
    assert_eq!(
        stderr_of(&output),
        "<stdin>:1: warning: several solutions; printed the first (`sudoku solve --all` lists them)\n"
    );
}

#[test]
fn no_solution_and_invalid_givens_fail_with_a_reason() {
    sudoku()
        .args(["solve", "--format", "line"])
        .write_stdin(format!("{NO_SOLUTION}\n{LEETCODE}\n{INVALID}\n"))
        .assert()
        .code(1)
        // One line per puzzle: empty where there is no answer.
        .stdout(format!("\n{LEETCODE_SOLUTION}\n\n"))
        .stderr(
            "<stdin>:1: error: no solution\n\
             <stdin>:3: error: invalid puzzle: r1c1 and r1c2 both hold 5 (row 1)\n",
        );
}

#[test]
fn all_lists_every_solution() {
    sudoku()
        .args(["solve", "--all", "--format", "line"])
        .arg(testdata("examples/java_tutorial.txt"))
        .assert()
        .success()
        .stdout(
            std::fs::read_to_string(testdata("examples/java_tutorial.solutions.txt"))
                .expect("the corpus has the Java solutions"),
        );
    let output = sudoku()
        .args(["solve", "--all", "--format", "line"])
        .write_stdin(TWO_SOLUTIONS)
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let stdout = stdout_of(&output);
    let solutions: Vec<&str> = stdout.lines().collect();
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    for s in &solutions {
        assert!(grid(s).is_solution_of(&grid(TWO_SOLUTIONS)));
    }
}

#[test]
fn all_stops_at_the_limit_and_says_so() {
    let empty = ".".repeat(81);
    let output = sudoku()
        .args(["solve", "--all", "--limit", "5", "--format", "line"])
        .write_stdin(format!("{empty}\n{LEETCODE}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let stdout = stdout_of(&output);
    // Two blocks, one per puzzle, separated by an empty line.
    let blocks: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    let first: Vec<&str> = blocks[0].lines().collect();
    assert_eq!(first.len(), 5);
    let distinct: std::collections::HashSet<&&str> = first.iter().collect();
    assert_eq!(distinct.len(), 5);
    assert!(first.iter().all(|s| grid(s).is_full()));
    assert_eq!(blocks[1], format!("{LEETCODE_SOLUTION}\n"));
    assert_eq!(
        stderr_of(&output),
        "<stdin>:1: note: listed the first 5 solutions; there may be more (raise --limit)\n"
    );
}

#[test]
fn all_in_json_gives_a_solutions_array() {
    let output = sudoku()
        .args(["solve", "--all", "--json", "--time"])
        .write_stdin(format!("{TWO_SOLUTIONS}\n{INVALID}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["status"], "multiple");
    assert_eq!(records[0]["count"], 2);
    assert_eq!(records[0]["count_exact"], true);
    assert_eq!(
        records[0]["solutions"]
            .as_array()
            .expect("solutions is an array")
            .len(),
        2
    );
    assert!(records[0]["time_us"].is_number());
    assert_eq!(records[1]["status"], "invalid");
}

#[test]
fn limit_needs_all() {
    sudoku()
        .args(["solve", "--limit", "3"])
        .write_stdin(LEETCODE)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--all"));
}

#[test]
fn time_adds_a_column_or_a_field() {
    let output = sudoku()
        .args(["solve", "--time", "--format", "line"])
        .write_stdin(LEETCODE)
        .output()
        .expect("sudoku runs");
    let stdout = stdout_of(&output);
    let (solution, micros) = stdout
        .trim_end()
        .split_once('\t')
        .expect("a tab before the time");
    assert_eq!(solution, LEETCODE_SOLUTION);
    assert!(micros.parse::<f64>().is_ok_and(|t| t >= 0.0), "{micros:?}");

    let output = sudoku()
        .args(["solve", "--time", "--json"])
        .write_stdin(LEETCODE)
        .output()
        .expect("sudoku runs");
    let records = json_lines(&stdout_of(&output));
    assert!(records[0]["time_us"].as_f64().is_some_and(|t| t >= 0.0));
}

#[test]
fn the_guess_budget_stops_a_search() {
    // A hard puzzle (from hardest_1106) that needs many guesses.
    let hard = std::fs::read_to_string(testdata("sample.txt"))
        .expect("the corpus has sample.txt")
        .lines()
        .nth(90)
        .expect("sample.txt has 301 lines")
        .to_string();
    let output = sudoku()
        .args(["solve", "--json", "--max-guesses", "1"])
        .write_stdin(hard.clone())
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records[0]["status"], "gave_up");
    assert!(records[0]["error"]
        .as_str()
        .is_some_and(|e| e.contains("budget")));
    // No budget at all solves it.
    sudoku()
        .args(["solve", "--max-guesses", "0", "--format", "line"])
        .write_stdin(hard)
        .assert()
        .success();
}

#[test]
fn example_shows_puzzle_and_solution() {
    let puzzle = format::to_grid(&grid(LEETCODE));
    let solution = format::to_grid(&grid(LEETCODE_SOLUTION));
    sudoku()
        .arg("example")
        .assert()
        .success()
        .stdout(predicate::str::contains("LeetCode 37"))
        .stdout(predicate::str::contains(puzzle))
        .stdout(predicate::str::contains("unique"))
        .stdout(predicate::str::contains(solution));
}

/// Issue 32, item 10: `cat empty.txt | sudoku > out.txt` wrote the built-in example into
/// out.txt. Bare `sudoku` shows the example only when standard input is a terminal; otherwise
/// it solves standard input like `sudoku solve`.
#[test]
fn bare_sudoku_on_a_non_terminal_stdin_solves_it() {
    sudoku().write_stdin("").assert().success().stdout("");
    sudoku()
        .write_stdin(format!("{LEETCODE}\n{JAVA}\n"))
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!(
            "{LEETCODE_SOLUTION}\n"
        )));
}

/// Issue 32, item 10: `sudoku FILE` and `sudoku -` were usage errors although the help says
/// bare `sudoku` works like `sudoku solve`.
#[test]
fn bare_sudoku_solves_files_and_dash() {
    let file = scratch_file("bare.txt", format!("{LEETCODE}\n{JAVA}\n"));
    let by_solve = sudoku()
        .arg("solve")
        .arg(&file)
        .output()
        .expect("sudoku runs");
    assert!(by_solve.status.success());
    let bare = sudoku().arg(&file).output().expect("sudoku runs");
    assert!(bare.status.success(), "{}", stderr_of(&bare));
    assert_eq!(stdout_of(&bare), stdout_of(&by_solve));
    sudoku()
        .arg("-")
        .write_stdin(format!("{LEETCODE}\n{JAVA}\n"))
        .assert()
        .success()
        .stdout(stdout_of(&by_solve));
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    sudoku()
        .arg("solve")
        .write_stdin("")
        .assert()
        .success()
        .stdout("")
        .stderr("");
}

#[test]
fn crlf_and_trailing_fields_are_accepted() {
    sudoku()
        .args(["solve", "--format", "line"])
        .write_stdin(format!(
            "{LEETCODE}\t8.5\r\n{LEETCODE},{LEETCODE_SOLUTION}\r\n"
        ))
        .assert()
        .success()
        .stdout(format!("{LEETCODE_SOLUTION}\n{LEETCODE_SOLUTION}\n"));
}
