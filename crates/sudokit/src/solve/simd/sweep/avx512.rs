//! The sweep's lanes on AVX-512F: one `__m512i` per band, digit `d` in lane `d`, lanes 9..16
//! zero. Three-input logic takes one instruction (`vpternlogd`), and lane tests give masks
//! that are cut to the nine digit lanes.
//!
//! The kernel is compiled twice over these lanes: here with `KEEP` read by a gather (the
//! `CpuPath::Avx512` path), and in [`bytes`] with `KEEP` by byte lookups (AVX-512 VBMI and GFNI,
//! the `CpuPath::Avx512Vbmi` path).

use std::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_alignr_epi32, _mm512_and_si512, _mm512_andnot_si512,
    _mm512_broadcastd_epi32, _mm512_castsi512_si128, _mm512_cmpneq_epi32_mask,
    _mm512_cvtsi512_si32, _mm512_mask_i32gather_epi32, _mm512_mask_storeu_epi32,
    _mm512_maskz_loadu_epi32, _mm512_or_si512, _mm512_set1_epi32, _mm512_setzero_si512,
    _mm512_slli_epi32, _mm512_srli_epi32, _mm512_sub_epi32, _mm512_ternarylogic_epi32,
    _mm512_test_epi32_mask, _mm512_testn_epi32_mask,
};

use super::MAX_SWEEPS;
use crate::solve::kernels::Order;
use crate::solve::tables::{
    BAND, KEEP_BY_BOX, ROW_LOWEST, ROW_LOW_BITS, ROW_TOP_BIT, TRIAD_FIRSTS,
};

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

#[inline]
#[target_feature(enable = "avx512f")]
fn add(a: V, b: V) -> V {
    _mm512_add_epi32(a, b)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn sub(a: V, b: V) -> V {
    _mm512_sub_epi32(a, b)
}

/// A band's nine masks.
#[inline]
#[target_feature(enable = "avx512f")]
fn load(band: &[u32; 9]) -> V {
    // SAFETY: the load is masked to the first nine lanes, which read the nine `u32`s of the
    // band (masked-off lanes read nothing and cannot fault).
    unsafe { _mm512_maskz_loadu_epi32(DIGITS, band.as_ptr().cast()) }
}

/// Writes a band's nine masks.
#[inline]
#[target_feature(enable = "avx512f")]
fn store(band: &mut [u32; 9], x: V) {
    // SAFETY: the store is masked to the first nine lanes, which write the nine `u32`s of the
    // band (masked-off lanes write nothing).
    unsafe { _mm512_mask_storeu_epi32(band.as_mut_ptr().cast(), DIGITS, x) }
}

/// Each digit lane's `KEEP_BY_BOX` entry at the lane's index (below 512), with one gather
/// masked to the nine digit lanes (a full gather was slower).
#[inline]
#[target_feature(enable = "avx512f")]
fn keep_by_index(index: V) -> V {
    // SAFETY: the caller masks every index to nine bits, so each lane reads one of the 512
    // entries of the table (4-byte entries, scale 4).
    unsafe {
        _mm512_mask_i32gather_epi32::<4>(
            _mm512_setzero_si512(),
            DIGITS,
            index,
            KEEP_BY_BOX.as_ptr().cast(),
        )
    }
}

/// Whether some digit lane is zero.
#[inline]
#[target_feature(enable = "avx512f")]
fn any_zero(x: V) -> bool {
    _mm512_testn_epi32_mask(x, x) & DIGITS != 0
}

/// Whether some lane is not zero.
#[inline]
#[target_feature(enable = "avx512f")]
fn any_set(x: V) -> bool {
    _mm512_test_epi32_mask(x, x) != 0
}

/// Whether some digit lane of `a` differs from the same lane of `b`.
#[inline]
#[target_feature(enable = "avx512f")]
fn differs(a: V, b: V) -> bool {
    _mm512_cmpneq_epi32_mask(a, b) & DIGITS != 0
}

/// Lane 0.
#[inline]
#[target_feature(enable = "avx512f")]
fn first(x: V) -> u32 {
    _mm512_cvtsi512_si32(x) as u32
}

/// The lanes `N` places up moved down to lane 0 (zeros shifted in).
#[inline]
#[target_feature(enable = "avx512f")]
fn down<const N: i32>(a: V) -> V {
    _mm512_alignr_epi32::<N>(_mm512_setzero_si512(), a)
}

/// The cells in at least one and at least two of the nine digit lanes, in every lane.
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
    let once = or3(a, b, c);
    let twice = or(or3(at, bt, ct), majority(a, b, c));
    (
        _mm512_broadcastd_epi32(_mm512_castsi512_si128(once)),
        _mm512_broadcastd_epi32(_mm512_castsi512_si128(twice)),
    )
}

/// The cells in at least one, two and three of the nine digit lanes.
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
        first(or3(a, b, c)),
        first(or(or3(at, bt, ct), majority(a, b, c))),
        first(or(or3(ah, bh, ch), spread_thrice)),
    ]
}

sweep_kernel!("avx512f");

/// The kernel with `KEEP` by byte lookups instead of the gather, for CPUs with AVX-512 VBMI and
/// GFNI (the `CpuPath::Avx512Vbmi` path). On Zen 5 the path was faster than the one with the
/// 256-bit sweep and the same lookups (level on the hardest sets) and than the one with this
/// module's gather (`docs/design.md`, "CPU paths and their detection").
pub(in crate::solve::simd) mod bytes {
    use std::arch::x86_64::{
        _mm512_gf2p8affine_epi64_epi8, _mm512_loadu_si512, _mm512_maskz_permutexvar_epi8,
        _mm512_multishift_epi64_epi8, _mm512_permutexvar_epi8, _mm512_set1_epi64, _mm512_set1_epi8,
    };

    use super::super::lookup::{
        FIRST_OTHER_ROW, GATHER_ROWS, KEPT_ROW2_BOX2, KEPT_TRIADS, SECOND_OTHER_ROW,
    };
    // The lanes of the parent module (its gather kernel is shadowed by this module's own).
    use super::*;

    /// The bytes that take [`KEPT_ROW2_BOX2`]: byte 3 of each 32-bit lane.
    const BYTE3: u64 = 0x8888_8888_8888_8888;

    /// Each lane's cells that lie on a triad permutation of its band, by the byte lookups of
    /// [`super::super::lookup`], on all sixteen lanes at once (the seven lanes past the digits
    /// are zero, and stay zero).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
    fn keep(x: V) -> V {
        // Each triad's "not empty" at its first cell.
        let u = or3(x, shr::<1>(x), shr::<2>(x));
        let first = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(FIRST_OTHER_ROW), u);
        let second = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(SECOND_OTHER_ROW), u);
        // Bits 0, 3, 6 from `first`, the others from `second`.
        let both = _mm512_ternarylogic_epi32::<0xca>(_mm512_set1_epi8(0x49), first, second);
        let index = _mm512_gf2p8affine_epi64_epi8::<0>(both, _mm512_set1_epi64(GATHER_ROWS));
        // SAFETY: each load reads one 64-byte table.
        let (kept, box8) = unsafe {
            (
                _mm512_loadu_si512(KEPT_TRIADS.as_ptr().cast()),
                _mm512_loadu_si512(KEPT_ROW2_BOX2.as_ptr().cast()),
            )
        };
        let rows = _mm512_permutexvar_epi8(index, kept);
        let last = _mm512_maskz_permutexvar_epi8(BYTE3, index, box8);
        // Each byte's own row (`TRIAD_FIRSTS` below bit 24), and bit 24 from `last`.
        let firsts = _mm512_ternarylogic_epi32::<0xea>(
            rows,
            _mm512_set1_epi32((TRIAD_FIRSTS & 0xff_ffff) as i32),
            last,
        );
        let cells = or3(firsts, shl::<1>(firsts), shl::<2>(firsts));
        and(x, cells)
    }

    sweep_kernel!("avx512f,avx512bw,avx512vbmi,gfni", own_keep);

    #[cfg(test)]
    mod tests {
        use super::{keep, load, store};
        use crate::solve::simd::sweep::lookup::keep_cases;
        use crate::solve::simd::CpuPath;

        /// The byte lookups keep exactly the cells the band engine's table keeps, for every
        /// pattern of non-empty triads.
        #[test]
        fn keep_by_bytes_matches_the_table() {
            if crate::solve::simd::test_lacks(CpuPath::Avx512Vbmi) {
                return;
            }
            for (lanes, want) in keep_cases() {
                let mut got = [0u32; 9];
                // SAFETY: the CPU has the features the three are compiled for (checked above).
                unsafe { store(&mut got, keep(load(&lanes))) };
                assert_eq!(got, want, "lanes {lanes:?}");
            }
        }
    }
}
