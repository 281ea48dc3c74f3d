//! The XQF writer: XQStudio's record, version 10 (the unencrypted one every XQStudio
//! version opens). The 1024-byte header holds the piece table (32 squares, X*10+Y, 0xFF for
//! a piece off the board), the result and the text fields (a length byte and GB18030 text,
//! cut to the field at a character boundary); the move tree follows in pre-order, each node
//! four bytes (from + 24, to + 32, flags: 0xF0 a move follows, 0x0F an alternative follows;
//! a reserved byte) and a 4-byte comment length with the GB18030 comment. The first node is
//! the start position's, carrying the comment before the first move.
//!
//! The reader ([`super::xqf`]) reads it back to the same game: see tests/roundtrip_xqf.rs.

use super::board::{fen_piece_table, parse_iccs_move};
use super::pgn_write::WrittenMove;
use super::xqf::{FIELDS, RESULT_AT, TREE_AT};
use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::{GameResult, Record};

const VERSION: u8 = 10;
const HAS_NEXT: u8 = 0xF0;
const HAS_ALTERNATIVE: u8 = 0x0F;
/// A square byte for a piece that is not on the board.
const OFF_BOARD: u8 = 0xFF;

/// GB18030 bytes of `text`, whole characters only, at most `max` bytes.
fn gb_bytes(text: &str, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let (bytes, _, _) = encoding_rs::GB18030.encode(c.encode_utf8(&mut buf));
        if out.len() + bytes.len() > max {
            break;
        }
        out.extend_from_slice(&bytes);
    }
    out
}

fn node(out: &mut Vec<u8>, squares: (u8, u8), flags: u8, comments: &[String]) {
    out.extend([
        squares.0.wrapping_add(24),
        squares.1.wrapping_add(32),
        flags,
        0,
    ]);
    let text = comments.join("\n");
    let bytes = gb_bytes(&text, i32::MAX as usize);
    out.extend((bytes.len() as u32).to_le_bytes());
    out.extend(bytes);
}

/// The alternatives at one point of the tree, each a line starting with its move: the line
/// itself, then its first move's variations (and theirs), in order.
fn alternatives(line: &[WrittenMove]) -> Vec<&[WrittenMove]> {
    let mut out = vec![line];
    let mut i = 0;
    while i < out.len() {
        if let Some(first) = out[i].first() {
            for v in &first.variations {
                if !v.is_empty() {
                    out.push(v.as_slice());
                }
            }
        }
        i += 1;
    }
    out
}

fn square_byte(file: u8, rank: u8) -> u8 {
    file * 10 + rank
}

/// The record's tags that an XQF header has no field for (the result and the start position
/// have their own places; `Game` and `Format` say what the file is).
pub(crate) fn tags_not_held(record: &Record) -> Vec<String> {
    record
        .tags
        .iter()
        .map(|t| t.name.as_str())
        .filter(|n| !FIELDS.iter().any(|(f, _, _)| f.eq_ignore_ascii_case(n)))
        .filter(|n| {
            !["Result", "FEN", "Game", "Format", "Variant"]
                .iter()
                .any(|k| k.eq_ignore_ascii_case(n))
        })
        .map(str::to_string)
        .collect()
}

/// Writes one game as an XQF file. `fen` is its start position; `moves` its main line with
/// variations, in ICCS.
pub(crate) fn write_xqf(
    record: &Record,
    fen: &str,
    moves: &[WrittenMove],
) -> Result<Vec<u8>, RecordError> {
    let mut out = vec![0u8; TREE_AT];
    out[0..2].copy_from_slice(b"XQ");
    out[2] = VERSION;
    let table = fen_piece_table(fen, "this position does not fit XQF's piece table")?;
    for (i, sq) in table.iter().enumerate() {
        out[0x10 + i] = sq.map_or(OFF_BOARD, |(f, r)| square_byte(f, r));
    }
    out[RESULT_AT] = match record.claim.as_ref().map(|c| c.result) {
        Some(GameResult::FirstWins) => 1,
        Some(GameResult::SecondWins) => 2,
        Some(GameResult::Draw) => 3,
        _ => 0,
    };
    for (name, at, width) in FIELDS {
        if let Some(value) = record.tag(name) {
            let bytes = gb_bytes(value.trim(), width - 1);
            out[at] = bytes.len() as u8;
            out[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
        }
    }
    let root_flags = if moves.is_empty() { 0 } else { HAS_NEXT };
    node(&mut out, (0, 0), root_flags, &record.comments);
    // Pre-order without recursion: a move, the line after it, then its next alternative.
    let mut stack: Vec<(Vec<&[WrittenMove]>, usize)> = Vec::new();
    if !moves.is_empty() {
        stack.push((alternatives(moves), 0));
    }
    while let Some((group, k)) = stack.pop() {
        let Some(&line) = group.get(k) else { continue };
        let Some(first) = line.first() else { continue };
        let ((ff, fr), (tf, tr)) = parse_iccs_move(&first.text).ok_or_else(|| {
            RecordError::new(
                ErrorKind::Unsupported,
                format!("`{}` is not an ICCS move", first.text),
            )
        })?;
        let mut flags = 0;
        if line.len() > 1 {
            flags |= HAS_NEXT;
        }
        if k + 1 < group.len() {
            flags |= HAS_ALTERNATIVE;
        }
        node(
            &mut out,
            (square_byte(ff, fr), square_byte(tf, tr)),
            flags,
            &first.comments,
        );
        let rest = &line[1..];
        stack.push((group, k + 1));
        if !rest.is_empty() {
            stack.push((alternatives(rest), 0));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::{Claim, GameKind};
    use crate::core::span::Span;
    use crate::xiangqi::formats::board::START_FEN;
    use crate::xiangqi::formats::read_xqf;

    fn mv(text: &str) -> WrittenMove {
        WrittenMove::new(text)
    }

    #[test]
    fn writes_what_the_reader_reads() {
        let mut rec = Record::new(GameKind::Xiangqi, "pgn", 0);
        rec.set_tag("Red", "许银川");
        rec.set_tag("Event", "全国象棋个人赛");
        rec.comments.push("开局".into());
        rec.claim = Some(Claim {
            result: GameResult::Draw,
            termination: None,
            text: "1/2-1/2".into(),
            span: Span::default(),
        });
        let mut second = mv("h9g7");
        second.variations.push(vec![mv("b9c7"), mv("h0g2")]);
        second.variations.push(vec![mv("b7e7")]);
        let mut first = mv("h2e2");
        first.comments.push("中炮".into());
        let line = vec![first, second, mv("h0g2")];
        let bytes = write_xqf(&rec, START_FEN, &line).unwrap();
        let back = read_xqf(&bytes).unwrap();
        assert!(back.parse_error.is_none(), "{:?}", back.parse_error);
        assert_eq!(back.tag("Red"), Some("许银川"));
        assert_eq!(back.tag("Event"), Some("全国象棋个人赛"));
        assert_eq!(back.comments, ["开局"]);
        assert_eq!(back.claim.unwrap().result, GameResult::Draw);
        assert!(back.setup.is_none());
        let texts: Vec<&str> = back.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(back.moves[0].comments, ["中炮"]);
        let vars: Vec<Vec<&str>> = back.moves[1]
            .variations
            .iter()
            .map(|v| v.iter().map(|m| m.text.as_str()).collect())
            .collect();
        assert_eq!(vars, [vec!["b9c7", "h0g2"], vec!["b7e7"]]);
    }

    #[test]
    fn long_names_are_cut_at_a_character() {
        let mut rec = Record::new(GameKind::Xiangqi, "pgn", 0);
        rec.set_tag("Red", "一二三四五六七八九十");
        let bytes = write_xqf(&rec, START_FEN, &[]).unwrap();
        let back = read_xqf(&bytes).unwrap();
        assert_eq!(back.tag("Red"), Some("一二三四五六七"));
    }

    #[test]
    fn a_setup_is_kept() {
        let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
        let rec = Record::new(GameKind::Xiangqi, "pgn", 0);
        let bytes = write_xqf(&rec, fen, &[mv("d0d1")]).unwrap();
        let back = read_xqf(&bytes).unwrap();
        assert_eq!(back.setup.unwrap().0, fen);
    }
}
