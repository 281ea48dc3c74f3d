//! GGF (Generic Game Format, as written by the GGS server): `(;GM[Othello]PB[..]…B[f5]W[d6];)`.
//! Games may sit one per line, with an archive number before them (`1 (;…;)`), or several on
//! a line (synchro games).

use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::{
    Annotation, Claim, GameKind, GameResult, MoveEntry, Record, Termination,
};
use crate::core::span::Span;
use crate::othello::formats::transcript::{MAX_MOVES, too_long};
use crate::othello::notation::parse_score;
use crate::othello::replay::COLOR_KEY;
use crate::othello::rules::result_of;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::char;
use nom::{IResult, Parser};

/// GGF properties and the tag names qipu gives them.
const TAG_NAMES: &[(&str, &str)] = &[
    ("PC", "Event"),
    ("DT", "Date"),
    ("PB", "Black"),
    ("PW", "White"),
    ("RB", "BlackRating"),
    ("RW", "WhiteRating"),
    ("TI", "TimeControl"),
    ("TB", "BlackClock"),
    ("TW", "WhiteClock"),
    ("TY", "Type"),
    ("RE", "Score"),
    ("KM", "Komi"),
];

/// A property: its name, raw value, and the value's span (relative to the text parsed).
struct Prop<'a> {
    name: &'a str,
    value: String,
    name_at: usize,
    value_span: (usize, usize),
}

fn ws(i: &str) -> IResult<&str, &str> {
    take_while(char::is_whitespace).parse(i)
}

/// `[value]`, with `\]` and `\\` escapes.
fn value(i: &str) -> IResult<&str, String> {
    let (mut rest, _) = char('[').parse(i)?;
    let mut out = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            None => {
                return Err(nom::Err::Error(nom::error::Error::new(
                    rest,
                    nom::error::ErrorKind::Char,
                )));
            }
            Some(']') => return Ok((chars.as_str(), out)),
            Some('\\') => match chars.next() {
                Some(c) => {
                    out.push(c);
                    rest = chars.as_str();
                }
                None => rest = chars.as_str(),
            },
            Some(c) => {
                out.push(c);
                rest = chars.as_str();
            }
        }
    }
}

fn prop_name(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit()).parse(i)
}

/// Reads one game from just after its `(;`. Returns the properties, the offset of the end
/// (after `;)`), and the error that stopped it, if any.
fn game_props(text: &str, from: usize) -> (Vec<Prop<'_>>, usize, Option<RecordError>) {
    let mut props = Vec::new();
    let mut rest = &text[from..];
    loop {
        let (r, _) = ws(rest).unwrap_or((rest, ""));
        rest = r;
        let at = text.len() - rest.len();
        if let Some(r) = rest.strip_prefix(";)") {
            return (props, text.len() - r.len(), None);
        }
        if rest.is_empty() {
            let e = RecordError::parse("the game is not closed with `;)`", Span::new(at, at))
                .with_label("expected `;)`");
            return (props, at, Some(e));
        }
        let Ok((r, name)) = prop_name(rest) else {
            let bad: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(12)
                .collect();
            let e = RecordError::parse(
                format!("`{bad}` is not a property (NAME[value]) or `;)`"),
                Span::new(at, at + bad.len()),
            )
            .with_label("expected a property");
            return (props, at, Some(e));
        };
        let vstart = text.len() - r.len();
        let Ok((r2, v)) = value(r) else {
            let e = RecordError::parse(
                format!("property {name} has no closed [value]"),
                Span::new(at, vstart + 1),
            )
            .with_label("expected `[...]`");
            return (props, at, Some(e));
        };
        let vend = text.len() - r2.len();
        props.push(Prop {
            name,
            value: v,
            name_at: at,
            value_span: (vstart + 1, vend - 1),
        });
        rest = r2;
    }
}

/// Reads the RE value: the disc difference from Black's view and the `:r`/`:t`/`:s` flag.
fn claim_of(re: &str, span: Span) -> Option<Claim> {
    // The result follows the sign of the difference, also when it is not a whole even
    // number of discs (a komi game's `+3.50`); a disc score needs a whole even one.
    let number = re.split(':').next().unwrap_or(re).trim();
    let result = match parse_score(re) {
        Some((b, w)) => result_of(b, w),
        None => {
            let d: f64 = number.parse().ok().filter(|d: &f64| d.is_finite())?;
            match d.partial_cmp(&0.0)? {
                std::cmp::Ordering::Greater => GameResult::FirstWins,
                std::cmp::Ordering::Less => GameResult::SecondWins,
                std::cmp::Ordering::Equal => GameResult::Draw,
            }
        }
    };
    let termination = match re.split_once(':').map(|(_, f)| f.trim()) {
        Some("r") => Some(Termination::Resignation),
        Some("t") => Some(Termination::Timeout),
        Some("s") => Some(Termination::Agreement),
        _ => None,
    };
    Some(Claim {
        result,
        termination,
        text: re.to_string(),
        span,
    })
}

/// Builds a record from one game's properties.
fn record_of(props: Vec<Prop<'_>>, index: usize) -> Result<Record, RecordError> {
    let mut r = Record::new(GameKind::Othello, "ggf", index);
    for p in props {
        let span = Span::new(p.value_span.0, p.value_span.1);
        match p.name {
            "GM" => {
                if !p.value.trim().eq_ignore_ascii_case("othello") {
                    return Err(RecordError::new(
                        ErrorKind::Unsupported,
                        format!("GM[{}] is not an Othello game", p.value),
                    )
                    .at(span));
                }
            }
            "TY" => {
                let t = p.value.trim().to_ascii_lowercase();
                let size: String = t.chars().filter(char::is_ascii_digit).collect();
                if size != "8" || t.contains('a') {
                    return Err(RecordError::new(
                        ErrorKind::Unsupported,
                        format!("TY[{}]: only 8x8 (non-anti) Othello is supported", p.value),
                    )
                    .at(span));
                }
                r.set_tag("Type", p.value.clone());
            }
            "BO" => r.setup = Some((p.value.clone(), span)),
            "B" | "W" if r.moves.len() >= MAX_MOVES => {
                if r.parse_error.is_none() {
                    r.parse_error = Some(too_long(span));
                }
            }
            "B" | "W" => {
                let field = p.value.split('/').next().unwrap_or("");
                let lead = field.len() - field.trim_start().len();
                let sq = field.trim();
                let start = p.value_span.0 + lead;
                let mut e = MoveEntry::new(sq, Span::new(start, start + sq.len()));
                e.annotations.push(Annotation {
                    key: COLOR_KEY.into(),
                    value: p.name.into(),
                });
                let mut parts = p.value.split('/').skip(1);
                if let Some(ev) = parts.next().map(str::trim).filter(|s| !s.is_empty()) {
                    e.annotations.push(Annotation {
                        key: "eval".into(),
                        value: ev.into(),
                    });
                }
                e.time = parts
                    .next()
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from);
                r.moves.push(e);
            }
            "RE" => {
                r.set_tag("Score", p.value.clone());
                r.claim = claim_of(&p.value, span);
                if r.claim.is_none() && !p.value.trim().is_empty() && p.value.trim() != "?" {
                    r.warnings.push(
                        crate::core::error::Warning::new(format!(
                            "RE[{}] is not a score; no result claimed",
                            p.value
                        ))
                        .at(span),
                    );
                }
            }
            name => {
                let tag = TAG_NAMES
                    .iter()
                    .find(|(g, _)| *g == name)
                    .map_or(name, |(_, t)| *t);
                r.tags.push(crate::core::record::Tag {
                    name: tag.into(),
                    value: p.value.as_str().into(),
                    span: Span::new(p.name_at, p.value_span.1 + 1),
                });
            }
        }
    }
    if r.tag("Komi")
        .is_some_and(|k| !k.trim().parse::<f64>().is_ok_and(|k| k == 0.0))
    {
        r.warnings.push(crate::core::error::Warning::new(
            "komi (KM) is recorded but not applied to the verdict",
        ));
    }
    Ok(r)
}

/// Splits a GGF file (one game, or a GGS archive) into games.
pub(crate) fn read(text: &str) -> Vec<Result<Record, RecordError>> {
    let mut games = Vec::new();
    let mut pos = 0;
    while let Some(found) = text.get(pos..).and_then(|t| t.find("(;")) {
        let start = pos + found;
        let (props, end, error) = game_props(text, start + 2);
        let index = games.len();
        match record_of(props, index) {
            Ok(mut r) => {
                r.span = Span::new(start, end);
                r.parse_error = r.parse_error.or(error);
                games.push(Ok(r));
            }
            Err(e) => games.push(Err(e)),
        }
        pos = end.max(start + 2);
    }
    if games.is_empty() {
        games.push(Err(RecordError::parse(
            "no GGF game `(;GM[Othello]…;)` in the file",
            Span::new(0, text.len().min(1)),
        )));
    }
    games
}

pub(crate) fn looks_like(head: &str) -> bool {
    let compact: String = head
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(4096)
        .collect();
    compact.contains("(;GM[Othello]") || compact.contains("(;GM[othello]")
}

/// A GGF property with its value escaped.
fn prop(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push('[');
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

/// One move for the writer: the move text, the colour that played it, eval and time.
pub(crate) struct GgfMove<'a> {
    pub text: String,
    pub black: bool,
    pub eval: Option<&'a str>,
    pub time: Option<&'a str>,
}

/// Writes one game on one line. `tags` are the record's tags (qipu names are mapped back to
/// GGF properties; other upper-case names are written as they are); `re` the RE value.
pub(crate) fn write_game(
    tags: &[(String, String)],
    board: &str,
    re: Option<&str>,
    moves: &[GgfMove<'_>],
) -> String {
    let mut s = String::from("(;GM[Othello]");
    for (g, t) in TAG_NAMES {
        if matches!(*g, "RE" | "TY") {
            continue;
        }
        if let Some((_, v)) = tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(t)) {
            prop(&mut s, g, v);
        }
    }
    for (n, v) in tags {
        let known = TAG_NAMES.iter().any(|(_, t)| t.eq_ignore_ascii_case(n));
        let upper = !n.is_empty()
            && n.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        if !known && upper && !matches!(n.as_str(), "GM" | "BO" | "B" | "W" | "RE" | "TY") {
            prop(&mut s, n, v);
        }
    }
    prop(&mut s, "TY", "8");
    if let Some(re) = re {
        prop(&mut s, "RE", re);
    }
    prop(&mut s, "BO", &format!("8 {board}"));
    for m in moves {
        let mut v = if m.text == "pass" {
            "PA".to_string()
        } else {
            m.text.clone()
        };
        if m.eval.is_some() || m.time.is_some() {
            v.push('/');
            v.push_str(m.eval.unwrap_or(""));
            if let Some(t) = m.time {
                v.push('/');
                v.push_str(t);
            }
        }
        prop(&mut s, if m.black { "B" } else { "W" }, &v);
    }
    s.push_str(";)\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::GameResult;

    const GAME: &str = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]\
RB[2197.01]RW[2199.72]TI[05:00//02:00]TY[8]RE[+2.000:r]\
BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
B[f5//1.5]W[d6/-2.0/3]B[PA]XX[kept];)";

    #[test]
    fn reads_properties_moves_and_result() {
        let v = read(&format!("1 {GAME}\n2 {GAME}{GAME}\n"));
        assert_eq!(v.len(), 3);
        let r = v[0].as_ref().unwrap();
        assert_eq!(r.tag("Black"), Some("alice"));
        assert_eq!(r.tag("Event"), Some("GGS/os"));
        assert_eq!(r.tag("XX"), Some("kept"));
        assert_eq!(r.moves.len(), 3);
        assert_eq!(r.moves[0].text, "f5");
        assert_eq!(r.moves[0].time.as_deref(), Some("1.5"));
        assert_eq!(r.moves[1].annotations[1].value, "-2.0");
        assert_eq!(r.moves[2].text, "PA");
        let c = r.claim.as_ref().unwrap();
        assert_eq!(c.result, GameResult::FirstWins);
        assert_eq!(c.termination, Some(Termination::Resignation));
        let at = GAME.find("f5").unwrap() + 2;
        assert_eq!(r.moves[0].span, Span::new(at, at + 2));
        assert!(r.setup.is_some());
    }

    #[test]
    fn errors_and_unsupported_games() {
        let v = read("(;GM[Othello]B[f5]W[d6");
        let r = v[0].as_ref().unwrap();
        assert!(r.parse_error.is_some());
        assert_eq!(r.moves.len(), 1);
        let v = read("(;GM[Othello]TY[10];)");
        assert_eq!(v[0].as_ref().unwrap_err().kind, ErrorKind::Unsupported);
        assert!(read("nothing here")[0].is_err());
        // A komi game's fractional result still names the winner.
        let v = read("(;GM[Othello]RE[-3.50:t];)");
        let c = v[0].as_ref().unwrap().claim.clone().unwrap();
        assert_eq!(
            (c.result, c.termination),
            (GameResult::SecondWins, Some(Termination::Timeout))
        );
        assert!(
            read("(;GM[Othello]RE[?];)")[0]
                .as_ref()
                .unwrap()
                .claim
                .is_none()
        );
    }

    #[test]
    fn written_games_read_back() {
        let tags = vec![
            ("Black".to_string(), "a]b".to_string()),
            ("XX".into(), "1".into()),
        ];
        let moves = [GgfMove {
            text: "f5".into(),
            black: true,
            eval: None,
            time: Some("2"),
        }];
        let board = crate::othello::notation::board_string(&crate::othello::rules::Board::start());
        let s = write_game(&tags, &board, Some("+2.000"), &moves);
        let r = read(&s).remove(0).unwrap();
        assert_eq!(r.tag("Black"), Some("a]b"));
        assert_eq!(r.tag("XX"), Some("1"));
        assert_eq!(r.moves[0].time.as_deref(), Some("2"));
        assert!(looks_like(&s));
    }
}
