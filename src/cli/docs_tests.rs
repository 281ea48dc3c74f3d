//! docs/qipu.1 and docs/cli-reference.md must be what the program's own clap definitions give
//! (`QIPU_BLESS=1 cargo test --release --bin qipu docs_are_current` rewrites them).

use super::{man_page, reference_markdown};

#[test]
fn man_page_docs_are_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/qipu.1");
    let generated = man_page().expect("the man page renders");
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::write(path, &generated).expect("write docs/qipu.1");
        return;
    }
    let current = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        current == generated,
        "docs/qipu.1 is out of date: run `QIPU_BLESS=1 cargo test --release --bin qipu docs_are_current`"
    );
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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli-reference.md");
    let generated = reference_markdown();
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::write(path, &generated).expect("write docs/cli-reference.md");
        return;
    }
    let current = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        current == generated,
        "docs/cli-reference.md is out of date: run `QIPU_BLESS=1 cargo test --release --bin qipu docs_are_current`"
    );
}
