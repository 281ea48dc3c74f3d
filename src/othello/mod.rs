//! Othello (黑白棋): bitboard rules, notation, transcript / GGF / WTHOR formats, verdicts.

// RecordError is the core's error type, returned by value throughout the core's API.
#![allow(clippy::result_large_err)]

pub mod convert;
pub mod formats;
pub mod notation;
pub mod rules;
pub mod show;
pub mod solve;
pub mod svg;
pub mod verdict;

use crate::core::error::RecordError;
use crate::core::game::{
    CheckWants, Checked, Converted, FormatInfo, Frames, Game, PerftOutput, ShowOptions, Shown,
    StreamCut,
};
use crate::core::record::{GameKind, Input, Record};
use crate::core::referee::GameReferee;
use crate::core::rules::{Preset, RuleSpec, RuleValue, Rules};

pub struct Othello;

static RULES: &[RuleSpec] = &[
    RuleSpec {
        key: "empties",
        default: "winner",
        value: RuleValue::Choice(&["winner", "none"]),
        help: "who gets the empty squares of a finished game: the winner (WOF rule) or nobody (raw disc count)",
    },
    RuleSpec {
        key: "unfinished",
        default: "keep",
        value: RuleValue::Choice(&["keep", "perfect"]),
        help: "a game that stopped before its end with nothing else deciding it: left unfinished, or decided by perfect play from its last position (exact solver, empties to the winner) when it has at most perfect-empties empty squares",
    },
    RuleSpec {
        key: "perfect-empties",
        default: "24",
        value: RuleValue::Int { min: 0, max: 30 },
        help: "unfinished=perfect: the most empty squares a stopped game may have to be decided by perfect play",
    },
];

static PRESETS: &[Preset] = &[Preset {
    name: "wof",
    help: "World Othello Federation rules: empty squares go to the winner",
    values: &[("empties", "winner")],
}];

impl Game for Othello {
    fn kind(&self) -> GameKind {
        GameKind::Othello
    }

    fn formats(&self) -> &'static [FormatInfo] {
        formats::FORMATS
    }

    fn rule_specs(&self) -> &'static [RuleSpec] {
        RULES
    }

    fn presets(&self) -> &'static [Preset] {
        PRESETS
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
        formats::stream_cut(format, text)
    }

    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
        verdict::check_with(record, rules, wants)
    }

    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn GameReferee>, RecordError> {
        Ok(Box::new(verdict::OthelloReferee::new(rules, position)?))
    }

    fn convert(&self, records: &[Record], to: &'static str, rules: &Rules) -> Converted {
        convert::convert(records, to, rules)
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
}
