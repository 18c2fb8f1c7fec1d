//! Sudoku Explainer's dynamic forcing chains (8.5 plus the length bonus), dynamic forcing
//! chains (+) (nesting level 1, 9.0 plus the bonus) and nested forcing chains (levels 2 to 5,
//! 9.5, 10.0, 10.5 and 11.0 plus the bonus). The engine is in the `chains` module (`dynamic`,
//! `dynamic_scan` and `nested`); this file plugs it into the registry.

use super::{Fish, HiddenSet, Locking, NakedSet};
use crate::logic::chains::{self, Family, SimpleRules};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// The rules SE tries on the assumed grid from nesting level 1 on when the links run out, in
/// its order: locking (pointing, then claiming), hidden pairs, naked pairs, X-wings. The
/// chaining engine takes the registry's finders from here rather than naming them itself.
pub(crate) const SIMPLE_RULES: SimpleRules<'static> = &[
    &[&Locking::POINTING, &Locking::CLAIMING],
    &[&HiddenSet::PAIR],
    &[&NakedSet::PAIR],
    &[&Fish::X_WING],
];

/// The finder of SE's dynamic forcing chains at one nesting level: contradiction, double, cell
/// and region chains whose implications use the grid as the earlier implications leave it,
/// ranked together as SE does.
///
/// ```
/// use sudokit::logic::{techniques::DynamicForcingChains, CandidateGrid, Finder, Ratings};
/// let grid = CandidateGrid::new(); // nothing to find on an empty board
/// assert!(DynamicForcingChains::PLAIN.first(&grid, &Ratings::default()).is_none());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DynamicForcingChains {
    level: u8,
}

impl DynamicForcingChains {
    /// SE's "Dynamic Forcing Chains" (8.5).
    pub const PLAIN: DynamicForcingChains = DynamicForcingChains { level: 0 };
    /// SE's "Dynamic Forcing Chains (+)" (9.0): locking, hidden and naked pairs and X-wings
    /// on the assumed grid when the links run out.
    pub const PLUS: DynamicForcingChains = DynamicForcingChains { level: 1 };
    /// SE's nested forcing chains, level 2 (9.5): forcing chains and cycles on the assumed grid
    /// too, when the simple rules run out.
    pub const NESTED_2: DynamicForcingChains = DynamicForcingChains { level: 2 };
    /// SE's nested forcing chains, level 3 (10.0): multiple forcing chains too.
    pub const NESTED_3: DynamicForcingChains = DynamicForcingChains { level: 3 };
    /// SE's nested forcing chains, level 4 (10.5): dynamic forcing chains on the assumed grid
    /// when the simple rules run out.
    pub const NESTED_4: DynamicForcingChains = DynamicForcingChains { level: 4 };
    /// SE's nested forcing chains, level 5 (11.0): dynamic forcing chains, then nested forcing
    /// chains of level 2, on the assumed grid.
    pub const NESTED_5: DynamicForcingChains = DynamicForcingChains { level: 5 };
}

const PLAIN_FIRST: usize = Technique::DynamicContradictionChains.index();
const PLAIN_LAST: usize = Technique::DynamicRegionForcingChains.index();
const PLUS_FIRST: usize = Technique::DynamicPlusContradictionChains.index();
const PLUS_LAST: usize = Technique::DynamicPlusRegionForcingChains.index();
const NESTED_2_FIRST: usize = Technique::NestedContradictionChains2.index();
const NESTED_2_LAST: usize = Technique::NestedRegionForcingChains2.index();
const NESTED_3_FIRST: usize = Technique::NestedContradictionChains3.index();
const NESTED_3_LAST: usize = Technique::NestedRegionForcingChains3.index();
const NESTED_4_FIRST: usize = Technique::NestedContradictionChains4.index();
const NESTED_4_LAST: usize = Technique::NestedRegionForcingChains4.index();
const NESTED_5_FIRST: usize = Technique::NestedContradictionChains5.index();
const NESTED_5_LAST: usize = Technique::NestedRegionForcingChains5.index();

impl Finder for DynamicForcingChains {
    fn technique(&self) -> Technique {
        self.techniques()[0]
    }

    fn techniques(&self) -> &'static [Technique] {
        match self.level {
            0 => &Technique::ALL[PLAIN_FIRST..=PLAIN_LAST],
            1 => &Technique::ALL[PLUS_FIRST..=PLUS_LAST],
            2 => &Technique::ALL[NESTED_2_FIRST..=NESTED_2_LAST],
            3 => &Technique::ALL[NESTED_3_FIRST..=NESTED_3_LAST],
            4 => &Technique::ALL[NESTED_4_FIRST..=NESTED_4_LAST],
            _ => &Technique::ALL[NESTED_5_FIRST..=NESTED_5_LAST],
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for step in chains::dynamic_steps(grid, ratings, Family::Dynamic(self.level), SIMPLE_RULES)
        {
            super::report(found, step)?;
        }
        ControlFlow::Continue(())
    }

    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        chains::dynamic_first_step(grid, ratings, Family::Dynamic(self.level), SIMPLE_RULES).map(
            |mut step| {
                step.placements.sort_unstable();
                step.eliminations.sort_unstable();
                step
            },
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::budget::{Budget, Guard, Limit};
    use crate::logic::test_util::{all, puzzle};
    use crate::logic::{explain, Solver};
    use crate::Grid;
    use std::sync::Arc;
    use std::time::Duration;

    /// The state of `line` where the solver first takes a step of `finder`, that step, and the
    /// solution.
    pub(crate) fn first_use(line: &str, finder: &dyn Finder) -> (CandidateGrid, Step, Grid) {
        let mut grid = puzzle(line);
        let solution = crate::solve::solve(&grid.to_grid()).expect("solvable");
        let solver = Solver::new();
        while let Some(step) = solver.next_step(&grid) {
            if finder.techniques().contains(&step.technique) {
                return (grid, step, solution);
            }
            assert!(grid.apply(&step));
        }
        panic!("{line}: the solver never used {:?}", finder.technique());
    }

    /// Checks what a dynamic step's data promise: every link is an implication between two
    /// candidates of one cell or one digit in cells that see each other ("on" to "off", "off"
    /// to "on", or, for a simple rule of level 1, "off" to "off"); every listed step is right
    /// against the solution; the finder's first step is the first it lists.
    pub(crate) fn check_steps(finder: &dyn Finder, grid: &CandidateGrid, solution: &Grid) {
        let steps = all(finder, grid);
        assert!(!steps.is_empty());
        assert_eq!(
            finder.first(grid, &Ratings::default()).as_ref(),
            steps.first()
        );
        for step in &steps {
            assert!(!step.links.is_empty(), "{step:?}");
            for link in &step.links {
                let (a, b) = (link.from, link.to);
                let related = (a.cell == b.cell && a.digit != b.digit)
                    || (a.digit == b.digit && a.cell != b.cell && link.house.is_some());
                assert!(
                    related || (!a.on && !b.on),
                    "{a} -> {b} in {}",
                    explain::english(step)
                );
                assert!(!(a.on && b.on), "{a} -> {b}");
            }
            assert!(step
                .placements
                .iter()
                .all(|&(c, d)| solution.get(c) == Some(d)));
            assert!(step
                .eliminations
                .iter()
                .all(|&(c, d)| solution.get(c) != Some(d)));
        }
    }

    #[test]
    fn contradiction_chains() {
        let (grid, step, solution) = first_use(
            "5.8.....7...9.1...4............5...4.6.....3..9....6...2.3...1.7...8..........2..",
            &DynamicForcingChains::PLAIN,
        );
        check_steps(&DynamicForcingChains::PLAIN, &grid, &solution);
        assert!(step.rating.tenths() >= 85);
        // The two chains end at the same candidate, one "on" and one "off".
        let ends: Vec<_> = step
            .links
            .iter()
            .map(|l| l.to)
            .filter(|n| {
                step.links
                    .iter()
                    .any(|m| m.to.cell == n.cell && m.to.digit == n.digit && m.to.on != n.on)
            })
            .collect();
        if step.technique == Technique::DynamicContradictionChains {
            assert!(!ends.is_empty(), "{}", explain::english(&step));
        }
    }

    #[test]
    fn double_cell_and_region_chains() {
        for (line, technique) in [
            (
                ".32.....58..3.....9.428...1...4...39...6...5.....1.....2...67.8.....4....95....6.",
                Technique::DynamicDoubleChains,
            ),
            (
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                Technique::DynamicCellForcingChains,
            ),
            (
                "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..",
                Technique::DynamicRegionForcingChains,
            ),
        ] {
            let (grid, _, solution) = first_use(line, &DynamicForcingChains::PLAIN);
            check_steps(&DynamicForcingChains::PLAIN, &grid, &solution);
            let path = Solver::new().solve(&puzzle(line));
            assert!(
                path.steps.iter().any(|s| s.technique == technique),
                "{line}"
            );
        }
    }

    #[test]
    fn plus_chains_use_the_simple_rules() {
        // top1465, serate 9.8: needs dynamic chains (+).
        let line =
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
        let (grid, step, solution) = first_use(line, &DynamicForcingChains::PLUS);
        check_steps(&DynamicForcingChains::PLUS, &grid, &solution);
        assert!(step.rating.tenths() >= 90);
        // The plain search finds nothing there: the step needs a simple rule inside a chain,
        // which shows as an "off" node implying another "off" node.
        assert!(DynamicForcingChains::PLAIN
            .first(&grid, &Ratings::default())
            .is_none());
        assert!(step.links.iter().any(|l| !l.from.on && !l.to.on));
        insta::assert_snapshot!("dynamic_plus", explain::english(&step));
    }

    #[test]
    fn a_passed_deadline_stops_the_search() {
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let (grid, step, _) = first_use(line, &DynamicForcingChains::PLAIN);
        let ratings = Ratings::default();
        let guard = Guard::new(Budget::UNLIMITED.with_time(Duration::ZERO))
            .with_clock(Arc::new(|| Duration::from_secs(1)));
        guard.run(|| {
            assert_eq!(DynamicForcingChains::PLAIN.first(&grid, &ratings), None);
            assert!(DynamicForcingChains::PLAIN.all(&grid, &ratings).is_empty());
        });
        assert_eq!(guard.spent(), Some(Limit::Time(Duration::ZERO)));
        assert_eq!(
            DynamicForcingChains::PLAIN.first(&grid, &ratings),
            Some(step)
        );
    }

    #[test]
    fn nothing_on_an_empty_or_solved_grid() {
        let solved = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        for finder in [DynamicForcingChains::PLAIN, DynamicForcingChains::PLUS] {
            assert!(all(&finder, &solved).is_empty());
            assert!(all(&finder, &CandidateGrid::new()).is_empty());
        }
        assert_eq!(
            DynamicForcingChains::PLUS.technique(),
            Technique::DynamicPlusContradictionChains
        );
    }
}
