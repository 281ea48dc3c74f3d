//! Move ordering at the nodes with a move list: the table's move first, then "fastest
//! first" — the moves that leave the opponent the fewest replies (corners counted twice), ties
//! broken towards moves that leave the opponent few frontier squares and moves into a
//! quadrant with an odd number of empties (parity).

use super::legal;
use super::tt::NO_MOVE;

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// One move: its square, its flips, and its ordering key (greater first).
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub sq: u8,
    pub flips: u64,
    pub key: i32,
}

pub(super) struct MoveList {
    pub moves: [Entry; 64],
    pub n: usize,
}

/// The quadrant masks of the empty squares holding an odd number of them.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    const Q: [u64; 4] = [
        0x0000_0000_0f0f_0f0f,
        0x0000_0000_f0f0_f0f0,
        0x0f0f_0f0f_0000_0000,
        0xf0f0_f0f0_0000_0000,
    ];
    let mut m = 0;
    for q in Q {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m
}

/// The empty squares next to a disc of `o` (where `p` might later play against it).
#[inline(always)]
fn frontier(o: u64, empty: u64) -> u64 {
    let not_a = 0xfefe_fefe_fefe_fefe_u64;
    let not_h = 0x7f7f_7f7f_7f7f_7f7f_u64;
    let around = (o << 8)
        | (o >> 8)
        | ((o << 1) & not_a)
        | ((o >> 1) & not_h)
        | ((o << 9) & not_a)
        | ((o >> 9) & not_h)
        | ((o << 7) & not_h)
        | ((o >> 7) & not_a);
    around & empty
}

impl MoveList {
    /// The moves of `p` (`moves` = its legal squares), keyed for ordering.
    #[inline(always)]
    pub fn new(p: u64, o: u64, moves: u64, hash_move: u8) -> MoveList {
        let mut list = MoveList {
            moves: [Entry::default(); 64],
            n: 0,
        };
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as u8;
            m &= m - 1;
            let bit = 1u64 << sq;
            let f = super::flips(usize::from(sq), p, o);
            let key = if sq == hash_move && hash_move != NO_MOVE {
                1 << 24
            } else {
                // The position after the move, from the opponent's side.
                let (np, no) = (o ^ f, p | f | bit);
                let replies = legal(np, no);
                let mob = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                // Squares the opponent might later reach: empties next to the mover's discs.
                let potential = frontier(no, empty & !bit).count_ones() as i32;
                -(mob << 6) - (potential << 1)
                    + i32::from(odd & bit != 0) * 2
                    + i32::from(bit & CORNERS != 0) * 8
            };
            list.moves[list.n] = Entry { sq, flips: f, key };
            list.n += 1;
        }
        list
    }

    /// Sorts the moves, best key first (insertion sort: lists are short).
    #[inline(always)]
    pub fn sort(&mut self) {
        for i in 1..self.n {
            let e = self.moves[i];
            let mut j = i;
            while j > 0 && self.moves[j - 1].key < e.key {
                self.moves[j] = self.moves[j - 1];
                j -= 1;
            }
            self.moves[j] = e;
        }
    }
}
