//! The board verdicts of a replayed Xiangqi game, for the `Game` implementation to pass to
//! `core::verdict::decide` as step 2 of the spec's adjudication:
//!
//! * checkmate — the side to move has no legal move and is in check: it loses;
//! * stalemate (困毙) — no legal move, not in check: it loses too;
//! * king-captured — the side to move could take the enemy king (its opponent's last move
//!   left the king attacked). Legal replay never produces this after move 1; it can only
//!   come from a set-up read with `Position::from_fen_unchecked`, and is checked for that;
//! * insufficient-material — neither side has a piece that can cross the river: a draw;
//! * move-limit (自然限着) — `move-limit` moves (回合, two plies each; default 60) without a
//!   capture: a draw. The count starts from the set-up's FEN half-move clock;
//! * repetition — a position (placement and side to move) occurring for the `repetitions`-th
//!   time: the moves from its first occurrence form the cycle, which the repetition judge
//!   ([`crate::xiangqi::repetition`]) classifies and rules on by the `code` rule set (cxa or
//!   axf): perpetual check, chase, mate threat, mixed attack, or a draw.
//!
//! The first of these in ply order decides; at one ply they are tried in the order above.
//!
//! The replay plays a line of moves past this judge (`replay::board_verdict`, as the unit test
//! `a_line_of_moves_is_judged_by_the_board` shows); the verdict on a record (`verdict`) adds
//! the record's claim and events to the board's.

use crate::core::record::{GameResult, MoveEntry, Player, Record};
use crate::core::referee::{Judge, JudgedReplay, Judgement};
use crate::core::verdict::{Reason, Verdict, decide};
use crate::xiangqi::repetition::{self, Code};
use crate::xiangqi::rule_set::BoardRules;
use crate::xiangqi::rules::{Color, Move, Position};
use compact_str::CompactString;

use crate::xiangqi::repetition::table::RepetitionTable;

/// The verdict on a valid record (steps 2–5 of the spec's adjudication): the board verdict
/// of its judged replay first, then the record's own events and claim; notes on drawn
/// repetitions the players left follow.
pub(crate) fn verdict(record: &Record, judged: &JudgedReplay<Position, Move>) -> Verdict {
    let end = &judged.replay.end;
    let mut v = decide(
        judged.board.clone(),
        record.moves.len(),
        &record.events,
        record.claim.as_ref(),
        &|r| allows(end, r),
        &player_name,
    );
    for note in &judged.notes {
        v.detail.push_str(&format!("; note: {note}"));
    }
    v
}

/// How the report names a player.
pub(crate) fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "Red",
        Player::Second => "Black",
    }
}

fn player(c: Color) -> Player {
    match c {
        Color::Red => Player::First,
        Color::Black => Player::Second,
    }
}

/// The verdict of the position alone (after `ply` plies; `last` is the move that led to it).
fn position_verdict(pos: &Position, ply: usize, last: Option<Move>) -> Option<Verdict> {
    let stm = pos.side_to_move();
    let other = stm.other();
    // Only made when a rule decides (this runs at every ply).
    let after = || match last {
        Some(m) => format!("after ply {ply} ({m})"),
        None => "in the start position".to_string(),
    };
    if pos.can_capture_king() {
        return Some(Verdict::new(
            GameResult::win_for(player(stm)),
            Reason::KingCaptured,
            ply,
            format!(
                "{} can capture {}'s king {}: {} left it attacked",
                stm.name(),
                other.name(),
                after(),
                other.name()
            ),
        ));
    }
    if !pos.has_legal_move() {
        let (reason, how) = if pos.is_check() {
            (
                Reason::Checkmate,
                "is in check and has no legal move: checkmate",
            )
        } else {
            (
                Reason::Stalemate,
                "is not in check but has no legal move (困毙), which loses",
            )
        };
        return Some(Verdict::new(
            GameResult::win_for(player(other)),
            reason,
            ply,
            format!("{} to move {} {how}", stm.name(), after()),
        ));
    }
    if pos.is_insufficient_material() {
        return Some(Verdict::new(
            GameResult::Draw,
            Reason::InsufficientMaterial,
            ply,
            format!(
                "{} neither side has a piece that can cross the river (only kings, advisors and elephants): a draw",
                after()
            ),
        ));
    }
    None
}

/// The Xiangqi board rules, judged one move at a time (see [`crate::core::referee`]): the
/// move-by-move referee and adjudication both use it, so they give the same verdict at the
/// same ply.
#[derive(Debug)]
pub struct XiangqiJudge {
    rules: BoardRules,
    start: Position,
    moves: Vec<Move>,
    /// Each move as written (the cycle of a repetition names its moves so).
    texts: Vec<CompactString>,
    table: RepetitionTable,
    analyses: repetition::Analyses,
}

impl Clone for XiangqiJudge {
    /// The copy starts with no kept move analyses: they only save time, every ruling is the
    /// same without them.
    fn clone(&self) -> Self {
        XiangqiJudge {
            rules: self.rules,
            start: self.start.clone(),
            moves: self.moves.clone(),
            texts: self.texts.clone(),
            table: self.table.clone(),
            analyses: repetition::Analyses::default(),
        }
    }
}

impl XiangqiJudge {
    pub fn new(rules: BoardRules) -> XiangqiJudge {
        XiangqiJudge {
            rules,
            start: Position::start(),
            moves: Vec::new(),
            texts: Vec::new(),
            table: RepetitionTable::default(),
            analyses: repetition::Analyses::default(),
        }
    }

    /// With room for a game of `plies` plies.
    pub(crate) fn with_capacity(rules: BoardRules, plies: usize) -> XiangqiJudge {
        let mut j = XiangqiJudge::new(rules);
        j.moves.reserve(plies);
        j.texts.reserve(plies);
        j.table = RepetitionTable::with_capacity(plies + 1);
        j
    }

    pub(crate) fn rules(&self) -> &BoardRules {
        &self.rules
    }

    /// Rules on a repetition from its `n`-th occurrence (a trial copy: UCCI's `banmoves`).
    pub(crate) fn rule_at_occurrence(&mut self, n: u32) {
        self.rules.repetitions = n.min(self.rules.repetitions);
    }

    /// How many times `pos` (the position after one more move) would have stood, it included.
    pub(crate) fn occurrences_with(&self, pos: &Position) -> usize {
        self.table.count_with(pos)
    }
}

impl Judge for XiangqiJudge {
    type Position = Position;
    type Move = Move;

    fn start(&mut self, start: &Position) -> Option<Verdict> {
        self.start = start.clone();
        self.table.record(start);
        position_verdict(start, 0, None)
    }

    fn judge(
        &mut self,
        pos: &Position,
        mv: Move,
        entry: Option<&MoveEntry>,
        ply: usize,
        followed: bool,
    ) -> Judgement {
        self.moves.push(mv);
        self.texts
            .push(entry.map_or_else(|| CompactString::from(mv.iccs()), |e| e.text.clone()));
        // After a legal move the king can only be en prise in a set-up, and when another move
        // follows the side to move has a legal move: then only the material can decide, and
        // only after a capture (the half-move clock at 0). The full test runs otherwise.
        let full = !followed || (pos.halfmove_clock() == 0 && pos.is_insufficient_material());
        if full && let Some(v) = position_verdict(pos, ply, Some(mv)) {
            return Judgement::Ends(v);
        }
        let limit_plies = 2 * self.rules.move_limit;
        if pos.halfmove_clock() >= limit_plies {
            return Judgement::Ends(Verdict::new(
                GameResult::Draw,
                Reason::MoveLimit,
                ply,
                format!(
                    "{} moves ({} plies) without a capture (自然限着, move-limit={}): no capture in the {} plies up to ply {ply}, a draw",
                    self.rules.move_limit,
                    limit_plies,
                    self.rules.move_limit,
                    pos.halfmove_clock()
                ),
            ));
        }
        if self.table.record(pos) >= self.rules.repetitions as usize {
            let plies = self.table.occurrences();
            let texts = &self.texts;
            let text = |ply: usize, mv: Move| {
                ply.checked_sub(1)
                    .and_then(|i| texts.get(i))
                    .map_or_else(|| mv.iccs(), |t| t.to_string())
            };
            let v = judge_repetition(
                &self.start,
                &self.moves,
                &plies,
                self.rules.code,
                &text,
                &mut self.analyses,
            );
            if v.reason == Reason::RepetitionDraw {
                let note = format!(
                    "the position at ply {ply} occurred for the {} time with allowed moves on both sides, but the players went on, so that repetition did not end the game",
                    ordinal(plies.len())
                );
                return Judgement::Lapses { verdict: v, note };
            }
            return Judgement::Ends(v);
        }
        Judgement::Continues
    }
}

/// Rules on the repetition whose occurrences stand at `plies` (the last one is now).
fn judge_repetition(
    start: &Position,
    moves: &[Move],
    plies: &[usize],
    code: Code,
    text: &dyn Fn(usize, Move) -> String,
    analyses: &mut repetition::Analyses,
) -> Verdict {
    let first = plies.first().copied().unwrap_or(0);
    let ply = plies.last().copied().unwrap_or(0);
    let mut at_first = start.clone();
    for &mv in moves.iter().take(first) {
        at_first.play_unchecked(mv);
    }
    let cycle = moves.get(first..ply).unwrap_or(&[]);
    let ruling = repetition::judge_cached(&at_first, first, cycle, code, text, analyses);
    let list: Vec<String> = plies.iter().map(|p| p.to_string()).collect();
    let mut v = Verdict::new(
        ruling.result,
        ruling.reason,
        ply,
        format!(
            "the position at ply {ply} occurred for the {} time (plies {}); {}",
            ordinal(plies.len()),
            list.join(", "),
            ruling.detail
        ),
    );
    v.cycle = Some(ruling.cycle);
    v.sides = Some(ruling.sides);
    v
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Whether the final position allows `result` (for `decide`): the side that is checkmated
/// or stalemated (to move, no legal move) cannot be claimed the winner nor a draw, and when
/// the side to move could take the enemy king only its win is allowed.
pub(crate) fn allows(final_position: &Position, result: GameResult) -> bool {
    let stm = player(final_position.side_to_move());
    if final_position.can_capture_king() {
        return result == GameResult::win_for(stm);
    }
    if !final_position.has_legal_move() {
        return result == GameResult::win_for(stm.other());
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_table_counts_and_lists_occurrences() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        let mut table = RepetitionTable::default();
        let mut p = pos.clone();
        let mut counts = vec![table.record(&p)];
        for m in Move::line("e1e2 d9d8 e2e1 d8d9 e1e2") {
            p.play_unchecked(m);
            counts.push(table.record(&p));
        }
        assert_eq!(counts, vec![1, 1, 1, 1, 2, 2]);
        assert_eq!(table.occurrences(), vec![1, 5]);
        // A capture forgets what stood before it.
        let cap = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        assert_eq!(table.push(&cap), vec![6]);
        assert_eq!(
            RepetitionTable::default().occurrences(),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn a_draw_is_allowed_on_the_board() {
        assert!(allows(&Position::start(), GameResult::Draw));
    }
    /// The replay plays a line past the judge: R a0-a9 mates.
    #[test]
    fn a_line_of_moves_is_judged_by_the_board() {
        use crate::core::verdict::Reason;
        use crate::xiangqi::replay::board_verdict;
        use crate::xiangqi::rules::{Move, Position, Square};
        let start = Position::from_fen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w").unwrap();
        let mate = Move::new(Square::parse("a0").unwrap(), Square::parse("a9").unwrap());
        let v = board_verdict(&start, &[mate], &BoardRules::default()).unwrap();
        assert_eq!(v.reason, Reason::Checkmate);
        assert_eq!(v.result.as_str(), "1-0");
    }
}
