//! Writing `.jqr`: tags, numbered actions with timestamps and comments, events in their
//! places, the result.

use crate::core::record::{Event, EventKind, GameResult, Player, Record};

/// Writes records as `.jqr` text: the tags, the numbered actions (with timestamps and
/// comments), the events in their places, and the result.
pub(crate) fn write(records: &[Record]) -> String {
    let mut out = String::new();
    for (n, rec) in records.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let mut tags: Vec<(String, String)> = rec
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
        if !tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("Game")) {
            tags.insert(0, ("Game".into(), "Junqi Fanfanqi".into()));
        }
        let result = rec
            .claim
            .as_ref()
            .map(|c| c.result)
            .unwrap_or(GameResult::Unfinished);
        match tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
        {
            Some(t) => t.1 = result.as_str().to_string(),
            None => tags.push(("Result".into(), result.as_str().to_string())),
        }
        for (k, v) in &tags {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{k} \"{v}\"]\n"));
        }
        out.push('\n');
        for c in &rec.comments {
            out.push_str(&format!("{{{c}}}\n"));
        }
        let mut words: Vec<String> = Vec::new();
        let event_word = |e: &Event| {
            let base = match e.kind {
                EventKind::Resign => "resign",
                EventKind::DrawOffer => "draw?",
                EventKind::DrawAccept => "draw=",
                EventKind::DrawDecline => "draw-",
                EventKind::Timeout => "timeout",
            };
            let to_act = if e.after_ply.is_multiple_of(2) {
                Player::First
            } else {
                Player::Second
            };
            let w = match (e.kind, e.player) {
                (EventKind::Resign | EventKind::DrawOffer, Some(p)) if p != to_act => {
                    format!("{base}({})", if p == Player::First { 1 } else { 2 })
                }
                _ => base.to_string(),
            };
            match &e.time {
                Some(t) => format!("{w} @{t}"),
                None => w,
            }
        };
        for (i, m) in rec.moves.iter().enumerate() {
            for e in rec.events.iter().filter(|e| e.after_ply == i) {
                words.push(event_word(e));
            }
            let mut w = format!("{}. {}", i + 1, m.text);
            if let Some(t) = &m.time {
                w.push_str(&format!(" @{t}"));
            }
            for c in &m.comments {
                w.push_str(&format!(" {{{}}}", c.replace('}', ")")));
            }
            words.push(w);
        }
        for e in rec.events.iter().filter(|e| e.after_ply >= rec.moves.len()) {
            words.push(event_word(e));
        }
        words.push(result.as_str().to_string());
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.chars().count() + w.chars().count() > 78 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::junqi::formats::jqr::read;

    const TEXT: &str = "[Game \"Junqi Fanfanqi\"]\n[First \"A\"]\n[Result \"*\"]\n\n{start}\n1. C2=红工兵 @0:05 {first flip} 2. D0=e\n3.timeout draw?(1) draw- 4. E0=紅司令@12 *\n\n[Game \"Junqi Fanfanqi\"]\n1. A0=E 0-1\n";

    #[test]
    fn write_then_read_gives_the_same_game() {
        let games: Vec<Record> = read(TEXT).into_iter().map(|g| g.unwrap()).collect();
        let text = write(&games);
        let again: Vec<Record> = read(&text).into_iter().map(|g| g.unwrap()).collect();
        assert_eq!(again.len(), 2);
        for (a, b) in games.iter().zip(&again) {
            let ta: Vec<&str> = a.moves.iter().map(|m| m.text.as_str()).collect();
            let tb: Vec<&str> = b.moves.iter().map(|m| m.text.as_str()).collect();
            assert_eq!(ta, tb);
            assert_eq!(a.events.len(), b.events.len());
            assert_eq!(
                a.claim.as_ref().map(|c| c.result),
                b.claim.as_ref().map(|c| c.result)
            );
        }
        assert_eq!(write(&again), text);
    }
}
