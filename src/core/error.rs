//! Errors and warnings about a record. They carry a span so that the report can give line and
//! column, and the diagnostic can point at the offending text.

use crate::core::span::Span;
use serde::Serialize;

/// The fixed error vocabulary of the report (`error.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    Parse,
    IllegalMove,
    AmbiguousMove,
    BadSetup,
    BadHeader,
    Encoding,
    Unsupported,
    /// An input named on the command line (or to the library) that does not exist.
    NotFound,
}

impl ErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::IllegalMove => "illegal-move",
            ErrorKind::AmbiguousMove => "ambiguous-move",
            ErrorKind::BadSetup => "bad-setup",
            ErrorKind::BadHeader => "bad-header",
            ErrorKind::Encoding => "encoding",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::NotFound => "not-found",
        }
    }
}

crate::core::display_by_name!(ErrorKind => as_str);

/// What is wrong with a record, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordError {
    pub kind: ErrorKind,
    pub message: String,
    /// Where in the source (decoded text, or bytes for binary formats).
    pub span: Option<Span>,
    /// The 1-based ply of the offending move, when it is a move.
    pub ply: Option<usize>,
    /// The offending move as written.
    pub move_text: Option<String>,
    /// A short label for the pointed-at text ("this move", "expected a square here").
    pub label: Option<String>,
    /// A hint on how to fix it.
    pub help: Option<String>,
}

impl RecordError {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> RecordError {
        RecordError {
            kind,
            message: clip(message.into(), 200, 100),
            span: None,
            ply: None,
            move_text: None,
            label: None,
            help: None,
        }
    }
    pub(crate) fn parse(message: impl Into<String>, span: Span) -> RecordError {
        RecordError::new(ErrorKind::Parse, message).at(span)
    }
    pub(crate) fn with_move(mut self, text: impl Into<String>) -> RecordError {
        self.move_text = Some(clip(text.into(), 60, 0));
        self
    }
    pub(crate) fn with_label(mut self, label: impl Into<String>) -> RecordError {
        self.label = Some(label.into());
        self
    }
    pub(crate) fn with_help(mut self, help: impl Into<String>) -> RecordError {
        self.help = Some(help.into());
        self
    }
}

/// A message or move text quoting a huge token (a 10 MB line of junk) is cut in the middle:
/// the first `head` and last `tail` characters are kept around an ellipsis.
fn clip(s: String, head: usize, tail: usize) -> String {
    let n = s.chars().count();
    if n <= head + tail + 1 {
        return s;
    }
    let first: String = s.chars().take(head).collect();
    let last: String = s.chars().skip(n - tail).collect();
    format!("{first}…{last}")
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for RecordError {}

/// Something worth telling that does not make the record invalid (a lenient reading, a
/// missing tag, a result implied rather than decided).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Warning {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    #[serde(skip)]
    pub span: Option<Span>,
}

impl Warning {
    pub(crate) fn new(message: impl Into<String>) -> Warning {
        Warning {
            message: message.into(),
            ply: None,
            span: None,
        }
    }
}

/// Where an error or a warning points, set the same way on both: the text of the source
/// (`at`) and the 1-based ply (`with_ply`).
macro_rules! located {
    ($($type:ident),*) => {
        $(impl $type {
            pub(crate) fn at(mut self, span: Span) -> $type {
                self.span = Some(span);
                self
            }
            pub(crate) fn with_ply(mut self, ply: usize) -> $type {
                self.ply = Some(ply);
                self
            }
        })*
    };
}

located!(RecordError, Warning);
