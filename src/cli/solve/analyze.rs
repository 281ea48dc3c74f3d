//! `qipu solve --analyze RECORDS`: where each game was lost, by perfect play.

use super::SolveArgs;
use crate::cli::common;
use crate::cli::{EXIT_INVALID, EXIT_OK};
use crate::core::analysis::{result_change, signed};
use crate::driver::settings::Settings;
use crate::othello::notation::{move_name, player_name, square_name};
use crate::othello::replay::replay_record;
use crate::othello::solve::analyze::{describe, judge_moves, where_lost};
use crate::othello::solve::{SolveOptions, Table};
use crate::output::report::ReportFormat;
use serde_json::json;
use std::time::Duration;

pub(crate) fn run(args: &SolveArgs, setup: &Settings) -> i32 {
    if args.inputs.is_empty() {
        return common::usage_error("--analyze needs record inputs");
    }
    let tt = Table::new(args.tt_mb.clamp(1, 1 << 16));
    let opts = SolveOptions {
        node_limit: args.nodes.unwrap_or(u64::MAX),
        time_limit: args.time.map(Duration::from_secs_f64),
        all_best: false,
        eval_from: args.eval_from,
        ..SolveOptions::default()
    };
    let format = common::report_format(&args.report);
    let mut exit = EXIT_OK;
    for input in &args.inputs {
        let records = match super::othello_games(input, setup, args.game_index) {
            Ok(records) => records,
            Err(e) => return common::usage_error(&e),
        };
        for (g, rec) in records {
            // Games are named from 1, as the table's `#` counts them.
            let g = g + 1;
            let Some(replay) = rec
                .as_ref()
                .ok()
                .and_then(|r| replay_record(r).ok())
                .map(|d| d.replay)
            else {
                eprintln!("qipu: {input} game {g}: does not replay");
                exit = EXIT_INVALID;
                continue;
            };
            let judged =
                match judge_moves(&replay.start, &replay.moves, args.from_empties, &tt, &opts) {
                    Ok(Some(j)) => j,
                    Ok(None) => {
                        eprintln!("qipu: {input} game {g}: not solved within the budget");
                        exit = EXIT_INVALID;
                        continue;
                    }
                    Err(e) => return common::usage_error(&e.to_string()),
                };
            let w = where_lost(&judged);
            if format == ReportFormat::Json {
                let moves: Vec<_> = judged
                    .iter()
                    .map(|m| {
                        let best: Vec<String> = m.best.iter().map(|&b| square_name(b)).collect();
                        json!({"ply": m.ply, "player": player_name(m.mover), "move": move_name(m.mv),
                               "before": m.before, "after": m.after, "lost": m.lost(),
                               "best": best})
                    })
                    .collect();
                let changes: Vec<usize> = w.changes.iter().map(|m| m.ply).collect();
                let row = json!({"source": input, "game": g, "from_empties": args.from_empties,
                                 "moves": moves, "loser": w.loser.map(player_name),
                                 "decisive": w.decisive.map(describe),
                                 "lost_before": w.lost_before, "result_changes": changes});
                println!("{row}");
                continue;
            }
            println!("{input} game {g}: from {} empties", args.from_empties);
            for m in &judged {
                let lost = if m.lost() > 0 {
                    format!("  lost {}", m.lost())
                } else {
                    String::new()
                };
                println!("  {}{lost}", describe(m));
            }
            for m in &w.changes {
                println!(
                    "  result changed: move {} ({}): {}",
                    m.ply,
                    player_name(m.mover),
                    result_change(m.before, m.after).unwrap_or_default()
                );
            }
            match (w.decisive, w.loser, judged.first()) {
                (Some(m), _, _) => println!("  decisive: {}", describe(m)),
                (None, Some(loser), Some(first)) if w.lost_before => {
                    let score = if first.mover == loser {
                        first.before
                    } else {
                        -first.before
                    };
                    println!(
                        "  decisive: before ply {}: {} was already lost there ({})",
                        first.ply,
                        player_name(loser),
                        signed(score)
                    )
                }
                _ if judged.iter().all(|m| m.lost() == 0) => {
                    println!("  every move was a best move")
                }
                _ => println!("  decisive: none, perfect play ends the game a draw"),
            }
        }
    }
    exit
}
