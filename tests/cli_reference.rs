//! docs/cli-reference.md must be what the program's own clap definitions say.

#[test]
fn cli_reference_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli-reference.md");
    let generated = qipu::cli::reference_markdown();
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::write(path, &generated).expect("write docs/cli-reference.md");
        return;
    }
    let current = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        current == generated,
        "docs/cli-reference.md is out of date: run `QIPU_BLESS=1 cargo test --test cli_reference`"
    );
}
