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

pub use table::{Index, Page, index_name};
pub use viewer::{GameView, KindsDefined, section};

use base64::Engine;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// At most this many rows in the table of one page (a whole corpus would make a page no
/// browser opens); `--html` counts the rest, `--html-dir` goes on in `index-2.html` …
pub const INDEX_ROWS: usize = 10_000;
/// `adjudicate --html FILE` makes at most this many games replayable on its page.
pub const MAX_VIEWERS: usize = 200;

/// The page's stylesheet and script, inline (their hashes go into the CSP).
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Escapes text for HTML content and attribute values.
pub fn escape(s: &str) -> String {
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

/// JSON that can stand inside a `<script>` element: no `<`, `>` or `&` (so no `</script>`
/// and no `<!--`), and no U+2028 / U+2029 (line ends to older script parsers). These
/// characters occur only inside JSON strings, where the `\u` escapes mean the same text.
pub fn script_json<T: serde::Serialize>(value: &T) -> String {
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
pub fn document(title: &str, body: &str) -> String {
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
pub fn game_page(view: &GameView<'_>, back: Option<&str>) -> String {
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
