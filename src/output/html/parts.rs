//! The static parts of a game's section: the ruling panel, the move list, the cycle table,
//! the tags and the status table (every text from a record escaped here).

use super::{escape, words};
use crate::core::analysis::signed;
use crate::core::game::Analysis;
use crate::core::record::Record;
use crate::core::verdict::{CycleMove, Reason};
use crate::driver::report::GameReport;

pub(super) fn kind_badge(m: &CycleMove) -> String {
    let targets = if m.targets.is_empty() {
        String::new()
    } else {
        format!(" → {}", m.targets.join(", "))
    };
    format!(
        "<span class=\"kind {}\" title=\"{}{}\">{}</span>",
        m.kind.as_str(),
        m.kind.as_str(),
        escape(&targets),
        m.label()
    )
}

/// "Red vs Black" from the tags that name the players, when the record has them.
pub(super) fn players(record: &Record) -> Option<String> {
    for (a, b) in [
        ("Red", "Black"),
        ("Black", "White"),
        ("PB", "PW"),
        ("First", "Second"),
    ] {
        if let (Some(x), Some(y)) = (record.tag(a), record.tag(b)) {
            let (x, y) = (x.trim(), y.trim());
            if !(x.is_empty() || x == "?") || !(y.is_empty() || y == "?") {
                return Some(format!("{x} – {y}"));
            }
        }
    }
    None
}

pub(super) fn status_text(r: &GameReport) -> String {
    match &r.error {
        None => "valid".to_string(),
        Some(e) => {
            let at = e.ply.map(|p| format!(" at ply {p}")).unwrap_or_default();
            let mv = e
                .move_text
                .as_ref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            format!("{}{at}{mv}: {}", e.kind, e.message)
        }
    }
}

/// "0-1 perpetual-check at ply 8", "* (unfinished)", or "-" without a verdict.
pub(super) fn verdict_text(r: &GameReport) -> String {
    match &r.verdict {
        Some(v) if v.reason == Reason::Unfinished => "* (unfinished)".to_string(),
        Some(v) => format!("{} {} at ply {}", v.result, v.reason, v.ply),
        None => "-".to_string(),
    }
}

/// The verdict and claim panel, with the decisive mistake of the game's analysis.
pub(super) fn ruling(r: &GameReport, analysis: Option<&Analysis>) -> String {
    let mut s = String::from("<dl class=\"ruling\">\n");
    let mut fact = |k: &str, v: String, class: &str| {
        s.push_str(&format!("<dt>{k}</dt><dd class=\"{class}\">{v}</dd>\n"));
    };
    fact(
        "status",
        words(&status_text(r)),
        if r.valid { "valid" } else { "invalid" },
    );
    fact("claimed", words(r.claimed.as_deref().unwrap_or("none")), "");
    if let Some(v) = &r.verdict {
        fact("verdict", words(&verdict_text(r)), "verdict");
        fact("detail", words(&v.detail), "detail");
        if let Some(sides) = &v.sides {
            let terms: Vec<String> = sides
                .iter()
                .map(|x| {
                    format!(
                        "<span class=\"term{}\">{} {} ({})</span>",
                        if x.forbidden { " forbidden" } else { "" },
                        escape(&x.side),
                        escape(&x.term),
                        if x.forbidden {
                            "forbidden, 禁止着法"
                        } else {
                            "allowed"
                        }
                    )
                })
                .collect();
            fact("sides", terms.join(" "), "sides");
        }
    }
    if let Some(a) = analysis {
        let text = match a.decisive_move() {
            Some(m) => format!(
                "<button type=\"button\" data-ply=\"{}\">{}</button> ({}, lost {})",
                m.ply,
                escape(&m.text),
                escape(&Analysis::change_of(m).unwrap_or_default()),
                m.lost
            ),
            None => escape(&a.no_decisive_text().unwrap_or_default()),
        };
        fact("lost at", text, "lost-at");
        let changes: Vec<String> = a
            .moves
            .iter()
            .filter_map(|m| {
                Analysis::change_of(m).map(|c| {
                    format!(
                        "<button type=\"button\" data-ply=\"{}\">move {} ({})</button> {}",
                        m.ply,
                        m.ply,
                        escape(&m.side),
                        escape(&c)
                    )
                })
            })
            .collect();
        if !changes.is_empty() {
            fact("result changed", changes.join("; "), "changes");
        }
    }
    if r.verdict.is_some() || r.agrees.is_some() {
        let (text, class) = match r.agrees {
            Some(true) => ("yes", "yes"),
            Some(false) => ("NO", "no"),
            None => ("-", ""),
        };
        fact("agrees", text.to_string(), class);
    }
    s.push_str("</dl>\n");
    s
}

/// The claimed result, the verdict and whether they agree, on a line: above the board on a
/// narrow screen, where the ruling panel is under it (the stylesheet shows it there only).
pub(super) fn glance(r: &GameReport) -> String {
    if r.verdict.is_none() && r.claimed.is_none() {
        return String::new();
    }
    let mut parts = vec![format!(
        "<span>claimed <strong>{}</strong></span>",
        words(r.claimed.as_deref().unwrap_or("none"))
    )];
    if r.verdict.is_some() {
        parts.push(format!(
            "<span>verdict <strong>{}</strong></span>",
            words(&verdict_text(r))
        ));
    }
    match r.agrees.filter(|_| r.valid) {
        Some(true) => parts.push("<span class=\"yes\">agrees <strong>yes</strong></span>".into()),
        Some(false) => parts.push("<span class=\"no\">agrees <strong>NO</strong></span>".into()),
        None => {}
    }
    format!("<p class=\"glance\">{}</p>\n", parts.join(" · "))
}

/// A ply number in a table: a button that goes to it when the page has that ply (`last` is the
/// page's last), else the number alone.
fn ply_cell(ply: usize, last: usize) -> String {
    if ply <= last {
        format!("<button type=\"button\" data-ply=\"{ply}\">{ply}</button>")
    } else {
        ply.to_string()
    }
}

/// The cycle move by move (a click goes to its ply).
pub(super) fn cycle_table(cycle: &[CycleMove], last: usize) -> String {
    let (Some(a), Some(b)) = (cycle.first(), cycle.last()) else {
        return String::new();
    };
    let mut s = format!(
        "<table class=\"cycle\">\n<caption>The repetition cycle, plies {}–{}</caption>\n\
         <thead><tr><th>ply</th><th>side</th><th>move</th><th>kind</th><th>targets</th></tr></thead>\n<tbody>\n",
        a.ply, b.ply
    );
    for m in cycle {
        let ply = ply_cell(m.ply, last);
        s.push_str(&format!(
            "<tr><td>{ply}</td><td>{}</td><td>{}</td><td class=\"kind {}\">{} {}</td><td>{}</td></tr>\n",
            words(&m.side),
            words(&m.move_text),
            m.kind.as_str(),
            m.label(),
            words(m.kind.as_str()),
            words(&m.targets.join(" "))
        ));
    }
    s.push_str("</tbody>\n</table>\n");
    s
}

/// The moves judged by the game's analysis (a click goes to its ply): the score before and
/// after each, what it lost, the best move where it was not one.
pub(super) fn analysis_table(a: &Analysis, last: usize) -> String {
    let mut s = format!(
        "<table class=\"analysis\">\n<caption>Where the game was lost: {}</caption>\n\
         <thead><tr><th>ply</th><th>side</th><th>move</th><th>before</th><th>after</th><th>lost</th><th>best</th><th>result</th></tr></thead>\n<tbody>\n",
        escape(&a.summary)
    );
    for m in &a.moves {
        let ply = ply_cell(m.ply, last);
        let change = Analysis::change_of(m);
        let class = match (a.decisive == Some(m.ply), &change, m.lost > 0) {
            (true, _, _) => " class=\"mistake\"",
            (false, Some(_), _) => " class=\"lost changed\"",
            (false, None, true) => " class=\"lost\"",
            _ => "",
        };
        // The best moves, named where the move played was not one.
        let best = if m.lost > 0 {
            m.best.join(" ")
        } else {
            String::new()
        };
        s.push_str(&format!(
            "<tr{class}><td>{ply}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            words(&m.side),
            words(&m.move_text),
            signed(m.before),
            signed(m.after),
            m.lost,
            words(&best),
            words(change.as_deref().unwrap_or(""))
        ));
    }
    s.push_str("</tbody>\n</table>\n");
    if let Some(u) = &a.unjudged {
        s.push_str(&format!("<p class=\"unjudged\">{}</p>\n", escape(u)));
    }
    s
}

/// One cell of the move list.
pub(super) struct MoveCell {
    pub ply: usize,
    pub html: String,
}

/// The move list: a row per move number, the first player's ply then the second's. Plies
/// that replayed are buttons; the first bad move and what follows it are listed greyed.
pub(super) fn move_list(
    sides: [&str; 2],
    second_starts: bool,
    cells: &[MoveCell],
    has_start: bool,
) -> String {
    let mut s = String::from("<table class=\"moves\">\n");
    s.push_str(&format!(
        "<thead><tr><th>#</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
        escape(sides[0]),
        escape(sides[1])
    ));
    if has_start {
        s.push_str(
            "<tr><th></th><td colspan=\"2\"><button type=\"button\" class=\"mv\" data-ply=\"0\">start</button></td></tr>\n",
        );
    }
    let shift = usize::from(second_starts);
    let mut row: Option<(usize, [String; 2])> = None;
    let flush = |s: &mut String, row: &mut Option<(usize, [String; 2])>| {
        if let Some((n, [a, b])) = row.take() {
            s.push_str(&format!("<tr><th>{n}</th><td>{a}</td><td>{b}</td></tr>\n"));
        }
    };
    for c in cells {
        let slot = c.ply - 1 + shift;
        let number = slot / 2 + 1;
        if row.as_ref().is_some_and(|(n, _)| *n != number) {
            flush(&mut s, &mut row);
        }
        let r = row.get_or_insert_with(|| (number, [String::new(), String::new()]));
        if let Some(cell) = r.1.get_mut(slot % 2) {
            cell.push_str(&c.html);
        }
    }
    flush(&mut s, &mut row);
    s.push_str("</tbody>\n</table>\n");
    s
}

pub(super) fn tags_table(record: &Record) -> String {
    if record.tags.is_empty() {
        return String::new();
    }
    let mut s = String::from("<table class=\"tags\">\n<caption>Tags</caption>\n<tbody>\n");
    for t in &record.tags {
        s.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>\n",
            escape(&t.name),
            words(&t.value)
        ));
    }
    s.push_str("</tbody>\n</table>\n");
    s
}

pub(super) fn status_table(head: &[String], rows: &[Vec<String>]) -> String {
    if head.is_empty() {
        return String::new();
    }
    let mut s = String::from("<table class=\"status\">\n<thead><tr>");
    for h in head {
        s.push_str(&format!("<th>{}</th>", escape(h)));
    }
    s.push_str("</tr></thead>\n<tbody>");
    for row in rows {
        s.push_str("<tr>");
        for c in row {
            s.push_str(&format!("<td>{}</td>", escape(c)));
        }
        s.push_str("</tr>");
    }
    s.push_str("</tbody>\n</table>\n");
    s
}
