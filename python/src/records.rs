//! Records: `qipu.read` (streaming big text files a piece of whole games at a time, as the
//! CLI does), the `Record` class, and `qipu.convert`.

use crate::errors;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use qipu::bindings::files::{
    self as batch, self as input, self as open, self as stream, ErrorReport, FoundFile, Game,
    Selection, Start, TextEncoding, TextStream,
};
use qipu::{ErrorKind, Record, RecordError, Settings};
use std::collections::VecDeque;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;

/// One game read from a file: its tags, start position, moves as written and claimed
/// result. Pass it to `qipu.validate`, `qipu.adjudicate` or `qipu.convert`.
#[pyclass(frozen, module = "qipu", name = "Record")]
pub struct PyRecord {
    pub record: Arc<Record>,
    /// The file it came from, as reports name it.
    pub source: String,
    /// The text its spans point into (text formats), and the lines of the file before it.
    pub text: Option<Arc<str>>,
    pub lines_before: usize,
}

impl PyRecord {
    /// Its report as the CLI gives it (`--report json`; with `explain`, adjudicated, as
    /// `adjudicate --explain --report json` gives it), serialized.
    pub fn report_json(&self, settings: &Settings, adjudicate: bool, explain: bool) -> String {
        let text = self.text.as_deref();
        let mut r = if explain {
            batch::explain_record(settings, &self.source, &self.record, text)
        } else {
            batch::check_record(settings, &self.source, &self.record, text, adjudicate)
        };
        if self.lines_before > 0
            && let Some(e) = &mut r.error
        {
            e.line = e.line.map(|l| l + self.lines_before);
        }
        batch::json_line(&r)
    }
}

#[pymethods]
impl PyRecord {
    /// `"xiangqi"`, `"othello"` or `"junqi"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.record.game.name()
    }
    /// The format id it was read from (`pgn`, `ggf`, `wthor`, `jqr` …).
    #[getter]
    fn format(&self) -> &'static str {
        self.record.format
    }
    /// Its 0-based index in its file.
    #[getter]
    fn index(&self) -> usize {
        self.record.index
    }
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }
    /// The tags, name → value (the first of each name).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for t in &self.record.tags {
            if !d.contains(t.name.as_str())? {
                d.set_item(t.name.as_str(), t.value.as_str())?;
            }
        }
        Ok(d)
    }
    /// A non-standard start position as written (FEN, board string), if any.
    #[getter]
    fn setup(&self) -> Option<String> {
        self.record.setup.as_ref().map(|(s, _)| s.clone())
    }
    /// The moves as the record writes them.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.record
            .moves
            .iter()
            .map(|m| m.text.to_string())
            .collect()
    }
    /// Each move's time stamp as written (`None` where there is none): a Junqi action's
    /// time, which the time limit reads (give it to `Referee.push(move, time)`).
    #[getter]
    fn times(&self) -> Vec<Option<String>> {
        self.record.moves.iter().map(|m| m.time.clone()).collect()
    }
    /// The claimed result (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    #[getter]
    fn claimed(&self) -> Option<&'static str> {
        self.record.claim.as_ref().map(|c| c.result.as_str())
    }
    /// The parse problem that stopped reading the move list (as the report's `error`), if any.
    #[getter]
    fn error<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match &self.record.parse_error {
            None => Ok(None),
            Some(e) => {
                let mut r = ErrorReport::from_error(e, self.text.as_deref());
                r.line = r.line.map(|l| l + self.lines_before);
                let text = serde_json::to_string(&r).unwrap_or_default();
                crate::from_json(py, &text).map(Some)
            }
        }
    }
    fn __repr__(&self) -> String {
        format!(
            "<qipu.Record {} {} #{} of {}: {} moves>",
            self.record.game,
            self.record.format,
            self.record.index,
            self.source,
            self.record.moves.len()
        )
    }
}

/// What `read` is reading now.
enum Reading {
    Idle,
    /// A file read whole: its input and the games not handed out.
    Whole {
        opened: open::OpenedFile,
        display: String,
        next: usize,
        more: bool,
        queue: VecDeque<Result<Record, RecordError>>,
    },
    /// A huge text file, a piece of whole games at a time.
    Stream {
        stream: Box<TextStream<Box<dyn Read + Send>>>,
        game: &'static dyn Game,
        format: &'static str,
        display: String,
        queue: VecDeque<Result<Record, RecordError>>,
        text: Arc<str>,
        lines_before: usize,
        games_before: usize,
        done: bool,
    },
}

/// The records of `qipu.read`, one at a time. A game that cannot be read at all raises its
/// error (kind, line, column) from `next`; the iterator goes on after it.
#[pyclass(module = "qipu", name = "RecordIterator")]
pub struct RecordIter {
    settings: Settings,
    files: VecDeque<FoundFile>,
    bytes: Option<Vec<u8>>,
    /// Behind a lock: a stream's reader is not `Sync` (only `__next__` uses it, by `&mut`).
    reading: std::sync::Mutex<Reading>,
}

/// Games read at a time from a file that reads a slice (WTHOR).
const READ_GAMES: usize = 256;

impl RecordIter {
    fn open_next(&mut self, py: Python<'_>) -> PyResult<bool> {
        if let Some(bytes) = self.bytes.take() {
            let file = FoundFile {
                path: None,
                display: "<bytes>".to_string(),
                explicit: true,
                relative: PathBuf::from("bytes"),
            };
            let opened = open::open_loaded(&self.settings, &file, bytes)
                .map_err(|p| errors::input_error(py, p.kind, &p.message, &p.source))?;
            *self.reading.get_mut().unwrap_or_else(|e| e.into_inner()) = Reading::Whole {
                opened,
                display: file.display,
                next: 0,
                more: true,
                queue: VecDeque::new(),
            };
            return Ok(true);
        }
        let Some(file) = self.files.pop_front() else {
            return Ok(false);
        };
        let size = file
            .path
            .as_ref()
            .and_then(|p| std::fs::metadata(p).ok())
            .map_or(0, |m| m.len());
        if size >= stream::STREAM_MIN_BYTES
            && let Some(r) = self.open_stream(py, &file)?
        {
            *self.reading.get_mut().unwrap_or_else(|e| e.into_inner()) = r;
            return Ok(true);
        }
        let opened = open::open_file(&self.settings, &file)
            .map_err(|p| errors::input_error(py, p.kind, &p.message, &p.source))?;
        *self.reading.get_mut().unwrap_or_else(|e| e.into_inner()) = Reading::Whole {
            opened,
            display: file.display,
            next: 0,
            more: true,
            queue: VecDeque::new(),
        };
        Ok(true)
    }

    /// A stream over a huge text file of a format cut by games (`None`: read it whole).
    fn open_stream(&self, py: Python<'_>, file: &FoundFile) -> PyResult<Option<Reading>> {
        let Some(path) = &file.path else {
            return Ok(None);
        };
        let fail = |m: String| errors::input_error(py, ErrorKind::Unsupported, &m, &file.display);
        let mut reader: Box<dyn Read + Send> =
            Box::new(std::fs::File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?);
        let mut head = Vec::with_capacity(64 * 1024);
        (&mut reader)
            .take(64 * 1024)
            .read_to_end(&mut head)
            .map_err(|e| fail(format!("cannot read: {e}")))?;
        let sel = Selection {
            game: self.settings.game,
            from: self.settings.from.as_deref(),
        };
        let Ok((g, format)) = input::detect(&self.settings.games, &file.display, &head, sel) else {
            return Ok(None);
        };
        if format.binary {
            return Ok(None);
        }
        match TextStream::start(g, format.id, head, reader, self.settings.encoding) {
            Ok(Start::Stream(st)) => Ok(Some(Reading::Stream {
                stream: Box::new(st.with_max_plies(qipu::bindings::files::max_plies(
                    &self.settings.rules_for(g.kind()),
                ))),
                game: g,
                format: format.id,
                display: file.display.clone(),
                queue: VecDeque::new(),
                text: Arc::from(""),
                lines_before: 0,
                games_before: 0,
                done: false,
            })),
            Ok(Start::Whole(..)) => Ok(None),
            Ok(Start::NotText(m)) => Err(errors::input_error(
                py,
                ErrorKind::Encoding,
                &m,
                &file.display,
            )),
            Err(e) => Err(fail(format!("cannot read: {e}"))),
        }
    }
}

#[pymethods]
impl RecordIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyRecord>> {
        loop {
            match self.reading.get_mut().unwrap_or_else(|e| e.into_inner()) {
                Reading::Idle => {
                    if !self.open_next(py)? {
                        return Ok(None);
                    }
                }
                Reading::Whole {
                    opened,
                    display,
                    next,
                    more,
                    queue,
                } => {
                    if queue.is_empty() && *more {
                        let (records, left) = opened.records_some(*next, READ_GAMES);
                        *more = left && !records.is_empty();
                        queue.extend(records);
                    }
                    let Some(item) = queue.pop_front() else {
                        *self.reading.get_mut().unwrap_or_else(|e| e.into_inner()) = Reading::Idle;
                        continue;
                    };
                    let index = *next;
                    *next += 1;
                    let text = opened.input.text.clone();
                    return match item {
                        Ok(record) => Ok(Some(PyRecord {
                            record: Arc::new(record),
                            source: display.clone(),
                            text,
                            lines_before: 0,
                        })),
                        Err(e) => Err(errors::record_error(
                            py,
                            &e,
                            text.as_deref(),
                            Some(display),
                            Some(index),
                        )),
                    };
                }
                Reading::Stream {
                    stream,
                    game,
                    format,
                    display,
                    queue,
                    text,
                    lines_before,
                    games_before,
                    done,
                } => {
                    if let Some(item) = queue.pop_front() {
                        let index = *games_before;
                        *games_before += 1;
                        return match item {
                            Ok(mut record) => {
                                record.index = index;
                                Ok(Some(PyRecord {
                                    record: Arc::new(record),
                                    source: display.clone(),
                                    text: Some(text.clone()),
                                    lines_before: *lines_before,
                                }))
                            }
                            Err(e) => {
                                let mut err = errors::record_error(
                                    py,
                                    &e,
                                    Some(text),
                                    Some(display),
                                    Some(index),
                                );
                                let v = err.value(py);
                                if let Ok(Some(l)) =
                                    v.getattr("line").and_then(|l| l.extract::<Option<usize>>())
                                {
                                    let _ = v.setattr("line", l + *lines_before);
                                }
                                err = PyErr::from_value(v.clone().into_any());
                                Err(err)
                            }
                        };
                    }
                    if *done {
                        *self.reading.get_mut().unwrap_or_else(|e| e.into_inner()) = Reading::Idle;
                        continue;
                    }
                    let piece = py.detach(|| stream.next_piece());
                    match piece {
                        Ok(Some(p)) => {
                            let rules = self.settings.rules_for(game.kind());
                            let max_plies = qipu::bindings::files::max_plies(&rules);
                            let piece = (p.text.clone(), p.cut_short);
                            let (_, records) =
                                stream::read_piece(*game, format, display, piece, max_plies);
                            queue.extend(records);
                            *text = p.text;
                            *lines_before = p.lines_before;
                        }
                        Ok(None) => *done = true,
                        Err(stream::StreamError::Input(m)) => {
                            *done = true;
                            return Err(errors::input_error(py, ErrorKind::Encoding, &m, display));
                        }
                    }
                }
            }
        }
    }
}

/// Paths from a str, an os.PathLike, or a list of them.
pub fn path_list(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = obj.extract::<String>() {
        return Ok(vec![s]);
    }
    let os = obj.py().import("os")?;
    if let Ok(p) = os.getattr("fspath")?.call1((obj,)) {
        return Ok(vec![p.extract()?]);
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        out.extend(path_list(&item?)?);
    }
    Ok(out)
}

pub fn settings_from(
    game: Option<&str>,
    format: Option<&str>,
    rules: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
    encoding: Option<&str>,
) -> PyResult<Settings> {
    let game = game.map(crate::game_kind).transpose()?;
    let settings = Settings::new(game, format, rules, &crate::param_pairs(params)?)
        .map_err(errors::rules_error)?;
    let enc = match encoding {
        None => TextEncoding::Auto,
        Some(e) => TextEncoding::parse(e).ok_or_else(|| {
            errors::rules_error(format!(
                "unknown encoding `{e}`; use auto, utf-8, gbk or big5"
            ))
        })?,
    };
    Ok(settings.with_encoding(enc))
}

/// Reads records from a path (a file or a directory, walked as the CLI walks it), a list of
/// paths, or the bytes of one file. `game` and `format` name them when detection cannot;
/// `encoding` is auto, utf-8, gbk or big5. Big text files are read a piece at a time.
#[pyfunction]
#[pyo3(signature = (source, game=None, format=None, encoding=None))]
fn read(
    source: &Bound<'_, PyAny>,
    game: Option<&str>,
    format: Option<&str>,
    encoding: Option<&str>,
) -> PyResult<RecordIter> {
    let py = source.py();
    let settings = settings_from(game, format, None, None, encoding)?;
    if let Ok(b) = source.cast::<PyBytes>() {
        return Ok(RecordIter {
            settings,
            files: VecDeque::new(),
            bytes: Some(b.as_bytes().to_vec()),
            reading: std::sync::Mutex::new(Reading::Idle),
        });
    }
    let paths = path_list(source)?;
    let (files, problems) = settings.collect(&paths);
    if let Some(p) = problems.first() {
        return Err(errors::input_error(py, p.kind, &p.message, &p.source));
    }
    Ok(RecordIter {
        settings,
        files: files.into(),
        bytes: None,
        reading: std::sync::Mutex::new(Reading::Idle),
    })
}

/// The files a batch reads from these inputs, in the order and with the names its reports
/// give them (directories walked recursively, sorted, keeping known extensions): what to
/// share out among workers.
#[pyfunction]
#[pyo3(signature = (inputs, game=None))]
fn files(inputs: &Bound<'_, PyAny>, game: Option<&str>) -> PyResult<Vec<String>> {
    let settings = settings_from(game, None, None, None, None)?;
    let (found, problems) = settings.collect(&path_list(inputs)?);
    if let Some(p) = problems.first() {
        return Err(errors::input_error(
            inputs.py(),
            p.kind,
            &p.message,
            &p.source,
        ));
    }
    Ok(found.into_iter().map(|f| f.display).collect())
}

/// Writes records in another format: `bytes` for binary formats (XQF, WTHOR), `str` for
/// text ones. All records must be of one game; `to` is a format id of `qipu.formats()`.
#[pyfunction]
#[pyo3(signature = (records, to, rules=None, params=None))]
fn convert<'py>(
    records: &Bound<'py, PyAny>,
    to: &str,
    rules: Option<&str>,
    params: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = records.py();
    let mut list: Vec<Record> = Vec::new();
    let items: Vec<Bound<'py, PyAny>> = if records.cast::<PyRecord>().is_ok() {
        vec![records.clone()]
    } else {
        records.try_iter()?.collect::<PyResult<_>>()?
    };
    for item in &items {
        let r = item
            .cast::<PyRecord>()
            .map_err(|_| errors::rules_error("convert takes qipu.Record objects"))?;
        list.push((*r.get().record).clone());
    }
    let Some(first) = list.first() else {
        return Ok(PyString::new(py, "").into_any());
    };
    let rules = crate::game_rules(first.game, rules, params)?;
    let (format, out) = py
        .detach(|| qipu::convert(&list, to, &rules))
        .map_err(errors::rules_error)?;
    if let Some((i, e)) = out.failures.first() {
        let source = items
            .get(*i)
            .and_then(|it| it.cast::<PyRecord>().ok().map(|r| r.get().source.clone()));
        return Err(errors::record_error(
            py,
            e,
            None,
            source.as_deref(),
            Some(*i),
        ));
    }
    if format.binary {
        return Ok(PyBytes::new(py, &out.bytes).into_any());
    }
    match String::from_utf8(out.bytes) {
        Ok(s) => Ok(PyString::new(py, &s).into_any()),
        Err(e) => Ok(PyBytes::new(py, e.as_bytes()).into_any()),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRecord>()?;
    m.add_class::<RecordIter>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(files, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
