//! The library's batch check (`qipu::validate` and `qipu::adjudicate`, and what Python calls
//! through `qipu::bindings`) is the CLI's:
//! the same driver gives the same reports, line for line, as `qipu validate --json` and
//! `qipu adjudicate --json`, for small files read whole and for a huge file streamed in
//! pieces.

use assert_cmd::Command;
use qipu::Settings;
use qipu::bindings::files::{check_inputs_in, json_line};

fn cli_lines(command: &str, input: &str) -> Vec<String> {
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .args([command, "-q", "--json", input])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn library_lines(adjudicate: bool, input: &str) -> Vec<String> {
    let settings = Settings::defaults();
    let reports = if adjudicate {
        qipu::adjudicate(&settings, &[input])
    } else {
        qipu::validate(&settings, &[input])
    };
    reports.iter().map(json_line).collect()
}

fn same(input: &str) {
    for (command, adjudicate) in [("validate", false), ("adjudicate", true)] {
        let cli = cli_lines(command, input);
        let library = library_lines(adjudicate, input);
        assert!(!cli.is_empty(), "{command} {input}: no report");
        assert_eq!(cli.len(), library.len(), "{command} {input}");
        for (i, (a, b)) in cli.iter().zip(&library).enumerate() {
            assert_eq!(a, b, "{command} {input}: report {i}");
        }
    }
}

#[test]
fn the_samples_report_as_the_cli_does() {
    same(concat!(env!("CARGO_MANIFEST_DIR"), "/samples"));
}

/// More than a megabyte of XQ PGN: the library streams it in pieces as the CLI does; the
/// indices, errors (with their lines) and verdicts are the CLI's.
#[test]
fn a_streamed_file_reports_as_the_cli_does() {
    let mut text = String::new();
    for i in 0..12_000 {
        text.push_str(&format!(
            "[Game \"Chinese Chess\"]\n[Event \"big {i}\"]\n[Result \"*\"]\n\n"
        ));
        if i % 101 == 7 {
            text.push_str("1. h2e2 h9g7\n2. h0g2 a9a7\n3. e2e9 *\n\n");
        } else {
            text.push_str("1. h2e2 h9g7\n2. h0g2 i9h9\n3. i0h0 b7e7 *\n\n");
        }
    }
    assert!(text.len() > 1 << 20);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.pgn");
    std::fs::write(&path, text).unwrap();
    same(path.to_str().unwrap());
}

/// The library's batch run on a pool of one thread, called from a thread of its own (as the
/// Python package does): it finishes with the same reports (inside the pool it would wait for
/// itself).
#[test]
fn a_pool_of_one_thread_checks_everything() {
    let settings = Settings::defaults();
    let want = qipu::validate(&settings, &["samples/xiangqi"]);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let got = std::thread::spawn(move || {
        let mut got = Vec::new();
        check_inputs_in(
            Some(&pool),
            &settings,
            &["samples/xiangqi".to_string()],
            false,
            |r| {
                got.extend(r);
                true
            },
        );
        got
    })
    .join()
    .unwrap();
    let line = |r: &qipu::GameReport| json_line(r);
    assert!(!want.is_empty());
    assert_eq!(
        got.iter().map(line).collect::<Vec<_>>(),
        want.iter().map(line).collect::<Vec<_>>()
    );
}
