//! The batch driver that streams: every input read, every game replayed on all cores, the
//! results given out in input order. The CLI's `validate`, `adjudicate` and `dedupe` print
//! what it gives out as it comes; [`crate::driver::batch::check_inputs`] (the library and
//! Python) collects the reports.
//!
//! The calling thread walks the inputs in order and hands out jobs to one thread pool: a
//! whole file (small files in groups), or a piece of whole games of a huge text file that it
//! streams (see [`crate::driver::stream`]). At most [`MAX_IN_FLIGHT`] jobs are out at a time;
//! finished jobs are given to the [`Consumer`] in input order as soon as every job before
//! them is, so memory stays flat and no core waits on a batch barrier.

mod dispatch;
mod jobs;

use crate::core::error::RecordError;
use crate::core::game::{Game, Shown};
use crate::core::identity::Identity;
use crate::core::record::{Record, Tag};
use crate::core::rules::Rules;
use crate::driver::input::FoundFile;
use crate::driver::report::GameReport;
use crate::driver::select::Filter;
use crate::driver::settings::Settings;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Jobs handed out and not given out yet (each a file or a piece of about a megabyte).
const MAX_IN_FLIGHT: usize = 64;
/// Input bytes out at a time (files read whole and pieces of streamed ones): what a job holds
/// while it runs is proportional to them. At least one job is always out.
const MAX_BYTES_IN_FLIGHT: u64 = 2 << 20;
/// A file read whole counts this many times its bytes against [`MAX_BYTES_IN_FLIGHT`] (and
/// [`GROUP_BYTES`]) when its format is binary: a WTHOR game is 68 bytes of input and some
/// 700 bytes of report, so that the reports out at a time stay about as many as for text.
const BINARY_WEIGHT: u64 = 16;
/// A job sends what it has finished once it holds this many games (a whole WTHOR file is
/// thousands of games), so a big file's reports never wait all together for the consumer.
const PART_GAMES: usize = 1024;
/// Small files are handed out in groups of up to this many input bytes …
const GROUP_BYTES: u64 = 256 << 10;
/// … or this many files.
const GROUP_FILES: usize = 64;

/// A game's own page, made on the pool thread that checked the game (`--html-dir`): from the
/// report, the record when it could be read, the game and the rules in force.
pub(crate) type PageMaker<'a, P> =
    dyn Fn(&GameReport, Option<&Record>, &'static dyn Game, &Rules) -> P + Sync + 'a;

/// What every job is asked to do.
pub(crate) struct Ctx<'a, P> {
    pub settings: &'a Settings,
    pub adjudicate: bool,
    /// `--where`, and whether it needs a verdict that the command does not report.
    pub filter: Option<&'a Filter>,
    pub verdict_for_filter: bool,
    /// dedupe: each game's identity.
    pub identity: bool,
    /// `--explain` with diagnostics shown: the deciding position is drawn.
    pub explain_text: bool,
    /// `--explain` with a JSON or YAML report: each adjudicated game's report carries the
    /// game's analysis of its moves (`GameReport::analysis`).
    pub analysis: bool,
    /// While it holds, each game's record is kept (the `--html` page makes games replayable
    /// until it is full).
    pub keep_records: &'a AtomicBool,
    /// Makes each game's page (`--html-dir`).
    pub page: Option<&'a PageMaker<'a, P>>,
}

impl<'a, P> Ctx<'a, P> {
    /// Validation (or adjudication) and nothing more: what the library asks for.
    pub(crate) fn plain(
        settings: &'a Settings,
        adjudicate: bool,
        keep_records: &'a AtomicBool,
    ) -> Self {
        Ctx {
            settings,
            adjudicate,
            filter: None,
            verdict_for_filter: false,
            identity: false,
            explain_text: false,
            analysis: false,
            keep_records,
            page: None,
        }
    }
}

/// What a job is about.
struct JobInfo<'a> {
    file: &'a FoundFile,
    file_no: usize,
    /// A piece of a streamed file (game indices count from the games before it).
    piece: Option<PieceInfo>,
}

/// Where a piece of a streamed file is.
#[derive(Clone, Copy)]
pub(crate) struct PieceInfo {
    /// Lines of the file before the piece.
    pub lines_before: usize,
    /// The file's last piece.
    pub last: bool,
    /// Bytes of the file read up to the end of the piece.
    pub bytes_done: u64,
}

/// One game's result, with what its diagnostic needs.
pub(crate) struct GameOut<P> {
    pub report: GameReport,
    pub error: Option<RecordError>,
    /// The position at the verdict's ply, when an explanation needs it, and the game's
    /// remarks on the verdict (`Game::explain_remarks`).
    pub shown: Option<(Result<Shown, String>, Vec<String>)>,
    /// dedupe: what makes it the same game as another (`None`: it could not be read).
    pub identity: Option<Identity>,
    /// The tags, when `--where` tests the index: the game is selected once its index in the
    /// file is known (in input order).
    tags: Option<Vec<Tag>>,
    /// The record, while [`Ctx::keep_records`] holds.
    pub record: Option<Record>,
    /// The game's page ([`Ctx::page`]).
    pub page: Option<P>,
}

impl<P> GameOut<P> {
    /// A report and nothing else (an input failure, a file without games).
    fn bare(report: GameReport) -> GameOut<P> {
        GameOut {
            report,
            error: None,
            shown: None,
            identity: None,
            tags: None,
            record: None,
            page: None,
        }
    }
}

/// A finished job.
struct Outcome<P> {
    file_no: usize,
    piece: Option<PieceInfo>,
    games: Vec<GameOut<P>>,
    /// The text the errors' spans point into.
    text: Option<Arc<str>>,
    /// The file as a whole failed (problem reported as one input failure).
    failure: Option<GameReport>,
    /// Games read (before `--where`): the index of the next piece's first game counts on
    /// from them.
    read: usize,
    /// Games read and left out by `--where`.
    left_out: usize,
}

/// A finished job as it is given out, in input order: the reports of a file, or of a piece
/// of a streamed one, with the games' indices in the file.
pub(crate) struct Delivered<P> {
    pub file_no: usize,
    /// `None` for a file read whole.
    pub piece: Option<PieceInfo>,
    /// The reports in order, with what each game's diagnostic needs: an input failure, the
    /// games `--where` keeps, or the one report of a file without games.
    pub games: Vec<GameOut<P>>,
    /// The file was opened and decoded but holds no game: the last report says so.
    pub no_game: bool,
    /// The text the errors' spans point into.
    pub text: Option<Arc<str>>,
    /// Games read and left out by `--where`.
    pub left_out: usize,
}

/// What takes the results, in input order.
pub(crate) trait Consumer<P> {
    fn take(&mut self, delivered: Delivered<P>);
    /// Whether to stop (stdout closed): no more jobs are handed out.
    fn stopped(&self) -> bool;
}

/// Checks `files` (of the sizes `sizes`, 0 when unknown) on `pool` (the current one when
/// `None`) and gives the results to `consumer` in input order.
pub(crate) fn run<P: Send, C: Consumer<P>>(
    pool: Option<&rayon::ThreadPool>,
    files: &[FoundFile],
    sizes: &[u64],
    ctx: &Ctx<'_, P>,
    consumer: &mut C,
) {
    let (tx, rx) = std::sync::mpsc::channel();
    let mut order = dispatch::Order::new(consumer, ctx);
    match pool {
        Some(pool) => {
            pool.in_place_scope(|s| dispatch::dispatch(s, files, sizes, ctx, &mut order, tx, &rx))
        }
        None => {
            rayon::in_place_scope(|s| dispatch::dispatch(s, files, sizes, ctx, &mut order, tx, &rx))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a consumer was given: the games of each delivery, in order.
    struct Sizes {
        games: Vec<usize>,
        indices: Vec<usize>,
    }

    impl Consumer<()> for Sizes {
        fn take(&mut self, d: Delivered<()>) {
            self.games.push(d.games.len());
            self.indices.extend(d.games.iter().map(|g| g.report.index));
        }
        fn stopped(&self) -> bool {
            false
        }
    }

    /// A WTHOR database of `copies` times the six games of samples/othello/sample.wtb.
    fn big_wthor(dir: &std::path::Path, copies: usize) -> FoundFile {
        let sample = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/samples/othello/sample.wtb"
        ))
        .unwrap();
        let (head, games) = sample.split_at(16);
        let n = u32::from_le_bytes(head[4..8].try_into().unwrap()) as usize;
        assert_eq!(games.len(), n * 68);
        let mut bytes = head.to_vec();
        bytes[4..8].copy_from_slice(&((n * copies) as u32).to_le_bytes());
        for _ in 0..copies {
            bytes.extend_from_slice(games);
        }
        let path = dir.join("big.wtb");
        std::fs::write(&path, bytes).unwrap();
        crate::driver::open::found_file(path.to_str().unwrap())
    }

    /// Issue 23, memory: a big binary file's reports are given out in parts as its job goes
    /// (they once waited all together, thousands of games a file, several files at a time).
    #[test]
    fn a_big_binary_file_is_given_out_in_parts_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let files = vec![big_wthor(dir.path(), 1000)];
        let sizes = crate::driver::input::file_sizes(&files);
        let settings = Settings::defaults();
        let keep = AtomicBool::new(false);
        let ctx = Ctx::<()>::plain(&settings, true, &keep);
        let mut c = Sizes {
            games: Vec::new(),
            indices: Vec::new(),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        run(Some(&pool), &files, &sizes, &ctx, &mut c);
        assert_eq!(c.indices, (0..6000).collect::<Vec<_>>());
        let most = c.games.iter().max().copied().unwrap_or(0);
        assert!(most <= PART_GAMES, "{most} games given out at once");
    }

    /// A binary file weighs [`BINARY_WEIGHT`] times its bytes against the input in flight: one
    /// WTHOR year (half a megabyte) is out at a time, not four.
    #[test]
    fn binary_files_weigh_more_in_flight() {
        let wtb = crate::driver::open::found_file("x/WTH_1998.wtb");
        let pgn = crate::driver::open::found_file("x/games.pgn");
        assert_eq!(dispatch::weight(&wtb, 549_252), 549_252 * BINARY_WEIGHT);
        assert!(dispatch::weight(&wtb, 549_252) > MAX_BYTES_IN_FLIGHT);
        assert_eq!(dispatch::weight(&pgn, 549_252), 549_252);
    }
}
