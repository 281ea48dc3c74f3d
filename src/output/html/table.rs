//! The table of games that heads `adjudicate --html FILE` and makes the index of
//! `--html-dir`: a row per game, filters by status and by reason (the verdict's reason, or
//! the error's kind), a link to each game's replay.

use super::parts::{status_text, verdict_text};
use super::{INDEX_ROWS, MAX_VIEWERS, document, escape, footer, words};
use crate::driver::report::{GameReport, Summary, counted, game_number};
use crate::output::html::viewer::{GameView, KindsDefined, section};
use std::collections::BTreeMap;

/// The statuses a row can be filtered by (a row has one or more).
const STATUSES: [(&str, &str); 5] = [
    ("valid", "valid"),
    ("invalid", "invalid"),
    ("disputed", "disputed (the claim disagrees)"),
    ("agrees", "the claim agrees"),
    ("no-claim", "no claim"),
];

fn statuses(r: &GameReport) -> Vec<&'static str> {
    let mut out = vec![if r.valid { "valid" } else { "invalid" }];
    if r.disputed() {
        out.push("disputed");
    }
    match r.agrees {
        Some(true) => out.push("agrees"),
        None => out.push("no-claim"),
        Some(false) => {}
    }
    out
}

/// What a row is filtered by in the reason list: the verdict's reason, else the error's kind.
fn reason_key(r: &GameReport) -> String {
    match (&r.verdict, &r.error) {
        (Some(v), _) => v.reason.as_str().to_string(),
        (None, Some(e)) => format!("error: {}", e.kind),
        (None, None) => "-".to_string(),
    }
}

fn agrees_cell(a: Option<bool>) -> &'static str {
    match a {
        Some(true) => "<td class=\"agrees yes\" data-label=\"agrees\">yes</td>",
        Some(false) => "<td class=\"agrees no\" data-label=\"agrees\">NO</td>",
        None => "<td class=\"agrees\" data-label=\"agrees\">-</td>",
    }
}

/// The row of a game; `link` is where its replay is (escaped here).
fn row(r: &GameReport, link: Option<&str>) -> String {
    let source = words(&r.source);
    let source = match link {
        Some(href) => format!("<a href=\"{}\">{source}</a>", escape(href)),
        None => source,
    };
    format!(
        "<tr data-status=\"{}\" data-reason=\"{}\"><td class=\"source\">{source}</td>\
         <td class=\"n\" data-label=\"#\">{}</td><td class=\"game\">{}</td>\
         <td class=\"plies\" data-label=\"plies\">{}</td><td class=\"status\">{}</td>\
         <td class=\"claimed\" data-label=\"claimed\">{}</td><td class=\"verdict\" data-label=\"verdict\">{}</td>{}</tr>\n",
        statuses(r).join(" "),
        escape(&reason_key(r)),
        game_number(r.index),
        r.game.map(|g| g.name()).unwrap_or("-"),
        r.plies,
        words(&status_text(r)),
        words(r.claimed.as_deref().unwrap_or("-")),
        words(&verdict_text(r)),
        // An invalid game has no verdict to agree with (as in the terminal's table).
        agrees_cell(r.agrees.filter(|_| r.valid))
    )
}

/// Rows of one page, with the counts the filters list.
#[derive(Debug, Default)]
struct Table {
    rows: String,
    listed: usize,
    by_status: BTreeMap<&'static str, usize>,
    by_reason: BTreeMap<String, usize>,
}

impl Table {
    fn add(&mut self, r: &GameReport, link: Option<&str>) {
        self.rows.push_str(&row(r, link));
        self.listed += 1;
        for s in statuses(r) {
            *self.by_status.entry(s).or_default() += 1;
        }
        *self.by_reason.entry(reason_key(r)).or_default() += 1;
    }

    fn render(&self) -> String {
        let mut s = String::from(
            "<div class=\"filters\"><label>status <select id=\"f-status\"><option value=\"\">all</option>",
        );
        for (value, label) in STATUSES {
            if let Some(n) = self.by_status.get(value) {
                s.push_str(&format!("<option value=\"{value}\">{label} ({n})</option>"));
            }
        }
        s.push_str("</select></label> <label>reason <select id=\"f-reason\"><option value=\"\">all</option>");
        for (value, n) in &self.by_reason {
            s.push_str(&format!(
                "<option value=\"{}\">{} ({n})</option>",
                escape(value),
                escape(value)
            ));
        }
        s.push_str(&format!(
            "</select></label> <span id=\"f-count\">{}</span></div>\n",
            counted(self.listed, "game")
        ));
        s.push_str(
            "<table class=\"games\">\n<thead><tr><th>source</th><th>#</th><th>game</th><th>plies</th>\
             <th>status</th><th>claimed</th><th>verdict</th><th>agrees</th></tr></thead>\n<tbody>\n",
        );
        s.push_str(&self.rows);
        s.push_str("</tbody>\n</table>\n");
        s
    }
}

fn summary_block(summary: &Summary, what: &str) -> String {
    format!(
        "<h1>qipu adjudication</h1>\n<p class=\"summary\">{}</p>\n<p class=\"note\">{what}</p>\n",
        words(&summary.glued_line())
    )
}

/// `adjudicate --html FILE`: the table of every game, and the first [`MAX_VIEWERS`] games
/// replayable below it; built game by game as the reports come.
#[derive(Debug, Default)]
pub(crate) struct Page {
    table: Table,
    rows_omitted: usize,
    sections: String,
    sections_listed: usize,
    sections_omitted: usize,
    kinds: KindsDefined,
}

impl Page {
    pub(crate) fn new() -> Page {
        Page::default()
    }

    /// Whether another game would still be replayable on the page.
    pub(crate) fn has_room(&self) -> bool {
        self.sections_listed < MAX_VIEWERS
    }

    /// Adds one game; `view` is what its replay is made from (its `id` is replaced by the
    /// game's number on the page).
    pub(crate) fn add(&mut self, r: &GameReport, view: GameView<'_>) {
        if r.input_failure {
            return;
        }
        let id = self.table.listed + self.rows_omitted;
        if !self.has_room() {
            self.sections_omitted += 1;
        }
        let replay = Some(view).filter(|_| self.has_room());
        let anchor = format!("#g{id}");
        if self.table.listed < INDEX_ROWS {
            self.table.add(r, replay.as_ref().map(|_| anchor.as_str()));
        } else {
            self.rows_omitted += 1;
        }
        if let Some(mut v) = replay {
            v.id = id;
            self.sections.push_str(&section(&v, &mut self.kinds));
            self.sections_listed += 1;
        }
    }

    pub(crate) fn render(&self, summary: &Summary) -> String {
        let mut s = summary_block(
            summary,
            "Every game of the run is a row of the table (filter it by status and reason); \
             a linked game can be replayed below, with its ruling.",
        );
        s.push_str("<h2>Games</h2>\n");
        s.push_str(&self.table.render());
        if self.rows_omitted > 0 {
            s.push_str(&format!(
                "<p class=\"note\">{} more games are not listed (the table stops at {INDEX_ROWS}; \
                 <code>--html-dir</code> lists every game).</p>\n",
                self.rows_omitted
            ));
        }
        if self.sections_omitted > 0 && self.sections_listed >= MAX_VIEWERS {
            s.push_str(&format!(
                "<p class=\"note\">{} more games are not replayable here (at most {MAX_VIEWERS} on one page); \
                 use <code>qipu adjudicate --html-dir DIR</code> for a page per game.</p>\n",
                self.sections_omitted
            ));
        }
        s.push_str(&self.sections);
        s.push_str(&footer());
        document("qipu adjudication", &s)
    }
}

/// `adjudicate --html-dir DIR`: `index.html` and, past [`INDEX_ROWS`] games,
/// `index-2.html`, `index-3.html` … Pages after the first are handed out as they fill (the
/// caller writes them); the first, with the run's summary, at the end.
#[derive(Debug, Default)]
pub(crate) struct Index {
    first: Table,
    current: Table,
    /// The number of the page `current` fills (1: the first).
    page: usize,
}

/// The file name of index page `n` (1-based).
pub(crate) fn index_name(n: usize) -> String {
    if n <= 1 {
        "index.html".to_string()
    } else {
        format!("index-{n}.html")
    }
}

impl Index {
    pub(crate) fn new() -> Index {
        Index {
            page: 1,
            ..Index::default()
        }
    }

    /// Adds a game's row (`link`: its page, relative to the index). Returns a finished index
    /// page `(file name, html)` when this row starts a new one.
    pub(crate) fn add(&mut self, r: &GameReport, link: Option<&str>) -> Option<(String, String)> {
        if r.input_failure {
            return None;
        }
        let mut done = None;
        if self.page == 1 && self.first.listed == INDEX_ROWS {
            self.page = 2;
        } else if self.page > 1 && self.current.listed == INDEX_ROWS {
            let table = std::mem::take(&mut self.current);
            done = Some((index_name(self.page), self.later_page(&table, true)));
            self.page += 1;
        }
        if self.page == 1 {
            self.first.add(r, link);
        } else {
            self.current.add(r, link);
        }
        done
    }

    fn nav(&self, n: usize, more: bool) -> String {
        let mut s = String::from("<nav class=\"pages\">");
        if n > 1 {
            s.push_str(&format!(
                "<a href=\"{}\">← games {}–{}</a> ",
                index_name(n - 1),
                (n - 2) * INDEX_ROWS + 1,
                (n - 1) * INDEX_ROWS
            ));
        }
        if more {
            s.push_str(&format!(
                "<a href=\"{}\">games {}– →</a>",
                index_name(n + 1),
                n * INDEX_ROWS + 1
            ));
        }
        s.push_str("</nav>\n");
        s
    }

    fn later_page(&self, table: &Table, more: bool) -> String {
        let mut s = format!(
            "<h1>qipu adjudication</h1>\n<p class=\"note\">Games {}–{} of the run; the summary is on <a href=\"index.html\">the first page</a>.</p>\n",
            (self.page - 1) * INDEX_ROWS + 1,
            (self.page - 1) * INDEX_ROWS + table.listed
        );
        s.push_str(&self.nav(self.page, more));
        s.push_str(&table.render());
        s.push_str(&self.nav(self.page, more));
        s.push_str(&footer());
        document(&format!("qipu adjudication, page {}", self.page), &s)
    }

    /// The pages still to write: the last later page (if any) and `index.html`.
    pub(crate) fn finish(&self, summary: &Summary) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.page > 1 && self.current.listed > 0 {
            out.push((index_name(self.page), self.later_page(&self.current, false)));
        }
        let mut s = summary_block(
            summary,
            "Every game of the run is a row (filter them by status and reason); each links to \
             a page where it can be replayed on its board, with its ruling.",
        );
        let more = self.page > 1 && (self.current.listed > 0 || self.page > 2);
        s.push_str(&self.nav(1, more));
        s.push_str(&self.first.render());
        s.push_str(&self.nav(1, more));
        s.push_str(&footer());
        out.push((index_name(1), document("qipu adjudication", &s)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::{GameKind, GameResult};
    use crate::core::verdict::{Reason, Verdict};

    fn report(n: usize, reason: Reason, agrees: Option<bool>) -> GameReport {
        GameReport {
            source: format!("a&b{n}.pgn"),
            index: n,
            game: Some(GameKind::Xiangqi),
            format: Some("pgn"),
            valid: true,
            plies: 12,
            error: None,
            claimed: Some("1/2-1/2".into()),
            verdict: Some(Verdict::new(GameResult::SecondWins, reason, 12, "<b>")),
            agrees,
            warnings: Vec::new(),
            analysis: None,
            notes: Vec::new(),
            input_failure: false,
        }
    }

    fn view(r: &GameReport) -> GameView<'_> {
        GameView {
            id: 0,
            report: r,
            record: None,
            game: None,
            rules: None,
            open: None,
        }
    }

    #[test]
    fn rows_carry_their_status_and_reason_and_the_filters_count_them() {
        let mut page = Page::new();
        let reports = [
            report(0, Reason::PerpetualCheck, Some(false)),
            report(1, Reason::Resignation, Some(true)),
            report(2, Reason::Unfinished, None),
        ];
        for r in &reports {
            page.add(r, view(r));
        }
        let html = page.render(&Summary::default());
        assert_eq!(html.matches("<tr data-status=").count(), 3);
        assert_eq!(html.matches("<section class=\"game\"").count(), 3);
        assert!(html.contains("<a href=\"#g2\">a&amp;b2.pgn</a>"));
        assert!(html.contains("data-status=\"valid disputed\" data-reason=\"perpetual-check\""));
        assert!(
            html.contains("<option value=\"disputed\">disputed (the claim disagrees) (1)</option>")
        );
        assert!(html.contains("<option value=\"resignation\">resignation (1)</option>"));
        assert!(html.contains("a&amp;b0.pgn"));
        assert!(!html.contains("<b>"));
    }

    #[test]
    fn the_page_replays_at_most_its_share_of_games() {
        let mut page = Page::new();
        let reports: Vec<GameReport> = (0..MAX_VIEWERS + 3)
            .map(|n| report(n, Reason::Resignation, Some(true)))
            .collect();
        for r in &reports {
            page.add(r, view(r));
        }
        let html = page.render(&Summary::default());
        assert_eq!(html.matches("<section class=\"game\"").count(), MAX_VIEWERS);
        assert_eq!(html.matches("<tr data-status=").count(), MAX_VIEWERS + 3);
        assert!(html.contains("3 more games are not replayable here"));
    }

    #[test]
    fn the_index_goes_on_in_pages_of_its_rows() {
        let mut index = Index::new();
        let mut written = Vec::new();
        for n in 0..INDEX_ROWS * 2 + 5 {
            if let Some(p) = index.add(&report(n, Reason::Resignation, Some(true)), Some("x.html"))
            {
                written.push(p);
            }
        }
        written.extend(index.finish(&Summary::default()));
        let names: Vec<&str> = written.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["index-2.html", "index-3.html", "index.html"]);
        let rows = |html: &str| html.matches("<tr data-status=").count();
        assert_eq!(rows(&written[0].1), INDEX_ROWS);
        assert_eq!(rows(&written[1].1), 5);
        assert_eq!(rows(&written[2].1), INDEX_ROWS);
        assert!(written[0].1.contains("href=\"index-3.html\""));
        assert!(!written[1].1.contains("href=\"index-4.html\""));
        assert!(written[2].1.contains("href=\"index-2.html\""));
    }
}
