//! The referee protocol (`qipu referee --json`) against `adjudicate`: every game of the samples
//! and of the CCPD corpus is streamed through one running `qipu referee` process, move by move
//! as the record writes them, and each game's replies are compared with the adjudication of
//! the record, computed in this process: an invalid record is refused at the same ply with
//! the same error kind; a valid one gets, from `verdict` after its moves, the verdict the
//! board rules gave (result, reason, ply), and none where the board decided nothing.

use crate::common::qipu;
use crate::referee::start_of;
use qipu::core::game::Game;
use qipu::core::record::{GameKind, Record};
use qipu::driver::open;
use qipu::driver::report::decided_on_board;
use qipu::driver::settings::Settings;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// What adjudication says of a record: the error (kind, ply) of an invalid one, else the
/// board verdict (result, reason, ply) if the board decided.
#[derive(Debug, PartialEq)]
enum Expected {
    Invalid(String, usize),
    /// A record whose text cannot be read after its last readable move: the protocol never
    /// sees that text, so every move is accepted.
    Unreadable,
    /// A start position the rules cannot take: the `position` command is refused.
    BadStart,
    Decided(String, String, usize),
    Undecided,
}

struct Game1 {
    what: String,
    commands: Vec<String>,
    moves: usize,
    expected: Expected,
}

/// The commands that replay `record` under `rules` (the game, the rule set and every
/// parameter, the start position, each move, then `verdict`), and what adjudication says.
fn script(record: &Record, rules: &qipu::core::rules::Rules, what: String) -> Option<Game1> {
    let game: &dyn Game = qipu::driver::registry::get(record.game)?;
    let checked = game.check(record, rules, true);
    let (start, rules) = start_of(record, rules)?;
    let expected = match (&checked.error, &checked.verdict) {
        (Some(_), _) if record.parse_error.is_some() => Expected::Unreadable,
        (Some(e), _) if e.ply.is_none() => Expected::BadStart,
        (Some(e), _) => Expected::Invalid(e.kind.as_str().to_string(), e.ply.unwrap_or(0)),
        (None, Some(v)) if decided_on_board(v) => Expected::Decided(
            v.result.as_str().to_string(),
            v.reason.as_str().to_string(),
            v.ply,
        ),
        _ => Expected::Undecided,
    };
    let mut commands = vec![
        format!("game {}", record.game),
        format!("rules {}", rules.preset),
    ];
    // Every parameter, as `describe` lists them: "preset (k=v, k=v)".
    let described = rules.describe();
    let inner = described
        .split_once('(')
        .map(|(_, r)| r.trim_end_matches(')'))
        .unwrap_or("");
    for kv in inner.split(", ").filter(|kv| kv.contains('=')) {
        commands.push(format!("rule {kv}"));
    }
    commands.push(match start {
        Some(s) => format!("position fen {s}"),
        None => "position startpos".to_string(),
    });
    for m in &record.moves {
        commands.push(match &m.time {
            Some(t) => format!("move {} @{t}", m.text),
            None => format!("move {}", m.text),
        });
    }
    commands.push("verdict".to_string());
    Some(Game1 {
        what,
        commands,
        moves: record.moves.len(),
        expected,
    })
}

fn scripts(inputs: &[String], settings: &Settings) -> Vec<Game1> {
    let (files, _) = settings.collect(inputs);
    let mut out = Vec::new();
    for f in &files {
        let Ok(opened) = open::open_file(settings, f) else {
            continue;
        };
        let rules = settings.rules_for(opened.game.kind());
        for (i, rec) in opened.records().into_iter().enumerate() {
            let Ok(rec) = rec else { continue };
            // A Junqi record's events (time stamps, offers) are the server's business.
            if rec.game == GameKind::Junqi && !rec.events.is_empty() {
                continue;
            }
            if let Some(s) = script(&rec, &rules, format!("{} game {i}", f.display)) {
                out.push(s);
            }
        }
    }
    out
}

/// Streams every script through one `qipu referee --json` (a thread writes, this one reads)
/// and checks each game's replies; returns (games, decided on the board).
fn run_through_protocol(games: &[Game1]) -> (usize, usize) {
    let bin = qipu().get_program().to_owned();
    let mut child = Command::new(bin)
        .args(["referee", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("qipu referee");
    let mut stdin = child.stdin.take().unwrap();
    let all: Vec<String> = games
        .iter()
        .flat_map(|g| g.commands.iter().cloned())
        .collect();
    let writer = std::thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for c in &all {
            writeln!(w, "{c}").unwrap();
        }
        w.flush().unwrap();
        drop(w);
        drop(stdin);
    });
    let mut replies = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next = || -> Value {
        let line = replies.next().expect("a reply line").expect("read");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("bad JSON reply {line}: {e}"))
    };
    let mut decided = 0;
    for g in games {
        let what = &g.what;
        // game, rules, rule …: each accepted; then position, refused only for a bad start.
        let setup = &g.commands[..g.commands.len() - g.moves - 1];
        for c in &setup[..setup.len() - 1] {
            let r = next();
            assert_eq!(r["ok"], true, "{what}: `{c}` -> {r}");
        }
        let r = next();
        let mut over_at = (r["over"] == true).then_some(0);
        let mut refused = None;
        if g.expected == Expected::BadStart {
            assert_eq!(r["ok"], false, "{what}: a bad start accepted: {r}");
            refused = Some((String::new(), 0));
        } else {
            assert_eq!(r["ok"], true, "{what}: {r}");
        }
        for i in 0..g.moves {
            let r = next();
            if refused.is_some() {
                continue;
            }
            if r["ok"] == true {
                if r["over"] == true && over_at.is_none() {
                    over_at = Some(i + 1);
                }
            } else {
                refused = Some((
                    r["kind"].as_str().unwrap().to_string(),
                    r["ply"].as_u64().unwrap() as usize,
                ));
            }
        }
        let v = next();
        assert_eq!(v["reply"], "verdict", "{what}: {v}");
        match &g.expected {
            Expected::Invalid(kind, ply) => {
                let (k, p) = refused.unwrap_or_else(|| {
                    panic!("{what}: invalid ({kind} at {ply}) but every move was accepted")
                });
                assert_eq!((&k, p), (kind, *ply), "{what}");
            }
            Expected::BadStart => {}
            Expected::Unreadable => assert!(refused.is_none(), "{what}: refused {refused:?}"),
            Expected::Decided(result, reason, ply) => {
                // A record may go on after the rules ended the game; the live referee refuses
                // those moves (`the game is over`).
                if let Some((_, at)) = &refused {
                    assert!(
                        over_at.is_some_and(|o| *at > o),
                        "{what}: refused {refused:?}"
                    );
                }
                let got = &v["verdict"];
                assert_eq!(
                    (
                        got["result"].as_str(),
                        got["reason"].as_str(),
                        got["ply"].as_u64()
                    ),
                    (
                        Some(result.as_str()),
                        Some(reason.as_str()),
                        Some(*ply as u64)
                    ),
                    "{what}: {got}"
                );
                decided += 1;
            }
            Expected::Undecided => {
                assert!(refused.is_none(), "{what}: refused {refused:?}");
                assert!(
                    v["verdict"].is_null(),
                    "{what}: the board decided nothing, yet {v}"
                );
            }
        }
    }
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    (games.len(), decided)
}

#[test]
fn the_protocol_agrees_with_adjudicate_on_every_sample() {
    for preset in [None, Some("axf")] {
        let settings = Settings::new(None, None, preset, &[]).unwrap();
        let games = scripts(&["samples".to_string()], &settings);
        let (n, decided) = run_through_protocol(&games);
        assert!(n >= 50, "{n} sample games");
        assert!(decided >= 15, "{decided} decided on the board");
    }
}

#[test]
fn the_protocol_agrees_with_adjudicate_on_ccpd() {
    let ccpd = "../shared/corpus/xiangqi/ccpd";
    if !Path::new(ccpd).is_dir() {
        eprintln!("note: {ccpd} is missing; skipped");
        return;
    }
    let settings = Settings::new(Some(GameKind::Xiangqi), None, Some("cxa"), &[]).unwrap();
    let games = scripts(&[ccpd.to_string()], &settings);
    let (n, decided) = run_through_protocol(&games);
    assert_eq!(n, 11_746);
    assert!(decided > 800, "{decided} decided on the board");
}

#[test]
fn a_line_longer_than_any_command_is_refused_and_the_session_goes_on() {
    let mut input = String::from("move h2e2\n");
    input.push_str(&"x".repeat(3 << 20));
    input.push_str("\nstatus\n");
    let out = qipu()
        .args(["referee"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", &text[..text.len().min(300)]);
    assert_eq!(lines[0], "ok ply 1");
    assert!(
        lines[1].starts_with("error parse: a line of more than"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("ok ply 1 game xiangqi"),
        "{}",
        lines[2]
    );
}
