//! Attack queries: check, the facing kings, and which pieces attack a point (for the move
//! generator's legality test and for the repetition judge's chase classification).

use super::position::{
    ADVISOR_CODE, CANNON_CODE, ELEPHANT_CODE, HORSE_CODE, KING_CODE, NO_SQUARE, PAWN_CODE,
    Position, ROOK_CODE, color_bit,
};
use super::tables::{ADVISOR, ELEPHANT, HORSE_ATTACKERS, KING, PAWN_ATTACKERS, RAYS};
use super::types::{Color, Move, Square};

impl Position {
    /// Whether `color`'s king is attacked (for the side to move: in check). A missing king is
    /// never in check.
    #[inline]
    pub(crate) fn is_king_attacked(&self, color: Color) -> bool {
        let k = self.kings[color.index()];
        if k == NO_SQUARE {
            return false;
        }
        self.king_attacked_at(k as usize, color)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_king_attacked(self.side)
    }

    /// Whether playing `mv` (a legal move of the side to move) checks the opponent, tried
    /// in place: the position is as before afterwards.
    pub(crate) fn gives_check(&mut self, mv: Move) -> bool {
        let cap = self.make_raw(mv);
        let check = self.is_check();
        self.unmake_raw(mv, cap);
        check
    }

    /// The side to move could take the enemy king: the previous mover left it en prise (or
    /// the kings face each other). Never true after legal moves from a legal set-up.
    pub(crate) fn can_capture_king(&self) -> bool {
        self.is_king_attacked(self.side.other())
    }

    /// Fast check test for a king of `color` standing on `k`: rooks, cannons, the facing king,
    /// horses and pawns (advisors and elephants never reach the enemy palace).
    #[inline(always)]
    pub(crate) fn king_attacked_at(&self, k: usize, color: Color) -> bool {
        let e = color_bit(color.other());
        let b = &self.board;
        for dir in 0..4 {
            if self.ray_attacks(k, dir, e) {
                return true;
            }
        }
        let ha = &HORSE_ATTACKERS[k];
        for i in 0..ha.n as usize {
            if b[ha.to[i] as usize] == HORSE_CODE | e && b[ha.via[i] as usize] == 0 {
                return true;
            }
        }
        let pa = &PAWN_ATTACKERS[color.other().index()][k];
        for i in 0..pa.n as usize {
            if b[pa.sq[i] as usize] == PAWN_CODE | e {
                return true;
            }
        }
        false
    }

    /// Whether the enemy (colour bit `e`) attacks the king on `k` along ray `dir`: a rook
    /// (or, on the file, the king) first, or a cannon second.
    #[inline(always)]
    pub(crate) fn ray_attacks(&self, k: usize, dir: usize, e: u8) -> bool {
        let b = &self.board;
        let ray = &RAYS[k][dir];
        let n = ray.n as usize;
        let mut i = 0;
        while i < n && b[ray.sq[i] as usize] == 0 {
            i += 1;
        }
        if i >= n {
            return false;
        }
        let p = b[ray.sq[i] as usize];
        if p == ROOK_CODE | e || (dir < 2 && p == KING_CODE | e) {
            return true;
        }
        i += 1;
        while i < n && b[ray.sq[i] as usize] == 0 {
            i += 1;
        }
        i < n && b[ray.sq[i] as usize] == CANNON_CODE | e
    }

    /// The points of `by`'s pieces that attack `sq` by their own move rules, whether or not
    /// the capture would be legal (it may leave their own king attacked; use
    /// [`Position::is_legal`] on `Move::new(from, sq)` for that). A king attacks the enemy
    /// king along an open file (flying general).
    pub(crate) fn attackers_of(&self, sq: Square, by: Color) -> Vec<Square> {
        let mut out = Vec::new();
        self.for_each_attacker(sq, by, |s| {
            out.push(s);
            false
        });
        out
    }

    /// Whether any piece of `by` attacks `sq` (see [`Position::attackers_of`]).
    pub(crate) fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.for_each_attacker(sq, by, |_| true)
    }

    /// The attackers of `sq` whose capture on `sq` is a legal move for them.
    pub(crate) fn legal_attackers_of(&self, sq: Square, by: Color) -> Vec<Square> {
        self.attackers_of(sq, by)
            .into_iter()
            .filter(|&from| self.is_legal(Move::new(from, sq)))
            .collect()
    }

    /// Calls `f` for each attacker; stops early when `f` returns true (and returns true).
    fn for_each_attacker(&self, sq: Square, by: Color, mut f: impl FnMut(Square) -> bool) -> bool {
        let s = sq.index();
        let e = color_bit(by);
        let b = &self.board;
        let target = b[s];
        let target_is_enemy_king = target == KING_CODE | color_bit(by.other());
        let mut hit = |i: u8| f(Square::from_raw(i));
        for (dir, ray) in RAYS[s].iter().enumerate() {
            let n = ray.n as usize;
            let mut i = 0;
            while i < n && b[ray.sq[i] as usize] == 0 {
                i += 1;
            }
            if i < n {
                let p = b[ray.sq[i] as usize];
                let flying = dir < 2 && p == KING_CODE | e && target_is_enemy_king;
                if (p == ROOK_CODE | e || flying) && hit(ray.sq[i]) {
                    return true;
                }
                i += 1;
                while i < n && b[ray.sq[i] as usize] == 0 {
                    i += 1;
                }
                if i < n && b[ray.sq[i] as usize] == CANNON_CODE | e && hit(ray.sq[i]) {
                    return true;
                }
            }
        }
        let ha = &HORSE_ATTACKERS[s];
        for i in 0..ha.n as usize {
            if b[ha.to[i] as usize] == HORSE_CODE | e && b[ha.via[i] as usize] == 0 && hit(ha.to[i])
            {
                return true;
            }
        }
        let pa = &PAWN_ATTACKERS[by.index()][s];
        for i in 0..pa.n as usize {
            if b[pa.sq[i] as usize] == PAWN_CODE | e && hit(pa.sq[i]) {
                return true;
            }
        }
        // Steps are symmetric: a king/advisor/elephant on `t` reaches `s` iff one on `s`
        // would reach `t` (same palace, same half, same eye).
        let k = &KING[s];
        for i in 0..k.n as usize {
            if b[k.sq[i] as usize] == KING_CODE | e && hit(k.sq[i]) {
                return true;
            }
        }
        let a = &ADVISOR[s];
        for i in 0..a.n as usize {
            if b[a.sq[i] as usize] == ADVISOR_CODE | e && hit(a.sq[i]) {
                return true;
            }
        }
        let el = &ELEPHANT[s];
        for i in 0..el.n as usize {
            if b[el.to[i] as usize] == ELEPHANT_CODE | e
                && b[el.via[i] as usize] == 0
                && hit(el.to[i])
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::xiangqi::rules::random_games;

    /// `gives_check` against playing the move out, and `has_legal_move` against the list of
    /// legal moves, over random games; the position must come back unchanged.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut checks = 0;
        random_games(0x0DDB_1A5E_5BAD_5EED, 30, 120, |pos, list| {
            assert_eq!(pos.has_legal_move(), !list.is_empty(), "{}", pos.to_fen());
            let mut scratch = pos.clone();
            for &m in list.iter() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(
                    scratch.gives_check(m),
                    after.is_check(),
                    "{m} in {}",
                    pos.to_fen()
                );
                assert_eq!(&scratch, pos);
                checks += after.is_check() as u32;
            }
        });
        assert!(checks > 0, "the games never offered a check");
    }
}
