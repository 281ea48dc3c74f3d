//! Human-readable diagnostics (miette) that point at the offending text and name the file,
//! the game, the ply and the move.

use crate::core::error::RecordError;
use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource, SourceCode, SourceSpan,
};
use std::sync::Arc;

/// The decoded text of a file, shared without copying.
#[derive(Debug, Clone)]
pub struct SharedText(pub Arc<str>);

impl SourceCode for SharedText {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self
            .0
            .as_ref()
            .read_span(span, context_lines_before, context_lines_after)?;
        if context_lines_before > 0 || context_lines_after > 0 {
            return Ok(inner);
        }
        Ok(Box::new(header_contents(self.0.as_ref(), span, inner, 0)))
    }
}

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
pub struct PieceText {
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
        Ok(Box::new(miette::MietteSpanContents::new_named(
            inner.name().unwrap_or_default().to_string(),
            inner.data(),
            *inner.span(),
            inner.line() + self.lines_before,
            inner.column(),
            inner.line_count(),
        )))
    }
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
pub fn record_diagnostic_in_piece(
    file: &str,
    game_index: usize,
    error: &RecordError,
    text: Option<&Arc<str>>,
    lines_before: usize,
) -> RecordDiagnostic {
    let mut headline = format!("{file}, game {game_index}");
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
            let start = s.start.min(t.len());
            let end = s.end.clamp(start, t.len());
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
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1);
    let mut out = String::new();
    if handler.render_report(&mut out, diag).is_err() {
        out = diag.to_string();
    }
    out
}
