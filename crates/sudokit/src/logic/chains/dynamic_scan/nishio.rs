//! The Nishio scan's choice, with each digit's walks kept from one step to the next.
//!
//! A Nishio walk follows one digit (no links inside cells): from "candidate on" or "candidate
//! off" it reads only the places of that digit, as the walk leaves them. So what every walk of
//! digit `d` finds (a contradiction or not, and its complexity) is a function of the set of
//! cells that hold `d`, and nothing else. The solver calls the Nishio finder once per step
//! that reaches it, and a step changes few digits: the results of each digit are kept (per
//! thread, keyed by that cell set) and read again while the digit's places are unchanged. A
//! cache keyed by the whole input of a pure function cannot change an answer; the choice
//! among the hints is then SE's scan order over the kept results (cells row by row, digits in
//! increasing order, "on" before "off"), the same as [`scan`](super::scan)'s.

use super::{cancel, length_bonus, measure, worth, Family, Graph, Hint, Kind, Ratings, Walks};
use super::{pot, CellSet, Ordering};
use std::cell::RefCell;

/// What the walks of one digit found: for each cell holding it, the complexity of the
/// contradiction met assuming the digit there on (`[0]`) and off (`[1]`), 0 for none (a
/// contradiction has at least two nodes).
#[derive(Clone)]
struct DigitWalks {
    /// The cells that held the digit.
    places: CellSet,
    found: [[u32; 2]; 81],
}

thread_local! {
    /// The last results of each digit on this thread.
    static KEPT: RefCell<[Option<Box<DigitWalks>>; 9]> = RefCell::new(Default::default());
}

#[cfg(test)]
thread_local! {
    /// How many digits' walks were computed (not read from `KEPT`) on this thread.
    static COMPUTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many digits' walks were computed rather than read back on this thread so far.
#[cfg(test)]
pub(super) fn computed() -> usize {
    COMPUTED.with(std::cell::Cell::get)
}

/// Forgets the kept results of this thread.
pub(in crate::logic::chains) fn forget() {
    KEPT.with(|kept| *kept.borrow_mut() = Default::default());
}

/// The results of digit index `d` in `graph`: kept ones if its places are the same, or new
/// walks (kept for the next call); `None` if the search was cancelled.
fn digit_walks(graph: &Graph, d: usize, walks: &mut Walks<'_>) -> Option<Box<DigitWalks>> {
    let places = graph.cells_with(d);
    let kept = KEPT
        .try_with(|kept| kept.borrow_mut()[d].take())
        .ok()
        .flatten();
    if let Some(kept) = kept.filter(|k| k.places == places) {
        return Some(kept);
    }
    #[cfg(test)]
    COMPUTED.with(|n| n.set(n.get() + 1));
    let mut result = Box::new(DigitWalks {
        places,
        found: [[0; 2]; 81],
    });
    // (`d` is a digit index: below 9.)
    let digit = crate::board::Digit::from_index(d)?;
    for cell in places {
        if cancel::should_stop() {
            return None;
        }
        let p = pot(cell, digit);
        for (k, on) in [true, false].into_iter().enumerate() {
            // Only a walk that meets a contradiction is walked (see `Walks::once`).
            let Some(net) = walks.once(p, on).net else {
                continue;
            };
            if let Some((a, b)) = net.contradiction() {
                result.found[cell.index()][k] = measure(&[(&net, a), (&net, b)]);
            }
            walks.recycle(net);
        }
    }
    Some(result)
}

/// Hands the results back for the next call on this thread.
fn keep(d: usize, result: Box<DigitWalks>) {
    let _ = KEPT.try_with(|kept| kept.borrow_mut()[d] = Some(result));
}

/// The hint SE's Nishio scan ranks first in `graph` (`Some(None)`: no hint), or `None` if the
/// search was cancelled. `walks` must have the Nishio rules.
pub(super) fn best(
    graph: &Graph,
    ratings: &Ratings,
    walks: &mut Walks<'_>,
) -> Option<Option<Hint>> {
    let mut results: [Option<Box<DigitWalks>>; 9] = Default::default();
    for (d, slot) in results.iter_mut().enumerate() {
        if !graph.cells_with(d).is_empty() {
            *slot = Some(digit_walks(graph, d, walks)?);
        }
    }
    let kind = Kind::Contradiction;
    let base = f64::from(ratings.get(Family::Nishio.technique(kind)).tenths()) / 10.0;
    let mut best: Option<Hint> = None;
    let mut offer = |source, target, complexity: u32| {
        let hint = Hint {
            kind,
            source,
            target,
            complexity,
            difficulty: base + length_bonus(complexity),
        };
        if best.is_none_or(|b| hint.cmp(&b) == Ordering::Less) {
            best = Some(hint);
        }
    };
    // SE's scan order (see `scan`): cells with two candidates or more, row by row; digits in
    // increasing order; the "on" assumption, then the "off" one.
    for cell in CellSet::ALL {
        let cands = graph.cands(cell.index());
        if cands.count_ones() < 2 {
            continue;
        }
        for (d, result) in results.iter().enumerate() {
            let (Some(result), true) = (result, cands & 1 << d != 0) else {
                continue;
            };
            let Some(digit) = crate::board::Digit::from_index(d) else {
                continue;
            };
            let p = pot(cell, digit);
            let [on, off] = result.found[cell.index()];
            if on != 0 {
                offer((p, true), (p, false), on);
            }
            if off != 0 && worth(graph, (p, true)) {
                offer((p, false), (p, true), off);
            }
        }
    }
    for (d, result) in results.into_iter().enumerate() {
        if let Some(result) = result {
            keep(d, result);
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::NishioForcingChains;
    use crate::logic::test_util::{all, puzzle};
    use crate::logic::{Finder, Solver};

    /// Along the solve path of each puzzle, at every state, the Nishio finder's first step
    /// (with kept walks) is the first of every step the plain scan lists.
    fn check_path(line: &str) -> usize {
        let mut grid = puzzle(line);
        let solver = Solver::new();
        let ratings = Ratings::default();
        let mut checked = 0;
        while let Some(step) = solver.next_step(&grid) {
            let first = NishioForcingChains.first(&grid, &ratings);
            let listed = all(&NishioForcingChains, &grid);
            assert_eq!(first.as_ref(), listed.first(), "{line}: {grid:?}");
            checked += 1;
            if checked > 60 {
                break;
            }
            assert!(grid.apply(&step));
        }
        checked
    }

    #[test]
    fn kept_walks_give_the_scans_first_step_along_solve_paths() {
        forget();
        let before = computed();
        let mut states = 0;
        for line in [
            // top1465 #1, #3 and a 7.8 Nishio puzzle.
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ] {
            states += check_path(line);
        }
        assert!(states > 40);
        // Digits whose places a step left alone were read back, not walked again.
        let walked = computed() - before;
        assert!(
            walked < states * 9,
            "{walked} digits walked in {states} states"
        );
    }

    #[test]
    fn a_second_call_on_the_same_grid_walks_nothing() {
        let grid = puzzle(
            "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
        );
        forget();
        let ratings = Ratings::default();
        let start = computed();
        let cold = NishioForcingChains.first(&grid, &ratings);
        let walked = computed() - start;
        assert!(walked > 0);
        let warm = NishioForcingChains.first(&grid, &ratings);
        assert_eq!(computed() - start, walked, "nothing walked again");
        assert_eq!(cold, warm);
        // Forgotten results are walked again, to the same answer.
        forget();
        assert_eq!(NishioForcingChains.first(&grid, &ratings), cold);
        assert_eq!(computed() - start, 2 * walked);
    }
}
