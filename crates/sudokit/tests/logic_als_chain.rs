//! HoDoKu's ALS-XY-Chain search (`techniques::AlsXyChain`): every step it reports checked
//! against real puzzles' solutions, and its default options held to what Java HoDoKu 2.2.0
//! finds in the regression library.
//!
//! Soundness, as `tests/logic_chains_soundness.rs` does for the other chain finders: along
//! Sudoku Explainer's path of each puzzle, every state is given to each variant of the search,
//! and every step it reports (not only the first) must remove only false candidates. Quick
//! tier: the first 3 puzzles of `testdata/sample.txt`; data tier: the first 10 of
//! `top1465.txt` and of `sudoku_exchange_diabolical.txt`.

mod common;

use std::collections::BTreeSet;
use sudokit::format::tool::ReglibCase;
use sudokit::logic::techniques::AlsXyChain;
use sudokit::logic::{Finder, Ratings};

/// Human mode's search, and with overlapping sets and both ways with a budget small enough
/// for every state of a path (a budget only stops a search early).
const FINDERS: &[&dyn Finder] = &[
    &AlsXyChain::HODOKU,
    &AlsXyChain::HODOKU.overlapping().with_budget(20_000),
    &AlsXyChain::BOTH_WAYS.with_budget(20_000),
];

fn assert_sound(label: &str, lines: &[&str]) {
    common::finders::assert_finders_sound(
        &format!("logic_als_chain {label}"),
        lines,
        FINDERS,
        usize::MAX,
    );
}

#[test]
fn committed_sample_is_sound() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(3).collect();
    assert_eq!(lines.len(), 3);
    assert_sound("testdata/sample.txt (first 3)", &lines);
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_is_sound() {
    if let Some((lines, _)) = common::shared_first_lines("logic_als_chain", "top1465.txt", 10) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 10)", &lines);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some((lines, _)) =
        common::shared_first_lines("logic_als_chain", "sudoku_exchange_diabolical.txt", 10)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 10)", &lines);
    }
}

/// The 0903 cases that Java HoDoKu 2.2.0's regression tester does not find with its default
/// options (RCs forward only, at most 6 links), by line of `reglib-1.3.txt`: hodoku-py's
/// `tests/reglib/README.md` lists them.
const JAVA_MISSES: [usize; 5] = [1445, 1453, 1454, 1455, 1459];

/// The lines of the 0903 cases a finder covers (one of its steps removes exactly the case's
/// candidates), and the lines of all 0903 cases.
fn covered(text: &str, finder: &dyn Finder) -> (Vec<usize>, Vec<usize>) {
    let ratings = Ratings::default();
    let (mut found, mut all) = (Vec::new(), Vec::new());
    for (index, line) in text.lines().enumerate() {
        if !line.starts_with(":0903") {
            continue;
        }
        let case =
            ReglibCase::parse(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", index + 1));
        let want: BTreeSet<_> = case.eliminations.iter().copied().collect();
        all.push(index + 1);
        let hit = finder
            .all(&case.grid(), &ratings)
            .iter()
            .any(|s| s.eliminations.iter().copied().collect::<BTreeSet<_>>() == want);
        if hit {
            found.push(index + 1);
        }
    }
    (found, all)
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn hodoku_defaults_find_what_java_hodoku_finds() {
    let Some(text) = common::read_shared("logic_als_chain", "techniques/reglib-1.3.txt") else {
        return;
    };
    // HoDoKu's tester (6 links) and its solver (50 links), both forward only, find the same
    // ten: exactly the cases Java HoDoKu finds.
    for finder in [AlsXyChain::ALL_STEPS, AlsXyChain::HODOKU] {
        let (found, all) = covered(&text, &finder);
        assert_eq!(all.len(), 15);
        let expected: Vec<usize> = all
            .iter()
            .copied()
            .filter(|l| !JAVA_MISSES.contains(l))
            .collect();
        assert_eq!(found, expected, "{finder:?}");
    }
    common::report("logic_als_chain: HoDoKu's defaults find 10 of 15 0903 cases, as Java does");
}
