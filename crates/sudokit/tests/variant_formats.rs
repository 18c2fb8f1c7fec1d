//! The variant text formats: the committed JSON examples validate against
//! `docs/variant.schema.json` and read as puzzles whose solutions the independent checker
//! accepts; what the printer writes validates too and reads back.
#![cfg(feature = "json")]

mod common;
#[path = "variant_checker/mod.rs"]
mod variant_checker;

use std::path::Path;
use sudokit::format::variant::{self, Document, Options, VariantLayout};
use sudokit::variant::{Puzzle, Search};

fn schema() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/variant.schema.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid schema")
}

fn examples() -> Vec<(String, String)> {
    let dir = common::testdata().join("variant");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).expect("readable"),
            )
        })
        .collect();
    out.sort();
    assert!(out.len() >= 3, "examples in {}", dir.display());
    out
}

fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u8>> {
    let mut search = Search::new(puzzle).with_guess_budget(100_000);
    let mut out = Vec::new();
    while out.len() < limit {
        match search.next_solution().expect("within budget") {
            Some(grid) => out.push(grid),
            None => break,
        }
    }
    out
}

#[test]
fn examples_validate_and_solve() {
    let validator = schema();
    for (name, text) in examples() {
        let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let parsed =
            variant::parse(&text, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(parsed.layout, VariantLayout::Json);
        let found = solutions(&parsed.puzzle, 50);
        assert!(!found.is_empty(), "{name}: no solution");
        let naive = variant_checker::naive_count(&parsed.puzzle, 50);
        assert_eq!(
            found.len() as u64,
            naive,
            "{name}: the naive counter disagrees"
        );
        for grid in &found {
            variant_checker::check(&parsed.puzzle, grid).unwrap_or_else(|e| panic!("{name}: {e}"));
            // The printed solution is a document the schema accepts and that reads back.
            let printed = variant::to_text(&parsed.puzzle, grid, VariantLayout::Json);
            let value: serde_json::Value = serde_json::from_str(&printed).expect("JSON");
            assert!(validator.is_valid(&value), "{name}: printed {printed}");
            let back = variant::parse(&printed, &Options::default()).expect("reads back");
            assert_eq!(back.puzzle.givens(), &grid[..]);
            assert_eq!(back.puzzle.rules(), parsed.puzzle.rules());
        }
    }
}

#[test]
fn the_killer_example_has_its_three_solutions() {
    let text = common::read_testdata("variant/killer_4x4.json");
    let parsed = variant::parse(&text, &Options::default()).expect("parses");
    assert_eq!(solutions(&parsed.puzzle, 10).len(), 3);
}

#[test]
fn schema_and_reader_refuse_the_same_mistakes() {
    let validator = schema();
    let bad = [
        r#"{"size": 4, "givens": "....", "rules": [{"type": "killer", "cells": ["r1c1"], "summ": 3}]}"#,
        r#"{"size": 4, "givens": "................", "rules": [{"type": "sudoku-x"}]}"#,
        r#"{"size": 4, "givens": "................", "boxes": "2x2", "regions": []}"#,
        r#"{"size": 4, "givens": "................", "rules": [{"type": "house", "cells": ["r0c1"]}]}"#,
        r#"{"givens": "................"}"#,
    ];
    for text in bad {
        let value: serde_json::Value = serde_json::from_str(text).expect("JSON");
        assert!(!validator.is_valid(&value), "schema accepted {text}");
        assert!(
            variant::parse(text, &Options::default()).is_err(),
            "reader accepted {text}"
        );
    }
}

#[test]
fn documents_round_trip() {
    for (name, text) in examples() {
        let document: Document = serde_json::from_str(&text).expect("a document");
        let puzzle = document.to_puzzle().expect("a puzzle");
        let again = Document::from_puzzle(&puzzle, puzzle.givens());
        assert_eq!(again.to_puzzle().expect("a puzzle"), puzzle, "{name}");
    }
}

/// A published SudokuPad link (Marty Sears' "Parity Fish", as linked from the README of
/// SakanaAI/Sudoku-Bench): its lz-string data and compact JSON read (its dots are checked
/// against its published solution in `format/variant/sudokupad.rs`), but its red parity
/// lines are drawn in a background image, so the reader refuses it by name rather than solve
/// it without them.
#[test]
fn a_published_sudokupad_link_reads_and_names_what_it_cannot_solve() {
    let link = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/variant/parity_fish.scl"
    ))
    .expect("the committed link");
    let err = variant::parse(&link, &Options::default()).expect_err("parity lines");
    let message = err.to_string();
    assert!(message.starts_with("SudokuPad: "), "{message}");
    assert!(message.contains("background image"), "{message}");
}

/// The schema and the code name the same rules: every `Rule::NAMES` entry has a schema branch
/// and every branch is a rule the reader knows (a rule added in code must reach the schema).
#[test]
fn the_schema_names_every_rule_and_no_other() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/variant.schema.json");
    let text = std::fs::read_to_string(&path).expect("the schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let branches = schema["properties"]["rules"]["items"]["oneOf"]
        .as_array()
        .expect("rules are oneOf");
    let mut in_schema: Vec<&str> = branches
        .iter()
        .map(|b| {
            b["properties"]["type"]["const"]
                .as_str()
                .expect("a const type")
        })
        .collect();
    in_schema.sort_unstable();
    let mut in_code = sudokit::variant::Rule::NAMES.to_vec();
    in_code.sort_unstable();
    assert_eq!(in_schema, in_code);
}
