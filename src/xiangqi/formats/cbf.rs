//! CCBridge's XML record (`.cbf`): `<ChineseChessRecord>` with a `<Head>` of named fields
//! (`Name`, `Contest`, `Red`, `Black`, `Date`, `RecordResult`, `FEN` …) and a `<MoveList>` of
//! `<Move value="xy-xy">` elements, `x` the file from Red's left (0–8), `y` the row from the
//! top (0 = Black's back rank), each with an optional comment as its text. The first move,
//! `00-00`, stands for the start position and carries its comment. A file may hold several
//! records (a CCBridge export of a list). Parsing is roxmltree's (no external entities).

use super::board::{START_FEN, square_name};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{GameKind, GameResult, MoveEntry, Record};
use crate::core::span::Span;

/// `<Head>` fields and the tag each becomes (others keep their element name).
const TAG_NAMES: [(&str, &str); 8] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("TimeRule", "TimeControl"),
    ("Commentator", "Annotator"),
    ("Creator", "Author"),
    ("From", "Source"),
    ("ECCO", "ECCO"),
    ("RecordResult", "RecordResult"),
];

/// Fields that say how the file was made, not about the game.
const SKIPPED: [&str; 5] = [
    "DateCreated",
    "DateModified",
    "RecordType",
    "RecordKind",
    "FEN",
];

fn span_of(node: roxmltree::Node<'_, '_>) -> Span {
    let r = node.range();
    Span::new(r.start, r.end)
}

/// `xy-xy` (and `xy`-`xy` without the dash) as an ICCS move.
fn cbf_move(value: &str) -> Option<String> {
    let digits: Vec<u8> = value
        .bytes()
        .filter(|b| *b != b'-')
        .map(|b| b.wrapping_sub(b'0'))
        .collect();
    let [fx, fy, tx, ty] = digits[..] else {
        return None;
    };
    if fx > 8 || tx > 8 || fy > 9 || ty > 9 {
        return None;
    }
    Some(format!(
        "{}{}",
        square_name(fx, 9 - fy),
        square_name(tx, 9 - ty)
    ))
}

fn comment_of(node: roxmltree::Node<'_, '_>) -> Option<String> {
    let text: String = node
        .children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn read_one(game: roxmltree::Node<'_, '_>, index: usize) -> Record {
    let mut rec = Record::new(GameKind::Xiangqi, "cbf", index);
    rec.span = span_of(game);
    for head in game.children().filter(|c| c.has_tag_name("Head")) {
        for field in head.children().filter(|c| c.is_element()) {
            let name = field.tag_name().name();
            let value = field.text().unwrap_or("").trim();
            if value.is_empty() {
                continue;
            }
            let span = span_of(field);
            if name == "FEN" {
                if value != START_FEN {
                    rec.setup = Some((value.to_string(), span));
                }
                continue;
            }
            if name == "RecordResult" {
                let result = match value {
                    "1" => Some(GameResult::FirstWins),
                    "2" => Some(GameResult::SecondWins),
                    "3" => Some(GameResult::Draw),
                    _ => None,
                };
                if let Some(result) = result {
                    rec.set_result(result, span);
                }
                continue;
            }
            if SKIPPED.contains(&name) {
                continue;
            }
            let tag = TAG_NAMES
                .iter()
                .find(|(from, _)| *from == name)
                .map_or(name, |(_, to)| to);
            rec.add_tag(tag, value, span);
        }
    }
    let Some(list) = game.children().find(|c| c.has_tag_name("MoveList")) else {
        return rec;
    };
    let mut first = true;
    let mut ended = false;
    for node in list.children().filter(|c| c.is_element()) {
        let span = span_of(node);
        if !node.has_tag_name("Move") {
            rec.warnings.push(
                Warning::new(format!(
                    "<{}> in the move list is not a move; ignored",
                    node.tag_name().name()
                ))
                .at(span),
            );
            continue;
        }
        let value = node.attribute("value").unwrap_or("");
        let comment = comment_of(node);
        if first {
            first = false;
            if value.bytes().all(|b| b == b'0' || b == b'-') {
                rec.comments.extend(comment);
                continue;
            }
        }
        if ended {
            rec.stop_reading(
                RecordError::parse("a move after the one marked end=\"1\"", span)
                    .with_label("after the end"),
            );
            break;
        }
        if crate::core::limits::full(rec.moves.len()) {
            rec.stop_reading(crate::core::limits::too_long(span));
            break;
        }
        let Some(text) = cbf_move(value) else {
            rec.stop_reading(
                RecordError::parse(format!("`{value}` is not a CBF move (xy-xy)"), span)
                    .with_move(value)
                    .with_label("bad move")
                    .with_help("CBF moves are two digit pairs: file 0-8, row 0-9 from the top"),
            );
            break;
        };
        let mut entry = MoveEntry::new(text, span);
        entry.comments.extend(comment);
        rec.moves.push(entry);
        ended = node.attribute("end") == Some("1");
    }
    rec
}

/// Reads a CBF file: each `<ChineseChessRecord>` in it.
pub(crate) fn read_cbf(text: &str) -> Vec<Result<Record, RecordError>> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = match roxmltree::Document::parse_with_options(text, options) {
        Ok(d) => d,
        Err(e) => {
            let pos = e.pos();
            let at = line_col_offset(text, pos.row as usize, pos.col as usize);
            return vec![Err(RecordError::parse(
                format!("not well-formed CBF (XML): {e}"),
                Span::new(at, (at + 1).min(text.len())),
            ))];
        }
    };
    let root = doc.root_element();
    let games: Vec<roxmltree::Node<'_, '_>> = if root.has_tag_name("ChineseChessRecord") {
        vec![root]
    } else {
        root.descendants()
            .filter(|n| n.has_tag_name("ChineseChessRecord"))
            .collect()
    };
    if games.is_empty() {
        return vec![Err(RecordError::new(
            ErrorKind::Unsupported,
            format!(
                "an XML file whose root is <{}>, not a CBF record (<ChineseChessRecord>)",
                root.tag_name().name()
            ),
        )
        .at(span_of(root)))];
    }
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| Ok(read_one(g, i)))
        .collect()
}

/// The byte offset of a 1-based line and column.
fn line_col_offset(text: &str, row: usize, col: usize) -> usize {
    let line_start = text
        .split_inclusive('\n')
        .take(row.saturating_sub(1))
        .map(str::len)
        .sum::<usize>();
    let line = text.get(line_start..).unwrap_or("");
    line_start
        + line
            .chars()
            .take(col.saturating_sub(1))
            .map(char::len_utf8)
            .sum::<usize>()
}

/// Whether a file's head looks like a CBF record.
pub(crate) fn looks_like(head: &[u8]) -> bool {
    memchr::memmem::find(head, b"<ChineseChessRecord").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  <Name>第一局</Name>\n  <Contest>古谱</Contest>\n  <Red />\n  <RecordResult>3</RecordResult>\n  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"><![CDATA[开局]]></Move>\n  <Move value=\"77-47\" />\n  <Move value=\"70-62\"><![CDATA[好]]></Move>\n  <Move value=\"79-67\" end=\"1\" />\n </MoveList>\n</ChineseChessRecord>\n";

    #[test]
    fn reads_a_record() {
        let text = ONE.trim_start_matches('\u{feff}');
        let recs = read_cbf(text);
        let r = recs[0].as_ref().unwrap();
        assert_eq!(r.tag("Title"), Some("第一局"));
        assert_eq!(r.tag("Event"), Some("古谱"));
        assert!(r.tag("Red").is_none());
        assert_eq!(r.claim.as_ref().unwrap().result, GameResult::Draw);
        assert!(r.setup.is_none());
        assert_eq!(r.comments, ["开局"]);
        let moves: Vec<&str> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(r.moves[1].comments[0], "好");
        assert!(r.parse_error.is_none());
        let span = r.moves[0].span;
        assert!(text[span.start..span.end].starts_with("<Move value=\"77-47\""));
    }

    #[test]
    fn bad_input() {
        assert!(read_cbf("<ChineseChessRecord><Head>")[0].is_err());
        assert!(read_cbf("<html/>")[0].is_err());
        let r = read_cbf("<ChineseChessRecord><MoveList><Move value=\"00-00\"/><Move value=\"9x-00\"/></MoveList></ChineseChessRecord>")
            .remove(0)
            .unwrap();
        assert!(r.parse_error.is_some());
        assert!(read_cbf("<!DOCTYPE x [<!ENTITY a \"b\">]><ChineseChessRecord/>")[0].is_err());
    }
}
