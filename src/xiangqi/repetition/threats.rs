//! Threats to win material (捉): which enemy pieces a side could win on its next move.
//!
//! A capture `A×V` threatens to win material when `V` is a target (not the king, not a pawn
//! on its own half) and, after the capture, the opponent has no legal recapture on that point
//! (`V` has no *real* root: a pinned root, a cannon whose screen vanishes, a king stepping onto
//! an attacked point or a root that cannot meet a discovered check are fake roots), or `V` is
//! worth more than `A` (车 > 马 = 炮 > 士 = 相), or (CXA) the whole exchange on that point
//! still wins material (相关子). The king never chases by itself; a capture after which the
//! capturer is mated at once wins nothing (自毙之子, and the 拦 rule: a piece that may not
//! leave its line).

use super::Code;
use crate::xiangqi::rules::{Color, Kind, Move, MoveList, Piece, Position, Square};

/// One threat: the piece on `attacker` could win the piece on `victim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    pub attacker: Square,
    pub victim: Square,
    /// The attacker is a pawn (a pawn alone chases only when both sides attack perpetually).
    pub by_pawn: bool,
    /// How the material would be won.
    pub how: Gain,
}

/// How a threat wins material (24.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gain {
    /// The victim has no real root (无根子).
    Unprotected,
    /// The exchange on the point wins (a victim worth more than its taker, 少根子, pieces
    /// joining in).
    Exchange,
    /// A check or a run of checks from the next move wins it (`attacker` gives the first check).
    Checks,
}

/// Whether a threat stands, and the victim's roots by their move rules after the capture
/// (pinned ones included).
type Assessment = (bool, Vec<Square>);

/// The material value the chase rules compare: 车 4, 马 = 炮 2, 士 = 相 1, a pawn 1 (its
/// value floats: a pawn is only ever won when unprotected), the king more than anything.
pub(crate) fn value(piece: Piece) -> i32 {
    match piece.kind {
        Kind::Rook => 4,
        Kind::Horse | Kind::Cannon => 2,
        Kind::Advisor | Kind::Elephant | Kind::Pawn => 1,
        Kind::King => 100,
    }
}

/// Whether a piece can be chased at all: the king and pawns not yet across the river are not
/// 子力.
pub(crate) fn is_target(piece: Piece, sq: Square) -> bool {
    match piece.kind {
        Kind::King => false,
        Kind::Pawn => !sq.on_own_half(piece.color),
        _ => true,
    }
}

/// The moves of the side to move that land on `sq` and expose its king to no attack but by
/// the pieces on `standing`. Without standing checkers these are the legal moves; when the
/// mover's own last move checked, that check (`standing`) is set aside, so that a root counts
/// unless it is pinned (or is the king stepping onto an attacked point): what a piece
/// threatens is judged as if the opponent did nothing. A check that the capture itself
/// gives (a discovered check) is not set aside.
pub(super) fn captures_on(pos: &Position, sq: Square, standing: &[Square]) -> Vec<Move> {
    let side = pos.side_to_move();
    let them = side.other();
    let king = pos.king(side);
    let checkers = standing;
    pos.attackers_of(sq, side)
        .into_iter()
        .map(|from| Move::new(from, sq))
        .filter(|&m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            match next.king(side) {
                None => true,
                Some(k) if Some(m.from) == king => !next.is_attacked(k, them),
                Some(k) => next
                    .attackers_of(k, them)
                    .iter()
                    .all(|a| checkers.contains(a)),
            }
        })
        .collect()
}

/// Whether the side to move can checkmate at once.
pub(crate) fn has_mate_in_one(pos: &Position) -> bool {
    let mut list = MoveList::new();
    let mut scratch = pos.clone();
    scratch.legal_moves_mut(&mut list);
    list.iter().any(|&m| {
        scratch.gives_check(m) && {
            let mut next = pos.clone();
            next.play_unchecked(m);
            !next.has_legal_move()
        }
    })
}

/// The side to move's gain from the exchange on `sq`, where a piece worth `on_sq` stands:
/// it captures with its least valuable legal capturer, or stops (never below 0).
pub(super) fn exchange_gain(
    pos: &Position,
    sq: Square,
    on_sq: i32,
    depth: u32,
    standing: &[Square],
) -> i32 {
    if depth == 0 {
        return 0;
    }
    let best = captures_on(pos, sq, standing)
        .into_iter()
        .filter_map(|m| Some((value(pos.piece_at(m.from)?), m)))
        .min_by_key(|(v, _)| *v);
    let Some((capturer, m)) = best else {
        return 0;
    };
    let mut next = pos.clone();
    next.play_unchecked(m);
    // Standing checks are the first capturer's side's only: they alternate.
    (on_sq - exchange_gain(&next, sq, capturer, depth - 1, &[])).max(0)
}

/// Whether the capture `mv` (legal for the side to move in `pos`) wins material, and the
/// victim's roots by their move rules.
fn wins_material(
    pos: &Position,
    mv: Move,
    attacker: Piece,
    victim: Piece,
    code: Code,
) -> Assessment {
    // The checks the mover's last move gave, set aside for the recaptures.
    let standing: Vec<Square> = pos
        .king(victim.color)
        .map(|k| pos.attackers_of(k, attacker.color))
        .unwrap_or_default()
        .into_iter()
        .filter(|&s| s != mv.from)
        .collect();
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let roots = after.attackers_of(mv.to, victim.color);
    if code.is_cxa() && has_mate_in_one(&after) {
        return (false, roots);
    }
    let recaptures = captures_on(&after, mv.to, &standing);
    if recaptures.is_empty() || value(victim) > value(attacker) {
        return (true, roots);
    }
    // The CXA follows the exchange further: a second attacker makes a protected piece of
    // equal value a target too (the king joining in counts: 借帅之力).
    let wins = code.is_cxa()
        && value(victim) - exchange_gain(&after, mv.to, value(attacker), 6, &standing) > 0;
    (wins, roots)
}

#[cfg(test)]
/// Every threat of `side` in `pos` (as if `side` were to move).
pub(crate) fn threats(pos: &Position, side: Color, code: Code) -> Vec<Threat> {
    assess(pos, side, code)
        .into_iter()
        .filter(|(_, (wins, _))| *wins)
        .map(|(t, _)| t)
        .collect()
}

/// Every capture of a target by `side` in `pos` that is not an AXF exchange offer, with its
/// assessment.
fn assess(pos: &Position, side: Color, code: Code) -> Vec<(Threat, Assessment)> {
    let mut p = pos.clone();
    p.set_side_to_move(side);
    let mut them = pos.clone();
    them.set_side_to_move(side.other());
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut out = Vec::new();
    for &mv in list.iter() {
        let (Some(attacker), Some(victim)) = (p.piece_at(mv.from), p.piece_at(mv.to)) else {
            continue;
        };
        if attacker.kind == Kind::King || !is_target(victim, mv.to) {
            continue;
        }
        // AXF: two like pieces attacking each other offer an exchange, not a chase (unless
        // the attacked one may not take back: pinned, or an impaired horse).
        if code == Code::Axf
            && attacker.kind == victim.kind
            && them.is_legal(Move::new(mv.to, mv.from))
        {
            continue;
        }
        let threat = Threat {
            attacker: mv.from,
            victim: mv.to,
            by_pawn: attacker.kind == Kind::Pawn,
            how: Gain::Exchange,
        };
        out.push((threat, wins_material(&p, mv, attacker, victim, code)));
    }
    out
}

/// The threats the move `mv` (from `before`, where its side is to move) creates: threats in
/// the position after it that did not stand before (the moved piece keeps its identity), so
/// a piece that goes on attacking what it attacked is not a new chase (从捉到捉).
///
/// The CXA counts every threat that did not stand before (从无到有). The AXF counts an
/// attack only when it is new by the pieces' lines — a new attack, or an old one whose
/// victim lost a root to a pin (the root still reaches the point but may not recapture) —
/// not one that a root's vanishing line (a cannon losing its screen) turned into a threat.
pub(crate) fn new_threats(
    before: &Position,
    mv: Move,
    after: &Position,
    code: Code,
) -> Vec<Threat> {
    let side = before.side_to_move();
    let moved = |sq: Square| if sq == mv.from { mv.to } else { sq };
    let old = assess(before, side, code);
    let mut out = Vec::new();
    for (t, (wins, roots)) in assess(after, side, code) {
        if !wins {
            continue;
        }
        let prior = old
            .iter()
            .find(|(o, _)| moved(o.attacker) == t.attacker && o.victim == t.victim);
        let new = match (code, prior) {
            (_, None) => {
                // No capture stood before: new unless the attacker already attacked the
                // victim by its move rules (it could not take legally, e.g. pinned).
                code.is_cxa()
                    || !before
                        .attackers_of(t.victim, side)
                        .contains(&mv_back(mv, t.attacker))
            }
            (_, Some((_, (true, _)))) => false,
            (Code::Cxa | Code::Cxa1999, Some((_, (false, _)))) => true,
            (Code::Axf, Some((_, (false, old_roots)))) => {
                old_roots.iter().all(|r| roots.contains(r))
            }
        };
        if new {
            out.push(t);
        }
    }
    out
}

/// Where the piece now on `sq` stood before the move `mv`.
fn mv_back(mv: Move, sq: Square) -> Square {
    if sq == mv.to { mv.from } else { sq }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn unprotected_and_stronger_pieces_are_threatened() {
        // Red rook a5 attacks the black horse e5 (unprotected) and nothing else.
        let pos = Position::from_fen("4k4/9/9/9/R3n4/9/9/9/9/3K5 w - - 0 1").unwrap();
        let t = threats(&pos, Color::Red, Code::Cxa);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].victim, sq("e5"));
        // Protected by a pawn-free root (the black rook e9 down the file): no threat.
        let pos = Position::from_fen("3k4r/9/9/9/R7n/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(threats(&pos, Color::Red, Code::Cxa).is_empty());
        // A horse attacking a protected rook threatens it (worth more).
        let pos = Position::from_fen("3k5/9/9/9/4r3r/9/3N5/9/9/4K4 w - - 0 1").unwrap();
        let t = threats(&pos, Color::Red, Code::Cxa);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(t[0].victim, sq("e5"));
    }

    #[test]
    fn pinned_root_is_fake() {
        // The black horse c5 is protected by the rook c8, but that rook is pinned along rank
        // 8 (red rook a8, black king f8): it could not take back, so the horse is won.
        let pos = Position::from_fen("9/R1r2k3/9/9/R1n6/9/9/9/9/4K4 w - - 0 1").unwrap();
        let t = threats(&pos, Color::Red, Code::Cxa);
        assert!(t.iter().any(|t| t.victim == sq("c5")), "{t:?}");
        // Unpin it (no rook on a8): the root is real.
        let pos = Position::from_fen("9/2r2k3/9/9/R1n6/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(threats(&pos, Color::Red, Code::Cxa).is_empty());
    }
}
