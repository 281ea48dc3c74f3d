//! Classifies one move of a repetition cycle in the rulebook's terms (第24条): 将 check, 杀
//! mate threat, 捉 chase, and the allowed moves 兑 exchange, 献 offer, 拦 block, 跟 follow, 闲.
//!
//! Order of weight (从重, article 27): check, then mate threat, then chase, then the allowed
//! kinds. A checking move is a check: "mate if the opponent did nothing" presumes the
//! opponent may pass, which a side in check may not, so check and mate threat never overlap;
//! a mate threat that also chases is a mate threat (杀兼捉，按杀).
//!
//! Newness (从无到有): a threat counts only when it did not stand before the move: the same
//! piece (the moved one followed to its new point) against the same enemy piece is 从捉到捉,
//! not a chase; another piece newly able to win it (discovered, unpinned, a screen added) is.
//! When the move answers a check, what stood before is judged with that check set aside: a
//! move forced to answer a check is judged by what it newly creates, not by threats that merely
//! survive it; and a mate threatened before the opponent's check that stands again after the
//! reply is not new (从杀到杀; 2020 图13: a check that hands the opponent a mate does not make
//! the reply a mate threat).

use super::Code;
use super::aside::Aside;
use super::cxa::Ctx;
use super::idle;
use super::threats::{Gain, Threat, new_threats};
use crate::core::verdict::MoveClass;
use crate::xiangqi::rules::{Move, Position, Square};

/// What one move does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MoveInfo {
    pub check: bool,
    pub mate_threat: bool,
    /// New threats by pieces other than pawns.
    pub chases: Vec<Threat>,
    /// New threats by pawns (a pawn's own chase is idle, article 27).
    pub pawn_chases: Vec<Threat>,
    /// Of those, the moved pawn's own direct threats (兵（卒）叫吃子: not through a check): what
    /// the 1999 edition counts as 捉 when both sides chase perpetually (发生互打时).
    pub pawn_calls: Vec<Threat>,
    /// The enemy king's point (the target of a check or mate threat).
    pub king: Option<Square>,
    /// The kind of an allowed move (兑, 献, 拦, 跟 or plain 闲) and the points it concerns.
    pub allowed: (MoveClass, Vec<Square>),
    /// Why a formal attack was not counted, in words (e.g. occupying a defensive point).
    pub note: Option<&'static str>,
    /// What else the move is, besides its class (which is the heavier, 从重): 捉 for a mate
    /// threat that also chases (杀兼捉), 闲 for a pawn's step that is another piece's chase
    /// (闲兼捉: the pawn's own step is idle, the chase it makes is judged).
    pub also: Option<MoveClass>,
}

impl MoveInfo {
    /// The class, counting pawn chases or not.
    pub(crate) fn class(&self, pawns_chase: bool) -> MoveClass {
        if self.check {
            MoveClass::Check
        } else if self.mate_threat {
            MoveClass::MateThreat
        } else if !self.chases.is_empty() || (pawns_chase && !self.pawn_calls.is_empty()) {
            MoveClass::Chase
        } else {
            self.allowed.0
        }
    }

    /// The points the move aims at, for its class.
    pub(crate) fn targets(&self, pawns_chase: bool) -> Vec<Square> {
        let mut v: Vec<Square> = match self.class(pawns_chase) {
            MoveClass::Check | MoveClass::MateThreat => self.king.into_iter().collect(),
            MoveClass::Chase => {
                let mut v: Vec<Square> = self.chases.iter().map(|t| t.victim).collect();
                if pawns_chase {
                    v.extend(self.pawn_calls.iter().map(|t| t.victim));
                }
                v
            }
            _ => self.allowed.1.clone(),
        };
        v.sort();
        v.dedup();
        v
    }
}

/// Analyses the move `mv` played from `before` (its side to move) under the AXF reading: no
/// mate threats, chases by the pieces' lines (see `threats::new_threats`).
pub(crate) fn analyse_axf(before: &Position, mv: Move) -> MoveInfo {
    let side = before.side_to_move();
    let mut after = before.clone();
    after.play_unchecked(mv);
    let (pawn_chases, chases) = new_threats(before, mv, &after, Code::Axf)
        .into_iter()
        .partition(|t| t.by_pawn);
    MoveInfo {
        check: after.is_check(),
        mate_threat: false,
        chases,
        pawn_chases,
        pawn_calls: Vec::new(),
        king: after.king(side.other()),
        allowed: (MoveClass::Idle, Vec::new()),
        note: None,
        also: None,
    }
}

/// Analyses the move `mv` played from `before` under the CXA rulebook. `prev` is the position
/// before the opponent's last move and that move (what stood before a check).
pub(crate) fn analyse_cxa(
    prev: Option<(&Position, Move)>,
    before: &Position,
    mv: Move,
    ctx: &mut Ctx,
) -> MoveInfo {
    let side = before.side_to_move();
    let them = side.other();
    let mut after = before.clone();
    after.play_unchecked(mv);
    let check = after.is_check();
    let none = Aside::none();
    let aside = Aside::checks_against(before, side);
    // The pieces the side could win after the move that it could not win before (the same
    // piece, the moved one followed, against the same enemy piece).
    let now = ctx.victims(&after, side, &none);
    let stood = if now.is_empty() {
        Vec::new()
    } else {
        ctx.stood(before, side, &aside)
    };
    let mut fresh: Vec<Threat> = now
        .iter()
        .filter(|t| {
            let from = if t.attacker == mv.to {
                mv.from
            } else {
                t.attacker
            };
            !stood
                .iter()
                .any(|o| o.attacker == from && o.victim == t.victim)
        })
        .copied()
        .collect();
    // A mate threat must be new too; answering a check, a mate the side threatened before the
    // opponent's check and threatens again stood as well (从杀到杀). Chases are judged against
    // the position before the move with the check set aside only: a piece the check took out
    // of reach and the reply brings back into reach is chased anew.
    let mate_threat = !check
        && ctx.mates(&after, side, &none)
        && !ctx.mates(before, side, &aside)
        && !match prev {
            Some((x, _)) if !aside.is_none() => ctx.mates(x, side, &none),
            _ => false,
        };
    let mut note = None;
    // Answering a check: an attack on the checking piece that every answer would open, and
    // that the checker cannot escape by taking first without being mated, is no chase: the
    // checking piece put itself there (自毙, 24.3 read with 24.4).
    if !aside.is_none() {
        let before_len = fresh.len();
        fresh.retain(|t| {
            !(aside.squares.contains(&t.victim)
                && every_answer_attacks(before, t.victim, ctx)
                && !takes_first(&after, t))
        });
        if fresh.len() < before_len {
            note = Some(
                "every answer to the check attacks the checking piece, which cannot take first without being mated: it put itself there (自毙), no chase",
            );
        }
    }
    if !fresh.is_empty()
        && aside.is_none()
        && idle::occupies_defensive_point(before, mv, &after, &fresh, ctx)
    {
        fresh.clear();
        note = Some(
            "it takes a key point of the defence against a mate, and its only targets are advisors or elephants (占据防守要点，附带产生的捉士相)",
        );
    }
    // A king's step that answers a check and so opens another piece's attack on the checking
    // piece is the king's own answer, idle (允许帅（将）本身步步叫吃; the arbiters of a 1989
    // team-championship game called such a 將4平5 閒): the checker stood on the line it opened.
    let king_answers = !aside.is_none()
        && before
            .piece_at(mv.from)
            .is_some_and(|p| p.kind == crate::xiangqi::rules::Kind::King);
    if king_answers && fresh.iter().any(|t| aside.squares.contains(&t.victim)) {
        fresh.retain(|t| !aside.squares.contains(&t.victim));
        note = Some(
            "the king's answer to the check opens an attack on the checking piece: the king's own step, idle (帅（将）本身…按闲着处理)",
        );
    }
    let (pawn_chases, chases): (Vec<Threat>, Vec<Threat>) =
        fresh.into_iter().partition(|t| t.by_pawn);
    let pawn_calls: Vec<Threat> = pawn_chases
        .iter()
        .filter(|t| t.attacker == mv.to && t.how != Gain::Checks)
        .copied()
        .collect();
    // A pawn's own chase is idle (article 27) and named so (2020 图14: the pawn's step is 闲,
    // whatever else it does); a move of another piece that offers an exchange or a piece stays
    // 兑 or 献 when a pawn's threat rides along (one it uncovers).
    let pawn_moved_chases = pawn_chases.iter().any(|t| t.attacker == mv.to);
    let allowed = if check || mate_threat || !chases.is_empty() || pawn_moved_chases {
        (MoveClass::Idle, Vec::new())
    } else {
        let kind = idle::allowed_kind(before, mv, &after, aside.is_none(), ctx);
        if pawn_chases.is_empty() || matches!(kind.0, MoveClass::Exchange | MoveClass::Offer) {
            kind
        } else {
            (MoveClass::Idle, Vec::new())
        }
    };
    ctx.budget.charge(super::cxa::QUESTION_COST);
    let pawn_step = before
        .piece_at(mv.from)
        .is_some_and(|p| p.kind == crate::xiangqi::rules::Kind::Pawn);
    let also = if chases.is_empty() || check {
        None
    } else if mate_threat {
        Some(MoveClass::Chase)
    } else if pawn_step {
        Some(MoveClass::Idle)
    } else {
        None
    };
    MoveInfo {
        check,
        mate_threat,
        chases,
        pawn_chases,
        pawn_calls,
        king: after.king(them),
        allowed,
        note,
        also,
    }
}

/// Whether every legal answer of the side to move in `before` (in check) opens an attack on
/// the checking piece on `checker`: a capture that wins it (not a line of checks).
fn every_answer_attacks(before: &Position, checker: Square, ctx: &mut Ctx) -> bool {
    let side = before.side_to_move();
    let answers = before.legal_moves_vec();
    !answers.is_empty()
        && answers.iter().all(|&r| {
            let mut after = before.clone();
            after.play_unchecked(r);
            ctx.victims(&after, side, &Aside::none())
                .iter()
                .any(|t| t.victim == checker && t.how != Gain::Checks)
        })
}

/// Whether the threatened piece (its side to move in `after`) can take its attacker first
/// without being mated at once for it.
fn takes_first(after: &Position, t: &Threat) -> bool {
    let take = Move::new(t.victim, t.attacker);
    after.is_legal(take) && {
        let mut taken = after.clone();
        taken.play_unchecked(take);
        !super::threats::has_mate_in_one(&taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        crate::xiangqi::notation::iccs::parse(s).unwrap()
    }

    fn cxa(fen: &str, m: &str) -> MoveInfo {
        let pos = Position::from_fen(fen).unwrap();
        analyse_cxa(None, &pos, mv(m), &mut Ctx::default())
    }

    #[test]
    fn check_chase_and_idle() {
        let fen = "9/4k4/9/9/4n4/9/9/9/R8/3K5 w - - 0 1";
        assert_eq!(cxa(fen, "a1a8").class(false), MoveClass::Check);
        // a1a5 attacks the unprotected horse e5: a chase of e5.
        let info = cxa(fen, "a1a5");
        assert_eq!(info.class(false), MoveClass::Chase);
        assert_eq!(info.targets(false), vec![Square::parse("e5").unwrap()]);
        // a1a2 does nothing.
        assert_eq!(cxa(fen, "a1a2").class(false), MoveClass::Idle);
    }

    #[test]
    fn mate_threat_needs_a_forced_mate() {
        // Black king d9 (a horse on d5 shields the d-file, a horse on c7 stops the rook
        // ladder on rank 7); the red king e0 holds the e-file. Ra1-a8 takes rank 8: then
        // Ri2-i9 would be mate. Before it, Red has no mate by checks.
        let fen = "3k5/9/2n6/9/3n5/9/9/8R/R8/4K4 w - - 0 1";
        let info = cxa(fen, "a1a8");
        assert_eq!(info.class(false), MoveClass::MateThreat, "{info:?}");
        assert_eq!(info.targets(false), vec![Square::parse("d9").unwrap()]);
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(analyse_axf(&pos, mv("a1a8")).class(false), MoveClass::Idle);
        assert_eq!(cxa(fen, "a1a2").class(false), MoveClass::Idle);
    }

    /// 2020 图13's point: a check that hands the opponent a mate does not make the opponent's
    /// reply a mate threat. Black, in check from the rook e4, would mate by R h5-h0 (the rook a1
    /// holds rank 1) if the check were not there; its king's step out of the check keeps that
    /// mate, which was there before the step: not a new threat.
    #[test]
    fn a_check_answered_is_judged_with_the_check_set_aside() {
        let before = Position::from_fen("4k4/9/9/9/7r1/4R4/9/9/r8/5K3 b - - 0 1").unwrap();
        let mut ctx = Ctx::default();
        let aside = Aside::checks_against(&before, crate::xiangqi::rules::Color::Black);
        assert!(!aside.is_none());
        assert!(ctx.mates(&before, crate::xiangqi::rules::Color::Black, &aside));
        assert!(!ctx.mates(&before, crate::xiangqi::rules::Color::Black, &Aside::none()));
        let info = analyse_cxa(None, &before, mv("e9d9"), &mut ctx);
        assert_ne!(info.class(false), MoveClass::MateThreat, "{info:?}");
        let mut after = before.clone();
        after.play_unchecked(mv("e9d9"));
        assert!(ctx.mates(&after, crate::xiangqi::rules::Color::Black, &Aside::none()));
    }

    /// A line of checks is followed to its end: Black's check C g3-g0 (the cannon i0 over the
    /// screen g0) wins the advisor d0 after C h2-h0 only if the cannon h0 cannot take back on
    /// d0, and it can: no threat (a search that stopped at the first reply that gave nothing
    /// used to count one).
    #[test]
    fn a_line_of_checks_counts_only_what_every_reply_leaves() {
        let pos =
            Position::from_fen("4kab2/4a4/4b4/4r3p/p1pRCP3/9/n1P3c2/N3B2C1/4A4/2BAK3c w - - 6 23")
                .unwrap();
        let mut ctx = Ctx::default();
        let black = crate::xiangqi::rules::Color::Black;
        let won = ctx.victims(&pos, black, &Aside::none());
        assert!(
            won.iter().all(|t| t.victim != Square::parse("d0").unwrap()),
            "{won:?}"
        );
    }
}
