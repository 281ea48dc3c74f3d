//! What the reading commands share: their settings (the games in play and their rule sets),
//! the thread pool, the progress bar, and how the listings print (JSON lines, YAML, a table).

use super::{ColorArg, CommonArgs, EncodingArg, FormatArg, ReportArg, ReportArgs, ViewArgs};
use crate::core::encoding::TextEncoding;
use crate::driver::settings::Settings;
use crate::output::report::ReportFormat;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Instant;

/// Prints `rows` as JSON lines (`--json`), one a row; a row that cannot be written is left out.
pub(crate) fn print_json_lines<T: serde::Serialize>(rows: impl IntoIterator<Item = T>) {
    for row in rows {
        if let Ok(s) = serde_json::to_string(&row) {
            println!("{s}");
        }
    }
}

/// Prints `value` as a YAML document (`--yaml`), or why it cannot be on stderr.
pub(crate) fn print_yaml<T: serde::Serialize + ?Sized>(value: &T) {
    match serde_yaml::to_string(value) {
        Ok(s) => print!("{s}"),
        Err(e) => eprintln!("qipu: {e}"),
    }
}

/// The settings of a reading command: `--game`, `--from`, `--rules`, `--rule` and
/// `--encoding` validated as [`Settings::new`] does for the library. An unknown key or bad
/// value is a usage error naming the valid ones.
pub(crate) fn settings(common: &CommonArgs) -> Result<Settings, String> {
    let encoding = match common.read.encoding {
        EncodingArg::Auto => TextEncoding::Auto,
        EncodingArg::Utf8 => TextEncoding::Utf8,
        EncodingArg::Gbk => TextEncoding::Gbk,
        EncodingArg::Big5 => TextEncoding::Big5,
    };
    let game = common.read.game.map(|g| g.kind());
    let mut rule = common.read.rule.clone();
    // --strict is Xiangqi's setup=strict (the other games have no such set-up rule).
    if common.read.strict
        && game.is_none_or(|g| g == crate::GameKind::Xiangqi)
        && !rule.iter().any(|(k, _)| k == "setup")
    {
        rule.push(("setup".to_string(), "strict".to_string()));
    }
    let settings = Settings::new(
        game,
        common.read.from.as_deref(),
        common.read.rules.as_deref(),
        &rule,
    )
    .map_err(|e| e.to_string())?;
    Ok(settings.with_encoding(encoding))
}

pub(crate) fn report_format(r: &ReportArgs) -> ReportFormat {
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
pub(crate) fn pool(jobs: Option<usize>) -> Option<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("qipu-{i}"));
    if let Some(n) = jobs {
        b = b.num_threads(n.max(1));
    }
    b.build().ok()
}

/// A progress bar on stderr when it is a terminal and not silenced, counting `total` units
/// (files, or bytes with `bytes`).
#[allow(dead_code)]
pub(crate) fn progress(common: &CommonArgs, total: u64) -> indicatif::ProgressBar {
    progress_bar(common, total, false)
}

/// The progress bar of validate/adjudicate: its position is in bytes (so that the ETA holds
/// for one huge file as for many small ones); the message counts files, games and games/s.
pub(crate) fn progress_bytes(common: &CommonArgs, total_bytes: u64) -> indicatif::ProgressBar {
    progress_bar(common, total_bytes, true)
}

/// The message of the progress bars: files done, games, games/s since `started`.
pub(crate) fn progress_message(
    files_done: usize,
    files: usize,
    games: usize,
    started: Instant,
) -> String {
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    format!(
        "{files_done}/{files} files, {games} games, {:.0} games/s",
        games as f64 / secs
    )
}

/// A byte progress bar that worker threads report finished files to (for commands that
/// handle whole files in parallel, like `convert`): the same bar and message as
/// validate/adjudicate.
pub(crate) struct FileProgress {
    pub bar: indicatif::ProgressBar,
    files: usize,
    /// Files and games done. One lock for the counts and the message, so that a thread
    /// never overwrites a newer message with its older counts.
    done: Mutex<(usize, usize)>,
    started: Instant,
}

impl FileProgress {
    /// A bar over `sizes` (one per file, see [`crate::driver::input::file_sizes`]); hidden as [`progress_bytes`].
    pub(crate) fn new(common: &CommonArgs, sizes: &[u64], started: Instant) -> FileProgress {
        FileProgress {
            bar: progress_bytes(common, sizes.iter().sum()),
            files: sizes.len(),
            done: Mutex::new((0, 0)),
            started,
        }
    }

    /// One more file done, of `bytes` bytes and `games` games.
    pub(crate) fn file_done(&self, bytes: u64, games: usize) {
        self.done(bytes, games, 1);
    }

    /// A piece of a streamed file done: `bytes` more bytes and `games` more games.
    pub(crate) fn piece_done(&self, bytes: u64, games: usize) {
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
    if common.run.quiet || common.run.no_progress || !std::io::stderr().is_terminal() {
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
pub(crate) fn usage_error(message: &str) -> i32 {
    eprintln!("qipu: {message}");
    super::EXIT_USAGE
}

pub(crate) fn stderr_color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Whether to colour a stream under `--color`: `auto` asks anstream (a terminal, NO_COLOR
/// unset, CLICOLOR_FORCE, TERM=dumb).
pub(crate) fn color_for(arg: ColorArg, stream: &impl anstream::stream::RawStream) -> bool {
    match arg {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => anstream::AutoStream::choice(stream) != anstream::ColorChoice::Never,
    }
}

/// The columns of the terminal that `stream` (stdout or stderr) is, when it is one and its
/// width is known.
#[cfg(unix)]
fn terminal_columns(stream: &(impl IsTerminal + std::os::fd::AsFd)) -> Option<usize> {
    if !stream.is_terminal() {
        return None;
    }
    let size = rustix::termios::tcgetwinsize(stream).ok()?;
    (size.ws_col > 0).then_some(usize::from(size.ws_col))
}

#[cfg(not(unix))]
fn terminal_columns(stream: &(impl IsTerminal + std::os::windows::io::AsHandle)) -> Option<usize> {
    terminal_size::terminal_size_of(stream).map(|(w, _)| usize::from(w.0))
}

/// The width diagnostics on stderr are wrapped to: the terminal's, when stderr is one.
pub(crate) fn stderr_columns() -> Option<usize> {
    terminal_columns(&std::io::stderr())
}

/// Prints a summary line of glued units (`output::table::glued`) on stderr, wrapped between
/// units at `width` or the terminal's (one line when stderr is piped).
pub(crate) fn eprint_glued(line: &str, width: Option<u16>) {
    use crate::output::table::{GLUE, wrap_glued};
    match width.map(usize::from).or_else(stderr_columns) {
        Some(w) => wrap_glued(line, w, "  ")
            .iter()
            .for_each(|l| eprintln!("{l}")),
        None => eprintln!("{}", line.replace(GLUE, " ")),
    }
}

/// The width of a listing table (`solve`, `formats`, the theoretical check): `--width`, else
/// the terminal's, else (piped) [`crate::output::table::DEFAULT_WIDTH`], as the game table.
pub(crate) fn table_width(width: Option<u16>) -> usize {
    width
        .map(usize::from)
        .or_else(|| terminal_columns(&std::io::stdout()))
        .unwrap_or(crate::output::table::DEFAULT_WIDTH)
}

/// The table report's view: `--width` or the terminal's width (100 when stdout is not a
/// terminal or its size is unknown), `--color`, `--format`.
pub(crate) fn view(args: &ViewArgs) -> crate::output::table::View {
    let stdout = std::io::stdout();
    let width = args
        .width
        .map(usize::from)
        .or_else(|| terminal_columns(&stdout))
        .unwrap_or(crate::output::table::DEFAULT_WIDTH);
    crate::output::table::View {
        width,
        color: color_for(args.color, &stdout),
        short: args.format == FormatArg::Short,
    }
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
