//! Sum conflicts in the givens (`Puzzle::given_conflict` on arrows, sandwiches and little
//! killers) are exact: on random 4x4 and 6x6 puzzles whose clues are taken from a random grid
//! and sometimes put off by a little (and whose givens are sometimes changed), every sum
//! conflict reported has no solution by the naive reference counter, and the engine agrees.
//! Each kind must be reported often enough that the test could catch a wrong report.

#[path = "variant_checker/mod.rs"]
mod variant_checker;
#[path = "variant_random/mod.rs"]
mod variant_random;

use sudokit::variant::{
    Arrow, GivenConflict, LittleKiller, Pos, Puzzle, Rule, Sandwich, Search, Shape,
};
use variant_checker::naive_count;
use variant_random::Rng;

/// A random grid with h x w boxes: the pattern grid with digits, rows within bands and
/// columns within stacks shuffled.
fn random_grid(rng: &mut Rng, h: usize, w: usize) -> Vec<u8> {
    let n = h * w;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let mut rows: Vec<usize> = Vec::new();
    for band in 0..w {
        let mut inner: Vec<usize> = (0..h).map(|i| band * h + i).collect();
        rng.shuffle(&mut inner);
        rows.extend(inner);
    }
    let mut cols: Vec<usize> = Vec::new();
    for stack in 0..h {
        let mut inner: Vec<usize> = (0..w).map(|i| stack * w + i).collect();
        rng.shuffle(&mut inner);
        cols.extend(inner);
    }
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            grid[r * n + c] = digits[(w * (pr % h) + pr / h + pc) % n];
        }
    }
    grid
}

fn pos(n: usize, cell: usize) -> Pos {
    Pos::new((cell / n) as u8, (cell % n) as u8)
}

/// The clue, or off by 1 to 3 in a third of the cases.
fn maybe_off(rng: &mut Rng, sum: u32) -> u32 {
    if rng.below(3) == 0 {
        let d = 1 + rng.below(3) as u32;
        if rng.below(2) == 0 {
            sum + d
        } else {
            sum.saturating_sub(d)
        }
    } else {
        sum
    }
}

fn random_rule(rng: &mut Rng, kind: usize, grid: &[u8], n: usize) -> Rule {
    let at = |c: usize| u32::from(grid[c]);
    match kind {
        0 => {
            let pill = n <= 9 && rng.below(6) == 0;
            let mut cells: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut cells);
            let circle_len = if pill { 2 } else { 1 };
            let shaft_len = if pill { n.min(5) } else { 1 + rng.below(3) };
            let (circle, rest) = cells.split_at(circle_len);
            let shaft = &rest[..shaft_len];
            // The circle and shaft are random cells: the grid keeps some of these arrows,
            // most are off, so both reachable and unreachable sums come up.
            let circle_cells: Vec<Pos> = circle.iter().map(|&c| pos(n, c)).collect();
            Rule::Arrow(Arrow {
                circle: circle_cells,
                cells: shaft.iter().map(|&c| pos(n, c)).collect(),
            })
        }
        1 => {
            let line = rng.below(n);
            let by_row = rng.below(2) == 0;
            let cells: Vec<usize> = (0..n)
                .map(|i| if by_row { line * n + i } else { i * n + line })
                .collect();
            let one = cells.iter().position(|&c| grid[c] == 1).unwrap_or(0);
            let top = cells
                .iter()
                .position(|&c| grid[c] as usize == n)
                .unwrap_or(0);
            let between: u32 = cells[one.min(top) + 1..one.max(top)]
                .iter()
                .map(|&c| at(c))
                .sum();
            let sum = maybe_off(rng, between);
            let line = Some(line as u8 + 1);
            Rule::Sandwich(if by_row {
                Sandwich {
                    row: line,
                    col: None,
                    sum,
                }
            } else {
                Sandwich {
                    row: None,
                    col: line,
                    sum,
                }
            })
        }
        _ => {
            // A diagonal from a cell of the first row, down and right or down and left.
            let start = rng.below(n);
            let right = rng.below(2) == 0;
            let mut cells = Vec::new();
            let (mut r, mut c) = (0usize, start as isize);
            while r < n && c >= 0 && (c as usize) < n {
                cells.push(r * n + c as usize);
                r += 1;
                c += if right { 1 } else { -1 };
            }
            let sum = maybe_off(rng, cells.iter().map(|&c| at(c)).sum());
            Rule::LittleKiller(LittleKiller {
                cells: cells.iter().map(|&c| pos(n, c)).collect(),
                sum,
            })
        }
    }
}

#[test]
fn every_reported_sum_conflict_has_no_solution() {
    let cases: u64 = std::env::var("GIVEN_SUM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let mut reported = [0u32; 3];
    let mut unsolvable_unreported = 0u32;
    for seed in 1..=cases {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (h, w) = [(2, 2), (2, 2), (2, 2), (2, 3), (3, 2)][rng.below(5)];
        let n = h * w;
        let grid = random_grid(&mut rng, h, w);
        let kinds = 1 + rng.below(2);
        let rules: Vec<Rule> = (0..kinds)
            .map(|_| {
                let kind = rng.below(3);
                random_rule(&mut rng, kind, &grid, n)
            })
            .collect();
        let wanted = if n == 4 {
            rng.below(9)
        } else {
            18 + rng.below(8)
        };
        let mut cells: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut cells);
        let mut givens = vec![0u8; n * n];
        for &c in &cells[..wanted] {
            givens[c] = grid[c];
        }
        if wanted > 0 && rng.below(4) == 0 {
            // A wrong given in a rule's cell now and then.
            let c = cells[rng.below(wanted)];
            givens[c] = 1 + rng.below(n) as u8;
        }
        let Ok(puzzle) = Puzzle::new(Shape::boxes(h, w).expect("shape"), givens, rules) else {
            continue;
        };
        let kind = match puzzle.given_conflict() {
            Some(GivenConflict::Arrow { .. }) => 0,
            Some(GivenConflict::Sandwich { .. }) => 1,
            Some(GivenConflict::LittleKiller { .. }) => 2,
            Some(_) => continue,
            None => {
                if naive_count(&puzzle, 1) == 0 {
                    unsolvable_unreported += 1;
                }
                continue;
            }
        };
        let conflict = puzzle.given_conflict().map(|c| c.to_string());
        assert_eq!(
            naive_count(&puzzle, 1),
            0,
            "seed {seed}: {conflict:?} reported, but {puzzle:?} has a solution"
        );
        let mut search = Search::new(&puzzle);
        assert_eq!(
            search.next_solution().expect("no budget"),
            None,
            "seed {seed}"
        );
        reported[kind] += 1;
    }
    eprintln!(
        "sum conflicts reported (arrow, sandwich, little killer): {reported:?}; \
         puzzles with no solution and no conflict reported: {unsolvable_unreported}"
    );
    for (kind, &count) in ["arrow", "sandwich", "little killer"].iter().zip(&reported) {
        assert!(
            u64::from(count) * 30 >= cases,
            "{kind}: only {count} conflicts reported in {cases} cases"
        );
    }
}
