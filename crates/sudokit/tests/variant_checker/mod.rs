//! An independent reading of every variant rule, sharing no code with the engine: each rule
//! becomes a list of constraints (cells and a test on their digits). [`check`] verifies a full
//! grid against all of them; [`naive_count`] is plain backtracking over the same constraints,
//! the reference the engine's counts are compared with.
#![allow(dead_code)]

use sudokit::variant::{Pos, Puzzle, Rule};

/// A test on the digits of some cells, in their order.
type Test = Box<dyn Fn(&[u32]) -> bool>;

/// A test on the digits of some cells (in the order of `cells`).
pub(crate) struct Constraint {
    pub(crate) cells: Vec<usize>,
    pub(crate) test: Test,
}

fn idx(n: usize, p: Pos) -> usize {
    usize::from(p.row) * n + usize::from(p.col)
}

fn all_differ(out: &mut Vec<Constraint>, cells: Vec<usize>) {
    // Pairwise, so that backtracking sees a repeat as soon as both cells are filled.
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            out.push(Constraint {
                cells: vec![cells[i], cells[j]],
                test: Box::new(|v| v[0] != v[1]),
            });
        }
    }
}

fn sum_is(out: &mut Vec<Constraint>, cells: Vec<usize>, sum: u32) {
    out.push(Constraint {
        cells,
        test: Box::new(move |v| v.iter().sum::<u32>() == sum),
    });
}

fn pair(out: &mut Vec<Constraint>, a: usize, b: usize, f: fn(u32, u32) -> bool) {
    out.push(Constraint {
        cells: vec![a, b],
        test: Box::new(move |v| f(v[0], v[1])),
    });
}

fn neighbours(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                out.push((r * n + c, r * n + c + 1));
            }
            if r + 1 < n {
                out.push((r * n + c, (r + 1) * n + c));
            }
        }
    }
    out
}

fn at_offsets(n: usize, offsets: &[(i64, i64)]) -> Vec<(usize, usize)> {
    let n = n as i64;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in offsets {
                let (r2, c2) = (r + dr, c + dc);
                if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
                    out.push(((r * n + c) as usize, (r2 * n + c2) as usize));
                }
            }
        }
    }
    out
}

/// Every constraint of `puzzle`: givens, rows, columns, regions and each rule.
pub(crate) fn constraints(puzzle: &Puzzle) -> Vec<Constraint> {
    let n = puzzle.size();
    let mut out = Vec::new();
    for (cell, &g) in puzzle.givens().iter().enumerate() {
        if g != 0 {
            let g = u32::from(g);
            out.push(Constraint {
                cells: vec![cell],
                test: Box::new(move |v| v[0] == g),
            });
        }
    }
    for r in 0..n {
        all_differ(&mut out, (0..n).map(|c| r * n + c).collect());
        all_differ(&mut out, (0..n).map(|c| c * n + r).collect());
    }
    let regions = puzzle.shape().region_map();
    for g in 0..n {
        all_differ(
            &mut out,
            (0..n * n)
                .filter(|&c| usize::from(regions[c]) == g)
                .collect(),
        );
    }
    for rule in puzzle.rules() {
        match rule {
            Rule::Diagonal(_) => {
                all_differ(&mut out, (0..n).map(|i| i * n + i).collect());
                all_differ(&mut out, (0..n).map(|i| i * n + n - 1 - i).collect());
            }
            Rule::Windoku(_) => {
                let (h, w) = puzzle.shape().box_dims().expect("windoku needs boxes");
                // Windows start one cell in and leave one cell between them.
                let mut r0 = 1;
                while r0 + h <= n {
                    let mut c0 = 1;
                    while c0 + w <= n {
                        all_differ(
                            &mut out,
                            (r0..r0 + h)
                                .flat_map(|r| (c0..c0 + w).map(move |c| r * n + c))
                                .collect(),
                        );
                        c0 += w + 1;
                    }
                    r0 += h + 1;
                }
            }
            Rule::Disjoint(_) => {
                let (h, w) = puzzle.shape().box_dims().expect("disjoint needs boxes");
                for k in 0..h * w {
                    let (dr, dc) = (k / w, k % w);
                    all_differ(
                        &mut out,
                        (0..n * n)
                            .filter(|&c| (c / n) % h == dr && (c % n) % w == dc)
                            .collect(),
                    );
                }
            }
            Rule::House(h) => all_differ(&mut out, h.cells.iter().map(|&p| idx(n, p)).collect()),
            Rule::AntiKnight(_) => {
                for (a, b) in at_offsets(n, &[(1, 2), (2, 1), (-1, 2), (-2, 1)]) {
                    pair(&mut out, a, b, |x, y| x != y);
                }
            }
            Rule::AntiKing(_) => {
                for (a, b) in at_offsets(n, &[(1, 1), (1, -1)]) {
                    pair(&mut out, a, b, |x, y| x != y);
                }
            }
            Rule::NonConsecutive(_) => {
                for (a, b) in neighbours(n) {
                    pair(&mut out, a, b, |x, y| x + 1 != y && y + 1 != x);
                }
            }
            Rule::Killer(k) => {
                let cells: Vec<usize> = k.cells.iter().map(|&p| idx(n, p)).collect();
                all_differ(&mut out, cells.clone());
                if let Some(sum) = k.sum {
                    sum_is(&mut out, cells, sum);
                }
            }
            Rule::Thermo(t) => {
                for w in t.cells.windows(2) {
                    pair(&mut out, idx(n, w[0]), idx(n, w[1]), |x, y| x < y);
                }
            }
            Rule::Arrow(a) => {
                let k = a.circle.len();
                let cells: Vec<usize> = a
                    .circle
                    .iter()
                    .chain(&a.cells)
                    .map(|&p| idx(n, p))
                    .collect();
                out.push(Constraint {
                    cells,
                    test: Box::new(move |v| {
                        let circle = v[..k].iter().fold(0, |acc, d| acc * 10 + d);
                        circle == v[k..].iter().sum::<u32>()
                    }),
                });
            }
            Rule::Kropki(k) => {
                let marked: Vec<(usize, usize)> = k
                    .white
                    .iter()
                    .chain(&k.black)
                    .map(|[a, b]| (idx(n, *a), idx(n, *b)))
                    .collect();
                for [a, b] in &k.white {
                    pair(&mut out, idx(n, *a), idx(n, *b), |x, y| {
                        x + 1 == y || y + 1 == x
                    });
                }
                for [a, b] in &k.black {
                    pair(&mut out, idx(n, *a), idx(n, *b), |x, y| {
                        x == 2 * y || y == 2 * x
                    });
                }
                if k.negative {
                    for (a, b) in neighbours(n) {
                        if !marked.contains(&(a, b)) && !marked.contains(&(b, a)) {
                            pair(&mut out, a, b, |x, y| {
                                x + 1 != y && y + 1 != x && x != 2 * y && y != 2 * x
                            });
                        }
                    }
                }
            }
            Rule::Xv(k) => {
                let marked: Vec<(usize, usize)> =
                    k.x.iter()
                        .chain(&k.v)
                        .map(|[a, b]| (idx(n, *a), idx(n, *b)))
                        .collect();
                for [a, b] in &k.x {
                    pair(&mut out, idx(n, *a), idx(n, *b), |x, y| x + y == 10);
                }
                for [a, b] in &k.v {
                    pair(&mut out, idx(n, *a), idx(n, *b), |x, y| x + y == 5);
                }
                if k.negative {
                    for (a, b) in neighbours(n) {
                        if !marked.contains(&(a, b)) && !marked.contains(&(b, a)) {
                            pair(&mut out, a, b, |x, y| x + y != 10 && x + y != 5);
                        }
                    }
                }
            }
            Rule::Sandwich(s) => {
                let cells: Vec<usize> = match (s.row, s.col) {
                    (Some(r), None) => (0..n).map(|c| (usize::from(r) - 1) * n + c).collect(),
                    (None, Some(c)) => (0..n).map(|r| r * n + usize::from(c) - 1).collect(),
                    _ => panic!("a sandwich needs a row or a column"),
                };
                let (sum, top) = (s.sum, n as u32);
                out.push(Constraint {
                    cells,
                    test: Box::new(move |v| {
                        let one = v.iter().position(|&d| d == 1);
                        let big = v.iter().position(|&d| d == top);
                        match (one, big) {
                            (Some(i), Some(j)) => {
                                v[i.min(j) + 1..i.max(j)].iter().sum::<u32>() == sum
                            }
                            _ => false,
                        }
                    }),
                });
            }
            Rule::EvenOdd(e) => {
                for &p in &e.even {
                    out.push(Constraint {
                        cells: vec![idx(n, p)],
                        test: Box::new(|v| v[0] % 2 == 0),
                    });
                }
                for &p in &e.odd {
                    out.push(Constraint {
                        cells: vec![idx(n, p)],
                        test: Box::new(|v| v[0] % 2 == 1),
                    });
                }
            }
            Rule::LittleKiller(l) => sum_is(
                &mut out,
                l.cells.iter().map(|&p| idx(n, p)).collect(),
                l.sum,
            ),
            other => panic!("the checker does not know rule {}", other.name()),
        }
    }
    out
}

/// Whether `grid` (N * N digits 1..=N) keeps every constraint of `puzzle`.
pub(crate) fn check(puzzle: &Puzzle, grid: &[u8]) -> Result<(), String> {
    let n = puzzle.size();
    if grid.len() != n * n || grid.iter().any(|&d| d == 0 || usize::from(d) > n) {
        return Err("not a full grid".into());
    }
    for c in constraints(puzzle) {
        let values: Vec<u32> = c.cells.iter().map(|&i| u32::from(grid[i])).collect();
        if !(c.test)(&values) {
            return Err(format!("broken constraint on cells {:?}", c.cells));
        }
    }
    Ok(())
}

/// Counts solutions up to `limit` by plain backtracking: cells in row-major order, each
/// constraint tested once its last cell is filled.
pub(crate) fn naive_count(puzzle: &Puzzle, limit: u64) -> u64 {
    let n = puzzle.size();
    let all = constraints(puzzle);
    let mut by_last: Vec<Vec<&Constraint>> = (0..n * n).map(|_| Vec::new()).collect();
    for c in &all {
        if let Some(&last) = c.cells.iter().max() {
            by_last[last].push(c);
        }
    }
    let mut grid = vec![0u32; n * n];
    let mut found = 0;
    fill(0, n, &by_last, &mut grid, &mut found, limit);
    found
}

fn fill(
    cell: usize,
    n: usize,
    by_last: &[Vec<&Constraint>],
    grid: &mut [u32],
    found: &mut u64,
    limit: u64,
) {
    if *found >= limit {
        return;
    }
    if cell == grid.len() {
        *found += 1;
        return;
    }
    for d in 1..=n as u32 {
        grid[cell] = d;
        let ok = by_last[cell].iter().all(|c| {
            let values: Vec<u32> = c.cells.iter().map(|&i| grid[i]).collect();
            (c.test)(&values)
        });
        if ok {
            fill(cell + 1, n, by_last, grid, found, limit);
        }
    }
    grid[cell] = 0;
}
