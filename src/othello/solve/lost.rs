//! Where a record's game was lost, as the game's [`Analysis`] (`adjudicate --explain`, the
//! JSON report's `analysis`, the HTML page, Python): the moves judged by
//! [`super::analyze::judge_moves_within`] within [`ANALYSIS_NODES`], the decisive mistake by
//! [`super::analyze::where_lost`], and the text of `--explain`.

use super::Table;
use super::analyze::{describe, judge_moves_within, where_lost};
use crate::core::game::{AnalysedMove, Analysis};
use crate::core::record::Record;
use crate::othello::notation::{move_name, player_name, square_name};

/// The nodes the analysis of one game may search (`adjudicate --explain`, the HTML page):
/// about four seconds on one core of the machine the figures of docs/games/othello.md were
/// taken on. A game that needs more is judged from the end back as far as the budget goes.
pub const ANALYSIS_NODES: u64 = 50_000_000;

thread_local! {
    /// The table of the analyses, one a thread, kept between games.
    static ANALYSIS_TABLE: Table = Table::new(32);
}

/// Where a record's game was lost, as the game's [`Analysis`]: every move from the first
/// position with at most `from_empties` empty squares, judged by perfect play within
/// [`ANALYSIS_NODES`]; `None` when the record does not replay or `from_empties` is 0.
pub(crate) fn analyse_record(record: &Record, from_empties: u32) -> Option<Analysis> {
    analyse_record_within(record, from_empties, ANALYSIS_NODES)
}

/// [`analyse_record`] within `budget` nodes.
pub fn analyse_record_within(record: &Record, from_empties: u32, budget: u64) -> Option<Analysis> {
    if from_empties == 0 {
        return None;
    }
    let replayed = crate::othello::replay::replay_record(record).ok()?;
    let replay = replayed.replay;
    let judged = ANALYSIS_TABLE
        .with(|tt| judge_moves_within(&replay.start, &replay.moves, from_empties, tt, budget));
    let mut a = Analysis {
        summary: format!(
            "perfect play from {from_empties} empty squares on (exact solver, empties to the winner); each move's score is its mover's final disc difference under perfect play, before → after the move"
        ),
        from_empties,
        node_budget: budget,
        ..Analysis::default()
    };
    let judged = match judged {
        Ok(j) => j,
        Err(e) => {
            a.unjudged = Some(format!("not analysed: {e}"));
            return Some(a);
        }
    };
    a.first_ply = judged.first_ply;
    a.complete = !judged.over_budget;
    a.judged_from = judged.moves.first().map(|m| m.ply);
    let Some(first_ply) = judged.first_ply else {
        a.unjudged = Some(format!(
            "no move was played with at most {from_empties} empty squares: nothing to analyse"
        ));
        return Some(a);
    };
    if judged.over_budget {
        a.unjudged = Some(match judged.moves.first() {
            None => format!(
                "not analysed within the budget ({budget} nodes): no move from ply {first_ply} on was judged"
            ),
            Some(m) => format!(
                "{} not analysed within the budget ({budget} nodes): judged from ply {} on",
                if m.ply - 1 > first_ply {
                    format!("plies {first_ply}–{}", m.ply - 1)
                } else {
                    format!("ply {first_ply}")
                },
                m.ply
            ),
        });
    }
    let w = where_lost(&judged.moves);
    a.loser = w.loser.map(|p| player_name(p).to_string());
    a.decisive = w.decisive.map(|m| m.ply);
    a.lost_before = w.lost_before;
    a.result_changes = w.changes.iter().map(|m| m.ply).collect();
    a.moves = judged
        .moves
        .iter()
        .map(|m| AnalysedMove {
            ply: m.ply,
            side: player_name(m.mover).to_string(),
            move_text: move_name(m.mv),
            before: m.before,
            after: m.after,
            lost: m.lost(),
            best: m.best.iter().map(|&b| square_name(b)).collect(),
            text: describe(m),
        })
        .collect();
    Some(a)
}

/// The text of an [`Analysis`] for `adjudicate --explain`: where the game was lost, every
/// move that changed the result, then every move judged with what it lost, then why some
/// were not.
pub(crate) fn explain_lines(a: &Analysis) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(m) = a.decisive_move() {
        out.push(format!(
            "where the game was lost: {} ({}, lost {})",
            m.text,
            Analysis::change_of(m).unwrap_or_default(),
            m.lost
        ));
    } else if !a.moves.is_empty()
        && let Some(t) = a.no_decisive_text()
    {
        out.push(format!("where the game was lost: {t}"));
    }
    let changes: Vec<String> = a
        .moves
        .iter()
        .filter_map(|m| Analysis::change_of(m).map(|c| format!("move {} ({}): {c}", m.ply, m.side)))
        .collect();
    if !changes.is_empty() {
        out.push(format!(
            "the result under perfect play changed at {}",
            changes.join("; ")
        ));
    }
    if !a.moves.is_empty() {
        let mut s = format!("{}:", a.summary);
        let width = a.moves.iter().map(|m| m.text.chars().count()).max();
        let lost_width = a.moves.iter().map(|m| m.lost.to_string().len()).max();
        for m in &a.moves {
            let mark = match (Some(m.ply) == a.decisive, Analysis::change_of(m)) {
                (true, c) => format!("  ← decisive: {}", c.unwrap_or_default()),
                (false, Some(c)) => format!("  ← {c}"),
                (false, None) => String::new(),
            };
            let pad = width.unwrap_or(0).saturating_sub(m.text.chars().count());
            let lost = m.lost.to_string();
            let lost_pad = if mark.is_empty() {
                0
            } else {
                lost_width.unwrap_or(0).saturating_sub(lost.len())
            };
            s.push_str(&format!(
                "\n      {}{}   lost {lost}{}{mark}",
                m.text,
                " ".repeat(pad),
                " ".repeat(lost_pad)
            ));
        }
        out.push(s);
    }
    if let Some(u) = &a.unjudged {
        out.push(u.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sample.wtb's first game, its moves as a transcript.
    fn sample_game() -> Record {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/samples/othello/sample.wtb"
        ))
        .unwrap_or_default();
        let input = crate::core::record::Input {
            name: "sample.wtb".into(),
            bytes: std::sync::Arc::from(bytes.as_slice()),
            text: None,
            siblings: Vec::new(),
        };
        match <crate::othello::Othello as crate::core::variant::Formats>::read("wthor", &input)
            .into_iter()
            .next()
        {
            Some(Ok(r)) => r,
            other => panic!("sample.wtb reads: {other:?}"),
        }
    }

    #[test]
    fn a_spent_budget_leaves_the_last_moves_judged() {
        if !super::super::cpu_ok() {
            return;
        }
        let rec = sample_game();
        let Some(all) = analyse_record_within(&rec, 18, u64::MAX) else {
            panic!("analysed");
        };
        assert_eq!(all.moves.len(), 18);
        assert_eq!(all.unjudged, None);
        assert_eq!(all.decisive, Some(50));
        assert_eq!(all.result_changes, vec![46, 50]);
        assert_eq!(all.loser.as_deref(), Some("White"));
        assert!(all.complete && !all.lost_before);
        assert_eq!((all.first_ply, all.judged_from), (Some(43), Some(43)));
        // A budget that the whole does not fit in: the moves nearest the end only, said so.
        // (On a thread of its own: a fresh table, not the one the whole game filled.)
        let fresh = |budget: u64| {
            let rec = rec.clone();
            std::thread::spawn(move || analyse_record_within(&rec, 18, budget))
                .join()
                .ok()
                .flatten()
        };
        let Some(part) = fresh(20_000) else {
            panic!("analysed");
        };
        let first = part.moves.first().map_or(61, |m| m.ply);
        assert!(first > 43, "{part:?}");
        assert_eq!(part.moves.as_slice(), &all.moves[first - 43..]);
        let why = part.unjudged.unwrap_or_default();
        assert!(
            why.contains("not analysed within the budget (20000 nodes)"),
            "{why}"
        );
        // No budget at all: the solver still finishes what it checks the budget too seldom to
        // stop (the last few empties), and says the rest was not judged.
        let none = fresh(0).unwrap_or_default();
        assert!(none.moves.len() <= part.moves.len(), "{none:?}");
        let why = none.unjudged.unwrap_or_default();
        assert!(
            why.contains("not analysed within the budget (0 nodes)"),
            "{why}"
        );
        assert_eq!(analyse_record_within(&rec, 0, u64::MAX), None);
    }
}
