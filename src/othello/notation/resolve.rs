//! Move tokens against positions: the core replay driver's [`Replayer`] for Othello, and the
//! insertion of forced passes that a record leaves out.

use super::{is_pass, move_name, parse_board, parse_move, parse_square, player_name};
use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::{MoveEntry, Player, Record, Span};
use crate::core::replay::{Replay, Replayer, replay};
use crate::othello::rules::{Board, Move};

/// The annotation key under which a reader records the colour a move is written for (GGF
/// `B[..]` / `W[..]`): `B` or `W`.
pub const COLOR_KEY: &str = "color";

pub struct OthelloReplayer;

/// The start position of a record: its setup board string, or the standard start.
pub fn start_board(record: &Record) -> Result<Board, RecordError> {
    match &record.setup {
        None => Ok(Board::start()),
        Some((text, span)) => parse_board(text).map_err(|m| {
            RecordError::new(ErrorKind::BadSetup, format!("bad start position: {m}"))
                .at(*span)
                .with_label("this board")
        }),
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

impl Replayer for OthelloReplayer {
    type Position = Board;
    type Move = Move;

    fn start(&self, record: &Record) -> Result<Board, RecordError> {
        start_board(record)
    }

    fn resolve(
        &self,
        pos: &Board,
        entry: &MoveEntry,
    ) -> Result<(Move, Option<String>), RecordError> {
        let text = entry.text.trim();
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
                if pos.is_legal(mv) {
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

    fn play(&self, pos: &mut Board, mv: Move) {
        pos.play(mv);
    }
}

fn legal_list(pos: &Board) -> String {
    let moves: Vec<String> = crate::othello::rules::squares(pos.legal())
        .map(super::square_name)
        .collect();
    if moves.is_empty() {
        "no legal move here".to_string()
    } else {
        format!("legal moves: {}", moves.join(" "))
    }
}

/// A copy of the record with a pass entry inserted wherever the side to move has no legal
/// move, the game is not over, and the record goes on with a placement. Passes are plies, so
/// the report counts them. Stops inserting at the first token that does not replay (the
/// driver reports it).
pub fn with_forced_passes(record: &Record) -> Record {
    match forced_passes(record) {
        Some(r) => r,
        None => record.clone(),
    }
}

/// The record with forced passes inserted, or `None` when it needs none (the usual case: no
/// copy is made).
fn forced_passes(record: &Record) -> Option<Record> {
    let mut board = start_board(record).ok()?;
    // A first pass that only looks: most records need no pass inserted.
    let mut needed = false;
    for entry in &record.moves {
        let text = entry.text.trim();
        if !is_pass(text) && parse_square(text).is_some() && board.must_pass() {
            needed = true;
            break;
        }
        match OthelloReplayer.resolve(&board, entry) {
            Ok((mv, _)) => board.play(mv),
            Err(_) => break,
        }
    }
    if !needed {
        return None;
    }
    let mut out = record.clone();
    let mut board = start_board(record).ok()?;
    let mut moves = Vec::with_capacity(record.moves.len() + 2);
    let mut rest = record.moves.iter();
    for entry in rest.by_ref() {
        let text = entry.text.trim();
        if !is_pass(text) && parse_square(text).is_some() && board.must_pass() {
            let mut pass = MoveEntry::new("pass", Span::new(entry.span.start, entry.span.start));
            pass.annotations.push(crate::core::record::Annotation {
                key: "implied".into(),
                value: "forced pass".into(),
            });
            moves.push(pass);
            board.play(Move::Pass);
        }
        match OthelloReplayer.resolve(&board, entry) {
            Ok((mv, _)) => {
                board.play(mv);
                moves.push(entry.clone());
            }
            Err(_) => {
                moves.push(entry.clone());
                break;
            }
        }
    }
    moves.extend(rest.cloned());
    out.moves = moves;
    Some(out)
}

/// A replayed record (forced passes inserted) and the record as replayed (borrowed when it
/// needed no pass inserted).
pub struct Replayed<'a> {
    pub record: std::borrow::Cow<'a, Record>,
    pub replay: Replay<Board, Move>,
}

/// Replays a record through the Othello rules, inserting forced passes.
pub fn replay_record(record: &Record) -> Result<Replayed<'_>, RecordError> {
    let record = match forced_passes(record) {
        Some(r) => std::borrow::Cow::Owned(r),
        None => std::borrow::Cow::Borrowed(record),
    };
    let replay = replay(&OthelloReplayer, &record)?;
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
