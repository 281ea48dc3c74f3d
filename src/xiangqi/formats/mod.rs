//! Xiangqi file formats: XQ PGN (Chinese, ICCS and WXF notations), DhtmlXQ (东萍), XQF
//! (XQStudio, read-only) and UCCI move lists. Readers produce core `Record`s whose moves stay
//! text tokens (PGN) or ICCS coordinate tokens (`h2e2`: DhtmlXQ, XQF, UCCI); the notation
//! module resolves them. Writers take moves already rendered by the notation module.
//!
//! See docs/formats/xiangqi-formats.md and grammar/xiangqi-pgn.ebnf, grammar/dhtmlxq.ebnf.

#![allow(clippy::result_large_err)] // RecordError is the core API's error type, returned by value.

pub mod board;
pub mod cbf;
pub mod ccbridge;
pub mod dhtmlxq;
pub mod dhtmlxq_write;
pub mod move_tree;
pub mod pgn_read;
pub mod pgn_tokens;
pub mod pgn_write;
pub mod ucci;
pub mod xqf;

pub use dhtmlxq::read_dhtmlxq;
pub use dhtmlxq_write::{write_dhtmlxq, write_dhtmlxq_tree};
pub use pgn_read::read_pgn;
pub use pgn_tokens::{TokenNotation, token_notation};
pub use pgn_write::{WrittenMove, write_pgn, write_pgn_tree};
pub use ucci::{read_ucci, write_ucci};
pub use xqf::read_xqf;

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::FormatInfo;
use crate::core::record::{GameKind, Input, Record};

const fn info(
    id: &'static str,
    extensions: &'static [&'static str],
    read: bool,
    write: bool,
    binary: bool,
    description: &'static str,
) -> FormatInfo {
    FormatInfo {
        id,
        game: GameKind::Xiangqi,
        extensions,
        read,
        write,
        binary,
        companions: &[],
        description,
    }
}

static FORMATS: [FormatInfo; 12] = [
    info(
        "pgn",
        &["pgn"],
        true,
        true,
        false,
        "XQ PGN in Chinese, ICCS or WXF notation (writes Chinese, simplified)",
    ),
    info(
        "pgn-chinese",
        &["pgn"],
        false,
        true,
        false,
        "XQ PGN, Chinese notation, simplified characters (炮二平五)",
    ),
    info(
        "pgn-chinese-trad",
        &["pgn"],
        false,
        true,
        false,
        "XQ PGN, Chinese notation, traditional characters (炮二平五 馬８進７)",
    ),
    info(
        "pgn-iccs",
        &["pgn"],
        false,
        true,
        false,
        "XQ PGN, ICCS coordinate notation (H2-E2)",
    ),
    info(
        "pgn-wxf",
        &["pgn"],
        false,
        true,
        false,
        "XQ PGN, WXF notation (C2.5)",
    ),
    info(
        "dhtmlxq",
        &["dhtmlxq"],
        true,
        true,
        false,
        "DhtmlXQ / 东萍 UBB record ([DhtmlXQ] blocks, also inside .txt/.html)",
    ),
    info(
        "xqf",
        &["xqf"],
        true,
        false,
        true,
        "XQStudio XQF binary record, versions 10-18 (encrypted ones too)",
    ),
    info(
        "cbr",
        &["cbr"],
        true,
        false,
        true,
        "CCBridge (象棋桥) record, one game (binary)",
    ),
    info(
        "cbl",
        &["cbl"],
        true,
        false,
        true,
        "CCBridge (象棋桥) library of games (binary; read a slice at a time)",
    ),
    info(
        "cbf",
        &["cbf"],
        true,
        false,
        false,
        "CCBridge (象棋桥) XML record (<ChineseChessRecord>)",
    ),
    info(
        "ucci",
        &["ucci"],
        true,
        true,
        false,
        "UCCI `position … moves …` lines, or a bare ICCS move list",
    ),
    info(
        "fen",
        &["fen"],
        false,
        true,
        false,
        "FEN of the final position",
    ),
];

/// Every Xiangqi format qipu reads or writes.
pub fn formats() -> &'static [FormatInfo] {
    &FORMATS
}

/// The notation a PGN target writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PgnNotation {
    ChineseSimplified,
    ChineseTraditional,
    Iccs,
    Wxf,
}

/// For a PGN write target (`pgn`, `pgn-chinese`, `pgn-chinese-trad`, `pgn-iccs`, `pgn-wxf`):
/// the notation to render the moves in and the value of the `[Format]` tag.
pub fn pgn_target(id: &str) -> Option<(PgnNotation, &'static str)> {
    match id {
        "pgn" | "pgn-chinese" => Some((PgnNotation::ChineseSimplified, "Chinese")),
        "pgn-chinese-trad" => Some((PgnNotation::ChineseTraditional, "Chinese")),
        "pgn-iccs" => Some((PgnNotation::Iccs, "ICCS")),
        "pgn-wxf" => Some((PgnNotation::Wxf, "WXF")),
        _ => None,
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

/// The value of `[Game "…"]` in the head of a PGN, if any.
fn game_tag(head: &[u8]) -> Option<String> {
    let at = find(head, b"[Game \"")? + 7;
    let rest = head.get(at..)?;
    let end = memchr::memchr(b'"', rest)?;
    Some(String::from_utf8_lossy(rest.get(..end)?).to_ascii_lowercase())
}

fn xiangqi_game_name(v: &str) -> bool {
    v.contains("chinese chess") || v.contains("xiangqi") || v.contains("象棋") || !v.is_ascii()
}

/// Recognises a Xiangqi format by extension and content.
pub fn sniff(name: &str, head: &[u8]) -> Option<&'static str> {
    let ext = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    if head.get(0..2) == Some(b"XQ") && head.get(2).is_some_and(|v| (1..=18).contains(v)) {
        return Some("xqf");
    }
    if ext == "xqf" {
        return Some("xqf");
    }
    if head.starts_with(ccbridge::RECORD_MAGIC) {
        return Some("cbr");
    }
    if head.starts_with(ccbridge::LIBRARY_MAGIC) {
        return Some("cbl");
    }
    if cbf::looks_like(head) {
        return Some("cbf");
    }
    match ext.as_str() {
        "cbr" => return Some("cbr"),
        "cbl" => return Some("cbl"),
        "cbf" => return Some("cbf"),
        _ => {}
    }
    if ext == "dhtmlxq" || find(head, b"[DhtmlXQ").is_some() {
        return Some("dhtmlxq");
    }
    let game = game_tag(head);
    if ext == "pgn" {
        return match game {
            Some(g) if !xiangqi_game_name(&g) => None,
            _ => Some("pgn"),
        };
    }
    if game.is_some_and(|g| xiangqi_game_name(&g))
        || [
            &b"[Format \"ICCS\"]"[..],
            b"[Format \"WXF\"]",
            b"[Format \"Chinese\"]",
        ]
        .iter()
        .any(|m| find(head, m).is_some())
    {
        return Some("pgn");
    }
    let text = String::from_utf8_lossy(head);
    if ext == "ucci" || text.trim_start().starts_with("position ") {
        return Some("ucci");
    }
    if text.trim_start().starts_with('[')
        && text.split_whitespace().any(pgn_tokens::is_chinese_move)
    {
        return Some("pgn");
    }
    None
}

/// Reads a file in one of the readable formats.
pub fn read(format: &str, input: &Input) -> Vec<Result<Record, RecordError>> {
    match format {
        "pgn" => read_pgn(input.text()),
        "dhtmlxq" => read_dhtmlxq(input.text()),
        "xqf" => vec![read_xqf(&input.bytes)],
        "ucci" => read_ucci(input.text()),
        "cbr" => ccbridge::read_cbr(&input.bytes),
        "cbl" => ccbridge::read_cbl_range(&input.bytes, 0, usize::MAX).0,
        "cbf" => cbf::read_cbf(input.text()),
        other => vec![Err(RecordError::new(
            ErrorKind::Unsupported,
            format!("{other} is not a readable Xiangqi format"),
        ))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs() {
        assert_eq!(sniff("a.xqf", b""), Some("xqf"));
        assert_eq!(sniff("noext", b"XQ\x12\x00"), Some("xqf"));
        assert_eq!(sniff("page.html", b"<html>[DhtmlXQ]"), Some("dhtmlxq"));
        assert_eq!(sniff("g.pgn", b"[Game \"Chinese Chess\"]"), Some("pgn"));
        assert_eq!(sniff("g.pgn", b"[Event \"x\"]"), Some("pgn"));
        assert_eq!(sniff("g.pgn", b"[Game \"Othello\"]"), None);
        assert_eq!(sniff("g.txt", b"[Game \"Chinese Chess\"]"), Some("pgn"));
        assert_eq!(
            sniff("g.txt", "[Event \"x\"]\n1. 炮二平五 马８进７".as_bytes()),
            Some("pgn")
        );
        assert_eq!(
            sniff("m.txt", b"position startpos moves h2e2"),
            Some("ucci")
        );
        assert_eq!(sniff("m.ucci", b"h2e2"), Some("ucci"));
        assert_eq!(sniff("x.ggf", b"(;GM[Othello]"), None);
    }

    #[test]
    fn format_list() {
        let ids: Vec<_> = formats().iter().map(|f| f.id).collect();
        for id in [
            "pgn",
            "pgn-chinese",
            "pgn-chinese-trad",
            "pgn-iccs",
            "pgn-wxf",
            "dhtmlxq",
            "xqf",
            "ucci",
            "fen",
        ] {
            assert!(ids.contains(&id), "{id}");
        }
        assert!(formats().iter().all(|f| f.read || f.write));
        for f in formats()
            .iter()
            .filter(|f| f.write && f.id.starts_with("pgn"))
        {
            assert!(pgn_target(f.id).is_some(), "{}", f.id);
        }
        assert!(
            formats().iter().filter(|f| f.read).all(|f| sniff(
                &format!("x.{}", f.extensions[0]),
                b""
            )
            .is_some())
        );
    }
}
