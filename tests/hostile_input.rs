//! Hostile input: whatever people feed a referee tool must give a clear error and the right
//! exit status, in bounded time, without a panic — and in a batch the other files still go on.

/// Hostile sizes: the ply limit and the sniffed head, with the peak memory checked.
mod sizes;

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

fn sample(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(rel)
}

/// Runs `validate --json` on the paths; returns (exit code, stdout lines, stderr).
fn validate_json(paths: &[&Path]) -> (i32, Vec<serde_json::Value>, String) {
    let started = std::time::Instant::now();
    let out = qipu()
        .args(["validate", "--json"])
        .args(paths)
        .output()
        .expect("run qipu");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "{paths:?} took {:?}",
        started.elapsed()
    );
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    (out.status.code().unwrap_or(-1), lines, stderr)
}

/// Every invalid report in `lines` names where: line and column, or a byte offset.
fn assert_located(lines: &[serde_json::Value], binary: bool) {
    for l in lines.iter().filter(|l| l["valid"] == false) {
        let e = &l["error"];
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{l}");
        if binary {
            assert!(e["offset"].as_u64().is_some(), "no byte offset: {l}");
        } else {
            assert!(
                e["line"].as_u64().is_some() && e["column"].as_u64().is_some(),
                "no line:column: {l}"
            );
        }
    }
}

#[test]
fn truncated_xqf_names_the_byte_offset() {
    let whole = std::fs::read(sample("xiangqi/short-game.xqf")).expect("sample");
    let dir = tempfile::tempdir().expect("tempdir");
    // Inside the header, at the end of the header, inside the move records.
    for cut in [
        0,
        3,
        16,
        100,
        1023,
        1024,
        1030,
        1050,
        1087,
        1100,
        whole.len() - 1,
    ] {
        let path = dir.path().join(format!("cut-{cut}.xqf"));
        std::fs::write(&path, &whole[..cut]).expect("write");
        let (code, lines, stderr) = validate_json(&[&path]);
        if cut == 0 {
            // An empty file holds no record, whatever its extension (cli-reference.md).
            assert_eq!((code, lines.len()), (1, 0), "{stderr}");
            assert!(stderr.contains("no records found"), "{stderr}");
            continue;
        }
        if lines.iter().all(|l| l["valid"] == true) {
            // A cut on a move-record boundary is a shorter game: nothing in XQF says more
            // moves were due. It must not be longer than the whole game.
            assert_eq!(code, 0, "{stderr}");
            continue;
        }
        assert!(
            code == 1 || code == 2,
            "cut at {cut}: exit {code}\n{stderr}"
        );
        assert_located(&lines, true);
        let offset = lines[0]["error"]["offset"].as_u64().unwrap_or(u64::MAX);
        assert!(
            offset <= cut as u64,
            "cut at {cut}: offset {offset} is past the end"
        );
    }
    // Cut in the header: the message says truncated.
    let path = dir.path().join("cut-100.xqf");
    let (_, lines, _) = validate_json(&[&path]);
    let msg = lines[0]["error"]["message"].as_str().unwrap_or_default();
    assert!(msg.contains("truncated"), "{msg}");
}

#[test]
fn truncated_wthor_names_the_record_and_keeps_the_whole_games() {
    let whole = std::fs::read(sample("othello/sample.wtb")).expect("sample");
    let dir = tempfile::tempdir().expect("tempdir");
    for cut in [0, 10, 16, 50, 84, 100, 200, whole.len() - 1] {
        let path = dir.path().join(format!("cut-{cut}.wtb"));
        std::fs::write(&path, &whole[..cut]).expect("write");
        let (code, lines, stderr) = validate_json(&[&path]);
        if cut == 0 {
            // An empty file holds no record, whatever its extension (cli-reference.md).
            assert_eq!((code, lines.len()), (1, 0), "{stderr}");
            continue;
        }
        assert!(
            code == 1 || code == 2,
            "cut at {cut}: exit {code}\n{stderr}"
        );
        assert_located(&lines, true);
        // Games wholly before the cut are still read and valid.
        let whole_games = cut.saturating_sub(16) / 68;
        let valid = lines.iter().filter(|l| l["valid"] == true).count();
        assert_eq!(valid, whole_games, "cut at {cut}:\n{lines:?}");
        let bad = lines
            .iter()
            .find(|l| l["valid"] == false)
            .expect("an error");
        let msg = bad["error"]["message"].as_str().unwrap_or_default();
        assert!(
            msg.contains("truncated") || msg.contains("header"),
            "cut at {cut}: {msg}"
        );
    }
}

#[test]
fn text_errors_name_line_and_column() {
    for name in ["empty.pgn", "whitespace.pgn"] {
        // No record in them: a warning, no report line, exit status 1 (cli-reference.md).
        let (code, lines, stderr) = validate_json(&[&fixture(name)]);
        assert_eq!((code, lines.len()), (1, 0), "{name}: {stderr}");
        assert!(stderr.contains("no records found"), "{name}: {stderr}");
    }
    for name in [
        "unbalanced-brace.pgn",
        "nested-variations.pgn",
        "huge-move-number.pgn",
    ] {
        let path = fixture(name);
        let (code, lines, stderr) = validate_json(&[&path]);
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(!lines.is_empty(), "{name}");
        assert_located(&lines, false);
    }
    // The unclosed comment is pointed at exactly: line 4, column 9 (`{`).
    let (_, lines, _) = validate_json(&[&fixture("unbalanced-brace.pgn")]);
    assert_eq!(lines[0]["error"]["line"], 4);
    assert_eq!(lines[0]["error"]["column"], 9);
}

#[test]
fn a_hostile_file_in_a_batch_of_good_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = [
        ("xiangqi/iccs.pgn", "a-good.pgn"),
        ("othello/standard.txt", "b-good.txt"),
        ("othello/sample.wtb", "c-good.wtb"),
        ("junqi/resignation.jqr", "d-good.jqr"),
    ];
    for (from, to) in good {
        std::fs::copy(sample(from), dir.path().join(to)).expect("copy");
    }
    for name in [
        "empty.pgn",
        "nul-bytes.pgn",
        "random-binary.ggf",
        "random-binary.jqr",
        "nested-variations.pgn",
        "unbalanced-brace.pgn",
    ] {
        std::fs::copy(fixture(name), dir.path().join(format!("hostile-{name}"))).expect("copy");
    }
    let whole = std::fs::read(sample("xiangqi/short-game.xqf")).expect("sample");
    std::fs::write(dir.path().join("hostile-cut.xqf"), &whole[..100]).expect("write");
    let (code, lines, stderr) = validate_json(&[dir.path()]);
    assert!(code == 1 || code == 2, "{stderr}");
    for (_, to) in good {
        let mine: Vec<_> = lines
            .iter()
            .filter(|l| l["source"].as_str().is_some_and(|s| s.ends_with(to)))
            .collect();
        assert!(!mine.is_empty(), "{to} missing from the report");
        assert!(mine.iter().all(|l| l["valid"] == true), "{to}: {mine:?}");
    }
    for l in lines
        .iter()
        .filter(|l| l["source"].as_str().is_some_and(|s| s.contains("hostile-")))
    {
        assert_eq!(l["valid"], false, "{l}");
    }
    let hostile = lines
        .iter()
        .filter(|l| l["source"].as_str().is_some_and(|s| s.contains("hostile-")))
        .count();
    // Every one but the empty file, which holds no record: a warning names it.
    assert!(hostile >= 6, "every hostile file is reported: {lines:?}");
    assert!(
        stderr.contains("hostile-empty.pgn: no records found"),
        "{stderr}"
    );
}

/// Found while fuzzing by hand: each was a crash, a hang or an unbounded output.
#[test]
fn pathological_nesting_and_repetition_stay_bounded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: Vec<(&str, String)> = vec![
        // 200,000 nested variations overflowed the stack.
        (
            "deep.pgn",
            format!("1. h2e2 {}*\n", "( h9g7 ".repeat(200_000)),
        ),
        // 100,000 unclosed DhtmlXQ tags were quadratic.
        (
            "unclosed.dhtmlxq",
            format!("[DhtmlXQ]{}", "[DhtmlXQ_move_1_2_3]".repeat(100_000)),
        ),
        // 100,000 games that open and fail on one line: quadratic line:column.
        ("opens.ggf", "(;".repeat(100_000)),
        // A 10 MB token was quoted whole in the message and the diagnostic.
        ("token.pgn", "x".repeat(10 * 1024 * 1024)),
    ];
    for (name, text) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        let started = std::time::Instant::now();
        let out = qipu()
            .args(["validate", path.to_str().unwrap_or_default()])
            .output()
            .expect("run");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("overflow"),
            "{name}"
        );
        let code = out.status.code();
        assert!(
            code == Some(1) || code == Some(2),
            "{name}: {code:?}\n{stderr}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{name}: {:?}",
            started.elapsed()
        );
        assert!(
            stderr.len() < 200_000,
            "{name}: {} bytes of diagnostics",
            stderr.len()
        );
        if name == "token.pgn" {
            assert!(
                out.stdout.len() < 10_000,
                "{name}: {} bytes",
                out.stdout.len()
            );
        }
    }
}

// ---- CCBridge records and libraries, CBF XML, Othello PGN ----

/// `validate --report json` on hostile fixture files: each gives an error that says what is
/// wrong, a non-zero exit, bounded time, no panic.
fn hostile_lines(name: &str) -> (i32, Vec<serde_json::Value>) {
    let path = fixture(name);
    let (code, lines, stderr) = validate_json(&[&path]);
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    (code, lines)
}

fn first_error(lines: &[serde_json::Value]) -> String {
    lines
        .iter()
        .find_map(|l| l["error"]["message"].as_str())
        .unwrap_or_default()
        .to_string()
}

#[test]
fn hostile_ccbridge_files_are_refused_clearly() {
    for (name, says) in [
        ("truncated.cbr", "truncated CCBridge record"),
        ("truncated-moves.cbr", "ends inside its move list"),
        ("random-after-magic.cbr", "unknown piece byte"),
        ("huge-comment.cbr", "runs past the record's end"),
        ("million-games.cbl", "claims an index of 1000000 entries"),
        ("random-records.cbl", "unknown piece byte"),
        ("entities.cbf", "DTD"),
    ] {
        let (code, lines) = hostile_lines(name);
        assert_eq!(code, 1, "{name}: {lines:?}");
        let message = first_error(&lines);
        assert!(
            message.contains(says),
            "{name}: `{message}` should say `{says}`"
        );
    }
}

#[test]
fn a_truncated_library_keeps_its_whole_games() {
    let (code, lines) = hostile_lines("truncated.cbl");
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["valid"], true, "the first game is whole");
    assert_eq!(lines[1]["valid"], false);
    assert!(
        lines[1]["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("past the record's end")
    );
}

#[test]
fn random_bytes_under_ccbridge_extensions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut noise = |n: usize| -> Vec<u8> {
        (0..n)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect()
    };
    for (name, mut bytes) in [
        ("noise.cbr", noise(5000)),
        ("noise.cbl", noise(200_000)),
        ("noise.cbf", noise(3000)),
    ] {
        bytes[0] = b'#';
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).expect("write");
        let (code, lines, stderr) = validate_json(&[&path]);
        assert!(code == 1 || code == 2, "{name}: {code} {stderr}");
        assert!(lines.iter().all(|l| l["valid"] == false), "{name}");
    }
    // Every cut of the sample library: an error or fewer games, never a panic.
    let whole = std::fs::read(sample("xiangqi/ccbridge.cbl")).expect("sample");
    for cut in [
        0,
        15,
        16,
        63,
        64,
        1000,
        66624,
        67728,
        67800,
        70000,
        whole.len() - 1,
    ] {
        let path = dir.path().join(format!("cut-{cut}.cbl"));
        std::fs::write(&path, &whole[..cut]).expect("write");
        let (code, lines, stderr) = validate_json(&[&path]);
        assert!(!stderr.contains("panicked"));
        assert!(lines.len() <= 2, "{cut}");
        if code == 0 {
            assert!(lines.iter().all(|l| l["valid"] == true));
        }
    }
}

#[test]
fn deeply_nested_xml_and_endless_othello_pgn_stay_bounded() {
    let (code, _) = hostile_lines("deep.cbf");
    assert!(code <= 1);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("long.pgn");
    let mut text = String::from("[Event \"x\"]\n[Result \"33-31\"]\n\n");
    for i in 0..50_000 {
        text.push_str(&format!("{}. F5 D6\n", 2 * i + 1));
    }
    std::fs::write(&path, text).expect("write");
    let (code, lines, _) = validate_json(&[&path]);
    // Read up to 200 moves (no Othello game is longer), refused at its first illegal one.
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["valid"], false);
}
