//! `qipu solve`: the exact Othello endgame solver on positions from OBF files (the FFO test
//! format, each line's listed answers checked), board strings (`--board`), or records (the
//! position after `--ply N`, default the last). One position per thread; each prints its
//! score (final disc difference for the side to move, empty squares to the winner), best
//! moves, principal variation, nodes, time and nodes per second.

mod analyze;
mod cache;
pub(crate) mod theory;

use super::common;
use super::{CommonArgs, EXIT_INVALID, EXIT_OK, ReportArgs};
use crate::core::error::RecordError;
use crate::core::record::{GameKind, Player, Record};
use crate::driver::settings::Settings;
use crate::othello::notation::{board_string, move_name, parse_board, square_name};
use crate::othello::replay::replay_record;
use crate::othello::rules::Board;
use crate::othello::solve::obf::parse_obf;
use crate::othello::solve::{Outcome, SolveOptions, Table, solve};
use crate::output::report::ReportFormat;
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What `solve` reads by: Othello records and positions (no game or rules to choose).
#[derive(Args, Debug, Clone)]
pub(crate) struct SolveInputArgs {
    /// The input format (default: detected); see `qipu formats`.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Text encoding of the inputs (auto: BOM, valid UTF-8, else GB18030 or Big5 by content).
    #[arg(long, value_enum, default_value = "auto")]
    pub encoding: super::EncodingArg,
    #[command(flatten)]
    pub run: super::RunArgs,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub input: SolveInputArgs,
    /// The shared reading options `input` stands for (Othello, its rules by default).
    #[arg(skip)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub report: ReportArgs,
    /// A position to solve: 64 cells (a1..h8, `X` Black, `O` White, `-` empty) then the side
    /// to move; repeatable.
    #[arg(long, value_name = "BOARD")]
    pub board: Vec<String>,
    /// For record inputs: the position after this many plies (default: the last position).
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,
    /// For record inputs: only this game of each file, counted from 1 as the table's `#`
    /// (default: every game).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub game_number: Option<u64>,
    /// The same counted from 0 (kept for scripts written before --game-number).
    #[arg(long, value_name = "N", hide = true, conflicts_with = "game_number")]
    pub game_index: Option<usize>,
    /// Transposition table size in MB, shared by the threads and kept between positions.
    #[arg(long, value_name = "MB", default_value_t = 128)]
    pub tt_mb: usize,
    /// Give up a position after this many nodes.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Give up a position after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// Order the moves by the learned pattern evaluation of each move's position from this many
    /// empties (default 14; 60 leaves it to mobility and the evaluation's search from 18).
    #[arg(long, value_name = "EMPTIES", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub eval_from: Option<u32>,
    /// Find one best move only (faster: the other moves are not tested).
    #[arg(long)]
    pub first_best: bool,
    /// Check the theoretical score of every game of the record inputs (WTHOR's byte, or a
    /// TheoreticalScore tag) against perfect play from the position with --depth empties;
    /// every game that disagrees is reported.
    #[arg(long, conflicts_with_all = ["board", "ply"])]
    pub theoretical: bool,
    /// With --theoretical: the empties of the position solved (the WTHOR header's depth).
    #[arg(long, value_name = "EMPTIES", default_value_t = 24, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub depth: u32,
    /// Where each record input's game was lost: every move from the first position with at
    /// most --from-empties empties, with the perfect-play score before and after it, what it
    /// lost and every best move; every move that changed the result, and the decisive mistake
    /// (the loser's last move from a draw or a win to a loss).
    #[arg(long, conflicts_with_all = ["board", "ply", "theoretical"])]
    pub analyze: bool,
    /// With --analyze: the empties from which moves are judged.
    #[arg(long, value_name = "EMPTIES", default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub from_empties: u32,
    /// With --theoretical: keep solved positions in this file (a stopped run resumes).
    #[arg(long, value_name = "FILE")]
    pub solve_cache: Option<String>,
    /// The table's width in columns (default: the terminal's; 100 when stdout is not a
    /// terminal): columns are left out and cells shortened, never a word broken.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
    /// OBF files (`board side; move:score; …`, the FFO test format) or game records.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,
}

/// A position to solve, where it comes from, and the answers its file lists.
struct Job {
    source: String,
    /// `line N` of an OBF file, `game N, ply P` of a record, `board N`.
    at: String,
    board: Board,
    expected: Vec<(u8, i32)>,
}

#[derive(Serialize)]
struct Row {
    source: String,
    at: String,
    board: String,
    empties: u32,
    solved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
    best_moves: Vec<String>,
    pv: Vec<String>,
    nodes: u64,
    time_ms: f64,
    nps: f64,
    /// Whether the score and the best moves agree with the answers the OBF line lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    agrees: Option<bool>,
}

/// Reads the inputs into positions; `Err` is a usage error.
fn jobs(args: &SolveArgs, setup: &Settings) -> Result<Vec<Job>, String> {
    let mut out = Vec::new();
    for (i, b) in args.board.iter().enumerate() {
        let board = parse_board(b).map_err(|e| format!("--board {}: {e}", i + 1))?;
        out.push(Job {
            source: "--board".into(),
            at: format!("board {}", i + 1),
            board,
            expected: Vec::new(),
        });
    }
    for input in &args.inputs {
        let path = PathBuf::from(input);
        if !path.is_file() {
            return Err(format!("{input}: no such file"));
        }
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("obf"))
        {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{input}: {e}"))?;
            for e in parse_obf(&text).map_err(|e| format!("{input}: {e}"))? {
                out.push(Job {
                    source: input.clone(),
                    at: format!("line {}", e.line),
                    board: e.board,
                    expected: e.scores,
                });
            }
            continue;
        }
        let file = crate::driver::input::FoundFile {
            path: Some(path.clone()),
            display: input.clone(),
            explicit: true,
            relative: path,
        };
        let read = crate::driver::open::read_file(&othello_settings(setup), &file)
            .map_err(|p| format!("{}: {}", p.source, p.message))?;
        if read.game.kind() != GameKind::Othello {
            return Err(format!("{input}: not an Othello record"));
        }
        for (g, rec) in read.records.iter().enumerate() {
            if args.game_index.is_some_and(|want| want != g) {
                continue;
            }
            let rec = rec
                .as_ref()
                .map_err(|e| format!("{input}: game {}: {}", g + 1, e.message))?;
            let done = replay_record(rec)
                .map_err(|e| format!("{input}: game {}: {}", g + 1, e.message))?;
            let r = done.replay;
            let plies = args.ply.unwrap_or(r.moves.len());
            if plies > r.moves.len() {
                return Err(format!(
                    "{input}: game {} has {} plies that replay, not {plies}",
                    g + 1,
                    r.moves.len()
                ));
            }
            let mut board = r.start;
            for mv in &r.moves[..plies] {
                board.play(*mv);
            }
            out.push(Job {
                source: input.clone(),
                at: format!("game {}, ply {plies}", g + 1),
                board,
                expected: Vec::new(),
            });
        }
        if let Some(want) = args.game_index
            && want >= read.records.len()
        {
            return Err(format!(
                "{input}: there is no game {} ({} games)",
                want + 1,
                read.records.len()
            ));
        }
    }
    Ok(out)
}

fn row(job: &Job, outcome: Result<Outcome, String>, all_best: bool) -> (Row, Option<String>) {
    let mut r = Row {
        source: job.source.clone(),
        at: job.at.clone(),
        board: board_string(&job.board),
        empties: job.board.empties(),
        solved: false,
        score: None,
        best_moves: Vec::new(),
        pv: Vec::new(),
        nodes: 0,
        time_ms: 0.0,
        nps: 0.0,
        agrees: None,
    };
    let rate = |nodes: u64, t: Duration| nodes as f64 / t.as_secs_f64().max(1e-9);
    match outcome {
        Err(e) => return (r, Some(e)),
        Ok(Outcome::OverBudget { nodes, elapsed }) => {
            r.nodes = nodes;
            r.time_ms = elapsed.as_secs_f64() * 1e3;
            r.nps = rate(nodes, elapsed);
        }
        Ok(Outcome::Solved(s)) => {
            r.solved = true;
            r.score = Some(s.score);
            r.best_moves = s.best_moves.iter().map(|&m| square_name(m)).collect();
            r.pv = s.pv.iter().map(|&m| move_name(m)).collect();
            r.nodes = s.nodes;
            r.time_ms = s.elapsed.as_secs_f64() * 1e3;
            r.nps = rate(s.nodes, s.elapsed);
            // The file may list some moves only: a best move found must not be listed with
            // a lower score, and (when all best moves are sought) a move listed with the best
            // score must be found.
            if let Some(best) = job.expected.iter().map(|e| e.1).max() {
                let listed = |m: u8| job.expected.iter().find(|e| e.0 == m).map(|e| e.1);
                let found_ok = s
                    .best_moves
                    .iter()
                    .all(|&m| listed(m).is_none_or(|v| v == best));
                let listed_found = !all_best
                    || job
                        .expected
                        .iter()
                        .filter(|e| e.1 == best)
                        .all(|e| s.best_moves.contains(&e.0));
                r.agrees = Some(s.score == best && found_ok && listed_found);
            }
        }
    }
    (r, None)
}

pub(crate) fn run(args: &SolveArgs) -> i32 {
    let i = &args.input;
    let args = &SolveArgs {
        common: CommonArgs {
            read: super::ReadArgs {
                game: Some(super::GameArg::Othello),
                from: i.from.clone(),
                encoding: i.encoding,
                ..super::ReadArgs::default()
            },
            run: i.run.clone(),
        },
        game_index: args.game_index.or(args
            .game_number
            .map(|n| usize::try_from(n - 1).unwrap_or(usize::MAX))),
        ..args.clone()
    };
    let setup = match common::settings(&args.common) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    if args.inputs.is_empty() && args.board.is_empty() {
        return common::usage_error("nothing to solve: give OBF files, records or --board");
    }
    if args.time.is_some_and(|t| !(t > 0.0 && t.is_finite())) {
        return common::usage_error("--time must be a positive number of seconds");
    }
    if args.theoretical {
        return theory::check(args, &setup);
    }
    if args.analyze {
        return analyze::run(args, &setup);
    }
    let jobs = match jobs(args, &setup) {
        Ok(j) => j,
        Err(e) => return common::usage_error(&e),
    };
    let Some(pool) = common::pool(args.common.run.jobs) else {
        return common::usage_error("cannot start the worker threads");
    };
    let tt = Table::new(args.tt_mb.clamp(1, 1 << 16));
    let opts = SolveOptions {
        node_limit: args.nodes.unwrap_or(u64::MAX),
        time_limit: args.time.map(Duration::from_secs_f64),
        all_best: !args.first_best,
        eval_from: args.eval_from,
        ..SolveOptions::default()
    };
    let started = Instant::now();
    let bar = common::progress(&args.common, jobs.len() as u64);
    let rows: Vec<(Row, Option<String>)> = pool.install(|| {
        jobs.par_iter()
            .with_max_len(1)
            .map(|job| {
                let out = solve(&job.board, &tt, &opts).map_err(|e| e.to_string());
                bar.inc(1);
                row(job, out, opts.all_best)
            })
            .collect()
    });
    bar.finish_and_clear();
    let wall = started.elapsed();
    print_rows(
        &rows,
        common::report_format(&args.report),
        common::table_width(args.width),
    );
    let solved = rows.iter().filter(|r| r.0.solved).count();
    let wrong = rows.iter().filter(|r| r.0.agrees == Some(false)).count();
    let errors = rows.iter().filter(|r| r.1.is_some()).count();
    for (r, e) in &rows {
        if let Some(e) = e {
            eprintln!("qipu: {} {}: {e}", r.source, r.at);
        }
    }
    let nodes: u64 = rows.iter().map(|r| r.0.nodes).sum();
    if !args.common.run.quiet {
        use crate::output::table::glued;
        let line = format!(
            "{}: {}, {}, {}; {} in {} ({})",
            glued(&format!("{} positions", rows.len())),
            glued(&format!("{solved} solved")),
            glued(&format!("{} over budget", rows.len() - solved - errors)),
            glued(&format!("{wrong} disagree with their file")),
            glued(&format!("{nodes} nodes")),
            glued(&format!("{:.3} s", wall.as_secs_f64())),
            glued(&format!(
                "{:.0} nodes/s",
                nodes as f64 / wall.as_secs_f64().max(1e-9)
            )),
        );
        // Wrapped between its units at --width or the terminal's (a line when piped).
        common::eprint_glued(&line, args.width);
    }
    if solved == rows.len() && wrong == 0 {
        EXIT_OK
    } else {
        EXIT_INVALID
    }
}

fn print_rows(rows: &[(Row, Option<String>)], format: ReportFormat, width: usize) {
    match format {
        ReportFormat::Json => common::print_json_lines(rows.iter().map(|(r, _)| r)),
        ReportFormat::Yaml => {
            let all: Vec<&Row> = rows.iter().map(|r| &r.0).collect();
            common::print_yaml(&all);
        }
        ReportFormat::Table => {
            use crate::output::fit::{Column, Fill, fit, render};
            let columns = [
                Column::new("position", Fill::Path { least: 12 }, None),
                Column::new("empties", Fill::Whole, Some(4)),
                Column::new("to move", Fill::Whole, Some(2)),
                Column::new("score", Fill::Whole, None),
                Column::new("best", Fill::Cut { least: 5 }, None),
                Column::new("pv", Fill::Cut { least: 8 }, Some(5)),
                Column::new("nodes", Fill::Whole, Some(1)),
                Column::new("time", Fill::Whole, Some(3)),
                Column::new("nodes/s", Fill::Whole, Some(0)),
            ];
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|(r, _)| {
                    let side = if r.board.ends_with('X') {
                        Player::First
                    } else {
                        Player::Second
                    };
                    let score = match (r.score, r.agrees) {
                        (None, _) => "over budget".to_string(),
                        (Some(s), Some(false)) => format!("{s:+} (file disagrees)"),
                        (Some(s), _) => format!("{s:+}"),
                    };
                    vec![
                        format!("{} {}", r.source, r.at),
                        r.empties.to_string(),
                        crate::othello::notation::player_name(side).to_string(),
                        score,
                        r.best_moves.join(" "),
                        r.pv.join(" "),
                        r.nodes.to_string(),
                        format!("{:.3} s", r.time_ms / 1e3),
                        format!("{:.0}", r.nps),
                    ]
                })
                .collect();
            print!("{}", render(&fit(&columns, &cells, width)));
        }
    }
}

/// Games of a file with their numbers (from 0), each read or why not.
type NumberedGames = Vec<(usize, Result<Record, RecordError>)>;

/// The games of `input`, an Othello file named on the command line, numbered from 0: all of
/// them, or the one `game_index` names. A file that cannot be read or holds another game is a
/// usage error, whose message is the `Err`.
fn othello_games(
    input: &str,
    setup: &Settings,
    game_index: Option<usize>,
) -> Result<NumberedGames, String> {
    let path = PathBuf::from(input);
    let file = crate::driver::input::FoundFile {
        path: Some(path.clone()),
        display: input.to_string(),
        explicit: true,
        relative: path,
    };
    let read = match crate::driver::open::read_file(&othello_settings(setup), &file) {
        Ok(r) if r.game.kind() == GameKind::Othello => r,
        Ok(_) => return Err(format!("{input}: not an Othello record")),
        Err(p) => return Err(format!("{}: {}", p.source, p.message)),
    };
    let wanted = |g: &usize| game_index.is_none_or(|want| want == *g);
    Ok(read
        .records
        .into_iter()
        .enumerate()
        .filter(|(g, _)| wanted(g))
        .collect())
}

/// The settings with the game fixed to Othello (what solve reads).
pub(super) fn othello_settings(settings: &Settings) -> Settings {
    let mut s = settings.clone();
    s.game = Some(GameKind::Othello);
    s
}
