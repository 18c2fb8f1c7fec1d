//! Sums: which digits of each cell can take part in `sum(weights[i] * cells[i]) == target`,
//! by sets of reachable partial sums (forward from 0, backward from the target). A digit is
//! kept when some forward sum before its cell plus its weighted value is a backward sum
//! after it: generalised arc consistency for the sum alone, exact when all cells are placed.
//!
//! [`DistinctSum`] (arrows, little killers) also knows which of the sum's cells share a house:
//! it splits them into groups of cells that must all differ, lists each group's assignments of
//! different digits (a budgeted search) by their weighted sum, and runs the same forward and
//! backward sums over the groups. A shaft of three cells in one box then sums to at least
//! 1 + 2 + 3, where the sum alone allows 1 + 1 + 1. With [`DistinctSum::with_seers`]
//! (arrows), a digit that every assignment of a group left uses is in the group, so the cells
//! that see the whole group lose it, as a killer cage's combinations do: a shaft of two cells
//! in a box under a circle of 3 holds 1 and 2, and the rest of the box does not.

use super::build::{digits, narrow, Builder, Dead, Propagator};

/// A set of integers in `lo..lo + 64 * words.len()`.
#[derive(Clone, Debug)]
struct Sums {
    words: Vec<u64>,
}

impl Sums {
    fn new(width: usize) -> Sums {
        Sums {
            words: vec![0; width.div_ceil(64).max(1)],
        }
    }

    fn insert(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// `self |= src` shifted by `by` (positive: up), dropping what leaves the range.
    fn or_shifted(&mut self, src: &Sums, by: i64) {
        let len = self.words.len() as i64;
        let (whole, part) = (by.div_euclid(64), by.rem_euclid(64) as u32);
        for i in 0..len {
            // Bits of word i of the result come from words i - whole and i - whole - 1 of src.
            let j = i - whole;
            let hi = if (0..len).contains(&j) {
                src.words[j as usize]
            } else {
                0
            };
            let lo = if part != 0 && (0..len).contains(&(j - 1)) {
                src.words[(j - 1) as usize] >> (64 - part)
            } else {
                0
            };
            self.words[i as usize] |= (hi << part) | lo;
        }
    }

    fn intersects_shifted(&self, src: &Sums, by: i64) -> bool {
        let mut shifted = Sums::new(self.words.len() * 64);
        shifted.or_shifted(src, by);
        shifted
            .words
            .iter()
            .zip(&self.words)
            .any(|(a, b)| a & b != 0)
    }
}

/// Narrows the cells of `sum(weights[i] * cells[i]) == target` to the digits that can be
/// part of a solution of that equation; whether anything changed.
pub(crate) fn propagate(
    cand: &mut [u32],
    cells: &[usize],
    weights: &[i64],
    target: i64,
) -> Result<bool, Dead> {
    let masks: Vec<u32> = cells.iter().map(|&c| digits(cand[c])).collect();
    let supports = supports(&masks, weights, target)?;
    let mut changed = false;
    for (&c, &s) in cells.iter().zip(&supports) {
        changed |= narrow(cand, c, s)?;
    }
    Ok(changed)
}

/// The most cells, and the widest range of partial sums, that [`supports_small`] takes.
const SMALL_CELLS: usize = 32;
const SMALL_WIDTH: i64 = 128;

/// For each position, the digits of `masks` that take part in some solution of the sum.
pub(crate) fn supports(masks: &[u32], weights: &[i64], target: i64) -> Result<Vec<u32>, Dead> {
    let mut out = vec![0u32; masks.len()];
    if supports_small(masks, weights, target, &mut out)? {
        return Ok(out);
    }
    supports_wide(masks, weights, target)
}

/// [`supports`] into `out` without allocating, when there are at most 32 cells and the
/// partial sums span at most 128 values (every 9x9 sum); `Ok(false)` when they do not.
pub(crate) fn supports_small(
    masks: &[u32],
    weights: &[i64],
    target: i64,
    out: &mut [u32],
) -> Result<bool, Dead> {
    if masks.len() > SMALL_CELLS || weights.len() < masks.len() || out.len() < masks.len() {
        return Ok(false);
    }
    let (lo, hi) = sum_range(masks, weights, target)?;
    if hi - lo >= SMALL_WIDTH {
        return Ok(false);
    }
    // Bit s - lo of forward[i]: some digits of cells 0..i sum (weighted) to s.
    let shift = |set: u128, by: i64| -> u128 {
        if by >= 0 {
            set.checked_shl(by as u32).unwrap_or(0)
        } else {
            set.checked_shr((-by) as u32).unwrap_or(0)
        }
    };
    let mut forward = [0u128; SMALL_CELLS + 1];
    forward[0] = 1 << (-lo);
    for (i, (&m, &w)) in masks.iter().zip(weights).enumerate() {
        let mut next = 0;
        let mut rest = m;
        while rest != 0 {
            let d = i64::from(rest.trailing_zeros());
            rest &= rest - 1;
            next |= shift(forward[i], w * d);
        }
        forward[i + 1] = next;
    }
    let at = (target - lo) as u32;
    if forward[masks.len()] >> at & 1 == 0 {
        return Err(Dead);
    }
    // Bit s - lo of back: some digits of the cells after i sum to target - s.
    let mut back: u128 = 1 << at;
    for i in (0..masks.len()).rev() {
        let (m, w) = (masks[i], weights[i]);
        let mut keep = 0;
        let mut prev = 0;
        let mut rest = m;
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            if shift(forward[i], w * i64::from(d)) & back != 0 {
                keep |= 1 << d;
                prev |= shift(back, -w * i64::from(d));
            }
        }
        if keep == 0 || prev == 0 {
            return Err(Dead);
        }
        out[i] = keep;
        back = prev;
    }
    Ok(true)
}

/// The lowest and highest weighted sums the masks allow (each digit from its mask's lowest to
/// highest bit); `Err` when a mask is empty or `target` is outside them.
fn sum_range(masks: &[u32], weights: &[i64], target: i64) -> Result<(i64, i64), Dead> {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (&m, &w) in masks.iter().zip(weights) {
        if m == 0 {
            return Err(Dead);
        }
        let (a, b) = (
            w * i64::from(m.trailing_zeros()),
            w * i64::from(31 - m.leading_zeros()),
        );
        lo += a.min(b).min(0);
        hi += a.max(b).max(0);
    }
    if target < lo || target > hi {
        return Err(Dead);
    }
    Ok((lo, hi))
}

/// [`supports`] for any number of cells and any range, with sets of 64-bit words.
fn supports_wide(masks: &[u32], weights: &[i64], target: i64) -> Result<Vec<u32>, Dead> {
    let (lo, hi) = sum_range(masks, weights, target)?;
    let width = (hi - lo + 1) as usize;
    let at = |s: i64| (s - lo) as usize;
    let mut forward = Vec::with_capacity(masks.len() + 1);
    let mut first = Sums::new(width);
    first.insert(at(0));
    forward.push(first);
    for (i, (&m, &w)) in masks.iter().zip(weights).enumerate() {
        let mut next = Sums::new(width);
        for_each_digit(m, |d| next.or_shifted(&forward[i], w * d));
        forward.push(next);
    }
    if !forward[masks.len()].contains(at(target)) {
        return Err(Dead);
    }
    let mut back = Sums::new(width);
    back.insert(at(target));
    let mut out = vec![0u32; masks.len()];
    for i in (0..masks.len()).rev() {
        let (m, w) = (masks[i], weights[i]);
        let mut keep = 0;
        for_each_digit(m, |d| {
            if back.intersects_shifted(&forward[i], w * d) {
                keep |= 1 << d;
            }
        });
        if keep == 0 {
            return Err(Dead);
        }
        out[i] = keep;
        let mut prev = Sums::new(width);
        for_each_digit(keep, |d| prev.or_shifted(&back, -w * d));
        back = prev;
        if back.is_empty() {
            return Err(Dead);
        }
    }
    Ok(out)
}

/// The most search nodes one group's assignments may take in one propagation; a group that
/// needs more counts as cells without the distinctness (still exact, only weaker).
const GROUP_NODES: usize = 4096;

/// `sum(weights[i] * cells[i]) == target`, where the cells of each group must hold different
/// digits (they share a house): generalised arc consistency over the groups.
#[derive(Debug)]
pub(crate) struct DistinctSum {
    cells: Vec<usize>,
    weights: Vec<i64>,
    target: i64,
    /// Positions in `cells`, each group's cells pairwise in a common house (or a difference
    /// rule) when the rule was built; together they cover every position once.
    groups: Vec<Vec<usize>>,
    /// For each group of two cells or more, the cells outside the sum that differ from every
    /// cell of the group; empty unless [`DistinctSum::with_seers`] asked for them.
    seers: Vec<Vec<usize>>,
}

impl DistinctSum {
    /// The sum over `cells`, grouped by the houses and difference rules `b` holds so far (the
    /// grid's own houses at least).
    pub(crate) fn new(b: &Builder<'_>, cells: Vec<usize>, weights: Vec<i64>, target: i64) -> Self {
        let differ = |x: usize, y: usize| {
            b.houses
                .iter()
                .chain(&b.groups)
                .any(|h| h.contains(&x) && h.contains(&y))
                || b.differ.contains(&(x, y))
                || b.differ.contains(&(y, x))
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            match groups
                .iter_mut()
                .find(|g| g.iter().all(|&j| differ(cells[j], c)))
            {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        DistinctSum {
            cells,
            weights,
            target,
            groups,
            seers: Vec::new(),
        }
    }

    /// Also clears, from the cells that see a whole group, the digits every assignment of the
    /// group uses (module docs). Little killers do not ask for it: their committed puzzles
    /// were made without it, and the generator's puzzles depend on the propagation.
    pub(crate) fn with_seers(mut self, b: &Builder<'_>) -> Self {
        let sets: Vec<&Vec<usize>> = b.houses.iter().chain(&b.groups).collect();
        let sees = |x: usize, y: usize| {
            sets.iter().any(|h| h.contains(&x) && h.contains(&y))
                || b.differ.contains(&(x, y))
                || b.differ.contains(&(y, x))
        };
        self.seers = self
            .groups
            .iter()
            .map(|group| {
                if group.len() < 2 {
                    return Vec::new();
                }
                (0..b.n * b.n)
                    .filter(|c| !self.cells.contains(c))
                    .filter(|&c| group.iter().all(|&i| sees(self.cells[i], c)))
                    .collect()
            })
            .collect();
        self
    }
}

impl Propagator for DistinctSum {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        match self.propagate_small(cand)? {
            Some(changed) => Ok(changed),
            None => self.propagate_wide(cand),
        }
    }
}

impl DistinctSum {
    /// [`Propagator::propagate`] without allocating, with `u128` sets of sums, when
    /// [`supports_small`] would take the cells; `None` (nothing changed) when it would not.
    /// The same deductions as [`DistinctSum::propagate_wide`].
    fn propagate_small(&self, cand: &mut [u32]) -> Result<Option<bool>, Dead> {
        let len = self.cells.len();
        if len > SMALL_CELLS {
            return Ok(None);
        }
        let mut masks = [0u32; SMALL_CELLS];
        for (m, &c) in masks.iter_mut().zip(&self.cells) {
            *m = digits(cand[c]);
        }
        let masks = &masks[..len];
        let mut allowed = [0u32; SMALL_CELLS];
        if self.groups.len() == len {
            // No two cells share a house: the plain sum.
            if !supports_small(masks, &self.weights, self.target, &mut allowed)? {
                return Ok(None);
            }
        } else {
            let (lo, hi) = sum_range(masks, &self.weights, self.target)?;
            if hi - lo >= SMALL_WIDTH {
                return Ok(None);
            }
            let mut every = [0u32; SMALL_CELLS];
            if !self.group_supports(masks, lo, &mut allowed, &mut every)? {
                return Ok(None);
            }
            let mut changed = false;
            for (&c, &a) in self.cells.iter().zip(&allowed) {
                changed |= narrow(cand, c, a)?;
            }
            for (seers, &used) in self.seers.iter().zip(&every) {
                if used == 0 {
                    continue;
                }
                for &c in seers {
                    if cand[c] & used != 0 {
                        changed |= narrow(cand, c, !used)?;
                    }
                }
            }
            return Ok(Some(changed));
        }
        let mut changed = false;
        for (&c, &a) in self.cells.iter().zip(&allowed) {
            changed |= narrow(cand, c, a)?;
        }
        Ok(Some(changed))
    }

    /// The digits of each position that take part in a solution, over the parts (each group
    /// whose assignments fit the node budget, or else each of its cells alone); sums are bits
    /// `sum - lo` of a `u128`; `every[g]`, the digits every assignment of group `g` left uses
    /// (0 when the group is not listed as a whole). `Ok(false)` when there are more parts than
    /// [`SMALL_CELLS`].
    fn group_supports(
        &self,
        masks: &[u32],
        lo: i64,
        allowed: &mut [u32],
        every: &mut [u32],
    ) -> Result<bool, Dead> {
        // A part: a group's index and whether it is listed as a whole, or a cell's position.
        #[derive(Clone, Copy, Default)]
        struct Part {
            group: usize,
            cell: Option<usize>,
            sums: u128,
        }
        let mut parts = [Part::default(); SMALL_CELLS];
        let mut count = 0;
        let mut add = |part: Part| {
            let slot = parts.get_mut(count).ok_or(())?;
            *slot = part;
            count += 1;
            Ok::<(), ()>(())
        };
        for (g, group) in self.groups.iter().enumerate() {
            let mut walk = GroupSums::new(masks, &self.weights, group, lo, 0);
            let listed = group.len() > 1 && walk.walk(0, 0, 0);
            if listed {
                if add(Part {
                    group: g,
                    cell: None,
                    sums: walk.sums,
                })
                .is_err()
                {
                    return Ok(false);
                }
                continue;
            }
            for &i in group {
                let mut sums = 0u128;
                let mut rest = masks[i];
                while rest != 0 {
                    let d = i64::from(rest.trailing_zeros());
                    rest &= rest - 1;
                    sums |= shift(1, self.weights[i] * d - lo);
                }
                if add(Part {
                    group: g,
                    cell: Some(i),
                    sums,
                })
                .is_err()
                {
                    return Ok(false);
                }
            }
        }
        let parts = &mut parts[..count];
        // Bit s - lo of forward[p]: the parts before p can sum to s.
        let mut forward = [0u128; SMALL_CELLS + 1];
        forward[0] = shift(1, -lo);
        for (p, part) in parts.iter().enumerate() {
            let mut next = 0;
            for_each_bit(part.sums, |j| next |= shift(forward[p], j + lo));
            forward[p + 1] = next;
        }
        let at = self.target - lo;
        if shift(forward[count], -at) & 1 == 0 {
            return Err(Dead);
        }
        // Bit s - lo of back: the parts after p can sum to target - s. Each part keeps the
        // sums that join a forward sum to a backward one.
        let mut back = shift(1, at);
        for p in (0..count).rev() {
            let mut keep = 0u128;
            let mut prev = 0u128;
            for_each_bit(parts[p].sums, |j| {
                if shift(forward[p], j + lo) & back != 0 {
                    keep |= 1 << j;
                    prev |= shift(back, -(j + lo));
                }
            });
            if keep == 0 {
                return Err(Dead);
            }
            parts[p].sums = keep;
            back = prev;
        }
        for part in parts.iter() {
            match part.cell {
                Some(i) => {
                    let mut rest = masks[i];
                    while rest != 0 {
                        let d = rest.trailing_zeros();
                        rest &= rest - 1;
                        if shift(part.sums, -(self.weights[i] * i64::from(d) - lo)) & 1 != 0 {
                            allowed[i] |= 1 << d;
                        }
                    }
                }
                None => {
                    let group = &self.groups[part.group];
                    let mut walk = GroupSums::new(masks, &self.weights, group, lo, part.sums);
                    // The same tree as the first walk, so within the same budget.
                    let whole = walk.walk(0, 0, 0);
                    for (k, &i) in group.iter().enumerate() {
                        allowed[i] |= walk.allowed[k];
                    }
                    // Only a whole walk that met a kept assignment knows what they all use.
                    if let Some(slot) = every.get_mut(part.group) {
                        if whole && walk.every != u32::MAX {
                            *slot = walk.every;
                        }
                    }
                }
            }
        }
        Ok(true)
    }

    /// The propagation with allocated sets, for any number of cells and any range of sums.
    fn propagate_wide(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        if self.groups.len() == self.cells.len() {
            return propagate(cand, &self.cells, &self.weights, self.target);
        }
        let masks: Vec<u32> = self.cells.iter().map(|&c| digits(cand[c])).collect();
        // Per part (a group, or one cell of a group too big to list): its positions and its
        // possible weighted sums, each with the digits each position takes in them.
        type Sums = Vec<(i64, Vec<u32>)>;
        let mut parts: Vec<(Vec<usize>, Sums)> = Vec::with_capacity(self.cells.len());
        for group in &self.groups {
            let mut found = Vec::new();
            let mut walk = GroupWalk {
                masks: &masks,
                weights: &self.weights,
                group,
                digits: vec![0; group.len()],
                nodes: 0,
                found: &mut found,
            };
            if walk.walk(0, 0, 0) {
                if found.is_empty() {
                    return Err(Dead);
                }
                parts.push((group.clone(), found));
            } else {
                for &i in group {
                    let mut single = Vec::new();
                    for_each_digit(masks[i], |d| {
                        single.push((self.weights[i] * d, vec![1u32 << d]));
                    });
                    parts.push((vec![i], single));
                }
            }
        }
        let (groups, options): (Vec<Vec<usize>>, Vec<Sums>) = parts.into_iter().unzip();
        let (mut lo, mut hi) = (0i64, 0i64);
        for opts in &options {
            lo += opts.iter().map(|o| o.0).min().unwrap_or(0).min(0);
            hi += opts.iter().map(|o| o.0).max().unwrap_or(0).max(0);
        }
        if self.target < lo || self.target > hi {
            return Err(Dead);
        }
        let width = (hi - lo + 1) as usize;
        let at = |s: i64| (s - lo) as usize;
        // forward[g][s]: the groups before g can sum to s.
        let mut forward = vec![vec![false; width]; options.len() + 1];
        forward[0][at(0)] = true;
        for (g, opts) in options.iter().enumerate() {
            for s in 0..width {
                if forward[g][s] {
                    for (v, _) in opts {
                        let t = s as i64 + v;
                        if (0..width as i64).contains(&t) {
                            forward[g + 1][t as usize] = true;
                        }
                    }
                }
            }
        }
        if !forward[options.len()][at(self.target)] {
            return Err(Dead);
        }
        let mut allowed = vec![0u32; self.cells.len()];
        let mut back = vec![false; width];
        back[at(self.target)] = true;
        for g in (0..options.len()).rev() {
            let mut prev = vec![false; width];
            let mut any = false;
            for (v, ds) in &options[g] {
                let mut kept = false;
                for s in 0..width {
                    let t = s as i64 + v;
                    if (0..width as i64).contains(&t) && back[t as usize] {
                        prev[s] = true;
                        kept |= forward[g][s];
                    }
                }
                if kept {
                    any = true;
                    for (&i, &d) in groups[g].iter().zip(ds) {
                        allowed[i] |= d;
                    }
                }
            }
            if !any {
                return Err(Dead);
            }
            back = prev;
        }
        let mut changed = false;
        for (&c, &a) in self.cells.iter().zip(&allowed) {
            changed |= narrow(cand, c, a)?;
        }
        Ok(changed)
    }
}

/// `set` shifted up by `by` (down when negative), dropping what leaves the 128 bits.
fn shift(set: u128, by: i64) -> u128 {
    if by >= 0 {
        u32::try_from(by)
            .ok()
            .and_then(|by| set.checked_shl(by))
            .unwrap_or(0)
    } else {
        u32::try_from(-by)
            .ok()
            .and_then(|by| set.checked_shr(by))
            .unwrap_or(0)
    }
}

/// Calls `f` with the index of each set bit of `set`.
fn for_each_bit(set: u128, mut f: impl FnMut(i64)) {
    let mut rest = set;
    while rest != 0 {
        f(i64::from(rest.trailing_zeros()));
        rest &= rest - 1;
    }
}

/// The assignments of different digits to one group's cells (at most [`SMALL_CELLS`]), on
/// the stack: first the set of their weighted sums (bits `sum - lo`), then, given the sums
/// to keep, the digits of each cell in the assignments with those sums.
struct GroupSums<'a> {
    masks: &'a [u32],
    weights: &'a [i64],
    group: &'a [usize],
    lo: i64,
    /// The sums whose assignments' digits go into `allowed` (the second walk).
    keep: u128,
    nodes: usize,
    digits: [u32; SMALL_CELLS],
    sums: u128,
    allowed: [u32; SMALL_CELLS],
    /// The digits every assignment with a kept sum uses (the second walk).
    every: u32,
}

impl<'a> GroupSums<'a> {
    fn new(masks: &'a [u32], weights: &'a [i64], group: &'a [usize], lo: i64, keep: u128) -> Self {
        GroupSums {
            masks,
            weights,
            group,
            lo,
            keep,
            nodes: 0,
            digits: [0; SMALL_CELLS],
            sums: 0,
            allowed: [0; SMALL_CELLS],
            every: u32::MAX,
        }
    }

    /// Assigns the group's cells from `k` on; false when the node budget ran out (or the
    /// group is longer than [`SMALL_CELLS`]).
    fn walk(&mut self, k: usize, used: u32, sum: i64) -> bool {
        self.nodes += 1;
        if self.nodes > GROUP_NODES || self.group.len() > SMALL_CELLS {
            return false;
        }
        let Some(&i) = self.group.get(k) else {
            let bit = shift(1, sum - self.lo);
            self.sums |= bit;
            if self.keep & bit != 0 {
                for (acc, &d) in self.allowed.iter_mut().zip(&self.digits[..k]) {
                    *acc |= d;
                }
                self.every &= used;
            }
            return true;
        };
        let mut rest = self.masks[i] & !used;
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            self.digits[k] = 1 << d;
            if !self.walk(k + 1, used | 1 << d, sum + self.weights[i] * i64::from(d)) {
                return false;
            }
        }
        true
    }
}

/// Lists the assignments of different digits to one group's cells, by weighted sum.
struct GroupWalk<'a> {
    masks: &'a [u32],
    weights: &'a [i64],
    group: &'a [usize],
    digits: Vec<u32>,
    nodes: usize,
    /// (sum, the digit bit of each cell of the group): one entry per sum, bits merged.
    found: &'a mut Vec<(i64, Vec<u32>)>,
}

impl GroupWalk<'_> {
    /// Assigns the group's cells from `k` on; false when the node budget ran out.
    fn walk(&mut self, k: usize, used: u32, sum: i64) -> bool {
        self.nodes += 1;
        if self.nodes > GROUP_NODES {
            return false;
        }
        let Some(&i) = self.group.get(k) else {
            match self.found.iter_mut().find(|(s, _)| *s == sum) {
                Some((_, ds)) => {
                    for (acc, &d) in ds.iter_mut().zip(&self.digits) {
                        *acc |= d;
                    }
                }
                None => self.found.push((sum, self.digits.clone())),
            }
            return true;
        };
        let mut rest = self.masks[i] & !used;
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            self.digits[k] = 1 << d;
            if !self.walk(k + 1, used | 1 << d, sum + self.weights[i] * i64::from(d)) {
                return false;
            }
        }
        true
    }
}

fn for_each_digit(mask: u32, mut f: impl FnMut(i64)) {
    let mut rest = mask;
    while rest != 0 {
        let d = rest.trailing_zeros();
        rest &= rest - 1;
        f(i64::from(d));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |m, d| m | 1 << d)
    }

    #[test]
    fn two_cells_summing_to_three_are_one_and_two() {
        let all = mask(&[1, 2, 3, 4]);
        assert_eq!(
            supports(&[all, all], &[1, 1], 3),
            Ok(vec![mask(&[1, 2]), mask(&[1, 2])])
        );
    }

    #[test]
    fn an_arrow_circle_is_the_sum_of_its_cells() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // circle - a - b == 0 with a, b in 1..=9, a = 8: circle is 9, b is 1.
        let got = supports(&[all, mask(&[8]), all], &[-1, 1, 1], 0);
        assert_eq!(got, Ok(vec![mask(&[9]), mask(&[8]), mask(&[1])]));
    }

    #[test]
    fn an_impossible_sum_is_dead() {
        let all = mask(&[1, 2, 3, 4]);
        assert_eq!(supports(&[all, all], &[1, 1], 9), Err(Dead));
        assert_eq!(supports(&[all, all], &[1, 1], 1), Err(Dead));
    }

    #[test]
    fn the_small_path_agrees_with_the_wide_one() {
        // A seeded stream of random cases: masks of 1..=9, weights of circles and pills.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let mut small_used = 0;
        for _ in 0..20_000 {
            let len = 1 + next(6) as usize;
            let masks: Vec<u32> = (0..len).map(|_| (next(1023) as u32 + 1) & !1).collect();
            if masks.contains(&0) {
                continue;
            }
            let weights: Vec<i64> = (0..len)
                .map(|_| [1, 1, 1, -1, -10][next(5) as usize])
                .collect();
            let target = next(40) as i64 - 10;
            let mut out = vec![0; len];
            let small = supports_small(&masks, &weights, target, &mut out);
            let wide = supports_wide(&masks, &weights, target);
            match small {
                Ok(true) => {
                    small_used += 1;
                    assert_eq!(Ok(out), wide, "{masks:?} {weights:?} {target}");
                }
                Ok(false) => {}
                Err(Dead) => assert_eq!(wide, Err(Dead), "{masks:?} {weights:?} {target}"),
            }
        }
        assert!(small_used > 1000, "{small_used}");
    }

    #[test]
    fn wide_sums_cross_word_boundaries() {
        // 25 cells of 1..=25 summing to 600: every cell is at least 600 - 24 * 25 = 0, so
        // anything goes but the total must be reachable past the first 64-bit words.
        let all = (1..=25).fold(0, |m, d| m | 1 << d);
        let masks = vec![all; 25];
        let weights = vec![1; 25];
        assert_eq!(supports(&masks, &weights, 600), Ok(vec![all; 25]));
        let got = supports(&masks, &weights, 624).expect("feasible");
        // 624 = 625 - 1: every cell is 25 but one, which is 24.
        assert!(got.iter().all(|&m| m == mask(&[24, 25])));
    }
}
