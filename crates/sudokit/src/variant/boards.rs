//! What the `u128` fast paths share (`relations.rs`, `sums.rs`, `distinct/small.rs`): their
//! states hold one cell bitboard per digit, bit `r * n + c` for the cell in row r, column c,
//! and their searches keep a stack of the same guesses.

use super::Puzzle;

/// The most digits: 11 on 11x11, the largest grid of at most 128 cells.
pub(super) const MAX_N: usize = 11;

/// A state: `n` digit boards, then the placed cells (`MAX_N + 1` slots, the first `n + 1`
/// used, the others empty).
pub(super) type State = [u128; MAX_N + 1];

/// The state is impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Dead;

/// A guess: the state before it, the cell guessed and its digits not tried yet (bit d for
/// digit d + 1); with `second`, a digit's two places in a house (`untried` is the digit).
#[derive(Debug, Clone)]
pub(super) struct Frame {
    pub(super) state: State,
    pub(super) cell: usize,
    pub(super) untried: u32,
    pub(super) second: Option<usize>,
}

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
