//! What the command-line tests share: the binary run from the crate's root, and its `--json`
//! report read back. A test file takes it with `use crate::common::…` (tests/suite.rs declares it).

// Each test file uses only part of it.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;

/// The crate's root, where the tests find `samples/`, `docs/` and `../shared/corpus`.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The qipu binary, run in the crate's root.
pub fn qipu() -> Command {
    let mut c = Command::cargo_bin("qipu").expect("the qipu binary");
    c.current_dir(ROOT);
    c
}

/// Runs qipu with `--json`; returns the exit code and the report lines.
pub fn json(args: &[&str]) -> (i32, Vec<Value>) {
    let mut with_json = args.to_vec();
    with_json.push("--json");
    json_lines(&with_json)
}

/// Runs qipu with `args` as they are (a command that prints JSON Lines: `--json` or
/// `--report json` among them); returns the exit code and the lines read as JSON.
pub fn json_lines(args: &[&str]) -> (i32, Vec<Value>) {
    let out = qipu().args(args).output().expect("run qipu");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let reports = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l}: {e}")))
        .collect();
    (out.status.code().unwrap_or(-1), reports)
}

/// Whether this CPU has the instructions the Othello solver needs (the solver tests skip
/// without them).
pub fn solver_runs_here() -> bool {
    qipu::othello::solve::cpu_ok()
}
