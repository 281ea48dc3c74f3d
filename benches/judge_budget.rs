//! How long the CXA repetition judge takes to spend one game's whole search budget
//! (`mate::Budget::GAME` units), in the real positions of the CCPD corpus:
//! `cargo bench --bench judge_budget` (QIPU_CORPUS if the corpus is not at ../shared/corpus).
//!
//! For every game, the judge's question — the threats (mate and material, `cxa::threats`) of
//! each side, checks set aside as the judge does — is asked at every position of the game,
//! the positions taken again from the start while the budget lasts, with one budget for the
//! game, until it is spent. Real games rarely spend their budget (the judge asks only in
//! repetitions); this measures the bound itself: what the most a game can cost comes to.
//! One thread. Prints the mean and the slowest games. No assertion on timings: the figures go
//! to docs/rules/xiangqi-repetition.md.

use qipu::core::encoding::{TextEncoding, decode};
use qipu::core::game::Game;
use qipu::core::record::Input;
use qipu::xiangqi::Xiangqi;
use qipu::xiangqi::repetition::aside::Aside;
use qipu::xiangqi::repetition::cxa::threats;
use qipu::xiangqi::repetition::mate::Budget;
use qipu::xiangqi::rules::{Color, Position};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn corpus() -> PathBuf {
    std::env::var_os("QIPU_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
}

/// The positions of a game's main line, as far as it replays.
fn positions(setup: Option<&str>, moves: &[qipu::core::record::MoveEntry]) -> Vec<Position> {
    let Ok(mut p) = setup.map_or_else(|| Ok(Position::start()), Position::from_fen) else {
        return Vec::new();
    };
    let mut out = vec![p.clone()];
    for m in moves {
        let Ok((mv, _)) = qipu::xiangqi::notation::resolve(&p, &m.text) else {
            break;
        };
        if p.play(mv).is_err() {
            break;
        }
        out.push(p.clone());
    }
    out
}

/// The time the game's positions take to spend one budget, and the questions asked.
fn spend(positions: &[Position]) -> (Duration, usize) {
    let mut budget = Budget::game();
    let mut asked = 0;
    let started = Instant::now();
    while budget.left > 0 && !positions.is_empty() {
        for p in positions {
            for side in [Color::Red, Color::Black] {
                if budget.left == 0 {
                    break;
                }
                let aside = Aside::checks_against(p, side);
                std::hint::black_box(threats(p, side, &aside, &mut budget));
                asked += 1;
            }
        }
    }
    (started.elapsed(), asked)
}

fn main() {
    let dir = corpus().join("xiangqi/ccpd");
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
        .into_iter()
        .flatten()
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    if files.is_empty() {
        eprintln!("no CCPD corpus under {}", dir.display());
        return;
    }
    let mut times = Vec::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let text = decode(&bytes, TextEncoding::Auto).text;
        let input = Input {
            name: path.display().to_string(),
            bytes: Arc::from(bytes.as_slice()),
            text: Some(Arc::from(text.as_str())),
            siblings: Vec::new(),
        };
        for rec in Xiangqi.read("pgn", &input).into_iter().flatten() {
            let setup = rec.setup.as_ref().map(|(s, _)| s.as_str());
            let (t, asked) = spend(&positions(setup, &rec.moves));
            times.push((t, asked, path.clone()));
        }
    }
    times.sort();
    let total: Duration = times.iter().map(|t| t.0).sum();
    println!(
        "{} games, a budget of {} units each: mean {:.1} ms to spend it, median {:.1} ms",
        times.len(),
        Budget::GAME,
        total.as_secs_f64() * 1e3 / times.len().max(1) as f64,
        times[times.len() / 2].0.as_secs_f64() * 1e3
    );
    for (t, asked, path) in times.iter().rev().take(5) {
        println!(
            "{:7.1} ms  {asked:4} questions  {}",
            t.as_secs_f64() * 1e3,
            path.strip_prefix(&dir).unwrap_or(path).display()
        );
    }
}
