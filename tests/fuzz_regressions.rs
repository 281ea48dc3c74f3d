//! Replays every saved fuzz input (tests/fixtures/fuzz-regressions/<target>/*) through the
//! library exactly as its cargo-fuzz target does (the same code: fuzz/src/lib.rs), so a crash
//! the fuzzers once found stays fixed without cargo-fuzz or a nightly toolchain.

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod qipu_fuzz;

use std::path::Path;

#[test]
fn every_saved_fuzz_input_replays_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz-regressions");
    let mut replayed = 0;
    for target in qipu_fuzz::TARGETS {
        let Ok(entries) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files.iter().filter(|f| f.is_file()) {
            let data = std::fs::read(f).expect("read a saved input");
            let started = std::time::Instant::now();
            assert!(qipu_fuzz::run(target, &data), "unknown target {target}");
            assert!(
                started.elapsed().as_secs() < 20,
                "{} took {:?}",
                f.display(),
                started.elapsed()
            );
            replayed += 1;
        }
    }
    // Every directory under the root is a target's name (a typo would skip its inputs).
    if let Ok(entries) = std::fs::read_dir(&root) {
        for e in entries.flatten().filter(|e| e.path().is_dir()) {
            let name = e.file_name().to_string_lossy().to_string();
            assert!(
                qipu_fuzz::TARGETS.contains(&name.as_str()),
                "no target {name}"
            );
        }
    }
    eprintln!("replayed {replayed} saved fuzz inputs");
}

#[test]
fn every_target_takes_empty_and_junk_input() {
    for target in qipu_fuzz::TARGETS {
        for data in [
            &b""[..],
            b"\0",
            b"\xff\xfe\x00",
            b"[DhtmlXQ_",
            b"(;",
            b"XQ\x0a",
        ] {
            assert!(qipu_fuzz::run(target, data), "{target}");
        }
    }
}
