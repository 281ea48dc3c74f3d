//! perft and move generation, checked against a slow generator written here from the link
//! geometry alone (no precomputed rays or railway lists), plus the golden counts.

use crate::core::game::{Game, PerftQuery};
use crate::junqi::Junqi;
use crate::junqi::notation::position::{format_position, parse_position};
use crate::junqi::rules::board::{
    SQUARES, col_of, geometric_link, geometric_rail, is_camp, row_of, square,
};
use crate::junqi::rules::movegen::lone_piece_destinations;
use crate::junqi::rules::{Action, Cell, Params, Position, Rank, board};

/// Mid-game positions of samples/junqi/flag-captured.jqr (after 60 and 120 actions), with the
/// face-down pieces known from its layout.
const MIDGAME_60: &str = "*BM*dc*x/*G*B*P*b*L/*x3*l/1L1*p1/1D*e1F/2*d1g/m*f2c/2*e1*D/1*lT*R*E/L1*CP1/r*E3/*tel*bR 1 r brr 60 6 0/0 0/0";
const MIDGAME_120: &str =
    "*BMd2/3c1/4l/m1p2/2e1F/5/1f3/2*e2/1*lCg1/L3b/r4/t1l2 1 r rbb 120 3 0/0 2/0";

fn step(s: u8, dr: i32, dc: i32) -> Option<u8> {
    let r = row_of(s) as i32 + dr;
    let c = col_of(s) as i32 + dc;
    ((0..12).contains(&r) && (0..5).contains(&c)).then(|| square(r as usize, c as usize))
}

/// The slow generator: stations a piece reaches, from the geometry predicates only.
fn slow_reach(pos: &Position, from: u8, engineer: bool) -> Vec<u8> {
    let empty = |s: u8| pos.cell(s) == Cell::Empty;
    let mut out = Vec::new();
    let add = |t: u8, out: &mut Vec<u8>| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    for t in 0..SQUARES as u8 {
        if t != from && geometric_link(from, t) {
            add(t, &mut out);
        }
    }
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let mut cur = from;
        while let Some(n) = step(cur, dr, dc) {
            if !geometric_rail(cur, n) {
                break;
            }
            add(n, &mut out);
            if !empty(n) {
                break;
            }
            cur = n;
        }
    }
    if engineer {
        // Repeated relaxation: a station is reached when a railway neighbour is the start or
        // a reached empty station.
        let mut reached = vec![from];
        loop {
            let before = reached.len();
            for t in 0..SQUARES as u8 {
                if reached.contains(&t) {
                    continue;
                }
                let via = reached
                    .iter()
                    .any(|&s| (s == from || empty(s)) && geometric_rail(s, t));
                if via {
                    reached.push(t);
                }
            }
            if reached.len() == before {
                break;
            }
        }
        for t in reached.into_iter().filter(|&t| t != from) {
            add(t, &mut out);
        }
    }
    out
}

/// The attack rules, written out again as a table.
fn slow_attack_ok(pos: &Position, attacker: Rank, to: u8, suicide: bool) -> bool {
    let Cell::Up(def) = pos.cell(to) else {
        return false;
    };
    if is_camp(to) {
        return false;
    }
    match (attacker, def.rank) {
        (Rank::Bomb, Rank::Flag) | (_, Rank::Flag) => pos.mines_lost[def.color as usize] == 3,
        (Rank::Bomb, _) | (_, Rank::Bomb) => true,
        (Rank::Engineer, Rank::Mine) => true,
        (_, Rank::Mine) => false,
        (a, d) => a >= d || suicide,
    }
}

fn slow_actions(pos: &Position, params: &Params) -> Vec<Action> {
    let mut out = Vec::new();
    if pos.flag_taken.is_some() {
        return out;
    }
    for sq in 0..SQUARES as u8 {
        if let Cell::Down(Some(piece)) = pos.cell(sq) {
            out.push(Action::Flip { sq, piece });
        }
    }
    let Some(mine) = pos.color_of(pos.to_move) else {
        return out;
    };
    for from in 0..SQUARES as u8 {
        let Cell::Up(p) = pos.cell(from) else {
            continue;
        };
        if p.color != mine || matches!(p.rank, Rank::Mine | Rank::Flag) {
            continue;
        }
        for to in slow_reach(pos, from, p.rank == Rank::Engineer) {
            let ok = match pos.cell(to) {
                Cell::Empty => true,
                Cell::Down(_) => false,
                Cell::Up(q) => q.color != mine && slow_attack_ok(pos, p.rank, to, params.suicide),
            };
            if ok {
                out.push(Action::Move { from, to });
            }
        }
    }
    out
}

fn slow_perft(pos: &Position, depth: u32, params: &Params) -> u64 {
    if depth == 0 {
        return 1;
    }
    let fast = pos.legal_actions(params);
    let mut slow = slow_actions(pos, params);
    // The same set of actions, not just the same number.
    let mut f = fast.clone();
    let key = |a: &Action| format!("{a:?}");
    f.sort_by_key(key);
    slow.sort_by_key(key);
    assert_eq!(f, slow, "in {}", format_position(pos));
    slow.iter()
        .map(|a| {
            let mut n = pos.clone();
            n.apply(*a, params);
            slow_perft(&n, depth - 1, params)
        })
        .sum()
}

fn perft(pos: Option<&str>, depth: u32) -> u64 {
    Junqi
        .perft(
            pos,
            PerftQuery {
                depth,
                divide: false,
                jobs: 1,
            },
        )
        .unwrap()
        .total
}

#[test]
fn golden_lone_piece_counts_and_links() {
    assert_eq!(lone_piece_destinations(false), 458);
    assert_eq!(lone_piece_destinations(true), 1188);
    assert_eq!(board::graph().link_counts(), (133, 35));
    // The slow generator agrees on an empty board too.
    let empty = Position::empty();
    let ordinary: usize = (0..60).map(|s| slow_reach(&empty, s, false).len()).sum();
    let engineer: usize = (0..60).map(|s| slow_reach(&empty, s, true).len()).sum();
    assert_eq!((ordinary, engineer), (458, 1188));
}

#[test]
fn standard_start_perft() {
    // Only flips until a player owns a colour: 50, 50·49, 50·49·48 (color=own: nobody can own
    // a colour before their second flip).
    assert_eq!(perft(None, 1), 50);
    assert_eq!(perft(None, 2), 2450);
    assert_eq!(perft(None, 3), 117_600);
    let start = crate::junqi::standard_test_position();
    assert_eq!(slow_perft(&start, 2, &Params::default()), 2450);
}

#[test]
fn midgame_perft_matches_the_slow_generator() {
    let params = Params::default();
    for (fen, counts) in [
        (MIDGAME_60, [36u64, 1254, 45054]),
        (MIDGAME_120, [10, 458, 4729]),
    ] {
        let pos = parse_position(fen).unwrap();
        for (d, want) in (1..=3).zip(counts) {
            assert_eq!(perft(Some(fen), d), want, "{fen} depth {d}");
            assert_eq!(slow_perft(&pos, d, &params), want, "{fen} depth {d} (slow)");
        }
    }
}

#[test]
fn divide_sums_to_the_total_and_jobs_do_not_change_it() {
    let out = Junqi
        .perft(
            Some(MIDGAME_60),
            PerftQuery {
                depth: 2,
                divide: true,
                jobs: 1,
            },
        )
        .unwrap();
    assert_eq!(out.divide.len(), 36);
    assert_eq!(out.divide.iter().map(|(_, n)| n).sum::<u64>(), out.total);
    assert!(out.divide.iter().any(|(m, _)| m.contains('=')));
    let par = Junqi
        .perft(
            Some(MIDGAME_60),
            PerftQuery {
                depth: 2,
                divide: false,
                jobs: 2,
            },
        )
        .unwrap();
    assert_eq!(par.total, out.total);
}

#[test]
fn color_any_lets_the_second_flip_set_colours() {
    let own = Params::default();
    let any = Params {
        color_any: true,
        ..Params::default()
    };
    // First flips C2 (a blue battalion commander), second flips E2 (a blue engineer).
    let flips = |params: &Params| {
        let mut pos = crate::junqi::standard_test_position();
        for name in ["C2", "E2"] {
            let sq = crate::junqi::rules::parse_square(name).unwrap();
            let Cell::Down(Some(piece)) = pos.cell(sq) else {
                panic!("{name}")
            };
            pos.apply(Action::Flip { sq, piece }, params);
        }
        pos
    };
    let (p_own, p_any) = (flips(&own), flips(&any));
    assert_eq!(p_own.first_color, None);
    assert_eq!(
        p_any.color_of(crate::core::record::Player::Second),
        Some(crate::junqi::rules::Color::Blue)
    );
    // color=own: 48 flips, then 47 flips. color=any: the second player may also move.
    let own2 = crate::junqi::rules::perft::perft(&p_own, 2, &own);
    let any2 = crate::junqi::rules::perft::perft(&p_any, 2, &any);
    assert_eq!(own2, 48 * 47);
    assert!(any2 > own2, "{any2}");
    assert_eq!(slow_perft(&p_any, 2, &any), any2);
}

#[test]
fn bad_positions_are_refused() {
    assert!(
        Junqi
            .perft(
                Some("5/5/5"),
                PerftQuery {
                    depth: 1,
                    divide: false,
                    jobs: 1
                }
            )
            .is_err()
    );
    assert!(
        Junqi
            .perft(
                Some("5/5/5/5/5/5/5/5/5/5/5/5 3"),
                PerftQuery {
                    depth: 1,
                    divide: false,
                    jobs: 1
                }
            )
            .is_err()
    );
}

/// Deeper counts (slow in a debug build: run with `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn deep_midgame_perft() {
    let params = Params::default();
    assert_eq!(perft(Some(MIDGAME_60), 4), 1_578_214);
    assert_eq!(perft(Some(MIDGAME_120), 5), 2_289_329);
    let pos = parse_position(MIDGAME_60).unwrap();
    assert_eq!(slow_perft(&pos, 4, &params), 1_578_214);
}
