//! Checking a read expression: each test against the field it names (a tag otherwise), with
//! its value parsed, and what the expression needs of each game.

use super::parse::{Name, Raw, RawTest};
use super::{Expr, Needs, Op, TagValue, Test, fold};
use crate::core::record::{GameKind, GameResult};
use crate::core::verdict::Reason;

/// The field keywords (case-insensitive); any other name is a tag.
pub(crate) const FIELDS: [&str; 9] = [
    "result", "claimed", "reason", "plies", "valid", "agrees", "game", "format", "index",
];

pub(super) fn compile(raw: &Raw, needs: &mut Needs) -> Result<Expr, (usize, String)> {
    // Offsets: each test holds the length of the input from its start; turned into a
    // position by the caller's text length.
    Ok(match raw {
        Raw::Or(v) => Expr::Or(
            v.iter()
                .map(|r| compile(r, needs))
                .collect::<Result<_, _>>()?,
        ),
        Raw::And(v) => Expr::And(
            v.iter()
                .map(|r| compile(r, needs))
                .collect::<Result<_, _>>()?,
        ),
        Raw::Not(r) => Expr::Not(Box::new(compile(r, needs)?)),
        Raw::Test(t) => Expr::Test(compile_test(t, needs).map_err(|m| (t.at, m))?),
    })
}

fn parse_bool(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "1" => Some(true),
        "false" | "no" | "0" => Some(false),
        _ => None,
    }
}

fn is_none_word(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "none" | "null" | "-")
}

fn compile_test(t: &RawTest, needs: &mut Needs) -> Result<Test, String> {
    let field = match &t.name {
        Name::Word(w) => FIELDS.iter().find(|f| f.eq_ignore_ascii_case(w)).copied(),
        Name::Bracketed(_) => None,
    };
    let tag_name = match &t.name {
        Name::Word(w) | Name::Bracketed(w) => w.clone(),
    };
    let Some(field) = field else {
        if tag_name.is_empty() {
            return Err("a tag name is empty".into());
        }
        // A word a letter or two from a field (`reslt`, `vaild`, `claimd`) is a misspelt
        // field, not a tag: said, with the fields. Tags are matched without case, so `red`
        // is the Red tag; a tag spelt like a field's near miss is written in brackets.
        let near = |f: &&&str| {
            let d = strsim::osa_distance(f, &tag_name.to_ascii_lowercase());
            d <= if f.len() >= 6 { 2 } else { 1 }
        };
        if let (Name::Word(w), Some(f)) = (&t.name, FIELDS.iter().find(near)) {
            let near = format!(" (did you mean `{f}`?)");
            return Err(format!(
                "unknown field `{w}`{near}: the fields are {}; a tag of that name is \
                 written in brackets: `[{w}]`",
                FIELDS.join(", ")
            ));
        }
        return Ok(Test::Tag {
            name: tag_name,
            cmp: t.cmp.as_ref().map(|(op, v)| {
                (
                    *op,
                    TagValue {
                        folded: fold(v),
                        number: v.trim().parse::<f64>().ok(),
                    },
                )
            }),
        });
    };
    let equality = |what: &str| -> Result<Option<(bool, &str)>, String> {
        match &t.cmp {
            None => Ok(None),
            Some((Op::Eq, v)) => Ok(Some((true, v.as_str()))),
            Some((Op::Ne, v)) => Ok(Some((false, v.as_str()))),
            Some((op, _)) => Err(format!(
                "`{field}` takes `=` or `!=`, not `{}` ({what})",
                op.text()
            )),
        }
    };
    let number = |v: &str| -> Result<usize, String> {
        v.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{field}` compares with a whole number, not `{v}`"))
    };
    let results = "1-0, 0-1, 1/2-1/2, * or none";
    let result_value = |v: &str| -> Result<Option<GameResult>, String> {
        if is_none_word(v) {
            return Ok(None);
        }
        match GameResult::parse(v) {
            Some(r) if !v.trim().is_empty() => Ok(Some(r)),
            _ => Err(format!("`{v}` is not a result ({results})")),
        }
    };
    Ok(match field {
        "plies" | "index" => {
            if field == "plies" {
                needs.replay = true;
            } else {
                needs.index = true;
            }
            let (op, v) = match &t.cmp {
                Some((op @ (Op::Contains | Op::NotContains), _)) => {
                    return Err(format!(
                        "`{field}` is a number: `{}` compares text",
                        op.text()
                    ));
                }
                Some((op, v)) => (*op, number(v)?),
                None => return Err(format!("`{field}` needs a comparison, e.g. `{field}>=40`")),
            };
            if field == "plies" {
                Test::Plies(op, v)
            } else {
                Test::Index(op, v)
            }
        }
        "valid" => {
            needs.replay = true;
            match equality("true or false")? {
                None => Test::Valid(true),
                Some((eq, v)) => {
                    let b = parse_bool(v).ok_or(format!("`valid` is true or false, not `{v}`"))?;
                    Test::Valid(b == eq)
                }
            }
        }
        "agrees" => {
            needs.verdict = true;
            needs.replay = true;
            match equality("true, false or none")? {
                None => Test::Agrees(true, Some(true)),
                Some((eq, v)) if is_none_word(v) => Test::Agrees(eq, None),
                Some((eq, v)) => {
                    let b = parse_bool(v)
                        .ok_or(format!("`agrees` is true, false or none, not `{v}`"))?;
                    Test::Agrees(eq, Some(b))
                }
            }
        }
        "result" | "claimed" => {
            if field == "result" {
                needs.verdict = true;
                needs.replay = true;
            }
            let (eq, r) = match equality(results)? {
                // Bare: there is one.
                None => (false, None),
                Some((eq, v)) => (eq, result_value(v)?),
            };
            if field == "result" {
                Test::Result(eq, r)
            } else {
                Test::Claimed(eq, r)
            }
        }
        "reason" => {
            needs.verdict = true;
            needs.replay = true;
            match equality("a reason")? {
                None => Test::Reason(false, None),
                Some((eq, v)) if is_none_word(v) => Test::Reason(eq, None),
                Some((eq, v)) => {
                    let r = Reason::ALL
                        .iter()
                        .find(|r| r.as_str().eq_ignore_ascii_case(v.trim()))
                        .copied()
                        .ok_or_else(|| {
                            let names: Vec<&str> = Reason::ALL.iter().map(|r| r.as_str()).collect();
                            format!("`{v}` is not a reason; reasons: {}", names.join(", "))
                        })?;
                    Test::Reason(eq, Some(r))
                }
            }
        }
        "game" => match equality("xiangqi, othello or junqi")? {
            None => return Err("`game` needs a value, e.g. `game=xiangqi`".into()),
            Some((eq, v)) => {
                let g = GameKind::parse(v.trim())
                    .ok_or(format!("`{v}` is not a game (xiangqi, othello, junqi)"))?;
                Test::Game(eq, g)
            }
        },
        _ => match equality("a format id")? {
            None => return Err("`format` needs a value, e.g. `format=pgn`".into()),
            Some((eq, v)) => Test::Format(eq, v.trim().to_ascii_lowercase()),
        },
    })
}
