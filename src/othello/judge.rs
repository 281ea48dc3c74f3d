//! Othello verdicts: the game is over when neither side can move; the side with more discs
//! wins, and under the World Othello Federation rule (`empties=winner`, the default) the
//! empty squares go to the winner. Otherwise the record's own ending (a GGF resignation or
//! timeout flag, a stated score) decides through the core's `decide`.

use crate::core::record::{GameResult, MoveEntry, Record};
use crate::core::referee::JudgedReplay;
use crate::core::referee::{Judge, Judgement};
use crate::core::verdict::{Reason, Verdict, decide};
use crate::othello::notation::{player_name, square_name, stated_score};
use crate::othello::rule_set::{Empties, OthelloRules};
use crate::othello::rules::{Board, Move, result_of, score, squares};

fn describe_score(board: &Board, empties: Empties) -> String {
    let (b, w) = board.counts();
    let e = board.empties();
    let (sb, sw) = score(board, empties);
    let rule = match (empties, e) {
        (Empties::Winner, 0) => ", no empty square (empties=winner, WOF rule)".to_string(),
        (Empties::None, 0) => ", no empty square (empties=none)".to_string(),
        (Empties::Winner, _) => format!(
            ", {e} empty square{} to the winner (empties=winner, WOF rule)",
            if e == 1 { "" } else { "s" }
        ),
        (Empties::None, _) => format!(", {e} empty squares not counted (empties=none)"),
    };
    let outcome = match result_of(sb, sw) {
        GameResult::FirstWins => "Black wins".to_string(),
        GameResult::SecondWins => "White wins".to_string(),
        _ => "a draw".to_string(),
    };
    format!("Black {b}, White {w}{rule}: {sb}-{sw}, {outcome}")
}

/// The Othello board rule, judged one move at a time (see [`crate::core::referee`]): the game
/// is over when neither side can move, and the score decides.
#[derive(Debug, Clone, Copy)]
pub struct OthelloJudge {
    pub empties: Empties,
}

impl OthelloJudge {
    fn game_over(&self, board: &Board, ply: usize) -> Option<Verdict> {
        board.is_over().then(|| {
            let (sb, sw) = score(board, self.empties);
            Verdict::new(
                result_of(sb, sw),
                Reason::GameOver,
                ply,
                format!(
                    "neither side can move after ply {ply}: {}",
                    describe_score(board, self.empties)
                ),
            )
        })
    }
}

impl Judge for OthelloJudge {
    type Position = Board;
    type Move = Move;

    fn start(&mut self, start: &Board) -> Option<Verdict> {
        self.game_over(start, 0)
    }

    /// Only a position without a move for either side ends the game: when another move of
    /// the record follows, it cannot be one.
    fn judge(
        &mut self,
        after: &Board,
        _: Move,
        _: Option<&MoveEntry>,
        ply: usize,
        followed: bool,
    ) -> Judgement {
        if followed {
            return Judgement::Continues;
        }
        match self.game_over(after, ply) {
            Some(v) => Judgement::Ends(v),
            None => Judgement::Continues,
        }
    }
}

/// The verdict on a valid record: the board verdict of its judged replay, then its events and
/// claim; an unfinished game with nothing else deciding it by perfect play when the rules ask.
pub(crate) fn verdict(
    record: &Record,
    judged: &JudgedReplay<Board, Move>,
    rules: &OthelloRules,
) -> Verdict {
    let board = judged.board.clone();
    let (end, plies) = (&judged.replay.end, judged.replay.plies());
    let claim = record.claim.as_ref();
    let mut v = decide(
        board.clone(),
        plies,
        &record.events,
        claim,
        &|_| true,
        &player_name,
    );
    // An unfinished game, with nothing else deciding it: perfect play, when asked for.
    if board.is_none() && v.reason == Reason::Unfinished && rules.unfinished_by_perfect_play {
        match crate::othello::solve::perfect_verdict(end, plies, rules.perfect_empties) {
            Ok(perfect) => {
                return decide(
                    Some(perfect),
                    plies,
                    &record.events,
                    claim,
                    &|_| true,
                    &player_name,
                );
            }
            Err(why) => v.detail = format!("{}; {why}", v.detail),
        }
    }
    // A game that stopped early with a stated score (WTHOR adjudicated games).
    if let (None, Some(c), Some((sb, sw))) = (&board, claim, stated_score(record))
        && c.termination.is_none()
        && v.result == c.result
        && v.reason != Reason::Unfinished
    {
        let (b, w) = end.counts();
        v.detail = format!(
            "the game stopped at ply {plies} with Black {b}, White {w} and {} empty squares, \
             not over; the record's score {sb}-{sw} gives {}, not decided on the board",
            end.empties(),
            c.result
        );
    }
    v
}

/// The legal moves of a position: its squares, or `pass` when the side to move must pass
/// (none when the game is over).
pub fn legal_move_names(board: &Board) -> Vec<String> {
    if board.must_pass() {
        return vec!["pass".to_string()];
    }
    squares(board.legal()).map(square_name).collect()
}

/// A note when a finished game's stated score differs from the board's.
pub(crate) fn score_mismatch(record: &Record, end: &Board, rules: &OthelloRules) -> Option<String> {
    if !end.is_over() {
        return None;
    }
    let stated = stated_score(record)?;
    let computed = score(end, rules.empties);
    (stated != computed).then(|| {
        format!(
            "the record's score {}-{} differs from the board's {}-{}",
            stated.0, stated.1, computed.0, computed.1
        )
    })
}
