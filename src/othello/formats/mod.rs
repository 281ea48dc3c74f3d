//! Othello file formats: transcripts, GGF, Othello PGN and WTHOR — detection and reading.

pub(crate) mod cut;
pub(crate) mod ggf;
pub mod pgn;
pub(crate) mod transcript;
pub(crate) mod write;
pub(crate) mod wthor;

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{Converted, FormatInfo, StreamCut};
use crate::core::record::{GameKind, Input, Record};
use crate::core::rules::Rules;
use crate::core::variant::Formats;

pub(crate) static FORMATS: &[FormatInfo] = &[
    FormatInfo {
        id: "transcript",
        game: GameKind::Othello,
        extensions: &["txt", "trans", "oth"],
        read: true,
        write: true,
        binary: false,
        companions: &[],
        read_range: None,
        description: "Othello move transcript (f5d6c3…), one game per line",
    },
    FormatInfo {
        id: "ggf",
        game: GameKind::Othello,
        extensions: &["ggf"],
        read: true,
        write: true,
        binary: false,
        companions: &[],
        read_range: None,
        description: "Generic Game Format (GGS server games and archives)",
    },
    FormatInfo {
        id: "pgn-othello",
        game: GameKind::Othello,
        extensions: &["pgn"],
        read: true,
        write: true,
        binary: false,
        companions: &[],
        read_range: None,
        description: "Othello PGN as WTHOR-derived archives write it ([Result \"34-30\"], 1. F5 D6)",
    },
    FormatInfo {
        id: "wthor",
        game: GameKind::Othello,
        extensions: &["wtb"],
        read: true,
        write: true,
        binary: true,
        companions: &["wthor.jou", "wthor.trn"],
        read_range: Some(wthor::read_range),
        description: "WTHOR database of the French Othello Federation (binary)",
    },
];

/// `[Game "Othello"]` (or Reversi) in a PGN head.
fn othello_game_tag(text: &str) -> bool {
    text.lines().take(40).any(|l| {
        let l = l.trim().to_ascii_lowercase();
        l.starts_with("[game ") && (l.contains("othello") || l.contains("reversi"))
    })
}

/// Othello's formats, as the core reads and writes them (a part of its `Variant`).
impl Formats for crate::othello::Othello {
    const LIST: &'static [FormatInfo] = FORMATS;

    /// Detects a format from the file name and its first bytes.
    fn sniff(name: &str, head: &[u8]) -> Option<&'static str> {
        let ext = std::path::Path::new(name)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        let text = std::str::from_utf8(head).unwrap_or_else(|e| {
            // A head cut in the middle of a character: use the valid part.
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or("")
        });
        match ext.as_str() {
            "wtb" => return Some("wthor"),
            "ggf" => return Some("ggf"),
            "trans" | "oth" => return Some("transcript"),
            _ => {}
        }
        if pgn::looks_like(text) || (ext == "pgn" && othello_game_tag(text)) {
            Some(pgn::FORMAT_ID)
        } else if ggf::looks_like(text) {
            Some("ggf")
        } else if transcript::looks_like(text) {
            Some("transcript")
        } else {
            None
        }
    }

    /// Whether a file of a binary format is refused by its reader from its first bytes alone (a
    /// WTHOR header whose board is not 8×8), so that a big one need not be read whole. WTHOR has
    /// no magic: a header that passes is read on.
    fn lacks_mark(format: &str, head: &[u8]) -> bool {
        match format {
            "wthor" => wthor::header(head).is_some_and(|h| h.board_size != 0 && h.board_size != 8),
            _ => false,
        }
    }

    fn read(format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        match format {
            "pgn-othello" => pgn::read(input.text()),
            "transcript" => transcript::read(input.text()),
            "ggf" => ggf::read(input.text()),
            "wthor" => wthor::read(input),
            other => vec![Err(RecordError::new(
                ErrorKind::Unsupported,
                format!("`{other}` is not an Othello format (transcript, ggf, pgn-othello, wthor)"),
            ))],
        }
    }

    fn stream_cut(format: &'static str, text: &str) -> StreamCut {
        cut::stream_cut(format, text)
    }

    fn convert(records: &[Record], to: &'static str, rules: &Rules) -> Converted {
        write::convert(records, to, rules)
    }
}
