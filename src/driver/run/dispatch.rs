//! The calling thread's job dispatch: files and pieces out to the pool, results back in
//! order.

use super::jobs::{check_piece, check_whole, failed, rules_of};
use super::*;
use crate::core::error::ErrorKind;
use crate::driver::open::{self, Opened};
use crate::driver::select::Facts;
use crate::driver::stream::{self, Piece};
use std::collections::BTreeMap;
use std::sync::mpsc;

/// A job's message: its number, finished outcomes, and whether the job is done (a job over a
/// big file sends its games in parts as it goes).
type Channel<P> = (usize, Vec<Outcome<P>>, bool);

/// The results waiting for the ones before them, and what giving them out in order needs.
pub(super) struct Order<'c, 'f, P, C: Consumer<P>> {
    consumer: &'c mut C,
    /// The next job to give out.
    next: usize,
    /// Outcomes received ahead of their turn, and whether their job is done.
    waiting: BTreeMap<usize, (Vec<Outcome<P>>, bool)>,
    /// The file of the last job given out, and its games so far (for streamed pieces).
    file_games: (usize, usize),
    /// The pool hung up (never while jobs are out).
    broken: bool,
    /// `--where`, when it tests the index (selected here, see `GameOut::tags`), and whether
    /// its verdict is for the filter only.
    late_filter: Option<&'f Filter>,
    verdict_for_filter: bool,
}

impl<'c, 'f, P, C: Consumer<P>> Order<'c, 'f, P, C> {
    pub(super) fn new(consumer: &'c mut C, ctx: &Ctx<'f, P>) -> Self {
        Order {
            consumer,
            next: 0,
            waiting: BTreeMap::new(),
            file_games: (usize::MAX, 0),
            broken: false,
            late_filter: ctx.filter.filter(|f| f.needs().index),
            verdict_for_filter: ctx.verdict_for_filter,
        }
    }

    fn stopped(&self) -> bool {
        self.broken || self.consumer.stopped()
    }

    /// Takes a job's outcomes (`done`: its last part) and gives out what is next in order.
    fn accept(&mut self, seq: usize, o: Vec<Outcome<P>>, done: bool) {
        let entry = self
            .waiting
            .entry(seq)
            .or_insert_with(|| (Vec::new(), false));
        entry.0.extend(o);
        entry.1 |= done;
        while let Some((group, done)) = self.waiting.remove(&self.next) {
            for o in group {
                if self.stopped() {
                    return;
                }
                let d = self.deliver(o);
                self.consumer.take(d);
            }
            if !done {
                // The job's next parts give out as they come.
                break;
            }
            self.next += 1;
        }
    }

    /// A job's results with the games' indices in the file, the late `--where` applied, and
    /// the report of a file without games.
    fn deliver(&mut self, o: Outcome<P>) -> Delivered<P> {
        if self.file_games.0 != o.file_no {
            self.file_games = (o.file_no, 0);
        }
        let base = if o.piece.is_some() {
            self.file_games.1
        } else {
            0
        };
        let mut games = Vec::new();
        let failed = o.failure.is_some();
        if let Some(f) = o.failure {
            games.push(GameOut::bare(f));
        }
        let mut left_out = o.left_out;
        for mut g in o.games {
            g.report.index += base;
            if let (Some(f), Some(tags)) = (self.late_filter, &g.tags) {
                if !f.matches(&Facts::of_report(&g.report, tags)) {
                    left_out += 1;
                    continue;
                }
                if self.verdict_for_filter {
                    g.report.verdict = None;
                    g.report.agrees = None;
                }
            }
            games.push(g);
        }
        let file_done = o.piece.is_none_or(|pc| pc.last);
        let no_game = file_done && self.file_games.1 == 0 && !failed && o.read == 0;
        // Opened, but no record in it (empty, blank, or nothing the format's reader finds):
        // no game to report; the consumer warns and counts it (docs/cli-reference.md, "Inputs
        // without records").
        self.file_games.1 += o.read;
        Delivered {
            file_no: o.file_no,
            piece: o.piece,
            games,
            no_game,
            text: o.text,
            left_out,
        }
    }
}

/// Walks the files in order, hands out jobs to the pool and gives out finished ones in
/// order.
pub(super) fn dispatch<'s, P: Send + 's, C: Consumer<P>>(
    s: &rayon::Scope<'s>,
    files: &'s [FoundFile],
    sizes: &[u64],
    ctx: &'s Ctx<'s, P>,
    p: &mut Order<'_, 's, P, C>,
    tx: mpsc::Sender<Channel<P>>,
    rx: &mpsc::Receiver<Channel<P>>,
) {
    let mut seq = 0usize;
    // (seq, input bytes) of the jobs out.
    let mut out: Vec<(usize, u64)> = Vec::new();
    // Small files read whole go out in groups (one job, one message for many files).
    let mut group: Vec<(usize, Option<Vec<u8>>)> = Vec::new();
    let mut group_bytes = 0u64;
    let flush = |p: &mut Order<'_, 's, P, C>,
                 out: &mut Vec<(usize, u64)>,
                 seq: &mut usize,
                 group: &mut Vec<(usize, Option<Vec<u8>>)>,
                 group_bytes: &mut u64| {
        if group.is_empty() {
            return;
        }
        make_room(p, rx, out, *group_bytes);
        wait_for_room(p, rx, *seq, 0);
        out.push((*seq, *group_bytes));
        let tx = tx.clone();
        let my_seq = *seq;
        let jobs = std::mem::take(group);
        *group_bytes = 0;
        s.spawn(move |_| {
            // Sent in parts of about PART_GAMES games: the consumer takes a big file's games
            // as they come instead of holding them all.
            let mut part: Vec<Outcome<P>> = Vec::new();
            let mut games = 0;
            for (file_no, bytes) in jobs {
                let job = JobInfo {
                    file: &files[file_no],
                    file_no,
                    piece: None,
                };
                check_whole(ctx, &job, bytes, &mut |o| {
                    games += o.games.len();
                    part.push(o);
                    if games >= PART_GAMES {
                        games = 0;
                        let _ = tx.send((my_seq, std::mem::take(&mut part), false));
                    }
                });
            }
            let _ = tx.send((my_seq, part, true));
        });
        *seq += 1;
    };
    for (file_no, file) in files.iter().enumerate() {
        if p.stopped() {
            break;
        }
        let size = sizes.get(file_no).copied().unwrap_or(0);
        let streamable = open::streamable(file, size);
        let mut whole: Option<Vec<u8>> = None;
        if streamable {
            flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
            match open::open_stream(ctx.settings, file) {
                Opened::Whole(bytes) => whole = Some(bytes),
                Opened::Failed(kind, m) => {
                    let mut o = failed(file_no, file, kind, &m, true);
                    o.piece = None;
                    wait_for_room(p, rx, seq, 0);
                    let _ = tx.send((seq, vec![o], true));
                    seq += 1;
                    continue;
                }
                Opened::Stream(mut st, g, format_id) => {
                    let rules = rules_of(ctx.settings, g);
                    loop {
                        let next = st.next_piece();
                        let (piece, last) = match next {
                            Ok(Some(pc)) => (pc, false),
                            Ok(None) => (
                                Piece {
                                    text: Arc::from(""),
                                    lines_before: 0,
                                    bytes_done: size,
                                    cut_short: false,
                                },
                                true,
                            ),
                            Err(stream::StreamError::Input(m)) => {
                                let o = failed(file_no, file, ErrorKind::Encoding, &m, true);
                                wait_for_room(p, rx, seq, 0);
                                let _ = tx.send((seq, vec![o], true));
                                seq += 1;
                                break;
                            }
                        };
                        make_room(p, rx, &mut out, piece.text.len() as u64);
                        wait_for_room(p, rx, seq, 0);
                        let info = PieceInfo {
                            lines_before: piece.lines_before,
                            last,
                            bytes_done: piece.bytes_done,
                        };
                        let tx = tx.clone();
                        let rules = rules.clone();
                        let my_seq = seq;
                        out.push((seq, piece.text.len() as u64));
                        s.spawn(move |_| {
                            let job = JobInfo {
                                file,
                                file_no,
                                piece: Some(info),
                            };
                            let o = check_piece(
                                ctx,
                                &job,
                                g,
                                format_id,
                                &rules,
                                (piece.text, piece.cut_short),
                            );
                            let _ = tx.send((my_seq, vec![o], true));
                        });
                        seq += 1;
                        if last {
                            break;
                        }
                    }
                    continue;
                }
            }
        }
        group_bytes += weight(file, whole.as_ref().map_or(size, |b| b.len() as u64));
        group.push((file_no, whole));
        if group_bytes >= GROUP_BYTES || group.len() >= GROUP_FILES {
            flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
        }
    }
    flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
    while p.next < seq && !p.stopped() {
        receive_one(p, rx);
    }
}

/// What a file read whole counts for against [`MAX_BYTES_IN_FLIGHT`]: its bytes, or
/// [`BINARY_WEIGHT`] times them when its extension is a binary format's.
pub(super) fn weight(file: &FoundFile, bytes: u64) -> u64 {
    let ext = file
        .path
        .as_deref()
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let binary = ext.is_some_and(|ext| {
        crate::driver::registry::all().iter().any(|g| {
            g.formats()
                .iter()
                .any(|f| f.binary && f.extensions.contains(&ext.as_str()))
        })
    });
    if binary {
        bytes.saturating_mul(BINARY_WEIGHT)
    } else {
        bytes
    }
}

/// Blocks until `weight` more input bytes fit in [`MAX_BYTES_IN_FLIGHT`] (or nothing is out).
fn make_room<P, C: Consumer<P>>(
    p: &mut Order<'_, '_, P, C>,
    rx: &mpsc::Receiver<Channel<P>>,
    out: &mut Vec<(usize, u64)>,
    weight: u64,
) {
    loop {
        out.retain(|&(q, _)| q >= p.next);
        let held: u64 = out.iter().map(|&(_, w)| w).sum();
        if out.is_empty() || held + weight <= MAX_BYTES_IN_FLIGHT || p.stopped() {
            return;
        }
        receive_one(p, rx);
    }
}

/// Blocks until fewer than [`MAX_IN_FLIGHT`] jobs are out.
fn wait_for_room<P, C: Consumer<P>>(
    p: &mut Order<'_, '_, P, C>,
    rx: &mpsc::Receiver<Channel<P>>,
    seq: usize,
    _extra: usize,
) {
    // Give out what is ready without waiting.
    while let Ok((s, o, done)) = rx.try_recv() {
        p.accept(s, o, done);
    }
    while seq.saturating_sub(p.next) >= MAX_IN_FLIGHT && !p.stopped() {
        receive_one(p, rx);
    }
}

fn receive_one<P, C: Consumer<P>>(p: &mut Order<'_, '_, P, C>, rx: &mpsc::Receiver<Channel<P>>) {
    match rx.recv() {
        Ok((s, o, done)) => p.accept(s, o, done),
        Err(_) => p.broken = true,
    }
}
