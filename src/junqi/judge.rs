//! The referee: replays a record through the rules (start position, each action resolved and
//! checked), checks the record's events (resignation and draws only after 50 steps, at most
//! 3 draw offers, nothing after the game ended), keeps the step counters and gives the
//! verdicts: flag-captured, no-legal-action, timeouts, repetition, no-capture-limit,
//! step-limit, time-limit (then the core's `decide` for events and claims).

// `RecordError` is the core's error type; it is large by design.
#![allow(clippy::result_large_err)]

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{EventKind, GameResult, MoveEntry, Player, Record};
use crate::core::referee::{Judge, JudgedReplay, Judgement};
use crate::core::variant::RecordNotes;
use crate::core::verdict::{Reason, Verdict, decide};
use crate::junqi::formats::jqr::time_seconds;
use crate::junqi::notation::action::action_text;
use crate::junqi::rules::position::player_index;
use crate::junqi::rules::{Action, Params, Position};

pub(crate) fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "the first player",
        Player::Second => "the second player",
    }
}

/// Adds the players' names from the `[First]` / `[Second]` tags to the first mention of
/// each in a detail: "the first player (Zhang San)".
pub(crate) fn name_players(detail: &mut String, record: &Record) {
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
    let what = action_text(before, action, false);
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

/// What a record says besides its actions, held against the replay of its first `plies`
/// actions: its time stamps (a warning where one goes back) and its events (the first bad
/// one makes the record invalid there).
pub(crate) fn record_notes(record: &Record, plies: usize, params: &Params) -> RecordNotes {
    let mut warnings = Vec::new();
    let mut last_time = 0u64;
    for m in record.moves.iter().take(plies) {
        if let Some(t) = m.time.as_deref().and_then(time_seconds) {
            if t < last_time {
                warnings.push(
                    Warning::new(format!(
                        "the timestamp @{} is earlier than the one before it",
                        m.time.as_deref().unwrap_or("")
                    ))
                    .at(m.span),
                );
            }
            last_time = last_time.max(t);
        }
    }
    RecordNotes {
        warnings,
        invalid_after: check_events(record, plies, params),
    }
}

/// The verdict on a valid record: the board verdict of its judged replay, then its events and
/// claim (a resignation or a draw only from `min-steps-to-resign-or-draw` steps on).
pub(crate) fn verdict(
    record: &Record,
    judged: &JudgedReplay<Position, Action>,
    params: &Params,
) -> Verdict {
    let plies = judged.replay.plies();
    let board_result = judged.board.as_ref().map(|v| v.result);
    let allows = |r: GameResult| match board_result {
        Some(b) => b == r,
        None => plies >= params.min_steps,
    };
    let mut v = decide(
        judged.board.clone(),
        plies,
        &record.events,
        record.claim.as_ref(),
        &allows,
        &player_name,
    );
    name_players(&mut v.detail, record);
    v
}

/// Checks the record's events; the first bad one is an error (kind illegal-move, at the
/// event). `plies` is how many actions replayed.
pub(crate) fn check_events(
    record: &Record,
    plies: usize,
    params: &Params,
) -> Option<(usize, RecordError)> {
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
