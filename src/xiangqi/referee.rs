//! The Xiangqi referee: replays a record through the rules with the core replay driver and
//! decides its result (board verdicts first, then the record's own events and claim).

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{CheckWants, Checked};
use crate::core::identity;
use crate::core::record::{MoveEntry, Record};
use crate::core::replay::{self, Replay, Replayer};
use crate::core::rules::Rules;
use crate::core::verdict;
use crate::xiangqi::notation;
use crate::xiangqi::rules::{Move, Position};
use crate::xiangqi::verdict::{self as xq_verdict, BoardRules};

/// Resolves recorded moves in whichever notation they are written (ICCS, WXF, Chinese).
pub struct XiangqiReplayer;

impl Replayer for XiangqiReplayer {
    type Position = Position;
    type Move = Move;

    fn start(&self, record: &Record) -> Result<Position, RecordError> {
        match &record.setup {
            // Most set-ups of a database are the start position written out: no FEN to read.
            None => Ok(Position::start()),
            Some((fen, _)) if fen == Position::START_FEN => Ok(Position::start()),
            Some((fen, span)) => Position::from_fen(fen).map_err(|e| {
                let mut err = e.to_record_error();
                if err.span.is_none() {
                    err.span = Some(*span);
                }
                err
            }),
        }
    }

    fn resolve(
        &self,
        pos: &Position,
        entry: &MoveEntry,
    ) -> Result<(Move, Option<String>), RecordError> {
        notation::resolve(pos, &entry.text).map_err(RecordError::from)
    }

    fn play(&self, pos: &mut Position, mv: Move) {
        pos.play_unchecked(mv);
    }
}

/// Replays a record (a bad setup is an `Err`).
pub fn replay_record(record: &Record) -> Result<Replay<Position, Move>, RecordError> {
    replay::replay(&XiangqiReplayer, record)
}

/// `Game::check` for Xiangqi: the replay, and the verdict when `adjudicate`.
pub fn check(record: &Record, rules: &Rules, adjudicate: bool) -> Checked {
    let wants = CheckWants {
        adjudicate,
        identity: false,
    };
    check_with(record, rules, wants)
}

/// `Game::check_with` for Xiangqi.
pub fn check_with(record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
    let replay = match replay_record(record) {
        Ok(r) => r,
        Err(e) => {
            let identity = wants.identity.then(|| {
                let setup = record.setup.as_ref().map(|(s, _)| s.as_str());
                identity::of_bad_setup(record.game, setup, &record.moves, &e)
            });
            return Checked {
                plies: 0,
                error: Some(e),
                warnings: record.warnings.clone(),
                verdict: None,
                final_position: None,
                identity,
            };
        }
    };
    let verdict =
        (wants.adjudicate && replay.error.is_none()).then(|| decide(record, &replay, rules));
    let identity = wants.identity.then(|| {
        let start = replay.start.to_fen();
        // The same position with other move counters is the same start.
        let key_end = start
            .match_indices(' ')
            .nth(1)
            .map_or(start.len(), |(i, _)| i);
        let key = start.get(..key_end).unwrap_or(&start).to_string();
        identity::of_replay(
            record.game,
            (start, &key),
            &replay.moves,
            (&record.moves, replay.plies()),
            replay.error.as_ref(),
        )
    });
    Checked {
        plies: replay.plies(),
        final_position: Some(replay.end.to_fen()),
        error: replay.error,
        warnings: replay.warnings,
        verdict,
        identity,
    }
}

/// Steps 2–5 of the spec's adjudication for a replayed game.
pub fn decide(record: &Record, replay: &Replay<Position, Move>, rules: &Rules) -> verdict::Verdict {
    let board_rules = BoardRules::from_rules(rules);
    // Cycle moves are named as the record wrote them.
    let text = |ply: usize, mv: Move| {
        ply.checked_sub(1)
            .and_then(|i| record.moves.get(i))
            .map(|m| m.text.to_string())
            .unwrap_or_else(|| mv.iccs())
    };
    let board = xq_verdict::board_outcome(&replay.start, &replay.moves, &board_rules, &text);
    let end = &replay.end;
    let mut v = verdict::decide(
        board.verdict,
        record.moves.len(),
        &record.events,
        record.claim.as_ref(),
        &|r| xq_verdict::allows(end, r),
        &xq_verdict::player_name,
    );
    for note in board.notes {
        v.detail.push_str(&format!("; note: {note}"));
    }
    v
}

/// A position of a record: the position, the position before the move that led to it with
/// that move, and its ply.
pub type PositionAt = (Position, Option<(Position, Move)>, usize);

/// The position after `ply` plies of the record (all of them when `None`), with the move that
/// led to it. A bad move before that ply is an error.
pub fn position_at(record: &Record, ply: Option<usize>) -> Result<PositionAt, RecordError> {
    let replay = replay_record(record)?;
    let want = ply.unwrap_or(replay.plies());
    if want > replay.plies() {
        if let Some(e) = replay.error {
            return Err(e);
        }
        return Err(RecordError::new(
            ErrorKind::Unsupported,
            format!(
                "the game has {} plies; there is no ply {want}",
                replay.plies()
            ),
        ));
    }
    let mut pos = replay.start.clone();
    let mut last = None;
    for mv in replay.moves.iter().take(want) {
        last = Some((pos.clone(), *mv));
        pos.play_unchecked(*mv);
    }
    Ok((pos, last, want))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_fen_is_the_start_position() {
        assert_eq!(
            Position::from_fen(Position::START_FEN).unwrap(),
            Position::start()
        );
        let mut record = Record::new(crate::core::record::GameKind::Xiangqi, "pgn", 0);
        record.setup = Some((
            Position::START_FEN.to_string(),
            crate::core::record::Span::new(0, 1),
        ));
        assert_eq!(XiangqiReplayer.start(&record).unwrap(), Position::start());
        // Another set-up is read.
        record.setup = Some((
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 3 7".to_string(),
            crate::core::record::Span::new(0, 1),
        ));
        let p = XiangqiReplayer.start(&record).unwrap();
        assert_eq!((p.halfmove_clock(), p.fullmove_number()), (3, 7));
    }
}
