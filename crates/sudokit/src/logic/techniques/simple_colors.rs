//! Simple colors (HoDoKu's "Simple Colors Trap" and "Simple Colors Wrap"), and the clusters
//! that multi-colors share.
//!
//! On one digit, a conjugate pair is a house where the digit has exactly two places: one of
//! them holds it. Chains of conjugate pairs form a cluster whose cells split into two colours,
//! so that one colour holds the digit everywhere and the other nowhere. A cell outside the
//! cluster that sees both colours cannot hold the digit (trap); two cells of one colour that
//! see each other prove that colour false, so the digit leaves all its cells (wrap).
//!
//! A cluster is two 81-bit masks built from a fixed array of conjugate links; nothing is
//! allocated until a step is reported.

use super::report;
use crate::board::{Cell, Digit};
use crate::logic::cell_set::{house, DIGITS, HOUSE_MASKS, PEER_MASKS};
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// The two colours of a cluster: `[first, second]`, the first holding the cluster's lowest cell.
pub(super) type Cluster = [u128; 2];

/// The clusters of one digit, in order of their lowest cell.
pub(super) struct Clusters {
    /// For each cell, the cells it forms a conjugate pair with.
    links: [u128; 81],
    list: [Cluster; 41],
    count: usize,
}

impl Clusters {
    /// The clusters of `digit` in `grid` (those of at least one conjugate pair).
    pub(super) fn of(grid: &CandidateGrid, digit: Digit) -> Clusters {
        let cand = grid.cells_with(digit).bits();
        let mut links = [0u128; 81];
        for mask in HOUSE_MASKS {
            let here = mask & cand;
            if here.count_ones() == 2 {
                let a = here.trailing_zeros() as usize;
                let b = 127 - here.leading_zeros() as usize;
                links[a] |= 1 << b;
                links[b] |= 1 << a;
            }
        }
        let mut linked = 0u128;
        for (i, &l) in links.iter().enumerate() {
            if l != 0 {
                linked |= 1 << i;
            }
        }
        let mut out = Clusters {
            links,
            list: [[0; 2]; 41],
            count: 0,
        };
        while linked != 0 && out.count < out.list.len() {
            let start = linked.trailing_zeros() as usize;
            let mut colors = [1u128 << start, 0];
            loop {
                let second = colors[1] | out.neighbours(colors[0]);
                let first = colors[0] | out.neighbours(second);
                if [first, second] == colors {
                    break;
                }
                colors = [first, second];
            }
            linked &= !(colors[0] | colors[1]);
            out.list[out.count] = colors;
            out.count += 1;
        }
        out
    }

    /// The clusters.
    pub(super) fn list(&self) -> &[Cluster] {
        &self.list[..self.count]
    }

    /// The cells forming a conjugate pair with a cell of `cells`.
    fn neighbours(&self, cells: u128) -> u128 {
        let mut out = 0;
        let mut rest = cells;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= self.links[i];
        }
        out
    }

    /// The conjugate links of a spanning tree of `cluster`, breadth first from its lowest
    /// cell, each from a cell of the first colour ("on") to one of the second ("off"), with
    /// the house of the pair.
    pub(super) fn tree_links(
        &self,
        cluster: &Cluster,
        digit: Digit,
        grid: &CandidateGrid,
    ) -> Vec<Link> {
        let cand = grid.cells_with(digit).bits();
        let all = cluster[0] | cluster[1];
        let mut seen = 1u128 << all.trailing_zeros();
        let mut queue = vec![all.trailing_zeros() as usize];
        let mut out = Vec::new();
        let mut next = 0;
        while let Some(&a) = queue.get(next) {
            next += 1;
            let mut rest = self.links[a] & !seen;
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                seen |= 1 << b;
                queue.push(b);
                let (from, to) = if cluster[0] & 1 << a != 0 {
                    (a, b)
                } else {
                    (b, a)
                };
                if let Some(link) = conjugate(from, to, digit, cand) {
                    out.push(link);
                }
            }
        }
        out
    }
}

/// The link "`from` holds `digit`, so `to` does not", in the house where the two are a pair.
fn conjugate(from: usize, to: usize, digit: Digit, cand: u128) -> Option<Link> {
    let house_of = HOUSE_MASKS
        .iter()
        .position(|&m| m & 1 << from != 0 && m & 1 << to != 0 && (m & cand).count_ones() == 2)
        .map(house);
    Some(Link {
        from: node(from, digit, true)?,
        to: node(to, digit, false)?,
        house: house_of,
    })
}

/// The chain node of cell index `i` (`None` only if `i` is not a cell, which a mask of cells
/// never gives).
fn node(i: usize, digit: Digit, on: bool) -> Option<ChainNode> {
    Some(ChainNode {
        cell: Cell::new(i)?,
        digit,
        on,
    })
}

/// The cells of a mask, in index order.
pub(super) fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    Cell::all().filter(move |c| mask & 1 << c.index() != 0)
}

/// The cells that see some cell of `cells`.
pub(super) fn seen_by(cells: u128) -> u128 {
    let mut out = 0;
    let mut rest = cells;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= PEER_MASKS[i];
    }
    out
}

/// Finds simple colors traps and wraps. Sudoku Explainer lacks them (its X-chains and
/// X-cycles find the same eliminations one chain at a time).
#[derive(Debug, Clone, Copy)]
pub struct SimpleColors;

impl Finder for SimpleColors {
    fn technique(&self) -> Technique {
        Technique::SimpleColorsTrap
    }

    fn techniques(&self) -> &'static [Technique] {
        &[Technique::SimpleColorsTrap, Technique::SimpleColorsWrap]
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in DIGITS {
            let cand = grid.cells_with(digit).bits();
            let clusters = Clusters::of(grid, digit);
            for cluster in clusters.list() {
                let [a, b] = *cluster;
                let wrong = [a, b].into_iter().find(|&c| c & seen_by(c) != 0);
                let (technique, victims) = match wrong {
                    Some(colour) => (Technique::SimpleColorsWrap, colour),
                    None => (
                        Technique::SimpleColorsTrap,
                        cand & seen_by(a) & seen_by(b) & !(a | b),
                    ),
                };
                if victims == 0 {
                    continue;
                }
                let mut step = Step::new(technique, ratings.get(technique));
                step.eliminations = cells_of(victims).map(|c| (c, digit)).collect();
                step.cells = cells_of(a).chain(cells_of(b)).collect();
                step.digits.push(digit);
                step.links = clusters.tree_links(cluster, digit, grid);
                report(found, step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, confine, elims};

    /// 3 in box 1 only at r1c1 and r2c3, in column 3 only at r2c3 and r8c3, in row 8 only at
    /// r8c3 and r8c7: colours {r1c1, r8c3} and {r2c3, r8c7}.
    fn chain() -> CandidateGrid {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "box 1", "r1c1 r2c3");
        confine(&mut grid, 3, "column 3", "r2c3 r8c3");
        confine(&mut grid, 3, "row 8", "r8c3 r8c7");
        grid
    }

    #[test]
    fn a_trap_clears_the_cells_that_see_both_colours() {
        let steps = all(&SimpleColors, &chain());
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::SimpleColorsTrap);
        assert_eq!(step.cells, cells("r1c1 r8c3 r2c3 r8c7"));
        // Only r1c7 sees both colours (r1c1 along row 1, r8c7 along column 7); the other
        // cells that do are no longer candidates.
        assert_eq!(elims(step), ["3@r1c7"]);
        assert_eq!(step.links.len(), 3);
        assert!(step.links.iter().all(|l| l.from.on && !l.to.on));
        assert!(step
            .links
            .iter()
            .all(|l| step.cells[..2].contains(&l.from.cell)));
        assert_eq!(step.rating.to_string(), "6.6");
    }

    #[test]
    fn a_wrap_clears_the_colour_that_sees_itself() {
        let mut grid = chain();
        // Column 7 pairs r8c7 with r1c7, which takes r1c1's colour and sees it in row 1.
        confine(&mut grid, 3, "column 7", "r1c7 r8c7");
        let steps = all(&SimpleColors, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::SimpleColorsWrap);
        assert_eq!(elims(&steps[0]), ["3@r1c1", "3@r1c7", "3@r8c3"]);
    }

    #[test]
    fn a_lone_conjugate_pair_eliminates_nothing() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "row 1", "r1c1 r1c9");
        assert!(all(&SimpleColors, &grid).is_empty());
    }
}
