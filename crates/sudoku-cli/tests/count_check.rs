//! `sudoku count` and `sudoku check` against the committed corpus of known counts.

mod common;

use common::*;
use predicates::prelude::*;

/// The `puzzle:count:solution` lines of testdata/counts.txt as (puzzle, expected count text).
fn corpus() -> Vec<(String, String)> {
    std::fs::read_to_string(testdata("counts.txt"))
        .expect("the corpus has counts.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(':');
            let puzzle = fields.next().unwrap_or_default().to_string();
            let count = fields.next().unwrap_or_default().to_string();
            (puzzle, count)
        })
        .collect()
}

#[test]
fn count_matches_the_corpus() {
    let corpus = corpus();
    assert!(corpus.len() >= 60, "counts.txt should hold the corpus");
    let output = sudoku()
        .args(["count", "--limit", "1000"])
        .arg(testdata("counts.txt"))
        .output()
        .expect("sudoku runs");
    // Every line was counted (invalid ones count 0, with an error): the invalid lines of the
    // corpus make the exit status 1.
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let counts: Vec<&str> = stdout.lines().collect();
    assert_eq!(counts.len(), corpus.len());
    for ((puzzle, expected), got) in corpus.iter().zip(&counts) {
        let want = match expected.strip_prefix(">=") {
            Some(_) => "at least 1000".to_string(),
            None => match expected.parse::<u64>() {
                Ok(n) if n >= 1000 => "at least 1000".to_string(),
                Ok(n) => n.to_string(),
                Err(_) => panic!("bad count {expected:?} in counts.txt"),
            },
        };
        assert_eq!(*got, want, "count of {puzzle}");
    }
    assert!(stderr_of(&output).contains("error: invalid puzzle:"));
}

#[test]
fn count_json_says_whether_the_count_is_exact() {
    let empty = ".".repeat(81);
    let output = sudoku()
        .args(["count", "--json", "--limit", "50"])
        .write_stdin(format!("{TWO_SOLUTIONS}\n{empty}\n{INVALID}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(
        output.status.code(),
        Some(1),
        "the invalid givens fail the run"
    );
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records[0]["count"], 2);
    assert_eq!(records[0]["count_exact"], true);
    assert_eq!(records[0]["status"], "multiple");
    assert!(
        records[0].get("solution").is_none(),
        "count prints no solutions"
    );
    assert_eq!(records[1]["count"], 50);
    assert_eq!(records[1]["count_exact"], false);
    assert_eq!(records[2]["count"], 0);
    assert_eq!(records[2]["status"], "invalid");
}

#[test]
fn count_has_a_default_limit() {
    sudoku()
        .arg("count")
        .write_stdin(".".repeat(81))
        .assert()
        .success()
        .stdout("at least 1000\n");
}

#[test]
fn count_fails_when_the_budget_runs_out() {
    sudoku()
        .args(["count", "--limit", "100000", "--max-guesses", "10"])
        .write_stdin(".".repeat(81))
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("at least "))
        .stderr(predicate::str::contains("gave up"));
}

#[test]
fn check_says_unique_multiple_none_or_invalid() {
    sudoku()
        .arg("check")
        .write_stdin(format!(
            "{LEETCODE}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{INVALID}\n"
        ))
        .assert()
        .code(1)
        .stdout("unique\nmultiple\nnone\ninvalid: r1c1 and r1c2 both hold 5 (row 1)\n")
        .stderr("");
}

#[test]
fn check_agrees_with_the_corpus() {
    let corpus = corpus();
    let output = sudoku()
        .args(["check", "--json"])
        .arg(testdata("counts.txt"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), corpus.len());
    for ((puzzle, count), record) in corpus.iter().zip(&records) {
        let status = record["status"].as_str().expect("a status");
        let want = match count.as_str() {
            "0" if grid(puzzle).check_rules().is_err() => "invalid",
            "0" => "none",
            "1" => "unique",
            _ => "multiple",
        };
        assert_eq!(status, want, "{puzzle}");
    }
}

#[test]
fn check_succeeds_only_when_every_puzzle_is_unique() {
    sudoku()
        .arg("check")
        .arg(testdata("sample.txt"))
        .assert()
        .success()
        .stdout("unique\n".repeat(301));
    sudoku()
        .arg("check")
        .write_stdin(TWO_SOLUTIONS)
        .assert()
        .code(1)
        .stdout("multiple\n");
}

#[test]
fn check_reports_bad_lines_as_errors() {
    let path = scratch_file("check_bad.txt", format!("{LEETCODE}\nnot a puzzle\n"));
    sudoku()
        .arg("check")
        .arg(&path)
        .assert()
        .code(1)
        .stdout("unique\nerror\n")
        .stderr(predicate::str::starts_with(format!(
            "{}:2:",
            path.display()
        )))
        .stderr(predicate::str::contains(": error: "));
}

#[test]
fn every_subcommand_has_help_with_examples() {
    for subcommand in ["solve", "count", "check", "example"] {
        sudoku()
            .args([subcommand, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Example"));
    }
    sudoku()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit status"));
}

#[test]
fn usage_errors_exit_2() {
    sudoku().arg("frobnicate").assert().code(2);
    sudoku().args(["count", "--limit", "0"]).assert().code(2);
    sudoku().args(["solve", "--threads", "0"]).assert().code(2);
    sudoku()
        .args(["solve", "--first", "--all"])
        .assert()
        .code(2);
}

/// Issue 32, item 9: `count` and `canon` exited 0 on givens that break the rules, unlike the
/// README's rule (1 when a puzzle had bad input). They still print their answer in its place.
#[test]
fn count_and_canon_fail_on_invalid_givens() {
    for args in [&["count"][..], &["canon"][..]] {
        let valid = sudoku()
            .args(args)
            .write_stdin(format!("{LEETCODE}\n"))
            .assert()
            .success();
        drop(valid);
        let output = sudoku()
            .args(args)
            .write_stdin(format!("{LEETCODE}\n{INVALID}\n"))
            .output()
            .expect("sudoku runs");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout_of(&output).lines().count(), 2, "{args:?}");
        assert!(
            stderr_of(&output).contains("<stdin>:2: error: invalid"),
            "{args:?}: {}",
            stderr_of(&output)
        );
    }
}
