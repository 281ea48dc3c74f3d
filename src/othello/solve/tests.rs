//! The solver against a plain minimax (no pruning, no table) on seeded random positions.

use super::*;
use crate::core::testing::xorshift;

/// Negamax over every line to the end: the reference.
fn minimax(p: u64, o: u64) -> i32 {
    let moves = legal(p, o);
    if moves == 0 {
        if legal(o, p) == 0 {
            return last::final_score(p, o);
        }
        return -minimax(o, p);
    }
    let mut best = -99;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = flips(sq as usize, p, o);
        best = best.max(-minimax(o ^ f, p | f | 1u64 << sq));
    }
    best
}

/// A random game from the start stopped at `empties` empty squares (or earlier at its end).
fn random_position(seed: &mut u64, empties: u32) -> Board {
    let mut b = Board::start();
    while b.empties() > empties && !b.is_over() {
        let moves = b.legal();
        if moves == 0 {
            b.play(Move::Pass);
            continue;
        }
        let k = xorshift(seed) % u64::from(moves.count_ones());
        let sq = crate::othello::rules::squares(moves)
            .nth(k as usize)
            .unwrap_or(0);
        b.play(Move::Place(sq));
    }
    b
}

#[test]
fn solver_matches_minimax_on_random_positions() {
    if !cpu_ok() {
        return;
    }
    let tt = Table::new(4);
    let mut seed = 0x5eed_0f0f_1234_abcd;
    for i in 0..400 {
        let empties = 1 + (i % 10) as u32;
        let b = random_position(&mut seed, empties);
        let (p, o) = b.sides();
        let expect = minimax(p, o);
        let Ok(Outcome::Solved(sol)) = solve(&b, &tt, &SolveOptions::default()) else {
            panic!("not solved: {b:?}");
        };
        assert_eq!(sol.score, expect, "position {i}: {b:?}");
        // Every best move reaches the score, every other move does not.
        for sq in crate::othello::rules::squares(legal(p, o)) {
            let f = flips(usize::from(sq), p, o);
            let s = -minimax(o ^ f, p | f | 1u64 << sq);
            assert_eq!(
                sol.best_moves.contains(&sq),
                s == expect,
                "move {sq} in {b:?}"
            );
        }
        // The PV plays out to the score.
        let mut end = b;
        for mv in &sol.pv {
            assert!(end.is_legal(*mv), "PV move {mv:?} illegal in {b:?}");
            end.play(*mv);
        }
        assert!(end.is_over(), "PV stops before the end: {b:?}");
        let (fp, fo) = match (end.to_move == b.to_move, end.sides()) {
            (true, (x, y)) => (x, y),
            (false, (x, y)) => (y, x),
        };
        assert_eq!(last::final_score(fp, fo), expect, "PV score: {b:?}");
    }
}

#[test]
fn stability_is_sound() {
    // A stable disc is never flipped: check against every move in random positions.
    let mut seed = 0xabcd_ef01_2345_6789;
    for _ in 0..300 {
        let empties = 4 + (xorshift(&mut seed) % 40) as u32;
        let b = random_position(&mut seed, empties);
        let (p, o) = b.sides();
        let stable_p = stability::stable(p, o);
        let stable_o = stability::stable(o, p);
        assert_eq!(stable_p & !p, 0);
        assert_eq!(stable_o & !o, 0);
        // Random playouts to the end: no stable disc changes colour.
        for _ in 0..8 {
            let mut g = b;
            while !g.is_over() {
                let moves = g.legal();
                if moves == 0 {
                    g.play(Move::Pass);
                    continue;
                }
                let k = xorshift(&mut seed) % u64::from(moves.count_ones());
                let sq = crate::othello::rules::squares(moves)
                    .nth(k as usize)
                    .unwrap_or(0);
                g.play(Move::Place(sq));
            }
            let (gp, go) = if g.to_move == b.to_move {
                g.sides()
            } else {
                (g.sides().1, g.sides().0)
            };
            assert_eq!(
                stable_p & !gp,
                0,
                "a stable disc of the mover flipped: {b:?}"
            );
            assert_eq!(
                stable_o & !go,
                0,
                "a stable disc of the opponent flipped: {b:?}"
            );
        }
    }
}

#[test]
fn a_budget_stops_the_search() {
    if !cpu_ok() {
        return;
    }
    let tt = Table::new(1);
    let mut seed = 77;
    let b = random_position(&mut seed, 24);
    let opts = SolveOptions {
        node_limit: 1000,
        ..SolveOptions::default()
    };
    assert!(matches!(
        solve(&b, &tt, &opts),
        Ok(Outcome::OverBudget { .. })
    ));
}

/// The last-square flip count by line tables agrees with the flips on every square, for
/// random fillings of the other 63.
#[test]
fn last_flip_count_matches_flips() {
    if !cpu_ok() {
        return;
    }
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..4000 {
        let filling = xorshift(&mut seed);
        for x in 0..64u32 {
            let bit = 1u64 << x;
            let p = filling & !bit;
            let o = !filling & !bit;
            assert_eq!(
                last::last_flip_count(x, p),
                flips(x as usize, p, o).count_ones(),
                "square {x}, p {p:#x}"
            );
            assert_eq!(
                last::last_flip_count(x, o),
                flips(x as usize, o, p).count_ones()
            );
        }
    }
}

/// The parallel search (young brothers wait, from 14 empties) gives one thread's score and a
/// move that reaches it: random positions at 16–18 empties, on pools of one and four
/// threads, with a small table (entries replaced often, threads writing the same buckets).
#[test]
fn parallel_search_matches_one_thread() {
    if !cpu_ok() {
        return;
    }
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .expect("a thread pool")
    };
    let (one, four) = (pool(1), pool(4));
    let opts = SolveOptions {
        all_best: false,
        ..SolveOptions::default()
    };
    let mut seed = 0x0dd5_eed5_1600_2000;
    for i in 0..12 {
        let b = random_position(&mut seed, 16 + (i % 3) as u32);
        let solved = |pool: &rayon::ThreadPool| {
            let tt = Table::new(1);
            match pool.install(|| solve(&b, &tt, &opts)) {
                Ok(Outcome::Solved(s)) => s,
                other => panic!("not solved: {other:?}"),
            }
        };
        let (a, b4) = (solved(&one), solved(&four));
        assert_eq!(a.score, b4.score, "position {i}: {b:?}");
        // The four threads' move reaches the score (one thread, a fresh table).
        if let Some(&sq) = b4.best_moves.first() {
            let mut after = b;
            after.play(Move::Place(sq));
            let tt = Table::new(1);
            let Ok(Outcome::Solved(s)) = one.install(|| solve(&after, &tt, &opts)) else {
                panic!("not solved");
            };
            let s = if after.to_move == b.to_move {
                s.score
            } else {
                -s.score
            };
            assert_eq!(
                s, a.score,
                "position {i}: move {sq} does not reach the score"
            );
        }
    }
}

/// A first guess at the root changes the work, never the score: random positions at 12–16
/// empties solved without a guess, then from the right score, from scores 2 to 40 discs off
/// either way, and from the bounds; the score alone leaves out the moves and the line.
#[test]
fn a_guess_changes_the_nodes_not_the_score() {
    if !cpu_ok() {
        return;
    }
    let mut seed = 0x6e55_0a11_1224_0017;
    for i in 0..10 {
        let b = random_position(&mut seed, 12 + (i % 5) as u32);
        let exact = |guess, score_only| {
            let tt = Table::new(1);
            let opts = SolveOptions {
                all_best: false,
                guess,
                score_only,
                ..SolveOptions::default()
            };
            match solve(&b, &tt, &opts) {
                Ok(Outcome::Solved(s)) => s,
                other => panic!("not solved: {other:?}"),
            }
        };
        let plain = exact(None, false);
        for off in [0, 2, -2, 6, -10, 40, -40, 200, -200] {
            let s = exact(Some(plain.score + off), true);
            assert_eq!(s.score, plain.score, "position {i}, guess off by {off}");
            assert!(s.best_moves.is_empty() && s.pv.is_empty());
        }
        // With the moves asked for, they come as without a guess (one a position that moves).
        let right = exact(Some(plain.score), false);
        assert_eq!(right.score, plain.score);
        assert_eq!(
            right.best_moves.len(),
            plain.best_moves.len(),
            "position {i}"
        );
        assert_eq!(right.pv.is_empty(), plain.pv.is_empty(), "position {i}");
    }
}
