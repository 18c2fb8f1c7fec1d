//! Found-nothing results kept from one call of a finder to the next, so that a finder rescans
//! only the houses or digits that changed.
//!
//! The subset finders work house by house (naked and hidden sets: a house's step reads only
//! the candidates and digits of its nine cells) and fish digit by digit (a fish of digit `d`
//! reads only `d`'s places and how many cells hold `d`). So when a finder found nothing in a
//! grid `P`, it finds nothing in any grid `G` in a house (or for a digit) whose cells (places)
//! are the same in `G` as in `P`; in `G` it needs to scan only the others, in its usual order,
//! and the steps it reports are exactly those of a full scan, in the same order. Having found
//! nothing in `G` either, `G` replaces `P`.
//!
//! The solver runs each finder at every step that gets as far, and between two such calls it
//! applies a step and, often, the singles it opens: after a chain step that removes one
//! candidate, one digit and three houses changed, and the other eight digits and 24 houses need
//! no scan. The kept grid is per thread and per finder variant (size, and SE's pruning or
//! not); whatever the order of calls, a finder compares with its own last found-nothing grid,
//! so this is a memo of a pure function checked against its whole input and cannot change an
//! answer.

use crate::logic::candidate_grid::Changes;
use crate::logic::{CandidateGrid, Step};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The finder families that keep a found-nothing grid.
#[derive(Debug, Clone, Copy)]
pub(super) enum Family {
    Fish,
    HiddenSet,
    NakedSet,
    AlignedTriplet,
    /// Direct hidden pairs and triples (size 2, 3).
    DirectHiddenSet,
}

/// Sizes 2 to 4, pruned or not, for each family (aligned triplets use one of theirs).
const SLOTS: usize = 5 * 3 * 2;

thread_local! {
    static KEPT: RefCell<[Option<CandidateGrid>; SLOTS]> =
        const { RefCell::new([const { None }; SLOTS]) };
}

/// The slot of a finder variant; `None` for a size without one (every grid is then new).
fn slot(family: Family, size: usize, pruned: bool) -> Option<usize> {
    if !(2..=4).contains(&size) {
        return None;
    }
    Some(family as usize * 6 + (size - 2) * 2 + usize::from(pruned))
}

/// What changed in `grid` since the finder variant last found nothing on this thread
/// ([`Changes::ALL`] if it never did).
pub(super) fn changes(family: Family, size: usize, pruned: bool, grid: &CandidateGrid) -> Changes {
    let Some(slot) = slot(family, size, pruned) else {
        return Changes::ALL;
    };
    KEPT.try_with(|kept| match kept.try_borrow() {
        Ok(kept) => kept[slot]
            .as_ref()
            .map_or(Changes::ALL, |before| grid.changes_since(before)),
        Err(_) => Changes::ALL,
    })
    .unwrap_or(Changes::ALL)
}

/// Records that the finder variant found nothing in `grid` (having scanned at least what
/// [`changes`] named).
pub(super) fn found_nothing(family: Family, size: usize, pruned: bool, grid: &CandidateGrid) {
    let Some(slot) = slot(family, size, pruned) else {
        return;
    };
    let _ = KEPT.try_with(|kept| {
        if let Ok(mut kept) = kept.try_borrow_mut() {
            match &mut kept[slot] {
                Some(before) => before.clone_from(grid),
                empty => *empty = Some(grid.clone()),
            }
        }
    });
}

/// Runs a finder variant's `scan` over what changed since it last found nothing on this thread
/// ([`changes`]), and keeps `grid` as its found-nothing grid when the scan reports no step.
pub(super) fn rescan(
    family: Family,
    size: usize,
    pruned: bool,
    grid: &CandidateGrid,
    found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    scan: impl FnOnce(Changes, &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let changes = changes(family, size, pruned, grid);
    let mut any = false;
    let flow = scan(changes, &mut |step| {
        any = true;
        found(step)
    });
    if !any {
        found_nothing(family, size, pruned, grid);
    }
    flow
}

/// Forgets every kept grid of this thread (tests: a fresh start).
#[cfg(test)]
pub(super) fn forget() {
    let _ = KEPT.try_with(|kept| {
        if let Ok(mut kept) = kept.try_borrow_mut() {
            *kept = [const { None }; SLOTS];
        }
    });
}

/// The houses (bit `h` for house index `h`, see `HOUSE_MASKS`) that hold a changed cell.
pub(super) fn houses(changes: Changes) -> u32 {
    use crate::logic::cell_set::HOUSE_MASKS;
    let cells = changes.cells.bits();
    HOUSE_MASKS
        .iter()
        .enumerate()
        .filter(|(_, &mask)| mask & cells != 0)
        .fold(0, |acc, (h, _)| acc | 1 << h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::aligned_triplet;
    use crate::logic::techniques::{
        AlignedTripletExclusion, DirectHiddenSet, Fish, HiddenSet, NakedSet, REGISTRY,
    };
    use crate::logic::test_util::puzzle;
    use crate::logic::{Finder, Ratings, Solver, Step};

    /// The finders that keep found-nothing grids, each with a plain scan of every house or
    /// digit (what the finder reports when it keeps nothing).
    type Plain = fn(&CandidateGrid, &Ratings) -> Vec<Step>;

    fn variants() -> Vec<(&'static str, Box<dyn Finder>, Plain)> {
        fn collect(scan: impl Fn(&mut dyn FnMut(Step) -> std::ops::ControlFlow<()>)) -> Vec<Step> {
            let mut steps = Vec::new();
            scan(&mut |s| {
                steps.push(s);
                std::ops::ControlFlow::Continue(())
            });
            steps
        }
        macro_rules! variant {
            ($name:expr, $finder:expr) => {
                (
                    $name,
                    Box::new($finder) as Box<dyn Finder>,
                    (|g: &CandidateGrid, r: &Ratings| {
                        collect(|f| {
                            let _ = $finder.scan(g, r, Changes::ALL, f);
                        })
                    }) as Plain,
                )
            };
        }
        vec![
            variant!("x-wing", Fish::X_WING),
            variant!("swordfish", Fish::SWORDFISH),
            variant!("jellyfish", Fish::JELLYFISH),
            variant!("x-wing unpruned", Fish::X_WING.unpruned()),
            variant!("jellyfish unpruned", Fish::JELLYFISH.unpruned()),
            variant!("hidden pair", HiddenSet::PAIR),
            variant!("hidden triple", HiddenSet::TRIPLE),
            variant!("hidden quad", HiddenSet::QUAD),
            variant!("hidden pair unpruned", HiddenSet::PAIR.unpruned()),
            variant!("naked pair", NakedSet::PAIR),
            variant!("naked triple", NakedSet::TRIPLE),
            variant!("naked quad", NakedSet::QUAD),
            variant!("naked quad unpruned", NakedSet::QUAD.unpruned()),
            variant!("direct hidden pair", DirectHiddenSet::PAIR),
            variant!("direct hidden triple", DirectHiddenSet::TRIPLE),
            (
                "aligned triplet",
                Box::new(AlignedTripletExclusion),
                (|g: &CandidateGrid, r: &Ratings| {
                    collect(|f| {
                        let _ = aligned_triplet::search(g, r, Changes::ALL, f);
                    })
                }) as Plain,
            ),
        ]
    }

    /// Along the solve paths of the committed sample's puzzles and of hard puzzles (each
    /// finder called at every state, in path order, on one thread, as the solver does), every
    /// finder reports exactly the steps of its plain scan, in the same order; and most calls
    /// rescan only part of the grid.
    #[test]
    fn rescanning_what_changed_reports_what_a_full_scan_does() {
        forget();
        let ratings = Ratings::sudoku_explainer();
        let variants = variants();
        let sample = include_str!("../../../../../testdata/sample.txt");
        let hard = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ];
        let lines = sample
            .lines()
            .filter(|l| l.len() == 81)
            .step_by(8)
            .chain(hard);
        let solver = Solver::new().with_finders(REGISTRY);
        let (mut calls, mut partial, mut with_steps) = (0, 0, 0);
        for line in lines {
            let mut grid = puzzle(line);
            loop {
                for (name, finder, plain) in &variants {
                    let kept = finder.all(&grid, &ratings);
                    assert_eq!(kept, plain(&grid, &ratings), "{name} in {grid:?}");
                    calls += 1;
                    with_steps += usize::from(!kept.is_empty());
                }
                let changes = changes(Family::HiddenSet, 4, true, &grid);
                partial += usize::from(changes.cells != Changes::ALL.cells);
                let Some(step) = solver.next_step(&grid) else {
                    break;
                };
                if !grid.apply(&step) {
                    break;
                }
            }
        }
        assert!(calls > 5_000, "{calls} calls");
        assert!(with_steps > 100, "{with_steps} calls with steps");
        assert!(partial > 300, "{partial} states compared with a kept grid");
    }

    #[test]
    fn houses_of_changed_cells() {
        use crate::logic::test_util::cell;
        let mut changes = Changes::ALL;
        changes.cells = crate::logic::CellSet::single(cell("r1c2"));
        // Row 1 (0), column 2 (10), box 1 (18).
        assert_eq!(houses(changes), 1 | 1 << 10 | 1 << 18);
        assert_eq!(houses(Changes::ALL), (1 << 27) - 1);
    }
}
