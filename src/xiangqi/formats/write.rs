//! `convert` for Xiangqi: replay each record, then write it in the target format with the
//! moves rendered in the target notation. Variations are re-rendered from the position they
//! start in; a record that does not replay is listed as a failure, never written half.

use crate::core::error::RecordError;
use crate::core::game::Converted;
use crate::core::record::{MoveEntry, Record};
use crate::core::rules::Rules;
use crate::xiangqi::formats::pgn_write::{WrittenMove, write_pgn_tree};
use crate::xiangqi::formats::{self, PgnNotation};
use crate::xiangqi::notation::{self, ChineseStyle, Digits, Script, Style};
use crate::xiangqi::replay::replay_record;
use crate::xiangqi::rules::Position;

/// Variations nested deeper than this are not rendered (their text stays as a comment).
const MAX_VARIATION_DEPTH: usize = 64;

fn style_of(n: PgnNotation) -> Style {
    match n {
        PgnNotation::ChineseSimplified => Style::Chinese(ChineseStyle {
            script: Script::Simplified,
            digits: Digits::FullWidth,
        }),
        PgnNotation::ChineseTraditional => Style::Chinese(ChineseStyle {
            script: Script::Traditional,
            digits: Digits::FullWidth,
        }),
        PgnNotation::Iccs => Style::IccsDash,
        PgnNotation::Wxf => Style::Wxf,
    }
}

/// Renders a line of recorded moves from `pos`, with comments and (recursively) variations.
/// A move that does not resolve ends the line; its text is kept as a comment so nothing is
/// lost.
fn render_line(
    pos: &Position,
    entries: &[MoveEntry],
    style: Style,
    depth: usize,
) -> Vec<WrittenMove> {
    let mut out = Vec::with_capacity(entries.len());
    let mut pos = pos.clone();
    for entry in entries {
        let mv = match notation::resolve(&pos, &entry.text) {
            Ok((mv, _)) => mv,
            Err(e) => {
                if let Some(last) = out.last_mut() {
                    let last: &mut WrittenMove = last;
                    last.comments.push(format!(
                        "qipu: the variation went on with `{}`, which is not legal here ({e})",
                        entry.text
                    ));
                }
                break;
            }
        };
        let mut w = WrittenMove::new(notation::write(&pos, mv, style));
        w.comments = entry.comments.to_vec();
        if depth < MAX_VARIATION_DEPTH {
            for var in &entry.variations {
                let line = render_line(&pos, var, style, depth + 1);
                if !line.is_empty() {
                    w.variations.push(line);
                }
            }
        }
        pos.play_unchecked(mv);
        out.push(w);
    }
    out
}

/// The tree as recorded, when every move of it is written in coordinates (a record read from
/// XQF, CCBridge, DhtmlXQ or an ICCS PGN): XQF stores coordinates, so a variation a record's
/// author wrote with a move the rules refuse (a study's "误" line) is kept as it is.
fn coordinate_tree(entries: &[MoveEntry], depth: usize) -> Option<Vec<WrittenMove>> {
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let ((ff, fr), (tf, tr)) = formats::board::parse_iccs_move(&e.text)?;
        let mut w = WrittenMove::new(format!(
            "{}{}",
            formats::board::square_name(ff, fr),
            formats::board::square_name(tf, tr)
        ));
        w.comments = e.comments.to_vec();
        if depth < MAX_VARIATION_DEPTH {
            for v in &e.variations {
                let line = coordinate_tree(v, depth + 1)?;
                if !line.is_empty() {
                    w.variations.push(line);
                }
            }
        }
        out.push(w);
    }
    Some(out)
}

/// XQF holds one game: the first record that replays is written, the others are failures.
fn convert_xqf(records: &[Record]) -> Converted {
    let mut out = Converted::default();
    for (i, record) in records.iter().enumerate() {
        let replay = match replay_record(record) {
            Ok(r) => match r.error {
                Some(e) => {
                    out.failures.push((i, e));
                    continue;
                }
                None => r,
            },
            Err(e) => {
                out.failures.push((i, e));
                continue;
            }
        };
        if out.games > 0 {
            out.failures.push((
                i,
                RecordError::new(
                    crate::core::error::ErrorKind::Unsupported,
                    "an XQF file holds one game and this one is written already: convert a one-game input, or write each game to its own file",
                ),
            ));
            continue;
        }
        let tree = coordinate_tree(&record.moves, 0)
            .unwrap_or_else(|| render_line(&replay.start, &record.moves, Style::Iccs, 0));
        match formats::xqf_write::write_xqf(record, &replay.start.to_fen(), &tree) {
            Ok(bytes) => {
                out.bytes = bytes;
                out.games = 1;
                let lost = formats::xqf_write::tags_not_held(record);
                if !lost.is_empty() {
                    out.notes.push((
                        i,
                        format!(
                            "XQF has no place for the tag{} {}: left out",
                            if lost.len() == 1 { "" } else { "s" },
                            lost.join(", ")
                        ),
                    ));
                }
            }
            Err(e) => out.failures.push((i, e)),
        }
    }
    out
}

/// Writes the records in the target format.
pub(crate) fn convert(records: &[Record], to: &'static str, _rules: &Rules) -> Converted {
    if to == "xqf" {
        return convert_xqf(records);
    }
    let mut out = Converted::default();
    let mut text = String::new();
    for (i, record) in records.iter().enumerate() {
        let replay = match replay_record(record) {
            Ok(r) => r,
            Err(e) => {
                out.failures.push((i, e));
                continue;
            }
        };
        if let Some(e) = replay.error {
            out.failures.push((i, e));
            continue;
        }
        let setup_fen = record.setup.as_ref().map(|_| replay.start.to_fen());
        let written = if let Some((notation, tag)) = formats::pgn_target(to) {
            let tree = render_line(&replay.start, &record.moves, style_of(notation), 0);
            Ok(write_pgn_tree(record, &tree, tag))
        } else {
            match to {
                "fen" => Ok(format!("{}\n", replay.end.to_fen())),
                "ucci" => {
                    let moves: Vec<String> = replay.moves.iter().map(|m| m.iccs()).collect();
                    Ok(formats::ucci::write_ucci(setup_fen.as_deref(), &moves))
                }
                "dhtmlxq" => {
                    let tree = render_line(&replay.start, &record.moves, Style::Iccs, 0);
                    formats::dhtmlxq_write::write_dhtmlxq_tree(record, setup_fen.as_deref(), &tree)
                }
                other => Err(RecordError::new(
                    crate::core::error::ErrorKind::Unsupported,
                    format!("qipu cannot write Xiangqi records as `{other}`"),
                )),
            }
        };
        match written {
            Ok(s) => {
                if !text.is_empty() && !text.ends_with("\n\n") && to != "fen" && to != "ucci" {
                    text.push('\n');
                }
                text.push_str(&s);
                out.games += 1;
            }
            Err(e) => out.failures.push((i, e)),
        }
    }
    out.bytes = text.into_bytes();
    out
}
