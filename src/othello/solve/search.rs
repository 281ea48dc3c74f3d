//! The search: negamax alpha-beta, null-window (NWS) everywhere but along the principal
//! variation (PVS). Three tiers by the number of empty squares: the last four
//! ([`super::last`]), a shallow tier without the table (parity order; fastest first from
//! [`SHALLOW_SORT_MIN`] empties), and the deep tier with the transposition table, enhanced
//! transposition cut-offs (ETC: the table, and the mover's stable discs, looked at for every
//! move before any is searched) and fastest-first order, refined from [`EVAL_FROM`] empties
//! by the learned pattern evaluation ([`super::eval`]) of each move's position, and from
//! [`EVAL_SEARCH_MIN`] by a search of three or four plies on it; without the evaluation
//! (no weights, or `--eval-from` above the node's empties) by a one-ply search on a
//! mobility evaluation from [`SORT_MIN`].
//! Every tier cuts on stability: when the opponent's stable discs leave no score above the
//! bound, the node fails low at once.
//!
//! With more than one thread in the rayon pool, the nodes with [`SPLIT_MIN`] empties or more
//! search their other moves in parallel once the first has been searched (young brothers
//! wait: [`split`]) — or, at a null-window node the evaluation expects to cut, once the
//! moves it expects to cut have been; the table is shared, so the score is the same exact
//! score whatever the threads.
//!
//! The hot functions are compiled for x86-64-v3 (POPCNT, LZCNT, BMI, AVX2) on x86_64; the
//! caller checks the CPU first ([`super::cpu_ok`]).

use super::last::{final_score, odd_quadrants, solve_small};
use super::order::MoveList;
use super::stability::stable;
use super::tt::{Bounds, NO_MOVE, Table};
use super::{flips, legal};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

mod split;

pub(super) use split::RootSearch;

/// Up to this many empties: no table, parity order only (but from [`SHALLOW_SORT_MIN`]).
/// 8 rather than 7: on the 10 WTH_1995 positions of `s10.wtb` (24 empties, one thread, an
/// AMD EPYC) 5 % more nodes, 7 % less time — at 8 empties the table's reads, misses in the
/// cache, cost more than the nodes they save (docs/performance.md, "Issue 30, ninth round").
const SHALLOW_MAX: u32 = 8;
/// From this many empties the shallow tier orders its moves fastest first (the move list's
/// keys, [`MoveList::new`]) instead of by parity alone. FFO #40–#49, one thread
/// (docs/performance.md, "Issue 30, eighth round"): 1,404.6 M nodes and 35.6 s by parity,
/// 1,117.7 M and 34.6 s from 7 empties, 1,040.2 M and 35.8 s from 6; the table at 7 empties
/// as well, 1,326.1 M nodes (parity order) but 39.4 s. With the tier up to 8 empties, from 6
/// (ninth round, `s10.wtb`): 12 % fewer nodes and 2 % less time than from 7; from 5, 11 %
/// fewer again but 27 % more time.
const SHALLOW_SORT_MIN: u32 = 6;
/// From this many empties: enhanced transposition cut-offs (and the table's move searched
/// before the others are listed below it). FFO #40–#49, one thread: from 10 empties 2.1 %
/// fewer nodes than from 12 (6,156 M against 6,290 M) and no more time on #43 and #45; from
/// 8, 1.9 % fewer again but 14 % more time on #45.
const ETC_MIN: u32 = 10;
/// From this many empties: moves ordered by a one-ply search ([`MoveList::sort_by_search`]),
/// where the pattern evaluation does not order them (no weights, or fewer empties than
/// `--eval-from`). Measured on FFO #40–#46 (one run each) before the pattern evaluation:
/// from 14, 1.67 G nodes against 2.58 G for fastest-first alone, its own positions counted;
/// from 12 no fewer, from 16 and 18 more. Beside the evaluation of each move it did not help
/// (ninth round, `s10.wtb`: 4.5 % fewer nodes and 3 % less time without it).
const SORT_MIN: u32 = 14;
/// From this many empties the moves are ordered by a search of the pattern evaluation
/// ([`MoveList::sort_by_eval_search`]) instead of the one-ply mobility search: 3 plies (the
/// move, the reply, the next move), 4 from [`EVAL_SEARCH_DEEP`]. FFO #40–#49, one thread
/// (docs/performance.md, 7 December 2026): 6,107 M nodes before; 3 plies from 18 empties
/// 6,337 M (#49 4,285 M against 3,110 M), 3 from 18 and 4 from 22 4,418 M, from 17 and 21
/// 4,284 M (0.70), from 16 and 20 4,072 M but no less time; the same plies of the mobility
/// evaluation from 17 and 21 4,991 M. From 18 with the learned weights and the other bounds
/// of the ninth round (`s10.wtb`): 3.6 % more nodes than from 17, 3 % less time; from 19 or
/// 16 more time.
const EVAL_SEARCH_MIN: u32 = 18;
/// From this many empties the pattern evaluation's search is 4 plies deep (a 5th from 25
/// empties: #47 fewer nodes, #49 3,762 M against 2,553 M).
const EVAL_SEARCH_DEEP: u32 = 21;
/// From this many empties a node searches its moves after the first in parallel (when the
/// pool has more than one thread). FFO #41, #43, #44 on two threads: 12, 14 and 16 search
/// about as many nodes (+/- 5 %); 14 gives the threads smaller pieces of work than 16.
const SPLIT_MIN: u32 = 14;
/// From this many empties each move's key also takes the pattern evaluation of the position
/// after it ([`MoveList::sort_by_eval`], [`EVAL_WEIGHT`] a disc; `--eval-from` changes it).
/// With the weights fitted on 77,515 solved labels and the WTHOR bytes (f1fe7bb), one thread
/// (docs/performance.md, "Issue 30, sixth round"): FFO #40–#49 1,632.5 M nodes without it,
/// 1,500.7 M from 14 empties, 1,324.1 M from 10 but more time (the evaluation of every move of
/// the small nodes costs more than it saves); 10 WTH_1995 positions at 24 empties 754.5 M,
/// 648.6 M, 573.2 M.
const EVAL_FROM: u32 = 14;
/// With the pattern evaluation in the order: what a disc of it is worth in a move's key
/// (1/8 of an opponent's reply). FFO #43 and #45–#48, one thread, weights from 6,040 labels,
/// from 15 empties: 2,552 M nodes with 8, against 2,839 M without the evaluation; 16 and 32
/// gave 2,587 M and 2,690 M, and the evaluation searched one ply deep from 20 empties
/// 2,622 M (with 8).
const EVAL_WEIGHT: i32 = 8;
/// Nodes between two looks at the clock and the node budget.
const CHECK_EVERY: u64 = 1 << 14;
/// The same inside a parallel search, which also looks whether it was called off (every
/// 16,384 nodes: up to 50 % more nodes than every 1,024 on FFO #44, two threads).
const CHECK_SPLIT: u64 = 1 << 10;

/// The least `alpha` at which the stability bound is worth computing, by empties (a bound
/// below it cannot cut: the opponent rarely has that many stable discs).
#[inline(always)]
fn stability_threshold(n: u32) -> i32 {
    let n = n as i32;
    match n {
        0..=4 => 99,
        5..=10 => 2 * n - 4,
        11..=24 => 2 * n - 2,
        _ => (48 + 2 * ((n - 25) / 2)).min(64),
    }
}

/// The state of one search (one thread): the shared table, the node count and the budget.
pub(super) struct Search<'a> {
    pub tt: &'a Table,
    pub nodes: u64,
    pub node_limit: u64,
    pub deadline: Option<Instant>,
    pub stopped: bool,
    next_check: u64,
    /// The parallel searches this one runs inside: when one is called off (a sibling cut),
    /// this search stops.
    abort: Option<&'a Abort<'a>>,
    /// Whether to search moves in parallel (the pool has more than one thread).
    parallel: bool,
    /// From this many empties the order takes the pattern evaluation (`u32::MAX`: never).
    pub eval_from: u32,
}

/// A parallel search of a node's moves: its flag is raised when one move cuts, which makes
/// the others' searches (and theirs, through `parent`) moot.
struct Abort<'a> {
    flag: AtomicBool,
    parent: Option<&'a Abort<'a>>,
}

/// Whether `abort` or one of the searches it runs inside was called off.
fn called_off(mut abort: Option<&Abort>) -> bool {
    while let Some(a) = abort {
        if a.flag.load(Relaxed) {
            return true;
        }
        abort = a.parent;
    }
    false
}

#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
fn small(p: u64, o: u64, alpha: i32, nodes: &mut u64) -> i32 {
    solve_small(p, o, alpha, nodes)
}

impl<'a> Search<'a> {
    pub(crate) fn new(tt: &'a Table, node_limit: u64, deadline: Option<Instant>) -> Search<'a> {
        Search {
            tt,
            nodes: 0,
            node_limit,
            deadline,
            stopped: false,
            next_check: CHECK_EVERY,
            abort: None,
            parallel: rayon::current_num_threads() > 1,
            eval_from: EVAL_FROM,
        }
    }

    fn check_budget(&mut self) {
        self.next_check = self.nodes
            + if self.abort.is_some() {
                CHECK_SPLIT
            } else {
                CHECK_EVERY
            };
        if self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || called_off(self.abort)
        {
            self.stopped = true;
        }
    }

    /// The null-window search of the window (alpha, alpha + 1), `n` empties: a score above
    /// `alpha` is a lower bound, one at or below it an upper bound.
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(crate) fn nws(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> i32 {
        if n <= 4 {
            small(p, o, alpha, &mut self.nodes)
        } else if n <= SHALLOW_MAX {
            self.nws_shallow(p, o, alpha, n)
        } else {
            self.nws_deep(p, o, alpha, n)
        }
    }

    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> i32 {
        let moves = legal(p, o);
        if moves == 0 {
            if legal(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws_shallow(o, p, -alpha - 1, n);
        }
        if alpha >= stability_threshold(n) {
            let bound = 64 - 2 * stable(o, p).count_ones() as i32;
            if bound <= alpha {
                return bound;
            }
        }
        if n >= SHALLOW_SORT_MIN {
            // Fastest first, without the table.
            let mut list = MoveList::empty();
            list.fill(p, o, moves, NO_MOVE);
            list.sort();
            let mut best = -99;
            for e in &list.moves[..] {
                self.nodes += 1;
                let s =
                    -self.nws_shallow(o ^ e.flips, p | e.flips | 1u64 << e.sq, -alpha - 1, n - 1);
                if s > best {
                    best = s;
                    if s > alpha {
                        return s;
                    }
                }
            }
            return best;
        }
        let odd = odd_quadrants(!(p | o));
        let mut best = -99;
        for part in [moves & odd, moves & !odd] {
            let mut m = part;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(sq as usize, p, o);
                self.nodes += 1;
                let (cp, co) = (o ^ f, p | f | 1u64 << sq);
                let s = if n == 5 {
                    -small(cp, co, -alpha - 1, &mut self.nodes)
                } else {
                    -self.nws_shallow(cp, co, -alpha - 1, n - 1)
                };
                if s > best {
                    best = s;
                    if s > alpha {
                        return s;
                    }
                }
            }
        }
        best
    }

    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    fn nws_deep(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> i32 {
        if self.nodes >= self.next_check {
            self.check_budget();
        }
        if self.stopped {
            return 0;
        }
        let moves = legal(p, o);
        if moves == 0 {
            if legal(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws_deep(o, p, -alpha - 1, n);
        }
        if alpha >= stability_threshold(n) {
            let bound = 64 - 2 * stable(o, p).count_ones() as i32;
            if bound <= alpha {
                return bound;
            }
        }
        let mut hash_move = NO_MOVE;
        if let Some(b) = self.tt.probe(p, o) {
            if b.lower > alpha {
                return b.lower;
            }
            if b.upper <= alpha {
                return b.upper;
            }
            hash_move = b.mv;
        }
        let mut best = -99;
        let mut best_move = NO_MOVE;
        let mut rest = moves;
        // Below the ETC's depth, the table's move is tried before the others are listed and
        // keyed: when it cuts, as it mostly does, that work is saved.
        if n < ETC_MIN && hash_move < 64 && moves >> hash_move & 1 != 0 {
            let f = flips(usize::from(hash_move), p, o);
            self.nodes += 1;
            let s = -self.nws(o ^ f, p | f | 1u64 << hash_move, -alpha - 1, n - 1);
            if self.stopped {
                return 0;
            }
            best = s;
            best_move = hash_move;
            rest &= !(1u64 << hash_move);
        }
        if best <= alpha && rest != 0 {
            self.nws_list(p, o, alpha, n, rest, hash_move, &mut best, &mut best_move);
            if self.stopped {
                return 0;
            }
        }
        self.store_nws(p, o, alpha, n, best, best_move);
        best
    }

    /// The moves `moves` of a null-window node, listed, keyed and searched in order until one
    /// beats `alpha` (`best` and `best_move` updated; returns early, with `best` above
    /// `alpha`, on an ETC cut-off: a move whose position the table, or the mover's stable
    /// discs after it, already put above `alpha`).
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    fn nws_list(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        n: u32,
        moves: u64,
        hash_move: u8,
        best: &mut i32,
        best_move: &mut u8,
    ) {
        let mut list = MoveList::empty();
        list.fill(p, o, moves, hash_move);
        if n >= ETC_MIN {
            // The children's buckets fetched together, before any is read.
            for e in &list.moves[..] {
                self.tt.prefetch(o ^ e.flips, p | e.flips | 1u64 << e.sq);
            }
            // With a low `alpha` the mover's stable discs after a move may beat it at once.
            let try_stable = alpha <= -stability_threshold(n);
            for e in &list.moves[..] {
                let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
                if try_stable {
                    let lower = 2 * stable(co, cp).count_ones() as i32 - 64;
                    if lower > alpha {
                        *best = lower;
                        *best_move = e.sq;
                        return;
                    }
                }
                if let Some(b) = self.tt.probe(cp, co)
                    && -b.upper > alpha
                {
                    *best = -b.upper;
                    *best_move = e.sq;
                    return;
                }
            }
        }
        self.order(&mut list, p, o, n);
        list.sort();
        let moves = &list.moves[..];
        // How many moves go before the rest are shared: worked out only once the first has
        // failed to cut (most nodes cut at their first move).
        let mut elders = None;
        for (i, e) in moves.iter().enumerate() {
            if i > 0
                && moves.len() - i > 1
                && i >= *elders.get_or_insert_with(|| {
                    if self.parallel && n >= SPLIT_MIN && split::thread_free() {
                        split::elders(moves, p, o, alpha, n)
                    } else {
                        usize::MAX
                    }
                })
            {
                self.split_nws(p, o, alpha, n, &moves[i..], best, best_move);
                return;
            }
            self.nodes += 1;
            let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            let s = -self.nws(cp, co, -alpha - 1, n - 1);
            if self.stopped {
                return;
            }
            if s > *best {
                *best = s;
                *best_move = e.sq;
                if s > alpha {
                    return;
                }
            }
        }
    }

    /// Keys the moves of a node with `n` empties for the order: by a one-ply search of
    /// mobility from [`SORT_MIN`], by a search of the pattern evaluation from
    /// [`EVAL_SEARCH_MIN`] (the mobility search without weights), plus the pattern evaluation of the position after each
    /// move from [`super::SolveOptions::eval_from`] empties.
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    fn order(&mut self, list: &mut MoveList, p: u64, o: u64, n: u32) {
        let evaluated = n >= self.eval_from && list.sort_by_eval(p, o, n, EVAL_WEIGHT);
        if n >= EVAL_SEARCH_MIN {
            let plies = if n >= EVAL_SEARCH_DEEP { 4 } else { 3 };
            if list.sort_by_eval_search(p, o, n, plies, &mut self.nodes) {
                return;
            }
        }
        if n >= SORT_MIN && !evaluated {
            list.sort_by_search(p, o, &mut self.nodes);
        }
    }

    /// Stores the result `best` of a null-window search of (alpha, alpha + 1).
    #[inline(always)]
    fn store_nws(&self, p: u64, o: u64, alpha: i32, n: u32, best: i32, best_move: u8) {
        let bounds = if best > alpha {
            Bounds {
                lower: best,
                upper: 64,
                mv: best_move,
            }
        } else {
            Bounds {
                lower: -64,
                upper: best,
                mv: NO_MOVE,
            }
        };
        self.tt.store(p, o, n, bounds);
    }

    /// The full-window search (alpha, beta) of a principal-variation node: the first move
    /// with the full window, the others with a null window first, searched again when they
    /// beat the best so far.
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(crate) fn pvs(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32) -> i32 {
        if self.stopped {
            return 0;
        }
        let moves = legal(p, o);
        if moves == 0 {
            if legal(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.pvs(o, p, -beta, -alpha, n);
        }
        let hash_move = self.tt.probe(p, o).map_or(NO_MOVE, |b| b.mv);
        let mut list = MoveList::empty();
        list.fill(p, o, moves, hash_move);
        self.order(&mut list, p, o, n);
        list.sort();
        let alpha0 = alpha;
        let mut best = -99;
        let mut best_move = NO_MOVE;
        let moves = &list.moves[..];
        for (i, e) in moves.iter().enumerate() {
            if i > 0
                && self.parallel
                && n >= SPLIT_MIN
                && moves.len() - i > 1
                && split::thread_free()
            {
                let window = (&mut alpha, beta);
                self.split_pvs(p, o, window, n, &moves[i..], &mut best, &mut best_move);
                if self.stopped {
                    return 0;
                }
                break;
            }
            self.nodes += 1;
            let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
            let s = if i == 0 {
                -self.pvs(cp, co, -beta, -alpha, n - 1)
            } else {
                let s = -self.nws(cp, co, -alpha - 1, n - 1);
                if s > alpha && s < beta && !self.stopped {
                    -self.pvs(cp, co, -beta, -s, n - 1)
                } else {
                    s
                }
            };
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = e.sq;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if n > SHALLOW_MAX {
            let bounds = if best >= beta {
                Bounds {
                    lower: best,
                    upper: 64,
                    mv: best_move,
                }
            } else if best <= alpha0 {
                Bounds {
                    lower: -64,
                    upper: best,
                    mv: best_move,
                }
            } else {
                Bounds {
                    lower: best,
                    upper: best,
                    mv: best_move,
                }
            };
            self.tt.store(p, o, n, bounds);
        }
        best
    }
}
