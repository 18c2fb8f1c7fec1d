//! The variant path of `solve`, `count` and `check` behaves as the classic one does for a
//! user: givens that break the rules are `invalid` with the cells and house, bad input is
//! reported as `FILE:LINE: error:` and the run goes on (missing files too), `check` fails on
//! several solutions, `--all`/`-f`/`--time` work, JSON records have the classic fields, and
//! what `generate` prints (JSON documents one a line, grids of numbers) reads back.

mod common;

use common::{json_lines, scratch_file, stderr_of, stdout_of, testdata};
use std::process::Output;

fn run(args: &[&str], stdin: &str) -> Output {
    common::run_with_stdin(args, stdin)
}

const TWO_ONES: &str = "11..............";
const UNIQUE: &str = "1.....2...3.4...";
const MANY: &str = "1...............";

#[test]
fn givens_that_break_the_rules_are_invalid_with_their_cells() {
    let input = format!("{TWO_ONES}\n{UNIQUE}\n");
    let check = run(&["check", "--variant"], &input);
    assert_eq!(
        stdout_of(&check),
        "invalid: r1c1 and r1c2 both hold 1 (row 1)\nunique\n"
    );
    assert!(!check.status.success());
    let count = run(&["count", "--variant"], &input);
    assert_eq!(stdout_of(&count), "0\n1\n");
    assert!(stderr_of(&count).contains("<stdin>:1: error: invalid puzzle: r1c1 and r1c2"));
    // A rule's house: both diagonals hold 4 twice here.
    let diagonal = run(&["check", "--rules", "diagonal"], "4..............4\n");
    assert!(
        stdout_of(&diagonal).starts_with("invalid: r1c1 and r4c4 both hold 4"),
        "{}",
        stdout_of(&diagonal)
    );
    let json = run(&["check", "--variant", "--json"], TWO_ONES);
    let record = &json_lines(&stdout_of(&json))[0];
    assert_eq!(record["status"], "invalid");
    assert_eq!(record["file"], "<stdin>");
}

#[test]
fn a_batch_reports_bad_input_and_goes_on() {
    let file = scratch_file(
        "variant_batch_bad.txt",
        format!("{UNIQUE}\n123\n{UNIQUE}\n"),
    );
    let file = file.to_str().expect("UTF-8 path");
    let out = run(&["solve", "--variant", "no-such-file.txt", file], "");
    assert_eq!(
        stdout_of(&out),
        "1243342121344312\n\n1243342121344312\n",
        "an empty line for the bad puzzle keeps the lines aligned"
    );
    let err = stderr_of(&out);
    assert!(err.contains("no-such-file.txt"), "{err}");
    assert!(
        err.contains(&format!("{file}:2: error: 3 cells is not N * N")),
        "{err}"
    );
    assert!(!out.status.success());
    let check = run(&["check", "--variant", file], "");
    assert_eq!(stdout_of(&check), "unique\nerror\nunique\n");
    let json = run(&["count", "--variant", "--json", file], "");
    let records = json_lines(&stdout_of(&json));
    assert_eq!(records[1]["status"], "error");
    assert!(records[1].get("input").is_none(), "{}", records[1]);
    assert_eq!(records[2]["count"], 1);
}

#[test]
fn check_fails_on_several_solutions() {
    let out = run(&["check", "--variant"], MANY);
    assert_eq!(stdout_of(&out), "multiple\n");
    assert!(!out.status.success());
    let unique = run(&["check", "--variant"], UNIQUE);
    assert!(unique.status.success());
}

#[test]
fn all_lists_the_solutions() {
    let out = run(&["solve", "--variant", "--all", "--limit", "3"], MANY);
    let lines: Vec<String> = stdout_of(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines.iter().all(|l| l.len() == 16 && l.starts_with('1')));
    let json = run(&["solve", "--variant", "--all", "--json"], MANY);
    let record = &json_lines(&stdout_of(&json))[0];
    assert_eq!(record["count"], 72, "288 grids / 4 digits in r1c1");
    assert_eq!(record["count_exact"], true);
    assert_eq!(record["solutions"].as_array().map(Vec::len), Some(72));
}

#[test]
fn formats_and_time_are_honoured() {
    let grid = run(&["solve", "--variant", "-f", "grid"], UNIQUE);
    assert_eq!(stdout_of(&grid), "1 2 4 3\n3 4 2 1\n2 1 3 4\n4 3 1 2\n");
    let timed = run(&["solve", "--variant", "--time"], UNIQUE);
    let (solution, micros) = stdout_of(&timed)
        .trim_end()
        .split_once('\t')
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .expect("a tab and the time");
    assert_eq!(solution, "1243342121344312");
    assert!(micros.parse::<u64>().is_ok(), "{micros}");
    // A document prints a document by default, a line with -f line, and JSON records carry
    // the line as `solution` and the document as `board`.
    let doc = std::fs::read_to_string(testdata("variant/jigsaw_6x6.json")).expect("example");
    let line = run(&["solve", "--variant", "-f", "line"], &doc);
    assert_eq!(stdout_of(&line).trim().len(), 36);
    let json = run(&["solve", "--variant", "--json"], &doc);
    let record = &json_lines(&stdout_of(&json))[0];
    assert_eq!(record["solution"], stdout_of(&line).trim());
    assert!(record["board"]["regions"].is_array(), "{record}");
    // A line of numbers answers on one line.
    let numbers = run(&["solve", "--variant"], "1,0,0,0,0,0,2,0,0,0,3,0,4,0,0,0\n");
    assert_eq!(stdout_of(&numbers), "1 2 4 3 3 4 2 1 2 1 3 4 4 3 1 2\n");
}

#[test]
fn what_generate_prints_reads_back() {
    let killer = run(
        &[
            "generate", "--killer", "--size", "4", "-n", "3", "--seed", "1",
        ],
        "",
    );
    assert!(killer.status.success());
    let check = run(&["check", "--variant"], &stdout_of(&killer));
    assert_eq!(stdout_of(&check), "unique\nunique\nunique\n");
    let same = run(
        &[
            "generate", "--rules", "killer", "--size", "4", "-n", "3", "--seed", "1",
        ],
        "",
    );
    assert_eq!(
        stdout_of(&same),
        stdout_of(&killer),
        "--rules killer is --killer"
    );
    let json = run(
        &[
            "generate", "--boxes", "3x2", "-n", "2", "--seed", "1", "--format", "json",
        ],
        "",
    );
    let check = run(&["check", "--variant", "--json"], &stdout_of(&json));
    let records = json_lines(&stdout_of(&check));
    assert_eq!(records.len(), 2);
    assert!(
        records.iter().all(|r| r["status"] == "unique"),
        "{records:?}"
    );
    let grid = run(
        &[
            "generate", "--size", "12", "-n", "2", "--seed", "1", "-f", "grid",
        ],
        "",
    );
    let solved = run(&["check", "--size", "12"], &stdout_of(&grid));
    assert_eq!(
        stdout_of(&solved),
        "unique\nunique\n",
        "{}",
        stderr_of(&solved)
    );
    let solved = run(&["solve", "--size", "12"], &stdout_of(&grid));
    let text = stdout_of(&solved);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{text}");
    assert!(blocks.iter().all(|b| b.trim().lines().count() == 12));
}

#[test]
fn rules_that_need_data_are_refused_by_name() {
    let out = run(&["count", "--rules", "even-odd"], "................\n");
    assert!(!out.status.success());
    let err = stderr_of(&out);
    assert!(
        err.contains("\"even-odd\" needs data") && err.contains("--rules-file"),
        "{err}"
    );
    let unknown = run(&["count", "--rules", "sudoku-z"], "................\n");
    assert!(stderr_of(&unknown).contains("unknown rule \"sudoku-z\""));
}

#[test]
fn bad_boxes_and_impossible_cages_say_why() {
    let boxes = run(&["count", "--boxes", "6x6"], "................\n");
    assert!(!boxes.status.success());
    assert!(
        stderr_of(&boxes).contains("--boxes 6x6: boxes of 6x6 hold 36 digits"),
        "{}",
        stderr_of(&boxes)
    );
    let misfit = run(&["count", "--boxes", "3x3"], "................\n");
    assert!(stderr_of(&misfit).contains("the text has size 4, the options say 9"));
    let cage = r#"{"size":4,"givens":"................","rules":[{"type":"killer","cells":["r1c1","r1c2"],"sum":99}]}"#;
    let out = run(&["check", "--variant"], cage);
    assert_eq!(
        stdout_of(&out),
        "invalid: the killer cage at r1c1 sums to 99, but 2 different digits make 3 to 7\n"
    );
    let letter = run(&["check", "--variant"], "G...............\n");
    assert!(
        stderr_of(&letter).contains("<stdin>:1: error: cell 1: \"G\" is not a digit of a 4x4"),
        "{}",
        stderr_of(&letter)
    );
}

/// f-puzzles in, f-puzzles out: a link answers with a link, JSON with JSON, each holding the
/// solution in its cells and the constraints as they were.
#[test]
fn f_puzzles_answers_in_f_puzzles() {
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true,"diagonal-":true,"title":"x"}"#;
    let out = run(&["solve", "--variant", "--first"], json);
    let value: serde_json::Value = serde_json::from_str(stdout_of(&out).trim()).expect("JSON");
    assert_eq!(value["title"], "x");
    assert_eq!(value["diagonal+"], true);
    let again = run(&["check", "--variant"], stdout_of(&out).trim());
    assert_eq!(
        stdout_of(&again),
        "unique\n",
        "the answer is a full grid of the same rules"
    );
    let readme = std::fs::read_to_string(testdata("../README.md")).expect("README");
    let link = readme
        .split_whitespace()
        .find(|w| w.starts_with("'https://f-puzzles.com/?load="))
        .expect("the README's link")
        .trim_matches('\'');
    let solved = run(&["solve", "--variant", link], "");
    let answer = stdout_of(&solved);
    assert!(
        answer.starts_with("https://f-puzzles.com/?load="),
        "{answer}"
    );
    let check = run(&["check", "--variant", answer.trim()], "");
    assert_eq!(stdout_of(&check), "unique\n");
}
