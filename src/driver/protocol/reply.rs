//! The replies of the referee protocol: one a command, as one line of text or of JSON.

use crate::core::verdict::Verdict;
use serde::Serialize;

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
    pub(super) fn of(v: &Verdict, with_cycle: bool) -> VerdictReply {
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

pub(super) fn one_line(s: &str) -> String {
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
    pub(super) fn error(reply: &'static str, kind: &str, message: impl Into<String>) -> Reply {
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
        line.push_str(&format!(
            ": {}",
            crate::core::verdict::CycleSide::summary(sides)
        ));
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
