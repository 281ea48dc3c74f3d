//! Streaming a huge multi-game text file: read in blocks, decode block by block, and hand out
//! pieces that hold whole games only (cut where the game says, see [`Game::stream_cut`]), each
//! with the number of lines before it, so that memory stays flat however large the file is
//! and line numbers in reports stay those of the whole file.

use crate::core::encoding::{self, TextEncoding};
use crate::core::game::{Game, StreamCut};
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

/// Some games of the file, whole.
#[derive(Debug, Clone)]
pub struct Piece {
    pub text: Arc<str>,
    /// Lines of the file before the piece (add it to a 1-based line of the piece).
    pub lines_before: usize,
    /// Raw bytes of the file consumed so far (for progress).
    pub bytes_done: u64,
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
}

/// A streaming reader over one text file of one game's format.
pub struct TextStream<R> {
    reader: R,
    game: &'static dyn Game,
    format: &'static str,
    encoding: &'static Encoding,
    /// Raw bytes after the last newline decoded so far.
    raw: Vec<u8>,
    /// Decoded text not handed out yet (starts at a game).
    text: String,
    lines_before: usize,
    bytes_done: u64,
    eof: bool,
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
        let Some(encoding) = encoding else {
            return Ok(Start::Whole(head, reader));
        };
        let raw = head.get(cut..).unwrap_or(&[]).to_vec();
        Ok(Start::Stream(TextStream {
            reader,
            game,
            format,
            encoding,
            raw,
            text: decoded.text,
            lines_before: 0,
            bytes_done: cut as u64,
            eof,
        }))
    }

    /// The next piece of whole games, `None` at the end of the file.
    pub fn next_piece(&mut self) -> Result<Option<Piece>, StreamError> {
        loop {
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
                let cut = if near.is_some() {
                    near
                } else if self.eof && self.raw.is_empty() {
                    Some(self.text.len())
                } else {
                    match self.game.stream_cut(self.format, &self.text) {
                        StreamCut::At(n) => Some(n),
                        _ => None,
                    }
                };
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
                    }));
                }
            }
            self.fill()?;
        }
    }

    /// Reads and decodes one more block (up to its last newline).
    fn fill(&mut self) -> Result<(), StreamError> {
        if self.eof {
            // Decode what is left, even without a final newline.
            let raw = std::mem::take(&mut self.raw);
            self.bytes_done += raw.len() as u64;
            let (t, _) = self.encoding.decode_without_bom_handling(&raw);
            self.text.push_str(&t);
            return Ok(());
        }
        let n = read_block(&mut self.reader, &mut self.raw)
            .map_err(|e| StreamError::Input(format!("cannot read: {e}")))?;
        if n < BLOCK {
            self.eof = true;
        }
        if let Some(i) = memchr::memrchr(b'\n', &self.raw) {
            let rest = self.raw.split_off(i + 1);
            let whole = std::mem::replace(&mut self.raw, rest);
            self.bytes_done += whole.len() as u64;
            let (t, _) = self.encoding.decode_without_bom_handling(&whole);
            self.text.push_str(&t);
        }
        Ok(())
    }
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
