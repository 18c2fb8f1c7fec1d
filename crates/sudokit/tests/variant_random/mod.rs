//! Helpers shared by the tests of the variant fast paths (`variant_distinct.rs`,
//! `variant_relations.rs`, `variant_little_killer.rs`): a seeded generator, random jigsaw
//! regions, every solution of a search checked by the independent checker, a fast path against
//! the general engine, and the committed benchmark sets.
#![allow(dead_code)]

use super::variant_checker::check;
use sudokit::variant::{Puzzle, Search, Shape};

/// A small deterministic generator (xorshift), so each case is reproducible from its seed.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Every solution up to `limit`, in the search's order, each checked by the independent
/// checker; and whether the search ended (an exact count).
pub(crate) fn solutions(mut search: Search, puzzle: &Puzzle, limit: usize) -> (Vec<Vec<u8>>, bool) {
    let mut out = Vec::new();
    while out.len() < limit {
        match search.next_solution().expect("no budget") {
            Some(grid) => {
                if let Err(why) = check(puzzle, &grid) {
                    panic!("wrong solution {grid:?} of {puzzle:?}: {why}");
                }
                out.push(grid);
            }
            None => return (out, true),
        }
    }
    (out, false)
}

/// The fast path `takes` and the general engine find the same set of solutions (up to
/// `limit`; both exact or both stopped at it); the search must take that path and no other.
pub(crate) fn same_answers_on(puzzle: &Puzzle, limit: usize, takes: fn(&Search) -> bool) -> usize {
    let fast = Search::new(puzzle);
    assert!(takes(&fast), "{puzzle:?}");
    let paths = [
        fast.is_fast_path(),
        fast.is_non_consecutive_path(),
        fast.is_little_killer_path(),
    ];
    assert_eq!(paths.iter().filter(|&&p| p).count(), 1, "{puzzle:?}");
    let generic = Search::new(puzzle).generic();
    assert!(!takes(&generic));
    let (mut a, a_done) = solutions(fast, puzzle, limit);
    let (mut b, b_done) = solutions(generic, puzzle, limit);
    assert_eq!(a_done, b_done, "{puzzle:?}");
    if a_done {
        a.sort();
        b.sort();
        assert_eq!(a, b, "{puzzle:?}");
    } else {
        assert_eq!(a.len(), b.len());
    }
    a.len()
}

/// A committed benchmark set (`crates/sudoku-bench/data/variant/ours-SET.jsonl`): each puzzle
/// with its stored solution.
#[cfg(feature = "json")]
pub(crate) fn committed_set(set: &str) -> Vec<(Puzzle, Vec<u8>)> {
    use sudokit::format::variant::{self as vformat, Options};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../sudoku-bench/data/variant/ours-{set}.jsonl"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let doc = value["puzzle"].to_string();
            let puzzle = vformat::parse(&doc, &Options::default())
                .unwrap_or_else(|e| panic!("{e}"))
                .puzzle;
            let solution = value["solution"]
                .as_str()
                .expect("a solution")
                .chars()
                .map(|ch| ch.to_digit(36).expect("a digit") as u8)
                .collect::<Vec<_>>();
            assert_eq!(solution.len(), puzzle.size() * puzzle.size());
            (puzzle, solution)
        })
        .collect()
}

/// Random jigsaw regions of an `h * w` grid: the boxes with random trades of two cells
/// between regions that keep every region connected.
pub(crate) fn random_regions(rng: &mut Rng, h: usize, w: usize) -> Shape {
    let n = h * w;
    let mut region: Vec<usize> = (0..n * n)
        .map(|c| (c / n / h) * (n / w) + (c % n) / w)
        .collect();
    let connected = |region: &[usize], k: usize| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| region[c] == k).collect();
        let mut seen = vec![cells[0]];
        let mut i = 0;
        while i < seen.len() {
            let c = seen[i];
            i += 1;
            let (r, col) = (c / n, c % n);
            let next = [
                (r > 0).then(|| c - n),
                (r + 1 < n).then(|| c + n),
                (col > 0).then(|| c - 1),
                (col + 1 < n).then(|| c + 1),
            ];
            for d in next.into_iter().flatten() {
                if region[d] == k && !seen.contains(&d) {
                    seen.push(d);
                }
            }
        }
        seen.len() == cells.len()
    };
    for _ in 0..20 {
        let a = rng.below(n * n);
        let b = rng.below(n * n);
        let (ka, kb) = (region[a], region[b]);
        if ka == kb {
            continue;
        }
        region.swap(a, b);
        if !(connected(&region, ka) && connected(&region, kb)) {
            region.swap(a, b);
        }
    }
    let regions = region.iter().map(|&k| k as u8).collect();
    Shape::regions(n, regions).expect("n regions of n cells")
}
