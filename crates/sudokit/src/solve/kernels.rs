//! The kernels of the band engine: the few operations of the search that each CPU path
//! compiles its own way ([`Kernels`]), the order of a whole-grid propagation's steps
//! ([`Order`]), and their portable forms ([`Scalar`]).
//!
//! They sit below both the engine ([`super::bands`], generic over [`Kernels`]) and the CPU
//! paths ([`super::simd`], which implement it and compile the engine once each), so that the
//! engine does not depend on the dispatch that instantiates it. Every function here is
//! `#[inline(always)]` (or generic), so where it is defined does not change what each path
//! compiles.

use super::tables::{triads_by_box, BAND, BYTE_BITS, KEEP_BY_BOX};

/// The few operations of the search that the compiler does not vectorise by itself, one
/// implementation per CPU path. The search is generic over this trait and every method is
/// `#[inline(always)]`, so each path's wrapper compiles its own kernels into its own copy.
pub(crate) trait Kernels: Copy {
    /// The digits (bit `d` for digit index `d`) whose candidate mask in `cands` meets `cells`.
    fn digits_meeting(self, cands: &[u32; 9], cells: u32) -> u32;

    /// The digits (bit `d` for digit index `d`) whose mask in `masks` is not empty.
    fn nonzero_digits(self, masks: &[u32; 9]) -> u32;

    /// Each band's givens as `[band][digit]` masks (bit `9 * row + column` of the band for the
    /// cells holding `digit + 1`), and each band's filled cells. Values above 9 are not given
    /// (the grid's values never are).
    #[inline(always)]
    fn givens(self, values: &[u8; 81]) -> ([[u32; 9]; 3], [u32; 3]) {
        givens_by_planes(values)
    }

    /// The values of the cells (row-major, 0 where no digit is left) of candidate masks
    /// `[band][digit]` where each cell has at most one digit: a solved state's solution.
    #[inline(always)]
    fn values(self, cand: &[[u32; 9]; 3]) -> [u8; 81] {
        values_by_planes(cand)
    }

    /// The cells of one digit's band mask that lie on a triad permutation
    /// ([`super::tables::KEEP`]); 0 when there is none. The triads are gathered with shifts;
    /// the AVX-512 path gathers them with one `pext`, a shorter chain on the band update's
    /// critical path.
    #[inline(always)]
    fn keep(self, cells: u32) -> u32 {
        keep_by_shifts(cells)
    }

    /// Whether [`Kernels::propagate`] is a whole-grid kernel (the AVX-512, AVX2 and SSE4.1
    /// paths: `sweep/`, every (digit, band) pair in each step, in vector lanes). The band engine
    /// hands over to it when many pairs are dirty; with one pair dirty (after a guess) its own
    /// loop is faster.
    const SWEEPS: bool = false;

    /// Whether the band engine hands cascades to the sweep as well as the root (a wave that
    /// leaves many pairs dirty, see [`super::bands`]), or only the root of a search (SSE4.1,
    /// where each lane-wise step of the sweep takes three instructions and the `KEEP` lookup
    /// nine table reads: handing over cascades too, from four dirty pairs as on AVX2, took more
    /// instructions on every set but kaggle; `docs/design.md`, "Whole-grid sweeps").
    const SWEEP_CASCADES: bool = true;

    /// Dirty (digit, band) pairs from which a wave of the band engine hands over to the
    /// whole-grid kernel, on a path with one. After a guess one pair is dirty and band updates
    /// are cheaper; a cascade soon marks more. Four is the default, the best measured with the
    /// AVX-512 gather sweep and the AVX2 one; paths with cheaper sweeps set their own
    /// (`docs/design.md`, "Handing over: `SWEEP_AT`").
    const SWEEP_AT: u32 = 4;

    /// Whether the whole-grid kernel runs the stack pass on every sweep, beside the singles,
    /// rather than only once no single is left ([`Order::stacks_always`]), for puzzles that are
    /// not dense (fewer than 30 givens, see `super::bands`). Set on `avx512-vbmi` and
    /// `avx512-ymm`, where it measured faster; the other sweeps are slower with it or not
    /// measured on their CPUs (`docs/design.md`, "Whole-grid sweeps").
    const STACKS_ALWAYS: bool = false;

    /// [`super::bands::smallest_tree_key`] over the bivalue cells `bivalue` (not empty, and
    /// unsolved cells only), on a path with a vector kernel for it; `None` sends the caller to
    /// that scalar code.
    #[inline(always)]
    fn bivalue_guess_key(
        self,
        _cand: &[[u32; 9]; 3],
        _unsolved: &[u32; 3],
        _bivalue: &[u32; 3],
    ) -> Option<u32> {
        None
    }

    /// The whole propagation of a state (its candidates and unsolved cells) to its fixed point,
    /// on a path where [`Kernels::SWEEPS`]: `Some(false)` on a contradiction, `Some(true)` with
    /// `counts` describing the final state as [`super::bands`] documents. `None` if the kernel
    /// stopped early, leaving a partly propagated state (and on the other paths): the band
    /// engine then propagates by itself, to the same fixed point. `order` orders the kernel's
    /// steps (every order reaches the same fixed point).
    #[inline(always)]
    fn propagate(
        self,
        _cand: &mut [[u32; 9]; 3],
        _unsolved: &mut [u32; 3],
        _counts: &mut [[u32; 3]; 3],
        _order: Order,
    ) -> Option<bool> {
        None
    }
}

/// The order of a whole-grid propagation's steps ([`Kernels::propagate`]). Every rule only
/// removes candidates, and a removal stays valid whatever else was removed before, so every
/// order ends in the same fixed point (or contradiction); they differ in how many sweeps that
/// takes and what each costs. (Except with `stacks_never`, which leaves out a rule: those
/// orders end in the same fixed point of the other rules.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Order {
    /// Naked singles are counted on every sweep and placed with the row singles (after a
    /// guess); otherwise only once no row single is left (the root, where long cascades of
    /// row singles alone are the rule).
    pub(crate) naked_with_rows: bool,
    /// The stack pass runs on every sweep, on the same state as the singles, and its removals
    /// go with the placements; otherwise only once no single is left.
    pub(crate) stacks_always: bool,
    /// The stack pass never runs (then `stacks_always` is ignored): the fixed point of the
    /// other rules, weaker, but the same on every path. For a dense puzzle's search after a
    /// guess, where the pass costs more than the guesses it saves (`super::bands`).
    pub(crate) stacks_never: bool,
}

impl Order {
    /// The root's order without the stack pass on every sweep.
    pub(crate) const ROOT: Order = Order {
        naked_with_rows: false,
        stacks_always: false,
        stacks_never: false,
    };

    /// Every order, for the tests.
    #[cfg(test)]
    pub(crate) const ALL: [Order; 6] = {
        let mut all = [Order::ROOT; 6];
        let mut index = 0;
        while index < 6 {
            all[index] = Order {
                naked_with_rows: index & 1 != 0,
                stacks_always: index & 2 != 0,
                stacks_never: index & 4 != 0,
            };
            index += 1;
        }
        all
    };
}

/// Each band's givens as `[band][digit]` masks (the cells holding `digit + 1`), and each band's
/// filled cells: the portable form of [`Kernels::givens`]. Each band's values are cut into
/// four bit planes, and each digit's mask is the AND of the planes (or their complements) that
/// spell its value.
#[inline(always)]
pub(crate) fn givens_by_planes(values: &[u8; 81]) -> ([[u32; 9]; 3], [u32; 3]) {
    let mut givens = [[0u32; 9]; 3];
    let mut filled = [0u32; 3];
    for (band, band_givens) in givens.iter_mut().enumerate() {
        let planes = bit_planes(&values[27 * band..27 * band + 27]);
        filled[band] = planes.iter().fold(0, |all, &plane| all | plane);
        for (digit, cells) in band_givens.iter_mut().enumerate() {
            let value = digit + 1;
            *cells = planes.iter().enumerate().fold(BAND, |cells, (k, &plane)| {
                cells & if (value >> k) & 1 == 1 { plane } else { !plane }
            });
        }
    }
    (givens, filled)
}

/// The four bit planes of one band's 27 values (each at most 9): plane `k` is the band mask of
/// the cells whose value has bit `k` set. Eight cells at a time, as bytes of a `u64`: each
/// byte's bit `k` is moved to its top bit, and one multiplication gathers the eight top bits
/// (each lands on its own bit of the top byte, with no carry: the partial products never
/// share a position).
#[inline(always)]
fn bit_planes(band_values: &[u8]) -> [u32; 4] {
    let mut planes = [0u32; 4];
    for (chunk_index, chunk) in band_values.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        for (k, plane) in planes.iter_mut().enumerate() {
            let tops = (word << (7 - k)) & 0x8080_8080_8080_8080;
            let bits = tops.wrapping_mul(0x0002_0408_1020_4081) >> 56;
            *plane |= (bits as u32) << (8 * chunk_index);
        }
    }
    planes.map(|plane| plane & BAND)
}

/// The values of the cells (row-major, 0 where no digit is left) of candidate masks where each
/// cell has at most one digit: the portable form of [`Kernels::values`].
///
/// Rather than one store per cell, the digits are bit-sliced: plane `k` of a band holds the
/// cells whose value (1..=9) has bit `k` set, and [`BYTE_BITS`] turns eight cells of the four
/// planes into eight value bytes at once.
#[inline(always)]
pub(crate) fn values_by_planes(cand: &[[u32; 9]; 3]) -> [u8; 81] {
    let mut values = [0u8; 81];
    for (band, band_cands) in cand.iter().enumerate() {
        let mut planes = [0u32; 4];
        for (digit, &cells) in band_cands.iter().enumerate() {
            let value = digit + 1;
            for (k, plane) in planes.iter_mut().enumerate() {
                *plane |= cells & 0u32.wrapping_sub(((value >> k) & 1) as u32);
            }
        }
        let cells = &mut values[27 * band..27 * band + 27];
        for (chunk, out) in cells.chunks_mut(8).enumerate() {
            let byte = |plane: u32| BYTE_BITS[((plane >> (8 * chunk)) & 0xff) as usize];
            let bytes = byte(planes[0])
                | byte(planes[1]) << 1
                | byte(planes[2]) << 2
                | byte(planes[3]) << 3;
            out.copy_from_slice(&bytes.to_le_bytes()[..out.len()]);
        }
    }
    values
}

/// The portable form of [`Kernels::keep`]: the triads gathered with shifts.
#[inline(always)]
pub(crate) fn keep_by_shifts(cells: u32) -> u32 {
    // The index is masked to nine bits: no bounds check remains.
    KEEP_BY_BOX[triads_by_box(cells) as usize]
}

/// The kernels in plain Rust, for every CPU.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) struct Scalar;

impl Kernels for Scalar {
    #[inline(always)]
    fn digits_meeting(self, cands: &[u32; 9], cells: u32) -> u32 {
        let mut digits = 0;
        for (digit, &digit_cells) in cands.iter().enumerate() {
            digits |= u32::from(digit_cells & cells != 0) << digit;
        }
        digits
    }

    #[inline(always)]
    fn nonzero_digits(self, masks: &[u32; 9]) -> u32 {
        let mut digits = 0;
        for (digit, &mask) in masks.iter().enumerate() {
            digits |= u32::from(mask != 0) << digit;
        }
        digits
    }
}
