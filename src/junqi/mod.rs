//! Junqi Fanfanqi (军棋翻翻棋): the `Game` implementation. The engine is in [`rules`], the
//! action text and position notation in [`notation`], the `.jqr` format in [`formats`], the
//! referee (replay, events, verdicts) in [`verdict`], the move-by-move referee in [`referee`].

pub mod formats;
pub mod notation;
pub mod referee;
pub mod rules;
pub mod show;
pub mod verdict;

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

static FORMATS: &[FormatInfo] = &[FormatInfo {
    id: formats::jqr::FORMAT_ID,
    game: GameKind::Junqi,
    extensions: &["jqr"],
    read: true,
    write: true,
    binary: false,
    companions: &[],
    description: "Junqi Fanfanqi record (qipu's PGN-like format: tags, numbered flips/moves/attacks, events)",
}];

/// The start position perft uses when none is given: the standard test layout, all face down.
pub fn standard_test_position() -> rules::Position {
    parse_layout(STANDARD_TEST_LAYOUT).unwrap_or_else(|_| rules::Position::empty())
}

impl Game for Junqi {
    fn kind(&self) -> GameKind {
        GameKind::Junqi
    }

    fn formats(&self) -> &'static [FormatInfo] {
        FORMATS
    }

    fn rule_specs(&self) -> &'static [RuleSpec] {
        rules::params::RULE_SPECS
    }

    fn presets(&self) -> &'static [Preset] {
        rules::params::PRESETS
    }

    fn sniff(&self, name: &str, head: &[u8]) -> Option<&'static str> {
        if name.to_ascii_lowercase().ends_with(".jqr") {
            return Some(formats::jqr::FORMAT_ID);
        }
        let head = String::from_utf8_lossy(head).to_ascii_lowercase();
        let compact: String = head.split_whitespace().collect::<Vec<_>>().join(" ");
        if compact.contains("[game \"junqi") || compact.contains("[game \"军棋") {
            return Some(formats::jqr::FORMAT_ID);
        }
        None
    }

    fn read(&self, _format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        formats::jqr::read(input.text())
    }

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        if format != formats::jqr::FORMAT_ID {
            return StreamCut::Unsupported;
        }
        formats::jqr_cut::stream_cut(text)
    }

    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
        verdict::check(record, rules, wants)
    }

    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn crate::core::referee::GameReferee>, RecordError> {
        Ok(Box::new(referee::JunqiReferee::new(rules, position)?))
    }

    fn convert(&self, records: &[Record], to: &'static str, _rules: &Rules) -> Converted {
        if to != formats::jqr::FORMAT_ID {
            return Converted {
                bytes: Vec::new(),
                games: 0,
                failures: records
                    .iter()
                    .map(|r| {
                        (
                            r.index,
                            RecordError::new(
                                crate::core::error::ErrorKind::Unsupported,
                                format!("Junqi records can be written only as jqr, not {to}"),
                            ),
                        )
                    })
                    .collect(),
            };
        }
        Converted {
            bytes: formats::jqr::write(records).into_bytes(),
            games: records.len(),
            failures: Vec::new(),
        }
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
