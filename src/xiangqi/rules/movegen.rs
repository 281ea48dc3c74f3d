//! Move generation: pseudo-legal moves from the tables, then a legality filter that only
//! plays a move out when it could expose the king (a king move, a move while in check, or a
//! move touching a file/rank where an enemy rook, cannon or king stands, or a horse leg an
//! enemy horse could use).

use super::lines::BIT_T;
use super::position::{
    ADVISOR_CODE, CANNON_CODE, ELEPHANT_CODE, HORSE_CODE, KING_CODE, NO_SQUARE, PAWN_CODE,
    Position, ROOK_CODE, color_bit,
};
use super::tables::{
    ADVISOR, BIT, DIRECTION, ELEPHANT, HORSE, HORSE_ATTACKERS, KING, PAWN, PAWN_ATTACKERS,
    RAY_BITS, RAY_BITS_T, RAYS,
};
use super::types::{Move, MoveList, Square};

impl Position {
    /// Every pseudo-legal move of the side to move (own king safety not checked).
    #[inline]
    pub(crate) fn gen_pseudo(&self, out: &mut MoveList) {
        let mut bb = self.occ[self.side.index()];
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            self.gen_pseudo_from(s, out);
        }
    }

    /// The pseudo-legal moves of the piece on `s` (of the side to move).
    #[inline(always)]
    pub(crate) fn gen_pseudo_from(&self, s: usize, out: &mut MoveList) {
        let b = &self.board;
        let p = b[s];
        if p == 0 {
            return;
        }
        let own = p & 8;
        let from = Square::from_raw(s as u8);
        let mut push = |t: u8| out.push(Move::new(from, Square::from_raw(t)));
        // A target is open when it is empty or holds an enemy piece.
        let open = |t: u8| {
            let q = b[t as usize];
            q == 0 || q & 8 != own
        };
        match p & 7 {
            ROOK_CODE => {
                for ray in &RAYS[s] {
                    for &t in &ray.sq[..ray.n as usize] {
                        let q = b[t as usize];
                        if q == 0 {
                            push(t);
                        } else {
                            if q & 8 != own {
                                push(t);
                            }
                            break;
                        }
                    }
                }
            }
            CANNON_CODE => {
                for ray in &RAYS[s] {
                    let sq = &ray.sq[..ray.n as usize];
                    let mut i = 0;
                    while i < sq.len() && b[sq[i] as usize] == 0 {
                        push(sq[i]);
                        i += 1;
                    }
                    i += 1; // jump the screen
                    while i < sq.len() {
                        let q = b[sq[i] as usize];
                        if q != 0 {
                            if q & 8 != own {
                                push(sq[i]);
                            }
                            break;
                        }
                        i += 1;
                    }
                }
            }
            HORSE_CODE => {
                let m = &HORSE[s];
                for i in 0..m.n as usize {
                    if b[m.via[i] as usize] == 0 && open(m.to[i]) {
                        push(m.to[i]);
                    }
                }
            }
            ELEPHANT_CODE => {
                let m = &ELEPHANT[s];
                for i in 0..m.n as usize {
                    if b[m.via[i] as usize] == 0 && open(m.to[i]) {
                        push(m.to[i]);
                    }
                }
            }
            ADVISOR_CODE => {
                let m = &ADVISOR[s];
                for &t in &m.sq[..m.n as usize] {
                    if open(t) {
                        push(t);
                    }
                }
            }
            KING_CODE => {
                let m = &KING[s];
                for &t in &m.sq[..m.n as usize] {
                    if open(t) {
                        push(t);
                    }
                }
            }
            PAWN_CODE => {
                let m = &PAWN[(own >> 3) as usize][s];
                for &t in &m.sq[..m.n as usize] {
                    if open(t) {
                        push(t);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the side to move is in check, and the points where moving a piece from or to
    /// could expose its king: the points of a king ray up to an enemy rook or (on the file)
    /// king with at most one piece before it, or up to an enemy cannon with at most two, and
    /// the legs of enemy horses aimed at the king.
    #[inline]
    pub(crate) fn safety(&self) -> (bool, u128) {
        let (check, mask, _) = self.safety_lines();
        (check, mask)
    }

    /// [`Position::safety`] with the mask also in the transposed bitset.
    #[inline(always)]
    pub(crate) fn safety_lines(&self) -> (bool, u128, u128) {
        let us = self.side;
        let k = self.kings[us.index()];
        if k == NO_SQUARE {
            return (false, 0, 0);
        }
        let k = k as usize;
        let e = color_bit(us.other());
        let b = &self.board;
        let mut mask = 0u128;
        let mut mask_t = 0u128;
        let mut check = false;
        for (dir, ray) in RAYS[k].iter().enumerate() {
            // The pieces of the ray in order, up to the third: an enemy rook (or king, on the
            // file) with at most one piece before it, or a cannon with at most two, could
            // give check once one piece moves off or onto the points up to it; nothing
            // beyond the third piece can.
            let mut seen = 0;
            let mut reach = NO_SQUARE as usize;
            for &t in &ray.sq[..ray.n as usize] {
                let q = b[t as usize];
                if q != 0 {
                    let straight = q == ROOK_CODE | e || (dir < 2 && q == KING_CODE | e);
                    let cannon = q == CANNON_CODE | e;
                    if (straight && seen <= 1) || (cannon && seen <= 2) {
                        reach = t as usize;
                    }
                    check |= (seen == 0 && straight) || (seen == 1 && cannon);
                    seen += 1;
                    if seen == 3 {
                        break;
                    }
                }
            }
            if reach != NO_SQUARE as usize {
                // The ray's points from the king up to `reach`: rays 0 and 2 run towards
                // higher bits, 1 and 3 towards lower ones, in both bitsets.
                let (r, rt) = (BIT[reach], BIT_T[reach]);
                if dir % 2 == 0 {
                    mask |= RAY_BITS[k][dir] & ((r << 1) - 1);
                    mask_t |= RAY_BITS_T[k][dir] & ((rt << 1) - 1);
                } else {
                    mask |= RAY_BITS[k][dir] & !(r - 1);
                    mask_t |= RAY_BITS_T[k][dir] & !(rt - 1);
                }
            }
        }
        let ha = &HORSE_ATTACKERS[k];
        for i in 0..ha.n as usize {
            if b[ha.to[i] as usize] == HORSE_CODE | e {
                mask |= BIT[ha.via[i] as usize];
                mask_t |= BIT_T[ha.via[i] as usize];
                check |= b[ha.via[i] as usize] == 0;
            }
        }
        let pa = &PAWN_ATTACKERS[us.other().index()][k];
        for i in 0..pa.n as usize {
            check |= b[pa.sq[i] as usize] == PAWN_CODE | e;
        }
        (check, mask, mask_t)
    }

    /// Whether the pseudo-legal move keeps the mover's king safe.
    #[inline(always)]
    pub(crate) fn is_safe(&mut self, mv: Move, in_check: bool, danger: u128) -> bool {
        let us = self.side;
        let k = self.kings[us.index()];
        if k == NO_SQUARE {
            return true;
        }
        let (f, t) = (mv.from.index(), mv.to.index());
        let k = k as usize;
        if !in_check && f != k {
            if danger & (BIT[f] | BIT[t]) == 0 {
                return true;
            }
            // Not in check before: only the lines through `from` (vacated) and `to` (a new
            // screen), and horses whose leg was `from`, can open an attack.
            let e = color_bit(us.other());
            let cap = self.make_raw(mv);
            let df = DIRECTION[k][f] as usize;
            let dt = DIRECTION[k][t] as usize;
            let mut hit = (df < 4 && self.ray_attacks(k, df, e))
                || (dt < 4 && dt != df && self.ray_attacks(k, dt, e));
            if !hit && danger & BIT[f] != 0 {
                let ha = &HORSE_ATTACKERS[k];
                for i in 0..ha.n as usize {
                    hit |=
                        ha.via[i] as usize == f && self.board[ha.to[i] as usize] == HORSE_CODE | e;
                }
            }
            self.unmake_raw(mv, cap);
            return !hit;
        }
        let cap = self.make_raw(mv);
        let k = self.kings[us.index()];
        let safe = k == NO_SQUARE || !self.king_attacked_at(k as usize, us);
        self.unmake_raw(mv, cap);
        safe
    }

    /// The legal moves of the side to move (the position is restored before returning).
    #[inline]
    pub(crate) fn legal_moves_mut(&mut self, out: &mut MoveList) {
        out.clear();
        self.gen_pseudo(out);
        let (in_check, danger) = self.safety();
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            if self.is_safe(mv, in_check, danger) {
                out.set(kept, mv);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the side to move has a legal move (stops at the first one found).
    #[inline]
    pub(crate) fn any_legal_mut(&mut self) -> bool {
        // Piece by piece, stopping at the first legal move; the moves are those `gen_pseudo`
        // would list, in its order, and like it the ones past the list's capacity are not
        // looked at (only an impossible set-up has that many).
        let (in_check, danger) = self.safety();
        let mut list = MoveList::new();
        let mut listed = 0;
        let mut bb = self.occ[self.side.index()];
        while bb != 0 && listed < MoveList::CAPACITY {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            list.clear();
            self.gen_pseudo_from(s, &mut list);
            let room = MoveList::CAPACITY - listed;
            listed += list.len();
            for i in 0..list.len().min(room) {
                if let Some(&mv) = list.get(i)
                    && self.is_safe(mv, in_check, danger)
                {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::rules::random_games;

    /// The legality filter's shortcut against playing every pseudo-legal move out, and the
    /// incremental hash and FEN against recomputation, over random games.
    #[test]
    fn filter_hash_and_fen_agree_with_brute_force_on_random_games() {
        let mut positions = 0;
        random_games(0x1234_5678_9ABC_DEF1, 40, 150, |pos, fast| {
            // The move that led here left no king attacked.
            assert!(!pos.is_king_attacked(pos.side_to_move().other()));
            let mut pseudo = MoveList::new();
            pos.gen_pseudo(&mut pseudo);
            let brute: Vec<Move> = pseudo
                .iter()
                .copied()
                .filter(|&m| {
                    let mut p = pos.clone();
                    p.make_raw(m);
                    !p.is_king_attacked(pos.side_to_move())
                })
                .collect();
            assert_eq!(fast.to_vec(), brute, "{}", pos.to_fen());
            for &m in pseudo.iter() {
                assert_eq!(pos.is_legal(m), fast.contains(&m), "{m} {}", pos.to_fen());
            }
            assert_eq!(pos.has_legal_move(), !fast.is_empty());
            assert_eq!(pos.hash(), pos.compute_hash());
            assert_eq!(pos.safety().0, pos.is_check());
            assert_eq!(Position::from_fen(&pos.to_fen()).as_ref(), Ok(pos));
            positions += 1;
        });
        assert!(positions > 1000);
    }
}
