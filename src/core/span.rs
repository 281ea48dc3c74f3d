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
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The same span moved by `base` bytes (a game parsed from a slice of a larger file).
    pub fn shifted(self, base: usize) -> Span {
        Span::new(self.start + base, self.end + base)
    }
}
