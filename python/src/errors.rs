//! The exceptions: one class per error kind of the report, each carrying the attributes of
//! the CLI's diagnostics (`kind`, `message`, `ply`, `move`, `line`, `column`, `offset`,
//! `help`, `source`, `index`).

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use qipu::bindings::files::ErrorReport;
use qipu::bindings::referee::MoveError;
use qipu::{ErrorKind, RecordError};

create_exception!(qipu, QipuError, PyException, "Every error qipu raises.");
create_exception!(
    qipu,
    ParseError,
    QipuError,
    "Not a record or a move in the notation at all."
);
create_exception!(
    qipu,
    IllegalMoveError,
    QipuError,
    "A move the rules do not allow."
);
create_exception!(
    qipu,
    AmbiguousMoveError,
    QipuError,
    "A move text that fits several legal moves."
);
create_exception!(
    qipu,
    BadSetupError,
    QipuError,
    "A start position that cannot be read or played."
);
create_exception!(
    qipu,
    BadHeaderError,
    QipuError,
    "A header or tag that cannot be used."
);
create_exception!(
    qipu,
    EncodingError,
    QipuError,
    "Text that cannot be decoded."
);
create_exception!(
    qipu,
    UnsupportedError,
    QipuError,
    "An input or format qipu cannot handle."
);
create_exception!(
    qipu,
    NotFoundError,
    QipuError,
    "An input that does not exist."
);
create_exception!(
    qipu,
    RulesError,
    QipuError,
    "An unknown game, rule set or rule parameter, or a bad value."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("QipuError", py.get_type::<QipuError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("BadSetupError", py.get_type::<BadSetupError>())?;
    m.add("BadHeaderError", py.get_type::<BadHeaderError>())?;
    m.add("EncodingError", py.get_type::<EncodingError>())?;
    m.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    m.add("NotFoundError", py.get_type::<NotFoundError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    Ok(())
}

/// What an exception carries.
#[derive(Default)]
pub struct Fields {
    pub kind: String,
    pub message: String,
    pub ply: Option<usize>,
    pub move_text: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub offset: Option<usize>,
    pub help: Option<String>,
    pub source: Option<String>,
    pub index: Option<usize>,
}

fn class_of(kind: &str) -> fn(String) -> PyErr {
    match kind {
        "parse" => ParseError::new_err,
        "illegal-move" => IllegalMoveError::new_err,
        "ambiguous-move" => AmbiguousMoveError::new_err,
        "bad-setup" => BadSetupError::new_err,
        "bad-header" => BadHeaderError::new_err,
        "encoding" => EncodingError::new_err,
        "unsupported" => UnsupportedError::new_err,
        "not-found" => NotFoundError::new_err,
        "usage" => RulesError::new_err,
        _ => QipuError::new_err,
    }
}

/// The exception of these fields; its text reads like the CLI's diagnostic headline.
pub fn raise(py: Python<'_>, f: Fields) -> PyErr {
    let mut headline = String::new();
    if let Some(s) = &f.source {
        headline.push_str(s);
        if let Some(i) = f.index {
            headline.push_str(&format!(", game {i}"));
        }
        headline.push_str(": ");
    }
    if let Some(p) = f.ply {
        headline.push_str(&format!("ply {p} "));
    }
    if let Some(m) = &f.move_text {
        headline.push_str(&format!("`{m}` "));
    }
    if let (Some(l), Some(c)) = (f.line, f.column) {
        headline.push_str(&format!("({l}:{c}) "));
    }
    headline.push_str(&format!("{}: {}", f.kind, f.message));
    let err = class_of(&f.kind)(headline);
    let v = err.value(py);
    let set = || -> PyResult<()> {
        v.setattr("kind", &f.kind)?;
        v.setattr("message", &f.message)?;
        v.setattr("ply", f.ply)?;
        v.setattr("move", f.move_text.clone())?;
        v.setattr("line", f.line)?;
        v.setattr("column", f.column)?;
        v.setattr("offset", f.offset)?;
        v.setattr("help", f.help.clone())?;
        v.setattr("source", f.source.clone())?;
        v.setattr("index", f.index)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A record error located in its text (line and column as the report gives them).
pub fn record_error(
    py: Python<'_>,
    e: &RecordError,
    text: Option<&str>,
    source: Option<&str>,
    index: Option<usize>,
) -> PyErr {
    let r = ErrorReport::from_error(e, text);
    raise(
        py,
        Fields {
            kind: r.kind.as_str().to_string(),
            message: r.message,
            ply: r.ply,
            move_text: r.move_text,
            line: r.line,
            column: r.column,
            offset: r.offset,
            help: r.help,
            source: source.map(str::to_string),
            index,
        },
    )
}

/// A refused move.
pub fn move_error(py: Python<'_>, e: MoveError) -> PyErr {
    raise(
        py,
        Fields {
            kind: e.kind.as_str().to_string(),
            message: e.message,
            ply: Some(e.ply),
            move_text: Some(e.move_text),
            help: e.help,
            ..Fields::default()
        },
    )
}

/// A whole input that could not be read.
pub fn input_error(py: Python<'_>, kind: ErrorKind, message: &str, source: &str) -> PyErr {
    raise(
        py,
        Fields {
            kind: kind.as_str().to_string(),
            message: message.to_string(),
            source: Some(source.to_string()),
            ..Fields::default()
        },
    )
}

/// A bad game, rule set or parameter (kind `usage`): the library's `RuleError`, or a message.
pub fn rules_error(message: impl ToString) -> PyErr {
    Python::attach(|py| {
        raise(
            py,
            Fields {
                kind: "usage".to_string(),
                message: message.to_string(),
                ..Fields::default()
            },
        )
    })
}
