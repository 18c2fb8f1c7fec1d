//! The sweep of the `avx512-ymm` path on 256-bit vectors, with digit 9 of all three bands in a
//! fourth vector.
//!
//! A band's digits 1-8 fill one `__m256i` (lane `d` for digit `d + 1`); a band has nine digits,
//! so the ninth needs a place of its own. [`super::avx2`] gives each band a `u32` for it: every
//! lane-wise step is then three vector and three scalar instructions, and the three scalar
//! lanes, with the unsolved cells and the counts, fill the general registers and spill. Here the
//! three bands' ninth digits are lanes 0-2 of one more vector (`Grid::nine`), and so are the
//! bands' unsolved cells and cell counts (*band vectors*, lanes 3-7 zero): a lane-wise step is
//! four vector instructions, and the steps that work band by band (the singles, the counts)
//! work on the three bands at once. The price is a few lane moves: a band's digit-9 lane is
//! broadcast to its digit vector where the digits are folded together, and the three bands'
//! folds are blended back into one band vector.
//!
//! The rules, their order and the fixed point are those of `sweep_kernel!` (see the module
//! [`super`]); `KEEP` is computed by the byte lookups of [`super::avx512::bytes`], on 256-bit
//! vectors.

use std::arch::x86_64::{
    __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256, _mm256_blend_epi32,
    _mm256_broadcastd_epi32, _mm256_castsi256_si128, _mm256_cmpeq_epi32_mask, _mm256_extract_epi32,
    _mm256_gf2p8affine_epi64_epi8, _mm256_loadu_si256, _mm256_multishift_epi64_epi8,
    _mm256_or_si256, _mm256_permute2x128_si256, _mm256_permutevar8x32_epi32, _mm256_set1_epi32,
    _mm256_set1_epi64x, _mm256_set1_epi8, _mm256_setr_epi32, _mm256_setzero_si256,
    _mm256_shuffle_epi32, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
    _mm256_sub_epi32, _mm256_ternarylogic_epi32, _mm256_test_epi32_mask, _mm256_testn_epi32_mask,
    _mm512_castsi256_si512, _mm512_castsi512_si256, _mm512_loadu_si512,
    _mm512_maskz_permutexvar_epi8, _mm512_permutexvar_epi8,
};

use super::lookup::{FIRST_OTHER_ROW, GATHER_ROWS, KEPT_ROW2_BOX2, KEPT_TRIADS, SECOND_OTHER_ROW};
use super::MAX_SWEEPS;
use crate::solve::kernels::Order;
use crate::solve::tables::{self, BAND, ROW_LOWEST, ROW_LOW_BITS, ROW_TOP_BIT, TRIAD_FIRSTS};

type V = __m256i;

/// The bytes that take [`KEPT_ROW2_BOX2`]: byte 3 of each 32-bit lane.
const BYTE3: u64 = 0x8888_8888;

/// The lanes of a band vector that hold the three bands.
const BANDS: u8 = 0b111;

/// The whole grid's candidates, or any value of the same shape: each band's digits 1-8, and
/// the three bands' digit 9 in lanes 0-2 of `nine`. The candidates' lanes 3-7 of `nine` are
/// zero and stay zero (every step that changes the candidates ends in an AND with them), as
/// are those of the unsolved cells' band vector and of what is ANDed with either; other values
/// may hold anything there, and the tests of those ([`Grid::any_set`], [`Grid::any_zero`],
/// [`Grid::differs`]) look at lanes 0-2 only.
#[derive(Clone, Copy)]
struct Grid {
    band: [V; 3],
    nine: V,
}

macro_rules! lanes {
    ($($name:ident($($arg:ident),*) => $op:expr;)*) => {
        $(
            #[inline]
            #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
            fn $name($($arg: V),*) -> V {
                $op
            }
        )*
    };
}

lanes! {
    and(a, b) => _mm256_and_si256(a, b);
    or(a, b) => _mm256_or_si256(a, b);
    or3(a, b, c) => _mm256_ternarylogic_epi32::<0xfe>(a, b, c);
    and_not(a, b) => _mm256_andnot_si256(b, a);
    add(a, b) => _mm256_add_epi32(a, b);
    sub(a, b) => _mm256_sub_epi32(a, b);
}

#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn splat(x: u32) -> V {
    _mm256_set1_epi32(x as i32)
}

#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn shr<const N: i32>(a: V) -> V {
    _mm256_srli_epi32::<N>(a)
}

#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn shl<const N: i32>(a: V) -> V {
    _mm256_slli_epi32::<N>(a)
}

/// Lane `band` of a band vector, in every lane.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn broadcast(x: V, band: usize) -> V {
    match band {
        0 => _mm256_broadcastd_epi32(_mm256_castsi256_si128(x)),
        1 => _mm256_permutevar8x32_epi32(x, splat(1)),
        _ => _mm256_permutevar8x32_epi32(x, splat(2)),
    }
}

/// A band vector of lane 0 of `x[0]`, lane 1 of `x[1]` and lane 2 of `x[2]` (the other lanes
/// from `x[0]`: callers pass vectors whose lanes all hold the same value, or ignore lanes 3-7).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn gather_bands(x: [V; 3]) -> V {
    _mm256_blend_epi32::<0b100>(_mm256_blend_epi32::<0b010>(x[0], x[1]), x[2])
}

/// Each lane of a band vector replaced by the union of the two other bands' lanes.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn other_bands(x: V) -> V {
    or(
        _mm256_shuffle_epi32::<0b11_00_10_01>(x),
        _mm256_shuffle_epi32::<0b11_01_00_10>(x),
    )
}

impl Grid {
    /// `f` of each of the four vectors (a lane-wise step on the whole grid).
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
    fn map(self, f: impl Fn(V) -> V) -> Grid {
        Grid {
            band: [f(self.band[0]), f(self.band[1]), f(self.band[2])],
            nine: f(self.nine),
        }
    }

    /// `f` of each vector and the same vector of `other`.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
    fn zip(self, other: Grid, f: impl Fn(V, V) -> V) -> Grid {
        Grid {
            band: [
                f(self.band[0], other.band[0]),
                f(self.band[1], other.band[1]),
                f(self.band[2], other.band[2]),
            ],
            nine: f(self.nine, other.nine),
        }
    }

    /// The grid of a band vector: band `b`'s lane in every lane of `band[b]`, and the vector
    /// itself as `nine`.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
    fn of_bands(x: V) -> Grid {
        Grid {
            band: [broadcast(x, 0), broadcast(x, 1), broadcast(x, 2)],
            nine: x,
        }
    }

    /// Whether some lane is not zero.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
    fn any_set(self) -> bool {
        let all = or3(self.band[0], self.band[1], self.band[2]);
        _mm256_test_epi32_mask(all, all) != 0
            || _mm256_test_epi32_mask(self.nine, self.nine) & BANDS != 0
    }

    /// Whether some digit lane is zero.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
    fn any_zero(self) -> bool {
        (_mm256_testn_epi32_mask(self.band[0], self.band[0])
            | _mm256_testn_epi32_mask(self.band[1], self.band[1])
            | _mm256_testn_epi32_mask(self.band[2], self.band[2])
            | _mm256_testn_epi32_mask(self.nine, self.nine) & BANDS)
            != 0
    }

    /// Whether some digit lane differs from the same lane of `other`.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
    fn differs(self, other: Grid) -> bool {
        (_mm256_cmpeq_epi32_mask(self.band[0], other.band[0])
            & _mm256_cmpeq_epi32_mask(self.band[1], other.band[1])
            & _mm256_cmpeq_epi32_mask(self.band[2], other.band[2])
            & (_mm256_cmpeq_epi32_mask(self.nine, other.nine) | !BANDS))
            != 0xff
    }
}

/// Each lane's cells that lie on a triad permutation of its band, by byte lookups.
///
/// A triad (row `r`, box `b`) is on a permutation when it is not empty and the other two rows
/// hold non-empty triads in the other two boxes, one each: a function of those two rows' six
/// triad bits, looked up in a 64-entry table ([`super::lookup`]). Each lane's byte `r` gets
/// the index of row `r` (byte 3 repeats row 2's): two `multishift`s copy the other rows'
/// triads to each byte, a select merges them and an affine transform over GF(2) packs the six
/// bits; `vpermb` reads the kept triads (row 2's box 2 from a second table, into byte 3),
/// which are then spread to their three cells.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn keep(x: V) -> V {
    let u = or3(x, shr::<1>(x), shr::<2>(x));
    let first = _mm256_multishift_epi64_epi8(_mm256_set1_epi64x(FIRST_OTHER_ROW), u);
    let second = _mm256_multishift_epi64_epi8(_mm256_set1_epi64x(SECOND_OTHER_ROW), u);
    let both = _mm256_ternarylogic_epi32::<0xca>(_mm256_set1_epi8(0x49), first, second);
    let index = _mm256_gf2p8affine_epi64_epi8::<0>(both, _mm256_set1_epi64x(GATHER_ROWS));
    // SAFETY: each load reads one 64-byte table.
    let (kept, box8) = unsafe {
        (
            _mm512_loadu_si512(KEPT_TRIADS.as_ptr().cast()),
            _mm512_loadu_si512(KEPT_ROW2_BOX2.as_ptr().cast()),
        )
    };
    let wide = _mm512_castsi256_si512(index);
    let rows = _mm512_castsi512_si256(_mm512_permutexvar_epi8(wide, kept));
    let last = _mm512_castsi512_si256(_mm512_maskz_permutexvar_epi8(BYTE3, wide, box8));
    let firsts = _mm256_ternarylogic_epi32::<0xea>(
        rows,
        _mm256_set1_epi32((TRIAD_FIRSTS & 0xff_ffff) as i32),
        last,
    );
    and(x, or3(firsts, shl::<1>(firsts), shl::<2>(firsts)))
}

/// Each lane's non-empty triads, at each triad's first cell.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn triads(x: V) -> V {
    and(or3(x, shr::<1>(x), shr::<2>(x)), splat(TRIAD_FIRSTS))
}

/// The cells of each lane's rows that hold a cell of the lane.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn row_spread(x: V) -> V {
    let low = splat(ROW_LOW_BITS);
    let nonzero = and(or(add(and(x, low), low), x), splat(ROW_TOP_BIT));
    sub(shl::<1>(nonzero), shr::<8>(nonzero))
}

/// Each lane's cells that are alone in their row (every row has a cell, after `keep`).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn row_singles(cells: V) -> V {
    let rest = and(cells, sub(cells, splat(ROW_LOWEST)));
    and_not(cells, row_spread(rest))
}

/// The cells of each lane's boxes that hold a cell of the lane.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn box_spread(x: V) -> V {
    let t = triads(x);
    let boxes = and(or3(t, shr::<9>(t), shr::<18>(t)), splat(0o111));
    let boxes = or3(boxes, shl::<9>(boxes), shl::<18>(boxes));
    or3(boxes, shl::<1>(boxes), shl::<2>(boxes))
}

/// The band peers (row and box) of each lane's cells, without the cells.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn naked_peers(naked: V) -> V {
    and_not(or(row_spread(naked), box_spread(naked)), naked)
}

/// Each lane's nine columns (bit `column`).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn fold(x: V) -> V {
    and(or3(x, shr::<9>(x), shr::<18>(x)), splat(0x1ff))
}

/// Nine column bits spread to the three rows of a band.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn spread(columns: V) -> V {
    or3(columns, shl::<9>(columns), shl::<18>(columns))
}

/// Some lane's two cells in one row or in one box, as a non-zero lane.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn doubles(x: V) -> V {
    let mut rows = [splat(0); 3];
    for (k, doubled_row) in rows.iter_mut().enumerate() {
        let mask = 0x1ff << (9 * k);
        let r = and(x, splat(mask));
        *doubled_row = and(r, sub(r, splat(1 << (9 * k))));
    }
    let t = triads(x);
    let (t1, t2) = (shr::<9>(t), shr::<18>(t));
    let boxes = and(or3(and(t, t1), and(t, t2), and(t1, t2)), splat(0o111));
    or(or3(rows[0], rows[1], rows[2]), boxes)
}

/// The cells in at least one, two and three of the eight lanes of `x`, in every lane: the lanes
/// folded pairwise three times (each step pairs every lane with another).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn fold_lanes<const THRICE: bool>(x: V) -> [V; 3] {
    let p = _mm256_permute2x128_si256::<0x01>(x, x);
    let (mut once, mut twice) = (or(x, p), and(x, p));
    let mut thrice = _mm256_setzero_si256();
    for step in 1..3 {
        let partner = |v: V| {
            if step == 1 {
                _mm256_shuffle_epi32::<0b01_00_11_10>(v)
            } else {
                _mm256_shuffle_epi32::<0b10_11_00_01>(v)
            }
        };
        let (o, t, h) = (partner(once), partner(twice), partner(thrice));
        if THRICE {
            thrice = or3(thrice, h, or(and(twice, o), and(once, t)));
        }
        twice = or3(twice, t, and(once, o));
        once = or(once, o);
    }
    [once, twice, thrice]
}

/// The cells of each band with at least one, two and three candidates, as band vectors (the
/// third zero unless `THRICE`).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn counts<const THRICE: bool>(c: &Grid) -> [V; 3] {
    let f = [
        fold_lanes::<THRICE>(c.band[0]),
        fold_lanes::<THRICE>(c.band[1]),
        fold_lanes::<THRICE>(c.band[2]),
    ];
    let once = gather_bands([f[0][0], f[1][0], f[2][0]]);
    let twice = gather_bands([f[0][1], f[1][1], f[2][1]]);
    let thrice = gather_bands([f[0][2], f[1][2], f[2][2]]);
    let nine = c.nine;
    [
        or(once, nine),
        or(twice, and(once, nine)),
        or(thrice, and(twice, nine)),
    ]
}

/// Each band's cell counts ([`counts`], with the cells of three candidates if `THRICE`), and
/// its naked singles (the unsolved cells with one candidate) as a band vector and as each
/// digit's cells; `None` when an unsolved cell has no candidate left.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn naked_singles<const THRICE: bool>(c: &Grid, uns: V) -> Option<([V; 3], V, Grid)> {
    let k = counts::<THRICE>(c);
    let empty = and_not(uns, k[0]);
    if _mm256_test_epi32_mask(empty, empty) != 0 {
        return None;
    }
    let masks = and_not(and(uns, k[0]), k[1]);
    let cells = c.zip(Grid::of_bands(masks), |a, b| and(a, b));
    Some((k, masks, cells))
}

/// The stack pass (column hidden singles and box/column locked candidates) on all digits at
/// once: the cells it leaves, `None` when a digit has no column left in some stack.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn stack_pass(c: &Grid) -> Option<Grid> {
    let bc = c.map(|v| fold(v));
    // Digits 1-8: each lane's (band, column) bits; digit 9 the same, built from the band
    // vector's three lanes.
    let columns = or3(bc.band[0], shl::<9>(bc.band[1]), shl::<18>(bc.band[2]));
    let nine = _mm256_extract_epi32::<0>(bc.nine) as u32
        | (_mm256_extract_epi32::<1>(bc.nine) as u32) << 9
        | (_mm256_extract_epi32::<2>(bc.nine) as u32) << 18;
    let kept = stack_kept(columns);
    let kept_nine = tables::stack_kept(nine);
    let first = and(kept, splat(0x1ff));
    let stacks = and(or3(first, shr::<1>(first), shr::<2>(first)), splat(0o111));
    let first_nine = kept_nine & 0x1ff;
    if _mm256_cmpeq_epi32_mask(stacks, splat(0o111)) != 0xff
        || (first_nine | first_nine >> 1 | first_nine >> 2) & 0o111 != 0o111
    {
        return None;
    }
    let s = |x: u32| x | x << 9 | x << 18;
    Some(Grid {
        band: [
            spread(and(kept, splat(0x1ff))),
            spread(and(shr::<9>(kept), splat(0x1ff))),
            spread(shr::<18>(kept)),
        ],
        nine: _mm256_setr_epi32(
            s(kept_nine & 0x1ff) as i32,
            s((kept_nine >> 9) & 0x1ff) as i32,
            s(kept_nine >> 18) as i32,
            0,
            0,
            0,
            0,
            0,
        ),
    })
}

/// The (band, column) cells of each lane's stacks that lie on a permutation.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn stack_kept(columns: V) -> V {
    let band = splat(BAND);
    let b1 = and(or(shr::<9>(columns), shl::<18>(columns)), band);
    let b2 = and(or(shr::<18>(columns), shl::<9>(columns)), band);
    let column1 = |x: V| {
        or(
            and(shr::<1>(x), splat(0o333_333_333)),
            and(shl::<2>(x), splat(0o444_444_444)),
        )
    };
    let column2 = |x: V| {
        or(
            and(shr::<2>(x), splat(0o111_111_111)),
            and(shl::<1>(x), splat(0o666_666_666)),
        )
    };
    and(
        columns,
        or(and(column1(b1), column2(b2)), and(column2(b1), column1(b2))),
    )
}

/// The whole propagation of a state to its fixed point, as `sweep_kernel!`'s `propagate`.
///
/// # Safety
/// The CPU must have AVX2, AVX-512F/VL/BW/VBMI and GFNI.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
pub(in crate::solve::simd) fn propagate(
    cand: &mut [[u32; 9]; 3],
    unsolved: &mut [u32; 3],
    counts_out: &mut [[u32; 3]; 3],
    order: Order,
) -> Option<bool> {
    match (
        order.naked_with_rows,
        order.stacks_always,
        order.stacks_never,
    ) {
        (false, _, true) => sweeps::<false, false, true>(cand, unsolved, counts_out),
        (true, _, true) => sweeps::<true, false, true>(cand, unsolved, counts_out),
        (false, false, false) => sweeps::<false, false, false>(cand, unsolved, counts_out),
        (false, true, false) => sweeps::<false, true, false>(cand, unsolved, counts_out),
        (true, false, false) => sweeps::<true, false, false>(cand, unsolved, counts_out),
        (true, true, false) => sweeps::<true, true, false>(cand, unsolved, counts_out),
    }
}

/// Writes a band vector's three lanes.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn band_lanes(x: V) -> [u32; 3] {
    [
        _mm256_extract_epi32::<0>(x) as u32,
        _mm256_extract_epi32::<1>(x) as u32,
        _mm256_extract_epi32::<2>(x) as u32,
    ]
}

/// [`propagate`] in one order.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni")]
fn sweeps<const NAKED_WITH_ROWS: bool, const STACKS_ALWAYS: bool, const STACKS_NEVER: bool>(
    cand: &mut [[u32; 9]; 3],
    unsolved: &mut [u32; 3],
    counts_out: &mut [[u32; 3]; 3],
) -> Option<bool> {
    // SAFETY: each load reads the first 32 of a band's 36 bytes.
    let mut c = unsafe {
        Grid {
            band: [
                _mm256_loadu_si256(cand[0].as_ptr().cast()),
                _mm256_loadu_si256(cand[1].as_ptr().cast()),
                _mm256_loadu_si256(cand[2].as_ptr().cast()),
            ],
            nine: _mm256_setr_epi32(
                cand[0][8] as i32,
                cand[1][8] as i32,
                cand[2][8] as i32,
                0,
                0,
                0,
                0,
                0,
            ),
        }
    };
    let mut uns = _mm256_setr_epi32(
        unsolved[0] as i32,
        unsolved[1] as i32,
        unsolved[2] as i32,
        0,
        0,
        0,
        0,
        0,
    );
    let mut final_counts = None;
    let mut sweeps = 0;
    let outcome = 'sweeps: loop {
        if sweeps == MAX_SWEEPS {
            break None;
        }
        sweeps += 1;
        // 1. Triad permutations.
        let cells = c.map(|v| keep(v));
        if cells.any_zero() {
            break Some(false);
        }
        c = cells;
        let mut placed = c
            .map(|v| row_singles(v))
            .zip(Grid::of_bands(uns), |a, b| and(a, b));
        // 3, with the row singles: naked singles on the same state.
        let mut naked = Grid {
            band: [splat(0); 3],
            nine: splat(0),
        };
        let mut naked_masks = splat(0);
        if NAKED_WITH_ROWS {
            // (The cells with three candidates are counted only for the last state, below.)
            let Some((_, masks, cells)) = naked_singles::<false>(&c, uns) else {
                break Some(false);
            };
            (naked_masks, naked) = (masks, cells);
            placed = placed.zip(naked, |a, b| or(a, b));
        }
        let mut stacks = c;
        if STACKS_ALWAYS {
            let Some(allowed) = stack_pass(&c) else {
                break Some(false);
            };
            stacks = allowed;
        }
        if placed.any_set() {
            if NAKED_WITH_ROWS
                && _mm256_test_epi32_mask(naked_masks, naked_masks) != 0
                && naked.map(|v| doubles(v)).any_set()
            {
                break Some(false);
            }
            // 2. Row singles (and naked singles with them).
            let columns = placed.map(|v| fold(v));
            // Each band's union and cells claimed twice over its nine digits, in every lane.
            let mut union = [splat(0); 3];
            let mut twice = [splat(0); 3];
            for band in 0..3 {
                let [once, two, _] = fold_lanes::<false>(placed.band[band]);
                let nine = broadcast(placed.nine, band);
                union[band] = or(once, nine);
                twice[band] = or(two, and(once, nine));
            }
            let union_nine = gather_bands(union);
            let twice_nine = gather_bands(twice);
            let mut lost = Grid {
                band: [
                    or3(
                        and_not(union[0], placed.band[0]),
                        twice[0],
                        spread(or(columns.band[1], columns.band[2])),
                    ),
                    or3(
                        and_not(union[1], placed.band[1]),
                        twice[1],
                        spread(or(columns.band[0], columns.band[2])),
                    ),
                    or3(
                        and_not(union[2], placed.band[2]),
                        twice[2],
                        spread(or(columns.band[0], columns.band[1])),
                    ),
                ],
                nine: or3(
                    and_not(union_nine, placed.nine),
                    twice_nine,
                    spread(other_bands(columns.nine)),
                ),
            };
            if NAKED_WITH_ROWS {
                lost = lost.zip(naked.map(|v| naked_peers(v)), |a, b| or(a, b));
            }
            c = c.zip(lost, |a, b| and_not(a, b));
            if STACKS_ALWAYS {
                c = c.zip(stacks, |a, b| and(a, b));
            }
            uns = and_not(uns, union_nine);
            continue;
        }
        if _mm256_test_epi32_mask(uns, uns) == 0 {
            break Some(true);
        }
        if NAKED_WITH_ROWS {
            // No single on this state: its counts, with the cells of three candidates, are the
            // final ones unless the stack pass changes something. (Counting those on every
            // sweep cost more: `docs/design.md`, "Whole-grid sweeps".)
            final_counts = Some(counts::<true>(&c));
        } else {
            // 3. Naked singles, once no row single is left.
            let Some((cell_counts, naked_masks, naked)) = naked_singles::<true>(&c, uns) else {
                break Some(false);
            };
            final_counts = Some(cell_counts);
            if _mm256_test_epi32_mask(naked_masks, naked_masks) != 0 {
                if naked.map(|v| doubles(v)).any_set() {
                    break 'sweeps Some(false);
                }
                let columns = naked.map(|v| fold(v));
                let lost = Grid {
                    band: [
                        spread(or(columns.band[1], columns.band[2])),
                        spread(or(columns.band[0], columns.band[2])),
                        spread(or(columns.band[0], columns.band[1])),
                    ],
                    nine: spread(other_bands(columns.nine)),
                };
                let lost = lost.zip(naked.map(|v| naked_peers(v)), |a, b| or(a, b));
                c = c.zip(lost, |a, b| and_not(a, b));
                if STACKS_ALWAYS {
                    c = c.zip(stacks, |a, b| and(a, b));
                }
                uns = and_not(uns, naked_masks);
                continue;
            }
        }
        // 4. The stack pass, once nothing was placed, unless it never runs.
        if STACKS_NEVER {
            break Some(true);
        }
        let allowed = if STACKS_ALWAYS {
            stacks
        } else {
            let Some(allowed) = stack_pass(&c) else {
                break Some(false);
            };
            allowed
        };
        let after = c.zip(allowed, |a, b| and(a, b));
        let changed = after.differs(c);
        c = after;
        if !changed {
            break Some(true);
        }
    };
    let nine = band_lanes(c.nine);
    for ((masks, lanes), ninth) in cand.iter_mut().zip(c.band).zip(nine) {
        // SAFETY: writes the first 32 of the band's 36 bytes.
        unsafe { _mm256_storeu_si256(masks.as_mut_ptr().cast(), lanes) };
        masks[8] = ninth;
    }
    *unsolved = band_lanes(uns);
    if let Some([once, twice, thrice]) = final_counts {
        let (once, twice, thrice) = (band_lanes(once), band_lanes(twice), band_lanes(thrice));
        for (band, out) in counts_out.iter_mut().enumerate() {
            *out = [once[band], twice[band], thrice[band]];
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::{keep, V};
    use crate::solve::simd::sweep::lookup::keep_cases;
    use crate::solve::simd::CpuPath;
    use std::arch::x86_64::{_mm256_loadu_si256, _mm256_storeu_si256};

    /// The byte lookups keep exactly the cells the band engine's table keeps, for every pattern
    /// of non-empty triads.
    #[test]
    fn keep_by_bytes_matches_the_table() {
        if crate::solve::simd::test_lacks(CpuPath::Avx512Ymm) {
            return;
        }
        for (lanes, want) in keep_cases() {
            let mut got = [0u32; 9];
            // SAFETY: the CPU has the features `keep` is compiled for (checked above); the
            // loads and stores cover eight of the nine `u32`s.
            unsafe {
                let low: V = _mm256_loadu_si256(lanes.as_ptr().cast());
                _mm256_storeu_si256(got.as_mut_ptr().cast(), keep(low));
                // Lane 8 through a vector of its own, as digit 9 is kept.
                let mut ninth = [0u32; 8];
                ninth[0] = lanes[8];
                let mut out = [0u32; 8];
                _mm256_storeu_si256(
                    out.as_mut_ptr().cast(),
                    keep(_mm256_loadu_si256(ninth.as_ptr().cast())),
                );
                got[8] = out[0];
            }
            assert_eq!(got, want, "lanes {lanes:?}");
        }
    }
}
