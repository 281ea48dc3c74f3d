//! Human-readable diagnostics (miette) that point at the offending text and name the file,
//! the game, the ply and the move.

use crate::core::error::RecordError;
use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource, SourceCode, SourceSpan,
};
use std::sync::Arc;

/// The header's `[file:line:column]` comes from a read without context lines: count the
/// column in characters, as the JSON report does, rather than in bytes.
fn header_contents<'a>(
    text: &'a str,
    span: &SourceSpan,
    inner: Box<dyn miette::SpanContents<'a> + 'a>,
    lines_before: usize,
) -> miette::MietteSpanContents<'a> {
    let start = span.offset().min(text.len());
    let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let column = text
        .get(line_start..start)
        .map(|s| s.chars().count())
        .unwrap_or(inner.column());
    miette::MietteSpanContents::new_named(
        inner.name().unwrap_or_default().to_string(),
        inner.data(),
        *inner.span(),
        inner.line() + lines_before,
        column,
        inner.line_count(),
    )
}

/// A piece of a streamed file: its text, and the lines of the file before it (so that the
/// line numbers shown are those of the whole file).
#[derive(Debug, Clone)]
pub(crate) struct PieceText {
    pub text: Arc<str>,
    pub lines_before: usize,
}

impl SourceCode for PieceText {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let text: &str = self.text.as_ref();
        let inner = text.read_span(span, context_lines_before, context_lines_after)?;
        if context_lines_before == 0 && context_lines_after == 0 {
            return Ok(Box::new(header_contents(
                text,
                span,
                inner,
                self.lines_before,
            )));
        }
        let c = clip_long_line(text, span).unwrap_or(inner);
        Ok(Box::new(miette::MietteSpanContents::new_named(
            c.name().unwrap_or_default().to_string(),
            c.data(),
            *c.span(),
            c.line() + self.lines_before,
            c.column(),
            c.line_count(),
        )))
    }
}

/// Lines longer than this are shown as a window around the error, not whole (a 10 MB
/// single-line file must not give a 10 MB diagnostic).
const LONG_LINE: usize = 400;
/// Bytes of context shown on each side of the error on a long line.
const WINDOW: usize = 100;
/// The longest label drawn.
const MAX_LABEL: usize = 200;

fn floor_char(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The bounds of the line holding byte `at`.
fn line_bounds(text: &str, at: usize) -> (usize, usize) {
    let at = floor_char(text, at);
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    (start, end)
}

/// On a long line, the context is a window of it around the span (no other lines).
fn clip_long_line<'a>(
    text: &'a str,
    span: &SourceSpan,
) -> Option<Box<dyn miette::SpanContents<'a> + 'a>> {
    let start = floor_char(text, span.offset());
    let (line_start, line_end) = line_bounds(text, start);
    if line_end - line_start <= LONG_LINE {
        return None;
    }
    let end = (start + span.len()).clamp(start, line_end);
    let from = floor_char(text, start.saturating_sub(WINDOW).max(line_start));
    let to = ceil_char(text, (end + WINDOW).min(line_end));
    let line = text[..line_start].matches('\n').count();
    let column = text[line_start..from].chars().count();
    Some(Box::new(miette::MietteSpanContents::new(
        &text.as_bytes()[from..to],
        SourceSpan::from(from..to),
        line,
        column,
        1,
    )))
}

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("{headline}")]
pub struct RecordDiagnostic {
    headline: String,
    #[source_code]
    src: Option<NamedSource<PieceText>>,
    #[label("{label}")]
    span: Option<SourceSpan>,
    label: String,
    #[help]
    help: Option<String>,
}

/// Builds the diagnostic of a record error. `text` is the decoded file (None for binary
/// formats, whose position is then given as a byte offset).
pub fn record_diagnostic(
    file: &str,
    game_index: usize,
    error: &RecordError,
    text: Option<&Arc<str>>,
) -> RecordDiagnostic {
    record_diagnostic_in_piece(file, game_index, error, text, 0)
}

/// The same for a game read from a piece of a streamed file, `lines_before` lines into it
/// (the error's span is an offset in the piece).
pub(crate) fn record_diagnostic_in_piece(
    file: &str,
    game_index: usize,
    error: &RecordError,
    text: Option<&Arc<str>>,
    lines_before: usize,
) -> RecordDiagnostic {
    let mut headline = format!(
        "{file}, game {}",
        crate::core::record::game_number(game_index)
    );
    if let Some(p) = error.ply {
        headline.push_str(&format!(", ply {p}"));
    }
    if let Some(m) = &error.move_text {
        headline.push_str(&format!(" `{m}`"));
    }
    if text.is_none()
        && let Some(s) = error.span
    {
        headline.push_str(&format!(" (byte offset {})", s.start));
    }
    headline.push_str(&format!(": {}: {}", error.kind, error.message));
    let (src, span) = match (text, error.span) {
        (Some(t), Some(s)) => {
            let start = floor_char(t, s.start);
            let mut end = ceil_char(t, s.end.clamp(start, t.len()));
            // A label on a long line stays on it and short enough to draw.
            let (_, line_end) = line_bounds(t, start);
            if end > line_end && line_end - start > LONG_LINE {
                end = line_end;
            }
            if end - start > MAX_LABEL {
                end = ceil_char(t, start + MAX_LABEL);
            }
            (
                Some(
                    NamedSource::new(
                        file,
                        PieceText {
                            text: t.clone(),
                            lines_before,
                        },
                    )
                    .with_language("text"),
                ),
                Some(SourceSpan::from(start..end)),
            )
        }
        _ => (None, None),
    };
    let label = error.label.clone().unwrap_or_else(|| match error.kind {
        crate::core::error::ErrorKind::IllegalMove => "this move is illegal here".to_string(),
        crate::core::error::ErrorKind::AmbiguousMove => "this move is ambiguous".to_string(),
        _ => "here".to_string(),
    });
    RecordDiagnostic {
        headline,
        src,
        span,
        label,
        help: error.help.clone(),
    }
}

/// Renders a diagnostic to text (with colour when `color`).
pub fn render(diag: &dyn Diagnostic, color: bool) -> String {
    render_to_width(diag, color, None)
}

/// [`render`] for a terminal `width` columns wide: its text is wrapped between words to fit
/// (a long path, move or error kind is never split, not even at its hyphens:
/// `illegal-weaker-attack.jqr`, `illegal-move`); without a width, miette's own (200 columns).
pub(crate) fn render_to_width(diag: &dyn Diagnostic, color: bool, width: Option<usize>) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1);
    if let Some(w) = width {
        handler = handler
            .with_width(w)
            .with_break_words(false)
            .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    }
    let mut out = String::new();
    if handler.render_report(&mut out, diag).is_err() {
        out = diag.to_string();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::{ErrorKind, RecordError};

    /// At a terminal's width the message wraps between words: every line fits, and the
    /// file's path stays whole on one line.
    #[test]
    fn a_diagnostic_fits_the_terminal_without_splitting_the_path() {
        let path = "samples/junqi/illegal-engineer-rail-blocked.jqr";
        let error = RecordError::new(
            ErrorKind::IllegalMove,
            "the engineer on K0 cannot reach B0: the way is blocked (face-down and own pieces \
             block, and a piece stops at the first piece it meets)",
        );
        let d = record_diagnostic(path, 0, &error, None);
        let text = render_to_width(&d, false, Some(60));
        assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
        assert!(text.lines().any(|l| l.contains(path)), "{text}");
        // Without a width, miette's own 200 columns: the first line is longer.
        assert!(render(&d, false).lines().any(|l| l.chars().count() > 60));
    }
}
