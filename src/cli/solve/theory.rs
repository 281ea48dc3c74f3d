//! Theoretical scores of many games at once (for `convert --to wthor` and `solve
//! --theoretical`): each game's position at the depth, the distinct ones not in the cache
//! solved on all cores (one position a thread) with a progress bar, then each game's score;
//! and the check of `solve --theoretical`, stored byte against computed, game by game.

use super::SolveArgs;
use super::cache::{self, SolveCache};
use crate::cli::common;
use crate::cli::{CommonArgs, EXIT_INVALID, EXIT_OK};
use crate::driver::settings::Settings;
use crate::othello::replay::replay_record;
use crate::othello::rules::{Board, Move};
use crate::othello::solve::theory::{TheoryPosition, black_discs, theory_position, to_move_diff};
use crate::othello::solve::{Outcome, SolveOptions, Table, solve};
use crate::output::report::ReportFormat;
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The options of the theoretical score (WTHOR).
#[derive(Args, Debug, Clone)]
pub(crate) struct TheoryArgs {
    /// WTHOR: the number of empty squares from which the theoretical score is perfect play
    /// (the header's depth byte).
    #[arg(long, value_name = "EMPTIES", default_value_t = 24, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub depth: u32,
    /// WTHOR: compute the theoretical score even when the source has one (a WTHOR byte or a
    /// TheoreticalScore tag).
    #[arg(long)]
    pub recompute_theoretical: bool,
    /// WTHOR: do not solve; write the source's theoretical score, else the real score.
    #[arg(long, conflicts_with = "recompute_theoretical")]
    pub no_theoretical: bool,
    /// Keep solved positions in this file: a run stopped half way and started again with
    /// the same file solves only what is left.
    #[arg(long, value_name = "FILE")]
    pub solve_cache: Option<String>,
    /// Transposition table size in MB (shared by the threads).
    #[arg(long, value_name = "MB", default_value_t = 128)]
    pub tt_mb: usize,
    /// Give up a position after this many seconds (its game keeps the score it has).
    #[arg(long, value_name = "SECONDS")]
    pub solve_time: Option<f64>,
}

/// A game's theoretical score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Theory {
    /// Black's discs: by perfect play from the position at the depth …
    Solved(u8),
    /// … or the game's own end, reached with more empties than the depth.
    Ended(u8),
    /// The game stopped before the depth, not over.
    Stopped,
    /// The position was not solved within the budget.
    OverBudget,
}

impl Theory {
    pub(crate) fn discs(self) -> Option<u8> {
        match self {
            Theory::Solved(d) | Theory::Ended(d) => Some(d),
            _ => None,
        }
    }
}

/// A game whose theoretical score is wanted.
pub(crate) struct TheoryGame {
    pub start: Board,
    pub moves: Vec<Move>,
    /// The score the source gives (Black's discs), if any: the solver's first guess, proved
    /// in two null-window tests when right (the score found is exact either way).
    pub stored: Option<u8>,
}

/// The solver and its cache for a run.
pub(crate) struct Theorist {
    pub depth: u32,
    tt: Table,
    cache: SolveCache,
    opts: SolveOptions,
    /// The positions solved and the nodes their searches took (the cache's not counted).
    solved: AtomicU64,
    nodes: AtomicU64,
}

impl Theorist {
    /// The searches order by the pattern evaluation from this many empties (`solve
    /// --eval-from`; `None`: the solver's default).
    fn with_eval_from(mut self, eval_from: Option<u32>) -> Theorist {
        self.opts.eval_from = eval_from;
        self
    }

    pub(crate) fn new(args: &TheoryArgs) -> Result<Theorist, String> {
        if args.solve_time.is_some_and(|t| !(t > 0.0 && t.is_finite())) {
            return Err("--solve-time must be a positive number of seconds".into());
        }
        Ok(Theorist {
            depth: args.depth,
            tt: Table::new(args.tt_mb.clamp(1, 1 << 16)),
            cache: SolveCache::open(args.solve_cache.as_deref())?,
            opts: SolveOptions {
                node_limit: u64::MAX,
                time_limit: args.solve_time.map(Duration::from_secs_f64),
                all_best: false,
                score_only: true,
                ..SolveOptions::default()
            },
            solved: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
        })
    }

    /// The positions this run has solved, and their nodes.
    pub(crate) fn work(&self) -> (u64, u64) {
        (self.solved.load(Relaxed), self.nodes.load(Relaxed))
    }

    /// The theoretical score of each game, solving on the current rayon pool; `Err` when the
    /// CPU cannot run the solver.
    pub(crate) fn scores(
        &self,
        games: &[TheoryGame],
        common: &CommonArgs,
    ) -> Result<Vec<Theory>, String> {
        let at: Vec<TheoryPosition> = games
            .iter()
            .map(|g| theory_position(&g.start, &g.moves, self.depth))
            .collect();
        let mut seen = HashSet::new();
        // Each distinct position not in the cache, with the first guess of its first game.
        let todo: Vec<(Board, Option<i32>)> = at
            .iter()
            .zip(games)
            .filter_map(|(t, g)| match t {
                TheoryPosition::Solve(b) if self.cache.get(b).is_none() && seen.insert(*b) => {
                    let guess = g.stored.map(|d| to_move_diff(d, b.to_move));
                    Some((*b, guess))
                }
                _ => None,
            })
            .collect();
        let bar = cache::bar(common, todo.len() as u64);
        let failed: Vec<String> = todo
            .par_iter()
            .with_max_len(1)
            .filter_map(|(b, guess)| {
                let opts = SolveOptions {
                    guess: *guess,
                    ..self.opts
                };
                let r = solve(b, &self.tt, &opts);
                bar.inc(1);
                match r {
                    Ok(Outcome::Solved(s)) => {
                        self.solved.fetch_add(1, Relaxed);
                        self.nodes.fetch_add(s.nodes, Relaxed);
                        self.cache.put(b, s.score);
                        None
                    }
                    Ok(Outcome::OverBudget { .. }) => None,
                    Err(e) => Some(e.to_string()),
                }
            })
            .collect();
        bar.finish_and_clear();
        if let Some(e) = failed.first() {
            return Err(e.clone());
        }
        Ok(at
            .iter()
            .map(|t| match t {
                TheoryPosition::Solve(b) => match self.cache.get(b) {
                    Some(s) => Theory::Solved(black_discs(match b.to_move {
                        crate::core::record::Player::First => s,
                        crate::core::record::Player::Second => -s,
                    })),
                    None => Theory::OverBudget,
                },
                TheoryPosition::Ended(d) => Theory::Ended(*d),
                TheoryPosition::Stopped => Theory::Stopped,
            })
            .collect())
    }
}

/// Sets the `TheoreticalScore` (and `TheoreticalDepth`) tags of Othello records for WTHOR:
/// computed when a record has none (or always with --recompute-theoretical). A record that
/// does not replay, stopped before the depth or was not solved in time keeps what it has
/// (the writer then falls back to the real score), named on stderr.
pub(crate) fn fill(
    t: &Theorist,
    records: &mut [crate::core::record::Record],
    args: &TheoryArgs,
    common: &CommonArgs,
) -> Result<(), String> {
    use crate::othello::replay::replay_record;
    let mut games = Vec::new();
    let mut which = Vec::new();
    for (i, r) in records.iter().enumerate() {
        if r.game != crate::core::record::GameKind::Othello
            || (!args.recompute_theoretical && r.tag("TheoreticalScore").is_some())
        {
            continue;
        }
        if let Ok(done) = replay_record(r)
            && done.replay.error.is_none()
        {
            games.push(TheoryGame {
                start: done.replay.start,
                moves: done.replay.moves,
                stored: r
                    .tag("TheoreticalScore")
                    .and_then(|v| v.trim().parse().ok()),
            });
            which.push(i);
        }
    }
    if games.is_empty() {
        return Ok(());
    }
    let scores = t.scores(&games, common)?;
    for (&i, th) in which.iter().zip(scores) {
        let r = &mut records[i];
        match th.discs() {
            Some(d) => {
                r.set_tag("TheoreticalScore", d.to_string());
                r.set_tag("TheoreticalDepth", t.depth.to_string());
            }
            None if !common.run.quiet => eprintln!(
                "qipu: game {}: no theoretical score computed ({}); the real score is written",
                r.index,
                match th {
                    Theory::Stopped =>
                        format!("the game stopped with more than {} empties", t.depth),
                    _ => "not solved within --solve-time".to_string(),
                }
            ),
            None => {}
        }
    }
    Ok(())
}

/// One game's theoretical score, stored and computed.
#[derive(Serialize)]
struct TheoryRow {
    source: String,
    game: usize,
    stored: Option<u8>,
    computed: Option<u8>,
    /// solved (from the position at the depth), ended (before the depth), stopped (before
    /// the depth, not over), over-budget, unreadable.
    from: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    agrees: Option<bool>,
}

/// `solve --theoretical`: every game's stored theoretical score against perfect play.
pub(super) fn check(args: &SolveArgs, setup: &Settings) -> i32 {
    let theorist = match Theorist::new(&TheoryArgs {
        depth: args.depth,
        recompute_theoretical: true,
        no_theoretical: false,
        solve_cache: args.solve_cache.clone(),
        tt_mb: args.tt_mb,
        solve_time: args.time,
    }) {
        Ok(t) => t.with_eval_from(args.eval_from),
        Err(e) => return common::usage_error(&e),
    };
    let Some(pool) = common::pool(args.common.run.jobs) else {
        return common::usage_error("cannot start the worker threads");
    };
    let mut rows = Vec::new();
    let mut games = Vec::new();
    for input in &args.inputs {
        let path = PathBuf::from(input);
        if !path.is_file() {
            return common::usage_error(&format!("{input}: no such file"));
        }
        let records = match super::othello_games(input, setup, args.game_index) {
            Ok(records) => records,
            Err(e) => return common::usage_error(&e),
        };
        for (g, rec) in records {
            let replayed = rec
                .as_ref()
                .ok()
                .and_then(|r| replay_record(r).ok().map(|d| (r, d.replay)));
            let mut row = TheoryRow {
                source: input.clone(),
                // From 1, as the table's `#` and the other commands count games.
                game: g + 1,
                stored: None,
                computed: None,
                from: "unreadable",
                agrees: None,
            };
            if let Some((r, replay)) = replayed {
                row.stored = r
                    .tag("TheoreticalScore")
                    .and_then(|v| v.trim().parse().ok());
                games.push(TheoryGame {
                    start: replay.start,
                    moves: replay.moves,
                    stored: row.stored,
                });
                rows.push((row, Some(games.len() - 1)));
            } else {
                rows.push((row, None));
            }
        }
    }
    let scores = match pool.install(|| theorist.scores(&games, &args.common)) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    let format = common::report_format(&args.report);
    let mut listed: Vec<Vec<String>> = Vec::new();
    let (mut agree, mut differ, mut unknown) = (0, 0, 0);
    for (row, at) in &mut rows {
        if let Some(i) = at {
            let th = scores[*i];
            row.computed = th.discs();
            row.from = match th {
                Theory::Solved(_) => "solved",
                Theory::Ended(_) => "ended",
                Theory::Stopped => "stopped",
                Theory::OverBudget => "over-budget",
            };
        }
        row.agrees = match (row.stored, row.computed) {
            (Some(s), Some(c)) => Some(s == c),
            _ => None,
        };
        match row.agrees {
            Some(true) => agree += 1,
            Some(false) => differ += 1,
            None => unknown += 1,
        }
        match format {
            ReportFormat::Json => {
                if let Ok(s) = serde_json::to_string(row) {
                    println!("{s}");
                }
            }
            _ if row.agrees != Some(true) => {
                let show = |v: Option<u8>| v.map_or("-".to_string(), |v| v.to_string());
                listed.push(vec![
                    format!("{} game {}", row.source, row.game),
                    show(row.stored),
                    show(row.computed),
                    row.from.to_string(),
                ]);
            }
            _ => {}
        }
    }
    if format != ReportFormat::Json && differ + unknown > 0 {
        use crate::output::fit::{Column, Fill, fit, render};
        let columns = [
            Column::new("game", Fill::Path { least: 12 }, None),
            Column::new("stored", Fill::Whole, None),
            Column::new("perfect play", Fill::Whole, None),
            Column::new("from", Fill::Whole, Some(0)),
        ];
        let width = common::table_width(args.width);
        print!("{}", render(&fit(&columns, &listed, width)));
    }
    if !args.common.run.quiet {
        use crate::output::table::glued;
        let (solved, nodes) = theorist.work();
        let line = format!(
            "{}: {}, {}, {}; {}, {}",
            glued(&format!("{} games", rows.len())),
            glued(&format!(
                "{agree} agree with perfect play from {} empties",
                args.depth
            )),
            glued(&format!("{differ} disagree")),
            glued(&format!("{unknown} not compared")),
            glued(&format!("positions solved: {solved}")),
            glued(&format!("nodes: {nodes}")),
        );
        // Wrapped between its units at --width or the terminal's (a line when piped).
        common::eprint_glued(&line, args.width);
    }
    if differ == 0 { EXIT_OK } else { EXIT_INVALID }
}
