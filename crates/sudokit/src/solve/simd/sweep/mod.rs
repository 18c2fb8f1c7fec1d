//! Propagation in whole-grid sweeps: each band's nine digit masks are one vector of lanes
//! (digit `d` in lane `d`), and every rule of the band engine runs on all 27 (digit, band)
//! masks at once.
//!
//! The band engine ([`super::super::bands`]) applies its rules one (digit, band) pair at a time,
//! for the pairs marked dirty. A sweep applies them to every pair in the same few vector
//! instructions, whether the pair changed or not. That pays when many pairs have work: at the
//! root of a search every pair is dirty (kaggle puzzles are solved there, in about four sweeps
//! against about forty band updates), and a guess that starts a cascade soon marks many. After
//! a guess only one pair is dirty, and there the band engine is faster (`docs/design.md`,
//! "Handing over: `SWEEP_AT`"). So the band engine hands over to this kernel when a wave has
//! at least `Kernels::SWEEP_AT` dirty pairs (four, fewer on the paths with cheaper sweeps);
//! on SSE4.1, where the sweep costs more, only at the root of a puzzle with
//! many givens (`Kernels::SWEEP_CASCADES`, `ROOT_SWEEP_GIVENS`).
//!
//! The rules are the band engine's, so the fixed point is the same: every rule only removes
//! candidates, and a removal stays valid whatever else was removed before, so applying the same
//! rules in any order until none applies ends in the same state, and finds a contradiction
//! exactly when the band engine does. The search therefore makes the same guesses on every
//! path: `tests/cpu_paths.rs` checks that guess counts agree, and the band engine's tests
//! compare this kernel's fixed points with its own. With `Order::stacks_never` (a dense
//! puzzle's search after a guess) neither runs the stack pass (step 4): the fixed point of the
//! other rules is weaker, but again the same in both.
//!
//! Each sweep:
//! 1. keeps the cells on a triad permutation (the band engine's `KEEP` table, read with a
//!    gather per band), and fails when a digit has no cell left in a band;
//! 2. places the row singles that are still unsolved: clears the placed cells for the other
//!    digits and the placed columns in the other bands. A cell claimed by two digits is cleared
//!    for both, and two placements of a digit in one column clear each other, so the next
//!    sweep finds the contradiction;
//! 3. counts each cell's candidates; a cell with none fails, and a cell with one is placed at
//!    once: its digit's row and box peers in the band and its column in the other bands lose
//!    the digit. Two such cells of a digit in one row or box fail, two in one column clear each
//!    other (the next sweep fails). Placing them in the same sweep, rather than leaving them to
//!    the next sweep's row singles, saves a sweep and its gathers each time. After a guess
//!    (`Order::naked_with_rows`), this step runs on the same state as step 2, and both kinds
//!    of singles are placed together; at the root it runs only when no row single was placed
//!    (see `propagate`);
//! 4. only when neither placed anything: the stack pass (column hidden singles and box/column
//!    locked candidates, the band engine's rotations on all digits at once); the propagation
//!    ends when it changes nothing. With `Order::stacks_always` (the `avx512-vbmi` and
//!    `avx512-ymm` paths, for puzzles with fewer than 30 givens) the pass runs on every sweep,
//!    on the same state as the singles, and its removals go with the placements: it adds no
//!    step to the sweep's chain, and a cascade that needs it takes fewer sweeps.
//!
//! The kernel is written once, in `sweep_kernel!`, over a few lane primitives that each CPU
//! path defines for its own vector type:
//! - [`avx512`]: one `__m512i` per band (lanes 9..16 zero), three-input logic in one
//!   instruction, the `KEEP` gather masked to the nine digit lanes (the AVX-512 path); compiled
//!   again with AVX-512 VBMI and GFNI ([`avx512::bytes`], the `avx512-vbmi` path), where `KEEP`
//!   is byte lookups (`lookup`) instead of the gather;
//! - [`avx2`]: an `__m256i` for digits 1-8 and a `u32` for digit 9, the gather on eight lanes
//!   and a load for the ninth (the AVX2 path);
//! - [`sse41`]: two `__m128i` for digits 1-4 and 5-8 and a `u32` for digit 9, and nine table
//!   reads for `KEEP` (SSE has no gather).
//!
//!
//! [`ymm`], the `avx512-ymm` path's sweep (for CPUs that split 512-bit operations, where 256-bit
//! vectors beat the 512-bit sweep), applies the same rules in the same order without the macro:
//! its grid is four vectors, each band's digits 1-8 and the three bands' digit 9, so its steps
//! are not a band's lanes alone. Its `KEEP` is the byte lookups of [`avx512::bytes`].
//!
//! The macro compiles every helper and the kernel with the path's target feature
//! (`#[target_feature]`), so the intrinsics are safe calls and inline (a generic version over a
//! trait would call them from functions without the feature, where they do not inline); only
//! the primitives that take pointers (loads, stores, gathers) need `unsafe` blocks.

/// More sweeps than any propagation can need (see the kernels' `propagate`).
const MAX_SWEEPS: u32 = 2048;

/// The kernel over one CPU path's lane primitives, compiled with target feature `$feature`.
///
/// The module that expands it defines the band vector `V` (nine `u32` lanes, digit `d` in lane
/// `d`, as wide as the path allows) and, each `#[target_feature(enable = $feature)]`:
/// - lane-wise `splat`, `and`, `or`, `or3` (`a | b | c`), `and_not` (`a & !b`), `shr::<N>`,
///   `shl::<N>`, `add`, `sub`;
/// - `load` and `store` of a band's nine masks;
/// - `keep_by_index`: each lane's `KEEP_BY_BOX` entry at the lane's 9-bit index (with the
///   `own_keep` form, the module defines `keep` itself instead);
/// - `any_zero` (some digit lane is empty), `any_set` (some lane is not), `differs` (some digit
///   lane differs);
/// - `union_twice`: the cells in at least one and at least two digit lanes, in every lane;
///   `first`: lane 0; `counts`: the cells in at least one, two and three digit lanes.
macro_rules! sweep_kernel {
    ($feature:literal) => {
        /// Each lane's cells that lie on a triad permutation of its band: the band engine's table,
        /// read for the nine digit lanes with a gather (the other lanes are zero). Computing it
        /// with rotations took about thirty instructions, half of them shifts, which AVX-512 runs
        /// on one port only; the gather measured faster on the hard sets (`docs/design.md`,
        /// "Whole-grid sweeps").
        #[inline]
        #[target_feature(enable = $feature)]
        fn keep(x: V) -> V {
            let any = triads(x);
            let index = and(or3(any, shr::<8>(any), shr::<16>(any)), splat(0x1ff));
            and(x, keep_by_index(index))
        }

        sweep_kernel!($feature, own_keep);
    };
    ($feature:literal, own_keep) => {
        /// Each lane's non-empty triads, at each triad's first cell.
        #[inline]
        #[target_feature(enable = $feature)]
        fn triads(x: V) -> V {
            and(or3(x, shr::<1>(x), shr::<2>(x)), splat(TRIAD_FIRSTS))
        }

        /// Each (band, column) bit of a stack moved to the stack's next column.
        #[inline]
        #[target_feature(enable = $feature)]
        fn column1(x: V) -> V {
            or(
                and(shr::<1>(x), splat(0o333_333_333)),
                and(shl::<2>(x), splat(0o444_444_444)),
            )
        }

        /// Each (band, column) bit of a stack moved to the stack's column after next.
        #[inline]
        #[target_feature(enable = $feature)]
        fn column2(x: V) -> V {
            or(
                and(shr::<2>(x), splat(0o111_111_111)),
                and(shl::<1>(x), splat(0o666_666_666)),
            )
        }

        /// Each lane's cells that are alone in their row.
        #[inline]
        #[target_feature(enable = $feature)]
        fn row_singles(cells: V) -> V {
            // As in the band engine: every row has a cell (after `keep`), so subtracting each row's
            // lowest bit borrows only inside the row.
            // The rows with a second cell are those where `rest` is not empty.
            let rest = and(cells, sub(cells, splat(ROW_LOWEST)));
            and_not(cells, row_spread(rest))
        }

        /// The cells of each lane's rows that hold a cell of the lane.
        #[inline]
        #[target_feature(enable = $feature)]
        fn row_spread(x: V) -> V {
            let low = splat(ROW_LOW_BITS);
            let nonzero = and(or(add(and(x, low), low), x), splat(ROW_TOP_BIT));
            sub(shl::<1>(nonzero), shr::<8>(nonzero))
        }

        /// The cells of each lane's boxes that hold a cell of the lane.
        #[inline]
        #[target_feature(enable = $feature)]
        fn box_spread(x: V) -> V {
            let t = triads(x);
            let boxes = and(or3(t, shr::<9>(t), shr::<18>(t)), splat(0o111));
            let boxes = or3(boxes, shl::<9>(boxes), shl::<18>(boxes));
            or3(boxes, shl::<1>(boxes), shl::<2>(boxes))
        }

        /// Each lane's nine columns (bit `column`).
        #[inline]
        #[target_feature(enable = $feature)]
        fn fold(x: V) -> V {
            and(or3(x, shr::<9>(x), shr::<18>(x)), splat(0x1ff))
        }

        /// Nine column bits spread to the three rows of a band.
        #[inline]
        #[target_feature(enable = $feature)]
        fn spread(columns: V) -> V {
            or3(columns, shl::<9>(columns), shl::<18>(columns))
        }

        /// The columns of `columns` (one entry per band) of the two bands other than `band`,
        /// spread to the three rows of a band.
        #[inline]
        #[target_feature(enable = $feature)]
        fn other_columns(columns: &[V; 3], band: usize) -> V {
            let (a, b) = match band {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            spread(or(columns[a], columns[b]))
        }

        /// Whether some lane holds two cells in one row or in one box.
        #[inline]
        #[target_feature(enable = $feature)]
        fn doubled(x: V) -> bool {
            let mut rows = [splat(0); 3];
            for (k, doubled_row) in rows.iter_mut().enumerate() {
                let r = and(x, splat(0x1ff << (9 * k)));
                *doubled_row = and(r, sub(r, splat(1 << (9 * k))));
            }
            let t = triads(x);
            let (t1, t2) = (shr::<9>(t), shr::<18>(t));
            let boxes = and(or(or(and(t, t1), and(t, t2)), and(t1, t2)), splat(0o111));
            any_set(or(or(or(rows[0], rows[1]), rows[2]), boxes))
        }

        /// Each band's cell counts ([`counts`]) and naked singles (the unsolved cells with one
        /// candidate), as masks and as each digit's cells; `None` when an unsolved cell has no
        /// candidate left.
        #[inline]
        #[target_feature(enable = $feature)]
        fn naked_singles(c: &[V; 3], uns: &[u32; 3]) -> Option<([[u32; 3]; 3], [u32; 3], [V; 3])> {
            let k = [counts(c[0]), counts(c[1]), counts(c[2])];
            if (uns[0] & !k[0][0]) | (uns[1] & !k[1][0]) | (uns[2] & !k[2][0]) != 0 {
                return None;
            }
            let masks = [
                uns[0] & k[0][0] & !k[0][1],
                uns[1] & k[1][0] & !k[1][1],
                uns[2] & k[2][0] & !k[2][1],
            ];
            let cells = [
                and(c[0], splat(masks[0])),
                and(c[1], splat(masks[1])),
                and(c[2], splat(masks[2])),
            ];
            Some((k, masks, cells))
        }

        /// The band peers (row and box) of each lane's placed naked singles, without the cells.
        #[inline]
        #[target_feature(enable = $feature)]
        fn naked_peers(naked: V) -> V {
            and_not(or(row_spread(naked), box_spread(naked)), naked)
        }

        /// The stack pass (column hidden singles and box/column locked candidates, the band
        /// engine's rotations on all digits at once): each band's cells that it leaves, `None`
        /// when a digit has no column left in some stack.
        #[inline]
        #[target_feature(enable = $feature)]
        fn stack_pass(c: &[V; 3]) -> Option<[V; 3]> {
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
            if differs(stacks, splat(0o111)) {
                return None;
            }
            Some([
                spread(and(kept, splat(0x1ff))),
                spread(and(shr::<9>(kept), splat(0x1ff))),
                spread(shr::<18>(kept)),
            ])
        }

        /// Propagates a state (its candidates, `[band][digit]`, and unsolved cells) to its fixed
        /// point: `Some(false)` on a contradiction. When the state is left unsolved, `counts_out`
        /// receives each band's cells with at least one, two and three candidates (read by the
        /// guess).
        ///
        /// Every sweep that goes on removes a candidate or places a cell, so there are at most
        /// `729 + 81` of them before the last. `None` (after
        /// [`MAX_SWEEPS`], which that bound makes unreachable) leaves a partly propagated state for
        /// the band engine to finish: a bound rather than a hang if that reasoning were ever wrong.
        ///
        /// `order` says when naked singles are looked for, and when the stack pass runs (see
        /// the module's step 4 and [`Order`]). After a guess naked singles are
        /// counted on every sweep and placed with the row singles: the sweep's steps wait on
        /// each other (on Zen 4 `KEEP` alone took about 28 cycles with the gather, about 19 by
        /// the latencies of the byte lookups that replace it on `avx512-ymm`), and the counts
        /// run beside the row singles, so a cascade takes fewer, barely longer sweeps. At the
        /// root, where long cascades of row singles alone are the rule, they are counted only
        /// once no row single is left, as the band engine does: counting on every sweep there
        /// made the easy sets slower (`docs/design.md`, "Whole-grid sweeps"). (The AVX2 path
        /// always passes `Order::ROOT`: see its `Kernels::propagate`.)
        ///
        /// Not inlined: it leaves the band engine's loop as it was, and inlining it measured no
        /// faster.
        #[inline(never)]
        #[target_feature(enable = $feature)]
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

        /// [`propagate`] in the order `Order { naked_with_rows: NAKED_WITH_ROWS, stacks_always:
        /// STACKS_ALWAYS }`.
        #[inline]
        #[target_feature(enable = $feature)]
        fn sweeps<
            const NAKED_WITH_ROWS: bool,
            const STACKS_ALWAYS: bool,
            const STACKS_NEVER: bool,
        >(
            cand: &mut [[u32; 9]; 3],
            unsolved: &mut [u32; 3],
            counts_out: &mut [[u32; 3]; 3],
        ) -> Option<bool> {
            let mut c = [load(&cand[0]), load(&cand[1]), load(&cand[2])];
            let mut uns = *unsolved;
            let mut sweeps = 0;
            let outcome = 'sweeps: loop {
                if sweeps == MAX_SWEEPS {
                    break None;
                }
                sweeps += 1;
                // 1. Triad permutations: the three bands first, one test for all.
                let cells = [keep(c[0]), keep(c[1]), keep(c[2])];
                if any_zero(cells[0]) | any_zero(cells[1]) | any_zero(cells[2]) {
                    break Some(false);
                }
                c = cells;
                let mut placed = [
                    and(row_singles(cells[0]), splat(uns[0])),
                    and(row_singles(cells[1]), splat(uns[1])),
                    and(row_singles(cells[2]), splat(uns[2])),
                ];
                // 3, with the row singles: naked singles on the same state (both kinds are
                // sound on it, and a cell that is both is the same placement).
                let mut naked = [splat(0); 3];
                let mut naked_masks = [0u32; 3];
                let mut cell_counts = [[0u32; 3]; 3];
                if NAKED_WITH_ROWS {
                    let Some(found) = naked_singles(&c, &uns) else {
                        break Some(false);
                    };
                    (cell_counts, naked_masks, naked) = found;
                    placed = [
                        or(placed[0], naked[0]),
                        or(placed[1], naked[1]),
                        or(placed[2], naked[2]),
                    ];
                }
                // The stack pass on the same state, when it runs on every sweep (its removals
                // are sound on it too, and go with the placements).
                let mut stacks = [splat(0); 3];
                if STACKS_ALWAYS {
                    let Some(allowed) = stack_pass(&c) else {
                        break Some(false);
                    };
                    stacks = allowed;
                }
                let any_placed = or3(placed[0], placed[1], placed[2]);
                if any_set(any_placed) {
                    // (Tested only when there are naked singles: the test costs more than the
                    // branch.)
                    if NAKED_WITH_ROWS
                        && naked_masks != [0; 3]
                        && (doubled(naked[0]) | doubled(naked[1]) | doubled(naked[2]))
                    {
                        break Some(false);
                    }
                    // 2. Row singles (and naked singles, when counted with them). A row single
                    // has no row or box peer left with its digit (`KEEP` removed its box peers),
                    // so only a naked single's peers need clearing.
                    let columns = [fold(placed[0]), fold(placed[1]), fold(placed[2])];
                    for band in 0..3 {
                        let (union, twice) = union_twice(placed[band]);
                        // Other digits lose the placed cells; a cell claimed twice is lost by all.
                        let mut lost = or3(
                            and_not(union, placed[band]),
                            twice,
                            other_columns(&columns, band),
                        );
                        if NAKED_WITH_ROWS {
                            lost = or(lost, naked_peers(naked[band]));
                        }
                        c[band] = and_not(c[band], lost);
                        if STACKS_ALWAYS {
                            c[band] = and(c[band], stacks[band]);
                        }
                        uns[band] &= !first(union);
                    }
                    continue;
                }
                if uns == [0; 3] {
                    break Some(true);
                }
                if NAKED_WITH_ROWS {
                    // No naked single either, on this same state: its counts are the final ones
                    // unless the stack pass changes something.
                    *counts_out = cell_counts;
                } else {
                    // 3. Naked singles, once no row single is left.
                    let Some((cell_counts, naked_masks, naked_cells)) = naked_singles(&c, &uns)
                    else {
                        break Some(false);
                    };
                    *counts_out = cell_counts;
                    if naked_masks != [0; 3] {
                        // Placed at once: the digit's row and box peers in the band and its column
                        // in the other bands lose it (two such cells of a digit in one column clear
                        // each other, and the next sweep finds the contradiction).
                        let columns = [
                            fold(naked_cells[0]),
                            fold(naked_cells[1]),
                            fold(naked_cells[2]),
                        ];
                        for band in 0..3 {
                            let naked = naked_cells[band];
                            if doubled(naked) {
                                break 'sweeps Some(false);
                            }
                            let lost = or(naked_peers(naked), other_columns(&columns, band));
                            c[band] = and_not(c[band], lost);
                            if STACKS_ALWAYS {
                                c[band] = and(c[band], stacks[band]);
                            }
                            uns[band] &= !naked_masks[band];
                        }
                        continue;
                    }
                }
                // 4. The stack pass, once nothing was placed (its result from above when it ran on
                // every sweep), unless it never runs.
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
                let mut changed = false;
                for band in 0..3 {
                    let after = and(c[band], allowed[band]);
                    changed |= differs(after, c[band]);
                    c[band] = after;
                }
                if !changed {
                    break Some(true);
                }
            };
            for band in 0..3 {
                store(&mut cand[band], c[band]);
            }
            *unsolved = uns;
            outcome
        }
    };
}

pub(super) mod avx2;
pub(super) mod avx512;
mod lookup;
pub(super) mod sse41;
pub(super) mod ymm;
