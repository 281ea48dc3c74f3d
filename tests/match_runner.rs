//! `qipu match` with stand-in engines (tests/engines/standin.py: a UCI/UCCI engine that plays
//! the first legal move qipu's referee protocol lists, until its fault is due) and, where it is
//! installed, Fairy-Stockfish: every fault ends its game as the rules of matches say and the
//! match goes on; every record written validates and re-adjudicates to the match's verdict; a
//! match killed with SIGKILL and started again finishes with every game present once.

use crate::common::{ROOT, json_lines, qipu};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn standin(fault: &str, at: u32, name: &str) -> String {
    format!("cmd={ROOT}/tests/engines/standin.py arg={fault} arg={at} name={name} st=0.3")
}

fn bin() -> String {
    qipu().get_program().to_string_lossy().into_owned()
}

/// Runs a match with `--json`; returns the game lines.
fn run_match(engines: &[String], games: usize, out: &Path, extra: &[&str]) -> Vec<Value> {
    let mut args = vec![
        "match".to_string(),
        "--json".into(),
        "-q".into(),
        "--games".into(),
        games.to_string(),
        "-o".into(),
        out.display().to_string(),
        "--hang-seconds".into(),
        "3".into(),
    ];
    for e in engines {
        args.push("--engine".into());
        args.push(e.clone());
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    let out = qipu().env("QIPU_BIN", bin()).args(&args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("round").is_some())
        .collect()
}

/// Every record of `file` validates, and adjudicating it gives the match's result (and, for
/// an ending by the rules, its reason and ply).
fn readjudicates(file: &Path, games: &[Value]) {
    let (code, reports) = json_lines(&[
        "adjudicate",
        &file.display().to_string(),
        "--report",
        "json",
    ]);
    assert_eq!(code, 0, "{reports:?}");
    assert_eq!(reports.len(), games.len());
    for r in &reports {
        assert_eq!(r["valid"], true, "{r}");
        assert_eq!(r["agrees"], true, "{r}");
    }
    let text = std::fs::read_to_string(file).unwrap();
    for g in games {
        let round = g["round"].as_u64().unwrap() as usize;
        // The report of the game whose Round tag is this round.
        let index = text
            .split("[Round \"")
            .skip(1)
            .position(|b| b.starts_with(&format!("{round}\"")))
            .unwrap();
        let v = &reports[index]["verdict"];
        assert_eq!(v["result"], g["result"], "round {round}: {v} / {g}");
        let reason = g["reason"].as_str().unwrap();
        if [
            "checkmate",
            "stalemate",
            "perpetual-check",
            "perpetual-chase",
            "repetition-draw",
            "move-limit",
        ]
        .contains(&reason)
        {
            assert_eq!(v["reason"], reason, "round {round}");
            assert_eq!(v["ply"], g["ply"], "round {round}");
        }
    }
}

#[test]
fn every_fault_ends_its_game_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    for (fault, reason) in [
        ("crash", "crash"),
        ("illegal", "illegal-move"),
        ("garbage", "garbage"),
        ("slow", "timeout"),
        ("none", "no-move-claimed"),
    ] {
        let out = dir.path().join(format!("{fault}.pgn"));
        let games = run_match(
            &[standin(fault, 3, "bad"), standin("good", 1, "good")],
            2,
            &out,
            &[],
        );
        assert_eq!(games.len(), 2, "{fault}");
        for g in &games {
            assert_eq!(g["reason"], reason, "{fault}: {g}");
            // The faulty engine loses, whichever colour it had.
            let bad_first = g["first"] == "bad";
            assert_eq!(
                g["result"],
                if bad_first { "0-1" } else { "1-0" },
                "{fault}: {g}"
            );
        }
        readjudicates(&out, &games);
    }
}

#[test]
fn a_hung_engine_is_stopped_and_started_again() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hang.pgn");
    let hang = format!("cmd={ROOT}/tests/engines/standin.py arg=hang arg=2 name=bad nodes=100");
    let good = format!("cmd={ROOT}/tests/engines/standin.py arg=good name=good nodes=100");
    let games = run_match(&[hang, good], 2, &out, &[]);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g["reason"], "hang", "{g}");
    }
    readjudicates(&out, &games);
}

fn fairy_stockfish() -> Option<&'static str> {
    let path = "/usr/games/fairy-stockfish";
    if Path::new(path).exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "fairy-stockfish is missing under CI (.ci/run installs it)"
    );
    eprintln!("note: fairy-stockfish is not installed (apt-get install fairy-stockfish); skipped");
    None
}

#[test]
fn fairy_stockfish_games_are_refereed_and_readjudicate() {
    let Some(fsf) = fairy_stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("fsf.pgn");
    let games = run_match(
        &[
            format!("cmd={fsf} name=fsf-500 nodes=500"),
            format!("cmd={fsf} name=fsf-1500 nodes=1500 proto=ucci"),
        ],
        6,
        &out,
        &["-j", "2", "--openings", "samples/xiangqi/openings.epd"],
    );
    assert_eq!(games.len(), 6);
    readjudicates(&out, &games);
}

#[test]
fn a_match_killed_and_started_again_has_every_game_once() {
    let Some(fsf) = fairy_stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("killed.pgn");
    let engines = [
        format!("cmd={fsf} name=a nodes=800"),
        format!("cmd={fsf} name=b nodes=1200"),
    ];
    let mut args = vec![
        "match".to_string(),
        "-q".into(),
        "--games".into(),
        "12".into(),
        "-j".into(),
        "2".into(),
        "--openings".into(),
        "samples/xiangqi/openings.epd".into(),
        "-o".into(),
        out.display().to_string(),
    ];
    for e in &engines {
        args.push("--engine".into());
        args.push(e.clone());
    }
    let mut child = Command::new(bin())
        .current_dir(ROOT)
        .args(&args)
        .spawn()
        .unwrap();
    // Killed once some games are written (and likely one half written).
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&out).map_or(0, |t| t.matches("[Round ").count()) < 3
        && started.elapsed().as_secs() < 60
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = std::fs::read_to_string(&out)
        .unwrap()
        .matches("[Round ")
        .count();
    assert!((3..12).contains(&before), "{before} games before the kill");
    let status = Command::new(bin())
        .current_dir(ROOT)
        .args(&args)
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&out).unwrap();
    let mut rounds: Vec<usize> = text
        .split("[Round \"")
        .skip(1)
        .map(|b| b[..b.find('"').unwrap()].parse().unwrap())
        .collect();
    rounds.sort();
    assert_eq!(rounds, (1..=12).collect::<Vec<_>>());
    let (code, reports) = json_lines(&["validate", &out.display().to_string(), "--report", "json"]);
    assert_eq!(code, 0);
    assert_eq!(reports.len(), 12);
}

/// The rounds and results of a match file: (round, result, reason, ply) sorted by round.
fn rounds_of(file: &Path) -> Vec<(usize, String, String, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    let tag = |b: &str, name: &str| -> String {
        let at = b.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
        b[at..at + b[at..].find('"').unwrap()].to_string()
    };
    let mut out: Vec<_> = text
        .split("\n\n\n")
        .filter(|b| b.contains("[Round "))
        .map(|b| {
            (
                tag(b, "Round").parse().unwrap(),
                tag(b, "Result"),
                tag(b, "QipuReason"),
                tag(b, "QipuPly"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_match_spread_over_two_shards_is_the_same_match() {
    let Some(fsf) = fairy_stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let engines = [
        format!("cmd={fsf} name=a nodes=600"),
        format!("cmd={fsf} name=b nodes=900"),
    ];
    let extra = ["--openings", "samples/xiangqi/openings.epd"];
    let whole = dir.path().join("whole.pgn");
    run_match(&engines, 8, &whole, &extra);
    let mut parts = Vec::new();
    for k in 1..=2 {
        let part = dir.path().join(format!("part-{k}.pgn"));
        let shard = format!("{k}/2");
        let games = run_match(&engines, 8, &part, &[extra[0], extra[1], "--shard", &shard]);
        assert_eq!(games.len(), 4);
        parts.push(part.display().to_string());
    }
    // The parts merged by `qipu convert` are the whole match, game for game.
    let merged = dir.path().join("merged.pgn");
    let mut args = vec![
        "convert",
        "--to",
        "pgn-iccs",
        "-o",
        merged.to_str().unwrap(),
    ];
    args.extend(parts.iter().map(String::as_str));
    qipu().args(&args).assert().success();
    let (code, reports) = json_lines(&["adjudicate", merged.to_str().unwrap(), "--report", "json"]);
    assert_eq!((code, reports.len()), (0, 8));
    let mut from_parts: Vec<_> = parts.iter().flat_map(|p| rounds_of(Path::new(p))).collect();
    from_parts.sort();
    assert_eq!(from_parts, rounds_of(&whole));
}

#[test]
fn a_real_engine_killed_mid_game_loses_that_game_and_is_started_again() {
    let Some(fsf) = fairy_stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("victim.pgn");
    let child = Command::new(bin())
        .current_dir(ROOT)
        .args([
            "match",
            "--json",
            "-q",
            "--games",
            "2",
            "-o",
            out.to_str().unwrap(),
        ])
        .args(["--openings", "samples/xiangqi/openings.epd"])
        .args(["--engine", &format!("cmd={fsf} name=victim st=0.1")])
        .args(["--engine", &format!("cmd={fsf} name=other st=0.1")])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The first engine the match started (the lower pid of its two children), a second in.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pids = String::from_utf8(
        Command::new("pgrep")
            .args(["-P", &child.id().to_string()])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let victim = pids
        .split_whitespace()
        .filter_map(|p| p.parse::<u32>().ok())
        .min()
        .unwrap();
    assert!(
        Command::new("kill")
            .args(["-9", &victim.to_string()])
            .status()
            .unwrap()
            .success()
    );
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let games: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("round").is_some())
        .collect();
    assert_eq!(games.len(), 2, "{games:?}");
    let crashed: Vec<&Value> = games.iter().filter(|g| g["reason"] == "crash").collect();
    assert_eq!(crashed.len(), 1, "{games:?}");
    let lost = if crashed[0]["first"] == "victim" {
        "0-1"
    } else {
        "1-0"
    };
    assert_eq!(crashed[0]["result"], lost, "the victim loses: {games:?}");
    // The other game was played to its end by the engine started again.
    readjudicates(&out, &games);
}
