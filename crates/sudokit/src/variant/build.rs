//! What the rules compile into: candidate masks, the [`Propagator`] trait of group rules, and
//! the [`Builder`] that collects houses, relations and propagators (below `rules`, which fill
//! it, and `model`, which runs it).

use super::shape::{Pos, Shape};
use super::VariantError;
use std::fmt;

/// Bit 0 of a cell's mask: its digit is placed and removed from its peers.
pub(crate) const DONE: u32 = 1;

/// The digits of a mask, without the [`DONE`] flag.
pub(crate) const fn digits(mask: u32) -> u32 {
    mask & !DONE
}

/// The state is impossible: a cell or a house lost its last candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dead;

/// A group rule's propagation: removes candidates that cannot be part of a solution of this
/// rule alone (it must never remove one that can), and reports `Dead` when none is left.
pub(crate) trait Propagator: fmt::Debug + Send + Sync {
    /// Narrows `cand`; returns whether it changed anything.
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead>;
}

/// Narrows `cand[cell]` to `allowed`; whether it changed.
pub(crate) fn narrow(cand: &mut [u32], cell: usize, allowed: u32) -> Result<bool, Dead> {
    let old = cand[cell];
    let new = old & (allowed | DONE);
    if digits(new) == 0 {
        return Err(Dead);
    }
    cand[cell] = new;
    Ok(new != old)
}

/// A binary relation between two cells: `ab[d]` is the digits `b` may hold when `a` holds `d`.
#[derive(Debug, Clone)]
pub(crate) struct Pair {
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) ab: [u32; 26],
    pub(crate) ba: [u32; 26],
}

/// What rules add while the model is built.
pub(crate) struct Builder<'a> {
    pub(crate) shape: &'a Shape,
    pub(crate) n: usize,
    pub(crate) houses: Vec<Vec<usize>>,
    pub(crate) groups: Vec<Vec<usize>>,
    pub(crate) differ: Vec<(usize, usize)>,
    pub(crate) pairs: Vec<Pair>,
    pub(crate) unary: Vec<u32>,
    pub(crate) props: Vec<Box<dyn Propagator>>,
    /// The rule being built, for errors.
    pub(crate) rule: &'static str,
}

impl Builder<'_> {
    /// The index of `pos`, or an error naming the rule.
    pub(crate) fn cell(&self, pos: Pos) -> Result<usize, VariantError> {
        self.shape
            .index(pos)
            .ok_or_else(|| self.error(format!("{pos} is outside the grid")))
    }

    /// The indices of `cells`, all inside and all different.
    pub(crate) fn cells(&self, cells: &[Pos]) -> Result<Vec<usize>, VariantError> {
        let indices = cells
            .iter()
            .map(|&p| self.cell(p))
            .collect::<Result<Vec<_>, _>>()?;
        for (i, c) in indices.iter().enumerate() {
            if indices[..i].contains(c) {
                return Err(self.error(format!("{} appears twice", self.shape.pos(*c))));
            }
        }
        Ok(indices)
    }

    /// An error in the current rule.
    pub(crate) fn error(&self, reason: String) -> VariantError {
        VariantError::Rule {
            rule: self.rule,
            reason,
        }
    }

    /// Cells that hold different digits; a house of N cells also holds every digit once.
    pub(crate) fn house(&mut self, cells: Vec<usize>) -> Result<(), VariantError> {
        if cells.len() > self.n {
            return Err(self.error(format!(
                "{} different digits in {} cells",
                cells.len(),
                self.n
            )));
        }
        if cells.len() == self.n {
            self.houses.push(cells);
        } else {
            self.groups.push(cells);
        }
        Ok(())
    }

    /// Two cells that hold different digits.
    pub(crate) fn differ(&mut self, a: usize, b: usize) {
        if a != b {
            self.differ.push((a, b));
        }
    }

    /// A relation that digits `x` in `a` and `y` in `b` must satisfy.
    pub(crate) fn relation(&mut self, a: usize, b: usize, holds: impl Fn(u32, u32) -> bool) {
        let mut pair = Pair {
            a,
            b,
            ab: [0; 26],
            ba: [0; 26],
        };
        for x in 1..=self.n as u32 {
            for y in 1..=self.n as u32 {
                if holds(x, y) {
                    pair.ab[x as usize] |= 1 << y;
                    pair.ba[y as usize] |= 1 << x;
                }
            }
        }
        self.pairs.push(pair);
    }

    /// The digits `cell` may hold at most.
    pub(crate) fn restrict(&mut self, cell: usize, allowed: u32) {
        self.unary[cell] &= allowed;
    }

    /// A group rule's propagator.
    pub(crate) fn propagator(&mut self, p: Box<dyn Propagator>) {
        self.props.push(p);
    }
}

/// The mask of digits 1..=n.
pub(crate) const fn all_digits(n: usize) -> u32 {
    ((1u64 << (n + 1)) - 2) as u32
}
