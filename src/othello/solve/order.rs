//! Move ordering at the nodes with a move list: the table's move first, then "fastest
//! first" — the moves that leave the opponent the fewest replies (corners counted twice), ties
//! broken towards moves that leave the opponent few frontier squares and moves into a
//! quadrant with an odd number of empties (parity). With many empties
//! ([`MoveList::sort_by_search`]) the key also takes a one-ply search of each move on a
//! cheap evaluation (mobility, corners), which looks at the opponent's best reply; with more
//! empties still ([`MoveList::sort_by_eval_search`]) a search of three or four plies (the move
//! included) on the learned pattern evaluation ([`super::eval`]) takes its place, as in Edax.

use super::last::odd_quadrants;
use super::legal;
use super::tt::NO_MOVE;
use arrayvec::ArrayVec;

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// One move: its square, its flips, and its ordering key (greater first).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub sq: u8,
    pub flips: u64,
    pub key: i32,
}

pub(super) struct MoveList {
    /// The moves (not initialised beyond the last: a node makes a list, and most cut at its
    /// first move).
    pub moves: ArrayVec<Entry, 64>,
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

/// What a disc of the pattern evaluation's shallow search is worth in a key (half a reply).
/// FFO #40–#49, one thread, plies 3 from 18 empties and 4 from 22: 4,418 M nodes with 32,
/// 4,825 M with 16, 4,605 M with 64 (docs/performance.md, 7 December 2026).
const EVAL_SEARCH_WEIGHT: i32 = 32;
/// A finished game in the shallow search, a disc of its score in key units: far above any
/// evaluation (as [`search1`]'s 256 mobility points a disc).
const FINAL_WEIGHT: i32 = 256 * SEARCH_WEIGHT;

/// The pattern evaluation of `p` to move with `n` empties, in key units.
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
#[inline]
fn eval_key(p: u64, o: u64, n: u32) -> i32 {
    super::eval::evaluate(p, o, n).unwrap_or(0) * EVAL_SEARCH_WEIGHT / super::eval::SCALE as i32
}

/// The alpha-beta search (fail-soft) of the pattern evaluation `depth` plies deep, for `p` to
/// move with `n` empties, in key units: a finished game scores its disc difference at
/// [`FINAL_WEIGHT`] a disc, a pass goes on with the opponent at the same depth. Each
/// position reached counts as a node.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
fn eval_search(p: u64, o: u64, alpha: i32, beta: i32, depth: u32, n: u32, nodes: &mut u64) -> i32 {
    if depth == 0 {
        return eval_key(p, o, n);
    }
    let moves = legal(p, o);
    if moves == 0 {
        if legal(o, p) == 0 {
            return super::last::final_score(p, o) * FINAL_WEIGHT;
        }
        return -eval_search(o, p, -beta, -alpha, depth, n, nodes);
    }
    let mut best = i32::MIN / 2;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = super::flips(sq as usize, p, o);
        *nodes += 1;
        let (cp, co) = (o ^ f, p | f | 1u64 << sq);
        let v = -eval_search(cp, co, -beta, -alpha.max(best), depth - 1, n - 1, nodes);
        if v > best {
            best = v;
            if v >= beta {
                break;
            }
        }
    }
    best
}

/// A quick estimate of the exact score for `p` to move with `n` empties, in discs (even): the
/// pattern evaluation searched `plies` deep ([`eval_search`]; its positions counted in
/// `nodes`). `None` without weights.
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
pub(super) fn estimate(p: u64, o: u64, n: u32, plies: u32, nodes: &mut u64) -> Option<i32> {
    super::eval::evaluate(p, o, n)?;
    let plies = plies.min(n);
    let key = eval_search(p, o, i32::MIN / 2, i32::MAX / 2, plies, n, nodes);
    // Key units: EVAL_SEARCH_WEIGHT a disc (a finished game FINAL_WEIGHT a disc).
    let discs = if key.abs() >= FINAL_WEIGHT {
        key / FINAL_WEIGHT
    } else {
        key / EVAL_SEARCH_WEIGHT
    };
    Some((discs.clamp(-64, 64) / 2) * 2)
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
        let mut list = MoveList::empty();
        list.fill(p, o, moves, hash_move);
        list
    }

    /// A list with no moves, to be [`fill`](MoveList::fill)ed where it stands: a list is
    /// 1 KB, which a return by value copies (a `memcpy` at every node of the searches).
    #[inline(always)]
    pub(crate) fn empty() -> MoveList {
        MoveList {
            moves: ArrayVec::new(),
            hash_move: NO_MOVE,
        }
    }

    /// Lists the moves of `p` (`moves` = its legal squares), keyed for ordering.
    #[inline(always)]
    pub(crate) fn fill(&mut self, p: u64, o: u64, moves: u64, hash_move: u8) {
        self.hash_move = hash_move;
        self.moves.clear();
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
            // At most 64: one a bit of `moves`.
            self.moves.push(Entry { sq, flips: f, key });
        }
    }

    /// Adds to each key but the table move's the value for `p` of a one-ply search of the
    /// move (the opponent's best reply by [`eval`]).
    #[inline(always)]
    pub(crate) fn sort_by_search(&mut self, p: u64, o: u64, nodes: &mut u64) {
        for e in &mut self.moves {
            if e.sq == self.hash_move {
                continue;
            }
            let (np, no) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            e.key += -search1(np, no, nodes) * SEARCH_WEIGHT;
        }
    }

    /// Adds to each key but the table move's the value for `p` of a `plies`-deep search of the
    /// pattern evaluation, the move the first ply ([`eval_search`], full window; its positions
    /// counted in `nodes`). False, and nothing done, without weights.
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(crate) fn sort_by_eval_search(
        &mut self,
        p: u64,
        o: u64,
        n: u32,
        plies: u32,
        nodes: &mut u64,
    ) -> bool {
        if super::eval::evaluate(p, o, n).is_none() {
            return false;
        }
        let (lo, hi) = (i32::MIN / 2, i32::MAX / 2);
        for e in &mut self.moves {
            if e.sq == self.hash_move {
                continue;
            }
            let (np, no) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            e.key -= eval_search(np, no, lo, hi, plies - 1, n - 1, nodes);
        }
        true
    }

    /// Adds to each key but the table move's the value for `p` of the position after the
    /// move by the pattern evaluation ([`super::eval`]), `weight` a disc. False, and nothing
    /// done, without weights.
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(crate) fn sort_by_eval(&mut self, p: u64, o: u64, n: u32, weight: i32) -> bool {
        for e in &mut self.moves {
            if e.sq == self.hash_move {
                continue;
            }
            let (np, no) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            let Some(v) = super::eval::evaluate(np, no, n - 1) else {
                return false;
            };
            e.key -= v * weight / super::eval::SCALE as i32;
        }
        true
    }

    /// Sorts the moves, best key first (insertion sort: lists are short).
    #[inline(always)]
    pub(crate) fn sort(&mut self) {
        for i in 1..self.moves.len() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::xorshift;

    /// The same search without pruning: the reference for [`eval_search`].
    fn negamax(p: u64, o: u64, depth: u32, n: u32) -> i32 {
        if depth == 0 {
            // SAFETY: called only when the CPU has the features (checked by the test).
            return unsafe { eval_key(p, o, n) };
        }
        let moves = legal(p, o);
        if moves == 0 {
            if legal(o, p) == 0 {
                return super::super::last::final_score(p, o) * FINAL_WEIGHT;
            }
            return -negamax(o, p, depth, n);
        }
        let mut best = i32::MIN / 2;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = super::super::flips(sq as usize, p, o);
            best = best.max(-negamax(o ^ f, p | f | 1u64 << sq, depth - 1, n - 1));
        }
        best
    }

    /// A position after `plies` random moves from the start (fewer if the game ends).
    fn random_position(seed: &mut u64, plies: u32) -> (u64, u64) {
        let (mut p, mut o) = (0x0000_0008_1000_0000_u64, 0x0000_0010_0800_0000_u64);
        for _ in 0..plies {
            let moves = legal(p, o);
            if moves == 0 {
                if legal(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                continue;
            }
            let mut m = moves;
            for _ in 0..xorshift(seed) % u64::from(moves.count_ones()) {
                m &= m - 1;
            }
            let sq = m.trailing_zeros();
            let f = super::super::flips(sq as usize, p, o);
            (p, o) = (o ^ f, p | f | 1u64 << sq);
        }
        (p, o)
    }

    #[test]
    fn the_evaluation_search_is_the_negamax_of_the_evaluation() {
        if !super::super::cpu_ok() {
            return;
        }
        let mut seed = 0x0e7a_15ea_7c40_0003_u64;
        let mut differ = 0;
        for i in 0..60 {
            let (p, o) = random_position(&mut seed, 30 + i % 28);
            let n = (!(p | o)).count_ones();
            for depth in 0..=3 {
                let mut nodes = 0;
                // SAFETY: the CPU has the features (checked above).
                let got =
                    unsafe { eval_search(p, o, i32::MIN / 2, i32::MAX / 2, depth, n, &mut nodes) };
                assert_eq!(got, negamax(p, o, depth, n), "position {i}, depth {depth}");
                if depth > 0 && legal(p, o) != 0 {
                    assert!(nodes > 0, "no node counted: position {i}, depth {depth}");
                }
            }
            // SAFETY: as above.
            differ += i32::from(unsafe { eval_key(p, o, n) != eval_key(o, p, n) });
        }
        // The evaluation has weights: not the same number for both sides everywhere.
        assert!(
            differ > 30,
            "the evaluation looks empty ({differ} of 60 differ)"
        );
    }
}
