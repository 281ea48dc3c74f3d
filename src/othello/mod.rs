//! Othello (黑白棋): bitboard rules, notation, transcript / GGF / WTHOR formats, verdicts.

// RecordError is the core's error type, returned by value throughout the core's API.
#![allow(clippy::result_large_err)]

pub mod formats;
pub mod judge;
pub mod notation;
pub mod referee;
pub mod replay;
pub mod rule_set;
pub mod rules;
pub mod show;
pub mod solve;
pub mod svg;

use crate::core::error::Warning;
use crate::core::game::{Analysis, Game, PerftOutput, PerftQuery, StreamCut, game_modules};
use crate::core::perft::{self, PerftTree};
use crate::core::record::{GameKind, Record};
use crate::core::referee::{JudgedGame, JudgedReplay};
use crate::core::replay::Replay;
use crate::core::rules::Rules;
use crate::core::variant::{RecordNotes, Variant};
use crate::core::verdict::Verdict;

pub struct Othello;

impl Game for Othello {
    game_modules!(GameKind::Othello);

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        formats::cut::stream_cut(format, text)
    }

    fn perft(&self, position: Option<&str>, query: PerftQuery) -> Result<PerftOutput, String> {
        let board = match position {
            Some(p) => notation::parse_board(p)?,
            None => rules::Board::start(),
        };
        Ok(perft::perft(&board, query))
    }

    /// Where the game was lost: perfect play over its last `analysis-empties` empty squares.
    fn analysis(&self, record: &Record, rules: &Rules) -> Option<Analysis> {
        let n = u32::try_from(rules.typed::<rule_set::OthelloRules>().analysis_empties)
            .unwrap_or(u32::MAX);
        solve::lost::analyse_record(record, n)
    }

    fn explain_remarks(&self, record: &Record, rules: &Rules, _verdict: &Verdict) -> Vec<String> {
        self.analysis(record, rules)
            .map(|a| solve::lost::explain_lines(&a))
            .unwrap_or_default()
    }
}

impl PerftTree for rules::Board {
    type Move = rules::Move;

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
        let r = &judged.replay;
        judge::adjudicate_judged(record, judged.board.clone(), &r.end, r.plies(), rules)
    }
}
