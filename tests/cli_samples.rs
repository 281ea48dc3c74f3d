//! End to end from the command line, on the bundled samples of every game and a slice of the
//! real corpora: exit statuses, the JSON report, diagnostics that point at the move.

use crate::common::{ROOT, json, qipu};
use std::path::Path;

fn corpus(rel: &str) -> Option<String> {
    let p = Path::new(ROOT).join("../shared/corpus").join(rel);
    if p.exists() {
        Some(p.to_string_lossy().to_string())
    } else {
        eprintln!("note: {} is missing; skipped", p.display());
        None
    }
}

/// The text at 1-based (line, column) of a file (columns count characters).
fn text_at(file: &str, line: usize, column: usize) -> String {
    let text = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap_or_default();
    text.lines()
        .nth(line - 1)
        .map(|l| l.chars().skip(column - 1).collect())
        .unwrap_or_default()
}

#[test]
fn errors_point_at_the_offending_move_in_every_text_sample() {
    let (_, reports) = json(&["validate", "samples/"]);
    let mut checked = 0;
    for r in &reports {
        let Some(e) = r["error"].as_object() else {
            continue;
        };
        let (Some(line), Some(col), Some(mv)) =
            (e["line"].as_u64(), e["column"].as_u64(), e["move"].as_str())
        else {
            continue;
        };
        let source = r["source"].as_str().unwrap_or_default();
        let at = text_at(source, line as usize, col as usize);
        assert!(
            at.starts_with(mv),
            "{source}: the error at {line}:{col} should point at `{mv}`, the text there is `{at}`"
        );
        checked += 1;
    }
    assert!(
        checked >= 10,
        "only {checked} errors with a move were checked"
    );
}

#[test]
fn othello_illegal_move_exits_1_with_a_diagnostic() {
    let out = qipu()
        .args(["validate", "samples/othello/illegal.txt"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("samples/othello/illegal.txt"), "{stderr}");
    assert!(stderr.contains("illegal-move"), "{stderr}");
    assert!(stderr.contains("ply 12"), "{stderr}");
}

#[test]
fn perft_from_the_cli() {
    for (game, depth, count) in [("othello", "7", "55092"), ("xiangqi", "3", "79666")] {
        let out = qipu().args(["perft", game, depth]).output().expect("run");
        assert!(out.status.success());
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(stdout.lines().last(), Some(count), "{game} perft {depth}");
    }
    let out = qipu()
        .args([
            "perft",
            "xiangqi",
            "2",
            "--divide",
            "--fen",
            "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        ])
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().last(), Some("424"));
    let sum: u64 = stdout
        .lines()
        .filter_map(|l| l.split_once(": ").and_then(|(_, n)| n.parse::<u64>().ok()))
        .sum();
    assert_eq!(sum, 424, "the divide lines add up to the total");
    qipu()
        .args(["perft", "xiangqi", "2", "--fen", "not a fen"])
        .assert()
        .code(2);
}

#[test]
fn junqi_samples_give_the_verdict_their_names_say() {
    let (code, reports) = json(&["adjudicate", "samples/junqi/"]);
    assert_eq!(code, 1, "the samples include illegal records");
    let mut seen = 0;
    for r in &reports {
        let source = r["source"].as_str().unwrap_or_default();
        let stem = Path::new(source)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if stem.starts_with("illegal-") {
            assert_eq!(r["valid"], false, "{source}");
            assert_eq!(r["error"]["kind"], "illegal-move", "{source}");
            continue;
        }
        for reason in [
            "flag-captured",
            "no-legal-action",
            "timeouts",
            "repetition",
            "no-capture-limit",
            "step-limit",
            "time-limit",
            "resignation",
            "agreement",
        ] {
            if stem == reason {
                assert_eq!(r["verdict"]["reason"], reason, "{source}");
                assert_eq!(r["agrees"], true, "{source}");
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 9, "one sample per Junqi verdict");
}

#[test]
fn xiangqi_samples_are_valid_and_convert_round_trips() {
    let (code, reports) = json(&["validate", "samples/xiangqi/"]);
    for r in &reports {
        let source = r["source"].as_str().unwrap_or_default();
        if source.contains("/disputed/") {
            continue;
        }
        assert_eq!(r["valid"], true, "{r}");
    }
    let _ = code;
    let dir = tempfile::tempdir().expect("tempdir");
    let iccs = dir.path().join("g.iccs.pgn");
    let wxf = dir.path().join("g.wxf.pgn");
    let zh = dir.path().join("g.zh.pgn");
    let steps = [
        ("samples/xiangqi/chinese.pgn", "pgn-iccs", &iccs),
        (iccs.to_str().unwrap_or_default(), "pgn-wxf", &wxf),
        (wxf.to_str().unwrap_or_default(), "pgn-chinese-trad", &zh),
    ];
    for (input, to, out) in steps {
        qipu()
            .args(["convert", "--to", to, input, "-o"])
            .arg(out)
            .assert()
            .success();
    }
    let ucci = |f: &str| {
        let out = qipu()
            .args(["convert", "--to", "ucci", f])
            .output()
            .expect("run");
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let before = ucci("samples/xiangqi/chinese.pgn");
    assert!(before.contains("moves "), "{before}");
    assert_eq!(before, ucci(zh.to_str().unwrap_or_default()));
}

#[test]
fn othello_conversions_round_trip() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ggf = dir.path().join("s.ggf");
    let txt = dir.path().join("s.txt");
    let wtb = dir.path().join("s.wtb");
    qipu()
        .args(["convert", "--to", "ggf", "samples/othello/sample.wtb", "-o"])
        .arg(&ggf)
        .assert()
        .success();
    qipu()
        .args(["convert", "--to", "transcript"])
        .arg(&ggf)
        .arg("-o")
        .arg(&txt)
        .assert()
        .success();
    // The transcript carries no theoretical score, so the WTHOR writer solves each game from
    // the header's depth: 12 empties keeps that quick (24, the default, takes a minute here).
    qipu()
        .args(["convert", "--to", "wthor", "--depth", "12"])
        .arg(&txt)
        .arg("-o")
        .arg(&wtb)
        .assert()
        .success();
    let moves = |f: &str| {
        let out = qipu()
            .args(["convert", "--to", "transcript", f])
            .output()
            .expect("run");
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let a = moves("samples/othello/sample.wtb");
    assert_eq!(a.lines().count(), 6);
    assert_eq!(a, moves(wtb.to_str().unwrap_or_default()));
}

#[test]
fn wthor_corpus_file_agrees_everywhere() {
    let Some(f) = corpus("othello/wthor/WTH_1990.wtb") else {
        return;
    };
    let (code, reports) = json(&["adjudicate", &f]);
    assert_eq!(code, 0);
    assert!(reports.len() > 1000);
    for r in &reports {
        assert_eq!(r["valid"], true, "{r}");
        assert_eq!(r["agrees"], true, "{r}");
    }
}

#[test]
fn ccpd_slice_replays() {
    let Some(dir) = corpus("xiangqi/ccpd/mating-exercises") else {
        return;
    };
    let (_, reports) = json(&["adjudicate", &dir]);
    assert!(reports.len() >= 100);
    let valid = reports.iter().filter(|r| r["valid"] == true).count();
    assert_eq!(valid, reports.len());
    // Checkmate and stalemate endings agree with the recorded results.
    let mut ended_on_board = 0;
    for r in &reports {
        let reason = &r["verdict"]["reason"];
        if (reason == "checkmate" || reason == "stalemate") && r["claimed"] != "*" {
            assert_eq!(r["agrees"], true, "{r}");
            ended_on_board += 1;
        }
    }
    assert!(ended_on_board >= 10, "{ended_on_board}");
}

#[test]
fn yaml_and_table_reports() {
    let out = qipu()
        .args([
            "validate",
            "samples/othello/standard.txt",
            "--report",
            "yaml",
        ])
        .output()
        .expect("run");
    let y = String::from_utf8_lossy(&out.stdout);
    let v: serde_yaml::Value = serde_yaml::from_str(&y).expect("valid YAML");
    assert_eq!(v.as_sequence().map(|s| s.len()), Some(2), "{y}");
    let out = qipu()
        .args(["adjudicate", "samples/othello/standard.txt"])
        .output()
        .expect("run");
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("game-over"), "{t}");
    assert!(t.contains("2 games: 2 valid, 0 invalid, 0 disputed"), "{t}");
}

#[test]
fn show_prints_a_diagram() {
    let out = qipu()
        .args(["show", "samples/xiangqi/chinese.pgn", "--ply", "2"])
        .output()
        .expect("run");
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains('帥') && s.contains('將'), "{s}");
    assert!(s.contains("Red to move"), "{s}");
    qipu()
        .args(["show", "samples/othello/standard.txt", "--game-index", "9"])
        .assert()
        .code(2);
    // A ply past the end of the game is an error in every game, naming the game's length.
    for (file, len) in [
        ("samples/othello/standard.txt", "60 plies"),
        ("samples/xiangqi/iccs.pgn", "14 plies"),
        ("samples/junqi/timeouts.jqr", "21 steps"),
    ] {
        let out = qipu()
            .args(["show", file, "--ply", "999"])
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(1), "{file}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(len), "{file}: {stderr}");
    }
}

/// samples/ holds a record for every verdict a record can lead to: `adjudicate samples/`
/// gives each reason at least once. King-captured is the exception: it needs a set-up in
/// which the side to move can take the enemy king, which every reader refuses as impossible;
/// perfect-play needs `--rule unfinished=perfect` (tests/othello_solve_cli.rs).
#[test]
fn samples_cover_every_verdict() {
    let (_, reports) = json(&["adjudicate", "samples/", "-q"]);
    let seen: std::collections::BTreeSet<String> = reports
        .iter()
        .filter_map(|r| r["verdict"]["reason"].as_str().map(str::to_string))
        .collect();
    let missing: Vec<&str> = qipu::core::verdict::Reason::ALL
        .iter()
        .map(|r| r.as_str())
        .filter(|r| *r != "king-captured" && *r != "perfect-play" && !seen.contains(*r))
        .collect();
    assert!(missing.is_empty(), "no sample gives: {missing:?}");
}
