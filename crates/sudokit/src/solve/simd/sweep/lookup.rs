//! The tables of `KEEP` by byte lookups, shared by the sweeps that compute it so (AVX-512 VBMI
//! and GFNI, on 256-bit and on 512-bit vectors).
//!
//! A triad (row `r`, box `b`) is on a permutation of its band when it is not empty and the other
//! two rows hold non-empty triads in the other two boxes, one each: a function of those two rows'
//! six triad bits. Each 32-bit lane's byte `r` computes row `r` (byte 3 repeats row 2's): two
//! `multishift`s copy the other rows' triads to each byte, an affine transform over GF(2) packs
//! the six bits, and a 64-entry table read by `vpermb` gives the kept triads.

use crate::solve::tables::PERMUTATION_UNION;

/// The `multishift` offsets (one byte each, the second lane of a 64-bit pair 32 bits higher)
/// that copy to each lane's byte `r` the window holding the first of the other two rows' triads
/// at bits 0, 3, 6: row 1 for byte 0 (window at bit 9), row 0 for bytes 1-3.
pub(super) const FIRST_OTHER_ROW: i64 = pair_offsets([9, 0, 0, 0]);
/// The same for the second other row, at bits 1, 4, 7 (each window one bit below the row): row 2
/// for bytes 0 and 1 (bit 17), row 1 for bytes 2 and 3 (bit 8).
pub(super) const SECOND_OTHER_ROW: i64 = pair_offsets([17, 17, 8, 8]);

/// Four byte offsets for each of the two 32-bit lanes of a 64-bit element.
const fn pair_offsets(bytes: [u8; 4]) -> i64 {
    let mut control = 0u64;
    let mut i = 0;
    while i < 4 {
        control |= (bytes[i] as u64) << (8 * i) | ((bytes[i] + 32) as u64) << (8 * i + 32);
        i += 1;
    }
    control as i64
}

/// The affine transform (a GF(2) matrix, the row of result bit `i` in byte `7 - i`) that moves
/// bits 0, 3, 6 of each byte (the first other row's triads, boxes 0-2) to bits 0-2, and bits 1,
/// 4, 7 (the second row's) to bits 3-5.
pub(super) const GATHER_ROWS: i64 =
    (0x01u64 << 56 | 0x08 << 48 | 0x40 << 40 | 0x02 << 32 | 0x10 << 24 | 0x80 << 16) as i64;

/// For the other two rows' triads (bits 0-2 and 3-5, one bit a box), whether a triad of each box
/// in the third row is on a permutation: [`PERMUTATION_UNION`] of the three rows, the third one
/// full.
const fn on_permutation(index: usize) -> [bool; 3] {
    let kept = PERMUTATION_UNION[index & 0o77 | 0o700] >> 6;
    [kept & 1 != 0, kept & 2 != 0, kept & 4 != 0]
}

/// The kept triads at their first cells as bits of the byte they fall in, for each byte's row
/// at once: row 0's at bits 0, 3, 6 (byte 0), row 1's at bits 1, 4, 7 (byte 1) and boxes 0 and 1
/// of row 2 at bits 2, 5 (byte 2); each byte keeps its own row's bits.
pub(super) static KEPT_TRIADS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut index = 0;
    while index < 64 {
        let kept = on_permutation(index);
        let mut bx = 0;
        while bx < 3 {
            if kept[bx] {
                t[index] |= 1 << (3 * bx) | 1 << (3 * bx + 1);
                if bx < 2 {
                    t[index] |= 1 << (3 * bx + 2);
                }
            }
            bx += 1;
        }
        index += 1;
    }
    t
};

/// Whether box 2 of row 2 is kept, at bit 0 (bit 24 of the lane).
pub(super) static KEPT_ROW2_BOX2: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut index = 0;
    while index < 64 {
        t[index] = on_permutation(index)[2] as u8;
        index += 1;
    }
    t
};

/// Test cases for a `KEEP` by byte lookups: nine lanes (the nine digits of a band), and each
/// lane's cells that the band engine's table keeps. For every pattern of non-empty triads,
/// eight sets of lanes, each lane a different random filling of the pattern.
#[cfg(test)]
pub(super) fn keep_cases() -> impl Iterator<Item = ([u32; 9], [u32; 9])> {
    use crate::solve::tables::{triads_by_box, KEEP_BY_BOX};
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..512u32 * 8).map(move |case| {
        let pattern = case / 8;
        let mut lanes = [0u32; 9];
        for lane in &mut lanes {
            for triad in 0..9 {
                if pattern >> triad & 1 != 0 {
                    let cells = (random() % 7 + 1) as u32;
                    *lane |= cells << (3 * triad);
                }
            }
        }
        let kept = lanes.map(|cells| cells & KEEP_BY_BOX[triads_by_box(cells) as usize]);
        (lanes, kept)
    })
}
