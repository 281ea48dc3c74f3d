//! Whether a capture wins material, decided in one place for every path (a direct capture, a
//! checking capture, a capture at the end of a line of checks): the [`Weigher`] and what a line
//! of checks wins whatever the defender answers ([`Won`]).

use super::*;

/// What weighing a capture found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Weighed {
    /// It wins this much, every test passed.
    Wins(i32),
    /// It wins no more than asked (the exchange on the point, roots included, decides).
    NoGain,
    /// 24.4 兑: a like piece that may take first without losing by it (the 2020 edition).
    Exchange,
    /// 自毙之子: the capture lets the opponent mate at once.
    SelfMate,
    /// The opponent answers it with a check, or a line of checks, that wins as much back
    /// (抽将, 抽回).
    CheckedBack,
}

/// How many checks a line that wins material back after a capture may take (抽将: a check
/// that wins what it attacks besides the king, or a line of them: 2020 图3's horse is rooted by
/// lines of three and four checks that win the rook back). Raised from 1 in steps, each measured
/// with `cargo bench --bench judge_budget` (docs/rules/xiangqi-repetition.md): the game's budget
/// bounds the cost whatever the depth.
pub(super) const BACK_CHECKS: u32 = 4;

/// The one place that decides whether a capture wins material, for every path: a direct
/// capture (a piece left unprotected, 少根子, a victim worth more than its taker, the
/// exchange on the point with the pieces joining in), a capture at the end of a line of
/// checks, a checking capture. Every test applies to each: the exchange on the point (roots,
/// fake and hidden ones), 兑, 自毙 (mated at once, also by an answer to a check that mates:
/// 解将还杀), and a check that wins the material back. `nodes` bounds every search it makes.
pub(super) struct Weigher<'a> {
    pub(super) nodes: u32,
    pub(super) aside: &'a Aside,
    /// Where the defender's pieces that moved during the line of checks being searched stood
    /// at its start (empty between lines).
    origins: Origins,
}

/// Where a line of checks stands: how many more checks it may give (`depth`), what it must
/// win more than (`above`), whether the opponent's check lines that win material back are
/// searched (`back`: see [`Weigher::weigh`]), and the piece it must take, when it must
/// (`taking`: that piece's point at the line's start).
#[derive(Debug, Clone, Copy)]
pub(super) struct Line {
    pub(super) depth: u32,
    pub(super) above: i32,
    pub(super) back: bool,
    pub(super) taking: Option<Square>,
}

impl<'a> Weigher<'a> {
    /// A weigher that may visit `nodes` positions, the checks in `aside` set aside.
    pub(super) fn new(nodes: u32, aside: &'a Aside) -> Weigher<'a> {
        Weigher {
            nodes,
            aside,
            origins: Origins::new(),
        }
    }

    /// Weighs the capture `m` of the side to move in `p`: does it win more than `above`?
    /// `back`: whether the opponent's check lines that win material back are searched (not
    /// inside such a search). `free_move`: whether the victim's side has a free move before the
    /// capture (a capture threatened by the move judged, or a line's first, checking capture),
    /// so that a like victim may take first (兑); inside a line of checks the victim's side has
    /// just answered a check, and a reply that took first is one of the replies searched
    /// ([`Weigher::defend`]), so 兑 is not asked again. `None` when the bound was reached.
    pub(super) fn weigh(
        &mut self,
        p: &Position,
        m: Move,
        above: i32,
        back: bool,
        free_move: bool,
    ) -> Option<Weighed> {
        let (Some(a), Some(v)) = (p.piece_at(m.from), p.piece_at(m.to)) else {
            return Some(Weighed::NoGain);
        };
        let Some((gain, after)) = exchange_after(p, m) else {
            return Some(Weighed::NoGain);
        };
        if gain <= above {
            return Some(Weighed::NoGain);
        }
        if free_move && offers_exchange(&to_move(p, v.color), m, a, v) {
            return Some(Weighed::Exchange);
        }
        if has_mate_in_one(&after) {
            return Some(Weighed::SelfMate);
        }
        if back && self.wins_back(p, m, &after, value(v) - above - 1)? {
            return Some(Weighed::CheckedBack);
        }
        Some(Weighed::Wins(gain))
    }

    /// Whether the opponent, to move in `after` (the capture `m` made in `p`), wins the
    /// capturing piece back, and more than `need` in all, by a check or a line of checks (抽将,
    /// 抽回; the checks the capturer's side gave before the capture set aside, as for its
    /// recaptures). A check that wins something else — material that hung before the capture
    /// too — does not refute the capture.
    pub(super) fn wins_back(
        &mut self,
        p: &Position,
        m: Move,
        after: &Position,
        need: i32,
    ) -> Option<bool> {
        let standing = standing_checks(p, m.from);
        let aside = if standing.is_empty() {
            Aside::none()
        } else {
            Aside {
                side: Some(after.side_to_move()),
                squares: standing,
            }
        };
        let mut back = Weigher::new(self.nodes, &aside);
        let line = Line {
            depth: BACK_CHECKS,
            above: need,
            back: false,
            taking: Some(m.to),
        };
        let found = back.check_line(after, line);
        self.nodes = back.nodes;
        Some(found?.is_some())
    }

    /// The side to move in `p` checks (within `depth` checks) and wins more than `above`, and
    /// what the first such line wins (one that wins the piece on `taking` whatever the defender
    /// answers, when given; else one that names a piece where a line does): `depth`, `above`
    /// and `taking` of the [`Line`].
    pub(super) fn check_line(&mut self, p: &Position, line: Line) -> Option<Option<Won>> {
        let Line { above, taking, .. } = line;
        let mut checking = MoveList::new();
        checks(p, self.aside, &mut checking);
        // A line that wins material but no piece whatever the defender answers (it chooses
        // what to give up), kept while a line that names one is looked for.
        let mut unnamed = None;
        for &c in checking.iter() {
            let (taken, victim) = captured_value(p, c);
            let mut next = p.clone();
            next.play_unchecked(c);
            // The piece looked for, unless this check takes it.
            let wanted = taking.filter(|&t| victim.is_none_or(|v| origin(&self.origins, v) != t));
            if let Some(mut vic) = self.defend(
                &next,
                Line {
                    above: above - taken,
                    taking: wanted,
                    ..line
                },
            )? {
                if let Some(v) = victim {
                    vic.pieces
                        .insert(0, (origin(&self.origins, v), is_pawn(p, c.from)));
                }
                match taking {
                    Some(t) if vic.pieces.iter().any(|&(s, _)| s == t) => return Some(Some(vic)),
                    Some(_) => {}
                    None if vic.pieces.is_empty() && !vic.mated => {
                        unnamed.get_or_insert(vic);
                    }
                    None => return Some(Some(vic)),
                }
            }
        }
        Some(unnamed)
    }

    /// The attacker to move after the defender answered a check: whether it can win more than
    /// `above` from here, by a capture now or by another check (within `depth` checks), and
    /// then the victims of such a line. With `taking`, only a line that takes that piece (its
    /// point at the line's start) counts, and the line goes on until it does: a line that
    /// wins enough on the way (an advisor that interposes) is followed to the capture of the
    /// piece looked for (`depth`, `above`, `taking`: those of the [`Line`]). `None` when the
    /// bound was reached.
    pub(super) fn attack(&mut self, p: &Position, line: Line) -> Option<Option<Won>> {
        let Line {
            depth,
            above,
            back,
            taking,
        } = line;
        visit(&mut self.nodes)?;
        // Stopping keeps what the line has won so far, unless the answer to the check mated
        // the attacker (解将还杀): then it wins nothing.
        if above < 0 && taking.is_none() {
            let mated = if self.aside.is_none() {
                !p.has_legal_move()
            } else {
                let mut list = MoveList::new();
                moves(p, self.aside, &mut list);
                list.is_empty()
            };
            return Some((!mated).then(Won::default));
        }
        let mut list = MoveList::new();
        moves(p, self.aside, &mut list);
        if list.is_empty() {
            return Some(None);
        }
        // Captures first, the most valuable victims first; a capture can win at most its
        // victim, and it is weighed as every capture is.
        let mut captures: Vec<(i32, Move)> = list
            .iter()
            .filter_map(|&m| {
                let (v, victim) = captured_value(p, m);
                let by_king = p.piece_at(m.from).is_some_and(|a| a.kind == Kind::King);
                let wanted = taking.is_none_or(|t| origin(&self.origins, m.to) == t);
                (victim.is_some() && !by_king && wanted && v > above).then_some((v, m))
            })
            .collect();
        captures.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        for (_, m) in captures {
            if let Weighed::Wins(_) = self.weigh(p, m, above, back, false)? {
                return Some(Some(Won {
                    pieces: vec![(origin(&self.origins, m.to), is_pawn(p, m.from))],
                    mated: false,
                }));
            }
        }
        if depth > 1 {
            return self.check_line(
                p,
                Line {
                    depth: depth - 1,
                    ..line
                },
            );
        }
        Some(None)
    }

    /// The defender to move, in check: whether every reply still lets the attacker win more
    /// than the [`Line`]'s `above`, and then the pieces it loses whatever it answers: the
    /// defender answers each check so as to save a piece where it can (a piece lost after one
    /// answer and saved by another is not won by the line; a line after which the defender
    /// chooses which of two pieces to give up wins material but names neither). A defender
    /// mated by the check loses everything: that reply is no escape (the line is a chase where
    /// other replies lose material; where every reply is mated the mate search calls it 杀).
    pub(super) fn defend(&mut self, p: &Position, line: Line) -> Option<Option<Won>> {
        visit(&mut self.nodes)?;
        let mut replies = MoveList::new();
        moves(p, self.aside, &mut replies);
        if replies.is_empty() {
            return Some(Some(Won {
                pieces: Vec::new(),
                mated: true,
            }));
        }
        let mut every: Option<Won> = None;
        for &r in replies.iter() {
            let lost = captured_value(p, r).0;
            let mut next = p.clone();
            next.play_unchecked(r);
            self.origins.push((r.to, origin(&self.origins, r.from)));
            let got = self.attack(
                &next,
                Line {
                    above: line.above + lost,
                    ..line
                },
            );
            self.origins.pop();
            match got? {
                None => return Some(None),
                Some(vic) => {
                    every = Some(match every {
                        None => vic,
                        Some(all) => all.and(vic),
                    });
                }
            }
        }
        Some(every)
    }
}

/// The value of what the move `m` of the side to move takes (a target only), and its point.
pub(super) fn captured_value(p: &Position, m: Move) -> (i32, Option<Square>) {
    match p.piece_at(m.to) {
        Some(v) if v.color != p.side_to_move() && is_target(v, m.to) => (value(v), Some(m.to)),
        _ => (0, None),
    }
}

/// What a line of checks wins whatever the defender answers: each victim's point at the line's
/// start and whether a pawn takes it; `mated`: every answer is mated (loses everything).
#[derive(Debug, Clone, Default)]
pub(super) struct Won {
    pub(super) pieces: Vec<(Square, bool)>,
    pub(super) mated: bool,
}

impl Won {
    /// What is lost whichever of two answers the defender chooses: the pieces lost after both
    /// (taken by a pawn only if by a pawn after both); a mated answer loses everything.
    fn and(self, other: Won) -> Won {
        if self.mated {
            return other;
        }
        if other.mated {
            return self;
        }
        let pieces = self
            .pieces
            .into_iter()
            .filter_map(|(s, pawn)| {
                let o = other.pieces.iter().find(|&&(t, _)| t == s)?;
                Some((s, pawn && o.1))
            })
            .collect();
        Won {
            pieces,
            mated: false,
        }
    }
}

pub(super) fn is_pawn(p: &Position, sq: Square) -> bool {
    p.piece_at(sq).is_some_and(|a| a.kind == Kind::Pawn)
}

/// Where the enemy pieces that moved during a line stood at its start (`(now, then)`).
pub(super) type Origins = Vec<(Square, Square)>;

pub(super) fn origin(origins: &Origins, sq: Square) -> Square {
    origins
        .iter()
        .rev()
        .find(|(now, _)| *now == sq)
        .map(|&(_, then)| then)
        .unwrap_or(sq)
}
