//! The units convert works on: a whole file, or a piece of whole games of a big text file
//! streamed on the main thread (as validate streams it), so that converting a file of any size
//! holds a window of pieces, never the file.

use super::{Prepared, Run, target_of};
use crate::core::game::Game;
use crate::core::limits;
use crate::driver::input::FoundFile;
use crate::driver::open::{self, Opened};
use crate::driver::report::GameReport;
use crate::driver::select::Facts;
use crate::driver::stream::{StreamError, TextStream, read_piece};
use std::io::Read;
use std::sync::Arc;

/// One piece of work.
pub(super) struct Unit {
    pub file_no: usize,
    pub what: What,
    /// The last unit of its file.
    pub last: bool,
    /// The input bytes it stands for (progress).
    pub bytes: u64,
}

pub(super) enum What {
    /// A whole file (its bytes, when they are read already).
    Whole(Option<Vec<u8>>),
    /// Whole games of a streamed file (empty text: the end of the file).
    Piece {
        text: Arc<str>,
        game: &'static dyn Game,
        format: &'static str,
        /// Its last game is cut short (see `Piece::cut_short`).
        cut_short: bool,
    },
    /// The file (or the rest of it) cannot be read.
    Failed(String),
}

/// A file being streamed.
struct Streaming {
    file_no: usize,
    stream: TextStream<Box<dyn Read + Send>>,
    game: &'static dyn Game,
    format: &'static str,
    bytes_done: u64,
}

/// The units of the inputs, in input order.
pub(super) struct Units<'a> {
    run: &'a Run<'a>,
    files: &'a [FoundFile],
    sizes: &'a [u64],
    next: usize,
    /// Big text files are streamed (not when the output is a binary database, written in one
    /// go from all the records of a file, nor when `--where` tests the index in the file).
    stream_big: bool,
    streaming: Option<Streaming>,
}

impl<'a> Units<'a> {
    pub(crate) fn new(
        run: &'a Run<'a>,
        files: &'a [FoundFile],
        sizes: &'a [u64],
        stream_big: bool,
    ) -> Self {
        Units {
            run,
            files,
            sizes,
            next: 0,
            stream_big,
            streaming: None,
        }
    }

    pub(crate) fn next_unit(&mut self) -> Option<Unit> {
        if let Some(s) = &mut self.streaming {
            let file_no = s.file_no;
            let size = self.sizes.get(file_no).copied().unwrap_or(0);
            let (what, last, done) = match s.stream.next_piece() {
                Ok(Some(p)) => (
                    What::Piece {
                        text: p.text,
                        game: s.game,
                        format: s.format,
                        cut_short: p.cut_short,
                    },
                    false,
                    p.bytes_done,
                ),
                Ok(None) => (
                    What::Piece {
                        text: Arc::from(""),
                        game: s.game,
                        format: s.format,
                        cut_short: false,
                    },
                    true,
                    size.max(s.bytes_done),
                ),
                Err(StreamError::Input(m)) => (What::Failed(m), true, size.max(s.bytes_done)),
            };
            let bytes = done.saturating_sub(s.bytes_done);
            s.bytes_done = done;
            if last {
                self.streaming = None;
            }
            return Some(Unit {
                file_no,
                what,
                last,
                bytes,
            });
        }
        let file_no = self.next;
        let file = self.files.get(file_no)?;
        self.next += 1;
        let size = self.sizes.get(file_no).copied().unwrap_or(0);
        let whole = |what| Unit {
            file_no,
            what,
            last: true,
            bytes: size,
        };
        if !self.stream_big || !open::streamable(file, size) {
            return Some(whole(What::Whole(None)));
        }
        match open::open_stream(self.run.settings, file) {
            Opened::Stream(stream, game, format) => {
                self.streaming = Some(Streaming {
                    file_no,
                    stream,
                    game,
                    format,
                    bytes_done: 0,
                });
                self.next_unit()
            }
            Opened::Whole(bytes) => Some(whole(What::Whole(Some(bytes)))),
            Opened::Failed(_, m) => Some(whole(What::Failed(m))),
        }
    }
}

/// Reads a unit and keeps the games `--where` selects (indices of a piece's games count from
/// the piece; [`State::settle`](super::State) makes them the file's).
pub(super) fn prepare(run: &Run<'_>, file: &FoundFile, unit: Unit) -> Result<Prepared, String> {
    let args = run.args;
    let (game, records) = match unit.what {
        What::Failed(m) => return Err(m),
        What::Whole(bytes) => {
            let read = match bytes {
                Some(b) => open::read_loaded(run.settings, file, b),
                None => open::read_file(run.settings, file),
            }
            .map_err(|p| p.message)?;
            (read.game, read.records)
        }
        What::Piece {
            text,
            game,
            format,
            cut_short,
        } => {
            let records = if text.trim().is_empty() {
                Vec::new()
            } else {
                let max_plies = limits::of_rules(&run.settings.rules_for(game.kind()));
                let piece = (text, cut_short);
                read_piece(game, format, &file.display, piece, max_plies).1
            };
            (game, records)
        }
    };
    let target = target_of(game, &args.to).ok_or_else(|| {
        format!(
            "cannot convert {} records to `{}`; writable {} formats: {}",
            game.kind(),
            args.to,
            game.kind(),
            game.formats()
                .iter()
                .filter(|f| f.write)
                .map(|f| f.id)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    let rules = run.settings.rules_for(game.kind());
    let needs = run.filter.map(|f| f.needs()).unwrap_or_default();
    let checks = needs.replay || needs.verdict || run.wants.identity;
    let mut p = Prepared {
        game,
        target,
        read: records.len(),
        records: Vec::new(),
        failures: Vec::new(),
        left_out: 0,
    };
    for (i, r) in records.into_iter().enumerate() {
        let rec = match r {
            Ok(rec) => rec,
            Err(e) => {
                let report = GameReport::unreadable(
                    &file.display,
                    i,
                    Some(game.kind()),
                    None,
                    &e,
                    None,
                    false,
                );
                if run
                    .filter
                    .is_some_and(|f| !f.matches(&Facts::of_report(&report, &[])))
                {
                    p.left_out += 1;
                } else {
                    p.failures.push((i, e.to_string()));
                }
                continue;
            }
        };
        let (keep, key) = if checks {
            let mut checked = game.check_with(&rec, &rules, run.wants);
            let key = checked.identity.take().map(|id| id.key);
            let keep = run.filter.is_none_or(|f| {
                let report =
                    GameReport::from_checked(&file.display, &rec, checked, None, needs.verdict);
                f.matches(&Facts::of_report(&report, &rec.tags))
            });
            (keep, key)
        } else {
            let keep = run.filter.is_none_or(|f| {
                f.matches(&Facts {
                    tags: &rec.tags,
                    game: Some(rec.game),
                    format: Some(rec.format),
                    index: rec.index,
                    claimed: rec.claim.as_ref().map(|c| c.result),
                    // Not asked for (the filter does not need the replay).
                    valid: true,
                    plies: 0,
                    verdict: None,
                    agrees: None,
                })
            });
            (keep, None)
        };
        if keep {
            p.records.push((rec, key));
        } else {
            p.left_out += 1;
        }
    }
    Ok(p)
}
