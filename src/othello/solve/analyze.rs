//! Where a game was lost: every move from the first position with at most N empties on, with
//! the perfect-play score before and after it (the mover's final disc difference) and what it
//! lost; the decisive mistake is the first that changed the result for its player (else the
//! costliest).

use super::{Outcome, SolveError, SolveOptions, Table, solve};
use crate::core::game::{AnalysedMove, Analysis};
use crate::core::record::{Player, Record};
use crate::othello::notation::{move_name, player_name, square_name};
use crate::othello::rules::{Board, Move};

/// One move of the game, judged by perfect play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveJudged {
    /// The ply (1-based) of the move in the game.
    pub ply: usize,
    pub mover: Player,
    pub mv: Move,
    /// The mover's final disc difference under perfect play before the move …
    pub before: i32,
    /// … and after it.
    pub after: i32,
    /// A best move of the position (none for a pass).
    pub best: Option<u8>,
}

impl MoveJudged {
    /// The disc difference the move gave away (0 for a best move).
    pub fn lost(&self) -> i32 {
        self.before - self.after
    }
}

/// The moves of `start` + `moves` from the first position with at most `from_empties`
/// empties, judged; `Ok(None)` when a position was not solved within the budget.
pub fn judge_moves(
    start: &Board,
    moves: &[Move],
    from_empties: u32,
    tt: &Table,
    opts: &SolveOptions,
) -> Result<Option<Vec<MoveJudged>>, SolveError> {
    let opts = SolveOptions {
        all_best: false,
        ..*opts
    };
    let boards = boards_along(start, moves);
    let Some(first) = boards.iter().position(|b| b.empties() <= from_empties) else {
        return Ok(Some(Vec::new()));
    };
    // The score of each position for its side to move, and a best move.
    let mut scores = Vec::new();
    for b in &boards[first..] {
        match solve(b, tt, &opts)? {
            Outcome::Solved(s) => scores.push((s.score, s.best_moves.first().copied())),
            Outcome::OverBudget { .. } => return Ok(None),
        }
    }
    let mut out = Vec::new();
    for (i, &mv) in moves.iter().enumerate().skip(first) {
        let k = i - first;
        let (before, best) = scores[k];
        // The position after has the other side to move (a pass included).
        let after = -scores[k + 1].0;
        out.push(MoveJudged {
            ply: i + 1,
            mover: boards[i].to_move,
            mv,
            before,
            after,
            best: if mv == Move::Pass { None } else { best },
        });
    }
    Ok(Some(out))
}

/// The decisive mistake: the first move that turned its player's win into a draw or loss,
/// or a draw into a loss; else the move that lost the most (none when every move was best).
pub fn decisive(judged: &[MoveJudged]) -> Option<&MoveJudged> {
    judged
        .iter()
        .find(|m| m.after.signum() < m.before.signum())
        .or_else(|| {
            judged
                .iter()
                .filter(|m| m.lost() > 0)
                .max_by_key(|m| m.lost())
        })
}

/// A score as the analysis writes it: `−6` with a real minus sign, `0`, `4`.
pub fn signed(v: i32) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}

/// "move 46, d7 (White): 0 → −6, best was g7" (move = ply; scores for the mover; the best
/// move named only when the move played was not one).
pub fn describe(m: &MoveJudged) -> String {
    let best = match m.best {
        Some(b) if m.lost() > 0 => format!(", best was {}", square_name(b)),
        _ => String::new(),
    };
    format!(
        "move {}, {} ({}): {} → {}{best}",
        m.ply,
        move_name(m.mv),
        player_name(m.mover),
        signed(m.before),
        signed(m.after)
    )
}

/// The moves judged within a node budget ([`judge_moves_within`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedWithin {
    /// The moves judged: the last ones of the game, from `first_ply` on.
    pub moves: Vec<MoveJudged>,
    /// The ply of the first move asked for (the move played from the first position with at
    /// most the empties asked), `None` when no position of the game has so few.
    pub first_ply: Option<usize>,
    /// Whether the budget ran out before every move asked for was judged.
    pub over_budget: bool,
    pub nodes: u64,
}

/// [`judge_moves`] within `node_budget` nodes for the whole game: the positions are solved
/// from the last one back (the cheapest first, and each fills the table for the one before),
/// so that a spent budget still leaves the moves nearest the end judged.
/// The positions before each move, and the one after the last.
fn boards_along(start: &Board, moves: &[Move]) -> Vec<Board> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut b = *start;
    boards.push(b);
    for &mv in moves {
        b.play(mv);
        boards.push(b);
    }
    boards
}

pub fn judge_moves_within(
    start: &Board,
    moves: &[Move],
    from_empties: u32,
    tt: &Table,
    node_budget: u64,
) -> Result<JudgedWithin, SolveError> {
    let boards = boards_along(start, moves);
    let first = boards
        .iter()
        .take(moves.len())
        .position(|b| b.empties() <= from_empties);
    let mut out = JudgedWithin {
        moves: Vec::new(),
        first_ply: first.map(|f| f + 1),
        over_budget: false,
        nodes: 0,
    };
    let Some(first) = first else {
        return Ok(out);
    };
    // scores[k]: the score of boards[first + k] for its side to move, and a best move.
    let mut scores: Vec<Option<(i32, Option<u8>)>> = vec![None; boards.len() - first];
    for k in (0..scores.len()).rev() {
        let left = node_budget.saturating_sub(out.nodes);
        let opts = SolveOptions {
            node_limit: left,
            time_limit: None,
            all_best: false,
        };
        match solve(&boards[first + k], tt, &opts)? {
            Outcome::Solved(s) => {
                out.nodes += s.nodes;
                scores[k] = Some((s.score, s.best_moves.first().copied()));
            }
            Outcome::OverBudget { nodes, .. } => {
                out.nodes += nodes;
                out.over_budget = true;
                break;
            }
        }
    }
    for (i, &mv) in moves.iter().enumerate().skip(first) {
        let k = i - first;
        let (Some((before, best)), Some((next, _))) = (scores[k], scores[k + 1]) else {
            continue;
        };
        out.moves.push(MoveJudged {
            ply: i + 1,
            mover: boards[i].to_move,
            mv,
            before,
            after: -next,
            best: if mv == Move::Pass { None } else { best },
        });
    }
    Ok(out)
}

/// The nodes the analysis of one game may search (`adjudicate --explain`, the HTML page):
/// about four seconds on one core of the machine the figures of docs/games/othello.md were
/// taken on. A game that needs more is judged from the end back as far as the budget goes.
pub const ANALYSIS_NODES: u64 = 50_000_000;

thread_local! {
    /// The table of the analyses, one a thread, kept between games.
    static ANALYSIS_TABLE: Table = Table::new(32);
}

/// Where a record's game was lost, as the game's [`Analysis`]: every move from the first
/// position with at most `from_empties` empty squares, judged by perfect play within
/// [`ANALYSIS_NODES`]; `None` when the record does not replay or `from_empties` is 0.
pub fn analyse_record(record: &Record, from_empties: u32) -> Option<Analysis> {
    analyse_record_within(record, from_empties, ANALYSIS_NODES)
}

/// [`analyse_record`] within `budget` nodes.
pub fn analyse_record_within(record: &Record, from_empties: u32, budget: u64) -> Option<Analysis> {
    if from_empties == 0 {
        return None;
    }
    let replayed = crate::othello::replay::replay_record(record).ok()?;
    let replay = replayed.replay;
    let judged = ANALYSIS_TABLE
        .with(|tt| judge_moves_within(&replay.start, &replay.moves, from_empties, tt, budget));
    let mut a = Analysis {
        summary: format!(
            "perfect play from {from_empties} empty squares on (exact solver, empties to the winner); each move's score is its mover's final disc difference under perfect play, before → after the move"
        ),
        ..Analysis::default()
    };
    let judged = match judged {
        Ok(j) => j,
        Err(e) => {
            a.unjudged = Some(format!("not analysed: {e}"));
            return Some(a);
        }
    };
    let Some(first_ply) = judged.first_ply else {
        a.unjudged = Some(format!(
            "no move was played with at most {from_empties} empty squares: nothing to analyse"
        ));
        return Some(a);
    };
    if judged.over_budget {
        a.unjudged = Some(match judged.moves.first() {
            None => format!(
                "not analysed within the budget ({budget} nodes): no move from ply {first_ply} on was judged"
            ),
            Some(m) => format!(
                "{} not analysed within the budget ({budget} nodes): judged from ply {} on",
                if m.ply - 1 > first_ply {
                    format!("plies {first_ply}–{}", m.ply - 1)
                } else {
                    format!("ply {first_ply}")
                },
                m.ply
            ),
        });
    }
    a.decisive = decisive(&judged.moves).map(|m| m.ply);
    a.moves = judged
        .moves
        .iter()
        .map(|m| AnalysedMove {
            ply: m.ply,
            side: player_name(m.mover).to_string(),
            move_text: move_name(m.mv),
            before: m.before,
            after: m.after,
            lost: m.lost(),
            best: m.best.filter(|_| m.lost() > 0).map(square_name),
            text: describe(m),
        })
        .collect();
    Some(a)
}

/// The text of an [`Analysis`] for `adjudicate --explain`: the decisive mistake, then every
/// move judged with what it lost, then why some were not.
pub fn explain_lines(a: &Analysis) -> Vec<String> {
    let mut out = Vec::new();
    let decisive = a.decisive.and_then(|p| a.moves.iter().find(|m| m.ply == p));
    match decisive {
        Some(m) => out.push(format!(
            "where the game was lost: {} (lost {})",
            m.text, m.lost
        )),
        None if !a.moves.is_empty() => {
            out.push("where the game was lost: nowhere, every move judged was a best move".into())
        }
        None => {}
    }
    if !a.moves.is_empty() {
        let mut s = format!("{}:", a.summary);
        let width = a.moves.iter().map(|m| m.text.chars().count()).max();
        for m in &a.moves {
            let mark = if Some(m.ply) == a.decisive {
                "  ← decisive"
            } else {
                ""
            };
            let pad = width.unwrap_or(0).saturating_sub(m.text.chars().count());
            s.push_str(&format!(
                "\n      {}{}   lost {}{mark}",
                m.text,
                " ".repeat(pad),
                m.lost
            ));
        }
        out.push(s);
    }
    if let Some(u) = &a.unjudged {
        out.push(u.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sample.wtb's first game, its moves as a transcript.
    fn sample_game() -> Record {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/samples/othello/sample.wtb"
        ))
        .unwrap_or_default();
        let input = crate::core::record::Input {
            name: "sample.wtb".into(),
            bytes: std::sync::Arc::from(bytes.as_slice()),
            text: None,
            siblings: Vec::new(),
        };
        match crate::othello::formats::read("wthor", &input)
            .into_iter()
            .next()
        {
            Some(Ok(r)) => r,
            other => panic!("sample.wtb reads: {other:?}"),
        }
    }

    #[test]
    fn a_spent_budget_leaves_the_last_moves_judged() {
        if !super::super::cpu_ok() {
            return;
        }
        let rec = sample_game();
        let Some(all) = analyse_record_within(&rec, 18, u64::MAX) else {
            panic!("analysed");
        };
        assert_eq!(all.moves.len(), 18);
        assert_eq!(all.unjudged, None);
        assert_eq!(all.decisive, Some(46));
        // A budget that the whole does not fit in: the moves nearest the end only, said so.
        // (On a thread of its own: a fresh table, not the one the whole game filled.)
        let fresh = |budget: u64| {
            let rec = rec.clone();
            std::thread::spawn(move || analyse_record_within(&rec, 18, budget))
                .join()
                .ok()
                .flatten()
        };
        let Some(part) = fresh(20_000) else {
            panic!("analysed");
        };
        let first = part.moves.first().map_or(61, |m| m.ply);
        assert!(first > 43, "{part:?}");
        assert_eq!(part.moves.as_slice(), &all.moves[first - 43..]);
        let why = part.unjudged.unwrap_or_default();
        assert!(
            why.contains("not analysed within the budget (20000 nodes)"),
            "{why}"
        );
        // No budget at all: the solver still finishes what it checks the budget too seldom to
        // stop (the last few empties), and says the rest was not judged.
        let none = fresh(0).unwrap_or_default();
        assert!(none.moves.len() <= part.moves.len(), "{none:?}");
        let why = none.unjudged.unwrap_or_default();
        assert!(
            why.contains("not analysed within the budget (0 nodes)"),
            "{why}"
        );
        assert_eq!(analyse_record_within(&rec, 0, u64::MAX), None);
    }

    #[test]
    fn every_move_of_a_short_ending() {
        // A random game to its end: before of each move = −after of the previous … and no
        // move gains on perfect play.
        let mut b = Board::start();
        let mut moves = Vec::new();
        let mut seed = 99u64;
        while !b.is_over() {
            let legal = b.legal();
            let mv = if legal == 0 {
                Move::Pass
            } else {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (seed >> 33) % u64::from(legal.count_ones());
                Move::Place(
                    crate::othello::rules::squares(legal)
                        .nth(k as usize)
                        .unwrap_or(0),
                )
            };
            b.play(mv);
            moves.push(mv);
        }
        let tt = Table::new(4);
        let Ok(Some(j)) = judge_moves(&Board::start(), &moves, 10, &tt, &SolveOptions::default())
        else {
            return; // the CPU lacks the solver's instructions
        };
        assert!(!j.is_empty());
        for w in j.windows(2) {
            assert!(w[0].lost() >= 0);
            if w[0].mover != w[1].mover {
                assert_eq!(w[1].before, -w[0].after);
            } else {
                assert_eq!(w[1].before, w[0].after);
            }
        }
        // The last move ends the game: its "after" is the final score for its player.
        let last = j.last().map(|m| m.after);
        let (p, o) = match j.last().map(|m| m.mover) {
            Some(Player::First) => (b.black, b.white),
            _ => (b.white, b.black),
        };
        assert_eq!(last, Some(super::super::last::final_score(p, o)));
    }
}
