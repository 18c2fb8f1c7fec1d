//! The seeded random number generator behind generation and random transforms.
//!
//! It sits at the crate's root, below both of its users: `canon` draws random transforms with
//! it and `generate` draws puzzles and applies those transforms, so `generate` depends on
//! `canon` and neither depends on the other for the generator.
//!
//! Hand-written rather than taken from a crate so that the same seed gives the same puzzles on
//! every platform and with every future version of this library: the stream is part of the
//! output's contract, and a dependency's update could change it silently.
//!
//! The generator is xoshiro256** (Blackman and Vigna, 2018), a small, fast generator with good
//! statistical quality; its state is filled from the seed with SplitMix64 (Steele, Lea and Flood,
//! 2014), as its authors recommend. Ranges are drawn without modulo bias by Lemire's
//! multiply-and-reject method.

/// One step of SplitMix64: a bijective mixer of 64-bit values, also used to derive per-puzzle
/// seeds from `(seed, index)` so that puzzle `i` does not depend on how many came before it.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded xoshiro256** generator.
#[derive(Debug, Clone)]
pub(crate) struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole stream is determined by `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let s = [
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
        ];
        // SplitMix64 is a bijection of a counter, so four successive outputs are never all zero
        // (the one state xoshiro cannot leave); keep the guard anyway, it costs nothing.
        if s == [0; 4] {
            return Rng { s: [1, 0, 0, 0] };
        }
        Rng { s }
    }

    /// The generator for item `index` of the stream seeded with `seed`: independent of every
    /// other index, so items can be made in any order, on any number of threads.
    pub(crate) fn for_item(seed: u64, index: u64) -> Rng {
        let mut mix = seed;
        let seed_part = splitmix64(&mut mix);
        let mut mix = index ^ 0xD1B5_4A32_D192_ED03;
        let index_part = splitmix64(&mut mix);
        Rng::new(seed_part ^ index_part.rotate_left(17))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform value in `0..n`; 0 when `n` is 0.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Lemire: the high word of a 64x64 product is uniform once the few low words that would
        // over-represent some values are rejected.
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniform index in `0..n` (`n` a slice length).
    pub(crate) fn index(&mut self, n: usize) -> usize {
        // A usize is at most 64 bits on every supported target, and the result is below `n`.
        self.below(n as u64) as usize
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniform permutation of `0..N`.
    pub(crate) fn permutation<const N: usize>(&mut self) -> [u8; N] {
        let mut perm = [0u8; N];
        for (i, slot) in perm.iter_mut().enumerate() {
            // N is at most 9 here (digits, rows, bands).
            *slot = i as u8;
        }
        self.shuffle(&mut perm);
        perm
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed_for_a_seed() {
        // Pinned so that an accidental change of the generator (which would change every
        // seeded puzzle users may have recorded) fails loudly.
        let mut rng = Rng::new(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        let mut again = Rng::new(0);
        let second: Vec<u64> = (0..3).map(|_| again.next_u64()).collect();
        assert_eq!(first, second);
        assert_ne!(Rng::new(1).next_u64(), first[0]);
    }

    #[test]
    fn splitmix_matches_the_reference_values() {
        // The first outputs of SplitMix64 seeded with 0, from the reference implementation.
        let mut state = 0;
        assert_eq!(splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut state), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn items_get_different_streams() {
        let a = Rng::for_item(7, 0).next_u64();
        let b = Rng::for_item(7, 1).next_u64();
        let c = Rng::for_item(8, 0).next_u64();
        assert_ne!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(42);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = rng.below(7);
            assert!(v < 7);
            seen[v as usize] += 1;
        }
        // Each value expects 1000; a fair generator is nowhere near these bounds.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn permutations_are_permutations() {
        let mut rng = Rng::new(3);
        for _ in 0..100 {
            let mut perm: [u8; 9] = rng.permutation();
            perm.sort_unstable();
            assert_eq!(perm, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        }
    }
}
