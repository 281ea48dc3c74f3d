//! Opening one input: reading its bytes, detecting its game and format, decoding its text;
//! a large file or stdin opened as a stream of whole games when its format can be cut.

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{FormatInfo, Game};
use crate::core::limits;
use crate::core::record::{Input, Record};
use crate::driver::input::{self, FoundFile, InputProblem};
use crate::driver::settings::Settings;
use crate::driver::stream::{Start, TextStream};
use std::io::Read;

/// A file detected and decoded, its games not read yet (see `Game::read_some`).
pub struct OpenedFile {
    pub game: &'static dyn Game,
    pub format: &'static FormatInfo,
    pub input: Input,
    /// The ply limit of its readers (the game's `max-plies` rule, see [`limits`]).
    pub max_plies: usize,
}

impl OpenedFile {
    /// Every game of the file (a game that cannot be read at all is an `Err` in its place).
    pub fn records(&self) -> Vec<Result<Record, RecordError>> {
        limits::reading_with(self.max_plies, || {
            self.game.read(self.format.id, &self.input)
        })
    }

    /// The games `from..from + max` (see [`Game::read_some`]), and whether more remain.
    pub fn records_some(
        &self,
        from: usize,
        max: usize,
    ) -> (Vec<Result<Record, RecordError>>, bool) {
        limits::reading_with(self.max_plies, || {
            self.game.read_some(self.format.id, &self.input, from, max)
        })
    }
}

/// A file that cannot be read or recognised.
fn unsupported(file: &FoundFile, message: String) -> InputProblem {
    InputProblem {
        source: file.display.clone(),
        message,
        kind: ErrorKind::Unsupported,
    }
}

/// A file's bytes, or the problem reading them.
pub(crate) fn read_bytes(file: &FoundFile) -> Result<Vec<u8>, InputProblem> {
    input::read_bytes(file).map_err(|e| unsupported(file, e.to_string()))
}

/// Reads, detects and decodes one file.
pub fn open_file(settings: &Settings, file: &FoundFile) -> Result<OpenedFile, InputProblem> {
    open_loaded(settings, file, read_bytes(file)?)
}

/// Detects and decodes a file whose bytes are read (`file` names it).
pub fn open_loaded(
    settings: &Settings,
    file: &FoundFile,
    bytes: Vec<u8>,
) -> Result<OpenedFile, InputProblem> {
    let (game, format) =
        input::detect(&settings.games, &file.display, &bytes, settings.selection())
            .map_err(|message| unsupported(file, message))?;
    let (input, _) = input::make_input(file, bytes, format, settings.encoding)?;
    Ok(OpenedFile {
        game,
        format,
        input,
        max_plies: limits::of_rules(&settings.rules_for(game.kind())),
    })
}

/// A file named by a path, as the CLI names it in reports.
pub(crate) fn found_file(path: &str) -> FoundFile {
    let p = std::path::PathBuf::from(path);
    FoundFile {
        relative: p.file_name().map(Into::into).unwrap_or_else(|| p.clone()),
        path: Some(p),
        display: path.to_string(),
        explicit: true,
    }
}

/// Reads a file into records (`Err` for a problem with the file as a whole).
pub(crate) fn read_path(
    settings: &Settings,
    path: &str,
) -> Result<Vec<Result<Record, RecordError>>, InputProblem> {
    Ok(open_file(settings, &found_file(path))?.records())
}

/// A file read into records.
pub struct ReadFile {
    pub game: &'static dyn Game,
    pub input: Input,
    pub records: Vec<Result<Record, RecordError>>,
}

/// Reads, detects, decodes and splits one file. `Err` is a problem with the file as a whole.
pub fn read_file(settings: &Settings, file: &FoundFile) -> Result<ReadFile, InputProblem> {
    read_loaded(settings, file, read_bytes(file)?)
}

/// The same for a file whose bytes are read already.
pub(crate) fn read_loaded(
    settings: &Settings,
    file: &FoundFile,
    bytes: Vec<u8>,
) -> Result<ReadFile, InputProblem> {
    let opened = open_loaded(settings, file, bytes)?;
    let records = opened.records();
    Ok(ReadFile {
        game: opened.game,
        input: opened.input,
        records,
    })
}

/// A file opened on the main thread to be streamed if it can be.
pub(crate) enum Opened {
    /// A text file of a format cut by games: its pieces come from the stream.
    Stream(
        TextStream<Box<dyn Read + Send>>,
        &'static dyn Game,
        &'static str,
    ),
    /// Read whole (a binary or single-game format, UTF-16), or its head alone (a binary file
    /// whose reader refuses its first bytes: the whole-file path reports that).
    Whole(Vec<u8>),
    /// It could not be opened or read, or its head is refused (`kind` as the whole-file
    /// path reports it: `unsupported` when no format is recognised, `encoding` when a text
    /// format's head is no text).
    Failed(ErrorKind, String),
}

/// Bytes of a file's head that detection looks at (as [`input::detect`] does).
const HEAD: usize = 64 * 1024;

/// Opens a large file or stdin: detects its format from the head and streams it when the
/// format is cut by games. The head is sniffed before the rest is read: a file whose format
/// is not recognised, a text format's file whose head is no text, and a binary format's file
/// whose head lacks the format's mark are refused from the head, as the whole-file path
/// would refuse them, without reading the rest.
pub(crate) fn open_stream(settings: &Settings, file: &FoundFile) -> Opened {
    let mut reader: Box<dyn Read + Send> = match &file.path {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => return Opened::Failed(ErrorKind::Unsupported, format!("cannot open: {e}")),
        },
        None => Box::new(std::io::stdin()),
    };
    let mut head = Vec::with_capacity(HEAD);
    if let Err(e) = (&mut reader).take(HEAD as u64).read_to_end(&mut head) {
        return Opened::Failed(ErrorKind::Unsupported, format!("cannot read: {e}"));
    }
    let whole = |head: Vec<u8>, mut reader: Box<dyn Read + Send>| {
        let mut bytes = head;
        match reader.read_to_end(&mut bytes) {
            Ok(_) => Opened::Whole(bytes),
            Err(e) => Opened::Failed(ErrorKind::Unsupported, format!("cannot read: {e}")),
        }
    };
    if head.len() < HEAD && input::is_blank(&head) {
        // All of it, and no record in it: the whole-file path says so (an input without
        // records, whatever its kind).
        return Opened::Whole(head);
    }
    let detected = input::detect(&settings.games, &file.display, &head, settings.selection());
    let (g, format) = match detected {
        Ok(found) => found,
        // Detection looks at the head only: the whole file would give the same message.
        Err(message) => return Opened::Failed(ErrorKind::Unsupported, message),
    };
    if format.binary {
        if g.lacks_mark(format.id, &head) {
            // Its reader refuses it at its first bytes: it is given the head alone.
            return Opened::Whole(head);
        }
        return whole(head, reader);
    }
    let max_plies = limits::of_rules(&settings.rules_for(g.kind()));
    match TextStream::start(g, format.id, head, reader, settings.encoding) {
        Ok(Start::Stream(st)) => Opened::Stream(st.with_max_plies(max_plies), g, format.id),
        Ok(Start::NotText(message)) => Opened::Failed(ErrorKind::Encoding, message),
        Ok(Start::Whole(head, reader)) => {
            // Read whole (a format not cut by games, or UTF-16): its head is sniffed first.
            if let Some(message) = input::not_text(&head, settings.encoding) {
                return Opened::Failed(ErrorKind::Encoding, message);
            }
            whole(head, reader)
        }
        Err(e) => Opened::Failed(ErrorKind::Unsupported, format!("cannot read: {e}")),
    }
}

/// Whether a file is opened as a stream (stdin, or a file of at least
/// [`STREAM_MIN_BYTES`](crate::driver::stream::STREAM_MIN_BYTES)).
pub(crate) fn streamable(file: &FoundFile, size: u64) -> bool {
    file.path.is_none() || size >= crate::driver::stream::STREAM_MIN_BYTES
}
