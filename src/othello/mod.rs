//! Othello (黑白棋): bitboard rules, notation, transcript / GGF / WTHOR formats, verdicts.

// RecordError is the core's error type, returned by value throughout the core's API.
#![allow(clippy::result_large_err)]

pub mod convert;
pub mod formats;
pub mod notation;
pub mod rules;
pub mod show;
pub mod svg;
pub mod verdict;

use crate::core::error::RecordError;
use crate::core::error::Warning;
use crate::core::game::{
    CheckWants, Checked, Converted, FormatInfo, Frames, Game, PerftOutput, ShowOptions, Shown,
    StreamCut,
};
use crate::core::identity;
use crate::core::record::{GameKind, Input, Record};
use crate::core::rules::{Preset, RuleSpec, RuleValue, Rules};

pub struct Othello;

static RULES: &[RuleSpec] = &[RuleSpec {
    key: "empties",
    default: "winner",
    value: RuleValue::Choice(&["winner", "none"]),
    help: "who gets the empty squares of a finished game: the winner (WOF rule) or nobody (raw disc count)",
}];

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
        // One replay pass; forced passes are plies of the replay, no copy of the record.
        let r = match crate::core::replay::replay(
            &notation::resolve::OthelloReplayer::default(),
            record,
        ) {
            Ok(r) => r,
            Err(e) => {
                let identity = wants.identity.then(|| {
                    let setup = record.setup.as_ref().map(|(s, _)| s.as_str());
                    identity::of_bad_setup(record.game, setup, &record.moves, &e)
                });
                return Checked {
                    plies: 0,
                    error: Some(e),
                    warnings: record.warnings.clone(),
                    verdict: None,
                    final_position: None,
                    identity,
                };
            }
        };
        let mut warnings = r.warnings.clone();
        if r.error.is_none()
            && let Some(note) = verdict::score_mismatch(record, &r.end, rules)
        {
            warnings.push(Warning::new(note).with_ply(r.plies()));
        }
        // The passes the record leaves out are moves of the game, like the ones it writes.
        let identity = wants.identity.then(|| {
            let start = notation::board_string(&r.start);
            let consumed = r.plies() - r.implied.len();
            identity::of_replay(
                record.game,
                (start.clone(), &start),
                &r.moves,
                (&record.moves, consumed),
                r.error.as_ref(),
            )
        });
        Checked {
            plies: r.plies(),
            error: r.error.clone(),
            warnings,
            verdict: (wants.adjudicate && r.error.is_none())
                .then(|| verdict::adjudicate(record, &r.end, r.plies(), rules)),
            final_position: Some(notation::board_string(&r.end)),
            identity,
        }
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
