//! Zobrist keys for position hashing (repetition detection). The keys are fixed pseudo-random
//! numbers computed at compile time, so a hash is the same on every run and machine.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 90]; 16] {
    let mut t = [[0u64; 90]; 16];
    let mut state = 0x5149_5055_7869_616E; // "QIPUxian"
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix(state);
            state = ns;
            // Code 0 (empty) and the unused codes keep key 0.
            t[p][s] = if p & 7 != 0 { v } else { 0 };
            s += 1;
        }
        p += 1;
    }
    t
}

/// `[piece code][square]`.
pub(crate) static PIECE: [[u64; 90]; 16] = piece_keys();
/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = 0x7A1C_3E5B_9D24_F681;
