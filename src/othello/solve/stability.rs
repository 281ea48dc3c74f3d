//! Stable discs: discs that no sequence of moves can flip. A disc is stable when, along each
//! of the four lines through it, it cannot be bracketed: the line is full, or it sits on the
//! edge of the board in that direction, or a stable disc of its own colour is next to it on
//! that line. Grown from the corners and full lines until nothing changes; a lower bound of
//! the true set, which is all a cut-off needs.

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
    let mut s = p & h & v & d9 & d7;
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
