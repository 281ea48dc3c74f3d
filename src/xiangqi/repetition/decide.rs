//! The decision on a classified cycle, per rule set (article 26 for the CXA), and the words
//! that explain it.

use super::Code;
use super::classify::MoveInfo;
use crate::core::record::{GameResult, Player};
use crate::core::verdict::{CycleMove, CycleSide, MoveClass, Reason};
use crate::xiangqi::rules::{Color, Move, Square};

/// One classified move of the cycle.
#[derive(Debug, Clone)]
pub(crate) struct Played {
    pub ply: usize,
    pub side: Color,
    pub mv: Move,
    pub text: String,
    pub info: MoveInfo,
}

/// The judge's ruling on a cycle.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ruling {
    pub result: GameResult,
    pub reason: Reason,
    pub detail: String,
    pub cycle: Vec<CycleMove>,
    /// Each side's moves in the arbiter's words (Red first).
    pub sides: Vec<CycleSide>,
}

fn win_for(c: Color) -> GameResult {
    GameResult::win_for(match c {
        Color::Red => Player::First,
        Color::Black => Player::Second,
    })
}

/// Every kind, heaviest first (从重).
const ALL_KINDS: [MoveClass; 8] = [
    MoveClass::Check,
    MoveClass::MateThreat,
    MoveClass::Chase,
    MoveClass::Exchange,
    MoveClass::Offer,
    MoveClass::Block,
    MoveClass::Follow,
    MoveClass::Idle,
];

/// What a side did over the cycle. A pawn's own chase does not count (article 27; 2020 图14:
/// not even when the other side attacks perpetually); under the 1999 edition it does when the
/// other side chases perpetually (发生互打时，兵（卒）叫吃子均按捉处理): `pawns`.
struct SideView {
    color: Color,
    classes: Vec<MoveClass>,
    pawns: bool,
}

impl SideView {
    fn new(moves: &[Played], color: Color) -> SideView {
        SideView::counting(moves, color, false)
    }
    fn counting(moves: &[Played], color: Color, pawns: bool) -> SideView {
        let classes = moves
            .iter()
            .filter(|p| p.side == color)
            .map(|p| p.info.class(pawns))
            .collect();
        SideView {
            color,
            classes,
            pawns,
        }
    }
    /// Whether the side has a pawn's chase that the view does not count.
    fn has_pawn_chase(&self, moves: &[Played]) -> bool {
        moves
            .iter()
            .any(|p| p.side == self.color && !p.info.pawn_calls.is_empty())
    }
    /// The side's moves over one lap (`lap` plies) in the arbiter's words.
    fn term(&self, lap: usize) -> String {
        let per_lap = lap.div_ceil(2).max(1).min(self.classes.len());
        side_term(&self.classes[..per_lap])
    }
    fn all(&self, f: impl Fn(MoveClass) -> bool) -> bool {
        !self.classes.is_empty() && self.classes.iter().all(|&c| f(c))
    }
    fn perpetual_check(&self) -> bool {
        self.all(|c| c == MoveClass::Check)
    }
    fn perpetual_chase(&self) -> bool {
        self.all(|c| c == MoveClass::Chase)
    }
    fn forbidden(&self) -> bool {
        self.all(|c| c.is_attack())
    }
    /// The name of a forbidden side's attack and the reason it loses by.
    fn attack(&self) -> (Reason, &'static str) {
        if self.all(|c| c == MoveClass::Check) {
            (Reason::PerpetualCheck, "长将 perpetual check")
        } else if self.all(|c| c == MoveClass::Chase) {
            (Reason::PerpetualChase, "长捉 perpetual chase")
        } else if self.all(|c| c == MoveClass::MateThreat) {
            (Reason::PerpetualMateThreat, "长杀 perpetual mate threat")
        } else {
            (
                Reason::PerpetualAttack,
                "a mixed perpetual attack (一将一捉 …)",
            )
        }
    }
    fn summary(&self) -> String {
        let count = |k: MoveClass| self.classes.iter().filter(|&&c| c == k).count();
        let parts: Vec<String> = ALL_KINDS
            .iter()
            .filter(|&&k| count(k) > 0)
            .map(|&k| format!("{} {}", count(k), k.as_str()))
            .collect();
        format!("{}: {}", self.color.name(), parts.join(", "))
    }
}

/// The length of one lap of the cycle: the shortest period of its moves.
fn lap_len(moves: &[Played]) -> usize {
    let n = moves.len();
    (1..=n)
        .find(|&p| n.is_multiple_of(p) && (p..n).all(|i| moves[i].mv == moves[i - p].mv))
        .unwrap_or(n)
}

/// A count in the rulebook's words: 一, 两, 三 … 十, 十一 … 九十九.
fn numeral(n: usize) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九"];
    const TENS: [&str; 10] = ["", "", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => DIGITS[n].to_string(),
        10..=99 => {
            let unit = if n.is_multiple_of(10) {
                ""
            } else if n % 10 == 2 {
                "二"
            } else {
                DIGITS[n % 10]
            };
            format!("{}十{unit}", TENS[n / 10])
        }
        _ => n.to_string(),
    }
}

/// A side's moves over one lap in the arbiter's words: 长将, 长捉, 长拦 (every move the same
/// kind), 两闲, 一将一捉, 两将一闲 … (the kinds counted, heaviest first).
pub(crate) fn side_term(classes: &[MoveClass]) -> String {
    let Some(&first) = classes.first() else {
        return String::new();
    };
    if classes.len() > 1 && classes.iter().all(|&c| c == first) && first != MoveClass::Idle {
        return format!("长{}", first.label());
    }
    ALL_KINDS
        .iter()
        .filter_map(|&k| {
            let n = classes.iter().filter(|&&c| c == k).count();
            (n > 0).then(|| format!("{}{}", numeral(n), k.label()))
        })
        .collect()
}

/// The AXF chase: the enemy pieces chased on every one of `color`'s moves, followed through
/// the opponent's moves (the victim may run and be chased again).
fn perpetual_victims(moves: &[Played], color: Color) -> Vec<Square> {
    let mut tracked: Option<Vec<Square>> = None;
    for p in moves {
        if p.side != color {
            if let Some(t) = tracked.as_mut() {
                for s in t.iter_mut() {
                    if *s == p.mv.from {
                        *s = p.mv.to;
                    }
                }
            }
            continue;
        }
        let now: Vec<Square> = p.info.chases.iter().map(|t| t.victim).collect();
        tracked = Some(match tracked {
            None => now,
            Some(t) => t.into_iter().filter(|s| now.contains(s)).collect(),
        });
    }
    tracked.unwrap_or_default()
}

fn squares(v: &[Square]) -> String {
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Decides a classified cycle.
pub(crate) fn judge_infos(moves: &[Played], code: Code) -> Ruling {
    let mut red = SideView::new(moves, Color::Red);
    let mut black = SideView::new(moves, Color::Black);
    // The 1999 edition: when both sides chase perpetually, a pawn's own threats count
    // (发生互打时，兵（卒）叫吃子均按捉处理): against a side whose every move is 捉, the
    // moved pawn's direct threats are chases. Not against checks or mate threats (the
    // arbiters of the 1999 rules applied the clause to mutual chases only), and not a pawn's
    // win through a check (特例，视为闲: the pawn's step is not its own capture).
    let mut mutual = String::new();
    if code == Code::Cxa1999 {
        let (red_chases, black_chases) = (red.perpetual_chase(), black.perpetual_chase());
        for (view, other_chases) in [(&mut red, black_chases), (&mut black, red_chases)] {
            if other_chases && view.has_pawn_chase(moves) {
                *view = SideView::counting(moves, view.color, true);
                mutual = format!(
                    " ({} chases perpetually, so {}'s pawn chases count as 捉: 发生互打时，兵（卒）叫吃子均按捉处理, 1999 edition)",
                    view.color.other().name(),
                    view.color.name()
                );
            }
        }
    }
    let lap = lap_len(moves);
    let (first, last) = (
        moves.first().map(|p| p.ply).unwrap_or(0),
        moves.last().map(|p| p.ply).unwrap_or(0),
    );
    let why: String;
    let (result, reason);
    match code {
        Code::Cxa | Code::Cxa1999 => {
            let (rp, bp) = (red.perpetual_check(), black.perpetual_check());
            if rp != bp {
                let checker = if rp { &red } else { &black };
                result = win_for(checker.color.other());
                reason = Reason::PerpetualCheck;
                why = format!(
                    "{} checks on every move (长将) and {} does not: a one-sided perpetual check always loses (article 26)",
                    checker.color.name(),
                    checker.color.other().name()
                );
            } else {
                // 2020 图14: a pawn's own chase is idle even when the other side attacks
                // perpetually (the seed's 互相长打 clause is not applied).
                let (fr, fb) = (red.forbidden(), black.forbidden());
                let (rt, bt) = (red.term(lap), black.term(lap));
                if fr != fb {
                    let bad = if fr { &red } else { &black };
                    let (r, name) = bad.attack();
                    result = win_for(bad.color.other());
                    reason = r;
                    why = format!(
                        "Red {rt}, Black {bt}: {} uses forbidden moves ({name}: no allowed move in the cycle) and {} allowed ones: the forbidden side must change and loses (article 26)",
                        bad.color.name(),
                        bad.color.other().name()
                    );
                } else if fr {
                    result = GameResult::Draw;
                    reason = Reason::RepetitionDraw;
                    why = format!(
                        "Red {rt}, Black {bt}: both sides use forbidden moves, neither a one-sided perpetual check: a draw (article 26){mutual}"
                    );
                } else {
                    result = GameResult::Draw;
                    reason = Reason::RepetitionDraw;
                    why = format!(
                        "Red {rt}, Black {bt}: both sides use allowed moves (each has an allowed move in the cycle): a draw (不变作和, article 26)"
                    );
                }
            }
        }
        Code::Axf => {
            let (rp, bp) = (red.perpetual_check(), black.perpetual_check());
            let (rv, bv) = (
                perpetual_victims(moves, Color::Red),
                perpetual_victims(moves, Color::Black),
            );
            if rp != bp {
                let c = if rp { Color::Red } else { Color::Black };
                result = win_for(c.other());
                reason = Reason::PerpetualCheck;
                why = format!(
                    "{} checks on every move and {} does not: perpetual check loses (AXF)",
                    c.name(),
                    c.other().name()
                );
            } else if rp {
                result = GameResult::Draw;
                reason = Reason::RepetitionDraw;
                why = "both sides check perpetually: a draw (AXF)".to_string();
            } else if rv.is_empty() != bv.is_empty() {
                let (c, v) = if rv.is_empty() {
                    (Color::Black, &bv)
                } else {
                    (Color::Red, &rv)
                };
                result = win_for(c.other());
                reason = Reason::PerpetualChase;
                why = format!(
                    "{} chases the same piece ({}) on every move and {} does not chase perpetually: perpetual chase loses (AXF)",
                    c.name(),
                    squares(v),
                    c.other().name()
                );
            } else if !rv.is_empty() {
                result = GameResult::Draw;
                reason = Reason::RepetitionDraw;
                why = format!(
                    "both sides chase perpetually (Red {}, Black {}): a draw (AXF)",
                    squares(&rv),
                    squares(&bv)
                );
            } else {
                result = GameResult::Draw;
                reason = Reason::RepetitionDraw;
                why = "neither side checks nor chases the same piece on every move (mate threats and check-and-chase alternations are allowed): a draw (AXF)".to_string();
            }
        }
    }
    let pawns = |c: Color| {
        if c == Color::Red {
            red.pawns
        } else {
            black.pawns
        }
    };
    let cycle: Vec<CycleMove> = moves
        .iter()
        .map(|p| CycleMove {
            ply: p.ply,
            side: p.side.name().to_string(),
            move_text: p.text.clone(),
            kind: p.info.class(pawns(p.side)),
            targets: p
                .info
                .targets(pawns(p.side))
                .iter()
                .map(|s| s.to_string())
                .collect(),
            also: p.info.also,
        })
        .collect();
    let detail = format!(
        "cycle plies {first}-{last} ({} rules): {}; {}; {}. {why}",
        code.name(),
        CycleMove::listing(&cycle),
        red.summary(),
        black.summary(),
    );
    let sides = [(Color::Red, &red), (Color::Black, &black)]
        .into_iter()
        .map(|(color, view)| CycleSide {
            side: color.name().to_string(),
            term: view.term(lap),
            forbidden: match code {
                Code::Cxa | Code::Cxa1999 => view.forbidden(),
                Code::Axf => view.perpetual_check() || !perpetual_victims(moves, color).is_empty(),
            },
        })
        .collect();
    Ruling {
        result,
        reason,
        detail,
        cycle,
        sides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_in_the_rulebook_s_words() {
        use MoveClass::*;
        assert_eq!(side_term(&[Chase, Chase]), "长捉");
        assert_eq!(side_term(&[Chase, Check]), "一将一捉");
        assert_eq!(side_term(&[Idle, Idle]), "两闲");
        assert_eq!(side_term(&[Exchange, Chase]), "一捉一兑");
        assert_eq!(side_term(&[Block, Block]), "长拦");
        assert_eq!(numeral(10), "十");
        assert_eq!(numeral(12), "十二");
        assert_eq!(numeral(20), "二十");
        assert_eq!(numeral(31), "三十一");
    }
}
