//! Stable discs: discs that no sequence of moves can flip. A disc on an edge can only be
//! flipped along that edge, so its stability is decided exactly by the eight squares of the
//! edge alone: a table of every edge (own discs × opponent discs, 64 K bytes, computed at the
//! first use) gives the discs that stay the mover's whatever is played on the edge by either
//! side in any order. An inner disc is stable when, along each of the four lines through it,
//! it cannot be bracketed: the line is full, or a stable disc of its own colour is next to it
//! on that line. Grown from the edges and full lines until nothing changes; a lower bound of
//! the true set, which is all a cut-off needs.

use std::sync::LazyLock;

/// `EDGE[p * 256 + o]`: the squares of `p` (one edge of eight, bit 0 first) that no move on
/// the edge can flip, the squares of neither side filled by either side in any order (a
/// move need not be legal: it fills the square and flips what it brackets along the edge).
/// Exact: built from the full edges down, each configuration's stable squares those of `p`
/// stable in every configuration one move on.
static EDGE: LazyLock<Box<[u8]>> = LazyLock::new(build_edge);

/// The discs a disc of `me` on `x` brackets along an edge of eight (`me`, `them` bytes).
fn edge_flips(x: u32, me: u8, them: u8) -> u8 {
    let mut f = 0u8;
    // Towards higher squares, then lower.
    let mut run = 0u8;
    let mut y = x + 1;
    while y < 8 && them >> y & 1 != 0 {
        run |= 1 << y;
        y += 1;
    }
    if y < 8 && me >> y & 1 != 0 {
        f |= run;
    }
    let mut run = 0u8;
    let mut y = x as i32 - 1;
    while y >= 0 && them >> y & 1 != 0 {
        run |= 1 << y;
        y -= 1;
    }
    if y >= 0 && me >> y & 1 != 0 {
        f |= run;
    }
    f
}

fn build_edge() -> Box<[u8]> {
    let mut t = vec![0u8; 65536].into_boxed_slice();
    // By the number of empty squares, fewest first: every move fills one, so the
    // configurations one move on are already known.
    let mut by_empties: Vec<(u8, u8)> = Vec::with_capacity(6561);
    for p in 0..=255u8 {
        for o in 0..=255u8 {
            if p & o == 0 {
                by_empties.push((p, o));
            }
        }
    }
    by_empties.sort_by_key(|&(p, o)| (!(p | o)).count_ones());
    for (p, o) in by_empties {
        let mut s = p;
        let mut e = !(p | o);
        while e != 0 && s != 0 {
            let x = e.trailing_zeros();
            e &= e - 1;
            let bit = 1u8 << x;
            // p fills x.
            let f = edge_flips(x, p, o);
            s &= t[usize::from(p | bit | f) << 8 | usize::from(o & !f)];
            // o fills x.
            let f = edge_flips(x, o, p);
            s &= t[usize::from(p & !f) << 8 | usize::from(o | bit | f)];
        }
        t[usize::from(p) << 8 | usize::from(o)] = s;
    }
    t
}

/// Column a's squares gathered into a byte (row r at bit r).
#[inline(always)]
fn pack_col_a(b: u64) -> usize {
    ((b & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// A byte spread back onto column a (bit r to row r).
static COL_A: [u64; 256] = build_col_a();

const fn build_col_a() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        while r < 8 {
            if b >> r & 1 != 0 {
                t[b] |= 1u64 << (8 * r);
            }
            r += 1;
        }
        b += 1;
    }
    t
}

#[inline(always)]
fn unpack_col_a(b: u8) -> u64 {
    COL_A[usize::from(b)]
}

/// The discs of `p` on the four edges that are stable against `o` (exact for edge discs).
#[inline(always)]
pub(super) fn stable_edges(p: u64, o: u64) -> u64 {
    let t = &**EDGE;
    let at = |pp: usize, oo: usize| t[pp << 8 | oo];
    let row1 = at((p & 0xff) as usize, (o & 0xff) as usize);
    let row8 = at((p >> 56) as usize, (o >> 56) as usize);
    let col_a = at(pack_col_a(p), pack_col_a(o));
    let col_h = at(pack_col_a(p >> 7), pack_col_a(o >> 7));
    u64::from(row1) | u64::from(row8) << 56 | unpack_col_a(col_a) | unpack_col_a(col_h) << 7
}

/// Squares whose row is full.
#[inline(always)]
fn full_rows(occ: u64) -> u64 {
    let mut f = occ;
    f &= f >> 1;
    f &= f >> 2;
    f &= f >> 4;
    f &= 0x0101_0101_0101_0101;
    f * 0xff
}

/// Squares whose column is full.
#[inline(always)]
fn full_cols(occ: u64) -> u64 {
    let mut f = occ;
    f &= f >> 8;
    f &= f >> 16;
    f &= f >> 32;
    f &= 0xff;
    f * 0x0101_0101_0101_0101
}

/// The discs of `p` that are stable against `o` (the opponent discs are not needed beyond
/// the occupied squares: a full line cannot change).
#[inline(always)]
pub(super) fn stable(p: u64, o: u64) -> u64 {
    let occ = p | o;
    let not_a = 0xfefe_fefe_fefe_fefe_u64; // squares with a west neighbour's east = not column a
    let not_h = 0x7f7f_7f7f_7f7f_7f7f_u64;
    // A line is "safe" on a square when it is full there or the square is on the board's
    // edge across that line (the line has one square only on one side: nothing to bracket).
    let edge_h = !(not_a & not_h); // columns a and h: the row line cannot bracket them
    let edge_v = 0xff00_0000_0000_00ff_u64; // rows 1 and 8
    let edge_d = edge_h | edge_v;
    let h = full_rows(occ) | edge_h;
    let v = full_cols(occ) | edge_v;
    let d9 = full_diagonals_masked(occ, 9) | edge_d;
    let d7 = full_diagonals_masked(occ, 7) | edge_d;
    let mut s = (p & h & v & d9 & d7) | stable_edges(p, o);
    if s == 0 {
        return 0;
    }
    loop {
        let old = s;
        let sh = h | ((s << 1) & not_a) | ((s >> 1) & not_h);
        let sv = v | (s << 8) | (s >> 8);
        let s9 = d9 | ((s << 9) & not_a) | ((s >> 9) & not_h);
        let s7 = d7 | ((s << 7) & not_h) | ((s >> 7) & not_a);
        s |= p & sh & sv & s9 & s7;
        if s == old {
            return s;
        }
    }
}

/// Squares whose diagonal in the direction of `step` (9: a1-h8, 7: h1-a8) is full: the
/// empty squares spread along the line (the masks stop the spread wrapping round the a and h
/// columns), inverted.
#[inline(always)]
fn full_diagonals_masked(occ: u64, step: u32) -> u64 {
    let not_a = 0xfefe_fefe_fefe_fefe_u64;
    let not_h = 0x7f7f_7f7f_7f7f_7f7f_u64;
    let mut e = !occ;
    for _ in 0..7 {
        let grow = if step == 9 {
            ((e << 9) & not_a) | ((e >> 9) & not_h)
        } else {
            ((e << 7) & not_h) | ((e >> 7) & not_a)
        };
        e |= grow & occ;
    }
    !e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sequence of fills of an edge's empty squares, by either side, in any order:
    /// the squares of `p` that stay `p`'s throughout (brute force).
    fn brute(p: u8, o: u8) -> u8 {
        let e = !(p | o);
        let mut s = p;
        for x in 0..8 {
            if e >> x & 1 == 0 {
                continue;
            }
            let f = edge_flips(x, p, o);
            s &= brute(p | 1 << x | f, o & !f);
            let f = edge_flips(x, o, p);
            s &= brute(p & !f, o | 1 << x | f);
        }
        s
    }

    #[test]
    fn edge_table_is_exact() {
        // Edges with at most five empties (the brute force is exponential).
        for p in 0..=255u8 {
            for o in 0..=255u8 {
                if p & o != 0 || (!(p | o)).count_ones() > 5 {
                    continue;
                }
                assert_eq!(
                    EDGE[usize::from(p) << 8 | usize::from(o)],
                    brute(p, o),
                    "{p:08b} {o:08b}"
                );
            }
        }
    }

    #[test]
    fn edges_and_columns() {
        // Row 1 is bits 0..7 (a1..h1). p on a1–g1, h1 empty: nothing can bracket them.
        assert_eq!(stable_edges(0b0111_1111, 0), 0b0111_1111);
        // o a1, p b1, o c1, the rest empty: p fills d1 (c1 turns), then o fills e1 and
        // brackets b1–d1 against a1: b1 is not stable.
        assert_eq!(stable_edges(0b0000_0010, 0b0000_0101), 0);
        // o a1, p b1–f1, g1 and h1 empty: o fills g1 and flips b1–f1.
        assert_eq!(stable_edges(0b0011_1110, 0b0000_0001), 0);
        // Columns a and h and row 8 go through the same table.
        let col_a = 0x0001_0101_0101_0101; // a1–a7 p, a8 empty
        assert_eq!(stable_edges(col_a, 0), col_a);
        assert_eq!(stable_edges(col_a << 7, 0), col_a << 7);
        assert_eq!(stable_edges(0x7f << 56, 0), 0x7f << 56);
        assert_eq!(stable_edges(0x02 << 56, 0x05 << 56), 0);
    }

    #[test]
    fn the_exact_edge_beats_contact() {
        // The contact rule on an edge (grown from the corners along the edge) finds a subset
        // of the exact table's discs, and the table finds more on some edges.
        let mut found = false;
        for p in 0..=255u8 {
            for o in 0..=255u8 {
                if p & o != 0 || p | o == 0xff {
                    continue;
                }
                // Contact from the corners only.
                let mut c = p & 0x81;
                loop {
                    let n = c | (p & (c << 1 | c >> 1));
                    if n == c {
                        break;
                    }
                    c = n;
                }
                let exact = EDGE[usize::from(p) << 8 | usize::from(o)];
                assert_eq!(c & !exact, 0, "contact finds what the exact table does not");
                found |= exact & !c != 0;
            }
        }
        assert!(found);
    }
}
