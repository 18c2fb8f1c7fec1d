//! What a compiled puzzle keeps that does not depend on its givens or on its rules' numbers: the
//! houses, the peer lists and bitsets, the crossings and the per-cell lists of houses and
//! relations. It depends only on the cells the rules tie together (the [`Structure`]), so
//! puzzles of one shape and rule set share one, built once per thread and kept in a small
//! cache: on a 4x4 or 6x6 puzzle building it cost more than solving.
//!
//! The cache is keyed by the whole structure (compared in full, not only by its hash), and the
//! skeleton is a pure function of it, so the cache can never change an answer.

use super::distinct::Plan;
use super::locked::{crossings, Crossings};
use super::seen::PeerSets;
use super::work::Lists;
use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

/// The cells the rules tie together: all a [`Skeleton`] is made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Structure {
    pub(crate) n: usize,
    /// Whether the shape has boxes (rows, columns and boxes alone need no common-peer pass).
    pub(crate) boxes: bool,
    /// Houses of N cells (rows, columns, regions, then the rules').
    pub(crate) houses: Vec<Vec<usize>>,
    /// Groups of fewer than N different digits.
    pub(crate) groups: Vec<Vec<usize>>,
    /// Cells that differ without sharing a group.
    pub(crate) differ: Vec<(usize, usize)>,
    /// The cells of each binary relation.
    pub(crate) pair_ends: Vec<(usize, usize)>,
}

impl Structure {
    /// A hash of every field (FNV-1a over the numbers), to find a cached skeleton quickly.
    fn hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: usize| {
            h ^= x as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        mix(self.n);
        mix(usize::from(self.boxes));
        for list in [&self.houses, &self.groups] {
            mix(list.len());
            for set in list {
                mix(set.len());
                set.iter().for_each(|&c| mix(c));
            }
        }
        for list in [&self.differ, &self.pair_ends] {
            mix(list.len());
            for &(a, b) in list {
                mix(a);
                mix(b);
            }
        }
        h
    }
}

/// The given-independent part of a compiled puzzle.
#[derive(Debug)]
pub(crate) struct Skeleton {
    pub(crate) structure: Structure,
    /// The peers as bitsets: eliminations by common peers, and which relations join peers.
    pub(crate) peer_sets: PeerSets,
    /// Whether to look for common peers: not in a plain grid of rows, columns and boxes, where
    /// locked candidates find the same.
    pub(crate) seen: bool,
    /// The general engine's tables, made the first time a search of this structure needs
    /// them: a puzzle on the fast path never does, and jigsaw puzzles (regions differ per
    /// puzzle, so each builds its own skeleton) spent a sixth of their time making them.
    general: OnceLock<General>,
    /// The fast path's tables, made the first time a puzzle of this structure asks.
    distinct: OnceLock<Option<Arc<Plan>>>,
}

/// What only the general engine ([`super::model`]) reads.
#[derive(Debug)]
pub(crate) struct General {
    /// The cells that must differ from cell `c`: `peers[peer_start[c]..peer_start[c + 1]]`.
    pub(crate) peers: Vec<u32>,
    pub(crate) peer_start: Vec<u32>,
    /// Pairs of houses that share cells: locked candidates.
    pub(crate) crossings: Crossings,
    /// Per cell, the houses (numbered first) and groups it is in.
    pub(crate) cell_sets: Lists,
    pub(crate) set_count: usize,
    /// Per cell, the relations it is in.
    pub(crate) cell_pairs: Lists,
}

impl Skeleton {
    /// Builds the skeleton of `structure`.
    fn build(structure: Structure) -> Skeleton {
        let n = structure.n;
        // Peers as one bitset per cell: a list's `contains` made building quadratic in the
        // peers (a 25x25 grid has 72 per cell).
        let words = (n * n).div_ceil(64);
        let mut bits = vec![0u64; n * n * words];
        let mut link = |a: usize, b: usize| {
            if a != b {
                bits[a * words + b / 64] |= 1 << (b % 64);
                bits[b * words + a / 64] |= 1 << (a % 64);
            }
        };
        for group in structure.houses.iter().chain(&structure.groups) {
            for (i, &x) in group.iter().enumerate() {
                for &y in &group[i + 1..] {
                    link(x, y);
                }
            }
        }
        for &(x, y) in &structure.differ {
            link(x, y);
        }
        let plain = structure.differ.is_empty()
            && structure.groups.is_empty()
            && structure.houses.len() == 3 * n
            && structure.boxes;
        Skeleton {
            peer_sets: PeerSets::new(words, bits),
            seen: !plain,
            structure,
            general: OnceLock::new(),
            distinct: OnceLock::new(),
        }
    }

    /// The general engine's tables.
    pub(crate) fn general(&self) -> &General {
        self.general.get_or_init(|| {
            let Structure {
                n,
                ref houses,
                ref groups,
                ref pair_ends,
                ..
            } = self.structure;
            let mut peers = Vec::new();
            let mut peer_start = vec![0];
            for c in 0..n * n {
                for (w, &word) in self.peer_sets.of(c).iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        peers.push((w * 64) as u32 + rest.trailing_zeros());
                        rest &= rest - 1;
                    }
                }
                peer_start.push(peers.len() as u32);
            }
            let cell_sets = Lists::new(
                n * n,
                houses
                    .iter()
                    .chain(groups)
                    .enumerate()
                    .flat_map(|(k, set)| set.iter().map(move |&c| (c, k as u32))),
            );
            let cell_pairs = Lists::new(
                n * n,
                pair_ends
                    .iter()
                    .enumerate()
                    .flat_map(|(k, &(a, b))| [(a, k as u32), (b, k as u32)]),
            );
            General {
                peers,
                peer_start,
                crossings: crossings(n * n, houses, groups),
                cell_sets,
                set_count: houses.len() + groups.len(),
                cell_pairs,
            }
        })
    }

    /// The fast path's tables ([`super::distinct`]), for a puzzle of this structure whose
    /// rules add no binary relation and no group propagator; `None` when the grid is too wide.
    pub(crate) fn distinct(&self) -> Option<Arc<Plan>> {
        self.distinct
            .get_or_init(|| {
                let s = &self.structure;
                Plan::new(s.n, &s.houses, &self.peer_sets).map(Arc::new)
            })
            .clone()
    }
}

/// How many skeletons a thread keeps: a batch of one rule set needs one; a few more cover
/// programs that alternate between shapes.
const KEPT: usize = 8;

thread_local! {
    /// The skeletons built last on this thread, most recently used first, with their
    /// structures' hashes.
    static CACHE: RefCell<Vec<(u64, Arc<Skeleton>)>> = const { RefCell::new(Vec::new()) };
}

/// The skeleton of `structure`: the cached one when this thread built it recently, else a new
/// one (then cached).
pub(crate) fn skeleton(structure: Structure) -> Arc<Skeleton> {
    let hash = structure.hash();
    let found = CACHE
        .try_with(|cache| {
            let mut cache = cache.borrow_mut();
            let i = cache
                .iter()
                .position(|(h, s)| *h == hash && s.structure == structure)?;
            let entry = cache.remove(i);
            let skeleton = entry.1.clone();
            cache.insert(0, entry);
            Some(skeleton)
        })
        .ok()
        .flatten();
    if let Some(skeleton) = found {
        return skeleton;
    }
    let skeleton = Arc::new(Skeleton::build(structure));
    let _ = CACHE.try_with(|cache| {
        let mut cache = cache.borrow_mut();
        cache.truncate(KEPT - 1);
        cache.insert(0, (hash, skeleton.clone()));
    });
    skeleton
}

#[cfg(test)]
mod tests {
    use super::*;

    fn structure(differ: Vec<(usize, usize)>) -> Structure {
        Structure {
            n: 4,
            boxes: true,
            houses: crate::variant::Shape::square(4).expect("4x4").houses(),
            groups: Vec::new(),
            differ,
            pair_ends: Vec::new(),
        }
    }

    #[test]
    fn one_structure_shares_one_skeleton_and_another_gets_its_own() {
        let a = skeleton(structure(vec![]));
        let b = skeleton(structure(vec![]));
        assert!(Arc::ptr_eq(&a, &b));
        let c = skeleton(structure(vec![(0, 6)]));
        assert!(!Arc::ptr_eq(&a, &c));
        assert!(c.peer_sets.linked(0, 6) && !a.peer_sets.linked(0, 6));
        assert!(c.seen && !a.seen);
    }

    #[test]
    fn the_cache_keeps_only_the_last_few() {
        let first = skeleton(structure(vec![]));
        for k in 0..KEPT {
            skeleton(structure(vec![(0, 8 + k)]));
        }
        assert!(!Arc::ptr_eq(&first, &skeleton(structure(vec![]))));
        CACHE.with(|cache| assert_eq!(cache.borrow().len(), KEPT));
    }

    #[test]
    fn equal_hashes_are_not_enough() {
        // Two structures forced under one hash must still get their own skeletons.
        let a = structure(vec![(1, 7)]);
        let b = structure(vec![(2, 8)]);
        let kept = Arc::new(Skeleton::build(a));
        CACHE.with(|cache| cache.borrow_mut().insert(0, (b.hash(), kept.clone())));
        let got = skeleton(b);
        assert!(!Arc::ptr_eq(&kept, &got));
        assert!(got.peer_sets.linked(2, 8) && !got.peer_sets.linked(1, 7));
    }
}
