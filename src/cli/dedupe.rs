//! `qipu dedupe`: the games that are the same game. The reading, replaying and ordering are
//! validate's (`cli::check`, which hands every game's identity here in input order); this
//! keeps one 128-bit identity per distinct game and its first occurrence, and the members of
//! each group of two or more, then prints the groups and the summary.

use crate::core::identity::Identity;
use crate::driver::input::FoundFile;
use crate::driver::report::{self, GameReport, Summary};
use crate::output::report::{ReportFormat, TABLE_BLOCK_ROWS};
use serde::Serialize;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::Write;

/// At most this many games that could not be compared are named on stderr.
const MAX_NOTES: usize = 100;

/// A game's place: its file (an index into the run's files) and its index in the file.
type Place = (u32, u32);

fn place(file_no: usize, index: usize) -> Place {
    (
        u32::try_from(file_no).unwrap_or(u32::MAX),
        u32::try_from(index).unwrap_or(u32::MAX),
    )
}

/// A group of two or more games that are the same game.
struct Group {
    start: String,
    plies: usize,
    valid: bool,
    members: Vec<Place>,
}

/// The identities of a run.
pub(crate) struct Collector {
    quiet: bool,
    /// The table's width (`--width`, the terminal's, or 100 piped).
    width: usize,
    /// The first occurrence of each distinct game, by its identity (as two halves: an entry
    /// aligned to 8 bytes is 24 bytes, to 16 it would be 32).
    first: HashMap<[u64; 2], Place>,
    groups: HashMap<[u64; 2], Group>,
    /// Games that could not be compared (not read at all).
    unreadable: usize,
    notes: usize,
}

/// One group as the json and yaml reports print it.
#[derive(Serialize)]
struct GroupReport<'a> {
    games: Vec<Member<'a>>,
    plies: usize,
    start: &'a str,
    valid: bool,
}

#[derive(Serialize)]
struct Member<'a> {
    source: &'a str,
    index: u32,
}

impl Collector {
    pub(crate) fn new(quiet: bool, width: usize) -> Collector {
        Collector {
            quiet,
            width,
            first: HashMap::new(),
            groups: HashMap::new(),
            unreadable: 0,
            notes: 0,
        }
    }

    fn note(&mut self, text: String) {
        if self.quiet {
            return;
        }
        if self.notes < MAX_NOTES {
            eprintln!("{text}");
        }
        self.notes += 1;
    }

    /// One game (or a whole input that failed), in input order.
    pub(crate) fn add(&mut self, file_no: usize, r: &GameReport, identity: Option<Identity>) {
        let message = || {
            r.error
                .as_ref()
                .map_or("", |e| e.message.as_str())
                .to_string()
        };
        if r.input_failure {
            // Counted by the summary.
            self.note(format!("qipu: {}: {}", r.source, message()));
            return;
        }
        let Some(id) = identity else {
            self.unreadable += 1;
            self.note(format!(
                "qipu: {}, game {}: not compared: {}",
                r.source,
                report::game_number(r.index),
                message()
            ));
            return;
        };
        let here = place(file_no, r.index);
        let key = [(id.key >> 64) as u64, id.key as u64];
        match self.first.entry(key) {
            Entry::Vacant(v) => {
                v.insert(here);
            }
            Entry::Occupied(o) => {
                let first = *o.get();
                self.groups
                    .entry(key)
                    .or_insert_with(|| Group {
                        start: id.start,
                        plies: r.plies,
                        valid: id.complete,
                        members: vec![first],
                    })
                    .members
                    .push(here);
            }
        }
    }

    /// Prints the groups (in the order of their first game) and the summary; returns the
    /// exit status: 1 when there are duplicates.
    pub(crate) fn finish<W: Write>(
        self,
        mut out: W,
        format: ReportFormat,
        summary: &Summary,
        files: &[FoundFile],
    ) -> i32 {
        let mut groups: Vec<Group> = self.groups.into_values().collect();
        groups.sort_by_key(|g| g.members.first().copied());
        let source = |p: &Place| source_of(files, p);
        let duplicates: usize = groups.iter().map(|g| g.members.len() - 1).sum();
        let compared = summary.games.saturating_sub(self.unreadable);
        let distinct = compared.saturating_sub(duplicates);
        let written = match format {
            ReportFormat::Json | ReportFormat::Yaml => groups.iter().try_for_each(|g| {
                let report = GroupReport {
                    games: g
                        .members
                        .iter()
                        .map(|p| Member {
                            source: source(p),
                            index: p.1,
                        })
                        .collect(),
                    plies: g.plies,
                    start: &g.start,
                    valid: g.valid,
                };
                if format == ReportFormat::Json {
                    let line = serde_json::to_string(&report).map_err(std::io::Error::other)?;
                    writeln!(out, "{line}")
                } else {
                    let y = serde_yaml::to_string(&[report]).map_err(std::io::Error::other)?;
                    out.write_all(y.as_bytes())
                }
            }),
            ReportFormat::Table => groups
                .chunks(TABLE_BLOCK_ROWS)
                .try_for_each(|block| write!(out, "{}", table(block, files, self.width))),
        };
        let yaml_empty = format == ReportFormat::Yaml && groups.is_empty();
        let line = summary_line(summary, distinct, groups.len(), duplicates, self.unreadable);
        let finished = written
            .and_then(|_| {
                if yaml_empty {
                    writeln!(out, "[]")
                } else {
                    Ok(())
                }
            })
            .and_then(|_| {
                if format == ReportFormat::Table {
                    writeln!(out, "{line}")
                } else {
                    Ok(())
                }
            })
            .and_then(|_| out.flush());
        if format != ReportFormat::Table && !self.quiet {
            eprintln!("{line}");
        }
        if self.notes > MAX_NOTES {
            eprintln!(
                "qipu: {} more games not compared are not named",
                self.notes - MAX_NOTES
            );
        }
        match (finished, groups.is_empty()) {
            (Err(_), _) | (Ok(()), false) => super::EXIT_INVALID,
            (Ok(()), true) => super::EXIT_OK,
        }
    }
}

fn source_of<'f>(files: &'f [FoundFile], p: &Place) -> &'f str {
    files
        .get(p.0 as usize)
        .map_or("<unknown>", |f| f.display.as_str())
}

/// A block of groups as a table fitted to `width` (output/fit.rs: the members' paths are
/// shortened from the left, the start position cut, plies and start left out when narrow).
fn table(groups: &[Group], files: &[FoundFile], width: usize) -> String {
    use crate::output::fit::{Column, Fill, fit, render};
    let columns = [
        Column::new("games", Fill::Whole, None),
        Column::new("plies", Fill::Whole, Some(1)),
        Column::new("start", Fill::Cut { least: 8 }, Some(0)),
        Column::new("the same game", Fill::Path { least: 12 }, None),
    ];
    let rows: Vec<Vec<String>> = groups
        .iter()
        .map(|g| {
            let members: Vec<String> = g
                .members
                .iter()
                .map(|p| {
                    let n = report::game_number(p.1 as usize);
                    format!("{} #{n}", source_of(files, p))
                })
                .collect();
            let plies = if g.valid {
                g.plies.to_string()
            } else {
                format!("{} (invalid)", g.plies)
            };
            vec![
                g.members.len().to_string(),
                plies,
                g.start.clone(),
                members.join("\n"),
            ]
        })
        .collect();
    render(&fit(&columns, &rows, width))
}

fn summary_line(
    s: &Summary,
    distinct: usize,
    groups: usize,
    duplicates: usize,
    unreadable: usize,
) -> String {
    let rate = if s.games > 0 {
        100.0 * duplicates as f64 / s.games as f64
    } else {
        0.0
    };
    let mut line = format!(
        "{}, {}: {distinct} distinct, {}, {} ({rate:.2}%)",
        report::counted(s.files, "file"),
        report::counted(s.games, "game"),
        report::counted(groups, "duplicate group"),
        report::counted(duplicates, "duplicate"),
    );
    let invalid = s.invalid.saturating_sub(unreadable);
    if invalid > 0 {
        line.push_str(&format!(
            ", {invalid} invalid (compared by the moves that replay and the rest as written)"
        ));
    }
    if unreadable > 0 {
        line.push_str(&format!(", {unreadable} not compared (unreadable)"));
    }
    for unit in s.input_counts() {
        line.push_str(&format!(", {unit}"));
    }
    if s.left_out > 0 {
        line.push_str(&format!(", {} left out by --where", s.left_out));
    }
    if s.seconds > 0.0 {
        line.push_str(&format!(
            "; {:.2} s, {:.0} games/s",
            s.seconds,
            (s.games + s.left_out) as f64 / s.seconds.max(1e-9)
        ));
    }
    line
}
