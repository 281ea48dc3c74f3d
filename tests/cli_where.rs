//! `--where EXPR` through the binary on validate, adjudicate and convert (dedupe's is in
//! cli_dedupe.rs): games left out are neither reported nor counted and do not change the exit
//! status; indices stay those of the file; a bad expression is exit 2 with the grammar.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn qipu() -> Command {
    Command::cargo_bin("qipu").expect("the qipu binary")
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn game(tags: &str, moves: &str) -> String {
    format!("[Game \"Chinese Chess\"]\n{tags}\n\n{moves}\n\n")
}

/// A file of four games: two by 许银川 (one of them a Big5-style traditional spelling), one
/// illegal, one checkmate claimed wrongly.
fn database(dir: &Path) -> String {
    let text = [
        game(
            "[Red \"许银川\"]\n[Black \"吕钦\"]\n[Event \"全国个人赛\"]\n[Result \"1/2-1/2\"]",
            "1. h2e2 h9g7 2. h0g2 i9h9 1/2-1/2",
        ),
        game(
            "[Red \"胡荣华\"]\n[Black \"许银川\"]\n[Result \"*\"]",
            "1. h2e2 h9g7 2. h2h9 *",
        ),
        game(
            "[Red \"許銀川\"]\n[Black \"胡荣华\"]\n[Date \"2010.05.01\"]\n[Result \"0-1\"]",
            "1. c3c4 *",
        ),
        // Red mates with its first move; the record claims Black won.
        game(
            "[Red \"甲\"]\n[Black \"乙\"]\n[Result \"0-1\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1\"]",
            "1. i0i9 0-1",
        ),
    ]
    .concat();
    let p = dir.join("db.pgn");
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn indices(lines: &[Value]) -> Vec<u64> {
    lines
        .iter()
        .map(|l| l["index"].as_u64().unwrap_or(99))
        .collect()
}

#[test]
fn validate_keeps_what_the_tags_select_across_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let out = qipu()
        .args(["validate", "--json", "--where", "Red~许银川", &db])
        .output()
        .unwrap();
    // Game 1 (the illegal one) is left out: the exit status is that of games 0 and 2.
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(indices(&json_lines(&out.stdout)), [0, 2]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 games: 2 valid, 0 invalid"), "{err}");
    assert!(err.contains("2 left out by --where"), "{err}");

    let out = qipu()
        .args([
            "validate",
            "--json",
            "--where",
            "(Black=许银川 or Date>=2010) and not valid",
            &db,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(indices(&json_lines(&out.stdout)), [1]);
}

#[test]
fn adjudicate_selects_by_verdict_and_validate_adjudicates_for_it_silently() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let out = qipu()
        .args([
            "adjudicate",
            "--json",
            "--where",
            "result=1-0 and reason=checkmate",
            &db,
        ])
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    assert_eq!(indices(&lines), [3]);
    assert_eq!(lines[0]["verdict"]["reason"], "checkmate");
    assert_eq!(lines[0]["agrees"], false);
    assert_eq!(out.status.code(), Some(1), "the claim disagrees");

    // validate: the same selection, but the report is validate's (no verdict).
    let out = qipu()
        .args([
            "validate",
            "--json",
            "--where",
            "agrees=false and valid",
            &db,
        ])
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    assert_eq!(indices(&lines), [3]);
    assert_eq!(lines[0]["verdict"], Value::Null);
    assert_eq!(lines[0]["agrees"], Value::Null);
    assert_eq!(out.status.code(), Some(0), "validate: the game is valid");

    let out = qipu()
        .args([
            "adjudicate",
            "--json",
            "--where",
            "claimed=1/2-1/2 and plies=4",
            &db,
        ])
        .output()
        .unwrap();
    assert_eq!(indices(&json_lines(&out.stdout)), [0]);
}

#[test]
fn a_bad_expression_is_a_usage_error_that_shows_the_grammar() {
    for bad in [
        "plies>=",
        "reason=perpetual_check",
        "Red~x and",
        "valid valid",
    ] {
        let out = qipu()
            .args(["validate", "--where", bad, "samples/xiangqi/iccs.pgn"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("bad --where expression"), "{bad}: {err}");
        assert!(
            err.contains("the grammar:") && err.contains("field ="),
            "{err}"
        );
    }
}

/// A streamed file: the kept games carry their index in the whole file.
#[test]
fn streamed_files_keep_file_indices() {
    let mut text = String::new();
    let mut n = 0usize;
    while (text.len() as u64) < 2 * qipu::driver::stream::STREAM_MIN_BYTES {
        text.push_str(&game(&format!("[Event \"e{n}\"]"), "1. h2e2 *"));
        n += 1;
    }
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.pgn");
    std::fs::write(&p, text).unwrap();
    let last = n - 1;
    let out = qipu()
        .args(["validate", "--json", "--where"])
        .arg(format!("Event=e7 or Event=e{last} or index=1234"))
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(indices(&json_lines(&out.stdout)), [7, 1234, last as u64]);
}

#[test]
fn convert_writes_only_the_selected_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let out_path = dir.path().join("sel.pgn");
    let out = qipu()
        .args([
            "convert",
            "--to",
            "pgn-iccs",
            "--where",
            "Red~许银川 and valid",
            "-o",
        ])
        .arg(&out_path)
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("converted 2 games") && err.contains("2 left out by --where"),
        "{err}"
    );
    let check = qipu()
        .args(["validate", "--json"])
        .arg(&out_path)
        .output()
        .unwrap();
    let lines = json_lines(&check.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["plies"], 1, "the game of 許銀川 is the second");
}
