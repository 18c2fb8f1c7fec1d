//! HoDoKu's regression library against Sudoku Explainer's chains and cycles (our
//! `ForcingChains` finder): for every chain-like case, build its pencilmark state, list every
//! chain SE's engine finds there, and check that they make the case's eliminations or
//! placements.
//!
//! SE and HoDoKu cut chains differently. HoDoKu's step is one pattern with all its
//! eliminations (an X-chain removes the digit from every cell that sees both ends); SE's forcing
//! chain starts from the candidate it removes, so the same pattern is one SE chain per
//! eliminated candidate (a cycle, like HoDoKu's continuous nice loop, removes all of them at
//! once). So, per code:
//! - **found**: every expected elimination is made by some chain of the allowed kinds, and
//!   every expected placement is placed by one. The kinds are SE's single-digit ones (forcing
//!   X-chain, X-cycle) for HoDoKu's single-digit patterns (skyscraper, 2-string kite, turbot
//!   fish, dual kite, X-chain), any chain for the others.
//! - **named**: the same, counting only chains whose [`ChainName`] is the code's pattern, so it
//!   checks the labels too.
//! - `-x` cases (none among these codes today) must find nothing.
//!
//! HoDoKu's grouped chains (0709-0711) and empty rectangles (0402, 0405, a box with more than
//! two candidates acting as one node) use group nodes, which SE 1.2.1's static chains do not
//! have; their rows are reported for information, with floors at what the plain chains reach.
//!
//! Input: the whole library at `$SUDOKU_DATA/techniques/reglib-1.3.txt` (else the repository's
//! sibling `shared/data`), skipped when absent, and the committed sample
//! `testdata/reglib_chains_sample.txt` (the first two cases of each code here) always.

mod common;

use common::report;

use std::collections::BTreeMap;
use sudokit::format::tool::ReglibCase;
use sudokit::logic::techniques::ForcingChains;
use sudokit::logic::{ChainName, Finder, Ratings, Step, Technique};
use sudokit::{Cell, Digit};

/// Which chains may make a code's eliminations.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kinds {
    /// SE's single-digit chains only.
    SingleDigit,
    /// Any chain.
    Any,
}

struct Code {
    code: &'static str,
    name: &'static str,
    kinds: Kinds,
    names: &'static [ChainName],
    /// Cases of the full library found / named, at least (what we reach today).
    floors: (usize, usize),
}

/// The codes whose patterns need group nodes (several cells of a box or line acting as one),
/// which SE's plain chains do not have.
const GROUPED: &[&str] = &["0402", "0405", "0709", "0710", "0711"];

const TURBOTS: &[ChainName] = &[
    ChainName::Skyscraper,
    ChainName::TwoStringKite,
    ChainName::EmptyRectangle,
    ChainName::TurbotFish,
];

const CODES: &[Code] = &[
    Code {
        code: "0400",
        name: "Skyscraper",
        kinds: Kinds::SingleDigit,
        names: &[ChainName::Skyscraper],
        floors: (10, 10),
    },
    Code {
        code: "0401",
        name: "2-String Kite",
        kinds: Kinds::SingleDigit,
        names: &[ChainName::TwoStringKite],
        floors: (12, 10),
    },
    Code {
        code: "0402",
        name: "Empty Rectangle",
        kinds: Kinds::Any,
        names: &[ChainName::EmptyRectangle],
        floors: (13, 8),
    },
    Code {
        code: "0403",
        name: "Turbot Fish",
        kinds: Kinds::SingleDigit,
        names: TURBOTS,
        floors: (9, 9),
    },
    Code {
        code: "0404",
        name: "Dual 2-String Kite",
        kinds: Kinds::SingleDigit,
        names: &[ChainName::TwoStringKite],
        floors: (9, 1),
    },
    Code {
        code: "0405",
        name: "Dual Empty Rectangle",
        kinds: Kinds::Any,
        names: &[ChainName::EmptyRectangle],
        floors: (7, 6),
    },
    Code {
        code: "0701",
        name: "X-Chain",
        kinds: Kinds::SingleDigit,
        names: &[
            ChainName::XChain,
            ChainName::Skyscraper,
            ChainName::TwoStringKite,
            ChainName::EmptyRectangle,
            ChainName::TurbotFish,
        ],
        floors: (14, 14),
    },
    Code {
        code: "0702",
        name: "XY-Chain",
        kinds: Kinds::Any,
        names: &[ChainName::XyChain, ChainName::RemotePair],
        floors: (23, 2),
    },
    Code {
        code: "0703",
        name: "Remote Pair",
        kinds: Kinds::Any,
        names: &[ChainName::RemotePair],
        floors: (20, 0),
    },
    Code {
        code: "0706",
        name: "Continuous Nice Loop",
        kinds: Kinds::Any,
        names: &[ChainName::NiceLoop],
        floors: (18, 0),
    },
    Code {
        code: "0707",
        name: "Discontinuous NL",
        kinds: Kinds::Any,
        names: &[ChainName::DiscontinuousNiceLoop],
        floors: (27, 14),
    },
    Code {
        code: "0708",
        name: "AIC",
        kinds: Kinds::Any,
        names: &[ChainName::Aic],
        floors: (34, 20),
    },
    Code {
        code: "0709",
        name: "Grouped Continuous NL",
        kinds: Kinds::Any,
        names: &[ChainName::NiceLoop],
        floors: (0, 0),
    },
    Code {
        code: "0710",
        name: "Grouped Discont. NL",
        kinds: Kinds::Any,
        names: &[ChainName::DiscontinuousNiceLoop],
        floors: (0, 0),
    },
    Code {
        code: "0711",
        name: "Grouped AIC",
        kinds: Kinds::Any,
        names: &[ChainName::Aic],
        floors: (0, 0),
    },
    Code {
        code: "0803",
        name: "W-Wing",
        kinds: Kinds::Any,
        names: &[ChainName::WWing],
        floors: (14, 4),
    },
];

/// Whether `steps` (those of the allowed kinds) make every expected elimination and placement.
fn covers(case: &ReglibCase, steps: &[&Step]) -> bool {
    if case.fail_case {
        return steps.is_empty();
    }
    // Placing another digit in a cell eliminates this one too (SE counts such a placement and
    // the elimination as the same hint, and keeps only the first).
    let eliminated = |&(cell, digit): &(Cell, Digit)| {
        steps.iter().any(|s| {
            s.eliminations.contains(&(cell, digit))
                || s.placements.iter().any(|&(c, d)| c == cell && d != digit)
        })
    };
    let placed = |p| steps.iter().any(|s| s.placements.contains(p));
    !(case.eliminations.is_empty() && case.placements.is_empty())
        && case.eliminations.iter().all(eliminated)
        && case.placements.iter().all(placed)
}

/// Per code: (cases, found, named).
type Tally = BTreeMap<&'static str, (usize, usize, usize)>;

fn run(text: &str) -> Tally {
    let ratings = Ratings::default();
    let mut tally: Tally = CODES.iter().map(|c| (c.code, (0, 0, 0))).collect();
    for (index, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let case =
            ReglibCase::parse(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", index + 1));
        let Some(code) = CODES.iter().find(|c| c.code == case.code) else {
            continue;
        };
        let steps = ForcingChains.all(&case.grid(), &ratings);
        let allowed: Vec<&Step> = steps
            .iter()
            .filter(|s| {
                code.kinds == Kinds::Any
                    || matches!(s.technique, Technique::ForcingXChain | Technique::XCycle)
            })
            .collect();
        let named: Vec<&Step> = allowed
            .iter()
            .copied()
            .filter(|s| ChainName::of(s).is_some_and(|n| code.names.contains(&n)))
            .collect();
        let entry = tally.entry(code.code).or_default();
        entry.0 += 1;
        entry.1 += usize::from(covers(&case, &allowed));
        entry.2 += usize::from(covers(&case, &named));
    }
    tally
}

fn print_table(title: &str, tally: &Tally) {
    report(&format!(
        "{title}\n  code  technique               cases  found  named"
    ));
    for code in CODES {
        let (cases, found, named) = tally.get(code.code).copied().unwrap_or_default();
        report(&format!(
            "  {}  {:<22} {cases:>5}  {found:>5}  {named:>5}",
            code.code, code.name
        ));
    }
}

#[test]
fn committed_sample_is_found() {
    let text = common::read_testdata("reglib_chains_sample.txt");
    let tally = run(&text);
    print_table(
        "logic_reglib_chains: testdata/reglib_chains_sample.txt",
        &tally,
    );
    for code in CODES {
        let (cases, found, _) = tally[code.code];
        assert_eq!(cases, 2, "code {} has 2 sample cases", code.code);
        // Every pattern without group nodes is made by plain chains.
        if !GROUPED.contains(&code.code) {
            assert_eq!(found, cases, "code {}", code.code);
        }
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn full_library_meets_the_floor_per_code() {
    let Some(text) = common::read_shared("logic_reglib_chains", "techniques/reglib-1.3.txt") else {
        return;
    };
    let tally = run(&text);
    print_table("logic_reglib_chains: techniques/reglib-1.3.txt", &tally);
    let mut failures = Vec::new();
    for code in CODES {
        let (cases, found, named) = tally[code.code];
        assert!(cases > 0, "no case for code {}", code.code);
        if found < code.floors.0 || named < code.floors.1 {
            failures.push(format!(
                "code {} ({}): found {found}, named {named} of {cases}; floors {:?}",
                code.code, code.name, code.floors
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
