//! The replay pages from the command line (no browser: `html_browser` opens them in one):
//! `show --html`, `adjudicate --html` and `--html-dir` on the samples, what every page
//! carries, and that outputs never go over an input or an existing file without `--force`.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn qipu() -> Command {
    let mut c = Command::cargo_bin("qipu").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// What every page must hold: its policy, no external resource, one script.
fn check_page(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-"));
    for external in ["src=\"http", "href=\"http", "src=\"//", "@import", "url("] {
        assert!(!html.contains(external), "{external}");
    }
    assert_eq!(html.matches("<script>").count(), 1);
}

fn json_reports(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn html_dir_writes_an_index_and_a_page_for_every_sample_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = qipu()
        .args(["adjudicate", "samples/", "--json", "--html-dir"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "the samples hold invalid games");
    let reports = json_reports(&o.stdout);
    assert!(reports.len() > 40);
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    check_page(&index);
    assert_eq!(index.matches("<tr data-status=").count(), reports.len());
    for (n, r) in reports.iter().enumerate() {
        let page = std::fs::read_to_string(out.join(format!("games/{n}.html"))).unwrap();
        check_page(&page);
        assert!(index.contains(&format!("href=\"games/{n}.html\"")));
        let source = r["source"].as_str().unwrap();
        assert!(page.contains(source), "{source}");
        assert!(page.contains("href=\"../index.html\""));
        let plies = r["plies"].as_u64().unwrap() as usize;
        if let Some(e) = r["error"]["message"].as_str() {
            assert!(page.contains("class=\"error-box\""), "{source}");
            // Quotes and the like are escaped on the page.
            let escaped = e
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            let escaped = escaped.replace('"', "&quot;").replace('\'', "&#39;");
            assert!(page.contains(&escaped), "{source}: {e}");
        }
        if page.contains("<div class=\"board\"") {
            // Every ply of the game, and no more, has its position in the data.
            assert!(page.contains(&format!("\"last\":{plies},")), "{source}");
        }
        if let Some(cycle) = r["verdict"]["cycle"].as_array() {
            assert_eq!(
                page.matches("class=\"mv cycle").count(),
                cycle.len(),
                "{source}"
            );
        }
    }
    assert_eq!(
        std::fs::read_dir(out.join("games")).unwrap().count(),
        reports.len(),
        "no temporary file is left"
    );
    // Not again without --force; with it, the same pages.
    qipu()
        .args(["adjudicate", "-q", "samples/xiangqi", "--html-dir"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--force"));
    qipu()
        .args([
            "adjudicate",
            "-q",
            "samples/xiangqi/iccs.pgn",
            "--force",
            "--html-dir",
        ])
        .arg(&out)
        .assert()
        .success();
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_eq!(index.matches("<tr data-status=").count(), 1);
}

#[test]
fn show_html_writes_one_game_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("game.html");
    qipu()
        .args([
            "show",
            "samples/xiangqi/chinese.pgn",
            "--ply",
            "5",
            "--html",
        ])
        .arg(&page)
        .assert()
        .success()
        .stdout(predicate::str::contains("FEN"));
    let html = std::fs::read_to_string(&page).unwrap();
    check_page(&html);
    assert_eq!(html.matches("<section class=\"game\"").count(), 1);
    assert!(html.contains("<div class=\"board\" data-ply=\"5\""));
    // The record's own (Chinese) notation in the move list.
    assert!(html.contains(">炮二平五"), "the Chinese moves");
    // Exists: refused without --force, replaced with it.
    qipu()
        .args(["show", "samples/xiangqi/chinese.pgn", "--html"])
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--force"));
    qipu()
        .args(["show", "samples/xiangqi/chinese.pgn", "--force", "--html"])
        .arg(&page)
        .assert()
        .success();
    // The input itself is never written over, even with --force.
    let input = dir.path().join("game.pgn");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/xiangqi/iccs.pgn"),
        &input,
    )
    .unwrap();
    let before = std::fs::read(&input).unwrap();
    qipu()
        .arg("show")
        .arg(&input)
        .arg("--force")
        .arg("--html")
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("it is one of the inputs"));
    assert_eq!(std::fs::read(&input).unwrap(), before);
    qipu()
        .arg("adjudicate")
        .arg(&input)
        .arg("--force")
        .arg("--html")
        .arg(&input)
        .assert()
        .code(2);
    assert_eq!(std::fs::read(&input).unwrap(), before);
}

#[test]
fn show_html_of_a_game_that_cannot_be_read_shows_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("bad.html");
    qipu()
        .args(["show", "samples/junqi/bad-setup-layout.jqr", "--html"])
        .arg(&page)
        .assert()
        .code(1);
    let html = std::fs::read_to_string(&page).unwrap();
    check_page(&html);
    assert!(html.contains("class=\"error-box\""));
    assert!(html.contains("bad-setup"));
}

#[test]
fn force_needs_an_html_output() {
    qipu()
        .args(["adjudicate", "samples/xiangqi/iccs.pgn", "--force"])
        .assert()
        .code(2);
}
