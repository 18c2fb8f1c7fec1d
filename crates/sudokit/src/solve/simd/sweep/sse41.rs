//! The sweep's lanes on SSE4.1: a band is two `__m128i` for digits 1-4 and 5-8 and a `u32`
//! for digit 9, so each lane-wise step is two vector instructions and one scalar one. There is
//! no gather: the `KEEP` lookup reads the table once per digit.

use std::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_cvtsi128_si32,
    _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi32, _mm_setr_epi32,
    _mm_setzero_si128, _mm_shuffle_epi32, _mm_slli_epi32, _mm_srli_epi32, _mm_storeu_si128,
    _mm_sub_epi32, _mm_testz_si128,
};

use super::MAX_SWEEPS;
use crate::solve::kernels::Order;
use crate::solve::tables::{
    BAND, KEEP_BY_BOX, ROW_LOWEST, ROW_LOW_BITS, ROW_TOP_BIT, TRIAD_FIRSTS,
};

/// A band's nine lanes: digits 1-4 in `lo`, 5-8 in `mid`, digit 9 in `hi`.
#[derive(Clone, Copy)]
struct V {
    lo: __m128i,
    mid: __m128i,
    hi: u32,
}

/// Applies a two-operand vector intrinsic to both vector halves and an operator to `hi`.
macro_rules! lanes {
    ($a:expr, $b:expr, $vector:ident, $scalar:expr) => {{
        let (a, b) = ($a, $b);
        V {
            lo: $vector(a.lo, b.lo),
            mid: $vector(a.mid, b.mid),
            hi: $scalar(a.hi, b.hi),
        }
    }};
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn splat(x: u32) -> V {
    let v = _mm_set1_epi32(x as i32);
    V {
        lo: v,
        mid: v,
        hi: x,
    }
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn and(a: V, b: V) -> V {
    lanes!(a, b, _mm_and_si128, |x: u32, y: u32| x & y)
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn or(a: V, b: V) -> V {
    lanes!(a, b, _mm_or_si128, |x: u32, y: u32| x | y)
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn or3(a: V, b: V, c: V) -> V {
    or(or(a, b), c)
}

/// `a & !b`.
#[inline]
#[target_feature(enable = "sse4.1")]
fn and_not(a: V, b: V) -> V {
    // The intrinsic negates its first operand.
    lanes!(b, a, _mm_andnot_si128, |x: u32, y: u32| !x & y)
}

/// (The count is an `i32` here, as the intrinsic takes it; the kernel's literal counts fit
/// either type.)
#[inline]
#[target_feature(enable = "sse4.1")]
fn shr<const N: i32>(a: V) -> V {
    V {
        lo: _mm_srli_epi32::<N>(a.lo),
        mid: _mm_srli_epi32::<N>(a.mid),
        hi: a.hi >> N,
    }
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn shl<const N: i32>(a: V) -> V {
    V {
        lo: _mm_slli_epi32::<N>(a.lo),
        mid: _mm_slli_epi32::<N>(a.mid),
        hi: a.hi << N,
    }
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn add(a: V, b: V) -> V {
    lanes!(a, b, _mm_add_epi32, u32::wrapping_add)
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn sub(a: V, b: V) -> V {
    lanes!(a, b, _mm_sub_epi32, u32::wrapping_sub)
}

/// A band's nine masks.
#[inline]
#[target_feature(enable = "sse4.1")]
fn load(band: &[u32; 9]) -> V {
    // SAFETY: the two unaligned loads read bytes 0..16 and 16..32 of the 36 bytes of `band`.
    let (lo, mid) = unsafe {
        (
            _mm_loadu_si128(band.as_ptr().cast()),
            _mm_loadu_si128(band.as_ptr().add(4).cast()),
        )
    };
    V {
        lo,
        mid,
        hi: band[8],
    }
}

/// Writes a band's nine masks.
#[inline]
#[target_feature(enable = "sse4.1")]
fn store(band: &mut [u32; 9], x: V) {
    // SAFETY: the two unaligned stores write bytes 0..16 and 16..32 of the 36 bytes of `band`.
    unsafe {
        _mm_storeu_si128(band.as_mut_ptr().cast(), x.lo);
        _mm_storeu_si128(band.as_mut_ptr().add(4).cast(), x.mid);
    }
    band[8] = x.hi;
}

/// Each lane's `KEEP_BY_BOX` entry at the lane's index (below 512), one table read per digit:
/// SSE has no gather.
#[inline]
#[target_feature(enable = "sse4.1")]
fn keep_by_index(index: V) -> V {
    let mut at = [0u32; 9];
    store(&mut at, index);
    let entry = |k: usize| KEEP_BY_BOX[at[k] as usize & 0x1ff] as i32;
    V {
        lo: _mm_setr_epi32(entry(0), entry(1), entry(2), entry(3)),
        mid: _mm_setr_epi32(entry(4), entry(5), entry(6), entry(7)),
        hi: KEEP_BY_BOX[index.hi as usize & 0x1ff],
    }
}

/// Whether some digit lane is zero.
#[inline]
#[target_feature(enable = "sse4.1")]
fn any_zero(x: V) -> bool {
    let zero = _mm_setzero_si128();
    let zeros = _mm_or_si128(_mm_cmpeq_epi32(x.lo, zero), _mm_cmpeq_epi32(x.mid, zero));
    _mm_movemask_epi8(zeros) != 0 || x.hi == 0
}

/// Whether some lane is not zero.
#[inline]
#[target_feature(enable = "sse4.1")]
fn any_set(x: V) -> bool {
    let both = _mm_or_si128(x.lo, x.mid);
    _mm_testz_si128(both, both) == 0 || x.hi != 0
}

/// Whether some digit lane of `a` differs from the same lane of `b`.
#[inline]
#[target_feature(enable = "sse4.1")]
fn differs(a: V, b: V) -> bool {
    let same = _mm_and_si128(_mm_cmpeq_epi32(a.lo, b.lo), _mm_cmpeq_epi32(a.mid, b.mid));
    _mm_movemask_epi8(same) != 0xffff || a.hi != b.hi
}

/// Lane 0.
#[inline]
#[target_feature(enable = "sse4.1")]
fn first(x: V) -> u32 {
    _mm_cvtsi128_si32(x.lo) as u32
}

/// The vector's lanes paired with others by `step`: 1 swaps the 64-bit halves, 2
/// neighbouring lanes.
#[inline]
#[target_feature(enable = "sse4.1")]
fn partner<const STEP: u32>(x: __m128i) -> __m128i {
    match STEP {
        1 => _mm_shuffle_epi32::<0b01_00_11_10>(x),
        _ => _mm_shuffle_epi32::<0b10_11_00_01>(x),
    }
}

/// The cells in at least one, two and three of the nine digit lanes, as masks: digits 1-4
/// and 5-8 folded together, then the four vector lanes pairwise twice, then the ninth digit.
#[inline]
#[target_feature(enable = "sse4.1")]
fn fold_counts<const THRICE: bool>(v: V) -> [u32; 3] {
    let (mut once, mut twice) = (_mm_or_si128(v.lo, v.mid), _mm_and_si128(v.lo, v.mid));
    let mut thrice = _mm_setzero_si128();
    for step in 1..3 {
        let (o, t, h) = if step == 1 {
            (
                partner::<1>(once),
                partner::<1>(twice),
                partner::<1>(thrice),
            )
        } else {
            (
                partner::<2>(once),
                partner::<2>(twice),
                partner::<2>(thrice),
            )
        };
        if THRICE {
            let either_twice = _mm_or_si128(_mm_and_si128(twice, o), _mm_and_si128(once, t));
            thrice = _mm_or_si128(_mm_or_si128(thrice, h), either_twice);
        }
        twice = _mm_or_si128(_mm_or_si128(twice, t), _mm_and_si128(once, o));
        once = _mm_or_si128(once, o);
    }
    let (once, twice, thrice) = (
        _mm_cvtsi128_si32(once) as u32,
        _mm_cvtsi128_si32(twice) as u32,
        _mm_cvtsi128_si32(thrice) as u32,
    );
    [once | v.hi, twice | (once & v.hi), thrice | (twice & v.hi)]
}

/// The cells in at least one and at least two of the nine digit lanes, in every lane.
#[inline]
#[target_feature(enable = "sse4.1")]
fn union_twice(v: V) -> (V, V) {
    let [once, twice, _] = fold_counts::<false>(v);
    (splat(once), splat(twice))
}

/// The cells in at least one, two and three of the nine digit lanes.
#[inline]
#[target_feature(enable = "sse4.1")]
fn counts(v: V) -> [u32; 3] {
    fold_counts::<true>(v)
}

sweep_kernel!("sse4.1");
