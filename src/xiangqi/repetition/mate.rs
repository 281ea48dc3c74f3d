//! 杀 (24.2): "a move that intends to mate by a check or a run of checks next". Whether a side,
//! if it were to move, forces mate by checks: every move of its line checks, the opponent's
//! every legal reply is tried, and the line ends with a check the opponent cannot answer.
//!
//! The search is bounded and says so: at most [`MAX_CHECKS`] checking moves (one depth-first
//! pass; a position proven free of mates within a depth is not searched again), at most
//! [`QUESTION_NODES`] positions a question, and every question of one game draws from that game's [`Budget`]. A mate past the
//! bound is not a threat; docs/rules/xiangqi-repetition.md states the bound.

use super::aside::{Aside, checks, moves};
use crate::xiangqi::rules::{Color, MoveList, Position};
use std::collections::HashMap;

/// The longest run of checks looked at (the mating check included).
pub(crate) const MAX_CHECKS: u32 = 5;
/// The most positions one question may visit.
pub(crate) const QUESTION_NODES: u32 = 1_500;

/// The positions the searches of one game may still visit (a bound on the time one game may
/// spend being judged, whatever its record holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub left: u32,
}

impl Budget {
    /// What one game may spend on all its mate and material searches together.
    pub const GAME: u32 = 11_000;

    pub fn game() -> Budget {
        Budget { left: Budget::GAME }
    }

    /// Takes `cost` from what is left (never below nothing).
    pub(crate) fn charge(&mut self, cost: u32) {
        self.left = self.left.saturating_sub(cost);
    }
}

/// Counts one position visited against `nodes`, the positions a search may still visit:
/// `None` when none were left (the search gives up).
pub(super) fn visit(nodes: &mut u32) -> Option<()> {
    *nodes = nodes.checked_sub(1)?;
    Some(())
}

/// The answer of a bounded search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    Yes,
    No,
    /// The bound was reached before the search could answer (taken as no).
    Unknown,
}

/// Whether `side`, as if it were to move in `pos`, forces mate by checks (with `aside` set
/// aside, see [`Aside`]).
pub(crate) fn forces_mate(
    pos: &Position,
    side: Color,
    aside: &Aside,
    budget: &mut Budget,
) -> Found {
    mate_within(pos, side, aside, MAX_CHECKS, budget)
}

/// [`forces_mate`] with at most `max_checks` checks.
fn mate_within(
    pos: &Position,
    side: Color,
    aside: &Aside,
    max_checks: u32,
    budget: &mut Budget,
) -> Found {
    let mut p = pos.clone();
    p.set_side_to_move(side);
    if p.can_capture_king() {
        // The opponent stands in check: "if it were to move" has no meaning here.
        return Found::No;
    }
    let start = QUESTION_NODES.min(budget.left);
    let mut search = Search {
        nodes: start,
        proven_none: HashMap::new(),
        aside,
    };
    // One pass to the full depth: only whether a mate exists is asked, not its length, and a
    // position proven free of mates within a depth is not searched again to that depth.
    let found = match search.attack(&p, max_checks) {
        Some(true) => Found::Yes,
        Some(false) => Found::No,
        None => Found::Unknown,
    };
    budget.left -= start - search.nodes;
    found
}

struct Search<'a> {
    nodes: u32,
    /// By position hash: the depth up to which no mate exists.
    proven_none: HashMap<u64, u32>,
    aside: &'a Aside,
}

impl Search<'_> {
    /// The attacker to move: a check after which every reply still loses within `depth`
    /// checks. `None` when the bound was reached.
    fn attack(&mut self, p: &Position, depth: u32) -> Option<bool> {
        visit(&mut self.nodes)?;
        if self.proven_none.get(&p.hash()).is_some_and(|&d| d >= depth) {
            return Some(false);
        }
        let mut list = MoveList::new();
        checks(p, self.aside, &mut list);
        for &m in list.iter() {
            let mut next = p.clone();
            next.play_unchecked(m);
            if self.defend(&next, depth)? {
                return Some(true);
            }
        }
        self.proven_none.insert(p.hash(), depth);
        Some(false)
    }

    /// The defender to move, in check: whether every reply loses.
    fn defend(&mut self, p: &Position, depth: u32) -> Option<bool> {
        visit(&mut self.nodes)?;
        if depth <= 1 && self.aside.is_none() {
            // The last check: mated when no reply exists at all (the first one found ends it).
            return Some(!p.has_legal_move());
        }
        let mut replies = MoveList::new();
        moves(p, self.aside, &mut replies);
        if replies.is_empty() {
            return Some(true);
        }
        if depth <= 1 {
            return Some(false);
        }
        for &r in replies.iter() {
            let mut next = p.clone();
            next.play_unchecked(r);
            if !self.attack(&next, depth - 1)? {
                return Some(false);
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// After Ra1-b1 in this position Red mates in four checks (Ri9+ Kd8, Rb8+ Kd7, Ri7+ …,
    /// R×e7: checked against a plain search that tries every move), and not in three.
    const FOUR_CHECKS: &str = "3k5/9/2n6/9/3n5/9/9/8R/1R7/4K4 w - - 0 1";

    #[test]
    fn finds_mates_by_checks_of_several_lengths() {
        let p = pos(FOUR_CHECKS);
        let mut b = Budget::game();
        let none = Aside::none();
        assert_eq!(mate_within(&p, Color::Red, &none, 3, &mut b), Found::No);
        assert_eq!(mate_within(&p, Color::Red, &none, 4, &mut b), Found::Yes);
        assert_eq!(forces_mate(&p, Color::Red, &none, &mut b), Found::Yes);
        assert!(b.left < Budget::GAME);
        // Black, to move there, has no mate; nor has Red without the second rook's move.
        assert_eq!(forces_mate(&p, Color::Black, &none, &mut b), Found::No);
        let p = pos("3k5/9/2n6/9/3n5/9/9/8R/R8/4K4 w - - 0 1");
        assert_eq!(forces_mate(&p, Color::Red, &none, &mut b), Found::No);
    }

    #[test]
    fn the_budget_bounds_the_search() {
        let p = pos(FOUR_CHECKS);
        let mut b = Budget { left: 5 };
        assert_eq!(
            forces_mate(&p, Color::Red, &Aside::none(), &mut b),
            Found::Unknown
        );
        assert_eq!(b.left, 0);
    }
}
