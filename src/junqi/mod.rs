//! Junqi Fanfanqi (军棋翻翻棋): the `Game` implementation. The engine is in [`rules`], the
//! action text and position notation in [`notation`], the `.jqr` format in [`formats`], the
//! referee (replay, events, verdicts) in [`verdict`], the move-by-move referee in [`referee`].

pub mod formats;
pub mod judge;
pub mod notation;
pub mod referee;
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
use notation::action::action_text;
use notation::position::{STANDARD_TEST_LAYOUT, parse_layout, parse_position};
use rules::Params;

pub struct Junqi;

/// The start position perft uses when none is given: the standard test layout, all face down.
pub fn standard_test_position() -> rules::Position {
    parse_layout(STANDARD_TEST_LAYOUT).unwrap_or_else(|_| rules::Position::empty())
}

impl Game for Junqi {
    fn kind(&self) -> GameKind {
        GameKind::Junqi
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

    fn read(&self, _format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        formats::read(input)
    }

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        if format != formats::jqr::FORMAT_ID {
            return StreamCut::Unsupported;
        }
        formats::cut::stream_cut(text)
    }

    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
        replay::check(record, rules, wants)
    }

    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn crate::core::referee::GameReferee>, RecordError> {
        Ok(Box::new(referee::JunqiReferee::new(rules, position)?))
    }

    fn convert(&self, records: &[Record], to: &'static str, _rules: &Rules) -> Converted {
        formats::write::convert(records, to)
    }

    fn perft(
        &self,
        depth: u32,
        position: Option<&str>,
        divide: bool,
        jobs: usize,
    ) -> Result<PerftOutput, String> {
        let pos = match position {
            None => standard_test_position(),
            Some(text) => parse_position(text)
                .map_err(|e| format!("bad Junqi position at byte {}: {}", e.start, e.message))?,
        };
        let params = Params::default();
        let root = pos.legal_actions(&params);
        let count = |a: &rules::Action| {
            let mut next = pos.clone();
            next.apply(*a, &params);
            rules::perft::perft(&next, depth.saturating_sub(1), &params)
        };
        let counts: Vec<u64> = if depth == 0 {
            Vec::new()
        } else if jobs > 1 {
            use rayon::prelude::*;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .map_err(|e| e.to_string())?;
            pool.install(|| root.par_iter().map(count).collect())
        } else {
            root.iter().map(count).collect()
        };
        let total = if depth == 0 { 1 } else { counts.iter().sum() };
        let divide = if divide {
            root.iter()
                .zip(&counts)
                .map(|(a, n)| (action_text(&pos, *a, true), *n))
                .collect()
        } else {
            Vec::new()
        };
        Ok(PerftOutput { divide, total })
    }

    fn show(
        &self,
        record: &Record,
        rules: &Rules,
        opts: &ShowOptions,
    ) -> Result<Shown, RecordError> {
        show::show(record, rules, opts)
    }

    fn frames(&self, record: &Record, rules: &Rules) -> Result<Frames, RecordError> {
        show::frames(record, rules)
    }
}
