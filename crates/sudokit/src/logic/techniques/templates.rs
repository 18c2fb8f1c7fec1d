//! Templates, HoDoKu's "template set" and "template delete": a digit's nine places in a solved
//! grid form a *template*, one cell in each row, column and box (46,656 of them). A template
//! is *valid* for a digit when it holds every cell where the digit is placed and no cell where
//! the digit is neither placed nor a candidate. The digit's true places are one valid template,
//! so a cell that every valid template holds must take the digit (template set), and a
//! candidate that no valid template holds can go (template delete).
//!
//! HoDoKu refines the lists before it concludes (`SudokuStepFinder.initCandTemplates` with
//! lists, as its template steps use them): a template of one digit that meets a cell which
//! every valid template of another digit holds cannot be the digit's true template (that cell
//! belongs to the other digit), so it is dropped, until no more can be dropped. Dropping only
//! makes the other digits' common cells grow, so the repetition ends at the one greatest set of
//! templates that survives, whatever the order of the digits. The true templates always
//! survive (they are disjoint), which is why the conclusions are sound.
//!
//! Search: the valid templates of a digit are enumerated row by row (a placed cell forces its
//! row's choice; used columns and boxes are masked off), as 81-bit masks; nothing is
//! precomputed or global. At most 46,656 masks per digit (an empty grid), 6.7 MB for all nine,
//! and far fewer once a few digits are placed. A digit without a valid template means the grid
//! has no solution; then neither finder reports anything.

use super::report;
use crate::board::Cell;
use crate::logic::cell_set::DIGITS;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Which conclusion a [`Templates`] finder reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Set,
    Delete,
}

/// Finds HoDoKu's template steps (HoDoKu 1201 template set, 1202 template delete). Sudoku
/// Explainer has neither, and HoDoKu's default order leaves both off; see
/// [`HODOKU_OFF_BY_DEFAULT`](super::HODOKU_OFF_BY_DEFAULT).
///
/// One step per digit, digits in increasing order, as HoDoKu reports them: a template set
/// places the digit in every cell that all its surviving templates hold, a template delete
/// removes it from every candidate cell that none holds.
#[derive(Debug, Clone, Copy)]
pub struct Templates {
    kind: Kind,
}

impl Templates {
    /// Template set (HoDoKu 1201).
    pub const SET: Templates = Templates { kind: Kind::Set };
    /// Template delete (HoDoKu 1202).
    pub const DELETE: Templates = Templates { kind: Kind::Delete };
}

/// All 81 cells.
const ALL: u128 = (1u128 << 81) - 1;

/// The cells of row `r` as a mask.
const fn row_mask(r: usize) -> u128 {
    0x1ffu128 << (9 * r)
}

/// The surviving templates of each digit, after HoDoKu's refinement: per digit, the cells all
/// of them hold and the cells any of them holds. `None` when some digit has no valid template.
pub(crate) struct TemplateSummary {
    /// Per digit index: cells every surviving template holds.
    pub(crate) must: [u128; 9],
    /// Per digit index: cells some surviving template holds.
    pub(crate) may: [u128; 9],
}

/// Placed cells and candidate cells of each digit, as masks.
fn digit_masks(grid: &CandidateGrid) -> ([u128; 9], [u128; 9]) {
    let mut placed = [0u128; 9];
    let mut cand = [0u128; 9];
    for cell in Cell::all() {
        if let Some(d) = grid.value(cell) {
            placed[d.index()] |= 1 << cell.index();
        }
    }
    for d in DIGITS {
        cand[d.index()] = grid.cells_with(d).bits();
    }
    (placed, cand)
}

/// Appends to `out` every template that holds all of `placed` and lies within `allowed`.
fn enumerate(placed: u128, allowed: u128, out: &mut Vec<u128>) {
    fn go(
        row: usize,
        cols: u16,
        boxes: u16,
        acc: u128,
        placed: u128,
        allowed: u128,
        out: &mut Vec<u128>,
    ) {
        if row == 9 {
            out.push(acc);
            return;
        }
        let in_row = (allowed >> (9 * row)) as u16 & 0x1ff;
        let forced = (placed >> (9 * row)) as u16 & 0x1ff;
        let mut choices = if forced != 0 { forced } else { in_row };
        choices &= !cols;
        while choices != 0 {
            let c = choices.trailing_zeros() as usize;
            choices &= choices - 1;
            let b = row / 3 * 3 + c / 3;
            if boxes & 1 << b != 0 {
                continue;
            }
            let cell = 9 * row + c;
            go(
                row + 1,
                cols | 1 << c,
                boxes | 1 << b,
                acc | 1 << cell,
                placed,
                allowed,
                out,
            );
        }
    }
    // A placed cell must be the only one of its row: two in a row means no template.
    if (0..9).any(|r| (placed & row_mask(r)).count_ones() > 1) {
        return;
    }
    go(0, 0, 0, 0, placed, allowed, out);
}

/// HoDoKu's refined templates of `grid` (see the module docs).
pub(crate) fn summary(grid: &CandidateGrid) -> Option<TemplateSummary> {
    let (placed, cand) = digit_masks(grid);
    let mut lists: Vec<Vec<u128>> = Vec::with_capacity(9);
    for d in 0..9 {
        let mut list = Vec::new();
        enumerate(placed[d], placed[d] | cand[d], &mut list);
        if list.is_empty() {
            return None;
        }
        lists.push(list);
    }
    let must_of = |list: &[u128]| list.iter().fold(ALL, |acc, &t| acc & t);
    let mut must: [u128; 9] = std::array::from_fn(|d| must_of(&lists[d]));
    loop {
        let mut removed = false;
        for d in 0..9 {
            let others = (0..9).filter(|&k| k != d).fold(0, |acc, k| acc | must[k]);
            let before = lists[d].len();
            lists[d].retain(|&t| t & others == 0);
            if lists[d].len() != before {
                removed = true;
                if lists[d].is_empty() {
                    return None;
                }
                must[d] = must_of(&lists[d]);
            }
        }
        if !removed {
            break;
        }
    }
    let may = std::array::from_fn(|d| lists[d].iter().fold(0, |acc, &t| acc | t));
    Some(TemplateSummary { must, may })
}

/// The cells of a mask, in index order.
fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    (0..81)
        .filter(move |&i| mask & 1 << i != 0)
        .filter_map(Cell::new)
}

impl Finder for Templates {
    fn technique(&self) -> Technique {
        match self.kind {
            Kind::Set => Technique::TemplateSet,
            Kind::Delete => Technique::TemplateDelete,
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if grid.is_solved() {
            return ControlFlow::Continue(());
        }
        let Some(summary) = summary(grid) else {
            return ControlFlow::Continue(());
        };
        let (placed, cand) = digit_masks(grid);
        let technique = self.technique();
        for digit in DIGITS {
            let d = digit.index();
            let cells = match self.kind {
                Kind::Set => summary.must[d] & !placed[d],
                Kind::Delete => cand[d] & !summary.may[d],
            };
            if cells == 0 {
                continue;
            }
            let mut step = Step::new(technique, ratings.get(technique));
            let pairs = cells_of(cells).map(|c| (c, digit));
            match self.kind {
                Kind::Set => step.placements = pairs.collect(),
                Kind::Delete => step.eliminations = pairs.collect(),
            }
            step.cells = cells_of(cells).collect();
            step.digits.push(digit);
            report(found, step)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Digit;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, first};

    #[test]
    fn an_empty_grid_has_every_template_and_no_conclusion() {
        let grid = CandidateGrid::new();
        let (placed, cand) = digit_masks(&grid);
        let mut list = Vec::new();
        enumerate(placed[0], placed[0] | cand[0], &mut list);
        assert_eq!(list.len(), 46_656);
        assert!(list.iter().all(|t| t.count_ones() == 9));
        assert!(first(&Templates::SET, &grid).is_none());
        assert!(first(&Templates::DELETE, &grid).is_none());
    }

    /// HoDoKu's first 1201 case (reglib 1.3): template set places 9 in eight cells.
    const SET_9: &str = ":1201:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8:::914 929 932 943 958 966 981 995:";

    #[test]
    fn template_set_places_what_every_template_holds() {
        let case = ReglibCase::parse(SET_9).expect("valid case");
        let steps = all(&Templates::SET, &case.grid());
        let step = steps
            .iter()
            .find(|s| s.digits == [Digit::new(9).expect("digit")])
            .expect("a template set on 9");
        let mut expected = case.placements.clone();
        expected.sort();
        assert_eq!(step.placements, expected);
        assert!(step.eliminations.is_empty());
    }

    #[test]
    fn the_refinement_is_needed_for_some_cases() {
        // Without dropping templates that meet another digit's certain cells, this case's
        // deletions on 9 are not all found: the refinement is what the library tests.
        let line = ":1202:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8::911 912 926 928 941 944 945 946 948 949 951 952 955 959 961 962 963 964 965 969 982 983 984 985 991 996::";
        let case = ReglibCase::parse(line).expect("valid case");
        let grid = case.grid();
        let (placed, cand) = digit_masks(&grid);
        let mut list = Vec::new();
        enumerate(placed[8], placed[8] | cand[8], &mut list);
        let unrefined_may = list.iter().fold(0, |acc, &t| acc | t);
        let refined = summary(&grid).expect("solvable");
        assert_ne!(unrefined_may, refined.may[8]);
        assert_eq!(refined.may[8] & !unrefined_may, 0, "refining only drops");
    }

    #[test]
    fn a_grid_without_a_template_for_some_digit_reports_nothing() {
        // 1 removed from every cell of row 1: no template of 1 exists.
        let mut grid = CandidateGrid::new();
        for c in 0..9 {
            grid.eliminate(Cell::new(c).expect("cell"), Digit::new(1).expect("digit"));
        }
        assert!(summary(&grid).is_none());
        assert!(all(&Templates::SET, &grid).is_empty());
        assert!(all(&Templates::DELETE, &grid).is_empty());
    }
}
