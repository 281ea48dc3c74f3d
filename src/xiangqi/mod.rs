//! Xiangqi (中国象棋): the rules engine, move notations (ICCS, WXF, Chinese), file formats and
//! the board verdicts, glued into the `Game` implementation.

pub mod formats;
pub mod judge;
pub mod notation;
pub mod referee;
pub mod repetition;
pub mod replay;
pub mod rules;
pub mod show;
pub mod svg;

use crate::core::error::RecordError;
use crate::core::game::{
    CheckWants, Checked, Converted, FormatInfo, Frames, Game, PerftOutput, ShowOptions, Shown,
    StreamCut,
};
use crate::core::record::{GameKind, Input, Record};
use crate::core::rules::{Preset, RuleSpec, Rules};

/// The Xiangqi game, as the core sees it.
pub struct Xiangqi;

impl Game for Xiangqi {
    fn kind(&self) -> GameKind {
        GameKind::Xiangqi
    }

    fn formats(&self) -> &'static [FormatInfo] {
        formats::formats()
    }

    fn rule_specs(&self) -> &'static [RuleSpec] {
        judge::RULE_SPECS
    }

    fn presets(&self) -> &'static [Preset] {
        judge::PRESETS
    }

    fn sniff(&self, name: &str, head: &[u8]) -> Option<&'static str> {
        formats::sniff(name, head)
    }

    fn read(&self, format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        formats::read(format, input)
    }

    fn read_some(
        &self,
        format: &'static str,
        input: &Input,
        from: usize,
        max: usize,
    ) -> (Vec<Result<Record, RecordError>>, bool) {
        match format {
            "cbl" => formats::ccbridge::read_cbl_range(&input.bytes, from, max),
            _ if from == 0 => (self.read(format, input), false),
            _ => (Vec::new(), false),
        }
    }

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        match format {
            "pgn" => formats::cut::pgn(text),
            "ucci" => formats::cut::ucci(text),
            "dhtmlxq" => formats::cut::dhtmlxq(text),
            _ => StreamCut::Unsupported,
        }
    }

    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
        replay::check_with(record, rules, wants)
    }

    fn explain_remarks(
        &self,
        record: &Record,
        rules: &Rules,
        verdict: &crate::core::verdict::Verdict,
    ) -> Vec<String> {
        replay::edition_remarks(record, rules, verdict)
    }

    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn crate::core::referee::GameReferee>, RecordError> {
        Ok(Box::new(referee::XiangqiReferee::new(rules, position)?))
    }

    fn convert(&self, records: &[Record], to: &'static str, rules: &Rules) -> Converted {
        formats::write::convert(records, to, rules)
    }

    fn perft(
        &self,
        depth: u32,
        position: Option<&str>,
        divide: bool,
        jobs: usize,
    ) -> Result<PerftOutput, String> {
        let pos = match position {
            None => rules::Position::start(),
            Some(fen) => rules::Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        };
        let (total, div) = rules::perft(&pos, depth, divide, jobs);
        Ok(PerftOutput { divide: div, total })
    }

    fn show(
        &self,
        record: &Record,
        _rules: &Rules,
        opts: &ShowOptions,
    ) -> Result<Shown, RecordError> {
        show::show(record, opts)
    }

    fn frames(&self, record: &Record, _rules: &Rules) -> Result<Frames, RecordError> {
        show::frames(record)
    }

    fn target_mark(&self, target: &str) -> Option<String> {
        svg::target_mark(target)
    }
}
