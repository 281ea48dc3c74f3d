//! Data safety of `qipu convert`: it never writes over an input, never over an existing file
//! without --force, replaces with --force atomically, converts the good records when one
//! fails (naming the failed one), and never leaves a half-written output or a temporary file.

use assert_cmd::Command;
use std::path::Path;
use std::time::Duration;

const GAME: &str = "f5d6c3d3c4\n";
const OTHER: &str = "f5f6e6f4\n";

fn qipu() -> Command {
    let mut c = Command::cargo_bin("qipu").expect("the qipu binary");
    c.timeout(Duration::from_secs(120));
    c
}

/// Runs convert; returns (exit code, stderr).
fn convert(args: &[&str]) -> (i32, String) {
    let out = qipu().arg("convert").args(args).output().expect("run qipu");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code().unwrap_or(-1), stderr)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap_or_default()
}

/// Temporary files the atomic writer may have left in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().to_string())
                .filter(|n| n.starts_with(".qipu-") && n.ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn refuses_to_overwrite_its_input_with_o() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("game.txt");
    std::fs::write(&input, GAME).expect("write");
    for force in [false, true] {
        let mut args = vec!["--to", "transcript", "-o", s(&input), s(&input)];
        if force {
            args.push("--force");
        }
        let (code, stderr) = convert(&args);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("one of the inputs"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&input).expect("read"), GAME);
    }
    // The same file under another name (a `..` path and a symbolic link) is still the input.
    std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
    let roundabout = dir.path().join("sub/../game.txt");
    let (code, stderr) = convert(&["--to", "ggf", "--force", "-o", s(&roundabout), s(&input)]);
    assert_eq!(code, 2, "{stderr}");
    #[cfg(unix)]
    {
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&input, &link).expect("symlink");
        let (code, stderr) = convert(&["--to", "ggf", "--force", "-o", s(&link), s(&input)]);
        assert_eq!(code, 2, "{stderr}");
    }
    assert_eq!(std::fs::read_to_string(&input).expect("read"), GAME);
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn refuses_an_out_dir_that_would_write_over_the_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("game.txt");
    std::fs::write(&input, GAME).expect("write");
    // transcript -> transcript into the input's own directory: game.txt -> game.txt.
    let (code, stderr) = convert(&[
        "--to",
        "transcript",
        "--force",
        "--out-dir",
        s(dir.path()),
        s(&input),
    ]);
    assert_ne!(code, 0, "{stderr}");
    assert!(stderr.contains("one of the inputs"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&input).expect("read"), GAME);
    // Walking the directory itself: still refused.
    let (code, stderr) = convert(&[
        "--to",
        "transcript",
        "--force",
        "--out-dir",
        s(dir.path()),
        s(dir.path()),
    ]);
    assert_ne!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(&input).expect("read"), GAME);
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn an_existing_output_needs_force_and_is_then_replaced() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("game.txt");
    std::fs::write(&input, GAME).expect("write");
    let out = dir.path().join("out.ggf");
    std::fs::write(&out, "precious").expect("write");
    let (code, stderr) = convert(&["--to", "ggf", "-o", s(&out), s(&input)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--force"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).expect("read"), "precious");

    // --out-dir: the same rule.
    let outdir = dir.path().join("o");
    std::fs::create_dir(&outdir).expect("mkdir");
    std::fs::write(outdir.join("game.ggf"), "precious").expect("write");
    let (code, stderr) = convert(&["--to", "ggf", "--out-dir", s(&outdir), s(&input)]);
    assert_ne!(code, 0, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(outdir.join("game.ggf")).expect("read"),
        "precious"
    );

    let (code, stderr) = convert(&["--to", "ggf", "--force", "-o", s(&out), s(&input)]);
    assert_eq!(code, 0, "{stderr}");
    let written = std::fs::read_to_string(&out).expect("read");
    assert!(
        written.contains("F5") || written.contains("f5"),
        "{written}"
    );
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn forced_replacement_is_atomic_an_open_reader_keeps_the_old_file() {
    // Replacing by rename: a reader that opened the old output keeps reading the old bytes
    // whole (an in-place rewrite would truncate them under it).
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("game.txt");
    std::fs::write(&input, GAME).expect("write");
    let out = dir.path().join("out.txt");
    let old = "old content\n".repeat(1000);
    std::fs::write(&out, &old).expect("write");
    let held = std::fs::File::open(&out).expect("open");
    let (code, stderr) = convert(&["--to", "transcript", "--force", "-o", s(&out), s(&input)]);
    assert_eq!(code, 0, "{stderr}");
    let mut still = String::new();
    std::io::Read::read_to_string(&mut &held, &mut still).expect("read");
    assert_eq!(still, old);
    let new = std::fs::read_to_string(&out).expect("read");
    assert!(new.starts_with("f5d6c3d3c4"), "{new}");
}

#[test]
fn one_failing_record_does_not_stop_the_others_and_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("games.txt");
    // Three games, one a line; the second (game 2: games count from 1) is illegal at its
    // second move.
    std::fs::write(&input, format!("{GAME}f5f5\n{OTHER}")).expect("write");
    let out = dir.path().join("out.ggf");
    let (code, stderr) = convert(&["--to", "ggf", "-o", s(&out), s(&input)]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("game 2: not converted"),
        "the failed record is named:\n{stderr}"
    );
    let written = std::fs::read_to_string(&out).expect("the others are written");
    assert_eq!(written.matches("(;").count(), 2, "{written}");

    // A whole file failing in a batch: the other files are still converted.
    let junk = dir.path().join("junk.ggf");
    std::fs::write(&junk, [0u8, 159, 146, 150]).expect("write");
    let good = dir.path().join("good.txt");
    std::fs::write(&good, OTHER).expect("write");
    let outdir = dir.path().join("o");
    let (code, stderr) = convert(&["--to", "ggf", "--out-dir", s(&outdir), s(&junk), s(&good)]);
    assert_ne!(code, 0, "{stderr}");
    assert!(stderr.contains("junk.ggf"), "{stderr}");
    assert!(outdir.join("good.ggf").exists(), "{stderr}");
    assert!(!outdir.join("junk.ggf").exists());
}

#[test]
fn a_failing_write_leaves_no_output_and_no_temporary_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("game.txt");
    std::fs::write(&input, GAME).expect("write");
    // The output path is a directory: the temporary file is written, the final rename
    // fails (tests run as root too, where a read-only directory would not stop a write).
    let blocker = dir.path().join("out.ggf");
    std::fs::create_dir(&blocker).expect("mkdir");
    std::fs::write(blocker.join("keep"), "x").expect("write");
    let (code, stderr) = convert(&["--to", "ggf", "--force", "-o", s(&blocker), s(&input)]);
    assert_ne!(code, 0, "{stderr}");
    assert!(
        stderr.contains("out.ggf"),
        "the error names the output:\n{stderr}"
    );
    assert!(blocker.join("keep").exists());
    assert!(
        temporaries(dir.path()).is_empty(),
        "{:?}",
        temporaries(dir.path())
    );

    // The output's directory cannot be made (a file stands in its way).
    let file = dir.path().join("plain");
    std::fs::write(&file, "x").expect("write");
    let out = file.join("out.ggf");
    let (code, stderr) = convert(&["--to", "ggf", "-o", s(&out), s(&input)]);
    assert_ne!(code, 0, "{stderr}");
    assert!(temporaries(dir.path()).is_empty());
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "x");
}

#[test]
fn an_interrupted_convert_leaves_no_half_written_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("many.txt");
    let mut text = String::new();
    for _ in 0..20_000 {
        text.push_str(GAME);
        text.push_str(OTHER);
    }
    std::fs::write(&input, &text).expect("write");
    let full = dir.path().join("full.ggf");
    let (code, stderr) = convert(&["--to", "ggf", "-q", "-o", s(&full), s(&input)]);
    assert_eq!(code, 0, "{stderr}");
    let complete = std::fs::read(&full).expect("read");
    let bin = assert_cmd::cargo::cargo_bin("qipu");
    for (i, delay_ms) in [5u64, 20, 50, 100, 200, 400].into_iter().enumerate() {
        let out = dir.path().join(format!("out{i}.ggf"));
        let mut child = std::process::Command::new(&bin)
            .args(["convert", "--to", "ggf", "-q", "-o", s(&out), s(&input)])
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        // Either nothing or everything: never a prefix of the output.
        if let Ok(bytes) = std::fs::read(&out) {
            assert_eq!(
                bytes.len(),
                complete.len(),
                "half-written output after {delay_ms} ms"
            );
            assert!(bytes == complete);
        }
    }
}
