//! The table laid out to a width: which columns, how each cell is written, what is said above
//! the table instead (see the module above for the order of the steps).

use super::*;

/// The columns of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Col {
    Source,
    Number,
    Game,
    Plies,
    Status,
    Claimed,
    Verdict,
    Agrees,
}

impl Col {
    fn header(self) -> &'static str {
        match self {
            Col::Source => "source",
            Col::Number => "#",
            Col::Game => "game",
            Col::Plies => "plies",
            Col::Status => "status",
            Col::Claimed => "claimed",
            Col::Verdict => "verdict",
            Col::Agrees => "agrees",
        }
    }
}

/// The columns left out, in this order, when the table cannot fit otherwise.
/// `#` goes before `claimed` (a row's verdict means little without the claim it is compared
/// with), and when it goes the game's number follows its file's name (`block.pgn #2`) where a
/// file holds several games.
const DROP_ORDER: [Col; 4] = [Col::Plies, Col::Game, Col::Number, Col::Claimed];
/// Paths are shortened to no fewer columns than this before a column is left out …
const SOURCE_ROOMY: usize = 24;
/// … and cut to no fewer than this at the last.
const SOURCE_MIN: usize = 10;
/// The narrowest a verdict or status cell is cut to.
const CELL_MIN: usize = 8;

/// How the cells are written at a width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Forms {
    short_status: bool,
    /// adjudicate: an invalid game's error in the verdict column, no status column.
    merged: bool,
    /// Columns left out, the first this many of [`DROP_ORDER`].
    dropped: usize,
}

/// A table laid out: the lines above it, the headers and the cells, each fitted.
#[derive(Debug)]
pub(crate) struct Laid {
    pub above: Vec<String>,
    pub headers: Vec<String>,
    /// Column widths (display columns).
    pub widths: Vec<usize>,
    pub cells: Vec<Vec<String>>,
}

/// The directory every source is in (with its final `/`), when there is one.
fn common_dir(rows: &[Row]) -> Option<String> {
    let first: &str = &rows.first()?.source;
    // The longest prefix ending with `/` that every source starts with.
    let mut len = first.rfind('/')? + 1;
    for r in rows {
        while !r.source.starts_with(&first[..len]) {
            len = first[..len - 1].rfind('/')? + 1;
        }
    }
    Some(first[..len].to_string())
}

/// `text` cut to `width` display columns, ending with `…` when it was cut.
pub(crate) fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut s = String::new();
    let mut w = 0;
    for c in text.chars() {
        let cw = c.width().unwrap_or(0);
        if w + cw + 1 > width {
            break;
        }
        s.push(c);
        w += cw;
    }
    s.push('…');
    s
}

/// A path in at most `width` columns: whole when it fits, else without its first
/// directories (`…/disputed/allowed-draw.pgn`), else its file name, else its file name cut
/// before the extension (`illegal-flag-at….jqr`).
pub(crate) fn shorten_path(path: &str, width: usize) -> String {
    if path.width() <= width {
        return path.to_string();
    }
    let mut rest = path;
    while let Some(i) = rest.find('/') {
        rest = &rest[i + 1..];
        let candidate = format!("…/{rest}");
        if candidate.width() <= width {
            return candidate;
        }
    }
    if rest.width() <= width {
        return rest.to_string();
    }
    match rest.rfind('.') {
        Some(dot) if dot > 0 && rest[dot..].width() + 2 <= width => {
            let ext = &rest[dot..];
            format!("{}{ext}", cut(&rest[..dot], width - ext.width()))
        }
        _ => cut(rest, width),
    }
}

/// A table of at most this many rows is left whole when it fits.
const SMALL_TABLE: usize = 3;

/// Lays out `rows` in `width` columns (see the module's text).
pub(crate) fn lay_out(rows: &[Row], adjudicate: bool, width: usize) -> Laid {
    let mut cols = vec![Col::Source, Col::Number, Col::Game, Col::Plies, Col::Status];
    if adjudicate {
        cols.extend([Col::Claimed, Col::Verdict, Col::Agrees]);
    }
    let mut above = Vec::new();
    let dir = (rows.len() > 1).then(|| common_dir(rows)).flatten();
    if let Some(d) = &dir {
        above.push(format!("in {d}"));
    }
    let strip = dir.as_ref().map_or(0, |d| d.len());
    // A column that says the same on every row goes above the table, unless the table is
    // small (a few rows, where it would leave a table of one column) and fits whole.
    let whole = Forms {
        short_status: false,
        merged: false,
        dropped: 0,
    };
    let whole_cols = columns(&cols, &whole);
    let whole_width = fixed_widths(rows, &whole_cols, &whole)
        .iter()
        .sum::<usize>()
        + 3 * whole_cols.len()
        + 1
        + rows
            .iter()
            .map(|r| r.source[strip..].width())
            .max()
            .unwrap_or(0)
            .max(6);
    let mut same = Vec::new();
    if rows.len() > SMALL_TABLE || (rows.len() > 1 && whole_width > width) {
        cols.retain(|&c| {
            if c == Col::Source {
                return true;
            }
            let first = cell(&rows[0], c, FULL);
            if rows.iter().all(|r| cell(r, c, FULL) == first) {
                same.push(format!("{} {first}", c.header()));
                false
            } else {
                true
            }
        });
    }
    if !same.is_empty() {
        above.push(format!("on every row: {}", same.join(", ")));
    }
    let sources: Vec<&str> = rows.iter().map(|r| &r.source[strip..]).collect();
    // Without the `#` column, a file of several games numbers them after its name.
    let several = |i: usize| {
        (i > 0 && rows[i - 1].source == rows[i].source)
            || rows.get(i + 1).is_some_and(|n| n.source == rows[i].source)
    };
    let suffixes: Vec<String> = (0..rows.len())
        .map(|i| {
            if several(i) {
                format!(" #{}", rows[i].number)
            } else {
                String::new()
            }
        })
        .collect();
    let suffix_width = suffixes.iter().map(|s| s.width()).max().unwrap_or(0);
    let longest = sources.iter().map(|s| s.width()).max().unwrap_or(0).max(6);
    // The forms from the fullest on, each with the fewest columns its paths may be shortened
    // to; the first that fits is taken.
    let can_merge = adjudicate && cols.contains(&Col::Status) && cols.contains(&Col::Verdict);
    let forms = |short_status, merged, dropped| Forms {
        short_status,
        merged: merged && can_merge,
        dropped,
    };
    let tries = [
        (forms(false, false, 0), longest),
        (forms(true, false, 0), longest),
        (forms(true, true, 0), SOURCE_ROOMY),
        (forms(true, true, 1), SOURCE_ROOMY),
        (forms(true, true, 2), SOURCE_ROOMY),
        // Without `#`, paths are shortened further before `claimed` goes.
        (forms(true, true, 3), SOURCE_ROOMY - 4),
        (forms(true, true, 4), SOURCE_MIN),
    ];
    // The widest source cell with `cs`: with its game's number when `#` is not shown.
    let longest_in = |cs: &[Col]| {
        if cols.contains(&Col::Number) && !cs.contains(&Col::Number) {
            longest + suffix_width
        } else {
            longest
        }
    };
    let laid_as = |(forms, floor): &(Forms, usize)| {
        let cs = columns(&cols, forms);
        let fixed = fixed_widths(rows, &cs, forms);
        let others: usize = fixed.iter().sum::<usize>() + 3 * cs.len() + 1;
        let fits = others + longest_in(&cs).min(*floor) <= width;
        (
            *forms,
            cs,
            fixed,
            width.saturating_sub(others),
            fits,
            *floor,
        )
    };
    // The first form that fits, else the last (the narrowest).
    let (forms, cs, mut fixed, room, fits, floor) = tries
        .iter()
        .map(laid_as)
        .find(|laid| laid.4)
        .unwrap_or_else(|| laid_as(&tries[tries.len() - 1]));
    // The source column: what is left, at least SOURCE_MIN.
    let total = |fixed: &[usize], sw: usize| fixed.iter().sum::<usize>() + sw + 3 * cs.len() + 1;
    let longest = longest_in(&cs);
    let mut source_width = room.max(SOURCE_MIN).min(longest);
    // The last form (floor SOURCE_MIN) balances the path against the other cells below the
    // roomy width; the others keep a path of their floor.
    let threshold = if floor == SOURCE_MIN {
        SOURCE_ROOMY
    } else {
        floor
    };
    if !fits || room < longest.min(threshold) {
        // Too narrow for a path shortened by its directories: the widest of the path,
        // status and verdict is cut, a column at a time, down to their least widths.
        source_width = longest;
        while total(&fixed, source_width) > width {
            let widest = cs
                .iter()
                .enumerate()
                .filter_map(|(i, c)| match c {
                    Col::Source => Some((i, source_width, SOURCE_MIN)),
                    Col::Status | Col::Verdict => Some((i, fixed[i], CELL_MIN)),
                    _ => None,
                })
                .filter(|&(_, w, least)| w > least)
                .max_by_key(|&(_, w, _)| w);
            match widest {
                Some((i, _, _)) if cs[i] == Col::Source => source_width -= 1,
                Some((i, _, _)) => fixed[i] -= 1,
                None => break,
            }
        }
    }
    let dropped: Vec<&str> = DROP_ORDER[..forms.dropped]
        .iter()
        .filter(|c| cols.contains(c))
        .map(|c| c.header())
        .collect();
    if !dropped.is_empty() {
        above.push(format!(
            "not shown at {width} columns: {} (see --format short)",
            dropped.join(", ")
        ));
    }
    let mut widths = Vec::new();
    let mut headers = Vec::new();
    for (i, c) in cs.iter().enumerate() {
        let w = if *c == Col::Source {
            source_width
        } else {
            fixed[i]
        };
        widths.push(w);
        headers.push(cut(c.header(), w));
    }
    let numbered = !cs.contains(&Col::Number) && cols.contains(&Col::Number);
    let cells = rows
        .iter()
        .zip(&sources)
        .zip(&suffixes)
        .map(|((r, src), suffix)| {
            cs.iter()
                .zip(&widths)
                .map(|(&c, &w)| {
                    if c == Col::Source && numbered && !suffix.is_empty() {
                        let room = w.saturating_sub(suffix.width()).max(1);
                        format!("{}{suffix}", shorten_path(src, room))
                    } else if c == Col::Source {
                        shorten_path(src, w)
                    } else {
                        cut(&cell(r, c, forms), w)
                    }
                })
                .collect()
        })
        .collect();
    // The lines above the table never break a word either.
    let above = above
        .iter()
        .flat_map(|l| textwrap::wrap(l, wrapping(width)))
        .map(|l| l.into_owned())
        .collect();
    Laid {
        above,
        headers,
        widths,
        cells,
    }
}

pub(crate) use crate::driver::report::{GLUE, glued};

/// `text` wrapped at `width` between words (never inside one, nor at a [`GLUE`]), the lines
/// after the first starting with `indent`; the glues printed as spaces.
pub(crate) fn wrap_glued(text: &str, width: usize, indent: &str) -> Vec<String> {
    textwrap::wrap(text, wrapping(width).subsequent_indent(indent))
        .into_iter()
        .map(|l| l.replace(GLUE, " "))
        .collect()
}

/// Wrapping at `width` between words only (never inside one, nor at its hyphens).
pub(crate) fn wrapping(width: usize) -> textwrap::Options<'static> {
    textwrap::Options::new(width.max(20))
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
}

const FULL: Forms = Forms {
    short_status: false,
    merged: false,
    dropped: 0,
};

/// The columns shown with `forms`.
fn columns(cols: &[Col], forms: &Forms) -> Vec<Col> {
    cols.iter()
        .copied()
        .filter(|c| !(forms.merged && *c == Col::Status))
        .filter(|c| !DROP_ORDER[..forms.dropped].contains(c))
        .collect()
}

/// The widths of the columns but the source's: their widest cell or header.
fn fixed_widths(rows: &[Row], cs: &[Col], forms: &Forms) -> Vec<usize> {
    cs.iter()
        .map(|&c| {
            if c == Col::Source {
                return 0;
            }
            rows.iter()
                .map(|r| cell(r, c, *forms).width())
                .max()
                .unwrap_or(0)
                .max(c.header().width())
        })
        .collect()
}

/// A row's cell in a column.
fn cell(r: &Row, c: Col, forms: Forms) -> String {
    match c {
        Col::Source => r.source.to_string(),
        Col::Number => r.number.to_string(),
        Col::Game => r.game.to_string(),
        Col::Plies => r.plies.to_string(),
        Col::Status if forms.short_status => r.status_short.clone(),
        Col::Status => r.status.clone(),
        Col::Claimed => r.claimed.clone().unwrap_or_else(|| "-".to_string()),
        Col::Verdict if forms.merged && r.mark == Mark::Invalid => {
            format!("invalid: {}", r.status_short)
        }
        Col::Verdict => r.verdict.clone().unwrap_or_else(|| "-".to_string()),
        Col::Agrees => r.agrees_text().to_string(),
    }
}
