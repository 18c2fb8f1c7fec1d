//! Lookup tables for the band solver, computed at compile time.
//!
//! A band is three rows of nine cells; one digit's candidates in a band are a 27-bit mask, bit
//! `9 * row + col` (row 0..3 within the band, col 0..9):
//!
//! ```text
//!            box 0     box 1     box 2
//!   row 0 | 0  1  2 | 3  4  5 | 6  7  8 |
//!   row 1 | 9 10 11 |12 13 14 |15 16 17 |
//!   row 2 |18 19 20 |21 22 23 |24 25 26 |
//! ```
//!
//! The three cells where a row meets a box are a *triad*. A digit sits once in each row and once
//! in each box of the band, so the triads it occupies form a permutation: row `r` in box
//! `p(r)`. Compressing the 27 bits to 9 triad bits ("does this triad hold a candidate?") lets one
//! table lookup apply every locked-candidates deduction inside the band.

/// The 27 bits of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The six permutations of three rows onto three boxes, as triad masks (bit `3 * row + box`).
const PERMUTATIONS: [u16; 6] = {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u16; 6];
    let mut i = 0;
    while i < 6 {
        let mut r = 0;
        while r < 3 {
            out[i] |= 1 << (3 * r + perms[i][r]);
            r += 1;
        }
        i += 1;
    }
    out
};

/// `PERMUTATION_UNION[m]`: for a 3x3 bit matrix `m` (bit `3 * i + j`), the union of the
/// permutation matrices contained in `m`; 0 when none is. A digit's (row, box) triads in a band
/// and its (band, column) cells in a stack are both such matrices.
pub(crate) const PERMUTATION_UNION: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            if PERMUTATIONS[i] & m as u16 == PERMUTATIONS[i] {
                t[m] |= PERMUTATIONS[i];
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// `KEEP[triads]`: the 27-bit mask of cells whose triad lies on some permutation contained in
/// `triads`. ANDing a band with it removes every candidate that cannot take part in a placement
/// of the digit in all three rows and boxes; 0 means the band is contradictory.
pub(crate) const KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let keep_triads = PERMUTATION_UNION[triads];
        let mut mask = 0u32;
        let mut bit = 0;
        while bit < 9 {
            if keep_triads & (1 << bit) != 0 {
                let (row, block) = (bit / 3, bit % 3);
                mask |= 0b111 << (9 * row + 3 * block);
            }
            bit += 1;
        }
        t[triads] = mask;
        triads += 1;
    }
    t
};

/// [`KEEP`] indexed by the transposed triad mask (bit `3 * box + row`), the order in which
/// the band update gathers a band's triads with shifts alone.
pub(crate) const KEEP_BY_BOX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut by_box = 0;
    while by_box < 512 {
        let mut by_row = 0;
        let mut bit = 0;
        while bit < 9 {
            if by_box & (1 << bit) != 0 {
                let (block, row) = (bit / 3, bit % 3);
                by_row |= 1 << (3 * row + block);
            }
            bit += 1;
        }
        t[by_box] = KEEP[by_row];
        by_box += 1;
    }
    t
};

/// The non-empty triads of a band's 27 cells, as bit `3 * box + row` (the index of
/// [`KEEP_BY_BOX`]). Triad (row, box) is non-empty when bit `9 * row + 3 * box` of `any` is set,
/// as triads never straddle a row; three shifts gather those nine bits.
#[inline(always)]
pub(crate) fn triads_by_box(cells: u32) -> u32 {
    let any = (cells | cells >> 1 | cells >> 2) & TRIAD_FIRSTS;
    (any | any >> 8 | any >> 16) & 0x1ff
}

/// The cells of a digit's (band, column) matrix (bit `9 * band + column`) that lie on a
/// permutation of their stack: each stack's 3x3 matrix keeps cell (i, j) when the 2x2 minor of
/// the other bands and columns has a matching. Rotating bands (by 9 bits) and columns within
/// each stack (inside 3-bit groups) lines the minor's entries up with (i, j), so all three
/// stacks are done at once. The stack pass of the band engine and of the `avx512-ymm` sweep's
/// digit 9.
#[inline(always)]
pub(crate) fn stack_kept(columns: u32) -> u32 {
    let next_band = |x: u32| (x >> 9 | x << 18) & BAND;
    let next_column = |x: u32| (x >> 1) & 0o333_333_333 | (x << 2) & 0o444_444_444;
    let (b1, b2) = (next_band(columns), next_band(next_band(columns)));
    let (b1c1, b1c2) = (next_column(b1), next_column(next_column(b1)));
    let (b2c1, b2c2) = (next_column(b2), next_column(next_column(b2)));
    columns & ((b1c1 & b2c2) | (b1c2 & b2c1))
}

/// The lowest cell of each row of a band.
pub(crate) const ROW_LOWEST: u32 = 1 | 1 << 9 | 1 << 18;
/// The highest cell of each row of a band.
pub(crate) const ROW_TOP_BIT: u32 = ROW_LOWEST << 8;
/// The eight other cells of each row of a band.
pub(crate) const ROW_LOW_BITS: u32 = BAND & !ROW_TOP_BIT;
/// The first cell of every triad of a band (bit `9 * row + 3 * box`).
pub(crate) const TRIAD_FIRSTS: u32 = 0o111_111_111;

/// `ROW[r]`: the nine bits of row `r` of a band.
pub(crate) const ROW: [u32; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];

/// `BYTE_BITS[bits]`: the eight bits of `bits` as the lowest bits of eight bytes (bit `j` becomes
/// `1 << 8j`), to turn bit-sliced cell values into one byte per cell.
pub(crate) const BYTE_BITS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut j = 0;
        while j < 8 {
            if bits & (1 << j) != 0 {
                t[bits] |= 1 << (8 * j);
            }
            j += 1;
        }
        bits += 1;
    }
    t
};

/// `BAND_PEERS[i]`: for the cell at bit `i` of a band, the bits of the same band that share its
/// row or box, without the cell itself.
pub(crate) const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (row, col) = (i / 9, i % 9);
        let block_cols = 0b111u32 << (3 * (col / 3));
        t[i] = (ROW[row] | block_cols | (block_cols << 9) | (block_cols << 18)) & !(1 << i);
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_of_all_triads_is_the_whole_band_and_of_none_is_empty() {
        assert_eq!(KEEP[0x1ff], BAND);
        assert_eq!(KEEP[0], 0);
    }

    #[test]
    fn keep_applies_locked_candidates() {
        // Row 0 only in box 0: rows 1 and 2 lose box 0.
        let triads = 0b111_111_001;
        let expected = 0b111 | ((0x1ff & !0b111) << 9) | ((0x1ff & !0b111) << 18);
        assert_eq!(KEEP[triads], expected);
        // Two rows confined to the same single box: no permutation fits.
        assert_eq!(KEEP[0b111_001_001], 0);
    }

    #[test]
    fn triads_by_box_finds_every_non_empty_triad() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..10_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Sparse bands, so that empty and non-empty triads are both common.
            let cells = (seed as u32) & ((seed >> 32) as u32) & BAND;
            let mut expected = 0;
            for row in 0..3 {
                for block in 0..3 {
                    if cells & (0b111 << (9 * row + 3 * block)) != 0 {
                        expected |= 1 << (3 * block + row);
                    }
                }
            }
            assert_eq!(triads_by_box(cells), expected, "{cells:027b}");
        }
    }

    #[test]
    fn keep_by_box_is_keep_transposed() {
        // Row 0 only in box 0 (by box: bit 0 for box 0 row 0, and no bit 3 or 6).
        let by_row = 0b111_111_001;
        let by_box = 0b110_110_111;
        assert_eq!(KEEP_BY_BOX[by_box], KEEP[by_row]);
        assert_eq!(KEEP_BY_BOX[0x1ff], BAND);
    }

    #[test]
    fn band_peers_count_fourteen_cells() {
        // 8 in the row, 6 more in the box (its other two rows, three cells each).
        assert!(BAND_PEERS.iter().all(|p| p.count_ones() == 14));
    }
}
