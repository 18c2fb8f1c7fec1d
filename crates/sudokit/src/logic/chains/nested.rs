//! The rules of Sudoku Explainer's nesting levels: when an assumption's links run out, SE looks
//! on the grid the walk has left for locking (pointing and claiming), hidden pairs, naked pairs
//! and X-wings (level 1, "dynamic forcing chains (+)"), then, at level 2, forcing chains and
//! cycles, and at level 3 multiple forcing chains too, in that order, and takes every
//! elimination of the first rule that has one as a new "off" node. A chain found this way is a
//! *nested* chain: its complexity counts in the chains that use it, once per distinct chain.
//!
//! Each such node's parents are the candidates the walk removed that the pattern needs gone
//! (SE's `getRuleParents`): for locking and fish, the digit's places in the base houses outside
//! the cover houses; for a hidden pair, the pair's digits in the house's other cells; for a
//! naked pair, the cells' other candidates; for a nested chain, what its "on" nodes need gone
//! (the cell's other candidates for a last candidate, the digit's other places in the house for
//! a last place; a cycle counts its reversed reading too). A pattern with no such parent was
//! there before the assumption, so it adds nothing, and is skipped. The patterns are found by the registry's own
//! finders (which follow SE's scan order) on a copy of the grid with the walk's removals.
//!
//! SE keys each pattern's eliminations by cell in a hash map without a stable order; here they
//! come in cell order.

use super::dynamic::{encode, on_cause, Cause, Derived, Nested, NestedHint, Work};
use super::dynamic_scan::Family;
use super::graph::{cell_digit, houses_of, pot, Pot};
use super::hint::Conclusion;
use crate::board::{Cell, Digit, House};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use memo::{Chain, Search};
use std::ops::ControlFlow;
use std::rc::Rc;

mod memo;
mod static_search;
pub(super) use memo::forget as forget_memo;

/// The cause of "off" node `b` reached from "on" node `a` (SE's `getOnToOff`): one value per
/// cell, or one place per house (the first of `a`'s box, row and column that holds `b`).
fn off_cause(a: Pot, b: Pot) -> Cause {
    if a / 9 == b / 9 {
        return Cause::NakedSingle;
    }
    let (Some((ca, _)), Some((cb, _))) = (cell_digit(a), cell_digit(b)) else {
        return Cause::None;
    };
    houses_of(ca)
        .into_iter()
        .find(|h| h.contains(cb))
        .map_or(Cause::None, Cause::Hidden)
}

/// The forcing chains and cycles SE finds on `grid`, as nested chains.
fn static_chains(grid: &CandidateGrid, ratings: &Ratings) -> Vec<Chain> {
    let (hints, graph) = static_search::all(grid, ratings);
    hints
        .iter()
        .map(|hint| {
            let nodes = &hint.nodes;
            let mut causes = Vec::new();
            for pair in nodes.windows(2) {
                let [(a, _), (b, b_on)] = [pair[0], pair[1]];
                if b_on {
                    causes.push((b, on_cause(&graph, a, b)));
                }
            }
            let mut key = Vec::new();
            encode(nodes, &mut key);
            if hint.conclusion == Conclusion::Cycle {
                // The loop closes on its first node, an "on" node; read backwards, its "off"
                // nodes are "on" with the cause that turned them off.
                if let (Some(&(first, _)), Some(&(last, _))) = (nodes.first(), nodes.last()) {
                    causes.push((first, on_cause(&graph, last, first)));
                }
                for pair in nodes.windows(2) {
                    let [(a, _), (b, b_on)] = [pair[0], pair[1]];
                    if !b_on {
                        causes.push((b, off_cause(a, b)));
                    }
                }
                key.push(1);
            }
            let removable = hint
                .removable
                .iter()
                .map(|&(cell, digit)| pot(cell, digit))
                .collect();
            chain_of(NestedHint {
                removable,
                causes,
                complexity: hint.key.complexity,
                key,
            })
        })
        .collect()
}

/// A nested hint as the walks use it.
fn chain_of(hint: NestedHint) -> Chain {
    Chain {
        removable: hint.removable,
        causes: hint.causes,
        nested: Rc::new(Nested {
            complexity: hint.complexity,
            key: hint.key,
        }),
    }
}

/// The "off" candidates the walk removed that a nested chain's "on" nodes need gone.
fn chain_parents(causes: &[(Pot, Cause)], base: &Work, work: &Work) -> Vec<Pot> {
    let mut out: Vec<Pot> = Vec::new();
    let mut add = |p: Pot| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for &(p, cause) in causes {
        let Some((cell, digit)) = cell_digit(p) else {
            continue;
        };
        match cause {
            Cause::NakedSingle => {
                let mut gone = base.cands[cell.index()] & !work.cands[cell.index()];
                while gone != 0 {
                    let d = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    add((cell.index() * 9 + d) as Pot);
                }
            }
            Cause::Hidden(house) => {
                // The digit's places the walk removed in the house, in house (cell) order.
                let d = digit.index();
                let gone = base.cells[d].difference(work.cells[d]) & CellSet::house(house);
                for other in gone.iter() {
                    add(pot(other, digit));
                }
            }
            Cause::None | Cause::Advanced => {}
        }
    }
    out
}

/// The finders of SE's level-1 rules (locking, hidden pairs, naked pairs, X-wings), one group
/// per rule in the order SE tries them: the first group with a step that needs one of the
/// walk's removals gives the new "off" nodes. The finders are handed in by the caller (the
/// technique registry's own, see `techniques::dynamic_chains`), so the chaining engine does
/// not depend on the techniques that use it.
pub(crate) type SimpleRules<'a> = &'a [&'a [&'a dyn Finder]];

/// How a simple rule's step lays out the candidates its pattern needs gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// Locking and fish: the digit's places in the base houses outside the cover houses.
    Lines,
    /// A hidden set: the set's digits in the house's other cells.
    Hidden,
    /// A naked set: the cells' other candidates.
    Naked,
}

impl Rule {
    /// The layout of `technique`'s steps, if it is one a simple rule can be.
    fn of(technique: Technique) -> Option<Rule> {
        use Technique as T;
        match technique {
            T::Pointing | T::Claiming | T::XWing | T::Swordfish | T::Jellyfish => Some(Rule::Lines),
            T::HiddenPair | T::HiddenTriple | T::HiddenQuad => Some(Rule::Hidden),
            T::NakedPair | T::NakedTriple | T::NakedQuad => Some(Rule::Naked),
            _ => None,
        }
    }
}

/// The rules of nesting `level` on the grid a walk has left: `original` is the pencilmark state
/// searched, `base` the same as a working grid, `work` what the walk has left of it; `simple`
/// the level-1 rules. Returns the new "off" candidates with their parents ("off" candidates of
/// the walk) and the nested chain that found them.
pub(super) fn rules(
    original: &CandidateGrid,
    level: u8,
    simple: SimpleRules<'_>,
    base: &Work,
    work: &Work,
) -> Vec<Derived> {
    let mut grid = original.clone();
    for cell in Cell::all() {
        let mut gone = base.cands[cell.index()] & !work.cands[cell.index()];
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            if let Some(digit) = Digit::from_index(d) {
                grid.eliminate(cell, digit);
            }
        }
    }
    let ratings = Ratings::sudoku_explainer_ref();
    let mut result = Vec::new();
    for (n, &group) in simple.iter().enumerate() {
        let steps = memo::steps(Search::Simple(n as u8), &grid, || {
            let mut steps = Vec::new();
            for finder in group {
                let _ = finder.find(&grid, ratings, &mut |step| {
                    steps.push(step);
                    ControlFlow::Continue(())
                });
            }
            steps
        });
        for step in steps.iter() {
            let parents = parents(step, base, work);
            if !parents.is_empty() {
                for &(cell, digit) in &step.eliminations {
                    result.push(Derived {
                        pot: pot(cell, digit),
                        parents: parents.clone(),
                        nested: None,
                    });
                }
            }
        }
        if !result.is_empty() {
            return result;
        }
    }
    // SE's chaining rules of each level, in order: forcing chains and cycles (level 2), then
    // multiple forcing chains (level 3); from level 4 on, dynamic forcing chains instead, then
    // (level 5) dynamic forcing chains nested two levels down.
    let chain_rules: &[u8] = match level {
        0 | 1 => &[],
        2 => &[2],
        3 => &[2, 3],
        4 => &[4],
        _ => &[4, 5],
    };
    for &rule in chain_rules {
        let chains = match rule {
            2 => memo::chains(Search::Static, &grid, || static_chains(&grid, ratings)),
            3 => memo::chains(Search::Multiple, &grid, || {
                let hints = super::multiple::nested_hints(&grid, ratings);
                hints.into_iter().map(chain_of).collect()
            }),
            4 => memo::chains(Search::Dynamic(0), &grid, || {
                let hints =
                    super::dynamic_scan::nested_hints(&grid, ratings, Family::Dynamic(0), None);
                hints.into_iter().map(chain_of).collect()
            }),
            _ => {
                let inner = level - 3;
                memo::chains(Search::Dynamic(inner), &grid, || {
                    let rules = |b: &Work, w: &Work| self::rules(&grid, inner, simple, b, w);
                    let hints = super::dynamic_scan::nested_hints(
                        &grid,
                        ratings,
                        Family::Dynamic(inner),
                        Some(&rules),
                    );
                    hints.into_iter().map(chain_of).collect()
                })
            }
        };
        for chain in chains.iter() {
            let parents = chain_parents(&chain.causes, base, work);
            if parents.is_empty() {
                continue;
            }
            for &p in &chain.removable {
                result.push(Derived {
                    pot: p,
                    parents: parents.clone(),
                    nested: Some(Rc::clone(&chain.nested)),
                });
            }
        }
        if !result.is_empty() {
            return result;
        }
    }
    result
}

/// Whether digit index `d` was in `cell` before the walk and is gone now.
fn removed(base: &Work, work: &Work, cell: Cell, d: usize) -> bool {
    let bit = 1 << d;
    base.cands[cell.index()] & bit != 0 && work.cands[cell.index()] & bit == 0
}

/// The candidates the walk removed that `step` (found by a simple rule's finder) needs gone;
/// none for a step of a technique that is not one of the simple rules' layouts.
fn parents(step: &Step, base: &Work, work: &Work) -> Vec<Pot> {
    let mut out = Vec::new();
    let Some(rule) = Rule::of(step.technique) else {
        return out;
    };
    match rule {
        Rule::Lines => {
            let Some(&digit) = step.digits.first() else {
                return out;
            };
            // Locking: [first house, second house]; fish: base lines, then cover lines.
            let n = step.houses.len() / 2;
            let (bases, covers) = step.houses.split_at(n);
            let cover = covers
                .iter()
                .fold(CellSet::EMPTY, |s, &h| s | CellSet::house(h));
            for &h in bases {
                for cell in house_cells(h) {
                    if !cover.contains(cell) && removed(base, work, cell, digit.index()) {
                        out.push(pot(cell, digit));
                    }
                }
            }
        }
        Rule::Hidden => {
            let Some(&h) = step.houses.first() else {
                return out;
            };
            let mut places = CellSet::EMPTY;
            for digit in &step.digits {
                places |= work.cells[digit.index()] & CellSet::house(h);
            }
            for cell in house_cells(h) {
                if places.contains(cell) {
                    continue;
                }
                for &digit in &step.digits {
                    if base.cands[cell.index()] & (1 << digit.index()) != 0 {
                        out.push(pot(cell, digit));
                    }
                }
            }
        }
        Rule::Naked => {
            let mask = step.digits.iter().fold(0u16, |m, d| m | (1 << d.index()));
            for &cell in &step.cells {
                let mut others = base.cands[cell.index()] & !mask;
                while others != 0 {
                    let d = others.trailing_zeros() as usize;
                    others &= others - 1;
                    if let Some(digit) = Digit::from_index(d) {
                        out.push(pot(cell, digit));
                    }
                }
            }
        }
    }
    out
}

/// The cells of `house` in house order.
fn house_cells(house: House) -> impl Iterator<Item = Cell> {
    CellSet::house(house).iter()
}

#[cfg(test)]
mod tests {
    use super::memo;
    use crate::logic::techniques::{DynamicForcingChains, WITH_NESTED};
    use crate::logic::test_util::{all, puzzle};
    use crate::logic::{Finder, Ratings, Solver};

    #[test]
    fn kept_inner_searches_give_the_steps_of_fresh_ones() {
        // hardest_1106 #4 (serate 10.3/10.3/9.8) where it first needs a nested chain of level
        // 2: every step of levels 1 and 2 with the inner searches kept (read back from the
        // level-1 scan by the level-2 one, and from a first call by a second) must be the
        // steps each search finds when run fresh.
        let line =
            "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";
        let mut grid = puzzle(line);
        let solver = Solver::new().with_finders(WITH_NESTED);
        let step = loop {
            let step = solver.next_step(&grid).expect("the path goes on");
            if DynamicForcingChains::NESTED_2
                .techniques()
                .contains(&step.technique)
            {
                break step;
            }
            assert!(grid.apply(&step));
        };
        let ratings = Ratings::default();
        memo::set_off(true);
        let fresh_plus = all(&DynamicForcingChains::PLUS, &grid);
        let runs = memo::runs();
        let fresh = all(&DynamicForcingChains::NESTED_2, &grid);
        let fresh_runs = memo::runs() - runs;
        memo::set_off(false);
        memo::forget();
        assert_eq!(all(&DynamicForcingChains::PLUS, &grid), fresh_plus);
        let runs = memo::runs();
        assert_eq!(all(&DynamicForcingChains::NESTED_2, &grid), fresh);
        let level_2_runs = memo::runs() - runs;
        let again = memo::runs();
        assert_eq!(
            DynamicForcingChains::NESTED_2.first(&grid, &ratings),
            Some(step)
        );
        assert_eq!(
            fresh.first(),
            DynamicForcingChains::NESTED_2
                .first(&grid, &ratings)
                .as_ref()
        );
        // The second scan of the same grid runs no inner search again, and the level-2 scan
        // read back some of the level-1 scan's (and of its own).
        assert_eq!(memo::runs(), again);
        assert!(
            level_2_runs > 0 && level_2_runs < fresh_runs,
            "{level_2_runs} {fresh_runs}"
        );
    }
}
