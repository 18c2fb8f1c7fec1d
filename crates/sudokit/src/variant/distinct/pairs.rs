//! Naked and hidden pairs in a house, on the digit boards: two cells of a house that hold the
//! same two digits and nothing else take those digits from the rest of the house; two digits
//! that have the same two places in a house, and no others, leave those cells no other digit.
//!
//! Only the houses whose places changed since the last pass are looked at (the marks of
//! [`super::Marks`]). On the 16x16 set the pairs cut guesses 4.5x (2,227 to 494 a puzzle); on
//! 9x9 sets they cut a tenth of the guesses but cost more than that (figures in
//! docs/design.md, "The engine's speed, fifth round"), so [`super::Tables`] runs them only on
//! wide grids.

use super::{houses_in, Bits, Marks, Tables};

/// Removes the `cells` from board `d`, marking their houses; whether anything went.
#[inline(always)]
fn clear<const W: usize>(
    t: &Tables<W>,
    s: &mut [Bits<W>],
    m: &mut Marks,
    d: usize,
    cells: Bits<W>,
) -> bool {
    let gone = s[d].and(cells);
    if gone.is_empty() {
        return false;
    }
    s[d] = s[d].and_not(gone);
    let mut houses = 0;
    for c in gone.cells() {
        houses |= t.cell_houses[c];
    }
    m.mark(d, houses);
    true
}

/// Naked and hidden pairs in the houses numbered in `which`; whether anything was removed.
/// A contradiction (three cells with the same two digits) is left for the next passes to see.
#[inline(always)]
pub(super) fn pairs<const W: usize>(
    t: &Tables<W>,
    s: &mut [Bits<W>],
    m: &mut Marks,
    which: u128,
) -> bool {
    let n = t.n;
    let open = t.all.and_not(s[n]);
    let (mut once, mut twice, mut more) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY, Bits::<W>::EMPTY);
    for board in &s[..n] {
        more = more.or(twice.and(*board));
        twice = twice.or(once.and(*board));
        once = once.or(*board);
    }
    let two_digits = open.and(twice).and_not(more);
    let mut changed = false;
    // The digits with two places in a house, and those places: filled anew per house (only
    // the first `found` are read), made once per pass.
    let mut two_places = [(0, Bits::<W>::EMPTY); 25];
    for h in houses_in(which) {
        let Some(house) = t.houses.get(h) else {
            break;
        };
        // With two open cells or fewer a house has no pair that removes anything (the last
        // fixed point of a puzzle solved without guessing has none open anywhere).
        if house.places(&open).1 < 3 {
            continue;
        }
        // Naked: each cell of two digits {a, b}, against the others of the house with both.
        let (mut cells, count) = house.places(&two_digits);
        if count >= 2 {
            while let Some(c) = cells.first() {
                let mut digits = (0..n).filter(|&d| s[d].has(c));
                let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
                    break;
                };
                let same = cells.and(s[a]).and(s[b]);
                cells = cells.and_not(same);
                if same.count() == 2 {
                    let others = house.bits.and_not(same);
                    changed |= clear(t, s, m, a, others);
                    changed |= clear(t, s, m, b, others);
                }
            }
        }
        // Hidden: the digits with two places, compared two by two.
        let mut found = 0;
        for (d, board) in s[..n].iter().enumerate() {
            let (places, count) = house.places(board);
            if count == 2 {
                two_places[found] = (d, places);
                found += 1;
            }
        }
        for i in 0..found {
            let (a, places) = two_places[i];
            for &(b, other) in &two_places[i + 1..found] {
                if other == places {
                    for d in (0..n).filter(|&d| d != a && d != b) {
                        changed |= clear(t, s, m, d, places);
                    }
                }
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::super::{Plan, Run};
    use super::*;
    use crate::rng::Rng;
    use crate::solve::Stats;
    use crate::variant::skeleton::{skeleton, Structure};
    use crate::variant::{Puzzle, Search, Shape};
    use std::sync::Arc;

    /// Runs `test` on the tables of an empty N x N grid with boxes (houses: rows, columns,
    /// boxes, in that order) and a state where every cell may hold every digit.
    fn on_empty(n: usize, test: impl FnOnce(&Tables<2>, Vec<Bits<2>>)) {
        let structure = Structure {
            n,
            boxes: true,
            houses: Shape::square(n).expect("a square").houses(),
            groups: Vec::new(),
            differ: Vec::new(),
            pair_ends: Vec::new(),
        };
        // Two words wide, as no plan is (grids this small take `small`'s kernel).
        let t = &Tables::<2>::new(n, &structure.houses, &skeleton(structure.clone()).peer_sets);
        let mut state = vec![t.all; n];
        state.push(Bits::EMPTY);
        test(t, state);
    }

    /// The digits (0-based) cell `c` may hold.
    fn digits(s: &[Bits<2>], c: usize) -> Vec<usize> {
        (0..s.len() - 1).filter(|&d| s[d].has(c)).collect()
    }

    #[test]
    fn a_naked_pair_clears_its_digits_from_the_rest_of_its_houses() {
        on_empty(4, |t, mut s| {
            for c in [0, 1] {
                s[2].clear(c);
                s[3].clear(c);
            }
            // Row 0 (house 0) and box 0 (house 8) only: what they find makes more pairs in
            // other houses, which a later pass would see.
            assert_eq!(t.cell_houses[0], 1 | 1 << 4 | 1 << 8);
            let which = 1 | 1 << 8;
            let mut m = Marks::default();
            assert!(pairs(t, &mut s, &mut m, which));
            // Cells 0 and 1 share row 0 (cells 2 and 3 lose digits 0 and 1) and box 0
            // (cells 4 and 5 do).
            for c in [0, 1] {
                assert_eq!(digits(&s, c), [0, 1], "cell {c}");
            }
            for c in [2, 3, 4, 5] {
                assert_eq!(digits(&s, c), [2, 3], "cell {c}");
            }
            for c in 6..16 {
                assert_eq!(digits(&s, c), [0, 1, 2, 3], "cell {c}");
            }
            // The houses of the cells that lost digit 0 are marked for it, and no others.
            let lost = [2, 3, 4, 5].iter().fold(0, |h, &c| h | t.cell_houses[c]);
            assert_eq!(m.hidden[0], lost);
            assert_eq!(m.hidden[2], 0);
            // The pair found its all there.
            assert!(!pairs(t, &mut s, &mut Marks::default(), which));
            // Elsewhere it made another: digits 0 and 1 of box 1 (house 9) are at 6 and 7.
            assert!(pairs(t, &mut s, &mut Marks::default(), 1 << 9));
            for c in [6, 7] {
                assert_eq!(digits(&s, c), [0, 1], "cell {c}");
            }
        });
    }

    #[test]
    fn a_hidden_pair_clears_the_other_digits_from_its_cells() {
        on_empty(6, |t, mut s| {
            // Digits 4 and 5 (0-based) have only cells 4 and 5 of row 0; cells 0-3 keep four
            // digits each, so no naked pair is there.
            for c in 0..4 {
                s[4].clear(c);
                s[5].clear(c);
            }
            let before = s.clone();
            assert!(pairs(t, &mut s, &mut Marks::default(), u128::MAX));
            for c in [4, 5] {
                assert_eq!(digits(&s, c), [4, 5], "cell {c}");
            }
            for c in (0..36).filter(|&c| c != 4 && c != 5) {
                assert_eq!(digits(&s, c), digits(&before, c), "cell {c}");
            }
        });
    }

    #[test]
    fn unmarked_houses_are_not_looked_at() {
        on_empty(6, |t, mut s| {
            for c in 0..4 {
                s[4].clear(c);
                s[5].clear(c);
            }
            // Row 0 is house 0; only row 1 is marked.
            let before = s.clone();
            assert!(!pairs(t, &mut s, &mut Marks::default(), 1 << 1));
            assert_eq!(s, before);
            assert!(pairs(t, &mut s, &mut Marks::default(), 1 << 0));
        });
    }

    #[test]
    fn no_pair_no_change() {
        on_empty(6, |t, mut s| {
            let before = s.clone();
            assert!(!pairs(t, &mut s, &mut Marks::default(), u128::MAX));
            assert_eq!(s, before);
        });
    }

    /// Up to `limit` solutions of `puzzle` on the fast path with pairs switched on (they are
    /// off below 16x16), sorted; and whether that was all of them.
    fn with_pairs(puzzle: &Puzzle, limit: usize) -> (Vec<Vec<u8>>, bool) {
        let n = puzzle.size();
        let structure = Structure {
            n,
            boxes: true,
            houses: puzzle.shape().houses(),
            groups: Vec::new(),
            differ: Vec::new(),
            pair_ends: Vec::new(),
        };
        // Four words wide: the narrowest width with pairs (grids this small otherwise take
        // `small`'s kernel, which has none).
        let mut t = Tables::<4>::new(n, &structure.houses, &skeleton(structure.clone()).peer_sets);
        t.pairs = true;
        let mut run = Run::new(&Arc::new(Plan::W4(t)), &puzzle.model.root);
        let mut stats = Stats::default();
        let mut out = Vec::new();
        while out.len() < limit {
            match run.next(puzzle, &mut stats, |_| None) {
                Ok(Some(grid)) => out.push(grid),
                Ok(None) => {
                    out.sort();
                    return (out, true);
                }
                Err(stopped) => panic!("no budget, yet {stopped:?}"),
            }
        }
        out.sort();
        (out, false)
    }

    #[test]
    fn pairs_keep_every_solution_of_random_small_puzzles() {
        const LIMIT: usize = 200;
        for case in 0..120u64 {
            let n = if case % 2 == 0 { 4 } else { 6 };
            let shape = Shape::square(n).expect("a square");
            let empty = Puzzle::new(shape.clone(), vec![0; n * n], vec![]).expect("empty");
            let mut rng = Rng::new(0x35_f1f7 + case);
            let grid = Search::new(&empty)
                .with_random_order(Rng::new(case))
                .next_solution()
                .expect("no budget")
                .expect("a grid");
            // A third to a half of the cells given; one puzzle in ten with a wrong given.
            let mut givens = vec![0; n * n];
            let keep = n * n / 3 + rng.index(n * n / 6);
            let mut cells: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut cells);
            for &c in &cells[..keep] {
                givens[c] = grid[c];
            }
            if case % 10 == 9 {
                let c = cells[0];
                givens[c] = givens[c] % n as u8 + 1;
            }
            let puzzle = Puzzle::new(shape, givens, vec![]).expect("a puzzle");
            let (fast, done) = with_pairs(&puzzle, LIMIT);
            let mut generic = Search::new(&puzzle).generic();
            let mut all = Vec::new();
            while all.len() < LIMIT {
                match generic.next_solution().expect("no budget") {
                    Some(grid) => all.push(grid),
                    None => break,
                }
            }
            all.sort();
            assert_eq!(done, all.len() < LIMIT, "case {case}");
            if done {
                assert_eq!(fast, all, "case {case}: {puzzle:?}");
            } else {
                assert_eq!(fast.len(), LIMIT, "case {case}");
            }
            for grid in &fast {
                assert!(puzzle.check(grid).is_ok(), "case {case}");
            }
        }
    }
}
