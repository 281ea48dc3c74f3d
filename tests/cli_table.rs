//! Issue 23, item 1: the table report of `qipu adjudicate samples/` at 40, 80, 120 and 200
//! columns and piped (no terminal: 100 columns), against golden files in tests/golden/table/
//! (`QIPU_BLESS=1 cargo test --test cli_table` writes them), each also checked line by line:
//! no line wider than the width, one line a game, and no word of a cell broken (every word
//! of a cell is a whole word of the game's report, or a word cut with `…`).
//!
//! The summary's time and games/s are blanked (the summary is joined into one line first:
//! where it wraps depends on how long the time is).

use assert_cmd::Command;
use unicode_width::UnicodeWidthStr;

fn qipu(args: &[&str]) -> (String, String) {
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The words each game's cells may show, from its JSON report, in input order.
fn report_words() -> Vec<Vec<String>> {
    let (json, _) = qipu(&["adjudicate", "-q", "--json", "samples/"]);
    json.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let s = |k: &str| v[k].as_str().map(str::to_string);
            let mut words = vec![
                s("source").unwrap(),
                (v["index"].as_u64().unwrap() + 1).to_string(),
                // Without the `#` column, after the file's name.
                format!("#{}", v["index"].as_u64().unwrap() + 1),
                v["plies"].to_string(),
                s("game").unwrap_or_default(),
                s("claimed").unwrap_or_else(|| "-".into()),
                match v["agrees"].as_bool() {
                    Some(true) => "yes".into(),
                    Some(false) => "NO".into(),
                    None => "-".into(),
                },
                "-".into(),
                "invalid:".into(),
                "valid".into(),
                "at".into(),
                "ply".into(),
            ];
            if let Some(verdict) = v["verdict"].as_object() {
                let result = verdict["result"].as_str().unwrap().to_string();
                let reason = verdict["reason"].as_str().unwrap().to_string();
                words.extend([result, reason, format!("@{}", verdict["ply"])]);
                words.extend(["*".into(), "(unfinished)".into()]);
            }
            if let Some(e) = v["error"].as_object() {
                words.push(e["kind"].as_str().unwrap().to_string());
                if let Some(p) = e["ply"].as_u64() {
                    words.extend([format!("@{p}"), p.to_string()]);
                }
                if let (Some(l), Some(c)) = (e["line"].as_u64(), e["column"].as_u64()) {
                    words.extend([format!("({l}:{c})"), format!("{l}:{c}")]);
                }
            }
            // The source below the directory printed above the table.
            let source = words[0].clone();
            words.extend(
                source
                    .match_indices('/')
                    .map(|(i, _)| source[i + 1..].to_string()),
            );
            words
        })
        .collect()
}

/// Whether `word` is one of `words` whole, or one of them cut with `…` (its head, its tail,
/// or both around the `…`).
fn whole_or_cut(word: &str, words: &[String]) -> bool {
    if words.iter().any(|w| w == word) {
        return true;
    }
    let Some((head, tail)) = word.split_once('…') else {
        return false;
    };
    words
        .iter()
        .any(|w| w.len() >= head.len() + tail.len() && w.starts_with(head) && w.ends_with(tail))
}

/// The table's stdout with the summary joined into one line and its timing blanked.
fn normalized(stdout: &str) -> String {
    let lines: Vec<&str> = stdout.lines().collect();
    let end = lines
        .iter()
        .rposition(|l| l.starts_with('└'))
        .expect("a table");
    let mut summary = lines[end + 1..]
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    let cut = summary.rfind("; ").expect("the summary's timing");
    assert!(summary.ends_with(" games/s"), "{summary}");
    summary.truncate(cut);
    summary.push_str("; <time>");
    let mut out: Vec<String> = lines[..=end].iter().map(|l| l.to_string()).collect();
    out.push(summary);
    out.join("\n") + "\n"
}

fn check(name: &str, width: usize, args: &[&str]) {
    let (stdout, stderr) = qipu(args);
    assert!(!stdout.contains('\x1b'), "no colour when piped: {stdout}");
    for l in stdout.lines() {
        assert!(l.width() <= width, "wider than {width}: {l:?}");
    }
    // Rows: the lines between the header's rule and the bottom border, one a game.
    let lines: Vec<&str> = stdout.lines().collect();
    let start = lines.iter().position(|l| l.starts_with('╞')).unwrap() + 1;
    let end = lines.iter().position(|l| l.starts_with('└')).unwrap();
    let rows = &lines[start..end];
    let games = report_words();
    assert_eq!(
        rows.len(),
        games.len(),
        "one line a game:\n{stdout}{stderr}"
    );
    for (row, words) in rows.iter().zip(&games) {
        let inner = row.trim_start_matches('│').trim_end_matches('│');
        for cell in inner.split('┆') {
            for word in cell.split_whitespace() {
                assert!(
                    whole_or_cut(word, words),
                    "`{word}` is not a whole word of the game's report (or one cut with …) in\n{row}\nwords: {words:?}"
                );
            }
        }
    }
    let got = normalized(&stdout);
    let path = format!(
        "{}/tests/golden/table/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (QIPU_BLESS=1 writes it)"));
    assert_eq!(
        got, want,
        "{name}: the table changed (QIPU_BLESS=1 rewrites {path})"
    );
}

#[test]
fn samples_at_40_columns() {
    check(
        "samples-40",
        40,
        &["adjudicate", "-q", "--width", "40", "samples/"],
    );
}

#[test]
fn samples_at_80_columns() {
    check(
        "samples-80",
        80,
        &["adjudicate", "-q", "--width", "80", "samples/"],
    );
}

#[test]
fn samples_at_120_columns() {
    check(
        "samples-120",
        120,
        &["adjudicate", "-q", "--width", "120", "samples/"],
    );
}

#[test]
fn samples_at_200_columns() {
    check(
        "samples-200",
        200,
        &["adjudicate", "-q", "--width", "200", "samples/"],
    );
}

/// Piped (no terminal, no size): 100 columns.
#[test]
fn samples_piped() {
    check("samples-piped", 100, &["adjudicate", "-q", "samples/"]);
}

/// A column that says the same on every row is said once above the table, and so is the
/// directory of every path.
#[test]
fn what_every_row_says_is_said_once() {
    let (out, _) = qipu(&["validate", "-q", "samples/xiangqi/disputed/"]);
    let head: Vec<&str> = out.lines().take(2).collect();
    assert_eq!(
        head,
        [
            "in samples/xiangqi/disputed/",
            "on every row: # 1, game xiangqi, status valid"
        ],
        "{out}"
    );
    let header = out.lines().find(|l| l.contains("source")).unwrap();
    assert!(
        !header.contains("game") && !header.contains("status"),
        "{header}"
    );
    assert!(out.contains("│ allowed-draw.pgn "), "{out}");
}

/// `--format short`: one line a game, `path:game N: word: …`, then the summary.
/// A table of a few rows that fits is left whole: two games that agree on every column but
/// the file name keep their columns (said once above, they left a table of one column).
#[test]
fn a_small_table_that_fits_is_left_whole() {
    let (out, _) = qipu(&[
        "validate",
        "-q",
        "samples/xiangqi/chinese-moves.txt",
        "samples/xiangqi/checkmate.pgn",
    ]);
    assert!(!out.contains("on every row"), "{out}");
    let header = out.lines().find(|l| l.contains("source")).unwrap();
    for col in ["#", "game", "plies", "status"] {
        assert!(header.split_whitespace().any(|w| w == col), "{col}: {out}");
    }
}

#[test]
fn short_format_is_one_line_a_game() {
    let (out, _) = qipu(&["adjudicate", "-q", "--format", "short", "samples/"]);
    let games = report_words();
    let lines: Vec<&str> = out.lines().collect();
    for (l, words) in lines.iter().zip(&games) {
        assert!(
            l.starts_with(&format!("{}:game {}: ", words[0], words[1])),
            "{l}"
        );
    }
    assert!(
        lines.contains(
            &"samples/xiangqi/disputed/block.pgn:game 1: disputed: 0-1 perpetual-mate-threat @8; \
              claimed 1/2-1/2; xiangqi, 8 plies"
        ),
        "{out}"
    );
    assert!(
        lines.contains(
            &"samples/othello/illegal.txt:game 1: invalid: illegal-move at ply 12 (2:34); \
              no claim; othello, 11 plies"
        ),
        "{out}"
    );
    assert!(
        lines[games.len()].starts_with("69 files, 80 games:"),
        "{out}"
    );
    let (_, err) = qipu(&["adjudicate", "--format", "short", "--json", "samples/"]);
    assert!(err.contains("--format short"), "{err}");
}

/// Colour: disputed rows yellow, invalid rows red, with `--color always`; none with
/// `--color never`, nor when piped with `auto`, nor with NO_COLOR on a forced terminal.
#[test]
fn colour_marks_disputed_and_invalid_rows() {
    let (out, _) = qipu(&["adjudicate", "-q", "--color", "always", "samples/"]);
    let row = |name: &str| out.lines().find(|l| l.contains(name)).unwrap().to_string();
    assert!(row("othello/illegal.txt").contains("\x1b[31m"), "{out}");
    assert!(row("disputed/block.pgn").contains("\x1b[33m"), "{out}");
    assert!(!row("othello/passes.ggf").contains('\x1b'), "{out}");
    let (out, _) = qipu(&["adjudicate", "-q", "--color", "never", "samples/"]);
    assert!(!out.contains('\x1b'));
    let forced = Command::cargo_bin("qipu")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .args(["adjudicate", "-q", "samples/"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&forced.stdout).contains('\x1b'));
    let forced = Command::cargo_bin("qipu")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("CLICOLOR_FORCE", "1")
        .env_remove("NO_COLOR")
        .args(["adjudicate", "-q", "samples/"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&forced.stdout).contains("\x1b[31m"));
}
