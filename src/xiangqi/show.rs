//! `show` for Xiangqi: a text diagram with Chinese piece characters. Red and Black use
//! different characters (帥仕相傌俥炮兵 / 將士象馬車砲卒), and colour on a terminal.

use crate::core::error::RecordError;
use crate::core::game::{Frame, Frames, ShowOptions, Shown};
use crate::core::record::Record;
use crate::core::rules::Rules;
use crate::core::variant::Show;
use crate::xiangqi::notation::chinese::{glyph, script_of};
use crate::xiangqi::notation::{self, ChineseStyle, Style};
use crate::xiangqi::replay::{position_at, replay_record};
use crate::xiangqi::rules::{Color, Move, Position, Square};
use crate::xiangqi::svg;

/// The board as text, Black at the top, ICCS files and ranks on the edges.
pub fn diagram(pos: &Position, color: bool) -> String {
    let mut s = String::new();
    for rank in (0..10u8).rev() {
        s.push_str(&format!("{rank} "));
        for file in 0..9u8 {
            let cell = Square::new(file, rank).and_then(|sq| pos.piece_at(sq));
            match cell {
                Some(p) => {
                    let g = glyph(p.color, p.kind);
                    if color {
                        // Black in the terminal's own colour (bold): readable on dark and light
                        // backgrounds alike.
                        let code = if p.color == Color::Red { "1;31" } else { "1" };
                        s.push_str(&format!("\x1b[{code}m{g}\x1b[0m"));
                    } else {
                        s.push(g);
                    }
                }
                None => s.push('・'),
            }
            if file < 8 {
                s.push(' ');
            }
        }
        s.push('\n');
        if rank == 5 {
            s.push_str("  ～～～～ 楚河    漢界 ～～～～\n");
        }
    }
    s.push_str("  a  b  c  d  e  f  g  h  i\n");
    s
}

/// "after ply 3: 马二进三 (h0g2)": the move that led to a position, in Chinese (spelt as the
/// record spells its moves, `style`) and ICCS.
pub(crate) fn after_line(before: &Position, mv: Move, ply: usize, style: ChineseStyle) -> String {
    let chinese = notation::write(before, mv, Style::Chinese(style));
    format!("after ply {ply}: {chinese} ({})", mv.iccs())
}

/// "Black to move, in check": the side to move and whether it is in check, mated or
/// stalemated.
pub(crate) fn status_line(pos: &Position) -> String {
    let stm = pos.side_to_move();
    let mut status = format!("{} to move", stm.name());
    if pos.is_checkmate() {
        status.push_str(", checkmated");
    } else if pos.is_stalemate() {
        status.push_str(", stalemated (困毙)");
    } else if pos.is_check() {
        status.push_str(", in check");
    }
    status
}

/// Xiangqi's records shown, as the core asks for them (a part of its `Variant`).
impl Show for crate::xiangqi::Xiangqi {
    /// The position after `opts`' ply (the end by default) as a text diagram, with an SVG
    /// picture when asked for.
    fn show(record: &Record, _rules: &Rules, opts: &ShowOptions) -> Result<Shown, RecordError> {
        let (pos, last, ply) = position_at(record, opts.ply)?;
        let style = ChineseStyle::of_moves(record.moves.iter().map(|m| m.text.as_str()));
        let mut s = diagram(&pos, opts.color);
        match &last {
            Some((before, mv)) => s.push_str(&format!("{}\n", after_line(before, *mv, ply, style))),
            None => s.push_str("start position\n"),
        }
        s.push_str(&format!("{}\nFEN {}\n", status_line(&pos), pos.to_fen()));
        Ok(Shown {
            diagram: s,
            svg: opts
                .svg
                .then(|| crate::xiangqi::svg::svg(&pos, last.map(|(_, mv)| mv))),
        })
    }

    /// Every position of the record up to its first bad move, for the replayable page.
    fn frames(record: &Record, _rules: &Rules) -> Result<Frames, RecordError> {
        let replay = replay_record(record)?;
        let style = ChineseStyle::of_moves(record.moves.iter().map(|m| m.text.as_str()));
        let frame = |pos: &Position, last: Option<(&Position, Move)>, ply: usize| {
            let mut facts = Vec::with_capacity(2);
            if let Some((before, mv)) = last {
                facts.push(after_line(before, mv, ply, style));
            }
            facts.push(status_line(pos));
            Frame::of_entry(
                record,
                ply,
                pos.to_fen(),
                svg::items(pos, last.map(|(_, mv)| mv)),
                facts,
                Vec::new(),
            )
        };
        let mut pos = replay.start.clone();
        let mut plies = Vec::with_capacity(replay.moves.len() + 1);
        plies.push(frame(&pos, None, 0));
        for (i, mv) in replay.moves.iter().enumerate() {
            let before = pos.clone();
            pos.play_unchecked(*mv);
            plies.push(frame(&pos, Some((&before, *mv)), i + 1));
        }
        Ok(Frames {
            size: svg::size(),
            // The board's characters in the script of the move list beside it.
            defs: svg::defs_in(
                record
                    .moves
                    .iter()
                    .take(40)
                    .find_map(|m| script_of(&m.text)),
            ),
            board: svg::board(),
            sides: ["Red", "Black"],
            second_starts: replay.start.side_to_move() == Color::Black,
            table_head: Vec::new(),
            plies,
        })
    }
}
