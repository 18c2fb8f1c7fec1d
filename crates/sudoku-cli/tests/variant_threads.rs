//! `--threads` and `--stats` on the variant path: a batch of variant puzzles (lines, or JSON
//! documents one after another) answers the same, in input order, on one thread and on two,
//! and `--stats` prints the classic summary with the right counts and guesses.

mod common;

use common::{json_lines, run_with_stdin, scratch_file, stderr_of, stdout_of, sudoku};

/// `generate`'s output for `args`, which must succeed.
fn generated(args: &[&str]) -> String {
    let output = sudoku().arg("generate").args(args).output().expect("runs");
    assert!(output.status.success(), "{output:?}");
    stdout_of(&output)
}

/// The stderr of a run without its `--stats` summary (whose first line has the time).
fn messages(stderr: &str) -> String {
    stderr
        .lines()
        .take_while(|l| !l.starts_with("puzzles "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A batch with every kind of answer: generated 6x6 diagonal lines (unique), an empty grid
/// (multiple), two 1s in a row (invalid), a line of the wrong length (error), and givens that
/// keep the rules but leave r1c6 no digit (none).
fn mixed_lines() -> String {
    let mut text = generated(&[
        "--boxes", "2x3", "--rules", "diagonal", "-n", "40", "--seed", "3",
    ]);
    text.push_str(&".".repeat(36));
    text.push('\n');
    text.push_str(&format!("11{}\n", ".".repeat(34)));
    text.push_str("123\n");
    text.push_str(&format!("12345.{}6\n", ".".repeat(29)));
    text
}

#[test]
fn one_and_two_threads_answer_alike_on_lines() {
    let path = scratch_file("variant_threads_lines.txt", mixed_lines());
    for job in [
        &["solve", "--rules", "diagonal", "--boxes", "2x3"][..],
        &[
            "solve", "--rules", "diagonal", "--boxes", "2x3", "--all", "--limit", "3",
        ],
        &[
            "count", "--rules", "diagonal", "--boxes", "2x3", "--limit", "50",
        ],
        &["check", "--rules", "diagonal", "--boxes", "2x3", "--json"],
    ] {
        let run = |threads: &str| {
            sudoku()
                .args(job)
                .args(["--threads", threads])
                .arg(&path)
                .output()
                .expect("runs")
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one.status.code(), Some(1), "{job:?}: some lines fail");
        assert_eq!(one.status.code(), two.status.code(), "{job:?}");
        assert_eq!(stdout_of(&one), stdout_of(&two), "{job:?}");
        assert_eq!(stderr_of(&one), stderr_of(&two), "{job:?}");
        // One answer per input line, in order: the 40 generated, then the four made by hand.
        let out = stdout_of(&one);
        if job[0] == "count" {
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 44, "{out}");
            assert!(lines[..40].iter().all(|l| *l == "1"), "{out}");
            assert_eq!(&lines[40..], ["at least 50", "0", "", "0"], "{out}");
        }
        if job[0] == "check" {
            let statuses: Vec<String> = json_lines(&out)
                .iter()
                .map(|r| r["status"].as_str().expect("a status").to_string())
                .collect();
            assert_eq!(statuses.len(), 44);
            assert_eq!(&statuses[40..], ["multiple", "invalid", "error", "none"]);
            let lines: Vec<u64> = json_lines(&out)
                .iter()
                .map(|r| r["line"].as_u64().expect("a line"))
                .collect();
            assert_eq!(lines, (1..=44).collect::<Vec<u64>>());
        }
    }
}

#[test]
fn one_and_two_threads_answer_alike_on_documents() {
    let documents = generated(&["--killer", "--size", "6", "-n", "12", "--seed", "5"]);
    let run = |threads: &str| {
        run_with_stdin(
            &["solve", "--variant", "--threads", threads, "--stats"],
            &documents,
        )
    };
    let (one, two) = (run("1"), run("2"));
    assert!(one.status.success(), "{one:?}");
    assert_eq!(stdout_of(&one), stdout_of(&two));
    assert_eq!(messages(&stderr_of(&one)), messages(&stderr_of(&two)));
    let documents_out = serde_json::Deserializer::from_str(&stdout_of(&one))
        .into_iter::<serde_json::Value>()
        .count();
    assert_eq!(documents_out, 12);
    assert!(stderr_of(&one).contains("1 thread)"), "{}", stderr_of(&one));
    assert!(
        stderr_of(&two).contains("2 threads)"),
        "{}",
        stderr_of(&two)
    );
    assert!(stderr_of(&two).contains("solved     12 (unique 12)\n"));
}

#[test]
fn stats_count_statuses_and_guesses() {
    let input = mixed_lines();
    let args = [
        "check",
        "--rules",
        "diagonal",
        "--boxes",
        "2x3",
        "--threads",
        "2",
    ];
    let json = run_with_stdin(&[&args[..], &["--json"]].concat(), &input);
    let guesses: u64 = json_lines(&stdout_of(&json))
        .iter()
        .map(|r| r["guesses"].as_u64().unwrap_or(0))
        .sum();
    let output = run_with_stdin(&[&args[..], &["--stats"]].concat(), &input);
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    let summary: Vec<&str> = stderr
        .lines()
        .skip_while(|l| !l.starts_with("puzzles "))
        .collect();
    assert!(
        summary[0].starts_with("puzzles    44 in ")
            && summary[0].ends_with("puzzles/s, 2 threads)"),
        "{stderr}"
    );
    assert_eq!(
        &summary[1..],
        [
            "solved     41 (unique 40, multiple 1)",
            "none       1",
            "invalid    1",
            "bad input  1",
            &format!(
                "guesses    {guesses} ({:.2} per puzzle)",
                guesses as f64 / 44.0
            ),
        ],
        "{stderr}"
    );
    assert!(
        guesses > 0,
        "the empty grid and the puzzle with no solution need guesses"
    );
    // Without --stats: no summary.
    let quiet = run_with_stdin(&args, &input);
    assert!(
        !stderr_of(&quiet).contains("puzzles "),
        "{}",
        stderr_of(&quiet)
    );
}

#[test]
fn an_unreadable_file_is_counted() {
    let output = sudoku()
        .args(["count", "--variant", "--stats", "no/such/file.txt"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("puzzles    0 in "), "{stderr}");
    assert!(stderr.contains("unreadable 1 input(s)"), "{stderr}");
}
