//! Runtime CPU dispatch: the same search compiled once per instruction-set level, chosen once
//! per process from what the CPU offers.
//!
//! The engine in [`super::bands`] is plain safe Rust, written so that every function of the
//! search is `#[inline(always)]` into [`Engine::next_solution`]. Each x86 path below is a thin
//! `#[target_feature]` wrapper around that one call, so the whole search is compiled again with
//! the wrapper's features (VEX encoding, `popcnt`, `tzcnt`, AVX2 vectorisation of the loops over
//! nine digits). A few operations are [`Kernels`](super::kernels::Kernels), with intrinsics per path that compute the
//! same values as the portable code (unit tests below compare them). One kernel is more than an
//! operation: on AVX-512 and AVX2, a propagation with many dirty (digit, band) pairs (the root
//! of a search, a cascade after a guess) runs in whole-grid sweeps (`sweep/`, one kernel
//! written once over each path's vector lanes), by the band engine's rules, so to the same
//! fixed point; on SSE4.1 the sweep takes only the root of a puzzle with many givens. Every
//! path therefore gives identical answers, guess counts included; `tests/cpu_paths.rs` checks
//! that on the corpus, samples of the shared sets and random grids for every path the machine
//! supports.
//!
//! This is the only module allowed `unsafe`: calling a `#[target_feature]` function is unsafe
//! because running it on a CPU without the features is undefined behaviour. A [`Verified`] path
//! is only ever built after the features were detected, which is what makes the calls sound.

#![allow(unsafe_code)]

use std::fmt;
use std::sync::OnceLock;

use super::bands::{Engine, Solved};
use super::OutOfGuesses;

pub(crate) mod compiled;
#[cfg(target_arch = "x86_64")]
mod guess;
#[cfg(target_arch = "x86_64")]
mod sweep;

/// A compiled variant of the solver, by the x86 instruction-set level it was compiled for.
///
/// Every path gives the same answers and statistics; they differ only in speed. [`Search`]
/// uses [`CpuPath::detected`] unless told otherwise with [`SearchCpuPath::with_cpu_path`],
/// which the tests and the benchmark use to run each path.
///
/// [`Search`]: super::Search
/// [`SearchCpuPath::with_cpu_path`]: crate::internals::SearchCpuPath::with_cpu_path
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CpuPath {
    /// x86-64 with AVX-512 F, BW and VL (with AVX2, BMI1/2, LZCNT and POPCNT): Skylake-X, Ice
    /// Lake, Zen 4 and later. The whole-grid sweep runs on 512-bit vectors. On this path and
    /// the two below, a CPU that also has AVX-512 VBMI, VBMI2, VPOPCNTDQ and GFNI (Ice Lake,
    /// Zen 4 and later) scores the guess cells sixteen at a time in vector lanes.
    Avx512,
    /// The CPUs of [`CpuPath::Avx512`] that also have AVX-512 VBMI and GFNI (Ice Lake, Zen 4
    /// and later): the same search, its whole-grid sweep on 512-bit vectors with byte lookups
    /// in place of a gather. On AMD's Zen 5, which runs 512-bit operations whole, it is the
    /// fastest path and the one [`CpuPath::detected`] picks.
    Avx512Vbmi,
    /// The CPUs of [`CpuPath::Avx512Vbmi`], the search compiled as for AVX2: its whole-grid
    /// sweep on 256-bit vectors with AVX-512's instructions (byte lookups in place of a
    /// gather), and the AVX-512 kernels that read the givens, write the solution and score the
    /// guesses. On AMD's Zen 4, which splits each 512-bit operation in two, it is the fastest
    /// path and the one [`CpuPath::detected`] picks.
    Avx512Ymm,
    /// x86-64 with AVX2, BMI1/2, LZCNT and POPCNT (Haswell, Zen and later).
    Avx2,
    /// x86-64 with SSE4.1, SSSE3 and POPCNT (Nehalem and later).
    Sse41,
    /// The baseline of the target the crate was compiled for (SSE2 on x86-64; any CPU).
    Portable,
}

impl CpuPath {
    /// Every path, widest first. On most CPUs that is also the fastest first; see
    /// [`CpuPath::detected`] for the exception.
    pub const ALL: [CpuPath; 6] = [
        CpuPath::Avx512,
        CpuPath::Avx512Vbmi,
        CpuPath::Avx512Ymm,
        CpuPath::Avx2,
        CpuPath::Sse41,
        CpuPath::Portable,
    ];

    /// The fastest path this CPU supports, detected once per process: the first supported one
    /// of [`CpuPath::ALL`], except on AMD's CPUs with AVX-512, which take one of its forms
    /// with AVX-512 VBMI and GFNI: [`CpuPath::Avx512Ymm`] on family 19h (Zen 4), which runs
    /// each 512-bit operation as two halves, and [`CpuPath::Avx512Vbmi`] on later families
    /// (Zen 5).
    pub fn detected() -> CpuPath {
        static DETECTED: OnceLock<CpuPath> = OnceLock::new();
        *DETECTED.get_or_init(|| {
            let first = CpuPath::ALL
                .into_iter()
                .find(|path| path.is_supported())
                .unwrap_or(CpuPath::Portable);
            match amd_avx512_path() {
                Some(path) if first == CpuPath::Avx512 && path.is_supported() => path,
                _ => first,
            }
        })
    }

    /// The paths this CPU can run, widest first (always ends with [`CpuPath::Portable`]).
    pub fn supported() -> Vec<CpuPath> {
        CpuPath::ALL
            .into_iter()
            .filter(|path| path.is_supported())
            .collect()
    }

    /// Whether this CPU has every feature the path was compiled for.
    pub fn is_supported(self) -> bool {
        match self {
            CpuPath::Portable => true,
            #[cfg(target_arch = "x86_64")]
            CpuPath::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vl")
                    && CpuPath::Avx2.is_supported()
            }
            #[cfg(target_arch = "x86_64")]
            CpuPath::Avx512Vbmi | CpuPath::Avx512Ymm => {
                CpuPath::Avx512.is_supported()
                    && std::arch::is_x86_feature_detected!("avx512vbmi")
                    && std::arch::is_x86_feature_detected!("gfni")
            }
            #[cfg(target_arch = "x86_64")]
            CpuPath::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("lzcnt")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            CpuPath::Sse41 => {
                std::arch::is_x86_feature_detected!("sse4.1")
                    && std::arch::is_x86_feature_detected!("ssse3")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(not(target_arch = "x86_64"))]
            CpuPath::Avx512
            | CpuPath::Avx512Vbmi
            | CpuPath::Avx512Ymm
            | CpuPath::Avx2
            | CpuPath::Sse41 => false,
        }
    }

    /// A short name: `avx512`, `avx512-vbmi`, `avx512-ymm`, `avx2`, `sse4.1` or `portable`.
    pub fn name(self) -> &'static str {
        match self {
            CpuPath::Avx512 => "avx512",
            CpuPath::Avx512Vbmi => "avx512-vbmi",
            CpuPath::Avx512Ymm => "avx512-ymm",
            CpuPath::Avx2 => "avx2",
            CpuPath::Sse41 => "sse4.1",
            CpuPath::Portable => "portable",
        }
    }
}

/// The AVX-512 path that AMD's CPUs run fastest, or `None` on another vendor or an AMD CPU
/// before family 19h (which has no AVX-512). AMD's gathers are slow, so both take the forms with
/// byte lookups in place of the sweep's gather:
/// - family 19h (Zen 4) runs each 512-bit operation as two 256-bit halves, and the 512-bit
///   sweep uses only nine of its sixteen lanes: [`CpuPath::Avx512Ymm`], whose sweep runs on
///   256-bit vectors, is faster there than [`CpuPath::Avx512`];
/// - family 1Ah (Zen 5) runs them whole: [`CpuPath::Avx512Vbmi`] was faster than
///   [`CpuPath::Avx512Ymm`] (level on the hardest sets) and than [`CpuPath::Avx512`]. That was
///   against the 256-bit sweep that kept digit 9 in general registers; the one that keeps it
///   in a vector is not measured on Zen 5.
///
/// Later families are not measured and take Zen 5's path. On Intel the 512-bit sweep with the
/// gather measured faster than the AVX2 one; the byte lookups are not measured there. The
/// figures are in `docs/design.md`, "CPU paths and their detection".
fn amd_avx512_path() -> Option<CpuPath> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid;
        // (Leaves 0 and 1 exist on every x86-64 CPU.)
        let (vendor, signature) = (__cpuid(0), __cpuid(1));
        amd_avx512_path_of((vendor.ebx, vendor.edx, vendor.ecx), signature.eax)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

/// [`amd_avx512_path`] for the `cpuid` vendor and signature (as for [`amd_family`]).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn amd_avx512_path_of(vendor: (u32, u32, u32), signature: u32) -> Option<CpuPath> {
    match amd_family(vendor, signature)? {
        0x19 => Some(CpuPath::Avx512Ymm),
        family if family > 0x19 => Some(CpuPath::Avx512Vbmi),
        _ => None,
    }
}

/// The CPU family of an AMD CPU, from the vendor string as `cpuid` leaf 0 returns it (in EBX,
/// EDX, ECX) and the signature of leaf 1 (EAX); `None` for another vendor.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn amd_family(vendor: (u32, u32, u32), signature: u32) -> Option<u32> {
    // "Auth", "enti", "cAMD".
    if vendor != (0x6874_7541, 0x6974_6e65, 0x444d_4163) {
        return None;
    }
    // The base family (bits 8..12), plus the extended family (bits 20..28) when the base is 15.
    let base = (signature >> 8) & 0xf;
    Some(if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    })
}

impl fmt::Display for CpuPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The CPU lacks a feature of the requested [`CpuPath`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("this CPU does not support the {path} solver path")]
pub struct UnsupportedCpuPath {
    /// The path that was asked for.
    pub path: CpuPath,
}

/// For a test that needs `path`: `true` (after saying so on stderr) when this CPU lacks it and
/// the test must skip. It panics instead when `$SUDOKU_CPU_PATHS` (a comma-separated list of
/// path names that CI promises its machines have, set by `.ci/run`) names the path, so that a
/// CI machine without it fails rather than passing silently.
#[cfg(test)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn test_lacks(path: CpuPath) -> bool {
    if path.is_supported() {
        return false;
    }
    let required = std::env::var("SUDOKU_CPU_PATHS").unwrap_or_default();
    assert!(
        !promises(&required, path),
        "SUDOKU_CPU_PATHS={required} promises the {path} path, which this CPU lacks"
    );
    eprintln!("skipped: this CPU lacks the {path} path");
    true
}

/// Whether `list` (the value of `$SUDOKU_CPU_PATHS`) names `path`.
#[cfg(test)]
fn promises(list: &str, path: CpuPath) -> bool {
    list.split(',').any(|name| name.trim() == path.name())
}

/// A [`CpuPath`] this CPU is known to support. The field is private and the only constructors
/// check support, so holding one is the proof the `unsafe` calls below rely on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Verified(CpuPath);

impl Verified {
    /// The detected path.
    pub(crate) fn detected() -> Verified {
        Verified(CpuPath::detected())
    }

    /// `path`, if this CPU supports it.
    pub(crate) fn new(path: CpuPath) -> Result<Verified, UnsupportedCpuPath> {
        if path.is_supported() {
            Ok(Verified(path))
        } else {
            Err(UnsupportedCpuPath { path })
        }
    }

    /// The path.
    pub(crate) fn path(self) -> CpuPath {
        self.0
    }
}

/// [`Engine::next_solution`] on the given path.
pub(crate) fn next_solution<O: Solved>(
    engine: &mut Engine,
    path: Verified,
    budget: u64,
) -> Result<Option<O>, OutOfGuesses> {
    match path.0 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Verified(CpuPath::Avx512)` exists only after `CpuPath::is_supported` detected
        // avx512f, avx512bw, avx512vl, avx2, bmi1, bmi2, lzcnt and popcnt on this CPU, the
        // features the function enables.
        CpuPath::Avx512 => unsafe { x86::next_solution_avx512(engine, budget) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Verified(CpuPath::Avx512Ymm)` exists only after `CpuPath::is_supported`
        // detected the features of `CpuPath::Avx512` and AVX-512 VBMI and GFNI, which include
        // those the function enables and those of the AVX-512 kernels it calls (the guess
        // score's checks its own).
        CpuPath::Avx512Ymm => unsafe { x86::next_solution_avx512_ymm(engine, budget) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Verified(CpuPath::Avx512Vbmi)` exists only after `CpuPath::is_supported`
        // detected the features of `CpuPath::Avx512` and AVX-512 VBMI and GFNI, which include
        // those the function enables and those of the sweep it calls (the guess score's checks
        // its own).
        CpuPath::Avx512Vbmi => unsafe { x86::next_solution_avx512_vbmi(engine, budget) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Verified(CpuPath::Avx2)` exists only after `CpuPath::is_supported` detected
        // avx2, bmi1, bmi2, lzcnt and popcnt on this CPU, the features the function enables.
        CpuPath::Avx2 => unsafe { x86::next_solution_avx2(engine, budget) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Verified(CpuPath::Sse41)` exists only after `CpuPath::is_supported` detected
        // sse4.1, ssse3 and popcnt on this CPU, the features the function enables.
        CpuPath::Sse41 => unsafe { x86::next_solution_sse41(engine, budget) },
        _ => next_solution_portable(engine, budget),
    }
}

/// The portable path: the engine compiled for the target's baseline.
#[inline(never)]
fn next_solution_portable<O: Solved>(
    engine: &mut Engine,
    budget: u64,
) -> Result<Option<O>, OutOfGuesses> {
    #[cfg(target_arch = "x86_64")]
    {
        engine.next_solution(budget, x86::Sse2)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        engine.next_solution(budget, super::kernels::Scalar)
    }
}

/// The whole-grid propagation of a state on `path`, for the band engine's tests: `None` when
/// the path has no sweep or this CPU (or target) lacks it, or if the sweep stopped early.
#[cfg(test)]
pub(crate) fn sweep_propagate(
    path: CpuPath,
    cand: &mut [[u32; 9]; 3],
    unsolved: &mut [u32; 3],
    counts: &mut [[u32; 3]; 3],
    order: super::kernels::Order,
) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::sweep_propagate(path, cand, unsolved, counts, order)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (path, cand, unsolved, counts, order);
        None
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The x86-64 paths: the same call, compiled with more features enabled.

    use std::arch::x86_64::{
        __m128i, __m256i, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
        _mm256_cmpeq_epi8_mask, _mm256_loadu_si256, _mm256_mask_mov_epi8, _mm256_mask_storeu_epi8,
        _mm256_maskz_loadu_epi8, _mm256_movemask_ps, _mm256_set1_epi32, _mm256_set1_epi8,
        _mm256_setzero_si256, _mm256_test_epi8_mask, _mm_and_si128, _mm_castsi128_ps,
        _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128,
        _pext_u32,
    };

    use super::super::bands::{Engine, Solved};
    use super::super::kernels::{givens_by_planes, keep_by_shifts, values_by_planes};
    use super::super::kernels::{Kernels, Order};
    use super::super::tables::{BAND, KEEP, TRIAD_FIRSTS};
    use super::super::OutOfGuesses;

    /// Kernels with SSE2, which every x86-64 CPU has (it is part of the target's baseline).
    #[derive(Debug, Clone, Copy)]
    pub(super) struct Sse2;

    impl Kernels for Sse2 {
        #[inline(always)]
        fn digits_meeting(self, cands: &[u32; 9], cells: u32) -> u32 {
            // SAFETY: SSE2 is enabled for every x86-64 target, so the intrinsics can run; both
            // unaligned loads read 16 bytes inside the 36 bytes of `cands` (offsets 0 and 16).
            #[allow(unused_unsafe)]
            let empty = unsafe {
                let mask = _mm_set1_epi32(cells as i32);
                let zero = _mm_setzero_si128();
                let low = _mm_loadu_si128(cands.as_ptr().cast::<__m128i>());
                let high = _mm_loadu_si128(cands.as_ptr().add(4).cast::<__m128i>());
                let low = _mm_cmpeq_epi32(_mm_and_si128(low, mask), zero);
                let high = _mm_cmpeq_epi32(_mm_and_si128(high, mask), zero);
                _mm_movemask_ps(_mm_castsi128_ps(low))
                    | _mm_movemask_ps(_mm_castsi128_ps(high)) << 4
            };
            (!empty as u32 & 0xff) | u32::from(cands[8] & cells != 0) << 8
        }

        #[inline(always)]
        fn nonzero_digits(self, masks: &[u32; 9]) -> u32 {
            // SAFETY: as in `digits_meeting`: SSE2 is part of every x86-64 target, and both
            // loads read 16 bytes inside the 36 bytes of `masks`.
            #[allow(unused_unsafe)]
            let empty = unsafe {
                let zero = _mm_setzero_si128();
                let low = _mm_loadu_si128(masks.as_ptr().cast::<__m128i>());
                let high = _mm_loadu_si128(masks.as_ptr().add(4).cast::<__m128i>());
                let low = _mm_cmpeq_epi32(low, zero);
                let high = _mm_cmpeq_epi32(high, zero);
                _mm_movemask_ps(_mm_castsi128_ps(low))
                    | _mm_movemask_ps(_mm_castsi128_ps(high)) << 4
            };
            (!empty as u32 & 0xff) | u32::from(masks[8] != 0) << 8
        }
    }

    /// Kernels for the SSE4.1 path: [`Sse2`]'s, and the whole-grid sweep compiled for SSE4.1
    /// (`sweep::sse41`) for the root of a search with many givens. Only
    /// [`next_solution_sse41`] makes one, so it only runs on CPUs where SSE4.1 was detected.
    #[derive(Debug, Clone, Copy)]
    struct Sse41 {
        _private: (),
    }

    impl Kernels for Sse41 {
        const SWEEPS: bool = true;
        const SWEEP_CASCADES: bool = false;

        #[inline(always)]
        fn digits_meeting(self, cands: &[u32; 9], cells: u32) -> u32 {
            Sse2.digits_meeting(cands, cells)
        }

        #[inline(always)]
        fn nonzero_digits(self, masks: &[u32; 9]) -> u32 {
            Sse2.nonzero_digits(masks)
        }

        #[inline(always)]
        fn propagate(
            self,
            cand: &mut [[u32; 9]; 3],
            unsolved: &mut [u32; 3],
            counts: &mut [[u32; 3]; 3],
            order: Order,
        ) -> Option<bool> {
            // SAFETY: an `Sse41` value exists only inside `next_solution_sse41`, which runs only
            // on CPUs with SSE4.1 (see `Verified`); the sweep's own memory accesses stay within
            // each band's nine `u32`s.
            unsafe { super::sweep::sse41::propagate(cand, unsolved, counts, order) }
        }
    }

    /// Which whole-grid sweep an [`Avx2`] kernel set calls: `sweep::avx2::plain` (256-bit
    /// vectors, AVX2 alone).
    const YMM_GATHER: u8 = 0;
    /// `sweep::ymm`: 256-bit vectors compiled with AVX-512F/VL/BW/VBMI and GFNI, digit 9 of the
    /// three bands in one vector, `KEEP` by byte lookups.
    const YMM_BYTES: u8 = 1;
    /// `sweep::avx512`: 512-bit vectors, `KEEP` by a gather.
    const ZMM_GATHER: u8 = 2;
    /// `sweep::avx512::bytes`: 512-bit vectors, `KEEP` by byte lookups (AVX-512 VBMI and GFNI).
    const ZMM_BYTES: u8 = 3;

    /// Kernels with AVX2. Only [`next_solution_avx2`] and the three AVX-512 wrappers
    /// ([`next_solution_avx512`], [`next_solution_avx512_vbmi`], [`next_solution_avx512_ymm`])
    /// make one, so they only run on CPUs where AVX2 was detected.
    ///
    /// [`Kernels::propagate`] is the whole-grid sweep compiled for the path, chosen by `SWEEP`
    /// ([`YMM_GATHER`], [`YMM_BYTES`], [`ZMM_GATHER`] or [`ZMM_BYTES`]); only the AVX-512
    /// wrappers make one with another sweep than [`YMM_GATHER`], so that every other sweep
    /// means an AVX-512 CPU ([`Avx2::AVX512`]).
    ///
    /// With `AVX512` (made only by the AVX-512 wrappers), three more kernels use what those
    /// CPUs have: [`Kernels::keep`] gathers triads with BMI2's `pext`, which every AVX-512 CPU
    /// runs in a few cycles (AMD before Zen 3 microcodes it, slowly, and takes the AVX2 path);
    /// [`Kernels::givens`] and [`Kernels::values`] are [`givens_avx512`] and
    /// [`values_avx512`]. On a CPU that also has AVX-512 VBMI, VBMI2, VPOPCNTDQ and GFNI
    /// (`vector_score`: Ice Lake, Zen 4 and later), [`Kernels::bivalue_guess_key`] scores the
    /// guess's bivalue cells in vector lanes (`super::guess`).
    #[derive(Debug, Clone, Copy)]
    struct Avx2<const SWEEP: u8> {
        /// Whether [`super::guess::bivalue_key`] may run: set only by the AVX-512 wrappers
        /// (whose paths detected AVX-512F/BW/VL), and only when [`super::guess::supported`]
        /// detected the rest of its features.
        vector_score: bool,
    }

    impl<const SWEEP: u8> Avx2<SWEEP> {
        /// Whether the CPU has AVX-512 (and BMI2): every sweep but the plain AVX2 one.
        const AVX512: bool = SWEEP != YMM_GATHER;
    }

    impl<const SWEEP: u8> Kernels for Avx2<SWEEP> {
        const SWEEPS: bool = true;

        /// Two on `avx512-vbmi`, whose sweep is the cheapest (measured on Zen 5); three on
        /// `avx512-ymm`, with its sweep on four vectors and the stack pass on every sweep
        /// (measured on Zen 4); four on the others. The figures, and the values that lost, are
        /// in `docs/design.md`, "Handing over: `SWEEP_AT`".
        const SWEEP_AT: u32 = match SWEEP {
            ZMM_BYTES => 2,
            YMM_BYTES => 3,
            _ => 4,
        };

        /// On `avx512-vbmi` and `avx512-ymm`. The pass runs beside the singles, which the sweep
        /// waits on, so a cascade takes fewer sweeps: the sparse sets gain, dense roots lose
        /// (hence the rule by givens, `super::super::bands`). The 256-bit sweep of
        /// `avx512-ymm` gained only once the three bands' digit 9 shared one vector
        /// (`sweep::ymm`); the gather sweep of `avx512` is for Intel's CPUs, where it is not
        /// measured. The figures are in `docs/design.md`, "Whole-grid sweeps".
        const STACKS_ALWAYS: bool = SWEEP == ZMM_BYTES || SWEEP == YMM_BYTES;

        #[inline(always)]
        fn digits_meeting(self, cands: &[u32; 9], cells: u32) -> u32 {
            // SAFETY: an `Avx2` value exists only inside `next_solution_avx2` and
            // `next_solution_avx512`, which run only on CPUs with AVX2 (see `Verified`); the
            // unaligned load reads 32 bytes inside the 36 bytes of `cands`.
            let empty = unsafe {
                let hits = _mm256_and_si256(
                    _mm256_loadu_si256(cands.as_ptr().cast::<__m256i>()),
                    _mm256_set1_epi32(cells as i32),
                );
                let zero = _mm256_cmpeq_epi32(hits, _mm256_setzero_si256());
                _mm256_movemask_ps(_mm256_castsi256_ps(zero))
            };
            (!empty as u32 & 0xff) | u32::from(cands[8] & cells != 0) << 8
        }

        #[inline(always)]
        fn givens(self, values: &[u8; 81]) -> ([[u32; 9]; 3], [u32; 3]) {
            if !Self::AVX512 {
                return givens_by_planes(values);
            }
            // SAFETY: only reached on CPUs with AVX-512F/BW/VL and AVX2, which
            // `CpuPath::Avx512` (and the two paths built on it) require before an AVX-512 `Avx2`
            // value is made: the features `givens_avx512` enables.
            unsafe { givens_avx512(values) }
        }

        #[inline(always)]
        fn values(self, cand: &[[u32; 9]; 3]) -> [u8; 81] {
            if !Self::AVX512 {
                return values_by_planes(cand);
            }
            // SAFETY: as in `givens`: the CPU has the features `values_avx512` enables.
            unsafe { values_avx512(cand) }
        }

        #[inline(always)]
        fn propagate(
            self,
            cand: &mut [[u32; 9]; 3],
            unsolved: &mut [u32; 3],
            counts: &mut [[u32; 3]; 3],
            order: Order,
        ) -> Option<bool> {
            match SWEEP {
                // SAFETY: only reached on CPUs with AVX-512F, which `CpuPath::Avx512` requires
                // before an `Avx2::<ZMM_GATHER>` value is made (the sweep's own memory accesses
                // stay within each band's nine `u32`s, see there).
                ZMM_GATHER => unsafe {
                    super::sweep::avx512::propagate(cand, unsolved, counts, order)
                },
                // SAFETY: an `Avx2::<ZMM_BYTES>` value is made only by
                // `next_solution_avx512_vbmi`, which runs only after `CpuPath::Avx512Vbmi`'s
                // features were detected: AVX-512F/BW, VBMI and GFNI among them, the features
                // this sweep is compiled with.
                ZMM_BYTES => unsafe {
                    super::sweep::avx512::bytes::propagate(cand, unsolved, counts, order)
                },
                // SAFETY: an `Avx2::<YMM_BYTES>` value is made only by
                // `next_solution_avx512_ymm`, which runs only after `CpuPath::Avx512Ymm`'s
                // features were detected: AVX-512F/BW/VL/VBMI, GFNI, AVX2 and BMI2 among them,
                // the features this sweep is compiled with.
                YMM_BYTES => unsafe { super::sweep::ymm::propagate(cand, unsolved, counts, order) },
                // The root's order after guesses too: without three-input logic, counting naked
                // singles on every sweep costs more than the sweeps it saves (with AVX-512 it
                // gains, and the kernel gets the order as it is; `docs/design.md`, "Whole-grid
                // sweeps").
                // SAFETY: an `Avx2` value exists only on CPUs with AVX2 (see `Verified`).
                _ => unsafe {
                    let order = Order {
                        stacks_never: order.stacks_never,
                        ..Order::ROOT
                    };
                    super::sweep::avx2::plain::propagate(cand, unsolved, counts, order)
                },
            }
        }

        #[inline(always)]
        fn keep(self, cells: u32) -> u32 {
            if !Self::AVX512 {
                return keep_by_shifts(cells);
            }
            // The lowest cell of every triad, set when the triad holds a candidate.
            let any = cells | cells >> 1 | cells >> 2;
            // SAFETY: only reached on CPUs with BMI2, which `CpuPath::Avx512` requires (with
            // `CpuPath::Avx2`'s features) before an AVX-512 `Avx2` value is made.
            let triads = unsafe { _pext_u32(any, TRIAD_FIRSTS) };
            // `pext` packs the triads row by row (bit `3 * row + box`), the order of `KEEP`;
            // the index is below 512.
            KEEP[triads as usize & 0x1ff]
        }

        #[inline(always)]
        fn bivalue_guess_key(
            self,
            cand: &[[u32; 9]; 3],
            unsolved: &[u32; 3],
            bivalue: &[u32; 3],
        ) -> Option<u32> {
            if !Self::AVX512 || !self.vector_score {
                return None;
            }
            // SAFETY: `vector_score` is set only in the kernels of the three AVX-512 wrappers,
            // which run only after their path's features were detected (AVX-512F/BW/VL among
            // them), and only when `guess::supported` detected VBMI, VBMI2, VPOPCNTDQ, GFNI
            // and POPCNT: with those, the features the kernel is compiled with.
            unsafe { super::guess::bivalue_key(cand, unsolved, bivalue) }
        }

        #[inline(always)]
        fn nonzero_digits(self, masks: &[u32; 9]) -> u32 {
            // SAFETY: as in `digits_meeting`: only reached on CPUs with AVX2, and the load
            // reads 32 bytes inside the 36 bytes of `masks`.
            let empty = unsafe {
                let lanes = _mm256_loadu_si256(masks.as_ptr().cast::<__m256i>());
                let zero = _mm256_cmpeq_epi32(lanes, _mm256_setzero_si256());
                _mm256_movemask_ps(_mm256_castsi256_ps(zero))
            };
            (!empty as u32 & 0xff) | u32::from(masks[8] != 0) << 8
        }
    }

    /// [`Kernels::givens`] with AVX-512BW/VL: each band's 27 values compared with each digit in
    /// one instruction that yields the band mask directly. Its own function, so that a search
    /// compiled without AVX-512 (`CpuPath::Avx512Ymm`'s) calls it; the AVX-512 search inlines
    /// it.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2")]
    fn givens_avx512(values: &[u8; 81]) -> ([[u32; 9]; 3], [u32; 3]) {
        let mut givens = [[0u32; 9]; 3];
        let mut filled = [0u32; 3];
        for (band, band_givens) in givens.iter_mut().enumerate() {
            // Straight from `values`, with no padded copy: the copy's stores, and loads that
            // spanned them and so waited for them, cost more (`docs/design.md`, "Setup and
            // solution").
            // SAFETY: the masked load reads bytes 27 * band .. 27 * band + 27 of `values` (mask
            // `BAND`, 27 bits; the masked-off bytes are not read, so the last band's load does
            // not pass the end).
            unsafe {
                let band_values =
                    _mm256_maskz_loadu_epi8(BAND, values.as_ptr().add(27 * band).cast());
                filled[band] = _mm256_test_epi8_mask(band_values, band_values);
                for (digit, cells) in band_givens.iter_mut().enumerate() {
                    let value = _mm256_set1_epi8(digit as i8 + 1);
                    *cells = _mm256_cmpeq_epi8_mask(band_values, value);
                }
            }
        }
        (givens, filled)
    }

    /// [`Kernels::values`] with AVX-512BW/VL: a band's values written with one masked byte
    /// move per digit. Its own function, as [`givens_avx512`] is.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2")]
    fn values_avx512(cand: &[[u32; 9]; 3]) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (band, band_cands) in cand.iter().enumerate() {
            let mut band_values = _mm256_setzero_si256();
            for (digit, &cells) in band_cands.iter().enumerate() {
                let value = _mm256_set1_epi8(digit as i8 + 1);
                band_values = _mm256_mask_mov_epi8(band_values, cells & BAND, value);
            }
            // SAFETY: the masked store writes bytes 27 * band .. 27 * band + 27 of `values`
            // (mask `BAND`, 27 bits; the masked-off bytes are not written, so the last band's
            // store does not pass the end).
            unsafe {
                _mm256_mask_storeu_epi8(
                    values.as_mut_ptr().add(27 * band).cast(),
                    BAND,
                    band_values,
                );
            }
        }
        values
    }

    /// The AVX2 kernels on their own, for the kernel tests: `digits_meeting` and
    /// `nonzero_digits` of the masks, or `None` without AVX2.
    #[cfg(test)]
    pub(super) fn avx2_kernels(cands: &[u32; 9], cells: u32) -> Option<(u32, u32)> {
        #[target_feature(enable = "avx2")]
        unsafe fn with_avx2(cands: &[u32; 9], cells: u32) -> (u32, u32) {
            let kernels = Avx2::<YMM_GATHER> {
                vector_score: false,
            };
            (
                kernels.digits_meeting(cands, cells),
                kernels.nonzero_digits(cands),
            )
        }
        // SAFETY: called only after AVX2 was detected on this CPU.
        std::arch::is_x86_feature_detected!("avx2").then(|| unsafe { with_avx2(cands, cells) })
    }

    /// The AVX-512 version of [`Kernels::givens`], or `None` on a CPU without AVX-512BW/VL.
    #[cfg(test)]
    pub(super) fn avx512_givens(values: &[u8; 81]) -> Option<([[u32; 9]; 3], [u32; 3])> {
        #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
        unsafe fn with_avx512(values: &[u8; 81]) -> ([[u32; 9]; 3], [u32; 3]) {
            Avx2::<ZMM_GATHER> {
                vector_score: false,
            }
            .givens(values)
        }
        // SAFETY: called only after AVX-512F/BW/VL were detected on this CPU.
        super::CpuPath::Avx512
            .is_supported()
            .then(|| unsafe { with_avx512(values) })
    }

    /// The AVX-512 version of [`Kernels::values`], or `None` on a CPU without AVX-512BW/VL.
    #[cfg(test)]
    pub(super) fn avx512_values(cand: &[[u32; 9]; 3]) -> Option<[u8; 81]> {
        #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
        unsafe fn with_avx512(cand: &[[u32; 9]; 3]) -> [u8; 81] {
            Avx2::<ZMM_GATHER> {
                vector_score: false,
            }
            .values(cand)
        }
        // SAFETY: called only after AVX-512F/BW/VL were detected on this CPU.
        super::CpuPath::Avx512
            .is_supported()
            .then(|| unsafe { with_avx512(cand) })
    }

    /// The whole-grid propagation ([`Kernels::propagate`]) of a state on `path`, or `None` when
    /// the path has no sweep or this CPU lacks it (or if the sweep stopped early).
    #[cfg(test)]
    pub(crate) fn sweep_propagate(
        path: super::CpuPath,
        cand: &mut [[u32; 9]; 3],
        unsolved: &mut [u32; 3],
        counts: &mut [[u32; 3]; 3],
        order: Order,
    ) -> Option<bool> {
        if !path.is_supported() {
            return None;
        }
        // SAFETY: each kernel is called only after the features of its path, which include
        // the one it is compiled for, were detected on this CPU.
        match path {
            super::CpuPath::Avx512 => unsafe {
                super::sweep::avx512::propagate(cand, unsolved, counts, order)
            },
            super::CpuPath::Avx512Vbmi => unsafe {
                super::sweep::avx512::bytes::propagate(cand, unsolved, counts, order)
            },
            super::CpuPath::Avx512Ymm => unsafe {
                super::sweep::ymm::propagate(cand, unsolved, counts, order)
            },
            super::CpuPath::Avx2 => unsafe {
                super::sweep::avx2::plain::propagate(cand, unsolved, counts, order)
            },
            super::CpuPath::Sse41 => unsafe {
                super::sweep::sse41::propagate(cand, unsolved, counts, order)
            },
            _ => None,
        }
    }

    /// The `pext` version of [`Kernels::keep`], or `None` on a CPU without BMI2.
    #[cfg(test)]
    pub(super) fn pext_keep(cells: u32) -> Option<u32> {
        #[target_feature(enable = "bmi2")]
        unsafe fn with_bmi2(cells: u32) -> u32 {
            Avx2::<ZMM_GATHER> {
                vector_score: false,
            }
            .keep(cells)
        }
        // SAFETY: called only after BMI2 was detected on this CPU.
        std::arch::is_x86_feature_detected!("bmi2").then(|| unsafe { with_bmi2(cells) })
    }

    /// The search compiled for AVX-512 F/BW/VL (with AVX2, BMI1/2, LZCNT and POPCNT): the
    /// compiler uses the EVEX forms (three-input logic, masked moves, 32 vector registers) in
    /// the vectorised loops; the kernels are the AVX2 ones.
    ///
    /// # Safety
    /// The CPU must support every feature enabled here.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) unsafe fn next_solution_avx512<O: Solved>(
        engine: &mut Engine,
        budget: u64,
    ) -> Result<Option<O>, OutOfGuesses> {
        let vector_score = super::guess::supported();
        engine.next_solution(budget, Avx2::<ZMM_GATHER> { vector_score })
    }

    /// The search for `CpuPath::Avx512Vbmi`: compiled as [`next_solution_avx512`], with the
    /// whole-grid sweep on 512-bit vectors that computes `KEEP` by byte lookups (AVX-512 VBMI
    /// and GFNI) instead of a gather. On Zen 5 the search compiled for AVX2 with this sweep
    /// measured level (`docs/design.md`, "CPU paths and their detection").
    ///
    /// # Safety
    /// The CPU must support every feature enabled here and those of the kernels it calls (the
    /// sweep, the guess score): all of `CpuPath::Avx512Vbmi`'s.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) unsafe fn next_solution_avx512_vbmi<O: Solved>(
        engine: &mut Engine,
        budget: u64,
    ) -> Result<Option<O>, OutOfGuesses> {
        let vector_score = super::guess::supported();
        engine.next_solution(budget, Avx2::<ZMM_BYTES> { vector_score })
    }

    /// The search for `CpuPath::Avx512Ymm`: compiled for AVX2, as [`next_solution_avx2`], with
    /// the AVX-512 kernels (`pext` triads, [`givens_avx512`], [`values_avx512`], the guess
    /// score of `super::guess`) and the whole-grid sweep on 256-bit vectors compiled with
    /// AVX-512F/BW/VL/VBMI and GFNI. On Zen 4,
    /// compiling the search itself with AVX-512 (where the compiler vectorises its loops over
    /// the nine digits with 512-bit vectors) took more time on the hard sets
    /// (`docs/design.md`, "CPU paths and their detection").
    ///
    /// # Safety
    /// The CPU must support every feature enabled here and those of the kernels it calls: all
    /// of `CpuPath::Avx512Ymm`'s.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) unsafe fn next_solution_avx512_ymm<O: Solved>(
        engine: &mut Engine,
        budget: u64,
    ) -> Result<Option<O>, OutOfGuesses> {
        let vector_score = super::guess::supported();
        engine.next_solution(budget, Avx2::<YMM_BYTES> { vector_score })
    }

    /// The search compiled for AVX2 (with BMI1/2, LZCNT and POPCNT).
    ///
    /// # Safety
    /// The CPU must support every feature enabled here.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) unsafe fn next_solution_avx2<O: Solved>(
        engine: &mut Engine,
        budget: u64,
    ) -> Result<Option<O>, OutOfGuesses> {
        engine.next_solution(
            budget,
            Avx2::<YMM_GATHER> {
                vector_score: false,
            },
        )
    }

    /// The search compiled for SSE4.1 (with SSSE3 and POPCNT).
    ///
    /// # Safety
    /// The CPU must support every feature enabled here.
    #[target_feature(enable = "sse4.1,ssse3,popcnt")]
    pub(super) unsafe fn next_solution_sse41<O: Solved>(
        engine: &mut Engine,
        budget: u64,
    ) -> Result<Option<O>, OutOfGuesses> {
        engine.next_solution(budget, Sse41 { _private: () })
    }
}

#[cfg(test)]
mod tests {
    use super::super::kernels::{givens_by_planes, values_by_planes, Kernels, Scalar};
    use super::super::tables::{triads_by_box, KEEP_BY_BOX};
    use super::*;

    #[test]
    fn portable_is_always_supported_and_detection_picks_a_supported_path() {
        assert!(CpuPath::Portable.is_supported());
        assert!(CpuPath::detected().is_supported());
        assert_eq!(CpuPath::supported().last(), Some(&CpuPath::Portable));
        // The widest supported path, but on AMD's CPUs with AVX-512.
        let (widest, detected) = (CpuPath::supported()[0], CpuPath::detected());
        match amd_avx512_path() {
            Some(path) if widest == CpuPath::Avx512 && path.is_supported() => {
                assert_eq!(detected, path);
            }
            _ => assert_eq!(detected, widest),
        }
    }

    #[test]
    fn amd_families_are_read_from_the_cpu_signature() {
        let amd = (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let intel = (0x756e_6547, 0x4965_6e69, 0x6c65_746e);
        // Zen 4 (EPYC 9004, family 19h model 11h), Zen 5 (family 1Ah), Zen 2 (family 17h).
        assert_eq!(amd_family(amd, 0x00a1_0f11), Some(0x19));
        assert_eq!(amd_family(amd, 0x00b0_0f21), Some(0x1a));
        assert_eq!(amd_family(amd, 0x0083_0f10), Some(0x17));
        // Before family 15 the extended family is not added.
        assert_eq!(amd_family(amd, 0x0000_0612), Some(6));
        // An Intel signature (Sapphire Rapids) is no AMD family.
        assert_eq!(amd_family(intel, 0x0008_06f8), None);
        // The 256-bit sweep on Zen 4 (and Zen 3, which has no AVX-512, so never takes it),
        // the 512-bit one with byte lookups on Zen 5, neither on Zen 2 or on Intel.
        assert_eq!(
            amd_avx512_path_of(amd, 0x00a1_0f11),
            Some(CpuPath::Avx512Ymm)
        );
        assert_eq!(
            amd_avx512_path_of(amd, 0x00b0_0f21),
            Some(CpuPath::Avx512Vbmi)
        );
        assert_eq!(amd_avx512_path_of(amd, 0x0083_0f10), None);
        assert_eq!(amd_avx512_path_of(intel, 0x0008_06f8), None);
    }

    /// Masks with few bits, so that both outcomes of each digit's test are common.
    fn sparse_masks(seed: &mut u64) -> u32 {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed as u32
        };
        next() & next() & next() & ((1 << 27) - 1)
    }

    #[test]
    fn every_kernel_matches_the_scalar_one() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let cands: [u32; 9] = std::array::from_fn(|_| sparse_masks(&mut seed));
            let cells = sparse_masks(&mut seed) | sparse_masks(&mut seed);
            let expected = (
                Scalar.digits_meeting(&cands, cells),
                Scalar.nonzero_digits(&cands),
            );
            #[cfg(target_arch = "x86_64")]
            {
                let sse2 = (
                    x86::Sse2.digits_meeting(&cands, cells),
                    x86::Sse2.nonzero_digits(&cands),
                );
                assert_eq!(sse2, expected);
                if CpuPath::Avx2.is_supported() {
                    assert_eq!(x86::avx2_kernels(&cands, cells), Some(expected));
                }
            }
            assert_eq!((expected.0 | expected.1) & !0x1ff, 0);
        }
    }

    #[test]
    fn every_givens_and_values_kernel_matches_the_bit_planes() {
        let mut seed = 0x6a09_e667_f3bc_c908;
        for round in 0..5_000 {
            // Sparse, dense and full grids, every value 0..=9 in every cell.
            let mut values = [0u8; 81];
            for value in values.iter_mut() {
                let draw = sparse_masks(&mut seed) as u8 % 10;
                *value = if round % 3 == 0 && draw > 4 { 0 } else { draw };
            }
            if round % 3 == 2 {
                values.iter_mut().for_each(|v| *v = 1 + *v % 9);
            }
            let expected = givens_by_planes(&values);
            // And back: the masks of the givens give the values again.
            assert_eq!(values_by_planes(&expected.0), values);
            assert_eq!(Scalar.values(&expected.0), values);
            #[cfg(target_arch = "x86_64")]
            if let Some(avx512) = x86::avx512_values(&expected.0) {
                assert_eq!(avx512, values);
            }
            for band in 0..3 {
                for (digit, &cells) in expected.0[band].iter().enumerate() {
                    let by_hand = (0..27).fold(0u32, |mask, k| {
                        mask | u32::from(values[27 * band + k] == digit as u8 + 1) << k
                    });
                    assert_eq!(cells, by_hand);
                }
                let filled =
                    (0..27).fold(0u32, |m, k| m | u32::from(values[27 * band + k] != 0) << k);
                assert_eq!(expected.1[band], filled);
            }
            assert_eq!(Scalar.givens(&values), expected);
            #[cfg(target_arch = "x86_64")]
            if let Some(avx512) = x86::avx512_givens(&values) {
                assert_eq!(avx512, expected, "{values:?}");
            }
        }
    }

    #[test]
    fn every_keep_kernel_matches_the_table() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for round in 0..50_000 {
            // Sparse and dense bands, so that empty and full triads are both common.
            let cells = match round % 3 {
                0 => sparse_masks(&mut seed),
                1 => sparse_masks(&mut seed) | sparse_masks(&mut seed),
                _ => !sparse_masks(&mut seed) & ((1 << 27) - 1),
            };
            let expected = KEEP_BY_BOX[triads_by_box(cells) as usize];
            assert_eq!(Scalar.keep(cells), expected);
            #[cfg(target_arch = "x86_64")]
            if let Some(pext) = x86::pext_keep(cells) {
                assert_eq!(pext, expected, "{cells:027b}");
            }
        }
    }

    /// A test that needs a path skips without it, unless `$SUDOKU_CPU_PATHS` (set in CI)
    /// promises that path: then it fails (before, such tests passed silently in CI too).
    #[test]
    fn a_promised_path_may_not_be_skipped() {
        assert!(super::promises("avx2, sse4.1,portable", CpuPath::Sse41));
        assert!(super::promises("avx512-vbmi", CpuPath::Avx512Vbmi));
        assert!(!super::promises("avx512-vbmi", CpuPath::Avx512));
        assert!(!super::promises("", CpuPath::Portable));
    }

    #[test]
    fn unsupported_paths_are_refused() {
        for path in CpuPath::ALL {
            assert_eq!(Verified::new(path).is_ok(), path.is_supported());
        }
    }
}
