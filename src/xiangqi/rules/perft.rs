//! perft: the number of leaf nodes of the legal move tree, the standard test of a move
//! generator. Counts at depth 1 in bulk; the root moves can be split over threads.

use super::position::Position;
use super::types::{Move, MoveList};
use rayon::prelude::*;

/// The perft recursion, defined once and compiled twice: plainly, and (on x86-64) with the
/// `popcnt` and BMI instructions, chosen at run time.
macro_rules! perft_recursion {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        fn $name(pos: &mut Position, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            if depth == 1 {
                return pos.count_legal();
            }
            let mut list = MoveList::new();
            pos.legal_moves_mut(&mut list);
            let mut n = 0;
            for &mv in list.iter() {
                let cap = pos.make_raw(mv);
                n += $name(pos, depth - 1);
                pos.unmake_raw(mv, cap);
            }
            n
        }
    };
}

perft_recursion!(perft_plain);

#[cfg(target_arch = "x86_64")]
perft_recursion!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    perft_fast
);

fn perft_rec(pos: &mut Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: the CPU has the features the function was compiled for (checked above).
        return unsafe { perft_fast(pos, depth) };
    }
    perft_plain(pos, depth)
}

impl Position {
    /// The number of leaves at `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        perft_rec(&mut self.clone(), depth)
    }

    /// The count below each legal root move, in move-generation order (`depth` ≥ 1). With
    /// `jobs` > 1 the root moves are shared over that many threads; the counts do not change.
    pub fn perft_divide(&self, depth: u32, jobs: usize) -> Vec<(Move, u64)> {
        let moves = self.legal_moves_vec();
        let below = depth.saturating_sub(1);
        let count = |mv: &Move| {
            let mut p = self.clone();
            p.make_raw(*mv);
            (*mv, perft_rec(&mut p, below))
        };
        if jobs > 1
            && let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()
        {
            return pool.install(|| moves.par_iter().map(count).collect());
        }
        moves.iter().map(count).collect()
    }
}

/// perft with the per-root-move counts: `(total, [("h2e2", 73212), …])`, the root moves
/// sorted by their ICCS text. Depth 0 counts the position itself and has no root moves.
pub fn perft(pos: &Position, depth: u32, divide: bool, jobs: usize) -> (u64, Vec<(String, u64)>) {
    if depth == 0 {
        return (1, Vec::new());
    }
    if !divide && jobs <= 1 {
        return (pos.perft(depth), Vec::new());
    }
    let per_move = pos.perft_divide(depth, jobs);
    let total = per_move.iter().map(|(_, n)| n).sum();
    let lines = if divide {
        let mut v: Vec<(String, u64)> = per_move.into_iter().map(|(m, n)| (m.iccs(), n)).collect();
        v.sort();
        v
    } else {
        Vec::new()
    };
    (total, lines)
}
