//! perft: the number of leaf nodes of the legal move tree, the standard test of a move
//! generator. Counts at depth 1 in bulk (the divide and the threads: `core::perft`).

use super::position::Position;
use super::types::MoveList;

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
}
