//! Perft, "mode 1": a pass is a ply, and a game that ends before the full depth counts as one
//! leaf. The last ply is counted in bulk: a node one ply from the leaves has
//! `max(popcount(legal moves), 1)` leaves (no move means one pass or one finished game).

use super::{Board, Move, flips, legal_moves, squares};

/// The perft recursion, defined once and compiled four times: plainly, with the
/// `popcnt`/`lzcnt` instructions, with AVX2 kernels and with the AVX-512 flips (on x86-64),
/// chosen at run time.
macro_rules! perft_recursion {
    ($(#[$attr:meta])* $name:ident, $moves:path, $flips:path) => {
        $(#[$attr])*
        fn $name(p: u64, o: u64, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = $moves(p, o);
            if depth == 1 {
                return u64::from(moves.count_ones().max(1));
            }
            if moves == 0 {
                if $moves(o, p) == 0 {
                    return 1; // the game is over: one leaf
                }
                return $name(o, p, depth - 1); // a forced pass
            }
            let mut total = 0;
            if depth == 2 {
                for sq in squares(moves) {
                    let f = $flips(sq as usize, p, o);
                    let (np, no) = (p | f | (1u64 << sq), o & !f);
                    total += u64::from($moves(no, np).count_ones().max(1));
                }
                return total;
            }
            for sq in squares(moves) {
                let f = $flips(sq as usize, p, o);
                total += $name(o & !f, p | f | (1u64 << sq), depth - 1);
            }
            total
        }
    };
}

perft_recursion!(perft_plain, legal_moves, flips);

#[cfg(target_arch = "x86_64")]
perft_recursion!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    perft_popcnt,
    legal_moves,
    flips
);

#[cfg(target_arch = "x86_64")]
perft_recursion!(
    #[target_feature(enable = "avx2,popcnt,lzcnt,bmi1")]
    perft_avx2,
    super::simd::legal_moves,
    super::simd::flips
);

#[cfg(target_arch = "x86_64")]
perft_recursion!(
    #[target_feature(enable = "avx2,avx512f,avx512cd,avx512vl,popcnt,lzcnt,bmi1")]
    perft_avx512,
    super::simd::legal_moves,
    super::simd::flips_avx512
);

/// Leaves below the position `(p, o)` (mover, opponent) at `depth`.
pub(crate) fn perft_sides(p: u64, o: u64, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
    {
        if super::has_avx512() {
            // SAFETY: the CPU has the features the function was compiled for (checked above).
            return unsafe { perft_avx512(p, o, depth) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: as above.
            return unsafe { perft_avx2(p, o, depth) };
        }
        // SAFETY: as above.
        return unsafe { perft_popcnt(p, o, depth) };
    }
    perft_plain(p, o, depth)
}

/// The root moves of a position: its legal placements, or one pass, or none when it is over.
pub(crate) fn root_moves(board: &Board) -> Vec<Move> {
    let moves = board.legal();
    if moves != 0 {
        squares(moves).map(Move::Place).collect()
    } else if board.opponent_can_move() {
        vec![Move::Pass]
    } else {
        Vec::new()
    }
}

/// Perft of a board.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let (p, o) = board.sides();
    perft_sides(p, o, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain recursive count with no bulk counting, to check the fast one.
    fn slow(b: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let roots = root_moves(b);
        if roots.is_empty() {
            return 1;
        }
        roots
            .iter()
            .map(|m| {
                let mut c = *b;
                c.play(*m);
                slow(&c, depth - 1)
            })
            .sum()
    }

    #[test]
    fn bulk_counting_agrees_with_a_plain_count() {
        let b = Board::start();
        for d in 0..=6 {
            assert_eq!(perft(&b, d), slow(&b, d), "depth {d}");
        }
    }

    #[test]
    fn known_counts_to_depth_7() {
        let expect = [1u64, 4, 12, 56, 244, 1396, 8200, 55092];
        for (d, &n) in expect.iter().enumerate() {
            assert_eq!(perft(&Board::start(), d as u32), n, "depth {d}");
        }
    }

    #[test]
    fn passes_and_finished_games_are_counted() {
        // Only black discs: neither side can move, the game is over: one leaf at any depth.
        let over = Board {
            black: 1 | 2,
            white: 0,
            to_move: crate::core::record::Player::First,
        };
        assert!(over.is_over());
        assert_eq!(perft(&over, 3), 1);
        // Black a1, White b1 c1: Black's only move d1 takes every white disc, so the game
        // ends after one ply.
        let b = Board {
            black: 1,
            white: 2 | 4,
            to_move: crate::core::record::Player::First,
        };
        assert_eq!(perft(&b, 1), 1);
        assert_eq!(perft(&b, 5), 1);
        assert_eq!(perft(&b, 5), slow(&b, 5));
        let query = crate::core::game::PerftQuery {
            depth: 4,
            divide: true,
            jobs: 2,
        };
        assert_eq!(crate::core::perft::perft(&b, query).total, slow(&b, 4));
    }
}
