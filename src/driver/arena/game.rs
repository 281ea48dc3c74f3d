//! One game of a match: the engines asked for moves in turn, every move pushed into the
//! referee, the game ended by the rules, an engine's fault or (when asked) the engines' scores.

use super::dialect::{self, Answer, Ask};
use super::engine::{self, Engine, Proto};
use super::record::{Ending, write_record};
use super::{GameOutcome, MatchConfig, Pairing, ScoreAdjudication};
use crate::core::record::{GameKind, GameResult, Termination};
use crate::driver::referee::Referee;
use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

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

/// Plays one game: the outcome and the record's bytes. `Err` only when an engine cannot be
/// started at all (the match stops: nothing would go better in the next game).
pub(super) fn play(
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
    // The opening's moves for a protocol that replays them (GTP), in coordinates.
    let prelude: Option<Vec<String>> = match opening {
        None => Some(Vec::new()),
        Some(o) if o.start.is_none() => {
            Some(o.moves.iter().map(|m| m.to_ascii_lowercase()).collect())
        }
        Some(_) => None,
    };
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
        // Every legal move banned: the mover must still play one, so none is forbidden.
        let banned = if config.banmoves {
            Some(referee.ban_moves())
                .filter(|b| b.len() < legal.len())
                .unwrap_or_default()
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
            prelude: prelude.as_deref(),
            first_to_move: first,
            banned: if proto == Proto::Ucci { &banned } else { &[] },
            limit,
            clocks: clocks[me].map(|mine| (mine, clocks[1 - me].unwrap_or(mine), togo)),
        };
        let deadline = dialect::deadline_of(&ask, config.margin, config.hang);
        let began = Instant::now();
        // An engine that died during the game (while its opponent thought) has lost it; it is
        // started again for its next game, never in the middle of one.
        let died = || {
            forfeit(
                me,
                "crash",
                &format!(
                    "{} exited or crashed during the game (stderr in {})",
                    names[me],
                    logs.display()
                ),
                None,
                None,
            )
        };
        if !engines.get_mut(&idx[me]).is_some_and(|e| e.alive()) {
            engines.remove(&idx[me]);
            break died();
        }
        let Some(engine) = engines.get_mut(&idx[me]) else {
            break died();
        };
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
                        // The engine's own score (its last `info … score`, from the mover's
                        // side), and whether the move was one it had been told not to play.
                        let mut said: Vec<String> =
                            score.iter().map(|s| format!("score {s:+}")).collect();
                        if ban_hit {
                            said.push(if proto == Proto::Ucci {
                                "played though banned (banmoves)".to_string()
                            } else {
                                "a move banmoves forbids (not sent to this protocol)".to_string()
                            });
                        }
                        comments.push((!said.is_empty()).then(|| said.join("; ")));
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
