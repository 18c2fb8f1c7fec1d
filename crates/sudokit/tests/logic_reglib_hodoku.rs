//! HoDoKu's regression library against the HoDoKu techniques Sudoku Explainer lacks (fish,
//! coloring, uniqueness, templates: `techniques::FISH_COLORING_UNIQUENESS`): for every case of
//! a code we implement, run only that code's finders on the case's pencilmark state and check
//! that one step (or, for the "Siamese" codes, two steps on the same base) eliminates or
//! places exactly what the case lists, and that no `-x` case fires.
//!
//! Inputs: `testdata/reglib_hodoku_sample.txt` (up to three cases per code, committed) and, in
//! the data tier, the whole `techniques/reglib-1.3.txt` from the shared data folder.
//!
//! Codes as reglib numbers them (its headers; the numbers were off by one family):
//! 0310-0312 finned, 0320-0322 sashimi X-Wing/Swordfish/Jellyfish, 0330-0332 Franken,
//! 0340-0342 finned Franken, 0350-0352 mutant and 0360-0364 finned mutant fish (0363/0364: five
//! and six houses, squirmbag and whale); five-digit
//! codes (03111, 03121, 03211, 03221, 03411, 03421, 03621) are "Siamese" fish: two fish of the
//! code's first four digits on the same base houses and digit, whose eliminations together are
//! the expected set.

mod common;

use common::report;

use std::collections::BTreeMap;
use sudokit::format::tool::ReglibCase;
use sudokit::logic::techniques::{HiddenRectangle, UniquenessType6, FISH_COLORING_UNIQUENESS};
use sudokit::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use sudokit::{Cell, Digit};

/// A HoDoKu code we implement: its name and our techniques.
struct Code {
    code: &'static str,
    name: &'static str,
    techniques: &'static [Technique],
}

const CODES: &[Code] = &[
    Code {
        code: "0310",
        name: "Finned X-Wing",
        techniques: &[Technique::FinnedXWing],
    },
    Code {
        code: "0311",
        name: "Finned Swordfish",
        techniques: &[Technique::FinnedSwordfish],
    },
    Code {
        code: "03111",
        name: "Siamese Finned Swordfish",
        techniques: &[Technique::FinnedSwordfish, Technique::SashimiSwordfish],
    },
    Code {
        code: "0312",
        name: "Finned Jellyfish",
        techniques: &[Technique::FinnedJellyfish],
    },
    Code {
        code: "03121",
        name: "Siamese Finned Jellyfish",
        techniques: &[Technique::FinnedJellyfish, Technique::SashimiJellyfish],
    },
    Code {
        code: "0320",
        name: "Sashimi X-Wing",
        techniques: &[Technique::SashimiXWing],
    },
    Code {
        code: "0321",
        name: "Sashimi Swordfish",
        techniques: &[Technique::SashimiSwordfish],
    },
    Code {
        code: "03211",
        name: "Siamese Sashimi Swordfish",
        techniques: &[Technique::SashimiSwordfish, Technique::FinnedSwordfish],
    },
    Code {
        code: "0322",
        name: "Sashimi Jellyfish",
        techniques: &[Technique::SashimiJellyfish],
    },
    Code {
        code: "03221",
        name: "Siamese Sashimi Jellyfish",
        techniques: &[Technique::SashimiJellyfish, Technique::FinnedJellyfish],
    },
    Code {
        code: "0330",
        name: "Franken X-Wing",
        techniques: &[Technique::FrankenXWing],
    },
    Code {
        code: "0331",
        name: "Franken Swordfish",
        techniques: &[Technique::FrankenSwordfish],
    },
    Code {
        code: "0332",
        name: "Franken Jellyfish",
        techniques: &[Technique::FrankenJellyfish],
    },
    Code {
        code: "0340",
        name: "Finned Franken X-Wing",
        techniques: &[Technique::FinnedFrankenXWing],
    },
    Code {
        code: "0341",
        name: "Finned Franken Swordfish",
        techniques: &[Technique::FinnedFrankenSwordfish],
    },
    Code {
        code: "03411",
        name: "Siamese Finned Franken Swordfish",
        techniques: &[Technique::FinnedFrankenSwordfish],
    },
    Code {
        code: "0342",
        name: "Finned Franken Jellyfish",
        techniques: &[Technique::FinnedFrankenJellyfish],
    },
    Code {
        code: "03421",
        name: "Siamese Finned Franken Jellyfish",
        techniques: &[Technique::FinnedFrankenJellyfish],
    },
    Code {
        code: "0350",
        name: "Mutant X-Wing",
        techniques: &[Technique::MutantXWing],
    },
    Code {
        code: "0351",
        name: "Mutant Swordfish",
        techniques: &[Technique::MutantSwordfish],
    },
    Code {
        code: "0352",
        name: "Mutant Jellyfish",
        techniques: &[Technique::MutantJellyfish],
    },
    Code {
        code: "0360",
        name: "Finned Mutant X-Wing",
        techniques: &[Technique::FinnedMutantXWing],
    },
    Code {
        code: "0361",
        name: "Finned Mutant Swordfish",
        techniques: &[Technique::FinnedMutantSwordfish],
    },
    Code {
        code: "0362",
        name: "Finned Mutant Jellyfish",
        techniques: &[Technique::FinnedMutantJellyfish],
    },
    Code {
        code: "03621",
        name: "Siamese Finned Mutant Jellyfish",
        techniques: &[Technique::FinnedMutantJellyfish],
    },
    Code {
        code: "0363",
        name: "Finned Mutant Squirmbag",
        techniques: &[Technique::FinnedMutantSquirmbag],
    },
    Code {
        code: "0364",
        name: "Finned Mutant Whale",
        techniques: &[Technique::FinnedMutantWhale],
    },
    Code {
        code: "0500",
        name: "Simple Colors Trap",
        techniques: &[Technique::SimpleColorsTrap],
    },
    Code {
        code: "0501",
        name: "Simple Colors Wrap",
        techniques: &[Technique::SimpleColorsWrap],
    },
    Code {
        code: "0502",
        name: "Multi-Colors 1",
        techniques: &[Technique::MultiColors1],
    },
    Code {
        code: "0503",
        name: "Multi-Colors 2",
        techniques: &[Technique::MultiColors2],
    },
    Code {
        code: "0605",
        name: "Uniqueness Test 6",
        techniques: &[Technique::UniquenessType6],
    },
    Code {
        code: "0606",
        name: "Hidden Rectangle",
        techniques: &[Technique::HiddenRectangle],
    },
];

/// HoDoKu's "allow missing candidates" finders, for the `-2` cases of uniqueness codes.
static UT6_MISSING: UniquenessType6 = UniquenessType6::STRICT.allowing_missing_candidates();
static HR_MISSING: HiddenRectangle = HiddenRectangle::STRICT.allowing_missing_candidates();

/// The finder in [`FISH_COLORING_UNIQUENESS`] that reports `technique`, or with `missing` its
/// form that allows missing candidates.
fn finder(technique: Technique, missing: bool) -> &'static dyn Finder {
    match technique {
        Technique::UniquenessType6 if missing => return &UT6_MISSING,
        Technique::HiddenRectangle if missing => return &HR_MISSING,
        _ => {}
    }
    FISH_COLORING_UNIQUENESS
        .iter()
        .copied()
        .find(|f| f.techniques().contains(&technique))
        .unwrap_or_else(|| panic!("no finder for {technique:?}"))
}

/// Every step of `techniques` in `grid` (with `missing`, allowing missing candidates).
fn steps_of(techniques: &[Technique], missing: bool, grid: &CandidateGrid) -> Vec<Step> {
    let ratings = Ratings::default();
    let mut steps = Vec::new();
    let mut done: Vec<Technique> = Vec::new();
    for &t in techniques {
        if done.contains(&t) {
            continue;
        }
        let finder = finder(t, missing);
        done.extend_from_slice(finder.techniques());
        steps.extend(
            finder
                .all(grid, &ratings)
                .into_iter()
                .filter(|s| techniques.contains(&s.technique)),
        );
    }
    steps
}

fn sorted<T: Ord>(mut items: Vec<T>) -> Vec<T> {
    items.sort();
    items.dedup();
    items
}

/// Whether our steps satisfy `case`: one step's eliminations (placements) are exactly the
/// expected ones; for a Siamese code, the union of two steps with the same digit and base
/// houses is.
fn is_found(case: &ReglibCase, siamese: bool, steps: &[Step]) -> bool {
    if case.fail_case {
        return steps.is_empty();
    }
    let expected_elims: Vec<(Cell, Digit)> = sorted(case.eliminations.clone());
    let expected_places: Vec<(Cell, Digit)> = sorted(case.placements.clone());
    let matches = |elims: Vec<(Cell, Digit)>, places: Vec<(Cell, Digit)>| {
        sorted(elims) == expected_elims && sorted(places) == expected_places
    };
    if !siamese {
        return steps
            .iter()
            .any(|s| matches(s.eliminations.clone(), s.placements.clone()));
    }
    let mut by_base: BTreeMap<String, Vec<&Step>> = BTreeMap::new();
    for step in steps {
        let base = &step.houses[..step.houses.len() / 2];
        by_base
            .entry(format!("{:?} {:?}", step.digits, base))
            .or_default()
            .push(step);
    }
    by_base.values().any(|group| {
        group.iter().enumerate().any(|(i, a)| {
            group[i + 1..].iter().any(|b| {
                let mut elims = a.eliminations.clone();
                elims.extend_from_slice(&b.eliminations);
                matches(elims, Vec::new())
            })
        })
    })
}

/// Per code: (cases, found), and the cases missed.
type Tally = BTreeMap<&'static str, (usize, usize)>;

/// Runs every case of `text` whose code we implement; returns the tally, the misses, and the
/// `-x` cases of our codes with how many fired.
fn run(text: &str) -> (Tally, Vec<String>, (usize, usize)) {
    let mut tally: Tally = CODES.iter().map(|c| (c.code, (0, 0))).collect();
    let mut misses = Vec::new();
    let mut fail = (0, 0);
    for (index, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let case =
            ReglibCase::parse(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", index + 1));
        let Some(code) = CODES.iter().find(|c| c.code == case.code) else {
            continue;
        };
        // Variant 2 of the uniqueness codes is HoDoKu's "allow missing candidates"; a fail
        // case must not fire either way.
        let missing = case.variant == Some(2);
        let mut steps = steps_of(code.techniques, missing, &case.grid());
        if case.fail_case {
            steps.extend(steps_of(code.techniques, true, &case.grid()));
        }
        let found = is_found(&case, code.code.len() == 5, &steps);
        if case.fail_case {
            fail.0 += 1;
            fail.1 += usize::from(!found);
            continue;
        }
        let entry = tally.entry(code.code).or_default();
        entry.0 += 1;
        if found {
            entry.1 += 1;
        } else {
            misses.push(format!("line {}: {line}", index + 1));
        }
    }
    (tally, misses, fail)
}

fn print_table(title: &str, tally: &Tally, fail: (usize, usize)) {
    report(&format!(
        "{title}\n  code   technique                         cases  found"
    ));
    for code in CODES {
        let (cases, found) = tally[code.code];
        report(&format!(
            "  {:<6} {:<33} {cases:>5}  {found:>5}",
            code.code, code.name
        ));
    }
    report(&format!(
        "  must-not-fire (-x) cases of these codes: {}, fired: {}",
        fail.0, fail.1
    ));
}

#[test]
fn committed_sample_is_found_in_full() {
    let text = common::read_testdata("reglib_hodoku_sample.txt");
    let (tally, misses, fail) = run(&text);
    print_table(
        "logic_reglib_hodoku: testdata/reglib_hodoku_sample.txt",
        &tally,
        fail,
    );
    assert!(misses.is_empty(), "missed:\n{}", misses.join("\n"));
    let cases: usize = tally.values().map(|&(cases, _)| cases).sum();
    assert_eq!(cases, SAMPLE_CASES);
    // The one must-not-fire case of our codes (a hidden rectangle) is in the sample.
    assert_eq!(fail, (1, 0));
}

/// How many cases of our codes the committed sample holds.
const SAMPLE_CASES: usize = 76;

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn full_library_is_found_in_full() {
    let Some(text) = common::read_shared("logic_reglib_hodoku", "techniques/reglib-1.3.txt") else {
        return;
    };
    let (tally, misses, fail) = run(&text);
    print_table(
        "logic_reglib_hodoku: techniques/reglib-1.3.txt",
        &tally,
        fail,
    );
    assert!(misses.is_empty(), "missed:\n{}", misses.join("\n"));
    assert_eq!(
        fail,
        (1, 0),
        "the library's one -x case of our codes is 0606-x"
    );
    let cases: usize = tally.values().map(|&(cases, _)| cases).sum();
    assert_eq!(cases, FULL_CASES);
}

/// How many cases of our codes the full library holds (the tally above finds them all).
const FULL_CASES: usize = 162;
