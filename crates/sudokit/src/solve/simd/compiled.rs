//! Any inlined computation compiled again for the detected CPU path, for the engines outside
//! `solve` (the variant fast path's wide boards). The workspace is built for baseline x86-64,
//! where `count_ones` is a sequence of shifts and masks and a `[u64; 4]` AND is four scalar
//! operations; inside a `#[target_feature]` wrapper the same code takes `popcnt` and, with AVX2,
//! 256-bit vectors. The work must be inlined into the wrapper to be compiled with its
//! features: [`Compiled::run`] and everything it calls in its hot loops are
//! `#[inline(always)]`. The portable path calls the same code unchanged, so the answers cannot
//! depend on the path.

#[cfg(target_arch = "x86_64")]
use super::CpuPath;
use super::Verified;

/// A computation to run on a CPU path: [`Compiled::run`] must be `#[inline(always)]`, and so
/// must what it calls in its hot loops (what is not inlined runs as compiled for the
/// baseline).
pub(crate) trait Compiled {
    /// What the computation returns.
    type Out;

    /// Runs it.
    fn run(self) -> Self::Out;
}

/// Runs `work` compiled for `path`: AVX2, BMI1/2, LZCNT and POPCNT on [`CpuPath::Avx2`] and the
/// AVX-512 paths (whose wider vectors a board of four words has no use for), SSE4.1, SSSE3 and
/// POPCNT on [`CpuPath::Sse41`], the baseline on [`CpuPath::Portable`].
pub(crate) fn run_on<C: Compiled>(path: Verified, work: C) -> C::Out {
    match path.path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Verified` AVX-512 or AVX2 path exists only after `CpuPath::is_supported`
        // detected avx2, bmi1, bmi2, lzcnt and popcnt on this CPU (the AVX-512 paths require
        // the AVX2 path's features), the features the function enables.
        CpuPath::Avx512 | CpuPath::Avx512Vbmi | CpuPath::Avx512Ymm | CpuPath::Avx2 => unsafe {
            x86::run_avx2(work)
        },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Verified(CpuPath::Sse41)` exists only after `CpuPath::is_supported` detected
        // sse4.1, ssse3 and popcnt on this CPU, the features the function enables.
        CpuPath::Sse41 => unsafe { x86::run_sse41(work) },
        _ => run_portable(work),
    }
}

/// The portable path: `work` compiled for the target's baseline.
#[inline(never)]
fn run_portable<C: Compiled>(work: C) -> C::Out {
    work.run()
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The x86-64 wrappers: the same call, compiled with more features enabled.

    use super::Compiled;

    /// `work` compiled with AVX2, BMI1/2, LZCNT and POPCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) unsafe fn run_avx2<C: Compiled>(work: C) -> C::Out {
        work.run()
    }

    /// `work` compiled with SSE4.1, SSSE3 and POPCNT.
    #[target_feature(enable = "sse4.1,ssse3,popcnt")]
    pub(super) unsafe fn run_sse41<C: Compiled>(work: C) -> C::Out {
        work.run()
    }
}
