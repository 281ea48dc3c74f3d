//! Xiangqi (中国象棋): the rules engine, move notations (ICCS, WXF, Chinese), file formats and
//! the board verdicts, glued into the `Game` implementation.

pub mod formats;
pub mod judge;
pub mod notation;
pub mod referee;
pub mod repetition;
pub mod replay;
pub mod rule_set;
pub mod rules;
pub mod show;
pub mod svg;

use crate::core::game::{Game, PerftOutput, PerftQuery, StreamCut, game_modules};
use crate::core::perft::{self, PerftTree};
use crate::core::record::{GameKind, Record};
use crate::core::rules::Rules;
use crate::core::verdict::Verdict;

/// The Xiangqi game, as the core sees it.
pub struct Xiangqi;

impl Game for Xiangqi {
    game_modules!(GameKind::Xiangqi);

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        match format {
            "pgn" => formats::cut::pgn(text),
            "ucci" => formats::cut::ucci(text),
            "dhtmlxq" => formats::cut::dhtmlxq(text),
            _ => StreamCut::Unsupported,
        }
    }

    fn explain_remarks(&self, record: &Record, rules: &Rules, verdict: &Verdict) -> Vec<String> {
        replay::edition_remarks(record, rules, verdict)
    }

    fn perft(&self, position: Option<&str>, query: PerftQuery) -> Result<PerftOutput, String> {
        let pos = match position {
            None => rules::Position::start(),
            Some(fen) => rules::Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        };
        Ok(perft::perft(&pos, query))
    }

    fn target_mark(&self, target: &str) -> Option<String> {
        svg::target_mark(target)
    }
}

impl PerftTree for rules::Position {
    type Move = rules::Move;
    const DIVIDE_BY_TEXT: bool = true;

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
