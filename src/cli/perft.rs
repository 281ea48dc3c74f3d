//! `qipu perft GAME DEPTH [--fen POSITION] [--divide]`: the leaf count is the last line of
//! stdout, alone.

use super::{EXIT_OK, EXIT_USAGE, PerftArgs};
use crate::core::game::PerftQuery;
use std::io::Write;

pub(crate) fn run(args: &PerftArgs) -> i32 {
    let kind = args.game.kind();
    let Some(game) = crate::driver::registry::get(kind) else {
        eprintln!("qipu: {kind} is not available in this build");
        return EXIT_USAGE;
    };
    let query = PerftQuery {
        depth: args.depth,
        divide: args.divide,
        jobs: args.jobs.max(1),
    };
    match game.perft(args.fen.as_deref(), query) {
        Ok(out) => {
            let mut s = String::new();
            for (mv, n) in &out.divide {
                s.push_str(&format!("{mv}: {n}\n"));
            }
            if args.divide {
                s.push('\n');
            }
            s.push_str(&format!("{}\n", out.total));
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(s.as_bytes());
            let _ = o.flush();
            EXIT_OK
        }
        Err(e) => {
            eprintln!("qipu: {e}");
            EXIT_USAGE
        }
    }
}
