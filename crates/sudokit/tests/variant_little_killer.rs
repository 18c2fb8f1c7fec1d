//! The little killer fast path (`variant/sums.rs`) against the general engine and the naive
//! counter: which puzzles take it, equal counts and solutions on the committed set and on
//! random puzzles (with every "different" rule beside it, jigsaw regions included), budgets,
//! puzzles with no solution.
#![cfg(feature = "json")]

#[path = "variant_checker/mod.rs"]
mod variant_checker;
#[path = "variant_random/mod.rs"]
mod variant_random;

use sudokit::solve::Count;
use sudokit::variant::{
    Arrow, EvenOdd, Killer, LittleKiller, Pos, Puzzle, Rule, Search, Shape, Stopped,
};
use variant_checker::{check, naive_count};
use variant_random::{committed_set, random_regions, same_answers_on, Rng};

fn rule(name: &str) -> Rule {
    Rule::from_name(name).expect("a rule")
}

/// The fast path and the general engine find the same set of solutions (`limit` as in
/// `same_answers_on`).
fn same_answers(puzzle: &Puzzle, limit: usize) -> usize {
    same_answers_on(puzzle, limit, Search::is_little_killer_path)
}

/// The committed little killer set: each puzzle with its stored solution.
fn committed() -> Vec<(Puzzle, Vec<u8>)> {
    committed_set("little-killer")
}

#[test]
fn committed_puzzles_take_the_path_and_keep_their_unique_solution() {
    // The quick tier: the first puzzles (the data tier below takes all of them).
    for (puzzle, solution) in committed().iter().take(3) {
        let mut search = Search::new(puzzle);
        assert!(search.is_little_killer_path());
        assert_eq!(search.count(2), Ok(Count::Exact(1)));
        let mut search = Search::new(puzzle);
        assert_eq!(search.next_solution(), Ok(Some(solution.clone())));
    }
}

#[test]
#[ignore = "data tier: every committed little killer puzzle on the fast path, a sample in the general engine too (about a minute in the test profile)"]
fn committed_puzzles_agree_with_the_general_engine_in_full() {
    for (k, (puzzle, solution)) in committed().into_iter().enumerate() {
        if k % 20 == 0 {
            assert_eq!(same_answers(&puzzle, 2), 1);
        } else {
            assert_eq!(Search::new(&puzzle).count(2), Ok(Count::Exact(1)));
        }
        assert_eq!(sudokit::variant::solve(&puzzle), Some(solution));
    }
}

#[test]
fn fewer_givens_give_the_same_solutions_in_both_engines() {
    let mut rng = Rng(0x0A11_CE0F_5EED);
    for (puzzle, _) in committed().iter().skip(3).take(1) {
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

/// Random diagonal clues that `grid` keeps (one in ten off by one): from a random cell in a
/// random diagonal direction to the grid's edge.
fn random_clues(rng: &mut Rng, grid: &[u8], n: usize, count: usize) -> Vec<Rule> {
    let mut rules = Vec::new();
    for _ in 0..count {
        let (dr, dc): (i64, i64) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.below(4)];
        let start = rng.below(n * n);
        let mut cells = vec![start];
        let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
        let inside = |x: i64| (0..n as i64).contains(&x);
        while inside(r + dr) && inside(c + dc) {
            r += dr;
            c += dc;
            cells.push((r * n as i64 + c) as usize);
        }
        let mut sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
        match rng.below(20) {
            0 => sum += 1,
            1 => sum = sum.saturating_sub(1),
            _ => {}
        }
        rules.push(Rule::LittleKiller(LittleKiller {
            cells: cells
                .into_iter()
                .map(|c| Pos::new((c / n) as u8, (c % n) as u8))
                .collect(),
            sum,
        }));
    }
    rules
}

/// Random 4x4, 6x6, 8x8 and 9x9 little killer puzzles, alone and beside every "different"
/// rule the path takes: the fast path's solutions equal the general engine's, and its count
/// the naive counter's (on 4x4 and 6x6).
#[test]
fn random_puzzles_agree_with_the_general_engine_and_the_naive_counter() {
    let cases: usize = std::env::var("VARIANT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    let mut rng = Rng(0x0117_7E15_5EED);
    let mut kinds_seen = [0usize; 8];
    for case in 0..cases * kinds_seen.len() {
        let kind = case % kinds_seen.len();
        let (h, w) = [(2, 2), (2, 3), (3, 2), (2, 3), (2, 4), (3, 3)][rng.below(6)];
        let n = h * w;
        let shape = if kind == 7 {
            random_regions(&mut rng, h, w)
        } else {
            Shape::boxes(h, w).expect("shape")
        };
        let mut rules = Vec::new();
        match kind {
            1 => rules.push(rule("diagonal")),
            2 => rules.push(rule("windoku")),
            3 => rules.push(rule("disjoint")),
            4 => rules.push(rule("anti-knight")),
            5 => rules.push(rule("anti-king")),
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
        let clues = match n {
            4 | 6 => 1 + rng.below(4),
            _ => 4 + rng.below(7),
        };
        let at = rng.below(rules.len() + 1);
        for (k, clue) in random_clues(&mut rng, &grid, n, clues)
            .into_iter()
            .enumerate()
        {
            rules.insert(at + k, clue);
        }
        let mut givens = vec![0u8; n * n];
        let mut cells: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut cells);
        let wanted = match n {
            4 => rng.below(4),
            6 => 4 + rng.below(8),
            8 => 16 + rng.below(10),
            _ => 18 + rng.below(10),
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
    assert!(
        kinds_seen.iter().filter(|&&k| k >= cases / 4).count() >= 7,
        "{kinds_seen:?}"
    );
}

#[test]
fn which_puzzles_take_the_path() {
    let nine = Shape::square(9).expect("9x9");
    let clue = |cells: &[(u8, u8)], sum: u32| {
        Rule::LittleKiller(LittleKiller {
            cells: cells.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
            sum,
        })
    };
    let diagonal = clue(&[(0, 2), (1, 1), (2, 0)], 12);
    let on = |shape: &Shape, rules: Vec<Rule>| {
        let n = shape.size();
        let puzzle = Puzzle::new(shape.clone(), vec![0; n * n], rules).expect("puzzle");
        Search::new(&puzzle).is_little_killer_path()
    };
    assert!(on(&nine, vec![diagonal.clone()]));
    assert!(on(
        &nine,
        vec![rule("diagonal"), diagonal.clone(), rule("anti-knight")]
    ));
    assert!(on(
        &Shape::boxes(2, 5).expect("10x10"),
        vec![diagonal.clone()]
    ));
    // Another group propagator, more than 128 cells, no clue, or a clue whose sums could
    // pass 127 (15 cells of up to 9): the general engine.
    let arrow = Rule::Arrow(Arrow {
        circle: vec![Pos::new(8, 8)],
        cells: vec![Pos::new(8, 7)],
    });
    assert!(!on(&nine, vec![diagonal.clone(), arrow]));
    assert!(!on(&Shape::boxes(3, 4).expect("12x12"), vec![diagonal]));
    assert!(!on(&nine, vec![rule("diagonal")]));
    let long: Vec<(u8, u8)> = (0..15).map(|k| (k / 9, k % 9)).collect();
    assert!(!on(&nine, vec![clue(&long, 70)]));
}

#[test]
fn a_clue_with_no_solution_is_found_and_said() {
    // Three cells of box 1 cannot sum to 5 (1 + 2 + 3 = 6 at least); on 4x4, two cells of a
    // box summing to 4 with 2 given would need a second 2.
    let three = Rule::LittleKiller(LittleKiller {
        cells: vec![Pos::new(0, 0), Pos::new(1, 1), Pos::new(2, 2)],
        sum: 5,
    });
    let nine =
        Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], vec![three]).expect("puzzle");
    let mut givens = vec![0u8; 16];
    givens[0] = 2;
    let two = Rule::LittleKiller(LittleKiller {
        cells: vec![Pos::new(0, 0), Pos::new(1, 1)],
        sum: 4,
    });
    let four = Puzzle::new(Shape::square(4).expect("4x4"), givens, vec![two]).expect("puzzle");
    for puzzle in [nine, four] {
        let mut search = Search::new(&puzzle);
        assert!(search.is_little_killer_path());
        assert_eq!(search.count(5), Ok(Count::Exact(0)));
        assert_eq!(search.next_solution(), Ok(None));
        assert_eq!(sudokit::variant::solve(&puzzle), None);
        // The root's propagation alone finds it: no guess.
        assert_eq!(search.stats().guesses, 0, "{puzzle:?}");
    }
}

#[test]
fn small_grids_count_as_the_naive_counter() {
    // An empty 4x4 grid with both diagonals summing to 10 (2x2 boxes: two parts of two
    // cells each), as in 1234/3412/2143/4321.
    let main = Rule::LittleKiller(LittleKiller {
        cells: (0..4).map(|k| Pos::new(k, k)).collect(),
        sum: 10,
    });
    let anti = Rule::LittleKiller(LittleKiller {
        cells: (0..4).map(|k| Pos::new(k, 3 - k)).collect(),
        sum: 10,
    });
    let empty = Puzzle::new(
        Shape::square(4).expect("4x4"),
        vec![0; 16],
        vec![main, anti],
    )
    .expect("puzzle");
    let found = same_answers(&empty, 1000) as u64;
    assert_eq!(found, naive_count(&empty, 1000));
    assert!(found > 0);
}

#[test]
fn budgets_stop_the_path() {
    let clue = Rule::LittleKiller(LittleKiller {
        cells: (0..9).map(|k| Pos::new(k, k)).collect(),
        sum: 45,
    });
    let puzzle =
        Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], vec![clue]).expect("puzzle");
    let mut none = Search::new(&puzzle).with_guess_budget(0);
    assert!(none.is_little_killer_path());
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
