//! The implication graph of one pencilmark state, in the order Sudoku Explainer walks it.
//!
//! A *potential* is a candidate, numbered `cell * 9 + digit index` (0..729); a node of a chain
//! is a potential with an on/off flag. From an "on" node, SE's `getOnToOff` turns off the
//! cell's other candidates (Y links, in digit order) and then the same digit in the cell's
//! peers (X links, in SE's peer order: box, row, column, each cell once). From an "off" node,
//! `getOffToOn` turns on the cell's other candidate if the cell is bivalue (Y), then the other
//! place of the digit in each of the box, row and column where it has exactly two (X, the same
//! cell only once). That order decides which chain SE finds first, so it is kept exactly.

use super::bits::{exactly_two, se_peer_masks};
use crate::board::{Cell, Digit, House};
use crate::logic::cell_set::{CellSet, PEER_MASKS};
use crate::logic::CandidateGrid;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// A candidate: `cell * 9 + digit index`.
pub(super) type Pot = u16;

/// "No potential", as a sentinel in fixed-size tables.
const NO_POT: Pot = Pot::MAX;

/// The potential of `digit` in `cell`.
pub(super) fn pot(cell: Cell, digit: Digit) -> Pot {
    // At most 80 * 9 + 8 = 728: fits.
    (cell.index() * 9 + digit.index()) as Pot
}

/// The cell and digit of a potential (`None` past 728, which no potential of a graph is).
pub(super) fn cell_digit(p: Pot) -> Option<(Cell, Digit)> {
    let index = usize::from(p);
    Some((Cell::new(index / 9)?, Digit::from_index(index % 9)?))
}

/// The candidates of `cell` in `graph`, in increasing order.
pub(super) fn cell_digits(graph: &Graph, cell: Cell) -> Vec<Digit> {
    let mask = graph.cands(cell.index());
    (0..9)
        .filter(|d| mask & (1 << d) != 0)
        .filter_map(Digit::from_index)
        .collect()
}

/// What concluding `target` removes (for a placement, the cell's other candidates): SE's
/// identity of a hint.
pub(super) fn removable(graph: &Graph, (target, on): (Pot, bool)) -> Vec<(Cell, Digit)> {
    let Some((cell, digit)) = cell_digit(target) else {
        return Vec::new();
    };
    if on {
        cell_digits(graph, cell)
            .into_iter()
            .filter(|&d| d != digit)
            .map(|d| (cell, d))
            .collect()
    } else {
        vec![(cell, digit)]
    }
}

/// Which links a search may use: SE's `isXChainEnabled` (same digit, between cells) and
/// `isYChainEnabled` (same cell, between digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mode {
    /// Links inside one cell.
    pub(super) y: bool,
    /// Links inside one house, on one digit.
    pub(super) x: bool,
}

/// A set of 729 potentials, as a bitmask (16 words rather than 12, so that the word index is a
/// mask, not a division).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct PotSet([u64; 16]);

impl PotSet {
    pub(super) fn contains(&self, p: Pot) -> bool {
        let i = usize::from(p);
        self.0[(i >> 6) & 15] & (1 << (i & 63)) != 0
    }

    pub(super) fn insert(&mut self, p: Pot) {
        let i = usize::from(p);
        self.0[(i >> 6) & 15] |= 1 << (i & 63);
    }

    /// Keeps only the potentials also in `other`.
    pub(super) fn intersect(&mut self, other: &PotSet) {
        for (word, &o) in self.0.iter_mut().zip(&other.0) {
            *word &= o;
        }
    }

    /// Adds the potentials of `other`.
    pub(super) fn union(&mut self, other: &PotSet) {
        for (word, &o) in self.0.iter_mut().zip(&other.0) {
            *word |= o;
        }
    }

    /// Whether no potential is in the set.
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether every potential of the set is in `other`.
    #[cfg(test)]
    pub(super) fn is_subset(&self, other: &PotSet) -> bool {
        self.0.iter().zip(&other.0).all(|(&a, &b)| a & !b == 0)
    }
}

/// The links of one pencilmark state.
pub(super) struct Graph {
    /// The candidates of each cell, as 9-bit masks (bit = digit index).
    cands: [u16; 81],
    /// For each potential, where its X weak links start in `weak` (one more entry at the end).
    weak_start: Vec<u32>,
    /// X weak links: the same digit in the peers, in SE's peer order.
    weak: Vec<Pot>,
    /// X strong links: for each potential, the other place of the digit in its box, row and
    /// column when there are exactly two, each cell once; `NO_POT` elsewhere.
    conjugates: Vec<[Pot; 3]>,
    /// The cells where each digit is a candidate.
    by_digit: [CellSet; 9],
    /// What each node reaches by the links, computed when first asked for
    /// (`Graph::closures`, in `reach`).
    pub(super) closures: OnceCell<Closures>,
}

/// The pencilmarks a graph is built from: each cell's candidates and each digit's cells.
fn marks_of(grid: &CandidateGrid) -> ([u16; 81], [CellSet; 9]) {
    let mut cands = [0u16; 81];
    for cell in grid.empty_cells() {
        cands[cell.index()] = grid.candidates(cell).bits();
    }
    let by_digit: [CellSet; 9] = std::array::from_fn(|d| {
        Digit::from_index(d).map_or(CellSet::EMPTY, |digit| grid.cells_with(digit))
    });
    (cands, by_digit)
}

thread_local! {
    /// The last graph built on this thread (see [`Graph::shared`]).
    static LAST: RefCell<Option<Rc<Graph>>> = const { RefCell::new(None) };
}

impl Graph {
    /// The graph of `grid`, shared with the last caller on this thread that asked for the same
    /// pencilmarks. The solver's chain finders (static, multiple, Nishio, dynamic) each ask for
    /// the graph of the same grid at one step; a graph is a function of the pencilmarks alone,
    /// so building it once per step changes no answer.
    pub(super) fn shared(grid: &CandidateGrid) -> Rc<Graph> {
        let (cands, by_digit) = marks_of(grid);
        let kept = LAST
            .try_with(|last| last.borrow().clone())
            .ok()
            .flatten()
            .filter(|g| g.cands == cands && g.by_digit == by_digit);
        if let Some(graph) = kept {
            return graph;
        }
        let graph = Rc::new(Graph::from_marks(cands, by_digit));
        let _ = LAST.try_with(|last| *last.borrow_mut() = Some(Rc::clone(&graph)));
        graph
    }

    /// The graph of `grid`.
    pub(super) fn new(grid: &CandidateGrid) -> Graph {
        let (cands, by_digit) = marks_of(grid);
        Graph::from_marks(cands, by_digit)
    }

    /// The graph of the pencilmarks `cands` (per cell) and `by_digit` (per digit).
    fn from_marks(cands: [u16; 81], by_digit: [CellSet; 9]) -> Graph {
        let mut weak_start = Vec::with_capacity(730);
        let mut weak = Vec::with_capacity(729 * 8);
        let mut conjugates = vec![[NO_POT; 3]; 729];
        for cell in Cell::all() {
            for (d, &cells) in by_digit.iter().enumerate() {
                weak_start.push(weak.len() as u32);
                if cands[cell.index()] & (1 << d) == 0 {
                    continue;
                }
                let peers = cells.bits() & PEER_MASKS[cell.index()];
                for mut mask in se_peer_masks(cell.index(), peers) {
                    while mask != 0 {
                        let peer = mask.trailing_zeros() as Pot;
                        mask &= mask - 1;
                        weak.push(peer * 9 + d as Pot);
                    }
                }
                let p = cell.index() * 9 + d;
                let mut n = 0;
                for house in houses_of(cell) {
                    let in_house = cells & CellSet::house(house);
                    if !exactly_two(in_house.bits()) {
                        continue;
                    }
                    if let Some(other) = in_house.iter().find(|&c| c != cell) {
                        let q = other.index() as Pot * 9 + d as Pot;
                        if !conjugates[p][..n].contains(&q) {
                            conjugates[p][n] = q;
                            n += 1;
                        }
                    }
                }
            }
        }
        weak_start.push(weak.len() as u32);
        Graph {
            cands,
            weak_start,
            weak,
            conjugates,
            by_digit,
            closures: Default::default(),
        }
    }

    /// SE's `getOnToOff`: the nodes turned off by `p` being on, in SE's order.
    #[inline]
    pub(super) fn on_to_off(&self, p: Pot, y: bool, mut f: impl FnMut(Pot)) {
        let i = usize::from(p);
        if y {
            let (cell, digit) = (i / 9, i % 9);
            let mut others = self.cands[cell % 81] & !(1 << digit);
            while others != 0 {
                let d = others.trailing_zeros() as usize;
                others &= others - 1;
                f((cell * 9 + d) as Pot);
            }
        }
        let (start, end) = (self.weak_start[i] as usize, self.weak_start[i + 1] as usize);
        for &q in &self.weak[start..end] {
            f(q);
        }
    }

    /// SE's `getOffToOn`: the nodes turned on by `p` being off, in SE's order.
    #[inline]
    pub(super) fn off_to_on(&self, p: Pot, mode: Mode, mut f: impl FnMut(Pot)) {
        let i = usize::from(p);
        if mode.y {
            let (cell, digit) = (i / 9, i % 9);
            let cands = self.cands[cell % 81];
            if exactly_two(u128::from(cands)) {
                let other = (cands & !(1 << digit)).trailing_zeros() as usize;
                f((cell * 9 + other) as Pot);
            }
        }
        if mode.x {
            for &q in &self.conjugates[i] {
                if q == NO_POT {
                    break;
                }
                f(q);
            }
        }
    }

    /// Whether "`p` on" turns `q` off (with links inside cells if `y`): the same digit in two
    /// cells that see each other, or two digits of one cell.
    pub(super) fn weak_link(&self, p: Pot, q: Pot, y: bool) -> bool {
        let (p, q) = (usize::from(p), usize::from(q));
        let (a, b) = (p / 9, q / 9);
        if a == b {
            y && p != q
        } else {
            p % 9 == q % 9 && PEER_MASKS[a % 81] & (1 << (b % 81)) != 0
        }
    }

    /// The candidates of cell index `cell` as a mask.
    pub(super) fn cands(&self, cell: usize) -> u16 {
        self.cands[cell % 81]
    }

    /// The cells where digit index `d` is a candidate.
    pub(super) fn cells_with(&self, d: usize) -> CellSet {
        self.by_digit[d % 9]
    }
}

/// The box, row and column of `cell`, in SE's region order.
pub(super) fn houses_of(cell: Cell) -> [House; 3] {
    [
        House::Block(cell.block()),
        House::Row(cell.row()),
        House::Col(cell.col()),
    ]
}

/// The house that makes the link `from -> to` in SE's terms: `None` inside one cell; else the
/// first of the box, row and column of `from` that holds `to` (for a strong link, the first
/// where the digit has exactly two places, as `getOffToOn` looks).
pub(super) fn link_house(graph: &Graph, from: Pot, to: Pot, strong: bool) -> Option<House> {
    let (a, digit) = cell_digit(from)?;
    let (b, _) = cell_digit(to)?;
    if a == b {
        return None;
    }
    let cells = graph.cells_with(digit.index());
    houses_of(a)
        .into_iter()
        .find(|&house| house.contains(b) && (!strong || (cells & CellSet::house(house)).len() == 2))
}

/// What every assumption, on or off, reaches by the static links of one pencilmark state
/// (with or without the links inside cells): each node's closure in the graph of links,
/// shared by the nodes of one strongly connected component.
#[derive(Debug)]
pub(super) struct Closures {
    /// The component of each node (`u16::MAX` for a node that is no candidate).
    pub(super) component: Vec<u16>,
    /// Per component, what its nodes reach off (`[0]`) and on (`[1]`), themselves included.
    pub(super) sets: Vec<[PotSet; 2]>,
}

impl Closures {
    /// What "`source` on" reaches `on` (or off), if `source` is a candidate.
    pub(super) fn reached(&self, source: Pot, on: bool) -> Option<&PotSet> {
        self.reached_from((source, true), on)
    }

    /// What `start` (a potential, on or off) reaches `on` (or off), if it is a candidate.
    pub(super) fn reached_from(&self, start: (Pot, bool), on: bool) -> Option<&PotSet> {
        let (source, start_on) = start;
        let k = *self
            .component
            .get(usize::from(source) * 2 + usize::from(start_on))?;
        self.sets
            .get(usize::from(k))
            .map(|sets| &sets[usize::from(on)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{puzzle, remove};

    /// The links of `graph`, every potential's in SE's order, for comparing two graphs.
    fn links(graph: &Graph) -> Vec<(Pot, Vec<Pot>, Vec<Pot>)> {
        let mode = Mode { y: true, x: true };
        (0..729)
            .map(|p| {
                let (mut off, mut on) = (Vec::new(), Vec::new());
                graph.on_to_off(p, true, |q| off.push(q));
                graph.off_to_on(p, mode, |q| on.push(q));
                (p, off, on)
            })
            .collect()
    }

    #[test]
    fn the_shared_graph_is_reused_only_for_the_same_pencilmarks() {
        let mut grid = puzzle(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let first = Graph::shared(&grid);
        assert!(
            Rc::ptr_eq(&first, &Graph::shared(&grid)),
            "same grid: same graph"
        );
        assert_eq!(links(&first), links(&Graph::new(&grid)));
        // One candidate less: a new graph, built from the new pencilmarks.
        remove(&mut grid, 9, "r1c2");
        let second = Graph::shared(&grid);
        assert!(!Rc::ptr_eq(&first, &second), "changed grid: new graph");
        assert_eq!(links(&second), links(&Graph::new(&grid)));
        assert_ne!(links(&first), links(&second));
    }
}
