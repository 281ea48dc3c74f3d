//! `qipu convert`: records to another format. Everything into one output (`-o`, default
//! stdout: many inputs are merged), one output per input mirroring the tree (`--out-dir`), or
//! one file per game (`--split --out-dir`, named from the tags). `--where` keeps the games an
//! expression selects, `--skip-duplicates` writes each game once (the first in input order).
//! Outputs are written atomically, never over an input, never over an existing file without
//! `--force`, never twice in a run; a record that cannot be converted is counted and named,
//! never silently dropped. On a terminal, stderr shows the progress bar of validate.
//!
//! Files are handled a window at a time (up to [`WINDOW_BYTES`] of input or [`WINDOW_FILES`]
//! files): read and selected on all cores, then the duplicates decided in input order, then
//! converted on all cores, then written in input order.

mod names;

use super::common::{self, FileProgress, Setup};
use super::{ConvertArgs, EXIT_INVALID, EXIT_USAGE};
use crate::core::game::{CheckWants, FormatInfo, Game};
use crate::core::input::FoundFile;
use crate::core::output::{self, AtomicFile, canonical};
use crate::core::record::Record;
use crate::core::report::GameReport;
use crate::core::select::{Facts, Filter};
use names::Names;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Input bytes of a window at most (at least one file) …
const WINDOW_BYTES: u64 = 4 << 20;
/// … and files.
const WINDOW_FILES: usize = 256;
/// Games named on stderr as skipped duplicates at most.
const MAX_SKIP_NOTES: usize = 100;

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

#[derive(Default)]
struct Tally {
    games: usize,
    failed: usize,
    files_written: usize,
    skipped: usize,
    left_out: usize,
    exit: i32,
}

impl Tally {
    fn fail(&mut self, message: String) {
        eprintln!("qipu: {message}");
        self.failed += 1;
        self.exit = self.exit.max(EXIT_INVALID);
    }
}

/// Where the output goes.
enum Sink {
    /// One output for everything: stdout, or a file written at the end.
    One(Option<AtomicFile>),
    /// One file per input under the directory, mirroring the input tree.
    PerInput(PathBuf),
    /// One file per game in the directory.
    Split(PathBuf),
}

/// What the whole run reads: the settings every file is handled with.
struct Run<'a> {
    setup: &'a Setup,
    args: &'a ConvertArgs,
    filter: Option<&'a Filter>,
    wants: CheckWants,
    /// The canonical paths of the inputs (never written over).
    inputs: Vec<PathBuf>,
}

/// A file read: its records that `--where` keeps (with their identities for
/// `--skip-duplicates`), and the ones that could not be read.
struct Prepared {
    game: &'static dyn Game,
    target: &'static FormatInfo,
    records: Vec<(Record, Option<u128>)>,
    failures: Vec<(usize, String)>,
    left_out: usize,
}

/// A file's converted output.
struct Converted {
    /// One part for the file, or one per game with `--split` (with the game's name stem).
    parts: Vec<(Vec<u8>, String)>,
    games: usize,
    failures: Vec<(usize, String)>,
    extension: &'static str,
}

pub fn run(args: &ConvertArgs) -> i32 {
    let setup = match Setup::new(&args.common) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    let targets: Vec<&FormatInfo> = setup
        .games
        .iter()
        .filter_map(|g| target_of(*g, &args.to))
        .collect();
    if targets.is_empty() {
        return common::usage_error(&format!(
            "unknown output format `{}`; writable formats: {}",
            args.to,
            writable_ids(&setup.games)
        ));
    }
    let (files, problems) = setup.collect(&args.inputs);
    let mut tally = Tally::default();
    for p in &problems {
        eprintln!("qipu: {}: {}", p.source, p.message);
        tally.exit = EXIT_USAGE;
    }
    let merging = args.out_dir.is_none();
    if merging && files.len() > 1 && targets.iter().any(|t| t.binary) {
        return common::usage_error(&format!(
            "`{}` is a binary database format: write one file per input with --out-dir (or one per game with --split)",
            args.to
        ));
    }
    let filter = args.select.filter.as_ref();
    let needs = filter.map(|f| f.needs()).unwrap_or_default();
    let run = Run {
        setup: &setup,
        args,
        filter,
        wants: CheckWants {
            adjudicate: needs.verdict,
            identity: args.skip_duplicates,
        },
        inputs: files
            .iter()
            .filter_map(|f| f.path.as_ref().map(|p| canonical(p)))
            .collect(),
    };
    let mut sink = match (&args.out_dir, args.split, args.output.as_deref()) {
        (Some(dir), true, _) => Sink::Split(PathBuf::from(dir)),
        (Some(dir), false, _) => Sink::PerInput(PathBuf::from(dir)),
        (None, _, None | Some("-")) => Sink::One(None),
        (None, _, Some(path)) => {
            match AtomicFile::create(Path::new(path), &run.inputs, args.force) {
                Ok(f) => Sink::One(Some(f)),
                Err(e) => {
                    eprintln!("qipu: {e}");
                    return EXIT_USAGE;
                }
            }
        }
    };
    let sizes = common::file_sizes(&files);
    let progress = FileProgress::new(&args.common, &sizes, Instant::now());
    let pool = common::pool(args.common.jobs);
    let mut state = State {
        seen: HashMap::new(),
        written: HashSet::new(),
        names: Names::default(),
        skip_notes: 0,
        stdout_broken: false,
        quiet: args.common.quiet,
    };
    let mut start = 0;
    while start < files.len() {
        let mut end = start;
        let mut bytes = 0u64;
        while end < files.len()
            && (end == start || (bytes < WINDOW_BYTES && end - start < WINDOW_FILES))
        {
            bytes += sizes.get(end).copied().unwrap_or(0);
            end += 1;
        }
        let window: Vec<usize> = (start..end).collect();
        let work = || {
            window
                .par_iter()
                .map(|&i| prepare(&run, &files[i]))
                .collect::<Vec<_>>()
        };
        let read = match &pool {
            Some(p) => p.install(work),
            None => work(),
        };
        // Duplicates are decided in input order.
        let kept: Vec<(usize, Result<Prepared, String>)> = window
            .iter()
            .zip(read)
            .map(|(&i, r)| (i, r.map(|p| state.skip_seen(&files, i, p, &mut tally))))
            .collect();
        let split = matches!(sink, Sink::Split(_));
        let convert = || {
            kept.into_par_iter()
                .map(|(i, r)| {
                    let c = r.map(|p| convert_file(&run, &files[i], p, split));
                    (i, c)
                })
                .collect::<Vec<_>>()
        };
        let converted = match &pool {
            Some(p) => p.install(convert),
            None => convert(),
        };
        for (i, c) in converted {
            let file = &files[i];
            let games = c.as_ref().map_or(0, |c| c.games + c.failures.len());
            match c {
                Ok(c) => state.write(&run, &mut sink, file, c, &mut tally),
                Err(e) => tally.fail(format!("{}: {e}", file.display)),
            }
            progress.file_done(sizes.get(i).copied().unwrap_or(0), games);
        }
        start = end;
    }
    progress.bar.finish_and_clear();
    if state.skip_notes > MAX_SKIP_NOTES && !args.common.quiet {
        eprintln!(
            "qipu: {} more duplicates skipped, not named",
            state.skip_notes - MAX_SKIP_NOTES
        );
    }
    if let Sink::One(Some(f)) = sink {
        let path = f.path().display().to_string();
        if let Err(e) = f.commit() {
            eprintln!("qipu: {e}");
            return EXIT_USAGE;
        }
        tally.files_written += 1;
        if !args.common.quiet {
            eprintln!("wrote {path} ({} games)", tally.games);
        }
    } else if state.stdout_broken {
        return tally.exit.max(EXIT_INVALID);
    }
    if !args.common.quiet {
        let mut line = format!(
            "converted {} games into {} file(s); {} could not be converted",
            tally.games,
            tally
                .files_written
                .max(usize::from(args.output.is_none() && args.out_dir.is_none())),
            tally.failed
        );
        if args.skip_duplicates {
            line.push_str(&format!("; {} duplicates skipped", tally.skipped));
        }
        if tally.left_out > 0 {
            line.push_str(&format!("; {} left out by --where", tally.left_out));
        }
        eprintln!("{line}");
    }
    tally.exit
}

/// Reads a file and keeps the games `--where` selects.
fn prepare(run: &Run<'_>, file: &FoundFile) -> Result<Prepared, String> {
    let args = run.args;
    let read = common::read_file(
        run.setup,
        file,
        args.common.from.as_deref(),
        args.common.game.map(|g| g.kind()),
    )
    .map_err(|p| p.message)?;
    let game = read.game;
    let target = target_of(game, &args.to).ok_or_else(|| {
        format!(
            "cannot convert {} records to `{}`; writable {} formats: {}",
            game.kind(),
            args.to,
            game.kind(),
            game.formats()
                .iter()
                .filter(|f| f.write)
                .map(|f| f.id)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    let rules = run.setup.rules_for(game.kind());
    let needs = run.filter.map(|f| f.needs()).unwrap_or_default();
    let checks = needs.replay || needs.verdict || run.wants.identity;
    let mut p = Prepared {
        game,
        target,
        records: Vec::new(),
        failures: Vec::new(),
        left_out: 0,
    };
    for (i, r) in read.records.into_iter().enumerate() {
        let rec = match r {
            Ok(rec) => rec,
            Err(e) => {
                let report = GameReport::unreadable(
                    &file.display,
                    i,
                    Some(game.kind()),
                    None,
                    &e,
                    None,
                    false,
                );
                if run
                    .filter
                    .is_some_and(|f| !f.matches(&Facts::of_report(&report, &[])))
                {
                    p.left_out += 1;
                } else {
                    p.failures.push((i, e.to_string()));
                }
                continue;
            }
        };
        let (keep, key) = if checks {
            let mut checked = game.check_with(&rec, &rules, run.wants);
            let key = checked.identity.take().map(|id| id.key);
            let keep = run.filter.is_none_or(|f| {
                let report =
                    GameReport::from_checked(&file.display, &rec, checked, None, needs.verdict);
                f.matches(&Facts::of_report(&report, &rec.tags))
            });
            (keep, key)
        } else {
            let keep = run.filter.is_none_or(|f| {
                f.matches(&Facts {
                    tags: &rec.tags,
                    game: Some(rec.game),
                    format: Some(rec.format),
                    index: rec.index,
                    claimed: rec.claim.as_ref().map(|c| c.result),
                    // Not asked for (the filter does not need the replay).
                    valid: true,
                    plies: 0,
                    verdict: None,
                    agrees: None,
                })
            });
            (keep, None)
        };
        if keep {
            p.records.push((rec, key));
        } else {
            p.left_out += 1;
        }
    }
    Ok(p)
}

/// Converts the records kept of a file: all at once, or one at a time with `--split`.
fn convert_file(run: &Run<'_>, file: &FoundFile, p: Prepared, split: bool) -> Converted {
    let rules = run.setup.rules_for(p.game.kind());
    let records: Vec<Record> = p.records.into_iter().map(|(r, _)| r).collect();
    let mut failures = p.failures;
    let mut parts = Vec::new();
    let mut games = 0;
    if split {
        let source = file.path.clone().unwrap_or_else(|| PathBuf::from("stdin"));
        for rec in &records {
            let c = p
                .game
                .convert(std::slice::from_ref(rec), p.target.id, &rules);
            for (_, e) in c.failures {
                failures.push((rec.index, e.to_string()));
            }
            if c.games > 0 {
                games += c.games;
                let stem =
                    names::from_tags(rec).unwrap_or_else(|| names::from_source(&source, rec.index));
                parts.push((c.bytes, stem));
            }
        }
    } else if !records.is_empty() {
        let c = p.game.convert(&records, p.target.id, &rules);
        for (i, e) in c.failures {
            let index = records.get(i).map_or(i, |r| r.index);
            failures.push((index, e.to_string()));
        }
        games = c.games;
        parts.push((c.bytes, String::new()));
    }
    failures.sort_by_key(|f| f.0);
    Converted {
        parts,
        games,
        failures,
        extension: p.target.extensions.first().copied().unwrap_or("txt"),
    }
}

/// What the run remembers across windows.
struct State {
    /// `--skip-duplicates`: the first place of each game written.
    seen: HashMap<u128, (usize, usize)>,
    /// Outputs written by this run (never written twice).
    written: HashSet<PathBuf>,
    names: Names,
    skip_notes: usize,
    stdout_broken: bool,
    quiet: bool,
}

impl State {
    /// Leaves out the games written before (the first in input order stays).
    fn skip_seen(
        &mut self,
        files: &[FoundFile],
        file_no: usize,
        mut p: Prepared,
        tally: &mut Tally,
    ) -> Prepared {
        tally.left_out += p.left_out;
        if !p.records.iter().any(|(_, k)| k.is_some()) {
            return p;
        }
        let quiet = self.quiet;
        let mut kept = Vec::with_capacity(p.records.len());
        for (rec, key) in p.records {
            let Some(key) = key else {
                kept.push((rec, None));
                continue;
            };
            match self.seen.get(&key) {
                Some(&(f, i)) => {
                    tally.skipped += 1;
                    self.skip_notes += 1;
                    if !quiet && self.skip_notes <= MAX_SKIP_NOTES {
                        let first = files.get(f).map_or("?", |x| x.display.as_str());
                        eprintln!(
                            "qipu: {}, game {}: skipped: the same game as {first}, game {i}",
                            files[file_no].display, rec.index
                        );
                    }
                }
                None => {
                    self.seen.insert(key, (file_no, rec.index));
                    kept.push((rec, Some(key)));
                }
            }
        }
        p.records = kept;
        p
    }

    /// Writes a file's output and reports it.
    fn write(
        &mut self,
        run: &Run<'_>,
        sink: &mut Sink,
        file: &FoundFile,
        c: Converted,
        tally: &mut Tally,
    ) {
        let quiet = run.args.common.quiet;
        let name = &file.display;
        tally.games += c.games;
        for (i, e) in &c.failures {
            tally.fail(format!("{name}, game {i}: not converted: {e}"));
        }
        match sink {
            Sink::One(out) => {
                for (bytes, _) in &c.parts {
                    let r = match out {
                        Some(f) => f.write_all(bytes).map_err(|e| e.to_string()),
                        None if self.stdout_broken => Ok(()),
                        None => {
                            let mut o = std::io::stdout().lock();
                            if o.write_all(bytes).and_then(|_| o.flush()).is_err() {
                                self.stdout_broken = true;
                            }
                            Ok(())
                        }
                    };
                    if let Err(e) = r {
                        tally.fail(e);
                    }
                }
            }
            Sink::PerInput(dir) => {
                if c.games == 0 {
                    if c.failures.is_empty() {
                        eprintln!("qipu: {name}: no game to convert; no file written");
                        tally.exit = tally.exit.max(EXIT_INVALID);
                    } else if !quiet {
                        eprintln!("qipu: {name}: no game could be converted; no file written");
                    }
                    return;
                }
                let out = dir.join(&file.relative).with_extension(c.extension);
                let bytes: Vec<u8> = c.parts.into_iter().flat_map(|(b, _)| b).collect();
                if self.write_one(run, &out, &bytes, tally) && !quiet {
                    eprintln!("{name} -> {} ({} games)", out.display(), c.games);
                }
            }
            Sink::Split(dir) => {
                let parts = c.parts.len();
                let mut written = 0;
                for (bytes, stem) in c.parts {
                    let out = dir.join(self.names.unique(&stem, c.extension));
                    if self.write_one(run, &out, &bytes, tally) {
                        written += 1;
                    }
                }
                if !quiet && parts > 0 {
                    eprintln!("{name} -> {written} file(s) in {}", dir.display());
                }
            }
        }
    }

    /// Writes one output file; false (and reported) when it cannot be.
    fn write_one(&mut self, run: &Run<'_>, out: &Path, bytes: &[u8], tally: &mut Tally) -> bool {
        let key = canonical(out);
        if self.written.contains(&key) {
            tally.fail(format!(
                "refusing to write {}: this run wrote it already (two inputs map to one output)",
                out.display()
            ));
            return false;
        }
        match output::write_atomic(out, bytes, &run.inputs, run.args.force) {
            Ok(()) => {
                self.written.insert(key);
                tally.files_written += 1;
                true
            }
            Err(e) => {
                tally.fail(e.to_string());
                false
            }
        }
    }
}
