//! Fuzz target `count_vs_naive`: the solver's counts and solutions against a plain backtracking
//! search written here, on dense grids derived from a valid solution.
//!
//! Input layout: byte 0 says how many of the following bytes name cells to blank (`byte % 81`)
//! in a fixed valid solution (at most 40); byte 1 picks the count limit (1 to 50); the bytes
//! after those are (cell, digit) pairs that overwrite a cell with `digit % 10` (0 blanks it),
//! which can make several solutions, none, or givens that break the rules. Grids with fewer
//! than 50 givens are skipped so that the naive search stays fast. Checks:
//! - `solve::count(&g, limit)` equals the naive count: `Exact(n)` for `n < limit`, else
//!   `AtLeast(limit)` (a varying limit puts its boundary under test too);
//! - below the limit, `solve::solutions` yields exactly the naive set of solutions; at the limit,
//!   its first `limit` solutions are valid (checked by the naive code's rules) and distinct.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::solve::{self, Count};
use sudokit::Grid;

/// The solution of the LeetCode 37 example, the base of every grid.
const BASE: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// The largest count limit.
const MAX_LIMIT: usize = 50;
/// The fewest givens for which the naive search runs.
const MIN_GIVENS: usize = 50;
/// Most cells byte 0 may blank.
const MAX_BLANKED: usize = 40;
/// Nodes the naive search may visit before giving up (it never needs close to this with 50
/// givens; the cap only keeps a surprise from looking like a solver hang).
const MAX_NODES: u64 = 5_000_000;

fuzz_target!(|data: &[u8]| {
    let [header, limit_byte, rest @ ..] = data else {
        return;
    };
    let limit = 1 + usize::from(*limit_byte) % MAX_LIMIT;
    let mut values: [u8; 81] = std::array::from_fn(|i| BASE.as_bytes()[i] - b'0');
    let blanked = usize::from(*header) % (MAX_BLANKED + 1);
    let (blanks, pairs) = rest.split_at(blanked.min(rest.len()));
    for &cell in blanks {
        values[usize::from(cell) % 81] = 0;
    }
    for pair in pairs.chunks_exact(2) {
        values[usize::from(pair[0]) % 81] = pair[1] % 10;
    }
    let Some(grid) = Grid::from_values(values) else {
        panic!("values 0..=9 make a grid");
    };
    if grid.count_filled() < MIN_GIVENS {
        return;
    }

    let mut naive = Naive {
        values,
        limit,
        solutions: Vec::new(),
        nodes: 0,
    };
    if !naive.givens_consistent() {
        assert_eq!(
            solve::count(&grid, limit as u64),
            Count::Exact(0),
            "{grid:?} breaks the rules"
        );
        return;
    }
    if !naive.search() {
        return; // over the node cap: no verdict
    }
    let found = naive.solutions.len();
    let expected = if found < limit {
        Count::Exact(found as u64)
    } else {
        Count::AtLeast(limit as u64)
    };
    assert_eq!(
        solve::count(&grid, limit as u64),
        expected,
        "count of {grid:?} up to {limit}"
    );
    let mut ours: Vec<[u8; 81]> = solve::solutions(&grid)
        .take(limit)
        .map(|s| *s.values())
        .collect();
    if found < limit {
        ours.sort_unstable();
        naive.solutions.sort_unstable();
        assert_eq!(ours, naive.solutions, "solutions of {grid:?}");
    } else {
        assert_eq!(ours.len(), limit, "solutions of {grid:?} stop early");
        for solution in &ours {
            assert!(
                Naive::is_solution(solution, &values),
                "{solution:?} does not solve {grid:?}"
            );
        }
        ours.sort_unstable();
        ours.dedup();
        assert_eq!(ours.len(), limit, "solutions of {grid:?} repeat");
    }
});

/// A depth-first search that fills the first blank cell with each digit no peer holds.
struct Naive {
    values: [u8; 81],
    /// Solutions to collect before stopping.
    limit: usize,
    solutions: Vec<[u8; 81]>,
    nodes: u64,
}

impl Naive {
    /// Whether `a` and `b` (distinct cells) share a row, column or box.
    fn peers(a: usize, b: usize) -> bool {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    }

    /// Whether no two givens that see each other hold the same digit.
    fn givens_consistent(&self) -> bool {
        (0..81).all(|a| {
            self.values[a] == 0
                || (0..81).all(|b| !Naive::peers(a, b) || self.values[a] != self.values[b])
        })
    }

    /// Whether `solution` is full, keeps the rules and keeps every given of `puzzle`.
    fn is_solution(solution: &[u8; 81], puzzle: &[u8; 81]) -> bool {
        let full = Naive {
            values: *solution,
            limit: 0,
            solutions: Vec::new(),
            nodes: 0,
        };
        solution.iter().all(|v| (1..=9).contains(v))
            && full.givens_consistent()
            && puzzle.iter().zip(solution).all(|(&g, &v)| g == 0 || g == v)
    }

    /// Collects up to `limit` solutions; `false` if it hit the node cap.
    fn search(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return false;
        }
        let Some(cell) = self.values.iter().position(|&v| v == 0) else {
            self.solutions.push(self.values);
            return true;
        };
        for digit in 1..=9 {
            if (0..81).any(|other| Naive::peers(cell, other) && self.values[other] == digit) {
                continue;
            }
            self.values[cell] = digit;
            let within = self.search();
            self.values[cell] = 0;
            if !within {
                return false;
            }
            if self.solutions.len() >= self.limit {
                return true;
            }
        }
        true
    }
}
