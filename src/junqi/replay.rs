//! Replaying a Junqi record: the start position (`[Position]`, `[Layout]` or 50 unknown
//! face-down pieces), the replayer (action texts resolved for the core's driver), the record
//! replayed and judged ([`check_with`]: the rules in force, the events, the verdicts), and the
//! position at a ply.

// `RecordError` is the core's error type; it is large by design.
#![allow(clippy::result_large_err)]

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{CheckWants, Checked};
use crate::core::identity;
use crate::core::record::{GameResult, MoveEntry, Record};
use crate::core::referee::replay_judged;
use crate::core::replay::Replayer;
use crate::core::rules::Rules;
use crate::core::verdict::decide;
use crate::junqi::formats::jqr::time_seconds;
use crate::junqi::judge::{JunqiJudge, check_events, name_players, player_name};
use crate::junqi::notation::action::{ActionText, Mark, parse_action};
use crate::junqi::notation::position::{format_position, parse_layout, parse_position};
use crate::junqi::rule_set::merge_tag;
use crate::junqi::rules::board::{SQUARES, Square, is_camp};
use crate::junqi::rules::{Action, Cell, Outcome, Params, Position, square_name};

/// The rules in force for a record: the command line's, with the record's `[Rules]` tag
/// applied to the keys the command line left at their defaults.
pub fn effective_rules(record: &Record, rules: &Rules) -> Result<Rules, RecordError> {
    match record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("Rules"))
    {
        None => Ok(rules.clone()),
        Some(t) => merge_tag(rules, &t.value).map_err(|m| {
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
        let text = parse_action(&entry.text).map_err(|m| RecordError::parse(m, entry.span))?;
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

/// The first rule that ends the game at this action (the position is the one before it).
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

/// Replays and (when asked) adjudicates one record.
pub fn check_with(record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
    let failed = |e: RecordError| Checked::bad_setup(record, e, wants);
    let rules = match effective_rules(record, rules) {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let params = rules.typed::<Params>();
    let replayer = JunqiReplayer {
        params: params.clone(),
    };
    let judged = match replay_judged(replayer, JunqiJudge::new(params.clone()), record) {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let board = judged.board;
    let replayed = judged.replay;
    let mut warnings = replayed.warnings.clone();
    let mut last_time = 0u64;
    for m in record.moves.iter().take(replayed.plies()) {
        if let Some(t) = m.time.as_deref().and_then(time_seconds) {
            if t < last_time {
                warnings.push(
                    crate::core::error::Warning::new(format!(
                        "the timestamp @{} is earlier than the one before it",
                        m.time.as_deref().unwrap_or("")
                    ))
                    .at(m.span),
                );
            }
            last_time = last_time.max(t);
        }
    }
    let mut plies = replayed.plies();
    let mut error = replayed.error.clone();
    if let Some((k, e)) = check_events(record, plies, &params) {
        plies = k;
        error = Some(e);
    }
    let verdict = if wants.adjudicate && error.is_none() {
        let board_result = board.as_ref().map(|v| v.result);
        let allows = |r: GameResult| match board_result {
            Some(b) => b == r,
            None => plies >= params.min_steps,
        };
        let mut v = decide(
            board,
            plies,
            &record.events,
            record.claim.as_ref(),
            &allows,
            &player_name,
        );
        name_players(&mut v.detail, record);
        Some(v)
    } else {
        None
    };
    // The position after the last replayed (good) ply.
    let end = if plies == replayed.plies() {
        replayed.end
    } else {
        let mut p = replayed.start.clone();
        for a in replayed.moves.iter().take(plies) {
            p.apply(*a, &params);
        }
        p
    };
    let identity = wants.identity.then(|| {
        let start = format_position(&replayed.start);
        identity::of_replay(
            record.game,
            (start.clone(), &start),
            replayed.moves.get(..plies).unwrap_or(&replayed.moves),
            (&record.moves, plies),
            error.as_ref(),
        )
    });
    Checked {
        plies,
        error,
        warnings,
        verdict,
        final_position: Some(format_position(&end)),
        identity,
    }
}

/// The position after `ply` actions (all when `None`), for `show`.
pub fn position_at(
    record: &Record,
    rules: &Rules,
    ply: Option<usize>,
) -> Result<Position, RecordError> {
    let rules = effective_rules(record, rules)?;
    let referee = JunqiReplayer {
        params: rules.typed::<Params>(),
    };
    let replayed = crate::core::referee::replay(&referee, record)?;
    let n = ply.unwrap_or(replayed.plies()).min(replayed.plies());
    let mut p = replayed.start;
    for a in replayed.moves.iter().take(n) {
        p.apply(*a, &referee.params);
    }
    Ok(p)
}
