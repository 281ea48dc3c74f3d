//! Xiangqi (中国象棋): the rules engine, move notations (ICCS, WXF, Chinese), file formats and
//! the board verdicts, glued into the `Game` implementation.

pub mod formats;
pub(crate) mod judge;
pub mod notation;
pub mod referee;
pub mod repetition;
pub(crate) mod replay;
pub(crate) mod rule_set;
pub mod rules;
pub(crate) mod show;
pub(crate) mod svg;
#[cfg(test)]
mod tests;

use crate::core::error::{RecordError, Warning};
use crate::core::game::PerftError;
use crate::core::perft::PerftTree;
use crate::core::record::{GameKind, Record};
use crate::core::referee::{JudgedGame, JudgedReplay};
use crate::core::rules::Rules;
use crate::core::variant::Variant;
use crate::core::verdict::Verdict;

/// The Xiangqi game, as the core sees it.
pub struct Xiangqi;

impl PerftTree for rules::Position {
    type Move = rules::Move;
    const DIVIDE_BY_TEXT: bool = true;

    fn start() -> rules::Position {
        rules::Position::start()
    }

    fn from_text(fen: &str) -> Result<rules::Position, PerftError> {
        rules::Position::from_fen(fen).map_err(|e| PerftError::BadPosition {
            message: format!("bad FEN: {e}"),
            at: None,
        })
    }

    fn root_moves(&self) -> Vec<rules::Move> {
        self.legal_moves_vec()
    }

    fn leaves_after(&self, mv: rules::Move, depth: u32) -> u64 {
        let mut next = self.clone();
        next.make_raw(mv);
        next.perft(depth)
    }

    fn leaves(&self, depth: u32) -> u64 {
        self.perft(depth)
    }

    fn move_text(&self, mv: rules::Move) -> String {
        mv.iccs()
    }
}

/// Xiangqi as types: the record check and the move-by-move referee of `core::variant`.
impl Variant for Xiangqi {
    const GAME: GameKind = GameKind::Xiangqi;
    type Rules = rule_set::XiangqiRules;
    type Replayer = replay::XiangqiReplayer;
    type Judge = judge::XiangqiJudge;

    fn explain_remarks(record: &Record, rules: &Rules, verdict: &Verdict) -> Vec<String> {
        replay::edition_remarks(record, rules, verdict)
    }

    fn target_mark(target: &str) -> Option<String> {
        svg::target_mark(target)
    }

    /// A composed position is refereed as `adjudicate` judges it (refused only where the rules
    /// cannot apply, or under the rule `setup=strict`).
    fn start_position(
        rules: &Self::Rules,
        fen: Option<&str>,
    ) -> Result<rules::Position, RecordError> {
        match fen {
            None => Ok(rules::Position::start()),
            Some(f) if rules.strict_setup => {
                rules::Position::from_fen(f).map_err(|e| e.to_record_error())
            }
            Some(f) => rules::Position::from_fen_composed(f).map_err(|e| e.to_record_error()),
        }
    }

    fn replayer(_rules: &Self::Rules) -> Self::Replayer {
        replay::XiangqiReplayer
    }

    fn judge(rules: &Self::Rules, plies: usize) -> Self::Judge {
        judge::XiangqiJudge::with_capacity(rules.board, plies)
    }

    fn position_text(pos: &rules::Position) -> String {
        pos.to_fen()
    }

    /// The placement and the side to move: the same position with other move counters is the
    /// same start.
    fn start_key(fen: &str) -> &str {
        let end = fen.match_indices(' ').nth(1).map_or(fen.len(), |(i, _)| i);
        fen.get(..end).unwrap_or(fen)
    }

    fn legal_moves(game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        referee::legal(game).into_iter().map(|m| m.iccs()).collect()
    }

    fn banned_moves(game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        referee::banned(game)
            .into_iter()
            .map(|m| m.iccs())
            .collect()
    }

    fn ban_moves(game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        referee::ban_moves(game)
            .into_iter()
            .map(|m| m.iccs())
            .collect()
    }

    fn setup_warnings(record: &Record, rules: &Self::Rules) -> Result<Vec<Warning>, RecordError> {
        replay::setup_warnings(record, rules)
    }

    fn verdict(
        record: &Record,
        judged: &JudgedReplay<rules::Position, rules::Move>,
        _rules: &Self::Rules,
    ) -> Verdict {
        judge::verdict(record, judged)
    }
}
