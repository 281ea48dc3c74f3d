//! Game-independent CLI behaviour: usage errors, exit statuses, completions, formats.

use assert_cmd::Command;
use predicates::prelude::*;

fn qipu() -> Command {
    Command::cargo_bin("qipu").expect("the qipu binary")
}

#[test]
fn missing_input_is_exit_2() {
    qipu()
        .args(["validate", "no/such/file.pgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no such file or directory"));
}

#[test]
fn no_input_is_a_usage_error() {
    qipu().arg("validate").assert().code(2);
}

#[test]
fn unknown_rule_key_names_the_valid_keys() {
    qipu()
        .args(["adjudicate", "--rule", "no-such-key=1", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown rule parameter `no-such-key`",
        ))
        .stderr(predicate::str::contains("valid keys"));
}

#[test]
fn malformed_rule_is_a_usage_error() {
    qipu()
        .args(["validate", "--rule", "novalue", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("KEY=VALUE"));
}

#[test]
fn unknown_rule_set_is_a_usage_error() {
    qipu()
        .args(["validate", "--rules", "nonesuch", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown rule set"));
}

#[test]
fn unknown_output_format_is_a_usage_error() {
    qipu()
        .args(["convert", "--to", "nonesuch", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown output format"));
}

#[test]
fn completions_and_formats() {
    qipu()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("qipu"));
    qipu().args(["formats"]).assert().success();
    qipu().args(["formats", "--json"]).assert().success();
}

#[test]
fn man_page_renders() {
    qipu()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH qipu"));
}
