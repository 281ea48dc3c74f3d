//! The DhtmlXQ writer: tags, `binit` from a FEN, the main line and its variations as
//! `move_P_S_B` branches, comments as `commentN` / `commentB_N`.

use super::board::{fen_piece_table, parse_iccs_move};
use super::dhtmlxq::{TAG_NAMES, parse_result};
use super::pgn_write::WrittenMove;
use crate::core::error::RecordError;
use crate::core::record::{GameResult, Record};
use crate::core::span::Span;
use std::fmt::Write;

fn result_word(r: GameResult) -> &'static str {
    match r {
        GameResult::FirstWins => "红胜",
        GameResult::SecondWins => "黑胜",
        GameResult::Draw => "和棋",
        GameResult::Unfinished => "未知",
    }
}

fn clean(s: &str) -> String {
    s.replace('\r', "")
        .replace('\n', "||")
        .replace('[', "(")
        .replace(']', ")")
}

fn put(out: &mut String, key: &str, value: &str) {
    let _ = writeln!(out, "[DhtmlXQ_{key}]{value}[/DhtmlXQ_{key}]");
}

#[cfg(test)]
/// Writes one DhtmlXQ block: the record's tags and comments, `binit` from `fen` (when given),
/// and the main line `iccs_moves` (`h2e2`), with the record's move comments. Fails when a move
/// is not ICCS or the FEN cannot be written as a piece table.
pub(crate) fn write_dhtmlxq(
    record: &Record,
    fen: Option<&str>,
    iccs_moves: &[String],
) -> Result<String, RecordError> {
    let tree = WrittenMove::main_line(record, iccs_moves);
    write_dhtmlxq_tree(record, fen, &tree)
}

/// Like [`write_dhtmlxq`], with comments and variations (ICCS texts) given with the moves.
pub(crate) fn write_dhtmlxq_tree(
    record: &Record,
    fen: Option<&str>,
    moves: &[WrittenMove],
) -> Result<String, RecordError> {
    let mut out = String::from("[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n");
    for t in &record.tags {
        let key = TAG_NAMES
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(&t.name))
            .map(|(k, _)| *k);
        if let Some(key) = key.filter(|k| *k != "result") {
            put(&mut out, key, &clean(&t.value));
        }
    }
    let result = record
        .claim
        .as_ref()
        .map(|c| c.result)
        .or_else(|| record.tag("Result").and_then(parse_result));
    put(
        &mut out,
        "result",
        result_word(result.unwrap_or(GameResult::Unfinished)),
    );
    if let Some(fen) = fen {
        let table = fen_piece_table(fen, "cannot write this position as binit")?;
        let binit: String = table
            .iter()
            .map(|sq| sq.map_or("99".to_string(), |(f, r)| format!("{}{}", f, 9 - r)))
            .collect();
        put(&mut out, "binit", &binit);
    }
    if !record.comments.is_empty() {
        put(&mut out, "comment0", &clean(&record.comments.join("||")));
    }
    let mut next_branch = 1;
    let mut branches = String::new();
    let list = write_branch(moves, 0, 1, &mut next_branch, &mut branches)?;
    put(&mut out, "movelist", &list);
    out.push_str(&branches);
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

/// Writes the comments and sub-branches of branch `id` (whose first move is ply `start`) into
/// `out`, and returns its digit list.
fn write_branch(
    moves: &[WrittenMove],
    id: u32,
    start: usize,
    next_branch: &mut u32,
    out: &mut String,
) -> Result<String, RecordError> {
    let mut list = String::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = start + i;
        let ((ff, fr), (tf, tr)) = parse_iccs_move(&m.text).ok_or_else(|| {
            RecordError::parse(format!("`{}` is not an ICCS move", m.text), Span::default())
                .with_ply(ply)
                .with_move(m.text.clone())
        })?;
        let _ = write!(list, "{}{}{}{}", ff, 9 - fr, tf, 9 - tr);
        if !m.comments.is_empty() {
            let key = if id == 0 {
                format!("comment{ply}")
            } else {
                format!("comment{id}_{ply}")
            };
            put(out, &key, &clean(&m.comments.join("||")));
        }
        for v in &m.variations {
            let child = *next_branch;
            *next_branch += 1;
            let digits = write_branch(v, child, ply, next_branch, out)?;
            put(out, &format!("move_{id}_{ply}_{child}"), &digits);
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::MoveEntry;
    use crate::xiangqi::formats::dhtmlxq::read_dhtmlxq;

    fn written(line: &[MoveEntry]) -> Vec<WrittenMove> {
        line.iter()
            .map(|m| WrittenMove {
                text: m.text.to_string(),
                comments: m.comments.to_vec(),
                variations: m.variations.iter().map(|v| written(v)).collect(),
            })
            .collect()
    }

    fn shape(line: &[MoveEntry]) -> String {
        line.iter()
            .map(|m| {
                let vars: Vec<String> = m
                    .variations
                    .iter()
                    .map(|v| format!("({})", shape(v)))
                    .collect();
                format!("{}{:?}{}", m.text, m.comments, vars.concat())
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn nested_variations_and_comments_round_trip() {
        let text = "[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\
            [DhtmlXQ_comment2]a[/DhtmlXQ_comment2]\
            [DhtmlXQ_move_0_2_1]10221927[/DhtmlXQ_move_0_2_1]\
            [DhtmlXQ_comment1_3]b[/DhtmlXQ_comment1_3]\
            [DhtmlXQ_move_1_3_2]7967[/DhtmlXQ_move_1_3_2]\
            [DhtmlXQ_move_0_1_3]2625[/DhtmlXQ_move_0_1_3]";
        let rec = read_dhtmlxq(text).remove(0).unwrap();
        assert_eq!(
            shape(&rec.moves),
            "h2e2[](c3c4[]) h9g7[\"a\"](b9c7[] b0c2[\"b\"](h0g2[])) h0g2[]"
        );
        let out = write_dhtmlxq_tree(&rec, None, &written(&rec.moves)).unwrap();
        let back = read_dhtmlxq(&out).remove(0).unwrap();
        assert_eq!(shape(&back.moves), shape(&rec.moves), "{out}");
    }

    #[test]
    fn main_line_writer_keeps_record_comments() {
        let text =
            "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_comment1]x[/DhtmlXQ_comment1]";
        let rec = read_dhtmlxq(text).remove(0).unwrap();
        let out = write_dhtmlxq(&rec, None, &["h2e2".into(), "h9g7".into()]).unwrap();
        assert!(
            out.contains("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"),
            "{out}"
        );
        assert!(out.contains("[DhtmlXQ_comment1]x[/DhtmlXQ_comment1]"));
        assert!(out.contains("[DhtmlXQ_result]未知[/DhtmlXQ_result]"));
    }
}
