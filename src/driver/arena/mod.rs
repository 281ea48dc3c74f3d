//! `qipu match`: engines play each other and qipu referees every game by the rules — the
//! match runner (docs/match.md). Each game is judged move by move by the same [`Referee`] as
//! `adjudicate`, so it ends the moment the rules end it (mate, 长将/长捉, the repetition draw,
//! the move limit, Othello's last disc), with the offender named; engine faults (an illegal
//! move, time, a crash, a hang, garbage) end it too. Every game is appended to the output as
//! it ends, flushed and synced; a match started again with the same output plays only the
//! games that are not there.

mod dialect;
pub mod engine;
mod schedule;
pub mod stats;

pub use schedule::{Opening, Pairing, Tournament, read_openings, schedule};

use crate::core::record::{Claim, GameKind, GameResult, MoveEntry, Record, Span, Termination};
use crate::core::rules::Rules;
use crate::driver::referee::Referee;
use dialect::{Answer, Ask};
use engine::{Engine, EngineSpec, Proto};
use serde::Serialize;
use stats::{Score, Sprt, SprtState};
use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Adjudication by the engines' own scores (always named so in the record).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreAdjudication {
    /// Draw: from this move number on, when both engines' scores stayed within `draw_score`
    /// of 0 for `draw_count` moves each.
    pub draw: Option<(u32, u32, i64)>,
    /// Resign: an engine whose score stayed at or below −`score` for `count` of its moves, and
    /// its opponent's at or above `score`.
    pub resign: Option<(u32, i64)>,
}

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchConfig {
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
}

/// One game's end.
#[derive(Debug, Clone, Serialize)]
pub struct GameOutcome {
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
pub struct Standings {
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
pub fn run(
    config: &MatchConfig,
    on_game: &(dyn Fn(&GameOutcome, &Standings) + Sync),
) -> Result<Standings, String> {
    let games = schedule(
        config.engines.len(),
        config.tournament,
        config.games,
        config.openings.len(),
    )?;
    let main = config
        .engines
        .first()
        .map(|e| e.name.clone())
        .unwrap_or_default();
    let mut standings = Standings::default();
    let done = resume(config, &main, &mut standings)?;
    let todo: Vec<Pairing> = games
        .into_iter()
        .filter(|g| !done.contains(&g.round))
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
                    let played = play(config, pairing, &mut engines, slot, logs);
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

/// The games already in the output (their Round tags), their results added to `standings`.
/// A game cut off by a kill (the file not ending with the blank line that ends every game
/// written) is cut away first; the file keeps every finished game.
fn resume(
    config: &MatchConfig,
    main: &str,
    standings: &mut Standings,
) -> Result<BTreeSet<usize>, String> {
    let path = &config.output;
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(BTreeSet::new());
    };
    if bytes.is_empty() {
        return Ok(BTreeSet::new());
    }
    let end = GAME_END.as_bytes();
    if !bytes.ends_with(end) {
        let keep = bytes
            .windows(end.len())
            .rposition(|w| w == end)
            .map_or(0, |at| at + end.len());
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        f.set_len(keep as u64)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut done = BTreeSet::new();
    for block in text.split(GAME_END).filter(|b| !b.trim().is_empty()) {
        let tag = |name: &str| -> Option<String> {
            let at = block.find(&format!("[{name} \""))?;
            let rest = &block[at + name.len() + 3..];
            Some(rest[..rest.find("\"]")?].to_string())
        };
        let (first_tag, second_tag) = match config.game {
            GameKind::Othello => ("Black", "White"),
            _ => ("Red", "Black"),
        };
        let (Some(round), Some(first), Some(second), Some(result)) = (
            tag("Round").and_then(|r| r.parse::<usize>().ok()),
            tag(first_tag),
            tag(second_tag),
            tag("Result").and_then(|r| GameResult::parse(&r)),
        ) else {
            continue;
        };
        if done.insert(round) {
            let reason = tag("QipuReason").unwrap_or_default();
            standings.add(&first, &second, result, &reason, main);
            standings.resumed += 1;
        }
    }
    Ok(done)
}

/// What ends every game written: the blank line after the move text.
const GAME_END: &str = "\n\n\n";

/// The side to move: the first player (Red; Black in Othello)?
fn first_to_move(game: GameKind, position: &str) -> bool {
    let side = match game {
        GameKind::Othello => position.rsplit(' ').next().unwrap_or("X"),
        _ => position.split_whitespace().nth(1).unwrap_or("w"),
    };
    matches!(side, "w" | "W" | "r" | "R" | "X" | "x" | "*")
}

/// The engine for `index` in this worker, started (and its handshake made) if it is not
/// running.
fn engine_for<'a>(
    config: &MatchConfig,
    engines: &'a mut HashMap<usize, Engine>,
    index: usize,
    slot: usize,
    logs: &Path,
) -> Result<&'a mut Engine, String> {
    if let Some(e) = engines.get_mut(&index)
        && !e.alive()
    {
        engines.remove(&index);
    }
    match engines.entry(index) {
        std::collections::hash_map::Entry::Occupied(e) => Ok(e.into_mut()),
        std::collections::hash_map::Entry::Vacant(vacant) => {
            let spec = &config.engines[index];
            let log = logs.join(format!("{}-{}.stderr", sanitize(&spec.name), slot));
            let mut e = Engine::start(spec, &log)?;
            dialect::handshake(&mut e, config.game)?;
            Ok(vacant.insert(e))
        }
    }
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A game's end before the record is written.
struct Ending {
    result: GameResult,
    reason: String,
    detail: String,
    termination: Option<Termination>,
    /// The bad move, kept in the record as a comment.
    fault_move: Option<String>,
}

/// Plays one game: the outcome and the record's bytes. `Err` only when an engine cannot be
/// started at all (the match stops: nothing would go better in the next game).
fn play(
    config: &MatchConfig,
    pairing: &Pairing,
    engines: &mut HashMap<usize, Engine>,
    slot: usize,
    logs: &Path,
) -> Result<(GameOutcome, Vec<u8>), String> {
    let opening = config.openings.get(pairing.opening);
    let start_text = opening.and_then(|o| o.start.clone());
    let mut referee = Referee::from_position(config.game, &config.rules, start_text.as_deref())
        .map_err(|e| format!("opening {}: {}", pairing.opening + 1, e.message))?;
    if let Some(o) = opening {
        for m in &o.moves {
            referee
                .push(m)
                .map_err(|e| format!("opening {}: move {m}: {e}", pairing.opening + 1))?;
        }
    }
    // The game starts from the opening's last position (the record's FEN).
    let start = referee.position();
    let standard = Referee::new(config.game, &config.rules).position();
    let mut referee = Referee::from_position(config.game, &config.rules, Some(&start))
        .map_err(|e| format!("opening {}: {}", pairing.opening + 1, e.message))?;
    let names = [
        config.engines[pairing.first].name.clone(),
        config.engines[pairing.second].name.clone(),
    ];
    let idx = [pairing.first, pairing.second];
    for &i in &idx {
        let e = engine_for(config, engines, i, slot, logs)?;
        if dialect::new_game(e).is_err() {
            // A dead or deaf engine is started again.
            engines.remove(&i);
            let e = engine_for(config, engines, i, slot, logs)?;
            dialect::new_game(e)?;
        }
    }
    let limits = [
        config.engines[pairing.first].limit,
        config.engines[pairing.second].limit,
    ];
    let mut clocks: [Option<f64>; 2] = [
        limits[0].clock.map(|c| c.seconds),
        limits[1].clock.map(|c| c.seconds),
    ];
    let mut moved = [0u32; 2];
    let mut moves: Vec<String> = Vec::new();
    let mut comments: Vec<Option<String>> = Vec::new();
    let mut scores: [Vec<i64>; 2] = [Vec::new(), Vec::new()];
    let mut banned_sent = 0;
    let mut engine_claims = Vec::new();
    let ending = loop {
        if referee.is_over() || referee.claimable().is_some() {
            let v = referee.verdict().unwrap_or_else(|| {
                crate::core::verdict::Verdict::new(
                    GameResult::Unfinished,
                    crate::core::verdict::Reason::Unfinished,
                    referee.plies(),
                    "",
                )
            });
            break Ending {
                result: v.result,
                reason: v.reason.as_str().to_string(),
                detail: v.detail.clone(),
                termination: None,
                fault_move: None,
            };
        }
        let position = referee.position();
        let first = first_to_move(config.game, &position);
        let me = if first { 0 } else { 1 };
        let legal = referee.legal_moves();
        if config.game == GameKind::Othello && (legal.is_empty() || legal == ["pass"]) {
            // A forced pass: the referee plays it; no engine is asked.
            if referee.push("pass").is_err() {
                break forfeit(me, "no-move", "no legal move and no pass", None, None);
            }
            moves.push("pass".to_string());
            comments.push(None);
            continue;
        }
        let banned = if config.banmoves {
            referee.ban_moves()
        } else {
            Vec::new()
        };
        let proto = config.engines[idx[me]].proto;
        if proto == Proto::Ucci && !banned.is_empty() {
            banned_sent += 1;
        }
        let limit = limits[me];
        let togo = limit
            .clock
            .and_then(|c| (c.moves > 0).then(|| c.moves - moved[me] % c.moves));
        let ask = Ask {
            start: &start,
            moves: &moves,
            first_to_move: first,
            banned: if proto == Proto::Ucci { &banned } else { &[] },
            limit,
            clocks: clocks[me].map(|mine| (mine, clocks[1 - me].unwrap_or(mine), togo)),
        };
        let deadline = dialect::deadline_of(&ask, config.margin, config.hang);
        let began = Instant::now();
        let engine = engine_for(config, engines, idx[me], slot, logs)?;
        let answer = dialect::think(engine, &ask, deadline);
        let spent = began.elapsed().as_secs_f64();
        let name = &names[me];
        match answer {
            Answer::Timeout => {
                engines.remove(&idx[me]);
                let (reason, why, term) = if limit.movetime.is_some() || limit.clock.is_some() {
                    (
                        "timeout",
                        format!("{name} lost on time ({spent:.3} s)"),
                        Some(Termination::Timeout),
                    )
                } else {
                    (
                        "hang",
                        format!(
                            "{name} gave no move within {} s and was stopped",
                            config.hang.as_secs()
                        ),
                        None,
                    )
                };
                break forfeit(me, reason, &why, term, None);
            }
            Answer::Crash => {
                engines.remove(&idx[me]);
                break forfeit(
                    me,
                    "crash",
                    &format!(
                        "{name} exited or crashed while thinking (stderr in {})",
                        logs.display()
                    ),
                    None,
                    None,
                );
            }
            Answer::Garbage(line) => {
                break forfeit(
                    me,
                    "garbage",
                    &format!("{name} answered `{line}`, not a move"),
                    None,
                    Some(line),
                );
            }
            Answer::NoMove(line) => {
                engine_claims.push(format!(
                    "ply {}: {name} said `{line}` while the referee had {} legal moves",
                    moves.len() + 1,
                    legal.len()
                ));
                break forfeit(
                    me,
                    "no-move-claimed",
                    &format!(
                        "{name} said `{line}` (no move), but the rules had {} legal moves: {}",
                        legal.len(),
                        legal.iter().take(8).cloned().collect::<Vec<_>>().join(" ")
                    ),
                    None,
                    Some(line),
                );
            }
            Answer::Move { qipu, text, score } => {
                if let Some(c) = clocks[me].as_mut() {
                    *c -= spent;
                    if *c + config.margin.as_secs_f64() < 0.0 {
                        break forfeit(
                            me,
                            "timeout",
                            &format!(
                                "{name} lost on time ({spent:.3} s over a clock of {:.3} s)",
                                *c + spent
                            ),
                            Some(Termination::Timeout),
                            None,
                        );
                    }
                    let lc = limit.clock.unwrap_or(engine::Clock {
                        moves: 0,
                        seconds: 0.0,
                        increment: 0.0,
                    });
                    *c = c.max(0.0) + lc.increment;
                    moved[me] += 1;
                    if lc.moves > 0 && moved[me] % lc.moves == 0 {
                        *c += lc.seconds;
                    }
                }
                let ban_hit = banned.contains(&qipu);
                match referee.push(&qipu) {
                    Err(e) => {
                        break forfeit(
                            me,
                            "illegal-move",
                            &format!("{name} played `{text}` ({qipu}), refused: {}", e.message),
                            None,
                            Some(text),
                        );
                    }
                    Ok(_) => {
                        moves.push(qipu);
                        comments.push(ban_hit.then(|| "a banned move (banmoves)".to_string()));
                        if let Some(s) = score {
                            scores[me].push(s);
                        }
                    }
                }
                if !referee.is_over()
                    && referee.claimable().is_none()
                    && let Some(end) =
                        adjudicate_by_scores(&config.adjudication, &scores, moves.len(), &names)
                {
                    break end;
                }
            }
        }
    };
    let plies = referee.plies();
    let outcome = GameOutcome {
        round: pairing.round,
        first: names[0].clone(),
        second: names[1].clone(),
        result: ending.result,
        reason: ending.reason.clone(),
        ply: plies,
        detail: ending.detail.clone(),
        banned_sent,
        engine_claims,
    };
    let record = write_record(
        config, pairing, &names, &start, &standard, &moves, &comments, &ending, plies,
    );
    Ok((outcome, record))
}

/// The mover (`me`: 0 first, 1 second) forfeits.
fn forfeit(
    me: usize,
    reason: &str,
    detail: &str,
    termination: Option<Termination>,
    fault: Option<String>,
) -> Ending {
    Ending {
        result: if me == 0 {
            GameResult::SecondWins
        } else {
            GameResult::FirstWins
        },
        reason: reason.to_string(),
        detail: detail.to_string(),
        termination,
        fault_move: fault,
    }
}

/// Draw or resign by the engines' scores, when asked for.
fn adjudicate_by_scores(
    a: &ScoreAdjudication,
    scores: &[Vec<i64>; 2],
    plies: usize,
    names: &[String; 2],
) -> Option<Ending> {
    if let Some((count, score)) = a.resign {
        let n = count as usize;
        for loser in 0..2 {
            let (l, w) = (&scores[loser], &scores[1 - loser]);
            if l.len() >= n
                && w.len() >= n
                && l[l.len() - n..].iter().all(|s| *s <= -score)
                && w[w.len() - n..].iter().all(|s| *s >= score)
            {
                let mut e = forfeit(
                    loser,
                    "adjudication-resign",
                    &format!(
                        "adjudicated by the engines' scores: {} at or below -{score} and {} at or above {score} for {count} moves each",
                        names[loser],
                        names[1 - loser]
                    ),
                    None,
                    None,
                );
                e.detail.push_str(" (not a rule of the game)");
                return Some(e);
            }
        }
    }
    if let Some((from, count, score)) = a.draw {
        let n = count as usize;
        if plies / 2 + 1 >= from as usize
            && scores
                .iter()
                .all(|s| s.len() >= n && s[s.len() - n..].iter().all(|x| x.abs() <= score))
        {
            return Some(Ending {
                result: GameResult::Draw,
                reason: "adjudication-draw".to_string(),
                detail: format!(
                    "adjudicated a draw by the engines' scores: both within {score} of 0 for {count} moves each from move {from} on (not a rule of the game)"
                ),
                termination: Some(Termination::Agreement),
                fault_move: None,
            });
        }
    }
    None
}

/// The game as a record in the game's PGN (Xiangqi PGN in ICCS, Othello PGN), with the
/// match's verdict in its tags, ending with [`GAME_END`].
#[allow(clippy::too_many_arguments)]
fn write_record(
    config: &MatchConfig,
    pairing: &Pairing,
    names: &[String; 2],
    start: &str,
    standard: &str,
    moves: &[String],
    comments: &[Option<String>],
    ending: &Ending,
    plies: usize,
) -> Vec<u8> {
    let mut r = Record::new(config.game, "pgn", pairing.round - 1);
    let (first_tag, second_tag) = match config.game {
        GameKind::Othello => ("Black", "White"),
        _ => ("Red", "Black"),
    };
    r.set_tag("Event", config.event.clone());
    r.set_tag("Site", "qipu match");
    r.set_tag("Date", today());
    r.set_tag("Round", pairing.round.to_string());
    r.set_tag(first_tag, names[0].clone());
    r.set_tag(second_tag, names[1].clone());
    r.set_tag("Result", ending.result.as_str());
    if start != standard {
        r.setup = Some((start.to_string(), Span::default()));
    }
    if let Some(t) = ending.termination {
        r.set_tag(
            "Termination",
            match t {
                Termination::Timeout => "time forfeit",
                Termination::Agreement => "adjudication: draw agreed by the engines' scores",
                Termination::Resignation => "resignation",
            },
        );
    } else if !is_board_reason(&ending.reason) {
        r.set_tag("Termination", format!("forfeit: {}", ending.reason));
    }
    r.set_tag("QipuReason", ending.reason.clone());
    r.set_tag("QipuPly", plies.to_string());
    r.set_tag("QipuDetail", ending.detail.replace('"', "'"));
    r.set_tag("Rules", config.rules.preset.clone());
    r.moves = moves
        .iter()
        .zip(comments)
        .map(|(m, c)| {
            let mut e = MoveEntry::new(m.as_str(), Span::default());
            if let Some(c) = c {
                e.comments.push(c.clone());
            }
            e
        })
        .collect();
    if let Some(bad) = &ending.fault_move
        && let Some(last) = r.moves.last_mut()
    {
        last.comments
            .push(format!("then: {bad} ({})", ending.reason));
    } else if let Some(bad) = &ending.fault_move {
        r.comments
            .push(format!("first move: {bad} ({})", ending.reason));
    }
    r.claim = Some(Claim {
        result: ending.result,
        termination: ending.termination,
        text: ending.result.as_str().to_string(),
        span: Span::default(),
    });
    let format = match config.game {
        GameKind::Othello => "pgn-othello",
        _ => "pgn-iccs",
    };
    let mut bytes = match crate::driver::convert::convert(&[r], format, &config.rules) {
        Ok((_, c)) if c.failures.is_empty() => c.bytes,
        Ok((_, c)) => format!(
            "{{qipu could not write round {}: {:?}}}\n",
            pairing.round, c.failures
        )
        .into_bytes(),
        Err(e) => format!("{{qipu could not write round {}: {e}}}\n", pairing.round).into_bytes(),
    };
    while bytes.last() == Some(&b'\n') {
        bytes.pop();
    }
    bytes.extend_from_slice(GAME_END.as_bytes());
    bytes
}

/// Today's date as PGN writes it (`2026.12.03`, UTC), from the days since 1970 (the civil
/// calendar's days-to-date conversion of H. Hinnant's `civil_from_days`).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Whether a reason is one of the rules' own (not an engine fault or an adjudication).
fn is_board_reason(reason: &str) -> bool {
    crate::core::verdict::Reason::ALL
        .iter()
        .any(|r| r.as_str() == reason)
}
