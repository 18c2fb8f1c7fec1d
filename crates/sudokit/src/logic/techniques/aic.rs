//! The alternating-inference-chain search behind human mode's chains: X-chains, XY-chains,
//! remote pairs and grouped nice loops / AICs (HoDoKu's names). It is separate from
//! `logic/chains/`, which stays Sudoku Explainer's exact engine.
//!
//! A node is a digit in a set of cells: one cell, or a group (two or three cells of a box on
//! one line). A strong link joins two nodes of which at least one is true (the only two places
//! of a digit in a house, or the two digits of a bivalue cell); a weak link joins two that
//! cannot both be true (the same digit in cells that all see each other, or two digits of one
//! cell). An AIC starts and ends with a strong link: "first node off" implies, link by link,
//! "last node on", so one of the two ends is true.
//!
//! The search is a breadth-first walk per start node over (node, on/off) states, so each end
//! is reached by a shortest chain: the one a person finds most easily. Every implication it
//! follows is sound on its own, so a conclusion holds even when a chain revisits a node;
//! reported chains are the shortest and in practice simple.

use crate::board::{Cell, Digit, House};
use crate::logic::cell_set::{CellSet, DIGITS, HOUSE_MASKS};
use crate::logic::{CandidateGrid, ChainNode, Link};

/// Which links a search may use.
#[derive(Debug, Clone, Copy)]
pub(super) struct Kinds {
    /// Only this digit (an X-chain), or every digit.
    pub(super) digit: Option<Digit>,
    /// Strong links in houses (conjugate pairs).
    pub(super) house_strong: bool,
    /// Strong links inside bivalue cells.
    pub(super) cell_strong: bool,
    /// Weak links between two digits of one cell.
    pub(super) cell_weak: bool,
    /// Group nodes.
    pub(super) groups: bool,
    /// Almost locked sets of two to [`MAX_ALS_CELLS`] cells as links: the cells of a set
    /// holding one digit form a node, strongly linked to the node of each other digit of the
    /// set (the set lacks at most one of its digits).
    pub(super) als: bool,
}

/// The largest almost locked set used as a link in chains by [`Graph::new`].
const MAX_ALS_CELLS: u32 = 4;

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NodeKind {
    /// A digit in one cell.
    Single,
    /// A digit in two or three cells of a box on one line.
    Group,
    /// A digit in the cells of an almost locked set holding it.
    Als,
}

/// A node: a digit in one cell or a group of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) digit: Digit,
    pub(super) cells: CellSet,
}

impl Node {
    pub(super) fn first_cell(&self) -> Option<Cell> {
        self.cells.first()
    }
}

/// The nodes and links of one grid.
pub(super) struct Graph {
    pub(super) nodes: Vec<Node>,
    /// What each node stands for (a node both a group and a set's cells is a group).
    pub(super) kind: Vec<NodeKind>,
    /// The cells each node occupies in a chain: its own, or all cells of its set.
    pub(super) span: Vec<CellSet>,
    /// Strong links: (neighbour, house it is in, `None` inside a cell).
    strong: Vec<Vec<(usize, Option<House>)>>,
    /// Weak links, likewise.
    weak: Vec<Vec<(usize, Option<House>)>>,
    /// For each strong link, in the order of `strong`: HoDoKu's length for a link only an
    /// almost locked set makes ([`SetLink::weight`]), 0 for any other (which counts 1).
    strong_weight: Vec<Vec<u32>>,
    /// The almost locked set behind each strong link that one makes, by its two nodes (the
    /// lower index first): a link between two of its digits, or from its entry digit to a
    /// cell it forces (see [`SetLink`]).
    set_links: std::collections::HashMap<(usize, usize), SetLink>,
}

/// An almost locked set behind a strong link of the graph.
#[derive(Debug, Clone, Copy)]
pub(super) struct SetLink {
    /// The set's cells.
    pub(super) cells: CellSet,
    /// The set's digits.
    pub(super) digits: crate::board::Candidates,
    /// For a forcing (HoDoKu's ALS forcing): the entry digit `j` and the forced cell. With
    /// `j` gone from the set, the set's other digits are locked in it and leave every cell
    /// that sees all of the set's cells holding them; a cell of more than two candidates left
    /// with one is forced, so "the set's `j` cells are off" implies "that cell's digit is
    /// on". `None` for a link between two digits of the set.
    pub(super) forcing: Option<(Digit, Cell)>,
    /// Whether only sets make this link (it is no conjugate pair or bivalue cell too).
    pub(super) only: bool,
}

impl SetLink {
    /// What this link counts for in HoDoKu's chain lengths. HoDoKu's tables have one node per
    /// set and entry digit, entered by one weak link and left by another that counts
    /// `1 + penalty`, with a penalty of `(digits - 1) * 2` for a set of three or more digits
    /// (`Als.getChainPenalty`); a forced cell counts one link more. Here the set is entered and
    /// left by the same two weak links with this strong link between, so the strong link
    /// carries the penalty, and a forcing `penalty + 2` (its entry node to the forced cell).
    pub(super) fn weight(&self) -> u32 {
        let penalty = match self.digits.len() {
            0..=1 => 0,
            2 => 1,
            n => (n - 1) * 2,
        };
        match self.forcing {
            None => penalty.max(1),
            Some(_) => penalty + 2,
        }
    }

    /// The cells holding `digit` that see every cell of the set holding it (outside the set).
    pub(super) fn seeing(&self, grid: &CandidateGrid, digit: Digit) -> CellSet {
        let holding = self.cells & grid.cells_with(digit);
        if holding.is_empty() {
            return CellSet::EMPTY;
        }
        (common_peers(holding) & grid.cells_with(digit)).difference(self.cells)
    }
}

/// The cells every cell of `cells` sees.
fn common_peers(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::ALL, |acc, c| acc & CellSet::peers(c))
}

/// How [`Graph::build`] makes the graph, beyond the kinds of link.
#[derive(Debug, Clone, Copy)]
pub(super) struct Options {
    /// The largest almost locked set used (when `Kinds::als`).
    pub(super) als_cells: u32,
    /// Whether the two-cell parts of a three-cell group are nodes too.
    pub(super) group_parts: bool,
    /// Whether each node's links are listed in the order HoDoKu's tables meet them (inside the
    /// cell, then the row, column and box, then groups in HoDoKu's order, then sets), so that
    /// a breadth-first walk keeps the chain HoDoKu keeps.
    pub(super) hodoku_order: bool,
}

impl Graph {
    pub(super) fn new(grid: &CandidateGrid, kinds: Kinds) -> Graph {
        Graph::build(
            grid,
            kinds,
            Options {
                als_cells: MAX_ALS_CELLS,
                group_parts: true,
                hodoku_order: false,
            },
        )
    }

    /// The graph with the links of `kinds`, made as `options` says.
    pub(super) fn build(grid: &CandidateGrid, kinds: Kinds, options: Options) -> Graph {
        let als_cells = options.als_cells;
        let mut nodes = Vec::new();
        for &digit in &DIGITS {
            if kinds.digit.is_some_and(|d| d != digit) {
                continue;
            }
            for cell in grid.cells_with(digit) {
                nodes.push(Node {
                    digit,
                    cells: CellSet::single(cell),
                });
            }
            if kinds.groups && options.hodoku_order {
                // HoDoKu's group nodes, in its order: rows, then columns, each crossed with the
                // boxes.
                for &line in &HOUSE_MASKS[..18] {
                    for &block in &HOUSE_MASKS[18..27] {
                        let cells = CellSet::from_bits(block & line) & grid.cells_with(digit);
                        if cells.len() >= 2 {
                            nodes.push(Node { digit, cells });
                        }
                    }
                }
            }
            if kinds.groups && !options.hodoku_order {
                // Every box-line intersection holding the digit in two or three cells, and each
                // two-cell part of a three-cell one.
                for &block in &HOUSE_MASKS[18..27] {
                    for &line in &HOUSE_MASKS[..18] {
                        let cells = CellSet::from_bits(block & line) & grid.cells_with(digit);
                        if cells.len() < 2 {
                            continue;
                        }
                        let list: Vec<Cell> = cells.iter().collect();
                        let mut groups = vec![cells];
                        if list.len() == 3 && options.group_parts {
                            for skip in 0..3 {
                                groups.push(
                                    list.iter()
                                        .enumerate()
                                        .filter(|&(i, _)| i != skip)
                                        .map(|(_, &c)| c)
                                        .collect(),
                                );
                            }
                        }
                        for g in groups {
                            if !nodes
                                .iter()
                                .any(|n: &Node| n.digit == digit && n.cells == g)
                            {
                                nodes.push(Node { digit, cells: g });
                            }
                        }
                    }
                }
            }
        }
        let mut kind: Vec<NodeKind> = nodes
            .iter()
            .map(|n: &Node| {
                if n.cells.len() == 1 {
                    NodeKind::Single
                } else {
                    NodeKind::Group
                }
            })
            .collect();
        let mut span: Vec<CellSet> = nodes.iter().map(|n: &Node| n.cells).collect();
        // Almost locked sets: one node per digit of each set, and the strong links between
        // them, added after the other links.
        let mut als_links: Vec<(usize, usize, SetLink)> = Vec::new();
        let mut forcings: Vec<(usize, (Cell, Digit), SetLink)> = Vec::new();
        if kinds.als {
            let mut index: std::collections::HashMap<(Digit, u128), usize> = nodes
                .iter()
                .enumerate()
                .map(|(i, n)| ((n.digit, n.cells.bits()), i))
                .collect();
            for set in super::als::all(grid) {
                let size = set.cells.len();
                if !(2..=als_cells).contains(&size) {
                    continue;
                }
                let ids: Vec<usize> = set
                    .digits
                    .iter()
                    .map(|digit| {
                        let cells = set.with(digit);
                        *index.entry((digit, cells.bits())).or_insert_with(|| {
                            nodes.push(Node { digit, cells });
                            kind.push(NodeKind::Als);
                            span.push(set.cells);
                            nodes.len() - 1
                        })
                    })
                    .collect();
                let link = SetLink {
                    cells: set.cells,
                    digits: set.digits,
                    forcing: None,
                    only: true,
                };
                for (k, &a) in ids.iter().enumerate() {
                    for &b in &ids[k + 1..] {
                        als_links.push((a, b, link));
                    }
                }
                for (digit, &id) in set.digits.iter().zip(&ids) {
                    for (cell, forced) in forced_cells(grid, &link, digit) {
                        let forcing = SetLink {
                            forcing: Some((digit, cell)),
                            ..link
                        };
                        forcings.push((id, (cell, forced), forcing));
                    }
                }
            }
            for (id, (cell, digit), link) in forcings {
                if let Some(&to) = index.get(&(digit, CellSet::single(cell).bits())) {
                    als_links.push((id, to, link));
                }
            }
        }
        let n = nodes.len();
        let mut strong = vec![Vec::new(); n];
        let mut weak = vec![Vec::new(); n];
        let peers: Vec<CellSet> = nodes.iter().map(|x| common_peers(x.cells)).collect();
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); 9];
        let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); 81];
        for (i, node) in nodes.iter().enumerate() {
            by_digit[node.digit.index()].push(i);
            if let Some(c) = node.cells.single_cell() {
                by_cell[c.index()].push(i);
            }
        }
        for i in 0..n {
            let a = nodes[i];
            for &j in &by_digit[a.digit.index()] {
                let b = nodes[j];
                if i == j || !(a.cells & b.cells).is_empty() || !b.cells.is_subset(peers[i]) {
                    continue;
                }
                // Weak: every cell of b sees every cell of a.
                let h = house_of(a.cells | b.cells);
                weak[i].push((j, h));
                if kinds.house_strong {
                    // Strong: the two nodes are the digit's only places in a shared house.
                    for hh in all_houses(a.cells | b.cells) {
                        let all = grid.house_digit(house_index(hh), a.digit.index());
                        if all == a.cells | b.cells {
                            strong[i].push((j, Some(hh)));
                            break;
                        }
                    }
                }
            }
            let Some(ca) = a.cells.single_cell() else {
                continue;
            };
            for &j in &by_cell[ca.index()] {
                if i == j {
                    continue;
                }
                if kinds.cell_weak {
                    weak[i].push((j, None));
                }
                if kinds.cell_strong && grid.candidates(ca).len() == 2 {
                    strong[i].push((j, None));
                }
            }
        }
        let mut set_links = std::collections::HashMap::new();
        for (a, b, link) in als_links {
            if a == b {
                continue;
            }
            let key = (a.min(b), a.max(b));
            // A pair another set linked already is still linked only by sets.
            let only = set_links.get(&key).map_or_else(
                || !strong[a].iter().any(|&(k, _)| k == b),
                |kept: &SetLink| kept.only,
            );
            if only && !set_links.contains_key(&key) {
                strong[a].push((b, None));
                strong[b].push((a, None));
            }
            let link = SetLink { only, ..link };
            // Of two sets making the same link, the one HoDoKu's walk counts shorter.
            set_links
                .entry(key)
                .and_modify(|kept: &mut SetLink| {
                    if link.weight() < kept.weight() {
                        *kept = link;
                    }
                })
                .or_insert(link);
        }
        let mut graph = Graph {
            nodes,
            kind,
            span,
            strong,
            weak,
            strong_weight: Vec::new(),
            set_links,
        };
        if options.hodoku_order {
            graph.sort_hodoku();
        }
        graph.strong_weight = graph
            .strong
            .iter()
            .enumerate()
            .map(|(a, list)| {
                list.iter()
                    .map(|&(b, _)| match graph.set_link(a, b) {
                        Some(link) if link.only => link.weight(),
                        _ => 0,
                    })
                    .collect()
            })
            .collect();
        graph
    }

    /// Orders each node's links as HoDoKu's tables list a node's implications: the cell's
    /// other digits, then the row's, column's and box's cells (a single cell's peers; a group's
    /// box before its line for strong links), then groups, then sets, each in node order.
    fn sort_hodoku(&mut self) {
        let rank = |from: usize, to: usize, strong: bool| -> (u8, u32, u32) {
            let (a, b) = (self.nodes[from], self.nodes[to]);
            match self.kind[to] {
                NodeKind::Single => {
                    let cb = b.cells.first().map_or(0, |c| c.index());
                    if a.cells == b.cells {
                        return (0, b.digit.index() as u32, 0);
                    }
                    let house = match (self.kind[from], a.cells.first()) {
                        (NodeKind::Single, Some(ca)) => {
                            let ca = ca.index();
                            if ca / 9 == cb / 9 {
                                0
                            } else if ca % 9 == cb % 9 {
                                1
                            } else {
                                2
                            }
                        }
                        (NodeKind::Group, Some(ca)) if strong => {
                            let same_box =
                                |x: usize, y: usize| x / 27 == y / 27 && (x % 9) / 3 == (y % 9) / 3;
                            u32::from(!same_box(ca.index(), cb))
                        }
                        _ => 0,
                    };
                    (1, house, cb as u32)
                }
                NodeKind::Group => (2, to as u32, 0),
                NodeKind::Als => (3, to as u32, 0),
            }
        };
        let mut strong = std::mem::take(&mut self.strong);
        let mut weak = std::mem::take(&mut self.weak);
        for (from, list) in strong.iter_mut().enumerate() {
            list.sort_by_key(|&(to, _)| rank(from, to, true));
        }
        for (from, list) in weak.iter_mut().enumerate() {
            list.sort_by_key(|&(to, _)| rank(from, to, false));
        }
        self.strong = strong;
        self.weak = weak;
    }

    /// Shortest AICs from `start` (assumed off): for each node reached "on" through a strong
    /// link, the chain as node indexes, `start` first. `max_nodes` bounds the chain.
    pub(super) fn chains_from(&self, start: usize, max_nodes: usize) -> Vec<Vec<usize>> {
        // State s = node * 2 + on.
        let n = self.nodes.len();
        let mut parent = vec![usize::MAX; 2 * n];
        let mut depth = vec![usize::MAX; 2 * n];
        let mut queue = std::collections::VecDeque::new();
        let s0 = start * 2;
        depth[s0] = 1;
        queue.push_back(s0);
        let mut out = Vec::new();
        while let Some(s) = queue.pop_front() {
            let (node, on) = (s / 2, s % 2 == 1);
            if depth[s] >= max_nodes {
                continue;
            }
            let next = if on {
                &self.weak[node]
            } else {
                &self.strong[node]
            };
            for &(to, _) in next {
                let t = to * 2 + usize::from(!on);
                if depth[t] != usize::MAX || to == start {
                    continue;
                }
                depth[t] = depth[s] + 1;
                parent[t] = s;
                queue.push_back(t);
                if !on {
                    // Reached `to` on: a chain ends here.
                    let mut path = vec![to];
                    let mut cur = s;
                    while cur != usize::MAX {
                        path.push(cur / 2);
                        cur = parent[cur];
                    }
                    path.reverse();
                    out.push(path);
                }
            }
        }
        out
    }

    /// Whether the chain uses an almost locked set: a strong link between two digits that is
    /// not inside one bivalue cell.
    pub(super) fn uses_als(&self, path: &[usize]) -> bool {
        path.windows(2).step_by(2).any(|w| {
            let (a, b) = (self.nodes[w[0]], self.nodes[w[1]]);
            a.digit != b.digit && !(a.cells == b.cells && a.cells.len() == 1)
        })
    }

    /// The nodes an "on" node leads to (over weak links, "off") or an "off" node (over strong
    /// links, "on").
    pub(super) fn next(&self, node: usize, on: bool) -> impl Iterator<Item = usize> + '_ {
        let list = if on {
            &self.weak[node]
        } else {
            &self.strong[node]
        };
        list.iter().map(|&(k, _)| k)
    }

    /// [`Graph::next`] with the length each link counts for (1 for a weak link, a strong
    /// link's weight: see [`SetLink::weight`]) and whether only an almost locked set makes it.
    pub(super) fn next_weighted(
        &self,
        node: usize,
        on: bool,
    ) -> impl Iterator<Item = (usize, u32, bool)> + '_ {
        let (list, weights): (&[(usize, Option<House>)], &[u32]) = if on {
            (&self.weak[node], &[])
        } else {
            (&self.strong[node], &self.strong_weight[node])
        };
        list.iter().enumerate().map(move |(k, &(to, _))| {
            let weight = weights.get(k).copied().unwrap_or(0);
            (to, weight.max(1), weight > 0)
        })
    }

    /// The house of the link from `i` to `j` of the given kind.
    pub(super) fn link_house(&self, i: usize, j: usize, strong: bool) -> Option<House> {
        let list = if strong {
            &self.strong[i]
        } else {
            &self.weak[i]
        };
        list.iter().find(|&&(k, _)| k == j).and_then(|&(_, h)| h)
    }

    /// The chain `path` (off, on, off, on, ...) as the step's links, each drawn between the
    /// first cells of its nodes.
    pub(super) fn links(&self, path: &[usize]) -> Vec<Link> {
        let mut links = Vec::new();
        for (k, w) in path.windows(2).enumerate() {
            let strong = k % 2 == 0;
            let (a, b) = (self.nodes[w[0]], self.nodes[w[1]]);
            let (Some(ca), Some(cb)) = (a.first_cell(), b.first_cell()) else {
                continue;
            };
            links.push(Link {
                from: ChainNode {
                    cell: ca,
                    digit: a.digit,
                    on: !strong,
                },
                to: ChainNode {
                    cell: cb,
                    digit: b.digit,
                    on: strong,
                },
                house: self.link_house(w[0], w[1], strong),
            });
        }
        links
    }

    /// The cells of the chain in order, each once.
    pub(super) fn cells(&self, path: &[usize]) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        for &i in path {
            for c in self.nodes[i].cells {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// What the AIC `path` removes: with both ends on one digit, that digit from every cell
    /// that sees all cells of both ends; with two single-cell ends on different digits, each
    /// end's digit from the other end's cell when they see each other, or every other digit of
    /// the cell when they are the same cell.
    pub(super) fn eliminations(&self, grid: &CandidateGrid, path: &[usize]) -> Vec<(Cell, Digit)> {
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return Vec::new();
        };
        let (a, b) = (self.nodes[first], self.nodes[last]);
        let mut out = Vec::new();
        if a.digit == b.digit {
            let chain: CellSet = path
                .iter()
                .filter(|&&i| self.nodes[i].digit == a.digit)
                .fold(CellSet::EMPTY, |acc, &i| acc | self.nodes[i].cells);
            let targets = (common_peers(a.cells | b.cells) & grid.cells_with(a.digit))
                .difference(chain)
                .difference(a.cells | b.cells);
            out.extend(targets.iter().map(|c| (c, a.digit)));
        } else if let (Some(ca), Some(cb)) = (a.cells.single_cell(), b.cells.single_cell()) {
            if ca == cb {
                for d in grid.candidates(ca).iter() {
                    if d != a.digit && d != b.digit {
                        out.push((ca, d));
                    }
                }
            } else if CellSet::peers(ca).contains(cb) {
                if grid.candidates(ca).contains(b.digit) {
                    out.push((ca, b.digit));
                }
                if grid.candidates(cb).contains(a.digit) {
                    out.push((cb, a.digit));
                }
            }
        }
        out
    }
}

impl Graph {
    /// The almost locked set behind the strong link between nodes `a` and `b`, if a set makes
    /// it.
    pub(super) fn set_link(&self, a: usize, b: usize) -> Option<&SetLink> {
        self.set_links.get(&(a.min(b), a.max(b)))
    }
}

/// The cells the set `link` forces when it loses `entry` (HoDoKu's ALS forcings): a cell
/// outside the set with more than two candidates, all but one of which see every cell of the
/// set holding them (with `entry` gone, each other digit of the set is locked in it). A cell of
/// two candidates is left out: the chain reaches its other digit by the cell's own link.
fn forced_cells(grid: &CandidateGrid, link: &SetLink, entry: Digit) -> Vec<(Cell, Digit)> {
    let mut removed = [crate::board::Candidates::NONE; 81];
    let mut touched = CellSet::EMPTY;
    for digit in link.digits.iter().filter(|&d| d != entry) {
        for cell in link.seeing(grid, digit) {
            removed[cell.index()] =
                removed[cell.index()].union(crate::board::Candidates::single(digit));
            touched.insert(cell);
        }
    }
    touched
        .iter()
        .filter_map(|cell| {
            let candidates = grid.candidates(cell);
            if candidates.len() <= 2 {
                return None;
            }
            let left: Vec<Digit> = candidates
                .iter()
                .filter(|&d| !removed[cell.index()].contains(d))
                .collect();
            match left[..] {
                [digit] => Some((cell, digit)),
                _ => None,
            }
        })
        .collect()
}

/// The house holding every cell of `cells`, a line before a box.
fn house_of(cells: CellSet) -> Option<House> {
    all_houses(cells).next()
}

/// The houses that hold every cell of `cells`, lines first (the houses of its first cell that
/// hold the rest: row, column, box).
fn all_houses(cells: CellSet) -> impl Iterator<Item = House> {
    let first = cells.first().map(|c| c.index());
    [
        first.map(|c| c / 9),
        first.map(|c| 9 + c % 9),
        first.map(|c| 18 + (c / 27) * 3 + (c % 9) / 3),
    ]
    .into_iter()
    .flatten()
    .filter(move |&h| cells.is_subset(CellSet::from_bits(HOUSE_MASKS[h])))
    .map(crate::logic::cell_set::house)
}

/// The index (0..27) of `house`.
fn house_index(house: House) -> usize {
    crate::logic::cell_set::house_index(house)
}

impl Graph {
    /// Whether the chain uses each node once, keeps the nodes of one digit apart, and visits a
    /// cell only in consecutive nodes (a link inside it): a chain a person can draw.
    pub(super) fn is_simple(&self, path: &[usize]) -> bool {
        for (i, &a) in path.iter().enumerate() {
            for (j, &b) in path.iter().enumerate().skip(i + 1) {
                let (na, nb) = (self.nodes[a], self.nodes[b]);
                let overlap = !(na.cells & nb.cells).is_empty();
                // Consecutive nodes, or the two ends (which may close a loop), may share a cell.
                let adjacent = j == i + 1 || (i == 0 && j == path.len() - 1);
                if a == b || (overlap && (na.digit == nb.digit || !adjacent)) {
                    return false;
                }
            }
        }
        true
    }

    /// The step of `technique` for `path` removing `eliminations`: cells in chain order, the
    /// digits used (`first` first, then increasing), the links.
    pub(super) fn step(
        &self,
        technique: crate::logic::Technique,
        ratings: &crate::logic::Ratings,
        path: &[usize],
        eliminations: Vec<(Cell, Digit)>,
        first: Digit,
    ) -> crate::logic::Step {
        let mut step = crate::logic::Step::new(technique, ratings.get(technique));
        step.eliminations = eliminations;
        step.cells = self.cells(path);
        step.digits = vec![first];
        let mut rest: Vec<Digit> = path
            .iter()
            .map(|&i| self.nodes[i].digit)
            .filter(|&d| d != first)
            .collect();
        rest.sort_unstable();
        rest.dedup();
        step.digits.extend(rest);
        step.links = self.links(path);
        step
    }
}
