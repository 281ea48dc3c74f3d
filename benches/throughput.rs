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
//! No assertion on timings: this prints numbers for docs/performance.md.

use qipu::core::encoding::TextEncoding;
use qipu::core::game::Game;
use qipu::core::input::{self, FoundFile, Selection};
use qipu::core::record::{Input, Record};
use qipu::core::rules::Rules;
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
    let games = qipu::games::all();
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

/// Runs `f` `rounds` times (or `QIPU_BENCH_ROUNDS`) and returns the best games/s.
fn best(rounds: usize, mut f: impl FnMut() -> usize) -> (usize, f64) {
    let rounds = std::env::var("QIPU_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(rounds);
    let mut best = 0.0f64;
    let mut games = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        games = f();
        let rate = games as f64 / t.elapsed().as_secs_f64().max(1e-9);
        best = best.max(rate);
    }
    (games, best)
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
    let rules = Rules::defaults(game.rule_specs(), game.presets());
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
        let (n, rate) = best(5, || {
            check_all(game, &records, false);
            records.len()
        });
        println!("wthor replay (records in memory):      {n:>7} games {rate:>12.0} games/s");
        let (n, rate) = best(5, || {
            check_all(game, &records, true);
            records.len()
        });
        println!("wthor adjudicate (records in memory):  {n:>7} games {rate:>12.0} games/s");
        let (n, rate) = best(5, || {
            loaded
                .par_iter()
                .map(|l| in_slices(l, |recs| check_all(l.game, recs, false)))
                .sum()
        });
        println!("wthor read + replay (bytes in memory): {n:>7} games {rate:>12.0} games/s");
        let (n, rate) = best(5, || loaded.par_iter().map(|l| in_slices(l, |_| 0)).sum());
        println!("wthor read only (bytes in memory):     {n:>7} games {rate:>12.0} games/s");
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
        let (n, rate) = best(3, || {
            raw.par_iter()
                .map(|(p, b)| {
                    let Some(l) = load(p, b.clone()) else {
                        return 0;
                    };
                    let rules = Rules::defaults(l.game.rule_specs(), l.game.presets());
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
        println!("{what}       {n:>7} games {rate:>12.0} games/s");
    }
}
