//! Replaying a Xiangqi record: the replayer (moves in any notation resolved against the legal
//! moves), the record replayed and judged through the core driver ([`check_with`]), its result
//! decided (board verdicts first, then the record's own events and claim), and the position at
//! a ply (the tests judge a bare line of moves with `board_verdict`). The same replayer and judge referee a game one move at a time (`referee.rs`).

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::game::Game;
use crate::core::record::{MoveEntry, Record};
use crate::core::referee::replay;
use crate::core::replay::{Replay, Replayer};
use crate::core::rules::{RuleSet, Rules};
use crate::core::span::Span;
use crate::core::verdict;
use crate::xiangqi::Xiangqi;
use crate::xiangqi::notation;
use crate::xiangqi::repetition::Code;
use crate::xiangqi::rule_set::XiangqiRules;
use crate::xiangqi::rules::{Move, Position, SetupError};

/// Resolves recorded moves in whichever notation they are written (ICCS, WXF, Chinese).
#[derive(Debug, Clone, Copy, Default)]
pub struct XiangqiReplayer;

impl Replayer for XiangqiReplayer {
    type Position = Position;
    type Move = Move;

    fn start(&self, record: &Record) -> Result<Position, RecordError> {
        match &record.setup {
            // Most set-ups of a database are the start position written out: no FEN to read.
            None => Ok(Position::start()),
            Some((fen, _)) if fen == Position::START_FEN => Ok(Position::start()),
            // A composed position (a rulebook's diagram) is judged: only a set-up the rules
            // cannot apply to is refused here; `check_with` warns about the rest, or refuses it
            // under `--strict`.
            Some((fen, span)) => Position::from_fen_composed(fen).map_err(|e| {
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
pub(crate) fn replay_record(record: &Record) -> Result<Replay<Position, Move>, RecordError> {
    replay(&XiangqiReplayer, record)
}

/// The warning on a composed set-up (a position no game can reach, which the rules still
/// apply to), or, under `setup=strict` (`--strict`), the error that refuses it.
pub(crate) fn setup_warnings(
    record: &Record,
    rules: &XiangqiRules,
) -> Result<Vec<Warning>, RecordError> {
    let Some((problems, span)) = composed_setup(record) else {
        return Ok(Vec::new());
    };
    if rules.strict_setup {
        let mut err = SetupError { reasons: problems }.to_record_error();
        err.span = Some(span);
        return Err(err);
    }
    let mut w = Warning::new(format!(
        "composed position: {} (judged as set up; --strict refuses it)",
        problems.join("; ")
    ));
    w.span = Some(span);
    Ok(vec![w])
}

/// What no game can reach in the record's set-up, when the rules still apply to it (a
/// composed position), and where the set-up is written.
fn composed_setup(record: &Record) -> Option<(Vec<String>, Span)> {
    let (fen, span) = record.setup.as_ref()?;
    let pos = Position::from_fen_unchecked(fen).ok()?;
    if !pos.unplayable_problems().is_empty() {
        return None;
    }
    let problems = pos.setup_problems();
    (!problems.is_empty()).then_some((problems, *span))
}

/// What a record's date says of the rulebook edition of its day, for `--explain` on a
/// repetition ruling under a CXA edition: the edition then in force (1999 for 1999–2010, 2011
/// for 2011–2019, which qipu does not have, 2020 since) and, when qipu has it and it is not
/// the one applied, that edition's ruling. The verdict itself never changes by the date.
pub(crate) fn edition_remarks(record: &Record, rules: &Rules, v: &verdict::Verdict) -> Vec<String> {
    let code = rules.typed::<XiangqiRules>().board.code;
    if v.cycle.is_none() || !code.is_cxa() {
        return Vec::new();
    }
    let Some(year) = record.tag("Date").and_then(|d| {
        let digits: String = d
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        (digits.len() == 4)
            .then(|| digits.parse::<u32>().ok())
            .flatten()
    }) else {
        return Vec::new();
    };
    let applied = if code == Code::Cxa { "2020" } else { "1999" };
    let (then, edition) = match year {
        ..=1998 => (
            format!("played in {year}, before the 1999 rulebook (the nearest qipu has)"),
            Some(Code::Cxa1999),
        ),
        1999..=2010 => (
            format!("played in {year}, under the 1999 rulebook"),
            Some(Code::Cxa1999),
        ),
        2011..=2019 => (
            format!(
                "played in {year}, under the 2011 rulebook, which qipu does not have (it has \
                 1999 and 2020); judged here by the {applied} rulebook"
            ),
            None,
        ),
        _ => (
            format!("played in {year}, under the 2020 rulebook"),
            Some(Code::Cxa),
        ),
    };
    let mut s = then;
    match edition {
        Some(e) if e == code => s.push_str(", the edition judged by here"),
        Some(e) => {
            let name = if e == Code::Cxa { "cxa-2020" } else { e.name() };
            s.push_str(&format!("; judged here by the {applied} rulebook"));
            let keep = |k: &str| (k.to_string(), rules.get(k).unwrap_or_default().to_string());
            let alt = XiangqiRules::values(Some(name), &[keep("move-limit"), keep("repetitions")]);
            let other = alt
                .ok()
                .and_then(|alt| Xiangqi.check(record, &alt, true).verdict);
            match other {
                Some(o) if o.result == v.result && o.reason == v.reason && o.ply == v.ply => s
                    .push_str(&format!(
                        ", which gives the same ruling as its own (`--rules {name}`)"
                    )),
                Some(o) => s.push_str(&format!(
                    "; its own (`--rules {name}`) rules {} {} at ply {}",
                    o.result, o.reason, o.ply
                )),
                None => {}
            }
        }
        None => {}
    }
    vec![s]
}

/// A position of a record: the position, the position before the move that led to it with
/// that move, and its ply.
pub(crate) type PositionAt = (Position, Option<(Position, Move)>, usize);

/// The position after `ply` plies of the record (all of them when `None`), with the move that
/// led to it. A bad move before that ply is an error.
pub(crate) fn position_at(record: &Record, ply: Option<usize>) -> Result<PositionAt, RecordError> {
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

/// For the tests: the first rule that ends the game on the board, replaying `moves` (legal)
/// from `start` past the judge, as a record's replay does. Cycle moves are named in ICCS.
#[cfg(test)]
pub(crate) fn board_verdict(
    start: &Position,
    moves: &[Move],
    rules: &crate::xiangqi::rule_set::BoardRules,
) -> Option<verdict::Verdict> {
    let judge = crate::xiangqi::judge::XiangqiJudge::with_capacity(*rules, moves.len());
    let mut game = crate::core::referee::JudgedGame::new(XiangqiReplayer, judge, start.clone());
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv, None, i + 1 < moves.len());
    }
    game.board_verdict().cloned()
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
            crate::core::span::Span::new(0, 1),
        ));
        assert_eq!(XiangqiReplayer.start(&record).unwrap(), Position::start());
        // Another set-up is read.
        record.setup = Some((
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 3 7".to_string(),
            crate::core::span::Span::new(0, 1),
        ));
        let p = XiangqiReplayer.start(&record).unwrap();
        assert_eq!((p.halfmove_clock(), p.fullmove_number()), (3, 7));
    }
}

/// The board's verdicts on lines of moves: the judge's rules, through [`board_verdict`].
#[cfg(test)]
mod board_tests {
    use super::*;
    use crate::core::record::GameResult;
    use crate::core::verdict::Reason;
    use crate::xiangqi::judge::allows;
    use crate::xiangqi::repetition::table::find_repetition;
    use crate::xiangqi::rule_set::BoardRules;

    #[test]
    fn checkmate() {
        // The a-file rook checks along rank 9; the b8 rook covers d8; the red king on e0
        // forbids e9 (flying general).
        let pos = Position::from_fen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        let v = board_verdict(&pos, &Move::line("a0a9"), &BoardRules::default()).unwrap();
        assert_eq!(v.reason, Reason::Checkmate, "{}", v.detail);
        assert_eq!(v.result, GameResult::FirstWins);
        assert_eq!(v.ply, 1);
        let mut after = pos.clone();
        after.play(Move::line("a0a9")[0]).unwrap();
        assert!(!allows(&after, GameResult::SecondWins));
        assert!(!allows(&after, GameResult::Draw));
        assert!(allows(&after, GameResult::FirstWins));
        assert!(board_verdict(&pos, &[], &BoardRules::default()).is_none());
    }

    #[test]
    fn stalemate_loses() {
        // Black king e9, not in check: d9 is covered by the d1 rook, e8 by the a8 rook, f9
        // would face the red king on f0.
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/3R5/5K3 b - - 0 1").unwrap();
        assert!(!pos.is_check());
        let v = board_verdict(&pos, &[], &BoardRules::default()).unwrap();
        assert_eq!(v.reason, Reason::Stalemate, "{}", v.detail);
        assert_eq!(v.result, GameResult::FirstWins);
        assert_eq!(v.ply, 0);
    }

    #[test]
    fn move_limit_counts_moves() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        let cycle = Move::line("e1e2 d9d8 e2e1 d8d9");
        // Enough shuffling for 2 moves (4 plies) of move limit, no repetition rule in the way.
        let rules = BoardRules {
            move_limit: 2,
            repetitions: 10,
            ..BoardRules::default()
        };
        let v = board_verdict(&pos, &cycle, &rules).unwrap();
        assert_eq!(v.reason, Reason::MoveLimit, "{}", v.detail);
        assert_eq!(v.ply, 4);
        assert_eq!(v.result, GameResult::Draw);
    }

    #[test]
    fn repetition_is_judged() {
        // The red rook checks the black king from e1/e2? No: it shuffles on the e-file behind
        // its king while Black shuffles too: both idle, a draw at the 3rd occurrence.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        let mut line = Vec::new();
        for _ in 0..2 {
            line.extend(Move::line("e1e2 d9d8 e2e1 d8d9"));
        }
        let v = board_verdict(&pos, &line, &BoardRules::default()).unwrap();
        assert_eq!(v.result, GameResult::Draw, "{}", v.detail);
        assert_eq!(v.reason, Reason::RepetitionDraw);
        assert_eq!(v.ply, 8);
        assert!(v.detail.contains("3rd time"), "{}", v.detail);
        assert_eq!(v.cycle.as_ref().map(|c| c.len()), Some(8));
        let r = find_repetition(&pos, &line, 3).unwrap();
        assert_eq!(r.plies, vec![0, 4, 8]);
        assert_eq!(find_repetition(&pos, &line[..7], 3), None);
    }

    #[test]
    fn insufficient_material_and_king_capture() {
        let pos = Position::from_fen("3k5/4a4/9/9/9/9/9/4B4/9/4K4 w - - 0 1").unwrap();
        let v = board_verdict(&pos, &[], &BoardRules::default()).unwrap();
        assert_eq!(v.reason, Reason::InsufficientMaterial);
        let open = Position::from_fen_unchecked("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        let v = board_verdict(&open, &[], &BoardRules::default()).unwrap();
        assert_eq!(v.reason, Reason::KingCaptured);
        assert_eq!(v.result, GameResult::FirstWins);
        assert!(allows(&open, GameResult::FirstWins));
        assert!(!allows(&open, GameResult::Draw));
    }

    #[test]
    fn material_runs_out_mid_game() {
        // The red pawn takes the advisor (not the last piece that can cross the river), the
        // black king takes the pawn (the last one): a draw at ply 2, though the record goes on.
        let pos = Position::from_fen("4k4/4a4/4P4/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
        let line = Move::line("e7e8 e9e8 d0d1 e8e9");
        let v = board_verdict(&pos, &line, &BoardRules::default()).unwrap();
        assert_eq!(v.reason, Reason::InsufficientMaterial, "{}", v.detail);
        assert_eq!(v.ply, 2);
        assert_eq!(
            board_verdict(&pos, &line[..1], &BoardRules::default()),
            None
        );
    }
}
