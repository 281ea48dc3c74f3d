//! `qipu referee`: the referee protocol on stdin/stdout (docs/referee-protocol.md): one
//! command a line, exactly one reply line each, flushed at once; EOF or `quit` ends it.

use super::{EXIT_OK, EXIT_USAGE, RefereeArgs};
use qipu::driver::protocol::Session;
use std::io::{BufRead, Write};

pub fn run(args: &RefereeArgs) -> i32 {
    let mut session = match Session::new(args.game.kind(), args.rules.as_deref(), &args.rule) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("qipu: {e}");
            return EXIT_USAGE;
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("qipu: reading stdin: {e}");
                return EXIT_USAGE;
            }
        }
        // Bytes that are not UTF-8 are a bad command, answered like any other.
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let reply = session.handle(&text);
        let shown = if args.json {
            reply.json()
        } else {
            reply.text()
        };
        if writeln!(out, "{shown}").and_then(|_| out.flush()).is_err() {
            // The reader went away: nothing more can be said.
            return EXIT_OK;
        }
        if session.finished() {
            break;
        }
    }
    EXIT_OK
}
