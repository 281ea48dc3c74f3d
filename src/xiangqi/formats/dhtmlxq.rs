//! DhtmlXQ (东萍 / dpxq.com UBB) records: `[DhtmlXQ]` blocks of `[DhtmlXQ_key]value[/DhtmlXQ_key]`
//! tags. Squares are two digits, column 0–8 from the left and row 0–9 from the top (Black's
//! back rank); moves are two squares. `binit` lists the 32 pieces in the fixed table order
//! (`99` = captured). Moves are read as ICCS tokens (`h2e2`), each spanning its four digits.
//! The grammar is in `grammar/dhtmlxq.ebnf`.

use super::board::{Placement, START_FEN, parse_iccs_move, square_name};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::limits;
use crate::core::record::{Claim, GameKind, GameResult, MoveEntry, Record};
use crate::core::span::Span;
use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{tag, take_until, take_while1};
use nom::character::complete::char;
use std::collections::BTreeMap;

/// DhtmlXQ keys and the record tag names they become.
pub(super) const TAG_NAMES: [(&str, &str); 16] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blacktime", "BlackTime"),
    ("result", "Result"),
    ("remark", "Remark"),
    ("author", "Author"),
    ("open", "Opening"),
];

/// Keys that carry the game's structure rather than a tag.
fn structural(key: &str) -> bool {
    matches!(key, "binit" | "movelist" | "ver" | "init" | "pver")
        || key.starts_with("move_")
        || key.starts_with("comment")
}

/// One `[DhtmlXQ_key]value[/DhtmlXQ_…]` element: key, value, and the value's offset in `input`.
fn element(input: &str) -> IResult<&str, (&str, &str)> {
    let (rest, _) = tag("[DhtmlXQ_")(input)?;
    let (rest, key) = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')(rest)?;
    let (rest, _) = char(']')(rest)?;
    let (rest, value) = take_until("[/DhtmlXQ")(rest)?;
    let (rest, _) = (tag("[/DhtmlXQ"), take_until("]"), char(']')).parse(rest)?;
    Ok((rest, (key, value)))
}

/// Reads every `[DhtmlXQ]` block of a text (or the whole text as one game when it has tags but
/// no block markers).
pub(crate) fn read_dhtmlxq(text: &str) -> Vec<Result<Record, RecordError>> {
    let mut blocks = Vec::new();
    let mut from = 0;
    while let Some(i) = text.get(from..).and_then(|t| t.find("[DhtmlXQ]")) {
        let start = from + i + "[DhtmlXQ]".len();
        let end = text
            .get(start..)
            .and_then(|t| t.find("[/DhtmlXQ]"))
            .map_or(text.len(), |j| start + j);
        blocks.push((start, end));
        from = end;
    }
    if blocks.is_empty() {
        if !text.contains("[DhtmlXQ_") {
            return vec![Err(RecordError::parse(
                "not a DhtmlXQ record: no [DhtmlXQ] block",
                Span::new(0, text.len().min(16)),
            ))];
        }
        blocks.push((0, text.len()));
    }
    blocks
        .into_iter()
        .enumerate()
        .map(|(index, (start, end))| {
            Ok(read_block(text.get(start..end).unwrap_or(""), start, index))
        })
        .collect()
}

struct Branch {
    parent: u32,
    /// The 1-based ply of its first move.
    start: usize,
    moves: Vec<MoveEntry>,
}

fn read_block(block: &str, base: usize, index: usize) -> Record {
    let mut rec = Record::new(GameKind::Xiangqi, "dhtmlxq", index);
    rec.span = Span::new(base, base + block.len());
    let mut branches: BTreeMap<u32, Branch> = BTreeMap::new();
    let mut comments: Vec<(u32, usize, String)> = Vec::new();
    let mut binit: Option<(&str, usize)> = None;
    let mut pos = 0;
    // An element needs a closing `[/DhtmlXQ…]` after it: past the last one, none can be read
    // (and trying each would be quadratic on a file of unclosed tags).
    let last_close = block.rfind("[/DhtmlXQ");
    let mut unreadable: Option<usize> = None;
    let mut read_any = false;
    let mut budget = limits::max_plies();
    while let Some(i) = block.get(pos..).and_then(|t| t.find("[DhtmlXQ_")) {
        let at = pos + i;
        if last_close.is_none_or(|c| at > c) {
            unreadable.get_or_insert(at);
            break;
        }
        let rest = &block[at..];
        let Ok((after, (key, value))) = element(rest) else {
            unreadable.get_or_insert(at);
            pos = at + 1;
            continue;
        };
        read_any = true;
        let value_at = base + at + (value.as_ptr() as usize - rest.as_ptr() as usize);
        let span = Span::new(base + at, base + at + (rest.len() - after.len()));
        pos = at + (rest.len() - after.len());
        let key_lower = key.to_ascii_lowercase();
        if key_lower == "binit" {
            binit = Some((value, value_at));
        } else if key_lower == "movelist" {
            match read_moves(value, value_at, &mut budget) {
                Ok(moves) => {
                    branches.insert(
                        0,
                        Branch {
                            parent: 0,
                            start: 1,
                            moves,
                        },
                    );
                }
                Err((moves, e)) => {
                    branches.insert(
                        0,
                        Branch {
                            parent: 0,
                            start: 1,
                            moves,
                        },
                    );
                    rec.parse_error.get_or_insert(e);
                }
            }
        } else if let Some(ids) = key_lower.strip_prefix("move_") {
            let nums: Vec<Option<u32>> = ids.split('_').map(|n| n.parse().ok()).collect();
            match nums.as_slice() {
                [Some(p), Some(s), Some(b)] if *b != 0 && *s >= 1 => {
                    let moves =
                        read_moves(value, value_at, &mut budget).unwrap_or_else(|(m, e)| {
                            if budget == 0 {
                                // Past the ply limit: the record is refused, not just the line
                                // (at no ply of the main line).
                                rec.parse_error
                                    .get_or_insert(RecordError { ply: None, ..e });
                            } else {
                                rec.warnings.push(
                                    Warning::new(format!(
                                        "variation {key} has a bad move; it is cut there"
                                    ))
                                    .at(span),
                                );
                            }
                            m
                        });
                    branches.insert(
                        *b,
                        Branch {
                            parent: *p,
                            start: *s as usize,
                            moves,
                        },
                    );
                }
                _ => rec
                    .warnings
                    .push(Warning::new(format!("unreadable variation key {key}")).at(span)),
            }
        } else if let Some(ids) = key_lower.strip_prefix("comment") {
            let nums: Vec<Option<usize>> = ids.split('_').map(|n| n.parse().ok()).collect();
            let text = value.replace("||", "\n").trim().to_string();
            match nums.as_slice() {
                [Some(n)] => comments.push((0, *n, text)),
                [Some(b), Some(n)] => comments.push((*b as u32, *n, text)),
                _ => rec
                    .warnings
                    .push(Warning::new(format!("unreadable comment key {key}")).at(span)),
            }
        } else if !structural(&key_lower) && !value.trim().is_empty() {
            let name = TAG_NAMES
                .iter()
                .find(|(k, _)| *k == key_lower)
                .map_or(key, |(_, n)| n);
            rec.add_tag(name, value.trim(), span);
        }
    }

    if !read_any && let Some(at) = unreadable {
        // Tags were opened but none could be read: not a record, whatever else it is.
        let end = block[at..]
            .find(']')
            .map_or(block.len().min(at + 9), |i| at + i + 1);
        rec.parse_error = Some(
            RecordError::parse(
                "this DhtmlXQ tag is never closed with `[/DhtmlXQ_…]`",
                Span::new(base + at, base + end),
            )
            .with_label("unclosed tag"),
        );
        return rec;
    }
    let placement = match binit {
        Some((value, at)) => match read_binit(value) {
            Ok(p) => p,
            Err(msg) => {
                let e = RecordError::new(ErrorKind::BadSetup, format!("bad binit: {msg}"))
                    .at(Span::new(at, at + value.len()))
                    .with_label("binit");
                rec.parse_error = Some(e);
                return rec;
            }
        },
        None => Placement::start(),
    };

    for (b, n, text) in comments.into_iter().filter(|c| !c.2.is_empty()) {
        if b == 0 && n == 0 {
            rec.comments.push(text);
            continue;
        }
        let slot = branches.get_mut(&b).and_then(|br| {
            let idx = n.checked_sub(br.start)?;
            br.moves.get_mut(idx)
        });
        match slot {
            Some(m) => m.comments.push(text),
            None => rec
                .warnings
                .push(Warning::new(format!("comment {b}_{n} belongs to no move"))),
        }
    }

    let mut used = vec![0u32];
    rec.moves = build_line(&mut branches, 0, 0, &mut used, &mut rec.warnings);
    if branches.len() + 1 > used.len() && !branches.is_empty() {
        rec.warnings.push(Warning::new(
            "some variations hang from no line and are dropped",
        ));
    }

    // Side to move: the side of the piece the first move moves; with no move, the side the
    // placement allows.
    let red_first = match rec.moves.first() {
        Some(m) => parse_iccs_move(&m.text)
            .and_then(|((f, r), _)| placement.get(f, r))
            .is_none_or(|p| p.is_ascii_uppercase()),
        None => placement.red_to_move_without_moves(),
    };
    let fen = placement.to_fen(red_first);
    if fen != START_FEN {
        let span = binit.map_or(Span::default(), |(v, at)| Span::new(at, at + v.len()));
        rec.setup = Some((fen, span));
    }
    claim(&mut rec);
    rec
}

/// Takes branch `id` out of the map with its child branches attached as variations.
fn build_line(
    branches: &mut BTreeMap<u32, Branch>,
    id: u32,
    depth: usize,
    used: &mut Vec<u32>,
    warnings: &mut Vec<Warning>,
) -> Vec<MoveEntry> {
    let Some(branch) = branches.remove(&id) else {
        return Vec::new();
    };
    let mut moves = branch.moves;
    let mut children: Vec<(usize, u32)> = branches
        .iter()
        .filter(|(c, b)| b.parent == id && **c != id)
        .map(|(c, b)| (b.start, *c))
        .collect();
    children.sort();
    for (start, child) in children {
        if depth > 64 {
            warnings.push(Warning::new("variations nested too deeply are dropped"));
            break;
        }
        used.push(child);
        let line = build_line(branches, child, depth + 1, used, warnings);
        if line.is_empty() {
            continue;
        }
        let idx = start.checked_sub(branch.start).unwrap_or(usize::MAX);
        let len = moves.len();
        match moves.get_mut(idx) {
            Some(m) => m.variations.push(line),
            None if idx == len => moves.extend(line),
            None => warnings.push(Warning::new(format!(
                "variation {child} starts after the end of its line"
            ))),
        }
    }
    moves
}

/// Reads a digit movelist. On a bad group, returns the moves before it and the error.
/// `budget`: the moves the record may still hold (its ply limit, variations included).
fn read_moves(
    value: &str,
    value_at: usize,
    budget: &mut usize,
) -> Result<Vec<MoveEntry>, (Vec<MoveEntry>, RecordError)> {
    let mut digits = value
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (value_at + i, c));
    let mut moves = Vec::new();
    loop {
        // Four characters at a time, never all of a huge value at once.
        let mut four = [(0usize, ' '); 4];
        let mut n = 0;
        for (slot, d) in four.iter_mut().zip(digits.by_ref()) {
            *slot = d;
            n += 1;
        }
        let Some(group) = four.get(..n).filter(|g| !g.is_empty()) else {
            break;
        };
        let start = group.first().map_or(value_at, |g| g.0);
        let end = group.last().map_or(value_at, |g| g.0 + g.1.len_utf8());
        if *budget == 0 {
            let e = limits::too_long(Span::new(start, end)).with_ply(moves.len() + 1);
            return Err((moves, e));
        }
        *budget -= 1;
        let text: String = group.iter().map(|g| g.1).collect();
        let squares = match group {
            [(_, a), (_, b), (_, c), (_, d)] => dhtml_square(*a, *b).zip(dhtml_square(*c, *d)),
            _ => None,
        };
        let Some(((ff, fr), (tf, tr))) = squares else {
            let e = RecordError::parse(
                format!("`{text}` is not a DhtmlXQ move (four digits: column 0-8, row 0-9, twice)"),
                Span::new(start, end),
            )
            .with_ply(moves.len() + 1)
            .with_move(text)
            .with_label("bad move");
            return Err((moves, e));
        };
        moves.push(MoveEntry::new(
            format!("{}{}", square_name(ff, fr), square_name(tf, tr)),
            Span::new(start, end),
        ));
    }
    Ok(moves)
}

/// Two ASCII digits (column, row from the top) → ICCS (file, rank).
fn dhtml_square(col: char, row: char) -> Option<(u8, u8)> {
    let (c, r) = (col.to_digit(10)? as u8, row.to_digit(10)? as u8);
    (c <= 8).then(|| (c, 9 - r))
}

fn read_binit(value: &str) -> Result<Placement, String> {
    let v = value.trim().as_bytes();
    if v.len() != 64 {
        return Err(format!("binit has 64 digits, this one has {}", v.len()));
    }
    let mut table = [None; 32];
    for (i, pair) in v.chunks(2).enumerate() {
        if pair == b"99" {
            continue;
        }
        let sq = match pair {
            [a, b] => dhtml_square(char::from(*a), char::from(*b)),
            _ => None,
        };
        match sq {
            Some(s) => table[i] = Some(s),
            None => {
                return Err(format!(
                    "`{}` is not a square",
                    String::from_utf8_lossy(pair)
                ));
            }
        }
    }
    Placement::from_piece_table(&table).map_err(|e| e.to_string())
}

pub(super) fn parse_result(value: &str) -> Option<GameResult> {
    match value.trim() {
        "红胜" | "紅勝" | "红方胜" | "紅方勝" | "1-0" => Some(GameResult::FirstWins),
        "黑胜" | "黑勝" | "黑方胜" | "黑方勝" | "0-1" => Some(GameResult::SecondWins),
        "和棋" | "和局" | "和" | "1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

fn claim(rec: &mut Record) {
    let Some(t) = rec.tags.iter().find(|t| t.name == "Result") else {
        return;
    };
    if let Some(result) = parse_result(&t.value) {
        rec.claim = Some(Claim::written(result, t.value.to_string(), t.span));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::formats::dhtmlxq_write::write_dhtmlxq;

    const GAME: &str = "<p>page</p>[DhtmlXQ]\n[DhtmlXQ_title]测试[/DhtmlXQ_title]\n[DhtmlXQ_red]甲[/DhtmlXQ_red]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_comment0]开局[/DhtmlXQ_comment0]\n[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]\n[DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]\n[DhtmlXQ_comment1_2]变着||好[/DhtmlXQ_comment1_2]\n[/DhtmlXQ]";

    fn one(text: &str) -> Record {
        read_dhtmlxq(text).remove(0).unwrap()
    }

    /// A record of a `binit` set-up (the given pieces placed, every other off the board) and
    /// the moves `moves`.
    fn set_up(placed: &[(usize, &str)], moves: &str) -> Record {
        let mut binit = ["99"; 32];
        for &(piece, square) in placed {
            binit[piece] = square;
        }
        one(&format!(
            "[DhtmlXQ_binit]{}[/DhtmlXQ_binit][DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]",
            binit.concat()
        ))
    }

    #[test]
    fn reads_tags_moves_comments_variations() {
        let r = one(GAME);
        assert!(r.parse_error.is_none(), "{:?}", r.parse_error);
        let texts: Vec<_> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["h2e2", "h9g7"]);
        let s = r.moves[1].span;
        assert_eq!(&GAME[s.start..s.end], "7062");
        assert_eq!(r.setup, None, "the standard binit is no set-up");
        assert_eq!(r.tag("Title"), Some("测试"));
        assert_eq!(r.claim.as_ref().unwrap().result, GameResult::FirstWins);
        assert_eq!(r.comments, ["开局"]);
        assert_eq!(r.moves[0].comments, ["中炮"]);
        let v = &r.moves[1].variations[0];
        assert_eq!(
            v.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
            ["b9c7", "h0g2"]
        );
        assert_eq!(v[0].comments, ["变着\n好"]);
    }

    #[test]
    fn reads_a_dpxq_export() {
        // The shape of a dpxq.com export: Red listed from file a, a mismatched closing tag, a
        // comment holding a PGN-style FEN.
        let text = "[DhtmlXQ]\n[DhtmlXQ_blacktime][/DhtmlXQ_time]\n[DhtmlXQ_result]未知[/DhtmlXQ_result]\n[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]777080707967121909197242191870781858[/DhtmlXQ_movelist]\n[DhtmlXQ_comment0][FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"][/DhtmlXQ_comment0]\n[/DhtmlXQ]";
        let r = one(text);
        assert!(r.parse_error.is_none());
        assert_eq!(r.setup, None);
        assert!(r.claim.is_none());
        let moves: Vec<_> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(
            moves,
            [
                "h2h9", "i9h9", "h0g2", "b7b0", "a0b0", "h7e7", "b0b1", "h9h1", "b1f1"
            ]
        );
        assert!(r.comments[0].starts_with("[FEN"));
    }

    #[test]
    fn custom_binit_and_black_to_move() {
        let r = set_up(&[(4, "49"), (20, "40"), (16, "00")], "0001");
        assert_eq!(
            r.setup.as_ref().unwrap().0,
            "r3k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
        );
        assert_eq!(r.moves[0].text, "a9a8");
    }

    #[test]
    fn no_moves_and_black_in_check_means_black_to_move() {
        let one_of = |moves: &str| set_up(&[(0, "44"), (4, "39"), (20, "40")], moves);
        // Red to move could take the king: the side in check is the one to move.
        assert_eq!(
            one_of("").setup.unwrap().0,
            "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1"
        );
        // With a move, its piece tells the side (here Red, a record that fails on replay).
        assert!(one_of("4443").setup.unwrap().0.ends_with(" w - - 0 1"));
    }

    #[test]
    fn bad_input_is_an_error_at_the_token() {
        let text = "[DhtmlXQ_movelist]77479747[/DhtmlXQ_movelist]";
        let r = one(text);
        let e = r.parse_error.unwrap();
        assert_eq!(&text[e.span.unwrap().start..e.span.unwrap().end], "9747");
        assert_eq!(e.ply, Some(2));
        assert_eq!(r.moves.len(), 1);
        assert!(
            one("[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]")
                .parse_error
                .is_some()
        );
        let r = one("[DhtmlXQ_binit]12[/DhtmlXQ_binit]");
        assert_eq!(r.parse_error.unwrap().kind, ErrorKind::BadSetup);
        assert!(read_dhtmlxq("hello").remove(0).is_err());
    }

    #[test]
    fn writer_round_trips() {
        let r = one(GAME);
        let fen = "r3k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1";
        let text = write_dhtmlxq(&r, Some(fen), &["a9a8".into(), "e0d0".into()]).unwrap();
        let back = one(&text);
        assert_eq!(back.setup.as_ref().unwrap().0, fen);
        assert_eq!(
            back.moves
                .iter()
                .map(|m| m.text.as_str())
                .collect::<Vec<_>>(),
            ["a9a8", "e0d0"]
        );
        assert_eq!(back.tag("Red"), Some("甲"));
        assert_eq!(back.claim.unwrap().result, GameResult::FirstWins);
        assert_eq!(back.comments, ["开局"]);
        assert_eq!(back.moves[0].comments, ["中炮"]);
        assert!(write_dhtmlxq(&r, None, &["z9a8".into()]).is_err());
        assert!(write_dhtmlxq(&r, Some("RRR6/9/9/9/9/9/9/9/9/4k4 w"), &[]).is_err());
    }
}
