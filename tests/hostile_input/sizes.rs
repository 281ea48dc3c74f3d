//! Issue 32, section 4: hostile sizes never take the machine. A game longer than any real
//! game is refused at the ply limit (`max-plies`) without holding all its moves or its whole
//! line, and a big file is sniffed from its first bytes before it is read. Each case checks
//! the peak memory of the qipu process (its maximum resident set, by `/usr/bin/time`, which
//! `.ci/run` installs) against 64 MB; before these changes the 30 MB game peaked at 623 MB
//! and the 200 MB file of unknown bytes at 212 MB.

use std::io::Write;
use std::path::Path;
use std::process::Command;

/// The peak every case must stay under.
const LIMIT_KB: u64 = 64 * 1024;

/// What one run of qipu gave: exit code, stdout, stderr (without the time line), and its
/// peak memory in KB (`None` when `/usr/bin/time` is missing outside CI).
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    peak_kb: Option<u64>,
}

fn run(args: &[&str]) -> Run {
    let qipu = assert_cmd::cargo::cargo_bin("qipu");
    let time = Path::new("/usr/bin/time");
    let out = if time.is_file() {
        Command::new(time)
            .args(["-f", "max-rss-kb %M"])
            .arg(&qipu)
            .args(args)
            .output()
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "/usr/bin/time is missing under CI (.ci/run installs Debian's `time`)"
        );
        eprintln!("note: /usr/bin/time is missing; peak memory is not checked");
        Command::new(&qipu).args(args).output()
    }
    .expect("run qipu");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let peak_kb = err
        .lines()
        .find_map(|l| l.strip_prefix("max-rss-kb "))
        .and_then(|v| v.trim().parse().ok());
    assert!(
        !time.is_file() || peak_kb.is_some(),
        "no max RSS in:\n{err}"
    );
    assert!(
        !err.contains("panicked"),
        "qipu panicked on {args:?}:\n{err}"
    );
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr: err
            .lines()
            .filter(|l| !l.starts_with("max-rss-kb ") && !l.starts_with("Command exited"))
            .collect::<Vec<_>>()
            .join("\n"),
        peak_kb,
    }
}

fn assert_flat(what: &str, r: &Run) {
    if let Some(kb) = r.peak_kb {
        assert!(
            kb < LIMIT_KB,
            "{what}: qipu peaked at {kb} KB (the bound is {LIMIT_KB} KB)"
        );
    }
}

/// A one-game Xiangqi PGN whose move text is `cycles` times a legal four-ply cycle, all on
/// one line (`numbered`: with move numbers).
fn write_long_game(path: &Path, cycles: usize, numbered: bool) {
    let f = std::fs::File::create(path).expect("create");
    let mut w = std::io::BufWriter::new(f);
    w.write_all(b"[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n")
        .expect("write");
    for i in 0..cycles {
        if numbered {
            write!(w, "{}. h2e2 h7e7 {}. e2h2 e7h7 ", 2 * i + 1, 2 * i + 2).expect("write");
        } else {
            w.write_all(b"h2e2 h7e7 e2h2 e7h7 ").expect("write");
        }
    }
    w.write_all(b"*\n").expect("write");
    w.flush().expect("flush");
}

/// The one report line of `validate --json`/`adjudicate --json` on one game.
fn report(r: &Run) -> serde_json::Value {
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(lines.len(), 1, "one game:\n{}\n{}", r.stdout, r.stderr);
    lines.into_iter().next().unwrap_or_default()
}

/// Six million plies on one 30 MB line: refused at the ply after the limit, with the moves
/// up to it replayed, by `validate` and `adjudicate`, in bounded memory.
#[test]
fn six_million_plies_on_one_line_are_refused_at_the_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("endless.pgn");
    write_long_game(&path, 1_500_000, false);
    let size = std::fs::metadata(&path).expect("size").len();
    assert!(size >= 30_000_000, "{size} bytes");
    let p = path.to_str().unwrap_or_default();
    for command in ["validate", "adjudicate"] {
        let r = run(&[command, "--json", p]);
        assert_eq!(r.code, Some(1), "{command}: {}", r.stderr);
        let line = report(&r);
        assert_eq!(line["valid"], false, "{line}");
        let error = &line["error"];
        assert_eq!(error["kind"], "parse", "{line}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("passes 100000 moves") && message.contains("max-plies"),
            "{command}: {message}"
        );
        assert_eq!(error["ply"], 100_001, "{line}");
        assert_eq!(
            line["plies"], 100_000,
            "the moves before the limit replay: {line}"
        );
        assert_flat(command, &r);
    }
}

/// `--rule max-plies=N` moves the limit both ways: lowered, the same file is refused at
/// N + 1 (in less memory still); raised past the game, a long game is read whole.
#[test]
fn the_max_plies_rule_moves_the_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let long = dir.path().join("long.pgn");
    write_long_game(&long, 300_000, true);
    let p = long.to_str().unwrap_or_default();
    let r = run(&["validate", "--json", "--rule", "max-plies=5000", p]);
    let line = report(&r);
    assert_eq!(line["error"]["ply"], 5001, "{line}");
    assert_eq!(line["plies"], 5000, "{line}");
    assert_flat("max-plies=5000", &r);
    // 120,000 plies: past the default, within a raised limit.
    let mid = dir.path().join("mid.pgn");
    write_long_game(&mid, 30_000, true);
    let m = mid.to_str().unwrap_or_default();
    let r = run(&["validate", "--json", m]);
    assert_eq!(report(&r)["error"]["ply"], 100_001, "{}", r.stdout);
    let r = run(&["validate", "--json", "--rule", "max-plies=120000", m]);
    let line = report(&r);
    assert_eq!(r.code, Some(0), "{line}");
    assert_eq!(line["plies"], 120_000, "{line}");
}

/// A game whose text alone passes what a stream holds of one game (a 20 MB comment: fewer
/// moves than the limit) is refused as too long, and the games after it in the file are
/// still read, with their own line numbers.
#[test]
fn a_huge_game_in_a_database_is_refused_and_the_rest_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("db.pgn");
    let small = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n";
    let illegal = "[Game \"Chinese Chess\"]\n\n1. a0a5 *\n\n";
    let mut text = small.repeat(50);
    text.push_str("[Game \"Chinese Chess\"]\n\n1. h2e2 {");
    text.push_str(&"x".repeat(20 << 20));
    text.push_str("} h9g7 *\n\n");
    text.push_str(&small.repeat(3));
    let illegal_line = text.matches('\n').count() + 3;
    text.push_str(illegal);
    std::fs::write(&path, text).expect("write");
    let r = run(&["validate", "--json", path.to_str().unwrap_or_default()]);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(lines.len(), 55, "every game is reported:\n{}", r.stderr);
    let huge = &lines[50];
    assert_eq!(huge["valid"], false, "{huge}");
    let message = huge["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("MiB of text"), "{message}");
    assert!(
        lines[51..54].iter().all(|l| l["valid"] == true),
        "{lines:?}"
    );
    assert_eq!(lines[54]["error"]["kind"], "illegal-move", "{}", lines[54]);
    assert_eq!(lines[54]["error"]["line"], illegal_line, "{}", lines[54]);
    assert_flat("a 20 MB comment", &r);
}

/// Pseudo-random bytes (xorshift), the same every run.
fn noise(n: usize) -> Vec<u8> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

/// A 200 MB file of unknown bytes, under every kind of name, is refused from its first
/// bytes (the same error as a small one gets) without being read whole. The file is 8 MB of
/// noise, then zeros to 200 MB (sparse: quick to make, and read whole it costs the same).
#[test]
fn a_200_mb_file_of_noise_is_refused_from_its_head() {
    let dir = tempfile::tempdir().expect("tempdir");
    let head = noise(8 << 20);
    for name in [
        "noise",
        "noise.bin",
        "noise.txt",
        "noise.pgn",
        "noise.xqf",
        "noise.cbl",
        "noise.wtb",
        "noise.cbf",
        "noise.jqr",
    ] {
        let path = dir.path().join(name);
        let mut f = std::fs::File::create(&path).expect("create");
        f.write_all(&head).expect("write");
        f.set_len(200 << 20).expect("grow");
        drop(f);
        let r = run(&["validate", "--json", path.to_str().unwrap_or_default()]);
        assert!(
            r.code == Some(1) || r.code == Some(2),
            "{name}: exit {:?}\n{}",
            r.code,
            r.stderr
        );
        assert!(!r.stdout.contains("\"valid\":true"), "{name}: {}", r.stdout);
        assert_flat(name, &r);
        // A small file of the same head gets the same kind of error.
        let small = dir.path().join(format!("small-{name}"));
        std::fs::write(&small, &head[..64 << 10]).expect("write");
        let s = run(&["validate", "--json", small.to_str().unwrap_or_default()]);
        assert_eq!(s.code, r.code, "{name}: {}\n{}", s.stderr, r.stderr);
        std::fs::remove_file(&path).expect("remove");
    }
}
