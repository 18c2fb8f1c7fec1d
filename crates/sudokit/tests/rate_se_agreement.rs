//! The rater's ER/EP/ED against Sudoku Explainer's own (serate 1.2.1.3), per file: how many
//! puzzles agree exactly, within 0.1 and within 0.5, and how many end stuck (ER 20.0) with the
//! default techniques (none of these files needs a nested forcing chain).
//!
//! The numbers compared are what `sudoku rate` prints, with serate's semantics (a value never
//! reached is 0.0, as serate prints it). Files (skipped when the shared data folder is absent,
//! see `SUDOKU_DATA`): `ratings/*.se121.tsv` and `techniques/exemplars.se121.tsv`; rows SE
//! rated `timeout` are left out.
//!
//! Each count has a floor, set to what was measured when the floors were last raised: a change
//! that makes any count drop fails here (the test prints the measured counts). Every floor is
//! now the file's full count: ER, EP and ED equal serate's on every rated puzzle, none stuck.

mod common;

use common::{report, tenths};
use rayon::prelude::*;
use std::time::Instant;
use sudokit::rate::{Rater, SeRating};
use sudokit::Grid;

/// Agreement counts of one measure (ER, EP or ED).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Agreement {
    equal: usize,
    within_1: usize,
    within_5: usize,
}

impl Agreement {
    fn add(&mut self, ours: i32, theirs: i32) {
        let diff = (ours - theirs).abs();
        self.equal += usize::from(diff == 0);
        self.within_1 += usize::from(diff <= 1);
        self.within_5 += usize::from(diff <= 5);
    }

    fn shares(&self, of: usize) -> String {
        let pct = |n: usize| 100.0 * n as f64 / of.max(1) as f64;
        format!(
            "{:5.1}% / {:5.1}% / {:5.1}%",
            pct(self.equal),
            pct(self.within_1),
            pct(self.within_5)
        )
    }

    fn at_least(&self, floor: Agreement) -> bool {
        self.equal >= floor.equal
            && self.within_1 >= floor.within_1
            && self.within_5 >= floor.within_5
    }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    rated: usize,
    er: Agreement,
    ep: Agreement,
    ed: Agreement,
    stuck: usize,
}

/// Our ER/EP/ED in tenths, as `sudoku rate` prints them.
fn printed(rating: &SeRating) -> [i32; 3] {
    let t = |r: Option<sudokit::logic::Rating>| i32::from(r.unwrap_or_default().tenths());
    [t(Some(rating.er)), t(rating.ep), t(rating.ed)]
}

/// Rates every row of one file; `columns` are the indexes of puzzle, ER, EP and ED.
fn compare(text: &str, columns: [usize; 4]) -> Tally {
    let rows: Vec<(Grid, [i32; 3])> = text
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let field = |i: usize| fields.get(columns[i]).copied().unwrap_or("");
            let se = [tenths(field(1))?, tenths(field(2))?, tenths(field(3))?];
            let puzzle = sudokit::format::parse(field(0))
                .unwrap_or_else(|e| panic!("bad puzzle {line}: {e}"))
                .grid;
            Some((puzzle, se))
        })
        .collect();
    let rater = Rater::new();
    let ours: Vec<(SeRating, bool)> = rows
        .par_iter()
        .map(|(puzzle, _)| {
            let rated = rater
                .rate(puzzle)
                .unwrap_or_else(|e| panic!("{puzzle:?} is a proper puzzle: {e}"));
            (rated.rating.se, rated.rating.is_stuck())
        })
        .collect();
    let mut tally = Tally::default();
    for ((_, se), (rating, stuck)) in rows.iter().zip(&ours) {
        let [er, ep, ed] = printed(rating);
        tally.rated += 1;
        tally.er.add(er, se[0]);
        tally.ep.add(ep, se[1]);
        tally.ed.add(ed, se[2]);
        tally.stuck += usize::from(*stuck);
    }
    tally
}

const fn agree(equal: usize, within_1: usize, within_5: usize) -> Agreement {
    Agreement {
        equal,
        within_1,
        within_5,
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn ratings_agree_with_sudoku_explainer() {
    let Some(dir) = common::shared_data() else {
        report("rate_se_agreement: skipped, no shared data folder (set SUDOKU_DATA)");
        return;
    };
    // (file, columns, floors: rated, ER, EP, ED, and the most puzzles stuck)
    let files: [(&str, [usize; 4], Tally); 5] = [
        (
            "ratings/easy50.se121.tsv",
            [0, 1, 2, 3],
            Tally {
                rated: 49,
                er: agree(49, 49, 49),
                ep: agree(49, 49, 49),
                ed: agree(49, 49, 49),
                stuck: 0,
            },
        ),
        (
            "ratings/top95.se121.tsv",
            [0, 1, 2, 3],
            Tally {
                rated: 95,
                er: agree(95, 95, 95),
                ep: agree(95, 95, 95),
                ed: agree(95, 95, 95),
                stuck: 0,
            },
        ),
        (
            "ratings/top1465.se121.tsv",
            [0, 1, 2, 3],
            Tally {
                rated: 1464,
                er: agree(1464, 1464, 1464),
                ep: agree(1464, 1464, 1464),
                ed: agree(1464, 1464, 1464),
                stuck: 0,
            },
        ),
        (
            "ratings/sudoku_exchange_diabolical.sample2000.se121.tsv",
            [0, 1, 2, 3],
            Tally {
                rated: 2000,
                er: agree(2000, 2000, 2000),
                ep: agree(2000, 2000, 2000),
                ed: agree(2000, 2000, 2000),
                stuck: 0,
            },
        ),
        (
            "techniques/exemplars.se121.tsv",
            [0, 4, 5, 6],
            Tally {
                rated: 629,
                er: agree(629, 629, 629),
                ep: agree(629, 629, 629),
                ed: agree(629, 629, 629),
                stuck: 0,
            },
        ),
    ];
    let mut failures = Vec::new();
    report("rate_se_agreement: file: rated, stuck; ER, EP, ED as equal / within 0.1 / within 0.5");
    for (name, columns, floor) in files {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let started = Instant::now();
        let tally = compare(&text, columns);
        let n = tally.rated;
        report(&format!(
            "  {name}: {n} rated, {} stuck, {:.1} s\n    ER {}\n    EP {}\n    ED {}\n    \
             counts {tally:?}",
            tally.stuck,
            started.elapsed().as_secs_f64(),
            tally.er.shares(n),
            tally.ep.shares(n),
            tally.ed.shares(n),
        ));
        let ok = tally.rated == floor.rated
            && tally.er.at_least(floor.er)
            && tally.ep.at_least(floor.ep)
            && tally.ed.at_least(floor.ed)
            && tally.stuck <= floor.stuck;
        if !ok {
            failures.push(format!("{name}: measured {tally:?}, floors {floor:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
