//! `sudoku generate`, `sudoku canon` and `sudoku transform`.

mod common;

use common::*;
use sudokit::generate::{self, Pattern, Symmetry};
use sudokit::solve::{self, Count};
use sudokit::{canon, Grid};

/// The solution grid with the most automorphisms (648).
const MOST_SYMMETRIC: &str =
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

fn run_ok(args: &[&str]) -> String {
    let output = sudoku().args(args).output().expect("sudoku runs");
    assert!(output.status.success(), "{args:?}: {}", stderr_of(&output));
    stdout_of(&output)
}

fn puzzles(stdout: &str) -> Vec<Grid> {
    stdout.lines().map(grid).collect()
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let out = run_ok(&["generate", "--count", "30", "--seed", "5"]);
    let made = puzzles(&out);
    assert_eq!(made.len(), 30);
    for p in &made {
        assert_eq!(solve::count(p, 2), Count::Exact(1), "{p:?}");
        assert_eq!(generate::is_minimal(p, 1_000_000), Ok(true), "{p:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let one = run_ok(&["generate", "-n", "40", "--seed", "77", "--threads", "1"]);
    let four = run_ok(&["generate", "-n", "40", "--seed", "77", "--threads", "4"]);
    assert_eq!(one, four);
    // Puzzle I does not depend on --count either.
    let fewer = run_ok(&["generate", "-n", "10", "--seed", "77", "--threads", "3"]);
    assert!(one.starts_with(&fewer));
    let other = run_ok(&["generate", "-n", "10", "--seed", "78"]);
    assert_ne!(fewer, other);
}

#[test]
fn symmetric_minimal_puzzles() {
    let out = run_ok(&[
        "generate",
        "-n",
        "6",
        "--seed",
        "3",
        "--symmetry",
        "rot180",
        "--minimal",
        "--threads",
        "2",
    ]);
    for p in puzzles(&out) {
        assert!(Symmetry::Rot180.holds_for(&p), "{p:?}");
        assert_eq!(generate::is_minimal(&p, 1_000_000), Ok(true), "{p:?}");
    }
}

#[test]
fn clue_counts_are_met() {
    let out = run_ok(&["generate", "-n", "8", "--seed", "1", "--clues", "30"]);
    for p in puzzles(&out) {
        assert_eq!(p.count_filled(), 30);
        assert_eq!(solve::count(&p, 2), Count::Exact(1));
    }
    let out = run_ok(&["generate", "-n", "8", "--seed", "1", "--clues", "22..24"]);
    for p in puzzles(&out) {
        assert!((22..=24).contains(&p.count_filled()));
    }
}

#[test]
fn puzzles_follow_a_pattern_file() {
    // The pattern of the LeetCode 37 puzzle, written with x marks as a 9-line grid.
    let marks: String = LEETCODE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row: String = row
                .iter()
                .map(|&b| if b == b'.' { '.' } else { 'x' })
                .collect();
            row + "\n"
        })
        .collect();
    let path = scratch_file("generate-pattern.txt", &marks);
    let path = path.to_str().expect("a UTF-8 path");
    let out = run_ok(&["generate", "-n", "4", "--seed", "2", "--pattern", path]);
    let want = Pattern::of(&grid(LEETCODE));
    for p in puzzles(&out) {
        assert_eq!(Pattern::of(&p), want);
        assert_eq!(solve::count(&p, 2), Count::Exact(1));
    }
}

#[test]
fn json_output_carries_the_details() {
    let out = run_ok(&[
        "generate",
        "-n",
        "2",
        "--seed",
        "12",
        "--json",
        "--symmetry",
        "mirror",
    ]);
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record["index"], i);
        assert_eq!(record["seed"], 12);
        assert_eq!(record["symmetry"], "mirror");
        assert!(record["minimal"].is_null(), "not checked without --minimal");
        let puzzle = grid(record["puzzle"].as_str().expect("a puzzle string"));
        let solution = grid(record["solution"].as_str().expect("a solution string"));
        assert!(solution.is_solution_of(&puzzle));
        assert_eq!(record["clues"], puzzle.count_filled());
        assert!(record["attempts"].as_u64() >= Some(1));
    }
    let line = run_ok(&[
        "generate",
        "-n",
        "2",
        "--seed",
        "12",
        "--symmetry",
        "mirror",
    ]);
    let from_json: Vec<&str> = records
        .iter()
        .filter_map(|r| r["puzzle"].as_str())
        .collect();
    assert_eq!(line.lines().collect::<Vec<_>>(), from_json);
}

#[test]
fn grid_output_separates_puzzles() {
    let out = run_ok(&["generate", "-n", "2", "--seed", "1", "--format", "grid"]);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    assert_eq!(out.lines().count(), 11 * 2 + 1);
}

#[test]
fn stats_report_the_seed_and_rate() {
    let output = sudoku()
        .args(["generate", "-n", "5", "--stats"])
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let stderr = stderr_of(&output);
    assert!(stderr.contains("puzzles/s"), "{stderr}");
    assert!(stderr.contains("seed       "), "{stderr}");
    assert!(stderr.contains("clues      min "), "{stderr}");
    // The seed shown repeats the run.
    let seed = stderr
        .lines()
        .find_map(|l| l.strip_prefix("seed       "))
        .expect("a seed line");
    assert_eq!(
        run_ok(&["generate", "-n", "5", "--seed", seed]),
        stdout_of(&output)
    );
}

#[test]
fn a_missed_target_is_reported_and_fails() {
    let output = sudoku()
        .args([
            "generate",
            "-n",
            "2",
            "--seed",
            "1",
            "--clues",
            "17",
            "--max-attempts",
            "2",
        ])
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "");
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("puzzle 0: no attempt met the request in 2 tries"),
        "{stderr}"
    );
    assert!(stderr.contains("raise --max-attempts"), "{stderr}");
}

#[test]
fn impossible_requests_are_usage_errors() {
    for args in [
        vec!["generate", "--clues", "16"],
        vec!["generate", "--clues", "26", "--symmetry", "rot90"],
    ] {
        let output = sudoku().args(&args).output().expect("sudoku runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr_of(&output).contains("cannot generate such puzzles"));
    }
    let output = sudoku()
        .args(["generate", "--clues", "30..20"])
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn canon_prints_one_form_for_equivalent_puzzles() {
    let source = run_ok(&["generate", "-n", "3", "--seed", "8"]);
    let path = scratch_file("canon-source.txt", &source);
    let path = path.to_str().expect("a UTF-8 path");
    let moved = run_ok(&["transform", "--seed", "4", path]);
    assert_ne!(moved, source);
    let forms = run_ok(&["canon", path]);
    let moved_path = scratch_file("canon-moved.txt", &moved);
    let moved_forms = run_ok(&["canon", moved_path.to_str().expect("a UTF-8 path")]);
    assert_eq!(forms, moved_forms);
    for (puzzle, form) in source.lines().zip(forms.lines()) {
        assert_eq!(grid(form), canon::canonical(&grid(puzzle)));
    }
    // Dedup keeps the first of each class only.
    let both = format!("{source}{moved}");
    let output = sudoku()
        .args(["canon", "--dedup", "--stats"])
        .write_stdin(both)
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    assert_eq!(stdout_of(&output), forms);
    assert!(stderr_of(&output).contains("distinct   3 (dropped 3 equivalent repeats)"));
}

#[test]
fn canon_json_counts_automorphisms() {
    let output = sudoku()
        .args(["canon", "--json"])
        .write_stdin(format!(
            "{MOST_SYMMETRIC}\n{LEETCODE_SOLUTION}\nnot a puzzle\n"
        ))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1), "a bad line fails the run");
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["automorphisms"], 648);
    assert_eq!(records[0]["clues"], 81);
    assert_eq!(records[1]["automorphisms"], 1);
    let form = records[1]["canonical"].as_str().expect("a form");
    assert!(form.starts_with("123456789"));
    assert!(records[2]["error"].is_string());
    assert!(stderr_of(&output).contains("<stdin>:3:1: error:"));
}

#[test]
fn canon_keeps_lines_aligned_for_bad_input() {
    let output = sudoku()
        .arg("canon")
        .write_stdin(format!("{JAVA}\nxyz\n{JAVA}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "");
    assert_eq!(lines[0], lines[2]);
}

#[test]
fn transform_is_reproducible_and_keeps_the_solution_count() {
    let input = format!("{LEETCODE}\n{TWO_SOLUTIONS}\n{JAVA}\n");
    let run = |threads: &str| {
        let output = sudoku()
            .args(["transform", "--seed", "21", "--threads", threads])
            .write_stdin(input.clone())
            .output()
            .expect("sudoku runs");
        assert!(output.status.success());
        stdout_of(&output)
    };
    let one = run("1");
    assert_eq!(one, run("4"));
    let originals: Vec<Grid> = input.lines().map(grid).collect();
    for (original, moved) in originals.iter().zip(puzzles(&one)) {
        assert_eq!(canon::canonical(original), canon::canonical(&moved));
        assert_eq!(solve::count(original, 10), solve::count(&moved, 10));
    }
}

#[test]
fn help_texts_have_examples() {
    for command in ["generate", "canon", "transform"] {
        let out = run_ok(&[command, "--help"]);
        assert!(out.contains("Examples:"), "{command}");
        assert!(out.contains(&format!("sudoku {command}")), "{command}");
    }
}

// ---- Difficulty targets ----------------------------------------------------------------------

use sudokit::rate::{PuzzleRating, Rater};

fn rerate(puzzle: &Grid) -> PuzzleRating {
    Rater::new()
        .rate(puzzle)
        .expect("a generated puzzle is proper")
        .rating
}

/// The fields of a `PUZZLE<TAB>ER/EP/ED<TAB>LEVEL<TAB>CLUES` line.
fn rated_line(line: &str) -> (Grid, String, String, usize) {
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 4, "{line}");
    let clues = fields[3].parse().expect("a clue count");
    (
        grid(fields[0]),
        fields[1].to_string(),
        fields[2].to_string(),
        clues,
    )
}

#[test]
fn a_rating_band_is_met_and_printed_the_same_on_any_number_of_threads() {
    let args = ["generate", "-n", "6", "--seed", "5", "--rating", "2..3.9"];
    let one = run_ok(&[&args[..], &["--threads", "1"]].concat());
    let two = run_ok(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 6);
    for line in lines {
        let (puzzle, se, level, clues) = rated_line(line);
        assert_eq!(solve::count(&puzzle, 2), Count::Exact(1));
        assert_eq!(generate::is_minimal(&puzzle, 1_000_000), Ok(true));
        let rating = rerate(&puzzle);
        assert_eq!(rating.se.to_string(), se);
        assert_eq!(rating.hodoku.level.to_string(), level);
        assert_eq!(puzzle.count_filled(), clues);
        let er = rating.se.er.tenths();
        assert!((20..=39).contains(&er), "{line}");
    }
}

#[test]
fn a_level_with_symmetry_in_json() {
    let out = run_ok(&[
        "generate",
        "-n",
        "3",
        "--seed",
        "8",
        "--level",
        "medium",
        "--symmetry",
        "rot180",
        "--json",
    ]);
    for record in json_lines(&out) {
        assert_eq!(record["level"], "medium", "{record}");
        let puzzle = grid(record["puzzle"].as_str().expect("a puzzle"));
        assert!(Symmetry::Rot180.holds_for(&puzzle));
        let rating = rerate(&puzzle);
        assert_eq!(
            rating.hodoku.level,
            sudokit::rate::Level::Medium,
            "{record}"
        );
        assert_eq!(record["er"].as_f64(), Some(f64::from(rating.se.er)));
        assert_eq!(record["clues"].as_u64(), Some(puzzle.count_filled() as u64));
        assert_eq!(record["outcome"], "solved");
        for field in ["ep", "ed", "score", "steps", "hardest", "attempts"] {
            assert!(record.get(field).is_some(), "{field}: {record}");
        }
    }
}

#[test]
fn a_technique_in_grid_format() {
    let out = run_ok(&[
        "generate",
        "-n",
        "2",
        "--seed",
        "4",
        "--technique",
        "x-wing",
        "--format",
        "grid",
    ]);
    let notes: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("# rating: "))
        .collect();
    assert_eq!(notes.len(), 2, "{out}");
    for note in notes {
        assert!(note.starts_with("# rating: 3.2/"), "{note}");
    }
    // The grids read back (the rating line is a comment) and their hardest step is an X-Wing.
    for block in out.split("\n\n") {
        let puzzle = sudokit::format::parse(block).expect("a grid").grid;
        assert_eq!(
            rerate(&puzzle).hardest,
            Some(sudokit::logic::Technique::XWing)
        );
    }
}

#[test]
fn json_always_has_the_rating() {
    let out = run_ok(&["generate", "-n", "2", "--seed", "9", "--json"]);
    for record in json_lines(&out) {
        let puzzle = grid(record["puzzle"].as_str().expect("a puzzle"));
        let rating = rerate(&puzzle);
        assert_eq!(record["er"].as_f64(), Some(f64::from(rating.se.er)));
        assert_eq!(record["level"], rating.hodoku.level.to_string());
    }
    // Lines without a target stay bare puzzles.
    let out = run_ok(&["generate", "-n", "2", "--seed", "9"]);
    assert!(out.lines().all(|l| l.len() == 81), "{out}");
}

#[test]
fn an_unmet_difficulty_fails_cleanly() {
    // No technique is rated 1.1, so no puzzle can meet it.
    let output = sudoku()
        .args(["generate", "-n", "2", "--seed", "1", "--rating", "1.1"])
        .args(["--max-attempts", "20"])
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "");
    let err = stderr_of(&output);
    assert!(
        err.contains("puzzle 0: no attempt met the request in 20 tries; the closest had"),
        "{err}"
    );
    assert!(
        err.contains("raise --max-attempts or widen the target"),
        "{err}"
    );
}

#[test]
fn bad_difficulty_options_are_usage_errors() {
    for (args, says) in [
        (&["--technique", "x-wings"][..], "x-wing, "),
        (&["--rating", "7..6"][..], "invalid rating"),
        (&["--level", "trivial"][..], "unknown level"),
        (&["--rating", "6..7", "--accept-stuck"][..], "open-ended"),
        (
            &["--technique", "nested-cell-forcing-chains-2"][..],
            "the rater does not use",
        ),
    ] {
        let output = sudoku()
            .arg("generate")
            .args(args)
            .output()
            .expect("sudoku runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr_of(&output);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn stats_show_the_ratings() {
    let output = sudoku()
        .args([
            "generate", "-n", "3", "--seed", "2", "--level", "easy", "--stats",
        ])
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    let err = stderr_of(&output);
    assert!(err.contains("levels     easy 3\n"), "{err}");
    assert!(err.contains("ER         "), "{err}");
    assert!(err.contains("target     level easy\n"), "{err}");
}

/// Issue 32, item 5: targets no puzzle can meet burned every attempt (exit 1 after minutes);
/// they are refused at once as usage errors that say why.
#[test]
fn impossible_difficulty_targets_are_refused_at_once() {
    for (args, says) in [
        (&["--rating", "20"][..], "rates above"),
        (&["--rating", "12..13"][..], "rates above"),
        (
            &["--technique", "x-wing", "--rating", "9+"][..],
            "x-wing steps rate 3.2..3.2",
        ),
        (
            &["--level", "easy", "--rating", "9+"][..],
            "level easy puzzle",
        ),
    ] {
        let output = sudoku()
            // Few attempts, so that a build without the check fails here (status 1) at once.
            .args(["generate", "--max-attempts", "3"])
            .args(args)
            .output()
            .expect("sudoku runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr_of(&output);
        assert!(
            err.contains("no puzzle can meet the target"),
            "{args:?}: {err}"
        );
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Issue 32, item 9: `generate --help` described -j as reading and printing input files, and
/// negative numbers got clap's "use -- -1" tip.
#[test]
fn generate_help_and_negative_numbers() {
    let help = run_ok(&["generate", "--help"]);
    assert!(help.contains("Threads that make puzzles"), "{help}");
    assert!(!help.contains("read and print"), "{help}");
    let output = sudoku()
        .args(["generate", "-n", "-1"])
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr_of(&output);
    assert!(err.contains("must be positive"), "{err}");
    assert!(!err.contains("-- -1"), "{err}");
}

/// Issue 32, item 11: the help said "at most 648" automorphisms, but that bound is for
/// solution grids: every symmetry maps the empty grid to itself.
#[test]
fn canon_help_tells_puzzle_automorphisms_from_grid_ones() {
    let output = sudoku()
        .args(["canon", "--json"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success());
    assert!(stdout_of(&output).contains("\"automorphisms\":3359232"));
    let help = run_ok(&["canon", "--help"]).replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("at most 648 for a solution grid"), "{help}");
    assert!(help.contains("up to all 3,359,232 for a puzzle"), "{help}");
}

/// Issue 32, item 3: a pipe or file got puzzles a chunk at a time, so an interrupted run lost
/// every puzzle made so far. Each is now written as soon as it (and every earlier one) is
/// made: the first line comes out while the run goes on, and survives SIGINT.
#[cfg(unix)]
#[test]
fn each_puzzle_is_written_as_it_is_made_and_kept_on_sigint() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // SE 9+ puzzles (about 65 ms each in release): far slower to make than to write, so that
    // 63 of them cannot come out while the test waits to send the signal, even on a loaded
    // machine (ER 4-6 puzzles took 2 ms each, and a loaded run let 63 through).
    let target = ["--rating", "9+", "--seed", "11", "--threads", "1"];
    let first = run_ok(&[&["generate", "-n", "1"][..], &target[..]].concat());
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args([&["generate", "-n", "100000"][..], &target[..]].concat())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sudoku starts");
    let mut lines = BufReader::new(child.stdout.take().expect("a pipe"));
    let mut line = String::new();
    lines.read_line(&mut line).expect("a first line");
    assert_eq!(line, first);
    // The run is far from done (10^5 puzzles): interrupt it as Ctrl-C would.
    assert!(child.try_wait().expect("waits").is_none());
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut lines, &mut rest).expect("the rest");
    child.wait().expect("sudoku ends");
    // Every line that came out is a whole puzzle. Chunked output wrote 64 puzzles at once, so
    // 63 more were already in the pipe with the first; now only those made before the signal.
    for line in rest.lines() {
        let puzzle = line.split('\t').next().unwrap_or_default();
        assert_eq!(solve::count(&grid(puzzle), 2), Count::Exact(1), "{line}");
    }
    assert!(rest.lines().count() < 63, "{rest}");
}

/// Issue 32, item 4: the bar of a long request showed nothing (and "100% 1 done" when nothing
/// was made). The library now reports each candidate; observing changes no puzzle.
#[test]
fn observing_a_search_changes_nothing_and_can_stop_it() {
    use std::ops::ControlFlow;
    let options = generate::Options {
        difficulty: Some(generate::Difficulty {
            rating: "4..6".parse().ok(),
            ..generate::Difficulty::default()
        }),
        ..generate::Options::default()
    };
    let generator = generate::Generator::new(3, options).expect("possible");
    let mut reports = Vec::new();
    let observed = generator.puzzle_observed(0, &mut |a| {
        reports.push(*a);
        ControlFlow::Continue(())
    });
    assert_eq!(observed, generator.puzzle(0));
    let made = observed.expect("made within the default attempts");
    assert_eq!(reports.len() as u32, made.attempts);
    assert!(reports
        .windows(2)
        .all(|w| w[1].attempts == w[0].attempts + 1));
    let stopped = generator.puzzle_observed(0, &mut |_| ControlFlow::Break(()));
    assert_eq!(stopped.map_err(|m| m.attempts), Err(1));
}
