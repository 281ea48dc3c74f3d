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

pub mod aside;
pub(crate) mod classify;
pub mod cxa;
mod decide;
mod idle;
pub mod mate;
pub(crate) mod table;
pub(crate) mod threats;

pub(crate) use classify::{MoveInfo, analyse_axf, analyse_cxa};
pub(crate) use decide::Ruling;
pub(crate) use decide::judge_infos;

use crate::xiangqi::rules::{Move, Position};

/// Which repetition code the judge applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Code {
    /// Chinese Xiangqi Association rules, the current edition (中国象棋竞赛规则 2020, 第六章
    /// 棋例): the default; `cxa` and `cxa-2020` name it.
    #[default]
    Cxa,
    /// Chinese Xiangqi Association rules, the 1999 edition (the seed's 棋例 wording): where it
    /// differs from 2020 — a pawn's own chase counts when both sides chase perpetually
    /// (发生互打时，兵（卒）叫吃子均按捉处理) — see docs/rules/xiangqi-repetition.md, "The
    /// editions".
    Cxa1999,
    /// Asian Xiangqi Federation rules.
    Axf,
}

impl Code {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Code::Cxa => "cxa",
            Code::Cxa1999 => "cxa-1999",
            Code::Axf => "axf",
        }
    }
    /// One of the CXA editions.
    pub(crate) fn is_cxa(self) -> bool {
        matches!(self, Code::Cxa | Code::Cxa1999)
    }
}

#[cfg(test)]
/// Judges the cycle that starts in `start` (the position at ply `first_ply`, the first of
/// the occurrences) and consists of `moves` (plies `first_ply + 1` onwards, ending at the last
/// occurrence). `text(ply, move)` gives the move as the record wrote it.
pub(crate) fn judge(
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

/// What the judge keeps across the repetition judgements of one game: a cycle holds every
/// move of the repeated stretch at least twice, and a repetition the players leave is judged
/// again at every ply of the cycle.
///
/// * AXF: move analyses by (position hash, move); the position confirms the hash.
/// * CXA: each position's threats (by side and check set aside, see `cxa::Ctx`), and the
///   game's search budget (`mate::Budget`): every mate and material search of the game draws
///   from it, so no record can make the judge slow.
#[derive(Debug, Default)]
pub(crate) struct Analyses {
    axf: std::collections::HashMap<(u64, Move), (Position, MoveInfo)>,
    /// CXA move analyses by (position hash, move, the previous position's hash when the move
    /// answers a check: what stood before the check is part of its analysis).
    cxa_moves: std::collections::HashMap<(u64, Move, u64), (Position, MoveInfo)>,
    cxa: cxa::Ctx,
}

impl Analyses {
    fn axf(&mut self, pos: &Position, mv: Move) -> MoveInfo {
        let key = (pos.hash(), mv);
        if let Some((p, info)) = self.axf.get(&key)
            && p.side_to_move() == pos.side_to_move()
            && p.board == pos.board
        {
            return info.clone();
        }
        let info = analyse_axf(pos, mv);
        self.axf.insert(key, (pos.clone(), info.clone()));
        info
    }

    fn cxa_move(
        &mut self,
        code: Code,
        prev: Option<(&Position, Move)>,
        before: &Position,
        mv: Move,
    ) -> MoveInfo {
        // What is kept holds for one edition (a game is judged under one; tests switch).
        if self.cxa.code != code {
            self.cxa_moves.clear();
            self.cxa = cxa::Ctx::new(code);
        }
        let answers_check = before.is_check();
        let prev_hash = match prev {
            Some((x, _)) if answers_check => x.hash(),
            _ => 0,
        };
        let key = (before.hash(), mv, prev_hash);
        if let Some((p, info)) = self.cxa_moves.get(&key)
            && p.side_to_move() == before.side_to_move()
            && p.board == before.board
        {
            return info.clone();
        }
        let info = analyse_cxa(prev, before, mv, &mut self.cxa);
        self.cxa_moves.insert(key, (before.clone(), info.clone()));
        info
    }

    #[cfg(test)]
    /// What is left of the game's search budget.
    pub(crate) fn budget_left(&self) -> u32 {
        self.cxa.budget.left
    }
}

/// [`judge`], reusing and filling the game's `cache`.
pub(crate) fn judge_cached(
    start: &Position,
    first_ply: usize,
    moves: &[Move],
    code: Code,
    text: &dyn Fn(usize, Move) -> String,
    cache: &mut Analyses,
) -> Ruling {
    // The positions of the cycle: positions[i] is before moves[i]; the last one is the
    // position of the last occurrence, the first one's again.
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    positions.push(pos.clone());
    for &mv in moves {
        pos.play_unchecked(mv);
        positions.push(pos.clone());
    }
    let n = moves.len();
    let mut infos = Vec::with_capacity(n);
    for (i, &mv) in moves.iter().enumerate() {
        let before = &positions[i];
        let side = before.side_to_move();
        let ply = first_ply + i + 1;
        let info = match code {
            Code::Axf => cache.axf(before, mv),
            Code::Cxa | Code::Cxa1999 => {
                // The move before this one: the cycle's own (its last move leads into its
                // first position, which the last occurrence repeats).
                let prev = (n > 0).then(|| {
                    let j = (i + n - 1) % n;
                    (&positions[j], moves[j])
                });
                cache.cxa_move(code, prev, before, mv)
            }
        };
        infos.push(decide::Played {
            ply,
            side,
            mv,
            text: text(ply, mv),
            info,
        });
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
        // AXF: four positions and their four moves; CXA: the threats of each position, kept.
        assert_eq!(cache.axf.len(), 4);
        assert!(cache.cxa.kept_len() >= 4);
        assert!(cache.budget_left() < mate::Budget::GAME);
    }

    /// The codes keep their analyses apart: a mate threat under the CXA is an idle move under
    /// the AXF.
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
        let mut class =
            |code| judge_cached(&pos, 0, &threat, code, &iccs, &mut cache).cycle[0].kind;
        assert_eq!(
            class(Code::Cxa),
            crate::core::verdict::MoveClass::MateThreat
        );
        assert_eq!(class(Code::Axf), crate::core::verdict::MoveClass::Idle);
    }
}
