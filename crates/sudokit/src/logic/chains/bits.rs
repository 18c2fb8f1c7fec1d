//! Bit tests the chain walks run at every node, without a population count.
//!
//! The release build targets baseline x86-64, which has no `popcnt` instruction: there
//! `count_ones` is a dozen shifts and multiplies (twice for a `u128`), and the walks only ever
//! ask whether a set has two members, or at least two. Clearing the lowest set bit answers
//! both in two or three operations. The peers of a cell are walked in Sudoku Explainer's
//! order (box, row, column) as three masks, each in increasing cell order, which is the
//! order of `SE_PEERS`.

use crate::logic::cell_set::HOUSE_MASKS;

/// Whether `x` has two set bits or more.
#[inline]
pub(super) fn at_least_two(x: u128) -> bool {
    x & x.wrapping_sub(1) != 0
}

/// Whether `x` has exactly two set bits.
#[inline]
pub(super) fn exactly_two(x: u128) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// The row, column and box of each cell, as indices into `HOUSE_MASKS`.
pub(super) const CELL_HOUSES: [[usize; 3]; 81] = {
    let mut out = [[0; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        out[c] = [row, 9 + col, 18 + row / 3 * 3 + col / 3];
        c += 1;
    }
    out
};

/// The cells of `among` that are peers of cell index `cell`, as three masks in Sudoku
/// Explainer's peer order: those of the box, then the row's others, then the column's others
/// (each read in increasing cell order, as `SE_PEERS` lists them). `among` must not hold
/// `cell`.
#[inline]
pub(super) fn se_peer_masks(cell: usize, among: u128) -> [u128; 3] {
    let [row, col, block] = CELL_HOUSES[cell % 81];
    let block = HOUSE_MASKS[block];
    [
        among & block,
        among & HOUSE_MASKS[row] & !block,
        among & HOUSE_MASKS[col] & !block,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::cell_set::{PEER_MASKS, SE_PEERS};

    #[test]
    fn the_tests_agree_with_a_population_count() {
        // Every 16-bit value, and wide values with bits far apart.
        let mut values: Vec<u128> = (0..=u128::from(u16::MAX)).collect();
        for a in 0..81 {
            for b in [0, 1, 40, 63, 64, 80] {
                values.push(1 << a | 1 << b);
                values.push(1 << a | 1 << b | 1 << 72);
                values.push(1u128 << a);
            }
        }
        for x in values {
            assert_eq!(at_least_two(x), x.count_ones() >= 2, "{x:#x}");
            assert_eq!(exactly_two(x), x.count_ones() == 2, "{x:#x}");
        }
    }

    #[test]
    fn peer_masks_list_the_peers_in_se_order() {
        for cell in 0..81 {
            // All peers, and every other peer (a digit's places).
            for among in [
                PEER_MASKS[cell],
                PEER_MASKS[cell] & 0x5555_5555_5555_5555_5555_5555,
            ] {
                let mut listed = Vec::new();
                for mut mask in se_peer_masks(cell, among) {
                    while mask != 0 {
                        listed.push(mask.trailing_zeros() as usize);
                        mask &= mask - 1;
                    }
                }
                let expected: Vec<usize> = SE_PEERS[cell]
                    .iter()
                    .map(|c| c.index())
                    .filter(|&i| among & 1 << i != 0)
                    .collect();
                assert_eq!(listed, expected, "cell {cell}");
            }
        }
    }
}
