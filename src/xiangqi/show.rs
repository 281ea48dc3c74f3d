//! `show` for Xiangqi: a text diagram with Chinese piece characters. Red and Black use
//! different characters (帥仕相傌俥炮兵 / 將士象馬車砲卒), and colour on a terminal.

use crate::core::error::RecordError;
use crate::core::game::{ShowOptions, Shown};
use crate::core::record::Record;
use crate::xiangqi::notation::{self, ChineseStyle, Style};
use crate::xiangqi::referee::position_at;
use crate::xiangqi::rules::{Color, Kind, Position, Square};

fn glyph(color: Color, kind: Kind) -> char {
    match (color, kind) {
        (Color::Red, Kind::King) => '帥',
        (Color::Red, Kind::Advisor) => '仕',
        (Color::Red, Kind::Elephant) => '相',
        (Color::Red, Kind::Horse) => '傌',
        (Color::Red, Kind::Rook) => '俥',
        (Color::Red, Kind::Cannon) => '炮',
        (Color::Red, Kind::Pawn) => '兵',
        (Color::Black, Kind::King) => '將',
        (Color::Black, Kind::Advisor) => '士',
        (Color::Black, Kind::Elephant) => '象',
        (Color::Black, Kind::Horse) => '馬',
        (Color::Black, Kind::Rook) => '車',
        (Color::Black, Kind::Cannon) => '砲',
        (Color::Black, Kind::Pawn) => '卒',
    }
}

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
                        let code = if p.color == Color::Red {
                            "1;31"
                        } else {
                            "1;37"
                        };
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

pub fn show(record: &Record, opts: &ShowOptions) -> Result<Shown, RecordError> {
    let (pos, last, ply) = position_at(record, opts.ply)?;
    let mut s = diagram(&pos, opts.color);
    if let Some((before, mv)) = last {
        let chinese = notation::write(&before, mv, Style::Chinese(ChineseStyle::default()));
        s.push_str(&format!("after ply {ply}: {chinese} ({})\n", mv.iccs()));
    } else {
        s.push_str("start position\n");
    }
    let stm = pos.side_to_move();
    let mut status = format!("{} to move", stm.name());
    if pos.is_checkmate() {
        status.push_str(", checkmated");
    } else if pos.is_stalemate() {
        status.push_str(", stalemated (困毙)");
    } else if pos.is_check() {
        status.push_str(", in check");
    }
    s.push_str(&format!("{status}\nFEN {}\n", pos.to_fen()));
    Ok(Shown {
        diagram: s,
        svg: None,
    })
}
