//! The PGN-like formats (Xiangqi PGN, Othello PGN, Junqi `.jqr`) read their tag pairs with one
//! parser and hold one rule for a result written twice, after the moves and in a `Result` tag:
//! the result after the moves is claimed and a tag that differs is a warning at the tag; a tag
//! that is not a result is a warning, never an error; without a result after the moves the tag
//! is the claim.

use crate::common::json;
use serde_json::Value;

/// (file name, its text with the Result tag and the result after the moves put in).
fn records(result_tag: &str, after: &str) -> Vec<(&'static str, String)> {
    vec![
        (
            "x.pgn",
            format!("[Game \"Chinese Chess\"]\n{result_tag}\n\n1. h2e2 h9g7 {after}\n"),
        ),
        (
            "o.pgn",
            format!("[Event \"club\"]\n{result_tag}\n\n1. F5 F4 {after}\n"),
        ),
        (
            "j.jqr",
            format!("[Game \"Junqi Fanfanqi\"]\n{result_tag}\n\n1. A0=E {after}\n"),
        ),
    ]
}

/// Validates the records of `records` with `[Result "tag"]`: each one's report.
fn validate(tag: &str, after: &str) -> Vec<Value> {
    validate_written(&format!("[Result \"{tag}\"]"), after)
}

/// Validates the records of `records(result_tag, after)`: each one's report.
fn validate_written(result_tag: &str, after: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["validate".to_string()];
    for (name, text) in records(result_tag, after) {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        args.push(path.to_string_lossy().into_owned());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, reports) = json(&args);
    assert_eq!(code, 0, "every record is valid: {reports:?}");
    assert_eq!(reports.len(), 3);
    reports
}

/// The report's warnings (the report leaves the key out when there are none).
fn warnings(report: &Value) -> Vec<&str> {
    report["warnings"]
        .as_array()
        .map(|ws| ws.iter().map(|w| w["message"].as_str().unwrap()).collect())
        .unwrap_or_default()
}

#[test]
fn a_tag_that_differs_is_a_warning_and_the_move_text_wins_in_every_format() {
    for r in validate("1-0", "0-1") {
        assert_eq!(r["valid"], true, "{r}");
        assert_eq!(r["claimed"], "0-1", "{r}");
        assert_eq!(
            warnings(&r),
            ["the Result tag says 1-0 but the move text ends with 0-1; using 0-1"],
            "{r}"
        );
    }
}

#[test]
fn a_tag_that_is_not_a_result_is_a_warning_in_every_format() {
    for r in validate("bogus", "") {
        assert_eq!(r["valid"], true, "{r}");
        assert!(r["claimed"].is_null(), "{r}");
        assert_eq!(
            warnings(&r),
            ["the Result tag `bogus` is not a result"],
            "{r}"
        );
    }
    // With a result after the moves, that result is claimed all the same.
    for r in validate("bogus", "1/2-1/2") {
        assert_eq!(r["claimed"], "1/2-1/2", "{r}");
        assert_eq!(
            warnings(&r),
            ["the Result tag `bogus` is not a result"],
            "{r}"
        );
    }
}

#[test]
fn without_a_result_after_the_moves_the_tag_is_claimed_in_every_format() {
    for r in validate("0-1", "") {
        assert_eq!(r["claimed"], "0-1", "{r}");
        assert!(warnings(&r).is_empty(), "{r}");
    }
}

#[test]
fn every_format_reads_a_tag_pair_as_writers_write_it() {
    // Curly quotes (text pasted from a word processor), a bare value, blanks inside the
    // brackets, an escaped quote: the one tag parser of every PGN-like format.
    for written in [
        "[Result “0-1”]",
        "[Result 0-1]",
        "[ Result  \"0-1\" ]",
        "[Result \"0-1\"] ",
    ] {
        for r in validate_written(written, "") {
            assert_eq!(r["claimed"], "0-1", "{written}: {r}");
            assert!(warnings(&r).is_empty(), "{written}: {r}");
        }
    }
}
