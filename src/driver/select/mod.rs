//! `--where EXPR`: which games a command keeps. The expression (grammar/where.ebnf) tests
//! tags (`Red~许银川`, `Event=…`, `[Result]=1-0`) and the report's fields (`result`,
//! `claimed`, `reason`, `plies>=40`, `valid`, `agrees`, `game`, `format`, `index`), combined
//! with `and`, `or`, `not` and parentheses. It is parsed with nom once, then evaluated on
//! each game's [`Facts`].

use crate::core::record::{GameKind, GameResult, Tag};
use crate::core::verdict::Reason;
use crate::driver::report::GameReport;
use std::cmp::Ordering;

mod compile;
mod parse;

use compile::compile;
use parse::{expr, ws};

/// The grammar in short, shown with every bad expression (the whole grammar is
/// grammar/where.ebnf).
pub(crate) const GRAMMAR: &str = r#"  expr  = term { ("or" | "||") term }
  term  = unary { ("and" | "&&") unary }
  unary = "not" unary | "(" expr ")" | test
  test  = name [ op value ]
  name  = field | tag-name | "[" tag-name "]"
  field = result | claimed | reason | plies | valid | agrees | game | format | index
  op    = "=" | "!=" | "~" (contains) | "!~" | "<" | "<=" | ">" | ">="
  value = word | '"' text '"'
examples: 'Red~许银川 and plies>=40', 'result=1-0 and not agrees', 'Event="全国个人赛" or Date>=2010'"#;

/// A bad expression: where, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FilterError {
    /// 0-based character offset in the expression.
    pub at: usize,
    pub message: String,
    pub expression: String,
}

impl std::fmt::Display for FilterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "bad --where expression: {}", self.message)?;
        writeln!(f, "  {}", self.expression)?;
        let pad: usize = self
            .expression
            .chars()
            .take(self.at)
            .map(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(1))
            .sum();
        writeln!(f, "  {}^", " ".repeat(pad))?;
        write!(f, "the grammar:\n{GRAMMAR}")
    }
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Contains,
    NotContains,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    fn text(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Contains => "~",
            Op::NotContains => "!~",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }

    fn holds(self, o: Ordering) -> bool {
        match self {
            Op::Eq => o == Ordering::Equal,
            Op::Ne => o != Ordering::Equal,
            Op::Lt => o == Ordering::Less,
            Op::Le => o != Ordering::Greater,
            Op::Gt => o == Ordering::Greater,
            Op::Ge => o != Ordering::Less,
            Op::Contains | Op::NotContains => false,
        }
    }
}

/// A checked test.
#[derive(Debug, Clone)]
enum Test {
    /// A tag: present (and not empty), or compared.
    Tag {
        name: String,
        cmp: Option<(Op, TagValue)>,
    },
    Plies(Op, usize),
    Index(Op, usize),
    Valid(bool),
    /// `agrees` is true / false / null (no claim, or not adjudicated).
    Agrees(bool, Option<bool>),
    /// `result` (the verdict's): equal or not to a result, or to none.
    Result(bool, Option<GameResult>),
    Claimed(bool, Option<GameResult>),
    Reason(bool, Option<Reason>),
    Game(bool, GameKind),
    Format(bool, String),
}

/// A tag's value to compare with: as written, and in the forms it is compared in.
#[derive(Debug, Clone)]
struct TagValue {
    /// ASCII lower case, traditional characters made simplified.
    folded: String,
    number: Option<f64>,
}

#[derive(Debug, Clone)]
enum Expr {
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    Test(Test),
}

/// What a filter needs of each game beyond its record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    /// The replay (`valid`, `plies`).
    pub replay: bool,
    /// The verdict (`result`, `reason`, `agrees`): the game is adjudicated.
    pub verdict: bool,
    /// The game's index in its file (known only once the games before it are counted, for
    /// a file read in pieces).
    pub index: bool,
}

/// What a game is tested on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Facts<'a> {
    pub tags: &'a [Tag],
    pub game: Option<GameKind>,
    pub format: Option<&'a str>,
    pub index: usize,
    pub claimed: Option<GameResult>,
    pub valid: bool,
    pub plies: usize,
    pub verdict: Option<(GameResult, Reason)>,
    pub agrees: Option<bool>,
}

impl<'a> Facts<'a> {
    /// The facts of a game's report, with the tags of its record (none for a game that could
    /// not be read).
    pub(crate) fn of_report(report: &'a GameReport, tags: &'a [Tag]) -> Facts<'a> {
        Facts {
            tags,
            game: report.game,
            format: report.format,
            index: report.index,
            claimed: report.claimed.as_deref().and_then(GameResult::parse),
            valid: report.valid,
            plies: report.plies,
            verdict: report.verdict.as_ref().map(|v| (v.result, v.reason)),
            agrees: report.agrees,
        }
    }
}

/// A parsed `--where` expression.
#[derive(Debug, Clone)]
pub(crate) struct Filter {
    expr: Expr,
    needs: Needs,
}

impl Filter {
    /// Parses and checks an expression.
    pub(crate) fn parse(text: &str) -> Result<Filter, FilterError> {
        let err = |at: usize, message: String| FilterError {
            at,
            message,
            expression: text.to_string(),
        };
        let chars_at = |rest: &str| {
            text.get(..text.len().saturating_sub(rest.len()))
                .map_or(0, |t| t.chars().count())
        };
        let raw = match expr(text) {
            Ok((rest, raw)) => {
                let (rest, _) = ws(rest).unwrap_or((rest, ""));
                if !rest.is_empty() {
                    let what = rest.split_whitespace().next().unwrap_or(rest);
                    return Err(err(
                        chars_at(rest),
                        format!("unexpected `{what}` (expected `and`, `or` or the end)"),
                    ));
                }
                raw
            }
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                let rest = e.input;
                let message = if e.code == nom::error::ErrorKind::Char && !rest.starts_with(')') {
                    "expected `)` here".to_string()
                } else if rest.trim().is_empty() {
                    "the expression ends too early (expected a test such as `plies>=40`)"
                        .to_string()
                } else {
                    let what = rest.split_whitespace().next().unwrap_or(rest);
                    format!("cannot read `{what}` here (expected a test such as `plies>=40`)")
                };
                return Err(err(chars_at(rest), message));
            }
            Err(nom::Err::Incomplete(_)) => {
                return Err(err(text.chars().count(), "incomplete expression".into()));
            }
        };
        let mut needs = Needs::default();
        let expr = compile(&raw, &mut needs).map_err(|(rest_len, m)| {
            let at = text
                .get(..text.len().saturating_sub(rest_len))
                .map_or(0, |t| t.chars().count());
            err(at, m)
        })?;
        Ok(Filter { expr, needs })
    }

    pub(crate) fn needs(&self) -> Needs {
        self.needs
    }

    /// Whether the game is kept.
    pub(crate) fn matches(&self, facts: &Facts<'_>) -> bool {
        eval(&self.expr, facts)
    }
}

// ---- evaluation ----

/// The form tag values are compared in: ASCII lower case, traditional Chinese characters
/// made simplified (許銀川 and 许银川 are one name), surrounding blanks trimmed.
fn fold(s: &str) -> String {
    let s = s.trim();
    if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        fast2s::convert(s).to_lowercase()
    }
}

fn eval(e: &Expr, f: &Facts<'_>) -> bool {
    match e {
        Expr::Or(v) => v.iter().any(|x| eval(x, f)),
        Expr::And(v) => v.iter().all(|x| eval(x, f)),
        Expr::Not(x) => !eval(x, f),
        Expr::Test(t) => eval_test(t, f),
    }
}

/// `eq == (a == b)`: an equality or inequality test.
fn same<T: PartialEq>(eq: bool, a: T, b: T) -> bool {
    (a == b) == eq
}

fn eval_test(t: &Test, f: &Facts<'_>) -> bool {
    match t {
        Test::Plies(op, n) => op.holds(f.plies.cmp(n)),
        Test::Index(op, n) => op.holds(f.index.cmp(n)),
        Test::Valid(b) => f.valid == *b,
        Test::Agrees(eq, v) => same(*eq, f.agrees, *v),
        Test::Result(eq, r) => same(*eq, f.verdict.map(|v| v.0), *r),
        Test::Claimed(eq, r) => same(*eq, f.claimed, *r),
        Test::Reason(eq, r) => same(*eq, f.verdict.map(|v| v.1), *r),
        Test::Game(eq, g) => same(*eq, f.game, Some(*g)),
        Test::Format(eq, id) => same(*eq, f.format.map(str::to_ascii_lowercase), Some(id.clone())),
        Test::Tag { name, cmp } => {
            let found = f
                .tags
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(name))
                .map(|t| t.value.as_str());
            let Some((op, want)) = cmp else {
                return found.is_some_and(|v| !v.trim().is_empty());
            };
            let Some(have) = found else {
                // A missing tag equals nothing and contains nothing.
                return matches!(op, Op::Ne | Op::NotContains);
            };
            let have_folded = fold(have);
            match op {
                Op::Contains => have_folded.contains(&want.folded),
                Op::NotContains => !have_folded.contains(&want.folded),
                _ => {
                    let order = match (have.trim().parse::<f64>().ok(), want.number) {
                        (Some(a), Some(b)) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
                        _ => have_folded.cmp(&want.folded),
                    };
                    op.holds(order)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::compile::FIELDS;
    use super::*;
    use crate::core::span::Span;

    fn tags(pairs: &[(&str, &str)]) -> Vec<Tag> {
        pairs
            .iter()
            .map(|(n, v)| Tag {
                name: (*n).into(),
                value: (*v).into(),
                span: Span::default(),
            })
            .collect()
    }

    fn facts(tags: &[Tag]) -> Facts<'_> {
        Facts {
            tags,
            game: Some(GameKind::Xiangqi),
            format: Some("pgn"),
            index: 3,
            claimed: Some(GameResult::FirstWins),
            valid: true,
            plies: 57,
            verdict: Some((GameResult::SecondWins, Reason::PerpetualCheck)),
            agrees: Some(false),
        }
    }

    fn keeps(expr: &str, f: &Facts<'_>) -> bool {
        Filter::parse(expr)
            .unwrap_or_else(|e| panic!("{e}"))
            .matches(f)
    }

    #[test]
    fn tags_contain_and_equal_across_scripts_and_case() {
        let t = tags(&[
            ("Red", "許銀川"),
            ("Event", "World Cup 2010"),
            ("Date", "2010.05.01"),
        ]);
        let f = facts(&t);
        assert!(keeps("Red~许银川", &f));
        assert!(keeps("Red~銀", &f));
        assert!(keeps("red=许银川", &f));
        assert!(!keeps("Red~吕钦", &f));
        assert!(keeps("Event=\"world cup 2010\"", &f));
        assert!(keeps("Event~cup", &f));
        assert!(keeps("Event!~chess", &f));
        assert!(keeps("Date>=2010 and Date<2011", &f));
        assert!(keeps("[Red]", &f));
        assert!(!keeps("Black", &f), "a missing tag is not there");
        assert!(keeps("Black!=x", &f));
        assert!(!keeps("Black=x or Black~x", &f));
    }

    #[test]
    fn fields_compare_as_their_kind() {
        let t = tags(&[("Result", "1-0")]);
        let f = facts(&t);
        assert!(keeps(
            "plies>=40 and plies<=57 and plies=57 and plies!=3",
            &f
        ));
        assert!(!keeps("plies>57", &f));
        assert!(keeps("result=0-1 and reason=perpetual-check", &f));
        assert!(keeps("claimed=1-0 and [Result]=1-0 and not agrees", &f));
        assert!(keeps(
            "agrees=false and valid and game=xiangqi and format=PGN",
            &f
        ));
        assert!(keeps("index<4 and index>2", &f));
        assert!(keeps("result!=none and claimed", &f));
        assert!(!keeps("agrees=none", &f));
    }

    #[test]
    fn and_binds_tighter_than_or_and_not_tighter_than_and() {
        let t = tags(&[]);
        let f = facts(&t);
        assert!(keeps("plies<3 and plies<4 or valid", &f));
        assert!(!keeps("plies<3 and (plies<4 or valid)", &f));
        assert!(keeps("not plies<3 and valid", &f));
        assert!(!keeps("not (plies>3 and valid)", &f));
        assert!(keeps("plies>3 && (valid || NOT valid)", &f));
    }

    #[test]
    fn what_each_expression_needs() {
        let n = |e: &str| Filter::parse(e).map(|f| f.needs()).unwrap_or_default();
        assert_eq!(n("Red~x"), Needs::default());
        assert_eq!(n("claimed=1-0"), Needs::default());
        assert_eq!(
            n("plies>3"),
            Needs {
                replay: true,
                verdict: false,
                index: false
            }
        );
        assert!(n("Red~x and not agrees").verdict);
        assert!(n("reason=checkmate").verdict);
        assert!(n("index<3").index && !n("plies<3").index);
    }

    #[test]
    fn bad_expressions_say_where_and_show_the_grammar() {
        for (bad, says, at) in [
            ("", "ends too early", 0),
            ("plies>=", "ends too early", 7),
            ("plies>=x", "whole number", 0),
            ("valid and", "ends too early", 9),
            ("(valid", "expected `)`", 6),
            ("Red~许银川 and (", "ends too early", 13),
            ("plies>3 )", "unexpected `)`", 8),
            ("valid valid", "unexpected `valid`", 6),
            ("reason=perpetual_check", "not a reason", 0),
            ("result=2-0", "not a result", 0),
            ("plies", "needs a comparison", 0),
            ("result~1-0", "takes `=` or `!=`", 0),
            ("plies>3 and Red=", "ends too early", 16),
        ] {
            let e = Filter::parse(bad).expect_err(bad);
            assert!(e.message.contains(says), "{bad}: {}", e.message);
            assert_eq!(e.at, at, "{bad}: {}", e.message);
            let shown = e.to_string();
            assert!(
                shown.contains("the grammar:") && shown.contains("field ="),
                "{shown}"
            );
        }
    }

    /// grammar/where.ebnf names every field the parser knows.
    #[test]
    fn the_grammar_file_names_every_field() {
        let ebnf = include_str!("../../../grammar/where.ebnf");
        for f in FIELDS {
            assert!(
                ebnf.contains(&format!("\"{f}\"")),
                "grammar/where.ebnf lacks {f}"
            );
        }
    }
}
