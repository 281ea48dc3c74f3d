//! `qipu match`: engines play each other and qipu referees every game by the rules — the
//! match runner (docs/match.md). Each game is judged move by move by the same [`Referee`] as
//! `adjudicate`, so it ends the moment the rules end it (mate, 长将/长捉, the repetition draw,
//! the move limit, Othello's last disc), with the offender named; engine faults (an illegal
//! move, time, a crash, a hang, garbage) end it too. Every game is appended to the output as
//! it ends, flushed and synced; a match started again with the same output plays only the
//! games that are not there.

mod dialect;
pub(crate) mod engine;
mod game;
mod record;
mod schedule;
pub(crate) mod stats;

pub(crate) use schedule::{Opening, Pairing, Tournament, read_openings, schedule};

use crate::core::record::{GameKind, GameResult};
use crate::core::rules::Rules;
use engine::{Engine, EngineSpec, Proto};
use serde::Serialize;
use stats::{Score, Sprt, SprtState};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Adjudication by the engines' own scores (always named so in the record).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ScoreAdjudication {
    /// Draw: from this move number on, when both engines' scores stayed within `draw_score`
    /// of 0 for `draw_count` moves each.
    pub draw: Option<(u32, u32, i64)>,
    /// Resign: an engine whose score stayed at or below −`score` for `count` of its moves, and
    /// its opponent's at or above `score`.
    pub resign: Option<(u32, i64)>,
}

/// Everything a match needs.
#[derive(Debug, Clone)]
pub(crate) struct MatchConfig {
    pub game: GameKind,
    pub engines: Vec<EngineSpec>,
    pub tournament: Tournament,
    /// Games per pairing.
    pub games: usize,
    pub openings: Vec<Opening>,
    pub jobs: usize,
    pub rules: Rules,
    pub output: PathBuf,
    /// Send UCCI engines `banmoves` before `go`.
    pub banmoves: bool,
    /// Time over its clock an engine is allowed before it loses on time.
    pub margin: Duration,
    /// How long a node- or depth-limited search may take before the engine is called hung.
    pub hang: Duration,
    pub adjudication: ScoreAdjudication,
    pub sprt: Option<Sprt>,
    pub event: String,
    /// `(k, n)`: play only the rounds r with (r − 1) mod n = k − 1 (one machine's share).
    pub shard: Option<(usize, usize)>,
}

/// One game's end.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameOutcome {
    /// 1-based, as the record's Round tag.
    pub round: usize,
    pub first: String,
    pub second: String,
    pub result: GameResult,
    /// The rule or fault: `checkmate`, `perpetual-chase` … or `illegal-move`, `timeout`,
    /// `crash`, `hang`, `garbage`, `no-move-claimed`, `adjudication-draw`, `adjudication-resign`.
    pub reason: String,
    pub ply: usize,
    pub detail: String,
    /// How many `banmoves` lists were sent, and the moves in them.
    pub banned_sent: usize,
    /// An engine's own view that differs from the referee's (`bestmove (none)` while the
    /// referee had legal moves, …).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub engine_claims: Vec<String>,
}

/// The standings of a match.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Standings {
    /// The first engine's score against the others (a two-engine match: against the second).
    pub score: Score,
    /// Games by reason.
    pub reasons: std::collections::BTreeMap<String, usize>,
    /// Games already in the output when the match started.
    pub resumed: usize,
    pub played: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt_llr: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtState>,
}

impl Standings {
    fn add(&mut self, first: &str, second: &str, result: GameResult, reason: &str, main: &str) {
        *self.reasons.entry(reason.to_string()).or_default() += 1;
        let sign = if first == main {
            1
        } else if second == main {
            -1
        } else {
            return;
        };
        match (result, sign) {
            (GameResult::Draw, _) => self.score.draws += 1,
            (GameResult::FirstWins, 1) | (GameResult::SecondWins, -1) => self.score.wins += 1,
            (GameResult::FirstWins, _) | (GameResult::SecondWins, _) => self.score.losses += 1,
            _ => {}
        }
    }
}

/// Runs the match; `on_game` sees each game as it ends, with the standings. Returns the
/// standings, or why the match could not start.
pub(crate) fn run(
    config: &MatchConfig,
    on_game: &(dyn Fn(&GameOutcome, &Standings) + Sync),
) -> Result<Standings, String> {
    let games = schedule(
        config.engines.len(),
        config.tournament,
        config.games,
        config.openings.len(),
    )?;
    if let Some(e) = config.engines.iter().find(|e| e.proto == Proto::Gtp)
        && config.openings.iter().any(|o| o.start.is_some())
    {
        return Err(format!(
            "engine {} speaks GTP, which cannot set up a position: give openings as moves from the start (a record file or directory, --opening-plies N), not positions",
            e.name
        ));
    }
    let main = config
        .engines
        .first()
        .map(|e| e.name.clone())
        .unwrap_or_default();
    let mut standings = Standings::default();
    let done = record::resume(config, &main, &mut standings)?;
    let todo: Vec<Pairing> = games
        .into_iter()
        .filter(|g| !done.contains(&g.round))
        .filter(|g| config.shard.is_none_or(|(k, n)| (g.round - 1) % n == k - 1))
        .collect();
    let logs = log_dir(&config.output)?;
    let out = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&config.output)
            .map_err(|e| format!("{}: {e}", config.output.display()))?,
    );
    let standings = Mutex::new(standings);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let todo = Arc::new(todo);
    std::thread::scope(|scope| {
        for slot in 0..config.jobs.max(1) {
            let (todo, next, stop, out, standings, failure, logs, main) = (
                &todo, &next, &stop, &out, &standings, &failure, &logs, &main,
            );
            scope.spawn(move || {
                let mut engines: HashMap<usize, Engine> = HashMap::new();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(pairing) = todo.get(i) else { break };
                    let played = game::play(config, pairing, &mut engines, slot, logs);
                    let (outcome, record) = match played {
                        Ok(x) => x,
                        Err(e) => {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    };
                    let mut s = standings.lock().unwrap_or_else(|p| p.into_inner());
                    {
                        let mut f = out.lock().unwrap_or_else(|p| p.into_inner());
                        if let Err(e) = f
                            .write_all(&record)
                            .and_then(|_| f.flush())
                            .and_then(|_| f.sync_data())
                        {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(format!("{}: {e}", config.output.display()));
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    }
                    s.add(
                        &outcome.first,
                        &outcome.second,
                        outcome.result,
                        &outcome.reason,
                        main,
                    );
                    s.played += 1;
                    if let Some(t) = &config.sprt {
                        let (llr, state) = s.score.sprt(t);
                        s.sprt_llr = Some(llr);
                        s.sprt = Some(state);
                        if state != SprtState::Continue {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    on_game(&outcome, &s);
                }
                for (_, e) in engines.drain() {
                    e.stop("quit");
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(standings.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// The folder of the engines' stderr logs: `OUTPUT.engines/`.
fn log_dir(output: &Path) -> Result<PathBuf, String> {
    let mut name = output.as_os_str().to_owned();
    name.push(".engines");
    let dir = PathBuf::from(name);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}
