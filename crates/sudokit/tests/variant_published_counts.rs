//! Counts of variant grids checked against published figures (each cited at its test), by the
//! engine (every solution checked by the independent checker) and by the naive reference
//! counter, which needs about 23 CPU-s on the 9x9 Miracle grid (debug build), so that test
//! runs in the slow tier (`--ignored`).

#[path = "variant_checker/mod.rs"]
mod variant_checker;

use std::collections::BTreeSet;
use sudokit::variant::{Puzzle, Rule, Search, Shape};
use variant_checker::{check, naive_count};

/// Every solution of `puzzle`, each checked by the independent checker.
fn all_solutions(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    let mut search = Search::new(puzzle);
    let mut out = Vec::new();
    while let Some(grid) = search.next_solution().expect("no budget") {
        if let Err(why) = check(puzzle, &grid) {
            panic!("a wrong solution {grid:?}: {why}");
        }
        out.push(grid);
        assert!(out.len() <= 10_000, "far more solutions than published");
    }
    out
}

fn miracle_rules() -> Vec<Rule> {
    ["anti-king", "anti-knight", "non-consecutive"]
        .iter()
        .map(|name| Rule::from_name(name).expect("a rule without data"))
        .collect()
}

fn grid(rows: [&str; 9]) -> Vec<u8> {
    rows.iter()
        .flat_map(|row| row.bytes().map(|b| b - b'0'))
        .collect()
}

/// The 8 symmetries of the square applied to a 9x9 grid, and each with its digits inverted
/// (d -> 10 - d), which keeps all three Miracle rules.
fn images(g: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for t in 0..8 {
        let moved: Vec<u8> = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r = if t & 2 != 0 { 8 - r } else { r };
                let c = if t & 1 != 0 { 8 - c } else { c };
                g[r * 9 + c]
            })
            .collect();
        out.push(moved.iter().map(|&d| 10 - d).collect());
        out.push(moved);
    }
    out
}

/// "The Miracle" rules (anti-king, anti-knight, non-consecutive; Mitchell Lee's puzzle as
/// solved by Cracking the Cryptic, 2020) on an empty 9x9 grid. Published: a brute-force
/// search found 5 grids "excluding rotation, reflection, and inversion" (the answer to "How
/// many unique miracle sudokus are there?", Puzzling Stack Exchange, question 98479; the
/// five grids below are copied from it). So the grids are exactly the images of those five
/// under the 8 symmetries of the square and inversion: 72 grids (four of the five have 16
/// images, one has 8). The engine must find exactly that set.
#[test]
fn the_miracle_rules_allow_the_72_published_grids() {
    let published = [
        grid([
            "159483726",
            "726159483",
            "483726159",
            "615948372",
            "372615948",
            "948372615",
            "261594837",
            "837261594",
            "594837261",
        ]),
        grid([
            "159483726",
            "483726159",
            "726159483",
            "594837261",
            "837261594",
            "261594837",
            "948372615",
            "372615948",
            "615948372",
        ]),
        grid([
            "615948372",
            "948372615",
            "372615948",
            "159483726",
            "483726159",
            "726159483",
            "594837261",
            "837261594",
            "261594837",
        ]),
        grid([
            "726159483",
            "159483726",
            "483726159",
            "261594837",
            "594837261",
            "837261594",
            "615948372",
            "948372615",
            "372615948",
        ]),
        grid([
            "594837261",
            "261594837",
            "837261594",
            "159483726",
            "726159483",
            "483726159",
            "615948372",
            "372615948",
            "948372615",
        ]),
    ];
    let expected: BTreeSet<Vec<u8>> = published.iter().flat_map(|g| images(g)).collect();
    let classes: Vec<usize> = published
        .iter()
        .map(|g| images(g).into_iter().collect::<BTreeSet<_>>().len())
        .collect();
    assert_eq!(classes, [16, 16, 16, 16, 8]);
    // No two of the five are images of each other: five classes.
    for (i, g) in published.iter().enumerate() {
        for h in &published[i + 1..] {
            assert!(!images(g).contains(h), "two published grids are one class");
        }
    }
    let puzzle = Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], miracle_rules())
        .expect("a puzzle");
    let found: BTreeSet<Vec<u8>> = all_solutions(&puzzle).into_iter().collect();
    assert_eq!(found.len(), 72);
    assert_eq!(found, expected);
}

/// The Miracle itself: two givens, 1 at r5c3 and 2 at r6c7, published with a unique
/// solution (forum.enjoysudoku.com, "The Miracle by Mitchell Lee", t38004). The engine finds
/// one, and it is one of the 72 grids above.
#[test]
fn the_miracle_has_one_solution() {
    let mut givens = vec![0; 81];
    givens[4 * 9 + 2] = 1;
    givens[5 * 9 + 6] = 2;
    let puzzle =
        Puzzle::new(Shape::square(9).expect("9x9"), givens, miracle_rules()).expect("a puzzle");
    let solutions = all_solutions(&puzzle);
    assert_eq!(solutions.len(), 1);
    let empty = Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], miracle_rules())
        .expect("a puzzle");
    assert!(all_solutions(&empty).contains(&solutions[0]));
}

/// The naive counter finds the same 72 on the empty grid.
#[test]
#[ignore = "slow tier (the naive counter: about 23 CPU-s in the test profile): cargo test -- --include-ignored"]
fn the_naive_counter_finds_72_miracle_grids() {
    let puzzle = Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], miracle_rules())
        .expect("a puzzle");
    assert_eq!(naive_count(&puzzle, 1_000), 72);
}
