//! Junqi Fanfanqi (军棋翻翻棋): the `Game` implementation. The engine is in [`rules`], the
//! action text and position notation in [`notation`], the `.jqr` format in [`formats`], the
//! replay in [`replay`], the verdicts in [`judge`], the move-by-move referee in [`referee`].

pub(crate) mod formats;
pub(crate) mod judge;
pub mod notation;
pub mod replay;
pub(crate) mod rule_set;
pub mod rules;
pub(crate) mod show;
pub(crate) mod svg;
#[cfg(test)]
mod tests;

use crate::core::error::RecordError;
use crate::core::game::PerftError;
use crate::core::perft::PerftTree;
use crate::core::record::GameKind;
use crate::core::record::Record;
use crate::core::referee::{JudgedGame, JudgedReplay};
use crate::core::replay::Replay;
use crate::core::rules::Rules;
use crate::core::variant::{RecordNotes, Variant};
use crate::core::verdict::Verdict;
use notation::action::action_text;
use notation::position::{STANDARD_TEST_LAYOUT, parse_layout, parse_position};
use rules::Params;
use std::borrow::Cow;

pub struct Junqi;

/// The start position perft uses when none is given: the standard test layout, all face down.
pub(crate) fn standard_test_position() -> rules::Position {
    parse_layout(STANDARD_TEST_LAYOUT).unwrap_or_else(|_| rules::Position::empty())
}

/// The movement parameters perft counts under: the default rules (`standard`), built once.
fn perft_params() -> &'static Params {
    static STANDARD: std::sync::LazyLock<Params> = std::sync::LazyLock::new(Params::default);
    &STANDARD
}

/// perft counts a position's actions under the default rules (`standard`).
impl PerftTree for rules::Position {
    type Move = rules::Action;

    /// The standard test layout, all face down.
    fn start() -> rules::Position {
        standard_test_position()
    }

    fn from_text(text: &str) -> Result<rules::Position, PerftError> {
        parse_position(text).map_err(|e| PerftError::BadPosition {
            message: format!("bad Junqi position at byte {}: {}", e.start, e.message),
            at: Some(e.start),
        })
    }

    fn root_moves(&self) -> Vec<rules::Action> {
        self.legal_actions(perft_params())
    }

    fn leaves_after(&self, action: rules::Action, depth: u32) -> u64 {
        let mut next = self.clone();
        next.apply(action, perft_params());
        rules::perft::perft(&next, depth, perft_params())
    }

    fn leaves(&self, depth: u32) -> u64 {
        rules::perft::perft(self, depth, perft_params())
    }

    fn move_text(&self, action: rules::Action) -> String {
        action_text(self, action, true)
    }
}

/// Junqi as types: the record check and the move-by-move referee of `core::variant`.
impl Variant for Junqi {
    const GAME: GameKind = GameKind::Junqi;
    type Rules = Params;
    type Replayer = replay::JunqiReplayer;
    type Judge = judge::JunqiJudge;

    /// A position (the text of a `[Position]` tag), or 50 unknown face-down pieces.
    fn start_position(
        _rules: &Params,
        position: Option<&str>,
    ) -> Result<rules::Position, RecordError> {
        match position {
            None => Ok(replay::unknown_start()),
            Some(text) => replay::start_from_text(text, false),
        }
    }
    /// Its board rules end the game (a flag taken, the step limits): an action after the end
    /// is invalid, so validation replays through the judge too.
    const JUDGE_TO_VALIDATE: bool = true;

    fn replayer(params: &Params) -> Self::Replayer {
        replay::JunqiReplayer {
            params: params.clone(),
        }
    }

    fn judge(params: &Params, _plies: usize) -> Self::Judge {
        judge::JunqiJudge::new(params.clone())
    }

    fn position_text(pos: &rules::Position) -> String {
        notation::position::format_position(pos)
    }

    fn legal_moves(game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        let pos = game.position();
        pos.legal_actions(&game.replayer().params)
            .into_iter()
            .map(|a| action_text(pos, a, true))
            .collect()
    }

    /// The run's rules with the record's `[Rules]` tag over the keys the command line left.
    fn record_rules<'r>(
        record: &Record,
        rules: &Rules,
        params: &'r Params,
    ) -> Result<Cow<'r, Params>, RecordError> {
        Ok(match replay::effective_rules(record, rules)? {
            Cow::Borrowed(_) => Cow::Borrowed(params),
            Cow::Owned(tagged) => Cow::Owned(tagged.typed::<Params>()),
        })
    }

    fn record_notes(
        record: &Record,
        replay: &Replay<rules::Position, rules::Action>,
        params: &Params,
    ) -> RecordNotes {
        judge::record_notes(record, replay.plies(), params)
    }

    fn verdict(
        record: &Record,
        judged: &JudgedReplay<rules::Position, rules::Action>,
        params: &Params,
    ) -> Verdict {
        judge::verdict(record, judged, params)
    }
}
