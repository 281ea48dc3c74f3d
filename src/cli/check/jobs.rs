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
        empty: false,
    }
}

pub(super) enum Opened<R> {
    Stream(TextStream<R>, &'static dyn Game, &'static str),
    Whole(Vec<u8>),
    Failed(Box<Outcome>),
}

/// Opens a large file or stdin on the main thread: detects its format from the head and
/// streams it when the format is cut by games.
pub(super) fn open_stream(ctx: &Ctx<'_>, file: &FoundFile) -> Opened<Box<dyn Read + Send>> {
    let fail = |m: String| {
        let mut o = failed(0, file, ErrorKind::Unsupported, &m, true);
        o.piece = None;
        Opened::Failed(Box::new(o))
    };
    let mut reader: Box<dyn Read + Send> = match &file.path {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => return fail(format!("cannot open: {e}")),
        },
        None => Box::new(std::io::stdin()),
    };
    let mut head = Vec::with_capacity(64 * 1024);
    if let Err(e) = (&mut reader).take(64 * 1024).read_to_end(&mut head) {
        return fail(format!("cannot read: {e}"));
    }
    let sel = Selection {
        game: ctx.game,
        from: ctx.from,
    };
    let whole = |head: Vec<u8>, mut reader: Box<dyn Read + Send>| {
        let mut bytes = head;
        match reader.read_to_end(&mut bytes) {
            Ok(_) => Opened::Whole(bytes),
            Err(e) => fail(format!("cannot read: {e}")),
        }
    };
    let Ok((g, format)) = input::detect(&ctx.setup.games, &file.display, &head, sel) else {
        // Reported by the whole-file path, with its message.
        return whole(head, reader);
    };
    if format.binary {
        return whole(head, reader);
    }
    match TextStream::start(g, format.id, head, reader, ctx.setup.encoding) {
        Ok(Start::Stream(st)) => Opened::Stream(st, g, format.id),
        Ok(Start::Whole(head, reader)) => whole(head, reader),
        Err(e) => fail(format!("cannot read: {e}")),
    }
}

/// Reads and checks a whole file (its bytes given when they are read already), a slice of
/// [`READ_GAMES`] games at a time: a big binary database never holds all its records.
pub(super) fn check_whole(ctx: &Ctx<'_>, job: &JobInfo<'_>, bytes: Option<Vec<u8>>) -> Outcome {
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
            return o;
        }
    };
    let rules = ctx.setup.rules_for(opened.game.kind());
    let mut games = Vec::new();
    let mut from = 0;
    loop {
        let (records, more) =
            opened
                .game
                .read_some(opened.format.id, &opened.input, from, READ_GAMES);
        let got = records.len();
        games.extend(check_records(
            ctx,
            job,
            (opened.game, opened.format.id),
            &rules,
            &opened.input,
            (from, records),
        ));
        from += got;
        if !more || got == 0 {
            break;
        }
    }
    let empty = games.is_empty();
    Outcome {
        file_no: job.file_no,
        piece: None,
        games,
        text: opened.input.text.clone(),
        failure: None,
        empty,
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
    let games = if text.trim().is_empty() {
        Vec::new()
    } else {
        let input = Input {
            name: job.file.display.clone(),
            bytes: Arc::from(&[][..]),
            text: Some(text.clone()),
            siblings: Vec::new(),
        };
        let records = game.read(format, &input);
        check_records(ctx, job, (game, format), rules, &input, (0, records))
    };
    let empty = games.is_empty();
    Outcome {
        file_no: job.file_no,
        piece: job.piece,
        games,
        text: Some(text),
        failure: None,
        empty,
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
    let one = |(i, rec): (usize, &Result<Record, RecordError>)| {
        let mut shown = None;
        let (mut report, error) = match rec {
            Ok(record) => {
                let checked = game.check(record, rules, ctx.adjudicate);
                let err = checked.error.clone();
                let mut r = GameReport::from_checked(
                    &job.file.display,
                    record,
                    checked,
                    None,
                    ctx.adjudicate,
                );
                r.format = Some(format);
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
            Err(e) => (
                GameReport::unreadable(
                    &job.file.display,
                    first + i,
                    Some(game.kind()),
                    Some(format),
                    e,
                    None,
                    ctx.adjudicate,
                ),
                Some(e.clone()),
            ),
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
        GameOut {
            record: record
                .filter(|_| ctx.page_room.load(Ordering::Relaxed))
                .cloned(),
            report,
            error,
            shown,
            page,
        }
    };
    if records.len() >= PAR_GAMES {
        records.par_iter().enumerate().map(one).collect()
    } else {
        records.iter().enumerate().map(one).collect()
    }
}
