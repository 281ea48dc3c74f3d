//! `qipu show` (text diagram and --svg), `qipu adjudicate --explain` (the ruling and the
//! deciding position) and `--html` (one self-contained page to replay the games), run as a user runs them.

use assert_cmd::Command;
use predicates::prelude::*;

fn qipu() -> Command {
    let mut c = Command::cargo_bin("qipu").expect("the qipu binary");
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// A one-move checkmate from a set-up position, claimed as a draw: a dispute.
const MATE: &str = "[Game \"Chinese Chess\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n\
[Result \"1/2-1/2\"]\n\n1. b0b9 1/2-1/2\n";

#[test]
fn xiangqi_show_prints_board_move_and_side() {
    let out = qipu()
        .args(["show", "samples/xiangqi/iccs.pgn", "--ply", "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // Not a terminal: no colour, the characters tell the sides apart.
    assert!(!text.contains('\x1b'));
    assert!(text.contains("炮二平五 (h2e2)"), "{text}");
    assert!(text.contains("Black to move"), "{text}");
    // After 炮二平五 the red cannon stands on e2, rank 2 of the diagram.
    let rank2 = text.lines().find(|l| l.starts_with("2 ")).unwrap();
    assert_eq!(rank2.split(' ').nth(5), Some("炮"), "{rank2}");
    assert!(text.contains("楚河"));
}

#[test]
fn othello_show_marks_discs_and_legal_moves() {
    let out = qipu()
        .args(["show", "samples/othello/standard.txt", "--ply", "0"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches('●').count(), 2 + 1, "{text}"); // two discs and the legend
    assert_eq!(text.matches('○').count(), 2 + 1, "{text}");
    assert_eq!(text.matches('*').count(), 4 + 1, "{text}"); // four legal moves and the legend
    assert!(text.contains("Black to move (4 legal moves"));
}

#[test]
fn junqi_show_has_camps_headquarters_and_status_panel() {
    let out = qipu()
        .args(["show", "samples/junqi/repetition.jqr", "--ply", "24"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("after step 24: H3xI3"), "{text}");
    // Headquarters A1 A3 L1 L3 in brackets, camps in parentheses.
    let row_a = text.lines().find(|l| l.starts_with("A ")).unwrap();
    assert_eq!(row_a.matches('[').count(), 2, "{row_a}");
    let row_c = text.lines().find(|l| l.starts_with("C ")).unwrap();
    assert_eq!(row_c.matches('(').count(), 2, "{row_c}");
    // The panel: one line per kind with up/down/taken for each colour, which sum to the
    // kind's count; steps per player sum to the steps played.
    let counts = [
        ("工兵", 3),
        ("排长", 3),
        ("连长", 3),
        ("营长", 2),
        ("团长", 2),
        ("旅长", 2),
        ("师长", 2),
        ("军长", 1),
        ("司令", 1),
        ("炸弹", 2),
        ("地雷", 3),
        ("军旗", 1),
    ];
    let mut taken = 0;
    for (name, n) in counts {
        let line = text.lines().find(|l| l.starts_with(name)).unwrap();
        let nums: Vec<u32> = line
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(nums.len(), 6, "{line}");
        assert_eq!(nums[0] + nums[1] + nums[2], n, "{line}");
        assert_eq!(nums[3] + nums[4] + nums[5], n, "{line}");
        taken += nums[2] + nums[5];
    }
    // Ply 24 (H3xI3=) is the first attack of the game: both pieces are gone.
    assert_eq!(taken, 2, "{text}");
    assert!(
        text.contains("steps: first player 12, second player 12 (together 24"),
        "{text}"
    );
}

#[test]
fn show_svg_writes_an_svg_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    for (input, name) in [
        ("samples/xiangqi/iccs.pgn", "x.svg"),
        ("samples/othello/standard.txt", "o.svg"),
        ("samples/junqi/repetition.jqr", "j.svg"),
    ] {
        let path = dir.path().join(name);
        qipu()
            .args(["show", input, "--svg"])
            .arg(&path)
            .assert()
            .success();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        qipu()
            .args(["show", input, "--svg"])
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--force"));
    }
}

#[test]
fn explain_prints_the_deciding_position() {
    qipu()
        .args(["adjudicate", "--explain", "-"])
        .write_stdin(MATE)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("1-0 checkmate at ply 1"))
        .stderr(predicate::str::contains(
            "the deciding position (after ply 1):",
        ))
        .stderr(predicate::str::contains("Black to move, checkmated"))
        .stderr(predicate::str::contains("9 ・ 俥 ・ ・ 將"));
}

#[test]
fn explain_of_a_repetition_shows_the_repeated_position() {
    let out = qipu()
        .args(["adjudicate", "--explain", "samples/junqi/repetition.jqr"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the repeated position (after ply 71):"),
        "{err}"
    );
    assert!(err.contains("after step 71: C1-C2"), "{err}");
}

#[test]
fn html_page_replays_every_game_with_its_ruling() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("ruling.html");
    qipu()
        .args([
            "adjudicate",
            "-q",
            "samples/junqi/repetition.jqr",
            "samples/othello/passes.ggf",
            "samples/xiangqi/iccs.pgn",
            "-",
            "--html",
        ])
        .arg(&page)
        .write_stdin(MATE)
        .assert()
        .code(1);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Self-contained: nothing fetched.
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    // Four rows, and each game replayable on its board with its ruling.
    assert_eq!(html.matches("<tr data-status=").count(), 4, "{html}");
    assert_eq!(html.matches("<section class=\"game\"").count(), 4);
    assert_eq!(html.matches("<div class=\"board\"").count(), 4);
    // "0-1" and "at ply 71" each keep to one line (issue 32).
    assert!(html.contains("<span class=\"nw\">0-1</span> repetition at&nbsp;ply&nbsp;71"));
    assert!(html.contains("<td class=\"agrees no\" data-label=\"agrees\">NO</td>"));
    // An existing page is not replaced without --force.
    qipu()
        .args(["adjudicate", "-q", "samples/othello/passes.ggf", "--html"])
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--force"));
    qipu()
        .args([
            "adjudicate",
            "-q",
            "samples/othello/passes.ggf",
            "--force",
            "--html",
        ])
        .arg(&page)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("<section class=\"game\"").count(), 1);
}
