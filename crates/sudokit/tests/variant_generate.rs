//! The variant generator: for each size and rule set, puzzles are unique (counted here),
//! minimal (no clue can go), symmetric when asked, checked by the independent checker, and
//! the same for a seed however often they are made.

#[path = "variant_checker/mod.rs"]
mod variant_checker;

use sudokit::solve::Count;
use sudokit::variant::{self, generate, Puzzle, Request, Rule, Shape};

fn request(
    rows: usize,
    cols: usize,
    rules: &[&str],
    symmetric: bool,
    killer_cages: bool,
) -> Request {
    Request {
        shape: Shape::boxes(rows, cols).expect("shape"),
        rules: rules
            .iter()
            .map(|r| Rule::from_name(r).expect("rule"))
            .collect(),
        symmetric,
        killer_cages,
        max_guesses: 100_000,
    }
}

fn assert_proper_and_minimal(puzzle: &Puzzle) {
    assert_eq!(variant::count(puzzle, 2), Count::Exact(1), "{puzzle:?}");
    let solution = variant::solve(puzzle).expect("solvable");
    variant_checker::check(puzzle, &solution).expect("checked");
    assert_eq!(
        variant_checker::naive_count(puzzle, 2),
        1,
        "the naive counter agrees: {puzzle:?}"
    );
    for (cell, &g) in puzzle.givens().iter().enumerate() {
        if g != 0 {
            let mut fewer = puzzle.givens().to_vec();
            fewer[cell] = 0;
            let less = puzzle.with_givens(fewer).expect("puzzle");
            assert_ne!(
                variant::count(&less, 2),
                Count::Exact(1),
                "clue {cell} is not needed"
            );
        }
    }
}

#[test]
fn four_and_six_with_global_rules_are_unique_and_minimal() {
    for rules in [
        &[][..],
        &["diagonal"],
        &["anti-knight"],
        &["disjoint"],
        &["windoku"],
    ] {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2)] {
            let req = request(rows, cols, rules, false, false);
            for index in 0..3 {
                match generate(&req, 7, index) {
                    Ok(puzzle) => assert_proper_and_minimal(&puzzle),
                    // Some rule sets have no grid of this size (no anti-knight 4x4 with... ).
                    Err(variant::GenerateError::NoGrid) => assert_eq!(
                        variant::count(
                            &Puzzle::new(
                                req.shape.clone(),
                                vec![0; rows * cols * rows * cols],
                                req.rules.clone()
                            )
                            .expect("p"),
                            1
                        ),
                        Count::Exact(0)
                    ),
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
}

#[test]
fn symmetric_puzzles_keep_the_half_turn() {
    let req = request(2, 3, &["diagonal"], true, false);
    for index in 0..3 {
        let puzzle = generate(&req, 11, index).expect("a puzzle");
        let g = puzzle.givens();
        for c in 0..g.len() {
            assert_eq!(g[c] == 0, g[g.len() - 1 - c] == 0, "cell {c}");
        }
        assert_eq!(variant::count(&puzzle, 2), Count::Exact(1));
    }
}

#[test]
fn killer_cages_come_from_the_grid_with_few_givens() {
    let req = request(2, 3, &[], false, true);
    for index in 0..3 {
        let puzzle = generate(&req, 5, index).expect("a puzzle");
        assert_proper_and_minimal(&puzzle);
        assert!(puzzle.rules().iter().any(|r| matches!(r, Rule::Killer(_))));
        let givens = puzzle.givens().iter().filter(|&&g| g != 0).count();
        assert!(givens <= 8, "{givens} givens");
    }
}

#[test]
fn the_same_seed_makes_the_same_puzzle_on_any_thread() {
    let req = request(3, 3, &["diagonal"], false, false);
    let here = generate(&req, 42, 3).expect("a puzzle");
    let there = std::thread::spawn(move || generate(&req, 42, 3).expect("a puzzle"))
        .join()
        .expect("thread");
    assert_eq!(here, there);
}

#[test]
fn sixteen_by_sixteen_generates() {
    let mut req = request(4, 4, &[], false, false);
    req.max_guesses = 2_000;
    let puzzle = generate(&req, 1, 0).expect("a puzzle");
    assert_eq!(variant::count(&puzzle, 2), Count::Exact(1));
}

#[test]
fn a_guard_that_is_not_spent_changes_nothing() {
    use sudokit::budget::{Budget, Guard};
    use sudokit::variant::generate_guarded;
    for req in [
        request(2, 3, &["diagonal"], true, false),
        request(2, 3, &[], false, true),
        request(3, 3, &["anti-knight"], false, false),
    ] {
        for index in 0..2 {
            let guard = Guard::new(Budget::UNLIMITED);
            assert_eq!(
                generate_guarded(&req, 9, index, &guard),
                generate(&req, 9, index)
            );
        }
    }
}

#[test]
fn a_spent_guard_stops_the_generator() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use sudokit::budget::{Budget, Guard, Limit};
    use sudokit::variant::{generate_guarded, GenerateError};
    let req = request(3, 3, &[], false, false);
    let cancelled = Guard::new(Budget::UNLIMITED).with_cancel(Arc::new(AtomicBool::new(true)));
    assert_eq!(
        generate_guarded(&req, 1, 0, &cancelled),
        Err(GenerateError::Stopped(Limit::Cancelled))
    );
    // A step budget runs out in the middle: the fill takes a few guesses, the digging more.
    let few = Guard::new(Budget::UNLIMITED.with_steps(20));
    assert_eq!(
        generate_guarded(&req, 1, 0, &few),
        Err(GenerateError::Stopped(Limit::Steps(20)))
    );
}
