//! Rook and cannon moves along one line by table look-up: the occupancy of a rank (9 bits,
//! one per file) or of a file (10 bits, one per rank) indexes what a rook reaches from each
//! point of it (every empty point up to the first piece, that piece included) and what a
//! cannon may capture (the first piece behind the screen). A file's occupancy is read from
//! a transposed bitset (bit `file * 10 + rank`) that the position keeps next to the usual one.

/// One entry: the rook's reach in the low 16 bits, the cannon's capture candidates in the
/// high 16 bits, both as bits along the line.
const fn slide_entry(len: u32, at: u32, occ: u32) -> u32 {
    let mut rook = 0u32;
    let mut cap = 0u32;
    // Towards higher bits, then towards lower bits.
    let mut dir = 0;
    while dir < 2 {
        let mut i = at as i32;
        let mut screen = false;
        loop {
            i += if dir == 0 { 1 } else { -1 };
            if i < 0 || i >= len as i32 {
                break;
            }
            let bit = 1u32 << i;
            if !screen {
                rook |= bit;
                if occ & bit != 0 {
                    screen = true;
                }
            } else if occ & bit != 0 {
                cap |= bit;
                break;
            }
        }
        dir += 1;
    }
    rook | cap << 16
}

/// `[point][occupancy of the line]` for a line of `N` points (`OCC` = 2^`N` occupancies).
const fn slide_table<const N: usize, const OCC: usize>() -> [[u32; OCC]; N] {
    let mut t = [[0u32; OCC]; N];
    let mut at = 0;
    while at < N {
        let mut occ = 0;
        while occ < OCC {
            t[at][occ] = slide_entry(N as u32, at as u32, occ as u32);
            occ += 1;
        }
        at += 1;
    }
    t
}

/// `[file][occupancy of the rank]`.
pub(crate) static RANK_SLIDE: [[u32; 512]; 9] = slide_table::<9, 512>();
/// `[rank][occupancy of the file]`.
pub(crate) static FILE_SLIDE: [[u32; 1024]; 10] = slide_table::<10, 1024>();

const fn transposed_bits() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = 1u128 << ((s % 9) * 10 + s / 9);
        s += 1;
    }
    t
}

/// The bit of each point in the transposed bitset (`file * 10 + rank`).
pub(crate) static BIT_T: [u128; 90] = transposed_bits();

/// The 9 points of a rank as bits of a board bitset: `bits << (9 * rank)`.
#[inline(always)]
pub(crate) fn rank_bits(board_bits: u128, rank: usize) -> u32 {
    (board_bits >> (9 * rank)) as u32 & 0x1ff
}

/// The 10 points of a file from a transposed bitset.
#[inline(always)]
pub(crate) fn file_bits(transposed: u128, file: usize) -> u32 {
    (transposed >> (10 * file)) as u32 & 0x3ff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_stop_at_the_first_piece_and_cannons_jump_one() {
        // A rook on file 4 of a rank with pieces on files 1, 2 and 7: it reaches 2, 3, 5, 6,
        // 7; a cannon there may capture on 1 (screen 2), nothing to the right beyond 7.
        let occ = 1 << 1 | 1 << 2 | 1 << 7 | 1 << 4;
        let e = RANK_SLIDE[4][occ];
        assert_eq!(e & 0xffff, 1 << 2 | 1 << 3 | 1 << 5 | 1 << 6 | 1 << 7);
        assert_eq!(e >> 16, 1 << 1);
        // An empty file: a rook on rank 0 reaches ranks 1-9, a cannon captures nothing.
        let e = FILE_SLIDE[0][1];
        assert_eq!(e & 0xffff, 0x3fe);
        assert_eq!(e >> 16, 0);
        assert_eq!(BIT_T[10], 1 << 11); // b1: file 1, rank 1
        assert_eq!(file_bits(BIT_T[10] | BIT_T[19], 1), 0b110);
    }
}
