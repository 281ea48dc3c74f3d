//! Exact labels for the Othello move-order evaluation from the WTHOR theoretical scores: the
//! federation's byte is Black's discs under perfect play from the game's position at the
//! header's depth (24 empties in every file of the corpus), so each game that reaches that
//! depth gives one exact label without any search. Written in the format of
//! `examples/othello_labels.rs` (one line a position: `index board score`, the score the final
//! disc difference for the side to move), for `examples/othello_fit.rs`.
//!
//!     cargo run --release --example othello_wthor_labels -- OUT WTHOR_DIR [EXCEPT.wtb ...]
//!
//! The files named after WTHOR_DIR are left out (kept for testing the order: WTH_1995.wtb,
//! the year `qipu solve --theoretical` is timed on, and WTH_1997.wtb, whose 16 positions guard
//! the FFO measurements). The index counts the labels from 1,000,000,000 (past any index of
//! the solving generator), so that the fit holds out every tenth as it does the generator's.
//! Deterministic: the same corpus gives the same file.

use qipu::core::record::{GameKind, Player};
use qipu::driver::input::FoundFile;
use qipu::driver::open::read_file;
use qipu::driver::settings::Settings;
use qipu::othello::notation::board_string;
use qipu::othello::replay::replay_record;
use qipu::othello::rules::Move;
use std::io::Write;
use std::path::PathBuf;

/// The first index written.
const FIRST_INDEX: u64 = 1_000_000_000;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: othello_wthor_labels OUT WTHOR_DIR [EXCEPT.wtb ...]");
        std::process::exit(2);
    }
    let except: Vec<&str> = args[3..].iter().map(String::as_str).collect();
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(&args[2]) {
        Ok(d) => d
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
            .filter(|p| {
                !p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| except.contains(&n))
            })
            .collect(),
        Err(e) => {
            eprintln!("{}: {e}", args[2]);
            std::process::exit(1);
        }
    };
    paths.sort();
    let mut settings = Settings::defaults();
    settings.game = Some(GameKind::Othello);
    let mut lines = String::new();
    let mut index = FIRST_INDEX;
    for path in paths {
        let file = FoundFile {
            display: path.display().to_string(),
            relative: path.clone(),
            path: Some(path.clone()),
            explicit: true,
        };
        let read = match read_file(&settings, &file) {
            Ok(r) => r,
            Err(p) => {
                eprintln!("{}: {}", p.source, p.message);
                std::process::exit(1);
            }
        };
        let (mut games, mut labelled) = (0, 0);
        for rec in read.records.iter().flatten() {
            games += 1;
            let depth: u32 = match rec.tag("TheoreticalDepth").map(|d| d.trim().parse()) {
                Some(Ok(d)) => d,
                _ => 24,
            };
            let Some(Ok(discs)) = rec.tag("TheoreticalScore").map(|v| v.trim().parse::<i32>())
            else {
                continue;
            };
            let Ok(done) = replay_record(rec) else {
                continue;
            };
            if done.replay.error.is_some() {
                continue;
            }
            // The first position with at most `depth` empties (as the theoretical check
            // solves it); a game that ends or stops before it gives no label.
            let mut b = done.replay.start;
            let mut moves = done.replay.moves.iter();
            while b.empties() > depth {
                match moves.next() {
                    Some(&mv) => b.play(mv),
                    None => break,
                }
            }
            if b.empties() > depth || b.is_over() {
                continue;
            }
            if b.must_pass() {
                b.play(Move::Pass);
            }
            let black = 2 * discs - 64;
            let score = match b.to_move {
                Player::First => black,
                Player::Second => -black,
            };
            lines += &format!("{index} {} {score}\n", board_string(&b));
            index += 1;
            labelled += 1;
        }
        eprintln!("{}: {games} games, {labelled} labels", path.display());
    }
    if let Err(e) = std::fs::File::create(&args[1]).and_then(|mut f| f.write_all(lines.as_bytes()))
    {
        eprintln!("{}: {e}", args[1]);
        std::process::exit(1);
    }
}
