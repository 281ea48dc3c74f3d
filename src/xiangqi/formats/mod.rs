//! Xiangqi file formats: XQ PGN (Chinese, ICCS and WXF notations, and the dialects writers
//! use), DhtmlXQ (东萍), XQF (XQStudio), CCBridge (象棋桥) CBR / CBL / CBF and UCCI move lists. Readers produce core `Record`s whose moves stay
//! text tokens (PGN) or ICCS coordinate tokens (`h2e2`: DhtmlXQ, XQF, UCCI); the notation
//! module resolves them. Writers take moves already rendered by the notation module.
//!
//! See docs/formats/xiangqi-formats.md and grammar/xiangqi-pgn.ebnf, grammar/dhtmlxq.ebnf.

#![allow(clippy::result_large_err)] // RecordError is the core API's error type, returned by value.

pub mod board;
pub(crate) mod cbf;
pub mod ccbridge;
pub(crate) mod cut;
pub(crate) mod dhtmlxq;
pub(crate) mod dhtmlxq_write;
pub(crate) mod move_tree;
pub(crate) mod pgn_read;
pub(crate) mod pgn_tokens;
pub(crate) mod pgn_write;
pub(crate) mod ucci;
pub(crate) mod write;
pub(crate) mod xqf;
pub(crate) mod xqf_write;

pub(crate) use dhtmlxq::read_dhtmlxq;
pub(crate) use pgn_read::read_pgn;
pub use pgn_tokens::{TokenNotation, token_notation};
#[cfg(test)]
pub(crate) use pgn_write::write_pgn;
pub(crate) use ucci::read_ucci;
pub use xqf::read_xqf;

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{Converted, FormatInfo, StreamCut};
use crate::core::record::{GameKind, Input, Record};
use crate::core::rules::Rules;
use crate::core::variant::Formats;

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
        read_range: None,
    }
}

/// Every Xiangqi format qipu reads or writes.
pub(crate) static FORMATS: &[FormatInfo] = &[
    info(
        "pgn",
        &["pgn"],
        true,
        true,
        false,
        "XQ PGN in Chinese, ICCS or WXF notation (writes Chinese, simplified); also a move list pasted into a .txt or stdin, tags optional (1. 炮二平五 马8进7 …)",
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
        true,
        true,
        "XQStudio XQF binary record, one game (reads versions 10-18, encrypted too; writes 10)",
    ),
    info(
        "cbr",
        &["cbr"],
        true,
        false,
        true,
        "CCBridge (象棋桥) record, one game (binary)",
    ),
    FormatInfo {
        read_range: Some(read_cbl),
        ..info(
            "cbl",
            &["cbl"],
            true,
            false,
            true,
            "CCBridge (象棋桥) library of games (binary; read a slice at a time)",
        )
    },
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

/// The games `from..from + max` of a `.cbl` library, and whether more follow.
fn read_cbl(input: &Input, from: usize, max: usize) -> (Vec<Result<Record, RecordError>>, bool) {
    ccbridge::read_cbl_range(&input.bytes, from, max)
}

/// The notation a PGN target writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PgnNotation {
    ChineseSimplified,
    ChineseTraditional,
    Iccs,
    Wxf,
}

/// For a PGN write target (`pgn`, `pgn-chinese`, `pgn-chinese-trad`, `pgn-iccs`, `pgn-wxf`):
/// the notation to render the moves in and the value of the `[Format]` tag.
pub(crate) fn pgn_target(id: &str) -> Option<(PgnNotation, &'static str)> {
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

/// What the move text of a head says about its game: moves only Xiangqi writes (Chinese,
/// ICCS with a dash or a square only Xiangqi has, WXF), moves that could be Xiangqi (bare
/// ICCS on squares Othello has too), and words that are moves of another game (Othello's
/// two-character squares and passes).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Evidence {
    pub xiangqi: usize,
    pub maybe: usize,
    pub foreign: usize,
}

impl Evidence {
    /// Enough to call a text Xiangqi moves.
    pub(crate) fn is_xiangqi(&self) -> bool {
        self.foreign == 0 && (self.xiangqi >= 2 || (self.xiangqi >= 1 && self.maybe >= 1))
    }
}

fn xiangqi_only_square(word: &str) -> bool {
    board::parse_iccs_move(word).is_some_and(|((ff, fr), (tf, tr))| {
        ff == 8 || tf == 8 || [fr, tr].iter().any(|r| *r == 0 || *r == 9)
    })
}

fn othello_word(word: &str) -> bool {
    let b = word.as_bytes();
    (b.len() == 2
        && matches!(b[0].to_ascii_lowercase(), b'a'..=b'h')
        && matches!(b[1], b'1'..=b'8'))
        || word.eq_ignore_ascii_case("pass")
        || word.eq_ignore_ascii_case("ps")
}

/// Scans the first elements of a text (tags and comments skipped) for move words.
pub(crate) fn evidence(text: &str) -> Evidence {
    let mut ev = Evidence::default();
    let mut rest = pgn_tokens::skip_space(text);
    let mut seen = 0;
    // Enough to decide: stop at the first two Xiangqi-only moves.
    while !rest.is_empty() && seen < 400 && ev.xiangqi < 2 {
        seen += 1;
        let next = match pgn_tokens::element(rest) {
            Ok((after, pgn_tokens::Element::Word(w))) => {
                let (w, _) = pgn_tokens::split_suffix(w);
                match pgn_tokens::token_notation(w) {
                    Some(TokenNotation::Chinese | TokenNotation::Wxf) => ev.xiangqi += 1,
                    Some(TokenNotation::Iccs) if w.contains('-') || xiangqi_only_square(w) => {
                        ev.xiangqi += 1
                    }
                    Some(TokenNotation::Iccs) => ev.maybe += 1,
                    None if othello_word(w) => ev.foreign += 1,
                    None => {}
                }
                after
            }
            Ok((after, _)) => after,
            // An unclosed comment or tag (the head may cut one): step over one character.
            Err(_) => rest
                .get(rest.chars().next().map_or(1, char::len_utf8)..)
                .unwrap_or(""),
        };
        rest = pgn_tokens::skip_space(next);
    }
    ev
}

/// The first lines of move text of a PGN head (after its tag lines), at most 512 bytes.
fn first_move_text(head: &[u8]) -> &[u8] {
    let mut at = 0;
    for line in head.split_inclusive(|&b| b == b'\n') {
        let t = line.trim_ascii_start();
        if !t.is_empty() && t.first() != Some(&b'[') {
            break;
        }
        at += line.len();
    }
    let rest = &head[at..];
    &rest[..rest.len().min(512)]
}

/// Xiangqi's formats, as the core reads and writes them (a part of its `Variant`).
impl Formats for crate::xiangqi::Xiangqi {
    const LIST: &'static [FormatInfo] = FORMATS;

    /// Recognises a Xiangqi format by extension and content: binary records by their magic,
    /// text by its tags and by the moves it holds (a `.txt`, a file without extension or stdin
    /// holding `1. 炮二平五 马8进7 …` or ICCS / WXF moves is a Xiangqi PGN).
    fn sniff(name: &str, head: &[u8]) -> Option<&'static str> {
        let ext = name
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        if head.get(0..2) == Some(b"XQ") && head.get(2).is_some_and(|v| (1..=18).contains(v)) {
            return Some("xqf");
        }
        if head.starts_with(ccbridge::RECORD_MAGIC) {
            return Some("cbr");
        }
        if head.starts_with(ccbridge::LIBRARY_MAGIC) {
            return Some("cbl");
        }
        match ext.as_str() {
            "xqf" => return Some("xqf"),
            "cbr" => return Some("cbr"),
            "cbl" => return Some("cbl"),
            "cbf" => return Some("cbf"),
            _ => {}
        }
        if cbf::looks_like(head) {
            return Some("cbf");
        }
        if ext == "dhtmlxq" || find(head, b"[DhtmlXQ").is_some() {
            return Some("dhtmlxq");
        }
        let game = game_tag(head);
        if game.as_deref().is_some_and(|g| !xiangqi_game_name(g)) {
            return None;
        }
        // The moves start within the first kilobytes (after the tags): look at those only.
        let start = &head[..head.len().min(8 * 1024)];
        if ext == "pgn" {
            // A PGN of another game (an Othello archive's `1. F5 D6`) is not ours. Its moves are
            // ASCII, so the first move text is looked at as UTF-8 up to its first byte that is
            // not (a GBK or Big5 file's Chinese moves then count for nothing: a PGN of ours).
            let moves = first_move_text(start);
            let ascii_start = match std::str::from_utf8(moves) {
                Ok(t) => t,
                Err(e) => std::str::from_utf8(&moves[..e.valid_up_to()]).unwrap_or(""),
            };
            let ev = evidence(ascii_start);
            return (ev.xiangqi + ev.maybe > 0 || ev.foreign == 0).then_some("pgn");
        }
        let text =
            crate::core::encoding::decode(start, crate::core::encoding::TextEncoding::Auto).text;
        if ext == "ucci" || text.trim_start().starts_with("position ") {
            return Some("ucci");
        }
        let ev = evidence(&text);
        let tagged = game.is_some()
            || [
                &b"[Format \"ICCS\"]"[..],
                b"[Format \"WXF\"]",
                b"[Format \"Chinese\"]",
                b"[Variant \"xiangqi\"]",
                b"[Variant \"Xiangqi\"]",
            ]
            .iter()
            .any(|m| find(head, m).is_some());
        (tagged || ev.is_xiangqi()).then_some("pgn")
    }

    /// Whether a file of a binary format lacks the mark its reader requires at its first bytes
    /// (`XQ` and a version up to 18 for XQF, the magic of a CCBridge record or library): the
    /// reader refuses such a file from those bytes alone, so a big one need not be read whole.
    fn lacks_mark(format: &str, head: &[u8]) -> bool {
        match format {
            "xqf" => head.get(0..2) != Some(b"XQ") || head.get(2).copied().unwrap_or(0) > 18,
            "cbr" => !head.starts_with(ccbridge::RECORD_MAGIC),
            "cbl" => !head.starts_with(ccbridge::LIBRARY_MAGIC),
            _ => false,
        }
    }

    /// Reads a file in one of the readable formats.
    fn read(format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        match format {
            "pgn" => read_pgn(input.text()),
            "dhtmlxq" => read_dhtmlxq(input.text()),
            "xqf" => vec![read_xqf(&input.bytes)],
            "ucci" => read_ucci(input.text()),
            "cbr" => ccbridge::read_cbr(&input.bytes),
            "cbl" => read_cbl(input, 0, usize::MAX).0,
            "cbf" => cbf::read_cbf(input.text()),
            other => vec![Err(RecordError::new(
                ErrorKind::Unsupported,
                format!("{other} is not a readable Xiangqi format"),
            ))],
        }
    }

    /// Where a huge text file may be cut between games: PGN, UCCI and DhtmlXQ text.
    fn stream_cut(format: &'static str, text: &str) -> StreamCut {
        match format {
            "pgn" => cut::pgn(text),
            "ucci" => cut::ucci(text),
            "dhtmlxq" => cut::dhtmlxq(text),
            _ => StreamCut::Unsupported,
        }
    }

    fn convert(records: &[Record], to: &'static str, rules: &Rules) -> Converted {
        write::convert(records, to, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sniff(name: &str, head: &[u8]) -> Option<&'static str> {
        <crate::xiangqi::Xiangqi as Formats>::sniff(name, head)
    }

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
        let ids: Vec<_> = FORMATS.iter().map(|f| f.id).collect();
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
        assert!(FORMATS.iter().all(|f| f.read || f.write));
        for f in FORMATS
            .iter()
            .filter(|f| f.write && f.id.starts_with("pgn"))
        {
            assert!(pgn_target(f.id).is_some(), "{}", f.id);
        }
        assert!(
            FORMATS.iter().filter(|f| f.read).all(|f| sniff(
                &format!("x.{}", f.extensions[0]),
                b""
            )
            .is_some())
        );
    }
}
