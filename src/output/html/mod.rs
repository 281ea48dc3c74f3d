//! The HTML pages: a game you can replay on its board, a ruling you can check move by move.
//!
//! * `show --html FILE`: one game on one page ([`game_page`]).
//! * `adjudicate --html FILE`: one page, every game of the run as a row of a table that can
//!   be filtered by status and reason, and the first [`MAX_VIEWERS`] games replayable below
//!   it ([`Page`]).
//! * `adjudicate --html-dir DIR`: `index.html` with the table (in pages of [`INDEX_ROWS`]
//!   rows) and a page per game under `games/` ([`Index`], [`game_page`]).
//!
//! Every page is one self-contained file: inline SVG, CSS and one small script, nothing
//! fetched. Records are untrusted: every text from a record or a file name is escaped
//! ([`escape`]); the data the script reads is JSON in a `<script type="application/json">`
//! with `<`, `>`, `&`, U+2028 and U+2029 escaped ([`script_json`]), read with `JSON.parse`
//! and shown with `textContent` only; a Content-Security-Policy allows the page's own script
//! and style (by their SHA-256) and nothing else.

mod parts;
mod table;
mod viewer;

pub(crate) use table::{Index, Page, index_name};
pub(crate) use viewer::{GameView, KindsDefined, section};

use base64::Engine;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// At most this many rows in the table of one page (a whole corpus would make a page no
/// browser opens); `--html` counts the rest, `--html-dir` goes on in `index-2.html` …
pub(crate) const INDEX_ROWS: usize = 10_000;
/// `adjudicate --html FILE` makes at most this many games replayable on its page.
pub(crate) const MAX_VIEWERS: usize = 200;

/// The page's stylesheet and script, inline (their hashes go into the CSP).
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Escapes text for HTML content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The longest word [`words`] keeps whole; a longer one (a file name no screen holds) may break
/// anywhere (`<span class="long">`), so that it widens no table.
const LONG_WORD: usize = 40;

/// Text for a table cell, a heading or a ruling's value, escaped and marked so that its lines
/// break between words only (issue 32): a word with a hyphen (`perpetual-chase.pgn`,
/// `mate-threat`, `1/2-1/2`) is kept whole in a `<span class="nw">`, a path breaks only after a
/// `/` (`<wbr>`; not in `1/2`), and "ply 60" and "at ply 60" keep to one line (non-breaking
/// spaces). Chinese runs (moves like 炮一平二) are kept whole by the stylesheet
/// (`word-break: keep-all`).
pub(crate) fn words(text: &str) -> String {
    let digit = |w: &str| w.starts_with(|c: char| c.is_ascii_digit());
    // The words, each with the white space after it.
    let mut parts: Vec<(&str, &str)> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(end);
        let space = tail.len() - tail.trim_start().len();
        let (space, next) = tail.split_at(space);
        parts.push((word, space));
        rest = next;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, (word, space)) in parts.iter().enumerate() {
        out.push_str(&word_html(word));
        let next = |k: usize| parts.get(i + k).map_or("", |p| p.0);
        let glue = match *word {
            "ply" => digit(next(1)),
            "at" => next(1) == "ply" && digit(next(2)),
            _ => false,
        };
        out.push_str(if glue && *space == " " {
            "&nbsp;"
        } else {
            space
        });
    }
    out
}

/// One word of [`words`]: its path's parts (each ending with its `/`) with a break allowed
/// between them, each part with a hyphen kept whole.
fn word_html(word: &str) -> String {
    let mut parts = Vec::new();
    let mut start = 0;
    // A path (a file name with its dot, or two folders deep) may break after its `/`s; a unit
    // such as `games/s` or a result `1/2-1/2` is one word.
    let path = word.contains('.') || word.matches('/').count() >= 2;
    if !path && word.contains('/') {
        return format!("<span class=\"nw\">{}</span>", escape(word));
    }
    for (i, c) in word.char_indices() {
        let after = &word[i + c.len_utf8()..];
        if c == '/' && !after.is_empty() && !after.starts_with(|c: char| c.is_ascii_digit()) {
            parts.push(&word[start..i + 1]);
            start = i + 1;
        }
    }
    parts.push(&word[start..]);
    let html: Vec<String> = parts
        .iter()
        .map(|p| {
            if p.chars().count() > LONG_WORD {
                format!("<span class=\"long\">{}</span>", escape(p))
            } else if p.contains('-') {
                format!("<span class=\"nw\">{}</span>", escape(p))
            } else {
                escape(p)
            }
        })
        .collect();
    html.join("<wbr>")
}

/// JSON that can stand inside a `<script>` element: no `<`, `>` or `&` (so no `</script>`
/// and no `<!--`), and no U+2028 / U+2029 (line ends to older script parsers). These
/// characters occur only inside JSON strings, where the `\u` escapes mean the same text.
pub(crate) fn script_json<T: serde::Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".to_string());
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

fn sha256_source(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The Content-Security-Policy of every page: nothing may be loaded, and only the page's own
/// inline script and stylesheet (named by their SHA-256) run.
pub(crate) fn content_security_policy() -> &'static str {
    static CSP: OnceLock<String> = OnceLock::new();
    CSP.get_or_init(|| {
        format!(
            "default-src 'none'; script-src {}; style-src {}; img-src 'none'; base-uri 'none'; form-action 'none'",
            sha256_source(SCRIPT),
            sha256_source(STYLE)
        )
    })
}

/// A whole page around `body` (which must be escaped already).
pub(crate) fn document(title: &str, body: &str) -> String {
    let mut s = String::with_capacity(body.len() + STYLE.len() + SCRIPT.len() + 600);
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s.push_str(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n",
        content_security_policy()
    ));
    s.push_str(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n<meta name=\"generator\" content=\"qipu\">\n",
    );
    s.push_str(&format!("<title>{}</title>\n<style>", escape(title)));
    s.push_str(STYLE);
    s.push_str("</style>\n</head>\n<body>\n");
    s.push_str(body);
    s.push_str("<script>");
    s.push_str(SCRIPT);
    s.push_str("</script>\n</body>\n</html>\n");
    s
}

/// The page of one game (`show --html`, the game pages of `--html-dir`); `back` links to the
/// index it belongs to.
pub(crate) fn game_page(view: &GameView<'_>, back: Option<&str>) -> String {
    let mut body = String::new();
    if let Some(href) = back {
        body.push_str(&format!(
            "<nav class=\"back\"><a href=\"{}\">← all games</a></nav>\n",
            escape(href)
        ));
    }
    body.push_str(&section(view, &mut KindsDefined::default()));
    body.push_str(&footer());
    let title = format!(
        "{} #{} · qipu",
        view.report.source,
        crate::core::record::game_number(view.report.index)
    );
    document(&title, &body)
}

fn footer() -> String {
    format!(
        "<footer class=\"note\">Made by qipu {}. Plies count from 1 (ply 0 is the start); \
         results are written as in PGN (1-0: Red wins in Xiangqi, Black in Othello, the first player in Junqi). \
         Keys: ← → step, Home / End first / last position; <code>#ply=N</code> (or <code>#game=G&amp;ply=N</code>) \
         in the address opens a ply.</footer>\n",
        env!("CARGO_PKG_VERSION")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
    }

    #[test]
    fn words_keep_together_what_reads_as_one() {
        assert_eq!(
            words("/a/wt-html/x.pgn"),
            "/<wbr>a/<wbr><span class=\"nw\">wt-html/</span><wbr>x.pgn"
        );
        assert_eq!(
            words("1/2-1/2 game-over at ply 60"),
            "<span class=\"nw\">1/2-1/2</span> <span class=\"nw\">game-over</span> at&nbsp;ply&nbsp;60"
        );
        // A unit with a `/` is no path: it never breaks at the `/`.
        assert!(
            words("1.24 s, 15 games/s").contains("<span class=\"nw\">games/s</span>"),
            "{}",
            words("1.24 s, 15 games/s")
        );
        assert_eq!(
            words("every ply  counts <b>"),
            "every ply  counts &lt;b&gt;"
        );
        let long = format!("{}-x", "a".repeat(LONG_WORD));
        assert_eq!(words(&long), format!("<span class=\"long\">{long}</span>"));
    }

    #[test]
    fn script_json_cannot_end_the_script() {
        let hostile = vec![
            "</script><script>alert(1)</script>",
            "<!-- &amp; \u{2028}\u{2029}",
        ];
        let json = script_json(&hostile);
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!json.contains(bad), "{json}");
        }
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, hostile);
    }

    #[test]
    fn the_policy_names_the_page_script_and_style() {
        let csp = content_security_policy();
        assert!(csp.starts_with("default-src 'none'"));
        assert_eq!(csp.matches("'sha256-").count(), 2);
        assert!(!csp.contains("unsafe"));
        let page = document("t<", "<p>x</p>");
        assert!(page.contains(&format!("<script>{SCRIPT}</script>")));
        assert!(page.contains(&format!("<style>{STYLE}</style>")));
        assert!(page.contains("<title>t&lt;</title>"));
    }
}
