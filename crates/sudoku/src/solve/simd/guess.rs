//! The guess score of the search ([`smallest_tree_key`]) over bivalue cells, sixteen cells at
//! a time in the lanes of 512-bit vectors, for the paths with AVX-512 VBMI
//! ([`CpuPath::Avx512Vbmi`](super::CpuPath) and `Avx512Ymm`) on CPUs that also have VBMI2 and
//! VPOPCNTDQ (every one known: Ice Lake, Tiger Lake, Sapphire Rapids, Zen 4, Zen 5; checked
//! apart, [`supported`], so that a CPU reported without them keeps its path and scores in
//! scalar code, to the same key).
//!
//! The scalar score costs about 60 instructions a cell: a loop over the cell's digits, four
//! popcounts a digit, and a branch that ends each loop. Here each lane holds one cell:
//! 1. The cells' places (`32 * band + bit`) are packed into bytes with two compresses, one
//!    for bands 0 and 1 (one 64-bit mask), one for band 2, and one byte permute.
//! 2. For each lane: its band peers (row and box) and its column, from 32-entry tables; its two
//!    digits, by testing its bit in each digit's mask of its band (nine two-table permutes of
//!    the 27 band masks); then, in each band, the masks of those two digits.
//! 3. In each band the score's masks, limited to the lane's peers there (`a`, `c`: the two
//!    digits' candidates; `u`: the unsolved cells; `B`: the bivalue ones), are summed with
//!    weights as four popcounts: `a + c + 4 (u + (a & B) + (c & B))` is `(a ^ c) + 2 (a & c) +
//!    4 (u ^ ((a ^ c) & B)) + 8 ((a | c) & B)`, because `a & B` and `c & B` lie within `u` (a
//!    bivalue cell is unsolved).
//! 4. The key `score << 7 | (127 - place)` of each lane, and the largest over the lanes: the
//!    scalar code's key, so the same cell.
//!
//! [`smallest_tree_key`]: super::super::bands::smallest_tree_key

use std::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_add_epi8, _mm512_and_si512, _mm512_castsi512_si128,
    _mm512_cmpeq_epi32_mask, _mm512_cvtepu8_epi32, _mm512_extracti32x4_epi32, _mm512_loadu_si512,
    _mm512_mask_blend_epi32, _mm512_mask_mov_epi32, _mm512_mask_permutexvar_epi8,
    _mm512_maskz_compress_epi8, _mm512_maskz_loadu_epi32, _mm512_maskz_mov_epi32, _mm512_max_epu32,
    _mm512_or_si512, _mm512_permutex2var_epi32, _mm512_popcnt_epi32, _mm512_reduce_max_epu32,
    _mm512_set1_epi32, _mm512_set1_epi8, _mm512_setzero_si512, _mm512_slli_epi32,
    _mm512_sllv_epi32, _mm512_srli_epi32, _mm512_sub_epi32, _mm512_sub_epi8,
    _mm512_ternarylogic_epi32, _mm512_test_epi32_mask, _mm512_xor_si512,
};

use crate::solve::tables::BAND_PEERS;

/// Bytes 0 to 63: the places of bands 0 and 1 (bit `bit` of band 1 is byte `32 + bit`).
const BYTE_IOTA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// [`BAND_PEERS`], padded to 32 entries for a two-register permute.
const PEERS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = BAND_PEERS[i];
        i += 1;
    }
    t
};

/// For the cell at bit `i` of a band, its column as a band mask (its peers in another band).
const COLUMNS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = 0x40201 << (i % 9);
        i += 1;
    }
    t
};

/// Whether the CPU has the features [`bivalue_key`] needs beyond those of its paths (AVX-512
/// VBMI2 and VPOPCNTDQ, and POPCNT).
pub(super) fn supported() -> bool {
    std::arch::is_x86_feature_detected!("avx512vbmi2")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`smallest_tree_key`](super::super::bands::smallest_tree_key) over the cells `bivalue`,
/// which must be bivalue cells of `cand` (exactly two digits each) and unsolved ones; `None`
/// when there are more than 64 (the caller then takes the scalar code).
///
/// # Safety
/// The CPU must have AVX-512F/BW/VL, VBMI, VBMI2 and VPOPCNTDQ, and POPCNT.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512vpopcntdq,popcnt"
)]
pub(super) fn bivalue_key(
    cand: &[[u32; 9]; 3],
    unsolved: &[u32; 3],
    bivalue: &[u32; 3],
) -> Option<u32> {
    let low_bands = u64::from(bivalue[0]) | u64::from(bivalue[1]) << 32;
    let in_low_bands = low_bands.count_ones();
    let total = in_low_bands + bivalue[2].count_ones();
    if total > 64 {
        return None;
    }
    // SAFETY: each load reads inside its array: 64 bytes of `BYTE_IOTA`, 16 entries of `cand`'s
    // 27 at offsets 0 and (masked to 11) 16, and two halves of the 32-entry tables.
    let (iota, cand_low, cand_high, peers, columns) = unsafe {
        let flat = cand.as_flattened();
        (
            _mm512_loadu_si512(BYTE_IOTA.as_ptr().cast()),
            _mm512_loadu_si512(flat.as_ptr().cast()),
            _mm512_maskz_loadu_epi32(0x7ff, flat.as_ptr().add(16).cast()),
            [
                _mm512_loadu_si512(PEERS.as_ptr().cast()),
                _mm512_loadu_si512(PEERS.as_ptr().add(16).cast()),
            ],
            [
                _mm512_loadu_si512(COLUMNS.as_ptr().cast()),
                _mm512_loadu_si512(COLUMNS.as_ptr().add(16).cast()),
            ],
        )
    };
    // The places, one byte each: bands 0 and 1, then band 2 from byte `in_low_bands` on.
    let low = _mm512_maskz_compress_epi8(low_bands, iota);
    let band2 = _mm512_maskz_compress_epi8(
        u64::from(bivalue[2]),
        _mm512_add_epi8(iota, _mm512_set1_epi8(64)),
    );
    let from_band2 = _mm512_sub_epi8(iota, _mm512_set1_epi8(in_low_bands as i8));
    let places = _mm512_mask_permutexvar_epi8(low, !0u64 << in_low_bands, from_band2, band2);
    let splat = |x: u32| _mm512_set1_epi32(x as i32);
    let units = unsolved.map(splat);
    let bivalues = bivalue.map(splat);
    // The keys of sixteen places (lanes past `valid` are 0).
    let keys = |places: __m512i, valid: u16| -> __m512i {
        let bit = _mm512_and_si512(places, splat(31));
        let band = _mm512_srli_epi32::<5>(places);
        let own = _mm512_sllv_epi32(splat(1), bit);
        let own_peers = _mm512_permutex2var_epi32(peers[0], bit, peers[1]);
        let column = _mm512_permutex2var_epi32(columns[0], bit, columns[1]);
        // `9 * band`, the index of the band's first mask.
        let first = _mm512_add_epi32(_mm512_slli_epi32::<3>(band), band);
        // The lowest and the highest digit of each cell (its two digits).
        let (mut lowest, mut highest) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        let mut seen = 0u16;
        for digit in 0..9 {
            let masks = _mm512_permutex2var_epi32(
                cand_low,
                _mm512_add_epi32(first, splat(digit)),
                cand_high,
            );
            let has = _mm512_test_epi32_mask(masks, own);
            lowest = _mm512_mask_mov_epi32(lowest, has & !seen, splat(digit));
            highest = _mm512_mask_mov_epi32(highest, has, splat(digit));
            seen |= has;
        }
        let mut sums = [_mm512_setzero_si512(); 4];
        for (b, (&units, &bivalues)) in units.iter().zip(&bivalues).enumerate() {
            let in_band = _mm512_cmpeq_epi32_mask(band, splat(b as u32));
            let peers = _mm512_mask_blend_epi32(in_band, column, own_peers);
            let index = |digit: __m512i| _mm512_add_epi32(digit, splat(9 * b as u32));
            let a = _mm512_and_si512(
                _mm512_permutex2var_epi32(cand_low, index(lowest), cand_high),
                peers,
            );
            let c = _mm512_and_si512(
                _mm512_permutex2var_epi32(cand_low, index(highest), cand_high),
                peers,
            );
            let once = _mm512_xor_si512(a, c);
            let parts = [
                once,
                _mm512_and_si512(a, c),
                // u ^ (once & B), with u = unsolved & peers
                _mm512_ternarylogic_epi32::<0x78>(_mm512_and_si512(units, peers), once, bivalues),
                // B & (a | c)
                _mm512_ternarylogic_epi32::<0xe0>(bivalues, a, c),
            ];
            for (sum, part) in sums.iter_mut().zip(parts) {
                *sum = _mm512_add_epi32(*sum, _mm512_popcnt_epi32(part));
            }
        }
        let score = _mm512_add_epi32(
            _mm512_add_epi32(sums[0], _mm512_slli_epi32::<1>(sums[1])),
            _mm512_add_epi32(
                _mm512_slli_epi32::<2>(sums[2]),
                _mm512_slli_epi32::<3>(sums[3]),
            ),
        );
        let key = _mm512_or_si512(
            _mm512_slli_epi32::<7>(score),
            _mm512_sub_epi32(splat(127), places),
        );
        _mm512_maskz_mov_epi32(valid, key)
    };
    let valid = |from: u32| -> u16 {
        match total - from {
            left @ 0..16 => (1u16 << left) - 1,
            _ => 0xffff,
        }
    };
    let mut best = keys(
        _mm512_cvtepu8_epi32(_mm512_castsi512_si128(places)),
        valid(0),
    );
    if total > 16 {
        let more = keys(
            _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32::<1>(places)),
            valid(16),
        );
        best = _mm512_max_epu32(best, more);
        if total > 32 {
            let more = keys(
                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32::<2>(places)),
                valid(32),
            );
            best = _mm512_max_epu32(best, more);
            if total > 48 {
                let more = keys(
                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32::<3>(places)),
                    valid(48),
                );
                best = _mm512_max_epu32(best, more);
            }
        }
    }
    Some(_mm512_reduce_max_epu32(best))
}

#[cfg(test)]
mod tests {
    use super::{bivalue_key, supported};
    use crate::solve::bands::smallest_tree_key;
    use crate::solve::simd::{CpuPath, Scalar};

    /// A small xorshift generator.
    struct Random(u64);

    impl Random {
        fn next(&mut self) -> u32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 32) as u32
        }
    }

    /// On random candidate masks (sparse and dense, with few and many bivalue cells, up to all
    /// 81), the vector kernel gives the scalar score's key, or declines past 64 cells.
    #[test]
    fn the_vector_score_matches_the_scalar_one() {
        if !CpuPath::Avx512Ymm.is_supported() || !supported() {
            eprintln!("skipped: this CPU has no AVX-512 VBMI, VBMI2 or VPOPCNTDQ");
            return;
        }
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let (mut compared, mut declined) = (0, 0);
        for round in 0..20_000 {
            let mut cand = [[0u32; 9]; 3];
            for band in &mut cand {
                for digit in band.iter_mut() {
                    // From one candidate in eight to one in two.
                    let mut mask = random.next();
                    for _ in 0..round % 3 {
                        mask &= random.next();
                    }
                    *digit = mask & 0x7ff_ffff;
                }
            }
            let mut unsolved = [0u32; 3];
            let mut bivalue = [0u32; 3];
            for band in 0..3 {
                for bit in 0..27 {
                    let digits = (0..9).filter(|&d| cand[band][d] >> bit & 1 == 1).count();
                    // Cells of one candidate are placed or not, by chance; of two or more,
                    // unsolved.
                    if digits >= 2 || (digits == 1 && random.next() & 1 == 1) {
                        unsolved[band] |= 1 << bit;
                    }
                    if digits == 2 {
                        bivalue[band] |= 1 << bit;
                    }
                }
            }
            if bivalue == [0; 3] {
                continue;
            }
            // SAFETY: the CPU has the path's features and `supported`'s (checked above): the
            // kernel's.
            let key = unsafe { bivalue_key(&cand, &unsolved, &bivalue) };
            let cells = bivalue.iter().map(|b| b.count_ones()).sum::<u32>();
            match key {
                Some(key) => {
                    let want = smallest_tree_key(&cand, &unsolved, &bivalue, &bivalue, Scalar);
                    assert_eq!(key, want, "{cand:?} {unsolved:?} {bivalue:?}");
                    compared += 1;
                }
                None => {
                    assert!(cells > 64, "declined {cells} cells");
                    declined += 1;
                }
            }
        }
        // Every cell of bands 0 and 1 bivalue, and `extra` of band 2 (the rest trivalue): 64
        // cells fill the four blocks of sixteen lanes; more are declined.
        for extra in [0, 1, 9, 10, 11, 27] {
            let all = 0x7ff_ffff;
            let mut cand = [[0u32; 9]; 3];
            for band in &mut cand {
                band[3] = all;
                band[7] = all;
            }
            let two = (1u32 << extra) - 1;
            cand[2][5] = all & !two;
            let unsolved = [all; 3];
            let bivalue = [all, all, two];
            // SAFETY: as above.
            let key = unsafe { bivalue_key(&cand, &unsolved, &bivalue) };
            if 54 + extra > 64 {
                assert_eq!(key, None, "{extra}");
            } else {
                let want = smallest_tree_key(&cand, &unsolved, &bivalue, &bivalue, Scalar);
                assert_eq!(key, Some(want), "{extra}");
            }
        }
        assert!(compared > 10_000, "only {compared} compared");
        eprintln!("{compared} keys compared, {declined} sets of more than 64 cells declined");
    }
}
