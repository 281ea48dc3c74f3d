//! A pattern evaluation for the move order, in Logistello's and Edax's manner: the board's
//! edges with their X-squares, 3×3 and 2×5 corners, rows 2–4 and the diagonals of 4–8 squares,
//! each seen in the eight symmetries of the board, each configuration of each pattern a weight
//! — one set of weights a stage of empties (one stage for now: see [`STAGE_EMPTIES`]),
//! fitted (`examples/othello_fit.rs`) to exact scores: of positions solved by this solver
//! (`examples/othello_labels.rs`), and the WTHOR theoretical bytes of the games of the
//! corpus but two years (`examples/othello_wthor_labels.rs`). The weights
//! are `weights.bin` (deflated), read once; without them (unreadable) there is no
//! evaluation and the order falls back to mobility.
//!
//! A pattern's configuration is its squares in the order of the transformed board (ascending
//! square numbers), each 0 (empty), 1 (the side to move) or 2 (the opponent), read as a
//! ternary number; the eight images of one pattern share its weights.

use std::sync::OnceLock;

/// The base patterns (squares of the board, a1 = 0, b1 = 1, …, h8 = 63).
const PATTERNS: [u64; 11] = [
    0x42ff,                // the edge a1–h1 with b2 and g2
    0x07_0707,             // the 3×3 corner
    0x1f1f,                // the 2×5 corner
    0xff00,                // row 2
    0xff_0000,             // row 3
    0xff00_0000,           // row 4
    0x8040_2010_0804_0201, // the diagonal a1–h8
    0x0080_4020_1008_0402, // b1–h7
    0x0000_8040_2010_0804, // c1–h6
    0x0000_0080_4020_1008, // d1–h5
    0x0000_0000_8040_2010, // e1–h4
];

/// Features of a position: each pattern in each symmetry, then the bias.
pub const FEATURES: usize = 8 * PATTERNS.len() + 1;

/// Where each pattern's weights start in a stage's table, and the table's size (the bias
/// last).
const fn offsets() -> ([usize; 11], usize) {
    let mut off = [0; 11];
    let mut at = 0;
    let mut k = 0;
    while k < PATTERNS.len() {
        off[k] = at;
        at += 3usize.pow(PATTERNS[k].count_ones());
        k += 1;
    }
    (off, at + 1)
}
const OFFSETS: [usize; 11] = offsets().0;
/// The weights of one stage.
pub const STAGE_SIZE: usize = offsets().1;

/// The stages: positions with up to `STAGE_EMPTIES[0]` empties use the first set, and so on;
/// more than the last: the last. One set for every number of empties: with the labels there
/// are (tens of thousands for 334,532 weights a set), one set fitted on them all orders better
/// than a set for up to 17 empties and one above, each fitted on its own labels (FFO #40–#49,
/// one thread: 1,816 M nodes against 2,373 M, with 19,486 labels at 14–17 empties and 47,737
/// at 24; docs/performance.md, 7 December 2026).
pub const STAGE_EMPTIES: [u32; 1] = [64];

/// The stage of a position with `empties` empty squares.
pub fn stage(empties: u32) -> usize {
    STAGE_EMPTIES
        .iter()
        .position(|&e| empties <= e)
        .unwrap_or(STAGE_EMPTIES.len() - 1)
}

/// A weight's unit: 1/16 of a disc.
pub const SCALE: f64 = 16.0;

/// `TERNARY[b]`: the bits of `b` read as ternary digits (bit k worth 3^k).
static TERNARY: [u16; 1024] = ternary();

const fn ternary() -> [u16; 1024] {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut v, mut pow, mut k) = (0u32, 1u32, 0);
        while k < 10 {
            if b >> k & 1 == 1 {
                v += pow;
            }
            pow *= 3;
            k += 1;
        }
        t[b] = v as u16;
        b += 1;
    }
    t
}

/// The board turned upside down (row r to row 7 − r).
#[inline(always)]
const fn flip_vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// The board mirrored (column c to 7 − c).
#[inline(always)]
const fn mirror(x: u64) -> u64 {
    let x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    let x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((x & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// The board transposed (row r, column c to row c, column r).
#[inline(always)]
const fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The `k`-th of the eight symmetries of the board (0: none).
#[inline(always)]
const fn symmetry(x: u64, k: usize) -> u64 {
    let x = if k & 1 != 0 { flip_vertical(x) } else { x };
    let x = if k & 2 != 0 { mirror(x) } else { x };
    if k & 4 != 0 { transpose(x) } else { x }
}

/// The eight symmetries of `x`, in [`symmetry`]'s order, each computed once.
#[inline(always)]
fn images(x: u64) -> [u64; 8] {
    let v = flip_vertical(x);
    let (m, vm) = (mirror(x), mirror(v));
    [
        x,
        v,
        m,
        vm,
        transpose(x),
        transpose(v),
        transpose(m),
        transpose(vm),
    ]
}

/// The squares of the board that the pattern `mask` reads in the board's `k`-th symmetry.
const fn squares_read(mask: u64, k: usize) -> u64 {
    let mut read = 0;
    let mut sq = 0;
    while sq < 64 {
        if symmetry(1 << sq, k) & mask != 0 {
            read |= 1 << sq;
        }
        sq += 1;
    }
    read
}

/// The readings the evaluation makes, (symmetry, pattern), and how many: of the eight
/// symmetries of a pattern, only the first of those that read the same squares of the board
/// (the edge, read forwards and backwards, is one reading: its two weights are summed once in
/// [`combine`]). 46 readings for the 88 features.
const READINGS: ([(u8, u8); 8 * PATTERNS.len()], usize) = readings();

const fn readings() -> ([(u8, u8); 8 * PATTERNS.len()], usize) {
    let mut out = [(0u8, 0u8); 8 * PATTERNS.len()];
    let mut n = 0;
    let mut k = 0;
    while k < 8 {
        let mut j = 0;
        while j < PATTERNS.len() {
            let read = squares_read(PATTERNS[j], k);
            let mut first = true;
            let mut earlier = 0;
            while earlier < k {
                if squares_read(PATTERNS[j], earlier) == read {
                    first = false;
                }
                earlier += 1;
            }
            if first {
                out[n] = (k as u8, j as u8);
                n += 1;
            }
            j += 1;
        }
        k += 1;
    }
    (out, n)
}

/// The squares of `x` under `mask`, packed (bit k of the result: the k-th square of `mask`);
/// BMI2's `pext` does the same in one instruction.
#[inline(always)]
fn gather_portable(x: u64, mask: u64) -> usize {
    let (mut out, mut m, mut k) = (0usize, mask, 0);
    while m != 0 {
        let sq = m.trailing_zeros();
        out |= ((x >> sq & 1) as usize) << k;
        k += 1;
        m &= m - 1;
    }
    out
}

/// [`features`] with `gather` packing a pattern's squares.
#[inline(always)]
fn features_by(p: u64, o: u64, gather: impl Fn(u64, u64) -> usize) -> [u32; FEATURES] {
    let mut f = [0u32; FEATURES];
    let mut i = 0;
    for k in 0..8 {
        let (tp, to) = (symmetry(p, k), symmetry(o, k));
        for (j, &mask) in PATTERNS.iter().enumerate() {
            let idx =
                usize::from(TERNARY[gather(tp, mask)]) + 2 * usize::from(TERNARY[gather(to, mask)]);
            f[i] = (OFFSETS[j] + idx) as u32;
            i += 1;
        }
    }
    f[i] = (STAGE_SIZE - 1) as u32;
    f
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn features_bmi2(p: u64, o: u64) -> [u32; FEATURES] {
    features_by(p, o, |x, m| core::arch::x86_64::_pext_u64(x, m) as usize)
}

/// The features of a position, `p` to move: for each symmetry and pattern the index of its
/// configuration's weight in a stage's table, then the bias's.
pub fn features(p: u64, o: u64) -> [u32; FEATURES] {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has BMI2 (checked just above).
        return unsafe { features_bmi2(p, o) };
    }
    features_by(p, o, gather_portable)
}

/// The weights file: for each stage, `STAGE_SIZE` little-endian `i16`, deflated.
static WEIGHTS_FILE: &[u8] = include_bytes!("weights.bin");

/// The weights, inflated once; `None` when the file does not hold them.
fn weights() -> Option<&'static [i16]> {
    static W: OnceLock<Option<Vec<i16>>> = OnceLock::new();
    W.get_or_init(|| {
        let raw = miniz_oxide::inflate::decompress_to_vec(WEIGHTS_FILE).ok()?;
        (raw.len() == 2 * STAGE_SIZE * STAGE_EMPTIES.len()).then(|| {
            raw.chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect()
        })
    })
    .as_deref()
}

/// The weights the search reads ([`READINGS`]): a configuration's weight is the sum of the
/// weights of its images under the symmetries that map the pattern's squares onto themselves
/// (the symmetries whose readings [`READINGS`] leaves out), so that the sum over the readings
/// is the sum over all the features, to the unit. `None` without weights, or if a sum does not
/// fit an `i16` (the fit's weights are far below).
fn combined() -> Option<&'static [i16]> {
    static C: OnceLock<Option<Vec<i16>>> = OnceLock::new();
    C.get_or_init(|| combine(weights()?)).as_deref()
}

fn combine(w: &[i16]) -> Option<Vec<i16>> {
    let mut out = w.to_vec();
    for stage in 0..STAGE_EMPTIES.len() {
        let base = stage * STAGE_SIZE;
        for (j, &mask) in PATTERNS.iter().enumerate() {
            let keep: Vec<usize> = (0..8).filter(|&h| symmetry(mask, h) == mask).collect();
            let squares: Vec<u64> = (0..64).filter(|s| mask >> s & 1 != 0).collect();
            for index in 0..3usize.pow(mask.count_ones()) {
                // The configuration as two boards (the mover's squares, the opponent's).
                let (mut p, mut o, mut rest) = (0u64, 0u64, index);
                for &sq in &squares {
                    match rest % 3 {
                        1 => p |= 1 << sq,
                        2 => o |= 1 << sq,
                        _ => {}
                    }
                    rest /= 3;
                }
                let mut sum = 0i32;
                for &h in &keep {
                    let (hp, ho) = (symmetry(p, h), symmetry(o, h));
                    let image = usize::from(TERNARY[gather_portable(hp, mask)])
                        + 2 * usize::from(TERNARY[gather_portable(ho, mask)]);
                    sum += i32::from(w[base + OFFSETS[j] + image]);
                }
                out[base + OFFSETS[j] + index] = i16::try_from(sum).ok()?;
            }
        }
    }
    Some(out)
}

/// The evaluation of `p` to move with `empties` empties, in sixteenths of a disc (`None`
/// without weights): the sum of the weights of [`features`], read through [`READINGS`].
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
pub(super) fn evaluate(p: u64, o: u64, empties: u32) -> Option<i32> {
    let w = combined()?;
    let table = &w[stage(empties) * STAGE_SIZE..][..STAGE_SIZE];
    let (ip, io) = (images(p), images(o));
    let mut sum = i32::from(table[STAGE_SIZE - 1]);
    for &(k, j) in &READINGS.0[..READINGS.1] {
        let (tp, to) = (ip[usize::from(k)], io[usize::from(k)]);
        let mask = PATTERNS[usize::from(j)];
        #[cfg(target_arch = "x86_64")]
        let (gp, go) = (
            core::arch::x86_64::_pext_u64(tp, mask) as usize,
            core::arch::x86_64::_pext_u64(to, mask) as usize,
        );
        #[cfg(not(target_arch = "x86_64"))]
        let (gp, go) = (gather_portable(tp, mask), gather_portable(to, mask));
        let idx = usize::from(TERNARY[gp]) + 2 * usize::from(TERNARY[go]);
        sum += i32::from(table[OFFSETS[usize::from(j)] + idx]);
    }
    Some(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::xorshift;

    #[test]
    fn symmetries_are_eight_and_keep_the_discs() {
        let mut seed = 0x1234_5678_9abc_def1_u64;
        for _ in 0..100 {
            let x = xorshift(&mut seed);
            let images: Vec<u64> = (0..8).map(|k| symmetry(x, k)).collect();
            assert_eq!(images, super::images(x));
            for (k, &y) in images.iter().enumerate() {
                assert_eq!(y.count_ones(), x.count_ones());
                // An image of an image is one of the eight.
                assert!(images.contains(&symmetry(y, 3)), "symmetry {k}");
            }
        }
        // a1 goes to the four corners.
        let corners: std::collections::BTreeSet<u64> = (0..8).map(|k| symmetry(1, k)).collect();
        assert_eq!(
            corners.into_iter().collect::<Vec<_>>(),
            [1, 1 << 7, 1 << 56, 1 << 63]
        );
    }

    #[test]
    fn features_are_the_same_for_a_symmetric_board() {
        let mut seed = 0x0bad_cafe_dead_beef_u64;
        for _ in 0..200 {
            let (a, b) = (xorshift(&mut seed), xorshift(&mut seed));
            let (p, o) = (a & !b, b & !a);
            let mut f = features(p, o).to_vec();
            f.sort_unstable();
            for k in 1..8 {
                let mut g = features(symmetry(p, k), symmetry(o, k)).to_vec();
                g.sort_unstable();
                assert_eq!(f, g, "symmetry {k}");
            }
            assert!(f.iter().all(|&i| (i as usize) < STAGE_SIZE));
        }
    }

    #[test]
    fn the_shipped_weights_load_and_the_kernels_agree() {
        assert!(
            weights().is_some(),
            "weights.bin does not inflate to the stages' size"
        );
        let mut seed = 0x5151_0042_7777_0001_u64;
        for _ in 0..200 {
            let (a, b) = (xorshift(&mut seed), xorshift(&mut seed));
            let (p, o) = (a & !b, b & !a);
            // What the fit computes (`features`) is what the search evaluates.
            assert_eq!(features(p, o), features_by(p, o, gather_portable));
            if crate::othello::solve::cpu_ok() {
                let by_hand: i32 = features(p, o)
                    .iter()
                    .map(|&i| i32::from(weights().unwrap_or(&[])[i as usize]))
                    .sum();
                // SAFETY: the CPU has the features (checked just above).
                assert_eq!(unsafe { evaluate(p, o, 17) }, Some(by_hand));
            }
        }
    }

    #[test]
    fn the_evaluation_reads_each_set_of_squares_once() {
        let (readings, n) = READINGS;
        assert_eq!(n, 46);
        // Each pattern's readings cover its eight symmetries' squares, each set once.
        for (j, &mask) in PATTERNS.iter().enumerate() {
            let all: std::collections::BTreeSet<u64> =
                (0..8).map(|k| squares_read(mask, k)).collect();
            let read: Vec<u64> = readings[..n]
                .iter()
                .filter(|r| usize::from(r.1) == j)
                .map(|r| squares_read(mask, usize::from(r.0)))
                .collect();
            assert_eq!(read.len(), all.len(), "pattern {j}");
            assert!(read.iter().all(|s| all.contains(s)), "pattern {j}");
        }
    }

    #[test]
    fn gather_packs_in_square_order() {
        assert_eq!(gather_portable(0b1010_0000_0000_0101, 0xf00f), 0b1010_0101);
        assert_eq!(usize::from(TERNARY[0b101]), 10);
    }
}
