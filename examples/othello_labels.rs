//! Exact labels for the Othello move-order evaluation: positions at 14–22 empties drawn from
//! the WTHOR games and from random play, each solved exactly by qipu's solver, appended to a
//! file (one line a position: `index board score`, the score the final disc difference for
//! the side to move), with the positions of its principal variation down to 14 empties. Resumable: position `index` is drawn from a generator seeded with
//! `index`, and a run starts after the greatest index already in the file.
//!
//!     cargo run --release --example othello_labels -- OUT WTHOR_DIR [COUNT [EMPTIES]]
//!
//! EMPTIES (`14-22` by default) is the range of the drawn positions' empties, e.g. `14-17` for
//! the evaluation's first stage alone (fast: a few labels a second).
//!
//! Three sources in turn: a WTHOR game's position at the drawn empties; a WTHOR game's
//! position 1–10 plies earlier, then random moves down to the drawn empties; random play from
//! the start. The fit (`examples/othello_fit.rs`) reads the file.

use qipu::core::record::GameKind;
use qipu::driver::input::FoundFile;
use qipu::driver::open::read_file;
use qipu::driver::settings::Settings;
use qipu::othello::notation::board_string;
use qipu::othello::replay::replay_record;
use qipu::othello::rules::{Board, Move, squares};
use qipu::othello::solve::{Outcome, SolveOptions, Table, solve};
use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// The empties of the labelled positions, by default.
const EMPTIES: std::ops::RangeInclusive<u32> = 14..=22;

fn wthor_games(dir: &str) -> Result<Vec<(Board, Vec<Move>)>, String> {
    let mut settings = Settings::defaults();
    settings.game = Some(GameKind::Othello);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
        .collect();
    paths.sort();
    let mut games = Vec::new();
    for path in paths {
        let file = FoundFile {
            display: path.display().to_string(),
            relative: path.clone(),
            path: Some(path),
            explicit: true,
        };
        let read =
            read_file(&settings, &file).map_err(|p| format!("{}: {}", p.source, p.message))?;
        for rec in read.records.iter().flatten() {
            if let Ok(done) = replay_record(rec)
                && done.replay.error.is_none()
            {
                games.push((done.replay.start, done.replay.moves));
            }
        }
    }
    Ok(games)
}

/// Plays random legal moves (passing when it must) until `empties` are left; `None` when the
/// game ends first.
fn random_down(mut b: Board, empties: u32, rng: &mut XorShiftRng) -> Option<Board> {
    while b.empties() > empties {
        if b.is_over() {
            return None;
        }
        let moves: Vec<u8> = squares(b.legal()).collect();
        if moves.is_empty() {
            b.play(Move::Pass);
        } else {
            b.play(Move::Place(moves[rng.random_range(0..moves.len())]));
        }
    }
    Some(b)
}

/// The position of `game` with `empties` left (`None` when the game never has that many).
fn game_at(game: &(Board, Vec<Move>), empties: u32) -> Option<Board> {
    let mut b = game.0;
    for &mv in &game.1 {
        if b.empties() == empties {
            break;
        }
        b.play(mv);
    }
    (b.empties() == empties).then_some(b)
}

/// Position `index`: drawn from a generator seeded with it (`None`: try the next index).
fn draw(
    index: u64,
    games: &[(Board, Vec<Move>)],
    empties: &std::ops::RangeInclusive<u32>,
) -> Option<Board> {
    let mut rng = XorShiftRng::seed_from_u64(index ^ 0x9e37_79b9_7f4a_7c15);
    let e = rng.random_range(empties.clone());
    let b = match index % 3 {
        0 => game_at(&games[rng.random_range(0..games.len())], e)?,
        1 => {
            let k = rng.random_range(1..=10);
            let g = &games[rng.random_range(0..games.len())];
            random_down(game_at(g, (e + k).min(59))?, e, &mut rng)?
        }
        _ => random_down(Board::start(), e, &mut rng)?,
    };
    // A position whose side to move must pass is labelled from the side that moves.
    if b.is_over() {
        return None;
    }
    let mut b = b;
    if b.must_pass() {
        b.play(Move::Pass);
    }
    Some(b)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: othello_labels OUT WTHOR_DIR [COUNT [EMPTIES]]");
        std::process::exit(2);
    }
    let count: u64 = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(u64::MAX);
    let empties = match args.get(4).map(|r| {
        r.split_once('-')
            .and_then(|(a, b)| Some(a.parse::<u32>().ok()?..=b.parse::<u32>().ok()?))
    }) {
        None => EMPTIES,
        Some(Some(r)) if !r.is_empty() && *r.end() <= 59 => r,
        Some(_) => {
            eprintln!("EMPTIES is a range like 14-17");
            std::process::exit(2);
        }
    };
    let games = match wthor_games(&args[2]) {
        Ok(g) if !g.is_empty() => g,
        Ok(_) => {
            eprintln!("{}: no WTHOR games", args[2]);
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    // Resume after the greatest index already written.
    let mut next = 0u64;
    if let Ok(f) = std::fs::File::open(&args[1]) {
        for line in std::io::BufReader::new(f).lines().map_while(Result::ok) {
            let mut w = line.split(' ');
            if let (Some(i), Some(_), Some(_), Some(_)) = (w.next(), w.next(), w.next(), w.next())
                && let Ok(i) = i.parse::<u64>()
            {
                next = next.max(i + 1);
            }
        }
    }
    let mut out = match std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args[1])
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{}: {e}", args[1]);
            std::process::exit(1);
        }
    };
    eprintln!("{} games; starting at index {next}", games.len());
    let tt = Table::new(64);
    let opts = SolveOptions {
        all_best: false,
        ..SolveOptions::default()
    };
    let end = next.saturating_add(count);
    for index in next..end {
        let Some(b) = draw(index, &games, &empties) else {
            continue;
        };
        let Ok(Outcome::Solved(s)) = solve(&b, &tt, &opts) else {
            eprintln!("index {index}: not solved");
            continue;
        };
        // The position, then those of the principal variation down to the least empties
        // labelled (perfect play keeps the score, negated at each ply), all in one write, so
        // a run stopped half way leaves whole lines.
        let mut lines = String::new();
        let (mut at, mut score) = (b, s.score);
        for mv in std::iter::once(None).chain(s.pv.iter().map(Some)) {
            if let Some(&mv) = mv {
                at.play(mv);
                score = -score;
            }
            if at.empties() < *empties.start() {
                break;
            }
            if !at.must_pass() {
                lines += &format!("{index} {} {score}\n", board_string(&at));
            }
        }
        if let Err(e) = out.write_all(lines.as_bytes()) {
            eprintln!("{}: {e}", args[1]);
            std::process::exit(1);
        }
    }
}
