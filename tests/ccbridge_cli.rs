//! CCBridge (象棋桥) files from the command line: two real libraries validate, and the samples
//! show and convert (a library converted to PGN reads back as the same games). The readers
//! themselves are checked against an independent reader in src/xiangqi/tests/ccbridge_formats.rs.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn binary(name: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/xiangqi/binary"
    ))
    .join(name);
    if p.is_file() {
        Some(p)
    } else {
        eprintln!("note: corpus file {} missing, test skipped", p.display());
        None
    }
}

fn samples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/xiangqi")
}

#[test]
fn libraries_validate_from_the_cli() {
    let (Some(a), Some(b)) = (binary("game-01.cbl"), binary("game-02.cbl")) else {
        return;
    };
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (code, lines) = crate::common::json_lines(&["validate", "--report", "json", a, b]);
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines.len(), 93 + 35);
    assert!(lines.iter().all(|l| l["valid"] == true));
}

#[test]
fn show_and_convert_from_the_cli() {
    let cbr = samples_dir().join("ccbridge.cbr");
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .args(["show", "--ply", "3"])
        .arg(&cbr)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("after ply 3"), "{shown}");
    assert!(shown.contains("(h0g2)"), "{shown}");
    // A library converted to PGN reads back as the same games.
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("library.pgn");
    Command::cargo_bin("qipu")
        .unwrap()
        .args(["convert", "--to", "pgn-iccs"])
        .arg(samples_dir().join("ccbridge.cbl"))
        .arg("-o")
        .arg(&pgn)
        .assert()
        .success();
    let text = std::fs::read_to_string(&pgn).unwrap();
    let settings = qipu::Settings::defaults();
    let back = qipu::read(&settings, pgn.to_str().unwrap()).unwrap();
    let cbl = samples_dir().join("ccbridge.cbl");
    let original: Vec<_> = qipu::read(&settings, cbl.to_str().unwrap())
        .unwrap()
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(back.len(), original.len());
    for (b, o) in back.iter().zip(&original) {
        let b = b.as_ref().unwrap();
        let texts: Vec<String> = b
            .moves
            .iter()
            .map(|m| m.text.to_ascii_lowercase().replace('-', ""))
            .collect();
        let want: Vec<&str> = o.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, want);
        assert_eq!(b.tag("Title"), o.tag("Title"));
        assert_eq!(b.tag("Section"), o.tag("Section"));
    }
    assert!(text.contains("[Section \"第一章 中炮\"]"), "{text}");
}
