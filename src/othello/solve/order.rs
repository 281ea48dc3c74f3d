//! Move ordering at the nodes with a move list: the table's move first, then "fastest
//! first" — the moves that leave the opponent the fewest replies (corners counted twice), ties
//! broken towards moves that leave the opponent few frontier squares and moves into a
//! quadrant with an odd number of empties (parity). With many empties
//! ([`MoveList::sort_by_search`]) the key also takes a one-ply search of each move on a
//! cheap evaluation (mobility, corners), which looks at the opponent's best reply.

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
    hash_move: u8,
}

/// The key of the table's move: above any other.
const HASH_KEY: i32 = 1 << 24;
/// What a one-ply search's point is worth in a key (a point of [`eval`] is a move of
/// mobility; the fastest-first key counts 64 a reply).
const SEARCH_WEIGHT: i32 = 64;

/// A cheap evaluation for `p` to move: the mobility difference (corners counted twice) and
/// two points a corner held.
#[inline(always)]
fn eval(p: u64, o: u64) -> i32 {
    let (mp, mo) = (legal(p, o), legal(o, p));
    let wp = (mp.count_ones() + (mp & CORNERS).count_ones()) as i32;
    let wo = (mo.count_ones() + (mo & CORNERS).count_ones()) as i32;
    let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
    wp - wo + 2 * corners
}

/// The one-ply search of [`eval`] for `p` to move: its best move's value (a pass: the
/// opponent's position, negated; a game over: the disc difference, weighted far above
/// mobility). Each position reached counts as a node.
#[inline(always)]
fn search1(p: u64, o: u64, nodes: &mut u64) -> i32 {
    let moves = legal(p, o);
    if moves == 0 {
        if legal(o, p) == 0 {
            return super::last::final_score(p, o) * 256;
        }
        return -eval(o, p);
    }
    let mut best = i32::MIN;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = super::flips(sq as usize, p, o);
        *nodes += 1;
        best = best.max(-eval(o ^ f, p | f | 1u64 << sq));
    }
    best
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
    pub(crate) fn new(p: u64, o: u64, moves: u64, hash_move: u8) -> MoveList {
        let mut list = MoveList {
            moves: [Entry::default(); 64],
            n: 0,
            hash_move,
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
                HASH_KEY
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

    /// Adds to each key but the table move's the value for `p` of a one-ply search of the
    /// move (the opponent's best reply by [`eval`]).
    #[inline(always)]
    pub(crate) fn sort_by_search(&mut self, p: u64, o: u64, nodes: &mut u64) {
        for e in &mut self.moves[..self.n] {
            if e.sq == self.hash_move {
                continue;
            }
            let (np, no) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            e.key += -search1(np, no, nodes) * SEARCH_WEIGHT;
        }
    }

    /// Adds to each key but the table move's the value for `p` of the position after the
    /// move by the pattern evaluation ([`super::eval`]), `weight` a disc (nothing without
    /// weights).
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(crate) fn sort_by_eval(&mut self, p: u64, o: u64, n: u32, weight: i32) {
        for e in &mut self.moves[..self.n] {
            if e.sq == self.hash_move {
                continue;
            }
            let (np, no) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            let Some(v) = super::eval::evaluate(np, no, n - 1) else {
                return;
            };
            e.key -= v * weight / super::eval::SCALE as i32;
        }
    }

    /// Sorts the moves, best key first (insertion sort: lists are short).
    #[inline(always)]
    pub(crate) fn sort(&mut self) {
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
