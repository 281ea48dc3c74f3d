//! The XQF reader (XQStudio's binary record, versions 10 to 18, read-only).
//!
//! Layout: a 1024-byte header (magic `XQ`, version, key bytes, the 32-piece table, result,
//! length-prefixed GB18030 strings), then the move tree from 0x400 in pre-order: each node is
//! a 4-byte record (from, to, flags, reserved), an optional comment length and comment. From
//! version 11 on the piece table and the move area are encrypted; the key schedule is derived
//! from header bytes 3 and 8–15. See docs/formats/xiangqi-formats.md.

use super::board::{Placement, square_name};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{Claim, GameKind, GameResult, MoveEntry, Record, Span, Tag};

const MOVES_AT: usize = 0x400;
const KEY_STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// Nested variations deeper than this are dropped (with a warning), to bound recursion.
const MAX_VARIATION_DEPTH: usize = 64;

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

/// One node of the move tree, as read.
#[derive(Debug, Clone)]
struct Node {
    from: u8,
    to: u8,
    has_next: bool,
    comment: Option<String>,
    /// Offset of the node's 4-byte record in the file.
    at: usize,
    children: Vec<usize>,
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
    if let Some(c) = nodes.first().and_then(|root| root.comment.clone()) {
        rec.comments.push(c);
    }
    let mut warnings = Vec::new();
    let (main, bad) = line_from(&nodes, 0, 0, &mut warnings);
    rec.moves = main;
    rec.warnings.append(&mut warnings);

    // Side to move: the side of the piece on the first move's source square.
    let red_first = nodes
        .first()
        .and_then(|r| r.children.first())
        .and_then(|&c| nodes.get(c))
        .and_then(|n| square(n.from))
        .and_then(|(f, r)| placement.get(f, r))
        .is_none_or(|p| p.is_ascii_uppercase());
    let fen = placement.to_fen(red_first);
    if fen != super::board::START_FEN {
        rec.setup = Some((fen, Span::new(0x10, 0x30)));
    }

    if let Some((at, ply)) = bad {
        let text = nodes_move_text(bytes, at);
        rec.parse_error = Some(
            RecordError::parse(
                format!("move record at offset {at:#x} has a square off the board"),
                Span::new(at, at + 2),
            )
            .with_ply(ply)
            .with_move(text)
            .with_label("bad square"),
        );
    } else if let Some((at, msg)) = stop {
        let main_complete = main_line_complete(&nodes);
        let span = Span::new(MOVES_AT + at, bytes.len());
        if main_complete {
            rec.warnings
                .push(Warning::new(format!("{msg}; the variations after it are lost")).at(span));
        } else {
            rec.parse_error = Some(
                RecordError::parse(msg, span)
                    .with_ply(rec.moves.len() + 1)
                    .with_label("truncated here"),
            );
        }
    }
    Ok(rec)
}

fn nodes_move_text(bytes: &[u8], at: usize) -> String {
    bytes
        .get(at..at + 2)
        .map_or(String::new(), |b| format!("{:02x}{:02x}", b[0], b[1]))
}

fn read_tags(header: &[u8], rec: &mut Record) {
    const FIELDS: [(&str, usize, usize); 11] = [
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
    for (name, at, len) in FIELDS {
        let value = header.get(at..at + len).map(gb_string).unwrap_or_default();
        if !value.is_empty() {
            rec.tags.push(Tag {
                name: name.into(),
                value: value.into(),
                span: Span::new(at, at + len),
            });
        }
    }
}

fn read_result(header: &[u8], rec: &mut Record) {
    let span = Span::new(0x33, 0x34);
    let result = match header.get(0x33).copied().unwrap_or(0) {
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
        rec.set_tag("Result", result.as_str());
        rec.claim = Some(Claim {
            result,
            termination: None,
            text: result.as_str().into(),
            span,
        });
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
    Placement::from_piece_table(&squares)
}

/// An XQF square byte (X*10+Y, X file from Red's left, Y rank from Red's side).
fn square(v: u8) -> Option<(u8, u8)> {
    let (x, y) = (v / 10, v % 10);
    (v < 90 && x <= 8).then_some((x, y))
}

/// Reads the move tree. Returns the nodes (node 0 is the root: the position before the first
/// move) and, when the area ends early, where and why.
fn read_tree(area: &[u8], version: u8, keys: &Keys) -> (Vec<Node>, Option<(usize, String)>) {
    let mut nodes: Vec<Node> = Vec::new();
    let mut pos = 0usize;
    // Tasks: read one node as a child of this parent (None = the root).
    let mut tasks: Vec<Option<usize>> = vec![None];
    while let Some(parent) = tasks.pop() {
        let at = pos;
        let truncated = |what: &str| {
            Some((
                at,
                format!(
                    "the file ends inside the {what} at offset {:#x}",
                    MOVES_AT + at
                ),
            ))
        };
        let Some(rec) = area.get(pos..pos + 4) else {
            return (nodes, truncated("move tree"));
        };
        let (raw_from, raw_to, flags) = (rec[0], rec[1], rec[2]);
        pos += 4;
        // Version 10 always stores a comment length; later versions only when flag 0x20 says so.
        let len_bytes = if version <= 10 || flags & 0x20 != 0 {
            let Some(b) = area.get(pos..pos + 4) else {
                return (nodes, truncated("move record"));
            };
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
            return (
                nodes,
                Some((
                    at,
                    format!(
                        "bad comment length {comment_len} at offset {:#x}",
                        MOVES_AT + at + 4
                    ),
                )),
            );
        }
        let comment_len = comment_len as usize;
        let comment = (comment_len > 0).then(|| {
            let (s, _, _) = encoding_rs::GB18030.decode(&area[pos..pos + comment_len]);
            s.trim_matches(|c: char| c == '\0' || c.is_whitespace())
                .to_string()
        });
        pos += comment_len;
        let (from, to) = if parent.is_none() {
            (0, 0)
        } else {
            (
                raw_from.wrapping_sub(24).wrapping_sub(keys.src),
                raw_to.wrapping_sub(32).wrapping_sub(keys.dst),
            )
        };
        let id = nodes.len();
        nodes.push(Node {
            from,
            to,
            has_next,
            comment: comment.filter(|c| !c.is_empty()),
            at: MOVES_AT + at,
            children: Vec::new(),
        });
        if let Some(p) = parent {
            if let Some(pn) = nodes.get_mut(p) {
                pn.children.push(id);
            }
            if has_alternative {
                tasks.push(Some(p));
            }
        }
        if has_next {
            tasks.push(Some(id));
        }
    }
    (nodes, None)
}

fn main_line_complete(nodes: &[Node]) -> bool {
    let mut id = 0;
    loop {
        let Some(n) = nodes.get(id) else { return false };
        match n.children.first() {
            Some(&c) => id = c,
            None => return !n.has_next,
        }
    }
}

/// The line that starts after `parent`: its first child, that child's first child … with the
/// other children as variations. Returns the moves and, for a bad square on this line, the
/// offset of its record and its ply (counted from `ply0`).
fn line_from(
    nodes: &[Node],
    parent: usize,
    depth: usize,
    warnings: &mut Vec<Warning>,
) -> (Vec<MoveEntry>, Option<(usize, usize)>) {
    let mut line = Vec::new();
    let mut id = parent;
    while let Some(&first) = nodes.get(id).and_then(|n| n.children.first()) {
        let Some(node) = nodes.get(first) else { break };
        let (Some((ff, fr)), Some((tf, tr))) = (square(node.from), square(node.to)) else {
            let ply = line.len() + 1;
            return (line, Some((node.at, ply)));
        };
        let mut entry = MoveEntry::new(
            format!("{}{}", square_name(ff, fr), square_name(tf, tr)),
            Span::new(node.at, node.at + 4),
        );
        entry.comments.extend(node.comment.clone());
        let alternatives = nodes
            .get(id)
            .map(|n| n.children.get(1..).unwrap_or(&[]))
            .unwrap_or(&[]);
        for &alt in alternatives {
            if depth >= MAX_VARIATION_DEPTH {
                warnings.push(Warning::new("variations nested too deeply are dropped"));
                break;
            }
            let mut variation = Vec::new();
            if let Some(alt_node) = nodes.get(alt) {
                match (square(alt_node.from), square(alt_node.to)) {
                    (Some((a, b)), Some((c, d))) => {
                        let mut e = MoveEntry::new(
                            format!("{}{}", square_name(a, b), square_name(c, d)),
                            Span::new(alt_node.at, alt_node.at + 4),
                        );
                        e.comments.extend(alt_node.comment.clone());
                        variation.push(e);
                        let (rest, bad) = line_from(nodes, alt, depth + 1, warnings);
                        variation.extend(rest);
                        if bad.is_some() {
                            warnings.push(Warning::new(
                                "a variation stops at a move with a square off the board",
                            ));
                        }
                    }
                    _ => warnings.push(
                        Warning::new("a variation starting with a square off the board is dropped")
                            .at(Span::new(alt_node.at, alt_node.at + 4)),
                    ),
                }
            }
            if !variation.is_empty() {
                entry.variations.push(variation);
            }
        }
        line.push(entry);
        id = first;
    }
    (line, None)
}
