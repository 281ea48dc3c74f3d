//! The move generator and the flips with AVX2 (and the flips with AVX-512): the four directions of a line (east, north,
//! north-east, north-west and their opposites) side by side in the four 64-bit lanes of a
//! vector, the same fills as the scalar code. Used by perft when the CPU has AVX2 (checked
//! at run time), and by the endgame solver (`solve`, which checks the CPU first); the scalar
//! functions of the parent module stay the reference, and a test checks these against them.

#![cfg(target_arch = "x86_64")]

use std::arch::x86_64::*;

/// Lane `i` moves by `SHIFTS[i]` bits: 1 (along a row), 8 (a column), 9 and 7 (diagonals).
#[target_feature(enable = "avx2")]
#[inline]
fn shifts() -> (__m256i, __m256i) {
    let d = _mm256_set_epi64x(7, 9, 8, 1);
    (d, _mm256_add_epi64(d, d))
}

/// The opponent discs a line of each lane may jump: not on the a and h columns, except
/// along a column.
#[target_feature(enable = "avx2")]
#[inline]
fn jumpable(o: u64) -> __m256i {
    let inner = 0x7e7e_7e7e_7e7e_7e7e_u64 as i64;
    _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(inner, inner, -1, inner),
    )
}

#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(v: __m256i) -> u64 {
    let x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    (_mm_cvtsi128_si64(x) | _mm_extract_epi64::<1>(x)) as u64
}

/// The runs of jumpable discs (`m`) next to the discs of `from`, in each direction of the
/// shifts `d` (`d2` = `2 * d`): grown by doubling, towards higher bits (`up`) and lower.
#[target_feature(enable = "avx2")]
#[inline]
fn runs(from: __m256i, m: __m256i, d: __m256i, d2: __m256i) -> (__m256i, __m256i) {
    let mut up = _mm256_and_si256(m, _mm256_sllv_epi64(from, d));
    let mut down = _mm256_and_si256(m, _mm256_srlv_epi64(from, d));
    up = _mm256_or_si256(up, _mm256_and_si256(m, _mm256_sllv_epi64(up, d)));
    down = _mm256_or_si256(down, _mm256_and_si256(m, _mm256_srlv_epi64(down, d)));
    let pre_up = _mm256_and_si256(m, _mm256_sllv_epi64(m, d));
    let pre_down = _mm256_srlv_epi64(pre_up, d);
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, d2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, d2)),
    );
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, d2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, d2)),
    );
    (up, down)
}

/// [`super::legal_moves`]: the empty squares where the mover (`p`) flips something.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn legal_moves(p: u64, o: u64) -> u64 {
    let (d, d2) = shifts();
    let m = jumpable(o);
    let pp = _mm256_set1_epi64x(p as i64);
    // Runs of opponent discs next to the mover's, grown by doubling, in both senses.
    let (up, down) = runs(pp, m, d, d2);
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, d), _mm256_srlv_epi64(down, d));
    or_lanes(moves) & !(p | o)
}

/// [`super::flips`]: the opponent discs flipped by the mover placing on the empty `sq`.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn flips(sq: usize, p: u64, o: u64) -> u64 {
    let (d, d2) = shifts();
    let m = jumpable(o);
    let pp = _mm256_set1_epi64x(p as i64);
    let x = _mm256_set1_epi64x((1u64 << (sq & 63)) as i64);
    // The run of opponent discs from the square in each direction, then whether a disc of
    // the mover closes it.
    let (up, down) = runs(x, m, d, d2);
    let zero = _mm256_setzero_si256();
    let closed_up = _mm256_and_si256(pp, _mm256_sllv_epi64(up, d));
    let closed_down = _mm256_and_si256(pp, _mm256_srlv_epi64(down, d));
    // A run counts when the square past its end holds a mover's disc.
    let keep_up = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed_up, zero), up);
    let keep_down = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed_down, zero), down);
    or_lanes(_mm256_or_si256(keep_up, keep_down))
}

/// [`super::flips`] with AVX-512 (F, CD and VL): the eight rays from the square in the lanes
/// of two vectors; towards higher bits the first square that is not the opponent's is the
/// lowest set bit of the ray's stop mask, towards lower bits the highest (by `lzcnt`).
#[target_feature(enable = "avx2,avx512f,avx512cd,avx512vl")]
#[inline]
pub(crate) fn flips_avx512(sq: usize, p: u64, o: u64) -> u64 {
    let rays = &super::RAYS[sq & 63];
    let lanes = |r: &[u64]| _mm256_set_epi64x(r[3] as i64, r[2] as i64, r[1] as i64, r[0] as i64);
    let (up_rays, down_rays) = (lanes(&rays[..4]), lanes(&rays[4..]));
    let oo = _mm256_set1_epi64x(o as i64);
    let pp = _mm256_set1_epi64x(p as i64);
    let one = _mm256_set1_epi64x(1);
    let zero = _mm256_setzero_si256();
    // Up: the lowest stop bit; the ray's squares below it are flipped when it is the mover's.
    let stop_up = _mm256_andnot_si256(oo, up_rays);
    let first_up = _mm256_and_si256(stop_up, _mm256_sub_epi64(zero, stop_up));
    let closed_up = _mm256_test_epi64_mask(first_up, pp);
    let run_up = _mm256_and_si256(_mm256_sub_epi64(first_up, one), up_rays);
    let up = _mm256_maskz_mov_epi64(closed_up, run_up);
    // Down: the highest stop bit (a shift by 64 when there is none gives 0); the ray's
    // squares above it are flipped when it is the mover's.
    let stop_down = _mm256_andnot_si256(oo, down_rays);
    let top = _mm256_set1_epi64x(i64::MIN);
    let first_down = _mm256_srlv_epi64(top, _mm256_lzcnt_epi64(stop_down));
    let closed_down = _mm256_test_epi64_mask(first_down, pp);
    let above = _mm256_xor_si256(_mm256_sub_epi64(zero, first_down), first_down);
    let down = _mm256_maskz_mov_epi64(closed_down, _mm256_and_si256(above, down_rays));
    or_lanes(_mm256_or_si256(up, down))
}

#[cfg(test)]
mod tests {
    #[test]
    fn avx2_kernels_agree_with_the_scalar_ones() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut seed = 0x0bad_cafe_1234_5678u64;
        let mut next = || crate::core::testing::xorshift(&mut seed);
        for _ in 0..20_000 {
            let a = next();
            let o = next() & !a;
            let p = a & (next() | next());
            // SAFETY: the CPU has AVX2 (checked above).
            let (moves, flips) = unsafe {
                (
                    super::legal_moves(p, o),
                    (0..64)
                        .map(|sq| super::flips(sq, p, o))
                        .collect::<Vec<u64>>(),
                )
            };
            assert_eq!(moves, super::super::legal_moves(p, o), "p={p:x} o={o:x}");
            if std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512cd")
                && std::is_x86_feature_detected!("avx512vl")
            {
                for sq in 0..64 {
                    // SAFETY: the CPU has the AVX-512 parts (checked above).
                    let f = unsafe { super::flips_avx512(sq, p, o) };
                    assert_eq!(
                        f,
                        super::super::flips(sq, p, o),
                        "512: {sq} p={p:x} o={o:x}"
                    );
                }
            }
            // Every square, occupied ones too (`Board::play` does not look first).
            for (sq, &f) in flips.iter().enumerate() {
                assert_eq!(f, super::super::flips(sq, p, o), "{sq} p={p:x} o={o:x}");
            }
        }
    }
}
