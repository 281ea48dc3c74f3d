//! Issue 32, part 3: every error says what happened — a missing file is "not found", empty
//! inputs follow one rule, a misspelt `--where` field is a usage error, games are numbered
//! from 1 everywhere, and an invalid game is not counted as a disagreement.

use assert_cmd::Command;

fn qipu(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_missing_file_is_not_found_in_the_table_the_summary_and_json() {
    let (code, out, err) = qipu(&["adjudicate", "no/such/file.pgn"]);
    assert_eq!(code, 2);
    assert!(out.contains("not-found"), "{out}");
    assert!(!out.contains("unsupported"), "{out}");
    assert!(out.contains("1 input not found"), "{out}");
    assert!(
        err.starts_with("qipu: no/such/file.pgn: not found"),
        "{err}"
    );
    let (_, json, _) = qipu(&["validate", "--json", "no/such/file.pgn"]);
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(v["error"]["kind"], "not-found");
}

/// An empty file of any extension, a blank one, a directory without records and empty stdin:
/// one rule — a warning, no game, "without records" in the summary, exit status 1.
#[test]
fn empty_inputs_follow_one_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("empty.pgn"), "").unwrap();
    std::fs::write(d.join("blank.txt"), " \n\n\t\n").unwrap();
    std::fs::write(d.join("bom.jqr"), "\u{feff}\n").unwrap();
    std::fs::create_dir(d.join("nothing")).unwrap();
    std::fs::write(d.join("nothing/notes.md"), "no records here").unwrap();
    for name in ["empty.pgn", "blank.txt", "bom.jqr", "nothing"] {
        let path = d.join(name);
        let p = path.to_str().unwrap();
        let (code, out, err) = qipu(&["adjudicate", p]);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(
            err.contains("warning") && err.contains("no records found"),
            "{name}: {err}"
        );
        assert!(out.contains("1 input without records"), "{name}: {out}");
        assert!(out.contains("0 games"), "{name}: {out}");
        assert!(!out.contains('│'), "{name}: a row for no game: {out}");
    }
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .args(["validate", "-"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no records found"));
    // Among good files, an empty one is named and the others are checked.
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/samples/xiangqi/chinese.pgn"),
        d.join("good.pgn"),
    )
    .unwrap();
    let (code, out, err) = qipu(&[
        "validate",
        d.join("good.pgn").to_str().unwrap(),
        d.join("empty.pgn").to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("2 games: 2 valid"), "{out}");
}

#[test]
fn a_misspelt_where_field_is_a_usage_error_naming_the_fields() {
    let (code, out, err) = qipu(&["adjudicate", "-q", "samples/", "--where", "reslt=1-0"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("unknown field `reslt`"), "{err}");
    assert!(err.contains("did you mean `result`"), "{err}");
    assert!(err.contains("result, claimed, reason"), "{err}");
    let (code, _, err) = qipu(&["adjudicate", "-q", "samples/", "--where", "vaild"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean `valid`"), "{err}");
    // A lowercase tag name is still a tag (tags match without case).
    let (code, _, err) = qipu(&["adjudicate", "-q", "samples/", "--where", "event~sample"]);
    assert_ne!(code, 2, "{err}");
    // Tags as records write them, or bracketed, still select.
    let (_, out, _) = qipu(&["adjudicate", "-q", "samples/", "--where", "Event~sample"]);
    assert!(!out.contains("files, 0 games"), "{out}");
    let (code, _, _) = qipu(&["adjudicate", "-q", "samples/", "--where", "[reslt]=x"]);
    assert_ne!(code, 2);
}

#[test]
fn games_are_numbered_from_one_everywhere() {
    // show: game 2 of a file of two games.
    let (code, two, _) = qipu(&["show", "samples/xiangqi/chinese.pgn", "--game-number", "2"]);
    assert_eq!(code, 0);
    let (_, one, _) = qipu(&["show", "samples/xiangqi/chinese.pgn"]);
    assert_ne!(one, two);
    let (code, _, err) = qipu(&["show", "samples/xiangqi/chinese.pgn", "--game-number", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("there is no game 3") && err.contains("1 to 2"),
        "{err}"
    );
    // solve: records' games named from 1.
    let (_, out, _) = qipu(&[
        "solve",
        "--json",
        "samples/othello/standard.txt",
        "--game-number",
        "2",
        "--ply",
        "50",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert!(v["at"].as_str().unwrap().starts_with("game 2,"), "{v}");
}

#[test]
fn an_invalid_game_is_not_a_disagreement_in_the_table() {
    let (_, out, _) = qipu(&["adjudicate", "-q", "--width", "200", "samples/"]);
    let nos = out.lines().filter(|l| l.contains("┆ NO ")).count();
    let disputed: usize = out
        .split(" disputed")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|n| n.trim().parse().ok())
        .expect("the summary's disputed count");
    assert_eq!(nos, disputed, "{out}");
}

#[test]
fn a_piped_transcript_with_a_bad_square_points_at_the_square() {
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .args(["validate", "-"])
        .write_stdin("f5d6c3d3c4f4f6f3e6e7z9c6\n")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("ply 11") && err.contains("z9c6"), "{err}");
    assert!(!err.contains("cannot tell the game"), "{err}");
}

#[test]
fn convert_says_what_a_target_cannot_hold_and_sums_up_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pgn = d.join("teams.pgn");
    std::fs::write(
        &pgn,
        "[Game \"Chinese Chess\"]\n[RedTeam \"北京\"]\n[BlackTeam \"上海\"]\n[ECCO \"C45\"]\n\
         [Red \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n1. 炮二平五 马8进7 *\n",
    )
    .unwrap();
    let xqf = d.join("teams.xqf");
    let (code, _, err) = qipu(&[
        "convert",
        "--to",
        "xqf",
        pgn.to_str().unwrap(),
        "-o",
        xqf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("no place for the tags RedTeam, BlackTeam, ECCO"),
        "{err}"
    );
    // Many inputs: no line a file, the failures listed, the summary names the folder.
    let out = d.join("out");
    let (_, _, err) = qipu(&[
        "convert",
        "--to",
        "pgn-iccs",
        "samples/xiangqi/",
        "--out-dir",
        out.to_str().unwrap(),
    ]);
    assert!(!err.contains(" -> "), "{err}");
    let summary = err.lines().last().unwrap();
    assert!(
        summary.contains(" in ") && summary.contains("out"),
        "{summary}"
    );
    let failed: usize = summary
        .split("; ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the failures' count");
    assert!(failed > 0, "{summary}");
    // Each failure named, just above the summary.
    let lines: Vec<&str> = err.lines().collect();
    let named = &lines[lines.len() - 1 - failed..lines.len() - 1];
    assert!(named.iter().all(|l| l.starts_with("qipu: ")), "{err}");
}

/// `convert -o -` ends its output with a line end, whatever the format (a shell prompt after
/// `;)` was the complaint).
#[test]
fn converted_text_on_stdout_ends_with_a_newline() {
    for (to, from) in [
        ("ggf", "samples/othello/passes.ggf"),
        ("ggf", "samples/othello/standard.txt"),
        ("transcript", "samples/othello/sample.wtb"),
        ("pgn-othello", "samples/othello/passes.ggf"),
        ("pgn", "samples/xiangqi/ccbridge.cbr"),
        ("jqr", "samples/junqi/resignation.jqr"),
    ] {
        let (code, out, err) = qipu(&["convert", "--to", to, from, "-o", "-"]);
        assert_eq!(code, 0, "{to} {from}: {err}");
        assert!(
            out.ends_with('\n'),
            "{to} {from}: {:?}",
            &out[out.len().saturating_sub(20)..]
        );
    }
}

/// A command's help offers what it takes: solve (Othello only) no Xiangqi or Junqi values and
/// no rule parameters; show (one game) no worker threads or progress bar.
#[test]
fn help_offers_only_what_a_command_takes() {
    let (_, solve, _) = qipu(&["solve", "--help"]);
    for word in ["xiangqi", "junqi", "move-limit", "--rules", "--game <"] {
        assert!(
            !solve.contains(word),
            "solve --help offers {word}:\n{solve}"
        );
    }
    let (_, show, _) = qipu(&["show", "--help"]);
    for word in ["--jobs", "--no-progress"] {
        assert!(!show.contains(word), "show --help offers {word}:\n{show}");
    }
    assert!(show.contains("--game-number"), "{show}");
}
