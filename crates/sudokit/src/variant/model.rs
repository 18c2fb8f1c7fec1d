//! The compiled form of a puzzle: houses, peers, binary relations and group propagators, and
//! propagation to a fixed point.

use super::rules::Rule;
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
struct Pair {
    a: usize,
    b: usize,
    ab: [u32; 26],
    ba: [u32; 26],
}

/// What rules add while the model is built.
pub(crate) struct Builder<'a> {
    pub(crate) shape: &'a Shape,
    pub(crate) n: usize,
    houses: Vec<Vec<usize>>,
    groups: Vec<Vec<usize>>,
    differ: Vec<(usize, usize)>,
    pairs: Vec<Pair>,
    unary: Vec<u32>,
    props: Vec<Box<dyn Propagator>>,
    rule: &'static str,
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

/// A compiled puzzle.
pub(crate) struct Model {
    pub(crate) n: usize,
    /// The root candidates (givens and unary rules applied, nothing propagated).
    pub(crate) root: Vec<u32>,
    /// Houses of N cells: hidden singles.
    houses: Vec<Vec<usize>>,
    /// Per cell, the cells that must differ from it.
    peers: Vec<Vec<usize>>,
    pairs: Vec<Pair>,
    props: Vec<Box<dyn Propagator>>,
}

impl Model {
    pub(crate) fn build(
        shape: &Shape,
        givens: &[u8],
        rules: &[Rule],
    ) -> Result<Model, VariantError> {
        let n = shape.size();
        let mut b = Builder {
            shape,
            n,
            houses: shape.houses(),
            groups: Vec::new(),
            differ: Vec::new(),
            pairs: Vec::new(),
            unary: vec![all_digits(n); n * n],
            props: Vec::new(),
            rule: "",
        };
        for rule in rules {
            b.rule = rule.name();
            rule.build(&mut b)?;
        }
        let mut peers: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        let mut link = |a: usize, b: usize| {
            if a != b && !peers[a].contains(&b) {
                peers[a].push(b);
                peers[b].push(a);
            }
        };
        for group in b.houses.iter().chain(&b.groups) {
            for (i, &x) in group.iter().enumerate() {
                for &y in &group[i + 1..] {
                    link(x, y);
                }
            }
        }
        for &(x, y) in &b.differ {
            link(x, y);
        }
        let root = (0..n * n)
            .map(|c| match givens[c] {
                0 => b.unary[c],
                g => b.unary[c] & (1 << g),
            })
            .collect();
        Ok(Model {
            n,
            root,
            houses: b.houses,
            peers,
            pairs: b.pairs,
            props: b.props,
        })
    }

    /// Propagates to a fixed point; `Err` when the state has no solution.
    pub(crate) fn propagate(&self, cand: &mut [u32]) -> Result<(), Dead> {
        loop {
            self.naked(cand)?;
            if self.hidden(cand)? {
                continue;
            }
            let mut changed = false;
            for pair in &self.pairs {
                let (a, b) = (digits(cand[pair.a]), digits(cand[pair.b]));
                let mut keep_a = 0;
                let mut keep_b = 0;
                let mut rest = a;
                while rest != 0 {
                    let d = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let with = pair.ab[d] & b;
                    if with != 0 {
                        keep_a |= 1 << d;
                        keep_b |= with;
                    }
                }
                changed |= narrow(cand, pair.a, keep_a)?;
                changed |= narrow(cand, pair.b, keep_b)?;
            }
            if changed {
                continue;
            }
            for prop in &self.props {
                if prop.propagate(cand)? {
                    changed = true;
                    // Singles first: they are cheaper than the next group.
                    self.naked(cand)?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Removes each placed digit from its peers, until no new digit is placed.
    fn naked(&self, cand: &mut [u32]) -> Result<(), Dead> {
        loop {
            let mut placed = false;
            for cell in 0..cand.len() {
                let mask = cand[cell];
                if mask & DONE != 0 {
                    continue;
                }
                if mask == 0 {
                    return Err(Dead);
                }
                if mask & (mask - 1) != 0 {
                    continue;
                }
                cand[cell] |= DONE;
                placed = true;
                for &p in &self.peers[cell] {
                    let m = cand[p];
                    if m & mask != 0 {
                        if m & DONE != 0 {
                            return Err(Dead);
                        }
                        let rest = m & !mask;
                        if rest == 0 {
                            return Err(Dead);
                        }
                        cand[p] = rest;
                    }
                }
            }
            if !placed {
                return Ok(());
            }
        }
    }

    /// Places each digit that has one place left in a house of N cells; whether any was.
    fn hidden(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        let all = all_digits(self.n);
        let mut changed = false;
        for house in &self.houses {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = digits(cand[c]);
                twice |= once & m;
                once |= m;
            }
            if once != all {
                return Err(Dead);
            }
            let single = once & !twice;
            if single == 0 {
                continue;
            }
            for &c in house {
                let m = digits(cand[c]);
                let here = m & single;
                if here == 0 || m == here && here & (here - 1) == 0 {
                    continue;
                }
                if here & (here - 1) != 0 {
                    return Err(Dead);
                }
                cand[c] = here;
                changed = true;
            }
        }
        Ok(changed)
    }
}
