//! The Python module `qipu._qipu`: a thin layer over the qipu crate. Records are read, checked
//! and converted by the crate's own functions; reports and verdicts are the crate's
//! serializations (the JSON of the CLI's `--report json`), loaded by Python's `json`; boards
//! and referees wrap the crate's move-by-move driver. No rule is written here.

mod boards;
mod check;
mod errors;
mod records;
mod referees;
mod solve;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use qipu::{GameKind, Rules};

/// A Python object from JSON text made by the crate's serializer.
pub(crate) fn from_json<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.getattr("loads")?.call1((text,))
}

/// A game named in Python (`"xiangqi"`, `"othello"`, `"junqi"` and their aliases).
pub(crate) fn game_kind(name: &str) -> PyResult<GameKind> {
    GameKind::parse(name).ok_or_else(|| {
        errors::rules_error(format!(
            "unknown game `{name}`; the games are xiangqi, othello and junqi"
        ))
    })
}

/// Rule parameters from a Python dict (`{"move-limit": 50}`): `KEY=VALUE` pairs.
pub(crate) fn param_pairs(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(d) = params {
        for (k, v) in d.iter() {
            let key: String = k.extract()?;
            let value = match v.extract::<String>() {
                Ok(s) => s,
                Err(_) => v.str()?.to_string(),
            };
            out.push((key.replace('_', "-"), value));
        }
    }
    Ok(out)
}

/// The rules of one game: the preset (its default when `None`) and the parameters.
pub(crate) fn game_rules(
    game: GameKind,
    preset: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Rules> {
    let g = qipu::bindings::files::game(game)
        .ok_or_else(|| errors::rules_error(format!("{game} is not in this build")))?;
    Rules::build(g.rule_table(), preset, &param_pairs(params)?)
        .map_err(errors::rules_error)
}

/// The presets and parameters of each game: `{game: {"presets": {...}, "params": {...}}}`.
#[pyfunction]
fn rule_sets<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for g in qipu::bindings::files::games() {
        let presets = PyDict::new(py);
        for p in g.presets() {
            presets.set_item(p.name, p.help)?;
        }
        let params = PyDict::new(py);
        for s in g.rule_specs() {
            let d = PyDict::new(py);
            d.set_item("default", s.default)?;
            d.set_item("help", s.help)?;
            params.set_item(s.key, d)?;
        }
        let d = PyDict::new(py);
        d.set_item("presets", presets)?;
        d.set_item("params", params)?;
        out.set_item(g.kind().name(), d)?;
    }
    Ok(out)
}

/// Every format: a list of dicts with `id`, `game`, `extensions`, `read`, `write`,
/// `binary`, `description` (what `qipu formats` prints).
#[pyfunction]
fn formats<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for g in qipu::bindings::files::games() {
        for f in g.formats() {
            let d = PyDict::new(py);
            d.set_item("id", f.id)?;
            d.set_item("game", f.game.name())?;
            d.set_item("extensions", f.extensions.to_vec())?;
            d.set_item("read", f.read)?;
            d.set_item("write", f.write)?;
            d.set_item("binary", f.binary)?;
            d.set_item("description", f.description)?;
            out.append(d)?;
        }
    }
    Ok(out)
}

#[pymodule]
fn _qipu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(rule_sets, m)?)?;
    m.add_function(wrap_pyfunction!(formats, m)?)?;
    records::register(m)?;
    check::register(m)?;
    boards::register(m)?;
    referees::register(m)?;
    solve::register(m)?;
    Ok(())
}
