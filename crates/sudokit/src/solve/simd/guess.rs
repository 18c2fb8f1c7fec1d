//! The guess score of the search ([`smallest_tree_key`]) over bivalue cells, sixteen cells at
//! a time in the lanes of 512-bit vectors, for the three AVX-512 paths on CPUs that also have
//! AVX-512 VBMI, VBMI2 and VPOPCNTDQ and GFNI ([`supported`]: Ice Lake, Tiger Lake, Sapphire
//! Rapids, Zen 4, Zen 5). Other CPUs (Skylake-X, Cascade Lake; or one whose hypervisor hides a
//! feature) score in scalar code, to the same key.
//!
//! The scalar score costs about 60 instructions a cell: a loop over the cell's digits, four
//! popcounts a digit, and a branch that ends each loop. Here each lane holds one cell:
//! 1. The cells' places (`32 * band + bit`) are packed into bytes with two compresses, one
//!    for bands 0 and 1 (one 64-bit mask), one for band 2, and one byte permute.
//! 2. Each place's two digits, for up to 64 places at once ([`digit_pairs`]: the digit masks
//!    transposed to a byte of digits per cell by a GF(2) affine transform, read at the places
//!    by a byte permute, then the lowest and highest bit of each byte by nibble lookups).
//! 3. For each lane: its band peers (row and box) and its column, from 32-entry tables; then,
//!    in each band, the masks of its two digits (two-register permutes of the 27 band masks).
//! 4. In each band the score's masks, limited to the lane's peers there (`a`, `c`: the two
//!    digits' candidates; `u`: the unsolved cells; `B`: the bivalue ones), are summed with
//!    weights as four popcounts: `a + c + 4 (u + (a & B) + (c & B))` is `(a ^ c) + 2 (a & c) +
//!    4 (u ^ ((a ^ c) & B)) + 8 ((a | c) & B)`, because `a & B` and `c & B` lie within `u` (a
//!    bivalue cell is unsolved).
//! 5. The key `score << 7 | (127 - place)` of each lane, and the largest over the lanes: the
//!    scalar code's key, so the same cell.
//!
//! [`smallest_tree_key`]: super::super::bands::smallest_tree_key

use std::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_add_epi8, _mm512_and_si512, _mm512_castsi512_si128,
    _mm512_cmpeq_epi32_mask, _mm512_cmpeq_epi8_mask, _mm512_cvtepu8_epi32,
    _mm512_extracti32x4_epi32, _mm512_gf2p8affine_epi64_epi8, _mm512_loadu_si512,
    _mm512_mask_add_epi8, _mm512_mask_blend_epi32, _mm512_mask_mov_epi8,
    _mm512_mask_permutexvar_epi8, _mm512_maskz_compress_epi8, _mm512_maskz_loadu_epi32,
    _mm512_maskz_mov_epi32, _mm512_max_epu32, _mm512_max_epu8, _mm512_min_epu8, _mm512_or_si512,
    _mm512_permutex2var_epi32, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8,
    _mm512_popcnt_epi32, _mm512_reduce_max_epu32, _mm512_set1_epi32, _mm512_set1_epi64,
    _mm512_set1_epi8, _mm512_setzero_si512, _mm512_shuffle_epi8, _mm512_slli_epi32,
    _mm512_srli_epi16, _mm512_srli_epi32, _mm512_sub_epi32, _mm512_sub_epi8,
    _mm512_ternarylogic_epi32, _mm512_test_epi8_mask, _mm512_xor_si512,
};

use std::sync::OnceLock;

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

/// Whether the CPU has the features [`bivalue_key`] needs beyond AVX-512F/BW/VL (which every
/// AVX-512 path has detected): AVX-512 VBMI, VBMI2 and VPOPCNTDQ, GFNI and POPCNT. Detected
/// once per process (each call of the search asks).
pub(super) fn supported() -> bool {
    static SUPPORTED: OnceLock<bool> = OnceLock::new();
    *SUPPORTED.get_or_init(|| {
        std::arch::is_x86_feature_detected!("avx512vbmi")
            && std::arch::is_x86_feature_detected!("avx512vbmi2")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
            && std::arch::is_x86_feature_detected!("gfni")
            && std::arch::is_x86_feature_detected!("popcnt")
    })
}

/// [`smallest_tree_key`](super::super::bands::smallest_tree_key) over the cells `bivalue`,
/// which must be bivalue cells of `cand` (exactly two digits each) and unsolved ones; `None`
/// when there are more than 64 (the caller then takes the scalar code).
///
/// # Safety
/// The CPU must have AVX-512F/BW/VL, VBMI, VBMI2 and VPOPCNTDQ, GFNI and POPCNT.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512vpopcntdq,gfni,popcnt"
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
    // Each place's two digits, one byte each (see `digit_pairs`).
    let (lowest, highest) = digit_pairs(cand_low, cand_high, places);
    // The keys of sixteen places, with their lowest and highest digits (lanes past `valid`
    // are 0).
    let keys = |places: __m512i, lowest: __m512i, highest: __m512i, valid: u16| -> __m512i {
        let bit = _mm512_and_si512(places, splat(31));
        let band = _mm512_srli_epi32::<5>(places);
        let own_peers = _mm512_permutex2var_epi32(peers[0], bit, peers[1]);
        let column = _mm512_permutex2var_epi32(columns[0], bit, columns[1]);
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
    let block = |bytes: __m512i, index: usize| -> __m512i {
        _mm512_cvtepu8_epi32(match index {
            0 => _mm512_castsi512_si128(bytes),
            1 => _mm512_extracti32x4_epi32::<1>(bytes),
            2 => _mm512_extracti32x4_epi32::<2>(bytes),
            _ => _mm512_extracti32x4_epi32::<3>(bytes),
        })
    };
    let mut best = _mm512_setzero_si512();
    for index in 0..4 {
        let from = 16 * index as u32;
        if from >= total {
            break;
        }
        let more = keys(
            block(places, index),
            block(lowest, index),
            block(highest, index),
            valid(from),
        );
        best = _mm512_max_epu32(best, more);
    }
    Some(_mm512_reduce_max_epu32(best))
}

/// For the places of `places` (bytes, `32 * band + bit`), the lowest and the highest digit
/// index of each bivalue cell, one byte each, from the 27 band masks (`cand_low`: entries 0-15,
/// `cand_high`: 16-26).
///
/// Digits 0-7 of a band are eight 27-bit masks; seen as bytes, byte `j` of digit `d`'s mask
/// holds the digit's cells `8 j` to `8 j + 7`. A byte permute puts, for bands 0 and 1 (one
/// vector) and band 2 (another), the four bytes `j` of the eight digits in one 64-bit word
/// each, and the GF(2) affine transform with the identity transposes each word as an 8x8 bit
/// matrix: byte `k` of word `j` is then the digits 0-7 of cell `8 j + k`, at byte
/// `32 * band + 8 j + k` of the two vectors (128 bytes), which one two-vector byte permute
/// reads at the places. A cell with one bit there has digit 8 as its other digit. The lowest
/// and highest set bit of each byte come from nibble lookups.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,gfni")]
fn digit_pairs(cand_low: __m512i, cand_high: __m512i, places: __m512i) -> (__m512i, __m512i) {
    // SAFETY: each load reads one 64-byte table.
    let (to_words, lanes_low, lanes_high) = unsafe {
        (
            _mm512_loadu_si512(TO_WORDS.as_ptr().cast()),
            _mm512_loadu_si512(LANES_01.as_ptr().cast()),
            _mm512_loadu_si512(LANES_2.as_ptr().cast()),
        )
    };
    // Digits 0-7 of bands 0 and 1 (masks 0-7 and 9-16), and of band 2 (18-25).
    let bands01 = _mm512_permutex2var_epi32(cand_low, lanes_low, cand_high);
    let band2 = _mm512_permutex2var_epi32(cand_low, lanes_high, cand_high);
    let identity = _mm512_set1_epi64(0x8040_2010_0804_0201u64 as i64);
    let transpose = |masks: __m512i| {
        _mm512_gf2p8affine_epi64_epi8::<0>(identity, _mm512_permutexvar_epi8(to_words, masks))
    };
    let digits = _mm512_permutex2var_epi8(transpose(bands01), places, transpose(band2));
    let nibbles = _mm512_set1_epi8(0x0f);
    let low = _mm512_and_si512(digits, nibbles);
    let high = _mm512_and_si512(_mm512_srli_epi16::<4>(digits), nibbles);
    // SAFETY: each load reads one 64-byte table.
    let [lowest_bit, highest_bit] = unsafe {
        [
            _mm512_loadu_si512(LOWEST_BIT.as_ptr().cast()),
            _mm512_loadu_si512(HIGHEST_BIT.as_ptr().cast()),
        ]
    };
    let four = _mm512_set1_epi8(4);
    // (16 stands for "none" in the lowest, 0 in the highest.)
    let lowest = _mm512_min_epu8(
        _mm512_shuffle_epi8(lowest_bit, low),
        _mm512_add_epi8(_mm512_shuffle_epi8(lowest_bit, high), four),
    );
    let top = _mm512_max_epu8(
        _mm512_shuffle_epi8(highest_bit, low),
        _mm512_mask_add_epi8(
            _mm512_setzero_si512(),
            _mm512_test_epi8_mask(high, high),
            _mm512_shuffle_epi8(highest_bit, high),
            four,
        ),
    );
    let single = _mm512_cmpeq_epi8_mask(top, lowest);
    let highest = _mm512_mask_mov_epi8(top, single, _mm512_set1_epi8(8));
    (lowest, highest)
}

/// The byte permute of [`digit_pairs`]: in the 64-bit word `4 * pair + j` (`pair` 0 or 1, a
/// band of the vector), byte `7 - d` takes byte `j` of lane `8 * pair + d` (digit `d`).
const TO_WORDS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut pair = 0;
    while pair < 2 {
        let mut j = 0;
        while j < 4 {
            let mut d = 0;
            while d < 8 {
                t[32 * pair + 8 * j + 7 - d] = (32 * pair + 4 * d + j) as u8;
                d += 1;
            }
            j += 1;
        }
        pair += 1;
    }
    t
};

/// The masks of digits 0-7 of bands 0 and 1 (flat entries 0-7 and 9-16 of the 27).
const LANES_01: [u32; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16];

/// The masks of digits 0-7 of band 2 (flat entries 18-25), then anything.
const LANES_2: [u32; 16] = [18, 19, 20, 21, 22, 23, 24, 25, 0, 0, 0, 0, 0, 0, 0, 0];

/// Per nibble, its lowest set bit, 16 for none (four times, one per 128-bit lane).
const LOWEST_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let n = (i % 16) as u8;
        t[i] = if n == 0 { 16 } else { n.trailing_zeros() as u8 };
        i += 1;
    }
    t
};

/// Per nibble, its highest set bit, 0 for none (four times, one per 128-bit lane).
const HIGHEST_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let n = (i % 16) as u8;
        t[i] = if n == 0 {
            0
        } else {
            7 - n.leading_zeros() as u8
        };
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::{bivalue_key, supported};
    use crate::solve::bands::smallest_tree_key;
    use crate::solve::kernels::Scalar;
    use crate::solve::simd::CpuPath;

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
        if crate::solve::simd::test_lacks(CpuPath::Avx512) {
            return;
        }
        if !supported() {
            eprintln!("skipped: this CPU lacks AVX-512 VBMI, VBMI2 or VPOPCNTDQ, or GFNI");
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
