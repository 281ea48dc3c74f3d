//! UCCI position commands and plain ICCS move lists.
//!
//! A file is either one `position …` command per line (each line one game):
//! `position startpos moves h2e2 h9g7` / `position fen <FEN> moves h2e2`, or, when no line
//! starts with `position`, one game written as a bare list of ICCS moves (`h2e2 h9g7 …`,
//! move numbers `1.` allowed). Lines starting with `#` are comments.

use super::board::parse_iccs_move;
use crate::core::error::RecordError;
use crate::core::record::{GameKind, MoveEntry, Record};
use crate::core::span::Span;

/// A word of a line with its byte offset in the file.
fn words(line: &str, base: usize) -> impl Iterator<Item = (&str, usize)> {
    line.split_ascii_whitespace()
        .map(move |w| (w, base + (w.as_ptr() as usize - line.as_ptr() as usize)))
}

fn lines(text: &str) -> impl Iterator<Item = (&str, usize)> {
    text.split('\n').scan(0usize, |at, line| {
        let start = *at;
        *at += line.len() + 1;
        Some((line, start))
    })
}

fn is_move_number(w: &str) -> bool {
    let digits = w.trim_end_matches('.');
    digits.len() < w.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Reads the moves of `words` into `rec`; stops at the first word that is not an ICCS move.
fn read_moves<'a>(rec: &mut Record, words: impl Iterator<Item = (&'a str, usize)>, numbers: bool) {
    for (w, at) in words {
        if numbers && is_move_number(w) {
            continue;
        }
        let span = Span::new(at, at + w.len());
        if parse_iccs_move(w).is_none() {
            rec.stop_reading(
                RecordError::parse(format!("`{w}` is not an ICCS move"), span)
                    .with_move(w)
                    .with_label("not a move")
                    .with_help("moves are written file-rank file-rank, like h2e2"),
            );
            return;
        }
        if crate::core::limits::full(rec.moves.len()) {
            rec.stop_reading(crate::core::limits::too_long(span).with_move(w));
            return;
        }
        rec.moves.push(MoveEntry::new(w, span));
        rec.span.end = span.end;
    }
}

fn position_line(line: &str, base: usize, index: usize) -> Record {
    let mut rec = Record::new(GameKind::Xiangqi, "ucci", index);
    rec.span = Span::new(base, base + line.trim_end().len());
    let mut ws = words(line, base).skip(1).peekable();
    match ws.next() {
        Some(("startpos", _)) => {}
        Some(("fen", _)) => {
            let mut fields: Vec<(&str, usize)> = Vec::new();
            while let Some(&(w, at)) = ws.peek() {
                if w == "moves" {
                    break;
                }
                fields.push((w, at));
                ws.next();
            }
            match (fields.first(), fields.last()) {
                (Some(&(_, s)), Some(&(w, e))) => {
                    let fen = fields.iter().map(|f| f.0).collect::<Vec<_>>().join(" ");
                    rec.setup = Some((fen, Span::new(s, e + w.len())));
                }
                _ => {
                    rec.parse_error =
                        Some(RecordError::parse("`position fen` without a FEN", rec.span));
                    return rec;
                }
            }
        }
        Some((w, at)) => {
            rec.parse_error = Some(unexpected(w, at, "`startpos` or `fen`"));
            return rec;
        }
        None => {}
    }
    match ws.next() {
        Some(("moves", _)) => read_moves(&mut rec, ws, false),
        Some((w, at)) => rec.parse_error = Some(unexpected(w, at, "`moves`")),
        None => {}
    }
    rec
}

/// The word `w` (at byte `at`) where `expected` (in Markdown) should stand.
fn unexpected(w: &str, at: usize, expected: &str) -> RecordError {
    RecordError::parse(
        format!("expected {expected}, found `{w}`"),
        Span::new(at, at + w.len()),
    )
    .with_label(format!("expected {}", expected.replace('`', "")))
}

/// Reads a UCCI / move-list file.
pub(crate) fn read_ucci(text: &str) -> Vec<Result<Record, RecordError>> {
    let content = |l: &str| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    };
    let has_position = lines(text).any(|(l, _)| l.trim_start().starts_with("position"));
    if has_position {
        let mut out = Vec::new();
        for (line, at) in lines(text).filter(|(l, _)| content(l)) {
            let indent = line.len() - line.trim_start().len();
            let (line, at) = (&line[indent..], at + indent);
            if line.starts_with("position") {
                out.push(Ok(position_line(line, at, out.len())));
            } else {
                let w = line.split_ascii_whitespace().next().unwrap_or("");
                out.push(Err(RecordError::parse(
                    format!("expected a `position` command, found `{w}`"),
                    Span::new(at, at + w.len()),
                )));
            }
        }
        return out;
    }
    let mut rec = Record::new(GameKind::Xiangqi, "ucci", 0);
    let first = lines(text).find(|(l, _)| content(l));
    let Some((_, start)) = first else {
        return vec![Err(RecordError::parse(
            "no moves: the file is empty",
            Span::new(0, text.len()),
        ))];
    };
    rec.span = Span::new(start, start);
    let all = lines(text)
        .filter(|(l, _)| content(l))
        .flat_map(|(l, at)| words(l, at));
    read_moves(&mut rec, all, true);
    vec![Ok(rec)]
}

/// Writes a UCCI `position` command.
pub(crate) fn write_ucci(fen: Option<&str>, moves: &[String]) -> String {
    let mut out = match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        out.push_str(" moves ");
        out.push_str(&moves.join(" "));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::records;

    #[test]
    fn position_commands() {
        let text = "# two games\nposition startpos moves h2e2 h9g7\nposition fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0d0\n";
        let [a, b] = records(read_ucci(text));
        assert_eq!(a.moves.len(), 2);
        assert_eq!(&text[a.moves[1].span.start..a.moves[1].span.end], "h9g7");
        assert_eq!(b.index, 1);
        assert_eq!(
            b.setup.as_ref().unwrap().0,
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
        );
        assert_eq!(b.moves[0].text, "e0d0");
    }

    #[test]
    fn bare_list_and_errors() {
        let r = read_ucci("1. h2e2 h9g7\n2. h0g2 x9y9\n").remove(0).unwrap();
        assert_eq!(r.moves.len(), 3);
        let e = r.parse_error.unwrap();
        assert_eq!(e.ply, Some(4));
        assert_eq!(e.span, Some(Span::new(21, 25)));
        let r = read_ucci("position startpos moves h2e2 zz")
            .remove(0)
            .unwrap();
        assert!(r.parse_error.is_some());
        assert!(
            read_ucci("position nowhere")
                .remove(0)
                .unwrap()
                .parse_error
                .is_some()
        );
        assert!(read_ucci("").remove(0).is_err());
    }

    #[test]
    fn writer_round_trips() {
        let moves = vec!["h2e2".to_string(), "h9g7".to_string()];
        let text = write_ucci(None, &moves);
        assert_eq!(text, "position startpos moves h2e2 h9g7\n");
        let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
        let back = read_ucci(&write_ucci(Some(fen), &moves)).remove(0).unwrap();
        assert_eq!(back.setup.unwrap().0, fen);
        assert_eq!(back.moves.len(), 2);
    }
}
