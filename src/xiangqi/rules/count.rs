//! Counting the legal moves without listing them (perft's last ply): each piece's targets as
//! a bitset, counted by popcount; only the moves that could expose the mover's king (from or
//! to a point of the danger mask, king moves, everything while in check) are tried one by one
//! with the same test the move generator uses.

use super::lines::{FILE_SLIDE, RANK_SLIDE, file_bits, rank_bits};
use super::position::{
    ADVISOR_CODE, CANNON_CODE, ELEPHANT_CODE, HORSE_CODE, KING_CODE, PAWN_CODE, Position, ROOK_CODE,
};
use super::tables::{ADVISOR_BITS, BIT, ELEPHANT, HORSE_BY_LEGS, KING, PAWN_BITS};
use super::types::{Move, MoveList, Square};

/// Where the rook (or cannon) on `s` may go along its rank and its file, as bits along each
/// line (rank: bit = file; file: bit = rank). `all`/`all_t` are every piece, `own`/`own_t`
/// its side's, in the board and the transposed bitsets.
#[inline(always)]
fn slide_targets(
    s: usize,
    rook: bool,
    all: u128,
    all_t: u128,
    own: u128,
    own_t: u128,
) -> (u32, u32) {
    let (f, r) = (s % 9, s / 9);
    let occ_r = rank_bits(all, r);
    let occ_f = file_bits(all_t, f);
    let own_r = rank_bits(own, r);
    let own_f = file_bits(own_t, f);
    let er = RANK_SLIDE[f][occ_r as usize];
    let ef = FILE_SLIDE[r][occ_f as usize];
    if rook {
        (er & 0xffff & !own_r, ef & 0xffff & !own_f)
    } else {
        // Quiet moves to the empty points before the screen; captures behind it.
        (
            (er & 0xffff & !occ_r) | (er >> 16 & !own_r),
            (ef & 0xffff & !occ_f) | (ef >> 16 & !own_f),
        )
    }
}

/// The points the horse on `s` reaches (its legs free), own pieces not taken out.
#[inline(always)]
fn horse_targets(s: usize, all: u128) -> u128 {
    // Bit 0 of the window is the point s - 9 (the leg below), bit 9 the horse.
    let w = ((all << 9) >> s) as u32;
    let legs = (w >> 18 & 1) | (w & 1) << 1 | (w >> 10 & 1) << 2 | (w >> 8 & 1) << 3;
    HORSE_BY_LEGS[s][legs as usize]
}

impl Position {
    /// The number of legal moves of the side to move (the position is as before afterwards).
    #[inline(always)]
    pub(crate) fn count_legal(&mut self) -> u64 {
        let (in_check, danger, danger_t) = self.safety_lines();
        if in_check {
            return self.count_legal_listed();
        }
        let us = self.side.index();
        let own = self.occ[us];
        let all = self.occ[0] | self.occ[1];
        let own_t = self.occ_t[us];
        let all_t = self.occ_t[0] | self.occ_t[1];
        let mut n = 0u64;
        let mut pieces = own;
        while pieces != 0 {
            let s = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let from_danger = danger & BIT[s] != 0;
            match self.board[s] & 7 {
                code @ (ROOK_CODE | CANNON_CODE) => {
                    let (f, r) = (s % 9, s / 9);
                    let (tr, tf) = slide_targets(s, code == ROOK_CODE, all, all_t, own, own_t);
                    let (mut test_r, mut test_f) = (tr, tf);
                    if !from_danger {
                        let dr = rank_bits(danger, r);
                        let df = file_bits(danger_t, f);
                        n += u64::from((tr & !dr).count_ones() + (tf & !df).count_ones());
                        test_r &= dr;
                        test_f &= df;
                    }
                    while test_r != 0 {
                        let t = 9 * r + test_r.trailing_zeros() as usize;
                        test_r &= test_r - 1;
                        n += self.safe_move(s, t, danger) as u64;
                    }
                    while test_f != 0 {
                        let t = 9 * test_f.trailing_zeros() as usize + f;
                        test_f &= test_f - 1;
                        n += self.safe_move(s, t, danger) as u64;
                    }
                }
                HORSE_CODE => {
                    let t = horse_targets(s, all) & !own;
                    n += self.count_targets(s, t, from_danger, danger);
                }
                ELEPHANT_CODE => {
                    let t = self.elephant_targets(s) & !own;
                    n += self.count_targets(s, t, from_danger, danger);
                }
                ADVISOR_CODE => {
                    n += self.count_targets(s, ADVISOR_BITS[s] & !own, from_danger, danger);
                }
                PAWN_CODE => {
                    n += self.count_targets(s, PAWN_BITS[us][s] & !own, from_danger, danger);
                }
                KING_CODE => {
                    let m = &KING[s];
                    for &t in &m.sq[..m.n as usize] {
                        if own & BIT[t as usize] == 0 {
                            n += self.safe_move(s, t as usize, danger) as u64;
                        }
                    }
                }
                _ => {}
            }
        }
        n
    }

    /// The points the elephant on `s` reaches (its eyes free), own pieces not taken out.
    #[inline(always)]
    fn elephant_targets(&self, s: usize) -> u128 {
        let m = &ELEPHANT[s];
        let mut t = 0u128;
        for i in 0..m.n as usize {
            if self.board[m.via[i] as usize] == 0 {
                t |= BIT[m.to[i] as usize];
            }
        }
        t
    }

    /// [`Position::is_pseudo_legal`] without listing moves: whether `to` is among the points
    /// the piece on `from` reaches by its own rules (its own side's, whoever is to move).
    pub(crate) fn reaches(&self, from: usize, to: usize) -> bool {
        let p = self.board[from];
        if p == 0 || to >= 90 {
            return false;
        }
        let c = (p >> 3) as usize & 1;
        let (own, own_t) = (self.occ[c], self.occ_t[c]);
        if own & BIT[to] != 0 {
            return false;
        }
        let all = self.occ[0] | self.occ[1];
        let all_t = self.occ_t[0] | self.occ_t[1];
        match p & 7 {
            code @ (ROOK_CODE | CANNON_CODE) => {
                let (tr, tf) = slide_targets(from, code == ROOK_CODE, all, all_t, own, own_t);
                if from / 9 == to / 9 {
                    tr >> (to % 9) & 1 != 0
                } else if from % 9 == to % 9 {
                    tf >> (to / 9) & 1 != 0
                } else {
                    false
                }
            }
            KING_CODE => KING[from].sq[..KING[from].n as usize].contains(&(to as u8)),
            HORSE_CODE => horse_targets(from, all) & BIT[to] != 0,
            ELEPHANT_CODE => self.elephant_targets(from) & BIT[to] != 0,
            ADVISOR_CODE => ADVISOR_BITS[from] & BIT[to] != 0,
            PAWN_CODE => PAWN_BITS[c][from] & BIT[to] != 0,
            _ => false,
        }
    }

    /// The targets `t` of the piece on `s` that are legal: all those off the danger mask
    /// when `s` is off it, the others tried one by one.
    #[inline(always)]
    fn count_targets(&mut self, s: usize, t: u128, from_danger: bool, danger: u128) -> u64 {
        let mut test = t;
        let mut n = 0;
        if !from_danger {
            n = u64::from((t & !danger).count_ones());
            test &= danger;
        }
        while test != 0 {
            let to = test.trailing_zeros() as usize;
            test &= test - 1;
            n += self.safe_move(s, to, danger) as u64;
        }
        n
    }

    #[inline(always)]
    fn safe_move(&mut self, from: usize, to: usize, danger: u128) -> bool {
        let mv = Move::new(Square::from_raw(from as u8), Square::from_raw(to as u8));
        self.is_safe(mv, false, danger)
    }

    /// The count by listing the pseudo-legal moves and testing each (in check).
    #[inline(never)]
    fn count_legal_listed(&mut self) -> u64 {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list);
        let (in_check, danger) = self.safety();
        let mut n = 0;
        for &mv in list.iter() {
            n += self.is_safe(mv, in_check, danger) as u64;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::rules::{Color, random_games};

    /// The count against the length of the legal move list, over random games (which reach
    /// checks, pins, facing kings and cannon screens), and on a set-up missing a king.
    #[test]
    fn count_agrees_with_the_legal_move_list() {
        let mut positions = 0;
        let mut reaches_checked = 0;
        random_games(0x5EED_CAFE_F00D_0001, 60, 160, |pos, list| {
            let mut p = pos.clone();
            assert_eq!(p.count_legal(), list.len() as u64, "{}", pos.to_fen());
            assert_eq!(&p, pos);
            // `reaches` against the pseudo-legal list, for every piece of both sides.
            for side in [Color::Red, Color::Black] {
                let mut q = pos.clone();
                q.set_side_to_move(side);
                let mut pseudo = MoveList::new();
                q.gen_pseudo(&mut pseudo);
                for (from, _) in q.pieces().filter(|(_, pc)| pc.color == side) {
                    for to in 0..90 {
                        let listed = pseudo.contains(&Move::new(from, Square::from_raw(to as u8)));
                        assert_eq!(q.reaches(from.index(), to), listed, "{from}-{to}");
                        reaches_checked += 1;
                    }
                }
            }
            positions += 1;
        });
        assert!(positions > 2000);
        assert!(reaches_checked > 100_000);
        let mut no_king = Position::from_fen_unchecked("4k4/9/9/9/9/9/9/9/9/R8 w").unwrap();
        let mut list = MoveList::new();
        no_king.legal_moves(&mut list);
        assert_eq!(no_king.count_legal(), list.len() as u64);
    }
}
