//! `solve`, `count` and `check` with the variant options: sizes from the input, rules from
//! flags, files and JSON documents, output in the input's layout, budgets on user input.

mod common;

use std::process::Output;

fn sudoku(args: &[&str], stdin: &str) -> Output {
    common::run_with_stdin(args, stdin)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_4x4_line_solves_in_its_own_layout() {
    let out = sudoku(&["solve", "--variant"], "1.....2...3.4...\n");
    assert!(out.status.success(), "{out:?}");
    let line = stdout(&out);
    assert_eq!(line.trim().len(), 16);
    assert!(line.starts_with('1'));
}

#[test]
fn rules_from_flags_change_the_count() {
    let plain = sudoku(&["count", "--size", "4"], "................\n");
    assert_eq!(stdout(&plain).trim(), "288");
    let diagonal = sudoku(&["count", "--rules", "diagonal"], "................\n");
    assert_eq!(stdout(&diagonal).trim(), "48");
    let both = sudoku(
        &["count", "--boxes", "2x2", "--rules", "diagonal,anti-knight"],
        "................\n",
    );
    assert_eq!(stdout(&both).trim(), "0");
    let bad = sudoku(&["count", "--rules", "sudoku-z"], "................\n");
    assert!(!bad.status.success());
}

#[test]
fn a_json_document_prints_a_json_document() {
    let doc = r#"{"size": 4, "givens": "1.....2...3.4...", "rules": [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}]}"#;
    let out = sudoku(&["solve", "--variant", "--first"], doc);
    let printed: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
    let givens = printed["givens"].as_str().expect("givens");
    assert_eq!(&givens[..2], "12");
    let json = sudoku(&["check", "--variant", "--json"], doc);
    let record: serde_json::Value = serde_json::from_str(stdout(&json).trim()).expect("JSON");
    assert_eq!(record["status"], "unique");
}

#[test]
fn the_guess_budget_bounds_an_empty_25x25_count() {
    let empty = ".".repeat(625);
    let out = sudoku(
        &["count", "--variant", "--max-guesses", "50", "--json"],
        &empty,
    );
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
    assert_eq!(record["status"], "gave_up");
    assert!(!out.status.success());
}

#[test]
fn classic_puzzles_without_options_keep_the_classic_path() {
    let out = sudoku(
        &["solve", "-f", "line"],
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    assert_eq!(
        stdout(&out).trim(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
}
