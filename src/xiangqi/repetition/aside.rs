//! Moves "with a check set aside": what a side could do if the opponent's check against it
//! were not there. The CXA judges a move that answers a check by what it newly creates, so
//! the threats that stood before it are those of the position before it *with the check set
//! aside* (2020 图13: a check that hands the opponent a mate does not make the opponent's
//! reply a mate threat; the threat was there before the reply).
//!
//! `Aside::none()` is ordinary legality.

use crate::xiangqi::rules::{Color, Move, MoveList, Position, Square};

/// A check set aside: the pieces on `squares` attack `side`'s king and are ignored when
/// `side`'s moves are tested for legality; the opponent may not take `side`'s king.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Aside {
    pub side: Option<Color>,
    pub squares: Vec<Square>,
}

impl Aside {
    /// No check set aside: ordinary legality.
    pub(crate) fn none() -> Aside {
        Aside::default()
    }

    /// The checks against `side`'s king in `pos` (none when it is not in check).
    pub fn checks_against(pos: &Position, side: Color) -> Aside {
        let squares = pos
            .king(side)
            .map(|k| pos.attackers_of(k, side.other()))
            .unwrap_or_default();
        if squares.is_empty() {
            Aside::none()
        } else {
            Aside {
                side: Some(side),
                squares,
            }
        }
    }

    pub(crate) fn is_none(&self) -> bool {
        self.side.is_none()
    }
}

/// The moves of the side to move in `pos` under `aside` (into `out`, cleared first).
pub(crate) fn moves(pos: &Position, aside: &Aside, out: &mut MoveList) {
    let mut p = pos.clone();
    let side = p.side_to_move();
    match aside.side {
        None => p.legal_moves_mut(out),
        Some(s) if s == side => {
            out.clear();
            let mut pseudo = MoveList::new();
            p.gen_pseudo(&mut pseudo);
            let king = p.king(side);
            for &m in pseudo.iter() {
                if p.piece_at(m.to).is_some_and(|v| v.color == side) {
                    continue;
                }
                let cap = p.make_raw(m);
                let safe = match p.king(side) {
                    None => true,
                    Some(k) => {
                        let attackers = p.attackers_of(k, side.other());
                        if Some(m.from) == king {
                            attackers.is_empty()
                        } else {
                            attackers.iter().all(|a| aside.squares.contains(a))
                        }
                    }
                };
                p.unmake_raw(m, cap);
                if safe {
                    out.push(m);
                }
            }
        }
        Some(s) => {
            // The opponent of the side whose check is set aside: its legal moves, but never
            // the capture of that side's king.
            p.legal_moves_mut(out);
            let king = p.king(s);
            let kept: Vec<Move> = out.iter().copied().filter(|m| Some(m.to) != king).collect();
            out.clear();
            for m in kept {
                out.push(m);
            }
        }
    }
}

/// The checking moves of the side to move in `pos` under `aside` (into `out`, cleared first):
/// the pseudo-legal moves are tried for check first, and only the checking ones for legality,
/// which is most of the saving when a search wants checks only.
pub(crate) fn checks(pos: &Position, aside: &Aside, out: &mut MoveList) {
    out.clear();
    let mut p = pos.clone();
    let side = p.side_to_move();
    let them = side.other();
    let mut pseudo = MoveList::new();
    p.gen_pseudo(&mut pseudo);
    let king = p.king(side);
    let their_king = p.king(them);
    let Some(target) = their_king else {
        return;
    };
    // A move can only check from a line through the enemy king or near it (a horse, a pawn),
    // or by leaving such a line or a horse's leg (a discovered check): other moves are not
    // tried at all.
    let near = |s: Square| {
        s.file() == target.file()
            || s.rank() == target.rank()
            || (s.file().abs_diff(target.file()) <= 2 && s.rank().abs_diff(target.rank()) <= 2)
    };
    for &m in pseudo.iter() {
        if m.to == target
            || p.piece_at(m.to).is_some_and(|v| v.color == side)
            || !(near(m.from) || near(m.to))
        {
            continue;
        }
        let cap = p.make_raw(m);
        let gives = p.is_king_attacked(them);
        let safe = gives
            && match p.king(side) {
                None => true,
                Some(k) if aside.side == Some(side) => {
                    let attackers = p.attackers_of(k, them);
                    if Some(m.from) == king {
                        attackers.is_empty()
                    } else {
                        attackers.iter().all(|a| aside.squares.contains(a))
                    }
                }
                Some(k) => !p.is_attacked(k, them),
            };
        p.unmake_raw(m, cap);
        if safe {
            out.push(m);
        }
    }
}
