//! What a side threatens under the CXA rulebook (中国象棋竞赛规则 2020, 第24条), as if it were
//! to move: the enemy pieces it could win (24.3 捉) and whether it forces mate (24.2 杀).
//!
//! 捉 in full: a capture that wins material at once (无根子, a root that cannot legally take
//! back, 少根子: fewer roots than attackers, a victim worth more than its taker), after the
//! complete exchange on the point (通过完整互吃交换后得子, the pieces joining in included:
//! 与其他子联合吃子, 借帅之力), or by a check or a run of checks from the next move
//! (从下一着开始运用将军或连续将军得子); never when the gain lets the opponent mate at once
//! (自毙之子), never by the king alone (article 27), and never against a like piece that can
//! take first without losing by it (24.4 兑). Which piece moved does not matter: a new threat
//! of any piece is the move's (造成其他子能吃子, 相关子).

use super::Code;
use super::aside::{Aside, checks, moves};
use super::mate::{Budget, Found, forces_mate, visit};
use super::threats::{Gain, Threat, captures_on, exchange_gain, has_mate_in_one, is_target, value};
use crate::xiangqi::rules::{Color, Kind, Move, MoveList, Position, Square};
use std::collections::HashMap;
use weigh::{Line, Weighed, Weigher, captured_value, is_pawn};

mod weigh;

/// What a side threatens in a position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Threats {
    /// The enemy pieces it could win, by which piece (each pair once: the first way found).
    pub victims: Vec<Threat>,
    /// It forces mate by checks.
    pub mate: bool,
}

/// How many checks a line that wins material may take, and how many positions one such
/// question may visit.
const GAIN_CHECKS: u32 = 3;
const GAIN_NODES: u32 = 1_500;
/// What a question costs the game's budget besides its searches (in positions' worth of
/// work), and what each capture weighed (its exchange and mate-at-once test) adds.
pub(crate) const QUESTION_COST: u32 = 4;
pub(crate) const CAPTURE_COST: u32 = 3;

/// The threats of one game's positions, kept: a cycle visits each of its positions at least
/// twice, and a repetition the players leave is judged again at every ply. The pieces a side
/// could win and whether it forces mate are asked and kept apart: most moves need only one.
#[derive(Debug)]
pub(crate) struct Ctx {
    /// By position: the threats that count, and those a rejected direct capture masks.
    victims: HashMap<Key, (Position, Vec<Threat>, Vec<Threat>)>,
    mates: HashMap<Key, (Position, bool)>,
    pub budget: Budget,
    /// The CXA edition whose reading applies.
    pub code: Code,
}

/// A position (by hash, confirmed by its placement), the side asked about, the check set aside.
type Key = (u64, Color, Aside);

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new(Code::Cxa)
    }
}

impl Ctx {
    /// A game's context under the CXA edition `code`.
    pub(crate) fn new(code: Code) -> Ctx {
        Ctx {
            victims: HashMap::new(),
            mates: HashMap::new(),
            budget: Budget::game(),
            code,
        }
    }
}

fn same(p: &Position, pos: &Position) -> bool {
    p.board == pos.board && p.side_to_move() == pos.side_to_move()
}

impl Ctx {
    #[cfg(test)]
    /// How many answers are kept.
    pub(crate) fn kept_len(&self) -> usize {
        self.victims.len() + self.mates.len()
    }

    /// The enemy pieces `side` could win in `pos` (as if it were to move).
    pub(crate) fn victims(&mut self, pos: &Position, side: Color, aside: &Aside) -> Vec<Threat> {
        self.weighed(pos, side, aside).0
    }

    /// What stood in `pos` for the newness of a threat (从捉到捉): the threats that count and
    /// the lines of checks that do not because a direct capture wins the same victim or was
    /// rejected for it (兑, 自毙) — such a line stood, and is not new when the capture goes.
    pub(crate) fn stood(&mut self, pos: &Position, side: Color, aside: &Aside) -> Vec<Threat> {
        let (mut v, masked) = self.weighed(pos, side, aside);
        v.extend(masked);
        v
    }

    fn weighed(
        &mut self,
        pos: &Position,
        side: Color,
        aside: &Aside,
    ) -> (Vec<Threat>, Vec<Threat>) {
        let key = (pos.hash(), side, aside.clone());
        if let Some((p, v, m)) = self.victims.get(&key)
            && same(p, pos)
        {
            return (v.clone(), m.clone());
        }
        let (v, m) = weigh_victims(pos, side, aside, &mut self.budget);
        self.victims
            .insert(key, (pos.clone(), v.clone(), m.clone()));
        (v, m)
    }

    /// Whether `side` forces mate by checks in `pos` (as if it were to move).
    pub(crate) fn mates(&mut self, pos: &Position, side: Color, aside: &Aside) -> bool {
        let key = (pos.hash(), side, aside.clone());
        if let Some((p, m)) = self.mates.get(&key)
            && same(p, pos)
        {
            return *m;
        }
        self.budget.charge(QUESTION_COST);
        let m = forces_mate(pos, side, aside, &mut self.budget) == Found::Yes;
        self.mates.insert(key, (pos.clone(), m));
        m
    }
}

/// The enemy pieces `side` could win in `pos` (as if it were to move), each pair once (the
/// two CXA editions weigh a gain alike).
pub(crate) fn victims(
    pos: &Position,
    side: Color,
    aside: &Aside,
    budget: &mut Budget,
) -> Vec<Threat> {
    weigh_victims(pos, side, aside, budget).0
}

/// [`victims`], and the threats by lines of checks that do not count because a direct
/// capture wins the same victim or was rejected for it (they stood all the same: see
/// [`Ctx::stood`]).
fn weigh_victims(
    pos: &Position,
    side: Color,
    aside: &Aside,
    budget: &mut Budget,
) -> (Vec<Threat>, Vec<Threat>) {
    let mut victims = Vec::new();
    if budget.left == 0 {
        return (victims, Vec::new());
    }
    let start = GAIN_NODES.min(budget.left);
    let mut weigher = Weigher::new(start, aside);
    let mut rejected = Vec::new();
    let tried = capture_threats(pos, side, &mut weigher, &mut victims, &mut rejected);
    // A piece won by a line of checks counts only when no capture wins it without them
    // (then the checks are not what wins it: a pawn's standing capture does not become a
    // chase of the checking piece), and never when its capture was rejected as an exchange
    // offer (兑) or as self-destruction (自毙): a victim rejected directly is not admitted
    // through another path.
    let direct: Vec<Square> = victims.iter().map(|t| t.victim).collect();
    let mut by_checks = Vec::new();
    check_threats(pos, side, &mut weigher, &mut by_checks);
    let (masked, by_checks): (Vec<Threat>, Vec<Threat>) = by_checks
        .into_iter()
        .partition(|t| direct.contains(&t.victim) || rejected.contains(&t.victim));
    victims.extend(by_checks);
    budget.left -= start - weigher.nodes;
    budget.charge(QUESTION_COST + CAPTURE_COST * tried);
    let mut seen = Vec::new();
    victims.retain(|t: &Threat| {
        let key = (t.attacker, t.victim);
        let first = !seen.contains(&key);
        seen.push(key);
        first
    });
    (victims, masked)
}

/// What `side` threatens in `pos`, as if it were to move (the current edition).
pub fn threats(pos: &Position, side: Color, aside: &Aside, budget: &mut Budget) -> Threats {
    let victims = victims(pos, side, aside, budget);
    let mate = forces_mate(pos, side, aside, budget) == Found::Yes;
    Threats { victims, mate }
}

/// `pos` with `side` to move.
fn to_move(pos: &Position, side: Color) -> Position {
    let mut p = pos.clone();
    p.set_side_to_move(side);
    p
}

/// The checks the side to move's last move gave (set aside while judging the opponent's
/// recaptures: what a piece threatens is judged as if the opponent did nothing), but not the
/// one a capture from `from` would discover.
fn standing_checks(p: &Position, from: Square) -> Vec<Square> {
    let side = p.side_to_move();
    p.king(side.other())
        .map(|k| p.attackers_of(k, side))
        .unwrap_or_default()
        .into_iter()
        .filter(|&s| s != from)
        .collect()
}

/// The material the capture `m` (of the side to move in `p`) wins once the exchange on the
/// point is over (never below what stopping gives), and the position after the capture.
fn exchange_after(p: &Position, m: Move) -> Option<(i32, Position)> {
    let (a, v) = (p.piece_at(m.from)?, p.piece_at(m.to)?);
    let mut after = p.clone();
    after.play_unchecked(m);
    let standing = standing_checks(p, m.from);
    let gain = value(v) - exchange_gain(&after, m.to, value(a), 6, &standing);
    Some((gain, after))
}

/// Every capture of `side` that wins material at once or by the exchange on the point, weighed
/// by `w`; the victims whose captures were rejected as 兑 or 自毙 go to `rejected`. Returns
/// how many captures it weighed.
fn capture_threats(
    pos: &Position,
    side: Color,
    w: &mut Weigher,
    out: &mut Vec<Threat>,
    rejected: &mut Vec<Square>,
) -> u32 {
    let p = to_move(pos, side);
    let mut list = MoveList::new();
    moves(&p, w.aside, &mut list);
    let mut tried = 0;
    for &m in list.iter() {
        let (Some(a), Some(v)) = (p.piece_at(m.from), p.piece_at(m.to)) else {
            continue;
        };
        if v.color == side || a.kind == Kind::King || !is_target(v, m.to) {
            continue;
        }
        tried += 1;
        match w.weigh(&p, m, 0, true, true) {
            Some(Weighed::Wins(_)) => {}
            Some(Weighed::Exchange | Weighed::SelfMate) => {
                rejected.push(m.to);
                continue;
            }
            _ => continue,
        }
        let mut after = p.clone();
        after.play_unchecked(m);
        let how = if captures_on(&after, m.to, &standing_checks(&p, m.from)).is_empty() {
            Gain::Unprotected
        } else {
            Gain::Exchange
        };
        out.push(Threat {
            attacker: m.from,
            victim: m.to,
            by_pawn: a.kind == Kind::Pawn,
            how,
        });
    }
    tried
}

/// 24.4 兑: the attacked piece is of the attacker's kind and may take it first, without being
/// mated at once for it nor losing material in the exchange that follows (`them`: the
/// position with the victim's side to move).
fn offers_exchange(
    them: &Position,
    m: Move,
    a: crate::xiangqi::rules::Piece,
    v: crate::xiangqi::rules::Piece,
) -> bool {
    if a.kind != v.kind {
        return false;
    }
    let back = Move::new(m.to, m.from);
    if !them.is_legal(back) {
        return false;
    }
    let mut taken = them.clone();
    taken.play_unchecked(back);
    !has_mate_in_one(&taken) && value(a) - exchange_gain(&taken, m.from, value(v), 6, &[]) >= 0
}

/// Material won by a check or a run of checks from the next move: each line's victims. A
/// checking capture is weighed as every capture is (兑, 自毙, a check back), and the line's
/// own captures too.
fn check_threats(pos: &Position, side: Color, w: &mut Weigher, out: &mut Vec<Threat>) {
    let p = to_move(pos, side);
    if p.can_capture_king() {
        return;
    }
    let mut list = MoveList::new();
    checks(&p, w.aside, &mut list);
    for &c in list.iter() {
        let (taken, victim) = captured_value(&p, c);
        if victim.is_some() {
            // The checking capture itself: rejected as a capture is (兑, 自毙), it is no
            // gain through the check either.
            match w.weigh(&p, c, i32::MIN / 2, false, true) {
                None => break,
                Some(Weighed::Exchange | Weighed::SelfMate) => continue,
                Some(_) => {}
            }
        }
        let mut next = p.clone();
        next.play_unchecked(c);
        let line = Line {
            depth: GAIN_CHECKS,
            above: -taken,
            back: true,
            taking: None,
        };
        let Some(won) = w.defend(&next, line) else {
            break;
        };
        // A line of checks is the threat of the piece that takes at its end (a pawn's step
        // that uncovers a cannon's check which then takes the blocker is the cannon's chase:
        // 闲兼捉), `attacker` the piece that checks first (newness follows it).
        if let Some(won) = won {
            let first = victim.map(|v| (v, is_pawn(&p, c.from)));
            for (victim, by_pawn) in first.into_iter().chain(won.pieces) {
                out.push(Threat {
                    attacker: c.from,
                    victim,
                    by_pawn,
                    how: Gain::Checks,
                });
            }
        }
    }
}
