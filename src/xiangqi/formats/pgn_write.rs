//! The XQ PGN writer. The notation module renders the moves (Chinese, ICCS or WXF); this
//! module lays them out with the record's tags, comments and result.

use super::board::{fen_move_number, fen_red_to_move};
use crate::core::record::{GameResult, Record};
use std::fmt::Write;

/// One move to write, already rendered in the target notation, with its comments and the
/// alternative lines that replace it (rendered too).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct WrittenMove {
    pub text: String,
    pub comments: Vec<String>,
    pub variations: Vec<Vec<WrittenMove>>,
}

impl WrittenMove {
    pub(crate) fn new(text: impl Into<String>) -> WrittenMove {
        WrittenMove {
            text: text.into(),
            ..WrittenMove::default()
        }
    }

    #[cfg(test)]
    /// The main line `texts` (one rendered text per move, aligned with `record.moves`), each
    /// move with the record's comments on it, without variations.
    pub(crate) fn main_line(record: &Record, texts: &[String]) -> Vec<WrittenMove> {
        texts
            .iter()
            .enumerate()
            .map(|(i, text)| WrittenMove {
                text: text.clone(),
                comments: record
                    .moves
                    .get(i)
                    .map(|m| m.comments.to_vec())
                    .unwrap_or_default(),
                variations: Vec::new(),
            })
            .collect()
    }
}

/// Tags written first, in this order (the rest follow as the record has them).
const ROSTER: [&str; 8] = [
    "Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result",
];

#[cfg(test)]
/// Writes one game: the main line `moves` (one rendered text per replayed move, aligned with
/// `record.moves` for comments), `[Format "<format_tag>"]`, `[FEN]` when the record has a
/// set-up position, and the result.
pub(crate) fn write_pgn(record: &Record, moves: &[String], format_tag: &str) -> String {
    write_pgn_tree(record, &WrittenMove::main_line(record, moves), format_tag)
}

/// Like [`write_pgn`], with comments and variations given with the moves.
pub(crate) fn write_pgn_tree(record: &Record, moves: &[WrittenMove], format_tag: &str) -> String {
    let mut out = String::new();
    let result = result_text(record);
    let fen = record.setup.as_ref().map(|(f, _)| f.as_str());
    for name in ROSTER {
        let value = match name {
            "Game" => "Chinese Chess".to_string(),
            "Result" => result.to_string(),
            _ => record.tag(name).unwrap_or("").to_string(),
        };
        write_tag(&mut out, name, &value);
    }
    for t in &record.tags {
        let skip = ROSTER.iter().any(|r| r.eq_ignore_ascii_case(&t.name))
            || ["Format", "FEN"]
                .iter()
                .any(|r| r.eq_ignore_ascii_case(&t.name));
        if !skip {
            write_tag(&mut out, &t.name, &t.value);
        }
    }
    write_tag(&mut out, "Format", format_tag);
    if let Some(fen) = fen {
        write_tag(&mut out, "FEN", fen);
    }
    out.push('\n');
    for c in &record.comments {
        let _ = writeln!(out, "{{{}}}", clean_comment(c));
    }
    let red_first = fen.and_then(fen_red_to_move).unwrap_or(true);
    let first_number = fen
        .and_then(fen_move_number)
        .filter(|&n| n > 0)
        .unwrap_or(1);
    let mut body = String::new();
    write_line(&mut body, moves, first_number, red_first, true);
    out.push_str(body.trim_start());
    if !body.trim().is_empty() {
        out.push(' ');
    }
    out.push_str(result);
    out.push_str("\n\n");
    out
}

fn result_text(record: &Record) -> &'static str {
    if let Some(c) = &record.claim {
        return c.result.as_str();
    }
    record
        .tag("Result")
        .and_then(GameResult::parse)
        .map_or("*", GameResult::as_str)
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

fn clean_comment(c: &str) -> String {
    c.replace('}', ")").replace('{', "(")
}

/// Writes a line of moves. `number` is the full-move number of its first move and
/// `red_to_move` whose move it is. The main line (`top`) puts each full move on its own line.
fn write_line(out: &mut String, moves: &[WrittenMove], number: u32, red_to_move: bool, top: bool) {
    let mut number = number;
    let mut red = red_to_move;
    let mut need_number = true;
    for m in moves {
        if red {
            if top {
                out.push('\n');
            } else {
                out.push(' ');
            }
            let _ = write!(out, "{number}. ");
        } else if need_number {
            let _ = write!(out, " {number}... ");
        } else {
            out.push(' ');
        }
        out.push_str(&m.text);
        need_number = false;
        for c in &m.comments {
            let _ = write!(out, " {{{}}}", clean_comment(c));
            need_number = true;
        }
        for v in &m.variations {
            out.push_str(" (");
            let mut inner = String::new();
            write_line(&mut inner, v, number, red, false);
            out.push_str(inner.trim_start());
            out.push(')');
            need_number = true;
        }
        if !red {
            number += 1;
        }
        red = !red;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::{Claim, GameKind, MoveEntry};
    use crate::core::span::Span;
    use crate::xiangqi::formats::pgn_read::parse_game;

    /// `text` read back, without a parse error.
    fn read_back(text: &str) -> Record {
        let back = parse_game(text, 0, 0);
        assert!(back.parse_error.is_none(), "{:?}", back.parse_error);
        back
    }

    fn record() -> Record {
        let mut r = Record::new(GameKind::Xiangqi, "pgn", 0);
        r.set_tag("Event", "测试 \"cup\"");
        r.set_tag("Opening", "中炮");
        let mut m = MoveEntry::new("h2e2", Span::default());
        m.comments.push("center {cannon}".into());
        r.moves.push(m);
        r.moves.push(MoveEntry::new("h9g7", Span::default()));
        r.claim = Some(Claim {
            result: GameResult::FirstWins,
            termination: None,
            text: "1-0".into(),
            span: Span::default(),
        });
        r
    }

    #[test]
    fn writes_tags_moves_comments_result() {
        let r = record();
        let moves = vec!["炮二平五".to_string(), "马８进７".to_string()];
        let text = write_pgn(&r, &moves, "Chinese");
        assert!(text.contains("[Event \"测试 \\\"cup\\\"\"]"), "{text}");
        assert!(text.contains("[Format \"Chinese\"]"));
        assert!(text.contains("[Opening \"中炮\"]"));
        assert!(
            text.contains("1. 炮二平五 {center (cannon)} 1... 马８进７ 1-0"),
            "{text}"
        );
        let back = read_back(&text);
        assert_eq!(back.moves.len(), 2);
        assert_eq!(back.tag("Event"), Some("测试 \"cup\""));
        assert_eq!(back.claim.unwrap().result, GameResult::FirstWins);
    }

    #[test]
    fn black_to_move_setup_and_variations() {
        let mut r = record();
        r.claim = None;
        r.setup = Some(("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 7".into(), Span::default()));
        let mut first = WrittenMove::new("e9d9");
        first
            .variations
            .push(vec![WrittenMove::new("e9f9"), WrittenMove::new("e0f0")]);
        let tree = vec![first, WrittenMove::new("e0d0")];
        let text = write_pgn_tree(&r, &tree, "ICCS");
        assert!(text.contains("[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 7\"]"));
        assert!(
            text.contains("7... e9d9 (7... e9f9 8. e0f0)\n8. e0d0 *"),
            "{text}"
        );
        let back = read_back(&text);
        assert_eq!(back.moves[0].variations[0].len(), 2);
    }
}
