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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
    let mut pos = start.clone();
    let mut infos = Vec::with_capacity(moves.len());
    let mut budget = classify::CYCLE_MATE_BUDGET;
    for (i, &mv) in moves.iter().enumerate() {
        let side = pos.side_to_move();
        let info = analyse_budgeted(&pos, mv, code, &mut budget);
        let ply = first_ply + i + 1;
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
