//! `sudoku hint`, `sudoku explain` and `sudoku rate`: words and JSON, pencilmark input, bad
//! lines with their place, puzzles without exactly one solution, order with many threads, the
//! per-puzzle limits, and the nested forcing chains of `--nested`.

mod common;

use common::*;
use predicates::prelude::*;

/// easy50 #6 (of the serate file): SE rates it 2.6/1.2/1.2.
const EASY: &str =
    "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6";

/// top95 #4: SE rates it 7.1/1.2/1.2, so its path needs chains.
const CHAINS: &str =
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";

#[test]
fn hint_gives_the_next_step_in_one_sentence() {
    sudoku()
        .arg("hint")
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .stdout("Hidden single in box 3: 1 can only go in r3c9.\n");
}

#[test]
fn hint_json_carries_the_step_data() {
    let output = sudoku()
        .args(["hint", "--json"])
        .write_stdin(format!("{EASY}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(record["file"], "<stdin>");
    assert_eq!(record["line"], 1);
    assert_eq!(record["input"], EASY);
    assert_eq!(record["status"], "step");
    let step = &record["step"];
    assert_eq!(step["technique"], "hidden_single_box");
    assert_eq!(step["rating"], 1.2);
    // r3c9 is cell 26 (0-based, row-major); box 3 is block 2.
    assert_eq!(step["placements"], serde_json::json!([[26, 1]]));
    assert_eq!(step["houses"], serde_json::json!([{"block": 2}]));
    assert_eq!(
        step["text"],
        "Hidden single in box 3: 1 can only go in r3c9."
    );
}

/// The 729-character form of a position: `placed` digits per cell (0 for empty), every other
/// cell with the candidates in `candidates` (by cell index, or all nine).
fn pencilmarks(puzzle: &str, candidates: &[(usize, &str)]) -> String {
    let grid = grid(puzzle);
    let mut out = String::new();
    for (i, &value) in grid.values().iter().enumerate() {
        let keep: Vec<u8> = if value > 0 {
            vec![value]
        } else if let Some((_, set)) = candidates.iter().find(|(c, _)| *c == i) {
            set.bytes().map(|b| b - b'0').collect()
        } else {
            (1..=9).collect()
        };
        for d in 1..=9u8 {
            out.push(if keep.contains(&d) {
                char::from(b'0' + d)
            } else {
                '.'
            });
        }
    }
    out
}

#[test]
fn hint_reads_a_pencilmark_position() {
    // The position after the first step, as pencilmarks (all nine candidates in the empty
    // cells, which the placed digits then narrow): the hint goes on from there, as it does from
    // the puzzle with that digit placed.
    let mut after = EASY.as_bytes().to_vec();
    after[26] = b'1';
    let after = String::from_utf8(after).expect("ASCII");
    let position = pencilmarks(&after, &[]);
    assert_eq!(position.len(), 729);
    let from_puzzle = sudoku()
        .arg("hint")
        .write_stdin(format!("{after}\n"))
        .output()
        .expect("sudoku runs");
    let from_pencilmarks = sudoku()
        .args(["hint", "--json"])
        .write_stdin(format!("{position}\n"))
        .output()
        .expect("sudoku runs");
    assert!(
        from_pencilmarks.status.success(),
        "{}",
        stderr_of(&from_pencilmarks)
    );
    let record = &json_lines(&stdout_of(&from_pencilmarks))[0];
    assert_eq!(record["input"].as_str().map(str::len), Some(729));
    let text = record["step"]["text"].as_str().expect("a step");
    assert_eq!(format!("{text}\n"), stdout_of(&from_puzzle));
    assert_ne!(text, "Hidden single in box 3: 1 can only go in r3c9.");

    // Candidates narrowed by hand are read as given: keeping an empty cell's solution digit is
    // fine, leaving it out means the position has no solution.
    let solution = sudokit::solve::solve(&grid(EASY)).expect("solvable");
    let empty = EASY.find('.').expect("an empty cell");
    let digit = solution.values()[empty];
    let other = if digit == 9 { 8 } else { 9 };
    let keep = format!("{}{}", digit.min(other), digit.max(other));
    let narrowed = pencilmarks(EASY, &[(empty, keep.as_str())]);
    sudoku()
        .arg("hint")
        .write_stdin(format!("{narrowed}\n"))
        .assert()
        .success();
    let wrong: String = (1..=9u8)
        .filter(|&d| d != digit)
        .take(2)
        .map(|d| char::from(b'0' + d))
        .collect();
    let wrong = pencilmarks(EASY, &[(empty, wrong.as_str())]);
    sudoku()
        .arg("hint")
        .write_stdin(format!("{wrong}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:1: error: no solution"));
}

/// A position of CHAINS with some candidates narrowed by hand (each keeps its solution digit),
/// as a HoDoKu "PM grid" copy (`.---.`, `:---+---:`, `'---'` frames) and as the 729-character
/// form.
fn chains_position() -> (String, String) {
    let puzzle = grid(CHAINS);
    let solution = sudokit::solve::solve(&puzzle).expect("solvable");
    let mut state = sudokit::logic::CandidateGrid::from_grid(&puzzle);
    // Drop the first two wrong candidates of every fifth empty cell (keeping two or more).
    let empty: Vec<sudokit::Cell> = state.empty_cells().iter().collect();
    for &cell in empty.iter().step_by(5) {
        let wrong: Vec<sudokit::Digit> = state
            .candidates(cell)
            .iter()
            .filter(|&d| solution.get(cell) != Some(d))
            .collect();
        for &d in wrong.iter().take(wrong.len().saturating_sub(1).min(2)) {
            state.eliminate(cell, d);
        }
    }
    (state.to_string(), state.to_candidate_string())
}

#[test]
fn hint_and_explain_read_a_pencilmark_grid_like_the_729_form() {
    let (framed, line) = chains_position();
    assert!(framed.starts_with(".-") && framed.contains(":-") && framed.contains("'-"));
    let run = |args: &[&str], input: &str| {
        let output = sudoku()
            .args(args)
            .write_stdin(input.to_string())
            .output()
            .expect("sudoku runs");
        assert!(output.status.success(), "{}", stderr_of(&output));
        stdout_of(&output)
    };
    let from_grid = run(&["hint", "--json"], &framed);
    let from_line = run(&["hint", "--json"], &format!("{line}\n"));
    let (grid_record, line_record) = (&json_lines(&from_grid)[0], &json_lines(&from_line)[0]);
    assert_eq!(grid_record["step"], line_record["step"]);
    assert_eq!(grid_record["input"], line);
    assert_eq!(grid_record["line"], 1);
    // The same grid with Sudoku Explainer / Simple Sudoku frames (`*---*`, `|---+---|`) and
    // wider columns, between two puzzles.
    let starred: String = framed
        .lines()
        .map(|l| {
            if l.starts_with('.') || l.starts_with('\'') {
                "*-------------------------------------------*".to_string()
            } else if l.starts_with(':') {
                l.replace(':', "|")
            } else {
                l.replace("  ", "    ")
            }
        })
        .map(|l| l + "\n")
        .collect();
    let text = run(&["hint"], &format!("{CHAINS}\n{starred}{EASY}\n"));
    let hints: Vec<&str> = text.lines().collect();
    assert_eq!(hints.len(), 3, "{text}");
    assert_eq!(
        format!("{}\n", hints[1]),
        run(&["hint"], &format!("{line}\n"))
    );
    // explain goes all the way from the grid, as from the line.
    let from_grid = run(&["explain", "--json"], &framed);
    let from_line = run(&["explain", "--json"], &format!("{line}\n"));
    let (a, b) = (&json_lines(&from_grid)[0], &json_lines(&from_line)[0]);
    assert_eq!(a["status"], "solved");
    assert_eq!(a["rating"], b["rating"]);
    assert_eq!(a["steps"], b["steps"]);
}

#[test]
fn a_broken_pencilmark_grid_is_reported_where_it_breaks() {
    let (framed, _) = chains_position();
    let mut lines: Vec<&str> = framed.lines().collect();
    lines.remove(6); // row 5
    let input = format!("{}\n{EASY}\n", lines.join("\n"));
    let path = scratch_file("broken_pencilmarks.txt", &input);
    let output = sudoku()
        .arg("hint")
        .arg(&path)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    let name = path.display().to_string();
    assert!(
        stderr.contains(&format!(
            "{name}:12:1: error: pencilmarks: expected 9 rows of candidates, found 8"
        )),
        "{stderr}"
    );
    // The puzzle after it still gets its hint.
    let stdout = stdout_of(&output);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        ["", "Hidden single in box 3: 1 can only go in r3c9."]
    );
    // A stray character in a row names its line and column.
    let mut lines: Vec<String> = framed.lines().map(String::from).collect();
    lines[2] = lines[2].replacen("| ", "| x", 1);
    sudoku()
        .arg("hint")
        .write_stdin(lines.join("\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:3:3: error: pencilmarks: unexpected character 'x' in a cell",
        ));
}

#[test]
fn hint_reports_bad_lines_invalid_and_dead_puzzles() {
    let input = format!("{EASY}\nnot a puzzle\n{INVALID}\n{NO_SOLUTION}\n");
    let path = scratch_file("hint_bad.txt", &input);
    let output = sudoku()
        .arg("hint")
        .arg(&path)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].starts_with("Hidden single"));
    assert_eq!(&lines[1..], ["", "", ""]);
    let stderr = stderr_of(&output);
    let name = path.display().to_string();
    assert!(
        stderr.contains(&format!("{name}:2:1: error: unexpected character 'n'")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{name}:3: error: invalid puzzle: ")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{name}:4: error: no solution")),
        "{stderr}"
    );
    // A broken pencilmark line is reported too, at the character at fault.
    let broken = format!("{}x", &"123456789".repeat(81)[..728]);
    sudoku()
        .arg("hint")
        .write_stdin(format!("{broken}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:1:729: error: pencilmarks: r9c9: found 'x' where 9 or '.' belongs",
        ));
}

#[test]
fn hint_on_a_solved_grid_or_several_solutions() {
    sudoku()
        .arg("hint")
        .write_stdin(format!("{LEETCODE_SOLUTION}\n"))
        .assert()
        .success()
        .stdout("The puzzle is solved: there is no step left.\n");
    sudoku()
        .args(["hint"])
        .write_stdin(format!("{TWO_SOLUTIONS}\n"))
        .assert()
        .success()
        .stderr(predicate::str::contains("warning: several solutions"));
}

#[test]
fn explain_lists_every_step_and_sums_up() {
    let output = sudoku()
        .arg("explain")
        .write_stdin(format!("{EASY}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], format!("# <stdin>:1 {EASY}"));
    assert_eq!(
        lines[1],
        " 1. (1.2) Hidden single in box 3: 1 can only go in r3c9."
    );
    let last = lines.last().expect("a summary");
    // One step per line between the header and the summary, numbered from 1.
    let steps = lines.len() - 2;
    assert!(
        last.starts_with(&format!(
            "Solved in {steps} steps. ER/EP/ED 2.6/1.2/1.2; level "
        )),
        "{last}"
    );
    for (i, line) in lines[1..=steps].iter().enumerate() {
        assert!(
            line.trim_start().starts_with(&format!("{}. (", i + 1)),
            "{line}"
        );
    }
}

#[test]
fn explain_json_has_the_rating_and_each_step() {
    let output = sudoku()
        .args(["explain", "--json"])
        .write_stdin(format!("{EASY}\n{TWO_SOLUTIONS}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1), "several solutions fail");
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 2);
    let first = &records[0];
    assert_eq!(first["status"], "solved");
    assert_eq!(first["rating"]["er"], 2.6);
    assert_eq!(first["rating"]["ep"], 1.2);
    assert_eq!(first["rating"]["ed"], 1.2);
    assert_eq!(first["rating"]["outcome"], "solved");
    let steps = first["steps"].as_array().expect("steps");
    assert_eq!(first["rating"]["steps"], steps.len());
    assert!(steps
        .iter()
        .all(|s| s["text"].is_string() && s["technique"].is_string()));
    // 81 cells minus the givens are placed, one per placing step.
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(placed, EASY.bytes().filter(|&b| b == b'.').count());
    assert_eq!(records[1]["status"], "multiple");
    assert_eq!(records[1]["error"], "more than one solution");
}

#[test]
fn rate_prints_ratings_in_input_order_with_many_threads() {
    let sample = std::fs::read_to_string(testdata("sample.txt")).expect("the corpus");
    let puzzles: Vec<&str> = sample.lines().take(60).collect();
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let path = scratch_file("rate_order.txt", &input);
    let output = sudoku()
        .args(["rate", "--threads", "4", "--time-limit", "20000"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "{}", stderr_of(&output));
    for (puzzle, line) in puzzles.iter().zip(&lines) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[0], grid_line(puzzle), "{line}");
        let rated = fields.len() == 3
            && fields[1].split('/').count() == 3
            && ["easy", "medium", "hard", "unfair", "extreme", "stuck"].contains(&fields[2]);
        assert!(rated || fields[1] == "gave_up", "{line}");
    }
}

/// The puzzle as the rater prints it ('.' for blanks).
fn grid_line(puzzle: &str) -> String {
    sudokit::format::to_line(&grid(puzzle))
}

#[test]
fn rate_line_output_matches_sudoku_explainer_on_known_puzzles() {
    // easy50 #3 is 2.0/1.2/1.2 by serate 1.2.1.3, and EASY 2.6/1.2/1.2.
    let easy50_3 =
        "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......";
    let output = sudoku()
        .arg("rate")
        .write_stdin(format!("{easy50_3}\n{EASY}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with(&format!("{easy50_3}\t2.0/1.2/1.2\t")),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with(&format!("{EASY}\t2.6/1.2/1.2\t")),
        "{stdout}"
    );
}

#[test]
fn rate_json_and_puzzles_without_a_rating() {
    let input = format!("{EASY}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{INVALID}\nnope\n");
    let path = scratch_file("rate_mixed.txt", &input);
    let output = sudoku()
        .args(["rate", "--json", "--time"])
        .arg(&path)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&stdout_of(&output));
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(statuses, ["rated", "multiple", "none", "invalid", "error"]);
    let rated = &records[0];
    assert_eq!(
        (rated["er"].clone(), rated["ep"].clone()),
        (2.6.into(), 1.2.into())
    );
    assert!(rated["level"].is_string() && rated["score"].is_u64());
    assert_eq!(rated["line"], 1);
    assert!(rated["time_us"].is_f64());
    assert_eq!(records[4]["line"], 5);
    assert_eq!(
        records[4]["error"],
        "line 5, column 1: unexpected character 'n'"
    );
    // JSON keeps the reasons in the records; only the bad line is also on standard error.
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains(":5:1: error: unexpected character 'n'"),
        "{stderr}"
    );

    let output = sudoku()
        .arg("rate")
        .arg(&path)
        .output()
        .expect("sudoku runs");
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[1], format!("{TWO_SOLUTIONS}\tmultiple"));
    assert_eq!(lines[2], format!("{}\tnone", grid_line(NO_SOLUTION)));
    assert!(lines[3].starts_with(&format!("{}\tinvalid\t", grid_line(INVALID))));
    assert_eq!(lines[4], "error");
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains(":2: error: more than one solution"),
        "{stderr}"
    );
}

#[test]
fn rate_reports_puzzles_over_the_limits_and_goes_on() {
    // A one-step limit is spent after the first step (0 is no limit, as for --max-guesses);
    // the puzzles are reported, not dropped.
    let output = sudoku()
        .args(["rate", "--max-steps", "1"])
        .write_stdin(format!("{CHAINS}\n{EASY}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = stdout_of(&output);
    assert_eq!(
        stdout,
        format!(
            "{CHAINS}\tgave_up\tstep limit of 1 reached after 1 steps\n\
             {EASY}\tgave_up\tstep limit of 1 reached after 1 steps\n"
        )
    );
    assert!(stderr_of(&output).contains("raise --time-limit or --max-steps"));
    sudoku()
        .args(["rate", "--max-steps", "5", "--json"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            r#""status":"gave_up","error":"gave up: step limit of 5 reached after 5 steps""#,
        ));
}

#[test]
fn rate_stats_sum_up_the_run() {
    let output = sudoku()
        .args(["rate", "--stats"])
        .write_stdin(format!("{EASY}\n{EASY}\n{TWO_SOLUTIONS}\n"))
        .output()
        .expect("sudoku runs");
    let stderr = stderr_of(&output);
    assert!(stderr.contains("puzzles    3 in "), "{stderr}");
    assert!(stderr.contains("rated      2 solved, 0 stuck"), "{stderr}");
    assert!(
        stderr.contains("not rated  1 multiple, 0 none, 0 invalid, 0 bad input"),
        "{stderr}"
    );
    assert!(stderr.contains("ER         2.x: 2"), "{stderr}");
}

/// hardest_1106 #4: Sudoku Explainer rates it 10.3/10.3/9.8 (the forum's database): its first
/// step is a dynamic forcing chain (+) rated 9.8, the second a nested forcing chain of level 2.
const NESTED: &str =
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";

#[test]
fn nested_chains_rate_what_the_default_techniques_leave_stuck() {
    // Without --nested the path stops after its first step: stuck, ER 20.0, no placement yet
    // (EP 0.0), and it still counts as rated.
    sudoku()
        .arg("rate")
        .write_stdin(format!("{NESTED}\n"))
        .assert()
        .success()
        .stdout(format!("{NESTED}\t20.0/0.0/9.8\tstuck\n"));
    sudoku()
        .args(["rate", "--nested", "--time-limit", "600000"])
        .write_stdin(format!("{NESTED}\n"))
        .assert()
        .success()
        .stdout(format!("{NESTED}\t10.3/10.3/9.8\textreme\n"));
}

#[test]
fn hint_and_explain_use_nested_chains_only_when_asked() {
    let output = sudoku()
        .args(["explain", "--json"])
        .write_stdin(format!("{NESTED}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records[0]["status"], "stuck");
    assert_eq!(records[0]["rating"]["er"], 20.0);
    let end = records[0]["end"]
        .as_str()
        .expect("the stuck position")
        .to_string();
    sudoku()
        .arg("explain")
        .write_stdin(format!("{NESTED}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Stuck after 1 step: no technique in use applies (nested forcing chains are tried \
             only with --nested)",
        ));
    // From where the default path stops, a hint finds nothing, unless nested chains are on.
    sudoku()
        .arg("hint")
        .write_stdin(format!("{end}\n"))
        .assert()
        .success()
        .stdout(
            "No step found: no technique in use applies (nested forcing chains are tried only \
             with --nested).\n",
        );
    let output = sudoku()
        .args(["hint", "--nested", "--json"])
        .write_stdin(format!("{end}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let step = &json_lines(&stdout_of(&output))[0]["step"];
    assert_eq!(step["technique"], "nested_contradiction_forcing_chains_2");
    assert_eq!(step["rating"], 10.2);
    // r5c7 (cell 42) loses 7.
    assert_eq!(step["eliminations"], serde_json::json!([[42, 7]]));
}

#[test]
fn a_time_limit_stops_nested_searches_and_is_reported() {
    let output = sudoku()
        .args(["rate", "--nested", "--time-limit", "100"])
        .write_stdin(format!("{NESTED}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = stdout_of(&output);
    assert!(
        stdout.starts_with(&format!(
            "{NESTED}\tgave_up\ttime limit of 100 ms reached after "
        )),
        "{stdout}"
    );
    // (That the chain searches poll the deadline, rather than overrun it, is tested in the
    // library without a wall clock: `logic_dynamic`'s `a_small_time_budget_stops_a_long_chain_search`.)
    // hint and explain report it the same way (the first step is a dynamic forcing chain (+),
    // a search of far more than a millisecond; 0 would be no limit).
    let output = sudoku()
        .args(["hint", "--nested", "--json", "--time-limit", "1"])
        .write_stdin(format!("{NESTED}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1));
    let record = &json_lines(&stdout_of(&output))[0];
    assert_eq!(record["status"], "gave_up");
    assert_eq!(record["error"], "gave up: time limit of 1 ms reached");
    sudoku()
        .args(["hint", "--time-limit", "1"])
        .write_stdin(format!("{NESTED}\n"))
        .assert()
        .code(1)
        .stdout("\n")
        .stderr(predicate::str::contains(
            "<stdin>:1: error: gave up: time limit of 1 ms reached; raise --time-limit",
        ));
    sudoku()
        .args(["explain", "--nested", "--json", "--time-limit", "100"])
        .write_stdin(format!("{NESTED}\n"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(r#""status":"gave_up""#));
}

#[test]
fn the_help_says_when_a_puzzle_ends_stuck() {
    let output = sudoku()
        .args(["rate", "--help"])
        .output()
        .expect("sudoku runs");
    let help = stdout_of(&output);
    assert!(help.contains("--nested"), "{help}");
    assert!(
        help.contains("Without --nested that is every puzzle whose path needs a nested forcing"),
        "{help}"
    );
    assert!(!help.contains("does not have"), "{help}");
    for command in ["hint", "explain"] {
        sudoku()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("--nested"))
            .stdout(predicate::str::contains("--time-limit <MS>"));
    }
}

#[test]
fn the_logic_commands_have_help_with_examples() {
    for command in ["hint", "explain", "rate"] {
        sudoku()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:"))
            .stdout(predicate::str::contains(format!("sudoku {command} ")));
    }
}

/// Issue 32, item 6: on a puzzle with several solutions where no technique applies (the empty
/// grid), `hint` told the user to try `--nested`; the puzzle is the problem: it is not proper.
#[test]
fn hint_says_a_stuck_puzzle_with_several_solutions_is_not_proper() {
    let output = sudoku()
        .arg("hint")
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .output()
        .expect("sudoku runs");
    let stdout = stdout_of(&output);
    assert!(
        stdout.contains("not proper (it has several solutions)"),
        "{stdout}"
    );
    assert!(!stdout.contains("--nested"), "{stdout}");
}

/// Issue 32, item 8: `0` meant "no limit" for `--max-guesses` but "give up at once" for
/// `--time-limit` and `--max-steps`; now it is "no limit" for all three.
#[test]
fn zero_limits_mean_no_limit() {
    sudoku()
        .args(["rate", "--time-limit", "0", "--max-steps", "0"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains("\t2.6/1.2/1.2\t"));
    sudoku()
        .args(["hint", "--time-limit", "0"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .stdout("Hidden single in box 3: 1 can only go in r3c9.\n");
}

/// Issue 32, item 1: `sudoku rate FILE | head -1` rated the whole file (137 s on top1465).
/// Once the reader is gone, the queued jobs are dropped and the rating in progress is
/// cancelled: with one thread and a puzzle whose nested rating takes minutes second in line,
/// the run ends as soon as the pipe closes, with status 0 as for the other subcommands.
#[cfg(unix)]
#[test]
fn rate_stops_when_its_output_pipe_closes() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["rate", "--threads", "1", "--nested"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sudoku starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    // The easy puzzle, then many copies of one that needs chains: hours of work in all.
    let mut input = format!("{EASY}\n");
    for _ in 0..20_000 {
        input += CHAINS;
        input.push('\n');
    }
    let writer = std::thread::spawn(move || {
        // Fails once sudoku has exited (a broken pipe), which is the point.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut lines = BufReader::new(child.stdout.take().expect("a pipe"));
    let mut line = String::new();
    lines.read_line(&mut line).expect("a first line");
    assert!(line.contains("\t2.6/1.2/1.2\t"), "{line}");
    drop(lines);
    let status = child.wait().expect("sudoku ends");
    assert!(status.success(), "{status:?}");
    writer.join().expect("the writer ends");
}

/// Regression (issue 32): a pencilmark state whose candidates admit no solution was hinted
/// (placed digits with several solutions: a step deduced from a false premise) or refused as
/// plain "no solution" without saying where; now it is refused, naming the cell when one shows
/// it.
#[test]
fn hint_and_explain_refuse_pencilmarks_that_admit_no_solution() {
    // The puzzle of the report; its solution has 1 in r1c2, removed here.
    let reported =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut lost = pencilmarks(reported, &[]).into_bytes();
    assert_eq!(lost[9], b'1', "r1c2 has 1 as a candidate");
    lost[9] = b'.';
    let lost = String::from_utf8(lost).expect("ASCII");
    let needs = "no solution: r1c2 lost its 1, which the solution needs";
    sudoku()
        .arg("hint")
        .write_stdin(format!("{lost}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(needs));
    sudoku()
        .arg("explain")
        .write_stdin(format!("{lost}\n"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!("Not explained: {needs}.")));
    // No cell of row 1 keeps 9; the placed digits (none) have many solutions.
    let groups: Vec<&str> = (0..81)
        .map(|cell| if cell < 9 { "12345678." } else { "123456789" })
        .collect();
    let no_nine = groups.concat();
    let output = sudoku()
        .args(["hint", "--json"])
        .write_stdin(format!("{no_nine}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records[0]["status"], "none", "{records:?}");
    assert!(records[0].get("step").is_none(), "{records:?}");
    assert!(
        stderr_of(&output).contains("the candidates allow none of the solutions"),
        "{}",
        stderr_of(&output)
    );
}
