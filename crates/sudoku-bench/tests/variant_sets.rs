//! The committed sets of `sudoku-bench variant` (`data/variant/*.jsonl`, ours and
//! pencilmark's): every puzzle reads, has exactly one solution in our engine, that solution is
//! the one stored, and the independent checker of the engine's tests (not the engine's code)
//! accepts it against every rule. The quick tier checks the first puzzles of each file; the
//! slow tier all of them.

#[path = "../../sudokit/tests/variant_checker/mod.rs"]
mod variant_checker;

use std::path::PathBuf;

use sudoku_bench::variant::sets::{self, Source};
use sudoku_bench::variant::{self as vbench};

/// Every committed set file, by name.
fn files() -> Vec<PathBuf> {
    let dir = vbench::default_pencilmark_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

/// How many puzzles of a set the slow tier checks: all, but for the sets whose puzzles each
/// take seconds to prove unique in a debug build, where an evenly spread sample keeps the tier
/// within a couple of minutes (the benchmark itself proves every puzzle before timing it).
fn slow_tier_sample(name: &str) -> usize {
    match name {
        "ours-little-killer" => 20,
        "ours-non-consecutive" => 40,
        _ => usize::MAX,
    }
}

/// `text` with all but `want` evenly spread lines blanked (blank lines are skipped by the
/// reader, and the kept ones keep their line numbers).
fn spread(text: &str, want: usize) -> String {
    let total = text.lines().count();
    if want >= total {
        return text.to_string();
    }
    let step = total.div_ceil(want.max(1));
    text.lines()
        .enumerate()
        .map(|(k, line)| if k % step == 0 { line } else { "" })
        .collect::<Vec<_>>()
        .join("\n")
}

fn check_files(limit: usize) {
    let files = files();
    // Each file of ours is a recipe's (a recipe without one is made at run time).
    let ours: Vec<String> = files
        .iter()
        .filter_map(|p| p.file_stem().map(|n| n.to_string_lossy().into_owned()))
        .filter_map(|n| n.strip_prefix("ours-").map(str::to_string))
        .collect();
    assert!(ours.len() >= 10, "{files:?}");
    for name in &ours {
        assert!(
            sets::recipe(name).is_ok(),
            "ours-{name}.jsonl is no recipe's"
        );
    }
    for path in &files {
        let mut text = std::fs::read_to_string(path).expect("readable");
        let name = path.display().to_string();
        if limit == usize::MAX {
            let stem = path.file_stem().map(|n| n.to_string_lossy().into_owned());
            text = spread(&text, slow_tier_sample(stem.as_deref().unwrap_or("")));
        }
        // Reading checks uniqueness (our engine) and the stored solution.
        let set = sets::load_lines_from(&name, Source::Ours, path, &text, limit)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!set.items.is_empty(), "{name}");
        for (k, item) in set.items.iter().enumerate() {
            variant_checker::check(&item.puzzle, &item.solution)
                .unwrap_or_else(|e| panic!("{name}:{}: the checker refuses: {e}", k + 1));
            // A full grid of givens is no puzzle: some cell must be open.
            assert!(item.puzzle.givens().contains(&0), "{name}:{}", k + 1);
        }
    }
}

#[test]
fn the_first_puzzles_of_every_committed_set_are_unique_and_checked() {
    check_files(3);
}

#[test]
#[ignore = "slow tier: every committed puzzle, a spread sample of the slowest sets (minutes in a debug build)"]
fn every_committed_puzzle_is_unique_and_checked() {
    check_files(usize::MAX);
}

#[test]
fn a_spread_sample_keeps_its_lines_in_place() {
    let text = "a\nb\nc\nd\ne\nf\ng";
    assert_eq!(spread(text, 3), "a\n\n\nd\n\n\ng");
    assert_eq!(spread(text, 7), text);
    assert_eq!(spread(text, 100), text);
    assert_eq!(spread(text, 1), "a\n\n\n\n\n\n");
}
