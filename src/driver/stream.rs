//! Streaming a huge multi-game text file: read in blocks, decode block by block, and hand out
//! pieces that hold whole games only (cut where the game says, see [`Game::stream_cut`]), each
//! with the number of lines before it, so that memory stays flat however large the file is
//! and line numbers in reports stay those of the whole file.

use crate::core::encoding::{self, TextEncoding};
use crate::core::error::RecordError;
use crate::core::game::{Game, StreamCut};
use crate::core::limits;
use crate::core::record::Record;
use crate::core::span::Span;
use encoding_rs::Encoding;
use std::io::Read;
use std::sync::Arc;

/// Bytes read at a time.
pub(crate) const BLOCK: usize = 1 << 20;
/// A piece is handed out once this much text is waiting (and a cut is found); pieces are
/// about this size.
pub const PIECE: usize = 256 << 10;
/// Files at least this large are streamed; smaller ones are read whole.
pub const STREAM_MIN_BYTES: u64 = 1 << 20;
/// The least text of one game held (at the default ply limit, [`GAME_BYTES_PER_PLY`] times
/// the limit is more): a game still uncut past it is handed out cut short (its reader meets
/// the ply limit before its end, or the game is refused as too long), and the rest of it is
/// skipped up to the next game without being held. Many times the largest real record; a
/// raised `max-plies` raises it.
pub(crate) const GAME_TEXT: usize = 4 << 20;
/// Bytes of text a ply may take when `max-plies` is raised (a move number, a move in
/// Chinese characters and a short comment).
pub(crate) const GAME_BYTES_PER_PLY: usize = 64;
/// Raw bytes without a newline decoded anyway (a whole file on one line is not held raw).
const LONG_LINE: usize = 2 * BLOCK;

/// Some games of the file, whole.
#[derive(Debug, Clone)]
pub struct Piece {
    pub text: Arc<str>,
    /// Lines of the file before the piece (add it to a 1-based line of the piece).
    pub lines_before: usize,
    /// Raw bytes of the file consumed so far (for progress).
    pub bytes_done: u64,
    /// The last game of the piece is cut short: it holds more than the stream's most text of
    /// one game, whose rest is skipped ([`mark_cut_short`] makes it an error).
    pub cut_short: bool,
}

/// Why a stream stopped.
#[derive(Debug, Clone)]
pub enum StreamError {
    /// The rest of the file could not be read or decoded.
    Input(String),
}

/// The head of a file and what it says about streaming it.
pub enum Start<R> {
    /// Stream it.
    Stream(TextStream<R>),
    /// Read it whole: the bytes read so far and the reader for the rest.
    Whole(Vec<u8>, R),
    /// Its head is no text: the message (the whole-file path's), the rest never read.
    NotText(String),
}

/// A streaming reader over one text file of one game's format.
pub struct TextStream<R> {
    reader: R,
    game: &'static dyn Game,
    format: &'static str,
    encoding: &'static Encoding,
    /// Decodes block after block (a character cut by a long line's block is kept for the
    /// next).
    decoder: encoding_rs::Decoder,
    /// Raw bytes after the last newline decoded so far.
    raw: Vec<u8>,
    /// Decoded text not handed out yet (starts at a game, unless `skipping`).
    text: String,
    lines_before: usize,
    bytes_done: u64,
    eof: bool,
    /// The most text of one game held ([`GAME_TEXT`] at the default ply limit).
    max_game: usize,
    /// The text is the rest of a game cut short: dropped up to the next game.
    skipping: bool,
    /// The decoder has been told the file ended.
    flushed: bool,
}

fn read_block(reader: &mut impl Read, into: &mut Vec<u8>) -> std::io::Result<usize> {
    let start = into.len();
    into.resize(start + BLOCK, 0);
    let mut filled = start;
    // Fill the block (a pipe gives short reads).
    while filled < into.len() {
        match reader.read(&mut into[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                into.truncate(filled);
                return Err(e);
            }
        }
    }
    into.truncate(filled);
    Ok(filled - start)
}

/// Whether the decoded text is text at all (no NUL, few replacement characters).
pub(crate) fn looks_like_text(text: &str) -> bool {
    if text.contains('\0') {
        return false;
    }
    let (mut total, mut bad) = (0usize, 0usize);
    for c in text.chars() {
        total += 1;
        if c == '\u{FFFD}' {
            bad += 1;
        }
    }
    !(total > 0 && bad * 20 > total)
}

impl<R: Read> TextStream<R> {
    /// Reads the head of the file (already detected as `format` of `game` from `head`) and
    /// decides: stream it, or read it whole (the format is not cut by games, or the
    /// encoding is UTF-16, whose newlines are not single bytes).
    pub fn start(
        game: &'static dyn Game,
        format: &'static str,
        mut head: Vec<u8>,
        mut reader: R,
        choice: TextEncoding,
    ) -> std::io::Result<Start<R>> {
        if game.stream_cut(format, "") == StreamCut::Unsupported {
            return Ok(Start::Whole(head, reader));
        }
        let mut eof = false;
        if head.len() < BLOCK {
            eof = read_block(&mut reader, &mut head)? < BLOCK;
        }
        // The head up to its last newline decides the encoding.
        let cut = if eof {
            head.len()
        } else {
            memchr::memrchr(b'\n', &head).map_or(head.len(), |i| i + 1)
        };
        let head_text = head.get(..cut).unwrap_or(&[]);
        let decoded = encoding::decode(head_text, choice);
        let encoding = match decoded.encoding {
            "UTF-16" => None,
            name => Encoding::for_label(name.as_bytes()),
        };
        if let Some(message) = crate::driver::input::not_text_decoded(&decoded) {
            return Ok(Start::NotText(message));
        }
        let Some(encoding) = encoding else {
            return Ok(Start::Whole(head, reader));
        };
        let raw = head.get(cut..).unwrap_or(&[]).to_vec();
        Ok(Start::Stream(TextStream {
            reader,
            game,
            format,
            encoding,
            decoder: encoding.new_decoder_without_bom_handling(),
            raw,
            text: decoded.text,
            lines_before: 0,
            bytes_done: cut as u64,
            eof,
            max_game: GAME_TEXT,
            skipping: false,
            // The head was decoded whole when it holds the whole file.
            flushed: eof,
        }))
    }

    /// The most text of one game held for a ply limit of `max_plies` (never below
    /// [`GAME_TEXT`]).
    pub fn with_max_plies(mut self, max_plies: usize) -> Self {
        self.max_game = GAME_TEXT.max(max_plies.saturating_mul(GAME_BYTES_PER_PLY));
        self
    }

    /// Everything read is decoded: the file has ended.
    fn done(&self) -> bool {
        self.eof && self.raw.is_empty() && self.flushed
    }

    /// In a game cut short: drops its text up to the next game (counting its lines); whether
    /// the next game is reached.
    fn skip(&mut self) -> bool {
        let cut = match self.game.stream_cut(self.format, &self.text) {
            StreamCut::At(n) if n > 0 => Some(self.first_cut(n)),
            _ if self.done() => Some(self.text.len()),
            _ => None,
        };
        // Without a next game yet, only the last line is kept (a game may start at it).
        let (drop, found) = match cut {
            Some(n) => (n, true),
            None if self.text.len() > LONG_LINE => (self.text.len(), false),
            None => (
                crate::core::game::line_start(&self.text, self.text.len()),
                false,
            ),
        };
        let dropped = self.text.get(..drop).unwrap_or("");
        self.lines_before += memchr::memchr_iter(b'\n', dropped.as_bytes()).count();
        self.text.drain(..drop);
        if found {
            self.skipping = false;
        }
        found
    }

    /// The first game start in the text, `n` being the last (a cut gives the last): the
    /// shortest prefix with a cut in it, found by halving, holds the first only. The games
    /// between them are not skipped with the long game's rest.
    fn first_cut(&self, n: usize) -> usize {
        let at = |k: usize| {
            let k = (0..=k).rev().find(|&i| self.text.is_char_boundary(i))?;
            match self.game.stream_cut(self.format, self.text.get(..k)?) {
                StreamCut::At(m) if m > 0 => Some(m),
                _ => None,
            }
        };
        let (mut lo, mut hi, mut found) = (0, n, n);
        while lo + 1 < hi {
            let mid = lo + (hi - lo) / 2;
            match at(mid) {
                Some(m) => {
                    found = m;
                    hi = mid;
                }
                None => lo = mid,
            }
        }
        found
    }

    /// Where a game still uncut past `max_game` is cut short: at its last line end before
    /// then, or inside its line (at a character boundary) when that line is half of it.
    fn short_cut(&self) -> usize {
        let text = self.text.as_bytes();
        let limit = self.max_game.min(text.len());
        match memchr::memrchr(b'\n', &text[..limit]) {
            Some(i) if i >= limit / 2 => i + 1,
            _ => (0..=limit)
                .rev()
                .find(|&i| self.text.is_char_boundary(i))
                .unwrap_or(0),
        }
    }

    /// The next piece of whole games, `None` at the end of the file.
    pub fn next_piece(&mut self) -> Result<Option<Piece>, StreamError> {
        loop {
            if self.skipping {
                if !self.skip() {
                    if self.done() {
                        return Ok(None);
                    }
                    self.fill()?;
                }
                continue;
            }
            if self.text.len() >= PIECE || self.eof {
                // A piece of about PIECE bytes: the last cut in the text up to the first line
                // end after PIECE (a prefix of the file is what the cut is asked about anyway).
                let prefix =
                    memchr::memchr(b'\n', self.text.as_bytes().get(PIECE..).unwrap_or(&[]))
                        .map(|i| PIECE + i + 1)
                        .filter(|&end| end < self.text.len());
                let near = prefix.and_then(|end| {
                    match self.game.stream_cut(self.format, self.text.get(..end)?) {
                        StreamCut::At(n) if n > 0 => Some(n),
                        _ => None,
                    }
                });
                let mut cut = if near.is_some() {
                    near
                } else if self.done() && self.text.len() <= self.max_game {
                    Some(self.text.len())
                } else {
                    match self.game.stream_cut(self.format, &self.text) {
                        StreamCut::At(n) => Some(n),
                        _ => None,
                    }
                };
                // One game past the most text held: cut short, its rest skipped.
                let mut cut_short = false;
                if cut.is_none_or(|n| n > self.max_game) && self.text.len() > self.max_game {
                    let short = self.short_cut();
                    // The whole games before the long one go first.
                    let before = self.text.get(..short).and_then(|t| {
                        match self.game.stream_cut(self.format, t) {
                            StreamCut::At(m) if m > 0 => Some(m),
                            _ => None,
                        }
                    });
                    if before.is_some() {
                        cut = before;
                    } else {
                        cut = Some(short).filter(|&n| n > 0);
                        cut_short = true;
                        self.skipping = true;
                    }
                }
                if let Some(n) = cut {
                    if n == 0 {
                        return Ok(None);
                    }
                    let rest = self.text.split_off(n);
                    let piece = std::mem::replace(&mut self.text, rest);
                    if !looks_like_text(&piece) {
                        return Err(StreamError::Input(format!(
                            "cannot decode the text after line {} ({}): it holds binary data or is in another encoding; try --encoding",
                            self.lines_before,
                            self.encoding.name()
                        )));
                    }
                    let lines_before = self.lines_before;
                    self.lines_before += memchr::memchr_iter(b'\n', piece.as_bytes()).count();
                    return Ok(Some(Piece {
                        text: Arc::from(piece),
                        lines_before,
                        bytes_done: self.bytes_done,
                        cut_short,
                    }));
                }
            }
            self.fill()?;
        }
    }

    /// Decodes `raw` onto the text (`last`: the end of the file).
    fn decode(&mut self, raw: &[u8], last: bool) {
        self.bytes_done += raw.len() as u64;
        // Room for about the bytes read (not for the worst case, three times as much: a long
        // line's text would hold that much unused), more only when the text needs it.
        let mut rest = raw;
        loop {
            self.text.reserve(rest.len() + 16);
            let (result, read, _) = self.decoder.decode_to_string(rest, &mut self.text, last);
            rest = rest.get(read..).unwrap_or(&[]);
            if result == encoding_rs::CoderResult::InputEmpty {
                break;
            }
        }
    }

    /// Reads and decodes one more block (up to its last newline; a line longer than
    /// [`LONG_LINE`] is decoded whole, a character cut at its end waiting in the decoder).
    fn fill(&mut self) -> Result<(), StreamError> {
        if self.eof {
            // Decode what is left, even without a final newline.
            if !self.flushed {
                let raw = std::mem::take(&mut self.raw);
                self.decode(&raw, true);
                self.flushed = true;
            }
            return Ok(());
        }
        let n = read_block(&mut self.reader, &mut self.raw)
            .map_err(|e| StreamError::Input(format!("cannot read: {e}")))?;
        if n < BLOCK {
            // The end of the file: all of it decoded now, a last line without a newline too.
            self.eof = true;
            let raw = std::mem::take(&mut self.raw);
            self.decode(&raw, true);
            self.flushed = true;
            return Ok(());
        }
        let upto = match memchr::memrchr(b'\n', &self.raw) {
            Some(i) => Some(i + 1),
            None if self.raw.len() >= LONG_LINE => Some(self.raw.len()),
            None => None,
        };
        if let Some(end) = upto {
            let rest = self.raw.split_off(end);
            let whole = std::mem::replace(&mut self.raw, rest);
            self.decode(&whole, false);
        }
        Ok(())
    }
}

/// Reads the games of a piece of `name` with the ply limit `max_plies`; a piece cut short
/// has its last game refused as too long ([`mark_cut_short`]).
pub fn read_piece(
    game: &'static dyn Game,
    format: &'static str,
    name: &str,
    piece: (Arc<str>, bool),
    max_plies: usize,
) -> (crate::core::record::Input, Vec<Result<Record, RecordError>>) {
    let (text, cut_short) = piece;
    let end = text.len();
    let input = crate::core::record::Input {
        name: name.to_string(),
        bytes: Arc::from(&[][..]),
        text: Some(text),
        siblings: Vec::new(),
    };
    let mut records = limits::reading_with(max_plies, || game.read(format, &input));
    if cut_short {
        limits::reading_with(max_plies, || mark_cut_short(&mut records, end));
    }
    (input, records)
}

/// The last game of a piece cut short (more text than a stream holds of one game; `end`: the
/// piece's length) is refused as too long: unless its reader stopped at the ply limit, its
/// error says so at its end.
pub(crate) fn mark_cut_short(records: &mut [Result<Record, RecordError>], end: usize) {
    let Some(Ok(last)) = records.last_mut() else {
        return;
    };
    // The reader stopped at the ply limit: that says it already. Any other error of the game
    // may be the cut's doing (a comment cut open, a token cut in two).
    let at_limit = |e: &RecordError| e.label.as_deref() == Some(limits::TOO_LONG);
    if last.parse_error.as_ref().is_some_and(at_limit) {
        return;
    }
    let max = limits::max_plies();
    last.parse_error = Some(
        RecordError::parse(
            format!(
                "the game runs past {} MiB of text (rule max-plies: {max} moves, {} bytes a move): no real record is that long; reading stops here",
                GAME_TEXT.max(max.saturating_mul(GAME_BYTES_PER_PLY)) >> 20,
                GAME_BYTES_PER_PLY
            ),
            Span::new(end, end),
        )
        .with_label(limits::TOO_LONG),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streaming a PGN file in pieces gives the games of reading it whole, with the same
    /// line numbers once shifted.
    #[test]
    fn pieces_hold_whole_games_and_count_lines() {
        let game = "[Game \"Chinese Chess\"]\n[Event \"e\"]\n\n1. h2e2 h9g7\n2. h0g2 *\n\n";
        let n = 5 * PIECE / game.len();
        let text = game.repeat(n);
        let g: &'static dyn Game = &crate::xiangqi::Xiangqi;
        let bytes = text.clone().into_bytes();
        let Start::Stream(mut s) = TextStream::start(
            g,
            "pgn",
            Vec::new(),
            std::io::Cursor::new(bytes),
            TextEncoding::Auto,
        )
        .unwrap() else {
            panic!("a PGN file streams")
        };
        let mut joined = String::new();
        let mut pieces = 0;
        while let Some(p) = s.next_piece().unwrap() {
            assert_eq!(
                p.lines_before,
                joined.matches('\n').count(),
                "lines before piece {pieces}"
            );
            assert!(
                p.text.starts_with("[Game"),
                "piece {pieces} starts at a game"
            );
            assert!(
                p.text.len() <= PIECE + 2 * game.len(),
                "piece {pieces} is {} bytes",
                p.text.len()
            );
            joined.push_str(&p.text);
            pieces += 1;
        }
        assert!(pieces >= 5, "{pieces} pieces");
        assert_eq!(joined, text);
    }

    /// A game past the most text held is handed out cut short (at most that much of it),
    /// its rest skipped, and the games after it come whole with their line numbers.
    #[test]
    fn a_game_past_the_most_text_is_cut_short_and_skipped() {
        let small = "[Game \"Chinese Chess\"]\n\n1. h2e2 *\n\n";
        let long = format!(
            "[Game \"x\"]\n\n{}*\n\n",
            "h2e2 h7e7 ".repeat(GAME_TEXT / 5)
        );
        let text = format!("{small}{long}{small}{small}");
        let g: &'static dyn Game = &crate::xiangqi::Xiangqi;
        let cursor = std::io::Cursor::new(text.into_bytes());
        let Ok(Start::Stream(mut s)) =
            TextStream::start(g, "pgn", Vec::new(), cursor, TextEncoding::Auto)
        else {
            panic!("a PGN text streams")
        };
        let mut pieces = Vec::new();
        while let Some(p) = s.next_piece().unwrap() {
            pieces.push(p);
        }
        let short: Vec<_> = pieces.iter().filter(|p| p.cut_short).collect();
        assert_eq!(short.len(), 1);
        assert!(short[0].text.len() <= GAME_TEXT + small.len());
        let after: String = pieces
            .iter()
            .skip_while(|p| !p.cut_short)
            .skip(1)
            .map(|p| p.text.to_string())
            .collect();
        assert_eq!(after, format!("{small}{small}"));
        // Four lines for the first game, four for the long one.
        let next = pieces.iter().skip_while(|p| !p.cut_short).nth(1).unwrap();
        assert_eq!(next.lines_before, 8, "{}", next.text);
    }

    #[test]
    fn single_game_formats_are_read_whole() {
        let g: &'static dyn Game = &crate::xiangqi::Xiangqi;
        let r = TextStream::start(
            g,
            "xqf",
            b"XQ".to_vec(),
            std::io::Cursor::new(Vec::new()),
            TextEncoding::Auto,
        )
        .unwrap();
        assert!(matches!(r, Start::Whole(..)));
    }

    /// What a game reads as, without offsets (they are relative to the piece).
    fn summary(g: &Result<crate::core::record::Record, crate::core::error::RecordError>) -> String {
        match g {
            Ok(g) => format!(
                "{:?} {:?} {:?} {:?}",
                g.tags.iter().map(|t| t.value.as_str()).collect::<Vec<_>>(),
                g.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
                g.parse_error.as_ref().map(|e| &e.message),
                g.claim.as_ref().map(|c| c.result),
            ),
            Err(e) => e.message.clone(),
        }
    }

    /// Streamed through `TextStream`, the Junqi samples repeated past several pieces read
    /// game for game as the whole text does (the `.jqr` cut of `junqi::formats::cut`).
    #[test]
    fn jqr_pieces_read_like_the_whole_text() {
        use crate::junqi::formats::jqr::read;
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/junqi");
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "jqr"))
            .collect();
        names.sort();
        let mut block = String::new();
        for p in &names {
            block.push_str(&std::fs::read_to_string(p).unwrap());
            block.push_str("\n1. C2=E 0-1 1. A0=e ; [Game \"x\"]\n*\n");
        }
        let text = block.repeat(2 * PIECE / block.len() + 1);
        let whole: Vec<String> = read(&text).iter().map(summary).collect();
        let g: &'static dyn Game = &crate::junqi::Junqi;
        let cursor = std::io::Cursor::new(text.clone().into_bytes());
        let Ok(Start::Stream(mut s)) =
            TextStream::start(g, "jqr", Vec::new(), cursor, TextEncoding::Auto)
        else {
            panic!("a .jqr text streams")
        };
        let (mut streamed, mut pieces) = (Vec::new(), 0);
        while let Some(p) = s.next_piece().unwrap() {
            streamed.extend(read(&p.text).iter().map(summary));
            pieces += 1;
        }
        assert!(pieces >= 2, "{pieces} pieces");
        assert_eq!(streamed.len(), whole.len());
        for (i, (a, b)) in whole.iter().zip(&streamed).enumerate() {
            assert_eq!(a, b, "game {i}");
        }
    }
}
