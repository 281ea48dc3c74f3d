//! The `.jqr` record format (Junqi Fanfanqi record): PGN-like tags, then numbered actions
//! with optional timestamps and comments, then the result. See docs/formats/junqi.md and
//! grammar/junqi.ebnf.

// `RecordError` is the core's error type; it is large by design.
#![allow(clippy::result_large_err)]

use crate::core::error::RecordError;
use crate::core::record::{
    Claim, Event, EventKind, GameKind, GameResult, MoveEntry, Player, Record,
};
use crate::core::span::Span;
use crate::junqi::notation::action::{looks_like_action, parse_action};

pub(crate) const FORMAT_ID: &str = "jqr";

pub(crate) use super::jqr_write::write;

/// Event words (ASCII or Chinese).
fn event_kind(token: &str) -> Option<EventKind> {
    match token {
        "resign" | "Resign" | "认输" | "認輸" => Some(EventKind::Resign),
        "draw?" | "求和" => Some(EventKind::DrawOffer),
        "draw=" | "同意" => Some(EventKind::DrawAccept),
        "draw-" | "拒绝" | "拒絕" => Some(EventKind::DrawDecline),
        _ => None,
    }
}

pub(super) fn result_token(token: &str) -> Option<GameResult> {
    match token {
        "1-0" | "0-1" | "1/2-1/2" | "*" => GameResult::parse(token),
        _ => None,
    }
}

/// A timestamp: `H:MM:SS`, `M:SS`, seconds (`75`, `75s`) or `1h2m3s` → seconds.
pub(crate) fn time_seconds(t: &str) -> Option<u64> {
    if t.contains(':') {
        let parts: Vec<&str> = t.split(':').collect();
        if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
            return None;
        }
        let mut total: u64 = 0;
        for (i, p) in parts.iter().enumerate() {
            let n: u64 = p.parse().ok()?;
            if i > 0 && n >= 60 {
                return None;
            }
            total = total.checked_mul(60)?.checked_add(n)?;
        }
        return Some(total);
    }
    crate::core::rules::parse_duration(t)
}

pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }
    /// Skips white space; returns whether anything remains.
    pub(super) fn skip_ws(&mut self) -> bool {
        let r = self.rest();
        self.pos += r.len()
            - r.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
                .len();
        !self.rest().is_empty()
    }
    /// The next white-space-delimited token (a `{` comment is read whole by the caller).
    pub(super) fn token(&mut self) -> (usize, &'a str) {
        let r = self.rest();
        let end = r
            .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
            .unwrap_or(r.len())
            .max(r.chars().next().map(char::len_utf8).unwrap_or(0));
        let start = self.pos;
        self.pos += end;
        (start, &r[..end])
    }
}

/// Reads every game of a `.jqr` text.
pub(crate) fn read(text: &str) -> Vec<Result<Record, RecordError>> {
    let mut out = Vec::new();
    let mut r = Reader { text, pos: 0 };
    while r.skip_ws() {
        let index = out.len();
        let start = r.pos;
        let before = r.pos;
        let rec = read_game(&mut r, index);
        if r.pos == before {
            break; // cannot happen, but never loop forever
        }
        out.push(rec.map(|mut g| {
            g.span = Span::new(start, r.pos);
            g
        }));
    }
    // Not a .jqr text at all: no tag, and the very first token is not an action.
    if let [Ok(first)] = out.as_slice()
        && first.tags.is_empty()
        && first.moves.is_empty()
        && first.events.is_empty()
        && let Some(e) = &first.parse_error
    {
        let e = e.clone();
        return vec![Err(e)];
    }
    if out.is_empty() {
        out.push(Err(RecordError::parse(
            "the file holds no game",
            Span::new(0, 0),
        )));
    }
    out
}

fn read_game(r: &mut Reader, index: usize) -> Result<Record, RecordError> {
    let mut rec = Record::new(GameKind::Junqi, FORMAT_ID, index);
    // Tags.
    while r.skip_ws() && r.rest().starts_with('[') {
        let at = r.pos;
        match crate::core::tags::tag_pair(r.rest()) {
            Ok((rest, t)) => {
                r.pos = r.text.len() - rest.len();
                rec.add_tag(
                    t.name,
                    t.value,
                    Span::new(at + t.value_at.0, at + t.value_at.1),
                );
            }
            Err(_) => {
                let end = r
                    .rest()
                    .find('\n')
                    .map(|n| r.pos + n)
                    .unwrap_or(r.text.len());
                r.pos = end;
                return Err(RecordError::new(
                    crate::core::error::ErrorKind::BadHeader,
                    "a tag must be written [Name \"value\"]",
                )
                .at(Span::new(at, end))
                .with_label("this tag"));
            }
        }
    }
    if let Some(t) = rec
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("Layout"))
    {
        rec.setup = Some((t.value.to_string(), t.span));
    }
    // Movetext.
    let mut pending_comment: Vec<String> = Vec::new();
    let mut last_was_event = false;
    let mut last_offer: Option<Player> = None;
    let mut result: Option<(GameResult, Span, String)> = None;
    loop {
        if !r.skip_ws() {
            break;
        }
        let rest = r.rest();
        if rest.starts_with('[') {
            break; // the next game's tags
        }
        if rest.starts_with('{') {
            let at = r.pos;
            let Some(close) = rest.find('}') else {
                rec.parse_error = Some(RecordError::parse(
                    "this comment is never closed with `}`",
                    Span::new(at, at + 1),
                ));
                r.pos = r.text.len();
                break;
            };
            let body = rest[1..close].trim().to_string();
            r.pos += close + 1;
            attach_comment(&mut rec, &mut pending_comment, body);
            continue;
        }
        if rest.starts_with(';') {
            let end = rest.find('\n').unwrap_or(rest.len());
            let body = rest[1..end].trim().to_string();
            r.pos += end;
            attach_comment(&mut rec, &mut pending_comment, body);
            continue;
        }
        let (at, token) = r.token();
        let span = Span::new(at, at + token.len());
        if let Some(res) = result_token(token) {
            result = Some((res, span, token.to_string()));
            break;
        }
        if let Some(t) = token.strip_prefix('@') {
            if time_seconds(t).is_none() {
                rec.parse_error = Some(RecordError::parse(
                    format!("`{token}` is not a timestamp: write @H:MM:SS, @M:SS or @SECONDS"),
                    span,
                ));
                break;
            }
            if last_was_event {
                if let Some(e) = rec.events.last_mut() {
                    e.time = Some(t.to_string());
                }
            } else if let Some(m) = rec.moves.last_mut() {
                m.time = Some(t.to_string());
            } else {
                rec.parse_error = Some(RecordError::parse(
                    "a timestamp must follow an action or an event",
                    span,
                ));
                break;
            }
            continue;
        }
        // A move number, maybe glued to the action: `12.` or `12.C2=E`.
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let (number_token, action_token, action_at) =
            if digits > 0 && token[digits..].starts_with('.') {
                let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
                let n: Option<u32> = token[..digits].parse().ok();
                (Some(n), &token[digits + dots..], at + digits + dots)
            } else {
                (None, token, at)
            };
        if let Some(n) = number_token {
            let expected = rec.moves.len() + 1;
            if n != Some(expected as u32) {
                rec.parse_error = Some(
                    RecordError::parse(
                        format!(
                            "action number {} where action {expected} comes next (actions are numbered one by one, from 1)",
                            &token[..digits]
                        ),
                        Span::new(at, at + digits),
                    )
                    .with_label("this number"),
                );
                break;
            }
            if action_token.is_empty() {
                continue;
            }
        }
        let aspan = Span::new(action_at, action_at + action_token.len());
        if crate::core::limits::full(rec.moves.len() + rec.events.len()) {
            // Past the ply limit (events counted too: each is held like a move).
            rec.stop_reading(crate::core::limits::too_long(aspan).with_move(action_token));
            break;
        }
        // An event, maybe naming its player: `resign(2)`.
        let (event_word, named) = match action_token
            .strip_suffix("(1)")
            .map(|w| (w, Some(Player::First)))
            .or_else(|| {
                action_token
                    .strip_suffix("(2)")
                    .map(|w| (w, Some(Player::Second)))
            }) {
            Some((w, p)) => (w, p),
            None => (action_token, None),
        };
        if let Some(kind) = event_kind(event_word) {
            let after_ply = rec.moves.len();
            let to_act = if after_ply.is_multiple_of(2) {
                Player::First
            } else {
                Player::Second
            };
            let player = named.unwrap_or(match kind {
                EventKind::DrawAccept | EventKind::DrawDecline => {
                    last_offer.map(Player::other).unwrap_or(to_act.other())
                }
                _ => to_act,
            });
            if kind == EventKind::DrawOffer {
                last_offer = Some(player);
            }
            rec.events.push(Event {
                kind,
                player: Some(player),
                after_ply,
                span: aspan,
                time: None,
            });
            last_was_event = true;
            continue;
        }
        // An action, maybe with a glued timestamp `C2=E@0:12`.
        let (act, time) = match action_token.split_once('@') {
            Some((a, t)) => (a, Some(t)),
            None => (action_token, None),
        };
        if let Err(msg) = parse_action(act) {
            let msg = if looks_like_action(act) || act.contains('=') {
                msg.to_string()
            } else {
                format!(
                    "`{act}` is not an action, event or result (actions: C2=红工兵, G0-F0, G0xF0, timeout; events: resign, draw?, draw=, draw-)"
                )
            };
            rec.parse_error = Some(
                RecordError::parse(msg, aspan)
                    .with_label("here")
                    .with_move(action_token),
            );
            break;
        }
        let mut entry = MoveEntry::new(act, Span::new(action_at, action_at + act.len()));
        entry.number = number_token.flatten();
        if let Some(t) = time {
            if time_seconds(t).is_none() {
                rec.parse_error = Some(RecordError::parse(
                    format!("`@{t}` is not a timestamp: write @H:MM:SS, @M:SS or @SECONDS"),
                    aspan,
                ));
                break;
            }
            entry.time = Some(t.to_string());
        }
        rec.moves.push(entry);
        last_was_event = false;
    }
    if rec.parse_error.is_some() {
        // Skip to the end of this game (a result token or the next tag section).
        skip_game(r);
    }
    rec.comments.append(&mut pending_comment);
    let after_actions = result.map(|(res, span, text)| (res, text, span));
    rec.claim = rec
        .written_result(after_actions, GameResult::parse)
        .map(|(res, text, span)| Claim::written(res, text, span));
    Ok(rec)
}

/// A comment belongs to the action before it (also when an event came between); comments
/// before the first action are the game's.
fn attach_comment(rec: &mut Record, pending: &mut Vec<String>, body: String) {
    if body.is_empty() {
        return;
    }
    match rec.moves.last_mut() {
        Some(m) => m.comments.push(body),
        None => pending.push(body),
    }
}

/// Skips to the end of this game: a result token, or the next tag section. Comments are
/// skipped as the movetext reads them, so where a game ends depends on the text only, not on
/// whether its actions read (streaming cuts between games with the same rule, see `jqr_cut`).
pub(super) fn skip_game(r: &mut Reader) {
    while r.skip_ws() {
        let rest = r.rest();
        if rest.starts_with('[') {
            return;
        }
        if rest.starts_with('{') {
            match rest.find('}') {
                Some(n) => r.pos += n + 1,
                None => r.pos = r.text.len(),
            }
            continue;
        }
        if rest.starts_with(';') {
            r.pos += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        let (_, t) = r.token();
        if result_token(t).is_some() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::records;

    const TEXT: &str = "[Game \"Junqi Fanfanqi\"]\n[First \"A\"]\n[Result \"*\"]\n\n{start}\n1. C2=红工兵 @0:05 {first flip} 2. D0=e\n3.timeout draw? draw- 4. E0=紅司令@12 *\n\n[Game \"Junqi Fanfanqi\"]\n1. A0=E 0-1\n";

    #[test]
    fn reads_tags_actions_events_and_games() {
        let [g, g2] = records(read(TEXT));
        assert_eq!(g.tag("First"), Some("A"));
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["C2=红工兵", "D0=e", "timeout", "E0=紅司令"]);
        assert_eq!(g.moves[0].time.as_deref(), Some("0:05"));
        assert_eq!(g.moves[3].time.as_deref(), Some("12"));
        assert_eq!(g.moves[0].comments, ["first flip"]);
        assert_eq!(g.comments, ["start"]);
        assert_eq!(g.events.len(), 2);
        assert_eq!(g.events[0].after_ply, 3);
        assert_eq!(g.events[0].player, Some(Player::Second));
        assert_eq!(g.events[1].player, Some(Player::First));
        assert_eq!(&TEXT[g.moves[2].span.start..g.moves[2].span.end], "timeout");
        assert_eq!(
            g2.claim.as_ref().map(|c| c.result),
            Some(GameResult::SecondWins)
        );
    }

    #[test]
    fn other_text_is_one_error() {
        let games = read("1. e4 e5 2. Nf3 *");
        assert_eq!(games.len(), 1);
        assert!(games[0].is_err());
        assert!(read("").remove(0).is_err());
    }

    #[test]
    fn parse_errors_point_at_the_token() {
        let text = "[Game \"Junqi Fanfanqi\"]\n1. C2=E 2. D0=绿兵 3. A0=e *";
        let g = read(text).remove(0).unwrap();
        assert_eq!(g.moves.len(), 1);
        let e = g.parse_error.unwrap();
        assert_eq!(&text[e.span.unwrap().start..e.span.unwrap().end], "D0=绿兵");
        let text = "1. C2=E 3. D0=e";
        let e = read(text).remove(0).unwrap().parse_error.unwrap();
        assert_eq!(&text[e.span.unwrap().start..e.span.unwrap().end], "3");
    }

    /// After a bad action the rest of the game is skipped with the movetext's own comment
    /// rules: a `;` comment ends at its line, so a `{` in it hides nothing.
    #[test]
    fn skipping_a_bad_game_reads_semicolon_comments() {
        let text = "1. Q9 ; { not closed here\n[Game \"Junqi Fanfanqi\"]\n1. A0=e *";
        let games = read(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].as_ref().unwrap().parse_error.is_some());
        let second = games[1].as_ref().unwrap();
        assert_eq!(second.moves.len(), 1);
        assert!(second.parse_error.is_none());
    }
}
