//! The referee protocol (`qipu referee`): one command a line in, exactly one reply line out,
//! for a game server, a GUI or a match runner in any language (docs/referee-protocol.md,
//! grammar/referee-protocol.ebnf). A [`Session`] holds the game, its rules and a
//! [`Referee`]; every move goes through the same referee as `adjudicate` and the Python
//! `Referee`, so the verdicts are the same at the same ply: the commands are parsed in
//! `command`, the replies written in `reply`.
//!
//! A command that fails (a bad word, an illegal move, a rule the game does not have) gets an
//! `error` reply and leaves the session exactly as it was.

mod command;
mod reply;

pub(crate) use command::COMMANDS;
pub(crate) use command::{Command, parse};
pub(crate) use reply::{Body, Reply, State, VerdictReply};

use crate::core::record::{GameKind, MoveEntry};
use crate::core::rules::{RuleError, Rules};
use crate::core::span::Span;
use crate::core::verdict::Verdict;
use crate::driver::referee::Referee;

/// A referee session: the game, its rules, the start position and the moves pushed, and the
/// referee judging them.
pub struct Session {
    game: GameKind,
    /// The rules in force: the `rules` and `rule` commands change them through
    /// [`Rules::with_preset`] and [`Rules::with_rule`], which keep the rest.
    rules: Rules,
    start: Option<String>,
    moves: Vec<String>,
    referee: Referee,
    finished: bool,
}

impl Session {
    /// A session of `game` under `rules`, the game's, already checked (the CLI builds them
    /// from `--rules` and `--rule`).
    pub fn new(game: GameKind, rules: Rules) -> Session {
        Session {
            game,
            referee: Referee::new(game, &rules),
            rules,
            start: None,
            moves: Vec::new(),
            finished: false,
        }
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

    /// The reply to a line longer than `limit` bytes (not read as a command).
    pub(crate) fn too_long(&self, limit: u64) -> Reply {
        Reply::error(
            "error",
            "parse",
            format!("a line of more than {limit} bytes is not a command; nothing was changed"),
        )
    }

    /// Runs one command: its one reply. A command that fails leaves the session unchanged.
    pub(crate) fn run(&mut self, command: Command) -> Reply {
        match command {
            Command::Game(name) => match GameKind::parse(&name) {
                None => Reply::error(
                    "game",
                    "usage",
                    format!("unknown game `{name}`; the games: xiangqi, othello, junqi"),
                ),
                Some(game) => {
                    *self = Session::new(game, Referee::default_rules(game));
                    self.state("game", true)
                }
            },
            Command::Rules(preset) => self.rerule("rules", self.rules.with_preset(&preset)),
            Command::Rule(kv) => {
                let Some((k, v)) = kv.split_once('=').filter(|(k, _)| !k.trim().is_empty()) else {
                    return Reply::error(
                        "rule",
                        "usage",
                        format!("expected KEY=VALUE, got `{kv}`"),
                    );
                };
                self.rerule("rule", self.rules.with_rule(k.trim(), v.trim()))
            }
            Command::Position { start, moves } => {
                self.rebuild("position", self.rules.clone(), start, moves)
            }
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
                self.rebuild("undo", self.rules.clone(), self.start.clone(), moves)
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
            Command::New => self.rebuild("new", self.rules.clone(), None, Vec::new()),
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
                    .rules
                    .overrides()
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

    /// The same start and moves under changed rules, if the change was accepted.
    fn rerule(&mut self, reply: &'static str, rules: Result<Rules, RuleError>) -> Reply {
        match rules {
            Ok(rules) => self.rebuild(reply, rules, self.start.clone(), self.moves.clone()),
            Err(e) => Reply::error(reply, "usage", e.to_string()),
        }
    }

    /// A new referee under these rules, from this start, with these moves; the session takes
    /// it only if all of it is accepted.
    fn rebuild(
        &mut self,
        reply: &'static str,
        rules: Rules,
        start: Option<String>,
        moves: Vec<String>,
    ) -> Reply {
        let mut referee = match Referee::from_position(self.game, &rules, start.as_deref()) {
            Ok(r) => r,
            Err(e) => {
                return Reply::error(reply, e.kind.as_str(), e.message);
            }
        };
        if let Err(e) = push_all(&mut referee, &moves) {
            return e.with_reply(reply);
        }
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
        let game = GameKind::Xiangqi;
        let mut s = Session::new(game, Referee::default_rules(game));
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
