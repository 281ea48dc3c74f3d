//! The XQF reader (XQStudio's binary record, versions 10 to 18, read-only).
//!
//! Layout: a 1024-byte header (magic `XQ`, version, key bytes, the 32-piece table, result,
//! length-prefixed GB18030 strings), then the move tree from 0x400 in pre-order: each node is
//! a 4-byte record (from, to, flags, reserved), an optional comment length and comment. From
//! version 11 on the piece table and the move area are encrypted; the key schedule is derived
//! from header bytes 3 and 8–15. See docs/formats/xiangqi-formats.md.

use super::board::Placement;
use super::move_tree::{self, Node, NodeRecord};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{GameKind, GameResult, Record};
use crate::core::span::Span;

const MOVES_AT: usize = 0x400;
const KEY_STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The keys of an encrypted file (all zero for version 10 and below).
#[derive(Debug, Clone, Default)]
struct Keys {
    piece: u8,
    src: u8,
    dst: u8,
    comment: i64,
    stream: [u8; 32],
}

fn square54_plus221(x: u8) -> u32 {
    let x = u32::from(x);
    x * x * 54 + 221
}

fn keys(header: &[u8], version: u8) -> Keys {
    if version <= 10 {
        return Keys::default();
    }
    let h = |i: usize| header.get(i).copied().unwrap_or(0);
    let piece = (square54_plus221(h(13)).wrapping_mul(u32::from(h(13)))) as u8;
    let src = (square54_plus221(h(14)).wrapping_mul(u32::from(piece))) as u8;
    let dst = (square54_plus221(h(15)).wrapping_mul(u32::from(src))) as u8;
    let comment = i64::from((u32::from(h(12)) * 256 + u32::from(h(13))) % 32000 + 767);
    let mask = h(3);
    let args: [u8; 4] = std::array::from_fn(|i| h(8 + i) | (h(12 + i) & mask));
    let stream = std::array::from_fn(|i| args[i % 4] & KEY_STREAM_MASK[i]);
    Keys {
        piece,
        src,
        dst,
        comment,
        stream,
    }
}

fn gb_string(field: &[u8]) -> String {
    let Some((&len, rest)) = field.split_first() else {
        return String::new();
    };
    let text = rest.get(..usize::from(len).min(rest.len())).unwrap_or(&[]);
    let (s, _, _) = encoding_rs::GB18030.decode(text);
    s.trim_matches(|c: char| c == '\0' || c.is_whitespace())
        .to_string()
}

/// Reads an XQF file into one record.
pub fn read_xqf(bytes: &[u8]) -> Result<Record, RecordError> {
    if bytes.get(0..2) != Some(b"XQ") {
        return Err(RecordError::parse(
            "not an XQF file: it does not start with `XQ`",
            Span::new(0, 2.min(bytes.len())),
        ));
    }
    let version = bytes.get(2).copied().unwrap_or(0);
    if version > 18 {
        return Err(RecordError::new(
            ErrorKind::Unsupported,
            format!("XQF version {version} is not supported (10–18 are)"),
        )
        .at(Span::new(2, 3)));
    }
    if bytes.len() < MOVES_AT + 4 {
        return Err(RecordError::parse(
            format!(
                "truncated XQF file: {} bytes, the header and first move record need {}",
                bytes.len(),
                MOVES_AT + 4
            ),
            Span::new(bytes.len().min(MOVES_AT), bytes.len()),
        ));
    }
    let header = &bytes[..MOVES_AT];
    let keys = keys(header, version);
    let mut rec = Record::new(GameKind::Xiangqi, "xqf", 0);
    rec.span = Span::new(0, bytes.len());
    read_tags(header, &mut rec);
    read_result(header, &mut rec);

    // The move area, decrypted with the position-based key stream.
    let area: Vec<u8> = bytes[MOVES_AT..]
        .iter()
        .enumerate()
        .map(|(i, b)| b.wrapping_sub(keys.stream[i % 32]))
        .collect();
    let (nodes, stop) = read_tree(&area, version, &keys);

    let placement = read_pieces(header, version, &keys);
    let placement = match placement {
        Ok(p) => p,
        Err(msg) => {
            rec.parse_error = Some(
                RecordError::new(ErrorKind::BadSetup, format!("bad piece table: {msg}"))
                    .at(Span::new(0x10, 0x30))
                    .with_label("piece table"),
            );
            return Ok(rec);
        }
    };
    move_tree::fill_record(&mut rec, &nodes, stop);
    // Side to move: the side of the piece on the first move's source square; with no move,
    // the side the placement allows.
    let red_first = move_tree::first_mover_is_red(&nodes, |(f, r)| placement.get(f, r))
        .unwrap_or_else(|| placement.red_to_move_without_moves());
    let fen = placement.to_fen(red_first);
    if fen != super::board::START_FEN {
        rec.setup = Some((fen, Span::new(0x10, 0x30)));
    }
    Ok(rec)
}

/// The header's text fields, as (tag, offset, width): a length byte, then GB18030 text.
pub(super) const FIELDS: [(&str, usize, usize); 11] = [
    ("Title", 0x50, 64),
    ("Event", 0xD0, 64),
    ("Date", 0x110, 16),
    ("Site", 0x120, 16),
    ("Red", 0x130, 16),
    ("Black", 0x140, 16),
    ("TimeControl", 0x150, 64),
    ("RedTime", 0x190, 16),
    ("BlackTime", 0x1A0, 16),
    ("Annotator", 0x1D0, 16),
    ("Author", 0x1E0, 16),
];

/// Where the header holds the result (0 none, 1 Red wins, 2 Black wins, 3 draw).
pub(super) const RESULT_AT: usize = 0x33;
/// Where the move tree starts.
pub(super) const TREE_AT: usize = MOVES_AT;

fn read_tags(header: &[u8], rec: &mut Record) {
    for (name, at, len) in FIELDS {
        let value = header.get(at..at + len).map(gb_string).unwrap_or_default();
        if !value.is_empty() {
            rec.add_tag(name, value, Span::new(at, at + len));
        }
    }
}

fn read_result(header: &[u8], rec: &mut Record) {
    let span = Span::new(RESULT_AT, RESULT_AT + 1);
    let result = match header.get(RESULT_AT).copied().unwrap_or(0) {
        0 => None,
        1 => Some(GameResult::FirstWins),
        2 => Some(GameResult::SecondWins),
        3 | 4 => Some(GameResult::Draw),
        other => {
            rec.warnings
                .push(Warning::new(format!("unknown XQF result code {other}")).at(span));
            None
        }
    };
    if let Some(result) = result {
        rec.set_result(result, span);
    }
}

fn read_pieces(header: &[u8], version: u8, keys: &Keys) -> Result<Placement, String> {
    let raw = header.get(0x10..0x30).ok_or("no piece table")?;
    let mut table = [0u8; 32];
    for (i, &b) in raw.iter().enumerate() {
        let slot = if version >= 12 {
            (usize::from(keys.piece) + 1 + i) % 32
        } else {
            i
        };
        table[slot] = b.wrapping_sub(keys.piece);
    }
    let squares: [Option<(u8, u8)>; 32] = std::array::from_fn(|i| square(table[i]));
    Placement::from_piece_table(&squares).map_err(|e| e.to_string())
}

/// An XQF square byte (X*10+Y, X file from Red's left, Y rank from Red's side).
fn square(v: u8) -> Option<(u8, u8)> {
    let (x, y) = (v / 10, v % 10);
    (v < 90 && x <= 8).then_some((x, y))
}

/// Reads the move tree from the decrypted move area. Returns the nodes (node 0 is the root:
/// the position before the first move) and, when the area ends early, where and why.
fn read_tree(area: &[u8], version: u8, keys: &Keys) -> (Vec<Node>, Option<(usize, String)>) {
    let mut pos = 0usize;
    move_tree::build(|root| {
        let at = pos;
        let truncated = |what: &str| {
            (
                MOVES_AT + at,
                format!(
                    "the file ends inside the {what} at offset {:#x}",
                    MOVES_AT + at
                ),
            )
        };
        let rec = area
            .get(pos..pos + 4)
            .ok_or_else(|| truncated("move tree"))?;
        let (raw_from, raw_to, flags) = (rec[0], rec[1], rec[2]);
        pos += 4;
        // Version 10 always stores a comment length; later versions only when flag 0x20 says so.
        let len_bytes = if version <= 10 || flags & 0x20 != 0 {
            let b = area
                .get(pos..pos + 4)
                .ok_or_else(|| truncated("move record"))?;
            pos += 4;
            Some([b[0], b[1], b[2], b[3]])
        } else {
            None
        };
        let (has_next, has_alternative, comment_len) = match len_bytes {
            Some(b) if version <= 10 => (
                flags & 0xF0 != 0,
                flags & 0x0F != 0,
                i64::from(u32::from_le_bytes(b)),
            ),
            Some(b) => (
                flags & 0x80 != 0,
                flags & 0x40 != 0,
                i64::from(i32::from_le_bytes(b)) - keys.comment,
            ),
            None => (flags & 0x80 != 0, flags & 0x40 != 0, 0),
        };
        let remaining = area.len() - pos;
        if comment_len < 0 || comment_len as u64 > remaining as u64 {
            return Err((
                MOVES_AT + at,
                format!(
                    "bad comment length {comment_len} at offset {:#x}",
                    MOVES_AT + at + 4
                ),
            ));
        }
        let comment_len = comment_len as usize;
        let comment = (comment_len > 0)
            .then(|| {
                let (s, _, _) = encoding_rs::GB18030.decode(&area[pos..pos + comment_len]);
                s.trim_matches(|c: char| c == '\0' || c.is_whitespace())
                    .to_string()
            })
            .filter(|c| !c.is_empty());
        pos += comment_len;
        let (from, to) = if root {
            (0, 0)
        } else {
            (
                raw_from.wrapping_sub(24).wrapping_sub(keys.src),
                raw_to.wrapping_sub(32).wrapping_sub(keys.dst),
            )
        };
        Ok(NodeRecord {
            at: MOVES_AT + at,
            squares: square(from).zip(square(to)),
            raw: [from, to],
            has_next,
            has_alternative,
            comment,
        })
    })
}
