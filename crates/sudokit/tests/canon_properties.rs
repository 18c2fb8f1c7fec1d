//! Properties of canonical forms on random inputs: every random transform of a grid has the
//! grid's form and automorphism count; the transform found maps the grid to its form; forms of
//! inequivalent puzzles differ; solution grids almost always have a single automorphism.

use proptest::prelude::*;
use std::collections::HashSet;
use sudokit::canon::{self, Transform, SYMMETRIES};
use sudokit::generate;
use sudokit::solve::{self, Count};
use sudokit::Grid;

/// A random sparse grid that keeps no rules: canonical forms are defined for every grid.
fn any_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(prop_oneof![3 => Just(0u8), 1 => 1u8..=9], 81).prop_map(|cells| {
        let mut values = [0u8; 81];
        values.copy_from_slice(&cells);
        Grid::from_values(values).expect("values are digits")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn transforms_of_a_puzzle_share_its_form(seed in any::<u64>(), t in any::<u64>()) {
        let puzzle = generate::puzzle(seed).puzzle;
        let found = canon::analyse(&puzzle);
        let moved = canon::transform(&puzzle, t);
        let again = canon::analyse(&moved);
        prop_assert_eq!(again.form, found.form);
        prop_assert_eq!(again.automorphisms, found.automorphisms);
        prop_assert_eq!(found.to_form.apply(&puzzle), found.form);
        prop_assert_eq!(again.to_form.apply(&moved), found.form);
        prop_assert_eq!(solve::count(&found.form, 2), Count::Exact(1));
    }

    #[test]
    fn transforms_of_a_solution_grid_share_its_form(seed in any::<u64>(), t in any::<u64>()) {
        let grid = generate::random_solution(seed);
        let form = canon::canonical(&grid);
        prop_assert!(form.is_full() && form.check_rules().is_ok());
        prop_assert_eq!(canon::canonical(&Transform::random(t).apply(&grid)), form);
    }

    #[test]
    fn any_grid_has_a_stable_form(grid in any_grid(), t in any::<u64>()) {
        let found = canon::analyse(&grid);
        prop_assert_eq!(found.to_form.apply(&grid), found.form);
        prop_assert_eq!(canon::canonical(&found.form), found.form);
        prop_assert_eq!(canon::canonical(&canon::transform(&grid, t)), found.form);
        prop_assert_eq!(found.form.count_filled(), grid.count_filled());
        // The automorphisms form a subgroup: their number divides the group's order.
        prop_assert!(found.automorphisms >= 1 && SYMMETRIES.is_multiple_of(found.automorphisms));
    }
}

#[test]
fn inequivalent_puzzles_have_different_forms() {
    // Random puzzles from different grids are inequivalent (two random grids being equivalent
    // has odds of about 1 in 5 billion), so 300 of them give 300 forms.
    let forms: HashSet<Grid> = (0..300)
        .map(|seed| canon::canonical(&generate::puzzle(seed).puzzle))
        .collect();
    assert_eq!(forms.len(), 300);
}

#[test]
fn random_solution_grids_usually_have_one_automorphism() {
    let counts: Vec<u64> = (0..40)
        .map(|seed| canon::automorphisms(&generate::random_solution(seed)))
        .collect();
    // Fewer than 1 grid in 10,000 has a nontrivial automorphism (Russell and Jarvis, 2006).
    assert!(counts.iter().all(|&n| n == 1), "{counts:?}");
}
