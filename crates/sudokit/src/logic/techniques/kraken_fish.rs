//! Kraken fish, HoDoKu's types 1 and 2: a finned fish whose fins alone remove nothing, made to
//! work by chains from the fins.
//!
//! In a finned fish on digit `d` either the fish holds (each cover house takes `d` in a base
//! cell) or a fin holds `d`. *Type 1*: a cell the fish without fins would clear of `d` (in a
//! cover, outside the base, or a base cell in two covers) loses `d` when, from every fin, a
//! chain leads from "the fin is `d`" to "that cell is not `d`". *Type 2*: in one cover house
//! `d` lies in one of the cover's base cells or (if the fish fails) in a fin; a candidate of any
//! digit that a chain from each of those turns off goes. HoDoKu skips a cover that holds only
//! base candidates there (that is a plain forcing chain), and so do we.
//!
//! The fish are HoDoKu's kraken defaults (`Options`): basic and Franken fish of two to four
//! houses, one or two fins, no endo fins; only fish whose fins see none of the cells the
//! fish would clear (otherwise it is an ordinary finned fish). The chains are HoDoKu's kraken
//! tables (`TablingSolver.initForKrakenSearch` with chains only): from "`d` in the fin" all
//! that follows by single links: a digit in a cell turns off the cell's other digits and the
//! digit in its peers; a digit turned off turns on the other digit of a bivalue cell and the
//! other place of a digit with two places in a house. As in HoDoKu's tables, a node may also be
//! a group (the two or three cells of a box on one line holding the digit, the graph of
//! [`aic`](super::aic)): "on" when one of its cells holds the digit, which turns off the digit
//! in every cell that sees all of them, and "on" when the rest of a house's places of the digit
//! are off; a chain's conclusions are still about single cells.
//!
//! Search: per digit and direction, bases are chosen house by house (disjoint, no endo fin),
//! covers cell by cell as in [`ComplexFish`](super::ComplexFish): the lowest base cell not yet
//! covered is covered by one of its houses or becomes a fin. The implications of "`d` in cell
//! `c`" are computed once per call, when first needed, by a breadth-first walk over the graph,
//! which is built once per call.

use super::aic::{Graph, Kinds, Options};
use super::report;
use crate::board::{Cell, Digit};
use crate::logic::cell_set::{house, DIGITS, HOUSE_MASKS, PEER_MASKS};
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// HoDoKu's kraken limits: fins, and base houses.
const MAX_FINS: u32 = 2;
const MIN_SIZE: usize = 2;
const MAX_SIZE: usize = 4;

const ROWS: u32 = 0x1ff;
const COLS: u32 = 0x1ff << 9;
const BOXES: u32 = 0x1ff << 18;

/// Finds kraken fish of one type. Sudoku Explainer has none; HoDoKu's default order leaves
/// them off (see [`HODOKU_OFF_BY_DEFAULT`](super::HODOKU_OFF_BY_DEFAULT)).
#[derive(Debug, Clone, Copy)]
pub struct KrakenFish {
    type2: bool,
}

impl KrakenFish {
    /// Kraken fish type 1 (HoDoKu 0371).
    pub const TYPE_1: KrakenFish = KrakenFish { type2: false };
    /// Kraken fish type 2 (HoDoKu 0372).
    pub const TYPE_2: KrakenFish = KrakenFish { type2: true };
}

/// The row, column and box (house indexes) of each cell.
fn cell_houses(c: usize) -> [usize; 3] {
    [c / 9, 9 + c % 9, 18 + c / 27 * 3 + c % 9 / 3]
}

/// The implications of the grid (single links and group nodes, see the module docs), and the
/// cache of what follows from "digit in cell".
struct Implications {
    /// Candidate cells per digit index.
    cand: [u128; 9],
    /// The nodes (a digit in a cell or a group) and their links.
    graph: Graph,
    /// The graph's node of each (cell, digit index), `usize::MAX` for no candidate.
    single: Vec<usize>,
    /// Per (cell, digit index): the candidates turned off by "digit in cell", per digit.
    offs: HashMap<(u8, u8), [u128; 9]>,
    /// Per start node: the walk from it (see [`walk`]), kept for the chains of the steps
    /// listed after it.
    walks: HashMap<usize, Vec<usize>>,
}

impl Implications {
    fn new(grid: &CandidateGrid) -> Self {
        let graph = Graph::build(
            grid,
            Kinds {
                digit: None,
                house_strong: true,
                cell_strong: true,
                cell_weak: true,
                groups: true,
                als: false,
            },
            Options {
                als_cells: 0,
                group_parts: false,
                hodoku_order: true,
            },
        );
        let mut single = vec![usize::MAX; 81 * 9];
        for (i, node) in graph.nodes.iter().enumerate() {
            if let Some(cell) = node.cells.single_cell() {
                single[cell.index() * 9 + node.digit.index()] = i;
            }
        }
        Implications {
            cand: std::array::from_fn(|d| grid.cells_with(DIGITS[d]).bits()),
            graph,
            single,
            offs: HashMap::new(),
            walks: HashMap::new(),
        }
    }

    /// The node of "digit `d` in cell `c`", if `d` is a candidate there.
    fn node(&self, c: usize, d: usize) -> Option<usize> {
        self.single
            .get(c * 9 + d)
            .copied()
            .filter(|&i| i != usize::MAX)
    }

    /// Per digit index, the candidates that "digit `d` in cell `c`" turns off.
    fn offs(&mut self, c: usize, d: usize) -> [u128; 9] {
        let key = (c as u8, d as u8);
        if let Some(offs) = self.offs.get(&key) {
            return *offs;
        }
        let mut offs = [0u128; 9];
        if let Some(start) = self.node(c, d) {
            let parent = walk(&self.graph, &mut self.walks, start);
            for (i, node) in self.graph.nodes.iter().enumerate() {
                if let (Some(cell), true) = (node.cells.single_cell(), parent[2 * i] != usize::MAX)
                {
                    offs[node.digit.index()] |= 1 << cell.index();
                }
            }
        }
        self.offs.insert(key, offs);
        offs
    }

    /// The links of the shortest chain from "digit `d` in `from`" to "digit `e` not in `to`",
    /// each drawn between the first cells of its nodes.
    fn chain(&mut self, from: usize, d: usize, to: usize, e: usize) -> Vec<Link> {
        let (Some(start), Some(end)) = (self.node(from, d), self.node(to, e)) else {
            return Vec::new();
        };
        let parent = walk(&self.graph, &mut self.walks, start);
        let mut states = vec![end * 2];
        while let Some(&s) = states.last() {
            let p = parent[s];
            if p == usize::MAX || p == s {
                break;
            }
            states.push(p);
        }
        states.reverse();
        states
            .windows(2)
            .filter_map(|w| {
                let (a, b) = (w[0] / 2, w[1] / 2);
                let on = w[0] % 2 == 1;
                let node = |i: usize, on: bool| {
                    let n = self.graph.nodes[i];
                    Some(ChainNode {
                        cell: n.first_cell()?,
                        digit: n.digit,
                        on,
                    })
                };
                Some(Link {
                    from: node(a, on)?,
                    to: node(b, !on)?,
                    house: self.graph.link_house(a, b, !on),
                })
            })
            .collect()
    }
}

/// Breadth-first walk over `graph` from "`start` on", over states `node * 2 + on` (on: weak
/// links lead to "off"; off: strong links lead to "on"): for each state, the state it was
/// reached from (`usize::MAX` for none, the start its own). Kept in `walks`, so each start is
/// walked once per call, however many steps' chains come from it.
fn walk<'w>(graph: &Graph, walks: &'w mut HashMap<usize, Vec<usize>>, start: usize) -> &'w [usize] {
    walks.entry(start).or_insert_with(|| {
        let mut parent = vec![usize::MAX; 2 * graph.nodes.len()];
        let s0 = start * 2 + 1;
        parent[s0] = s0;
        let mut queue = std::collections::VecDeque::from([s0]);
        while let Some(s) = queue.pop_front() {
            let (node, on) = (s / 2, s % 2 == 1);
            for to in graph.next(node, on) {
                let t = to * 2 + usize::from(!on);
                if parent[t] == usize::MAX {
                    parent[t] = s;
                    queue.push_back(t);
                }
            }
        }
        parent
    })
}

/// One finned fish without eliminations of its own, ready for the kraken checks.
struct Fish {
    base: u32,
    cover: u32,
    base_cells: u128,
    fins: u128,
    /// Cells the fish without fins would clear: cover candidates outside the base, and base
    /// candidates in two covers.
    targets: u128,
    /// Base candidates in two covers.
    cannibal: u128,
}

/// The search for one digit and one direction.
struct Search {
    cand: u128,
    cover_kinds: u32,
    bases: Vec<usize>,
}

impl Search {
    /// Picks `left` more base houses from `self.bases[from..]`, disjoint in candidates.
    fn bases(
        &self,
        size: usize,
        from: usize,
        left: usize,
        base: u32,
        cells: u128,
        out: &mut dyn FnMut(Fish) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left == 0 {
            let start = Partial {
                chosen: 0,
                cover: 0,
                banned: base | !self.cover_kinds,
                covered: 0,
                twice: 0,
                fins: 0,
            };
            return self.covers(size, base, cells, start, out);
        }
        for i in from..self.bases.len() {
            if self.bases.len() - i < left {
                break;
            }
            let h = self.bases[i];
            let mask = HOUSE_MASKS[h] & self.cand;
            if mask & cells != 0 {
                continue;
            }
            self.bases(size, i + 1, left - 1, base | 1 << h, cells | mask, out)?;
        }
        ControlFlow::Continue(())
    }

    /// Completes a cover set (see [`ComplexFish`](super::ComplexFish)'s search).
    fn covers(
        &self,
        size: usize,
        base: u32,
        base_cells: u128,
        p: Partial,
        out: &mut dyn FnMut(Fish) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let open = base_cells & !p.covered & !p.fins;
        if p.chosen == size {
            // Every base cell still open is a fin.
            let fins = p.fins | open;
            if fins == 0 || fins.count_ones() > MAX_FINS {
                return ControlFlow::Continue(());
            }
            return self.finish(base, base_cells, &p, out);
        }
        if open == 0 {
            // Fewer covers than bases hold the rest: not a fish.
            return ControlFlow::Continue(());
        }
        let i = open.trailing_zeros() as usize;
        let mut banned = p.banned;
        for h in cell_houses(i) {
            if banned & 1 << h != 0 {
                continue;
            }
            let mask = HOUSE_MASKS[h] & self.cand;
            let next = Partial {
                chosen: p.chosen + 1,
                cover: p.cover | 1 << h,
                banned: banned | 1 << h,
                covered: p.covered | mask,
                twice: p.twice | (p.covered & mask),
                fins: p.fins,
            };
            self.covers(size, base, base_cells, next, out)?;
            banned |= 1 << h;
        }
        let fins = p.fins | 1 << i;
        if fins.count_ones() <= MAX_FINS {
            let next = Partial { banned, fins, ..p };
            self.covers(size, base, base_cells, next, out)?;
        }
        ControlFlow::Continue(())
    }

    fn finish(
        &self,
        base: u32,
        base_cells: u128,
        p: &Partial,
        out: &mut dyn FnMut(Fish) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Fins are the base cells left uncovered (a cell made a fin is never covered later:
        // its houses are banned from then on).
        let fins = base_cells & !p.covered;
        if fins == 0 {
            return ControlFlow::Continue(());
        }
        let cannibal = p.twice & base_cells;
        let targets = (p.covered & !base_cells) | cannibal;
        let mut seen = (1u128 << 81) - 1;
        let mut rest = fins;
        while rest != 0 {
            let f = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            seen &= PEER_MASKS[f];
        }
        // An ordinary finned fish already removes what its fins see: not a kraken.
        if targets == 0 || targets & seen != 0 {
            return ControlFlow::Continue(());
        }
        out(Fish {
            base,
            cover: p.cover,
            base_cells,
            fins,
            targets,
            cannibal,
        })
    }
}

#[derive(Clone, Copy)]
struct Partial {
    chosen: usize,
    cover: u32,
    banned: u32,
    covered: u128,
    twice: u128,
    fins: u128,
}

/// The set bits of a mask, in increasing order.
fn bits(mask: u128) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&i| mask & 1 << i != 0)
}

impl KrakenFish {
    /// The kraken steps of one fish.
    fn steps_of(
        &self,
        fish: &Fish,
        digit: Digit,
        imp: &mut Implications,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let d = digit.index();
        let technique = self.technique();
        let new_step = |elim: (usize, usize), starts: &[usize], imp: &mut Implications| {
            let mut step = Step::new(technique, ratings.get(technique));
            step.cells = bits(fish.base_cells).filter_map(Cell::new).collect();
            step.houses = bits(u128::from(fish.base))
                .chain(bits(u128::from(fish.cover)))
                .map(house)
                .collect();
            step.digits.push(digit);
            if self.type2 {
                step.digits.extend(Digit::from_index(elim.1));
            }
            if let (Some(cell), Some(e)) = (Cell::new(elim.0), Digit::from_index(elim.1)) {
                step.eliminations.push((cell, e));
            }
            for &s in starts {
                step.links.extend(imp.chain(s, d, elim.0, elim.1));
            }
            step
        };
        let fins: Vec<usize> = bits(fish.fins).collect();
        if !self.type2 {
            for target in bits(fish.targets) {
                let all = fins.iter().all(|&f| imp.offs(f, d)[d] & 1 << target != 0);
                if all {
                    let step = new_step((target, d), &fins, imp);
                    report(found, step)?;
                }
            }
            return ControlFlow::Continue(());
        }
        for h in bits(u128::from(fish.cover)) {
            let in_cover = HOUSE_MASKS[h] & imp.cand[d];
            let base_part = in_cover & fish.base_cells & !fish.cannibal;
            if base_part == in_cover {
                continue;
            }
            let starts_mask = base_part | fish.fins;
            let starts: Vec<usize> = bits(starts_mask).collect();
            for e in 0..9 {
                let mut result = imp.cand[e] & !starts_mask;
                for &s in &starts {
                    if result == 0 {
                        break;
                    }
                    result &= imp.offs(s, d)[e];
                }
                for target in bits(result) {
                    let step = new_step((target, e), &starts, imp);
                    report(found, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl Finder for KrakenFish {
    fn technique(&self) -> Technique {
        if self.type2 {
            Technique::KrakenFishType2
        } else {
            Technique::KrakenFishType1
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut imp = Implications::new(grid);
        for digit in DIGITS {
            let cand = imp.cand[digit.index()];
            if cand == 0 {
                continue;
            }
            for (base_kinds, cover_kinds) in
                [(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)]
            {
                let search = Search {
                    cand,
                    cover_kinds,
                    bases: (0..27)
                        .filter(|&h| base_kinds & 1 << h != 0 && HOUSE_MASKS[h] & cand != 0)
                        .collect(),
                };
                for size in MIN_SIZE..=MAX_SIZE {
                    let mut each =
                        |fish: Fish| self.steps_of(&fish, digit, &mut imp, ratings, found);
                    search.bases(size, 0, size, 0, 0, &mut each)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
