//! `qipu referee`: the referee protocol on stdin/stdout (docs/referee-protocol.md): one
//! command a line, exactly one reply line each, flushed at once; EOF or `quit` ends it.

use super::{EXIT_OK, EXIT_USAGE, RefereeArgs};
use crate::core::rules::Rules;
use crate::driver::protocol::Session;
use crate::driver::registry;
use std::io::{BufRead, Read, Write};

/// The longest line read as a command (a game of moves pushed in one `position … moves …`
/// line stays far below it: 1,000 moves are about 5 KB).
const MAX_LINE: u64 = 1 << 20;

pub(crate) fn run(args: &RefereeArgs) -> i32 {
    // The rules are built and checked here, as every command builds its own; the session
    // changes them only through its `rules` and `rule` commands.
    let game = args.game.kind();
    let rules = match registry::get(game) {
        Some(g) => Rules::build(g.rule_table(), args.rules.as_deref(), &args.rule)
            .map_err(|e| e.to_string()),
        None => Err(format!("{game} is not in this build")),
    };
    let mut session = match rules {
        Ok(rules) => Session::new(game, rules),
        Err(e) => {
            eprintln!("qipu: {e}");
            return EXIT_USAGE;
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    // One reply, one line, flushed at once.
    let json = args.json;
    let say = |out: &mut std::io::StdoutLock, reply: &crate::driver::protocol::Reply| {
        let shown = if json { reply.json() } else { reply.text() };
        writeln!(out, "{shown}").and_then(|_| out.flush())
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut input).take(MAX_LINE).read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("qipu: reading stdin: {e}");
                return EXIT_USAGE;
            }
        }
        // A line longer than any command: the rest of it is skipped unread into memory, and
        // it is answered like any bad command.
        if line.len() as u64 == MAX_LINE && line.last() != Some(&b'\n') {
            let mut skipped = Vec::new();
            loop {
                skipped.clear();
                match (&mut input).take(MAX_LINE).read_until(b'\n', &mut skipped) {
                    Ok(n) if n > 0 && skipped.last() != Some(&b'\n') => continue,
                    _ => break,
                }
            }
            if say(&mut out, &session.too_long(MAX_LINE)).is_err() {
                return EXIT_OK;
            }
            continue;
        }
        // Bytes that are not UTF-8 are a bad command, answered like any other.
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        if say(&mut out, &session.handle(&text)).is_err() {
            // The reader went away: nothing more can be said.
            return EXIT_OK;
        }
        if session.finished() {
            break;
        }
    }
    EXIT_OK
}
