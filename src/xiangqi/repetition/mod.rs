//! The repetition judge (棋例): when a position recurs, classify every move of the cycle
//! (将 check, 杀 mate threat, 捉 chase, 闲 idle) and decide by the rule set:
//!
//! * `cxa` (the seed, articles 25–27 and the 棋例细则): a side whose every move is check,
//!   mate threat or chase uses forbidden moves; one-sided perpetual check always loses;
//!   forbidden against allowed loses; everything else draws. A pawn's chase counts only when
//!   both sides attack perpetually (互相长打).
//! * `axf` (Asian/World federation): perpetual check loses; perpetual chase — the same enemy
//!   piece chased on every move — loses; mate threats and check-and-chase alternations are
//!   allowed. The two like pieces attacking each other are an exchange offer, not a chase.
//!
//! docs/rules/xiangqi-repetition.md explains every interpretation with an example.

pub mod classify;
mod decide;
pub mod threats;

pub use classify::{MoveInfo, analyse, analyse_budgeted};
pub use decide::{Ruling, judge_infos};

use crate::xiangqi::rules::{Move, Position};

/// Which repetition code the judge applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Code {
    /// Chinese Xiangqi Association rules (the seed): the default.
    #[default]
    Cxa,
    /// Asian Xiangqi Federation rules.
    Axf,
}

impl Code {
    pub fn parse(s: &str) -> Option<Code> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cxa" => Some(Code::Cxa),
            "axf" | "wxf" => Some(Code::Axf),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Code::Cxa => "cxa",
            Code::Axf => "axf",
        }
    }
}

/// Judges the cycle that starts in `start` (the position at ply `first_ply`, the first of
/// the occurrences) and consists of `moves` (plies `first_ply + 1` onwards, ending at the last
/// occurrence). `text(ply, move)` gives the move as the record wrote it.
pub fn judge(
    start: &Position,
    first_ply: usize,
    moves: &[Move],
    code: Code,
    text: &dyn Fn(usize, Move) -> String,
) -> Ruling {
    judge_cached(
        start,
        first_ply,
        moves,
        code,
        text,
        &mut Analyses::default(),
    )
}

/// The move analyses of one game, kept across its repetition judgements. A cycle holds
/// every move of the repeated stretch at least twice (the same move from the same
/// position), and a repetition the players leave is judged again at every ply of the cycle.
/// A move's analysis depends on the placement, the side to move, the move and the code alone
/// when the search had its whole per-move budget; only such analyses are kept, and one is
/// reused only while the cycle still has that budget left (the cycle-wide budget is then
/// charged what the analysis cost), so every ruling is the one [`judge`] gives.
#[derive(Debug, Default)]
pub struct Analyses {
    /// By (position hash, move, code): the position (its placement confirms the hash), the
    /// analysis and the budget it used.
    kept: std::collections::HashMap<(u64, Move, Code), (Position, MoveInfo, u32)>,
}

impl Analyses {
    fn get(&self, pos: &Position, mv: Move, code: Code) -> Option<&(Position, MoveInfo, u32)> {
        self.kept
            .get(&(pos.hash(), mv, code))
            .filter(|(p, _, _)| p.side_to_move() == pos.side_to_move() && p.board == pos.board)
    }
}

/// [`judge`], reusing and filling the game's `cache` of move analyses.
pub fn judge_cached(
    start: &Position,
    first_ply: usize,
    moves: &[Move],
    code: Code,
    text: &dyn Fn(usize, Move) -> String,
    cache: &mut Analyses,
) -> Ruling {
    let mut pos = start.clone();
    let mut infos = Vec::with_capacity(moves.len());
    let mut budget = classify::CYCLE_MATE_BUDGET;
    for (i, &mv) in moves.iter().enumerate() {
        let side = pos.side_to_move();
        let ply = first_ply + i + 1;
        let whole = budget >= classify::MOVE_MATE_BUDGET;
        let info = match cache.get(&pos, mv, code) {
            Some((_, info, used)) if whole => {
                budget -= used;
                info.clone()
            }
            _ => {
                let before = budget;
                let info = analyse_budgeted(&pos, mv, code, &mut budget);
                if whole {
                    cache
                        .kept
                        .entry((pos.hash(), mv, code))
                        .or_insert_with(|| (pos.clone(), info.clone(), before - budget));
                }
                info
            }
        };
        infos.push(decide::Played {
            ply,
            side,
            mv,
            text: text(ply, mv),
            info,
        });
        pos.play_unchecked(mv);
    }
    judge_infos(&infos, code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Vec<Move> {
        s.split_whitespace()
            .map(|m| crate::xiangqi::notation::iccs::parse(m).unwrap())
            .collect()
    }

    fn iccs(_: usize, mv: Move) -> String {
        mv.iccs()
    }

    /// A repetition the players leave is judged at every ply of the cycle: one cache across
    /// all those judgements, under both codes, rules as fresh judgements do.
    #[test]
    fn cached_judgements_rule_as_fresh_ones() {
        // Red's rook checks on ranks 9 and 8 in turn, the black king steps between e9 and e8.
        let start = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
        let moves = line(&"a8a9 e9e8 a9a8 e8e9 ".repeat(4));
        let mut cache = Analyses::default();
        let mut judged = 0;
        for code in [Code::Cxa, Code::Axf] {
            for last in 8..=moves.len() {
                let first = last - 8;
                let mut at_first = start.clone();
                for &m in &moves[..first] {
                    at_first.play_unchecked(m);
                }
                let cycle = &moves[first..last];
                let fresh = judge(&at_first, first, cycle, code, &iccs);
                let cached = judge_cached(&at_first, first, cycle, code, &iccs, &mut cache);
                assert_eq!(cached, fresh, "{code:?} plies {first}-{last}");
                judged += 1;
            }
        }
        assert_eq!(judged, 18);
        // Four positions and four moves, under two codes.
        assert_eq!(cache.kept.len(), 8);
    }

    /// The code is part of what an analysis is kept under: a mate threat under the CXA is an
    /// idle move under the AXF.
    #[test]
    fn analyses_are_kept_per_code() {
        let pos = Position::from_fen("3k5/9/2n6/9/3n5/9/9/8R/R8/4K4 w - - 0 1").unwrap();
        let threat = line("a1a8");
        let mut cache = Analyses::default();
        for code in [Code::Cxa, Code::Axf, Code::Cxa] {
            let fresh = judge(&pos, 0, &threat, code, &iccs);
            let cached = judge_cached(&pos, 0, &threat, code, &iccs, &mut cache);
            assert_eq!(cached, fresh, "{code:?}");
        }
        let class = |code| {
            cache
                .get(&pos, threat[0], code)
                .map(|(_, info, _)| info.class(false))
        };
        assert_eq!(
            class(Code::Cxa),
            Some(crate::core::verdict::MoveClass::MateThreat)
        );
        assert_eq!(
            class(Code::Axf),
            Some(crate::core::verdict::MoveClass::Idle)
        );
    }
}
