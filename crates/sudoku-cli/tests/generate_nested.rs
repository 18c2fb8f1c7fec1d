//! `sudoku generate --nested`: difficulty targets judged with the nested forcing chains, each
//! candidate within a work budget (issue 37).

mod common;

use common::*;
use sudokit::generate;
use sudokit::logic::techniques::WITH_NESTED;
use sudokit::rate::Rater;
use sudokit::solve::{self, Count};

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = sudoku().args(args).output().expect("sudoku runs");
    (output.status.code(), stdout_of(&output), stderr_of(&output))
}

/// Checks each `PUZZLE<TAB>ER/EP/ED<TAB>LEVEL<TAB>CLUES` line: unique, minimal, rated as
/// `rate --nested` rates it, ER at least `min_tenths`.
fn check_rated_lines(stdout: &str, min_tenths: u16) {
    for line in stdout.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        let puzzle = grid(fields[0]);
        assert_eq!(solve::count(&puzzle, 2), Count::Exact(1), "{line}");
        assert_eq!(generate::is_minimal(&puzzle, 1_000_000), Ok(true), "{line}");
        let rated = Rater::new()
            .with_finders(WITH_NESTED)
            .rate(&puzzle)
            .expect("a generated puzzle rates");
        assert_eq!(rated.rating.se.to_string(), fields[1], "{line}");
        assert_eq!(rated.rating.hodoku.level.to_string(), fields[2], "{line}");
        assert!(!rated.rating.is_stuck(), "{line}");
        assert!(rated.rating.se.er.tenths() >= min_tenths, "{line}");
    }
}

/// The nested judge on a band the default techniques mostly reach: the same puzzles on one
/// thread and two, each rated as `rate --nested` rates it.
#[test]
fn nested_judging_is_seeded_thread_independent_and_exact() {
    let args = [
        "generate", "-n", "3", "--seed", "3", "--rating", "9+", "--nested",
    ];
    let (code, one, err) = run(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let (_, two, _) = run(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 3);
    check_rated_lines(&one, 90);
}

/// A budget too small for any rating: every candidate is a miss, and the search ends within
/// its attempts (exit status 1), the same way on any number of threads.
#[test]
fn a_candidate_out_of_work_is_never_a_hit() {
    let args = [
        "generate",
        "-n",
        "2",
        "--seed",
        "1",
        "--rating",
        "10+",
        "--nested",
        "--nested-work",
        "1",
        "--max-attempts",
        "3",
    ];
    let (code, out, err) = run(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out, "");
    assert_eq!(
        err.matches("no attempt met the request in 3 tries").count(),
        2,
        "{err}"
    );
    let (code2, out2, err2) = run(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!((code2, out2, err2), (code, out, err));
}

#[test]
fn nested_options_are_checked() {
    for (args, says) in [
        (&["--nested-work", "5"][..], "--nested"),
        (&["--nested", "--nested-work", "0"][..], "positive"),
        (
            &["--nested", "--accept-stuck", "--rating", "9+"][..],
            "cannot be used",
        ),
        (
            &["--technique", "nested-cell-forcing-chains-2"][..],
            "--nested",
        ),
    ] {
        let (code, _, err) = run(&[&["generate"][..], args].concat());
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
