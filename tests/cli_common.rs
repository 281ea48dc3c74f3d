//! Game-independent CLI behaviour: usage errors, exit statuses, completions, formats.

use assert_cmd::Command;
use predicates::prelude::*;

fn qipu() -> Command {
    Command::cargo_bin("qipu").expect("the qipu binary")
}

#[test]
fn missing_input_is_exit_2() {
    qipu()
        .args(["validate", "no/such/file.pgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "qipu: no/such/file.pgn: not found",
        ));
}

#[test]
fn no_input_is_a_usage_error() {
    qipu().arg("validate").assert().code(2);
}

#[test]
fn unknown_rule_key_names_the_valid_keys() {
    qipu()
        .args(["adjudicate", "--rule", "no-such-key=1", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown rule parameter `no-such-key`",
        ))
        .stderr(predicate::str::contains("valid keys"));
}

#[test]
fn malformed_rule_is_a_usage_error() {
    qipu()
        .args(["validate", "--rule", "novalue", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("KEY=VALUE"));
}

#[test]
fn unknown_rule_set_is_a_usage_error() {
    qipu()
        .args(["validate", "--rules", "nonesuch", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown rule set"));
}

#[test]
fn unknown_output_format_is_a_usage_error() {
    qipu()
        .args(["convert", "--to", "nonesuch", "samples/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown output format"));
}

#[test]
fn completions_and_formats() {
    qipu()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("qipu"));
    qipu().args(["formats"]).assert().success();
    qipu().args(["formats", "--json"]).assert().success();
}

#[test]
fn man_page_renders() {
    qipu()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH qipu"));
}

/// The words of issue 23: what the help, the summaries and the notes say.
mod words {
    use super::*;

    fn run(args: &[&str]) -> (Option<i32>, String, String) {
        let out = qipu().args(args).output().expect("qipu runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// `--rules` names each game's presets as `--rules` takes them (it said `junqi: default`,
    /// which `--rules` refuses).
    #[test]
    fn rules_help_names_every_preset() {
        let (_, help, _) = run(&["validate", "--help"]);
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for game in qipu::driver::registry::all() {
            for p in game.presets() {
                let named = format!("{}: {}", game.kind(), p.name);
                assert!(
                    help.contains(&named) || help.contains(&format!(", {}", p.name)),
                    "`{}` of {} is not in --help: {help}",
                    p.name,
                    game.kind()
                );
            }
        }
        assert!(!help.contains("junqi: default"), "{help}");
        let (code, _, err) = run(&["validate", "--rules", "standard", "samples/junqi/"]);
        assert!(code != Some(2), "{err}");
    }

    /// Games count from 1 in what people read, as plies do; the JSON index from 0 (the spec).
    #[test]
    fn games_are_numbered_from_one_for_people() {
        let (_, table, err) = run(&["validate", "samples/othello/illegal.txt"]);
        assert!(err.contains("illegal.txt, game 1"), "{err}");
        assert!(!err.contains("game 0"), "{err}");
        assert!(
            table.contains("│ samples/othello/illegal.txt ┆ 1 "),
            "{table}"
        );
        let (_, json, _) = run(&["validate", "--json", "samples/othello/illegal.txt"]);
        assert!(json.contains("\"index\":0"), "{json}");
        let (code, _, err) = run(&[
            "show",
            "samples/othello/standard.txt",
            "--game-number",
            "99",
        ]);
        assert_eq!(code, Some(2));
        assert!(
            err.contains("no game 99") && err.contains("--game-number 1 to 2"),
            "{err}"
        );
    }

    #[test]
    fn one_file_one_game_in_the_singular() {
        let (_, table, _) = run(&["validate", "samples/othello/illegal.txt"]);
        assert!(table.contains("1 file, 1 game:"), "{table}");
        // Word by word: "1511 games/s" is not "1 games".
        let words: Vec<&str> = table
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        assert!(
            !words
                .windows(2)
                .any(|w| w[0] == "1" && (w[1] == "files" || w[1] == "games")),
            "{table}"
        );
    }

    /// `-o -` writes no file: the summary says where the games went (it said "into 0 file(s)").
    #[test]
    fn convert_to_stdout_says_so() {
        let (code, out, err) = run(&[
            "convert",
            "--to",
            "ggf",
            "samples/othello/standard.txt",
            "-o",
            "-",
        ]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("(;GM[Othello]"), "{out}");
        assert!(err.contains("games to standard output"), "{err}");
        assert!(!err.contains("file(s)") && !err.contains("0 file"), "{err}");
    }

    /// The README advertises moves pasted into a `.txt` or stdin; `qipu formats` says so.
    #[test]
    fn formats_lists_pasted_text() {
        let (code, out, _) = run(&["formats"]);
        assert_eq!(code, Some(0));
        assert!(out.contains("Pasted text"), "{out}");
        assert!(out.contains("1. 炮二平五 马8进7"), "{out}");
    }

    /// `--html-dir` says what it wrote, as `--html` and `convert -o` do.
    #[test]
    fn html_writers_say_what_they_wrote() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("out");
        let (code, _, err) = run(&[
            "adjudicate",
            "--html-dir",
            d.to_str().unwrap(),
            "samples/xiangqi/disputed/offer.pgn",
        ]);
        assert!(code.is_some_and(|c| c < 2), "{err}");
        let index = d.join("index.html");
        assert!(
            err.contains(&format!("wrote {} and 1 game page in", index.display())),
            "{err}"
        );
        let page = dir.path().join("one.html");
        let (_, _, err) = run(&[
            "adjudicate",
            "--html",
            page.to_str().unwrap(),
            "samples/xiangqi/disputed/offer.pgn",
        ]);
        assert!(err.contains(&format!("wrote {}", page.display())), "{err}");
    }
}
