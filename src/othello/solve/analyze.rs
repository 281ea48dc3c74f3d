//! Where a game was lost: every move from the first position with at most N empties on, with
//! the perfect-play score before and after it (the mover's final disc difference) and what it
//! lost; the decisive mistake is the first that changed the result for its player (else the
//! costliest).

use super::{Outcome, SolveError, SolveOptions, Table, solve};
use crate::core::record::Player;
use crate::othello::rules::{Board, Move};

/// One move of the game, judged by perfect play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveJudged {
    /// The ply (1-based) of the move in the game.
    pub ply: usize,
    pub mover: Player,
    pub mv: Move,
    /// The mover's final disc difference under perfect play before the move …
    pub before: i32,
    /// … and after it.
    pub after: i32,
    /// A best move of the position (none for a pass).
    pub best: Option<u8>,
}

impl MoveJudged {
    /// The disc difference the move gave away (0 for a best move).
    pub fn lost(&self) -> i32 {
        self.before - self.after
    }
}

/// The moves of `start` + `moves` from the first position with at most `from_empties`
/// empties, judged; `Ok(None)` when a position was not solved within the budget.
pub fn judge_moves(
    start: &Board,
    moves: &[Move],
    from_empties: u32,
    tt: &Table,
    opts: &SolveOptions,
) -> Result<Option<Vec<MoveJudged>>, SolveError> {
    let opts = SolveOptions {
        all_best: false,
        ..*opts
    };
    // The positions before each move, and the one after the last.
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut b = *start;
    boards.push(b);
    for &mv in moves {
        b.play(mv);
        boards.push(b);
    }
    let Some(first) = boards.iter().position(|b| b.empties() <= from_empties) else {
        return Ok(Some(Vec::new()));
    };
    // The score of each position for its side to move, and a best move.
    let mut scores = Vec::new();
    for b in &boards[first..] {
        match solve(b, tt, &opts)? {
            Outcome::Solved(s) => scores.push((s.score, s.best_moves.first().copied())),
            Outcome::OverBudget { .. } => return Ok(None),
        }
    }
    let mut out = Vec::new();
    for (i, &mv) in moves.iter().enumerate().skip(first) {
        let k = i - first;
        let (before, best) = scores[k];
        // The position after has the other side to move (a pass included).
        let after = -scores[k + 1].0;
        out.push(MoveJudged {
            ply: i + 1,
            mover: boards[i].to_move,
            mv,
            before,
            after,
            best: if mv == Move::Pass { None } else { best },
        });
    }
    Ok(Some(out))
}

/// The decisive mistake: the first move that turned its player's win into a draw or loss,
/// or a draw into a loss; else the move that lost the most (none when every move was best).
pub fn decisive(judged: &[MoveJudged]) -> Option<&MoveJudged> {
    judged
        .iter()
        .find(|m| m.after.signum() < m.before.signum())
        .or_else(|| {
            judged
                .iter()
                .filter(|m| m.lost() > 0)
                .max_by_key(|m| m.lost())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_of_a_short_ending() {
        // A random game to its end: before of each move = −after of the previous … and no
        // move gains on perfect play.
        let mut b = Board::start();
        let mut moves = Vec::new();
        let mut seed = 99u64;
        while !b.is_over() {
            let legal = b.legal();
            let mv = if legal == 0 {
                Move::Pass
            } else {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (seed >> 33) % u64::from(legal.count_ones());
                Move::Place(
                    crate::othello::rules::squares(legal)
                        .nth(k as usize)
                        .unwrap_or(0),
                )
            };
            b.play(mv);
            moves.push(mv);
        }
        let tt = Table::new(4);
        let Ok(Some(j)) = judge_moves(&Board::start(), &moves, 10, &tt, &SolveOptions::default())
        else {
            return; // the CPU lacks the solver's instructions
        };
        assert!(!j.is_empty());
        for w in j.windows(2) {
            assert!(w[0].lost() >= 0);
            if w[0].mover != w[1].mover {
                assert_eq!(w[1].before, -w[0].after);
            } else {
                assert_eq!(w[1].before, w[0].after);
            }
        }
        // The last move ends the game: its "after" is the final score for its player.
        let last = j.last().map(|m| m.after);
        let (p, o) = match j.last().map(|m| m.mover) {
            Some(Player::First) => (b.black, b.white),
            _ => (b.white, b.black),
        };
        assert_eq!(last, Some(super::super::last::final_score(p, o)));
    }
}
