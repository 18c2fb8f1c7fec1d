//! Helpers shared by the tests of the variant fast paths (`variant_distinct.rs`,
//! `variant_relations.rs`): a seeded generator, random jigsaw regions, and every solution of a
//! search checked by the independent checker.
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
