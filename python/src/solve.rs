//! `qipu.othello.solve`: the exact endgame solver of the crate (the one `qipu solve` runs).

use crate::errors;
use crate::records::PyRecord;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipu::GameKind;
use qipu::bindings::othello::{
    ANALYSIS_NODES, Outcome, SolveOptions, Table, analyse_record_within, board_string, move_name,
    parse_board, solve, square_name,
};
use std::time::Duration;

/// Solves an Othello position exactly: `board` is a board string (64 cells a1..h8, `-`/`X`/`O`,
/// then the side to move). Returns a dict: `solved` (False when over the budget), `score` (the
/// final disc difference for the side to move under perfect play, empties to the winner),
/// `best_moves`, `pv`, `nodes`, `seconds`, `board`, `empties`.
#[pyfunction]
#[pyo3(signature = (board, *, tt_mb=64, nodes=None, seconds=None, first_best=false))]
fn othello_solve<'py>(
    py: Python<'py>,
    board: &str,
    tt_mb: usize,
    nodes: Option<u64>,
    seconds: Option<f64>,
    first_best: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let b = parse_board(board).map_err(|m| errors::rules_error(format!("bad board: {m}")))?;
    if seconds.is_some_and(|s| !(s > 0.0 && s.is_finite())) {
        return Err(errors::rules_error("seconds must be a positive number"));
    }
    let opts = SolveOptions {
        node_limit: nodes.unwrap_or(u64::MAX),
        time_limit: seconds.map(Duration::from_secs_f64),
        all_best: !first_best,
        ..SolveOptions::default()
    };
    let outcome = py
        .detach(|| {
            let tt = Table::new(tt_mb.clamp(1, 1 << 16));
            solve(&b, &tt, &opts)
        })
        .map_err(|e| errors::rules_error(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("board", board_string(&b))?;
    d.set_item("empties", b.empties())?;
    match outcome {
        Outcome::Solved(s) => {
            d.set_item("solved", true)?;
            d.set_item("score", s.score)?;
            let best: Vec<String> = s.best_moves.iter().map(|&m| square_name(m)).collect();
            d.set_item("best_moves", best)?;
            let pv: Vec<String> = s.pv.iter().map(|&m| move_name(m)).collect();
            d.set_item("pv", pv)?;
            d.set_item("nodes", s.nodes)?;
            d.set_item("seconds", s.elapsed.as_secs_f64())?;
        }
        Outcome::OverBudget { nodes, elapsed } => {
            d.set_item("solved", false)?;
            d.set_item("score", py.None())?;
            d.set_item("best_moves", Vec::<String>::new())?;
            d.set_item("pv", Vec::<String>::new())?;
            d.set_item("nodes", nodes)?;
            d.set_item("seconds", elapsed.as_secs_f64())?;
        }
    }
    Ok(d)
}

/// Where an Othello game was lost: every move from the first position with at most `empties`
/// empty squares judged by perfect play within `nodes` (default: the 50 million of
/// `adjudicate --explain`). Returns the `analysis` object of `qipu adjudicate --explain
/// --report json` as a dict (the same one, with the same `empties` as the rule parameter
/// `analysis-empties`), or None when the record does not replay or `empties` is 0.
#[pyfunction]
#[pyo3(signature = (record, *, empties=18, nodes=None))]
fn othello_analyze<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    empties: u32,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let rec = record
        .cast::<PyRecord>()
        .map_err(|_| errors::rules_error("analyze takes a qipu.Record (from qipu.read)"))?
        .get()
        .record
        .clone();
    if rec.game != GameKind::Othello {
        return Err(errors::rules_error(format!(
            "analyze is for Othello records, not {}",
            rec.game
        )));
    }
    let budget = nodes.unwrap_or(ANALYSIS_NODES);
    let analysis = py.detach(|| analyse_record_within(&rec, empties, budget));
    match analysis {
        None => Ok(py.None().into_bound(py)),
        Some(a) => {
            // Plain data: serializing it cannot fail.
            let text = serde_json::to_string(&a).unwrap_or_default();
            crate::from_json(py, &text)
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(othello_solve, m)?)?;
    m.add_function(wrap_pyfunction!(othello_analyze, m)?)
}
