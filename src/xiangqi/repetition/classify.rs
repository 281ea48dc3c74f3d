//! Classifies one move of a repetition cycle: 将 check, 杀 mate threat, 捉 chase or 闲 idle.
//!
//! Order of weight (从重): check, then mate threat, then chase, then idle. A checking move is
//! a check: "mate if the opponent did nothing" presumes the opponent may pass, which a side in
//! check may not, so check and mate threat never overlap; a mate threat that also chases is a
//! mate threat (杀兼捉，按杀).

use super::Code;
use super::threats::{Threat, new_threats};
use crate::core::verdict::MoveClass;
use crate::xiangqi::rules::{Move, MoveList, Position, Square};

/// What one move does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    pub check: bool,
    pub mate_threat: bool,
    /// New threats by pieces other than pawns.
    pub chases: Vec<Threat>,
    /// New threats by pawns (they count only when both sides attack perpetually).
    pub pawn_chases: Vec<Threat>,
    /// The enemy king's point (the target of a check or mate threat).
    pub king: Option<Square>,
}

impl MoveInfo {
    /// The class, counting pawn chases or not.
    pub fn class(&self, pawns_chase: bool) -> MoveClass {
        if self.check {
            MoveClass::Check
        } else if self.mate_threat {
            MoveClass::MateThreat
        } else if !self.chases.is_empty() || (pawns_chase && !self.pawn_chases.is_empty()) {
            MoveClass::Chase
        } else {
            MoveClass::Idle
        }
    }

    /// The points the move aims at, for its class.
    pub fn targets(&self, pawns_chase: bool) -> Vec<Square> {
        match self.class(pawns_chase) {
            MoveClass::Check | MoveClass::MateThreat => self.king.into_iter().collect(),
            MoveClass::Chase => {
                let mut v: Vec<Square> = self.chases.iter().map(|t| t.victim).collect();
                if pawns_chase {
                    v.extend(self.pawn_chases.iter().map(|t| t.victim));
                }
                v.sort();
                v.dedup();
                v
            }
            _ => Vec::new(),
        }
    }
}

/// How many moves of the attacker a mate-threat search looks at (each one a check, the last
/// one mating), and how many positions it may visit.
const MATE_DEPTH: u32 = 3;
const MATE_BUDGET: u32 = 5_000;

/// Whether the side to move mates by a run of checks within `depth` of its moves.
fn mates_by_checks(pos: &Position, depth: u32, budget: &mut u32) -> bool {
    let mut list = MoveList::new();
    // Each move is tried on one scratch copy (made and unmade) and played out for real only
    // when it checks.
    let mut scratch = pos.clone();
    scratch.legal_moves_mut(&mut list);
    for &m in list.iter() {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if !scratch.gives_check(m) {
            continue;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        let mut replies = MoveList::new();
        after.legal_moves(&mut replies);
        if replies.is_empty() {
            return true;
        }
        if depth > 1
            && replies.iter().all(|&r| {
                let mut next = after.clone();
                next.play_unchecked(r);
                mates_by_checks(&next, depth - 1, budget)
            })
            && *budget > 0
        {
            return true;
        }
    }
    false
}

/// How many positions the mate-threat searches of one whole cycle may visit (a bound on the
/// cost of a hostile record with a very long cycle); past it no more mate threats are found.
pub const CYCLE_MATE_BUDGET: u32 = 400_000;

/// The most one move's analysis may draw from the cycle-wide budget (two searches): with at
/// least this much left, the analysis does not depend on the budget.
pub const MOVE_MATE_BUDGET: u32 = 2 * MATE_BUDGET;

/// Whether `pos`'s side `side` could mate by checks if it were to move; the search takes its
/// positions from `total`.
fn could_mate(pos: &Position, side: crate::xiangqi::rules::Color, total: &mut u32) -> bool {
    let mut p = pos.clone();
    p.set_side_to_move(side);
    if p.can_capture_king() {
        return false;
    }
    let mut budget = MATE_BUDGET.min(*total);
    let start = budget;
    let found = mates_by_checks(&p, MATE_DEPTH, &mut budget);
    *total -= start - budget;
    found
}

/// Analyses the move `mv` played from `before` (its side to move).
pub fn analyse(before: &Position, mv: Move, code: Code) -> MoveInfo {
    let mut total = MATE_BUDGET * 2;
    analyse_budgeted(before, mv, code, &mut total)
}

/// [`analyse`], drawing the mate-threat searches from a cycle-wide budget `total`.
pub fn analyse_budgeted(before: &Position, mv: Move, code: Code, total: &mut u32) -> MoveInfo {
    let side = before.side_to_move();
    let mut after = before.clone();
    after.play_unchecked(mv);
    let check = after.is_check();
    // The AXF allows perpetual mate threats: they are not looked for.
    let mate_threat = code == Code::Cxa
        && !check
        && could_mate(&after, side, total)
        && !could_mate(before, side, total);
    let (pawn_chases, chases) = new_threats(before, mv, &after, code)
        .into_iter()
        .partition(|t| t.by_pawn);
    MoveInfo {
        check,
        mate_threat,
        chases,
        pawn_chases,
        king: after.king(side.other()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        crate::xiangqi::notation::iccs::parse(s).unwrap()
    }

    #[test]
    fn check_chase_and_idle() {
        // Red rook a1 to a8 checks along rank 8? The black king e8 sits on rank 8.
        let pos = Position::from_fen("9/4k4/9/9/4n4/9/9/9/R8/3K5 w - - 0 1").unwrap();
        let info = analyse(&pos, mv("a1a8"), Code::Cxa);
        assert_eq!(info.class(false), MoveClass::Check);
        // a1a5 attacks the unprotected horse e5: a chase of e5.
        let info = analyse(&pos, mv("a1a5"), Code::Cxa);
        assert_eq!(info.class(false), MoveClass::Chase);
        assert_eq!(info.targets(false), vec![Square::parse("e5").unwrap()]);
        // a1a2 does nothing.
        assert_eq!(
            analyse(&pos, mv("a1a2"), Code::Cxa).class(false),
            MoveClass::Idle
        );
    }

    #[test]
    fn mate_threat_needs_a_forced_mate() {
        // Black king d9 (a horse on d5 shields the d-file, a horse on c7 stops the rook
        // ladder on rank 7); the red king e0 holds the e-file. Ra1-a8 takes rank 8: then
        // Ri2-i9 would be mate. Before it, Red has no mate by checks.
        let pos = Position::from_fen("3k5/9/2n6/9/3n5/9/9/8R/R8/4K4 w - - 0 1").unwrap();
        let info = analyse(&pos, mv("a1a8"), Code::Cxa);
        assert_eq!(info.class(false), MoveClass::MateThreat, "{info:?}");
        assert_eq!(info.targets(false), vec![Square::parse("d9").unwrap()]);
        assert_eq!(
            analyse(&pos, mv("a1a8"), Code::Axf).class(false),
            MoveClass::Idle
        );
        assert_eq!(
            analyse(&pos, mv("a1b1"), Code::Cxa).class(false),
            MoveClass::Idle
        );
    }
}
