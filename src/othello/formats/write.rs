//! Writing records as transcripts, GGF or WTHOR. Each record is replayed first, so only
//! legal games are written, with canonical moves; a game that does not replay is listed as a
//! failure with its error.

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::Converted;
use crate::core::record::{GameResult, Player, Record, Termination};
use crate::core::rules::Rules;
use crate::othello::formats::{ggf, pgn, transcript, wthor};
use crate::othello::notation::stated_score;
use crate::othello::notation::{board_string, is_standard, move_name};
use crate::othello::replay::replay_record;
use crate::othello::rule_set::OthelloRules;
use crate::othello::rules::score;
use crate::othello::rules::{Board, Move};

/// A replayed game, ready to be written.
struct Game {
    record: Record,
    start: Board,
    end: Board,
    moves: Vec<Move>,
}

/// The score to write (Black, White): the record's stated score; else the board's when the
/// game is over; else, for a claimed result without score, 64-0 / 0-64 / 32-32.
fn written_score(g: &Game, rules: &Rules) -> Option<(u32, u32)> {
    if let Some(s) = stated_score(&g.record) {
        return Some(s);
    }
    if g.end.is_over() {
        return Some(score(&g.end, rules.typed::<OthelloRules>().empties));
    }
    match g.record.claim.as_ref()?.result {
        GameResult::FirstWins => Some((64, 0)),
        GameResult::SecondWins => Some((0, 64)),
        GameResult::Draw => Some((32, 32)),
        GameResult::Unfinished => None,
    }
}

fn ggf_game(g: &Game, rules: &Rules) -> String {
    let tags: Vec<(String, String)> = g
        .record
        .tags
        .iter()
        .filter(|t| !t.name.eq_ignore_ascii_case("Score"))
        .map(|t| (t.name.to_string(), t.value.to_string()))
        .collect();
    let re = written_score(g, rules).map(|(b, w)| {
        let d = b as i64 - w as i64;
        let flag = match g.record.claim.as_ref().and_then(|c| c.termination) {
            Some(Termination::Resignation) => ":r",
            Some(Termination::Timeout) => ":t",
            Some(Termination::Agreement) => ":s",
            // A claimed result without a score (a transcript's `1-0`): resigned or agreed.
            None if !g.end.is_over() && stated_score(&g.record).is_none() => {
                if b == w {
                    ":s"
                } else {
                    ":r"
                }
            }
            None => "",
        };
        format!("{d:+}.000{flag}").replace("+0.000", "0.000")
    });
    // A GGF record keeps its own RE text (a komi game's `+3.50`, its flags).
    let re = match g.record.tag("Score") {
        Some(own) if g.record.format == "ggf" => Some(own.to_string()),
        _ => re,
    };
    let mut side = g.start;
    let moves: Vec<ggf::GgfMove<'_>> = g
        .moves
        .iter()
        .zip(&g.record.moves)
        .map(|(mv, entry)| {
            let black = side.to_move == Player::First;
            side.play(*mv);
            ggf::GgfMove {
                text: move_name(*mv),
                black,
                eval: entry
                    .annotations
                    .iter()
                    .find(|a| a.key == "eval")
                    .map(|a| a.value.as_str()),
                time: entry.time.as_deref(),
            }
        })
        .collect();
    ggf::write_game(&tags, &board_string(&g.start), re.as_deref(), &moves)
}

fn transcript_game(g: &Game, rules: &Rules) -> String {
    let setup = (!is_standard(&g.start)).then(|| board_string(&g.start));
    let moves: Vec<String> = g.moves.iter().map(|m| move_name(*m)).collect();
    let end = match (stated_score(&g.record), g.end.is_over()) {
        (None, false) => g
            .record
            .claim
            .as_ref()
            .map(|c| c.result)
            .filter(|r| *r != GameResult::Unfinished)
            .map(|r| r.as_str().to_string()),
        _ => written_score(g, rules).map(|(b, w)| format!("{b}-{w}")),
    };
    transcript::write_game(setup.as_deref(), &moves, end.as_deref())
}

/// Othello PGN: the score (Black-White discs) as the result when known, else the claimed
/// result, else `*`; passes are left out.
fn pgn_game(g: &Game, rules: &Rules) -> String {
    let setup = (!is_standard(&g.start)).then(|| board_string(&g.start));
    let placements: Vec<String> = g
        .moves
        .iter()
        .filter(|m| !matches!(m, Move::Pass))
        .map(|m| move_name(*m))
        .collect();
    let result = match (stated_score(&g.record), g.end.is_over()) {
        (None, false) => g
            .record
            .claim
            .as_ref()
            .map_or("*", |c| c.result.as_str())
            .to_string(),
        _ => written_score(g, rules).map_or_else(|| "*".to_string(), |(b, w)| format!("{b}-{w}")),
    };
    let tags: Vec<(String, String)> = g
        .record
        .tags
        .iter()
        .map(|t| (t.name.to_string(), t.value.to_string()))
        .collect();
    pgn::write_game(&tags, setup.as_deref(), &placements, &result)
}

fn id_tag(r: &Record, name: &str) -> u16 {
    r.tag(name).and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

fn wthor_game(g: &Game, rules: &Rules) -> Result<wthor::WthorGame, RecordError> {
    if !is_standard(&g.start) {
        return Err(RecordError::new(
            ErrorKind::Unsupported,
            "WTHOR holds only games from the standard start position",
        ));
    }
    let (b, _) = written_score(g, rules)
        .unwrap_or_else(|| score(&g.end, rules.typed::<OthelloRules>().empties));
    let real = b.min(64) as u8;
    let theoretical = g
        .record
        .tag("TheoreticalScore")
        .and_then(|v| v.trim().parse::<u8>().ok())
        .filter(|&t| t <= 64)
        .unwrap_or(real);
    Ok(wthor::WthorGame {
        tournament: id_tag(&g.record, "EventId"),
        black: id_tag(&g.record, "BlackId"),
        white: id_tag(&g.record, "WhiteId"),
        real,
        theoretical,
        squares: g
            .moves
            .iter()
            .filter_map(|m| match m {
                Move::Place(sq) => Some(*sq),
                Move::Pass => None,
            })
            .collect(),
    })
}

/// The WTHOR header's depth of the theoretical scores: the `TheoreticalDepth` tag of the
/// first game that has one (set when qipu computed them), else 0 (unknown).
fn depth_of(games: &[Game]) -> u8 {
    games
        .iter()
        .find_map(|g| g.record.tag("TheoreticalDepth"))
        .and_then(|d| d.trim().parse().ok())
        .filter(|&d| d <= 60)
        .unwrap_or(0)
}

/// The WTHOR header's year: the first record's `Date` year, else 0.
fn year_of(games: &[Game]) -> u16 {
    games
        .first()
        .and_then(|g| g.record.tag("Date"))
        .and_then(|d| d.get(..4))
        .and_then(|y| y.parse().ok())
        .unwrap_or(0)
}

pub(crate) fn convert(records: &[Record], to: &str, rules: &Rules) -> Converted {
    let mut out = Converted::default();
    let mut games = Vec::new();
    for (i, r) in records.iter().enumerate() {
        match replay_record(r) {
            Err(e) => out.failures.push((i, e)),
            Ok(done) => match done.replay.error {
                Some(e) => out.failures.push((i, e)),
                None => games.push((
                    i,
                    Game {
                        record: done.record.into_owned(),
                        start: done.replay.start,
                        end: done.replay.end,
                        moves: done.replay.moves,
                    },
                )),
            },
        }
    }
    match to {
        "ggf" | "transcript" | "pgn-othello" => {
            for (_, g) in &games {
                let text = match to {
                    "ggf" => ggf_game(g, rules),
                    "pgn-othello" => pgn_game(g, rules),
                    _ => transcript_game(g, rules),
                };
                out.bytes.extend_from_slice(text.as_bytes());
                out.games += 1;
            }
        }
        "wthor" => {
            let mut written = Vec::new();
            let mut kept = Vec::new();
            for (i, g) in games {
                match wthor_game(&g, rules) {
                    Ok(w) => {
                        written.push(w);
                        kept.push(g);
                    }
                    Err(e) => out.failures.push((i, e)),
                }
            }
            out.bytes = wthor::write(&written, year_of(&kept), depth_of(&kept));
            out.games = written.len();
        }
        other => {
            for (i, _) in games {
                out.failures.push((
                    i,
                    RecordError::new(
                        ErrorKind::Unsupported,
                        format!("cannot write Othello games as `{other}` (transcript, ggf, pgn-othello, wthor)"),
                    ),
                ));
            }
        }
    }
    out.failures.sort_by_key(|(i, _)| *i);
    out
}
