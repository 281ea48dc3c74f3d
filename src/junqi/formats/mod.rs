//! Junqi file formats: `.jqr`, the qipu record format (reader in `jqr`, writer in
//! `jqr_write`, where a stream may be cut between games in `cut`) — the format list,
//! detection and reading; writing in `write`.

pub(crate) mod cut;
pub(crate) mod jqr;
pub(crate) mod jqr_write;
pub(crate) mod write;

use crate::core::error::RecordError;
use crate::core::game::{Converted, FormatInfo, StreamCut};
use crate::core::record::{GameKind, Input, Record};
use crate::core::rules::Rules;
use crate::core::variant::Formats;

pub(crate) static FORMATS: &[FormatInfo] = &[FormatInfo {
    id: jqr::FORMAT_ID,
    game: GameKind::Junqi,
    extensions: &["jqr"],
    read: true,
    write: true,
    binary: false,
    companions: &[],
    read_range: None,
    description: "Junqi Fanfanqi record (qipu's PGN-like format: tags, numbered flips/moves/attacks, events)",
}];

/// Junqi's formats, as the core reads and writes them (a part of its `Variant`).
impl Formats for crate::junqi::Junqi {
    const LIST: &'static [FormatInfo] = FORMATS;

    /// The format of a file, by its name and its first bytes.
    fn sniff(name: &str, head: &[u8]) -> Option<&'static str> {
        if name.to_ascii_lowercase().ends_with(".jqr") {
            return Some(jqr::FORMAT_ID);
        }
        let head = String::from_utf8_lossy(head).to_ascii_lowercase();
        let compact: String = head.split_whitespace().collect::<Vec<_>>().join(" ");
        if compact.contains("[game \"junqi") || compact.contains("[game \"军棋") {
            return Some(jqr::FORMAT_ID);
        }
        None
    }

    /// The games of an input (`.jqr` is Junqi's one format).
    fn read(_format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        jqr::read(input.text())
    }

    /// `.jqr` may be cut between games.
    fn stream_cut(format: &'static str, text: &str) -> StreamCut {
        if format != jqr::FORMAT_ID {
            return StreamCut::Unsupported;
        }
        cut::stream_cut(text)
    }

    fn convert(records: &[Record], to: &'static str, rules: &Rules) -> Converted {
        write::convert(records, to, rules)
    }
}
