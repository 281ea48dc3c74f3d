//! docs/qipu.1 and docs/cli-reference.md must be what the program's own clap definitions give
//! (`QIPU_BLESS=1 cargo test --release --lib docs_are_current` rewrites them).

use super::{man_page, reference_markdown};

/// `docs/{name}` must hold `generated`; with `QIPU_BLESS` set, it is written instead.
fn is_current(name: &str, generated: &str) {
    let path = format!("{}/docs/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::write(&path, generated).unwrap_or_else(|e| panic!("write docs/{name}: {e}"));
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == generated,
        "docs/{name} is out of date: run `QIPU_BLESS=1 cargo test --release --lib docs_are_current`"
    );
}

#[test]
fn man_page_docs_are_current() {
    is_current("qipu.1", &man_page().expect("the man page renders"));
}

#[test]
fn man_page_has_a_section_per_command() {
    let page = man_page().unwrap();
    assert!(page.starts_with(".ie") || page.starts_with(".TH"));
    for cmd in [
        "VALIDATE",
        "ADJUDICATE",
        "CONVERT",
        "PERFT",
        "SHOW",
        "FORMATS",
        "COMPLETIONS",
    ] {
        assert!(page.contains(&format!(".SH \"QIPU {cmd}\"")), "{cmd}");
    }
    assert!(page.contains("\\-\\-html"));
    assert!(page.contains("\\-\\-svg"));
    // The hidden `man` command itself is not documented.
    assert!(!page.contains(".SH \"QIPU MAN\""));
}

#[test]
fn cli_reference_docs_are_current() {
    is_current("cli-reference.md", &reference_markdown());
}
