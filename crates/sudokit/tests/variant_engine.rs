//! The variant engine against an independent checker and a naive counter
//! (`variant_checker`), exact counts of small grids, and the shared 16x16 and 25x25 data.

mod common;
#[path = "variant_checker/mod.rs"]
mod variant_checker;

use proptest::prelude::*;
use sudokit::solve::Count;
use sudokit::variant::{
    self, Arrow, EvenOdd, House, Killer, Kropki, LittleKiller, Pos, Puzzle, Rule, Sandwich, Search,
    Shape, Thermo, Xv,
};
use variant_checker::{check, naive_count};

/// Solutions of `puzzle` up to `limit`, each checked by the independent checker.
fn checked_count(puzzle: &Puzzle, limit: u64) -> Count {
    let mut search = Search::new(puzzle);
    let mut found = 0;
    while found < limit {
        match search.next_solution().expect("no budget") {
            Some(grid) => {
                if let Err(why) = check(puzzle, &grid) {
                    panic!("engine returned a wrong solution {grid:?} of {puzzle:?}: {why}");
                }
                found += 1;
            }
            None => return Count::Exact(found),
        }
    }
    Count::AtLeast(found)
}

fn empty(rows: usize, cols: usize, rules: Vec<Rule>) -> Puzzle {
    let n = rows * cols;
    Puzzle::new(
        Shape::boxes(rows, cols).expect("shape"),
        vec![0; n * n],
        rules,
    )
    .expect("puzzle")
}

#[test]
fn four_by_four_has_288_grids() {
    assert_eq!(checked_count(&empty(2, 2, vec![]), 1000), Count::Exact(288));
    assert_eq!(naive_count(&empty(2, 2, vec![]), 1000), 288);
}

/// 28,200,960 grids of 6x6 with 2x3 boxes = 6! relabellings x 39,168 grids whose first row
/// is 1 2 3 4 5 6 (relabelling maps each grid to exactly one with that first row).
#[test]
fn six_by_six_has_28_200_960_grids() {
    for (rows, cols) in [(2, 3), (3, 2)] {
        let mut givens = vec![0u8; 36];
        for (c, g) in givens.iter_mut().take(6).enumerate() {
            *g = c as u8 + 1;
        }
        let puzzle =
            Puzzle::new(Shape::boxes(rows, cols).expect("shape"), givens, vec![]).expect("puzzle");
        assert_eq!(variant::count(&puzzle, u64::MAX), Count::Exact(39_168));
        assert_eq!(39_168 * 720, 28_200_960);
    }
}

#[test]
#[ignore = "slow tier (about 9 minutes in the test profile): every 6x6 grid enumerated; CI skips it (the quick tier proves the count from the first row)"]
fn six_by_six_enumerated_in_full() {
    assert_eq!(
        variant::count(&empty(2, 3, vec![]), u64::MAX),
        Count::Exact(28_200_960)
    );
}

/// Counts of the empty 4x4 with each global rule, each also found by the naive counter (no
/// anti-king or non-consecutive 4x4 grid exists).
#[test]
fn four_by_four_global_rule_counts() {
    let cases = [
        ("diagonal", 48),
        ("windoku", 168),
        ("disjoint", 168),
        ("anti-knight", 24),
        ("anti-king", 0),
        ("non-consecutive", 0),
    ];
    for (name, expected) in cases {
        let rule = Rule::from_name(name).expect("rule");
        let puzzle = empty(2, 2, vec![rule]);
        let got = checked_count(&puzzle, 10_000);
        assert_eq!(got, Count::Exact(naive_count(&puzzle, 10_000)), "{name}");
        assert_eq!(got, Count::Exact(expected), "{name}");
    }
}

// ---- random puzzles with random rules, engine against the naive counter ----

/// splitmix64: the tests' own random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random grid of size rows * cols: the pattern grid with digits, rows within bands,
/// bands, columns within stacks and stacks shuffled.
fn random_grid(rng: &mut Rng, h: usize, w: usize) -> Vec<u8> {
    let n = h * w;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng, outer: usize, inner: usize| {
        let mut groups: Vec<usize> = (0..outer).collect();
        rng.shuffle(&mut groups);
        let mut out = Vec::new();
        for g in groups {
            let mut within: Vec<usize> = (0..inner).collect();
            rng.shuffle(&mut within);
            out.extend(within.into_iter().map(|i| g * inner + i));
        }
        out
    };
    let rows = order(rng, n / h, h);
    let cols = order(rng, n / w, w);
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            grid[r * n + c] = digits[((pr % h) * w + pr / h + pc) % n];
        }
    }
    grid
}

fn pos(n: usize, cell: usize) -> Pos {
    Pos::new((cell / n) as u8, (cell % n) as u8)
}

fn neighbours(n: usize, cell: usize, diagonal: bool) -> Vec<usize> {
    let (r, c) = ((cell / n) as i64, (cell % n) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            if (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0) {
                continue;
            }
            let (r2, c2) = (r + dr, c + dc);
            if r2 >= 0 && c2 >= 0 && r2 < n as i64 && c2 < n as i64 {
                out.push((r2 * n as i64 + c2) as usize);
            }
        }
    }
    out
}

/// A random walk of up to `len` cells from a random start, each step to a neighbour that
/// `accept(previous digit, next digit, cells so far)` allows.
fn walk(
    rng: &mut Rng,
    grid: &[u8],
    n: usize,
    len: usize,
    diagonal: bool,
    accept: impl Fn(u8, &[usize]) -> bool,
) -> Vec<usize> {
    let mut cells = vec![rng.below(n * n)];
    while cells.len() < len {
        let last = *cells.last().expect("not empty");
        let options: Vec<usize> = neighbours(n, last, diagonal)
            .into_iter()
            .filter(|c| !cells.contains(c) && accept(grid[*c], &cells))
            .collect();
        if options.is_empty() {
            break;
        }
        cells.push(options[rng.below(options.len())]);
    }
    cells
}

/// Sometimes off by one, so that some puzzles have no solution.
fn maybe_wrong(rng: &mut Rng, sum: u32) -> u32 {
    match rng.below(10) {
        0 => sum + 1,
        1 => sum.saturating_sub(1),
        _ => sum,
    }
}

fn pairs_where(grid: &[u8], n: usize, holds: impl Fn(u32, u32) -> bool) -> Vec<[Pos; 2]> {
    let mut out = Vec::new();
    for cell in 0..n * n {
        for other in neighbours(n, cell, false) {
            if other > cell && holds(u32::from(grid[cell]), u32::from(grid[other])) {
                out.push([pos(n, cell), pos(n, other)]);
            }
        }
    }
    out
}

/// Random rules of `kind` that the grid mostly keeps.
fn random_rules(rng: &mut Rng, kind: &str, grid: &[u8], h: usize, w: usize) -> Vec<Rule> {
    let n = h * w;
    let sum_of = |cells: &[usize]| cells.iter().map(|&c| u32::from(grid[c])).sum::<u32>();
    let to_pos = |cells: &[usize]| cells.iter().map(|&c| pos(n, c)).collect::<Vec<_>>();
    let mut rules = Vec::new();
    let count = 1 + rng.below(3);
    match kind {
        "killer" => {
            for _ in 0..count {
                let len = 1 + rng.below(4);
                let cells = walk(rng, grid, n, len, false, |d, so_far| {
                    so_far.iter().all(|&c| grid[c] != d)
                });
                let sum = if rng.chance(10) {
                    None
                } else {
                    Some(maybe_wrong(rng, sum_of(&cells)))
                };
                rules.push(Rule::Killer(Killer {
                    cells: to_pos(&cells),
                    sum,
                }));
            }
        }
        "thermo" => {
            for _ in 0..count {
                let len = 2 + rng.below(4);
                let mut cells = walk(rng, grid, n, len, true, |_, _| true);
                if !rng.chance(15) {
                    cells.sort_by_key(|&c| grid[c]);
                }
                rules.push(Rule::Thermo(Thermo {
                    cells: to_pos(&cells),
                }));
            }
        }
        "arrow" => {
            for _ in 0..count {
                let len = 2 + rng.below(3);
                let cells = walk(rng, grid, n, len, true, |_, _| true);
                let circle = if rng.chance(85) {
                    // The cell whose digit is closest to the sum of the others.
                    *cells.iter().max_by_key(|&&c| grid[c]).expect("cells")
                } else {
                    cells[0]
                };
                let rest: Vec<usize> = cells.iter().copied().filter(|&c| c != circle).collect();
                if rest.is_empty() {
                    continue;
                }
                rules.push(Rule::Arrow(Arrow {
                    circle: vec![pos(n, circle)],
                    cells: to_pos(&rest),
                }));
            }
        }
        "kropki" => {
            let mut white = pairs_where(grid, n, |x, y| x.abs_diff(y) == 1);
            let mut black = pairs_where(grid, n, |x, y| x == 2 * y || y == 2 * x);
            black.retain(|p| !white.contains(p) || rng.chance(50));
            white.retain(|p| !black.contains(p));
            let negative = rng.chance(50);
            let keep = if negative { 95 } else { 40 };
            white.retain(|_| rng.chance(keep));
            black.retain(|_| rng.chance(keep));
            rules.push(Rule::Kropki(Kropki {
                white,
                black,
                negative,
            }));
        }
        "xv" => {
            let mut x = pairs_where(grid, n, |a, b| a + b == 10);
            let mut v = pairs_where(grid, n, |a, b| a + b == 5);
            let negative = rng.chance(50);
            let keep = if negative { 95 } else { 50 };
            x.retain(|_| rng.chance(keep));
            v.retain(|_| rng.chance(keep));
            rules.push(Rule::Xv(Xv { x, v, negative }));
        }
        "sandwich" => {
            for _ in 0..count {
                let line = rng.below(n);
                let cells: Vec<usize> = if rng.chance(50) {
                    (0..n).map(|c| line * n + c).collect()
                } else {
                    (0..n).map(|r| r * n + line).collect()
                };
                let values: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
                let i = values.iter().position(|&d| d == 1).expect("1");
                let j = values.iter().position(|&d| usize::from(d) == n).expect("n");
                let sum = maybe_wrong(
                    rng,
                    values[i.min(j) + 1..i.max(j)]
                        .iter()
                        .map(|&d| u32::from(d))
                        .sum(),
                );
                let (row, col) = if cells[1] == cells[0] + 1 {
                    (Some(line as u8 + 1), None)
                } else {
                    (None, Some(line as u8 + 1))
                };
                rules.push(Rule::Sandwich(Sandwich { row, col, sum }));
            }
        }
        "even-odd" => {
            let (mut even, mut odd) = (Vec::new(), Vec::new());
            for _ in 0..2 + rng.below(6) {
                let cell = rng.below(n * n);
                let is_even = grid[cell].is_multiple_of(2) != rng.chance(8);
                if is_even {
                    even.push(pos(n, cell))
                } else {
                    odd.push(pos(n, cell))
                }
            }
            rules.push(Rule::EvenOdd(EvenOdd { even, odd }));
        }
        "little-killer" => {
            for _ in 0..count {
                let (dr, dc): (i64, i64) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.below(4)];
                let start = rng.below(n * n);
                let mut cells = vec![start];
                let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
                while r + dr >= 0 && c + dc >= 0 && r + dr < n as i64 && c + dc < n as i64 {
                    r += dr;
                    c += dc;
                    cells.push((r * n as i64 + c) as usize);
                }
                let sum = maybe_wrong(rng, sum_of(&cells));
                rules.push(Rule::LittleKiller(LittleKiller {
                    cells: to_pos(&cells),
                    sum,
                }));
            }
        }
        "house" => {
            let len = 2 + rng.below(n - 1);
            let mut cells: Vec<usize> = Vec::new();
            let mut seen = 0u32;
            let mut order: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut order);
            for c in order {
                if cells.len() == len {
                    break;
                }
                if seen & (1 << grid[c]) == 0 || rng.chance(3) {
                    seen |= 1 << grid[c];
                    cells.push(c);
                }
            }
            rules.push(Rule::House(House {
                cells: to_pos(&cells),
            }));
        }
        "plain" => {}
        global => rules.push(Rule::from_name(global).expect("a global rule")),
    }
    rules
}

/// One random puzzle of `kind` on 4x4 or 6x6; the engine's count (every solution checked)
/// must equal the naive count.
fn agree(kind: &str, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = Rng(seed);
    let (h, w) = [(2, 2), (2, 2), (2, 2), (2, 3), (3, 2)][rng.below(5)];
    let n = h * w;
    let grid = random_grid(&mut rng, h, w);
    let rules = random_rules(&mut rng, kind, &grid, h, w);
    let global = Rule::from_name(kind).is_some();
    // 6x6 puzzles get enough givens for the naive counter to finish fast.
    let givens_wanted = match (n, global) {
        (4, true) => rng.below(3),
        (4, false) => rng.below(7),
        (_, true) => 16 + rng.below(6),
        (_, false) => 12 + rng.below(8),
    };
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let mut givens = vec![0u8; n * n];
    for &c in &cells[..givens_wanted] {
        givens[c] = grid[c];
    }
    let puzzle = match Puzzle::new(Shape::boxes(h, w).expect("shape"), givens, rules) {
        Ok(p) => p,
        // A random house may have more cells than digits: refused, which is right.
        Err(e) => return Err(TestCaseError::reject(e.to_string())),
    };
    let limit = if n == 4 { 300 } else { 40 };
    let engine = checked_count(&puzzle, limit);
    let naive = naive_count(&puzzle, limit);
    let expected = if naive == limit {
        Count::AtLeast(limit)
    } else {
        Count::Exact(naive)
    };
    prop_assert_eq!(engine, expected, "{:?}", puzzle);
    Ok(())
}

/// Cases per rule: 500 in the quick tier, `VARIANT_CASES` (10,000 in CI's slow tier) to
/// change it.
fn config() -> ProptestConfig {
    let cases = std::env::var("VARIANT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    ProptestConfig {
        cases,
        max_global_rejects: 100_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

macro_rules! agreement_tests {
    ($($test:ident: $kind:literal,)*) => {
        proptest! {
            #![proptest_config(config())]
            $(
                #[test]
                fn $test(seed in any::<u64>()) {
                    agree($kind, seed)?;
                }
            )*
        }
    };
}

agreement_tests! {
    agrees_with_naive_plain: "plain",
    agrees_with_naive_diagonal: "diagonal",
    agrees_with_naive_windoku: "windoku",
    agrees_with_naive_disjoint: "disjoint",
    agrees_with_naive_house: "house",
    agrees_with_naive_anti_knight: "anti-knight",
    agrees_with_naive_anti_king: "anti-king",
    agrees_with_naive_non_consecutive: "non-consecutive",
    agrees_with_naive_killer: "killer",
    agrees_with_naive_thermo: "thermo",
    agrees_with_naive_arrow: "arrow",
    agrees_with_naive_kropki: "kropki",
    agrees_with_naive_xv: "xv",
    agrees_with_naive_sandwich: "sandwich",
    agrees_with_naive_even_odd: "even-odd",
    agrees_with_naive_little_killer: "little-killer",
}

// ---- the shared 16x16 and 25x25 puzzles ----

/// Reads a line of N * N cells (`1`-`9`, then `A` = 10..., `.` blank) without the crate's
/// parser.
fn big_line(line: &str, n: usize) -> Vec<u8> {
    assert_eq!(line.len(), n * n, "{line}");
    line.bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            _ => panic!("bad cell {b}"),
        })
        .collect()
}

fn shared(name: &str) -> Option<String> {
    let dir = common::shared_data()?;
    let path = dir.join(name);
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn shared_16x16_and_25x25_are_solved_and_checked() {
    for (name, n) in [("16x16", 16), ("25x25", 25)] {
        let (Some(puzzles), Some(solutions)) = (
            shared(&format!("{name}.txt")),
            shared(&format!("{name}.solutions.txt")),
        ) else {
            common::report("variant_engine: skipped, no shared data folder");
            return;
        };
        let mut solved = 0;
        for (line, expected) in puzzles.lines().zip(solutions.lines()) {
            let shape = Shape::square(n).expect("shape");
            let puzzle = Puzzle::new(shape, big_line(line, n), vec![]).expect("puzzle");
            let mut search = Search::new(&puzzle);
            let first = search
                .next_solution()
                .expect("no budget")
                .expect("a solution");
            check(&puzzle, &first).expect("checked");
            assert_eq!(first, big_line(expected, n), "{name}: {line}");
            assert_eq!(
                search.next_solution().expect("no budget"),
                None,
                "{name}: unique"
            );
            solved += 1;
        }
        assert!(solved >= 1, "{name}: no puzzle read");
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn shared_16x16_multi_have_several_solutions() {
    let Some(text) = shared("16x16_multi.txt") else {
        common::report("variant_engine: skipped, no shared data folder");
        return;
    };
    let mut puzzles = 0;
    for line in text.lines() {
        let puzzle = Puzzle::new(
            Shape::square(16).expect("shape"),
            big_line(line, 16),
            vec![],
        )
        .expect("puzzle");
        let mut search = Search::new(&puzzle).with_guess_budget(1_000_000);
        for _ in 0..2 {
            let grid = search
                .next_solution()
                .expect("within budget")
                .expect("two solutions");
            check(&puzzle, &grid).expect("checked");
        }
        puzzles += 1;
    }
    assert_eq!(puzzles, 99);
}
