//! Batch behaviour: order kept with many threads, bad lines skipped with a message, unreadable
//! inputs, statistics, and no progress bar when standard error is not a terminal.

mod common;

use common::*;
use predicates::prelude::*;
use std::path::PathBuf;
use sudokit::{format, solve};

fn sample() -> Vec<String> {
    std::fs::read_to_string(testdata("sample.txt"))
        .expect("the corpus has sample.txt")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn output_order_is_input_order_with_many_threads() {
    // Hard and easy puzzles interleaved, over more than one chunk of work (4096 jobs), so
    // workers finish out of order.
    let sample = sample();
    assert_eq!(sample.len(), 301);
    let puzzles: Vec<&String> = sample.iter().cycle().take(4500).collect();
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let path = scratch_file("order.txt", &input);
    let output = sudoku()
        .args(["solve", "--threads", "4"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    // The sample repeats, so checking the first 301 answers against the solver and then that
    // every later answer equals the one 301 lines before pins the whole order.
    for (puzzle, line) in puzzles.iter().zip(&lines).take(301) {
        let want = solve::solve(&grid(puzzle)).expect("sample puzzles are solvable");
        assert_eq!(grid(line), want, "answer to {puzzle}");
    }
    for i in 301..lines.len() {
        assert_eq!(lines[i], lines[i - 301], "line {}", i + 1);
    }
    // One thread gives the same output.
    sudoku()
        .args(["solve", "--threads", "1"])
        .arg(&path)
        .assert()
        .success()
        .stdout(stdout);
}

#[test]
fn standard_input_from_a_file_a_pipe_or_a_path_gives_the_same_output() {
    // A regular file on standard input is read inline like a named one; a pipe by the reader
    // thread. Over more than one chunk, with a bad line and a comment among the puzzles.
    let sample = sample();
    let mut input: String = sample
        .iter()
        .cycle()
        .take(4500)
        .map(|p| format!("{p}\n"))
        .collect();
    input.push_str("# a comment\n12345\n");
    input.push_str(&sample[0]);
    let path = scratch_file("stdin.txt", &input);
    let by_path = sudoku()
        .args(["solve", "--threads", "2"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    // A line of output a record, an empty one for the bad line.
    assert_eq!(stdout_of(&by_path).lines().count(), 4502);
    assert!(
        stderr_of(&by_path).contains(":4502:6: error: expected 81 cells"),
        "{}",
        stderr_of(&by_path)
    );
    let redirected = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "--threads", "2"])
        .stdin(std::fs::File::open(&path).expect("the scratch file opens"))
        .output()
        .expect("sudoku runs");
    let piped = sudoku()
        .args(["solve", "--threads", "2"])
        .write_stdin(input.as_bytes())
        .output()
        .expect("sudoku runs");
    for output in [&redirected, &piped] {
        assert_eq!(output.status.code(), by_path.status.code());
        assert_eq!(stdout_of(output), stdout_of(&by_path));
        assert_eq!(
            stderr_of(output),
            stderr_of(&by_path).replace(&path.display().to_string(), "<stdin>")
        );
    }
}

#[test]
fn each_answer_to_a_pipe_comes_before_the_next_puzzle() {
    // Someone (or a program) feeding puzzles one at a time through a pipe gets each answer
    // while the pipe is still open: none is held back to fill a batch or a chunk.
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    for threads in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "--format", "line", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sudoku starts");
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, receiver) = mpsc::channel();
        let lines = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.expect("stdout is UTF-8")).is_err() {
                    break;
                }
            }
        });
        for puzzle in [LEETCODE, JAVA, LEETCODE] {
            writeln!(stdin, "{puzzle}").expect("sudoku reads its input");
            stdin.flush().expect("sudoku reads its input");
            // Blocks until the answer comes, with the input still open: an answer held back
            // for more input would hang here (`.ci/run` bounds the whole test run).
            let answer = receiver
                .recv()
                .unwrap_or_else(|_| panic!("no answer to {puzzle} with --threads {threads}"));
            let want = solve::solve(&grid(puzzle)).expect("the puzzle has a solution");
            assert_eq!(grid(&answer), want);
        }
        drop(stdin);
        assert!(child.wait().expect("sudoku ends").success());
        lines.join().expect("the reading thread ends");
    }
}

#[test]
fn a_bad_line_is_reported_and_the_rest_are_solved() {
    let sample = sample();
    let mut lines: Vec<String> = sample[..5].to_vec();
    lines.insert(
        2,
        "53..7....6..195.x..98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .to_string(),
    );
    let path = scratch_file("bad_line.txt", lines.join("\n") + "\n");
    let output = sudoku()
        .args(["solve", "--threads", "2"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = stdout_of(&output);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 6);
    assert_eq!(answers[2], "", "the bad line gets an empty answer");
    for (i, puzzle) in lines.iter().enumerate().filter(|&(i, _)| i != 2) {
        assert!(grid(answers[i]).is_solution_of(&grid(puzzle)));
    }
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "one error line: {stderr}");
    assert!(
        stderr.starts_with(&format!("{}:3:17: error: ", path.display())),
        "{stderr}"
    );
    assert!(stderr.contains("'x'"), "{stderr}");
}

#[test]
fn non_utf8_bytes_make_a_bad_line_not_a_failed_run() {
    let mut input = format!("{LEETCODE}\n").into_bytes();
    input.extend_from_slice(b"53..7....6..\xff\xfe5....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    input.extend_from_slice(format!("{JAVA}\n").as_bytes());
    let output = sudoku()
        .args(["solve", "--format", "line"])
        .write_stdin(input)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = stdout_of(&output);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0], LEETCODE_SOLUTION);
    assert_eq!(answers[1], "");
    assert!(grid(answers[2]).is_solution_of(&grid(JAVA)));
    assert!(stderr_of(&output).starts_with("<stdin>:2:13: error: "));
}

#[test]
fn an_unreadable_file_is_reported_and_the_others_are_read() {
    let good = scratch_file("good.txt", format!("{LEETCODE}\n{LEETCODE}\n"));
    let missing = good.with_file_name("no-such-file.txt");
    sudoku()
        .arg("solve")
        .arg(&missing)
        .arg(&good)
        .assert()
        .code(1)
        .stdout(format!("{LEETCODE_SOLUTION}\n{LEETCODE_SOLUTION}\n"))
        .stderr(predicate::str::starts_with(format!(
            "sudoku: {}: ",
            missing.display()
        )));
}

#[test]
fn line_numbers_restart_in_each_file() {
    let first = scratch_file("first.txt", format!("{LEETCODE}\n"));
    let second = scratch_file("second.txt", format!("\n{INVALID}\n"));
    sudoku()
        .args(["solve", "--format", "line"])
        .arg(&first)
        .arg(&second)
        .assert()
        .code(1)
        .stderr(format!(
            "{}:2: error: invalid puzzle: r1c1 and r1c2 both hold 5 (row 1)\n",
            second.display()
        ));
}

#[test]
fn stats_summarise_the_run_on_stderr() {
    let output = sudoku()
        .args(["solve", "--stats", "--threads", "2"])
        .write_stdin(format!(
            "{LEETCODE}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{INVALID}\nbad\n"
        ))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    for expected in [
        "puzzles    5 in ",
        "puzzles/s, 2 threads)",
        "solved     2 (unique 1, multiple 1)\n",
        "none       1\n",
        "invalid    1\n",
        "bad input  1\n",
        "guesses    ",
    ] {
        assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    }
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // Enough work that a bar would have appeared on a terminal.
    let input: String = sample()
        .iter()
        .cycle()
        .take(2000)
        .map(|p| format!("{p}\n"))
        .collect();
    sudoku()
        .args(["check", "--threads", "1"])
        .write_stdin(input)
        .assert()
        .success()
        .stderr("");
}

#[test]
fn files_and_dash_can_be_mixed() {
    let file = scratch_file("mixed.txt", format!("{JAVA}\n"));
    let output = sudoku()
        .args(["solve", "--json", "-"])
        .arg(&file)
        .write_stdin(LEETCODE)
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records[0]["file"], "<stdin>");
    assert_eq!(records[1]["file"], file.display().to_string());
}

#[test]
fn grids_and_json_boards_stream_with_the_line_puzzles() {
    let as_grid = format::to_grid(&grid(LEETCODE));
    // The same grid with its second row missing: one error, at the grid's first line.
    let broken: String = as_grid
        .lines()
        .enumerate()
        .filter(|&(i, _)| i != 1)
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    let board: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(testdata("examples/leetcode37.json"))
            .expect("the corpus has the JSON board"),
    )
    .expect("the board is JSON");
    let pretty = serde_json::to_string_pretty(&board).expect("JSON prints");
    let input = format!("{as_grid}\n{broken}\n{JAVA}\n{pretty}\n{as_grid}");
    let path = scratch_file("grids.txt", &input);
    let output = sudoku()
        .args(["solve", "--json", "--threads", "2"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&stdout_of(&output));
    let summary: Vec<(u64, &str)> = records
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().expect("a line number"),
                r["status"].as_str().expect("a status"),
            )
        })
        .collect();
    let json_line = 12 + 11 + 2;
    assert_eq!(
        summary,
        [
            (1, "unique"),
            (13, "error"),
            (24, "unique"),
            (json_line, "unique"),
            (json_line + pretty.lines().count() as u64, "unique"),
        ]
    );
    assert!(records[3]["board"].is_array(), "JSON input gets a board");
    let stderr = stderr_of(&output);
    assert!(
        stderr.starts_with(&format!("{}:13:", path.display())),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Regression: printing overlaps solving, but an answer must not wait for input that has not
/// come yet. A puzzle written to a pipe that stays open gets its line at once.
#[test]
fn an_answer_is_printed_before_more_input_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;

    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["solve", "--format", "line", "--no-progress"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sudoku starts");
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    let stdout = child.stdout.take().expect("a stdout pipe");
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    writeln!(stdin, "{puzzle}").expect("the puzzle is written");
    stdin.flush().expect("the pipe flushes");
    // Blocks with the input still open: an answer held back for more input would hang here
    // (`.ci/run` bounds the whole test run), one printed early ends the wait.
    let first = lines.recv();
    // End the input either way, so the process exits.
    drop(stdin);
    let _ = child.wait();
    let first = first.expect("the answer came while the input was still open");
    assert_eq!(
        first.expect("utf-8 output"),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
}

#[test]
fn notes_come_right_after_their_records_output() {
    // Records without an answer among many that have one, across the workers' slices of a
    // chunk (64 jobs) and across chunks (4,096 jobs), with both streams in one file: each note
    // on standard error must come right after its record's (empty) line on standard output.
    let bad = [1, 63, 64, 65, 128, 4095, 4096, 4097, 5000];
    let easy = sample()[0].clone();
    let lines: Vec<&str> = (1..=5100)
        .map(|line| {
            if !bad.contains(&line) {
                easy.as_str()
            } else if line % 2 == 0 {
                INVALID
            } else {
                NO_SOLUTION
            }
        })
        .collect();
    let path = scratch_file("notes_in_order.txt", lines.join("\n"));
    let both = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("notes_in_order.out");
    for threads in ["1", "2", "3"] {
        let file = std::fs::File::create(&both).expect("the scratch directory is writable");
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "--threads", threads])
            .arg(&path)
            .stdout(file.try_clone().expect("the file can be shared"))
            .stderr(file)
            .status()
            .expect("sudoku runs");
        assert!(!status.success(), "some records have no solution");
        let text = std::fs::read_to_string(&both).expect("the output was written");
        let solution = format::to_line(&solve::solve(&grid(&easy)).expect("solvable"));
        let mut expected = String::new();
        for (index, line) in lines.iter().enumerate() {
            let number = index + 1;
            if !bad.contains(&number) {
                expected.push_str(&format!("{solution}\n"));
                continue;
            }
            let note = if *line == INVALID {
                "error: invalid puzzle: r1c1 and r1c2 both hold 5 (row 1)"
            } else {
                "error: no solution"
            };
            expected.push_str(&format!("\n{}:{number}: {note}\n", path.display()));
        }
        assert_eq!(text, expected, "{threads} threads");
    }
}

#[test]
fn grids_are_separated_by_one_blank_line_across_slices() {
    // More records than one slice of a worker (64), after an unreadable input that has no grid.
    let easy = sample()[0].clone();
    let path = scratch_file("grid_separators.txt", vec![easy.as_str(); 150].join("\n"));
    let output = sudoku()
        .args(["solve", "--format", "grid", "--threads", "2", "missing.txt"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    let stdout = stdout_of(&output);
    let grids: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(grids.len(), 150, "{stdout}");
    let solution = solve::solve(&grid(&easy)).expect("solvable");
    for text in grids {
        assert_eq!(
            grid(&text.replace(['|', '-', '+', ' ', '\n'], "")),
            solution
        );
    }
}
