//! The pruned search for the minimum-lexicographic form; see the module header of `canon` for
//! the idea.

use super::Transform;
use crate::Grid;
use std::cmp::Ordering;

/// The rows of the grid (`views[0]`) and of its transpose (`views[1]`): `views[t][r][c]`.
type Views = [[[u8; 9]; 9]; 2];

/// Output positions where the three stacks start, plus the end sentinel (bit 9).
const STACK_STARTS: u16 = 1 | 1 << 3 | 1 << 6 | 1 << 9;

/// The six orders of three stacks.
const STACK_ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A family of transforms that all give the same (minimal so far) first `k` output rows.
///
/// Rows, the stack order and the transposition are explicit; the columns inside a stack are
/// only ordered as far as the rows so far require: `starts` cuts the nine output positions into
/// cells of columns that have been identical in every row so far, and any order of the columns
/// within a cell gives the same rows.
#[derive(Debug, Clone, Copy)]
struct Partial {
    /// 1 when the grid is transposed first.
    t: u8,
    /// The input rows chosen for output rows `0..k`.
    rows: [u8; 9],
    /// The input column at each output position (one representative order within each cell).
    cols: [u8; 9],
    /// Bit `p` set: a cell starts at output position `p`. Bits 0, 3, 6 and 9 are always set.
    starts: u16,
    /// The label given to each input digit so far, 0 for none yet (`labels[0]`, blank, is 0).
    labels: [u8; 10],
    /// The next label to give.
    next: u8,
}

impl Partial {
    /// How many transforms this family stands for: the product of the factorials of its cell
    /// sizes.
    fn weight(&self) -> u64 {
        let mut weight = 1;
        let mut start = 0;
        for p in 1..=9 {
            if self.starts & (1 << p) != 0 {
                weight *= factorial(p - start);
                start = p;
            }
        }
        weight
    }

    /// The end of the cell that starts at `pos`.
    fn cell_end(&self, pos: usize) -> usize {
        let above = self.starts >> (pos + 1);
        // Bit 9 is always set, so `above` is never 0 for pos < 9.
        pos + 1 + above.trailing_zeros() as usize
    }
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// What the search found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    /// The minimum-lexicographic form.
    pub(crate) form: Grid,
    /// How many of the 3,359,232 symmetries give it (with some relabelling).
    pub(crate) automorphisms: u64,
    /// One transform that maps the grid to its form.
    pub(crate) transform: Transform,
}

/// The ties of one output row: the smallest row so far and the families that give it.
struct Level {
    best: [u8; 9],
    have_best: bool,
    /// On the last row only the weight of the ties and one representative are kept.
    last: bool,
    keep: Vec<Partial>,
    weight: u64,
    first: Option<Partial>,
}

impl Level {
    fn new(last: bool, capacity: usize) -> Level {
        Level {
            best: [0; 9],
            have_best: false,
            last,
            keep: if last {
                Vec::new()
            } else {
                Vec::with_capacity(capacity)
            },
            weight: 0,
            first: None,
        }
    }

    /// Whether a row starting with `out[..upto]` can no longer tie with the best.
    fn beaten(&self, out: &[u8; 9], upto: usize) -> bool {
        self.have_best && out[..upto] > self.best[..upto]
    }

    fn offer(&mut self, out: [u8; 9], partial: Partial) {
        let order = if self.have_best {
            out.cmp(&self.best)
        } else {
            Ordering::Less
        };
        match order {
            Ordering::Greater => return,
            Ordering::Less => {
                self.best = out;
                self.have_best = true;
                self.keep.clear();
                self.weight = 0;
                self.first = None;
            }
            Ordering::Equal => {}
        }
        if self.last {
            self.weight = self.weight.saturating_add(partial.weight());
            if self.first.is_none() {
                self.first = Some(partial);
            }
        } else {
            self.keep.push(partial);
        }
    }
}

/// Finds the minimum-lexicographic form of `grid`, its automorphism count and one transform to
/// it.
pub(crate) fn search(grid: &Grid) -> Found {
    let views = views(grid);
    let mut families = Vec::with_capacity(12);
    for t in 0..2u8 {
        for order in STACK_ORDERS {
            let mut cols = [0u8; 9];
            for (slot, &stack) in order.iter().enumerate() {
                for k in 0..3 {
                    cols[slot * 3 + k] = stack * 3 + k as u8;
                }
            }
            families.push(Partial {
                t,
                rows: [0; 9],
                cols,
                starts: STACK_STARTS,
                labels: [0; 10],
                next: 1,
            });
        }
    }
    let mut form = [0u8; 81];
    let mut weight = 0;
    let mut first = None;
    for k in 0..9 {
        let mut level = Level::new(k == 8, families.len());
        for family in &families {
            let (choices, n) = row_choices(family, k);
            for &r in &choices[..n] {
                let mut child = *family;
                child.rows[k] = r;
                let row = &views[usize::from(child.t)][usize::from(r)];
                walk(row, child, 0, [0; 9], &mut level);
            }
        }
        form[k * 9..k * 9 + 9].copy_from_slice(&level.best);
        if k == 8 {
            weight = level.weight;
            first = level.first;
        } else {
            families = level.keep;
        }
    }
    let transform = first.map_or_else(Transform::identity, |p| {
        Transform::from_search(p.t == 1, p.rows, p.cols, p.labels)
    });
    Found {
        // Labels are 1..=9 (at most nine distinct digits occur), blanks 0.
        form: Grid::from_values(form).unwrap_or_default(),
        automorphisms: weight,
        transform,
    }
}

fn views(grid: &Grid) -> Views {
    let values = grid.values();
    let mut views = [[[0u8; 9]; 9]; 2];
    for r in 0..9 {
        for c in 0..9 {
            let v = values[r * 9 + c];
            views[0][r][c] = v;
            views[1][c][r] = v;
        }
    }
    views
}

/// The input rows that may become output row `k` of `family`: any row of an unused band at
/// the start of a band, otherwise an unused row of the current band.
fn row_choices(family: &Partial, k: usize) -> ([u8; 9], usize) {
    let mut out = [0u8; 9];
    let mut n = 0;
    let base = k - k % 3;
    if k == base {
        let mut used_bands = 0u8;
        for j in (0..k).step_by(3) {
            used_bands |= 1 << (family.rows[j] / 3);
        }
        for r in 0..9u8 {
            if used_bands & (1 << (r / 3)) == 0 {
                out[n] = r;
                n += 1;
            }
        }
    } else {
        let band = family.rows[base] / 3;
        for r in band * 3..band * 3 + 3 {
            if !family.rows[base..k].contains(&r) {
                out[n] = r;
                n += 1;
            }
        }
    }
    (out, n)
}

/// Orders the columns of the cell at `pos` (and then of the cells after it) to make the output
/// row as small as possible, and offers every family of ties to `level`.
///
/// Within a cell the smallest arrangement is: blanks, then digits that already have labels in
/// increasing order, then the digits still without one, which take the next labels. Columns
/// that show the same value stay in one cell. Unlabelled digits that occur equally often in the
/// cell can take the new labels in any order: each order is its own family (they label the
/// digits differently, which the later rows tell apart).
fn walk(row: &[u8; 9], mut family: Partial, pos: usize, mut out: [u8; 9], level: &mut Level) {
    if pos >= 9 {
        level.offer(out, family);
        return;
    }
    let end = family.cell_end(pos);
    // Known values: (value, column); fresh digits: (digit, column).
    let mut known = [(0u8, 0u8); 3];
    let mut fresh = [(0u8, 0u8); 3];
    let (mut nk, mut nf) = (0, 0);
    for &col in &family.cols[pos..end] {
        let digit = row[usize::from(col)];
        let label = family.labels[usize::from(digit)];
        if digit == 0 || label != 0 {
            known[nk] = (label, col);
            nk += 1;
        } else {
            fresh[nf] = (digit, col);
            nf += 1;
        }
    }
    known[..nk].sort_unstable();
    // Clear the old boundaries inside the cell; the arrangement below sets the new ones.
    let inside: u16 = ((1u16 << end) - 1) & !((1u16 << (pos + 1)) - 1);
    family.starts &= !inside;
    for (i, &(value, col)) in known[..nk].iter().enumerate() {
        out[pos + i] = value;
        family.cols[pos + i] = col;
        if i > 0 && value != known[i - 1].0 {
            family.starts |= 1 << (pos + i);
        }
    }
    if nf == 0 {
        if !level.beaten(&out, end) {
            walk(row, family, end, out, level);
        }
        return;
    }
    if nk > 0 {
        family.starts |= 1 << (pos + nk);
        if level.beaten(&out, pos + nk) {
            return;
        }
    }
    // Group the fresh digits: (digit, count, columns).
    let mut groups: [(u8, u8, [u8; 3]); 3] = [(0, 0, [0; 3]); 3];
    let mut ng = 0;
    for &(digit, col) in &fresh[..nf] {
        match groups[..ng].iter_mut().find(|g| g.0 == digit) {
            Some(group) => {
                group.2[usize::from(group.1)] = col;
                group.1 += 1;
            }
            None => {
                groups[ng] = (digit, 1, [col, 0, 0]);
                ng += 1;
            }
        }
    }
    for order in group_orders(ng) {
        let Some(order) = order else { continue };
        // Any order with non-increasing counts gives the smallest cell; the others lose.
        let counts_fall = order
            .windows(2)
            .take(ng.saturating_sub(1))
            .all(|w| groups[usize::from(w[0])].1 >= groups[usize::from(w[1])].1);
        if !counts_fall {
            continue;
        }
        let mut branch = family;
        let mut out = out;
        let mut at = pos + nk;
        for (i, &g) in order[..ng].iter().enumerate() {
            let (digit, count, cols) = groups[usize::from(g)];
            let label = branch.next;
            branch.labels[usize::from(digit)] = label;
            branch.next += 1;
            if i > 0 {
                branch.starts |= 1 << at;
            }
            for &col in &cols[..usize::from(count)] {
                out[at] = label;
                branch.cols[at] = col;
                at += 1;
            }
        }
        if !level.beaten(&out, end) {
            walk(row, branch, end, out, level);
        }
    }
}

/// The orders of `n` groups (n at most 3) to try, as index arrays; `None` fills the table.
fn group_orders(n: usize) -> [Option<[u8; 3]>; 6] {
    match n {
        0 | 1 => [Some([0, 1, 2]), None, None, None, None, None],
        2 => [Some([0, 1, 2]), Some([1, 0, 2]), None, None, None, None],
        _ => [
            Some([0, 1, 2]),
            Some([0, 2, 1]),
            Some([1, 0, 2]),
            Some([1, 2, 0]),
            Some([2, 0, 1]),
            Some([2, 1, 0]),
        ],
    }
}
