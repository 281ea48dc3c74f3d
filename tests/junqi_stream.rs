//! Streaming `.jqr` from stdin: the text is read in pieces cut between games
//! (`Game::stream_cut`); the report must be the one of reading the same text whole from a
//! file (same indices, verdicts, and line and column of every error), in input order
//! whatever the thread count.

use assert_cmd::Command;
use std::path::Path;

/// Every sample game (valid, invalid, parse errors, verdicts of all kinds), plus games
/// without tags that follow one another on a line, repeated until the text is several
/// pieces long (a piece is 1 MB; this is 2.5 MB).
fn big_jqr() -> (String, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/junqi");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jqr"))
        .collect();
    names.sort();
    let mut block = String::new();
    let mut games = 0;
    for p in &names {
        block.push_str(&std::fs::read_to_string(p).unwrap());
        block.push('\n');
        games += 1;
    }
    // Three games without tags, two of them on one line, and a `;` comment hiding a tag.
    block.push_str("1. C2=E 2. D0=e 0-1 1. A0=e ; [Game \"not a game\"]\n2. B1=E *\n");
    block.push_str("1. C2=E 2. C2-C1 *\n\n");
    games += 3;
    let reps = (5 << 19) / block.len() + 1;
    (block.repeat(reps), games * reps)
}

fn lines_without_source(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
            v["source"] = serde_json::Value::Null;
            v
        })
        .collect()
}

#[test]
fn stdin_streaming_of_jqr_reports_like_the_whole_file() {
    let (text, games) = big_jqr();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.jqr");
    std::fs::write(&path, &text).unwrap();

    let whole = Command::cargo_bin("qipu")
        .unwrap()
        .args(["adjudicate", "--json", "-q"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(whole.status.code(), Some(1), "some games are invalid");
    let whole = lines_without_source(&whole.stdout);
    assert_eq!(whole.len(), games);
    // Errors deep in the text: their lines prove the shift of the later pieces.
    let last_line = whole
        .iter()
        .filter_map(|v| v["error"]["line"].as_u64())
        .max()
        .unwrap_or(0);
    assert!(
        last_line > text.lines().count() as u64 / 2,
        "an error in the second half of the text, got line {last_line}"
    );
    for (i, v) in whole.iter().enumerate() {
        assert_eq!(v["index"].as_u64(), Some(i as u64), "indices run on");
    }
    // One thread would keep the order trivially; three must keep it too.
    for jobs in ["3"] {
        let streamed = Command::cargo_bin("qipu")
            .unwrap()
            .args([
                "adjudicate",
                "--json",
                "-q",
                "--from",
                "jqr",
                "-j",
                jobs,
                "-",
            ])
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert_eq!(streamed.status.code(), Some(1), "-j {jobs}");
        let streamed = lines_without_source(&streamed.stdout);
        assert_eq!(streamed.len(), whole.len(), "-j {jobs}: games");
        for (a, b) in whole.iter().zip(&streamed) {
            assert_eq!(a, b, "-j {jobs}");
        }
    }
}
