//! `qipu dedupe` through the binary: the same game in any format, notation, encoding or tags
//! is one group; a different move, start or game is not; broken records are compared by what
//! replays and the rest as written; huge files stream with their indices; the CCPD corpus.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn qipu() -> Command {
    Command::cargo_bin("qipu").expect("the qipu binary")
}

/// Runs dedupe --json; returns (exit code, the groups, stderr).
fn dedupe(args: &[&str]) -> (Option<i32>, Vec<Value>, String) {
    let out = qipu()
        .arg("dedupe")
        .arg("--json")
        .args(args)
        .output()
        .expect("qipu runs");
    let groups = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    (
        out.status.code(),
        groups,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The (source, index) pairs of a group.
fn members(group: &Value) -> Vec<(String, u64)> {
    group["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| {
            (
                g["source"].as_str().unwrap_or("").to_string(),
                g["index"].as_u64().unwrap_or(u64::MAX),
            )
        })
        .collect()
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn one_game_in_six_formats_and_three_notations_is_one_group() {
    let files = [
        "samples/xiangqi/chinese.pgn",
        "samples/xiangqi/iccs.pgn",
        "samples/xiangqi/wxf.pgn",
        "samples/xiangqi/game.ucci",
        "samples/xiangqi/game.dhtmlxq",
        "samples/xiangqi/short-game.xqf",
    ];
    let (code, groups, err) = dedupe(&files);
    assert_eq!(code, Some(1), "duplicates found: {err}");
    assert_eq!(groups.len(), 1, "{groups:?}");
    let g = &groups[0];
    assert_eq!(
        members(g),
        files.iter().map(|f| (f.to_string(), 0)).collect::<Vec<_>>()
    );
    assert_eq!(g["plies"], 14);
    assert_eq!(g["start"], START);
    assert_eq!(g["valid"], true);
    // chinese.pgn and game.ucci hold one more game each, both distinct.
    assert!(
        err.contains("6 files, 8 games: 3 distinct, 1 duplicate group, 5 duplicates"),
        "{err}"
    );
}

/// Writes `name` in `dir` with `bytes`.
fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p.display().to_string()
}

fn pgn(tags: &str, moves: &str) -> String {
    format!("[Game \"Chinese Chess\"]\n{tags}\n\n{moves}\n\n")
}

#[test]
fn tags_and_encodings_do_not_matter_moves_and_start_do() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let chinese = "1. 炮二平五 马８进７\n2. 马二进三 车９平８ *";
    // The same game in GBK with other tags, in traditional characters in Big5 …
    let gbk_text = pgn("[Red \"甲\"]\n[Result \"1-0\"]", chinese);
    let (gbk, _, _) = encoding_rs::GBK.encode(&gbk_text);
    let big5_text = pgn(
        "[Red \"乙\"]",
        "1. 炮二平五 馬８進７\n2. 馬二進三 車９平８ *",
    );
    let (big5, _, _) = encoding_rs::BIG5.encode(&big5_text);
    let a = write(d, "a.pgn", &gbk);
    let b = write(d, "b.pgn", &big5);
    // … and in ICCS, in UTF-8, after another game in the same file.
    let c = write(
        d,
        "c.pgn",
        format!(
            "{}{}",
            pgn("[Event \"other\"]", "1. h2e2 h9g7 *"),
            pgn("[Format \"ICCS\"]", "1. H2-E2 H9-G7 2. H0-G2 I9-H9 *")
        )
        .as_bytes(),
    );
    // Not the same: one move differs; the same moves from another start; a first part only.
    let e = write(
        d,
        "e.pgn",
        pgn("", "1. h2e2 h9g7 2. h0g2 i9i8 *").as_bytes(),
    );
    let f = write(
        d,
        "f.pgn",
        pgn(
            "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P3P/1C5C1/9/RNBAKABNR w - - 0 1\"]",
            "1. h2e2 h9g7 2. h0g2 i9h9 *",
        )
        .as_bytes(),
    );
    let (code, groups, err) = dedupe(&[&a, &b, &c, &e, &f]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(groups.len(), 1, "{groups:?} {err}");
    assert_eq!(
        members(&groups[0]),
        vec![(a, 0), (b, 0), (c.clone(), 1)],
        "{err}"
    );
    assert_eq!(groups[0]["plies"], 4);
    // Without the duplicates: nothing to print, exit 0.
    let (code, groups, err) = dedupe(&[&c, &e]);
    assert_eq!((code, groups.len()), (Some(0), 0), "{err}");
    assert!(
        err.contains("3 games: 3 distinct, 0 duplicate groups"),
        "{err}"
    );
}

#[test]
fn broken_records_group_by_what_replays_and_the_rest_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let broken = pgn("", "1. h2e2 h9g7 2. h2h9 i9h9 *");
    let a = write(d, "a.pgn", broken.as_bytes());
    let b = write(d, "b.pgn", broken.as_bytes());
    // The same first move, then another illegal move: not the same record.
    let c = write(
        d,
        "c.pgn",
        pgn("", "1. h2e2 h9g7 2. a0a9 i9h9 *").as_bytes(),
    );
    // Its first move alone (valid): never the same as a broken record.
    let e = write(d, "e.pgn", pgn("", "1. h2e2 h9g7 *").as_bytes());
    let (code, groups, err) = dedupe(&[&a, &b, &c, &e]);
    assert_eq!(code, Some(1));
    assert_eq!(groups.len(), 1, "{groups:?}");
    assert_eq!(members(&groups[0]), vec![(a, 0), (b, 0)]);
    assert_eq!(groups[0]["valid"], false);
    assert_eq!(groups[0]["plies"], 2);
    assert!(
        err.contains("3 invalid (compared by the moves that replay"),
        "{err}"
    );
}

#[test]
fn a_file_that_cannot_be_read_is_exit_2_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.pgn", pgn("", "1. h2e2 *").as_bytes());
    let (code, _, err) = dedupe(&[&a, "no/such/file.pgn"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no/such/file.pgn: not found"), "{err}");
}

/// A file bigger than the streaming threshold is read in pieces: the indices of a group's
/// games are their indices in the whole file, and --where leaves games out before comparing.
#[test]
fn a_streamed_file_keeps_its_indices_and_where_selects() {
    let mut text = String::new();
    let mut n = 0usize;
    while (text.len() as u64) < 2 * qipu::driver::stream::STREAM_MIN_BYTES {
        let moves = if n % 1000 == 999 {
            "1. h2e2 h9g7 2. h0g2 *"
        } else {
            "1. c3c4 *"
        };
        text.push_str(&pgn(&format!("[Event \"e{n}\"]"), moves));
        n += 1;
    }
    let dir = tempfile::tempdir().unwrap();
    let big = write(dir.path(), "big.pgn", text.as_bytes());
    let (code, groups, err) = dedupe(&[&big]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(groups.len(), 2, "{err}");
    let rare: Vec<u64> = (0..n as u64).filter(|i| i % 1000 == 999).collect();
    let common: Vec<u64> = (0..n as u64).filter(|i| i % 1000 != 999).collect();
    let indices = |g: &Value| members(g).into_iter().map(|m| m.1).collect::<Vec<_>>();
    assert_eq!(indices(&groups[0]), common);
    assert_eq!(indices(&groups[1]), rare);
    assert_eq!(groups[1]["plies"], 3);
    // Only the games of three plies or more: one group, the others left out and counted.
    let (_, groups, err) = dedupe(&["--where", "plies>=3", &big]);
    assert_eq!(groups.len(), 1);
    assert_eq!(indices(&groups[0]), rare);
    assert!(
        err.contains(&format!("{} left out by --where", common.len())),
        "{err}"
    );
}

#[test]
fn table_and_yaml_reports() {
    let args = ["samples/xiangqi/iccs.pgn", "samples/xiangqi/wxf.pgn"];
    let out = qipu().arg("dedupe").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("the same game"), "{table}");
    assert!(table.contains("samples/xiangqi/wxf.pgn #1"), "{table}");
    assert!(
        table
            .trim_end()
            .lines()
            .last()
            .unwrap_or("")
            .contains("2 games: 1 distinct"),
        "{table}"
    );
    let out = qipu()
        .args(["dedupe", "--report", "yaml"])
        .args(args)
        .output()
        .unwrap();
    let yaml: Value = serde_yaml::from_slice(&out.stdout).expect("YAML");
    assert_eq!(yaml[0]["plies"], 14);
    assert_eq!(yaml[0]["games"][1]["source"], "samples/xiangqi/wxf.pgn");
    let out = qipu()
        .args(["dedupe", "--report", "yaml", "samples/xiangqi/iccs.pgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[]");
}

/// The CCPD corpus: its duplicate groups include a game filed both as a computer game and
/// as a master game (other event text, another date format, another name for the engine).
#[test]
fn the_ccpd_corpus_has_duplicates() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/xiangqi/ccpd");
    if !Path::new(dir).is_dir() {
        eprintln!("note: {dir} is missing; corpus test skipped");
        return;
    }
    let (code, groups, err) = dedupe(&[dir]);
    assert_eq!(code, Some(1), "{err}");
    assert!(groups.len() > 100, "{} groups", groups.len());
    let pair = groups.iter().find(|g| {
        members(g)
            .iter()
            .any(|(s, _)| s.ends_with("computer-games/00001.pgn"))
    });
    let pair = pair.expect("computer-games/00001 has a duplicate");
    assert!(
        members(pair)
            .iter()
            .any(|(s, _)| s.ends_with("master-games-by-opening/04067.pgn")),
        "{pair}"
    );
    assert!(err.contains("11746 games"), "{err}");
}
