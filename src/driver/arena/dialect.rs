//! What an engine is told and what it answers, in each protocol: the handshake, a new game,
//! and one move asked for (the position, the banned moves, the limits) with its answer read
//! back into qipu's coordinate notation (ICCS for Xiangqi, `d3`/`pass` for Othello).

use super::engine::{Engine, Limit, Proto, Waited};
use crate::core::record::GameKind;
use std::time::{Duration, Instant};

/// What the engine answered.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Answer {
    /// A move in qipu's notation, the engine's text, and its last score (centipawns or discs,
    /// from the mover's side; mate scores as ±100000 − plies).
    Move {
        qipu: String,
        text: String,
        score: Option<i64>,
    },
    /// The engine says it has no move (`bestmove (none)`, `nomove`) or resigns.
    NoMove(String),
    /// A reply that is not a move in the protocol.
    Garbage(String),
    Timeout,
    Crash,
}

impl Answer {
    /// A move the engine wrote as `text` (on its line `line`): read into qipu's notation by
    /// `read`, or garbage when it is not a move.
    fn from_engine(text: &str, line: &str, score: Option<i64>, read: Option<String>) -> Answer {
        match read {
            Some(qipu) => Answer::Move {
                qipu,
                text: text.to_string(),
                score,
            },
            None => Answer::Garbage(line.to_string()),
        }
    }
}

/// One move asked of an engine.
pub(crate) struct Ask<'a> {
    /// The start position in qipu's notation (FEN, Othello board string).
    pub start: &'a str,
    /// The moves since the start, in qipu's notation.
    pub moves: &'a [String],
    /// The opening's moves from the standard start, for a protocol that cannot set up a
    /// position (GTP); `None` when the opening starts from a set-up.
    pub prelude: Option<&'a [String]>,
    /// Whether the side to move is the first player (Red, Black in Othello).
    pub first_to_move: bool,
    /// UCCI `banmoves`, in qipu's notation.
    pub banned: &'a [String],
    pub limit: Limit,
    /// Remaining clock time of the mover and the opponent, in seconds, and the moves to the
    /// next time control (with a clock).
    pub clocks: Option<(f64, f64, Option<u32>)>,
}

const HANDSHAKE: Duration = Duration::from_secs(30);

/// Starts the conversation: `uci`/`ucci` with the options, NBoard's `nboard 2`, GTP's board
/// size. `Err` says what went wrong.
pub(crate) fn handshake(e: &mut Engine, game: GameKind) -> Result<(), String> {
    let deadline = Instant::now() + HANDSHAKE;
    let mut seen = Vec::new();
    let options = e.spec.options.clone();
    match e.spec.proto {
        Proto::Uci | Proto::Ucci => {
            let (hello, ok) = if e.spec.proto == Proto::Uci {
                ("uci", "uciok")
            } else {
                ("ucci", "ucciok")
            };
            e.send(hello);
            expect(e, deadline, &mut seen, |l| l == ok, ok)?;
            if e.spec.proto == Proto::Uci
                && game == GameKind::Xiangqi
                && !options
                    .iter()
                    .any(|(k, _)| k.eq_ignore_ascii_case("UCI_Variant"))
            {
                e.send("setoption name UCI_Variant value xiangqi");
            }
            for (k, v) in &options {
                // UCCI writes `setoption NAME VALUE`.
                if e.spec.proto == Proto::Uci {
                    e.send(&format!("setoption name {k} value {v}"));
                } else {
                    e.send(&format!("setoption {k} {v}"));
                }
            }
            ready(e)
        }
        Proto::Nboard => {
            // Version 1 of the protocol: what Edax speaks (it complains about 2).
            e.send("nboard 1");
            for (k, v) in &options {
                e.send(&format!("set {k} {v}"));
            }
            if let Some(d) = e.spec.limit.depth {
                e.send(&format!("set depth {d}"));
            }
            ready(e)
        }
        Proto::Gtp => {
            e.send("boardsize 8");
            expect(
                e,
                deadline,
                &mut seen,
                |l| l.starts_with('='),
                "= (boardsize)",
            )?;
            for (k, v) in &options {
                e.send(&format!("{k} {v}"));
                expect(
                    e,
                    deadline,
                    &mut seen,
                    |l| l.starts_with('=') || l.starts_with('?'),
                    "= (option)",
                )?;
            }
            Ok(())
        }
    }
}

fn expect(
    e: &mut Engine,
    deadline: Instant,
    seen: &mut Vec<String>,
    want: impl Fn(&str) -> bool,
    what: &str,
) -> Result<String, String> {
    match e.wait_for(deadline, seen, want) {
        Waited::Line(l) => Ok(l),
        Waited::Timeout => Err(format!("no `{what}` from {} in time", e.spec.name)),
        Waited::Closed => Err(format!("{} exited before `{what}`", e.spec.name)),
    }
}

/// Waits until the engine has read everything sent (`isready`/`ping`).
fn ready(e: &mut Engine) -> Result<(), String> {
    let deadline = Instant::now() + HANDSHAKE;
    let mut seen = Vec::new();
    match e.spec.proto {
        Proto::Uci | Proto::Ucci => {
            e.send("isready");
            expect(e, deadline, &mut seen, |l| l == "readyok", "readyok").map(|_| ())
        }
        Proto::Nboard => {
            e.send("ping 1");
            expect(e, deadline, &mut seen, |l| l == "pong 1", "pong 1").map(|_| ())
        }
        Proto::Gtp => Ok(()),
    }
}

/// A new game: `ucinewgame` (UCI), nothing for the others (they are given the whole game with
/// every move).
pub(crate) fn new_game(e: &mut Engine) -> Result<(), String> {
    if e.spec.proto == Proto::Uci {
        e.send("ucinewgame");
    }
    ready(e)
}

/// A Xiangqi move in ICCS from UCI's squares (ranks 1–10) or UCCI's (0–9); `None` if it is not
/// a move of the board.
fn xiangqi_from(text: &str, proto: Proto) -> Option<String> {
    let b = text.as_bytes();
    let file = |c: u8| (b'a'..=b'i').contains(&c.to_ascii_lowercase());
    let mut i = 0;
    let mut squares = Vec::new();
    for _ in 0..2 {
        let f = *b.get(i)?;
        if !file(f) {
            return None;
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let rank: u32 = text.get(start..i)?.parse().ok()?;
        let rank = if proto == Proto::Uci {
            rank.checked_sub(1)?
        } else {
            rank
        };
        if rank > 9 {
            return None;
        }
        squares.push(format!("{}{rank}", f.to_ascii_lowercase() as char));
    }
    (i == b.len()).then(|| squares.concat())
}

/// An ICCS move in the engine's squares.
fn xiangqi_to(iccs: &str, proto: Proto) -> String {
    if proto != Proto::Uci {
        return iccs.to_string();
    }
    let b = iccs.as_bytes();
    if b.len() != 4 {
        return iccs.to_string();
    }
    format!(
        "{}{}{}{}",
        b[0] as char,
        (b[1] - b'0') + 1,
        b[2] as char,
        (b[3] - b'0') + 1
    )
}

/// An Othello square or pass from the engine, in qipu's notation.
fn othello_from(text: &str) -> Option<String> {
    let t = text.trim().to_ascii_lowercase();
    if ["pa", "pass", "ps", "@@"].contains(&t.as_str()) {
        return Some("pass".to_string());
    }
    let b = t.as_bytes();
    (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])).then_some(t)
}

/// The deadline of a move: its time (fixed or from the clock) with a margin, else a generous
/// bound for node- or depth-limited searches (a hang).
pub(crate) fn deadline_of(ask: &Ask, margin: Duration, hang: Duration) -> Instant {
    let now = Instant::now();
    if let Some(t) = ask.limit.movetime {
        return now + Duration::from_secs_f64(t) + margin;
    }
    if let Some((mine, _, _)) = ask.clocks {
        return now + Duration::from_secs_f64(mine.max(0.0)) + margin;
    }
    now + hang
}

fn go_limits(ask: &Ask, proto: Proto) -> String {
    let mut go = String::from("go");
    let l = &ask.limit;
    if let Some((mine, theirs, togo)) = ask.clocks
        && proto == Proto::Ucci
    {
        // UCCI: the mover's time first, in milliseconds.
        let inc = (l.clock.map_or(0.0, |c| c.increment) * 1000.0) as i64;
        go.push_str(&format!(
            " time {} increment {inc} opptime {} oppincrement {inc}",
            (mine * 1000.0) as i64,
            (theirs * 1000.0) as i64
        ));
        if let Some(n) = togo {
            go.push_str(&format!(" movestogo {n}"));
        }
    } else if let Some((mine, theirs, togo)) = ask.clocks {
        let inc = l.clock.map_or(0.0, |c| c.increment);
        let (w, b) = if ask.first_to_move {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        go.push_str(&format!(
            " wtime {} btime {} winc {} binc {}",
            (w * 1000.0) as i64,
            (b * 1000.0) as i64,
            (inc * 1000.0) as i64,
            (inc * 1000.0) as i64
        ));
        if let Some(n) = togo {
            go.push_str(&format!(" movestogo {n}"));
        }
    }
    if let Some(t) = l.movetime {
        go.push_str(&format!(" movetime {}", (t * 1000.0) as i64));
    }
    if let Some(n) = l.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = l.depth {
        go.push_str(&format!(" depth {d}"));
    }
    go
}

/// The score of an `info` line (`score cp N`, `score mate N`), from the mover's side.
fn info_score(line: &str) -> Option<i64> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let at = w.iter().position(|x| *x == "score")?;
    let value: i64 = w.get(at + 2)?.parse().ok()?;
    match *w.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(100_000 - value),
        "mate" => Some(-100_000 - value),
        _ => None,
    }
}

/// Asks for a move and waits for it until `deadline`.
pub(crate) fn think(e: &mut Engine, ask: &Ask, deadline: Instant) -> Answer {
    let proto = e.spec.proto;
    match proto {
        Proto::Uci | Proto::Ucci => {
            let moves: Vec<String> = ask.moves.iter().map(|m| xiangqi_to(m, proto)).collect();
            let mut pos = format!("position fen {}", ask.start);
            if !moves.is_empty() {
                pos.push_str(" moves ");
                pos.push_str(&moves.join(" "));
            }
            if !e.send(&pos) {
                return Answer::Crash;
            }
            if proto == Proto::Ucci && !ask.banned.is_empty() {
                let b: Vec<String> = ask.banned.iter().map(|m| xiangqi_to(m, proto)).collect();
                e.send(&format!("banmoves {}", b.join(" ")));
            }
            if !e.send(&go_limits(ask, proto)) {
                return Answer::Crash;
            }
            let mut score = None;
            loop {
                match e.next_line(deadline) {
                    Waited::Timeout => {
                        // Stopped, so that it is ready for the next game.
                        e.send("stop");
                        return Answer::Timeout;
                    }
                    Waited::Closed => return Answer::Crash,
                    Waited::Line(l) => {
                        let l = l.trim();
                        if l.starts_with("info") {
                            if let Some(s) = info_score(l) {
                                score = Some(s);
                            }
                            continue;
                        }
                        let Some(rest) = l.strip_prefix("bestmove") else {
                            if l == "nobestmove" {
                                return Answer::NoMove(l.to_string());
                            }
                            // A line the protocol does not know: ignored, as UCI says.
                            continue;
                        };
                        let mv = rest.split_whitespace().next().unwrap_or("");
                        if mv == "(none)" || mv == "none" || mv.is_empty() {
                            return Answer::NoMove(l.to_string());
                        }
                        return Answer::from_engine(mv, l, score, xiangqi_from(mv, proto));
                    }
                }
            }
        }
        Proto::Nboard => {
            e.send(&format!("set game {}", ggf(ask)));
            if !e.send("go") {
                return Answer::Crash;
            }
            loop {
                match e.next_line(deadline) {
                    Waited::Timeout => return Answer::Timeout,
                    Waited::Closed => return Answer::Crash,
                    Waited::Line(l) => {
                        let l = l.trim();
                        // `status`, `nodestats`, `search` … lines: not the move.
                        let Some(rest) = l.strip_prefix("===") else {
                            continue;
                        };
                        // `=== MOVE[/SCORE[/TIME]]` or `=== MOVE SCORE TIME`.
                        let mut parts = rest
                            .trim()
                            .split(|c: char| c == '/' || c.is_whitespace())
                            .filter(|p| !p.is_empty());
                        let mv = parts.next().unwrap_or("");
                        let score = parts
                            .next()
                            .and_then(|s| s.parse::<f64>().ok())
                            .map(|s| s.round() as i64);
                        return Answer::from_engine(mv, l, score, othello_from(mv));
                    }
                }
            }
        }
        Proto::Gtp => {
            let mut seen = Vec::new();
            e.send("clear_board");
            if expect(
                e,
                deadline,
                &mut seen,
                |l| l.starts_with('=') || l.starts_with('?'),
                "=",
            )
            .is_err()
            {
                return Answer::Crash;
            }
            let Some(prelude) = ask.prelude else {
                return Answer::Garbage(
                    "(GTP cannot set up the opening's start position)".to_string(),
                );
            };
            let mut black = true;
            for m in prelude.iter().chain(ask.moves) {
                let colour = if black { "b" } else { "w" };
                e.send(&format!("play {colour} {m}"));
                match e.wait_for(deadline, &mut seen, |l| {
                    l.starts_with('=') || l.starts_with('?')
                }) {
                    Waited::Line(_) => {}
                    Waited::Timeout => return Answer::Timeout,
                    Waited::Closed => return Answer::Crash,
                }
                black = !black;
            }
            let colour = if ask.first_to_move { "b" } else { "w" };
            e.send(&format!("genmove {colour}"));
            match e.wait_for(deadline, &mut seen, |l| {
                l.starts_with('=') || l.starts_with('?')
            }) {
                Waited::Line(l) => {
                    let mv = l.trim_start_matches(['=', '?']).trim();
                    if mv.eq_ignore_ascii_case("resign") {
                        return Answer::NoMove(l.clone());
                    }
                    let read = othello_from(mv).filter(|_| l.starts_with('='));
                    Answer::from_engine(mv, &l, None, read)
                }
                Waited::Timeout => Answer::Timeout,
                Waited::Closed => Answer::Crash,
            }
        }
    }
}

/// The game so far as NBoard's GGF: the start board, then the moves with their colours.
fn ggf(ask: &Ask) -> String {
    let (board, side) = ask.start.rsplit_once(' ').unwrap_or((ask.start, "X"));
    let board: String = board
        .chars()
        .map(|c| {
            if c == 'X' || c == 'x' || c == '*' {
                '*'
            } else if c == 'O' || c == 'o' {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    let mut black = side.eq_ignore_ascii_case("x") || side == "*";
    let mut s = format!(
        "(;GM[Othello]PC[qipu]PB[black]PW[white]RE[?]TI[0:00]TY[8]BO[8 {board} {}]",
        if black { '*' } else { 'O' }
    );
    for m in ask.moves {
        let square = if m == "pass" {
            "PA".to_string()
        } else {
            m.to_ascii_uppercase()
        };
        s.push_str(&format!("{}[{square}]", if black { 'B' } else { 'W' }));
        black = !black;
    }
    s.push_str(";)");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares() {
        assert_eq!(xiangqi_from("b10c8", Proto::Uci).as_deref(), Some("b9c7"));
        assert_eq!(xiangqi_from("h3e3", Proto::Uci).as_deref(), Some("h2e2"));
        assert_eq!(xiangqi_from("g0e2", Proto::Ucci).as_deref(), Some("g0e2"));
        assert_eq!(xiangqi_from("a11a1", Proto::Uci), None);
        assert_eq!(xiangqi_from("j1a1", Proto::Uci), None);
        assert_eq!(xiangqi_from("a1a2x", Proto::Uci), None);
        assert_eq!(xiangqi_to("b9c7", Proto::Uci), "b10c8");
        assert_eq!(othello_from("PA").as_deref(), Some("pass"));
        assert_eq!(othello_from("D3").as_deref(), Some("d3"));
        assert_eq!(othello_from("i9"), None);
        assert_eq!(info_score("info depth 2 score cp -94 nodes 1"), Some(-94));
        assert_eq!(info_score("info depth 2 score mate 3 pv a"), Some(99_997));
    }
}
