//! The compiled form of a puzzle (houses, peers, binary relations and group propagators) and
//! propagation to a fixed point.

use super::build::{all_digits, digits, Builder, Dead, Pair, Propagator, DONE};
use super::locked::locked;
use super::rules::Rule;
use super::shape::Shape;
use super::skeleton::{skeleton, Skeleton, Structure};
use super::work::{remove, Work};
use super::VariantError;
use std::sync::Arc;

/// A compiled puzzle.
pub(crate) struct Model {
    pub(crate) n: usize,
    /// The root candidates (givens and unary rules applied, nothing propagated).
    pub(crate) root: Vec<u32>,
    /// Houses, peers, crossings and per-cell lists: shared by every puzzle of this structure.
    skeleton: Arc<Skeleton>,
    pairs: Vec<Pair>,
    props: Vec<Box<dyn Propagator>>,
    /// The fast path's tables when every rule only says "different" ([`super::distinct`]).
    pub(crate) distinct: Option<Arc<super::distinct::Plan>>,
    /// The non-consecutive fast path's tables when the rules are non-consecutive and rules
    /// that only say "different" ([`super::relations`]).
    pub(crate) relations: Option<Arc<super::relations::Plan>>,
    /// The little killer fast path's tables when the rules are little killer clues and rules
    /// that only say "different" ([`super::sums`]).
    pub(crate) sums: Option<Arc<super::sums::Plan>>,
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
        // Whether non-consecutive is the only rule with relations or propagators.
        let (mut non_consecutive, mut others) = (false, false);
        for rule in rules {
            b.rule = rule.name();
            let before = (b.pairs.len(), b.props.len());
            rule.build(&mut b)?;
            if matches!(rule, Rule::NonConsecutive(_)) {
                non_consecutive = true;
            } else if (b.pairs.len(), b.props.len()) != before {
                others = true;
            }
        }
        let skeleton = skeleton(Structure {
            n,
            boxes: shape.box_dims().is_some(),
            houses: b.houses,
            groups: b.groups,
            differ: b.differ,
            pair_ends: b.pairs.iter().map(|p| (p.a, p.b)).collect(),
        });
        // A relation between two peers also holds "different": with it, arc consistency sees
        // that a neighbour of a cell {4, 5} under non-consecutive can hold neither 4 nor 5.
        for pair in &mut b.pairs {
            if skeleton.peer_sets.linked(pair.a, pair.b) {
                for d in 1..=n {
                    pair.ab[d] &= !(1 << d);
                    pair.ba[d] &= !(1 << d);
                }
            }
        }
        let root = (0..n * n)
            .map(|c| match givens[c] {
                0 => b.unary[c],
                g => b.unary[c] & (1 << g),
            })
            .collect();
        let distinct = if b.pairs.is_empty() && b.props.is_empty() {
            skeleton.distinct()
        } else {
            None
        };
        let relations = if non_consecutive && !others {
            super::relations::Plan::new(n, &skeleton.structure.houses, &skeleton.peer_sets)
                .map(Arc::new)
        } else {
            None
        };
        // Each clue adds one propagator: as many as clues means no other rule added one.
        let clues = rules
            .iter()
            .filter(|r| matches!(r, Rule::LittleKiller(_)))
            .count();
        let only_clues = b.pairs.is_empty() && b.props.len() == clues;
        let sums = super::sums::Plan::new(
            n,
            &skeleton.structure.houses,
            &skeleton.peer_sets,
            rules,
            only_clues,
        )
        .map(Arc::new);
        Ok(Model {
            n,
            root,
            distinct,
            relations,
            sums,
            skeleton,
            pairs: b.pairs,
            props: b.props,
        })
    }

    /// The houses of N cells: rows, columns and regions first (as [`Shape::houses`]), then the
    /// rules'.
    pub(crate) fn houses(&self) -> &[Vec<usize>] {
        &self.skeleton.structure.houses
    }

    /// The houses, groups and "differ" pairs the rules tie together (for `givens.rs`).
    pub(crate) fn structure(&self) -> &Structure {
        &self.skeleton.structure
    }

    /// The binary relations (for `givens.rs`).
    pub(crate) fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// Propagates to a fixed point; `Err` when the state has no solution. `guessed` is the one
    /// cell changed since the parent state's fixed point, `None` for the root (every cell is
    /// looked at); `work` is scratch space.
    pub(crate) fn propagate(
        &self,
        cand: &mut [u32],
        work: &mut Work,
        guessed: Option<usize>,
    ) -> Result<(), Dead> {
        work.clear();
        match guessed {
            // The parent state was a fixed point: its singles are all placed, so the guessed
            // cell is the only new one.
            Some(cell) => {
                work.log.push(cell as u32);
                work.queue.push(cell);
            }
            None => {
                work.log.extend(0..cand.len() as u32);
                self.find_singles(cand, &mut work.queue)?;
            }
        }
        let general = self.skeleton.general();
        // How far each stage has read the log of changed cells.
        let (mut sets_read, mut pairs_read) = (0, 0);
        loop {
            self.naked(cand, work)?;
            if sets_read < work.log.len() {
                let sets = work.touched(sets_read, &general.cell_sets, general.set_count);
                sets_read = work.log.len();
                let result = self.house_stage(&sets, cand, work);
                work.give_back(sets);
                result?;
                continue;
            }
            if pairs_read < work.log.len() {
                let pairs = work.touched(pairs_read, &general.cell_pairs, self.pairs.len());
                pairs_read = work.log.len();
                let result = self.pair_stage(&pairs, cand, work);
                work.give_back(pairs);
                result?;
                continue;
            }
            let mut changed = false;
            for prop in &self.props {
                // A group rule does not say what it changed: a copy from before tells (logging
                // every cell instead made every house, crossing and relation be looked at again).
                work.snapshot.clear();
                work.snapshot.extend_from_slice(cand);
                if prop.propagate(cand)? {
                    changed = true;
                    log_changes(&work.snapshot, cand, &mut work.log, &mut work.queue)?;
                    // Singles first: they are cheaper than the next group.
                    self.naked(cand, work)?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Hidden singles, locked candidates and common peers in the houses and groups numbered in
    /// `sets` (houses first, then groups).
    fn house_stage(&self, sets: &[u32], cand: &mut [u32], work: &mut Work) -> Result<(), Dead> {
        self.hidden(sets, cand, work)?;
        let general = self.skeleton.general();
        let crossings = work.expand(sets, &general.crossings.by_set, general.crossings.len());
        let result = locked(&general.crossings, &crossings, cand, work);
        work.give_back(crossings);
        result?;
        if self.skeleton.seen {
            self.skeleton
                .peer_sets
                .eliminate(self.houses(), sets, cand, work)?;
        }
        Ok(())
    }

    /// Arc consistency on the relations numbered in `pairs`.
    fn pair_stage(&self, pairs: &[u32], cand: &mut [u32], work: &mut Work) -> Result<(), Dead> {
        for &k in pairs {
            let pair = &self.pairs[k as usize];
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
            remove(cand, pair.a, a & !keep_a, work)?;
            remove(cand, pair.b, b & !keep_b, work)?;
        }
        Ok(())
    }

    /// Queues every cell down to one digit whose peers still hold it (after a guess or a
    /// group propagator, which do not queue what they decide).
    fn find_singles(&self, cand: &[u32], queue: &mut Vec<usize>) -> Result<(), Dead> {
        for (cell, &mask) in cand.iter().enumerate() {
            if mask & DONE == 0 && mask & mask.wrapping_sub(1) == 0 {
                if mask == 0 {
                    return Err(Dead);
                }
                queue.push(cell);
            }
        }
        Ok(())
    }

    /// Removes the digit of each queued cell from its peers, queueing the peers it decides.
    fn naked(&self, cand: &mut [u32], work: &mut Work) -> Result<(), Dead> {
        let general = self.skeleton.general();
        while let Some(cell) = work.queue.pop() {
            let mask = cand[cell];
            if mask & DONE != 0 {
                continue;
            }
            cand[cell] = mask | DONE;
            let range = general.peer_start[cell] as usize..general.peer_start[cell + 1] as usize;
            for &p in &general.peers[range] {
                remove(cand, p as usize, mask, work)?;
            }
        }
        Ok(())
    }

    /// Places each digit that has one place left in a house of N cells (of those numbered in
    /// `sets`), and removes it from the peers before the next house is scanned.
    fn hidden(&self, sets: &[u32], cand: &mut [u32], work: &mut Work) -> Result<(), Dead> {
        let all = all_digits(self.n);
        for &h in sets {
            let Some(house) = self.houses().get(h as usize) else {
                continue;
            };
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &c in house {
                let m = digits(cand[c]);
                twice |= once & m;
                once |= m;
                // A placed digit is alone in its house too; it needs nothing more.
                placed |= m & (cand[c] & DONE).wrapping_neg();
            }
            if once != all {
                return Err(Dead);
            }
            let single = once & !twice & !placed;
            if single == 0 {
                continue;
            }
            for &c in house {
                let m = digits(cand[c]);
                let here = m & single;
                if here == 0 {
                    continue;
                }
                if here & (here - 1) != 0 {
                    return Err(Dead);
                }
                cand[c] = here;
                work.queue.push(c);
                work.log.push(c as u32);
            }
            self.naked(cand, work)?;
        }
        Ok(())
    }

    /// A digit with exactly two places left in a house of N cells: `(bit, first, second)`,
    /// from the first such house and its smallest such digit.
    pub(crate) fn two_places(&self, cand: &[u32]) -> Option<(u32, usize, usize)> {
        for house in self.houses() {
            let (mut once, mut twice, mut more) = (0u32, 0u32, 0u32);
            for &c in house {
                let m = digits(cand[c]);
                more |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let two = twice & !more;
            if two == 0 {
                continue;
            }
            let bit = two & two.wrapping_neg();
            let mut places = house.iter().copied().filter(|&c| cand[c] & bit != 0);
            if let (Some(first), Some(second)) = (places.next(), places.next()) {
                return Some((bit, first, second));
            }
        }
        None
    }
}

/// Logs each cell that differs between `before` and `after`, and queues those left with one
/// digit not yet placed.
fn log_changes(
    before: &[u32],
    after: &[u32],
    log: &mut Vec<u32>,
    queue: &mut Vec<usize>,
) -> Result<(), Dead> {
    for (cell, (&old, &new)) in before.iter().zip(after).enumerate() {
        if old == new {
            continue;
        }
        if digits(new) == 0 {
            return Err(Dead);
        }
        log.push(cell as u32);
        if new & DONE == 0 && new & (new - 1) == 0 {
            queue.push(cell);
        }
    }
    Ok(())
}
