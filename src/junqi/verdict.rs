//! The referee: replays a record through the rules (start position, each action resolved and
//! checked), checks the record's events (resignation and draws only after 50 steps, at most
//! 3 draw offers, nothing after the game ended), keeps the step counters and gives the
//! verdicts: flag-captured, no-legal-action, timeouts, repetition, no-capture-limit,
//! step-limit, time-limit (then the core's `decide` for events and claims).

// `RecordError` is the core's error type; it is large by design.
#![allow(clippy::result_large_err)]

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{CheckWants, Checked};
use crate::core::identity;
use crate::core::record::{EventKind, GameResult, MoveEntry, Player, Record};
use crate::core::referee::{Judge, Judgement, replay_judged};
use crate::core::replay::Replayer;
use crate::core::rules::Rules;
use crate::core::verdict::{Reason, Verdict, decide};
use crate::junqi::formats::jqr::time_seconds;
use crate::junqi::notation::action::{ActionText, Mark, parse_action};
use crate::junqi::notation::position::{format_position, parse_layout, parse_position};
use crate::junqi::rules::params::merge_tag;
use crate::junqi::rules::position::player_index;
use crate::junqi::rules::{Action, Cell, Outcome, Params, Position, square_name};

use crate::junqi::referee::unknown_start;

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

pub fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "the first player",
        Player::Second => "the second player",
    }
}

/// Adds the players' names from the `[First]` / `[Second]` tags to the first mention of
/// each in a detail: "the first player (Zhang San)".
fn name_players(detail: &mut String, record: &Record) {
    for (tag, who) in [
        ("First", "the first player"),
        ("Second", "the second player"),
    ] {
        let name = record.tag(tag).map(str::trim).unwrap_or("");
        if name.is_empty() || name == "?" {
            continue;
        }
        if let Some(at) = detail.find(who) {
            detail.insert_str(at + who.len(), &format!(" ({name})"));
        }
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
        let span = crate::core::record::Span::new(t.span.start + e.start, t.span.start + e.end);
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
fn judge_action(
    before: &Position,
    action: Action,
    ply: usize,
    time: Option<u64>,
    params: &Params,
) -> Option<Verdict> {
    let me = before.to_move;
    if let Some(t) = time
        && t >= params.time_limit
    {
        return Some(Verdict::new(
            GameResult::Draw,
            Reason::TimeLimit,
            ply,
            format!(
                "action {ply} is stamped {}, at or past the time limit of {} (rule time-limit): a draw",
                clock(t),
                clock(params.time_limit)
            ),
        ));
    }
    let mut after = before.clone();
    let applied = after.apply(action, params);
    let what = before.describe(action);
    if let Some(c) = applied.flag_taken {
        return Some(Verdict::new(
            GameResult::win_for(me),
            Reason::FlagCaptured,
            ply,
            format!(
                "{} takes the {} flag with {what}",
                player_name(me),
                c.english()
            ),
        ));
    }
    if action == Action::Timeout && after.timeouts[player_index(me)] >= params.timeouts {
        return Some(Verdict::new(
            GameResult::win_for(me.other()),
            Reason::Timeouts,
            ply,
            format!(
                "{} times out for the {} time and loses (rule timeouts={})",
                player_name(me),
                ordinal(after.timeouts[player_index(me)] as usize),
                params.timeouts
            ),
        ));
    }
    if applied.repeats >= params.repeat {
        return Some(Verdict::new(
            GameResult::win_for(me.other()),
            Reason::Repetition,
            ply,
            format!(
                "{} plays {what} for the {} time among their last {} actions and loses (rules repeat={}, repeat-window={})",
                player_name(me),
                ordinal(applied.repeats),
                params.repeat_window + 1,
                params.repeat,
                params.repeat_window
            ),
        ));
    }
    if let Some(v) = no_legal_action(&after, ply, params) {
        return Some(v);
    }
    if after.quiet >= params.no_capture_limit {
        return Some(Verdict::new(
            GameResult::Draw,
            Reason::NoCaptureLimit,
            ply,
            format!(
                "{} consecutive steps without an attack (rule no-capture-limit={}): a draw",
                after.quiet, params.no_capture_limit
            ),
        ));
    }
    if after.steps >= params.step_limit {
        return Some(Verdict::new(
            GameResult::Draw,
            Reason::StepLimit,
            ply,
            format!(
                "{} steps played (rule step-limit={}): a draw",
                after.steps, params.step_limit
            ),
        ));
    }
    None
}

fn no_legal_action(pos: &Position, ply: usize, params: &Params) -> Option<Verdict> {
    if pos.flag_taken.is_some() || pos.has_legal_action(params) {
        return None;
    }
    let p = pos.to_move;
    Some(Verdict::new(
        GameResult::win_for(p.other()),
        Reason::NoLegalAction,
        ply,
        format!(
            "no face-down piece is left and {} has no legal move: {} loses",
            player_name(p),
            player_name(p)
        ),
    ))
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

fn clock(t: u64) -> String {
    format!("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
}

/// The Junqi board rules, judged one action at a time (see [`crate::core::referee`]): the
/// move-by-move referee and adjudication both use it.
#[derive(Debug, Clone)]
pub struct JunqiJudge {
    params: Params,
    /// The position before the next action (the rules need what an action did).
    before: Position,
}

impl JunqiJudge {
    pub fn new(params: Params) -> JunqiJudge {
        JunqiJudge {
            params,
            before: Position::empty(),
        }
    }
}

impl Judge for JunqiJudge {
    type Position = Position;
    type Move = Action;

    fn start(&mut self, start: &Position) -> Option<Verdict> {
        self.before = start.clone();
        no_legal_action(start, 0, &self.params)
    }

    fn judge(
        &mut self,
        after: &Position,
        action: Action,
        entry: Option<&MoveEntry>,
        ply: usize,
        _followed: bool,
    ) -> Judgement {
        let time = entry.and_then(|m| m.time.as_deref()).and_then(time_seconds);
        let v = judge_action(&self.before, action, ply, time, &self.params);
        self.before = after.clone();
        match v {
            Some(v) => Judgement::Ends(v),
            None => Judgement::Continues,
        }
    }
}

/// Checks the record's events; the first bad one is an error (kind illegal-move, at the
/// event). `plies` is how many actions replayed.
fn check_events(record: &Record, plies: usize, params: &Params) -> Option<(usize, RecordError)> {
    let mut offers = [0usize; 2];
    let mut pending: Option<(Player, usize)> = None;
    let mut ended: Option<(usize, &'static str)> = None;
    let fail = |after: usize, m: String, ev: &crate::core::record::Event, word: &str| {
        Some((
            after,
            RecordError::new(ErrorKind::IllegalMove, m)
                .at(ev.span)
                .with_ply(after + 1)
                .with_move(word.to_string())
                .with_label("this event"),
        ))
    };
    for ev in &record.events {
        let k = ev.after_ply;
        if k > plies {
            break;
        }
        let word = match ev.kind {
            EventKind::Resign => "resign",
            EventKind::DrawOffer => "draw?",
            EventKind::DrawAccept => "draw=",
            EventKind::DrawDecline => "draw-",
            EventKind::Timeout => "timeout",
        };
        if let Some((_, how)) = ended {
            return fail(k, format!("the game already ended by {how}"), ev, word);
        }
        if pending.is_some_and(|(_, at)| at != k) {
            pending = None; // an action answered the offer by playing on
        }
        let to_act = if k.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        };
        // Who made it: the record may name the player (`resign(2)`), else the one to act.
        let to_act = match ev.kind {
            EventKind::Resign | EventKind::DrawOffer => ev.player.unwrap_or(to_act),
            _ => to_act,
        };
        let early = |what: &str| {
            format!(
                "{what} is allowed only once {} steps were played; this comes after step {k} (rule min-steps-to-resign-or-draw)",
                params.min_steps
            )
        };
        match ev.kind {
            EventKind::Resign => {
                if k < params.min_steps {
                    return fail(k, early("resigning"), ev, word);
                }
                ended = Some((k, "resignation"));
            }
            EventKind::DrawOffer => {
                if k < params.min_steps {
                    return fail(k, early("offering a draw"), ev, word);
                }
                let n = &mut offers[player_index(to_act)];
                *n += 1;
                if *n > params.draw_offers {
                    return fail(
                        k,
                        format!(
                            "this is {}'s {} draw offer; a player may offer a draw {} times (rule draw-offers)",
                            player_name(to_act),
                            ordinal(*n),
                            params.draw_offers
                        ),
                        ev,
                        word,
                    );
                }
                pending = Some((to_act, k));
            }
            EventKind::DrawAccept | EventKind::DrawDecline => {
                if let (Some((offerer, _)), Some(p)) = (pending, ev.player)
                    && p == offerer
                {
                    return fail(
                        k,
                        format!("{} cannot answer their own draw offer", player_name(p)),
                        ev,
                        word,
                    );
                }
                if pending.is_none() {
                    return fail(
                        k,
                        "there is no draw offer to answer here (an offer stands until the next action)".into(),
                        ev,
                        word,
                    );
                }
                pending = None;
                if ev.kind == EventKind::DrawAccept {
                    ended = Some((k, "agreement"));
                }
            }
            EventKind::Timeout => {}
        }
    }
    // Nothing may follow a resignation or an accepted draw (also when that action would be
    // illegal anyway: the event comes first).
    if let Some((k, how)) = ended
        && let Some(m) = record.moves.get(k)
    {
        return Some((
            k,
            RecordError::new(
                ErrorKind::IllegalMove,
                format!("the game ended by {how} after step {k}; no action may follow"),
            )
            .at(m.span)
            .with_ply(k + 1)
            .with_move(m.text.clone())
            .with_label("this action"),
        ));
    }
    None
}

/// Replays and (when asked) adjudicates one record.
pub fn check(record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
    let failed = |e: RecordError| Checked::bad_setup(record, e, wants);
    let rules = match effective_rules(record, rules) {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let params = Params::from_rules(&rules);
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
        params: Params::from_rules(&rules),
    };
    let replayed = crate::core::replay::replay(&referee, record)?;
    let n = ply.unwrap_or(replayed.plies()).min(replayed.plies());
    let mut p = replayed.start;
    for a in replayed.moves.iter().take(n) {
        p.apply(*a, &referee.params);
    }
    Ok(p)
}
