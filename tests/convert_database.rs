//! convert as a database keeper uses it, through the binary: many inputs merged into one
//! output, a many-game file split into one file per game (names from tags, unique, never over
//! an existing file or an input), and --skip-duplicates (the first in input order stays).

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn qipu() -> Command {
    Command::cargo_bin("qipu").expect("the qipu binary")
}

fn game(tags: &str, moves: &str) -> String {
    format!("[Game \"Chinese Chess\"]\n{tags}\n\n{moves}\n\n")
}

/// (exit code, stderr)
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = qipu().args(args).output().expect("qipu runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The plies of each game of a file (or directory), by validate --json.
fn plies(path: &Path) -> Vec<u64> {
    let out = qipu()
        .args(["validate", "--json", "-q"])
        .arg(path)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["valid"], true, "{l}");
            v["plies"].as_u64().unwrap()
        })
        .collect()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn many_inputs_of_several_formats_merge_into_one_file() {
    let dir = tempfile::tempdir().unwrap();
    let all = dir.path().join("all.pgn");
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "samples/xiangqi/chinese.pgn",
        "samples/xiangqi/game.ucci",
        "samples/xiangqi/short-game.xqf",
        "-o",
        all.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("converted 5 games into 1 file;"), "{err}");
    assert_eq!(plies(&all), [14, 6, 14, 1, 14]);
    // Never over an existing file without --force; with it, replaced.
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "samples/xiangqi/iccs.pgn",
        "-o",
        all.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("refusing to overwrite"), "{err}");
    assert_eq!(plies(&all).len(), 5, "untouched");
    let (code, _) = run(&[
        "convert",
        "--to",
        "pgn",
        "--force",
        "samples/xiangqi/iccs.pgn",
        "-o",
        all.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(plies(&all), [14]);
}

#[test]
fn split_names_files_from_tags_and_keeps_them_unique() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.pgn");
    std::fs::write(
        &db,
        [
            game(
                "[Date \"2010.05.01\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]",
                "1. h2e2 *",
            ),
            game(
                "[Date \"2010.05.01\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]",
                "1. h2e2 h9g7 *",
            ),
            game("[Event \"友谊赛: 第1轮\"]", "1. c3c4 *"),
            game("", "1. b2e2 *"),
        ]
        .concat(),
    )
    .unwrap();
    let out = dir.path().join("out");
    let out_s = out.to_str().unwrap();
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn-iccs",
        "--split",
        "--out-dir",
        out_s,
        db.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        names(&out),
        [
            "2010.05.01_许银川-吕钦-2.pgn",
            "2010.05.01_许银川-吕钦.pgn",
            "db-0003.pgn",
            "友谊赛__第1轮.pgn",
        ]
    );
    assert_eq!(plies(&out.join("2010.05.01_许银川-吕钦-2.pgn")), [2]);
    assert_eq!(plies(&out.join("db-0003.pgn")), [1]);
    // Again: every name exists, nothing is replaced without --force.
    std::fs::write(out.join("db-0003.pgn"), "mine").unwrap();
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "--split",
        "--out-dir",
        out_s,
        db.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("refusing to overwrite"), "{err}");
    assert_eq!(
        std::fs::read_to_string(out.join("db-0003.pgn")).unwrap(),
        "mine"
    );
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "--split",
        "--force",
        "--out-dir",
        out_s,
        db.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(plies(&out.join("db-0003.pgn")), [1]);
    assert_eq!(names(&out).len(), 4);
}

#[test]
fn split_never_writes_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    // A game named from its tags "a-b" in a file called a-b.pgn, split into its own directory.
    let input = dir.path().join("a-b.pgn");
    std::fs::write(&input, game("[Red \"a\"]\n[Black \"b\"]", "1. h2e2 *")).unwrap();
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "--split",
        "--force",
        "--out-dir",
        dir.path().to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("is one of the inputs"), "{err}");
    assert!(std::fs::read_to_string(&input).unwrap().contains("h2e2"));
}

#[test]
fn split_needs_an_output_directory() {
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "--split",
        "samples/xiangqi/iccs.pgn",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--out-dir"), "{err}");
}

#[test]
fn skip_duplicates_writes_each_game_once_the_first_in_input_order() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("uniq.pgn");
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn",
        "--skip-duplicates",
        "samples/xiangqi/iccs.pgn",
        "samples/xiangqi/chinese.pgn",
        "samples/xiangqi/wxf.pgn",
        "samples/xiangqi/game.ucci",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("3 duplicates skipped"), "{err}");
    assert!(
        err.contains("samples/xiangqi/wxf.pgn, game 1: skipped: the same game as samples/xiangqi/iccs.pgn, game 1"),
        "{err}"
    );
    assert_eq!(plies(&out), [14, 6, 1]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("ICCS notation"),
        "the first (iccs.pgn) is the one kept: {text}"
    );
    assert!(
        !text.contains("中炮对屏风马\"]"),
        "chinese.pgn's copy is left out: {text}"
    );
}

/// A file bigger than the streaming threshold is converted a piece at a time: the games keep
/// their index in the file (in messages and for --skip-duplicates across pieces), and the
/// output is the one of the whole file.
#[test]
fn a_streamed_file_converts_with_its_indices() {
    let mut text = String::new();
    let mut n = 0usize;
    while (text.len() as u64) < 2 * qipu::driver::stream::STREAM_MIN_BYTES {
        let moves = if n.is_multiple_of(2) {
            "1. h2e2 *"
        } else {
            "1. b2e2 *"
        };
        text.push_str(&game(&format!("[Event \"e{n}\"]"), moves));
        n += 1;
    }
    let bad = n + 3;
    for i in n..n + 6 {
        let moves = if i == bad { "1. a0a5 *" } else { "1. h2e2 *" };
        text.push_str(&game(&format!("[Event \"e{i}\"]"), moves));
    }
    let n = n + 6;
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.pgn");
    std::fs::write(&big, &text).unwrap();
    let out = dir.path().join("out");
    let (code, err) = run(&[
        "convert",
        "--to",
        "pgn-iccs",
        "--skip-duplicates",
        "--out-dir",
        out.to_str().unwrap(),
        big.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "one game cannot be converted: {err}");
    assert!(
        err.contains(&format!("big.pgn, game {}: not converted", bad + 1)),
        "{err}"
    );
    assert!(
        err.contains(&format!("{} duplicates skipped", n - 3)),
        "{err}"
    );
    assert_eq!(plies(&out.join("big.pgn")), [1, 1]);
    // Without --skip-duplicates: every game but the bad one, in order.
    let all = dir.path().join("all.pgn");
    let (_, err) = run(&[
        "convert",
        "--to",
        "pgn",
        big.to_str().unwrap(),
        "-o",
        all.to_str().unwrap(),
    ]);
    assert!(err.contains(&format!("converted {} games", n - 1)), "{err}");
    let written = std::fs::read_to_string(&all).unwrap();
    let events: Vec<&str> = written
        .lines()
        .filter_map(|l| l.strip_prefix("[Event \"e")?.strip_suffix("\"]"))
        .collect();
    let expected: Vec<String> = (0..n)
        .filter(|&i| i != bad)
        .map(|i| i.to_string())
        .collect();
    assert_eq!(events, expected);
}
