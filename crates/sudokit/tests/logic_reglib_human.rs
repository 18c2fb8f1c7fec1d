//! HoDoKu's regression library against human mode's own techniques (chains, wings, ALS): for
//! every case of a code we implement, build its pencilmark state, list every step of the
//! matching finder, and check that one of them makes exactly the case's eliminations and
//! placements (for HoDoKu's "dual" patterns, 0404 and 0405, two steps together). A `-x` case
//! must find nothing.
//!
//! Two inputs: `testdata/reglib_human_sample.txt` (the first two cases of each code, committed)
//! always, and the whole library at `../shared/data/techniques/reglib-1.3.txt` in the data tier.
//! Every case of every code must be found; each code's floor is the number of cases reglib-1.3
//! has, so a misread library fails too. The per-code table goes to stderr.

mod common;

use common::report;
use std::collections::{BTreeMap, BTreeSet};
use sudokit::format::tool::ReglibCase;
use sudokit::logic::techniques::{
    AlsXyChain, AlsXyWing, AlsXyWingOverlapping, AlsXz, EmptyRectangle, GroupedNiceLoop, LockedSet,
    RemotePair, TurbotFamily, WWing, XChain, XyChain,
};
use sudokit::logic::{Finder, Ratings, Step};
use sudokit::{Cell, Digit};

struct Code {
    code: &'static str,
    name: &'static str,
    finder: &'static dyn Finder,
    /// Two steps may together make the case (HoDoKu's dual patterns).
    dual: bool,
    /// The cases reglib-1.3 has of this code (all of them must be found).
    floor: usize,
}

const CODES: &[Code] = &[
    Code {
        code: "0110",
        name: "Locked Pair",
        finder: &LockedSet::PAIR,
        dual: false,
        floor: 18,
    },
    Code {
        code: "0111",
        name: "Locked Triple",
        finder: &LockedSet::TRIPLE,
        dual: false,
        floor: 14,
    },
    Code {
        code: "0400",
        name: "Skyscraper",
        finder: &TurbotFamily::SKYSCRAPER,
        dual: false,
        floor: 10,
    },
    Code {
        code: "0401",
        name: "2-String Kite",
        finder: &TurbotFamily::KITE,
        dual: false,
        floor: 12,
    },
    Code {
        code: "0402",
        name: "Empty Rectangle",
        finder: &EmptyRectangle,
        dual: false,
        floor: 18,
    },
    Code {
        code: "0403",
        name: "Turbot Fish",
        finder: &TurbotFamily::TURBOT,
        dual: false,
        floor: 9,
    },
    Code {
        code: "0404",
        name: "Dual 2-String Kite",
        finder: &TurbotFamily::KITE,
        dual: true,
        floor: 9,
    },
    Code {
        code: "0405",
        name: "Dual Empty Rectangle",
        finder: &EmptyRectangle,
        dual: true,
        floor: 8,
    },
    Code {
        code: "0701",
        name: "X-Chain",
        finder: &XChain,
        dual: false,
        floor: 14,
    },
    Code {
        code: "0702",
        name: "XY-Chain",
        finder: &XyChain,
        dual: false,
        floor: 23,
    },
    Code {
        code: "0703",
        name: "Remote Pair",
        finder: &RemotePair,
        dual: false,
        floor: 20,
    },
    Code {
        code: "0709",
        name: "Grouped Continuous NL",
        finder: &GroupedNiceLoop::PLAIN,
        dual: false,
        floor: 16,
    },
    Code {
        code: "0710",
        name: "Grouped Discont. NL",
        finder: &GroupedNiceLoop::PLAIN,
        dual: false,
        floor: 38,
    },
    Code {
        code: "0711",
        name: "Grouped AIC",
        finder: &GroupedNiceLoop::PLAIN,
        dual: false,
        floor: 42,
    },
    Code {
        code: "0903",
        name: "ALS-XY-Chain",
        // HoDoKu's ALS solver with RCs followed both ways: its default (forward only) misses
        // five of the fifteen, as Java HoDoKu 2.2.0 does (`tests/logic_als_chain.rs`).
        finder: &AlsXyChain::BOTH_WAYS,
        dual: false,
        floor: 15,
    },
    Code {
        code: "0803",
        name: "W-Wing",
        finder: &WWing,
        dual: false,
        floor: 14,
    },
    Code {
        code: "0901",
        name: "ALS-XZ",
        finder: &AlsXz,
        dual: false,
        floor: 17,
    },
    Code {
        code: "0902",
        name: "ALS-XY-Wing",
        finder: &AlsXyWing,
        dual: false,
        floor: 14,
    },
];

/// Every case of every code here is found: the committed sample holds, besides the first two
/// cases of each code, the four chains through sets that need HoDoKu's ALS nodes (lines 1254,
/// 1287, 1289 and 1351 of reglib-1.3; docs/design.md, "ALS nodes as HoDoKu's tables have
/// them").
/// HoDoKu's tester allows overlapping sets in the `-2` ALS-XY-Chains.
static ALS_XY_CHAIN_OVERLAPPING: AlsXyChain = AlsXyChain::BOTH_WAYS.overlapping();

type Set = BTreeSet<(Cell, Digit)>;

/// The finders a case runs: the code's, and for the grouped nice loops' variants that allow
/// almost locked sets in chains (HoDoKu's tester turns `AllowAlsInTablingChains` on for 0709-2,
/// 0710-3/4 and 0711-3/4) the chains through sets too.
fn finders_for(code: &Code, case: &ReglibCase) -> Vec<&'static dyn Finder> {
    let with_sets = matches!(
        (case.code.as_str(), case.variant),
        ("0709", Some(2)) | ("0710", Some(3 | 4)) | ("0711", Some(3 | 4))
    );
    if with_sets {
        vec![code.finder, &GroupedNiceLoop::ALS_UP_TO_8]
    } else if (case.code.as_str(), case.variant) == ("0902", Some(2)) {
        // HoDoKu's tester allows overlapping sets in the `-2` ALS-XY-Wings.
        vec![&AlsXyWingOverlapping]
    } else if (case.code.as_str(), case.variant) == ("0903", Some(2)) {
        vec![&ALS_XY_CHAIN_OVERLAPPING]
    } else {
        vec![code.finder]
    }
}

fn covers(case: &ReglibCase, steps: &[Step], dual: bool) -> bool {
    if case.fail_case {
        return steps.is_empty();
    }
    let elims: Set = case.eliminations.iter().copied().collect();
    let places: Set = case.placements.iter().copied().collect();
    let of = |s: &Step| -> (Set, Set) {
        (
            s.eliminations.iter().copied().collect(),
            s.placements.iter().copied().collect(),
        )
    };
    if steps
        .iter()
        .any(|s| of(s) == (elims.clone(), places.clone()))
    {
        return true;
    }
    dual && steps.iter().enumerate().any(|(i, a)| {
        steps[i + 1..].iter().any(|b| {
            let (ea, pa) = of(a);
            let (eb, pb) = of(b);
            ea.union(&eb).copied().collect::<Set>() == elims
                && pa.union(&pb).copied().collect::<Set>() == places
        })
    })
}

/// Per code and variant: (cases, found).
type Tally = BTreeMap<String, (usize, usize)>;

fn run(text: &str) -> Tally {
    let ratings = Ratings::default();
    let mut tally = Tally::new();
    for (index, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let case =
            ReglibCase::parse(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", index + 1));
        let Some(code) = CODES.iter().find(|c| c.code == case.code) else {
            continue;
        };
        let grid = case.grid();
        let steps: Vec<Step> = finders_for(code, &case)
            .iter()
            .flat_map(|f| f.all(&grid, &ratings))
            .collect();
        let ok = covers(&case, &steps, code.dual);
        if !ok && std::env::var_os("REGLIB_VERBOSE").is_some() {
            report(&format!("missed line {}: {line}", index + 1));
        }
        let entry = tally.entry(code.code.to_string()).or_default();
        entry.0 += 1;
        entry.1 += usize::from(ok);
    }
    tally
}

fn print_table(title: &str, tally: &Tally) {
    report(&format!(
        "{title}\n  code  technique               cases  found"
    ));
    for code in CODES {
        let (cases, found) = tally.get(code.code).copied().unwrap_or_default();
        report(&format!(
            "  {}  {:<22} {cases:>5}  {found:>5}",
            code.code, code.name
        ));
    }
}

#[test]
fn committed_sample_is_found() {
    let text = common::read_testdata("reglib_human_sample.txt");
    let tally = run(&text);
    print_table(
        "logic_reglib_human: testdata/reglib_human_sample.txt",
        &tally,
    );
    for code in CODES {
        let (cases, found) = tally.get(code.code).copied().unwrap_or_default();
        assert!(cases > 0, "{} has no sample case", code.code);
        assert_eq!(found, cases, "{}", code.code);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn whole_library_reaches_the_floors() {
    let Some(text) = common::read_shared("logic_reglib_human", "techniques/reglib-1.3.txt") else {
        return;
    };
    let tally = run(&text);
    print_table("logic_reglib_human: reglib-1.3", &tally);
    for code in CODES {
        let (cases, found) = tally.get(code.code).copied().unwrap_or_default();
        assert!(
            cases >= code.floor,
            "{}: {cases} cases read < {}",
            code.code,
            code.floor
        );
        assert_eq!(found, cases, "{}: {found}/{cases}", code.code);
    }
}
