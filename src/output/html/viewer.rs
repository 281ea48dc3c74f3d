//! One game on a page: the board with every ply precomputed (the script only shows and hides
//! SVG items and swaps texts), the move list in the record's own notation, the tags, the
//! claimed result and the verdict; a ruling's cycle highlighted with the judge's kinds and
//! targets, the deciding ply marked, an invalid game opened at its first bad move.

use super::parts::{
    MoveCell, analysis_table, cycle_table, glance, kind_badge, move_list, players, ruling,
    status_table, status_text, tags_table,
};
use super::{escape, words};
use crate::core::game::{AnalysedMove, Analysis, Frames, Game};
use crate::core::record::{GameKind, Record};
use crate::core::rules::Rules;
use crate::core::verdict::CycleMove;
use crate::driver::report::{GameReport, decided_on_board, game_number};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};

/// What a game's section is made from.
pub(crate) struct GameView<'a> {
    /// The game's number on its page (`#game=G`, the section's id `gG`).
    pub id: usize,
    pub report: &'a GameReport,
    /// The record (`None` when it could not be read at all).
    pub record: Option<&'a Record>,
    pub game: Option<&'a dyn Game>,
    pub rules: Option<&'a Rules>,
    /// The ply to open at (`show --html --ply N`); by default an invalid game opens at its
    /// first bad move, a game decided on the board at the deciding ply, any other at the start.
    pub open: Option<usize>,
}

/// The game kinds whose SVG definitions a page holds already (each kind's once).
#[derive(Debug, Default)]
pub(crate) struct KindsDefined(BTreeSet<GameKind>);

/// The data the page's script reads (JSON in the section).
#[derive(Serialize)]
struct Data<'a> {
    open: usize,
    last: usize,
    decides: Option<usize>,
    bad: Option<usize>,
    /// The move text per ply (empty at 0).
    moves: Vec<&'a str>,
    /// The position notation per ply (the board's `data-fen`).
    fen: Vec<&'a str>,
    facts: Vec<Vec<String>>,
    table: Vec<TableAt<'a>>,
    comments: Vec<&'a [String]>,
}

/// A ply's status table, or the ply before it whose table is the same (most plies change no
/// count: the page holds each table once).
#[derive(Serialize)]
#[serde(untagged)]
enum TableAt<'a> {
    Same(usize),
    Rows(&'a [Vec<String>]),
}

fn tables(frames: &Frames) -> Vec<TableAt<'_>> {
    let mut out = Vec::with_capacity(frames.plies.len());
    let mut run: Option<(usize, &[Vec<String>])> = None;
    for (p, f) in frames.plies.iter().enumerate() {
        match run {
            Some((first, rows)) if rows == f.table.as_slice() => out.push(TableAt::Same(first)),
            _ => {
                run = Some((p, f.table.as_slice()));
                out.push(TableAt::Rows(f.table.as_slice()));
            }
        }
    }
    out
}

/// The items of every ply merged: each distinct item once, with the ply ranges `[a, b)` in
/// which it shows.
fn spans(plies: &[Vec<String>]) -> Vec<(&str, Vec<(usize, usize)>)> {
    let mut out: Vec<(&str, Vec<(usize, usize)>)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (p, items) in plies.iter().enumerate() {
        for item in items {
            let i = *index.entry(item.as_str()).or_insert_with(|| {
                out.push((item.as_str(), Vec::new()));
                out.len() - 1
            });
            if let Some((_, ranges)) = out.get_mut(i) {
                match ranges.last_mut() {
                    Some(r) if r.1 == p => r.1 = p + 1,
                    Some(r) if r.1 > p => {}
                    _ => ranges.push((p, p + 1)),
                }
            }
        }
    }
    out
}

fn shows_at(ranges: &[(usize, usize)], ply: usize) -> bool {
    ranges.iter().any(|&(a, b)| a <= ply && ply < b)
}

/// The section of one game.
pub(crate) fn section(view: &GameView<'_>, kinds: &mut KindsDefined) -> String {
    let r = view.report;
    let mut s = format!(
        "<section class=\"game\" id=\"g{}\" data-game=\"{}\">\n<h2>{} <span class=\"index\">game {}</span> <span class=\"kind-name\">{}</span></h2>\n",
        view.id,
        view.id,
        words(&r.source),
        game_number(r.index),
        r.game.map(|g| g.name()).unwrap_or("-")
    );
    if let Some(p) = view.record.and_then(players) {
        s.push_str(&format!("<p class=\"players\">{}</p>\n", escape(&p)));
    }
    let frames = match (view.record, view.game, view.rules) {
        (Some(rec), Some(g), Some(rules)) => Some(g.frames(rec, rules).map_err(|e| e.message)),
        _ => None,
    };
    // The game's own analysis of the moves (Othello: perfect play over the last empties), for
    // a verdict that is explained.
    // (The report carries it already under `--explain` with a JSON or YAML report.)
    let analysis = match (view.record, view.game, view.rules, &r.verdict) {
        _ if r.analysis.is_some() => r.analysis.clone(),
        (Some(rec), Some(g), Some(rules), Some(_)) if matches!(frames, Some(Ok(_))) => {
            g.analysis(rec, rules)
        }
        _ => None,
    };
    if !matches!(frames, Some(Ok(_))) {
        s.push_str(&ruling(r, None));
    }
    match frames {
        // The ruling heads the column beside the board, so that the board and its step
        // buttons are in the first screen.
        Some(Ok(frames)) => s.push_str(&replayable(view, frames, analysis.as_ref(), kinds)),
        Some(Err(e)) => {
            let why = if r.error.is_some() { status_text(r) } else { e };
            s.push_str(&format!(
                "<p class=\"error-box\" role=\"alert\">✗ The game cannot be set up: {}</p>\n",
                escape(&why)
            ));
            if let Some(rec) = view.record {
                s.push_str(&tags_table(rec));
            }
        }
        None => {
            if r.error.is_some() {
                s.push_str(&format!(
                    "<p class=\"error-box\" role=\"alert\">✗ {}</p>\n",
                    escape(&status_text(r))
                ));
            }
        }
    }
    s.push_str("</section>\n");
    s
}

/// The board, the controls, the move list and the data of a game that replays.
fn replayable(
    view: &GameView<'_>,
    mut frames: Frames,
    analysis: Option<&Analysis>,
    kinds: &mut KindsDefined,
) -> String {
    let r = view.report;
    let Some(record) = view.record else {
        return String::new();
    };
    // The plies that count: the replay's, cut where the game's check found its first error.
    let last = frames.plies.len().saturating_sub(1).min(r.plies);
    frames.plies.truncate(last + 1);
    let verdict = r.verdict.as_ref();
    let cycle: HashMap<usize, &CycleMove> = verdict
        .and_then(|v| v.cycle.as_ref())
        .map(|c| c.iter().map(|m| (m.ply, m)).collect())
        .unwrap_or_default();
    let judged: HashMap<usize, &AnalysedMove> = analysis
        .map(|a| a.moves.iter().map(|m| (m.ply, m)).collect())
        .unwrap_or_default();
    let mistake = analysis.and_then(|a| a.decisive);
    let decides = verdict
        .filter(|v| decided_on_board(v))
        .map(|v| v.ply.min(last));
    let bad = r.error.as_ref().map(|_| last + 1);
    let open = view
        .open
        .map(|p| p.min(last))
        .or(bad.map(|_| last))
        .or(decides)
        .unwrap_or(0);

    let mut facts = Vec::with_capacity(frames.plies.len());
    let mut items = Vec::with_capacity(frames.plies.len());
    for (ply, f) in frames.plies.iter_mut().enumerate() {
        let mut fs = std::mem::take(&mut f.facts);
        let mut its = std::mem::take(&mut f.items);
        if let Some(m) = cycle.get(&ply) {
            let targets = if m.targets.is_empty() {
                String::new()
            } else {
                format!(" → {}", m.targets.join(", "))
            };
            fs.push(format!(
                "cycle move: {} {} ({}){targets}",
                m.label(),
                m.kind.as_str(),
                m.side
            ));
            if let Some(g) = view.game {
                its.extend(m.targets.iter().filter_map(|t| g.target_mark(t)));
            }
        }
        if decides == Some(ply)
            && let Some(v) = verdict
        {
            fs.push(format!("decided here: {} {}", v.result, v.reason));
        }
        if let Some(m) = judged.get(&ply) {
            let change = Analysis::change_of(m);
            fs.push(format!(
                "{}{}: {}",
                match (mistake == Some(ply), change) {
                    (true, Some(c)) => format!("the decisive mistake ({c})"),
                    (true, None) => "the decisive mistake".to_string(),
                    (false, Some(c)) => format!("the result changed ({c})"),
                    (false, None) => "perfect play".to_string(),
                },
                if m.lost > 0 {
                    format!(", lost {}", m.lost)
                } else {
                    ", a best move".to_string()
                },
                m.text
            ));
        }
        if bad.is_some() && ply == last {
            fs.push(format!("next: the first bad move — {}", status_text(r)));
        }
        facts.push(fs);
        items.push(its);
    }

    let mut s = String::new();
    if let Some(kind) = r.game
        && kinds.0.insert(kind)
    {
        s.push_str(&format!(
            "<svg class=\"defs\" aria-hidden=\"true\" width=\"0\" height=\"0\"><defs>\n{}</defs></svg>\n",
            frames.defs
        ));
    }
    if r.error.is_some() {
        s.push_str(&format!(
            "<p class=\"error-box\" role=\"alert\">✗ {}</p>\n",
            escape(&status_text(r))
        ));
    }
    let fen_at = |p: usize| frames.plies.get(p).map_or("", |f| f.position.as_str());
    s.push_str(&glance(r));
    s.push_str("<div class=\"play\">\n<div class=\"left\">\n");
    let (w, h) = frames.size;
    s.push_str(&format!(
        "<div class=\"board\" data-ply=\"{open}\" data-fen=\"{}\">\n<svg viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"the board\" font-family=\"sans-serif\">\n{}",
        escape(fen_at(open)),
        frames.board
    ));
    for (item, ranges) in spans(&items) {
        let list: Vec<String> = ranges
            .iter()
            .flat_map(|&(a, b)| [a.to_string(), b.to_string()])
            .collect();
        s.push_str(&format!(
            "<g class=\"p{}\" data-p=\"{}\">{item}</g>\n",
            if shows_at(&ranges, open) { " on" } else { "" },
            list.join(" ")
        ));
    }
    s.push_str("</svg>\n</div>\n");
    s.push_str(
        "<div class=\"controls\">\
         <button type=\"button\" data-go=\"first\" title=\"the start (Home)\">|◀</button>\
         <button type=\"button\" data-go=\"prev\" title=\"back a ply (←)\">◀</button>\
         <button type=\"button\" data-go=\"next\" title=\"forward a ply (→)\">▶</button>\
         <button type=\"button\" data-go=\"last\" title=\"the last position (End)\">▶|</button>",
    );
    if decides.is_some() {
        s.push_str("<button type=\"button\" data-go=\"decides\" title=\"the ply at which the rule decided\">⚖ deciding ply</button>");
    }
    if bad.is_some() {
        s.push_str(
            "<button type=\"button\" data-go=\"last\" title=\"the position before the first bad move\">✗ bad move</button>",
        );
    }
    s.push_str("</div>\n");
    let move_at = |p: usize| frames.plies.get(p).map_or("", |f| f.move_text.as_str());
    let where_text = if open == 0 {
        format!("ply 0 of {last}: the start")
    } else {
        format!("ply {open} of {last}: {}", move_at(open))
    };
    s.push_str(&format!(
        "<p class=\"where\" aria-live=\"polite\">{}</p>\n<ul class=\"facts\">",
        escape(&where_text)
    ));
    for f in facts.get(open).map(Vec::as_slice).unwrap_or(&[]) {
        s.push_str(&format!("<li>{}</li>", escape(f)));
    }
    s.push_str("</ul>\n");
    let comments_at = |p: usize| -> &[String] {
        frames
            .plies
            .get(p)
            .and_then(|f| f.entry)
            .and_then(|e| record.moves.get(e))
            .map(|m| m.comments.as_slice())
            .unwrap_or(&[])
    };
    s.push_str(&format!(
        "<p class=\"comment\">{}</p>\n",
        escape(&comments_at(open).join(" "))
    ));
    s.push_str(&status_table(
        &frames.table_head,
        frames.plies.get(open).map_or(&[], |f| f.table.as_slice()),
    ));
    s.push_str(&format!(
        "<p class=\"position\">position <code class=\"fen\">{}</code></p>\n</div>\n<div class=\"right\">\n",
        escape(fen_at(open))
    ));
    s.push_str(&ruling(r, analysis));

    // The move list: the plies that replayed, then the record's moves after them.
    let mut cells = Vec::new();
    for (ply, f) in frames.plies.iter().enumerate().skip(1) {
        let mut classes = String::from("mv");
        let mut badges = String::new();
        if let Some(m) = cycle.get(&ply) {
            classes.push_str(&format!(" cycle {}", m.kind.as_str()));
            badges.push_str(&kind_badge(m));
        }
        if let Some(m) = judged.get(&ply) {
            classes.push_str(if m.lost > 0 {
                " judged lost"
            } else {
                " judged"
            });
            if mistake == Some(ply) {
                classes.push_str(" mistake");
            }
            if m.lost > 0 {
                badges.push_str(&format!(
                    "<span class=\"loss\" title=\"{}, lost {}\">−{}</span>",
                    escape(&m.text),
                    m.lost,
                    m.lost
                ));
            }
        }
        if decides == Some(ply) {
            classes.push_str(" decides");
            badges.push_str("<span class=\"badge\" title=\"the rule decided here\">⚖</span>");
        }
        if f.entry.is_none_or(|e| e >= record.moves.len()) {
            classes.push_str(" implied");
        }
        cells.push(MoveCell {
            ply,
            html: format!(
                "<button type=\"button\" class=\"{classes}\" data-ply=\"{ply}\">{}{badges}</button>",
                escape(&f.move_text)
            ),
        });
    }
    let next_entry = frames
        .plies
        .iter()
        .filter_map(|f| f.entry)
        .max()
        .map_or(0, |e| e + 1);
    if r.error.is_some() {
        for (k, m) in record.moves.iter().enumerate().skip(next_entry) {
            let ply = last + 1 + (k - next_entry);
            let first = k == next_entry && r.error.as_ref().and_then(|e| e.ply) == Some(ply);
            cells.push(MoveCell {
                ply,
                html: if first {
                    format!(
                        "<span class=\"mv bad\" title=\"{}\">✗ {}</span>",
                        escape(&status_text(r)),
                        escape(&m.text)
                    )
                } else {
                    format!("<span class=\"mv unplayed\">{}</span>", escape(&m.text))
                },
            });
        }
    }
    s.push_str(&move_list(frames.sides, frames.second_starts, &cells, true));
    if let Some(c) = verdict.and_then(|v| v.cycle.as_ref()) {
        s.push_str(&cycle_table(c, last));
    }
    if let Some(a) = analysis {
        s.push_str(&analysis_table(a, last));
    }
    s.push_str(&tags_table(record));
    if !record.comments.is_empty() {
        s.push_str("<div class=\"notes\">");
        for c in &record.comments {
            s.push_str(&format!("<p>{}</p>", escape(c)));
        }
        s.push_str("</div>\n");
    }
    s.push_str("</div>\n</div>\n");

    let data = Data {
        open,
        last,
        decides,
        bad,
        moves: frames.plies.iter().map(|f| f.move_text.as_str()).collect(),
        fen: frames.plies.iter().map(|f| f.position.as_str()).collect(),
        facts,
        table: tables(&frames),
        comments: (0..frames.plies.len()).map(comments_at).collect(),
    };
    s.push_str(&format!(
        "<script type=\"application/json\" class=\"game-data\">{}</script>\n",
        super::script_json(&data)
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_that_stay_are_drawn_once_with_their_ranges() {
        let plies: Vec<Vec<String>> = vec![
            vec!["a".into(), "b".into()],
            vec!["a".into(), "c".into()],
            vec!["b".into()],
            vec!["a".into(), "b".into()],
        ];
        let s = spans(&plies);
        assert_eq!(
            s,
            vec![
                ("a", vec![(0, 2), (3, 4)]),
                ("b", vec![(0, 1), (2, 4)]),
                ("c", vec![(1, 2)]),
            ]
        );
        assert!(shows_at(&s[0].1, 3) && !shows_at(&s[0].1, 2));
    }
}
