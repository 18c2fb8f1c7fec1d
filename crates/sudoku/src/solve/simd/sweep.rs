//! Propagation in whole-grid sweeps on AVX-512: each band's nine digit masks are one vector
//! (sixteen 32-bit lanes, digit `d` in lane `d`, lanes 9..16 zero), and every rule of the band
//! engine runs on all 27 (digit, band) masks at once.
//!
//! The band engine ([`super::super::bands`]) applies its rules one (digit, band) pair at a time,
//! for the pairs marked dirty. A sweep applies them to every pair in the same few vector
//! instructions, whether the pair changed or not. That pays when many pairs have work: at the
//! root of a search every pair is dirty (kaggle puzzles are solved there, in about four sweeps
//! against about forty band updates), and a guess that starts a cascade soon marks many. After
//! a guess only one pair is dirty, and there the band engine is faster (sweeping every
//! propagation made top1465 8% and serg_benchmark 10% slower). So the band engine hands over
//! to this kernel when a wave has at least its `SWEEP_AT` dirty pairs.
//!
//! The rules are the band engine's, so the fixed point is the same: every rule only removes
//! candidates, and a removal stays valid whatever else was removed before, so applying the same
//! rules in any order until none applies ends in the same state, and finds a contradiction
//! exactly when the band engine does. The search therefore makes the same guesses on every
//! path: `tests/cpu_paths.rs` checks that guess counts agree, and the band engine's tests
//! compare this kernel's fixed points with its own.
//!
//! Each sweep:
//! 1. keeps the cells on a triad permutation (the band engine's `KEEP` table, read with one
//!    gather per band, masked to the nine digit lanes: a full gather was 1-6% slower), and
//!    fails when a digit has no cell left in a band;
//! 2. places the row singles that are still unsolved: clears the placed cells for the other
//!    digits and the placed columns in the other bands. A cell claimed by two digits is cleared
//!    for both, and two placements of a digit in one column clear each other, so the next
//!    sweep finds the contradiction;
//! 3. only when no row single was placed: counts each cell's candidates; a cell with none
//!    fails, a cell with one has its digit's row and box peers cleared (the next sweep then
//!    places it as a row single), and two such cells of a digit in one row or box fail;
//! 4. only when neither placed anything: the stack pass (column hidden singles and box/column
//!    locked candidates, the band engine's rotations on all digits at once); the propagation
//!    ends when it changes nothing.
//!
//! Every function here is compiled with AVX-512F (`#[target_feature]`), so the intrinsics are
//! safe to call; only the masked loads and stores and the gather, which take pointers, need
//! `unsafe` blocks.

use std::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_alignr_epi32, _mm512_and_si512, _mm512_andnot_si512,
    _mm512_broadcastd_epi32, _mm512_castsi512_si128, _mm512_cmpneq_epi32_mask,
    _mm512_cvtsi512_si32, _mm512_mask_i32gather_epi32, _mm512_mask_storeu_epi32,
    _mm512_maskz_loadu_epi32, _mm512_or_si512, _mm512_set1_epi32, _mm512_setzero_si512,
    _mm512_slli_epi32, _mm512_srli_epi32, _mm512_sub_epi32, _mm512_ternarylogic_epi32,
    _mm512_test_epi32_mask, _mm512_testn_epi32_mask,
};

use super::super::tables::{
    BAND, KEEP_BY_BOX, ROW_LOWEST, ROW_LOW_BITS, ROW_TOP_BIT, TRIAD_FIRSTS,
};

/// More sweeps than any propagation can need (see [`propagate`]).
const MAX_SWEEPS: u32 = 2048;

/// The nine digit lanes of a band vector.
const DIGITS: u16 = 0x1ff;

type V = __m512i;

#[inline]
#[target_feature(enable = "avx512f")]
fn splat(x: u32) -> V {
    _mm512_set1_epi32(x as i32)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn and(a: V, b: V) -> V {
    _mm512_and_si512(a, b)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn or(a: V, b: V) -> V {
    _mm512_or_si512(a, b)
}

/// `a | b | c` in one instruction. (Written as two ORs of shifted copies, the compiler turns
/// `x | x << 1 | x << 2` into a multiplication, which takes ten cycles.)
#[inline]
#[target_feature(enable = "avx512f")]
fn or3(a: V, b: V, c: V) -> V {
    _mm512_ternarylogic_epi32::<0xfe>(a, b, c)
}

/// The bits set in at least two of `a`, `b` and `c`.
#[inline]
#[target_feature(enable = "avx512f")]
fn majority(a: V, b: V, c: V) -> V {
    _mm512_ternarylogic_epi32::<0xe8>(a, b, c)
}

/// `a & !b`.
#[inline]
#[target_feature(enable = "avx512f")]
fn and_not(a: V, b: V) -> V {
    _mm512_andnot_si512(b, a)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn shr<const N: u32>(a: V) -> V {
    _mm512_srli_epi32::<N>(a)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn shl<const N: u32>(a: V) -> V {
    _mm512_slli_epi32::<N>(a)
}

/// The lanes `N` places up moved down to lane 0 (zeros shifted in).
#[inline]
#[target_feature(enable = "avx512f")]
fn down<const N: i32>(a: V) -> V {
    _mm512_alignr_epi32::<N>(_mm512_setzero_si512(), a)
}

/// Each lane's non-empty triads, at each triad's first cell.
#[inline]
#[target_feature(enable = "avx512f")]
fn triads(x: V) -> V {
    and(or3(x, shr::<1>(x), shr::<2>(x)), splat(TRIAD_FIRSTS))
}

/// Each lane's cells that lie on a triad permutation of its band: the band engine's table,
/// read for the nine digit lanes with one gather (the other lanes are zero). Computing it
/// with rotations took about thirty instructions, half of them shifts, which AVX-512 runs on
/// one port only; swept everywhere, the gather measured 7% faster on hardest_1905_11plus and
/// 10% on serg_benchmark, 3% slower on top1465, level on the easy sets.
#[inline]
#[target_feature(enable = "avx512f")]
fn keep(x: V) -> V {
    let any = triads(x);
    let index = and(or3(any, shr::<8>(any), shr::<16>(any)), splat(0x1ff));
    // SAFETY: every index is masked to nine bits, so each lane reads one of the 512 entries
    // of the table (4-byte entries, scale 4).
    let kept = unsafe {
        _mm512_mask_i32gather_epi32::<4>(
            _mm512_setzero_si512(),
            DIGITS,
            index,
            KEEP_BY_BOX.as_ptr().cast(),
        )
    };
    and(x, kept)
}

/// Each (band, column) bit of a stack moved to the stack's next column.
#[inline]
#[target_feature(enable = "avx512f")]
fn column1(x: V) -> V {
    or(
        and(shr::<1>(x), splat(0o333_333_333)),
        and(shl::<2>(x), splat(0o444_444_444)),
    )
}

/// Each (band, column) bit of a stack moved to the stack's column after next.
#[inline]
#[target_feature(enable = "avx512f")]
fn column2(x: V) -> V {
    or(
        and(shr::<2>(x), splat(0o111_111_111)),
        and(shl::<1>(x), splat(0o666_666_666)),
    )
}

/// Each lane's cells that are alone in their row.
#[inline]
#[target_feature(enable = "avx512f")]
fn row_singles(cells: V) -> V {
    // As in the band engine: every row has a cell (after `keep`), so subtracting each row's
    // lowest bit borrows only inside the row.
    // The rows with a second cell are those where `rest` is not empty.
    let rest = and(cells, _mm512_sub_epi32(cells, splat(ROW_LOWEST)));
    and_not(cells, row_spread(rest))
}

/// The cells of each lane's rows that hold a cell of the lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn row_spread(x: V) -> V {
    let low = splat(ROW_LOW_BITS);
    let nonzero = and(
        or(_mm512_add_epi32(and(x, low), low), x),
        splat(ROW_TOP_BIT),
    );
    _mm512_sub_epi32(shl::<1>(nonzero), shr::<8>(nonzero))
}

/// The cells of each lane's boxes that hold a cell of the lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn box_spread(x: V) -> V {
    let t = triads(x);
    let boxes = and(or3(t, shr::<9>(t), shr::<18>(t)), splat(0o111));
    let boxes = or3(boxes, shl::<9>(boxes), shl::<18>(boxes));
    or3(boxes, shl::<1>(boxes), shl::<2>(boxes))
}

/// Each lane's nine columns (bit `column`).
#[inline]
#[target_feature(enable = "avx512f")]
fn fold(x: V) -> V {
    and(or3(x, shr::<9>(x), shr::<18>(x)), splat(0x1ff))
}

/// Nine column bits spread to the three rows of a band.
#[inline]
#[target_feature(enable = "avx512f")]
fn spread(columns: V) -> V {
    or3(columns, shl::<9>(columns), shl::<18>(columns))
}

/// The cells in at least one and at least two of the nine digit lanes, in lane 0.
///
/// Two levels of three: lane `i` first gathers lanes `i..i + 3`, then lanes `i`, `i + 3` and
/// `i + 6` of that, so lane 0 covers the nine digits (a tree of pairs takes four levels).
#[inline]
#[target_feature(enable = "avx512f")]
fn union_twice(v: V) -> (V, V) {
    let (a, b, c) = (v, down::<1>(v), down::<2>(v));
    let (once, twice) = (or3(a, b, c), majority(a, b, c));
    let (a, b, c) = (once, down::<3>(once), down::<6>(once));
    let (at, bt, ct) = (twice, down::<3>(twice), down::<6>(twice));
    (or3(a, b, c), or(or3(at, bt, ct), majority(a, b, c)))
}

/// The cells in at least one, two and three of the nine digit lanes, in lane 0.
#[inline]
#[target_feature(enable = "avx512f")]
fn counts(v: V) -> [u32; 3] {
    let (a, b, c) = (v, down::<1>(v), down::<2>(v));
    let (once, twice, thrice) = (or3(a, b, c), majority(a, b, c), and(and(a, b), c));
    let (a, b, c) = (once, down::<3>(once), down::<6>(once));
    let (at, bt, ct) = (twice, down::<3>(twice), down::<6>(twice));
    let (ah, bh, ch) = (thrice, down::<3>(thrice), down::<6>(thrice));
    // Three in all: three in one group, two in one and one in another, or one in each.
    let spread_thrice = or(
        or3(and(at, or(b, c)), and(bt, or(a, c)), and(ct, or(a, b))),
        and(and(a, b), c),
    );
    [
        _mm512_cvtsi512_si32(or3(a, b, c)) as u32,
        _mm512_cvtsi512_si32(or(or3(at, bt, ct), majority(a, b, c))) as u32,
        _mm512_cvtsi512_si32(or(or3(ah, bh, ch), spread_thrice)) as u32,
    ]
}

/// Whether some lane holds two cells in one row or in one box.
#[inline]
#[target_feature(enable = "avx512f")]
fn doubled(x: V) -> bool {
    let mut rows = [_mm512_setzero_si512(); 3];
    for (k, doubled_row) in rows.iter_mut().enumerate() {
        let r = and(x, splat(0x1ff << (9 * k)));
        *doubled_row = and(r, _mm512_sub_epi32(r, splat(1 << (9 * k))));
    }
    let t = triads(x);
    let (t1, t2) = (shr::<9>(t), shr::<18>(t));
    let boxes = and(or(or(and(t, t1), and(t, t2)), and(t1, t2)), splat(0o111));
    let any = or(or(or(rows[0], rows[1]), rows[2]), boxes);
    _mm512_test_epi32_mask(any, any) != 0
}

/// Propagates a state (its candidates, `[band][digit]`, and unsolved cells) to its fixed
/// point: `Some(false)` on a contradiction. When the state is left unsolved, `counts_out`
/// receives each band's cells with at least one, two and three candidates (read by the guess).
///
/// Every sweep that goes on removes a candidate or places a cell, or makes a naked single
/// that the next sweep places, so there are at most `2 * (729 + 81)` of them. `None` (after
/// [`MAX_SWEEPS`], which that bound makes unreachable) leaves a partly propagated state for the
/// band engine to finish: a bound rather than a hang if that reasoning were ever wrong.
///
/// Not inlined: it leaves the band engine's loop as it was, and inlining it measured no
/// faster (0.99-1.01 on every set).
#[inline(never)]
#[target_feature(enable = "avx512f")]
pub(super) fn propagate(
    cand: &mut [[u32; 9]; 3],
    unsolved: &mut [u32; 3],
    counts_out: &mut [[u32; 3]; 3],
) -> Option<bool> {
    // SAFETY: the loads are masked to the first nine lanes, which read the nine `u32`s of
    // each band (masked-off lanes read nothing and cannot fault).
    let mut c = unsafe {
        [
            _mm512_maskz_loadu_epi32(DIGITS, cand[0].as_ptr().cast()),
            _mm512_maskz_loadu_epi32(DIGITS, cand[1].as_ptr().cast()),
            _mm512_maskz_loadu_epi32(DIGITS, cand[2].as_ptr().cast()),
        ]
    };
    let mut uns = *unsolved;
    let mut sweeps = 0;
    let outcome = 'sweeps: loop {
        if sweeps == MAX_SWEEPS {
            break None;
        }
        sweeps += 1;
        // 1. Triad permutations: the three bands first, one test for all.
        let cells = [keep(c[0]), keep(c[1]), keep(c[2])];
        let empty = _mm512_testn_epi32_mask(cells[0], cells[0])
            | _mm512_testn_epi32_mask(cells[1], cells[1])
            | _mm512_testn_epi32_mask(cells[2], cells[2]);
        if empty & DIGITS != 0 {
            break Some(false);
        }
        c = cells;
        let placed = [
            and(row_singles(cells[0]), splat(uns[0])),
            and(row_singles(cells[1]), splat(uns[1])),
            and(row_singles(cells[2]), splat(uns[2])),
        ];
        let any_placed = or3(placed[0], placed[1], placed[2]);
        if _mm512_test_epi32_mask(any_placed, any_placed) != 0 {
            // 2. Row singles.
            let columns = [fold(placed[0]), fold(placed[1]), fold(placed[2])];
            for band in 0..3 {
                let (union, twice) = union_twice(placed[band]);
                let union = _mm512_broadcastd_epi32(_mm512_castsi512_si128(union));
                let twice = _mm512_broadcastd_epi32(_mm512_castsi512_si128(twice));
                let (a, b) = match band {
                    0 => (1, 2),
                    1 => (0, 2),
                    _ => (0, 1),
                };
                let other_columns = spread(or(columns[a], columns[b]));
                // Other digits lose the placed cells; a cell claimed twice is lost by all.
                let lost = or3(and_not(union, placed[band]), twice, other_columns);
                c[band] = and_not(c[band], lost);
                uns[band] &= !(_mm512_cvtsi512_si32(union) as u32);
            }
            continue;
        }
        if uns == [0; 3] {
            break Some(true);
        }
        // 3. Naked singles.
        let mut any_naked = 0u16;
        let mut naked_cells = [_mm512_setzero_si512(); 3];
        for band in 0..3 {
            let [once, twice, thrice] = counts(c[band]);
            counts_out[band] = [once, twice, thrice];
            if uns[band] & !once != 0 {
                break 'sweeps Some(false);
            }
            let naked = and(c[band], splat(uns[band] & once & !twice));
            any_naked |= _mm512_test_epi32_mask(naked, naked);
            naked_cells[band] = naked;
        }
        if any_naked != 0 {
            for band in 0..3 {
                let naked = naked_cells[band];
                if doubled(naked) {
                    break 'sweeps Some(false);
                }
                let peers = and_not(or(row_spread(naked), box_spread(naked)), naked);
                c[band] = and_not(c[band], peers);
            }
            continue;
        }
        // 4. The stack pass.
        let band_columns = [fold(c[0]), fold(c[1]), fold(c[2])];
        let columns = or(
            or(band_columns[0], shl::<9>(band_columns[1])),
            shl::<18>(band_columns[2]),
        );
        let band = splat(BAND);
        let b1 = and(or(shr::<9>(columns), shl::<18>(columns)), band);
        let b2 = and(or(shr::<18>(columns), shl::<9>(columns)), band);
        let kept = and(
            columns,
            or(and(column1(b1), column2(b2)), and(column2(b1), column1(b2))),
        );
        let first = and(kept, splat(0x1ff));
        let stacks = and(or3(first, shr::<1>(first), shr::<2>(first)), splat(0o111));
        if _mm512_cmpneq_epi32_mask(stacks, splat(0o111)) & DIGITS != 0 {
            break Some(false);
        }
        let allowed = [kept, shr::<9>(kept), shr::<18>(kept)];
        let mut changed = 0u16;
        for band in 0..3 {
            let after = and(c[band], spread(and(allowed[band], splat(0x1ff))));
            changed |= _mm512_cmpneq_epi32_mask(after, c[band]);
            c[band] = after;
        }
        if changed & DIGITS == 0 {
            break Some(true);
        }
    };
    for band in 0..3 {
        // SAFETY: the store is masked to the first nine lanes, which write the nine `u32`s of
        // the band (masked-off lanes write nothing).
        unsafe { _mm512_mask_storeu_epi32(cand[band].as_mut_ptr().cast(), DIGITS, c[band]) };
    }
    *unsolved = uns;
    outcome
}
