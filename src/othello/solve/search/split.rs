//! Young brothers wait: a node's moves after the first (the eldest, searched alone) searched
//! in parallel on the rayon pool, each by a search of its own that shares the table, the
//! threads taking the moves in their order. At a
//! null-window node the first move to beat `alpha` calls the others off; at a PV node every
//! other move is tested with the null window in parallel, then those that beat `alpha` are
//! searched again with the full window, one after the other (each of those in parallel
//! inside).
//!
//! At a null-window node that the pattern evaluation puts above `alpha` (expected to cut),
//! the moves whose positions it also puts above `alpha` are the elders: searched one after
//! the other before the rest are shared. When one of them cuts, as expected, the others were
//! never started. Sharing them at once had the second thread search the node's weaker moves
//! to the end while the first proved the cut (FFO #49, two threads: a 25-empties node whose
//! fourth move cuts after 118 M nodes, while the other thread searched 150 M nodes of moves
//! the cut made moot). FFO #40–#49 one position at a time on two threads
//! (docs/performance.md, "Issue 30, eighth round"): 1,693 M nodes and 23.8 s before, 1,465 M
//! and 21.6 s with (one thread: 1,404.6 M).
//!
//! A search called off returns nothing and stores nothing (as one over its budget), so the
//! table holds only true bounds and the score is the exact score whatever the threads; the
//! nodes (and which of two equal moves is found first) may differ from run to run.

use super::{Abort, Search};
use crate::othello::solve::eval;
use crate::othello::solve::order::Entry;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// The positions being solved now, each by its root search (a run that solves many, as the
/// WTHOR check, solves one a thread).
static ROOTS: AtomicUsize = AtomicUsize::new(0);

/// One position being solved, counted in [`ROOTS`] while it lives.
pub(in crate::othello::solve) struct RootSearch(());

impl RootSearch {
    pub(in crate::othello::solve) fn start() -> RootSearch {
        ROOTS.fetch_add(1, Relaxed);
        RootSearch(())
    }
}

impl Drop for RootSearch {
    fn drop(&mut self) {
        ROOTS.fetch_sub(1, Relaxed);
    }
}

/// Whether a thread of the pool may be free to share a node's moves: fewer positions are
/// being solved than there are threads. When every thread has a position of its own (the
/// WTHOR check but for its last positions) a node searches its moves itself: sharing them
/// would only add the cost of the split (3.5 % more CPU on 40 WTH_1995 games).
#[inline(always)]
pub(super) fn thread_free() -> bool {
    ROOTS.load(Relaxed) < rayon::current_num_threads()
}

/// What one parallel move search gave: its score (from the node's side), its nodes, and
/// whether it was stopped (called off or over the budget: no score).
#[derive(Clone, Copy)]
struct Part {
    score: i32,
    nodes: u64,
    stopped: bool,
}

/// How many of a null-window node's `moves` (ordered) are searched one after the other
/// before the rest are shared: one, or at a node the pattern evaluation puts above `alpha`,
/// the moves whose positions it puts above `alpha` (at least one). `p` to move, `n` empties.
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
pub(super) fn elders(moves: &[Entry], p: u64, o: u64, alpha: i32, n: u32) -> usize {
    let discs = |v: i32| v / eval::SCALE as i32;
    match eval::evaluate(p, o, n) {
        Some(v) if discs(v) > alpha => moves
            .iter()
            .filter(|e| {
                let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
                eval::evaluate(cp, co, n - 1).is_some_and(|c| -discs(c) > alpha)
            })
            .count()
            .max(1),
        _ => 1,
    }
}

impl<'a> Search<'a> {
    /// The null-window searches of `moves` from (`p`, `o`), in parallel: one worker a thread
    /// of the pool, each taking the next move not yet taken (the moves in their order); a
    /// score above `cut` calls the others off.
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    fn parallel_nws(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        cut: i32,
        n: u32,
        moves: &[Entry],
    ) -> Vec<Part> {
        let abort = Abort {
            flag: AtomicBool::new(false),
            parent: self.abort,
        };
        let (tt, deadline, eval_from) = (self.tt, self.deadline, self.eval_from);
        let node_limit = self.node_limit.saturating_sub(self.nodes);
        let skipped = Part {
            score: -99,
            nodes: 0,
            stopped: true,
        };
        let parts = Mutex::new(vec![skipped; moves.len()]);
        let next = AtomicUsize::new(0);
        // (The closures have their function's target features.)
        let worker = || {
            loop {
                let i = next.fetch_add(1, Relaxed);
                let Some(e) = moves.get(i) else {
                    break;
                };
                if abort.flag.load(Relaxed) {
                    continue;
                }
                let mut s = Search::new(tt, node_limit, deadline);
                s.abort = Some(&abort);
                s.eval_from = eval_from;
                s.nodes = 1;
                s.next_check = super::CHECK_SPLIT;
                let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
                let score = -s.nws(cp, co, -alpha - 1, n - 1);
                if !s.stopped && score > cut {
                    abort.flag.store(true, Relaxed);
                }
                let part = Part {
                    score,
                    nodes: s.nodes,
                    stopped: s.stopped,
                };
                if let Ok(mut parts) = parts.lock() {
                    parts[i] = part;
                }
            }
        };
        let workers = rayon::current_num_threads().min(moves.len());
        rayon::scope(|scope| {
            for _ in 1..workers {
                scope.spawn(|_| worker());
            }
            worker();
        });
        let parts = parts.into_inner().unwrap_or_else(|e| e.into_inner());
        self.nodes += parts.iter().map(|r| r.nodes).sum::<u64>();
        parts
    }

    /// The rest of a null-window node's moves (`moves`, the first already searched into
    /// `best`, `best_move`), in parallel: the first that beats `alpha` ends the node. When
    /// none does and one was stopped, this search is stopped too.
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(super) fn split_nws(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        n: u32,
        moves: &[Entry],
        best: &mut i32,
        best_move: &mut u8,
    ) {
        let parts = self.parallel_nws(p, o, alpha, alpha, n, moves);
        let mut stopped = false;
        for (e, r) in moves.iter().zip(&parts) {
            if r.stopped {
                stopped = true;
            } else if r.score > *best {
                *best = r.score;
                *best_move = e.sq;
            }
        }
        if stopped && *best <= alpha {
            self.stopped = true;
        }
    }

    /// The rest of a PV node's moves, the window (`alpha`, `beta`) raised as they are found
    /// better: tested in parallel with the null window at `alpha` until one beats it (which
    /// calls the others off), that one searched again with the full window, and the moves
    /// not yet settled tested again at the raised `alpha`.
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
    )]
    pub(super) fn split_pvs(
        &mut self,
        p: u64,
        o: u64,
        (alpha, beta): (&mut i32, i32),
        n: u32,
        moves: &[Entry],
        best: &mut i32,
        best_move: &mut u8,
    ) {
        let mut todo = moves.to_vec();
        while !todo.is_empty() {
            let parts = self.parallel_nws(p, o, *alpha, *alpha, n, &todo);
            let mut next = Vec::new();
            let mut high = None;
            for (e, r) in todo.iter().zip(&parts) {
                if r.stopped {
                    next.push(*e);
                } else if r.score > *alpha {
                    // The first to beat alpha is searched again; the others tested again.
                    if high.is_none() {
                        high = Some((*e, r.score));
                    } else {
                        next.push(*e);
                    }
                } else if r.score > *best {
                    *best = r.score;
                    *best_move = e.sq;
                }
            }
            let Some((e, lower)) = high else {
                if !next.is_empty() {
                    // Stopped with none above alpha: called off from above, or the budget.
                    self.stopped = true;
                }
                return;
            };
            let s = if lower >= beta {
                lower
            } else {
                let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
                -self.pvs(cp, co, -beta, -lower, n - 1)
            };
            if self.stopped {
                return;
            }
            if s > *best {
                *best = s;
                *best_move = e.sq;
                if s > *alpha {
                    *alpha = s;
                    if s >= beta {
                        return;
                    }
                }
            }
            todo = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::elders;
    use crate::othello::solve::order::MoveList;
    use crate::othello::solve::tt::NO_MOVE;
    use crate::othello::solve::{cpu_ok, legal};

    #[test]
    fn the_elders_are_the_moves_the_evaluation_puts_above_alpha() {
        if !cpu_ok() {
            return;
        }
        // FFO #40 (20 empties), Black to move.
        let b = crate::othello::solve::obf::parse_obf(
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;",
        )
        .expect("FFO #40 reads")
        .remove(0);
        let (p, o) = b.board.sides();
        let n = b.board.empties();
        let list = MoveList::new(p, o, legal(p, o), NO_MOVE);
        let all = list.moves.len();
        assert!(all > 2);
        // SAFETY: the CPU has the features (checked above).
        let count = |alpha: i32| unsafe { elders(&list.moves, p, o, alpha, n) };
        // Nothing is above 64: the node is not expected to cut, one move goes first.
        assert_eq!(count(64), 1);
        // Everything is above -1000: every move goes first, none is shared.
        assert_eq!(count(-1000), all);
        // The lower alpha, the more moves may cut.
        let counts: Vec<usize> = (-64..=64).step_by(2).map(count).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
        assert!(counts.iter().any(|&c| 1 < c && c < all), "{counts:?}");
    }
}
