//! The solve path against Sudoku Explainer's own ratings (serate 1.2.1.3): the rating of the
//! first step (ED), the hardest rating up to the first placement (EP), and, for the puzzles
//! solved to the end, the hardest rating of all (ER).
//!
//! This checks the path, not a rater: SE takes the first step of the first technique that has
//! one, so with the same techniques, order and ratings our path must rate like SE's until SE
//! needs a technique we lack. Files (skipped when the shared data folder is absent):
//! `ratings/*.se121.tsv` and `techniques/exemplars.se121.tsv`.
//!
//! Asserted: ED and EP equal SE's wherever we have them; ER equal on every puzzle solved, and our
//! path never rated above SE's ER before getting stuck; and that every puzzle SE rated is solved
//! to the end with the default registry (none of these files needs a nested forcing chain). The
//! rater's own figures on the same files are `rate_se_agreement`'s; this test recomputes them
//! from the path alone, so a bug in the rater's bookkeeping cannot hide one in the path.

mod common;

use common::{report, tenths};
use rayon::prelude::*;
use sudokit::logic::{CandidateGrid, Outcome, Solver};
use sudokit::Grid;

#[derive(Default, Debug)]
struct Tally {
    rated: usize,
    ed_equal: usize,
    ep_compared: usize,
    ep_equal: usize,
    solved: usize,
    er_equal: usize,
    problems: Vec<String>,
}

/// Compares one file; `columns` are the indexes of puzzle, ER, EP and ED.
impl Tally {
    fn add(mut self, other: Tally) -> Tally {
        self.rated += other.rated;
        self.ed_equal += other.ed_equal;
        self.ep_compared += other.ep_compared;
        self.ep_equal += other.ep_equal;
        self.solved += other.solved;
        self.er_equal += other.er_equal;
        self.problems.extend(other.problems);
        self
    }
}

/// Every line of a file, on all cores (each line is rated on its own), tallied in file order.
fn compare(text: &str, columns: [usize; 4]) -> Tally {
    let lines: Vec<&str> = text.lines().skip(1).collect();
    let tallies: Vec<Tally> = lines
        .par_iter()
        .map_init(Solver::new, |solver, line| {
            compare_line(solver, line, columns)
        })
        .collect();
    tallies.into_iter().fold(Tally::default(), Tally::add)
}

fn compare_line(solver: &Solver<'_>, line: &str, columns: [usize; 4]) -> Tally {
    let mut tally = Tally::default();
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let field = |i: usize| fields.get(columns[i]).copied().unwrap_or("");
        let se = |i: usize| tenths(field(i)).and_then(|t| u16::try_from(t).ok());
        let (Some(er), Some(ep), Some(ed)) = (se(1), se(2), se(3)) else {
            return tally; // a timeout: no rating to compare
        };
        let values: Vec<u8> = field(0)
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b.wrapping_sub(b'0') })
            .collect();
        let puzzle = values
            .try_into()
            .ok()
            .and_then(Grid::from_values)
            .unwrap_or_else(|| panic!("bad puzzle {line}"));
        tally.rated += 1;
        let path = solver.solve(&CandidateGrid::from_grid(&puzzle));
        let steps = &path.steps;
        let mut hardest = 0;
        let mut pearl = None;
        for step in steps {
            hardest = hardest.max(step.rating.tenths());
            if pearl.is_none() && step.is_placement() {
                pearl = Some(hardest);
            }
        }
        match steps.first() {
            Some(first) if first.rating.tenths() == ed => tally.ed_equal += 1,
            Some(first) => tally.problems.push(format!(
                "{}: first step {} but SE's ED is {ed}",
                field(0),
                first.rating
            )),
            None => {}
        }
        if let Some(pearl) = pearl {
            tally.ep_compared += 1;
            if pearl == ep {
                tally.ep_equal += 1;
            } else {
                tally
                    .problems
                    .push(format!("{}: EP {pearl} but SE's is {ep}", field(0)));
            }
        }
        if hardest > er {
            tally.problems.push(format!(
                "{}: path rated {hardest} above SE's ER {er}",
                field(0)
            ));
        }
        if path.outcome == Outcome::Solved {
            tally.solved += 1;
            if hardest == er {
                tally.er_equal += 1;
            } else {
                tally
                    .problems
                    .push(format!("{}: ER {hardest} but SE's is {er}", field(0)));
            }
        }
    }
    tally
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn paths_rate_like_sudoku_explainer() {
    let Some(dir) = common::shared_data() else {
        report("logic_se_parity: skipped, no shared data folder (set SUDOKU_DATA)");
        return;
    };
    // (file, columns, the puzzles SE rated: every one must be solved to the end)
    let files: [(&str, [usize; 4], usize); 5] = [
        ("ratings/easy50.se121.tsv", [0, 1, 2, 3], 49),
        ("ratings/top95.se121.tsv", [0, 1, 2, 3], 95),
        ("ratings/top1465.se121.tsv", [0, 1, 2, 3], 1464),
        (
            "ratings/sudoku_exchange_diabolical.sample2000.se121.tsv",
            [0, 1, 2, 3],
            2000,
        ),
        ("techniques/exemplars.se121.tsv", [0, 4, 5, 6], 629),
    ];
    for (name, columns, rated) in files {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let tally = compare(&text, columns);
        report(&format!(
            "logic_se_parity {name}: {} rated; ED equal {}; EP equal {} of {}; solved {}, ER \
             equal {}",
            tally.rated,
            tally.ed_equal,
            tally.ep_equal,
            tally.ep_compared,
            tally.solved,
            tally.er_equal
        ));
        assert!(
            tally.problems.is_empty(),
            "{name}:\n{}",
            tally.problems.join("\n")
        );
        assert_eq!(tally.rated, rated, "{name}: {tally:?}");
        assert_eq!(tally.solved, rated, "{name}: {tally:?}");
        assert_eq!(tally.ed_equal, rated, "{name}: {tally:?}");
    }
}
