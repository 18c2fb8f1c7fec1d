//! Unique rectangles and unique loops, types 1 to 4: Sudoku Explainer's `UniqueLoops`.
//!
//! A *deadly pattern* is a loop of empty cells, all holding only digits `a` and `b`, where every
//! house the loop visits holds exactly two of its cells, one at an even and one at an odd place
//! of the loop. Such a pattern can be filled `abab...` or `baba...` with everything else equal,
//! so a puzzle with one solution never ends in one. When the loop's cells hold `a`, `b` and a
//! few extra digits, the extras cannot all vanish, and each type draws a consequence:
//!
//! - **type 1**: one cell has extras; it cannot be `a` or `b`.
//! - **type 2**: the cells with extras all have the same single extra `x`; one of them is `x`,
//!   so `x` leaves every cell that sees them all.
//! - **type 3**: two cells `c1`, `c2` with extras share a house; one of them holds an extra,
//!   so (naked) their extras act as one cell in a naked set with other cells of the house, or
//!   (hidden) they hold at most one of `a`, `b` and some other digits confined to them and a
//!   few more cells, which then hold nothing else.
//! - **type 4**: in a house shared by `c1` and `c2`, `a` can only go in those two; one of them is
//!   `a`, the other cannot be `b` (or the pattern would be complete), so both lose `b`.
//!
//! # Search (as SE 1.2.1 does it, since the first step found shapes the rating)
//! For each bivalue cell in row-major order, with `a < b` its digits, a depth-first walk from
//! cell to cell through houses (box, row, column, in that order, never the same kind of house
//! twice in a row) over cells holding both `a` and `b`, closing when it comes back to the start
//! with at least four cells. At most two cells with extras are taken, or more when all extras
//! seen so far are one digit. SE accumulates "extras seen" over every cell it *looks at* in a
//! frame, not only the path taken, which can refuse a loop; this is kept, because it decides
//! which loops SE finds. A closed walk is kept when every house it visits holds two of its
//! cells of opposite parity. Then hints are made per loop (type 1 for one cell with extras;
//! type 2 for one extra digit; else type 3, then type 4, for two cells with extras), duplicates
//! (same type, same cells, and for type 3 the same set) dropped, and all are sorted by rating,
//! then type (stable, so discovery order breaks ties).
//!
//! Ratings: 4.5 (the table's base) for four cells, +0.1 for six, +0.2 for eight, +0.5 for ten or
//! more; type 3 adds 0.1 per digit of a naked set beyond the first, and for a hidden set 0.1 per
//! cell of the set beyond the first outside `c1`/`c2` (SE's `hiddenIndexes.length - 1`).
//!
//! Only sound on a puzzle with exactly one solution: [`Finder::assumes_unique_solution`] is
//! true, and the [`Solver`](crate::logic::Solver) checks before using it.

use super::report;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_CELLS};
use crate::logic::{CandidateGrid, Finder, Rating, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds unique rectangles and loops of types 1 to 4, in Sudoku Explainer's order.
#[derive(Debug, Clone, Copy)]
pub struct UniqueLoops {
    /// Whether type 3 looks for a set of `n` digits only in a house with at least `2n` (naked)
    /// or more than `2n` (hidden) empty cells, as SE does.
    pruned: bool,
}

impl UniqueLoops {
    /// Types 1 to 4 as Sudoku Explainer finds them (the registered finder).
    pub const TYPES_1_TO_4: UniqueLoops = UniqueLoops { pruned: true };

    /// The same finder without SE's house-size condition on type 3 sets, which skips a set
    /// whose complement in the house is smaller (SE then finds the complement's eliminations by
    /// other means). Useful to list every instance; the registry keeps SE's condition, which
    /// shapes SE's solve path.
    pub const fn unpruned(self) -> UniqueLoops {
        UniqueLoops { pruned: false }
    }
}

/// The techniques this finder reports, in [`Technique::ALL`] order.
const TECHNIQUES: [Technique; 5] = [
    Technique::UniqueLoopType1,
    Technique::UniqueLoopType2,
    Technique::UniqueLoopType3Naked,
    Technique::UniqueLoopType3Hidden,
    Technique::UniqueLoopType4,
];

/// How many cells the depth-first loop search may visit per start cell before it gives up on
/// that cell. SE has no limit; on real puzzles the walk stays far below this (it runs only
/// where cells hold both digits, mostly bivalue ones: at most 3,606 visits from one start cell
/// on the solve paths of the first 3,000 puzzles of sudoku_exchange_diabolical, top1465 and
/// hardest_1905_11plus), but a hand-made pencilmark grid full of `{a, b, x}` cells would make
/// it exponential, and a hint must not hang.
const VISIT_BUDGET: usize = 50_000;

impl Finder for UniqueLoops {
    fn technique(&self) -> Technique {
        Technique::UniqueLoopType1
    }

    fn techniques(&self) -> &'static [Technique] {
        &TECHNIQUES
    }

    fn assumes_unique_solution(&self) -> bool {
        true
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let hints = self.hints(grid, ratings, false);
        // Stable: equal (difficulty, type) keep discovery order, as SE's Collections.sort does.
        let mut hints = hints;
        hints.list.sort_by(|x, y| {
            (x.difficulty.total_cmp(&y.difficulty)).then(x.type_number.cmp(&y.type_number))
        });
        for hint in hints.list {
            report(found, hint.step)?;
        }
        ControlFlow::Continue(())
    }
}

impl UniqueLoops {
    /// The hints of every valid loop, in the order found (before SE's sort). With
    /// `every_walk`, every valid closed walk is made into hints, as SE does, instead of the
    /// first walk on each set of cells (the same hints: tests compare the two).
    fn hints(&self, grid: &CandidateGrid, ratings: &Ratings, every_walk: bool) -> Hints {
        let mut hints = Hints::default();
        // One search for every start cell: its path and closed walks are cleared, not
        // allocated again, and it remembers the valid loops met from earlier start cells.
        let mut search = LoopSearch {
            grid,
            pair: Candidates::NONE,
            path: Vec::new(),
            on_path: CellSet::EMPTY,
            closed: Vec::new(),
            seen: Vec::new(),
            every_walk,
            budget: VISIT_BUDGET,
        };
        for start in grid.empty_cells() {
            let pair = grid.candidates(start);
            if pair.len() != 2 {
                continue;
            }
            search.pair = pair;
            search.budget = VISIT_BUDGET;
            search.closed.clear();
            search.walk(start, 2, Candidates::NONE, None);
            for cells in &search.closed {
                hints.add_loop(grid, ratings, cells, pair, self.pruned);
            }
        }
        hints
    }
}

/// SE's region types in its order (`Grid.getRegionTypes`): block, row, column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RegionType {
    Block,
    Row,
    Column,
}

impl RegionType {
    /// Block, row, column.
    pub(super) const ALL: [RegionType; 3] =
        [RegionType::Block, RegionType::Row, RegionType::Column];

    /// The house index (0..27: rows, columns, boxes) of this kind of house holding `cell`.
    pub(super) fn house_of(self, cell: Cell) -> usize {
        match self {
            RegionType::Row => cell.row().index(),
            RegionType::Column => 9 + cell.col().index(),
            RegionType::Block => 18 + cell.block().index(),
        }
    }
}

/// The position (0..9) of `cell` in house `h`, if it is there.
pub(super) fn position_in(h: usize, cell: Cell) -> Option<usize> {
    HOUSE_CELLS[h % 27].iter().position(|&c| c == cell)
}

/// The depth-first search for closed walks from one bivalue start cell (`checkForLoops`).
struct LoopSearch<'g> {
    grid: &'g CandidateGrid,
    /// The start cell's two digits, which every cell of the loop holds.
    pair: Candidates,
    /// The walk so far, the start cell first.
    path: Vec<Cell>,
    /// The cells of `path`.
    on_path: CellSet,
    /// The valid loops (see [`is_valid_loop`]) closed from the current start cell whose cells
    /// no earlier valid loop had, in the order found.
    closed: Vec<Vec<Cell>>,
    /// The cells of every valid loop kept so far. A loop on the same cells as an earlier one
    /// has the same digits (its bivalue cells hold exactly the start cell's two), the same cells
    /// with extras and the same length, so its hints have the keys of the earlier loop's and
    /// [`Hints::push`] would drop them all: it is not made into hints again.
    seen: Vec<CellSet>,
    /// Keep every valid closed walk, seen or not (the tests' reference).
    every_walk: bool,
    /// Cells still allowed to visit.
    budget: usize,
}

impl LoopSearch<'_> {
    /// Visits `cell`. `allowed` is how many more cells with extras may join (it may go
    /// negative, as in SE); `extras` the extra digits seen; `last` the kind of house that led
    /// here.
    fn walk(&mut self, cell: Cell, allowed: i32, extras: Candidates, last: Option<RegionType>) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        self.path.push(cell);
        self.on_path.insert(cell);
        // Accumulated across all the cells looked at below, as in SE (see the module docs).
        let mut extras = extras;
        for kind in RegionType::ALL {
            if Some(kind) == last {
                continue;
            }
            for &next in &HOUSE_CELLS[kind.house_of(cell)] {
                if self.path.first() == Some(&next) && self.path.len() >= 4 {
                    self.close();
                } else if !self.on_path.contains(next) {
                    let held = self.grid.candidates(next);
                    if held.intersection(self.pair) != self.pair {
                        continue;
                    }
                    extras = extras.union(held).difference(self.pair);
                    if held.len() == 2 || extras.len() == 1 || allowed > 0 {
                        let allowed = allowed - i32::from(held.len() > 2);
                        self.walk(next, allowed, extras, Some(kind));
                    }
                }
            }
        }
        self.path.pop();
        self.on_path.remove(cell);
    }

    /// Keeps the closed walk `path` if it is a valid loop on cells no earlier one had.
    fn close(&mut self) {
        if !is_valid_loop(&self.path) {
            return;
        }
        let cells: CellSet = self.path.iter().copied().collect();
        if self.every_walk || !self.seen.contains(&cells) {
            self.seen.push(cells);
            self.closed.push(self.path.clone());
        }
    }
}

/// Whether every house visited by `cells` holds exactly two of them, one at an even and one at
/// an odd place (`isValidLoop`).
fn is_valid_loop(cells: &[Cell]) -> bool {
    let mut visited = [0u32; 2];
    for (i, &cell) in cells.iter().enumerate() {
        let parity = &mut visited[i % 2];
        for kind in RegionType::ALL {
            let bit = 1u32 << kind.house_of(cell);
            if *parity & bit != 0 {
                return false;
            }
            *parity |= bit;
        }
    }
    visited[0] == visited[1]
}

/// A hint found, with what SE's `equals` compares to drop duplicates.
struct Hint {
    step: Step,
    /// SE's `getDifficulty()`, the first sort key, computed in floating point as SE does: a
    /// six-cell loop's type 3 pair is 4.5 + 0.1 + 0.1 = 4.699999999999999, which sorts before
    /// an eight-cell loop's 4.5 + 0.2 = 4.7 although both print (and rate) 4.7.
    difficulty: f64,
    /// SE's type number (1 to 4; both type 3 forms are 3), the second sort key.
    type_number: u8,
    /// Duplicates have the same technique, loop cells and this (the type 3 set: house,
    /// digits, cells).
    key: (Technique, CellSet, Option<(usize, Candidates, CellSet)>),
}

#[derive(Default)]
struct Hints {
    list: Vec<Hint>,
}

impl Hints {
    /// Adds `hint` unless an equal one is there (`result.contains(hint)`) or it removes
    /// nothing (`isWorth`).
    fn push(&mut self, hint: Hint) {
        if !hint.step.eliminations.is_empty() && self.list.iter().all(|h| h.key != hint.key) {
            self.list.push(hint);
        }
    }

    /// Makes the hints of one valid loop (the body of SE's `getHints` loop).
    fn add_loop(
        &mut self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        cells: &[Cell],
        pair: Candidates,
        pruned: bool,
    ) {
        let pattern = Pattern::new(grid, ratings, cells, pair);
        let extra_cells: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| grid.candidates(c).len() > 2)
            .collect();
        match extra_cells[..] {
            [] => {} // a deadly pattern already: the puzzle has no unique solution
            [rescue] => self.push(pattern.type1(rescue)),
            [c1, c2] => {
                let extras = grid
                    .candidates(c1)
                    .union(grid.candidates(c2))
                    .difference(pair);
                if extras.len() == 1 {
                    self.push(pattern.type2(&extra_cells));
                } else if extras.len() >= 2 {
                    for hint in pattern.type3(c1, c2, pruned) {
                        self.push(hint);
                    }
                }
                if let Some(hint) = pattern.type4(c1, c2) {
                    self.push(hint);
                }
            }
            _ => self.push(pattern.type2(&extra_cells)),
        }
    }
}

/// One valid loop on digits `a < b`, and what every hint on it shares.
struct Pattern<'a> {
    grid: &'a CandidateGrid,
    ratings: &'a Ratings,
    cells: &'a [Cell],
    set: CellSet,
    pair: Candidates,
    a: Digit,
    b: Digit,
}

impl<'a> Pattern<'a> {
    fn new(
        grid: &'a CandidateGrid,
        ratings: &'a Ratings,
        cells: &'a [Cell],
        pair: Candidates,
    ) -> Pattern<'a> {
        let mut digits = pair.iter();
        let a = digits.next().unwrap_or(DIGITS[0]);
        let b = digits.next().unwrap_or(DIGITS[1]);
        Pattern {
            grid,
            ratings,
            cells,
            set: cells.iter().copied().collect(),
            pair,
            a,
            b,
        }
    }

    /// A step of `technique` on this loop, rated with SE's loop-length bonus plus `bonus`
    /// tenths.
    fn step(&self, technique: Technique, bonus: u16) -> Step {
        let base = self.ratings.get(technique).tenths();
        let extra = length_bonus(self.cells.len()) + bonus;
        let rating = Rating::from_tenths(base.saturating_add(extra));
        let mut step = Step::new(technique, rating);
        step.cells = self.cells.to_vec();
        step.digits = vec![self.a, self.b];
        step
    }

    fn hint(&self, step: Step, type_number: u8, set: Option<(usize, Candidates, CellSet)>) -> Hint {
        let base = self.ratings.get(step.technique).tenths();
        let len = self.cells.len();
        let bonus = (step.rating.tenths())
            .saturating_sub(base)
            .saturating_sub(length_bonus(len));
        // SE: 4.5, += 0.3 (10 cells or more), += 0.2 (8 or more) or 0.1 (6 or more), then
        // type 3 adds n * 0.1.
        let mut difficulty = f64::from(base) / 10.0;
        if len >= 10 {
            difficulty += 0.3;
        }
        if len >= 8 {
            difficulty += 0.2;
        } else if len >= 6 {
            difficulty += 0.1;
        }
        difficulty += f64::from(bonus) * 0.1;
        Hint {
            key: (step.technique, self.set, set),
            step,
            difficulty,
            type_number,
        }
    }

    /// Type 1: the rescue cell loses `a` and `b`.
    fn type1(&self, rescue: Cell) -> Hint {
        let mut step = self.step(Technique::UniqueLoopType1, 0);
        step.eliminations = vec![(rescue, self.a), (rescue, self.b)];
        self.hint(step, 1, None)
    }

    /// Type 2: the extra digit (the lowest of the first extra cell, as SE takes it) leaves the
    /// cells that see every cell with extras.
    fn type2(&self, extra_cells: &[Cell]) -> Hint {
        let mut step = self.step(Technique::UniqueLoopType2, 0);
        let extra = extra_cells
            .first()
            .and_then(|&c| self.grid.candidates(c).difference(self.pair).iter().next());
        let all_same = extra_cells.iter().all(|&c| {
            let extras = self.grid.candidates(c).difference(self.pair);
            extra.is_some_and(|x| extras == Candidates::single(x))
        });
        // The search guarantees one extra digit; without it nothing follows.
        if let (Some(x), true) = (extra, all_same) {
            let seeing_all = extra_cells
                .iter()
                .fold(CellSet::ALL, |s, &c| s & CellSet::peers(c));
            step.eliminations = (seeing_all & self.grid.cells_with(x))
                .iter()
                .map(|c| (c, x))
                .collect();
            step.cells.extend_from_slice(extra_cells);
            step.digits.push(x);
        }
        self.hint(step, 2, None)
    }

    /// Type 3: naked then hidden sets with `c1`/`c2` as one cell, by increasing degree, in each
    /// house kind `c1` and `c2` share (`createType3Hints`).
    fn type3(&self, c1: Cell, c2: Cell, pruned: bool) -> Vec<Hint> {
        let grid = self.grid;
        let extras = grid
            .candidates(c1)
            .union(grid.candidates(c2))
            .difference(self.pair);
        let mut hints = Vec::new();
        for degree in extras.len() as usize..=7 {
            for kind in RegionType::ALL {
                let h = kind.house_of(c1);
                if h != kind.house_of(c2) {
                    continue;
                }
                let (Some(i1), Some(i2)) = (position_in(h, c1), position_in(h, c2)) else {
                    continue;
                };
                // Unpruned, every house size passes.
                let empty = if pruned {
                    grid.empty_in(h) as usize
                } else {
                    81
                };
                if degree * 2 <= empty {
                    self.naked(h, degree, [c1, c2], [i1, i2], extras, &mut hints);
                }
                if degree * 2 < empty {
                    self.hidden(h, degree, [c1, c2], [i1, i2], extras, &mut hints);
                }
            }
        }
        hints
    }

    /// Naked sets in house `h` of `degree` positions that include `c1`'s (standing for both
    /// cells, with the extras as its candidates) and not `c2`'s.
    fn naked(
        &self,
        h: usize,
        degree: usize,
        [c1, c2]: [Cell; 2],
        [i1, i2]: [usize; 2],
        extras: Candidates,
        hints: &mut Vec<Hint>,
    ) {
        let grid = self.grid;
        let common_extras = extras
            .intersection(grid.candidates(c1))
            .intersection(grid.candidates(c2));
        for positions in masks(degree, 9) {
            if positions & 1 << i1 == 0 || positions & 1 << i2 != 0 {
                continue;
            }
            let mut union = extras;
            let mut check = common_extras;
            let mut all_open = true;
            let mut others = Vec::new();
            for i in (0..9).filter(|&i| positions & 1 << i != 0 && i != i1) {
                let cell = HOUSE_CELLS[h][i];
                let held = grid.candidates(cell);
                check = check.union(held);
                union = union.union(held);
                all_open &= held.len() > 1;
                others.push(cell);
            }
            // SE checks both: the extras common to c1 and c2 with the other cells' digits, and
            // every cell's (the pseudo-cell's extras included) digits, `degree` in all.
            if check.len() as usize != degree || !all_open || union.len() as usize != degree {
                continue;
            }
            let mut step = self.step(Technique::UniqueLoopType3Naked, degree as u16 - 1);
            let members: CellSet = others.iter().copied().chain([c1, c2]).collect();
            for &cell in &HOUSE_CELLS[h] {
                if !members.contains(cell) {
                    for d in grid.candidates(cell).intersection(union).iter() {
                        step.eliminations.push((cell, d));
                    }
                }
            }
            step.cells.extend([c1, c2]);
            step.cells.extend_from_slice(&others);
            step.houses.push(house(h));
            step.digits.extend(union.iter());
            let key = (h, union, others.iter().copied().collect());
            hints.push(self.hint(step, 3, Some(key)));
        }
    }

    /// Hidden sets in house `h`: `a`, `b` and `degree - 2` digits that neither `c1` nor `c2`
    /// holds as an extra, confined (ignoring `c2`) to `degree` positions.
    fn hidden(
        &self,
        h: usize,
        degree: usize,
        [c1, c2]: [Cell; 2],
        [i1, i2]: [usize; 2],
        extras: Candidates,
        hints: &mut Vec<Hint>,
    ) {
        let grid = self.grid;
        let others: Vec<Digit> = DIGITS
            .into_iter()
            .filter(|&d| !self.pair.contains(d) && !extras.contains(d))
            .collect();
        if degree - 2 > others.len() {
            return;
        }
        for chosen in masks(degree - 2, others.len()) {
            let mut values: Vec<Digit> = (0..others.len())
                .filter(|&i| chosen & 1 << i != 0)
                .map(|i| others[i])
                .collect();
            values.extend([self.a, self.b]);
            let mut union = 0u16;
            let mut all_placed = true;
            for &d in &values {
                let places = grid.positions(h, d.index()) & !(1 << i2);
                all_placed &= places != 0;
                union |= places;
            }
            if !all_placed || union.count_ones() as usize != degree {
                continue;
            }
            let hidden: Candidates = values.iter().copied().collect();
            let set_cells: Vec<Cell> = (0..9)
                .filter(|&i| union & 1 << i != 0 && i != i1 && i != i2)
                .map(|i| HOUSE_CELLS[h][i])
                .collect();
            let bonus = set_cells.len().saturating_sub(1) as u16;
            let mut step = self.step(Technique::UniqueLoopType3Hidden, bonus);
            for &cell in &set_cells {
                for d in grid.candidates(cell).difference(hidden).iter() {
                    step.eliminations.push((cell, d));
                }
            }
            step.cells.extend([c1, c2]);
            step.cells.extend_from_slice(&set_cells);
            step.houses.push(house(h));
            step.digits
                .extend(values[..values.len() - 2].iter().copied());
            let key = (h, hidden, set_cells.iter().copied().collect());
            hints.push(self.hint(step, 3, Some(key)));
        }
    }

    /// Type 4: in a house shared by `c1` and `c2` where `a` (else `b`) is nowhere else, both
    /// lose the other digit. The last such house kind names the house, as in SE.
    fn type4(&self, c1: Cell, c2: Cell) -> Option<Hint> {
        let mut lock_a = None;
        let mut lock_b = None;
        for kind in RegionType::ALL {
            let h = kind.house_of(c1);
            if h != kind.house_of(c2) {
                continue;
            }
            let rest = CellSet::house(house(h)).difference([c1, c2].into_iter().collect());
            if (rest & self.grid.cells_with(self.a)).is_empty() {
                lock_a = Some(h);
            }
            if (rest & self.grid.cells_with(self.b)).is_empty() {
                lock_b = Some(h);
            }
        }
        let (h, lock, removed) = match (lock_a, lock_b) {
            (Some(h), _) => (h, self.a, self.b),
            (None, Some(h)) => (h, self.b, self.a),
            (None, None) => return None,
        };
        let mut step = self.step(Technique::UniqueLoopType4, 0);
        step.eliminations = vec![(c1, removed), (c2, removed)];
        step.cells.extend([c1, c2]);
        step.houses.push(house(h));
        step.digits = vec![lock, removed];
        Some(self.hint(step, 4, None))
    }
}

/// SE's bonus for a loop of `len` cells, in tenths: 0 for 4, 1 for 6, 2 for 8, 5 for 10 or more.
fn length_bonus(len: usize) -> u16 {
    match len {
        n if n >= 10 => 5,
        8 | 9 => 2,
        6 | 7 => 1,
        _ => 0,
    }
}

/// The `k`-element subsets of `0..n` as bitmasks in increasing numeric order: SE's
/// `Permutations(k, n)`, which yields nothing at all when `n == 0`. Callers pass `n <= 9` (the
/// cells or digits of a house); larger `n` is cut to 16 rather than overflow.
pub(super) fn masks(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let end = if n == 0 { 0 } else { 1u32 << n.min(16) };
    (0..end).filter(move |m| m.count_ones() as usize == k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, confine, elims, first, keep};
    use crate::logic::{Solver, Uniqueness};

    /// The loop's cells (before the first repeat) as a sorted list, for order-free checks.
    fn loop_cells(step: &Step) -> Vec<Cell> {
        let n = (0..step.cells.len())
            .find(|&i| step.cells[..i].contains(&step.cells[i]))
            .unwrap_or(step.cells.len());
        let mut cells = step.cells[..n].to_vec();
        cells.sort();
        cells
    }

    /// An open board with the rectangle r1c1, r1c4, r2c1, r2c4 on 1 and 2: the first two
    /// corners bivalue, the others holding `c1` and `c2`'s digits.
    fn rectangle(c1: &str, c2: &str) -> CandidateGrid {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c4", "12");
        keep(&mut grid, "r2c1", c1);
        keep(&mut grid, "r2c4", c2);
        grid
    }

    #[test]
    fn type1_rescue_cell_loses_both_digits() {
        let grid = rectangle("12", "125");
        let steps = all(&UniqueLoops::TYPES_1_TO_4, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::UniqueLoopType1);
        assert_eq!(elims(step), ["1@r2c4", "2@r2c4"]);
        assert_eq!(loop_cells(step), cells("r1c1 r1c4 r2c1 r2c4"));
        assert_eq!(step.cells.len(), 4);
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn type2_common_extra_leaves_the_cells_seeing_both() {
        let grid = rectangle("125", "125");
        let step = first(&UniqueLoops::TYPES_1_TO_4, &grid).expect("type 2");
        assert_eq!(step.technique, Technique::UniqueLoopType2);
        let expected: Vec<String> = ["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"]
            .iter()
            .map(|c| format!("5@{c}"))
            .collect();
        assert_eq!(elims(&step), expected);
        assert_eq!(step.digits.last().map(|d| d.get()), Some(5));
        assert_eq!(step.cells[4..], cells("r2c1 r2c4"));
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn type3_naked_pair_with_the_extras() {
        let mut grid = rectangle("125", "127");
        keep(&mut grid, "r2c7", "57");
        let step = first(&UniqueLoops::TYPES_1_TO_4, &grid).expect("type 3");
        assert_eq!(step.technique, Technique::UniqueLoopType3Naked);
        assert_eq!(step.houses, [crate::logic::test_util::house("row 2")]);
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [1, 2, 5, 7]
        );
        assert_eq!(step.cells.last(), Some(&cells("r2c7")[0]));
        // 5 and 7 leave the other six cells of row 2.
        assert_eq!(step.eliminations.len(), 12);
        assert!(elims(&step).contains(&"7@r2c9".to_string()));
        assert!(!elims(&step).iter().any(|e| e.ends_with("r2c7")));
        // A pair: 4.5 + 0.1.
        assert_eq!(step.rating.to_string(), "4.6");
    }

    #[test]
    fn type3_hidden_pair_of_the_loop_digits() {
        let mut grid = rectangle("125", "127");
        confine(&mut grid, 1, "row 2", "r2c1 r2c4 r2c8");
        confine(&mut grid, 2, "row 2", "r2c1 r2c4 r2c8");
        let steps = all(&UniqueLoops::TYPES_1_TO_4, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::UniqueLoopType3Hidden);
        // r2c8 must take 1 or 2: it loses 3 to 9.
        assert_eq!(step.eliminations.len(), 7);
        assert!(step
            .eliminations
            .iter()
            .all(|&(c, _)| c == cells("r2c8")[0]));
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn type4_locked_digit_removes_the_other() {
        let mut grid = rectangle("125", "127");
        confine(&mut grid, 1, "row 2", "r2c1 r2c4");
        let steps = all(&UniqueLoops::TYPES_1_TO_4, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::UniqueLoopType4);
        assert_eq!(elims(step), ["2@r2c1", "2@r2c4"]);
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn six_cell_loop_rates_higher_and_sorts_after_rectangles() {
        // r1c1 - r1c4 - r2c4 - r2c7 - r3c7 - r3c1: two cells in each row, column and box.
        let mut grid = CandidateGrid::new();
        for c in ["r1c1", "r1c4", "r2c4", "r2c7", "r3c1"] {
            keep(&mut grid, c, "12");
        }
        keep(&mut grid, "r3c7", "129");
        let steps = all(&UniqueLoops::TYPES_1_TO_4, &grid);
        let six = steps
            .iter()
            .find(|s| s.cells.len() == 6)
            .expect("the six-cell loop");
        assert_eq!(six.technique, Technique::UniqueLoopType1);
        assert_eq!(elims(six), ["1@r3c7", "2@r3c7"]);
        assert_eq!(six.rating.to_string(), "4.6");
        // Open cells complete 4.5 rectangles here too; they come first.
        assert!(steps.windows(2).all(|w| w[0].rating <= w[1].rating));
        assert_eq!(steps[0].rating.to_string(), "4.5");
    }

    #[test]
    fn no_loop_when_a_house_holds_one_cell_or_no_cell_has_extras() {
        // r1c1, r1c4, r4c1, r4c4 lie in four boxes: not a deadly pattern.
        let mut grid = CandidateGrid::new();
        for c in ["r1c1", "r1c4", "r4c1"] {
            keep(&mut grid, c, "12");
        }
        keep(&mut grid, "r4c4", "125");
        assert!(all(&UniqueLoops::TYPES_1_TO_4, &grid).is_empty());
        // Four bivalue corners: already deadly, nothing to rescue (SE leaves it).
        assert!(all(&UniqueLoops::TYPES_1_TO_4, &rectangle("12", "12")).is_empty());
        // Different single extras: neither type 1 nor 2, and no set or locked digit.
        assert!(all(&UniqueLoops::TYPES_1_TO_4, &rectangle("125", "126")).is_empty());
    }

    /// A state on the solve path of a proper puzzle (sudoku_exchange_diabolical) where SE takes
    /// a unique rectangle type 3 with a hidden pair.
    fn proper_state() -> CandidateGrid {
        let rows = [
            "........9......7.....4......2...6.8.1.........2...6.....3..........5.........6.8.",
            "1.............6....23..........5..8.......7....3.5............9.2.....8....4.....",
            ".......8.....5.....23..............9..3..6......4......2...6.........7..1........",
            "....5......34.............9.234.6....23..6...123..6..........8.12.............7..",
            ".2..............8.1............5.7..........9....5.7.....4..........6.....3......",
            ".....6.....34...........7...234............8.1.3......12...............9....5....",
            "......7..1.............6....23.......23.............8.....5.......4.............9",
            "...4.............9.......8.1....67......5.........67..1....6.....3.......2.......",
            "..3.......2...........5....1....6......4.............9......7..1......8......6.8.",
        ];
        CandidateGrid::from_candidate_str(&rows.concat()).expect("valid state")
    }

    #[test]
    fn a_real_hidden_type3_comes_before_type4_at_equal_rating() {
        let grid = proper_state();
        let steps = all(&UniqueLoops::TYPES_1_TO_4, &grid);
        assert_eq!(steps[0].technique, Technique::UniqueLoopType3Hidden);
        assert_eq!(elims(&steps[0]), ["2@r7c4"]);
        assert_eq!(steps[1].technique, Technique::UniqueLoopType4);
        assert_eq!(elims(&steps[1]), ["3@r4c4", "3@r6c4"]);
        assert_eq!(loop_cells(&steps[0]), cells("r4c2 r4c4 r6c2 r6c4"));
    }

    #[test]
    fn the_solver_uses_unique_loops_only_on_a_puzzle_with_one_solution() {
        let only: [&dyn Finder; 1] = [&UniqueLoops::TYPES_1_TO_4];
        let solver = Solver::new().with_finders(&only);
        // One solution: the step is taken, unless uniqueness is switched off.
        let grid = proper_state();
        assert_eq!(
            solver.next_step(&grid).map(|s| s.technique),
            Some(Technique::UniqueLoopType3Hidden)
        );
        assert!(solver
            .with_uniqueness(Uniqueness::Never)
            .next_step(&grid)
            .is_none());
        // An open board has many solutions: the finder sees a rectangle, the solver refuses.
        let open = rectangle("12", "125");
        assert!(first(&UniqueLoops::TYPES_1_TO_4, &open).is_some());
        assert!(solver.next_step(&open).is_none());
        let path = solver.solve(&open);
        assert!(path.steps.is_empty());
    }

    #[test]
    fn difficulty_sorts_in_floating_point_as_se_does() {
        let grid = CandidateGrid::new();
        let ratings = Ratings::default();
        let six = cells("r1c1 r1c4 r2c4 r2c7 r3c7 r3c1");
        let eight = cells("r1c1 r1c2 r4c2 r4c3 r7c3 r7c4 r9c4 r9c1");
        let pair = Candidates::from_bits(0b11);
        let six = Pattern::new(&grid, &ratings, &six, pair);
        let eight = Pattern::new(&grid, &ratings, &eight, pair);
        let naked_pair = six.hint(six.step(Technique::UniqueLoopType3Naked, 1), 3, None);
        let type1 = eight.hint(eight.step(Technique::UniqueLoopType1, 0), 1, None);
        assert_eq!(naked_pair.step.rating, type1.step.rating);
        assert_eq!(type1.step.rating.to_string(), "4.7");
        assert!(naked_pair.difficulty < type1.difficulty);
        let ten = cells("r1c1 r1c2 r2c2 r2c3 r3c3 r3c4 r4c4 r4c5 r5c5 r5c1");
        let ten = Pattern::new(&grid, &ratings, &ten, pair);
        let hint = ten.hint(ten.step(Technique::UniqueLoopType4, 0), 4, None);
        assert_eq!(hint.step.rating.to_string(), "5.0");
    }

    #[test]
    fn a_pathological_pencilmark_grid_does_not_hang() {
        // Every cell {1,2,3} but one {1,2}: the walk may take any number of cells with the
        // single extra 3, exponentially many; the visit budget stops it.
        let mut grid = CandidateGrid::new();
        for cell in Cell::all() {
            let keep_digits = if cell.index() == 0 { "12" } else { "123" };
            for d in DIGITS {
                if !keep_digits.contains(d.to_char()) {
                    grid.eliminate(cell, d);
                }
            }
        }
        let steps = all(&UniqueLoops::TYPES_1_TO_4, &grid);
        assert!(steps.iter().all(|s| !s.eliminations.is_empty()));
    }

    #[test]
    fn masks_follow_se_permutations() {
        assert_eq!(masks(2, 3).collect::<Vec<_>>(), [0b011, 0b101, 0b110]);
        assert_eq!(masks(0, 4).collect::<Vec<_>>(), [0]);
        assert_eq!(masks(0, 0).count(), 0);
        assert_eq!(masks(3, 9).count(), 84);
    }

    /// Along solve paths (the committed sample and hard puzzles), making hints only from the
    /// first walk on each set of cells lists exactly the hints of every walk, in order.
    #[test]
    fn one_walk_per_set_of_cells_gives_every_walks_hints() {
        let ratings = Ratings::sudoku_explainer();
        let sample = include_str!("../../../../../testdata/sample.txt");
        let hard = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ];
        let finder = UniqueLoops::TYPES_1_TO_4;
        let (mut states, mut with_hints) = (0, 0);
        let lines = sample
            .lines()
            .filter(|l| l.len() == 81)
            .step_by(4)
            .chain(hard);
        for line in lines {
            let mut grid = crate::logic::test_util::puzzle(line);
            while let Some(step) = Solver::new().next_step(&grid) {
                let keys = |every_walk| -> Vec<_> {
                    let hints = finder.hints(&grid, &ratings, every_walk);
                    hints.list.into_iter().map(|h| (h.step, h.key)).collect()
                };
                let ours = keys(false);
                assert_eq!(ours, keys(true), "{line}: {grid:?}");
                states += 1;
                with_hints += usize::from(!ours.is_empty());
                if !grid.apply(&step) {
                    break;
                }
            }
        }
        assert!(states > 1_000, "{states} states");
        assert!(with_hints > 20, "{with_hints} states with a unique loop");
    }

    #[test]
    fn loop_validity_needs_opposite_parities_in_every_house() {
        assert!(is_valid_loop(&cells("r1c1 r1c4 r2c4 r2c1")));
        assert!(!is_valid_loop(&cells("r1c1 r1c4 r4c4 r4c1")));
        assert!(is_valid_loop(&cells("r1c1 r1c4 r2c4 r2c7 r3c7 r3c1")));
        // Same cells, wrong order: r1c1 and r1c4 at even places share row 1.
        assert!(!is_valid_loop(&cells("r1c1 r2c4 r1c4 r2c1")));
    }
}
