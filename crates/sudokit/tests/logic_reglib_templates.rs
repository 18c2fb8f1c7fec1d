//! HoDoKu's regression library against the template finders (`techniques::Templates`): every
//! case of 1201 (template set) and 1202 (template delete) must be found exactly (one step
//! places, or removes, exactly the listed candidates), and no `-x` case of those codes fires.
//!
//! Inputs: `testdata/reglib_templates.txt` (all 18 cases, committed) and, in the data tier, the
//! whole `techniques/reglib-1.3.txt` from the shared data folder (which must hold the same 18).

mod common;

use common::report;
use sudokit::format::tool::ReglibCase;
use sudokit::logic::techniques::Templates;
use sudokit::logic::{Finder, Ratings, Step};

/// The finder of a template code, if `code` is one.
fn finder(code: &str) -> Option<&'static Templates> {
    match code {
        "1201" => Some(&Templates::SET),
        "1202" => Some(&Templates::DELETE),
        _ => None,
    }
}

fn sorted<T: Ord>(mut items: Vec<T>) -> Vec<T> {
    items.sort();
    items
}

/// Whether one of `steps` places and removes exactly what `case` lists.
fn matches(case: &ReglibCase, steps: &[Step]) -> bool {
    let elims = sorted(case.eliminations.clone());
    let places = sorted(case.placements.clone());
    steps
        .iter()
        .any(|s| sorted(s.eliminations.clone()) == elims && sorted(s.placements.clone()) == places)
}

/// Per code (1201, 1202): (cases, found).
type Tally = [(usize, usize); 2];

/// The tally, the `-x` cases with how many fired, and the misses.
fn run(text: &str) -> (Tally, (usize, usize), Vec<String>) {
    let mut tally = [(0, 0); 2];
    let mut fail = (0, 0);
    let mut misses = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let case =
            ReglibCase::parse(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", index + 1));
        let Some(finder) = finder(&case.code) else {
            continue;
        };
        let steps = finder.all(&case.grid(), &Ratings::default());
        if case.fail_case {
            fail.0 += 1;
            fail.1 += usize::from(!steps.is_empty());
            continue;
        }
        let slot = &mut tally[usize::from(case.code == "1202")];
        slot.0 += 1;
        if matches(&case, &steps) {
            slot.1 += 1;
        } else {
            misses.push(format!("line {}: {line}", index + 1));
        }
    }
    (tally, fail, misses)
}

fn check(title: &str, text: &str) {
    let (tally, fail, misses) = run(text);
    report(&format!(
        "{title}\n  1201 template set     cases {:>2}  found {:>2}\n  1202 template delete  cases {:>2}  found {:>2}\n  must-not-fire cases {}, fired {}",
        tally[0].0, tally[0].1, tally[1].0, tally[1].1, fail.0, fail.1
    ));
    assert!(misses.is_empty(), "missed:\n{}", misses.join("\n"));
    assert_eq!(tally, [(9, 9), (9, 9)], "HoDoKu has nine cases of each");
    assert_eq!(fail, (0, 0));
}

#[test]
fn every_committed_template_case_is_found_exactly() {
    check(
        "logic_reglib_templates: testdata/reglib_templates.txt",
        &common::read_testdata("reglib_templates.txt"),
    );
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn every_library_template_case_is_found_exactly() {
    let Some(dir) = common::shared_data() else {
        common::skip("logic_reglib_templates: no shared data folder (set SUDOKU_DATA)");
        return;
    };
    let path = dir.join("techniques/reglib-1.3.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        common::skip(&format!(
            "logic_reglib_templates: cannot read {}",
            path.display()
        ));
        return;
    };
    check("logic_reglib_templates: techniques/reglib-1.3.txt", &text);
}
