//! XQF written by `convert --to xqf` reads back to the same game: every XQF file of the
//! corpus goes read → write → read and comes back with the same tags, claim, start position,
//! comments, main line and variations. The one file whose main line is illegal (written to
//! test readers) cannot be converted, as `convert` writes only games that replay; the test
//! checks that it is refused for that reason. The CLI path is checked on one file too.

use assert_cmd::Command;
use qipu::core::game::Game;
use qipu::core::record::{MoveEntry, Record};
use qipu::core::rules::Rules;
use qipu::xiangqi::Xiangqi;
use qipu::xiangqi::formats::read_xqf;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/xiangqi/binary"
    ))
    .to_path_buf();
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: corpus {} missing, test skipped", p.display());
        None
    }
}

fn rules() -> Rules {
    Rules::defaults(Xiangqi.rule_table())
}

/// A move tree without spans: text, comments, variations.
fn tree(line: &[MoveEntry]) -> Vec<(String, Vec<String>, Vec<String>)> {
    line.iter()
        .map(|m| {
            (
                m.text.to_string(),
                m.comments.to_vec(),
                m.variations
                    .iter()
                    .map(|v| format!("{:?}", tree(v)))
                    .collect(),
            )
        })
        .collect()
}

fn same_game(a: &Record, b: &Record, name: &str) {
    let tags = |r: &Record| -> Vec<(String, String)> {
        r.tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect()
    };
    assert_eq!(tags(a), tags(b), "{name}: tags");
    assert_eq!(
        a.claim.as_ref().map(|c| c.result),
        b.claim.as_ref().map(|c| c.result),
        "{name}: claim"
    );
    assert_eq!(
        a.setup.as_ref().map(|s| &s.0),
        b.setup.as_ref().map(|s| &s.0),
        "{name}: start position"
    );
    assert_eq!(
        a.comments, b.comments,
        "{name}: comments before the first move"
    );
    assert_eq!(tree(&a.moves), tree(&b.moves), "{name}: moves");
}

#[test]
fn every_corpus_xqf_round_trips() {
    let Some(dir) = corpus() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xqf"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{} XQF files", files.len());
    let rules = rules();
    let mut written = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let original = read_xqf(&std::fs::read(path).unwrap()).unwrap();
        let out = Xiangqi.convert(std::slice::from_ref(&original), "xqf", &rules);
        if original.parse_error.is_some() || Xiangqi.check(&original, &rules, false).error.is_some()
        {
            assert_eq!(out.games, 0, "{name}: an invalid game is not written");
            assert_eq!(out.failures.len(), 1, "{name}");
            continue;
        }
        assert_eq!(out.games, 1, "{name}: {:?}", out.failures);
        let back = read_xqf(&out.bytes).unwrap();
        assert!(back.parse_error.is_none(), "{name}: {:?}", back.parse_error);
        same_game(&original, &back, &name);
        written += 1;
    }
    assert!(
        written >= files.len() - 1,
        "{written} of {} written",
        files.len()
    );
}

#[test]
fn convert_to_xqf_from_the_cli() {
    let Some(dir) = corpus() else { return };
    let out_dir = tempfile::tempdir().unwrap();
    let target = out_dir.path().join("game.xqf");
    Command::cargo_bin("qipu")
        .unwrap()
        .args(["convert", "--to", "xqf"])
        .arg(dir.join("game-00.xqf"))
        .arg("-o")
        .arg(&target)
        .assert()
        .success();
    let bytes = std::fs::read(&target).unwrap();
    assert_eq!(&bytes[..3], b"XQ\x0a");
    Command::cargo_bin("qipu")
        .unwrap()
        .args(["validate"])
        .arg(&target)
        .assert()
        .success();
    // A many-game input: the first game is written, the others are reported.
    let many = out_dir.path().join("two.pgn");
    std::fs::write(&many, "1. h2e2 h9g7\n\n[Event \"b\"]\n1. c3c4\n").unwrap();
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .args(["convert", "--to", "xqf"])
        .arg(&many)
        .arg("-o")
        .arg(out_dir.path().join("two.xqf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("holds one game"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
