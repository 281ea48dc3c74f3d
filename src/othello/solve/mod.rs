//! The exact endgame solver: the final disc difference under perfect play from any position
//! (the empty squares of a finished game going to the winner, the WOF rule), the best moves,
//! a principal variation and the nodes searched — within a node and time budget.
//!
//! Roles: [`search`] (negamax, null-window and PVS), [`tt`] (the transposition table),
//! [`order`] (move ordering), [`last`] (the last four empties), [`stability`] (stable discs).

pub(crate) mod analyze;
pub mod eval;
mod last;
pub(crate) mod lost;
pub mod obf;
mod order;
mod search;
mod stability;
pub(crate) mod theory;
mod tt;

#[cfg(test)]
mod tests;

use super::rules::{Board, Move};
use crate::core::record::Player;
use search::Search;
use std::time::{Duration, Instant};

pub use tt::Table;

/// The opponent discs `p` flips by playing on `sq`: the rules' AVX2 kernel (one vector
/// for the four line directions), for the solver only. FFO #40–#49, one thread: 37.7 s with
/// the plain kernels, 36.6 s with these (the same nodes; docs/performance.md, "Issue 30,
/// eighth round").
#[inline(always)]
fn flips(sq: usize, p: u64, o: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the solver runs only behind `solve`, which checked the CPU (`cpu_ok`: AVX2
    // among the rest); the tests that call the kernels directly check it too.
    return unsafe { super::rules::simd::flips(sq, p, o) };
    #[cfg(not(target_arch = "x86_64"))]
    super::rules::flips(sq, p, o)
}

/// The legal moves of `p`: the rules' AVX2 kernel, as [`flips`].
#[inline(always)]
fn legal(p: u64, o: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as for `flips`.
    return unsafe { super::rules::simd::legal_moves(p, o) };
    #[cfg(not(target_arch = "x86_64"))]
    super::rules::legal_moves(p, o)
}

/// From this many empties the root searches by MTD(f) ([`root`]); below, with the full window.
const ROOT_MTD_MIN: u32 = 10;
/// The depth of the pattern evaluation's search that gives MTD(f) its first guess (8: 0.7 s
/// on #40–#49 in all; 10 plies about 16 s of CPU).
const ROOT_ESTIMATE_PLIES: u32 = 8;

/// What to solve for and within what budget.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Stop after this many nodes (`u64::MAX`: no limit).
    pub node_limit: u64,
    /// Stop after this long.
    pub time_limit: Option<Duration>,
    /// Find every best move (one null-window search per other move), not only the first.
    pub all_best: bool,
    /// Order the moves by the pattern evaluation ([`eval`]) of each move's position too from
    /// this many empties (`None`, the default: from `search::EVAL_FROM`, 14). It was off by
    /// default while the weights were fitted on a few thousand labels (from 15 empties: 1.21
    /// times the nodes of FFO #40–#49, #51 1.31); with the weights of f1fe7bb it searches
    /// fewer nodes on FFO #40–#52 and on real games at 24 empties (docs/performance.md, "Issue
    /// 30, sixth round").
    pub eval_from: Option<u32>,
    /// The root's first guess at the score (the side to move's disc difference), in place of
    /// the evaluation's estimate: a score the source already gives (a WTHOR theoretical byte)
    /// is then proved by two null-window tests when right, and searched from when wrong. The
    /// result is exact either way.
    pub guess: Option<i32>,
    /// The score alone: no best moves and no principal variation (the WTHOR check).
    pub score_only: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            node_limit: u64::MAX,
            time_limit: None,
            all_best: true,
            eval_from: None,
            guess: None,
            score_only: false,
        }
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final disc difference under perfect play, from the side to move (−64..=64).
    pub score: i32,
    /// The moves that reach it (one when not asked for all; empty when the side to move must
    /// pass or the game is over).
    pub best_moves: Vec<u8>,
    /// A principal variation: best play to the end of the game, passes included.
    pub pv: Vec<Move>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl Solution {
    /// The final score from Black's side.
    pub(crate) fn black_score(&self, to_move: Player) -> i32 {
        match to_move {
            Player::First => self.score,
            Player::Second => -self.score,
        }
    }
}

/// The outcome of a solve: solved, or stopped by the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Solved(Solution),
    /// Not solved within the budget (the nodes searched and the time taken).
    OverBudget {
        nodes: u64,
        elapsed: Duration,
    },
}

/// Why a position cannot be solved at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("the board has a square that is both black and white")]
    Overlap,
    #[error(
        "this CPU lacks the instructions the solver is built for (x86-64-v3: AVX2, BMI2, POPCNT, LZCNT)"
    )]
    Cpu,
}

/// Whether the CPU runs the solver's kernels.
pub fn cpu_ok() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        true
    }
}

/// Solves `board` exactly with `tt` (shared between threads and positions).
pub fn solve(board: &Board, tt: &Table, opts: &SolveOptions) -> Result<Outcome, SolveError> {
    if board.black & board.white != 0 {
        return Err(SolveError::Overlap);
    }
    if !cpu_ok() {
        return Err(SolveError::Cpu);
    }
    // SAFETY: the CPU has the features the search is compiled for (checked above).
    Ok(unsafe { solve_checked(board, tt, opts) })
}

#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
fn solve_checked(board: &Board, tt: &Table, opts: &SolveOptions) -> Outcome {
    let start = Instant::now();
    tt.new_date();
    let deadline = opts.time_limit.map(|t| start + t);
    let _root = search::RootSearch::start();
    let mut s = Search::new(tt, opts.node_limit, deadline);
    if let Some(e) = opts.eval_from {
        s.eval_from = e;
    }
    let (p, o) = board.sides();
    let n = board.empties();
    let score = root(&mut s, p, o, n, opts.guess);
    if s.stopped {
        return Outcome::OverBudget {
            nodes: s.nodes,
            elapsed: start.elapsed(),
        };
    }
    if opts.score_only {
        return Outcome::Solved(Solution {
            score,
            best_moves: Vec::new(),
            pv: Vec::new(),
            nodes: s.nodes,
            elapsed: start.elapsed(),
        });
    }
    // The best moves and the PV: moves whose null-window test proves they reach the score.
    // Cheap beside the solve (the table holds most of the tree), so the budget is lifted.
    s.node_limit = u64::MAX;
    s.deadline = None;
    let best_moves = best_moves(&mut s, p, o, score, n, opts.all_best);
    let mut pv = Vec::new();
    let (mut p, mut o, mut target) = (p, o, score);
    loop {
        if legal(p, o) == 0 {
            if legal(o, p) == 0 {
                break;
            }
            pv.push(Move::Pass);
            (p, o, target) = (o, p, -target);
            continue;
        }
        let Some(&sq) = best_moves_first(&mut s, p, o, target).first() else {
            break; // cannot happen for an exact score; stop rather than loop
        };
        pv.push(Move::Place(sq));
        let f = flips(usize::from(sq), p, o);
        (p, o, target) = (o ^ f, p | f | 1u64 << sq, -target);
    }
    Outcome::Solved(Solution {
        score,
        best_moves,
        pv,
        nodes: s.nodes,
        elapsed: start.elapsed(),
    })
}

/// The root's search: MTD(f) — a sequence of null-window tests ([`Search::nws`]), each
/// from the score the last returned, the table keeping the trees they share, until the
/// lower and upper bounds meet — from an estimate: the pattern evaluation searched
/// [`ROOT_ESTIMATE_PLIES`] deep. A full-window search ([`Search::pvs`]) without weights and
/// below [`ROOT_MTD_MIN`] empties. FFO #40–#49, one thread (docs/performance.md, 7 December
/// 2026): 2,924.1 M nodes against 4,283.7 M for the full window; an aspiration window of
/// ±2 discs around the same estimate, 4,064.5 M.
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
fn root(s: &mut Search, p: u64, o: u64, n: u32, guess: Option<i32>) -> i32 {
    if n < ROOT_MTD_MIN {
        return s.pvs(p, o, -64, 64, n);
    }
    let estimate = match guess {
        Some(g) => Some(g.clamp(-64, 64)),
        None => order::estimate(p, o, n, ROOT_ESTIMATE_PLIES, &mut s.nodes),
    };
    let Some(mut g) = estimate else {
        return s.pvs(p, o, -64, 64, n);
    };
    let (mut lower, mut upper) = (-64, 64);
    while lower < upper {
        // Scores are even: an odd alpha next to the last score; kept within the bounds, so
        // that every test moves one of them.
        let alpha = if g <= lower { lower + 1 } else { g - 1 }.clamp(lower, upper - 1);
        g = s.nws(p, o, alpha, n);
        if s.stopped {
            return 0;
        }
        if g > alpha {
            lower = g;
        } else {
            upper = g;
        }
    }
    lower
}

#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
fn best_moves_first(s: &mut Search, p: u64, o: u64, score: i32) -> Vec<u8> {
    best_moves(s, p, o, score, (!(p | o)).count_ones(), false)
}

/// The moves of `p` whose result is `score` (the position's exact score), in the order the
/// search would try them; the first only unless `all`.
#[cfg_attr(
    target_arch = "x86_64",
    target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")
)]
fn best_moves(s: &mut Search, p: u64, o: u64, score: i32, n: u32, all: bool) -> Vec<u8> {
    let moves = legal(p, o);
    let hash = s.tt.probe(p, o).map_or(tt::NO_MOVE, |b| b.mv);
    let mut list = order::MoveList::new(p, o, moves, hash);
    list.sort();
    let mut found = Vec::new();
    for e in &list.moves[..] {
        let (cp, co) = (o ^ e.flips, p | e.flips | 1u64 << e.sq);
        // The child's score is at most −score exactly when this move reaches the score.
        if s.nws(cp, co, -score, n - 1) <= -score {
            found.push(e.sq);
            if !all {
                break;
            }
        }
    }
    found.sort_unstable();
    if !all {
        found.truncate(1);
    }
    found
}

thread_local! {
    /// The table of the perfect-play verdicts, one a thread, kept between games.
    static VERDICT_TABLE: Table = Table::new(32);
}

/// The verdict of perfect play on an unfinished game whose last position (after `plies`) is
/// `end`, when it has at most `max_empties` empty squares; `Err` says why not.
pub(crate) fn perfect_verdict(
    end: &Board,
    plies: usize,
    max_empties: u64,
) -> Result<crate::core::verdict::Verdict, String> {
    use crate::core::verdict::{Reason, Verdict};
    use crate::othello::notation::{move_name, player_name};
    let e = end.empties();
    if u64::from(e) > max_empties {
        return Err(format!(
            "not decided by perfect play: {e} empty squares, more than perfect-empties={max_empties}"
        ));
    }
    let outcome = VERDICT_TABLE
        .with(|tt| {
            solve(
                end,
                tt,
                &SolveOptions {
                    all_best: false,
                    ..SolveOptions::default()
                },
            )
        })
        .map_err(|e| format!("not decided by perfect play: {e}"))?;
    let Outcome::Solved(s) = outcome else {
        return Err("not decided by perfect play: over budget".into());
    };
    let black = s.black_score(end.to_move);
    let (b, w) = ((64 + black) / 2, (64 - black) / 2);
    let result = crate::othello::rules::result_of(b as u32, w as u32);
    let outcome = match black.signum() {
        1 => "Black wins",
        -1 => "White wins",
        _ => "a draw",
    };
    let pv: Vec<String> = s.pv.iter().take(12).map(|&m| move_name(m)).collect();
    Ok(Verdict::new(
        result,
        Reason::PerfectPlay,
        plies,
        format!(
            "the game stopped at ply {plies}, not over, {e} empty squares, {} to move; perfect play from there (unfinished=perfect) ends {b}-{w}, {outcome} (exact solver, empties to the winner; best line {}{})",
            player_name(end.to_move),
            pv.join(" "),
            if s.pv.len() > 12 { " …" } else { "" }
        ),
    ))
}
