//! What the reading commands share: the games in play, their rule sets, reading a file into
//! records, the thread pool and the progress bar.

use super::{CommonArgs, EncodingArg, ReportArg, ReportArgs};
use crate::driver::batch::{Settings, rules_in_force};
use crate::core::encoding::TextEncoding;
use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{FormatInfo, Game};
use crate::driver::input::{self, FoundFile, InputProblem, Selection};
use crate::core::record::{GameKind, Input, Record};
use crate::output::report::ReportFormat;
use crate::core::rules::Rules;
use crate::driver::stream::{Start, TextStream};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::io::Read;
use std::sync::Mutex;
use std::time::Instant;

/// The games this run may read, and the rule set of each.
pub struct Setup {
    pub games: Vec<&'static dyn Game>,
    pub rules: HashMap<GameKind, Rules>,
    pub encoding: TextEncoding,
}

impl Setup {
    /// Validates `--game`, `--rules` and `--rule` (as [`Settings::new`] does for the library).
    /// An unknown key or bad value is a usage error naming the valid ones.
    pub fn new(common: &CommonArgs) -> Result<Setup, String> {
        let settings = Settings::new(
            common.game.map(|g| g.kind()),
            None,
            common.rules.as_deref(),
            &common.rule,
        )?;
        let encoding = match common.encoding {
            EncodingArg::Auto => TextEncoding::Auto,
            EncodingArg::Utf8 => TextEncoding::Utf8,
            EncodingArg::Gbk => TextEncoding::Gbk,
            EncodingArg::Big5 => TextEncoding::Big5,
        };
        Ok(Setup {
            games: settings.games,
            rules: settings.rules,
            encoding,
        })
    }

    /// The rules in force for a game.
    pub fn rules_for(&self, kind: GameKind) -> Rules {
        rules_in_force(&self.rules, kind)
    }

    /// Expands the inputs into files.
    pub fn collect(&self, inputs: &[String]) -> (Vec<FoundFile>, Vec<InputProblem>) {
        input::collect(inputs, &input::known_extensions(&self.games))
    }
}

/// A file read into records.
pub struct ReadFile {
    pub game: &'static dyn Game,
    pub input: Input,
    pub records: Vec<Result<Record, RecordError>>,
}

/// Reads, detects, decodes and splits one file. `Err` is a problem with the file as a whole.
pub fn read_file(
    setup: &Setup,
    file: &FoundFile,
    from: Option<&str>,
    game: Option<GameKind>,
) -> Result<ReadFile, InputProblem> {
    let bytes = read_bytes(file)?;
    read_loaded(setup, file, bytes, from, game)
}

/// A file's bytes, or the problem reading them.
pub fn read_bytes(file: &FoundFile) -> Result<Vec<u8>, InputProblem> {
    input::read_bytes(file).map_err(|message| unsupported(file, message))
}

/// A file that cannot be read or recognised.
fn unsupported(file: &FoundFile, message: String) -> InputProblem {
    InputProblem {
        source: file.display.clone(),
        message,
        kind: ErrorKind::Unsupported,
    }
}

/// The same for a file whose bytes are read already.
pub fn read_loaded(
    setup: &Setup,
    file: &FoundFile,
    bytes: Vec<u8>,
    from: Option<&str>,
    game: Option<GameKind>,
) -> Result<ReadFile, InputProblem> {
    let opened = open_loaded(setup, file, bytes, from, game)?;
    let records = opened.game.read(opened.format.id, &opened.input);
    Ok(ReadFile {
        game: opened.game,
        input: opened.input,
        records,
    })
}

/// A file detected and decoded, its games not read yet (see `Game::read_some`).
pub struct OpenedFile {
    pub game: &'static dyn Game,
    pub format: &'static FormatInfo,
    pub input: Input,
}

/// Detects and decodes a file whose bytes are read.
pub fn open_loaded(
    setup: &Setup,
    file: &FoundFile,
    bytes: Vec<u8>,
    from: Option<&str>,
    game: Option<GameKind>,
) -> Result<OpenedFile, InputProblem> {
    let sel = Selection { game, from };
    let (g, format) = input::detect(&setup.games, &file.display, &bytes, sel)
        .map_err(|message| unsupported(file, message))?;
    let (input, _enc) = input::make_input(file, bytes, format, setup.encoding)?;
    Ok(OpenedFile {
        game: g,
        format,
        input,
    })
}

/// A file opened on the main thread to be streamed if it can be.
pub enum Opened {
    /// A text file of a format cut by games: its pieces come from the stream.
    Stream(
        TextStream<Box<dyn Read + Send>>,
        &'static dyn Game,
        &'static str,
    ),
    /// Read whole (a binary or single-game format, UTF-16, or not recognised: the whole-file
    /// path reports that with its own message).
    Whole(Vec<u8>),
    /// It could not be opened or read.
    Failed(String),
}

/// Opens a large file or stdin: detects its format from the head and streams it when the
/// format is cut by games.
pub fn open_stream(
    setup: &Setup,
    file: &FoundFile,
    from: Option<&str>,
    game: Option<GameKind>,
) -> Opened {
    let mut reader: Box<dyn Read + Send> = match &file.path {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => return Opened::Failed(format!("cannot open: {e}")),
        },
        None => Box::new(std::io::stdin()),
    };
    let mut head = Vec::with_capacity(64 * 1024);
    if let Err(e) = (&mut reader).take(64 * 1024).read_to_end(&mut head) {
        return Opened::Failed(format!("cannot read: {e}"));
    }
    let whole = |head: Vec<u8>, mut reader: Box<dyn Read + Send>| {
        let mut bytes = head;
        match reader.read_to_end(&mut bytes) {
            Ok(_) => Opened::Whole(bytes),
            Err(e) => Opened::Failed(format!("cannot read: {e}")),
        }
    };
    let sel = Selection { game, from };
    let Ok((g, format)) = input::detect(&setup.games, &file.display, &head, sel) else {
        return whole(head, reader);
    };
    if format.binary {
        return whole(head, reader);
    }
    match TextStream::start(g, format.id, head, reader, setup.encoding) {
        Ok(Start::Stream(st)) => Opened::Stream(st, g, format.id),
        Ok(Start::Whole(head, reader)) => whole(head, reader),
        Err(e) => Opened::Failed(format!("cannot read: {e}")),
    }
}

/// Whether a file is opened as a stream (stdin, or a file of at least
/// [`STREAM_MIN_BYTES`](crate::driver::stream::STREAM_MIN_BYTES)).
pub fn streamable(file: &FoundFile, size: u64) -> bool {
    file.path.is_none() || size >= crate::driver::stream::STREAM_MIN_BYTES
}

pub fn report_format(r: &ReportArgs) -> ReportFormat {
    if r.json {
        return ReportFormat::Json;
    }
    match r.report {
        ReportArg::Table => ReportFormat::Table,
        ReportArg::Json => ReportFormat::Json,
        ReportArg::Yaml => ReportFormat::Yaml,
    }
}

/// A thread pool of `jobs` threads (all cores by default); built once per command.
pub fn pool(jobs: Option<usize>) -> Option<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("qipu-{i}"));
    if let Some(n) = jobs {
        b = b.num_threads(n.max(1));
    }
    b.build().ok()
}

/// A progress bar on stderr when it is a terminal and not silenced, counting `total` units
/// (files, or bytes with `bytes`).
#[allow(dead_code)]
pub fn progress(common: &CommonArgs, total: u64) -> indicatif::ProgressBar {
    progress_bar(common, total, false)
}

/// The progress bar of validate/adjudicate: its position is in bytes (so that the ETA holds
/// for one huge file as for many small ones); the message counts files, games and games/s.
pub fn progress_bytes(common: &CommonArgs, total_bytes: u64) -> indicatif::ProgressBar {
    progress_bar(common, total_bytes, true)
}

/// The sizes of the files in bytes (0 for stdin or a file whose size cannot be read): what
/// the byte progress bars count.
pub fn file_sizes(files: &[FoundFile]) -> Vec<u64> {
    files
        .iter()
        .map(|f| {
            f.path
                .as_ref()
                .and_then(|p| std::fs::metadata(p).ok())
                .map_or(0, |m| m.len())
        })
        .collect()
}

/// The message of the progress bars: files done, games, games/s since `started`.
pub fn progress_message(files_done: usize, files: usize, games: usize, started: Instant) -> String {
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    format!(
        "{files_done}/{files} files, {games} games, {:.0} games/s",
        games as f64 / secs
    )
}

/// A byte progress bar that worker threads report finished files to (for commands that
/// handle whole files in parallel, like `convert`): the same bar and message as
/// validate/adjudicate.
pub struct FileProgress {
    pub bar: indicatif::ProgressBar,
    files: usize,
    /// Files and games done. One lock for the counts and the message, so that a thread
    /// never overwrites a newer message with its older counts.
    done: Mutex<(usize, usize)>,
    started: Instant,
}

impl FileProgress {
    /// A bar over `sizes` (one per file, see [`file_sizes`]); hidden as [`progress_bytes`].
    pub fn new(common: &CommonArgs, sizes: &[u64], started: Instant) -> FileProgress {
        FileProgress {
            bar: progress_bytes(common, sizes.iter().sum()),
            files: sizes.len(),
            done: Mutex::new((0, 0)),
            started,
        }
    }

    /// One more file done, of `bytes` bytes and `games` games.
    pub fn file_done(&self, bytes: u64, games: usize) {
        self.done(bytes, games, 1);
    }

    /// A piece of a streamed file done: `bytes` more bytes and `games` more games.
    pub fn piece_done(&self, bytes: u64, games: usize) {
        self.done(bytes, games, 0);
    }

    fn done(&self, bytes: u64, games: usize, files: usize) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        done.0 += files;
        done.1 += games;
        self.bar.inc(bytes);
        self.bar
            .set_message(progress_message(done.0, self.files, done.1, self.started));
    }
}

fn progress_bar(common: &CommonArgs, total: u64, bytes: bool) -> indicatif::ProgressBar {
    if common.quiet || common.no_progress || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    let template = if bytes {
        "{bar:30} {percent:>3}% {msg} [{elapsed_precise}, ETA {eta}]"
    } else {
        "{bar:30} {pos}/{len} files, {msg} [{elapsed_precise}, ETA {eta}]"
    };
    let style = indicatif::ProgressStyle::with_template(template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Prints a usage error and returns the exit status.
pub fn usage_error(message: &str) -> i32 {
    eprintln!("qipu: {message}");
    super::EXIT_USAGE
}

pub fn stderr_color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn convert_common(args: &[&str]) -> CommonArgs {
        let mut argv = vec!["qipu", "convert", "--to", "pgn"];
        argv.extend_from_slice(args);
        match super::super::Cli::parse_from(argv).command {
            super::super::Command::Convert(a) => a.common,
            other => panic!("not convert: {other:?}"),
        }
    }

    /// Files finished on worker threads add up on the bar and in its message; -q hides it.
    #[test]
    fn file_progress_counts_files_bytes_and_games() {
        let common = convert_common(&["-q", "x.pgn"]);
        let p = FileProgress::new(&common, &[100, 50, 7], Instant::now());
        assert!(p.bar.is_hidden(), "-q: no bar");
        std::thread::scope(|s| {
            s.spawn(|| p.file_done(100, 3));
            s.spawn(|| p.file_done(7, 2));
        });
        assert_eq!(p.bar.position(), 107);
        assert!(
            p.bar.message().starts_with("2/3 files, 5 games, "),
            "{}",
            p.bar.message()
        );
        assert!(p.bar.message().ends_with(" games/s"));
    }
}
