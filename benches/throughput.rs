//! Validation throughput on the real corpora, with the files already in memory (no disk, no
//! report printing): `cargo bench --bench throughput` (set QIPU_CORPUS to the corpus
//! directory if it is not at ../shared/corpus). Prints games/s for
//!
//! * WTHOR replay: the records read once, then `check` of every game on all cores;
//! * WTHOR read + replay: decoding the 68-byte records (256 at a time, as the CLI reads
//!   them) and checking, on all cores;
//! * CCPD read + replay: Big5 decoding, PGN parsing, Chinese notation, replay, on all cores;
//! * CCPD adjudicate: the same with verdicts (repetition tables), against plain validation.
//!
//! `QIPU_BENCH=wthor` or `QIPU_BENCH=ccpd` runs one corpus only (for profiling);
//! `QIPU_BENCH_ROUNDS=N` runs each measurement N times instead of 5 (WTHOR) or 3 (CCPD),
//! the best kept (1 under callgrind).
//!
//! Each line gives the best round's games/s (wall clock) and games per CPU-second (every
//! thread's CPU time): on a machine that others load, the second, times the cores, is what
//! the cores would do free. No assertion on timings: this prints numbers for
//! docs/performance.md.

use qipu::core::encoding::TextEncoding;
use qipu::core::game::Game;
use qipu::core::record::{Input, Record};
use qipu::core::rules::Rules;
use qipu::driver::input::{self, FoundFile, Selection};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn corpus() -> PathBuf {
    std::env::var_os("QIPU_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
}

fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case(ext))
        })
        .map(|e| e.into_path())
        .collect();
    v.sort();
    v
}

struct Loaded {
    game: &'static dyn Game,
    format: &'static str,
    input: Input,
}

/// Detects and decodes one file held in memory.
fn load(path: &Path, bytes: Vec<u8>) -> Option<Loaded> {
    let games = qipu::driver::registry::all();
    let file = FoundFile {
        path: Some(path.to_path_buf()),
        display: path.display().to_string(),
        explicit: true,
        relative: PathBuf::from(path.file_name()?),
    };
    let (game, format) = input::detect(&games, &file.display, &bytes, Selection::default()).ok()?;
    let (input, _) = input::make_input(&file, bytes, format, TextEncoding::Auto).ok()?;
    Some(Loaded {
        game,
        format: format.id,
        input,
    })
}

/// The CPU time of every thread of this process so far (Linux: /proc/self/task/*/schedstat,
/// in nanoseconds), or None where that cannot be read.
fn cpu_seconds() -> Option<f64> {
    let mut ns = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let path = task.ok()?.path().join("schedstat");
        let text = std::fs::read_to_string(path).ok()?;
        ns += text.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(ns as f64 / 1e9)
}

/// Runs `f` `rounds` times (or `QIPU_BENCH_ROUNDS`) and returns the games, the best games/s
/// of wall-clock time, and the best games per CPU-second (all threads; 0 when unknown). On a
/// loaded machine the second, times the number of cores, is what the cores would do free.
fn best(rounds: usize, mut f: impl FnMut() -> usize) -> (usize, f64, f64) {
    let rounds = std::env::var("QIPU_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(rounds);
    let (mut best, mut best_cpu) = (0.0f64, 0.0f64);
    let mut games = 0;
    for _ in 0..rounds {
        let c = cpu_seconds();
        let t = Instant::now();
        games = f();
        let rate = games as f64 / t.elapsed().as_secs_f64().max(1e-9);
        best = best.max(rate);
        if let (Some(c0), Some(c1)) = (c, cpu_seconds()) {
            best_cpu = best_cpu.max(games as f64 / (c1 - c0).max(1e-9));
        }
    }
    (games, best, best_cpu)
}

/// Reads a loaded file as the CLI does, a slice of 256 games at a time, handing each slice's
/// records to `f`; the number of records read.
fn in_slices(l: &Loaded, mut f: impl FnMut(&[Record]) -> usize) -> usize {
    let (mut from, mut games) = (0, 0);
    loop {
        let (part, more) = l.game.read_some(l.format, &l.input, from, 256);
        from += part.len();
        let recs: Vec<Record> = part.into_iter().flatten().collect();
        f(&recs);
        games += recs.len();
        if !more {
            return games;
        }
    }
}

fn check_all(game: &dyn Game, records: &[Record], adjudicate: bool) -> usize {
    let rules = Rules::defaults(game.rule_table());
    records
        .par_iter()
        .filter(|r| game.check(r, &rules, adjudicate).error.is_none())
        .count()
}

fn main() {
    let root = corpus();
    let threads = rayon::current_num_threads();
    println!("threads: {threads}; corpus: {}", root.display());

    let only = std::env::var("QIPU_BENCH").unwrap_or_default();
    let wthor = if only.is_empty() || only == "wthor" {
        files_under(&root.join("othello/wthor"), "wtb")
    } else {
        Vec::new()
    };
    if wthor.is_empty() {
        println!("WTHOR corpus not found: skipped");
    } else {
        let raw: Vec<(PathBuf, Vec<u8>)> = wthor
            .iter()
            .filter_map(|p| std::fs::read(p).ok().map(|b| (p.clone(), b)))
            .collect();
        let loaded: Vec<Loaded> = raw.iter().filter_map(|(p, b)| load(p, b.clone())).collect();
        let game = loaded[0].game;
        let records: Vec<Record> = loaded
            .iter()
            .flat_map(|l| l.game.read(l.format, &l.input))
            .flatten()
            .collect();
        let (n, rate, cpu) = best(5, || {
            check_all(game, &records, false);
            records.len()
        });
        println!(
            "wthor replay (records in memory):      {n:>7} games {rate:>12.0} games/s {cpu:>10.0} games/cpu-s"
        );
        let (n, rate, cpu) = best(5, || {
            check_all(game, &records, true);
            records.len()
        });
        println!(
            "wthor adjudicate (records in memory):  {n:>7} games {rate:>12.0} games/s {cpu:>10.0} games/cpu-s"
        );
        let (n, rate, cpu) = best(5, || {
            loaded
                .par_iter()
                .map(|l| in_slices(l, |recs| check_all(l.game, recs, false)))
                .sum()
        });
        println!(
            "wthor read + replay (bytes in memory): {n:>7} games {rate:>12.0} games/s {cpu:>10.0} games/cpu-s"
        );
        let (n, rate, cpu) = best(5, || loaded.par_iter().map(|l| in_slices(l, |_| 0)).sum());
        println!(
            "wthor read only (bytes in memory):     {n:>7} games {rate:>12.0} games/s {cpu:>10.0} games/cpu-s"
        );
    }

    if only == "wthor" {
        return;
    }
    let ccpd = files_under(&root.join("xiangqi/ccpd"), "pgn");
    if ccpd.is_empty() {
        println!("CCPD corpus not found: skipped");
        return;
    }
    let raw: Vec<(PathBuf, Vec<u8>)> = ccpd
        .iter()
        .filter_map(|p| std::fs::read(p).ok().map(|b| (p.clone(), b)))
        .collect();
    for adjudicate in [false, true] {
        let (n, rate, cpu) = best(3, || {
            raw.par_iter()
                .map(|(p, b)| {
                    let Some(l) = load(p, b.clone()) else {
                        return 0;
                    };
                    let rules = Rules::defaults(l.game.rule_table());
                    l.game
                        .read(l.format, &l.input)
                        .iter()
                        .flatten()
                        .map(|r| {
                            l.game.check(r, &rules, adjudicate);
                            1
                        })
                        .sum::<usize>()
                })
                .sum()
        });
        let what = if adjudicate {
            "ccpd decode + read + adjudicate:"
        } else {
            "ccpd decode + read + replay:    "
        };
        println!("{what}       {n:>7} games {rate:>12.0} games/s {cpu:>10.0} games/cpu-s");
    }
}
