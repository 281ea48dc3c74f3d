//! The referee protocol (`qipu referee`): one command a line in, exactly one reply line out,
//! for a game server, a GUI or a match runner in any language (docs/referee-protocol.md,
//! grammar/referee-protocol.ebnf). A [`Session`] holds the game, its rules and a
//! [`Referee`]; every move goes through the same referee as `adjudicate` and the Python
//! `Referee`, so the verdicts are the same at the same ply.
//!
//! A command that fails (a bad word, an illegal move, a rule the game does not have) gets an
//! `error` reply and leaves the session exactly as it was.

use crate::core::record::{GameKind, MoveEntry, Span};
use crate::core::rules::Rules;
use crate::core::verdict::Verdict;
use crate::driver::referee::Referee;
use crate::driver::registry;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1};
use nom::character::complete::{space0, space1};
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::separated_list0;
use nom::sequence::preceded;
use serde::Serialize;

/// One command of the protocol.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
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
pub const COMMANDS: &[&str] = &[
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
pub fn parse(line: &str) -> Result<Command, String> {
    let t = line.trim();
    match all_consuming(command).parse(t) {
        Ok((_, c)) => Ok(c),
        Err(_) => Err(parse_error(t)),
    }
}

/// The verdict as a reply carries it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct VerdictReply {
    pub result: String,
    pub reason: String,
    pub ply: usize,
    pub detail: String,
    /// The side a forbidden repetition or a rule names as the loser ("Red"/"Black", "black"/
    /// "white"…), from the result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<crate::core::verdict::CycleMove>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sides: Option<Vec<crate::core::verdict::CycleSide>>,
}

impl VerdictReply {
    fn of(v: &Verdict, with_cycle: bool) -> VerdictReply {
        VerdictReply {
            result: v.result.as_str().to_string(),
            reason: v.reason.as_str().to_string(),
            ply: v.ply,
            detail: v.detail.clone(),
            cycle: if with_cycle { v.cycle.clone() } else { None },
            sides: if with_cycle { v.sides.clone() } else { None },
        }
    }

    fn text(&self) -> String {
        format!(
            "{} {} ply {}: {}",
            self.result,
            self.reason,
            self.ply,
            one_line(&self.detail)
        )
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One reply: the command it answers and what it says. Serialised as one JSON object
/// (`--json`) or written as one line of text.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Reply {
    /// The command answered (`move`, `legal` …; `error` replies name it too).
    pub reply: &'static str,
    pub ok: bool,
    #[serde(flatten)]
    pub body: Body,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Body {
    /// The state after a command that changes it (game, rules, position, move, undo, new) and
    /// `status`.
    State(State),
    /// `legal`, `banmoves`.
    Moves {
        moves: Vec<String>,
    },
    /// `verdict`, `claimable`, `explain` (`null`: no rule decides).
    Verdict {
        verdict: Option<VerdictReply>,
    },
    Pong {
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    Help {
        commands: Vec<&'static str>,
    },
    Bye {},
    Error {
        kind: String,
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        ply: Option<usize>,
        #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
        move_text: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        help: Option<String>,
    },
}

/// The session's state, as the replies to commands that change it report it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct State {
    pub game: &'static str,
    /// The rule set's name.
    pub rules: String,
    /// The parameters set with `rule KEY=VALUE` (or `--rule`), as `KEY=VALUE`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<String>,
    pub ply: usize,
    pub over: bool,
    /// The verdict that ended the game, or the draw that can be claimed now.
    pub verdict: Option<VerdictReply>,
    /// The position in the game's notation (with `status`, `position` and `new`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

impl Reply {
    fn error(reply: &'static str, kind: &str, message: impl Into<String>) -> Reply {
        Reply {
            reply,
            ok: false,
            body: Body::Error {
                kind: kind.to_string(),
                message: message.into(),
                ply: None,
                move_text: None,
                help: None,
            },
        }
    }

    /// The reply as one line of JSON.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(
                "{{\"reply\":\"error\",\"ok\":false,\"kind\":\"internal\",\"message\":\"{e}\"}}"
            )
        })
    }

    /// The reply as one line of text: its first word says what it is (`ok`, `over`,
    /// `legal`, `banmoves`, `verdict`, `claimable`, `explain`, `pong`, `commands`, `bye`,
    /// `error`).
    pub fn text(&self) -> String {
        match &self.body {
            Body::State(s) => {
                let mut line = if s.over {
                    format!("over ply {}", s.ply)
                } else {
                    format!("ok ply {}", s.ply)
                };
                if self.reply == "status"
                    || self.reply == "game"
                    || self.reply == "rules"
                    || self.reply == "rule"
                {
                    line.push_str(&format!(" game {} rules {}", s.game, s.rules));
                    for p in &s.params {
                        line.push_str(&format!(" rule {p}"));
                    }
                }
                if let Some(v) = &s.verdict {
                    let word = if s.over { "verdict" } else { "claimable" };
                    line.push_str(&format!(" {word} {}", v.text()));
                } else if let Some(p) = &s.position {
                    line.push_str(&format!(" position {p}"));
                }
                line
            }
            Body::Moves { moves } => {
                let mut line = self.reply.to_string();
                for m in moves {
                    line.push(' ');
                    line.push_str(m);
                }
                line
            }
            Body::Verdict { verdict } => match verdict {
                None => format!("{} none", self.reply),
                Some(v) if self.reply == "explain" => explain_text(v),
                Some(v) => format!("{} {}", self.reply, v.text()),
            },
            Body::Pong { token } => match token {
                Some(t) => format!("pong {t}"),
                None => "pong".to_string(),
            },
            Body::Help { commands } => format!("commands {}", commands.join(" ")),
            Body::Bye {} => "bye".to_string(),
            Body::Error {
                kind,
                message,
                ply,
                move_text,
                help,
            } => {
                let mut line = format!("error {kind}");
                if let Some(p) = ply {
                    line.push_str(&format!(" ply {p}"));
                }
                if let Some(m) = move_text {
                    line.push_str(&format!(" move {m}"));
                }
                line.push_str(&format!(": {}", one_line(message)));
                if let Some(h) = help {
                    line.push_str(&format!(" (help: {})", one_line(h)));
                }
                line
            }
        }
    }
}

/// `explain` on one line: the ruling, each side's moves in the arbiter's words, then the cycle
/// move by move (`ply side move class label targets`, separated by ` | `).
fn explain_text(v: &VerdictReply) -> String {
    let mut line = format!("explain {} {} ply {}", v.result, v.reason, v.ply);
    if let Some(sides) = &v.sides {
        let words: Vec<String> = sides
            .iter()
            .map(|s| {
                format!(
                    "{} {} ({})",
                    s.side,
                    s.term,
                    if s.forbidden { "forbidden" } else { "allowed" }
                )
            })
            .collect();
        line.push_str(&format!(": {}", words.join("; ")));
    }
    if let Some(cycle) = &v.cycle {
        for m in cycle {
            line.push_str(&format!(
                " | {} {} {} {} {}",
                m.ply,
                m.side,
                m.move_text,
                m.kind.as_str(),
                m.kind.label()
            ));
            if !m.targets.is_empty() {
                line.push_str(&format!(" {}", m.targets.join(",")));
            }
        }
    } else {
        line.push_str(&format!(": {}", one_line(&v.detail)));
    }
    line
}

/// A referee session: the game, its rules, the start position and the moves pushed, and the
/// referee judging them.
pub struct Session {
    game: GameKind,
    preset: Option<String>,
    overrides: Vec<(String, String)>,
    rules: Rules,
    start: Option<String>,
    moves: Vec<String>,
    referee: Referee,
    finished: bool,
}

impl Session {
    /// A session of `game` under `preset` and `overrides` (as `--rules` and `--rule`).
    pub fn new(
        game: GameKind,
        preset: Option<&str>,
        overrides: &[(String, String)],
    ) -> Result<Session, String> {
        let rules = rules_of(game, preset, overrides)?;
        Ok(Session {
            game,
            preset: preset.map(str::to_string),
            overrides: overrides.to_vec(),
            referee: Referee::new(game, &rules),
            rules,
            start: None,
            moves: Vec::new(),
            finished: false,
        })
    }

    /// Whether `quit` was received.
    pub fn finished(&self) -> bool {
        self.finished
    }

    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// Handles one line: its one reply.
    pub fn handle(&mut self, line: &str) -> Reply {
        match parse(line) {
            Ok(c) => self.run(c),
            Err(e) => Reply::error("error", "parse", e),
        }
    }

    /// Runs one command: its one reply. A command that fails leaves the session unchanged.
    pub fn run(&mut self, command: Command) -> Reply {
        match command {
            Command::Game(name) => match GameKind::parse(&name) {
                None => Reply::error(
                    "game",
                    "usage",
                    format!("unknown game `{name}`; the games: xiangqi, othello, junqi"),
                ),
                Some(game) => match Session::new(game, None, &[]) {
                    Ok(s) => {
                        *self = s;
                        self.state("game", true)
                    }
                    Err(e) => Reply::error("game", "usage", e),
                },
            },
            Command::Rules(preset) => self.rebuild(
                "rules",
                Some(preset),
                self.overrides.clone(),
                self.start.clone(),
                self.moves.clone(),
            ),
            Command::Rule(kv) => {
                let Some((k, v)) = kv.split_once('=').filter(|(k, _)| !k.trim().is_empty()) else {
                    return Reply::error(
                        "rule",
                        "usage",
                        format!("expected KEY=VALUE, got `{kv}`"),
                    );
                };
                let mut overrides = self.overrides.clone();
                overrides.retain(|(key, _)| key != k.trim());
                overrides.push((k.trim().to_string(), v.trim().to_string()));
                self.rebuild(
                    "rule",
                    self.preset.clone(),
                    overrides,
                    self.start.clone(),
                    self.moves.clone(),
                )
            }
            Command::Position { start, moves } => self.rebuild(
                "position",
                self.preset.clone(),
                self.overrides.clone(),
                start,
                moves,
            ),
            Command::Move(moves) => self.push("move", &moves),
            Command::Undo(n) => {
                let n = match n.as_deref().map(str::parse::<usize>) {
                    None => 1,
                    Some(Ok(n)) => n,
                    Some(Err(_)) => {
                        return Reply::error("undo", "usage", "expected undo [N], N a number");
                    }
                };
                if n > self.moves.len() {
                    return Reply::error(
                        "undo",
                        "usage",
                        format!("only {} moves to take back", self.moves.len()),
                    );
                }
                let mut moves = self.moves.clone();
                moves.truncate(moves.len() - n);
                self.rebuild(
                    "undo",
                    self.preset.clone(),
                    self.overrides.clone(),
                    self.start.clone(),
                    moves,
                )
            }
            Command::Legal => Reply {
                reply: "legal",
                ok: true,
                body: Body::Moves {
                    moves: self.referee.legal_moves(),
                },
            },
            Command::BanMoves => Reply {
                reply: "banmoves",
                ok: true,
                body: Body::Moves {
                    moves: self.referee.ban_moves(),
                },
            },
            Command::Verdict => self.verdict_reply("verdict", self.referee.verdict(), false),
            Command::Claimable => self.verdict_reply("claimable", self.referee.claimable(), false),
            Command::Explain => self.verdict_reply("explain", self.referee.verdict(), true),
            Command::Status => self.state("status", true),
            Command::New => self.rebuild(
                "new",
                self.preset.clone(),
                self.overrides.clone(),
                None,
                Vec::new(),
            ),
            Command::Ping(token) => Reply {
                reply: "ping",
                ok: true,
                body: Body::Pong { token },
            },
            Command::Help => Reply {
                reply: "help",
                ok: true,
                body: Body::Help {
                    commands: COMMANDS.to_vec(),
                },
            },
            Command::Quit => {
                self.finished = true;
                Reply {
                    reply: "quit",
                    ok: true,
                    body: Body::Bye {},
                }
            }
        }
    }

    fn verdict_reply(&self, reply: &'static str, v: Option<Verdict>, cycle: bool) -> Reply {
        Reply {
            reply,
            ok: true,
            body: Body::Verdict {
                verdict: v.as_ref().map(|v| VerdictReply::of(v, cycle)),
            },
        }
    }

    fn state(&self, reply: &'static str, with_position: bool) -> Reply {
        let over = self.referee.is_over();
        Reply {
            reply,
            ok: true,
            body: Body::State(State {
                game: self.game.name(),
                rules: self.rules.preset.clone(),
                params: self
                    .overrides
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect(),
                ply: self.referee.plies(),
                over,
                verdict: self
                    .referee
                    .verdict()
                    .filter(|_| over || self.referee.claimable().is_some())
                    .map(|v| VerdictReply::of(&v, false)),
                position: with_position.then(|| self.referee.position()),
            }),
        }
    }

    /// Plays `moves` on a copy of the referee; the session takes the copy only if every move
    /// was accepted.
    fn push(&mut self, reply: &'static str, moves: &[String]) -> Reply {
        if moves.is_empty() {
            return Reply::error(reply, "usage", "expected move M [M …]");
        }
        let mut referee = self.referee.clone();
        if let Err(e) = push_all(&mut referee, moves) {
            return e.with_reply(reply);
        }
        self.referee = referee;
        self.moves.extend(moves.iter().cloned());
        self.state(reply, false)
    }

    /// A new referee under these rules, from this start, with these moves; the session takes
    /// it only if all of it is accepted.
    fn rebuild(
        &mut self,
        reply: &'static str,
        preset: Option<String>,
        overrides: Vec<(String, String)>,
        start: Option<String>,
        moves: Vec<String>,
    ) -> Reply {
        let rules = match rules_of(self.game, preset.as_deref(), &overrides) {
            Ok(r) => r,
            Err(e) => return Reply::error(reply, "usage", e),
        };
        let mut referee = match Referee::from_position(self.game, &rules, start.as_deref()) {
            Ok(r) => r,
            Err(e) => {
                return Reply::error(reply, e.kind.as_str(), e.message);
            }
        };
        if let Err(e) = push_all(&mut referee, &moves) {
            return e.with_reply(reply);
        }
        self.preset = preset;
        self.overrides = overrides;
        self.rules = rules;
        self.start = start;
        self.moves = moves;
        self.referee = referee;
        self.state(reply, true)
    }
}

/// A move refused while pushing a list.
struct Refused(crate::core::referee::MoveError);

impl Refused {
    fn with_reply(self, reply: &'static str) -> Reply {
        let e = self.0;
        Reply {
            reply,
            ok: false,
            body: Body::Error {
                kind: e.kind.as_str().to_string(),
                message: e.message,
                ply: Some(e.ply),
                move_text: Some(e.move_text),
                help: e.help,
            },
        }
    }
}

/// Pushes the moves in order; a token `@TIME` (or a move written `M@TIME`) gives the move
/// before it its time stamp, as a Junqi record writes it (the time limit reads it).
fn push_all(referee: &mut Referee, moves: &[String]) -> Result<(), Refused> {
    let mut entries: Vec<MoveEntry> = Vec::with_capacity(moves.len());
    for m in moves {
        if let Some(time) = m.strip_prefix('@')
            && let Some(last) = entries.last_mut()
        {
            last.time = Some(time.to_string());
            continue;
        }
        let (text, time) = match m.split_once('@') {
            Some((t, at)) if !t.is_empty() => (t, Some(at.to_string())),
            _ => (m.as_str(), None),
        };
        let mut entry = MoveEntry::new(text, Span::default());
        entry.time = time;
        entries.push(entry);
    }
    for e in &entries {
        referee.push_entry(e).map_err(Refused)?;
    }
    Ok(())
}

fn rules_of(
    game: GameKind,
    preset: Option<&str>,
    overrides: &[(String, String)],
) -> Result<Rules, String> {
    let g = registry::get(game).ok_or_else(|| format!("{game} is not in this build"))?;
    Rules::build(g.rule_specs(), g.presets(), preset, overrides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!(
            parse("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0e1 d9d8"),
            Ok(Command::Position {
                start: Some("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()),
                moves: vec!["e0e1".into(), "d9d8".into()]
            })
        );
        assert_eq!(
            parse("  POSITION startpos  "),
            Ok(Command::Position {
                start: None,
                moves: vec![]
            })
        );
        assert_eq!(
            parse("move 炮二平五 h9g7"),
            Ok(Command::Move(vec!["炮二平五".into(), "h9g7".into()]))
        );
        assert_eq!(
            parse("rule repetitions=2"),
            Ok(Command::Rule("repetitions=2".into()))
        );
        assert_eq!(parse("ping 7"), Ok(Command::Ping(Some("7".into()))));
        assert_eq!(parse("banmoves"), Ok(Command::BanMoves));
        assert!(
            parse("legal now")
                .unwrap_err()
                .contains("expected the word alone")
        );
        assert!(parse("h2e2").unwrap_err().contains("move h2e2"));
        assert!(parse("move").unwrap_err().contains("move M"));
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut s = Session::new(GameKind::Xiangqi, None, &[]).unwrap();
        assert_eq!(s.handle("move h2e2 h9g7").text(), "ok ply 2");
        let r = s.handle("move h0g2 a9a5");
        assert!(!r.ok);
        assert!(
            r.text().starts_with("error illegal-move ply 4 move a9a5"),
            "{}",
            r.text()
        );
        assert_eq!(s.referee().plies(), 2);
        assert_eq!(
            s.handle("undo").text(),
            "ok ply 1 position rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
        );
    }
}
