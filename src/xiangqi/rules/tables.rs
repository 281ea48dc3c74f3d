//! Move tables computed at compile time: for every point, where each piece can step, which
//! point blocks the step (horse leg, elephant eye), the four rays for rooks and cannons, and
//! the inverse tables the attack queries use.

/// Up to `N` target points.
#[derive(Clone, Copy)]
pub(crate) struct Targets<const N: usize> {
    pub n: u8,
    pub sq: [u8; N],
}

/// Up to 8 `(blocking point, target)` pairs: horse leg or elephant eye.
#[derive(Clone, Copy)]
pub(crate) struct Blocked {
    pub n: u8,
    pub via: [u8; 8],
    pub to: [u8; 8],
}

/// The points along one direction, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub n: u8,
    pub sq: [u8; 9],
}

// Ray directions, in this order: up (towards rank 9), down, right (towards file i), left.
// The first two are the file, where the kings may face each other.

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn idx(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

/// 0: Red palace, 1: Black palace, 2: outside both.
const fn palace_of(f: i32, r: i32) -> u8 {
    if f < 3 || f > 5 {
        2
    } else if r <= 2 {
        0
    } else if r >= 7 {
        1
    } else {
        2
    }
}

const fn empty_targets<const N: usize>() -> Targets<N> {
    Targets { n: 0, sq: [0; N] }
}

const EMPTY_BLOCKED: Blocked = Blocked {
    n: 0,
    via: [0; 8],
    to: [0; 8],
};

/// One point along a rank or file, as (file, rank) steps: the king's steps, and the directions
/// of the rays in their order.
const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// One point diagonally: the advisor's steps.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// For a piece that keeps to its palace: the points one of the steps `d` leads to, within the
/// same palace.
const fn palace_table(d: [(i32, i32); 4]) -> [Targets<4>; 90] {
    let mut t = [empty_targets::<4>(); 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let p = palace_of(f, r);
        let mut k = 0;
        while k < 4 {
            let (nf, nr) = (f + d[k].0, r + d[k].1);
            if p != 2 && on_board(nf, nr) && palace_of(nf, nr) == p {
                let n = t[s].n as usize;
                t[s].sq[n] = idx(nf, nr);
                t[s].n += 1;
            }
            k += 1;
        }
        s += 1;
    }
    t
}

/// The elephant's jumps: (df, dr) of the jump and of its eye.
const ELEPHANT_JUMPS: [(i32, i32, i32, i32); 4] = [
    (2, 2, 1, 1),
    (2, -2, 1, -1),
    (-2, 2, -1, 1),
    (-2, -2, -1, -1),
];
/// The horse's jumps: (df, dr) of the jump and of its leg.
const HORSE_JUMPS: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// For a piece whose jump a piece on one point blocks (the horse's leg, the elephant's eye):
/// where each of the jumps `d` leads on the board, and through which point. `own_side`: it
/// never crosses the river (the elephant).
const fn blocked_table<const N: usize>(
    d: [(i32, i32, i32, i32); N],
    own_side: bool,
) -> [Blocked; 90] {
    let mut t = [EMPTY_BLOCKED; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut k = 0;
        while k < N {
            let (nf, nr) = (f + d[k].0, r + d[k].1);
            if on_board(nf, nr) && (!own_side || (r <= 4) == (nr <= 4)) {
                let n = t[s].n as usize;
                t[s].via[n] = idx(f + d[k].2, r + d[k].3);
                t[s].to[n] = idx(nf, nr);
                t[s].n += 1;
            }
            k += 1;
        }
        s += 1;
    }
    t
}

/// For each target point: `(leg, horse point)` of every horse that would attack it.
const fn horse_attacker_table(moves: &[Blocked; 90]) -> [Blocked; 90] {
    let mut t = [EMPTY_BLOCKED; 90];
    let mut h = 0;
    while h < 90 {
        let m = moves[h];
        let mut k = 0;
        while k < m.n as usize {
            let target = m.to[k] as usize;
            let n = t[target].n as usize;
            t[target].via[n] = m.via[k];
            t[target].to[n] = h as u8;
            t[target].n += 1;
            k += 1;
        }
        h += 1;
    }
    t
}

/// `[color][point]`: where a pawn of that colour may step.
const fn pawn_table() -> [[Targets<3>; 90]; 2] {
    let mut t = [[empty_targets::<3>(); 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd: i32 = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            let mut cand: [(i32, i32, bool); 3] =
                [(f, r + fwd, true), (f + 1, r, crossed), (f - 1, r, crossed)];
            let mut k = 0;
            while k < 3 {
                let (nf, nr, ok) = cand[k];
                if ok && on_board(nf, nr) {
                    let n = t[c][s].n as usize;
                    t[c][s].sq[n] = idx(nf, nr);
                    t[c][s].n += 1;
                }
                cand[k].2 = false;
                k += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// `[color of the pawn][target]`: the points from which a pawn of that colour attacks it.
const fn pawn_attacker_table(moves: &[[Targets<3>; 90]; 2]) -> [[Targets<3>; 90]; 2] {
    let mut t = [[empty_targets::<3>(); 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let m = moves[c][s];
            let mut k = 0;
            while k < m.n as usize {
                let target = m.sq[k] as usize;
                let n = t[c][target].n as usize;
                t[c][target].sq[n] = s as u8;
                t[c][target].n += 1;
                k += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

const fn ray_table() -> [[Ray; 4]; 90] {
    let mut t = [[Ray { n: 0, sq: [0; 9] }; 4]; 90];
    let d = ORTHOGONAL;
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut k = 0;
        while k < 4 {
            let (mut nf, mut nr) = (f + d[k].0, r + d[k].1);
            while on_board(nf, nr) {
                let n = t[s][k].n as usize;
                t[s][k].sq[n] = idx(nf, nr);
                t[s][k].n += 1;
                nf += d[k].0;
                nr += d[k].1;
            }
            k += 1;
        }
        s += 1;
    }
    t
}

/// `[king point][other point]`: the ray direction (0–3) from the first to the second, or 4
/// when they share no file or rank.
const fn direction_table(rays: &[[Ray; 4]; 90]) -> [[u8; 90]; 90] {
    let mut t = [[4u8; 90]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = rays[s][d];
            let mut i = 0;
            while i < ray.n as usize {
                t[s][ray.sq[i] as usize] = d as u8;
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const fn bit_table() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = 1u128 << s;
        s += 1;
    }
    t
}

/// The points of each ray as a bitset: bit `point`, or in the transposed bitset bit
/// `file * 10 + rank`.
const fn ray_bits_table(rays: &[[Ray; 4]; 90], transposed: bool) -> [[u128; 4]; 90] {
    let mut t = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = rays[s][d];
            let mut i = 0;
            while i < ray.n as usize {
                let q = ray.sq[i] as usize;
                let bit = if transposed { (q % 9) * 10 + q / 9 } else { q };
                t[s][d] |= 1u128 << bit;
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// `[horse point][legs]`: the points a horse reaches, with bit 0 of `legs` set when the leg
/// above it (towards rank 9) is blocked, bit 1 below, bit 2 to the right, bit 3 to the left.
const fn horse_by_legs_table(moves: &[Blocked; 90]) -> [[u128; 16]; 90] {
    let mut t = [[0u128; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let m = moves[s];
        let mut legs = 0;
        while legs < 16 {
            let mut k = 0;
            while k < m.n as usize {
                let via = m.via[k] as usize;
                let leg = if via == s + 9 {
                    0
                } else if via + 9 == s {
                    1
                } else if via == s + 1 {
                    2
                } else {
                    3
                };
                if legs & (1 << leg) == 0 {
                    t[s][legs] |= 1u128 << m.to[k];
                }
                k += 1;
            }
            legs += 1;
        }
        s += 1;
    }
    t
}

const fn targets_bits<const N: usize>(moves: &[Targets<N>; 90]) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut k = 0;
        while k < moves[s].n as usize {
            t[s] |= 1u128 << moves[s].sq[k];
            k += 1;
        }
        s += 1;
    }
    t
}

const PAWN_MOVES: [[Targets<3>; 90]; 2] = pawn_table();
const HORSE_MOVES: [Blocked; 90] = blocked_table(HORSE_JUMPS, false);

/// One bit per point.
pub(crate) static BIT: [u128; 90] = bit_table();
/// The points of each ray as a bitset.
pub(crate) static RAY_BITS: [[u128; 4]; 90] = ray_bits_table(&ray_table(), false);
pub(crate) static KING: [Targets<4>; 90] = palace_table(ORTHOGONAL);
pub(crate) static DIRECTION: [[u8; 90]; 90] = direction_table(&ray_table());
pub(crate) static ADVISOR: [Targets<4>; 90] = palace_table(DIAGONAL);
pub(crate) static ELEPHANT: [Blocked; 90] = blocked_table(ELEPHANT_JUMPS, true);
pub(crate) static HORSE: [Blocked; 90] = HORSE_MOVES;
pub(crate) static HORSE_ATTACKERS: [Blocked; 90] = horse_attacker_table(&HORSE_MOVES);
pub(crate) static PAWN: [[Targets<3>; 90]; 2] = pawn_table();
pub(crate) static PAWN_ATTACKERS: [[Targets<3>; 90]; 2] = pawn_attacker_table(&pawn_table());
pub(crate) static RAYS: [[Ray; 4]; 90] = ray_table();
/// The points of each ray in the transposed bitset (`file * 10 + rank`).
pub(crate) static RAY_BITS_T: [[u128; 4]; 90] = ray_bits_table(&ray_table(), true);
pub(crate) static HORSE_BY_LEGS: [[u128; 16]; 90] = horse_by_legs_table(&HORSE_MOVES);
pub(crate) static ADVISOR_BITS: [u128; 90] = targets_bits(&palace_table(DIAGONAL));
pub(crate) static PAWN_BITS: [[u128; 90]; 2] =
    [targets_bits(&PAWN_MOVES[0]), targets_bits(&PAWN_MOVES[1])];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        // e0 (4) red king home: up, left, right.
        assert_eq!(KING[4].n, 3);
        // Palace centre e1 = 13: four advisor steps.
        assert_eq!(ADVISOR[13].n, 4);
        // Elephant on c0 (2): e2 and a2.
        assert_eq!(ELEPHANT[2].n, 2);
        // Elephant on e2 (22) cannot cross: c4, g4, c0, g0.
        assert_eq!(ELEPHANT[22].n, 4);
        // Horse in a corner: 2 jumps; in the middle: 8.
        assert_eq!(HORSE[0].n, 2);
        assert_eq!(HORSE[40].n, 8);
        // Red pawn on a3 (27): forward only; on e5 (49): forward and both sides.
        assert_eq!(PAWN[0][27].n, 1);
        assert_eq!(PAWN[0][49].n, 3);
        // Red pawn on rank 9: sideways only.
        assert_eq!(PAWN[0][85].n, 2);
        assert_eq!(RAYS[0][0].n, 9);
        assert_eq!(RAYS[0][1].n, 0);
        assert_eq!(RAYS[0][2].n, 8);
    }
}
