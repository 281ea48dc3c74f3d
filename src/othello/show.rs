//! A text diagram of a position: the board, legal moves marked `*`, the side to move, the
//! move that led there and the disc count; the SVG picture is in [`crate::othello::svg`].

use crate::core::error::RecordError;
use crate::core::game::{Frame, Frames, ShowOptions, Shown};
use crate::core::record::{Player, Record};
use crate::core::rules::Rules;
use crate::core::variant::Show;
use crate::othello::notation::{board_string, move_name, player_name, square_str};
use crate::othello::replay::replay_record;
use crate::othello::rules::{Board, Move, squares};
use crate::othello::svg;

/// The diagram of `board`, reached by `last` at ply `ply`.
pub fn diagram(board: &Board, last: Option<(usize, Move)>, unicode: bool) -> String {
    let (bl, wh) = if unicode { ('●', '○') } else { ('X', 'O') };
    let legal = board.legal();
    let mut s = String::from("  a b c d e f g h\n");
    for row in 0..8 {
        s.push_str(&format!("{}", row + 1));
        for col in 0..8 {
            let sq = row * 8 + col;
            let c = match board.at(sq) {
                Some(Player::First) => bl,
                Some(Player::Second) => wh,
                None if legal >> sq & 1 == 1 => '*',
                None => '-',
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str(&count_line(board, (bl, wh)));
    s.push('\n');
    if let Some((ply, mv)) = last {
        s.push_str(&format!("Last move: {} (ply {ply})\n", move_name(mv)));
    }
    s.push_str(&status_line(board, "marked *"));
    s.push('\n');
    s
}

/// "Black (●) 12, White (○) 8, empty 44": the disc count, with the discs' symbols.
pub(crate) fn count_line(board: &Board, (bl, wh): (char, char)) -> String {
    let (b, w) = board.counts();
    format!(
        "Black ({bl}) {b}, White ({wh}) {w}, empty {}",
        board.empties()
    )
}

/// Who moves and how many legal moves it has (`where_shown` says where they are marked), or
/// that it must pass, or that the game is over.
pub(crate) fn status_line(board: &Board, where_shown: &str) -> String {
    let side = player_name(board.to_move);
    if board.is_over() {
        "Game over: neither side can move".to_string()
    } else if board.must_pass() {
        format!("{side} to move: no legal move, must pass")
    } else {
        format!(
            "{side} to move ({} legal moves, {where_shown})",
            board.legal().count_ones()
        )
    }
}

/// Othello's records shown, as the core asks for them (a part of its `Variant`).
impl Show for crate::othello::Othello {
    /// The position after `opts`' ply (the end by default) as a text diagram, with an SVG
    /// picture when asked for.
    fn show(record: &Record, _rules: &Rules, opts: &ShowOptions) -> Result<Shown, RecordError> {
        let done = replay_record(record)?;
        let moves = &done.replay.moves;
        if let Some(p) = opts.ply
            && p > moves.len()
            && done.replay.error.is_none()
        {
            return Err(RecordError::new(
                crate::core::error::ErrorKind::Unsupported,
                format!("the game has {} plies; there is no ply {p}", moves.len()),
            ));
        }
        let upto = opts.ply.unwrap_or(moves.len()).min(moves.len());
        let mut board = done.replay.start;
        for mv in &moves[..upto] {
            board.play(*mv);
        }
        let last = upto
            .checked_sub(1)
            .and_then(|i| moves.get(i))
            .map(|m| (upto, *m));
        // Discs (● ○) always: they read the same with or without colour.
        let mut text = diagram(&board, last, true);
        if let Some(e) = &done.replay.error
            && opts.ply.is_none_or(|p| p > moves.len())
        {
            text.push_str(&format!("The record stops here: {e}\n"));
        }
        Ok(Shown {
            diagram: text,
            svg: opts
                .svg
                .then(|| crate::othello::svg::svg(&board, last.map(|(_, mv)| mv))),
        })
    }

    /// Every position of the record up to its first bad move, for the replayable page: the
    /// discs, the legal moves (dots on the board and listed), the disc count per ply. A forced
    /// pass the record leaves out is a ply of its own, named `pass`.
    fn frames(record: &Record, _rules: &Rules) -> Result<Frames, RecordError> {
        let done = replay_record(record)?;
        let replay = &done.replay;
        let frame = |board: &Board, last: Option<Move>, ply: usize, entry: Option<usize>| {
            let mut facts = vec![count_line(board, ('●', '○'))];
            if let Some(mv) = last {
                facts.push(format!("Last move: {} (ply {ply})", move_name(mv)));
            }
            facts.push(status_line(board, "dotted"));
            let legal: Vec<&str> = squares(board.legal()).map(square_str).collect();
            if !legal.is_empty() {
                facts.push(format!("legal moves: {}", legal.join(" ")));
            }
            Frame {
                move_text: match (entry.and_then(|i| record.moves.get(i)), last) {
                    (Some(m), _) => m.text.to_string(),
                    (None, Some(mv)) => move_name(mv),
                    (None, None) => String::new(),
                },
                entry,
                position: board_string(board),
                items: svg::items(board, last),
                facts,
                table: Vec::new(),
            }
        };
        let mut board = replay.start;
        let mut plies = Vec::with_capacity(replay.moves.len() + 1);
        plies.push(frame(&board, None, 0, None));
        let mut entry = 0usize;
        for (i, mv) in replay.moves.iter().enumerate() {
            board.play(*mv);
            let ply = i + 1;
            let played = if replay.implied.contains(&ply) {
                None
            } else {
                entry += 1;
                Some(entry - 1)
            };
            plies.push(frame(&board, Some(*mv), ply, played));
        }
        Ok(Frames {
            size: (svg::size(), svg::size()),
            defs: svg::defs(),
            board: svg::board(),
            sides: ["Black", "White"],
            second_starts: replay.start.to_move == Player::Second,
            table_head: Vec::new(),
            plies,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_legal_moves_and_side() {
        let d = diagram(&Board::start(), None, false);
        let board: String = d.lines().take(9).collect();
        assert_eq!(board.matches('*').count(), 4);
        assert!(d.contains("Black to move"));
        assert!(d.lines().nth(4).is_some_and(|l| l == "4 - - * O X - - -"));
        let mut b = Board::start();
        b.play(Move::Place(4 * 8 + 5));
        assert!(diagram(&b, Some((1, Move::Place(37))), true).contains("Last move: f5 (ply 1)"));
    }
}
