//! The fast path for rules that only say "different" (`variant/distinct.rs`) against the
//! general engine and the naive counter: which puzzles take it, equal counts and solutions on
//! the committed sets and on random puzzles (jigsaw included), budgets, cancellation, puzzles
//! with no solution, 16x16 and 25x25.
#![cfg(feature = "json")]

#[path = "variant_checker/mod.rs"]
mod variant_checker;
#[path = "variant_random/mod.rs"]
mod variant_random;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use sudokit::budget::{Budget, Guard, Limit};
use sudokit::solve::Count;
use sudokit::variant::{EvenOdd, House, Killer, Pos, Puzzle, Rule, Search, Shape, Stopped, Thermo};
use variant_checker::{check, naive_count};
use variant_random::{committed_set, random_regions, same_answers_on, Rng};

/// The fast path and the general engine find the same set of solutions (`limit` as in
/// `same_answers_on`).
fn same_answers(puzzle: &Puzzle, limit: usize) -> usize {
    same_answers_on(puzzle, limit, Search::is_fast_path)
}

/// A committed set by its file name (`ours-SET`): each puzzle with its stored solution.
fn committed(name: &str) -> Vec<(Puzzle, Vec<u8>)> {
    committed_set(name.strip_prefix("ours-").expect("a committed set of ours"))
}

/// The committed sets whose rules only say "different".
const SETS: [&str; 9] = [
    "ours-classic-4x4",
    "ours-classic-6x6",
    "ours-diagonal",
    "ours-windoku",
    "ours-disjoint",
    "ours-anti-knight",
    "ours-anti-king",
    "ours-jigsaw",
    "ours-classic-16x16",
];

#[test]
fn committed_sets_take_the_fast_path_and_keep_their_unique_solution() {
    for name in SETS {
        let set = committed(name);
        // The quick tier: the first puzzles of each set (the data tier below takes all).
        for (puzzle, solution) in set.iter().take(12) {
            let mut search = Search::new(puzzle);
            assert!(search.is_fast_path(), "{name}");
            assert_eq!(search.count(2), Ok(Count::Exact(1)), "{name}");
            let mut search = Search::new(puzzle);
            assert_eq!(search.next_solution(), Ok(Some(solution.clone())), "{name}");
        }
    }
}

#[test]
#[ignore = "data tier: every committed puzzle of the distinctness sets, fast path against the general engine (about 15 s in the test profile)"]
fn committed_sets_agree_with_the_general_engine_in_full() {
    for name in SETS {
        for (puzzle, solution) in committed(name) {
            assert_eq!(same_answers(&puzzle, 2), 1, "{name}");
            assert_eq!(sudokit::variant::solve(&puzzle), Some(solution), "{name}");
        }
    }
}

/// Committed puzzles with givens taken out have many solutions: both engines must find the
/// same ones (all of them when there are at most 30).
#[test]
fn fewer_givens_give_the_same_solutions_in_both_engines() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for name in SETS {
        let set = committed(name);
        for (puzzle, _) in set.iter().take(3) {
            let mut givens = puzzle.givens().to_vec();
            let mut filled: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
            rng.shuffle(&mut filled);
            let drop = 1 + rng.below(3);
            for &c in filled.iter().take(drop) {
                givens[c] = 0;
            }
            let fewer = puzzle.with_givens(givens).expect("same shape");
            same_answers(&fewer, 30);
        }
    }
}

/// A random grid of `shape` (the general engine's first solution of a shuffled first row).
fn random_grid(rng: &mut Rng, shape: &Shape, rules: &[Rule]) -> Option<Vec<u8>> {
    let n = shape.size();
    let mut row: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut row);
    let mut givens = vec![0; n * n];
    givens[..n].copy_from_slice(&row);
    let puzzle = Puzzle::new(shape.clone(), givens, rules.to_vec()).ok()?;
    Search::new(&puzzle)
        .generic()
        .with_guess_budget(10_000)
        .next_solution()
        .ok()
        .flatten()
}

/// Random 4x4 and 6x6 puzzles of every rule kind the fast path takes, jigsaw regions included:
/// the fast path's count equals the naive counter's, and its solutions the general engine's.
#[test]
fn random_puzzles_agree_with_the_naive_counter() {
    let cases: usize = std::env::var("VARIANT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let mut rng = Rng(0x05EE_DD15_71C7);
    let mut kinds_seen = [0usize; 9];
    for case in 0..cases * kinds_seen.len() {
        let kind = case % kinds_seen.len();
        let (h, w) = [(2, 2), (2, 2), (2, 3), (3, 2)][rng.below(4)];
        let n = h * w;
        let shape = if kind == 8 {
            random_regions(&mut rng, h, w)
        } else {
            Shape::boxes(h, w).expect("shape")
        };
        let mut rules = match kind {
            0 | 8 => vec![],
            1 => vec![Rule::from_name("diagonal").expect("a rule")],
            2 => vec![Rule::from_name("windoku").expect("a rule")],
            3 => vec![Rule::from_name("disjoint").expect("a rule")],
            4 => vec![Rule::from_name("anti-knight").expect("a rule")],
            5 => vec![Rule::from_name("anti-king").expect("a rule")],
            _ => vec![],
        };
        let Some(grid) = random_grid(&mut rng, &shape, &rules) else {
            continue;
        };
        let to_pos = |c: usize| Pos::new((c / n) as u8, (c % n) as u8);
        if kind == 6 {
            // A user house: one cell of each digit, anywhere.
            let cells = (1..=n as u8)
                .map(|d| {
                    let places: Vec<usize> = (0..n * n).filter(|&c| grid[c] == d).collect();
                    to_pos(places[rng.below(places.len())])
                })
                .collect();
            rules.push(Rule::House(House { cells }));
        }
        if kind == 7 {
            // Killer cages without sums: groups of different digits.
            for _ in 0..1 + rng.below(3) {
                let mut cells: Vec<usize> = Vec::new();
                for _ in 0..2 + rng.below(3) {
                    let c = rng.below(n * n);
                    if !cells.contains(&c) && cells.iter().all(|&x| grid[x] != grid[c]) {
                        cells.push(c);
                    }
                }
                if cells.len() >= 2 {
                    rules.push(Rule::Killer(Killer {
                        cells: cells.into_iter().map(to_pos).collect(),
                        sum: None,
                    }));
                }
            }
        }
        let mut givens = vec![0u8; n * n];
        let mut cells: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut cells);
        let wanted = if n == 4 {
            rng.below(5)
        } else {
            14 + rng.below(8)
        };
        for &c in &cells[..wanted] {
            givens[c] = grid[c];
        }
        // One case in ten gets a wrong given: often no solution at all.
        if rng.below(10) == 0 {
            let c = rng.below(n * n);
            givens[c] = 1 + rng.below(n) as u8;
        }
        let puzzle = Puzzle::new(shape, givens, rules).expect("a valid puzzle");
        let limit = 40;
        let found = same_answers(&puzzle, limit);
        let naive = naive_count(&puzzle, limit as u64);
        assert_eq!(found as u64, naive, "{puzzle:?}");
        kinds_seen[kind] += 1;
    }
    // Anti-king has no 4x4 grid, so it gets only the 6x6 half of its cases.
    assert!(kinds_seen.iter().all(|&k| k >= cases / 3), "{kinds_seen:?}");
}

#[test]
fn rules_beyond_different_keep_the_general_engine() {
    let shape = Shape::boxes(2, 2).expect("shape");
    let thermo = Rule::Thermo(Thermo {
        cells: vec![Pos::new(0, 0), Pos::new(0, 1)],
    });
    let cage = Rule::Killer(Killer {
        cells: vec![Pos::new(0, 0), Pos::new(0, 1)],
        sum: Some(3),
    });
    let nc = Rule::from_name("non-consecutive").expect("a rule");
    for rule in [thermo, cage, nc] {
        let puzzle = Puzzle::new(shape.clone(), vec![0; 16], vec![rule]).expect("puzzle");
        assert!(!Search::new(&puzzle).is_fast_path());
    }
    let even_odd = Rule::EvenOdd(EvenOdd {
        even: vec![Pos::new(1, 1)],
        odd: vec![Pos::new(2, 2)],
    });
    let knight = Rule::from_name("anti-knight").expect("a rule");
    let puzzle = Puzzle::new(shape, vec![0; 16], vec![even_odd, knight]).expect("puzzle");
    assert!(Search::new(&puzzle).is_fast_path());
}

#[test]
fn no_solution_is_found_and_said() {
    // Two 1s in the first row of a 9x9 diagonal puzzle; an empty 4x4 anti-king grid; a 16x16
    // whose first row's last cell can hold nothing.
    let mut givens = vec![0u8; 81];
    givens[0] = 1;
    givens[8] = 1;
    let diagonal = Puzzle::new(
        Shape::square(9).expect("9x9"),
        givens,
        vec![Rule::from_name("diagonal").expect("a rule")],
    )
    .expect("puzzle");
    let anti_king = Puzzle::new(
        Shape::square(4).expect("4x4"),
        vec![0; 16],
        vec![Rule::from_name("anti-king").expect("a rule")],
    )
    .expect("puzzle");
    let mut givens = vec![0u8; 256];
    for (c, g) in givens.iter_mut().take(15).enumerate() {
        *g = c as u8 + 1;
    }
    givens[16 * 5 + 15] = 16;
    let wide = Puzzle::new(Shape::square(16).expect("16x16"), givens, vec![]).expect("puzzle");
    for puzzle in [diagonal, anti_king, wide] {
        let mut search = Search::new(&puzzle);
        assert!(search.is_fast_path());
        assert_eq!(search.count(5), Ok(Count::Exact(0)));
        assert_eq!(search.next_solution(), Ok(None));
        assert_eq!(sudokit::variant::solve(&puzzle), None);
        assert_eq!(sudokit::variant::count(&puzzle, 2), Count::Exact(0));
    }
}

#[test]
fn budgets_and_cancellation_stop_the_fast_path() {
    // The empty 9x9 anti-knight grid needs guesses.
    let puzzle = Puzzle::new(
        Shape::square(9).expect("9x9"),
        vec![0; 81],
        vec![Rule::from_name("anti-knight").expect("a rule")],
    )
    .expect("puzzle");
    let mut none = Search::new(&puzzle).with_guess_budget(0);
    assert!(none.is_fast_path());
    assert_eq!(none.next_solution(), Err(Stopped::Guesses { guesses: 0 }));
    assert_eq!(none.next_solution(), Err(Stopped::Guesses { guesses: 0 }));
    assert_eq!(none.stats().guesses, 0);
    // A budget of 3 guesses: counting all grids stops after exactly 3.
    let mut three = Search::new(&puzzle).with_guess_budget(3);
    assert_eq!(three.count(u64::MAX), Err(Stopped::Guesses { guesses: 3 }));
    assert_eq!(three.stats().guesses, 3);
    // A cancelled guard stops at the first guess; a guard of 5 steps after 5 guesses.
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Guard::new(Budget::UNLIMITED).with_cancel(flag);
    let mut search = Search::new(&puzzle).with_guard(cancelled);
    assert_eq!(
        search.next_solution(),
        Err(Stopped::Guard(Limit::Cancelled))
    );
    let steps = Guard::new(Budget::UNLIMITED.with_steps(5));
    let mut search = Search::new(&puzzle).with_guard(steps);
    assert!(matches!(search.count(u64::MAX), Err(Stopped::Guard(_))));
    assert!(search.stats().guesses <= 5, "{:?}", search.stats());
    // Without a budget the first grid comes, and stats count it.
    let mut free = Search::new(&puzzle);
    let grid = free.next_solution().expect("no budget").expect("a grid");
    check(&puzzle, &grid).expect("a valid grid");
    assert_eq!(free.stats().solutions, 1);
}

#[test]
fn sixteen_and_twenty_five_take_the_fast_path() {
    for n in [16, 25] {
        let empty =
            Puzzle::new(Shape::square(n).expect("square"), vec![0; n * n], vec![]).expect("puzzle");
        let mut search = Search::new(&empty).with_guess_budget(10_000);
        assert!(search.is_fast_path());
        let grid = search.next_solution().expect("in budget").expect("a grid");
        check(&empty, &grid).expect("a valid grid");
        // Half the grid's cells given back, in a band of rows: still many solutions, the same
        // first few in both engines' sets.
        let mut givens = grid.clone();
        for g in givens.iter_mut().skip(n * n - 2 * n) {
            *g = 0;
        }
        let partial = empty.with_givens(givens).expect("puzzle");
        same_answers(&partial, 30);
    }
}
