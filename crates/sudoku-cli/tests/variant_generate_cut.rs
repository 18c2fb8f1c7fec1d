//! `sudoku generate --rules thermo` and the other rules whose data the generator cuts from
//! each solution grid, and `--jigsaw`: every puzzle carries the rule's data, has exactly one
//! solution (the independent checker's naive counter on 6x6, the engine on 9x9) and its
//! solution keeps every rule by the checker; jigsaw regions are connected regions of N cells
//! (checked here); the output is seeded and the same for any `--threads`; a size too small
//! for a rule's data is a usage error that names the rule.

#[path = "../../sudokit/tests/variant_checker/mod.rs"]
mod variant_checker;

use std::process::{Command, Output};
use sudokit::format::variant::{self, Options};
use sudokit::solve::Count;
use sudokit::variant::{Puzzle, Rule};

fn sudoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn run_ok(args: &[&str]) -> String {
    let out = sudoku(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The puzzles of a `--format json` run, each with the solution it printed.
fn read_json(stdout: &str) -> Vec<(Puzzle, Vec<u8>)> {
    stdout
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let document = record["puzzle"].to_string();
            let puzzle = variant::parse(&document, &Options::default())
                .expect("a document")
                .puzzle;
            let solution = record["solution"]
                .as_str()
                .expect("a solution")
                .chars()
                .map(|c| c.to_digit(36).expect("a digit") as u8)
                .collect();
            (puzzle, solution)
        })
        .collect()
}

/// Exactly one solution (the naive counter on grids up to 6x6, the engine on all), and the
/// printed solution keeps every rule by the independent checker and extends the givens.
fn assert_unique(puzzle: &Puzzle, solution: &[u8]) {
    if puzzle.size() <= 6 {
        assert_eq!(
            variant_checker::naive_count(puzzle, 2),
            1,
            "naive count: {puzzle:?}"
        );
    }
    assert_eq!(
        sudokit::variant::count(puzzle, 2),
        Count::Exact(1),
        "{puzzle:?}"
    );
    variant_checker::check(puzzle, solution).expect("the checker agrees");
    for (g, s) in puzzle.givens().iter().zip(solution) {
        assert!(*g == 0 || g == s, "a given differs from the solution");
    }
}

/// Whether the rule `name`'s data is among the puzzle's rules (and not empty).
fn carries(puzzle: &Puzzle, name: &str) -> bool {
    puzzle.rules().iter().any(|rule| {
        rule.name() == name
            && match rule {
                Rule::Kropki(k) => !k.white.is_empty() || !k.black.is_empty(),
                Rule::Xv(x) => !x.x.is_empty() || !x.v.is_empty(),
                Rule::EvenOdd(e) => !e.even.is_empty() || !e.odd.is_empty(),
                _ => true,
            }
    })
}

const CUT_RULES: [&str; 7] = [
    "thermo",
    "arrow",
    "kropki",
    "xv",
    "sandwich",
    "even-odd",
    "little-killer",
];

#[test]
fn every_cut_rule_makes_unique_six_by_six_puzzles_that_keep_it() {
    for name in CUT_RULES {
        let out = run_ok(&[
            "generate", "--rules", name, "--size", "6", "-n", "3", "--seed", "5", "--format",
            "json",
        ]);
        let puzzles = read_json(&out);
        assert_eq!(puzzles.len(), 3, "{name}");
        for (puzzle, solution) in &puzzles {
            assert_eq!(puzzle.size(), 6);
            assert!(carries(puzzle, name), "{name}: no data in {puzzle:?}");
            assert_unique(puzzle, solution);
        }
    }
}

#[test]
fn nine_by_nine_cut_rules_mix_with_rules_without_data() {
    for rules in [
        "thermo,anti-knight",
        "kropki",
        "arrow,diagonal",
        "xv,even-odd",
    ] {
        let out = run_ok(&[
            "generate", "--rules", rules, "-n", "2", "--seed", "2", "--format", "json",
        ]);
        let puzzles = read_json(&out);
        assert_eq!(puzzles.len(), 2, "{rules}");
        for (puzzle, solution) in &puzzles {
            assert_eq!(puzzle.size(), 9);
            for name in rules.split(',') {
                assert!(
                    puzzle.rules().iter().any(|r| r.name() == name),
                    "{rules}: no {name}"
                );
            }
            assert_unique(puzzle, solution);
        }
    }
}

/// Whether every region of `map` (N x N) has N cells and is orthogonally connected.
fn regions_are_connected(map: &[u8], n: usize) -> bool {
    (0..n as u8).all(|g| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| map[c] == g).collect();
        let mut reached = vec![cells[0]];
        let mut i = 0;
        while let Some(&c) = reached.get(i) {
            i += 1;
            let (r, k) = (c / n, c % n);
            let near = [
                (r > 0).then(|| c - n),
                (r + 1 < n).then(|| c + n),
                (k > 0).then(|| c - 1),
                (k + 1 < n).then(|| c + 1),
            ];
            for w in near.into_iter().flatten() {
                if map[w] == g && !reached.contains(&w) {
                    reached.push(w);
                }
            }
        }
        cells.len() == n && reached.len() == n
    })
}

#[test]
fn jigsaw_puzzles_have_random_connected_regions_and_one_solution() {
    let out = run_ok(&[
        "generate", "--jigsaw", "--size", "6", "-n", "4", "--seed", "8", "--format", "json",
    ]);
    let puzzles = read_json(&out);
    assert_eq!(puzzles.len(), 4);
    let boxes = sudokit::variant::Shape::square(6)
        .expect("6x6")
        .region_map();
    let mut maps = Vec::new();
    for (puzzle, solution) in &puzzles {
        let map = puzzle.shape().region_map();
        assert!(puzzle.shape().box_dims().is_none(), "irregular regions");
        assert_ne!(map, boxes, "deformed boxes");
        assert!(regions_are_connected(&map, 6), "{map:?}");
        assert_unique(puzzle, solution);
        maps.push(map);
    }
    maps.dedup();
    assert_eq!(maps.len(), 4, "each puzzle has its own regions");
    // `--rules jigsaw` is `--jigsaw`; the 9x9 default and other rules go with it.
    assert_eq!(
        run_ok(&[
            "generate", "--rules", "jigsaw", "--size", "6", "-n", "4", "--seed", "8", "--format",
            "json",
        ]),
        out
    );
    let out = run_ok(&[
        "generate", "--jigsaw", "--rules", "kropki", "-n", "1", "--seed", "3", "--format", "json",
    ]);
    for (puzzle, solution) in read_json(&out) {
        assert!(carries(&puzzle, "kropki"));
        assert!(regions_are_connected(&puzzle.shape().region_map(), 9));
        assert_unique(&puzzle, &solution);
    }
}

#[test]
fn line_output_is_the_json_document_and_symmetry_is_kept() {
    let out = run_ok(&[
        "generate",
        "--rules",
        "thermo",
        "--size",
        "6",
        "-n",
        "3",
        "--seed",
        "4",
        "--symmetry",
        "rot180",
    ]);
    for line in out.lines() {
        let puzzle = variant::parse(line, &Options::default())
            .expect("a document")
            .puzzle;
        assert!(carries(&puzzle, "thermo"));
        let givens = puzzle.givens();
        for c in 0..36 {
            assert_eq!(givens[c] != 0, givens[35 - c] != 0, "rot180 at {c}");
        }
        let solution = sudokit::variant::solve(&puzzle).expect("solvable");
        assert_unique(&puzzle, &solution);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_for_any_threads() {
    for flags in [
        &["--rules", "thermo,anti-knight"][..],
        &["--jigsaw", "--rules", "xv", "--size", "6"],
        &["--rules", "sandwich", "--size", "6", "--symmetry", "rot180"],
        &["--rules", "killer,little-killer", "--size", "6"],
    ] {
        let with = |threads: &str, seed: &str| {
            let mut args = vec!["generate", "--seed", seed, "-n", "4", "--threads", threads];
            args.extend_from_slice(flags);
            run_ok(&args)
        };
        let one = with("1", "21");
        assert_eq!(one.lines().count(), 4, "{flags:?}");
        assert_eq!(one, with("2", "21"), "{flags:?}");
        assert_eq!(one, with("1", "21"), "{flags:?}");
        assert_ne!(
            one,
            with("1", "22"),
            "{flags:?}: another seed, other puzzles"
        );
    }
}

#[test]
fn a_size_too_small_for_a_rules_data_is_a_usage_error() {
    for (args, rule) in [
        (
            &["generate", "--rules", "thermo", "--size", "2"][..],
            "thermo",
        ),
        (
            &["generate", "--rules", "little-killer", "--size", "2"],
            "little-killer",
        ),
        (&["generate", "--rules", "arrow", "--boxes", "1x2"], "arrow"),
    ] {
        let out = sudoku(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains(rule), "{args:?}: {stderr}");
    }
    // Rules that need boxes do not go with random regions.
    let out = sudoku(&["generate", "--jigsaw", "--rules", "disjoint", "-n", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn solve_points_a_rule_with_data_to_generate() {
    for (name, hint) in [
        ("thermo", "sudoku generate --rules thermo"),
        ("killer", "sudoku generate --killer"),
        ("jigsaw", "sudoku generate --jigsaw"),
    ] {
        let out = sudoku(&["solve", "--rules", name, "--size", "4"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(hint), "{name}: {stderr}");
    }
}
