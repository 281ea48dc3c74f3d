//! One job on a pool thread: open a file (or a piece of a streamed one), read its games,
//! replay and judge them.

use super::*;

pub(super) fn failed(
    file_no: usize,
    file: &FoundFile,
    kind: ErrorKind,
    message: &str,
    last: bool,
) -> Outcome {
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

pub(super) enum Opened {
    Stream(
        TextStream<Box<dyn Read + Send>>,
        &'static dyn Game,
        &'static str,
    ),
    Whole(Vec<u8>),
    Failed(Box<Outcome>),
}

/// Opens a large file or stdin on the main thread (see [`common::open_stream`]).
pub(super) fn open_stream(ctx: &Ctx<'_>, file: &FoundFile) -> Opened {
    match common::open_stream(ctx.setup, file, ctx.from, ctx.game) {
        common::Opened::Stream(st, g, f) => Opened::Stream(st, g, f),
        common::Opened::Whole(bytes) => Opened::Whole(bytes),
        common::Opened::Failed(m) => {
            let mut o = failed(0, file, ErrorKind::Unsupported, &m, true);
            o.piece = None;
            Opened::Failed(Box::new(o))
        }
    }
}

/// Reads and checks a whole file (its bytes given when they are read already), a slice of
/// [`READ_GAMES`] games at a time: a big binary database never holds all its records. Each
/// slice goes to `emit` as a piece of the file as soon as it is checked.
pub(super) fn check_whole(
    ctx: &Ctx<'_>,
    job: &JobInfo<'_>,
    bytes: Option<Vec<u8>>,
    emit: &mut dyn FnMut(Outcome),
) {
    let file = job.file;
    let opened = match bytes
        .map_or_else(|| common::read_bytes(file), Ok)
        .and_then(|b| common::open_loaded(ctx.setup, file, b, ctx.from, ctx.game))
    {
        Ok(o) => o,
        Err(p) => {
            // Files found by walking a directory are reported too: a bad file never vanishes.
            let mut o = failed(job.file_no, file, p.kind, &p.message, true);
            o.piece = None;
            emit(o);
            return;
        }
    };
    let rules = ctx.setup.rules_for(opened.game.kind());
    let mut from = 0;
    loop {
        let (records, more) =
            opened
                .game
                .read_some(opened.format.id, &opened.input, from, READ_GAMES);
        let got = records.len();
        let mut games = check_records(
            ctx,
            job,
            (opened.game, opened.format.id),
            &rules,
            &opened.input,
            (from, records),
        );
        // A piece's games count from its first; the printer adds the games before it.
        for g in &mut games {
            g.report.index = g.report.index.saturating_sub(from);
        }
        let last = !more || got == 0;
        emit(Outcome {
            file_no: job.file_no,
            piece: Some(PieceInfo {
                lines_before: 0,
                last,
                bytes_done: 0,
            }),
            left_out: got - games.len(),
            read: got,
            games,
            text: opened.input.text.clone(),
            failure: None,
        });
        from += got;
        if last {
            break;
        }
    }
}

/// Reads and checks one piece of a streamed file.
pub(super) fn check_piece(
    ctx: &Ctx<'_>,
    job: &JobInfo<'_>,
    game: &'static dyn Game,
    format: &'static str,
    rules: &Rules,
    text: Arc<str>,
) -> Outcome {
    let (games, read) = if text.trim().is_empty() {
        (Vec::new(), 0)
    } else {
        let input = Input {
            name: job.file.display.clone(),
            bytes: Arc::from(&[][..]),
            text: Some(text.clone()),
            siblings: Vec::new(),
        };
        let records = game.read(format, &input);
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
pub(super) fn check_records(
    ctx: &Ctx<'_>,
    job: &JobInfo<'_>,
    (game, format): (&'static dyn Game, &'static str),
    rules: &Rules,
    input: &Input,
    (first, records): (usize, Vec<Result<Record, RecordError>>),
) -> Vec<GameOut> {
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
    let one = |(i, rec): (usize, &Result<Record, RecordError>)| -> Option<GameOut> {
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
                if let Some(v) = r.verdict.as_ref().filter(|_| ctx.explain_text) {
                    let opts = ShowOptions {
                        ply: Some(v.ply),
                        color: false,
                        svg: false,
                    };
                    shown = Some(game.show(record, rules, &opts).map_err(|e| e.message));
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
        let page = ctx.games_dir.as_ref().map(|dir| {
            let view = html::GameView {
                id: 0,
                report: &report,
                record,
                game: Some(game),
                rules: Some(rules),
                open: None,
            };
            let page = html::game_page(&view, Some("../index.html"));
            output::stage(dir, page.as_bytes()).map_err(|e| e.to_string())
        });
        Some(GameOut {
            record: record
                .filter(|_| ctx.page_room.load(Ordering::Relaxed))
                .cloned(),
            report,
            error,
            shown,
            identity,
            tags,
            page,
        })
    };
    if records.len() >= PAR_GAMES {
        records.par_iter().enumerate().filter_map(one).collect()
    } else {
        records.iter().enumerate().filter_map(one).collect()
    }
}
