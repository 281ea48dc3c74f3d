//! Hostile input: whatever people feed a referee tool must give a clear error and the right
//! exit status, in bounded time, without a panic — and in a batch the other files still go on.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn qipu() -> Command {
    let mut c = Command::cargo_bin("qipu").expect("the qipu binary");
    // Generous: only a hang (or an endless loop) can reach it.
    c.timeout(Duration::from_secs(120));
    c
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(name)
}

/// Runs `validate` on one input; returns (exit code, stderr, stdout).
fn validate(args: &[&str]) -> (i32, String, String) {
    let out = qipu()
        .arg("validate")
        .args(args)
        .output()
        .expect("run qipu");
    let code = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        !stderr.contains("panicked"),
        "qipu panicked on {args:?}:\n{stderr}"
    );
    (code, stderr, stdout)
}

fn assert_clear_error(name: &str) {
    let path = fixture(name);
    let (code, stderr, _) = validate(&[path.to_str().unwrap_or_default()]);
    assert!(
        code == 1 || code == 2,
        "{name}: expected exit 1 or 2, got {code}\n{stderr}"
    );
    assert!(
        stderr.contains(name),
        "{name}: the error must name the file:\n{stderr}"
    );
}

#[test]
fn empty_file() {
    assert_clear_error("empty.pgn");
}

#[test]
fn only_whitespace() {
    assert_clear_error("whitespace.pgn");
}

#[test]
fn nul_bytes() {
    assert_clear_error("nul-bytes.pgn");
}

#[test]
fn random_binary_under_text_extensions() {
    for name in [
        "random-binary.pgn",
        "random-binary.txt",
        "random-binary.ggf",
        "random-binary.jqr",
    ] {
        assert_clear_error(name);
    }
}

#[test]
fn unbalanced_brace() {
    assert_clear_error("unbalanced-brace.pgn");
}

#[test]
fn endless_nested_variations() {
    assert_clear_error("nested-variations.pgn");
}

#[test]
fn unknown_tags_are_fine() {
    let path = fixture("unknown-tags.pgn");
    let (code, stderr, _) = validate(&[path.to_str().unwrap_or_default()]);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn huge_move_number_does_not_crash() {
    let path = fixture("huge-move-number.pgn");
    let (code, stderr, _) = validate(&[path.to_str().unwrap_or_default()]);
    assert!(code == 0 || code == 1, "exit {code}: {stderr}");
}

#[test]
fn wrong_encoding_forced() {
    let path = fixture("wrong-encoding-gbk.pgn");
    let p = path.to_str().unwrap_or_default();
    // Detected, it reads (GB18030).
    let (code, stderr, _) = validate(&[p]);
    assert_eq!(code, 0, "{stderr}");
    // Forced to Big5, the moves are gibberish: a clear error, not a crash.
    let (code, stderr, _) = validate(&["--encoding", "big5", p]);
    assert!(code == 1 || code == 2, "exit {code}: {stderr}");
}

#[test]
fn ten_megabyte_single_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("long-line.txt");
    let line: String = "f5".repeat(5 * 1024 * 1024);
    std::fs::write(&path, line).expect("write");
    let (code, stderr, _) = validate(&[path.to_str().unwrap_or_default()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("illegal-move"), "{stderr}");
}

#[test]
fn a_hundred_thousand_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("long.pgn");
    let mut s = String::from("[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n");
    for i in 0..25_000u32 {
        s.push_str(&format!(
            "{}. h0g2 h9g7 {}. g2h0 g7h9\n",
            2 * i + 1,
            2 * i + 2
        ));
    }
    s.push_str("*\n");
    std::fs::write(&path, s).expect("write");
    let out = qipu()
        .args(["validate", "--json", path.to_str().unwrap_or_default()])
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("\"plies\":100000"), "{stdout}");
}

#[test]
fn directory_loop_through_a_symlink() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sub = dir.path().join("a");
    std::fs::create_dir(&sub).expect("mkdir");
    std::fs::write(sub.join("game.txt"), "f5d6c3d3c4\n").expect("write");
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path(), sub.join("loop")).expect("symlink");
    let (code, stderr, stdout) = validate(&[dir.path().to_str().unwrap_or_default()]);
    // The loop is reported (exit 2) and the good file is still validated.
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("loop"), "{stderr}");
    assert!(stdout.contains("game.txt"), "{stdout}");
}

#[test]
fn one_bad_file_never_stops_a_batch() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("1-good.txt"), "f5d6c3d3c4\n").expect("write");
    std::fs::write(dir.path().join("2-bad.txt"), "f5f5\n").expect("write");
    std::fs::write(dir.path().join("3-junk.ggf"), [0u8, 159, 146, 150]).expect("write");
    std::fs::write(dir.path().join("4-good.txt"), "f5f6e6f4\n").expect("write");
    let out = qipu()
        .args([
            "validate",
            "--json",
            dir.path().to_str().unwrap_or_default(),
        ])
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    for name in ["1-good.txt", "2-bad.txt", "3-junk.ggf", "4-good.txt"] {
        assert!(
            stdout.contains(name),
            "{name} missing from the report:\n{stdout}"
        );
    }
    assert_ne!(out.status.code(), Some(0));
}
