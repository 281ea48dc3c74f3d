//! CCBridge (象棋桥) binary records: `.cbr`, one game, and `.cbl`, a library of games.
//!
//! A record is a 2214-byte header of fixed-width UTF-16LE fields (title, event, players …),
//! the result, the side to move, a 90-byte board (top row first, `0x1n` Red / `0x2n` Black,
//! n = 1 rook … 7 pawn), then the move tree in pre-order: four bytes a node (flags, unused,
//! from, to; flags 0x01 the line ends, 0x02 an alternative follows, 0x04 a comment follows as
//! a 4-byte byte length and UTF-16LE text). The first node is the start position's.
//!
//! A library is a header (name, remarks), an index of 276-byte entries (one per slot the
//! library was built for, the slot count at offset 60), then the records on 4096-byte
//! boundaries; a long record runs on into the following blocks. Index entries whose flags
//! lack bit 0x02 are deleted games: their records are skipped. A record with no piece on its
//! board and no move is a heading (CCBridge shows it as a chapter title): it is not a game,
//! and its title becomes the `Section` tag of the games after it.
//!
//! The gaps between the documented fields hold whatever was in CCBridge's memory, so only
//! the fields below are read, each up to its first NUL. See docs/formats/xiangqi-formats.md.

use super::board::{Placement, START_FEN};
use super::move_tree::{self, Node, NodeRecord, Square};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{GameKind, GameResult, Record};
use crate::core::span::Span;

pub const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
pub(crate) const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// Where the move tree starts in a record.
const MOVES_AT: usize = 2214;
const BOARD_AT: usize = 2120;
const RESULT_AT: usize = 2076;
const SIDE_AT: usize = 2112;
const KIND_AT: usize = 19;
/// Records of a library sit on boundaries of this many bytes.
const BLOCK: usize = 4096;
/// The library's index starts here, one entry per slot.
const INDEX_AT: usize = 66624;
const INDEX_ENTRY: usize = 276;
const SLOTS_AT: usize = 60;
#[cfg(test)]
const LIBRARY_NAME: (usize, usize) = (64, 512);

/// The header fields read, as (tag, offset, width in bytes).
const FIELDS: [(&str, usize, usize); 15] = [
    ("Title", 180, 128),
    ("Source", 564, 64),
    ("Event", 692, 64),
    ("Round", 756, 64),
    ("Group", 820, 32),
    ("Table", 852, 32),
    ("Date", 884, 64),
    ("Site", 948, 64),
    ("TimeControl", 1012, 64),
    ("Red", 1076, 64),
    ("RedTeam", 1140, 64),
    ("Black", 1300, 64),
    ("BlackTeam", 1364, 64),
    ("Annotator", 1652, 64),
    ("Author", 1780, 64),
];

/// A fixed-width UTF-16LE field, up to its first NUL. `None` when empty or when what it holds
/// is not text (stray memory: control characters, unpaired surrogates).
fn utf16_field(bytes: &[u8]) -> Option<String> {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    let text = String::from_utf16(&units).ok()?;
    let text = text.trim();
    if text.is_empty() || text.chars().any(|c| c.is_control() || c == '\u{FFFD}') {
        return None;
    }
    Some(text.to_string())
}

/// Comment text: UTF-16LE, NULs and surrounding blanks trimmed, control characters other than
/// line breaks and tabs dropped.
fn utf16_text(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    String::from_utf16_lossy(&units)
        .chars()
        .filter(|&c| !c.is_control() || matches!(c, '\n' | '\r' | '\t'))
        .collect::<String>()
        .trim()
        .to_string()
}

fn le_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A board index (0 = Black's back rank, left) as an ICCS square.
fn square(index: u8) -> Option<Square> {
    (index < 90).then(|| (index % 9, 9 - index / 9))
}

fn piece_letter(code: u8) -> Option<char> {
    let letter = match code & 0x0F {
        1 => 'R',
        2 => 'N',
        3 => 'B',
        4 => 'A',
        5 => 'K',
        6 => 'C',
        7 => 'P',
        _ => return None,
    };
    match code >> 4 {
        1 => Some(letter),
        2 => Some(letter.to_ascii_lowercase()),
        _ => None,
    }
}

fn read_board(board: &[u8], base: usize) -> Result<Placement, RecordError> {
    let mut p = Placement::empty();
    for (i, &code) in board.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let at = Span::new(base + i, base + i + 1);
        let bad = |msg: String| {
            RecordError::new(ErrorKind::BadSetup, msg)
                .at(at)
                .with_label("board byte")
        };
        let letter =
            piece_letter(code).ok_or_else(|| bad(format!("unknown piece byte {code:#04x}")))?;
        let (file, rank) = square(i as u8).unwrap_or((0, 0));
        p.put(file, rank, letter).map_err(|e| bad(e.to_string()))?;
    }
    Ok(p)
}

/// Reads the move tree of the record at `start`, which may not run past `end`.
fn read_tree(bytes: &[u8], start: usize, end: usize) -> (Vec<Node>, Option<(usize, String)>) {
    let mut pos = start + MOVES_AT;
    move_tree::build(|root| {
        let at = pos;
        let node = bytes
            .get(pos..(pos + 4).min(end))
            .filter(|n| n.len() == 4)
            .ok_or_else(|| {
                (
                    at,
                    format!("the record ends inside its move list at offset {at:#x}"),
                )
            })?;
        let (flags, from, to) = (node[0], node[2], node[3]);
        if !root && node == [0, 0, 0, 0] {
            return Err((
                at,
                format!("the move list stops early at offset {at:#x} (an empty move record)"),
            ));
        }
        pos += 4;
        let comment = if flags & 0x04 != 0 {
            let len = le_u32(bytes, pos)
                .filter(|_| pos + 4 <= end)
                .ok_or_else(|| {
                    (
                        at,
                        format!("the record ends inside a comment length at offset {pos:#x}"),
                    )
                })? as usize;
            pos += 4;
            if len > end - pos {
                return Err((
                    at,
                    format!(
                        "comment length {len} at offset {:#x} runs past the record's end",
                        pos - 4
                    ),
                ));
            }
            let text = utf16_text(&bytes[pos..pos + len]);
            pos += len;
            Some(text).filter(|t| !t.is_empty())
        } else {
            None
        };
        Ok(NodeRecord {
            at,
            squares: if root {
                None
            } else {
                square(from).zip(square(to))
            },
            raw: [from, to],
            has_next: flags & 0x01 == 0,
            has_alternative: !root && flags & 0x02 != 0,
            comment,
        })
    })
}

/// What a record turned out to be.
enum Read {
    Game(Box<Record>),
    /// A chapter title: no piece, no move.
    Heading(Option<String>),
}

/// A heading: a record with no piece on its board whose start node ends the move list (and
/// whose comment, if any, fits in the record). Returns its title.
fn heading(bytes: &[u8], start: usize, end: usize) -> Option<Option<String>> {
    let board = bytes.get(start + BOARD_AT..start + BOARD_AT + 90)?;
    let root = bytes.get(start + MOVES_AT..start + MOVES_AT + 4)?;
    if start + MOVES_AT + 4 > end || board.iter().any(|&b| b != 0) || root[0] & 0x01 == 0 {
        return None;
    }
    if root[0] & 0x04 != 0 {
        let len = le_u32(bytes, start + MOVES_AT + 4)? as usize;
        if start + MOVES_AT + 8 > end || len > end - (start + MOVES_AT + 8) {
            return None;
        }
    }
    Some(FIELDS.first().and_then(|&(_, at, width)| {
        bytes
            .get(start + at..start + at + width)
            .and_then(utf16_field)
    }))
}

/// Reads the record at `start..end` of `bytes` (offsets in the file, so spans point into it).
fn read_record(bytes: &[u8], start: usize, end: usize, index: usize) -> Result<Read, RecordError> {
    let rec_bytes = bytes.get(start..end).unwrap_or(&[]);
    if rec_bytes.get(..16) != Some(&RECORD_MAGIC[..]) {
        return Err(RecordError::parse(
            "not a CCBridge record: it does not start with `CCBridge Record`",
            Span::new(start, (start + 16).min(end)),
        ));
    }
    if rec_bytes.len() < MOVES_AT + 4 {
        return Err(RecordError::parse(
            format!(
                "truncated CCBridge record: {} bytes, its header and first move record need {}",
                rec_bytes.len(),
                MOVES_AT + 4
            ),
            Span::new(start, end),
        ));
    }
    if let Some(title) = heading(bytes, start, end) {
        return Ok(Read::Heading(title));
    }
    let mut rec = Record::new(GameKind::Xiangqi, "cbr", index);
    rec.span = Span::new(start, end);
    let kind = rec_bytes[KIND_AT];
    if kind != 2 {
        rec.warnings.push(
            Warning::new(format!(
                "record kind {kind} (CCBridge writes 2): read as a kind-2 record"
            ))
            .at(Span::new(start + KIND_AT, start + KIND_AT + 1)),
        );
    }
    for (name, at, width) in FIELDS {
        if let Some(value) = utf16_field(&rec_bytes[at..at + width]) {
            rec.add_tag(name, value, Span::new(start + at, start + at + width));
        }
    }
    let result_span = Span::new(start + RESULT_AT, start + RESULT_AT + 1);
    let result = match rec_bytes[RESULT_AT] {
        1 => Some(GameResult::FirstWins),
        2 => Some(GameResult::SecondWins),
        3 => Some(GameResult::Draw),
        // 0 unknown, 4 "several" (a study with more than one outcome): no claim.
        _ => None,
    };
    if let Some(result) = result {
        rec.set_result(result, result_span);
    }
    let (nodes, stop) = read_tree(bytes, start, end);
    let placement = match read_board(&rec_bytes[BOARD_AT..BOARD_AT + 90], start + BOARD_AT) {
        Ok(p) => p,
        Err(e) => {
            rec.parse_error = Some(e);
            return Ok(Read::Game(Box::new(rec)));
        }
    };
    move_tree::fill_record(&mut rec, &nodes, stop);
    let red_first = move_tree::first_mover_is_red(&nodes, |(f, r)| placement.get(f, r))
        .unwrap_or(rec_bytes[SIDE_AT] != 2);
    let fen = placement.to_fen(red_first);
    if fen != START_FEN {
        rec.setup = Some((fen, Span::new(start + BOARD_AT, start + BOARD_AT + 90)));
    }
    Ok(Read::Game(Box::new(rec)))
}

/// Reads a `.cbr` file: one record.
pub(crate) fn read_cbr(bytes: &[u8]) -> Vec<Result<Record, RecordError>> {
    match read_record(bytes, 0, bytes.len(), 0) {
        Ok(Read::Game(r)) => vec![Ok(*r)],
        Ok(Read::Heading(_)) => vec![Err(RecordError::new(
            ErrorKind::Parse,
            "this CCBridge record holds no game: no piece on its board and no move",
        )
        .at(Span::new(BOARD_AT, BOARD_AT + 90)))],
        Err(e) => vec![Err(e)],
    }
}

/// A library's record: where it is (up to the next record, or the end of the file).
struct Slot {
    start: usize,
    end: usize,
}

/// The GUID a record carries at offset 20, as its index entry writes it.
fn record_guid(bytes: &[u8], start: usize) -> Option<String> {
    let g = bytes.get(start + 20..start + 36)?;
    let d1 = u32::from_le_bytes([g[0], g[1], g[2], g[3]]);
    let d2 = u16::from_le_bytes([g[4], g[5]]);
    let d3 = u16::from_le_bytes([g[6], g[7]]);
    let tail: String = g[8..].iter().map(|b| format!("{b:02X}")).collect();
    Some(format!(
        "{{{d1:08X}-{d2:04X}-{d3:04X}-{}-{}}}",
        &tail[..4],
        &tail[4..]
    ))
}

/// The records of a library, in file order, without the deleted ones.
fn library_slots(bytes: &[u8]) -> Result<Vec<Slot>, RecordError> {
    if bytes.get(..16) != Some(&LIBRARY_MAGIC[..]) {
        return Err(RecordError::parse(
            "not a CCBridge library: it does not start with `CCBridgeLibrary`",
            Span::new(0, bytes.len().min(16)),
        ));
    }
    let slots = le_u32(bytes, SLOTS_AT).ok_or_else(|| {
        RecordError::new(
            ErrorKind::BadHeader,
            format!(
                "truncated CCBridge library: {} bytes, its header is {INDEX_AT}",
                bytes.len()
            ),
        )
        .at(Span::new(0, bytes.len()))
    })?;
    let first = (slots as u64) * INDEX_ENTRY as u64 + INDEX_AT as u64;
    if first > bytes.len() as u64 {
        return Err(RecordError::new(
            ErrorKind::BadHeader,
            format!(
                "the library's header claims an index of {slots} entries, which needs {first} bytes; the file has {}",
                bytes.len()
            ),
        )
        .at(Span::new(SLOTS_AT, SLOTS_AT + 4))
        .with_label("slot count"));
    }
    let first = first as usize;
    let deleted: Vec<String> = (0..slots as usize)
        .filter_map(|i| {
            let at = INDEX_AT + i * INDEX_ENTRY;
            let flags = le_u32(bytes, at)?;
            (flags != 0 && flags & 0x02 == 0)
                .then(|| bytes.get(at + 20..at + 100).and_then(utf16_field))
                .flatten()
        })
        .collect();
    let starts: Vec<usize> = (first..bytes.len())
        .step_by(BLOCK)
        .filter(|&at| bytes.get(at..at + 16) == Some(&RECORD_MAGIC[..]))
        .collect();
    let mut out = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
        let gone =
            !deleted.is_empty() && record_guid(bytes, start).is_some_and(|g| deleted.contains(&g));
        if !gone {
            out.push(Slot { start, end });
        }
    }
    Ok(out)
}

#[cfg(test)]
/// The library's name (header offset 64).
pub(crate) fn library_name(bytes: &[u8]) -> Option<String> {
    bytes
        .get(LIBRARY_NAME.0..LIBRARY_NAME.0 + LIBRARY_NAME.1)
        .and_then(utf16_field)
}

/// Reads the games `from..from + max` of a `.cbl` library, and whether more follow.
pub(crate) fn read_cbl_range(
    bytes: &[u8],
    from: usize,
    max: usize,
) -> (Vec<Result<Record, RecordError>>, bool) {
    let slots = match library_slots(bytes) {
        Ok(s) => s,
        Err(e) => return (if from == 0 { vec![Err(e)] } else { Vec::new() }, false),
    };
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    let mut index = 0usize;
    let mut found_any = false;
    for slot in &slots {
        // Before `from`, only the headings matter (for the Section tag).
        if index < from {
            match heading(bytes, slot.start, slot.end) {
                Some(title) => section = title,
                None => index += 1,
            }
            found_any = true;
            continue;
        }
        let read = read_record(bytes, slot.start, slot.end, index);
        if let Ok(Read::Heading(title)) = &read {
            section = title.clone();
            continue;
        }
        found_any = true;
        {
            if out.len() == max {
                return (out, true);
            }
            out.push(match read {
                Ok(Read::Game(mut r)) => {
                    r.format = "cbl";
                    if let Some(s) = &section {
                        r.set_tag("Section", s.clone());
                    }
                    Ok(*r)
                }
                Ok(Read::Heading(_)) => continue,
                Err(e) => Err(e),
            });
        }
        index += 1;
    }
    if !found_any && from == 0 {
        out.push(Err(RecordError::parse(
            "this CCBridge library holds no game",
            Span::new(0, bytes.len().min(16)),
        )));
    }
    (out, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(board: &[(usize, u8)], moves: &[[u8; 4]]) -> Vec<u8> {
        let mut b = vec![0u8; MOVES_AT];
        b[..16].copy_from_slice(RECORD_MAGIC);
        b[KIND_AT] = 2;
        for (i, ch) in "Test".encode_utf16().enumerate() {
            b[180 + 2 * i..182 + 2 * i].copy_from_slice(&ch.to_le_bytes());
        }
        for &(sq, code) in board {
            b[BOARD_AT + sq] = code;
        }
        b[RESULT_AT] = 1;
        b.extend_from_slice(&[0, 0, 0, 0]); // the start position's node
        for m in moves {
            b.extend_from_slice(m);
        }
        b
    }

    #[test]
    fn reads_tags_board_moves() {
        // Kings only: Red e0 (index 85), Black e9 (index 4).
        let b = record(&[(85, 0x15), (4, 0x25)], &[[0x01, 0, 85, 76]]);
        let recs = read_cbr(&b);
        let r = recs[0].as_ref().unwrap();
        assert_eq!(r.tag("Title"), Some("Test"));
        assert_eq!(r.claim.as_ref().unwrap().result, GameResult::FirstWins);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].text, "e0e1");
        assert_eq!(
            r.setup.as_ref().unwrap().0,
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
        );
        assert!(r.parse_error.is_none());
    }

    #[test]
    fn variations_and_truncation() {
        // e0e1 (alternative follows) ends; then e0d0 as its alternative, ends.
        let b = record(
            &[(85, 0x15), (4, 0x25)],
            &[[0x03, 0, 85, 76], [0x01, 0, 85, 84]],
        );
        let r = read_cbr(&b).remove(0).unwrap();
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].variations[0][0].text, "e0d0");
        // The main line says a move follows, and the file ends.
        let b = record(&[(85, 0x15), (4, 0x25)], &[[0x00, 0, 85, 76]]);
        let r = read_cbr(&b).remove(0).unwrap();
        assert!(r.parse_error.is_some());
        // An unknown piece byte.
        let b = record(&[(85, 0x19)], &[]);
        let r = read_cbr(&b).remove(0).unwrap();
        assert_eq!(r.parse_error.unwrap().kind, ErrorKind::BadSetup);
        // A comment length past the end.
        let mut b = record(&[(85, 0x15), (4, 0x25)], &[[0x05, 0, 85, 76]]);
        b.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(read_cbr(&b).remove(0).unwrap().parse_error.is_some());
    }

    #[test]
    fn hostile_libraries_are_refused() {
        let mut b = vec![0u8; INDEX_AT];
        b[..16].copy_from_slice(LIBRARY_MAGIC);
        b[SLOTS_AT..SLOTS_AT + 4].copy_from_slice(&1_000_000u32.to_le_bytes());
        let (recs, more) = read_cbl_range(&b, 0, 10);
        assert!(!more);
        let e = recs[0].as_ref().unwrap_err();
        assert!(e.message.contains("1000000"), "{}", e.message);
        assert!(read_cbl_range(&b[..100], 0, 10).0[0].is_err());
        b[SLOTS_AT..SLOTS_AT + 4].copy_from_slice(&0u32.to_le_bytes());
        assert!(read_cbl_range(&b, 0, 10).0[0].is_err(), "no game");
    }

    #[test]
    fn guid_text() {
        let mut b = vec![0u8; 36];
        b[20..36].copy_from_slice(&[
            0xb5, 0x10, 0x01, 0x97, 0x94, 0xf4, 0x0d, 0x41, 0xac, 0xa4, 0x26, 0xd7, 0xc4, 0xe3,
            0x79, 0x94,
        ]);
        assert_eq!(
            record_guid(&b, 0).unwrap(),
            "{970110B5-F494-410D-ACA4-26D7C4E37994}"
        );
    }
}
