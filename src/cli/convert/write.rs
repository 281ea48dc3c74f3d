//! What convert remembers across windows, in input order: the index of each file's next
//! game, the games written (for `--skip-duplicates`), the outputs written and the names given,
//! and the output of the file being streamed into `--out-dir`.

use super::names::Names;
use super::{Converted, MAX_SKIP_NOTES, Prepared, Run, Sink, Tally};
use crate::cli::EXIT_INVALID;
use crate::driver::input::FoundFile;
use crate::driver::report::{counted, game_number};
use crate::output::{self, AtomicFile, canonical};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The output of one input (`--out-dir` without `--split`), written a unit at a time.
struct FileOut {
    file_no: usize,
    out: Option<AtomicFile>,
    games: usize,
    failures: usize,
    failed: bool,
}

pub(super) struct State {
    /// The games read so far of the file being read (the first index of its next unit).
    base: (usize, usize),
    /// `--skip-duplicates`: the first place of each game written.
    seen: HashMap<u128, (usize, usize)>,
    /// Outputs written by this run (never written twice).
    written: HashSet<PathBuf>,
    names: Names,
    pub skip_notes: usize,
    /// Notes on what a target could not hold, said so far.
    pub notes: usize,
    pub stdout_broken: bool,
    quiet: bool,
    /// A line a file written (`a.pgn -> out/a.pgn (3 games)`): only for a few inputs; a
    /// database gets the progress bar and the summary.
    file_lines: bool,
    current: Option<FileOut>,
}

/// Inputs up to this many get a line a file written.
pub(super) const FILE_LINES_UP_TO: usize = 10;

impl State {
    pub(crate) fn new(quiet: bool, inputs: usize) -> State {
        State {
            base: (usize::MAX, 0),
            seen: HashMap::new(),
            written: HashSet::new(),
            names: Names::default(),
            skip_notes: 0,
            notes: 0,
            stdout_broken: false,
            quiet,
            file_lines: !quiet && inputs <= FILE_LINES_UP_TO,
            current: None,
        }
    }

    /// Gives a unit's games their index in the file and leaves out the games written before
    /// (the first in input order stays).
    pub(crate) fn settle(
        &mut self,
        files: &[FoundFile],
        file_no: usize,
        last: bool,
        mut p: Prepared,
        tally: &mut Tally,
    ) -> Prepared {
        if self.base.0 != file_no {
            self.base = (file_no, 0);
        }
        let base = self.base.1;
        self.base.1 += p.read;
        if last {
            self.base = (usize::MAX, 0);
        }
        tally.left_out += p.left_out;
        for f in &mut p.failures {
            f.0 += base;
        }
        let mut kept = Vec::with_capacity(p.records.len());
        for (mut rec, key) in p.records {
            rec.index += base;
            let Some(key) = key else {
                kept.push((rec, None));
                continue;
            };
            match self.seen.get(&key) {
                Some(&(f, i)) => {
                    tally.skipped += 1;
                    self.skip_notes += 1;
                    if !self.quiet && self.skip_notes <= MAX_SKIP_NOTES {
                        let first = files.get(f).map_or("?", |x| x.display.as_str());
                        let this = files.get(file_no).map_or("?", |x| x.display.as_str());
                        eprintln!(
                            "qipu: {this}, game {}: skipped: the same game as {first}, game {}",
                            game_number(rec.index),
                            game_number(i)
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

    /// Writes a unit's output (`last`: the last unit of its file) and reports it.
    pub(crate) fn write(
        &mut self,
        run: &Run<'_>,
        sink: &mut Sink,
        file: &FoundFile,
        (file_no, last): (usize, bool),
        c: Result<Converted, String>,
        tally: &mut Tally,
    ) {
        let name = &file.display;
        let c = match c {
            Ok(c) => c,
            Err(e) => {
                tally.fail(format!("{name}: {e}"));
                if let Some(cur) = self.current.as_mut().filter(|c| c.file_no == file_no) {
                    cur.failed = true;
                }
                if last && matches!(sink, Sink::PerInput(_)) {
                    self.finish_file(file, file_no, tally);
                }
                return;
            }
        };
        tally.games += c.games;
        for (i, n) in &c.notes {
            self.notes += 1;
            if !self.quiet && self.notes <= MAX_SKIP_NOTES {
                eprintln!("qipu: note: {name}, game {}: {n}", game_number(*i));
            }
        }
        for (i, e) in &c.failures {
            tally.fail(format!(
                "{name}, game {}: not converted: {e}",
                game_number(*i)
            ));
        }
        match sink {
            Sink::One(out) => {
                for (bytes, _) in &c.parts {
                    match out {
                        Some(f) => {
                            if let Err(e) = f.write_all(bytes) {
                                tally.fail(e.to_string());
                            }
                        }
                        None if self.stdout_broken => {}
                        None => {
                            let mut o = std::io::stdout().lock();
                            if o.write_all(bytes).and_then(|_| o.flush()).is_err() {
                                self.stdout_broken = true;
                            }
                        }
                    }
                }
            }
            Sink::PerInput(dir) => {
                if self.current.as_ref().is_none_or(|c| c.file_no != file_no) {
                    self.current = Some(FileOut {
                        file_no,
                        out: None,
                        games: 0,
                        failures: 0,
                        failed: false,
                    });
                }
                let dir = dir.clone();
                self.append(run, &dir, file, c, tally);
                if last {
                    let done = self.finish_file(file, file_no, tally);
                    if let Some((out, games)) = done {
                        tally.files_written += 1;
                        if self.file_lines {
                            eprintln!("{name} -> {} ({})", out.display(), counted(games, "game"));
                        }
                    }
                }
            }
            Sink::Split(dir) => {
                let dir = dir.clone();
                let parts = c.parts.len();
                let mut written = 0;
                for (bytes, stem) in c.parts {
                    let out = dir.join(self.names.unique(&stem, c.extension));
                    if self.write_one(run, &out, &bytes, tally) {
                        written += 1;
                    }
                }
                if self.file_lines && parts > 0 {
                    eprintln!(
                        "{name} -> {} in {}",
                        counted(written, "file"),
                        dir.display()
                    );
                }
            }
        }
    }

    /// Adds a unit's output to its input's output file (created with the first bytes).
    fn append(
        &mut self,
        run: &Run<'_>,
        dir: &Path,
        file: &FoundFile,
        c: Converted,
        tally: &mut Tally,
    ) {
        let Some(cur) = self.current.as_mut() else {
            return;
        };
        cur.games += c.games;
        cur.failures += c.failures.len();
        if cur.failed || c.games == 0 {
            return;
        }
        if cur.out.is_none() {
            let out = dir.join(&file.relative).with_extension(c.extension);
            let key = canonical(&out);
            if self.written.contains(&key) {
                cur.failed = true;
                tally.fail(format!(
                    "refusing to write {}: this run wrote it already (two inputs map to one output)",
                    out.display()
                ));
                return;
            }
            match AtomicFile::create(&out, &run.inputs, run.args.force) {
                Ok(f) => {
                    self.written.insert(key);
                    cur.out = Some(f);
                }
                Err(e) => {
                    cur.failed = true;
                    tally.fail(e.to_string());
                    return;
                }
            }
        }
        if let Some(f) = cur.out.as_mut() {
            for (bytes, _) in &c.parts {
                if let Err(e) = f.write_all(bytes) {
                    cur.failed = true;
                    tally.fail(e.to_string());
                    return;
                }
            }
        }
    }

    /// The end of an input's output: committed when games were written and nothing failed
    /// (else discarded, and said). Returns the output written and its games.
    fn finish_file(
        &mut self,
        file: &FoundFile,
        file_no: usize,
        tally: &mut Tally,
    ) -> Option<(PathBuf, usize)> {
        let cur = self.current.take().filter(|c| c.file_no == file_no)?;
        let name = &file.display;
        if cur.games == 0 && !cur.failed {
            if cur.failures == 0 {
                eprintln!("qipu: {name}: no game to convert; no file written");
                tally.exit = tally.exit.max(EXIT_INVALID);
            } else if !self.quiet {
                eprintln!("qipu: {name}: no game could be converted; no file written");
            }
            return None;
        }
        let out = cur.out?;
        if cur.failed {
            // Dropped: the temporary file goes, no half output is left.
            if !self.quiet {
                eprintln!(
                    "qipu: {name}: not written ({} not finished)",
                    out.path().display()
                );
            }
            return None;
        }
        let path = out.path().to_path_buf();
        match out.commit() {
            Ok(()) => Some((path, cur.games)),
            Err(e) => {
                tally.fail(e.to_string());
                None
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
