//! The last four empty squares: no move list, no table, no stability — each empty square is
//! tried in turn (after a cheap test that it touches an opponent disc), the squares ordered
//! by parity (a square alone in its quadrant first). All null-window: `alpha` is the bound
//! tested, the window is (alpha, alpha + 1), the result fail-soft.

use super::flips;

/// The squares around each square.
static NEIGHBOURS: [u64; 64] = build_neighbours();

const fn build_neighbours() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
                    t[sq] |= 1u64 << (rr * 8 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
}

/// The flips of a move by `p` on the empty `x`, 0 when illegal (tested cheaply first: a
/// square with no opponent disc around flips nothing).
#[inline(always)]
fn try_flips(x: u32, p: u64, o: u64) -> u64 {
    if NEIGHBOURS[x as usize] & o == 0 {
        0
    } else {
        flips(x as usize, p, o)
    }
}

/// The final score (side to move's discs minus the opponent's) of a game over, the empty
/// squares going to the winner.
#[inline(always)]
pub(super) fn final_score(p: u64, o: u64) -> i32 {
    let (pc, oc) = (p.count_ones() as i32, o.count_ones() as i32);
    let d = pc - oc;
    let e = 64 - pc - oc;
    if d > 0 {
        d + e
    } else if d < 0 {
        d - e
    } else {
        0
    }
}

/// `LINE_COUNT[i][line]`: the discs flipped by a move on square `i` of a line of eight whose
/// other squares hold the mover's discs where `line` has a bit and the opponent's elsewhere
/// (bit `i` clear). A square beyond the end of a shorter line reads as an opponent disc that
/// nothing follows, which flips nothing, as the board's edge.
static LINE_COUNT: [[u8; 256]; 8] = build_line_count();

const fn build_line_count() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards higher squares, then lower: the opponent's run counts when a mover's
            // disc closes it.
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                n += j - i - 1;
            }
            let mut j = i as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                n += i - j as usize - 1;
            }
            t[i][line] = n as u8;
            line += 1;
        }
        i += 1;
    }
    t
}

/// The two diagonals through each square (a1–h8 direction, then a8–h1).
static DIAGONALS: [[u64; 2]; 64] = build_diagonals();

const fn build_diagonals() -> [[u64; 2]; 64] {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut s: i32 = 0;
        while s < 64 {
            let (rr, cc) = (s / 8, s % 8);
            if rr - cc == r - c {
                t[sq][0] |= 1u64 << s;
            }
            if rr + cc == r + c {
                t[sq][1] |= 1u64 << s;
            }
            s += 1;
        }
        sq += 1;
    }
    t
}

/// The discs a move of `p` on `x` flips when `x` is the only empty square (every other square
/// not `p`'s is the opponent's): a table look-up on each of the four lines through `x`.
#[inline(always)]
pub(super) fn last_flip_count(x: u32, p: u64) -> u32 {
    const COLUMN: u64 = 0x0101_0101_0101_0101;
    let (r, c) = ((x >> 3) as usize, (x & 7) as usize);
    let [d9, d7] = DIAGONALS[x as usize];
    let row = (p >> (8 * r)) as u8 as usize;
    // A column's bits gathered into the top byte, square of row r at bit r.
    let col = (((p >> c) & COLUMN).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    // A diagonal's bits gathered into the top byte, the square of column c at bit c.
    let a = ((p & d9).wrapping_mul(COLUMN) >> 56) as usize;
    let b = ((p & d7).wrapping_mul(COLUMN) >> 56) as usize;
    u32::from(LINE_COUNT[c][row])
        + u32::from(LINE_COUNT[r][col])
        + u32::from(LINE_COUNT[c][a])
        + u32::from(LINE_COUNT[c][b])
}

/// One empty square `x`: the exact score.
#[inline(always)]
pub(super) fn solve1(p: u64, o: u64, x: u32, nodes: &mut u64) -> i32 {
    let n = last_flip_count(x, p);
    if n != 0 {
        *nodes += 1;
        return 2 * (p.count_ones() + n) as i32 + 2 - 64;
    }
    let n = last_flip_count(x, o);
    if n != 0 {
        *nodes += 1;
        return 64 - 2 * (o.count_ones() + n) as i32 - 2;
    }
    // Nobody can play the last square: it goes to the winner (63 discs: never a draw).
    let d = 2 * p.count_ones() as i32 - 63;
    if d > 0 { d + 1 } else { d - 1 }
}

#[inline(always)]
fn play(x: u32, f: u64, p: u64, o: u64) -> (u64, u64) {
    (o ^ f, p | f | 1u64 << x)
}

/// Two empty squares.
#[inline(always)]
pub(super) fn solve2(p: u64, o: u64, alpha: i32, x1: u32, x2: u32, nodes: &mut u64) -> i32 {
    let mut best = -99;
    let f = try_flips(x1, p, o);
    if f != 0 {
        *nodes += 1;
        let (cp, co) = play(x1, f, p, o);
        best = -solve1(cp, co, x2, nodes);
        if best > alpha {
            return best;
        }
    }
    let f = try_flips(x2, p, o);
    if f != 0 {
        *nodes += 1;
        let (cp, co) = play(x2, f, p, o);
        return best.max(-solve1(cp, co, x1, nodes));
    }
    if best > -99 {
        return best;
    }
    // A pass: the opponent moves, the score seen from the side to move.
    let mut worst = 99;
    let f = try_flips(x1, o, p);
    if f != 0 {
        *nodes += 1;
        let (cp, co) = play(x1, f, o, p);
        worst = solve1(cp, co, x2, nodes);
        if worst <= alpha {
            return worst;
        }
    }
    let f = try_flips(x2, o, p);
    if f != 0 {
        *nodes += 1;
        let (cp, co) = play(x2, f, o, p);
        return worst.min(solve1(cp, co, x1, nodes));
    }
    if worst < 99 { worst } else { final_score(p, o) }
}

/// Three empty squares (in the order to try).
#[inline(always)]
pub(super) fn solve3(p: u64, o: u64, alpha: i32, x: [u32; 3], nodes: &mut u64) -> i32 {
    let rest = |i: usize| match i {
        0 => (x[1], x[2]),
        1 => (x[0], x[2]),
        _ => (x[0], x[1]),
    };
    let mut best = -99;
    for (i, &sq) in x.iter().enumerate() {
        let f = try_flips(sq, p, o);
        if f != 0 {
            *nodes += 1;
            let (cp, co) = play(sq, f, p, o);
            let (a, b) = rest(i);
            let s = -solve2(cp, co, -alpha - 1, a, b, nodes);
            if s > best {
                best = s;
                if s > alpha {
                    return s;
                }
            }
        }
    }
    if best > -99 {
        return best;
    }
    let mut worst = 99;
    for (i, &sq) in x.iter().enumerate() {
        let f = try_flips(sq, o, p);
        if f != 0 {
            *nodes += 1;
            let (cp, co) = play(sq, f, o, p);
            let (a, b) = rest(i);
            let s = solve2(cp, co, alpha, a, b, nodes);
            if s < worst {
                worst = s;
                if s <= alpha {
                    return s;
                }
            }
        }
    }
    if worst < 99 { worst } else { final_score(p, o) }
}

/// Four empty squares (in the order to try).
#[inline(always)]
pub(super) fn solve4(p: u64, o: u64, alpha: i32, x: [u32; 4], nodes: &mut u64) -> i32 {
    let rest = |i: usize| -> [u32; 3] {
        let mut r = [0; 3];
        let mut k = 0;
        for (j, &s) in x.iter().enumerate() {
            if j != i {
                r[k] = s;
                k += 1;
            }
        }
        r
    };
    let mut best = -99;
    for (i, &sq) in x.iter().enumerate() {
        let f = try_flips(sq, p, o);
        if f != 0 {
            *nodes += 1;
            let (cp, co) = play(sq, f, p, o);
            let s = -solve3(cp, co, -alpha - 1, rest(i), nodes);
            if s > best {
                best = s;
                if s > alpha {
                    return s;
                }
            }
        }
    }
    if best > -99 {
        return best;
    }
    let mut worst = 99;
    for (i, &sq) in x.iter().enumerate() {
        let f = try_flips(sq, o, p);
        if f != 0 {
            *nodes += 1;
            let (cp, co) = play(sq, f, o, p);
            let s = solve3(cp, co, alpha, rest(i), nodes);
            if s < worst {
                worst = s;
                if s <= alpha {
                    return s;
                }
            }
        }
    }
    if worst < 99 { worst } else { final_score(p, o) }
}

/// The quadrant masks of the empty squares holding an odd number of them.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    const Q: [u64; 4] = [
        0x0000_0000_0f0f_0f0f,
        0x0000_0000_f0f0_f0f0,
        0x0f0f_0f0f_0000_0000,
        0xf0f0_f0f0_0000_0000,
    ];
    let mut m = 0;
    for q in Q {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m
}

/// The empty squares (at most four) in parity order: the squares of quadrants holding an
/// odd number of empties first, each part in ascending order.
#[inline(always)]
pub(super) fn parity_order(empty: u64) -> ([u32; 4], usize) {
    let odd = odd_quadrants(empty);
    let mut xs = [0u32; 4];
    let mut n = 0;
    for part in [empty & odd, empty & !odd] {
        let mut m = part;
        while m != 0 && n < 4 {
            xs[n] = m.trailing_zeros();
            m &= m - 1;
            n += 1;
        }
    }
    (xs, n)
}

/// The exact null-window search of a position with at most four empty squares.
#[inline(always)]
pub(super) fn solve_small(p: u64, o: u64, alpha: i32, nodes: &mut u64) -> i32 {
    let (x, n) = parity_order(!(p | o));
    match n {
        0 => final_score(p, o),
        1 => solve1(p, o, x[0], nodes),
        2 => solve2(p, o, alpha, x[0], x[1], nodes),
        3 => solve3(p, o, alpha, [x[0], x[1], x[2]], nodes),
        _ => solve4(p, o, alpha, x, nodes),
    }
}
