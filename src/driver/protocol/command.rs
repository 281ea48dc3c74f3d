//! The commands of the referee protocol and their parser (nom; grammar/referee-protocol.ebnf).

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1};
use nom::character::complete::{space0, space1};
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::separated_list0;
use nom::sequence::preceded;

/// One command of the protocol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Command {
    /// `game xiangqi|othello|junqi`: a new game of that game with its default rules.
    Game(String),
    /// `rules PRESET`: a named rule set (the moves so far are kept and judged again).
    Rules(String),
    /// `rule KEY=VALUE`: one rule parameter.
    Rule(String),
    /// `position startpos|fen F [moves M …]`.
    Position {
        start: Option<String>,
        moves: Vec<String>,
    },
    /// `move M [M …]` (also `play`): moves in any notation the game reads.
    Move(Vec<String>),
    /// `undo [N]`: take back the last N moves (1).
    Undo(Option<String>),
    Legal,
    BanMoves,
    Verdict,
    Claimable,
    Explain,
    /// `status`: the game, rules, ply, position and whether it is over.
    Status,
    /// `new`: the same game and rules from the standard start.
    New,
    /// `ping [TOKEN]` → `pong [TOKEN]` (a GUI's way to wait for the replies before it).
    Ping(Option<String>),
    Help,
    Quit,
}

/// The command words, for the help reply and the unknown-command error.
pub(crate) const COMMANDS: &[&str] = &[
    "game",
    "rules",
    "rule",
    "position",
    "move",
    "undo",
    "legal",
    "banmoves",
    "verdict",
    "claimable",
    "explain",
    "status",
    "new",
    "ping",
    "help",
    "quit",
];

type Res<'a, T> = nom::IResult<&'a str, T>;

fn token(i: &str) -> Res<'_, &str> {
    take_till1(|c: char| c.is_whitespace())(i)
}

fn tokens(i: &str) -> Res<'_, Vec<String>> {
    separated_list0(space1, map(token, str::to_string)).parse(i)
}

/// `KEYWORD` then at least one space and one token.
fn one_argument<'a>(
    word: &'static str,
) -> impl Parser<&'a str, Output = String, Error = nom::error::Error<&'a str>> {
    preceded((tag_no_case(word), space1), map(token, str::to_string))
}

fn position(i: &str) -> Res<'_, Command> {
    let (i, _) = (tag_no_case("position"), space1).parse(i)?;
    let (i, start) = alt((
        value(None, tag_no_case("startpos")),
        map(
            preceded(
                (tag_no_case("fen"), space1),
                separated_list0(
                    space1,
                    nom::combinator::verify(token, |t: &str| !t.eq_ignore_ascii_case("moves")),
                ),
            ),
            |parts: Vec<&str>| Some(parts.join(" ")),
        ),
    ))
    .parse(i)?;
    let (i, moves) = opt(preceded((space0, tag_no_case("moves"), space0), tokens)).parse(i)?;
    Ok((
        i,
        Command::Position {
            start,
            moves: moves.unwrap_or_default(),
        },
    ))
}

fn command(i: &str) -> Res<'_, Command> {
    alt((
        map(one_argument("game"), Command::Game),
        map(one_argument("rules"), Command::Rules),
        map(one_argument("rule"), Command::Rule),
        position,
        map(
            preceded(
                (alt((tag_no_case("move"), tag_no_case("play"))), space1),
                tokens,
            ),
            Command::Move,
        ),
        map(
            preceded(tag_no_case("undo"), opt(preceded(space1, token))),
            |n: Option<&str>| Command::Undo(n.map(str::to_string)),
        ),
        alt((
            value(Command::Legal, tag_no_case("legal")),
            value(Command::BanMoves, tag_no_case("banmoves")),
            value(Command::Verdict, tag_no_case("verdict")),
            value(Command::Claimable, tag_no_case("claimable")),
            value(Command::Explain, tag_no_case("explain")),
            value(Command::Status, tag_no_case("status")),
            value(Command::New, tag_no_case("new")),
            map(
                preceded(tag_no_case("ping"), opt(preceded(space1, token))),
                |t: Option<&str>| Command::Ping(t.map(str::to_string)),
            ),
            value(Command::Help, tag_no_case("help")),
            value(
                Command::Quit,
                alt((tag_no_case("quit"), tag_no_case("exit"))),
            ),
        )),
    ))
    .parse(i)
}

/// Why a line is not a command: the error reply's text.
fn parse_error(line: &str) -> String {
    let word = line.split_whitespace().next().unwrap_or("");
    // What is echoed of a long line: its start.
    let shown = |t: &str| -> String {
        match t.char_indices().nth(60) {
            Some((at, _)) => format!("{}…", &t[..at]),
            None => t.to_string(),
        }
    };
    let (line, word) = (&shown(line), &shown(word));
    if COMMANDS.iter().any(|c| c.eq_ignore_ascii_case(word)) || word.eq_ignore_ascii_case("play") {
        let usage = match word.to_ascii_lowercase().as_str() {
            "game" => "game xiangqi|othello|junqi",
            "rules" => "rules PRESET",
            "rule" => "rule KEY=VALUE",
            "position" => "position startpos|fen POSITION [moves M …]",
            "move" | "play" => "move M [M …]",
            "undo" => "undo [N]",
            "ping" => "ping [TOKEN]",
            _ => "the word alone",
        };
        format!("`{}`: expected {usage}", line.trim())
    } else {
        format!(
            "unknown command `{word}`; the commands: {} (a move is played with `move {word}`)",
            COMMANDS.join(", ")
        )
    }
}

/// Parses one line (without its line end). Leading and trailing blanks are ignored.
pub(crate) fn parse(line: &str) -> Result<Command, String> {
    let t = line.trim();
    match all_consuming(command).parse(t) {
        Ok((_, c)) => Ok(c),
        Err(_) => Err(parse_error(t)),
    }
}
