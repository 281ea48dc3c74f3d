//! A text diagram of a position: the board, legal moves marked `*`, the side to move, the
//! move that led there and the disc count; the SVG picture is in [`crate::othello::svg`].

use crate::core::error::RecordError;
use crate::core::game::{ShowOptions, Shown};
use crate::core::record::{Player, Record};
use crate::othello::notation::resolve::replay_record;
use crate::othello::notation::{move_name, player_name};
use crate::othello::rules::{Board, Move};

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
    let (b, w) = board.counts();
    s.push_str(&format!(
        "Black ({bl}) {b}, White ({wh}) {w}, empty {}\n",
        board.empties()
    ));
    if let Some((ply, mv)) = last {
        s.push_str(&format!("Last move: {} (ply {ply})\n", move_name(mv)));
    }
    let side = player_name(board.to_move);
    if board.is_over() {
        s.push_str("Game over: neither side can move\n");
    } else if board.must_pass() {
        s.push_str(&format!("{side} to move: no legal move, must pass\n"));
    } else {
        s.push_str(&format!(
            "{side} to move ({} legal moves, marked *)\n",
            legal.count_ones()
        ));
    }
    s
}

pub fn show(record: &Record, opts: &ShowOptions) -> Result<Shown, RecordError> {
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
