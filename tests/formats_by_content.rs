//! Records as other programs and people write them, read end to end from the CLI: the PGN
//! dialects of the Xiangqi writers (each one a case below and a line in
//! grammar/xiangqi-pgn.ebnf), text recognised by its content whatever its name (a `.txt`, no
//! extension, stdin), Othello PGN told apart from Xiangqi PGN by its moves, and the error for
//! a file nothing recognises.

use assert_cmd::Command;
use serde_json::Value;

fn qipu() -> Command {
    Command::cargo_bin("qipu").expect("the qipu binary")
}

/// `adjudicate --report json` on stdin: the report lines and the exit code.
fn adjudicate_stdin(text: &str, extra: &[&str]) -> (Vec<Value>, i32, String) {
    let out = qipu()
        .args(["adjudicate", "--report", "json"])
        .args(extra)
        .arg("-")
        .write_stdin(text)
        .output()
        .unwrap();
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The messages: stderr, and the JSON report's error messages.
    let messages = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    (lines, out.status.code().unwrap_or(-1), messages)
}

fn one_game(text: &str) -> Value {
    let (lines, code, err) = adjudicate_stdin(text, &[]);
    assert_eq!(lines.len(), 1, "{text}\n{err}");
    assert!(code == 0 || code == 1, "{err}");
    lines.into_iter().next().unwrap_or(Value::Null)
}

const BLACK_TO_MOVE: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";

/// Each dialect: a game, its plies, its claim.
const DIALECTS: &[(&str, &str, u64, &str)] = &[
    (
        "black first, `1. ... X` (xqbase-style ICCS)",
        "[Game \"Chinese Chess\"]\n[FEN \"{FEN}\"]\n[Result \"*\"]\n1. ... H7-E7 2. H2-E2 H9-G7 *\n",
        3,
        "*",
    ),
    (
        "black first, `1... X`",
        "[FEN \"{FEN}\"]\n1... h7e7 2. h2e2 h9g7\n",
        3,
        "",
    ),
    (
        "black first, `1. … 炮8平5`",
        "[FEN \"{FEN}\"]\n1. … 炮8平5 2. 炮二平五\n",
        2,
        "",
    ),
    (
        "move numbers without a space",
        "[Game \"Chinese Chess\"]\n1.H2-E2 H9-G7 2.H0-G2 1-0\n",
        3,
        "1-0",
    ),
    (
        "`1、` move numbers",
        "1、炮二平五 马8进7 2、马二进三 车9平8\n",
        4,
        "",
    ),
    (
        "full-width digits, period and space",
        "１．炮二平五　马８进７　２．马二进三　车９平８\n",
        4,
        "",
    ),
    (
        "full-width commas between moves",
        "1. 炮二平五，马8进7，2. 马二进三，车9平8。\n",
        4,
        "",
    ),
    (
        "movetext with no tags",
        "1. 炮二平五 马8进7 2. 马二进三 车9平8\n3. 车一平二 马2进3\n",
        6,
        "",
    ),
    ("bare move numbers", "1 h2e2 h9g7 2 h0g2 i9h9\n", 4, ""),
    (
        "result 红胜 in a tag",
        "[Result \"红胜\"]\n1. 炮二平五 马8进7\n",
        2,
        "1-0",
    ),
    (
        "result 黑胜 in the movetext",
        "1. 炮二平五 马8进7 黑胜\n",
        2,
        "0-1",
    ),
    (
        "result 和棋 in the movetext",
        "1. 炮二平五 马8进7 2. 马二进三 车9平8 和棋\n",
        4,
        "1/2-1/2",
    ),
    (
        "curly quotes in tags (text pasted from a word processor)",
        "[Event “全国赛”]\n[Red “许银川”]\n1. 炮二平五 马８进７\n",
        2,
        "",
    ),
    (
        "traditional characters, full-width Black digits (CCBridge/XQStudio exports)",
        "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n 1. 炮二平五 馬８進７\n 2. 傌二進三 車９平８\n",
        4,
        "",
    ),
    (
        "WXF notation",
        "[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 R9.8\n",
        4,
        "",
    ),
];

#[test]
fn every_dialect_reads_and_replays() {
    for (what, text, plies, claim) in DIALECTS {
        let text = text.replace("{FEN}", BLACK_TO_MOVE);
        let g = one_game(&text);
        assert_eq!(g["game"], "xiangqi", "{what}");
        assert_eq!(g["valid"], true, "{what}: {g}");
        assert_eq!(g["plies"].as_u64(), Some(*plies), "{what}: {g}");
        if !claim.is_empty() {
            assert_eq!(g["claimed"], *claim, "{what}: {g}");
        }
    }
}

#[test]
fn text_is_recognised_by_content_whatever_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        (
            "moves.txt",
            "1. 炮二平五 马8进7 2. 马二进三 车9平8\n",
            "xiangqi",
            "pgn",
        ),
        ("noext", "1. h2e2 h9g7 2. h0g2 i9h9\n", "xiangqi", "pgn"),
        ("wxf.txt", "C2.5 H8+7 H2+3 R9.8\n", "xiangqi", "pgn"),
        (
            "othello.txt",
            "f5d6c3d3c4f4c5b3c2\n",
            "othello",
            "transcript",
        ),
        (
            "game",
            "(;GM[Othello]PC[x]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6];)\n",
            "othello",
            "ggf",
        ),
        (
            "archive.pgn",
            "[Event \"x\"]\n[Black \"A\"]\n[White \"B\"]\n[Result \"1-0\"]\n\n1. F5 D6\n3. C3 D3\n",
            "othello",
            "pgn-othello",
        ),
        (
            "xiangqi.pgn",
            "[Event \"x\"]\n[Red \"A\"]\n[Black \"B\"]\n\n1. H2-E2 H9-G7\n",
            "xiangqi",
            "pgn",
        ),
    ];
    for (name, text, game, format) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = qipu()
            .args(["validate", "--report", "json"])
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let line: Value =
            serde_json::from_str(stdout.lines().next().unwrap_or("null")).unwrap_or(Value::Null);
        assert_eq!(
            line["game"],
            game,
            "{name}: {stdout} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(line["format"], format, "{name}");
        assert_eq!(line["valid"], true, "{name}: {line}");
    }
}

#[test]
fn unsure_detection_says_what_it_saw_and_what_would_help() {
    let (_, code, err) = adjudicate_stdin("just some words here\n", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("first line `just some words here`"), "{err}");
    assert!(err.contains("--game xiangqi --from pgn"), "{err}");
    assert!(err.contains("--game othello --from transcript"), "{err}");
    let (_, code, err) = adjudicate_stdin("[Event \"x\"]\n[Site \"y\"]\n", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("--from pgn-othello"), "{err}");
    // Naming the game and format reads it.
    let (lines, _, err) = adjudicate_stdin(
        "[Event \"x\"]\n1. F5 D6 3. C3\n",
        &["--game", "othello", "--from", "pgn-othello"],
    );
    assert_eq!(lines.len(), 1, "{err}");
    assert_eq!(lines[0]["valid"], true);
}

#[test]
fn othello_pgn_claims_come_from_the_disc_counts() {
    let g = one_game(
        "[Event \"Test\"]\n[Black \"A\"]\n[White \"B\"]\n[Result \"31-33\"]\n\n1. F5 D6\n3. C3 D3\n",
    );
    assert_eq!(g["game"], "othello");
    assert_eq!(g["claimed"], "0-1");
}

#[test]
fn othello_pgn_round_trips_through_convert() {
    let wthor = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/othello/sample.wtb"
    ));
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("sample.pgn");
    qipu()
        .args(["convert", "--to", "pgn-othello"])
        .arg(wthor)
        .arg("-o")
        .arg(&pgn)
        .assert()
        .success();
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \""), "{text}");
    assert!(text.contains("\n1. "), "{text}");
    let report = |path: &std::path::Path| -> Vec<Value> {
        let out = qipu()
            .args(["adjudicate", "--report", "json"])
            .arg(path)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let a = report(wthor);
    let b = report(&pgn);
    assert_eq!(a.len(), b.len());
    assert!(!a.is_empty());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(y["format"], "pgn-othello");
        for key in ["valid", "plies", "claimed", "verdict", "agrees"] {
            assert_eq!(x[key], y[key], "{key}: {x} / {y}");
        }
    }
}
