//! The WTHOR theoretical score: Black's discs at the end of the game had both sides played
//! perfectly from the position with `depth` empty squares (the header's depth byte; 24 in the
//! federation's files), the empty squares of a finished game going to the winner. A game that
//! ends before it has that few empties has its real final score; a game stopped (not over)
//! before it has none to compute.

use crate::core::record::Player;
use crate::othello::rules::{Board, Move};

/// Where a game's theoretical score comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TheoryPosition {
    /// The first position of the game with at most `depth` empties: solve it.
    Solve(Board),
    /// The game ended (neither side could move) before: Black's discs at its end.
    Ended(u8),
    /// The game stopped, not over, before reaching `depth` empties.
    Stopped,
}

/// Black's discs under the WOF rule when Black's final disc difference is `black_diff`.
pub(crate) fn black_discs(black_diff: i32) -> u8 {
    ((64 + black_diff.clamp(-64, 64)) / 2) as u8
}

/// The disc difference for `to_move` when Black ends with `discs` (the inverse of
/// [`black_discs`]: a WTHOR byte as a score from the side to move).
pub(crate) fn to_move_diff(discs: u8, to_move: Player) -> i32 {
    let black = 2 * i32::from(discs) - 64;
    match to_move {
        Player::First => black,
        Player::Second => -black,
    }
}

/// Black's final disc difference of a finished board (empties to the winner).
fn final_black_diff(b: &Board) -> i32 {
    let (p, o) = (b.black, b.white);
    super::last::final_score(p, o)
}

/// The position whose perfect play gives the theoretical score of the game `start` +
/// `moves` (passes included or not: a pass changes no square).
pub(crate) fn theory_position(start: &Board, moves: &[Move], depth: u32) -> TheoryPosition {
    let mut b = *start;
    if b.empties() <= depth {
        return TheoryPosition::Solve(b);
    }
    for &mv in moves {
        b.play(mv);
        if b.empties() <= depth {
            return TheoryPosition::Solve(b);
        }
    }
    if b.is_over() {
        TheoryPosition::Ended(black_discs(final_black_diff(&b)))
    } else {
        TheoryPosition::Stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discs_and_positions() {
        assert_eq!(black_discs(0), 32);
        assert_eq!(black_discs(64), 64);
        assert_eq!(black_discs(-10), 27);
        assert_eq!(to_move_diff(27, Player::First), -10);
        assert_eq!(to_move_diff(27, Player::Second), 10);
        let start = Board::start();
        assert_eq!(theory_position(&start, &[], 24), TheoryPosition::Stopped);
        assert_eq!(
            theory_position(&start, &[], 60),
            TheoryPosition::Solve(start)
        );
        let mut after = start;
        after.play(Move::Place(37)); // f5
        assert_eq!(
            theory_position(&start, &[Move::Place(37)], 59),
            TheoryPosition::Solve(after)
        );
    }
}
