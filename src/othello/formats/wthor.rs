//! WTHOR, the French Othello Federation's binary database (`.wtb`): a 16-byte header, then
//! 68-byte game records. Player and tournament names come from `WTHOR.JOU` and `WTHOR.TRN`
//! when they sit beside the file. Spans are byte ranges in the file.

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{Claim, GameKind, Input, MoveEntry, Record, Tag};
use crate::core::span::Span;
use crate::othello::notation::square_str;
use crate::othello::rules::result_of;
use compact_str::{CompactString, ToCompactString, format_compact};
use std::sync::Arc;

pub(crate) const HEADER: usize = 16;
pub(crate) const RECORD: usize = 68;

/// The header fields qipu uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Header {
    pub created: (u8, u8, u8, u8), // century, year, month, day
    pub games: u32,
    pub records: u16,
    pub year: u16,
    pub board_size: u8,
    pub game_type: u8,
    pub depth: u8,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([
        b.get(at).copied().unwrap_or(0),
        b.get(at + 1).copied().unwrap_or(0),
    ])
}

pub(crate) fn header(b: &[u8]) -> Option<Header> {
    let h = b.get(..HEADER)?;
    Some(Header {
        created: (h[0], h[1], h[2], h[3]),
        games: u32::from_le_bytes([h[4], h[5], h[6], h[7]]),
        records: u16_at(h, 8),
        year: u16_at(h, 10),
        board_size: h[12],
        game_type: h[13],
        depth: h[14],
    })
}

/// A name list (`WTHOR.JOU`: 20-byte records, `WTHOR.TRN`: 26-byte records, after a 16-byte
/// header, NUL-padded Latin-1); a name is decoded when a game asks for it (a WTHOR file names a few
/// thousand players, a slice of games only some of them).
struct NameList {
    bytes: Arc<[u8]>,
    width: usize,
}

impl NameList {
    fn get(&self, i: usize) -> Option<CompactString> {
        let at = HEADER + i.checked_mul(self.width)?;
        let c = self.bytes.get(at..at + self.width)?;
        let end = c.iter().position(|&b| b == 0).unwrap_or(c.len());
        let raw = &c[..end];
        // Latin-1: ASCII names (nearly all) are taken as they are.
        if let Ok(ascii) = std::str::from_utf8(raw).map(str::trim)
            && raw.is_ascii()
        {
            return Some(CompactString::from(ascii));
        }
        let name: CompactString = raw.iter().map(|&b| b as char).collect();
        Some(CompactString::from(name.trim()))
    }
}

fn sibling(input: &Input, name: &str) -> Option<NameList> {
    let (_, bytes) = input.siblings.iter().find(|(n, _)| n == name)?;
    Some(NameList {
        bytes: bytes.clone(),
        width: if name.ends_with(".jou") { 20 } else { 26 },
    })
}

/// The square of a move byte `10 * row + col` (row, col in 1..8), as a bit index.
pub(crate) fn square_of_byte(b: u8) -> Option<u8> {
    let (row, col) = (b / 10, b % 10);
    ((1..=8).contains(&row) && (1..=8).contains(&col)).then(|| (row - 1) * 8 + (col - 1))
}

pub(crate) fn byte_of_square(sq: u8) -> u8 {
    let sq = sq & 63;
    10 * (sq / 8 + 1) + (sq % 8 + 1)
}

fn tag(name: &str, value: impl Into<CompactString>, span: Span) -> Tag {
    Tag {
        name: name.into(),
        value: value.into(),
        span,
    }
}

/// Reads one 68-byte record at `at`.
fn game(b: &[u8], at: usize, index: usize, h: &Header, names: &Names) -> Record {
    let mut r = Record::new(GameKind::Othello, "wthor", index);
    r.span = Span::new(at, at + RECORD);
    r.tags.reserve_exact(8);
    let field = |off: usize, len: usize| Span::new(at + off, at + off + len);
    let (trn, black, white) = (u16_at(b, at), u16_at(b, at + 2), u16_at(b, at + 4));
    let real = b.get(at + 6).copied().unwrap_or(0);
    let theory = b.get(at + 7).copied().unwrap_or(0);
    let name = |list: &Option<NameList>, i: u16| list.as_ref()?.get(usize::from(i));
    if let Some(n) = name(&names.tournaments, trn) {
        r.tags.push(tag("Event", n, field(0, 2)));
    }
    r.tags
        .push(tag("EventId", trn.to_compact_string(), field(0, 2)));
    if let Some(n) = name(&names.players, black) {
        r.tags.push(tag("Black", n, field(2, 2)));
    }
    r.tags
        .push(tag("BlackId", black.to_compact_string(), field(2, 2)));
    if let Some(n) = name(&names.players, white) {
        r.tags.push(tag("White", n, field(4, 2)));
    }
    r.tags
        .push(tag("WhiteId", white.to_compact_string(), field(4, 2)));
    if h.year != 0 {
        r.tags
            .push(tag("Date", h.year.to_compact_string(), Span::new(10, 12)));
    }
    let score = if real <= 64 {
        Some((u32::from(real), 64 - u32::from(real)))
    } else {
        None
    };
    match score {
        Some((sb, sw)) => {
            r.tags
                .push(tag("Score", format_compact!("{sb}-{sw}"), field(6, 1)));
            let text = format!("{sb}-{sw}");
            r.claim = Some(Claim::written(result_of(sb, sw), text, field(6, 1)));
        }
        None => r.warnings.push(
            Warning::new(format!(
                "real score byte {real} is over 64; no result claimed"
            ))
            .at(field(6, 1)),
        ),
    }
    r.tags.push(tag(
        "TheoreticalScore",
        theory.to_compact_string(),
        field(7, 1),
    ));
    // One allocation for the move list (it would otherwise grow several times per game).
    let written = b
        .get(at + 8..(at + RECORD).min(b.len()))
        .map(|m| m.iter().take_while(|&&x| x != 0).count())
        .unwrap_or(0);
    r.moves.reserve_exact(written);
    for i in 0..60 {
        let off = at + 8 + i;
        let mv = b.get(off).copied().unwrap_or(0);
        if mv == 0 {
            break;
        }
        match square_of_byte(mv) {
            Some(sq) => {
                let mut e = MoveEntry::new(square_str(sq), Span::new(off, off + 1));
                e.number = Some(i as u32 + 1);
                r.moves.push(e);
            }
            None => {
                r.parse_error = Some(
                    RecordError::parse(
                        format!("move byte {mv} at offset {off} is not a square (11..88)"),
                        Span::new(off, off + 1),
                    )
                    .with_label("bad move byte"),
                );
                break;
            }
        }
    }
    r
}

struct Names {
    players: Option<NameList>,
    tournaments: Option<NameList>,
}

/// Reads every game of a WTHOR file.
pub(crate) fn read(input: &Input) -> Vec<Result<Record, RecordError>> {
    read_range(input, 0, usize::MAX).0
}

/// Reads the games `from..from + max` of a WTHOR file, and whether games remain after them.
/// A file that is not WTHOR at all gives one error at `from == 0` (nothing after).
pub(crate) fn read_range(
    input: &Input,
    from: usize,
    max: usize,
) -> (Vec<Result<Record, RecordError>>, bool) {
    let whole_file_error = |e: RecordError| {
        if from == 0 {
            (vec![Err(e)], false)
        } else {
            (Vec::new(), false)
        }
    };
    let b: &[u8] = &input.bytes;
    let Some(h) = header(b) else {
        return whole_file_error(
            RecordError::new(
                ErrorKind::BadHeader,
                format!(
                    "a WTHOR file starts with a 16-byte header; this one has {} bytes",
                    b.len()
                ),
            )
            .at(Span::new(0, b.len())),
        );
    };
    if h.board_size != 0 && h.board_size != 8 {
        return whole_file_error(
            RecordError::new(
                ErrorKind::Unsupported,
                format!(
                    "board size {} (only 8x8 WTHOR files are supported)",
                    h.board_size
                ),
            )
            .at(Span::new(12, 13)),
        );
    }
    let names = Names {
        players: sibling(input, "wthor.jou"),
        tournaments: sibling(input, "wthor.trn"),
    };
    let in_file = (b.len() - HEADER) / RECORD;
    let count = if h.games == 0 {
        in_file
    } else {
        h.games as usize
    };
    let end = count.min(from.saturating_add(max));
    let mut games = Vec::with_capacity(end.saturating_sub(from).min(in_file + 1));
    for i in from..end {
        let at = HEADER + i * RECORD;
        if at + RECORD > b.len() {
            games.push(Err(RecordError::parse(
                format!(
                    "the file is truncated: the header counts {count} games, game {i} needs bytes {at}..{} but the file has {} bytes",
                    at + RECORD,
                    b.len()
                ),
                Span::new(at.min(b.len()), b.len()),
            )
            .with_label("truncated record")));
            return (games, false);
        }
        games.push(Ok(game(b, at, i, &h, &names)));
    }
    (games, end < count)
}

/// One game for the writer.
pub(crate) struct WthorGame {
    pub tournament: u16,
    pub black: u16,
    pub white: u16,
    pub real: u8,
    pub theoretical: u8,
    /// Squares in order (passes left out).
    pub squares: Vec<u8>,
}

/// Today's date as (century, year in century, month, day), from the system clock.
fn today() -> (u8, u8, u8, u8) {
    let (y, m, d) = crate::core::date::today();
    ((y / 100) as u8, (y % 100) as u8, m as u8, d as u8)
}

/// Writes a WTHOR file: header (today's date, `year` as the games' year, `depth` as the
/// depth of the theoretical scores: the empties from which they are perfect play, 0 when
/// unknown) and records.
pub(crate) fn write(games: &[WthorGame], year: u16, depth: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + RECORD * games.len());
    let (c, y, m, d) = today();
    out.extend_from_slice(&[c, y, m, d]);
    out.extend_from_slice(&(games.len() as u32).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&year.to_le_bytes());
    out.extend_from_slice(&[8, 0, depth, 0]);
    for g in games {
        out.extend_from_slice(&g.tournament.to_le_bytes());
        out.extend_from_slice(&g.black.to_le_bytes());
        out.extend_from_slice(&g.white.to_le_bytes());
        out.push(g.real);
        out.push(g.theoretical);
        let mut moves = [0u8; 60];
        for (slot, &sq) in moves.iter_mut().zip(&g.squares) {
            *slot = byte_of_square(sq);
        }
        out.extend_from_slice(&moves);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn input(bytes: Vec<u8>) -> Input {
        Input {
            name: "t.wtb".into(),
            bytes: Arc::from(bytes),
            text: None,
            siblings: Vec::new(),
        }
    }

    #[test]
    fn write_then_read() {
        let g = WthorGame {
            tournament: 3,
            black: 7,
            white: 9,
            real: 40,
            theoretical: 36,
            squares: vec![4 * 8 + 5, 5 * 8 + 3],
        };
        let bytes = write(&[g], 1999, 0);
        assert_eq!(bytes.len(), HEADER + RECORD);
        assert_eq!(bytes[HEADER + 8], 56); // f5 = row 5, col 6
        let v = read(&input(bytes));
        let r = v[0].as_ref().unwrap();
        assert_eq!(
            r.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
            ["f5", "d6"]
        );
        assert_eq!(r.tag("Score"), Some("40-24"));
        assert_eq!(r.tag("Date"), Some("1999"));
        assert_eq!(r.tag("BlackId"), Some("7"));
        assert_eq!(r.moves[1].span, Span::new(HEADER + 9, HEADER + 10));
    }

    #[test]
    fn slices_read_the_same_games_as_the_whole_file() {
        let games: Vec<WthorGame> = (0..7u8)
            .map(|i| WthorGame {
                tournament: u16::from(i),
                black: 1,
                white: 2,
                real: 30 + i,
                theoretical: 32,
                squares: vec![4 * 8 + 5, 5 * 8 + 3],
            })
            .collect();
        let mut bytes = write(&games, 2001, 0);
        bytes.truncate(bytes.len() - 10); // the last game is cut short
        let whole = read(&input(bytes.clone()));
        assert_eq!(whole.len(), 7);
        assert!(whole[6].is_err());
        for max in [1, 2, 3, 6, 7, 100] {
            let inp = input(bytes.clone());
            let (mut all, mut from) = (Vec::new(), 0);
            loop {
                let (part, more) = read_range(&inp, from, max);
                assert!(part.len() <= max);
                from += part.len();
                all.extend(part);
                if !more {
                    break;
                }
            }
            let key = |v: &[Result<Record, RecordError>]| {
                v.iter()
                    .map(|r| match r {
                        Ok(r) => format!("{} {:?}", r.index, r.tag("EventId")),
                        Err(e) => e.message.clone(),
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(key(&all), key(&whole), "slices of {max}");
        }
        // A file that is not WTHOR: one error, at the first slice only.
        assert_eq!(read_range(&input(vec![1, 2, 3]), 0, 5).0.len(), 1);
        assert!(read_range(&input(vec![1, 2, 3]), 5, 5).0.is_empty());
    }

    #[test]
    fn truncation_and_bad_bytes_give_offsets() {
        let g = WthorGame {
            tournament: 0,
            black: 0,
            white: 0,
            real: 32,
            theoretical: 32,
            squares: vec![4 * 8 + 5],
        };
        let mut bytes = write(&[g], 1999, 0);
        bytes[HEADER + 9] = 99;
        let r = read(&input(bytes.clone())).remove(0).unwrap();
        assert_eq!(
            r.parse_error.unwrap().span,
            Some(Span::new(HEADER + 9, HEADER + 10))
        );
        bytes.truncate(50);
        let e = read(&input(bytes)).remove(0).unwrap_err();
        assert_eq!(e.span, Some(Span::new(HEADER, 50)));
        assert_eq!(
            read(&input(vec![1, 2])).remove(0).unwrap_err().kind,
            ErrorKind::BadHeader
        );
    }

    #[test]
    fn names_are_nul_padded_latin1() {
        let mut b = vec![0u8; HEADER];
        b.extend_from_slice(b"Tastet Marc\0\0\0\0\0\0\0\0\0");
        b.extend_from_slice(b"Jos\xe9\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0");
        let names = NameList {
            bytes: Arc::from(b),
            width: 20,
        };
        let all: Vec<CompactString> = (0..).map_while(|i| names.get(i)).collect();
        assert_eq!(all, vec!["Tastet Marc".to_string(), "José".to_string()]);
    }
}
