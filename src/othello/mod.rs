//! Othello (黑白棋): bitboard rules, notation, transcript / GGF / WTHOR formats, verdicts.

// RecordError is the core's error type, returned by value throughout the core's API.
#![allow(clippy::result_large_err)]

pub mod formats;
pub(crate) mod judge;
pub mod notation;
pub mod replay;
pub mod rule_set;
pub mod rules;
pub(crate) mod show;
pub mod solve;
pub(crate) mod svg;

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::game::{Analysis, PerftError};
use crate::core::perft::PerftTree;
use crate::core::record::{GameKind, Record};
use crate::core::referee::{JudgedGame, JudgedReplay};
use crate::core::replay::Replay;
use crate::core::rules::Rules;
use crate::core::variant::{RecordNotes, Variant};
use crate::core::verdict::Verdict;

pub struct Othello;

impl PerftTree for rules::Board {
    type Move = rules::Move;

    fn start() -> rules::Board {
        rules::Board::start()
    }

    fn from_text(text: &str) -> Result<rules::Board, PerftError> {
        notation::parse_board(text).map_err(|e| PerftError::BadPosition {
            message: e.to_string(),
            at: None,
        })
    }

    fn root_moves(&self) -> Vec<rules::Move> {
        rules::perft::root_moves(self)
    }

    fn leaves_after(&self, mv: rules::Move, depth: u32) -> u64 {
        let mut next = *self;
        next.play(mv);
        rules::perft::perft(&next, depth)
    }

    fn leaves(&self, depth: u32) -> u64 {
        rules::perft::perft(self, depth)
    }

    fn move_text(&self, mv: rules::Move) -> String {
        notation::move_name(mv)
    }
}

/// Othello as types: the record check and the move-by-move referee of `core::variant`.
impl Variant for Othello {
    const GAME: GameKind = GameKind::Othello;
    type Rules = rule_set::OthelloRules;
    type Replayer = replay::OthelloReplayer;
    type Judge = judge::OthelloJudge;

    /// Where the game was lost: perfect play over its last `analysis-empties` empty squares.
    fn analysis(record: &Record, rules: &Rules) -> Option<Analysis> {
        let n = u32::try_from(rules.typed::<rule_set::OthelloRules>().analysis_empties)
            .unwrap_or(u32::MAX);
        solve::lost::analyse_record(record, n)
    }

    fn explain_remarks(record: &Record, rules: &Rules, _verdict: &Verdict) -> Vec<String> {
        <Othello as Variant>::analysis(record, rules)
            .map(|a| solve::lost::explain_lines(&a))
            .unwrap_or_default()
    }

    /// The standard start, or a board string.
    fn start_position(
        _rules: &Self::Rules,
        board: Option<&str>,
    ) -> Result<rules::Board, RecordError> {
        match board {
            None => Ok(rules::Board::start()),
            Some(b) => notation::parse_board(b).map_err(|m| {
                RecordError::new(ErrorKind::BadSetup, format!("bad start position: {m}"))
            }),
        }
    }

    fn replayer(_rules: &Self::Rules) -> Self::Replayer {
        replay::OthelloReplayer::default()
    }

    fn judge(rules: &Self::Rules, _plies: usize) -> Self::Judge {
        judge::OthelloJudge {
            empties: rules.empties,
        }
    }

    fn position_text(board: &rules::Board) -> String {
        notation::board_string(board)
    }

    fn legal_moves(game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        judge::legal_move_names(game.position())
    }

    /// A finished game's stated score against the board's.
    fn record_notes(
        record: &Record,
        replay: &Replay<rules::Board, rules::Move>,
        rules: &Self::Rules,
    ) -> RecordNotes {
        let mut notes = RecordNotes::default();
        if replay.error.is_none()
            && let Some(note) = judge::score_mismatch(record, &replay.end, rules)
        {
            notes
                .warnings
                .push(Warning::new(note).with_ply(replay.plies()));
        }
        notes
    }

    fn verdict(
        record: &Record,
        judged: &JudgedReplay<rules::Board, rules::Move>,
        rules: &Self::Rules,
    ) -> Verdict {
        judge::verdict(record, judged, rules)
    }
}
