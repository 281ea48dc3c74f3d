//! One job on a pool thread: open a file (or a piece of a streamed one), read its games,
//! replay and judge them.

use super::*;
use crate::core::encoding::LineIndex;
use crate::core::error::ErrorKind;
use crate::core::game::{CheckWants, ShowOptions};
use crate::core::record::Input;
use crate::driver::open;
use crate::driver::select::Facts;
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::atomic::Ordering;

/// The outcome of a file (or the last piece of one) that failed as a whole.
pub(super) fn failed<P>(
    file_no: usize,
    file: &FoundFile,
    kind: ErrorKind,
    message: &str,
    last: bool,
) -> Outcome<P> {
    Outcome {
        file_no,
        piece: Some(PieceInfo {
            lines_before: 0,
            last,
            bytes_done: 0,
        }),
        games: Vec::new(),
        text: None,
        failure: Some(GameReport::input_failure(&file.display, kind, message)),
        read: 0,
        left_out: 0,
    }
}

/// Reads and checks a whole file (its bytes given when they are read already), a slice at a
/// time ([`read_slices`]). Each slice goes to `emit` as a piece of the file as soon as it is
/// checked (the games' indices count from the piece's first, as for a streamed piece), so a
/// big file's reports never wait all together for the consumer.
pub(super) fn check_whole<P: Send>(
    ctx: &Ctx<'_, P>,
    job: &JobInfo<'_>,
    bytes: Option<Vec<u8>>,
    emit: &mut dyn FnMut(Outcome<P>),
) {
    let file = job.file;
    let bytes = match bytes.map_or_else(|| open::read_bytes(file), Ok) {
        Ok(b) if crate::driver::input::is_blank(&b) => {
            // No record in it, whatever its extension: the consumer warns.
            emit(Outcome {
                file_no: job.file_no,
                piece: None,
                left_out: 0,
                read: 0,
                games: Vec::new(),
                text: None,
                failure: None,
            });
            return;
        }
        other => other,
    };
    let opened = match bytes.and_then(|b| open::open_loaded(ctx.settings, file, b)) {
        Ok(o) => o,
        Err(p) => {
            // Files found by walking a directory are reported too: a bad file never vanishes.
            let mut o = failed(job.file_no, file, p.kind, &p.message, true);
            o.piece = None;
            emit(o);
            return;
        }
    };
    let rules = rules_of(ctx.settings, opened.game);
    read_slices(&opened, |from, records, last| {
        let read = records.len();
        let mut games = check_records(
            ctx,
            job,
            (opened.game, opened.format.id),
            &rules,
            &opened.input,
            (from, records),
        );
        // A piece's games count from its first; the consumer's order adds the games before.
        for g in &mut games {
            g.report.index = g.report.index.saturating_sub(from);
        }
        emit(Outcome {
            file_no: job.file_no,
            piece: Some(PieceInfo {
                lines_before: 0,
                last,
                bytes_done: 0,
            }),
            left_out: read - games.len(),
            read,
            games,
            text: opened.input.text.clone(),
            failure: None,
        });
    });
}

/// The rules of `game` in the settings (read, not looked up elsewhere: the typed values the
/// check hands down were built with them), or its defaults when the settings lack them.
pub(super) fn rules_of<'s>(settings: &'s Settings, game: &dyn Game) -> Cow<'s, Rules> {
    match settings.rules.get(&game.kind()) {
        Some(rules) => Cow::Borrowed(rules),
        None => Cow::Owned(Rules::defaults(game.rule_table())),
    }
}

/// Reads and checks one piece of a streamed file.
pub(super) fn check_piece<P: Send>(
    ctx: &Ctx<'_, P>,
    job: &JobInfo<'_>,
    game: &'static dyn Game,
    format: &'static str,
    rules: &Rules,
    (text, cut_short): (Arc<str>, bool),
) -> Outcome<P> {
    let (games, read) = if text.trim().is_empty() {
        (Vec::new(), 0)
    } else {
        let max_plies = crate::core::limits::of_rules(rules);
        let piece = (text.clone(), cut_short);
        let (input, records) =
            crate::driver::stream::read_piece(game, format, &job.file.display, piece, max_plies);
        let read = records.len();
        let games = check_records(ctx, job, (game, format), rules, &input, (0, records));
        (games, read)
    };
    Outcome {
        file_no: job.file_no,
        piece: job.piece,
        left_out: read - games.len(),
        read,
        games,
        text: Some(text),
        failure: None,
    }
}

/// Replays the records of a file or piece (in parallel when there are many); `first` is the
/// index in the file of the first record.
fn check_records<P: Send>(
    ctx: &Ctx<'_, P>,
    job: &JobInfo<'_>,
    (game, format): (&'static dyn Game, &'static str),
    rules: &Rules,
    input: &Input,
    (first, records): (usize, Vec<Result<Record, RecordError>>),
) -> Vec<GameOut<P>> {
    // Reports are made without the text and located with one index of it: a file with many
    // errors is not quadratic.
    let index = input.text.as_deref().map(LineIndex::new);
    let lines_before = job.piece.map_or(0, |p| p.lines_before);
    // `--where` on the index: selected by the printer, which knows the index in the file.
    let late = ctx.filter.is_some_and(|f| f.needs().index);
    let wants = CheckWants {
        adjudicate: ctx.adjudicate || ctx.verdict_for_filter,
        identity: ctx.identity,
    };
    let one = |(i, rec): (usize, &Result<Record, RecordError>)| -> Option<GameOut<P>> {
        let mut shown = None;
        let mut identity = None;
        let mut tags = None;
        let (mut report, error) = match rec {
            Ok(record) => {
                let mut checked = game.check_with(record, rules, wants);
                identity = checked.identity.take();
                let err = checked.error.clone();
                let mut r = GameReport::from_checked(
                    &job.file.display,
                    record,
                    checked,
                    None,
                    wants.adjudicate,
                );
                r.format = Some(format);
                if late {
                    tags = Some(record.tags.clone());
                } else if let Some(f) = ctx.filter
                    && !f.matches(&Facts::of_report(&r, &record.tags))
                {
                    return None;
                }
                if ctx.verdict_for_filter && !late {
                    // Adjudicated for the filter only: the report is the command's own.
                    r.verdict = None;
                    r.agrees = None;
                }
                if ctx.analysis {
                    r.explain_with(game, record, rules);
                }
                if let Some(v) = r.verdict.as_ref().filter(|_| ctx.explain_text) {
                    let opts = ShowOptions {
                        ply: Some(v.ply),
                        color: false,
                        svg: false,
                    };
                    shown = Some((
                        game.show(record, rules, &opts).map_err(|e| e.message),
                        game.explain_remarks(record, rules, v),
                    ));
                }
                (r, err)
            }
            Err(e) => {
                let r = GameReport::unreadable(
                    &job.file.display,
                    first + i,
                    Some(game.kind()),
                    Some(format),
                    e,
                    None,
                    ctx.adjudicate,
                );
                if let Some(f) = ctx.filter.filter(|_| !late)
                    && !f.matches(&Facts::of_report(&r, &[]))
                {
                    return None;
                }
                if late {
                    tags = Some(Vec::new());
                }
                (r, Some(e.clone()))
            }
        };
        if let Some(ix) = &index {
            report.locate(ix);
        }
        if lines_before > 0
            && let Some(e) = &mut report.error
        {
            e.line = e.line.map(|l| l + lines_before);
        }
        let record = rec.as_ref().ok();
        let page = ctx.page.map(|make| make(&report, record, game, rules));
        Some(GameOut {
            record: record
                .filter(|_| ctx.keep_records.load(Ordering::Relaxed))
                .cloned(),
            report,
            error,
            shown,
            identity,
            tags,
            page,
        })
    };
    map_records(&records, one)
}

/// Games of one file replayed in parallel when there are at least this many.
const PAR_GAMES: usize = 32;
/// Games of a file read at a time by formats that read a slice (`Game::read_some`).
const READ_GAMES: usize = 256;

/// Reads an opened file a slice of [`READ_GAMES`] games at a time (a big binary database
/// never holds all its records) and gives each slice to `each` with the index in the file of
/// its first game and whether it is the last; returns the number of games read.
fn read_slices(
    opened: &open::OpenedFile,
    mut each: impl FnMut(usize, Vec<Result<Record, RecordError>>, bool),
) -> usize {
    let mut from = 0;
    loop {
        let (records, more) = opened.records_some(from, READ_GAMES);
        let got = records.len();
        let last = !more || got == 0;
        each(from, records, last);
        from += got;
        if last {
            break;
        }
    }
    from
}

/// `one` over the records of a slice with their indices in it, in order, on all cores when
/// there are at least [`PAR_GAMES`] of them; the `None`s are left out.
fn map_records<T, F>(records: &[Result<Record, RecordError>], one: F) -> Vec<T>
where
    T: Send,
    F: Fn((usize, &Result<Record, RecordError>)) -> Option<T> + Sync + Send,
{
    if records.len() >= PAR_GAMES {
        records.par_iter().enumerate().filter_map(one).collect()
    } else {
        records.iter().enumerate().filter_map(one).collect()
    }
}
