//! An engine process: started in its working directory, spoken to line by line, its stdout
//! read by a thread into a channel (so that every wait has a deadline), its stderr appended to
//! a log file that outlives it. A crash is the channel closing; a hang is a deadline passing.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How an engine is started and spoken to (`--engine 'cmd=… name=… proto=…'`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub proto: Proto,
    /// `option.NAME=VALUE`: sent after the handshake.
    pub options: Vec<(String, String)>,
    pub limit: Limit,
}

/// The protocol an engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Proto {
    /// UCI (Xiangqi with `UCI_Variant xiangqi`; squares ranked 1–10).
    Uci,
    /// UCCI (squares ranked 0–9; `banmoves` before `go`).
    Ucci,
    /// NBoard (Othello: Edax `-nboard`).
    Nboard,
    /// GTP (Othello: Edax `-gtp`).
    Gtp,
}

impl Proto {
    pub(crate) fn parse(s: &str) -> Option<Proto> {
        match s.to_ascii_lowercase().as_str() {
            "uci" => Some(Proto::Uci),
            "ucci" => Some(Proto::Ucci),
            "nboard" => Some(Proto::Nboard),
            "gtp" => Some(Proto::Gtp),
            _ => None,
        }
    }
}

/// How long an engine may think over a move.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Limit {
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// A fixed time a move, in seconds.
    pub movetime: Option<f64>,
    /// A clock: `moves/seconds+increment` or `seconds+increment`.
    pub clock: Option<Clock>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Clock {
    /// Moves per period (0: the whole game).
    pub moves: u32,
    pub seconds: f64,
    pub increment: f64,
}

impl Clock {
    /// `40/60+0.5`, `60+0.5`, `60`.
    pub(crate) fn parse(s: &str) -> Option<Clock> {
        let (moves, rest) = match s.split_once('/') {
            Some((m, r)) => (m.parse().ok()?, r),
            None => (0, s),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b.parse().ok()?, i.parse().ok()?),
            None => (rest.parse().ok()?, 0.0),
        };
        (base > 0.0 && inc >= 0.0).then_some(Clock {
            moves,
            seconds: base,
            increment: inc,
        })
    }
}

impl Limit {
    /// Whether anything limits a search (else the engine would think for ever).
    pub(crate) fn is_set(&self) -> bool {
        self.nodes.is_some()
            || self.depth.is_some()
            || self.movetime.is_some()
            || self.clock.is_some()
    }
}

/// Parses an engine spec: `key=value` words (shell quoting allowed): cmd, name, proto, arg
/// (repeatable), dir, option.NAME, nodes, depth, st (seconds a move), tc.
pub(crate) fn parse_spec(text: &str, default_proto: Proto) -> Result<EngineSpec, String> {
    let words = shlex::split(text).ok_or_else(|| format!("`{text}`: unbalanced quotes"))?;
    let mut spec = EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        proto: default_proto,
        options: Vec::new(),
        limit: Limit::default(),
    };
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(format!(
                "`{w}`: expected KEY=VALUE (cmd=, name=, proto=, arg=, dir=, option.NAME=, nodes=, depth=, st=, tc=)"
            ));
        };
        let bad = |what: &str| format!("`{w}`: {what}");
        match k {
            "cmd" => spec.cmd = v.to_string(),
            "name" => spec.name = v.to_string(),
            "arg" => spec.args.push(v.to_string()),
            "dir" => spec.dir = Some(PathBuf::from(v)),
            "proto" => {
                spec.proto =
                    Proto::parse(v).ok_or_else(|| bad("the protocols: uci, ucci, nboard, gtp"))?
            }
            "nodes" => spec.limit.nodes = Some(v.parse().map_err(|_| bad("a number of nodes"))?),
            "depth" => spec.limit.depth = Some(v.parse().map_err(|_| bad("a depth in plies"))?),
            "st" => {
                let s: f64 = v.parse().map_err(|_| bad("seconds a move"))?;
                if s <= 0.0 {
                    return Err(bad("seconds a move, more than 0"));
                }
                spec.limit.movetime = Some(s);
            }
            "tc" => {
                spec.limit.clock =
                    Some(Clock::parse(v).ok_or_else(|| bad("MOVES/SECONDS+INC or SECONDS+INC"))?)
            }
            _ => match k.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    spec.options.push((name.to_string(), v.to_string()))
                }
                _ => return Err(bad("unknown key")),
            },
        }
    }
    if spec.cmd.is_empty() {
        return Err(format!("`{text}`: no cmd= (the engine's program)"));
    }
    if spec.name.is_empty() {
        spec.name = std::path::Path::new(&spec.cmd)
            .file_name()
            .map_or_else(|| spec.cmd.clone(), |n| n.to_string_lossy().into_owned());
    }
    Ok(spec)
}

/// What waiting for a line gave.
#[derive(Debug, PartialEq)]
pub(crate) enum Waited {
    Line(String),
    /// The deadline passed.
    Timeout,
    /// The engine's output closed: it exited or crashed.
    Closed,
}

/// A running engine.
pub(crate) struct Engine {
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine; its stderr is appended to `stderr_log`.
    pub(crate) fn start(spec: &EngineSpec, stderr_log: &std::path::Path) -> Result<Engine, String> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(stderr_log)
            .map_err(|e| format!("{}: {e}", stderr_log.display()))?;
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log));
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start engine {} (`{}`): {e}", spec.name, spec.cmd))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines: rx,
        })
    }

    /// Sends one line; `false` when the engine no longer reads.
    pub(crate) fn send(&mut self, line: &str) -> bool {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_ok()
    }

    /// The next line, or why there is none by `deadline`.
    pub(crate) fn next_line(&mut self, deadline: Instant) -> Waited {
        let now = Instant::now();
        let wait = deadline.saturating_duration_since(now);
        match self.lines.recv_timeout(wait) {
            Ok(l) => Waited::Line(l),
            Err(RecvTimeoutError::Timeout) => Waited::Timeout,
            Err(RecvTimeoutError::Disconnected) => Waited::Closed,
        }
    }

    /// Reads lines until `want` accepts one (returned) or the deadline passes or the output
    /// closes; the lines before it are kept in `seen`.
    pub(crate) fn wait_for(
        &mut self,
        deadline: Instant,
        seen: &mut Vec<String>,
        want: impl Fn(&str) -> bool,
    ) -> Waited {
        loop {
            match self.next_line(deadline) {
                Waited::Line(l) if want(l.trim()) => return Waited::Line(l),
                Waited::Line(l) => seen.push(l),
                other => return other,
            }
        }
    }

    /// Whether the process is still running.
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the engine to quit, then kills it after a grace period.
    pub(crate) fn stop(mut self, quit: &str) {
        let _ = self.send(quit);
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if !self.alive() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if self.alive() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_and_clocks() {
        let s = parse_spec("cmd=/usr/games/fairy-stockfish name=fsf proto=ucci nodes=1000 option.Hash=16 'arg=a b'", Proto::Uci).unwrap();
        assert_eq!(s.proto, Proto::Ucci);
        assert_eq!(s.limit.nodes, Some(1000));
        assert_eq!(s.options, vec![("Hash".to_string(), "16".to_string())]);
        assert_eq!(s.args, vec!["a b".to_string()]);
        assert_eq!(
            Clock::parse("40/60+0.5"),
            Some(Clock {
                moves: 40,
                seconds: 60.0,
                increment: 0.5
            })
        );
        assert_eq!(
            Clock::parse("10"),
            Some(Clock {
                moves: 0,
                seconds: 10.0,
                increment: 0.0
            })
        );
        assert!(
            parse_spec("name=x", Proto::Uci)
                .unwrap_err()
                .contains("cmd=")
        );
        assert!(
            parse_spec("cmd=x speed=3", Proto::Uci)
                .unwrap_err()
                .contains("unknown key")
        );
        assert_eq!(
            parse_spec("cmd=/opt/e/edax", Proto::Nboard).unwrap().name,
            "edax"
        );
    }
}
