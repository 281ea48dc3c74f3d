//! Move tokens against positions: the core replay driver's [`Replayer`] for Othello, and the
//! insertion of forced passes that a record leaves out.

use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::{MoveEntry, Player, Record};
use crate::core::referee::replay;
use crate::core::replay::{Replay, Replayer};
use crate::core::span::Span;
use crate::othello::notation::{
    is_pass, move_name, parse_board, parse_move, parse_square, player_name,
};
use crate::othello::rules::{Board, Move};
use std::cell::Cell;

/// The annotation key under which a reader records the colour a move is written for (GGF
/// `B[..]` / `W[..]`): `B` or `W`.
pub(crate) const COLOR_KEY: &str = "color";

/// The Othello rules for the replay driver. It keeps the discs flipped by the placement it
/// resolved last, so that playing it does not compute them a second time.
#[derive(Default, Clone)]
pub struct OthelloReplayer {
    resolved: Cell<Option<(Board, u8, u64)>>,
}

/// The start position of a record: its setup board string, or the standard start.
pub(crate) fn start_board(record: &Record) -> Result<Board, RecordError> {
    match &record.setup {
        None => Ok(Board::start()),
        Some((text, span)) => parse_board(text).map_err(|m| {
            RecordError::new(ErrorKind::BadSetup, format!("bad start position: {m}"))
                .at(*span)
                .with_label("this board")
        }),
    }
}

/// The move token without surrounding blanks (readers give it bare nearly always: then
/// nothing is scanned).
fn token(entry: &MoveEntry) -> &str {
    let t = entry.text.as_str();
    let bare = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_graphic());
    if bare(t.as_bytes().first()) && bare(t.as_bytes().last()) {
        t
    } else {
        t.trim()
    }
}

fn written_color(entry: &MoveEntry) -> Option<Player> {
    let a = entry.annotations.iter().find(|a| a.key == COLOR_KEY)?;
    match a.value.as_str() {
        "B" => Some(Player::First),
        "W" => Some(Player::Second),
        _ => None,
    }
}

impl OthelloReplayer {
    #[cold]
    #[inline(never)]
    fn resolve_slow(
        &self,
        pos: &Board,
        entry: &MoveEntry,
    ) -> Result<(Move, Option<String>), RecordError> {
        let text = token(entry);
        let mv = parse_move(text).ok_or_else(|| {
            RecordError::new(
                ErrorKind::Parse,
                format!("`{text}` is not a square or a pass"),
            )
            .with_label("expected a square a1-h8 or a pass")
        })?;
        let side = player_name(pos.to_move);
        if let Some(c) = written_color(entry).filter(|c| *c != pos.to_move) {
            return Err(RecordError::new(
                ErrorKind::IllegalMove,
                format!(
                    "the move is written for {} but {side} is to move",
                    player_name(c)
                ),
            )
            .with_label("wrong colour"));
        }
        match mv {
            Move::Place(sq) => {
                let f = pos.flips_of(sq);
                if f != 0 {
                    self.resolved.set(Some((*pos, sq, f)));
                    return Ok((mv, None));
                }
                let why = if pos.at(sq as usize).is_some() {
                    format!("{} is occupied", move_name(mv))
                } else if pos.is_over() {
                    "the game is over: neither side can move".to_string()
                } else if pos.legal() == 0 {
                    format!("{side} has no legal move and must pass")
                } else {
                    format!("{} flips no disc for {side}", move_name(mv))
                };
                Err(RecordError::new(ErrorKind::IllegalMove, why)
                    .with_label("illegal move")
                    .with_help(legal_list(pos)))
            }
            Move::Pass => {
                if pos.must_pass() {
                    Ok((mv, None))
                } else if pos.is_over() {
                    Err(RecordError::new(
                        ErrorKind::IllegalMove,
                        "a pass after the end of the game: neither side can move",
                    )
                    .with_label("illegal pass"))
                } else {
                    Err(RecordError::new(
                        ErrorKind::IllegalMove,
                        format!("{side} passes but has a legal move"),
                    )
                    .with_label("illegal pass")
                    .with_help(legal_list(pos)))
                }
            }
        }
    }
}

impl Replayer for OthelloReplayer {
    type Position = Board;
    type Move = Move;

    fn start(&self, record: &Record) -> Result<Board, RecordError> {
        start_board(record)
    }

    /// The usual case (a bare square that flips, no colour written) is checked first and
    /// inline; everything else, errors included, goes to `resolve_slow`.
    #[inline]
    fn resolve(
        &self,
        pos: &Board,
        entry: &MoveEntry,
    ) -> Result<(Move, Option<String>), RecordError> {
        if entry.annotations.is_empty()
            && let Some(sq) = parse_square(entry.text.as_str())
        {
            let f = pos.flips_of(sq);
            if f != 0 {
                self.resolved.set(Some((*pos, sq, f)));
                return Ok((Move::Place(sq), None));
            }
        }
        self.resolve_slow(pos, entry)
    }

    fn play(&self, pos: &mut Board, mv: Move) {
        match (mv, self.resolved.take()) {
            (Move::Place(sq), Some((at, s, f))) if s == sq && at == *pos => pos.play_flips(sq, f),
            _ => pos.play(mv),
        }
    }

    /// A forced pass: the side to move has no legal move, the game is not over, and the
    /// record goes on with a placement.
    fn implied(&self, pos: &Board, entry: &MoveEntry) -> Option<Move> {
        let text = token(entry);
        (!is_pass(text) && parse_square(text).is_some() && pos.must_pass()).then_some(Move::Pass)
    }
}

fn legal_list(pos: &Board) -> String {
    let moves: Vec<String> = crate::othello::rules::squares(pos.legal())
        .map(crate::othello::notation::square_name)
        .collect();
    if moves.is_empty() {
        "no legal move here".to_string()
    } else {
        format!("legal moves: {}", moves.join(" "))
    }
}

/// A copy of the record with a pass entry inserted wherever the side to move has no legal
/// move, the game is not over, and the record goes on with a placement (what the replay
/// inserts, see [`OthelloReplayer::implied`]). Passes are plies, so the report counts them.
pub fn with_forced_passes(record: &Record) -> Record {
    match replay(&OthelloReplayer::default(), record) {
        Ok(r) if !r.implied.is_empty() => with_passes_at(record, &r.implied),
        _ => record.clone(),
    }
}

/// The record with a `pass` entry at each of the given plies (1-based, ascending; each one
/// is followed by an entry of the record, as [`OthelloReplayer::implied`] inserts them).
fn with_passes_at(record: &Record, plies: &[usize]) -> Record {
    let mut moves = Vec::with_capacity(record.moves.len() + plies.len());
    let mut passes = plies.iter().peekable();
    for entry in &record.moves {
        while passes.next_if(|&&p| p == moves.len() + 1).is_some() {
            let mut pass = MoveEntry::new("pass", Span::new(entry.span.start, entry.span.start));
            pass.annotations.push(crate::core::record::Annotation {
                key: "implied".into(),
                value: "forced pass".into(),
            });
            moves.push(pass);
        }
        moves.push(entry.clone());
    }
    let mut out = record.clone();
    out.moves = moves;
    out
}

/// A replayed record (forced passes inserted) and the record as replayed (borrowed when it
/// needed no pass inserted).
pub struct Replayed<'a> {
    pub record: std::borrow::Cow<'a, Record>,
    pub replay: Replay<Board, Move>,
}

/// Replays a record through the Othello rules, inserting forced passes, in one pass; the
/// record is copied (with the passes as entries) only when a pass was inserted.
pub fn replay_record(record: &Record) -> Result<Replayed<'_>, RecordError> {
    let replay = replay(&OthelloReplayer::default(), record)?;
    let record = if replay.implied.is_empty() {
        std::borrow::Cow::Borrowed(record)
    } else {
        std::borrow::Cow::Owned(with_passes_at(record, &replay.implied))
    };
    Ok(Replayed { record, replay })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::GameKind;

    fn record(moves: &[&str]) -> Record {
        let mut r = Record::new(GameKind::Othello, "transcript", 0);
        let mut at = 0;
        for m in moves {
            r.moves
                .push(MoveEntry::new(*m, Span::new(at, at + m.len())));
            at += m.len() + 1;
        }
        r
    }

    /// A record's replay, owning everything (the replay borrows the record).
    struct Owned {
        replay: Replay<Board, Move>,
    }

    fn replayed(moves: &[&str]) -> Owned {
        let r = record(moves);
        Owned {
            replay: replay_record(&r).unwrap().replay,
        }
    }

    #[test]
    fn legal_and_illegal_moves() {
        let r = replayed(&["f5", "d6", "c3"]);
        assert!(r.replay.error.is_none());
        assert_eq!(r.replay.plies(), 3);
        let r = replayed(&["f5", "f5"]);
        let e = r.replay.error.unwrap();
        assert_eq!(e.kind, ErrorKind::IllegalMove);
        assert_eq!(e.ply, Some(2));
        assert_eq!(e.span, Some(Span::new(3, 5)));
        let r = replayed(&["a1"]);
        assert_eq!(r.replay.error.unwrap().kind, ErrorKind::IllegalMove);
        let r = replayed(&["pass"]);
        assert!(r.replay.error.unwrap().message.contains("has a legal move"));
        let r = replayed(&["z9"]);
        assert_eq!(r.replay.error.unwrap().kind, ErrorKind::Parse);
    }

    #[test]
    fn forced_passes_are_inserted() {
        // Black a1, White b1, White to move: White has no move, Black has c1, so the
        // record's first token c1 comes after a forced White pass.
        let mut r = record(&["c1"]);
        r.setup = Some((format!("XO{} O", "-".repeat(62)), Span::default()));
        let done = replay_record(&r).unwrap();
        assert!(done.replay.error.is_none(), "{:?}", done.replay.error);
        assert_eq!(done.replay.moves, vec![Move::Pass, Move::Place(2)]);
        assert!(done.replay.end.is_over());
    }
}
