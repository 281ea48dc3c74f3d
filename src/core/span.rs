//! Where a thing is in its source: a byte range.

use serde::Serialize;

/// A byte range in the source: in the decoded text for text formats, in the raw file for
/// binary formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub(crate) fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}
