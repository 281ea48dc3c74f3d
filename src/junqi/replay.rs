//! Replaying a Junqi record: the start position (`[Position]`, `[Layout]` or 50 unknown
//! face-down pieces), the replayer (action texts resolved for the core's driver), the record
//! replayed and judged ([`check_with`]: the rules in force, the events, the verdicts), and the
//! position at a ply.

// `RecordError` is the core's error type; it is large by design.
#![allow(clippy::result_large_err)]

use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::{MoveEntry, Record};
use crate::core::replay::Replayer;
use crate::core::rules::Rules;
use crate::junqi::notation::action::{ActionText, Mark, parse_action};
use crate::junqi::notation::position::{parse_layout, parse_position};
use crate::junqi::rule_set::merge_tag;
use crate::junqi::rules::board::{SQUARES, Square, is_camp};
use crate::junqi::rules::{Action, Cell, Outcome, Params, Position, square_name};
use std::borrow::Cow;

/// The rules in force for a record: the command line's, with the record's `[Rules]` tag
/// applied to the keys the command line left at their defaults.
pub fn effective_rules<'r>(
    record: &Record,
    rules: &'r Rules,
) -> Result<Cow<'r, Rules>, RecordError> {
    match record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("Rules"))
    {
        None => Ok(Cow::Borrowed(rules)),
        Some(t) => merge_tag(rules, &t.value).map(Cow::Owned).map_err(|m| {
            RecordError::new(ErrorKind::BadHeader, format!("[Rules] tag: {m}"))
                .at(t.span)
                .with_label("these rule parameters")
        }),
    }
}

/// The replay rules of one record (resolving action texts for the core's driver).
#[derive(Debug, Clone)]
pub struct JunqiReplayer {
    pub params: Params,
}

/// The start position of a record: `[Position]`, `[Layout]`, or 50 unknown face-down pieces.
pub fn start_position(record: &Record) -> Result<Position, RecordError> {
    let tag = |name: &str| {
        record
            .tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    };
    let bad = |t: &crate::core::record::Tag, e: crate::junqi::notation::position::NotationError| {
        let span = crate::core::span::Span::new(t.span.start + e.start, t.span.start + e.end);
        RecordError::new(
            ErrorKind::BadSetup,
            format!("[{}] tag: {}", t.name, e.message),
        )
        .at(span)
        .with_label("here")
    };
    match (tag("Position"), tag("Layout")) {
        (Some(_), Some(l)) => Err(RecordError::new(
            ErrorKind::BadSetup,
            "give either a [Layout] (the start) or a [Position] (a set-up), not both",
        )
        .at(l.span)),
        (Some(p), None) => parse_position(&p.value).map_err(|e| bad(p, e)),
        (None, Some(l)) => parse_layout(&l.value).map_err(|e| bad(l, e)),
        (None, None) => Ok(unknown_start()),
    }
}

impl Replayer for JunqiReplayer {
    type Position = Position;
    type Move = Action;

    fn start(&self, record: &Record) -> Result<Position, RecordError> {
        start_position(record)
    }

    fn resolve(
        &self,
        pos: &Position,
        entry: &MoveEntry,
    ) -> Result<(Action, Option<String>), RecordError> {
        let text =
            parse_action(&entry.text).map_err(|m| RecordError::parse(m.to_string(), entry.span))?;
        let illegal =
            |m: String| RecordError::new(ErrorKind::IllegalMove, m).with_label("this action");
        match text {
            ActionText::Timeout => {
                if let Some(c) = pos.flag_taken {
                    return Err(illegal(format!(
                        "the game is over: the {} flag was taken",
                        c.english()
                    )));
                }
                Ok((Action::Timeout, None))
            }
            ActionText::Flip { sq, piece } => {
                let a = Action::Flip { sq, piece };
                pos.check(a, &self.params).map_err(illegal)?;
                Ok((a, None))
            }
            ActionText::Move {
                from,
                to,
                attack,
                mark,
            } => {
                let a = Action::Move { from, to };
                let outcome = pos.check(a, &self.params).map_err(illegal)?;
                let mut note = None;
                match (attack, outcome) {
                    (true, None) => {
                        note = Some(format!(
                            "`{}` is written as an attack, but {} is empty: read as a move",
                            entry.text,
                            square_name(to)
                        ))
                    }
                    (false, Some(_)) => {
                        note = Some(format!(
                            "`{}` is written as a move, but it attacks the piece on {}: read as an attack",
                            entry.text,
                            square_name(to)
                        ))
                    }
                    _ => {}
                }
                if let (Some(m), Some(o)) = (mark, outcome) {
                    let flag = matches!(pos.cell(to), Cell::Up(p) if p.rank == crate::junqi::rules::Rank::Flag);
                    let fits = match m {
                        Mark::FlagTaken => flag && o != Outcome::Loses,
                        Mark::Outcome(w) => w == o,
                    };
                    if !fits {
                        let actual = if flag {
                            "takes the flag (#)".to_string()
                        } else {
                            match o {
                                Outcome::Wins => "the attacker wins (>)".to_string(),
                                Outcome::Both => "both pieces go (=)".to_string(),
                                Outcome::Loses => "the attacker is removed (<)".to_string(),
                            }
                        };
                        return Err(illegal(format!(
                            "the written outcome does not match the board: this attack {actual}"
                        )));
                    }
                }
                Ok((a, note))
            }
        }
    }

    fn play(&self, pos: &mut Position, mv: Action) {
        pos.apply(mv, &self.params);
    }
}

/// A Junqi start position from the text of a `[Position]` tag (the position notation), or
/// of a `[Layout]` tag (the 50 pieces face down) when `layout`.
pub fn start_from_text(text: &str, layout: bool) -> Result<Position, RecordError> {
    let (read, what): (fn(&str) -> _, _) = if layout {
        (parse_layout, "layout")
    } else {
        (parse_position, "position")
    };
    read(text)
        .map_err(|e| RecordError::new(ErrorKind::BadSetup, format!("bad {what}: {}", e.message)))
}

/// 50 unknown face-down pieces: the start of a record without `[Layout]`.
pub fn unknown_start() -> Position {
    let mut pos = Position::empty();
    for sq in 0..SQUARES as Square {
        if !is_camp(sq) {
            pos.cells[sq as usize] = Cell::Down(None);
        }
    }
    pos
}
