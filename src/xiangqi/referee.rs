//! The Xiangqi referee one move at a time: the replayer and judge of `adjudicate` behind the
//! core's [`RefereeOf`], with the banned moves of the repetition rules.

use crate::core::record::GameResult;
use crate::core::referee::{JudgedGame, MoveError};
use crate::core::variant::RefereeOf;
use crate::core::verdict::Verdict;
use crate::xiangqi::Xiangqi;
use crate::xiangqi::judge::XiangqiJudge;
use crate::xiangqi::replay::XiangqiReplayer;
use crate::xiangqi::rules::{Color, Move};

/// The Xiangqi referee, one move at a time: `push` takes ICCS, WXF or Chinese moves and
/// returns the verdict as soon as a rule ends the game (the one `adjudicate` gives for the
/// same moves, at the same ply); [`XiangqiReferee::banned_moves`] lists the moves that would
/// lose by a forbidden repetition now.
pub type XiangqiReferee = RefereeOf<Xiangqi>;

impl RefereeOf<Xiangqi> {
    /// Plays a move already made.
    pub fn push_move(&mut self, mv: Move) -> Result<Option<Verdict>, MoveError> {
        self.push(&mv.iccs())
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        legal(self.judged())
    }

    /// The legal moves that would make the mover the offender of a forbidden repetition now
    /// (as UCCI's `banmoves`).
    pub fn banned_moves(&self) -> Vec<Move> {
        banned(self.judged())
    }

    /// UCCI's `banmoves`, as a GUI computes them: the legal moves that make a position stand
    /// again (its second occurrence or later) where the repetition judge, ruling on the cycle
    /// at once, makes the mover the offender. An engine kept from these never walks into a
    /// lost 长将/长捉 that the opponent's reply would complete. A superset of
    /// [`XiangqiReferee::banned_moves`].
    pub fn ban_moves(&self) -> Vec<Move> {
        ban_moves(self.judged())
    }
}

pub(crate) fn legal(game: &JudgedGame<XiangqiReplayer, XiangqiJudge>) -> Vec<Move> {
    if game.is_over() {
        return Vec::new();
    }
    game.position().legal_moves_vec()
}

/// Each legal move that makes a position stand again is played on a copy of the game whose
/// judge rules at the second occurrence; it is banned when that ruling goes against the mover.
pub(crate) fn ban_moves(game: &JudgedGame<XiangqiReplayer, XiangqiJudge>) -> Vec<Move> {
    let pos = game.position();
    let loses = loser(pos.side_to_move());
    legal(game)
        .into_iter()
        .filter(|&mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            if game.judge_state().occurrences_with(&after) < 2 {
                return false;
            }
            let mut trial = game.clone();
            trial.judge_state_mut().rule_at_occurrence(2);
            matches!(trial.push(&mv.iccs()), Ok(Some(v)) if v.cycle.is_some() && v.result == loses)
        })
        .collect()
}

/// The result of a game that `mover` loses.
fn loser(mover: Color) -> GameResult {
    match mover {
        Color::Red => GameResult::SecondWins,
        Color::Black => GameResult::FirstWins,
    }
}

/// Each legal move that completes a repetition (the position standing for the
/// `repetitions`-th time) is played on a copy of the game, and it is banned when the
/// repetition judge rules that repetition against the mover.
pub(crate) fn banned(game: &JudgedGame<XiangqiReplayer, XiangqiJudge>) -> Vec<Move> {
    let pos = game.position();
    let loses = loser(pos.side_to_move());
    let times = game.judge_state().rules().repetitions as usize;
    legal(game)
        .into_iter()
        .filter(|&mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            if game.judge_state().occurrences_with(&after) < times {
                return false;
            }
            let mut trial = game.clone();
            matches!(trial.push(&mv.iccs()), Ok(Some(v)) if v.cycle.is_some() && v.result == loses)
        })
        .collect()
}
