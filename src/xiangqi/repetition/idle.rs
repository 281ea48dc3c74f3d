//! The allowed moves (24.8 闲 and its kinds) and the defensive-point clause of article 27.
//!
//! * 兑 (24.4): the moved piece stands where an enemy piece of its kind may take it, and the
//!   taker would be neither mated at once nor lose material in the exchange that follows.
//! * 献 (24.5): the same with a taker of another kind (a piece offered).
//! * 拦 (24.6): the move stands in an enemy piece's way (its line, its horse's leg, its
//!   elephant's eye) and so parries a threat of the opponent that stood before it (a mate
//!   threat, or a piece the opponent could win other than the one that moved).
//! * 跟 (24.7): the moved piece (not the king, not a pawn: their own attacks are idle) can take
//!   an enemy piece that its roots protect (so no chase); a capture that would let the opponent
//!   mate at once is no attack at all (自毙之子: plain 闲).
//! * 闲: anything else.
//!
//! When several apply the first of this list is named. A move that answers a check is never
//! called 拦 (interposing against a check is answering it).

use super::aside::Aside;
use super::cxa::Ctx;
use super::threats::{Threat, exchange_gain, has_mate_in_one, is_target, value};
use crate::core::verdict::MoveClass;
use crate::xiangqi::rules::{Color, Kind, Move, MoveList, Piece, Position, Square};

/// The kind of the allowed move `mv` (from `before` to `after`), with the points it concerns.
/// `free`: the mover was not in check before it.
pub(crate) fn allowed_kind(
    before: &Position,
    mv: Move,
    after: &Position,
    free: bool,
    ctx: &mut Ctx,
) -> (MoveClass, Vec<Square>) {
    let side = before.side_to_move();
    let them = side.other();
    let Some(moved) = after.piece_at(mv.to) else {
        return (MoveClass::Idle, Vec::new());
    };
    // Past the game's budget a move is plain idle (the kinds of allowed moves decide
    // nothing; see mate::Budget).
    if ctx.budget.left == 0 {
        return (MoveClass::Idle, Vec::new());
    }
    let (exchange, offer) = takers(after, mv.to, moved);
    if !exchange.is_empty() {
        return (MoveClass::Exchange, exchange);
    }
    if !offer.is_empty() {
        return (MoveClass::Offer, offer);
    }
    if free && !after.is_check() {
        let none = Aside::none();
        let parried = (ctx.mates(before, them, &none) && !ctx.mates(after, them, &none)) || {
            let was = ctx.victims(before, them, &none);
            !was.is_empty() && {
                let is = ctx.victims(after, them, &none);
                was.iter()
                    .any(|t| t.victim != mv.from && !is.iter().any(|o| o.victim == t.victim))
            }
        };
        if parried {
            let blocked = blocked_pieces(before, mv, after, them);
            if !blocked.is_empty() {
                return (MoveClass::Block, blocked);
            }
        }
        // 长拦: a piece that must stay on its line keeps blocking on every move — without it
        // where it now stands, the opponent would force mate or take the king.
        if moved.kind != Kind::King {
            let blocked = stands_in_the_way(after, mv.to, them, ctx);
            if !blocked.is_empty() {
                return (MoveClass::Block, blocked);
            }
        }
    }
    // The king's and a pawn's own attacks are idle (article 27): they never follow (跟).
    let followed = if matches!(moved.kind, Kind::King | Kind::Pawn) {
        Vec::new()
    } else {
        followed_pieces(after, mv.to, side)
    };
    if !followed.is_empty() {
        return (MoveClass::Follow, followed);
    }
    (MoveClass::Idle, Vec::new())
}

/// The enemy pieces that may take the piece `moved` on `sq` (the enemy to move in `after`)
/// without being mated at once for it nor losing material: of its kind (兑), of another (献).
fn takers(after: &Position, sq: Square, moved: Piece) -> (Vec<Square>, Vec<Square>) {
    let (mut exchange, mut offer) = (Vec::new(), Vec::new());
    for from in after.legal_attackers_of(sq, moved.color.other()) {
        let Some(taker) = after.piece_at(from) else {
            continue;
        };
        let mut taken = after.clone();
        taken.play_unchecked(Move::new(from, sq));
        if has_mate_in_one(&taken) {
            continue;
        }
        if value(moved) - exchange_gain(&taken, sq, value(taker), 6, &[]) < 0 {
            continue;
        }
        if taker.kind == moved.kind {
            exchange.push(from);
        } else {
            offer.push(from);
        }
    }
    (exchange, offer)
}

/// The enemy pieces (of `them`, to move in `after`) that the piece on `sq` holds back from a
/// mate: without it, `them` would force mate and its pieces would reach further; with it,
/// not. Empty when it holds back none.
fn stands_in_the_way(after: &Position, sq: Square, them: Color, ctx: &mut Ctx) -> Vec<Square> {
    let mut without = after.clone();
    without.set_piece(sq, None);
    // A piece that shields its own king from a check keeps the attack on its king blocked:
    // pinned, it is 拦 on every move along its line (长拦), held back being the pieces that
    // would take the king without it.
    if without.can_capture_king() {
        return without
            .king(them.other())
            .map(|k| without.attackers_of(k, them))
            .unwrap_or_default();
    }
    // The pieces it holds back first (cheap), the mate searches only when there are any.
    let held: Vec<Square> = after
        .pieces()
        .filter(|&(_, p)| p.color == them)
        .filter(|&(from, _)| {
            let now = reach(after, from, them);
            reach(&without, from, them).iter().any(|d| !now.contains(d))
        })
        .map(|(from, _)| from)
        .collect();
    let none = Aside::none();
    if held.is_empty() || !ctx.mates(&without, them, &none) || ctx.mates(after, them, &none) {
        return Vec::new();
    }
    held
}

/// The destination points of the piece on `sq` by its own rules (its side to move).
fn reach(pos: &Position, sq: Square, color: Color) -> Vec<Square> {
    let mut p = pos.clone();
    p.set_side_to_move(color);
    let mut list = MoveList::new();
    p.gen_pseudo_from(sq.index(), &mut list);
    list.iter().map(|m| m.to).collect()
}

/// The enemy pieces whose way the move stands in: points they reached before and no longer
/// reach (other than the moved piece's own point).
fn blocked_pieces(before: &Position, mv: Move, after: &Position, them: Color) -> Vec<Square> {
    before
        .pieces()
        .filter(|&(_, p)| p.color == them)
        .filter(|&(sq, _)| {
            let now = reach(after, sq, them);
            reach(before, sq, them)
                .iter()
                .any(|d| *d != mv.to && !now.contains(d))
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// The rooted enemy pieces (子力) the piece on `sq` could legally take (its side as if to
/// move): the capture would not let the opponent mate at once (that attack is merely formal,
/// 自毙之子: plain 闲) and the exchange on the point would not win (有根子).
fn followed_pieces(after: &Position, sq: Square, side: Color) -> Vec<Square> {
    let mut p = after.clone();
    p.set_side_to_move(side);
    if p.can_capture_king() {
        return Vec::new();
    }
    let Some(moved) = p.piece_at(sq) else {
        return Vec::new();
    };
    p.legal_moves_from(sq)
        .into_iter()
        .filter(|m| {
            p.piece_at(m.to).is_some_and(|v| {
                v.color != side && is_target(v, m.to) && {
                    let mut taken = p.clone();
                    taken.play_unchecked(*m);
                    !has_mate_in_one(&taken)
                        && value(v) - exchange_gain(&taken, m.to, value(moved), 6, &[]) <= 0
                }
            })
        })
        .map(|m| m.to)
        .collect()
}

/// Article 27: 占据防守要点，立即构成简明和棋，附带产生的捉士相（象），按闲处理. Read as: every
/// new target is an advisor or an elephant, the moved piece stands on its own half, and the
/// move parries a mate the opponent threatened before it (the point it takes is a key point
/// of the defence). Whether the position then is "a simple draw" is not judged.
pub(crate) fn occupies_defensive_point(
    before: &Position,
    mv: Move,
    after: &Position,
    fresh: &[Threat],
    ctx: &mut Ctx,
) -> bool {
    let Some(moved) = after.piece_at(mv.to) else {
        return false;
    };
    let only_guards = fresh.iter().all(|t| {
        after
            .piece_at(t.victim)
            .is_some_and(|v| matches!(v.kind, Kind::Advisor | Kind::Elephant))
    });
    if !only_guards || !mv.to.on_own_half(moved.color) || after.is_check() {
        return false;
    }
    let them = moved.color.other();
    let none = Aside::none();
    ctx.mates(before, them, &none) && !ctx.mates(after, them, &none)
}
