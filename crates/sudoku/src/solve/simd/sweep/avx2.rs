//! The sweep's lanes on AVX2: a band is an `__m256i` for digits 1-8 (lanes 0..8) and a `u32`
//! for digit 9. Each lane-wise step is one vector and one scalar instruction, which the CPU
//! runs side by side; the reductions over the digits fold the vector in three steps and then
//! take in the ninth digit.
//!
//! The lanes are written once, in `avx2_lanes!`, and compiled twice: for AVX2 alone ([`plain`],
//! the AVX2 path's sweep) and with AVX-512F/VL as well ([`vl`], the sweep of the AVX-512 path
//! on 256-bit vectors, `CpuPath::Avx512Ymm`), where the compiler uses three-input logic and
//! mask compares on the same 256-bit registers.

/// The lanes and the kernel over them, compiled with target feature `$feature` (which must
/// include AVX2), with `KEEP` read by a gather (`gather`) or by byte lookups (`bytes`, which
/// needs AVX-512VL/BW/VBMI, GFNI and BMI2).
macro_rules! avx2_lanes {
    ($feature:literal, gather) => {
        use crate::solve::tables::KEEP_BY_BOX;

        /// Each lane's `KEEP_BY_BOX` entry at the lane's index (below 512): a gather for digits 1-8,
        /// a load for digit 9.
        #[inline]
        #[target_feature(enable = $feature)]
        fn keep_by_index(index: V) -> V {
            // SAFETY: the caller masks every index to nine bits, so each lane reads one of the 512
            // entries of the table (4-byte entries, scale 4).
            let lo = unsafe {
                std::arch::x86_64::_mm256_i32gather_epi32::<4>(KEEP_BY_BOX.as_ptr().cast(), index.lo)
            };
            V {
                lo,
                hi: KEEP_BY_BOX[(index.hi & 0x1ff) as usize],
            }
        }

        avx2_lanes!(@lanes $feature);
        sweep_kernel!($feature);
    };
    ($feature:literal, bytes) => {
        /// Each lane's cells that lie on a triad permutation of its band, computed with byte
        /// lookups rather than read with a gather (whose 21 cycles were the longest step of a
        /// sweep's chain on Zen 4).
        ///
        /// A triad (row `r`, box `b`) is on a permutation when it is not empty and the other two
        /// rows hold non-empty triads in the other two boxes, one each: a function of those two
        /// rows' six triad bits, looked up in a 64-entry table. Each lane's byte `r` gets the
        /// index of row `r` (byte 3 repeats row 2's), in three steps:
        /// 1. each triad's "not empty" at its first cell (`u`, as `triads` without the mask);
        /// 2. two `multishift`s copy to each byte the window of `u` that holds the first other row
        ///    at bits 0, 3, 6 and the second at bits 1, 4, 7, merged by one select;
        /// 3. an affine transform over GF(2) gathers those six bits of each byte to bits 0-5.
        ///
        /// The table ([`KEPT_TRIADS`]) puts row `r`'s kept triads at their first cells in byte
        /// `r`, except box 2 of row 2 (bit 24), which a second table puts at bit 0 of byte 3;
        /// the first cells are then spread to the triads' three cells. Digit 9 reads `KEEP`
        /// at the `pext` of its triads, as the band engine does (written with shifts, as
        /// `triads_by_box`, the compiler moved the three bands' ninth digits into a vector and
        /// back; `pext` keeps them in general registers, level to 1% faster).
        #[inline]
        #[target_feature(enable = $feature)]
        fn keep(x: V) -> V {
            use std::arch::x86_64::{
                _mm256_gf2p8affine_epi64_epi8, _mm256_multishift_epi64_epi8, _mm256_set1_epi64x,
                _mm256_set1_epi8, _mm256_ternarylogic_epi32, _mm512_castsi256_si512,
                _mm512_castsi512_si256, _mm512_loadu_si512, _mm512_maskz_permutexvar_epi8,
                _mm512_permutexvar_epi8, _pext_u32,
            };
            let u = or3(x, shr::<1>(x), shr::<2>(x)).lo;
            let first = _mm256_multishift_epi64_epi8(_mm256_set1_epi64x(FIRST_OTHER_ROW), u);
            let second = _mm256_multishift_epi64_epi8(_mm256_set1_epi64x(SECOND_OTHER_ROW), u);
            // Bits 0, 3, 6 from `first`, the others from `second`.
            let both = _mm256_ternarylogic_epi32::<0xca>(_mm256_set1_epi8(0x49), first, second);
            let index = _mm256_gf2p8affine_epi64_epi8::<0>(both, _mm256_set1_epi64x(GATHER_ROWS));
            // SAFETY: each load reads one 64-byte table.
            let (kept, box8) = unsafe {
                (
                    _mm512_loadu_si512(KEPT_TRIADS.as_ptr().cast()),
                    _mm512_loadu_si512(KEPT_ROW2_BOX2.as_ptr().cast()),
                )
            };
            // The table fits one 512-bit register (a 256-bit lookup in two registers measured
            // level).
            let wide = _mm512_castsi256_si512(index);
            let rows = _mm512_castsi512_si256(_mm512_permutexvar_epi8(wide, kept));
            let last = _mm512_castsi512_si256(_mm512_maskz_permutexvar_epi8(BYTE3, wide, box8));
            // Each byte's own row (`TRIAD_FIRSTS` below bit 24), and bit 24 from `last`.
            let firsts = _mm256_ternarylogic_epi32::<0xea>(
                rows,
                _mm256_set1_epi32((TRIAD_FIRSTS & 0xff_ffff) as i32),
                last,
            );
            let firsts = V { lo: firsts, hi: 0 };
            let cells = or3(firsts, shl::<1>(firsts), shl::<2>(firsts));
            V {
                lo: _mm256_and_si256(x.lo, cells.lo),
                // The index is below 512 (nine bits packed by `pext`).
                hi: x.hi
                    & crate::solve::tables::KEEP[_pext_u32(x.hi | x.hi >> 1 | x.hi >> 2, TRIAD_FIRSTS)
                        as usize
                        & 0x1ff],
            }
        }

        avx2_lanes!(@lanes $feature);
        sweep_kernel!($feature, own_keep);
    };
    (@lanes $feature:literal) => {
        use std::arch::x86_64::{
            __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi32,
            _mm256_cvtsi256_si32, _mm256_loadu_si256, _mm256_movemask_epi8,
            _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi32, _mm256_setzero_si256,
            _mm256_shuffle_epi32, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
            _mm256_sub_epi32, _mm256_testz_si256,
        };

        use crate::solve::simd::sweep::MAX_SWEEPS;
        use crate::solve::simd::Order;
        use crate::solve::tables::{
            BAND, ROW_LOWEST, ROW_LOW_BITS, ROW_TOP_BIT, TRIAD_FIRSTS,
        };

        /// A band's nine lanes: digits 1-8 in `lo`, digit 9 in `hi`.
        #[derive(Clone, Copy)]
        struct V {
            lo: __m256i,
            hi: u32,
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn splat(x: u32) -> V {
            V {
                lo: _mm256_set1_epi32(x as i32),
                hi: x,
            }
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn and(a: V, b: V) -> V {
            V {
                lo: _mm256_and_si256(a.lo, b.lo),
                hi: a.hi & b.hi,
            }
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn or(a: V, b: V) -> V {
            V {
                lo: _mm256_or_si256(a.lo, b.lo),
                hi: a.hi | b.hi,
            }
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn or3(a: V, b: V, c: V) -> V {
            or(or(a, b), c)
        }

        /// `a & !b`.
        #[inline]
        #[target_feature(enable = $feature)]
        fn and_not(a: V, b: V) -> V {
            V {
                lo: _mm256_andnot_si256(b.lo, a.lo),
                hi: a.hi & !b.hi,
            }
        }

        /// (The count is an `i32` here, as the intrinsic takes it; the kernel's literal counts fit
        /// either type.)
        #[inline]
        #[target_feature(enable = $feature)]
        fn shr<const N: i32>(a: V) -> V {
            V {
                lo: _mm256_srli_epi32::<N>(a.lo),
                hi: a.hi >> N,
            }
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn shl<const N: i32>(a: V) -> V {
            V {
                lo: _mm256_slli_epi32::<N>(a.lo),
                hi: a.hi << N,
            }
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn add(a: V, b: V) -> V {
            V {
                lo: _mm256_add_epi32(a.lo, b.lo),
                hi: a.hi.wrapping_add(b.hi),
            }
        }

        #[inline]
        #[target_feature(enable = $feature)]
        fn sub(a: V, b: V) -> V {
            V {
                lo: _mm256_sub_epi32(a.lo, b.lo),
                hi: a.hi.wrapping_sub(b.hi),
            }
        }

        /// A band's nine masks.
        #[inline]
        #[target_feature(enable = $feature)]
        fn load(band: &[u32; 9]) -> V {
            // SAFETY: the unaligned load reads the first 32 of the 36 bytes of `band`.
            let lo = unsafe { _mm256_loadu_si256(band.as_ptr().cast()) };
            V { lo, hi: band[8] }
        }

        /// Writes a band's nine masks.
        #[inline]
        #[target_feature(enable = $feature)]
        fn store(band: &mut [u32; 9], x: V) {
            // SAFETY: the unaligned store writes the first 32 of the 36 bytes of `band`.
            unsafe { _mm256_storeu_si256(band.as_mut_ptr().cast(), x.lo) };
            band[8] = x.hi;
        }

        /// Whether some digit lane is zero.
        #[inline]
        #[target_feature(enable = $feature)]
        fn any_zero(x: V) -> bool {
            _mm256_movemask_epi8(_mm256_cmpeq_epi32(x.lo, _mm256_setzero_si256())) != 0 || x.hi == 0
        }

        /// Whether some lane is not zero.
        #[inline]
        #[target_feature(enable = $feature)]
        fn any_set(x: V) -> bool {
            _mm256_testz_si256(x.lo, x.lo) == 0 || x.hi != 0
        }

        /// Whether some digit lane of `a` differs from the same lane of `b`.
        #[inline]
        #[target_feature(enable = $feature)]
        fn differs(a: V, b: V) -> bool {
            _mm256_movemask_epi8(_mm256_cmpeq_epi32(a.lo, b.lo)) != -1 || a.hi != b.hi
        }

        /// Lane 0.
        #[inline]
        #[target_feature(enable = $feature)]
        fn first(x: V) -> u32 {
            _mm256_cvtsi256_si32(x.lo) as u32
        }

        /// The vector's lanes paired with others by `step`: 0 swaps the 128-bit halves, 1 the 64-bit
        /// pairs within each half, 2 neighbouring lanes.
        #[inline]
        #[target_feature(enable = $feature)]
        fn partner<const STEP: u32>(x: __m256i) -> __m256i {
            match STEP {
                0 => _mm256_permute2x128_si256::<0x01>(x, x),
                1 => _mm256_shuffle_epi32::<0b01_00_11_10>(x),
                _ => _mm256_shuffle_epi32::<0b10_11_00_01>(x),
            }
        }

        /// The cells in at least one, two and three of the eight vector lanes, in every lane:
        /// the lanes folded pairwise three times (each step pairs every lane with another, so
        /// every lane ends with the whole reduction).
        #[inline]
        #[target_feature(enable = $feature)]
        fn fold_lanes<const THRICE: bool>(lo: __m256i) -> [__m256i; 3] {
            let p = partner::<0>(lo);
            let (mut once, mut twice) = (_mm256_or_si256(lo, p), _mm256_and_si256(lo, p));
            let mut thrice = _mm256_setzero_si256();
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
                    let either_twice =
                        _mm256_or_si256(_mm256_and_si256(twice, o), _mm256_and_si256(once, t));
                    thrice = _mm256_or_si256(_mm256_or_si256(thrice, h), either_twice);
                }
                twice = _mm256_or_si256(_mm256_or_si256(twice, t), _mm256_and_si256(once, o));
                once = _mm256_or_si256(once, o);
            }
            [once, twice, thrice]
        }

        /// The cells in at least one, two and three of the nine digit lanes, as masks.
        #[inline]
        #[target_feature(enable = $feature)]
        fn fold_counts<const THRICE: bool>(v: V) -> [u32; 3] {
            let [once, twice, thrice] = fold_lanes::<THRICE>(v.lo);
            let (once, twice, thrice) = (
                _mm256_cvtsi256_si32(once) as u32,
                _mm256_cvtsi256_si32(twice) as u32,
                _mm256_cvtsi256_si32(thrice) as u32,
            );
            [once | v.hi, twice | (once & v.hi), thrice | (twice & v.hi)]
        }

        /// The cells in at least one and at least two of the nine digit lanes, in every lane.
        /// The vector half stays in vector registers (digit 9 broadcast into it), so that the
        /// sweep's critical path does not go through a general register and back.
        #[inline]
        #[target_feature(enable = $feature)]
        fn union_twice(v: V) -> (V, V) {
            let [once, twice, _] = fold_lanes::<false>(v.lo);
            let nine = _mm256_set1_epi32(v.hi as i32);
            let (once_lo, twice_lo) = (
                _mm256_or_si256(once, nine),
                _mm256_or_si256(twice, _mm256_and_si256(once, nine)),
            );
            let once = _mm256_cvtsi256_si32(once) as u32;
            let twice = _mm256_cvtsi256_si32(twice) as u32;
            (
                V {
                    lo: once_lo,
                    hi: once | v.hi,
                },
                V {
                    lo: twice_lo,
                    hi: twice | (once & v.hi),
                },
            )
        }

        /// The cells in at least one, two and three of the nine digit lanes.
        #[inline]
        #[target_feature(enable = $feature)]
        fn counts(v: V) -> [u32; 3] {
            fold_counts::<true>(v)
        }

    };
}

/// For AVX2 alone: the AVX2 path's sweep.
pub(in crate::solve::simd) mod plain {
    avx2_lanes!("avx2", gather);
}

/// With AVX-512F/VL/BW/VBMI, GFNI and BMI2 as well, on the same 256-bit vectors: the sweep of the
/// AVX-512 path on CPUs that split 512-bit operations in two (`CpuPath::Avx512Ymm`), `KEEP` by
/// byte lookups.
pub(in crate::solve::simd) mod vl {
    use super::super::lookup::{
        FIRST_OTHER_ROW, GATHER_ROWS, KEPT_ROW2_BOX2, KEPT_TRIADS, SECOND_OTHER_ROW,
    };
    use super::BYTE3;

    avx2_lanes!("avx2,bmi2,avx512f,avx512vl,avx512bw,avx512vbmi,gfni", bytes);

    #[cfg(test)]
    mod tests {
        use super::{keep, V};
        use crate::solve::simd::sweep::lookup::keep_cases;
        use crate::solve::simd::CpuPath;

        /// The byte lookups keep exactly the cells the band engine's table keeps, for every
        /// pattern of non-empty triads.
        #[test]
        fn keep_by_bytes_matches_the_table() {
            if !CpuPath::Avx512Ymm.is_supported() {
                eprintln!("skipped: this CPU has no AVX-512 VBMI/GFNI");
                return;
            }
            for (lanes, want) in keep_cases() {
                let x = V {
                    // SAFETY: reads the first eight of the nine `u32`s.
                    lo: unsafe { std::arch::x86_64::_mm256_loadu_si256(lanes.as_ptr().cast()) },
                    hi: lanes[8],
                };
                // SAFETY: the CPU has the features `keep` is compiled for (checked above).
                let kept = unsafe { keep(x) };
                let mut got = [0u32; 9];
                // SAFETY: writes the first eight of the nine `u32`s.
                unsafe { std::arch::x86_64::_mm256_storeu_si256(got.as_mut_ptr().cast(), kept.lo) };
                got[8] = kept.hi;
                assert_eq!(got, want, "lanes {lanes:?}");
            }
        }
    }
}

/// The bytes that take [`KEPT_ROW2_BOX2`](super::lookup::KEPT_ROW2_BOX2): byte 3 of each
/// 32-bit lane of the 256-bit half.
const BYTE3: u64 = 0x8888_8888;
