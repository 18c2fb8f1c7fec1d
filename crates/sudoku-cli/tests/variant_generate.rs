//! `sudoku generate` for other sizes and variant rules: every puzzle has exactly one
//! solution (counted by the independent checker's naive counter on small grids, by the engine
//! on large ones, the solution checked against every rule by the checker), the same seed
//! gives the same puzzles for any `--threads`, and the classic generator's output is unchanged.

#[path = "../../sudokit/tests/variant_checker/mod.rs"]
mod variant_checker;

use std::process::{Command, Output};
use sudokit::format::variant::{self, Options};
use sudokit::solve::Count;
use sudokit::variant::{Puzzle, Rule, Shape};

fn sudoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn run_ok(args: &[&str]) -> String {
    let out = sudoku(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Reads each line with the given shape and rules (as `solve` would with the same flags).
fn read(stdout: &str, options: &Options) -> Vec<Puzzle> {
    stdout
        .lines()
        .map(|line| variant::parse(line, options).expect("reads back").puzzle)
        .collect()
}

/// Exactly one solution, by the naive counter (small grids) or the engine, and the engine's
/// solution passes the independent checker.
fn assert_unique(puzzle: &Puzzle) {
    if puzzle.size() <= 6 {
        assert_eq!(
            variant_checker::naive_count(puzzle, 2),
            1,
            "naive count: {puzzle:?}"
        );
    }
    assert_eq!(
        sudokit::variant::count(puzzle, 2),
        Count::Exact(1),
        "{puzzle:?}"
    );
    let solution = sudokit::variant::solve(puzzle).expect("solvable");
    variant_checker::check(puzzle, &solution).expect("the checker agrees");
}

#[test]
fn four_by_four_and_six_by_six_puzzles_are_unique() {
    let out = run_ok(&["generate", "--size", "4", "-n", "6", "--seed", "3"]);
    let puzzles = read(&out, &Options::default());
    assert_eq!(puzzles.len(), 6);
    for p in &puzzles {
        assert_eq!(p.size(), 4);
        assert_unique(p);
    }
    let out = run_ok(&[
        "generate",
        "--boxes",
        "3x2",
        "-n",
        "4",
        "--seed",
        "8",
        "--threads",
        "2",
    ]);
    let options = Options {
        shape: Some(Shape::boxes(3, 2).expect("shape")),
        rules: vec![],
    };
    for p in read(&out, &options) {
        assert_unique(&p);
    }
}

#[test]
fn rules_and_symmetry_are_kept() {
    let out = run_ok(&[
        "generate",
        "--boxes",
        "2x3",
        "--rules",
        "windoku,anti-king",
        "--symmetry",
        "rot180",
        "-n",
        "4",
        "--seed",
        "21",
    ]);
    let options = Options {
        shape: Some(Shape::boxes(2, 3).expect("shape")),
        rules: ["windoku", "anti-king"]
            .iter()
            .map(|r| Rule::from_name(r).expect("rule"))
            .collect(),
    };
    let puzzles = read(&out, &options);
    assert_eq!(puzzles.len(), 4);
    for p in &puzzles {
        let g = p.givens();
        for c in 0..g.len() {
            assert_eq!(g[c] == 0, g[g.len() - 1 - c] == 0, "half turn at {c}");
        }
        assert_unique(p);
    }
}

#[test]
fn every_classic_symmetry_is_kept_on_other_sizes() {
    // (symmetry, its maps of (row, col) in an N x N grid, N - 1 = last).
    type Map = fn(usize, usize, usize) -> (usize, usize);
    let cases: [(&str, &[Map]); 8] = [
        ("rot90", &[|r, c, l| (c, l - r)]),
        ("mirror", &[|r, c, l| (r, l - c)]),
        ("vertical", &[|r, c, l| (l - r, c)]),
        ("diagonal", &[|r, c, _| (c, r)]),
        ("antidiagonal", &[|r, c, l| (l - c, l - r)]),
        ("bimirror", &[|r, c, l| (r, l - c), |r, c, l| (l - r, c)]),
        ("bidiagonal", &[|r, c, _| (c, r), |r, c, l| (l - c, l - r)]),
        ("dihedral", &[|r, c, l| (c, l - r), |r, c, l| (r, l - c)]),
    ];
    for (name, maps) in cases {
        let out = run_ok(&[
            "generate",
            "--size",
            "6",
            "--rules",
            "diagonal",
            "--symmetry",
            name,
            "-n",
            "2",
            "--seed",
            "5",
            "--format",
            "json",
        ]);
        let mut seen = 0;
        for line in out.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("json");
            assert_eq!(v["symmetry"], name);
            let givens: Vec<bool> = v["line"]
                .as_str()
                .expect("line")
                .chars()
                .map(|ch| ch != '.' && ch != '0')
                .collect();
            assert_eq!(givens.len(), 36);
            for r in 0..6 {
                for c in 0..6 {
                    for map in maps {
                        let (r2, c2) = map(r, c, 5);
                        assert_eq!(givens[r * 6 + c], givens[r2 * 6 + c2], "{name} at r{r}c{c}");
                    }
                }
            }
            let options = Options {
                shape: Some(Shape::square(6).expect("shape")),
                rules: vec![Rule::from_name("diagonal").expect("rule")],
            };
            for p in read(v["line"].as_str().expect("line"), &options) {
                assert_unique(&p);
            }
            seen += 1;
        }
        assert_eq!(seen, 2, "{name}");
    }
}

#[test]
fn killer_puzzles_print_their_cages_and_are_unique() {
    let out = run_ok(&[
        "generate", "--killer", "--size", "6", "-n", "3", "--seed", "4",
    ]);
    let puzzles = read(&out, &Options::default());
    assert_eq!(puzzles.len(), 3);
    for p in &puzzles {
        assert!(p.rules().iter().any(|r| matches!(r, Rule::Killer(_))));
        assert_unique(p);
    }
}

#[test]
fn a_rules_file_and_json_output() {
    let dir = std::env::temp_dir().join(format!("sudoku-vgen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rules = dir.join("rules.json");
    std::fs::write(
        &rules,
        r#"[{"type": "thermo", "cells": ["r1c1", "r1c2", "r1c3"]}]"#,
    )
    .expect("written");
    let rules_path = rules.to_string_lossy().into_owned();
    let out = run_ok(&[
        "generate",
        "--size",
        "6",
        "--rules-file",
        &rules_path,
        "--format",
        "json",
        "-n",
        "3",
        "--seed",
        "9",
    ]);
    for (i, line) in out.lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(record["index"], i);
        assert_eq!(record["seed"], 9);
        let document = record["puzzle"].to_string();
        let puzzle = variant::parse(&document, &Options::default())
            .expect("a document")
            .puzzle;
        assert_eq!(puzzle.rules().len(), 1);
        assert_eq!(
            record["line"],
            variant::to_text(&puzzle, puzzle.givens(), variant::VariantLayout::Chars)
        );
        assert_eq!(
            record["clues"],
            puzzle.givens().iter().filter(|&&g| g != 0).count()
        );
        let solution: Vec<u8> = record["solution"]
            .as_str()
            .expect("a solution")
            .bytes()
            .map(|b| b - b'0')
            .collect();
        variant_checker::check(&puzzle, &solution).expect("the solution keeps the thermo");
        assert_unique(&puzzle);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sixteen_by_sixteen_generates_unique_puzzles() {
    let out = run_ok(&["generate", "--size", "16", "-n", "2", "--seed", "1"]);
    for p in read(&out, &Options::default()) {
        assert_eq!(p.size(), 16);
        assert_unique(&p);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_for_any_threads() {
    for flags in [
        &["--boxes", "2x3", "--rules", "diagonal"][..],
        &["--killer", "--size", "4"],
        &["--size", "9", "--symmetry", "rot180"],
    ] {
        let with = |threads: &str, count: &str| {
            let mut args = vec![
                "generate",
                "--seed",
                "77",
                "-n",
                count,
                "--threads",
                threads,
            ];
            args.extend_from_slice(flags);
            run_ok(&args)
        };
        let one = with("1", "6");
        assert_eq!(one.lines().count(), 6, "{flags:?}");
        assert_eq!(one, with("2", "6"), "{flags:?}");
        assert_eq!(one, with("3", "6"), "{flags:?}");
        // Puzzle i does not depend on the count either.
        let first: Vec<&str> = one.lines().take(3).collect();
        assert_eq!(
            with("2", "3").lines().collect::<Vec<_>>(),
            first,
            "{flags:?}"
        );
    }
}

#[test]
fn classic_only_options_are_usage_errors() {
    for args in [
        &["generate", "--size", "6", "--clues", "12"][..],
        &["generate", "--killer", "--level", "easy"],
        &["generate", "--boxes", "2x3", "--size", "9"],
        &["generate", "--rules", "sudoku-z"],
    ] {
        let out = sudoku(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn every_classic_only_option_is_refused_by_name_on_the_variant_path() {
    // Each option the variant generator has no equivalent for, after each way into the
    // variant path: a usage error that names the option, and no puzzle.
    let options: [(&[&str], &str); 9] = [
        (&["--nested"], "--nested"),
        (&["--nested", "--nested-work", "5"], "--nested"),
        (&["--rating", "2..3"], "--rating"),
        (&["--level", "easy"], "--level"),
        (&["--technique", "x-wing"], "--technique"),
        (&["--clues", "20"], "--clues"),
        (&["--accept-stuck"], "--accept-stuck"),
        (&["--max-attempts", "3"], "--max-attempts"),
        (
            &["--minimal", "--symmetry", "rot180"],
            "--minimal with --symmetry",
        ),
    ];
    let paths: [&[&str]; 4] = [
        &["--size", "4"],
        &["--rules", "diagonal"],
        &["--killer", "--size", "6"],
        &["--boxes", "2x3", "--size", "6"],
    ];
    for (option, name) in options {
        for path in paths {
            let args: Vec<&str> = ["generate", "--seed", "1"]
                .iter()
                .chain(path)
                .chain(option)
                .copied()
                .collect();
            let out = sudoku(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(out.stdout.is_empty(), "{args:?}");
            assert!(
                stderr.contains(&format!("{name} is not supported for other sizes")),
                "{args:?}: {stderr}"
            );
        }
    }
}

#[test]
fn minimal_without_a_symmetry_is_what_the_variant_generator_does_anyway() {
    // Without a symmetry every variant puzzle is minimal, so --minimal is accepted and
    // changes nothing.
    let plain = run_ok(&["generate", "--size", "4", "--seed", "3", "-n", "3"]);
    let minimal = run_ok(&[
        "generate",
        "--size",
        "4",
        "--seed",
        "3",
        "-n",
        "3",
        "--minimal",
    ]);
    assert_eq!(plain, minimal);
    assert_eq!(plain.lines().count(), 3);
}

#[test]
fn rules_without_a_grid_miss_every_puzzle() {
    // No 4x4 grid keeps anti-king: each puzzle is reported as missed (exit status 1).
    let out = sudoku(&[
        "generate",
        "--size",
        "4",
        "--rules",
        "anti-king",
        "-n",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("puzzle 0: no solution grid"), "{stderr}");
}

/// The classic generator (no variant option) prints what it printed before the variant path
/// was added: pinned for one seed.
#[test]
fn classic_generate_is_unchanged() {
    let out = run_ok(&["generate", "-n", "3", "--seed", "5"]);
    assert_eq!(out, CLASSIC_SEED_5);
}

const CLASSIC_SEED_5: &str = "\
.....4..93......2...57..6..2..5.......9...1...6....3874.3.....6.1..6....8...52...
....2...63..1..........345......19..2.65...4...7....6.43.6...987.2......1...5..3.
8.961....7...4.....6.....9.21.5.7..4..496.3.......46...5......2...173.........4..
";

/// A link given as an argument is the puzzle itself, not a file name (the README's
/// `sudoku check --variant 'https://f-puzzles.com/?load=...'`).
#[test]
fn a_link_on_the_command_line_is_read_as_the_puzzle() {
    let link = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/variant/parity_fish.scl"
    ))
    .expect("the committed link");
    let out = sudoku(&["check", "--variant", link.trim()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("background image"), "{stderr}");
    let out = sudoku(&["solve", "--variant", "https://sudokupad.app/wsj7iunsg6"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot be read offline"), "{stderr}");
}
