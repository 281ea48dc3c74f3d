//! Where a game was lost: every move from the first position with at most N empties on, with
//! the perfect-play score before and after it (the mover's final disc difference), what it
//! lost and every best move; the decisive mistake is the last move of the side that loses
//! that turned its draw or win into a loss ([`where_lost`]; docs/games/othello.md says why).

use super::{Outcome, SolveError, SolveOptions, Table, solve};
use crate::core::record::Player;
use crate::othello::notation::{move_name, player_name, square_name};
use crate::othello::rules::{Board, Move};

/// One move of the game, judged by perfect play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveJudged {
    /// The ply (1-based) of the move in the game.
    pub ply: usize,
    pub mover: Player,
    pub mv: Move,
    /// The mover's final disc difference under perfect play before the move …
    pub before: i32,
    /// … and after it.
    pub after: i32,
    /// Every best move of the position, sorted (none for a pass).
    pub best: Vec<u8>,
}

impl MoveJudged {
    /// The disc difference the move gave away (0 for a best move).
    pub(crate) fn lost(&self) -> i32 {
        self.before - self.after
    }

    /// Whether the move changed its mover's result under perfect play: a win to a draw or a
    /// loss, a draw to a loss.
    pub(crate) fn changes_result(&self) -> bool {
        crate::core::analysis::result_change(self.before, self.after).is_some()
    }
}

/// The moves of `start` + `moves` from the first position with at most `from_empties`
/// empties, judged; `Ok(None)` when a position was not solved within the budget.
pub(crate) fn judge_moves(
    start: &Board,
    moves: &[Move],
    from_empties: u32,
    tt: &Table,
    opts: &SolveOptions,
) -> Result<Option<Vec<MoveJudged>>, SolveError> {
    let opts = SolveOptions {
        all_best: true,
        ..*opts
    };
    let boards = boards_along(start, moves);
    let Some(first) = boards.iter().position(|b| b.empties() <= from_empties) else {
        return Ok(Some(Vec::new()));
    };
    // The score of each position for its side to move, and a best move.
    let mut scores = Vec::new();
    for b in &boards[first..] {
        match solve(b, tt, &opts)? {
            Outcome::Solved(s) => scores.push((s.score, s.best_moves)),
            Outcome::OverBudget { .. } => return Ok(None),
        }
    }
    let mut out = Vec::new();
    for (i, &mv) in moves.iter().enumerate().skip(first) {
        let k = i - first;
        let (before, best) = &scores[k];
        // The position after has the other side to move (a pass included).
        let after = -scores[k + 1].0;
        out.push(MoveJudged {
            ply: i + 1,
            mover: boards[i].to_move,
            mv,
            before: *before,
            after,
            best: if mv == Move::Pass {
                Vec::new()
            } else {
                best.clone()
            },
        });
    }
    Ok(Some(out))
}

/// Where the game was lost, by the moves judged ([`where_lost`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WhereLost<'a> {
    /// The side that loses under perfect play from the position after the last move judged
    /// (for a game played to its end: the side that lost it); `None` for a draw.
    pub loser: Option<Player>,
    /// The decisive mistake: the last move of the loser that turned its result from a draw
    /// or a win into a loss.
    pub decisive: Option<&'a MoveJudged>,
    /// The loser was already lost before the first move judged (no decisive move among them).
    pub lost_before: bool,
    /// Every move that changed its mover's result, in order.
    pub changes: Vec<&'a MoveJudged>,
}

/// Where the game was lost: the loser (by the last move judged, which is the game's last when
/// any is judged), its decisive mistake, and every result-changing move. A move of the
/// winner never lowers the loser's score, so the loser's score becomes a loss only by its own
/// moves: the decisive mistake exists exactly when the loser was not lost at the first move
/// judged.
pub(crate) fn where_lost(judged: &[MoveJudged]) -> WhereLost<'_> {
    let changes: Vec<&MoveJudged> = judged.iter().filter(|m| m.changes_result()).collect();
    let loser = judged.last().and_then(|m| match m.after.signum() {
        -1 => Some(m.mover),
        1 => Some(m.mover.other()),
        _ => None,
    });
    let Some(loser) = loser else {
        return WhereLost {
            loser: None,
            decisive: None,
            lost_before: false,
            changes,
        };
    };
    let decisive = judged
        .iter()
        .rev()
        .find(|m| m.mover == loser && m.before >= 0 && m.after < 0);
    // The loser's score at the first move judged.
    let first = judged.first().map_or(0, |m| {
        if m.mover == loser {
            m.before
        } else {
            -m.before
        }
    });
    WhereLost {
        loser: Some(loser),
        decisive,
        lost_before: decisive.is_none() && first < 0,
        changes,
    }
}

use crate::core::analysis::signed;

/// "move 46, d7 (White): 0 → −6, best was g7" (move = ply; scores for the mover; the best
/// moves named only when the move played was not one).
pub(crate) fn describe(m: &MoveJudged) -> String {
    let best = if m.lost() > 0 && !m.best.is_empty() {
        let names: Vec<String> = m.best.iter().map(|&b| square_name(b)).collect();
        format!(", best was {}", or_list(&names))
    } else {
        String::new()
    };
    format!(
        "move {}, {} ({}): {} → {}{best}",
        m.ply,
        move_name(m.mv),
        player_name(m.mover),
        signed(m.before),
        signed(m.after)
    )
}

/// "g7", "b8 or g7", "a1, b8 or g7".
fn or_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The moves judged within a node budget ([`judge_moves_within`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JudgedWithin {
    /// The moves judged: the last ones of the game, from `first_ply` on.
    pub moves: Vec<MoveJudged>,
    /// The ply of the first move asked for (the move played from the first position with at
    /// most the empties asked), `None` when no position of the game has so few.
    pub first_ply: Option<usize>,
    /// Whether the budget ran out before every move asked for was judged.
    pub over_budget: bool,
    pub nodes: u64,
}

/// [`judge_moves`] within `node_budget` nodes for the whole game: the positions are solved
/// from the last one back (the cheapest first, and each fills the table for the one before),
/// so that a spent budget still leaves the moves nearest the end judged.
/// The positions before each move, and the one after the last.
fn boards_along(start: &Board, moves: &[Move]) -> Vec<Board> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut b = *start;
    boards.push(b);
    for &mv in moves {
        b.play(mv);
        boards.push(b);
    }
    boards
}

pub(crate) fn judge_moves_within(
    start: &Board,
    moves: &[Move],
    from_empties: u32,
    tt: &Table,
    node_budget: u64,
) -> Result<JudgedWithin, SolveError> {
    let boards = boards_along(start, moves);
    let first = boards
        .iter()
        .take(moves.len())
        .position(|b| b.empties() <= from_empties);
    let mut out = JudgedWithin {
        moves: Vec::new(),
        first_ply: first.map(|f| f + 1),
        over_budget: false,
        nodes: 0,
    };
    let Some(first) = first else {
        return Ok(out);
    };
    // scores[k]: the score of boards[first + k] for its side to move, and its best moves.
    let mut scores: Vec<Option<(i32, Vec<u8>)>> = vec![None; boards.len() - first];
    for k in (0..scores.len()).rev() {
        let left = node_budget.saturating_sub(out.nodes);
        let opts = SolveOptions {
            node_limit: left,
            time_limit: None,
            all_best: true,
            ..SolveOptions::default()
        };
        match solve(&boards[first + k], tt, &opts)? {
            Outcome::Solved(s) => {
                out.nodes += s.nodes;
                scores[k] = Some((s.score, s.best_moves));
            }
            Outcome::OverBudget { nodes, .. } => {
                out.nodes += nodes;
                out.over_budget = true;
                break;
            }
        }
    }
    for (i, &mv) in moves.iter().enumerate().skip(first) {
        let k = i - first;
        let (Some((before, best)), Some((next, _))) = (&scores[k], &scores[k + 1]) else {
            continue;
        };
        out.moves.push(MoveJudged {
            ply: i + 1,
            mover: boards[i].to_move,
            mv,
            before: *before,
            after: -next,
            best: if mv == Move::Pass {
                Vec::new()
            } else {
                best.clone()
            },
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves with these (mover, before, after) from ply 1, Black first.
    fn judged(scores: &[(i32, i32)]) -> Vec<MoveJudged> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &(before, after))| MoveJudged {
                ply: i + 1,
                mover: if i % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                },
                mv: Move::Place(0),
                before,
                after,
                best: vec![1],
            })
            .collect()
    }

    #[test]
    fn the_decisive_mistake_is_the_losers_last_drop_into_a_loss() {
        let plies = |w: &WhereLost<'_>| -> Vec<usize> { w.changes.iter().map(|m| m.ply).collect() };
        // White: win → draw at ply 2, draw → loss at ply 4; Black wins.
        let j = judged(&[(-4, -4), (4, 0), (0, 0), (0, -6), (6, 6)]);
        let w = where_lost(&j);
        assert_eq!(w.loser, Some(Player::Second));
        assert_eq!(w.decisive.map(|m| m.ply), Some(4));
        assert_eq!(plies(&w), vec![2, 4]);
        assert!(!w.lost_before);
        // Black throws its win away (ply 1), White hands it back (ply 2), Black loses it again
        // (ply 3): the last drop is the decisive one; White's slip changed its result too.
        let j = judged(&[(2, -2), (2, -4), (4, -2), (2, 2)]);
        let w = where_lost(&j);
        assert_eq!(w.loser, Some(Player::First));
        assert_eq!(w.decisive.map(|m| m.ply), Some(3));
        assert_eq!(plies(&w), vec![1, 2, 3]);
        // The winner's own slips (win → win) change nothing; the loser was lost from the
        // start: no move named, lost before.
        let j = judged(&[(-8, -10), (10, 4), (-4, -4)]);
        let w = where_lost(&j);
        assert_eq!(w.loser, Some(Player::First));
        assert_eq!(w.decisive, None);
        assert!(w.lost_before);
        assert!(w.changes.is_empty());
        // A draw at the end: no loser, no decisive move, the result change still listed.
        let j = judged(&[(2, 0), (0, 0)]);
        let w = where_lost(&j);
        assert_eq!((w.loser, w.decisive, w.lost_before), (None, None, false));
        assert_eq!(plies(&w), vec![1]);
        // Nothing judged.
        let w = where_lost(&[]);
        assert_eq!((w.loser, w.decisive, w.changes.len()), (None, None, 0));
    }

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
