//! Rule data cut from a solution grid: whatever is cut from a grid holds on it, so the puzzle
//! always admits that grid, and the generator digs its givens from the same grid.
//!
//! [`Cut`] names the rules whose data can be cut (thermometers, arrows, kropki dots, XV,
//! sandwich sums, even/odd cells, little killer clues); [`Cut::rules`] cuts one from a grid,
//! [`jigsaw`] deforms a shape's regions into random connected ones, and `cages` (the killer
//! cages of [`Request::killer_cages`](super::Request::killer_cages)) lives here too. Each takes
//! its randomness from a [`Draw`]: the generator passes its seeded stream, and the benchmark
//! passes the stream its committed puzzle sets were made with, so that one copy of the code
//! makes both.
//!
//! ```
//! use sudokit::variant::{fill, Cut, Draw, Request, Rule, Shape};
//! // A fixed "random" source: always the first choice.
//! struct First;
//! impl Draw for First {
//!     fn index(&mut self, _n: usize) -> usize {
//!         0
//!     }
//! }
//! let request = Request {
//!     shape: Shape::square(9)?,
//!     rules: vec![],
//!     symmetric: false,
//!     killer_cages: false,
//!     max_guesses: 10_000,
//! };
//! let grid = fill(&request, 1, 0, None)?;
//! let thermos = Cut::Thermo.rules(&grid, 9, &mut First);
//! for rule in &thermos {
//!     let Rule::Thermo(thermo) = rule else { unreachable!() };
//!     let digits: Vec<u8> = thermo
//!         .cells
//!         .iter()
//!         .map(|p| grid[usize::from(p.row) * 9 + usize::from(p.col)])
//!         .collect();
//!     // Every thermometer rises from its bulb on the grid it was cut from.
//!     assert!(digits.windows(2).all(|w| w[0] < w[1]));
//! }
//! # Ok::<(), sudokit::variant::GenerateError>(())
//! ```

use crate::rng::Rng;
use crate::variant::{
    Arrow, EvenOdd, Killer, Kropki, LittleKiller, Pos, Rule, Sandwich, Shape, Thermo, VariantError,
    Xv,
};

/// A source of random choices for the cutters.
pub trait Draw {
    /// A uniform index in `0..n` (`n` at least 1).
    fn index(&mut self, n: usize) -> usize;

    /// Shuffles `items` uniformly; by default Fisher-Yates from the back, with [`Draw::index`].
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

impl Draw for Rng {
    fn index(&mut self, n: usize) -> usize {
        Rng::index(self, n)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        Rng::shuffle(self, items);
    }
}

/// What a rule name asks of the generator rather than of the puzzle, as `sudoku generate
/// --rules` and `/api/variant/generate` read their rule names: killer cages cut from the
/// solution grid ([`Request::killer_cages`](super::Request::killer_cages)), random jigsaw
/// regions ([`Options::with_jigsaw`](super::Options::with_jigsaw)), or a rule's data cut from
/// the grid ([`Options::with_cuts`](super::Options::with_cuts)).
///
/// ```
/// use sudokit::variant::{Cut, Made};
/// assert_eq!(Made::from_name("killer"), Some(Made::Killer));
/// assert_eq!(Made::from_name(" thermo "), Some(Made::Cut(Cut::Thermo)));
/// assert_eq!(Made::from_name("diagonal"), None); // a rule without data: the puzzle's
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Made {
    /// Killer cages.
    Killer,
    /// Jigsaw regions.
    Jigsaw,
    /// The data of a rule.
    Cut(Cut),
}

impl Made {
    /// What `name` (surrounding spaces ignored) asks the generator to make, if anything.
    pub fn from_name(name: &str) -> Option<Made> {
        match name.trim() {
            "killer" => Some(Made::Killer),
            "jigsaw" => Some(Made::Jigsaw),
            other => Cut::from_name(other).map(Made::Cut),
        }
    }
}

/// A rule whose data the generator can cut from a solution grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Cut {
    /// Up to 8 thermometers of 3 to 6 cells (king steps, no cell on two).
    Thermo,
    /// Up to 7 arrows: a one-cell circle and a shaft of 2 or 3 cells (king steps).
    Arrow,
    /// Every kropki dot of the grid (white: consecutive; black: one digit twice the other),
    /// with the negative constraint (no dot: neither).
    Kropki,
    /// Every X (sum 10) and V (sum 5) of the grid, with the negative constraint.
    Xv,
    /// The sandwich sum of every row and column.
    Sandwich,
    /// About a third of the cells marked even or odd.
    EvenOdd,
    /// Ten little killer clues on diagonals of at least three cells.
    LittleKiller,
}

impl Cut {
    /// Every rule the generator can cut, in the order of [`Rule::NAMES`].
    pub const ALL: [Cut; 7] = [
        Cut::Thermo,
        Cut::Arrow,
        Cut::Kropki,
        Cut::Xv,
        Cut::Sandwich,
        Cut::EvenOdd,
        Cut::LittleKiller,
    ];

    /// The rule's name (`little-killer`), as in [`Rule::name`].
    pub fn name(self) -> &'static str {
        match self {
            Cut::Thermo => "thermo",
            Cut::Arrow => "arrow",
            Cut::Kropki => "kropki",
            Cut::Xv => "xv",
            Cut::Sandwich => "sandwich",
            Cut::EvenOdd => "even-odd",
            Cut::LittleKiller => "little-killer",
        }
    }

    /// The rule named `name`, if its data can be cut.
    pub fn from_name(name: &str) -> Option<Cut> {
        Cut::ALL.into_iter().find(|cut| cut.name() == name)
    }

    /// The smallest size whose grids always give this rule some data: a thermometer and a
    /// little killer line need 3 cells, an arrow a circle of 3 or more, a V the digits 2 and 3.
    pub fn min_size(self) -> usize {
        match self {
            Cut::Thermo | Cut::Arrow | Cut::Xv | Cut::LittleKiller => 3,
            Cut::Kropki | Cut::Sandwich | Cut::EvenOdd => 2,
        }
    }

    /// The rule's data cut from `grid` (N * N digits, a solution): the rules hold on `grid`.
    /// Thermometers and arrows are grown at random and may be fewer than asked for (none on
    /// grids too small for them); the other rules always give their rules.
    pub fn rules(self, grid: &[u8], n: usize, draw: &mut impl Draw) -> Vec<Rule> {
        if grid.len() != n * n {
            return Vec::new();
        }
        match self {
            Cut::Thermo => thermos(grid, n, draw),
            Cut::Arrow => arrows(grid, n, draw),
            Cut::Kropki => vec![kropki(grid, n)],
            Cut::Xv => vec![xv(grid, n)],
            Cut::Sandwich => sandwiches(grid, n),
            Cut::EvenOdd => vec![even_odd(grid, n, draw)],
            Cut::LittleKiller => little_killers(grid, n, draw),
        }
    }
}

fn pos(n: usize, c: usize) -> Pos {
    // n is at most 25, so both fit a u8.
    Pos::new((c / n) as u8, (c % n) as u8)
}

/// The orthogonally adjacent pairs (right, then down, of each cell in row-major order).
fn right_down(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n * n).flat_map(move |c| {
        let right = (c % n + 1 < n).then(|| (c, c + 1));
        let down = (c + n < n * n).then(|| (c, c + n));
        right.into_iter().chain(down)
    })
}

fn thermos(grid: &[u8], n: usize, draw: &mut impl Draw) -> Vec<Rule> {
    let mut used = vec![false; n * n];
    let mut rules = Vec::new();
    for _ in 0..200 {
        if rules.len() == 8 {
            break;
        }
        let want = 3 + draw.index(4);
        let start = draw.index(n * n);
        let path = grow_path(start, want, n, &used, draw, |path, next| {
            path.last().is_some_and(|&p| grid[next] > grid[p])
        });
        if path.len() >= 3 {
            for &c in &path {
                used[c] = true;
            }
            rules.push(Rule::Thermo(Thermo {
                cells: path.iter().map(|&c| pos(n, c)).collect(),
            }));
        }
    }
    rules
}

fn arrows(grid: &[u8], n: usize, draw: &mut impl Draw) -> Vec<Rule> {
    let mut used = vec![false; n * n];
    let mut rules = Vec::new();
    for _ in 0..400 {
        if rules.len() == 7 {
            break;
        }
        let circle = draw.index(n * n);
        if used[circle] {
            continue;
        }
        let want = 2 + draw.index(2);
        let mut blocked = used.clone();
        blocked[circle] = true;
        let Some(&first) = neighbours(circle, n, true)
            .iter()
            .find(|&&c| !blocked[c] && grid[c] < grid[circle])
        else {
            continue;
        };
        let total = u32::from(grid[circle]);
        let path = grow_path(first, want, n, &blocked, draw, |path, next| {
            path.iter().map(|&c| u32::from(grid[c])).sum::<u32>() + u32::from(grid[next]) < total
                || path.len() + 1 == want
        });
        let sum: u32 = path.iter().map(|&c| u32::from(grid[c])).sum();
        if path.len() >= 2 && sum == total {
            used[circle] = true;
            for &c in &path {
                used[c] = true;
            }
            rules.push(Rule::Arrow(Arrow {
                circle: vec![pos(n, circle)],
                cells: path.iter().map(|&c| pos(n, c)).collect(),
            }));
        }
    }
    rules
}

fn kropki(grid: &[u8], n: usize) -> Rule {
    let mut rule = Kropki {
        negative: true,
        ..Kropki::default()
    };
    for (a, b) in right_down(n) {
        let (x, y) = (grid[a], grid[b]);
        // 1 and 2 are consecutive and doubled: they get the white dot, which is true of them.
        if x.abs_diff(y) == 1 {
            rule.white.push([pos(n, a), pos(n, b)]);
        } else if x == 2 * y || y == 2 * x {
            rule.black.push([pos(n, a), pos(n, b)]);
        }
    }
    Rule::Kropki(rule)
}

fn xv(grid: &[u8], n: usize) -> Rule {
    let mut rule = Xv {
        negative: true,
        ..Xv::default()
    };
    for (a, b) in right_down(n) {
        match grid[a] + grid[b] {
            10 => rule.x.push([pos(n, a), pos(n, b)]),
            5 => rule.v.push([pos(n, a), pos(n, b)]),
            _ => {}
        }
    }
    Rule::Xv(rule)
}

fn sandwiches(grid: &[u8], n: usize) -> Vec<Rule> {
    let line_sum = |cells: Vec<usize>| {
        let at = |d: u8| cells.iter().position(|&c| grid[c] == d).unwrap_or(0);
        let (a, b) = (at(1), at(n as u8));
        let (lo, hi) = (a.min(b), a.max(b));
        cells
            .get(lo + 1..hi)
            .unwrap_or_default()
            .iter()
            .map(|&c| u32::from(grid[c]))
            .sum()
    };
    // Every clue, as published sandwich puzzles have.
    let mut rules = Vec::new();
    for i in 0..n {
        rules.push(Rule::Sandwich(Sandwich {
            row: Some(i as u8 + 1),
            col: None,
            sum: line_sum((0..n).map(|c| i * n + c).collect()),
        }));
        rules.push(Rule::Sandwich(Sandwich {
            row: None,
            col: Some(i as u8 + 1),
            sum: line_sum((0..n).map(|r| r * n + i).collect()),
        }));
    }
    rules
}

fn even_odd(grid: &[u8], n: usize, draw: &mut impl Draw) -> Rule {
    let mut rule = EvenOdd::default();
    for (c, &digit) in grid.iter().enumerate() {
        if draw.index(3) == 0 {
            if digit.is_multiple_of(2) {
                rule.even.push(pos(n, c));
            } else {
                rule.odd.push(pos(n, c));
            }
        }
    }
    Rule::EvenOdd(rule)
}

fn little_killers(grid: &[u8], n: usize, draw: &mut impl Draw) -> Vec<Rule> {
    // Down-right diagonals from the top row and the left column, down-left from the top row,
    // at least three cells long; ten of them at random.
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for s in 0..n {
        lines.push((0..n - s).map(|k| k * n + s + k).collect());
        lines.push((0..n - s).map(|k| (s + k) * n + k).collect());
        lines.push((0..=s).map(|k| k * n + s - k).collect());
    }
    lines.retain(|l| l.len() >= 3);
    lines.sort();
    lines.dedup();
    draw.shuffle(&mut lines);
    lines
        .into_iter()
        .take(10)
        .map(|l| {
            Rule::LittleKiller(LittleKiller {
                sum: l.iter().map(|&c| u32::from(grid[c])).sum(),
                cells: l.into_iter().map(|c| pos(n, c)).collect(),
            })
        })
        .collect()
}

/// Killer cages cut from `grid`: random connected groups of 1 to 5 cells with different
/// digits, covering the grid.
pub(crate) fn cages(grid: &[u8], n: usize, draw: &mut impl Draw) -> Vec<Rule> {
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    draw.shuffle(&mut order);
    let mut out = Vec::new();
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 1 + draw.index(5);
        let mut cage = vec![start];
        owner[start] = out.len();
        while cage.len() < want {
            let mut options = Vec::new();
            for &c in &cage {
                for next in neighbours(c, n, false) {
                    if owner[next] == usize::MAX
                        && cage.iter().all(|&x| grid[x] != grid[next])
                        && !options.contains(&next)
                    {
                        options.push(next);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let next = options[draw.index(options.len())];
            owner[next] = out.len();
            cage.push(next);
        }
        cage.sort_unstable();
        let sum = cage.iter().map(|&c| u32::from(grid[c])).sum();
        out.push(Rule::Killer(Killer {
            cells: cage.iter().map(|&c| pos(n, c)).collect(),
            sum: Some(sum),
        }));
    }
    out
}

/// The cells next to `c`: up, down, left, right (and the four diagonals with `diagonal`).
fn neighbours(c: usize, n: usize, diagonal: bool) -> Vec<usize> {
    let (r, k) = ((c / n) as isize, (c % n) as isize);
    let steps: &[(isize, isize)] = if diagonal {
        &[
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (-1, 1),
            (1, -1),
            (1, 1),
        ]
    } else {
        &[(-1, 0), (1, 0), (0, -1), (0, 1)]
    };
    let n = n as isize;
    steps
        .iter()
        .map(|&(dr, dk)| (r + dr, k + dk))
        .filter(|&(r, k)| (0..n).contains(&r) && (0..n).contains(&k))
        .map(|(r, k)| (r * n + k) as usize)
        .collect()
}

/// A random path of at most `want` cells from `start` through cells not `blocked` (king
/// steps), each next cell accepted by `ok(path so far, next)`.
fn grow_path(
    start: usize,
    want: usize,
    n: usize,
    blocked: &[bool],
    draw: &mut impl Draw,
    ok: impl Fn(&[usize], usize) -> bool,
) -> Vec<usize> {
    if blocked[start] {
        return Vec::new();
    }
    let mut path = vec![start];
    while path.len() < want {
        let Some(&last) = path.last() else { break };
        let mut options: Vec<usize> = neighbours(last, n, true)
            .into_iter()
            .filter(|&c| !blocked[c] && !path.contains(&c) && ok(&path, c))
            .collect();
        if options.is_empty() {
            break;
        }
        draw.shuffle(&mut options);
        path.push(options[0]);
    }
    path
}

/// Random jigsaw regions from the regions of `shape` (its boxes): cells traded between
/// neighbouring regions, one each way so that every region keeps N cells, while both stay
/// connected; 3N trades (fewer when 2,000 tries find fewer, as on grids too small to trade).
///
/// ```
/// use sudokit::variant::{jigsaw, Draw, Shape};
/// struct Counter(usize);
/// impl Draw for Counter {
///     fn index(&mut self, n: usize) -> usize {
///         self.0 = self.0.wrapping_mul(31).wrapping_add(7);
///         self.0 % n
///     }
/// }
/// let regions = jigsaw(&Shape::square(9)?, &mut Counter(1))?;
/// assert!(regions.box_dims().is_none());
/// assert_eq!(regions.size(), 9);
/// # Ok::<(), sudokit::variant::VariantError>(())
/// ```
pub fn jigsaw(shape: &Shape, draw: &mut impl Draw) -> Result<Shape, VariantError> {
    let n = shape.size();
    let mut map = shape.region_map();
    let mut trades = 0;
    for _ in 0..2000 {
        if trades == 3 * n {
            break;
        }
        let x = draw.index(n * n);
        let Some(&y) = neighbours(x, n, false).iter().find(|&&y| map[y] != map[x]) else {
            continue;
        };
        let (a, b) = (map[x], map[y]);
        // A cell of b next to a, other than y's trade partner x, goes to a in exchange.
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&z| {
                z != y
                    && map[z] == b
                    && neighbours(z, n, false)
                        .iter()
                        .any(|&w| map[w] == a && w != x)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let z = candidates[draw.index(candidates.len())];
        let mut next = map.clone();
        next[x] = b;
        next[z] = a;
        if connected(&next, n, a) && connected(&next, n, b) {
            map = next;
            trades += 1;
        }
    }
    Shape::regions(n, map)
}

/// Whether region `g` of `map` is one orthogonally connected piece.
pub(crate) fn connected(map: &[u8], n: usize, g: u8) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&c| map[c] == g).collect();
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for w in neighbours(c, n, false) {
            if map[w] == g && !seen[w] {
                seen[w] = true;
                reached += 1;
                stack.push(w);
            }
        }
    }
    reached == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Puzzle, Request};

    fn grid(n: usize, seed: u64) -> Vec<u8> {
        let request = Request {
            shape: Shape::square(n).expect("a size"),
            rules: vec![],
            symmetric: false,
            killer_cages: false,
            max_guesses: 100_000,
        };
        crate::variant::fill(&request, seed, 0, None).expect("a grid")
    }

    #[test]
    fn every_cut_holds_on_its_grid_for_every_size_it_allows() {
        for n in 2..=12 {
            let grid = grid(n, n as u64);
            for cut in Cut::ALL {
                if n < cut.min_size() {
                    continue;
                }
                let mut rng = Rng::new(n as u64);
                let rules = cut.rules(&grid, n, &mut rng);
                let shape = Shape::square(n).expect("a size");
                let puzzle = Puzzle::new(shape, grid.clone(), rules.clone())
                    .unwrap_or_else(|e| panic!("{} on {n}: {e}", cut.name()));
                assert!(puzzle.check(&grid).is_ok(), "{} on {n}", cut.name());
                if n >= 4 || !matches!(cut, Cut::Thermo | Cut::Arrow) {
                    assert!(!rules.is_empty(), "{} on {n}: no data", cut.name());
                }
            }
        }
    }

    #[test]
    fn jigsaw_regions_are_connected_and_of_n_cells() {
        for n in [4, 6, 9, 12] {
            let shape =
                jigsaw(&Shape::square(n).expect("a size"), &mut Rng::new(5)).expect("regions");
            let map = shape.region_map();
            assert_ne!(map, Shape::square(n).expect("a size").region_map());
            for g in 0..n as u8 {
                assert!(connected(&map, n, g), "size {n}, region {g}");
            }
        }
    }
}
