//! docs/qipu.1 must be the man page the program's own clap definitions give (`qipu man`), and
//! the page must hold every command and the options added to them.

#[test]
fn man_page_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/qipu.1");
    let generated = qipu::cli::man_page().expect("the man page renders");
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::write(path, &generated).expect("write docs/qipu.1");
        return;
    }
    let current = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        current == generated,
        "docs/qipu.1 is out of date: run `QIPU_BLESS=1 cargo test --test man_page`"
    );
}

#[test]
fn man_page_has_a_section_per_command() {
    let page = qipu::cli::man_page().unwrap();
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
