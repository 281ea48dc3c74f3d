//! `qipu convert`: records to another format. One output file for everything (`-o`, default
//! stdout), or one per input mirroring the tree (`--out-dir`). Outputs are written atomically,
//! never over an input, never over an existing file without `--force`; a record that cannot be
//! converted is counted and named, never silently dropped. On a terminal, stderr shows the
//! progress bar of validate (files, games, games/s, ETA) while the files are converted.

use super::common::{self, FileProgress, ReadFile, Setup};
use super::{ConvertArgs, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use crate::core::game::{FormatInfo, Game};
use crate::core::output::{self, canonical};
use crate::core::record::Record;
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The writable format `to` of a game, if it has one.
fn target_of(game: &dyn Game, to: &str) -> Option<&'static FormatInfo> {
    game.formats()
        .iter()
        .find(|f| f.write && f.id.eq_ignore_ascii_case(to))
}

fn writable_ids(games: &[&'static dyn Game]) -> String {
    games
        .iter()
        .flat_map(|g| g.formats().iter())
        .filter(|f| f.write)
        .map(|f| format!("{} ({})", f.id, f.game))
        .collect::<Vec<_>>()
        .join(", ")
}

struct Tally {
    games: usize,
    failed: usize,
    files_written: usize,
    exit: i32,
}

pub fn run(args: &ConvertArgs) -> i32 {
    let setup = match Setup::new(&args.common) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    if !setup
        .games
        .iter()
        .any(|g| target_of(*g, &args.to).is_some())
    {
        return common::usage_error(&format!(
            "unknown output format `{}`; writable formats: {}",
            args.to,
            writable_ids(&setup.games)
        ));
    }
    let (files, problems) = setup.collect(&args.inputs);
    let mut tally = Tally {
        games: 0,
        failed: 0,
        files_written: 0,
        exit: EXIT_OK,
    };
    for p in &problems {
        eprintln!("qipu: {}: {}", p.source, p.message);
        tally.exit = EXIT_USAGE;
    }
    let inputs: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| f.path.as_ref().map(|p| canonical(p)))
        .collect();
    let from = args.common.from.as_deref();
    let game = args.common.game.map(|g| g.kind());
    let quiet = args.common.quiet;
    let sizes = common::file_sizes(&files);
    let progress = FileProgress::new(&args.common, &sizes, Instant::now());
    // A file is done once converted (and written with --out-dir), whether or not it could be.
    let done = |size: &u64, r: &Result<FileConverted, String>| {
        let games = r.as_ref().map_or(0, |c| c.games + c.failures.len());
        progress.file_done(*size, games);
    };

    if let Some(dir) = &args.out_dir {
        // One output per input file, in parallel; reports in input order.
        let results: Vec<(String, Result<FileConverted, String>)> =
            common::with_pool(args.common.jobs, || {
                files
                    .par_iter()
                    .zip(&sizes)
                    .map(|(f, size)| {
                        let r = common::read_file(&setup, f, from, game)
                            .map_err(|p| p.message)
                            .and_then(|read| convert_one(&setup, read, &args.to))
                            .and_then(|c| {
                                if c.games == 0 {
                                    // Nothing converted: write no file, but keep the reasons.
                                    return Ok(c);
                                }
                                let out =
                                    Path::new(dir).join(&f.relative).with_extension(c.extension);
                                output::write_atomic(&out, &c.bytes, &inputs, args.force)
                                    .map_err(|e| e.to_string())?;
                                Ok(FileConverted { out, ..c })
                            });
                        done(size, &r);
                        (f.display.clone(), r)
                    })
                    .collect()
            });
        progress.bar.finish_and_clear();
        for (name, r) in results {
            match r {
                Ok(c) => {
                    tally.games += c.games;
                    report_failures(&name, &c.failures, &mut tally);
                    if c.games == 0 {
                        if c.failures.is_empty() {
                            eprintln!("qipu: {name}: no game to convert; no file written");
                            tally.exit = tally.exit.max(EXIT_INVALID);
                        } else if !quiet {
                            eprintln!("qipu: {name}: no game could be converted; no file written");
                        }
                        continue;
                    }
                    tally.files_written += 1;
                    if !quiet {
                        eprintln!("{name} -> {} ({} games)", c.out.display(), c.games);
                    }
                }
                Err(e) => {
                    eprintln!("qipu: {name}: {e}");
                    tally.failed += 1;
                    tally.exit = tally.exit.max(EXIT_INVALID);
                }
            }
        }
    } else {
        // Everything into one output, in input order.
        let mut all: Vec<(String, FileConverted)> = Vec::new();
        let mut binary_parts = 0usize;
        let mut extension = "";
        let read: Vec<(String, Result<FileConverted, String>)> =
            common::with_pool(args.common.jobs, || {
                files
                    .par_iter()
                    .zip(&sizes)
                    .map(|(f, size)| {
                        let r = common::read_file(&setup, f, from, game)
                            .map_err(|p| p.message)
                            .and_then(|read| convert_one(&setup, read, &args.to));
                        done(size, &r);
                        (f.display.clone(), r)
                    })
                    .collect()
            });
        progress.bar.finish_and_clear();
        for (name, r) in read {
            match r {
                Ok(c) => {
                    if c.binary {
                        binary_parts += 1;
                    }
                    extension = c.extension;
                    all.push((name, c));
                }
                Err(e) => {
                    eprintln!("qipu: {name}: {e}");
                    tally.failed += 1;
                    tally.exit = tally.exit.max(EXIT_INVALID);
                }
            }
        }
        if binary_parts > 1 {
            return common::usage_error(&format!(
                "`{}` is a binary database format: write one file per input with --out-dir",
                args.to
            ));
        }
        let mut bytes = Vec::new();
        for (name, c) in &all {
            bytes.extend_from_slice(&c.bytes);
            tally.games += c.games;
            report_failures(name, &c.failures, &mut tally);
        }
        let _ = extension;
        match args.output.as_deref() {
            None | Some("-") => {
                let mut out = std::io::stdout().lock();
                if out.write_all(&bytes).and_then(|_| out.flush()).is_err() {
                    return tally.exit.max(EXIT_INVALID);
                }
            }
            Some(path) => {
                if let Err(e) = output::write_atomic(Path::new(path), &bytes, &inputs, args.force) {
                    eprintln!("qipu: {e}");
                    return EXIT_USAGE;
                }
                tally.files_written += 1;
                if !quiet {
                    eprintln!("wrote {path} ({} games)", tally.games);
                }
            }
        }
    }
    if !quiet {
        eprintln!(
            "converted {} games into {} file(s); {} could not be converted",
            tally.games,
            tally
                .files_written
                .max(usize::from(args.output.is_none() && args.out_dir.is_none())),
            tally.failed
        );
    }
    tally.exit
}

fn report_failures(name: &str, failures: &[(usize, String)], tally: &mut Tally) {
    for (i, e) in failures {
        eprintln!("qipu: {name}, game {i}: not converted: {e}");
        tally.failed += 1;
        tally.exit = tally.exit.max(EXIT_INVALID);
    }
}

struct FileConverted {
    bytes: Vec<u8>,
    games: usize,
    failures: Vec<(usize, String)>,
    extension: &'static str,
    binary: bool,
    out: PathBuf,
}

fn convert_one(setup: &Setup, read: ReadFile, to: &str) -> Result<FileConverted, String> {
    let target = target_of(read.game, to).ok_or_else(|| {
        format!(
            "cannot convert {} records to `{to}`; writable {} formats: {}",
            read.game.kind(),
            read.game.kind(),
            read.game
                .formats()
                .iter()
                .filter(|f| f.write)
                .map(|f| f.id)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    let rules = setup.rules_for(read.game.kind());
    let mut records: Vec<Record> = Vec::new();
    let mut failures: Vec<(usize, String)> = Vec::new();
    for (i, r) in read.records.into_iter().enumerate() {
        match r {
            Ok(rec) => records.push(rec),
            Err(e) => failures.push((i, e.to_string())),
        }
    }
    let converted = read.game.convert(&records, target.id, &rules);
    for (i, e) in converted.failures {
        let index = records.get(i).map(|r| r.index).unwrap_or(i);
        failures.push((index, e.to_string()));
    }
    failures.sort_by_key(|f| f.0);
    Ok(FileConverted {
        bytes: converted.bytes,
        games: converted.games,
        failures,
        extension: target.extensions.first().copied().unwrap_or("txt"),
        binary: target.binary,
        out: PathBuf::new(),
    })
}
