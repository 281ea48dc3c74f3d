//! Othello (黑白棋): bitboard rules, notation, transcript / GGF / WTHOR formats, verdicts.

// RecordError is the core's error type, returned by value throughout the core's API.
#![allow(clippy::result_large_err)]

pub mod formats;
pub mod judge;
pub mod notation;
pub mod referee;
pub mod replay;
pub mod rules;
pub mod show;
pub mod solve;
pub mod svg;

use crate::core::error::RecordError;
use crate::core::game::{
    Analysis, CheckWants, Checked, Converted, FormatInfo, Frames, Game, PerftOutput, ShowOptions,
    Shown, StreamCut,
};
use crate::core::record::{GameKind, Input, Record};
use crate::core::referee::GameReferee;
use crate::core::rules::{Preset, RuleSpec, Rules};

pub struct Othello;

impl Game for Othello {
    fn kind(&self) -> GameKind {
        GameKind::Othello
    }

    fn formats(&self) -> &'static [FormatInfo] {
        formats::FORMATS
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
            "wthor" => formats::wthor::read_range(input, from, max),
            _ if from == 0 => (self.read(format, input), false),
            _ => (Vec::new(), false),
        }
    }

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        formats::cut::stream_cut(format, text)
    }

    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
        replay::check_with(record, rules, wants)
    }

    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn GameReferee>, RecordError> {
        Ok(Box::new(referee::OthelloReferee::new(rules, position)?))
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
        let board = match position {
            Some(p) => notation::parse_board(p)?,
            None => rules::Board::start(),
        };
        let (per_move, total) = rules::perft::perft_divide(&board, depth, jobs);
        Ok(PerftOutput {
            divide: if divide {
                per_move
                    .into_iter()
                    .map(|(m, n)| (notation::move_name(m), n))
                    .collect()
            } else {
                Vec::new()
            },
            total,
        })
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

    /// Where the game was lost: perfect play over its last `analysis-empties` empty squares.
    fn analysis(&self, record: &Record, rules: &Rules) -> Option<Analysis> {
        let n = u32::try_from(rules.int("analysis-empties")).unwrap_or(u32::MAX);
        solve::lost::analyse_record(record, n)
    }

    fn explain_remarks(
        &self,
        record: &Record,
        rules: &Rules,
        _verdict: &crate::core::verdict::Verdict,
    ) -> Vec<String> {
        self.analysis(record, rules)
            .map(|a| solve::lost::explain_lines(&a))
            .unwrap_or_default()
    }
}
