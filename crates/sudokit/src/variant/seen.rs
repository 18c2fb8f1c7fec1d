//! Eliminations by common peers: when a digit has few places left in a full house, one of them
//! holds it, so no cell that sees all of them (a peer of each: house mates, cage mates,
//! knight's or king's move neighbours, ...) can. With houses only this is locked candidates;
//! with anti-knight or anti-king neighbours it also reaches cells outside every shared house.

use super::build::{digits, Dead};
use super::work::{remove, Work};

/// The most places a digit may have for its common peers to be looked for: three covers every
/// box/line crossing of a 9x9 grid, and more places rarely share a peer outside the crossing.
const MAX_PLACES: u32 = 3;

/// Each cell's peers as a bitset of `words` words (bit `c % 64` of word `c / 64`).
#[derive(Debug, Clone)]
pub(crate) struct PeerSets {
    words: usize,
    bits: Vec<u64>,
}

impl PeerSets {
    /// `bits` holds `words` words per cell, in cell order.
    pub(crate) fn new(words: usize, bits: Vec<u64>) -> PeerSets {
        PeerSets { words, bits }
    }

    /// The peers of `cell`.
    pub(crate) fn of(&self, cell: usize) -> &[u64] {
        &self.bits[cell * self.words..(cell + 1) * self.words]
    }

    /// Whether `a` and `b` are peers.
    pub(crate) fn linked(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// One pass over the `houses` numbered in `which` (each of N cells, so each holds every
    /// digit): removes each digit with two to [`MAX_PLACES`] places in a house from every
    /// cell that sees all of them; whether anything was removed.
    pub(crate) fn eliminate(
        &self,
        houses: &[Vec<usize>],
        which: &[u32],
        cand: &mut [u32],
        work: &mut Work,
    ) -> Result<bool, Dead> {
        let mut common = [0u64; 10];
        let common = &mut common[..self.words];
        let mut changed = false;
        for &h in which {
            let Some(house) = houses.get(h as usize) else {
                continue;
            };
            // counts[k]: the digits with more than k places so far (k = 0..=MAX_PLACES).
            let mut counts = [0u32; MAX_PLACES as usize + 1];
            for &c in house {
                let mut m = digits(cand[c]);
                for level in counts.iter_mut() {
                    let carry = *level & m;
                    *level |= m;
                    m = carry;
                }
            }
            // Two or more places, and not more than MAX_PLACES.
            let mut few = counts[1] & !counts[MAX_PLACES as usize];
            while few != 0 {
                let bit = few & few.wrapping_neg();
                few &= few - 1;
                common.fill(u64::MAX);
                for &c in house {
                    if cand[c] & bit != 0 {
                        for (w, p) in common.iter_mut().zip(self.of(c)) {
                            *w &= p;
                        }
                    }
                }
                for (w, &word) in common.iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        let cell = w * 64 + rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        changed |= remove(cand, cell, bit, work)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 grid's peers: rows, columns, 2x2 boxes, plus the knight's move pair (0, 6).
    fn peers_4x4() -> (PeerSets, Vec<Vec<usize>>) {
        let mut houses: Vec<Vec<usize>> = (0..4)
            .map(|r| (0..4).map(|c| r * 4 + c).collect())
            .collect();
        houses.extend((0..4).map(|c| (0..4).map(|r| r * 4 + c).collect::<Vec<_>>()));
        houses
            .extend([[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]].map(Vec::from));
        let mut bits = vec![0u64; 16];
        let mut link = |a: usize, b: usize| {
            bits[a] |= 1 << b;
            bits[b] |= 1 << a;
        };
        for h in &houses {
            for (i, &a) in h.iter().enumerate() {
                for &b in &h[i + 1..] {
                    link(a, b);
                }
            }
        }
        link(0, 6);
        (PeerSets::new(1, bits), houses)
    }

    #[test]
    fn a_cell_that_sees_every_place_loses_the_digit() {
        let (peers, houses) = peers_4x4();
        assert!(peers.linked(0, 6) && peers.linked(6, 0) && !peers.linked(0, 7));
        let all = 0b11110;
        let mut cand = vec![all; 16];
        // Digit 1 in column 0 only at cells 4 and 8? Not both seen by one outside cell; take
        // row 0 instead: 1 only at cells 0 and 2, both peers of cell 6 (knight and box).
        cand[1] &= !(1 << 1);
        cand[3] &= !(1 << 1);
        let mut work = Work::default();
        let every: Vec<u32> = (0..houses.len() as u32).collect();
        assert_eq!(
            peers.eliminate(&houses, &every, &mut cand, &mut work),
            Ok(true)
        );
        assert_eq!(cand[6] & (1 << 1), 0, "cell 6 sees cells 0 and 2");
        assert_ne!(cand[7] & (1 << 1), 0, "cell 7 does not see cell 0");
        assert_ne!(cand[0] & (1 << 1), 0, "the places keep the digit");
        assert_ne!(cand[2] & (1 << 1), 0, "the places keep the digit");
    }

    #[test]
    fn many_places_or_no_common_peer_remove_nothing() {
        let (peers, houses) = peers_4x4();
        let mut cand = vec![0b11110; 16];
        let mut work = Work::default();
        let every: Vec<u32> = (0..houses.len() as u32).collect();
        assert_eq!(
            peers.eliminate(&houses, &every, &mut cand, &mut work),
            Ok(false)
        );
        assert!(work.queue.is_empty());
    }
}
