//! The compiled form of a puzzle (houses, peers, binary relations and group propagators) and
//! propagation to a fixed point.

use super::build::{all_digits, digits, narrow, Builder, Dead, Pair, Propagator, DONE};
use super::rules::Rule;
use super::shape::Shape;
use super::VariantError;

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
