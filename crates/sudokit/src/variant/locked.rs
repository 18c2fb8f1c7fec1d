//! Locked candidates between any two houses that share cells: when a full house's places for a
//! digit all lie in the shared cells, the other house (full, or any group of different digits)
//! cannot hold that digit outside them ("pointing"); when the other house is full too, the same
//! holds the other way round ("claiming"). Box/line, diagonals, windows, disjoint groups,
//! jigsaw regions, cages and custom houses all meet here as plain cell lists.

use super::build::{Dead, DONE};
use super::work::{remove, Lists, Work};

/// Two houses that share at least two cells; `a` is a full house (it holds every digit).
#[derive(Debug, Clone)]
struct Crossing {
    /// The shared cells, the cells of `a` only and those of the other house only, as ranges
    /// of [`Crossings::cells`].
    parts: [std::ops::Range<usize>; 3],
    /// Whether the other house is full too (then digits confined in it are locked in `a`).
    b_full: bool,
}

/// Every crossing of a puzzle, their cells in one list (one allocation, not three each).
#[derive(Debug, Clone, Default)]
pub(crate) struct Crossings {
    cells: Vec<u32>,
    list: Vec<Crossing>,
    /// Per house (then per group, after the houses), the crossings it is part of.
    pub(crate) by_set: Lists,
}

impl Crossings {
    /// How many there are.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }
}

/// The crossings of `houses` (full, N cells) with each other and with `groups` (fewer cells),
/// in a grid of `cells` cells. A crossing of one cell is left out: a digit confined to it is a
/// hidden single.
pub(crate) fn crossings(cells: usize, houses: &[Vec<usize>], groups: &[Vec<usize>]) -> Crossings {
    let words = cells.div_ceil(64);
    let mut bits = vec![0u64; (houses.len() + groups.len()) * words];
    for (set, cells) in bits.chunks_mut(words).zip(houses.iter().chain(groups)) {
        for &c in cells {
            set[c / 64] |= 1 << (c % 64);
        }
    }
    let set = |k: usize| &bits[k * words..(k + 1) * words];
    let mut out = Crossings::default();
    let mut pairs = Vec::new();
    let mut add = |a: usize, b: usize, b_full: bool| {
        let (sa, sb) = (set(a), set(b));
        let shared: u32 = sa.iter().zip(sb).map(|(x, y)| (x & y).count_ones()).sum();
        if shared < 2 {
            return;
        }
        let start = out.cells.len();
        let mut push = |keep: fn(u64, u64) -> u64| {
            for (w, (&x, &y)) in sa.iter().zip(sb).enumerate() {
                let mut rest = keep(x, y);
                while rest != 0 {
                    out.cells.push((w * 64) as u32 + rest.trailing_zeros());
                    rest &= rest - 1;
                }
            }
            out.cells.len()
        };
        let both = push(|x, y| x & y);
        let a_only = push(|x, y| x & !y);
        let b_only = push(|x, y| y & !x);
        if b_only == a_only && (!b_full || a_only == both) {
            out.cells.truncate(start);
            return;
        }
        pairs.push((a, b));
        out.list.push(Crossing {
            parts: [start..both, both..a_only, a_only..b_only],
            b_full,
        });
    };
    for a in 0..houses.len() {
        for b in a + 1..houses.len() {
            add(a, b, true);
        }
        for g in 0..groups.len() {
            add(a, houses.len() + g, false);
        }
    }
    let entries = pairs
        .iter()
        .enumerate()
        .flat_map(|(k, &(a, b))| [(a, k as u32), (b, k as u32)]);
    out.by_set = Lists::new(houses.len() + groups.len(), entries);
    out
}

/// One pass over the crossings numbered in `which`; whether anything was removed.
pub(crate) fn locked(
    crossings: &Crossings,
    which: &[u32],
    cand: &mut [u32],
    work: &mut Work,
) -> Result<bool, Dead> {
    // The digits of the cells not yet placed: a placed digit is already out of both houses'
    // other cells, so it has nothing to remove.
    let open = |cand: &[u32], cells: &[u32]| {
        cells.iter().fold(0, |m, &c| {
            let mask = cand[c as usize];
            m | mask & (mask & DONE).wrapping_sub(1)
        })
    };
    let mut changed = false;
    for &k in which {
        let x = &crossings.list[k as usize];
        let [both, a_only, b_only] = x.parts.clone().map(|r| &crossings.cells[r]);
        let shared = open(cand, both);
        if shared == 0 {
            continue;
        }
        let pointing = shared & !open(cand, a_only);
        if pointing != 0 {
            for &c in b_only {
                changed |= remove(cand, c as usize, pointing, work)?;
            }
        }
        if x.b_full {
            let claiming = shared & !open(cand, b_only);
            if claiming != 0 {
                for &c in a_only {
                    changed |= remove(cand, c as usize, claiming, work)?;
                }
            }
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 grid's row 0 and box 0 (cells 0, 1, 4, 5).
    fn row_and_box() -> Crossings {
        crossings(16, &[vec![0, 1, 2, 3], vec![0, 1, 4, 5]], &[])
    }

    #[test]
    fn pointing_and_claiming_remove_outside_the_crossing() {
        let xs = row_and_box();
        assert_eq!(xs.list.len(), 1);
        let all = 0b11110;
        // Digit 1 only in the crossing within the row: it leaves cells 4 and 5.
        let mut cand = vec![all; 16];
        cand[2] = all & !(1 << 1);
        cand[3] = all & !(1 << 1);
        let mut work = Work::default();
        assert_eq!(locked(&xs, &[0], &mut cand, &mut work), Ok(true));
        assert_eq!(cand[4] & (1 << 1), 0);
        assert_eq!(cand[5] & (1 << 1), 0);
        assert_eq!(cand[2], all & !(1 << 1));
        // Digit 2 only in the crossing within the box: it leaves cells 2 and 3.
        let mut cand = vec![all; 16];
        cand[4] = all & !(1 << 2);
        cand[5] = all & !(1 << 2);
        assert_eq!(locked(&xs, &[0], &mut cand, &mut work), Ok(true));
        assert_eq!(cand[2] & (1 << 2), 0);
        assert_eq!(cand[3] & (1 << 2), 0);
        // Nothing confined: nothing removed.
        let mut cand = vec![all; 16];
        assert_eq!(locked(&xs, &[0], &mut cand, &mut work), Ok(false));
        assert!(work.queue.is_empty());
    }

    #[test]
    fn a_group_only_receives_eliminations() {
        // Row 0 of a 4x4 and a cage {0, 1, 4} of fewer than 4 cells.
        let xs = crossings(16, &[vec![0, 1, 2, 3]], &[vec![0, 1, 4]]);
        assert_eq!(xs.list.len(), 1);
        let all = 0b11110;
        let mut cand = vec![all; 16];
        // The cage's cell 4 lacks digit 3, but the cage need not hold 3: nothing moves.
        cand[4] = all & !(1 << 3);
        let mut work = Work::default();
        assert_eq!(locked(&xs, &[0], &mut cand, &mut work), Ok(false));
        // The row's 3 confined to cells 0 and 1: it leaves cell 4, down to one digit.
        cand[2] &= !(1 << 3);
        cand[3] &= !(1 << 3);
        cand[4] = (1 << 3) | (1 << 4);
        assert_eq!(locked(&xs, &[0], &mut cand, &mut work), Ok(true));
        assert_eq!(cand[4], 1 << 4);
        assert_eq!(work.queue, vec![4]);
        assert_eq!(work.log, vec![4]);
    }

    #[test]
    fn crossings_are_listed_under_both_houses() {
        let xs = crossings(
            16,
            &[vec![0, 1, 2, 3], vec![0, 1, 4, 5], vec![8, 9, 10, 11]],
            &[],
        );
        assert_eq!((xs.by_set.get(0), xs.by_set.get(1)), (&[0][..], &[0][..]));
        assert!(xs.by_set.get(2).is_empty());
    }

    #[test]
    fn one_shared_cell_is_no_crossing() {
        assert!(crossings(16, &[vec![0, 1, 2, 3], vec![0, 4, 8, 12]], &[])
            .list
            .is_empty());
    }
}
