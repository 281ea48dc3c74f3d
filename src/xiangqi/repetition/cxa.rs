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

use super::aside::{Aside, checks, moves};
use super::mate::{Budget, Found, forces_mate};
use super::threats::{Gain, Threat, captures_on, exchange_gain, has_mate_in_one, is_target, value};
use crate::xiangqi::rules::{Color, Kind, Move, MoveList, Position, Square};
use std::collections::HashMap;

/// What a side threatens in a position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Threats {
    /// The enemy pieces it could win, by which piece (each pair once: the first way found).
    pub victims: Vec<Threat>,
    /// It forces mate by checks.
    pub mate: bool,
}

impl Threats {
    /// Whether the piece on `victim` is threatened.
    pub fn threatens(&self, victim: Square) -> bool {
        self.victims.iter().any(|t| t.victim == victim)
    }

    /// Whether the piece on `attacker` threatens the piece on `victim`.
    pub fn threatens_by(&self, attacker: Square, victim: Square) -> bool {
        self.victims
            .iter()
            .any(|t| t.attacker == attacker && t.victim == victim)
    }
}

/// How many checks a line that wins material may take, and how many positions one such
/// question may visit.
const GAIN_CHECKS: u32 = 3;
const GAIN_NODES: u32 = 1_500;
/// What a question costs the game's budget besides its searches (in positions' worth of
/// work), and what each capture weighed (its exchange and mate-at-once test) adds.
pub const QUESTION_COST: u32 = 4;
pub const CAPTURE_COST: u32 = 3;

/// The threats of one game's positions, kept: a cycle visits each of its positions at least
/// twice, and a repetition the players leave is judged again at every ply. The pieces a side
/// could win and whether it forces mate are asked and kept apart: most moves need only one.
#[derive(Debug)]
pub struct Ctx {
    victims: HashMap<Key, (Position, Vec<Threat>)>,
    mates: HashMap<Key, (Position, bool)>,
    pub budget: Budget,
}

/// A position (by hash, confirmed by its placement), the side asked about, the check set aside.
type Key = (u64, Color, Aside);

impl Default for Ctx {
    fn default() -> Self {
        Ctx {
            victims: HashMap::new(),
            mates: HashMap::new(),
            budget: Budget::game(),
        }
    }
}

fn same(p: &Position, pos: &Position) -> bool {
    p.board == pos.board && p.side_to_move() == pos.side_to_move()
}

impl Ctx {
    /// How many answers are kept.
    pub fn kept_len(&self) -> usize {
        self.victims.len() + self.mates.len()
    }

    /// The enemy pieces `side` could win in `pos` (as if it were to move).
    pub fn victims(&mut self, pos: &Position, side: Color, aside: &Aside) -> Vec<Threat> {
        let key = (pos.hash(), side, aside.clone());
        if let Some((p, v)) = self.victims.get(&key)
            && same(p, pos)
        {
            return v.clone();
        }
        let v = victims(pos, side, aside, &mut self.budget);
        self.victims.insert(key, (pos.clone(), v.clone()));
        v
    }

    /// Whether `side` forces mate by checks in `pos` (as if it were to move).
    pub fn mates(&mut self, pos: &Position, side: Color, aside: &Aside) -> bool {
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

    /// Both answers.
    pub fn threats(&mut self, pos: &Position, side: Color, aside: &Aside) -> Threats {
        Threats {
            victims: self.victims(pos, side, aside),
            mate: self.mates(pos, side, aside),
        }
    }
}

/// The enemy pieces `side` could win in `pos` (as if it were to move), each pair once.
pub fn victims(pos: &Position, side: Color, aside: &Aside, budget: &mut Budget) -> Vec<Threat> {
    let mut victims = Vec::new();
    if budget.left == 0 {
        return victims;
    }
    let tried = capture_threats(pos, side, aside, &mut victims);
    budget.charge(QUESTION_COST + CAPTURE_COST * tried);
    // A piece won by a line of checks counts only when no capture wins it without them:
    // then the checks are not what wins it (a pawn's standing capture does not become a
    // chase of the checking piece).
    let direct: Vec<Square> = victims.iter().map(|t| t.victim).collect();
    let mut by_checks = Vec::new();
    check_threats(pos, side, aside, budget, &mut by_checks);
    victims.extend(
        by_checks
            .into_iter()
            .filter(|t| !direct.contains(&t.victim)),
    );
    let mut seen = Vec::new();
    victims.retain(|t: &Threat| {
        let key = (t.attacker, t.victim);
        let first = !seen.contains(&key);
        seen.push(key);
        first
    });
    victims
}

/// What `side` threatens in `pos`, as if it were to move.
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

/// What the capture `m` wins, unless it lets the opponent mate at once (自毙之子: `None`).
/// The mate test, the costly part, runs only for a capture that wins more than `above`.
fn capture_gain(p: &Position, m: Move, above: i32) -> Option<i32> {
    let (gain, after) = exchange_after(p, m)?;
    (gain > above && !has_mate_in_one(&after)).then_some(gain)
}

/// Every capture of `side` that wins material at once or by the exchange on the point.
/// Returns how many captures it weighed.
fn capture_threats(pos: &Position, side: Color, aside: &Aside, out: &mut Vec<Threat>) -> u32 {
    let p = to_move(pos, side);
    let them = to_move(pos, side.other());
    let mut list = MoveList::new();
    moves(&p, aside, &mut list);
    let mut tried = 0;
    for &m in list.iter() {
        let (Some(a), Some(v)) = (p.piece_at(m.from), p.piece_at(m.to)) else {
            continue;
        };
        if v.color == side || a.kind == Kind::King || !is_target(v, m.to) {
            continue;
        }
        tried += 1;
        if capture_gain(&p, m, 0).is_none() || offers_exchange(&them, m, a, v) {
            continue;
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

/// Material won by a check or a run of checks from the next move: each line's victims.
fn check_threats(
    pos: &Position,
    side: Color,
    aside: &Aside,
    budget: &mut Budget,
    out: &mut Vec<Threat>,
) {
    let p = to_move(pos, side);
    if p.can_capture_king() {
        return;
    }
    let start = GAIN_NODES.min(budget.left);
    let mut search = GainSearch {
        nodes: start,
        aside,
    };
    let mut list = MoveList::new();
    checks(&p, aside, &mut list);
    let them = to_move(pos, side.other());
    for &c in list.iter() {
        // A checking capture of a like piece that may take first is an exchange offer (24.4),
        // as the same capture without check is.
        if let (Some(a), Some(v)) = (p.piece_at(c.from), p.piece_at(c.to))
            && v.color != side
            && offers_exchange(&them, c, a, v)
        {
            continue;
        }
        let (taken, victim) = captured_value(&p, c);
        let mut next = p.clone();
        next.play_unchecked(c);
        let Some(won) = search.defend(&next, GAIN_CHECKS, -taken, &mut Vec::new()) else {
            break;
        };
        if let Some(victims) = won {
            let by_pawn = p.piece_at(c.from).is_some_and(|a| a.kind == Kind::Pawn);
            for victim in victim.into_iter().chain(victims) {
                out.push(Threat {
                    attacker: c.from,
                    victim,
                    by_pawn,
                    how: Gain::Checks,
                });
            }
        }
    }
    budget.left -= start - search.nodes;
}

/// The value of what the move `m` of the side to move takes (a target only), and its point.
fn captured_value(p: &Position, m: Move) -> (i32, Option<Square>) {
    match p.piece_at(m.to) {
        Some(v) if v.color != p.side_to_move() && is_target(v, m.to) => (value(v), Some(m.to)),
        _ => (0, None),
    }
}

struct GainSearch<'a> {
    nodes: u32,
    aside: &'a Aside,
}

/// Where the enemy pieces that moved during a line stood at its start (`(now, then)`).
type Origins = Vec<(Square, Square)>;

fn origin(origins: &Origins, sq: Square) -> Square {
    origins
        .iter()
        .rev()
        .find(|(now, _)| *now == sq)
        .map(|&(_, then)| then)
        .unwrap_or(sq)
}

impl GainSearch<'_> {
    fn visit(&mut self) -> Option<()> {
        if self.nodes == 0 {
            return None;
        }
        self.nodes -= 1;
        Some(())
    }

    /// The attacker to move after the defender answered a check: whether it can win more than
    /// `above` from here, by a capture now or by another check (within `depth` checks), and
    /// then the victims of such a line. `None` when the bound was reached.
    fn attack(
        &mut self,
        p: &Position,
        depth: u32,
        above: i32,
        origins: &mut Origins,
    ) -> Option<Option<Vec<Square>>> {
        self.visit()?;
        // Stopping keeps what the line has won so far.
        if above < 0 {
            return Some(Some(Vec::new()));
        }
        let mut list = MoveList::new();
        moves(p, self.aside, &mut list);
        // Captures first, the most valuable victims first; a capture can win at most its
        // victim, and the costly mate test runs only for one that would do.
        let mut captures: Vec<(i32, Move)> = list
            .iter()
            .filter_map(|&m| {
                let (v, victim) = captured_value(p, m);
                let by_king = p.piece_at(m.from).is_some_and(|a| a.kind == Kind::King);
                (victim.is_some() && !by_king && v > above).then_some((v, m))
            })
            .collect();
        captures.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        for (_, m) in captures {
            if capture_gain(p, m, above).is_some() {
                return Some(Some(vec![origin(origins, m.to)]));
            }
        }
        if depth > 1 {
            let mut checking = MoveList::new();
            checks(p, self.aside, &mut checking);
            for &c in checking.iter() {
                let (taken, victim) = captured_value(p, c);
                let mut next = p.clone();
                next.play_unchecked(c);
                if let Some(mut vic) = self.defend(&next, depth - 1, above - taken, origins)? {
                    if let Some(v) = victim {
                        vic.insert(0, origin(origins, v));
                    }
                    return Some(Some(vic));
                }
            }
        }
        Some(None)
    }

    /// The defender to move, in check: whether every reply still lets the attacker win more
    /// than `above`, and then the victims of the first reply's line.
    fn defend(
        &mut self,
        p: &Position,
        depth: u32,
        above: i32,
        origins: &mut Origins,
    ) -> Option<Option<Vec<Square>>> {
        self.visit()?;
        let mut replies = MoveList::new();
        moves(p, self.aside, &mut replies);
        if replies.is_empty() {
            // Mated: that is 杀, not 捉 (the mate search judges it).
            return Some(None);
        }
        let mut first = None;
        for &r in replies.iter() {
            let lost = captured_value(p, r).0;
            let mut next = p.clone();
            next.play_unchecked(r);
            origins.push((r.to, origin(origins, r.from)));
            let got = self.attack(&next, depth, above + lost, origins);
            origins.pop();
            match got? {
                None => return Some(None),
                Some(vic) => {
                    if first.is_none() {
                        first = Some(vic);
                    }
                }
            }
        }
        Some(first)
    }
}
