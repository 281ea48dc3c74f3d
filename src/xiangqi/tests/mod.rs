//! Xiangqi checked on real and rulebook cases: the readers of every format (`formats`; CCBridge
//! against an independent reader: `ccbridge_formats`), the notations over the CCPD corpus and
//! random set-ups (`notation`), and the 棋例 judge move by move — the CXA clauses and editions
//! (`repetition_cxa`), the AXF suite (`repetition_axf`), the 2020 rulebook's 图示 rebuilt
//! (`cxa_diagrams`) and the move kinds of real rulings (`tiantian_kinds`). What the command
//! line prints for them is tested in tests/xiangqi_repetition_cli.rs and tests/ccbridge_cli.rs.

mod ccbridge_formats;
mod cxa_diagrams;
mod formats;
mod notation;
mod repetition_axf;
mod repetition_cxa;
mod tiantian_kinds;

/// A file or directory below ../shared/corpus/xiangqi, or `None` with a note when it is
/// missing (the test is then skipped, as every corpus test is where the corpus is absent).
fn corpus(sub: &str) -> Option<std::path::PathBuf> {
    let p = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/xiangqi"
    ))
    .join(sub);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("note: corpus {} missing, test skipped", p.display());
        None
    }
}

/// The rows of a tab-separated fixture, each split into its fields: lines starting with `#`
/// and the header row (its first field `header`) are left out.
fn fixture_rows<'a>(text: &'a str, header: &'a str) -> impl Iterator<Item = Vec<&'a str>> {
    text.lines()
        .filter(move |l| !l.starts_with('#') && l.split('\t').next() != Some(header))
        .map(|l| l.split('\t').collect())
}

/// A sample file below samples/xiangqi.
fn sample(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples/xiangqi")
        .join(name)
}

/// The sample `name` holds `bytes`, the file the test generated (with `QIPU_WRITE_SAMPLES`
/// set, the sample is written from them first).
fn assert_sample_is(name: &str, bytes: &[u8]) {
    let path = sample(name);
    if std::env::var_os("QIPU_WRITE_SAMPLES").is_some() {
        std::fs::write(&path, bytes).unwrap();
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "{name}: regenerate with QIPU_WRITE_SAMPLES=1"
    );
}
