//! The non-consecutive fast path (`variant/relations.rs`) against the general engine and the
//! naive counter: which puzzles take it, equal counts and solutions on the committed set and
//! on random puzzles (with every "different" rule beside it, jigsaw regions included),
//! budgets, puzzles with no solution.
#![cfg(feature = "json")]

#[path = "variant_checker/mod.rs"]
mod variant_checker;
#[path = "variant_random/mod.rs"]
mod variant_random;

use sudokit::solve::Count;
use sudokit::variant::{EvenOdd, Killer, Pos, Puzzle, Rule, Search, Shape, Stopped, Thermo};
use variant_checker::{check, naive_count};
use variant_random::{committed_set, random_regions, same_answers_on, Rng};

fn rule(name: &str) -> Rule {
    Rule::from_name(name).expect("a rule")
}

/// The fast path and the general engine find the same set of solutions (`limit` as in
/// `same_answers_on`).
fn same_answers(puzzle: &Puzzle, limit: usize) -> usize {
    same_answers_on(puzzle, limit, Search::is_non_consecutive_path)
}

/// The committed non consecutive set: each puzzle with its stored solution.
fn committed() -> Vec<(Puzzle, Vec<u8>)> {
    committed_set("non-consecutive")
}

#[test]
fn committed_puzzles_take_the_path_and_keep_their_unique_solution() {
    // The quick tier: the first puzzles (the data tier below takes all of them).
    for (puzzle, solution) in committed().iter().take(4) {
        let mut search = Search::new(puzzle);
        assert!(search.is_non_consecutive_path());
        assert_eq!(search.count(2), Ok(Count::Exact(1)));
        let mut search = Search::new(puzzle);
        assert_eq!(search.next_solution(), Ok(Some(solution.clone())));
    }
}

#[test]
#[ignore = "data tier: every committed non-consecutive puzzle, the fast path against the general engine (about a minute in the test profile)"]
fn committed_puzzles_agree_with_the_general_engine_in_full() {
    for (puzzle, solution) in committed() {
        assert_eq!(same_answers(&puzzle, 2), 1);
        assert_eq!(sudokit::variant::solve(&puzzle), Some(solution));
    }
}

#[test]
fn fewer_givens_give_the_same_solutions_in_both_engines() {
    let mut rng = Rng(0x0A11_CE0F_5EED);
    for (puzzle, _) in committed().iter().take(2) {
        let mut givens = puzzle.givens().to_vec();
        let given: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
        givens[given[rng.below(given.len())]] = 0;
        let fewer = puzzle.with_givens(givens).expect("puzzle");
        same_answers(&fewer, 30);
    }
}

/// A random grid of `shape` (the general engine's first solution of a shuffled first row,
/// or of no givens when that row cannot be completed).
fn random_grid(rng: &mut Rng, shape: &Shape, rules: &[Rule]) -> Option<Vec<u8>> {
    let n = shape.size();
    let mut row: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut row);
    let mut givens = vec![0; n * n];
    givens[..n].copy_from_slice(&row);
    let first = |givens: Vec<u8>| {
        let puzzle = Puzzle::new(shape.clone(), givens, rules.to_vec()).ok()?;
        Search::new(&puzzle)
            .generic()
            .with_guess_budget(10_000)
            .next_solution()
            .ok()
            .flatten()
    };
    first(givens).or_else(|| first(vec![0; n * n]))
}

/// Random 4x4, 6x6 and 8x8 non-consecutive puzzles, alone and beside every "different" rule
/// the path takes: the fast path's count equals the naive counter's (on 4x4 and 6x6), and its
/// solutions the general engine's.
#[test]
fn random_puzzles_agree_with_the_naive_counter() {
    let cases: usize = std::env::var("VARIANT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let mut rng = Rng(0x0C01_5EC3_5EED);
    let mut kinds_seen = [0usize; 9];
    for case in 0..cases * kinds_seen.len() {
        let kind = case % kinds_seen.len();
        let (h, w) = [(2, 2), (2, 3), (3, 2), (2, 3), (2, 4)][rng.below(5)];
        let n = h * w;
        let shape = if kind == 7 {
            random_regions(&mut rng, h, w)
        } else {
            Shape::boxes(h, w).expect("shape")
        };
        let mut rules = vec![rule("non-consecutive")];
        match kind {
            1 => rules.push(rule("diagonal")),
            2 => rules.insert(0, rule("windoku")),
            3 => rules.push(rule("disjoint")),
            4 => rules.push(rule("anti-knight")),
            5 => rules.insert(0, rule("anti-king")),
            _ => {}
        }
        let Some(grid) = random_grid(&mut rng, &shape, &rules) else {
            continue;
        };
        let to_pos = |c: usize| Pos::new((c / n) as u8, (c % n) as u8);
        if kind == 6 {
            // Even/odd cells and a cage without a sum (a group of different digits).
            let cells: Vec<usize> = (0..3).map(|_| rng.below(n * n)).collect();
            let (even, odd): (Vec<usize>, Vec<usize>) =
                cells.iter().partition(|&&c| grid[c] % 2 == 0);
            rules.push(Rule::EvenOdd(EvenOdd {
                even: even.into_iter().map(to_pos).collect::<Vec<_>>(),
                odd: odd.into_iter().map(to_pos).collect::<Vec<_>>(),
            }));
            let mut cage: Vec<usize> = Vec::new();
            for _ in 0..4 {
                let c = rng.below(n * n);
                if !cage.contains(&c) && cage.iter().all(|&x| grid[x] != grid[c]) {
                    cage.push(c);
                }
            }
            if cage.len() >= 2 {
                rules.push(Rule::Killer(Killer {
                    cells: cage.into_iter().map(to_pos).collect(),
                    sum: None,
                }));
            }
        }
        let mut givens = vec![0u8; n * n];
        let mut cells: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut cells);
        let wanted = match n {
            4 => rng.below(4),
            6 => 4 + rng.below(8),
            _ => 14 + rng.below(10),
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
        if n <= 6 {
            let naive = naive_count(&puzzle, limit as u64);
            assert_eq!(found as u64, naive, "{puzzle:?}");
        }
        kinds_seen[kind] += 1;
    }
    // Windoku, disjoint and anti-knight beside non-consecutive often have no grid of the
    // drawn size; anti-king and non-consecutive together have none up to 8x8.
    assert!(
        kinds_seen.iter().filter(|&&k| k >= cases / 10).count() >= 8,
        "{kinds_seen:?}"
    );
}

#[test]
fn which_puzzles_take_the_path() {
    let nc = rule("non-consecutive");
    let thermo = Rule::Thermo(Thermo {
        cells: vec![Pos::new(0, 0), Pos::new(0, 1)],
    });
    let nine = Shape::square(9).expect("9x9");
    let on = |shape: &Shape, rules: Vec<Rule>| {
        let n = shape.size();
        let puzzle = Puzzle::new(shape.clone(), vec![0; n * n], rules).expect("puzzle");
        Search::new(&puzzle).is_non_consecutive_path()
    };
    assert!(on(&nine, vec![nc.clone()]));
    assert!(on(
        &nine,
        vec![rule("diagonal"), nc.clone(), rule("anti-knight")]
    ));
    // Another relation or group propagator, or more than 128 cells: the general engine.
    assert!(!on(&nine, vec![nc.clone(), thermo]));
    assert!(!on(&Shape::boxes(3, 4).expect("12x12"), vec![nc.clone()]));
    assert!(!on(&nine, vec![rule("diagonal")]));
    assert!(on(&Shape::boxes(2, 5).expect("10x10"), vec![nc]));
}

#[test]
fn no_solution_is_found_and_said() {
    // 1 and 2 side by side; an empty 4x4 grid with 1 in the corner and 3 beside 4 in the next
    // row's middle can be completed or not: the naive counter decides; a 9x9 with 5 beside 6.
    let mut givens = vec![0u8; 81];
    givens[40] = 5;
    givens[41] = 6;
    let nine = Puzzle::new(
        Shape::square(9).expect("9x9"),
        givens,
        vec![rule("non-consecutive")],
    )
    .expect("puzzle");
    let mut givens = vec![0u8; 16];
    givens[0] = 1;
    givens[1] = 2;
    let four = Puzzle::new(
        Shape::square(4).expect("4x4"),
        givens,
        vec![rule("non-consecutive")],
    )
    .expect("puzzle");
    for puzzle in [nine, four] {
        let mut search = Search::new(&puzzle);
        assert!(search.is_non_consecutive_path());
        assert_eq!(search.count(5), Ok(Count::Exact(0)));
        assert_eq!(search.next_solution(), Ok(None));
        assert_eq!(sudokit::variant::solve(&puzzle), None);
    }
    // The empty 4x4 non-consecutive grid: the naive counter's count.
    let empty = Puzzle::new(
        Shape::square(4).expect("4x4"),
        vec![0; 16],
        vec![rule("non-consecutive")],
    )
    .expect("puzzle");
    let found = same_answers(&empty, 1000) as u64;
    assert_eq!(found, naive_count(&empty, 1000));
}

#[test]
fn budgets_stop_the_path() {
    let puzzle = Puzzle::new(
        Shape::square(9).expect("9x9"),
        vec![0; 81],
        vec![rule("non-consecutive")],
    )
    .expect("puzzle");
    let mut none = Search::new(&puzzle).with_guess_budget(0);
    assert!(none.is_non_consecutive_path());
    assert_eq!(none.next_solution(), Err(Stopped::Guesses { guesses: 0 }));
    assert_eq!(none.next_solution(), Err(Stopped::Guesses { guesses: 0 }));
    let mut three = Search::new(&puzzle).with_guess_budget(3);
    assert_eq!(three.count(u64::MAX), Err(Stopped::Guesses { guesses: 3 }));
    assert_eq!(three.stats().guesses, 3);
    let mut free = Search::new(&puzzle);
    let grid = free.next_solution().expect("no budget").expect("a grid");
    check(&puzzle, &grid).expect("a valid grid");
    assert_eq!(free.stats().solutions, 1);
}
