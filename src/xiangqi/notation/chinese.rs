//! Chinese notation: `炮二平五`, `馬８進７`, `前車進一`, `中兵平四`, simplified or traditional.
//!
//! Piece, from-file, 进 (advance) / 退 (retreat) / 平 (traverse), number. Red writes files
//! and steps in Chinese numerals 一…九, Black in digits (ASCII `1`–`9` or full-width `１`–`９`);
//! both are read for either side — the side to move decides whose piece moves and how files
//! count. Tandem pieces: 前/后(後) before the piece (`前炮平二`; `車前平三` is read too);
//! three pawns on a file 前/中/后, four or five 一/二/三/四/五 from the front; when two files
//! each hold several pawns, the file follows the pawn: `前兵三平四`.
//!
//! Lenient reading: a move that omits 前/后 but that only one of the pieces on the file can
//! make is accepted with a note.

use super::NotationError;
use super::numerals::{CHINESE_NUMERALS, Digits, file_text};
use super::relative::{self, Action, Described, Relative, Tandem, Which};
use crate::xiangqi::rules::{Color, Kind, Move, Position};
use nom::branch::alt;
use nom::character::complete::satisfy;
use nom::combinator::{eof, map, map_opt, opt};
use nom::{IResult, Parser};

/// Simplified (简体) or traditional (繁體) characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Script {
    #[default]
    Simplified,
    Traditional,
}

/// Options of the Chinese writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChineseStyle {
    pub script: Script,
    pub digits: Digits,
}

impl ChineseStyle {
    /// The style a record's own Chinese moves are written in (the defaults where they do not
    /// say): traditional when a move has a character only traditional writing uses, ASCII
    /// digits when Black's moves have them. What qipu writes beside the record's own moves
    /// (the caption of a diagram) is then spelt as they are.
    pub(crate) fn of_moves<'a>(texts: impl IntoIterator<Item = &'a str>) -> ChineseStyle {
        let mut style = ChineseStyle::default();
        let (mut script_seen, mut digits_seen) = (false, false);
        for t in texts {
            if !t.chars().any(|c| piece_kind(c).is_some()) {
                continue;
            }
            if !script_seen && t.chars().any(|c| "進馬車帥將後傌俥".contains(c)) {
                style.script = Script::Traditional;
                script_seen = true;
            } else if !script_seen && t.chars().any(|c| "进马车帅将后".contains(c)) {
                script_seen = true;
            }
            if !digits_seen && t.chars().any(|c| c.is_ascii_digit()) {
                style.digits = Digits::Ascii;
                digits_seen = true;
            } else if !digits_seen && t.chars().any(|c| ('１'..='９').contains(&c)) {
                digits_seen = true;
            }
            if script_seen && digits_seen {
                break;
            }
        }
        style
    }
}

fn piece_kind(c: char) -> Option<Kind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Kind::King,
        '仕' | '士' => Kind::Advisor,
        '相' | '象' => Kind::Elephant,
        '马' | '馬' | '傌' | '㐷' => Kind::Horse,
        '车' | '車' | '俥' | '伡' => Kind::Rook,
        '炮' | '砲' | '包' => Kind::Cannon,
        '兵' | '卒' => Kind::Pawn,
        _ => return None,
    })
}

/// A number 1–9 in any of the three spellings.
fn number_value(c: char) -> Option<u8> {
    if let Some(i) = CHINESE_NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32) as u8 + 1),
        _ => None,
    }
}

fn tandem_value(c: char) -> Option<Tandem> {
    Some(match c {
        '前' => Tandem::Front,
        '后' | '後' => Tandem::Rear,
        '中' => Tandem::Middle,
        '一' => Tandem::Nth(1),
        '二' => Tandem::Nth(2),
        '三' => Tandem::Nth(3),
        '四' => Tandem::Nth(4),
        '五' => Tandem::Nth(5),
        _ => return None,
    })
}

fn piece(input: &str) -> IResult<&str, Kind> {
    map_opt(satisfy(|c| piece_kind(c).is_some()), piece_kind).parse(input)
}

fn number(input: &str) -> IResult<&str, u8> {
    map_opt(satisfy(|c| number_value(c).is_some()), number_value).parse(input)
}

fn tandem(input: &str) -> IResult<&str, Tandem> {
    map_opt(satisfy(|c| tandem_value(c).is_some()), tandem_value).parse(input)
}

fn action(input: &str) -> IResult<&str, Action> {
    map(
        satisfy(|c| matches!(c, '进' | '進' | '退' | '平')),
        |c| match c {
            '退' => Action::Retreat,
            '平' => Action::Traverse,
            _ => Action::Advance,
        },
    )
    .parse(input)
}

/// The piece and how it is picked out.
type Head = (Kind, Which);

fn head(input: &str) -> IResult<&str, Head> {
    alt((
        // 炮二
        map((piece, number), |(k, n)| (k, Which::File(n))),
        // 前炮, 前兵三
        map((tandem, piece, opt(number)), |(t, k, n)| {
            (k, Which::Tandem(t, n))
        }),
        // 車前
        map((piece, tandem), |(k, t)| (k, Which::Tandem(t, None))),
        // 前九: a pawn of two doubled files, the piece name dropped
        map((tandem, number), |(t, n)| {
            (Kind::Pawn, Which::Tandem(t, Some(n)))
        }),
    ))
    .parse(input)
}

/// Parses a Chinese move into its syntax (no board).
pub fn parse(text: &str) -> Result<Relative, NotationError> {
    let t = text.trim();
    let r: IResult<&str, (Head, Action, u8, &str)> = (head, action, number, eof).parse(t);
    match r {
        Ok((_, ((kind, which), action, arg, _))) => Ok(Relative {
            kind,
            which,
            action,
            arg,
            file_means_middle: false,
        }),
        Err(_) => Err(NotationError::parse(format!(
            "`{t}` is not a Chinese move: expected piece, file, 进/退/平 and a number (炮二平五, 馬８進７, 前車進一)"
        ))),
    }
}

/// Resolves a Chinese move against the legal moves (leniently: see the module docs).
pub(crate) fn resolve(pos: &Position, text: &str) -> Result<(Move, Option<String>), NotationError> {
    let rel = parse(text)?;
    relative::resolve(pos, &rel, text.trim())
}

/// The script of Chinese move text: traditional when it holds one of 車 馬 帥 將 進 後,
/// simplified when it holds one of 车 马 帅 将 进 后 (the first such character decides);
/// `None` for text without them (ICCS, WXF, or moves of the pieces both scripts share).
pub(crate) fn script_of(text: &str) -> Option<Script> {
    text.chars().find_map(|c| match c {
        '車' | '馬' | '帥' | '將' | '進' | '後' | '俥' | '傌' => Some(Script::Traditional),
        '车' | '马' | '帅' | '将' | '进' | '后' => Some(Script::Simplified),
        _ => None,
    })
}

/// The character of a piece in a diagram: Red and Black use different characters
/// (帥仕相傌俥炮兵 / 將士象馬車砲卒), whatever the script.
pub(crate) fn glyph(color: Color, kind: Kind) -> char {
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

/// The character of a piece in a script (the one the writers use).
pub(crate) fn piece_char(color: Color, kind: Kind, script: Script) -> char {
    let trad = script == Script::Traditional;
    match (kind, color) {
        (Kind::King, Color::Red) => {
            if trad {
                '帥'
            } else {
                '帅'
            }
        }
        (Kind::King, Color::Black) => {
            if trad {
                '將'
            } else {
                '将'
            }
        }
        (Kind::Advisor, Color::Red) => '仕',
        (Kind::Advisor, Color::Black) => '士',
        (Kind::Elephant, Color::Red) => '相',
        (Kind::Elephant, Color::Black) => '象',
        (Kind::Horse, _) => {
            if trad {
                '馬'
            } else {
                '马'
            }
        }
        (Kind::Rook, _) => {
            if trad {
                '車'
            } else {
                '车'
            }
        }
        (Kind::Cannon, _) => '炮',
        (Kind::Pawn, Color::Red) => '兵',
        (Kind::Pawn, Color::Black) => '卒',
    }
}

fn head_text(d: &Described, style: ChineseStyle) -> String {
    let p = piece_char(d.color, d.kind, style.script);
    let file = file_text(d.color, d.file, style.digits);
    let rear = if style.script == Script::Traditional {
        '後'
    } else {
        '后'
    };
    match d.tandem {
        None => format!("{p}{file}"),
        Some((i, n, other)) => {
            let prefix = match n {
                2 | 3 if i == 0 => '前',
                2 | 3 if i + 1 == n => rear,
                3 => '中',
                _ => CHINESE_NUMERALS.get(i).copied().unwrap_or('?'),
            };
            if other && d.kind == Kind::Pawn {
                format!("{prefix}{p}{file}")
            } else {
                format!("{prefix}{p}")
            }
        }
    }
}

/// The canonical Chinese text of a move of the side to move.
pub(crate) fn write(pos: &Position, mv: Move, style: ChineseStyle) -> String {
    let Some(d) = relative::describe(pos, mv) else {
        return mv.iccs();
    };
    let act = match (d.action, style.script) {
        (Action::Advance, Script::Simplified) => '进',
        (Action::Advance, Script::Traditional) => '進',
        (Action::Retreat, _) => '退',
        (Action::Traverse, _) => '平',
    };
    format!(
        "{}{act}{}",
        head_text(&d, style),
        file_text(d.color, d.arg, style.digits)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::{NotationErrorKind, test_cases};

    /// Each `TEXT ICCS` of `cases` resolves in `fen` to that move; the notes, in order.
    fn ok(fen: &str, cases: &str) -> Vec<Option<String>> {
        let pos = Position::from_fen(fen).unwrap();
        let mut notes = Vec::new();
        for (text, iccs) in test_cases(cases) {
            let (mv, note) = resolve(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(mv.iccs(), iccs, "{text}");
            notes.push(note);
        }
        notes
    }

    /// `text` resolved in `fen` and written back in the default style.
    fn rewritten(fen: &str, text: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        write(
            &pos,
            resolve(&pos, text).unwrap().0,
            ChineseStyle::default(),
        )
    }

    /// How `resolve` refuses `text` in `fen`.
    fn refused(fen: &str, text: &str) -> NotationErrorKind {
        resolve(&Position::from_fen(fen).unwrap(), text)
            .unwrap_err()
            .kind
    }

    #[test]
    fn opening_moves_in_both_scripts() {
        let start = Position::START_FEN;
        assert_eq!(ok(start, "炮二平五 h2e2"), [None]);
        ok(start, "马二进三 h0g2, 馬二進三 h0g2, 傌二進三 h0g2");
        ok(start, "相三进五 g0e2, 仕四进五 f0e1");
        ok(start, "兵七进一 c3c4, 车一进一 i0i1");
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        ok(black, "馬８進７ h9g7, 马8进7 h9g7, 炮２平５ b7e7");
        ok(black, "卒３進１ c6c5, 車９進１ i9i8, 车1进1 a9a8");
        assert_eq!(rewritten(black, "馬８進７"), "马８进７");
        let pos = Position::from_fen(black).unwrap();
        let mv = resolve(&pos, "馬８進７").unwrap().0;
        let trad = ChineseStyle {
            script: Script::Traditional,
            digits: Digits::Ascii,
        };
        assert_eq!(write(&pos, mv, trad), "馬8進7");
    }

    #[test]
    fn tandem_and_leniency() {
        // Red cannons on h2 and h4 (file 二).
        let fen = "3k5/9/9/9/9/9/7C1/9/7C1/4K4 w - - 0 1";
        ok(fen, "前炮平五 h3e3, 后炮平五 h1e1");
        ok(fen, "後炮平五 h1e1, 炮前平五 h3e3");
        // Both can traverse to file 五: ambiguous without 前/后.
        assert_eq!(refused(fen, "炮二平五"), NotationErrorKind::Ambiguous);
        // Only the front cannon can advance 6: accepted with a note.
        let note = ok(fen, "炮二进六 h3h9").remove(0);
        assert!(note.unwrap().contains("only the one on h3"));
        assert_eq!(refused(fen, "炮二进九"), NotationErrorKind::Illegal);
        assert_eq!(refused(fen, "炮二走五"), NotationErrorKind::Parse);
        // Two advisors on file 六: the direction tells them apart, no note.
        let advisors = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";
        assert_eq!(ok(advisors, "仕六进五 d0e1, 仕六退五 d2e1"), [None, None]);
        assert_eq!(rewritten(fen, "前炮平五"), "前炮平五");
    }

    #[test]
    fn many_pawns() {
        let fen = "3k5/2P6/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1";
        ok(fen, "前兵七平八 c8b8, 中兵七平八 c7b7");
        ok(fen, "后兵三平二 g6h6, 前兵三进一 g7g8");
        assert_eq!(rewritten(fen, "中兵七平八"), "中兵七平八");
        // The piece name dropped (前七平八), and the computer standard's numbering across
        // two doubled files: file 三 (g) first, then file 七 (c), each front to back.
        ok(fen, "前七平八 c8b8, 一兵进一 g7g8, 二兵平二 g6h6");
        ok(fen, "三兵平八 c8b8, 五兵平八 c6b6");
        let four = "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
        ok(four, "一兵平八 c8b8, 三兵平八 c6b6");
        assert_eq!(rewritten(four, "四兵平八"), "四兵平八");
    }
}
