//! Solved positions kept in a file, so that a long run (a WTHOR conversion, a theoretical
//! score check) stopped half way starts again where it stopped: one line a position, its
//! board string then its exact score for the side to move. Read at the start, appended to
//! (and flushed) as each position is solved.

use crate::othello::notation::{board_string, parse_board};
use crate::othello::rules::Board;
use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;

#[derive(Default)]
pub(crate) struct SolveCache {
    known: Mutex<HashMap<Board, i32>>,
    file: Option<Mutex<std::fs::File>>,
}

impl SolveCache {
    /// The cache of `path` (created when missing), or an empty one kept in memory.
    pub(crate) fn open(path: Option<&str>) -> Result<SolveCache, String> {
        let Some(path) = path else {
            return Ok(SolveCache::default());
        };
        let mut known = HashMap::new();
        if let Ok(text) = std::fs::read_to_string(path) {
            let lines = text.lines().count();
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                // A line cut short by a stop mid-write is skipped; any other bad line is an error.
                let parsed = line
                    .rsplit_once(' ')
                    .and_then(|(b, s)| Some((parse_board(b).ok()?, s.parse::<i32>().ok()?)));
                match parsed {
                    Some((b, s)) if (-64..=64).contains(&s) => {
                        known.insert(b, s);
                    }
                    _ if i + 1 == lines => {}
                    _ => return Err(format!("{path}: line {} is not `board side score`", i + 1)),
                }
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{path}: {e}"))?;
        Ok(SolveCache {
            known: Mutex::new(known),
            file: Some(Mutex::new(file)),
        })
    }

    pub(crate) fn get(&self, b: &Board) -> Option<i32> {
        self.known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(b)
            .copied()
    }

    /// Records a solved position (and appends it to the file).
    pub(crate) fn put(&self, b: &Board, score: i32) {
        self.known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(*b, score);
        if let Some(f) = &self.file {
            let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
            let _ = writeln!(f, "{} {score}", board_string(b));
            let _ = f.flush();
        }
    }
}

/// A progress bar over positions to solve, with the time left (hidden as the other bars).
pub(crate) fn bar(common: &crate::cli::CommonArgs, total: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if common.run.quiet || common.run.no_progress || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    let style = indicatif::ProgressStyle::with_template(
        "{bar:30} {pos}/{len} positions solved {msg} [{elapsed_precise}, ETA {eta}]",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
