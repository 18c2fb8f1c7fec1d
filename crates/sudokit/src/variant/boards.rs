//! What the `u128` fast paths share (`relations.rs`, `sums.rs`, `distinct/small.rs`): their
//! states hold one cell bitboard per digit, bit `r * n + c` for the cell in row r, column c.

use super::Puzzle;

/// The cells (or houses) of `set`, lowest first.
pub(super) fn cells(set: u128) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            c
        })
    })
}

/// The grid of a state in which every cell holds one digit (`boards[d]`: the cells of digit
/// `d + 1`), if it keeps every rule of `puzzle`. Propagation is exact on a full grid, so the
/// check is a second line of defence.
pub(super) fn full_grid(puzzle: &Puzzle, boards: &[u128], n: usize) -> Option<Vec<u8>> {
    let mut grid = vec![0u8; n * n];
    for (d, &board) in boards.iter().enumerate() {
        for c in cells(board) {
            grid[c] = d as u8 + 1;
        }
    }
    puzzle.check(&grid).is_ok().then_some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_lists_the_set_bits_lowest_first() {
        let set = (1u128 << 127) | (1 << 80) | (1 << 3) | 1;
        assert_eq!(cells(set).collect::<Vec<_>>(), vec![0, 3, 80, 127]);
        assert_eq!(cells(0).count(), 0);
    }
}
