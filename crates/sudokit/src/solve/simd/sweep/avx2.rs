//! The sweep's lanes on AVX2 (the `avx2` path): a band is an `__m256i` for digits 1-8 (lanes
//! 0..8) and a `u32` for digit 9. Each lane-wise step is one vector and one scalar instruction,
//! which the CPU runs side by side; the reductions over the digits fold the vector in three
//! steps and then take in the ninth digit. (The `avx512-ymm` path, also on 256-bit vectors,
//! keeps the three bands' digit 9 in a vector instead: [`super::ymm`].)

/// The lanes and the kernel over them, compiled with target feature `$feature` (which must
/// include AVX2), with `KEEP` read by a gather.
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
    (@lanes $feature:literal) => {
        use std::arch::x86_64::{
            __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi32,
            _mm256_cvtsi256_si32, _mm256_loadu_si256, _mm256_movemask_epi8,
            _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi32, _mm256_setzero_si256,
            _mm256_shuffle_epi32, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
            _mm256_sub_epi32, _mm256_testz_si256,
        };

        use crate::solve::simd::sweep::MAX_SWEEPS;
        use crate::solve::kernels::Order;
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
