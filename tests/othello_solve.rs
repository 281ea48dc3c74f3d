//! The exact solver on the FFO endgame test suite (#40–#59, tests/fixtures/ffo-40-59.obf):
//! each position's score is the best listed score and the best move found is one listed
//! with it. #40–#42 (20 and 22 empties, seconds) run in the normal suite; the deeper ones with
//! `--ignored` (#43–#53 about 20 minutes on one core, #54–#59 hours). #40–#42 also run on two
//! threads (the parallel search).

use qipu::othello::solve::obf::parse_obf;
use qipu::othello::solve::{Outcome, SolveOptions, Table, cpu_ok, solve};

/// Solves #`first`–#`last` on a pool of `threads` threads (a table of their own).
fn check(first: usize, last: usize, threads: usize) {
    if !cpu_ok() {
        eprintln!("skipped: the CPU lacks the solver's instructions");
        return;
    }
    let text = std::fs::read_to_string("tests/fixtures/ffo-40-59.obf").expect("fixture");
    let entries = parse_obf(&text).expect("the fixture parses");
    assert_eq!(entries.len(), 20);
    let tt = Table::new(64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let opts = SolveOptions {
        all_best: false,
        ..SolveOptions::default()
    };
    for (k, e) in entries.iter().enumerate() {
        let number = 40 + k;
        if number < first || number > last {
            continue;
        }
        let best = e.scores.iter().map(|s| s.1).max().expect("scores listed");
        let Ok(Outcome::Solved(sol)) = pool.install(|| solve(&e.board, &tt, &opts)) else {
            panic!("FFO #{number} not solved");
        };
        assert_eq!(sol.score, best, "FFO #{number} score");
        let mv = sol.best_moves[0];
        assert!(
            e.scores.iter().any(|&(sq, s)| sq == mv && s == best),
            "FFO #{number}: {mv} is not a best move"
        );
        eprintln!(
            "FFO #{number}, {threads} threads: {:+} in {:?}, {} nodes",
            sol.score, sol.elapsed, sol.nodes
        );
    }
}

#[test]
fn ffo_40_to_42() {
    check(40, 42, 1);
}

/// The parallel search (two threads: young brothers wait) on the same positions: the same
/// scores, and a move that the file lists with them.
#[test]
fn ffo_40_to_42_two_threads() {
    check(40, 42, 2);
}

#[test]
#[ignore = "deep: about 20 minutes on one core (cargo test --release -- --ignored)"]
fn ffo_43_to_53() {
    check(43, 53, 1);
}

/// #54–#58 (28–30 empties) take 12 to 76 minutes each on one core here (docs/performance.md).
#[test]
#[ignore = "deepest: hours on one core (cargo test --release -- --ignored)"]
fn ffo_54_to_59() {
    check(54, 59, 1);
}
