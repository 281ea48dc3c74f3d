//! `qipu.validate` and `qipu.adjudicate`: the crate's batch checker on a pool of all cores
//! (or `jobs`), in a thread of its own with the GIL released; the reports come back in input
//! order as the CLI's `--report json` lines, loaded into dicts.

use crate::errors;
use crate::records::{PyRecord, path_list, settings_from};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipu::Settings;
use qipu::bindings::files as batch;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// What is checked, in order.
enum Item {
    Paths(Vec<String>),
    Records(Vec<PyRecord>),
}

/// The reports of a batch, one dict at a time.
#[pyclass(module = "qipu", name = "ReportIterator")]
pub struct ReportIter {
    /// Behind a lock: a receiver is not `Sync`.
    rx: std::sync::Mutex<Option<Receiver<Vec<String>>>>,
    queue: VecDeque<String>,
    /// Give each report as its JSON line (str) rather than a dict.
    lines: bool,
}

#[pymethods]
impl ReportIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loop {
            if let Some(line) = self.queue.pop_front() {
                if self.lines {
                    return Ok(Some(pyo3::types::PyString::new(py, &line).into_any()));
                }
                return crate::from_json(py, &line).map(Some);
            }
            let slot = self.rx.get_mut().unwrap_or_else(|e| e.into_inner());
            let Some(rx) = slot.take() else {
                return Ok(None);
            };
            let (rx, got) = py.detach(move || {
                let got = rx.recv();
                (rx, got)
            });
            if let Ok(lines) = got {
                self.queue.extend(lines);
                *slot = Some(rx);
            }
        }
    }
}

fn items(inputs: &Bound<'_, PyAny>) -> PyResult<Vec<Item>> {
    let one = |obj: &Bound<'_, PyAny>, out: &mut Vec<Item>| -> PyResult<()> {
        if let Ok(r) = obj.cast::<PyRecord>() {
            let r = r.get();
            let rec = PyRecord {
                record: r.record.clone(),
                source: r.source.clone(),
                text: r.text.clone(),
                lines_before: r.lines_before,
            };
            match out.last_mut() {
                Some(Item::Records(v)) => v.push(rec),
                _ => out.push(Item::Records(vec![rec])),
            }
        } else {
            let paths = path_list(obj)?;
            match out.last_mut() {
                Some(Item::Paths(v)) => v.extend(paths),
                _ => out.push(Item::Paths(paths)),
            }
        }
        Ok(())
    };
    let mut out = Vec::new();
    let is_list = inputs.cast::<PyRecord>().is_err()
        && inputs.extract::<String>().is_err()
        && inputs
            .py()
            .import("os")?
            .getattr("fspath")?
            .call1((inputs,))
            .is_err();
    if is_list {
        for item in inputs.try_iter()? {
            one(&item?, &mut out)?;
        }
    } else {
        one(inputs, &mut out)?;
    }
    Ok(out)
}

/// Runs on a thread of its own, outside `pool`: the driver takes the results in order on this
/// thread while the pool's threads check (inside the pool, a pool of one thread would wait for
/// itself).
fn run(
    settings: Settings,
    items: Vec<Item>,
    wants: Wants,
    tx: SyncSender<Vec<String>>,
    pool: &rayon::ThreadPool,
) {
    for item in items {
        match item {
            Item::Paths(paths) => {
                let mut open = true;
                let each = |reports: Vec<qipu::GameReport>| {
                    open = tx
                        .send(reports.iter().map(batch::json_line).collect())
                        .is_ok();
                    open
                };
                if wants.explain {
                    batch::explain_inputs_in(Some(pool), &settings, &paths, each);
                } else {
                    batch::check_inputs_in(Some(pool), &settings, &paths, wants.adjudicate, each);
                }
                if !open {
                    return;
                }
            }
            Item::Records(records) => {
                for chunk in records.chunks(1024) {
                    let lines: Vec<String> = pool.install(|| {
                        chunk
                            .par_iter()
                            .map(|r| r.report_json(&settings, wants.adjudicate, wants.explain))
                            .collect()
                    });
                    if tx.send(lines).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// What a batch computes: the verdicts (`adjudicate`), and with them each game's analysis of
/// its moves (`explain`, the CLI's `adjudicate --explain --report json`).
#[derive(Clone, Copy)]
struct Wants {
    adjudicate: bool,
    explain: bool,
}

#[allow(clippy::too_many_arguments)]
fn start(
    inputs: &Bound<'_, PyAny>,
    wants: Wants,
    rules: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
    jobs: Option<usize>,
    game: Option<&str>,
    format: Option<&str>,
    encoding: Option<&str>,
    lines: bool,
) -> PyResult<ReportIter> {
    let settings = settings_from(game, format, rules, params, encoding)?;
    let items = items(inputs)?;
    let mut pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("qipu-{i}"));
    if let Some(n) = jobs {
        pool = pool.num_threads(n.max(1));
    }
    let pool = pool
        .build()
        .map_err(|e| errors::rules_error(format!("cannot start the worker threads: {e}")))?;
    let (tx, rx) = sync_channel(4);
    std::thread::Builder::new()
        .name("qipu-batch".to_string())
        .spawn(move || run(settings, items, wants, tx, &pool))
        .map_err(|e| errors::rules_error(format!("cannot start the batch thread: {e}")))?;
    Ok(ReportIter {
        rx: std::sync::Mutex::new(Some(rx)),
        queue: VecDeque::new(),
        lines,
    })
}

/// Validates records: parses and replays every move through the rules. `inputs` is a path
/// (a file or a directory, walked recursively), a `Record`, or a list of them. Yields one
/// dict per game, exactly the object of a line of `qipu validate --report json`. The games
/// are checked on all cores (`jobs` threads), the GIL released. With `json_lines=True` each
/// report is its JSON line (str), byte for byte the CLI's.
#[pyfunction]
#[pyo3(signature = (inputs, rules=None, params=None, jobs=None, game=None, format=None, encoding=None, json_lines=false))]
#[allow(clippy::too_many_arguments)]
fn validate(
    inputs: &Bound<'_, PyAny>,
    rules: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
    jobs: Option<usize>,
    game: Option<&str>,
    format: Option<&str>,
    encoding: Option<&str>,
    json_lines: bool,
) -> PyResult<ReportIter> {
    let wants = Wants {
        adjudicate: false,
        explain: false,
    };
    start(
        inputs, wants, rules, params, jobs, game, format, encoding, json_lines,
    )
}

/// Adjudicates records: validates them, decides each result by the rules and compares it with
/// the claimed one. Yields one dict per game, exactly the object of a line of
/// `qipu adjudicate --report json` (`verdict`, `agrees` …). `rules` names a rule set (cxa,
/// axf, wof …), `params` sets rule parameters (`{"move-limit": 50}`). With `explain=True`,
/// the objects of `qipu adjudicate --explain --report json`: each Othello game with a verdict
/// gets its `analysis` (where the game was lost, by perfect play).
#[pyfunction]
#[pyo3(signature = (inputs, rules=None, params=None, jobs=None, game=None, format=None, encoding=None, json_lines=false, explain=false))]
#[allow(clippy::too_many_arguments)]
fn adjudicate(
    inputs: &Bound<'_, PyAny>,
    rules: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
    jobs: Option<usize>,
    game: Option<&str>,
    format: Option<&str>,
    encoding: Option<&str>,
    json_lines: bool,
    explain: bool,
) -> PyResult<ReportIter> {
    let wants = Wants {
        adjudicate: true,
        explain,
    };
    start(
        inputs, wants, rules, params, jobs, game, format, encoding, json_lines,
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ReportIter>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(adjudicate, m)?)?;
    Ok(())
}
