//! Verdicts: the result decided by the rules, why, and at which ply; and how a claimed result
//! is compared with it (spec: "How adjudication decides").

use crate::core::record::{Claim, Event, EventKind, GameResult, Player, Termination};
use serde::Serialize;

/// The fixed reason vocabulary of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    // common
    Resignation,
    Timeout,
    Agreement,
    Unfinished,
    // xiangqi
    Checkmate,
    Stalemate,
    KingCaptured,
    PerpetualCheck,
    PerpetualChase,
    PerpetualMateThreat,
    PerpetualAttack,
    RepetitionDraw,
    MoveLimit,
    InsufficientMaterial,
    // othello
    GameOver,
    /// An unfinished game decided by perfect play from its last position (exact solver).
    PerfectPlay,
    // junqi
    FlagCaptured,
    NoLegalAction,
    Timeouts,
    Repetition,
    NoCaptureLimit,
    StepLimit,
    TimeLimit,
}

impl Reason {
    /// Every reason, in the order of the vocabulary.
    pub const ALL: [Reason; 23] = [
        Reason::Resignation,
        Reason::Timeout,
        Reason::Agreement,
        Reason::Unfinished,
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::KingCaptured,
        Reason::PerpetualCheck,
        Reason::PerpetualChase,
        Reason::PerpetualMateThreat,
        Reason::PerpetualAttack,
        Reason::RepetitionDraw,
        Reason::MoveLimit,
        Reason::InsufficientMaterial,
        Reason::GameOver,
        Reason::PerfectPlay,
        Reason::FlagCaptured,
        Reason::NoLegalAction,
        Reason::Timeouts,
        Reason::Repetition,
        Reason::NoCaptureLimit,
        Reason::StepLimit,
        Reason::TimeLimit,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Resignation => "resignation",
            Reason::Timeout => "timeout",
            Reason::Agreement => "agreement",
            Reason::Unfinished => "unfinished",
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::KingCaptured => "king-captured",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::PerpetualChase => "perpetual-chase",
            Reason::PerpetualMateThreat => "perpetual-mate-threat",
            Reason::PerpetualAttack => "perpetual-attack",
            Reason::RepetitionDraw => "repetition-draw",
            Reason::MoveLimit => "move-limit",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::GameOver => "game-over",
            Reason::PerfectPlay => "perfect-play",
            Reason::FlagCaptured => "flag-captured",
            Reason::NoLegalAction => "no-legal-action",
            Reason::Timeouts => "timeouts",
            Reason::Repetition => "repetition",
            Reason::NoCaptureLimit => "no-capture-limit",
            Reason::StepLimit => "step-limit",
            Reason::TimeLimit => "time-limit",
        }
    }
}

crate::core::display_by_name!(Reason => as_str);

/// The class of one move in a repetition cycle (Xiangqi 棋例, the CXA 2020 rulebook's terms,
/// 第24条): the attacks 将 check, 杀 mate threat, 捉 chase, and the allowed moves 兑 exchange, 献
/// offer, 拦 block, 跟 follow and 闲 idle (兑, 献, 拦 and 跟 are kinds of 闲, 24.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveClass {
    Check,
    MateThreat,
    Chase,
    /// 兑 (24.4): offers an exchange of like for like.
    Exchange,
    /// 献 (24.5): offers a piece to be taken.
    Offer,
    /// 拦 (24.6): blocks an enemy piece, attacking nothing.
    Block,
    /// 跟 (24.7): follows (keeps attacking) a protected enemy piece, attacking nothing.
    Follow,
    Idle,
}

impl MoveClass {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            MoveClass::Check => "check",
            MoveClass::MateThreat => "mate-threat",
            MoveClass::Chase => "chase",
            MoveClass::Exchange => "exchange",
            MoveClass::Offer => "offer",
            MoveClass::Block => "block",
            MoveClass::Follow => "follow",
            MoveClass::Idle => "idle",
        }
    }

    /// The rulebook's one-character label (将, 杀, 捉, 兑, 献, 拦, 跟, 闲).
    pub(crate) fn label(self) -> &'static str {
        match self {
            MoveClass::Check => "将",
            MoveClass::MateThreat => "杀",
            MoveClass::Chase => "捉",
            MoveClass::Exchange => "兑",
            MoveClass::Offer => "献",
            MoveClass::Block => "拦",
            MoveClass::Follow => "跟",
            MoveClass::Idle => "闲",
        }
    }

    /// An attack (将, 杀, 捉); every other kind is an allowed move (闲 in the wide sense).
    pub(crate) fn is_attack(self) -> bool {
        matches!(
            self,
            MoveClass::Check | MoveClass::MateThreat | MoveClass::Chase
        )
    }
}

/// What one side did over a judged cycle, in the arbiter's words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CycleSide {
    /// "Red" or "Black".
    pub side: String,
    /// The rulebook's name for the side's moves: 长将, 长捉, 一将一捉, 两闲, 一捉一闲 …
    pub term: String,
    /// Whether they are forbidden moves (禁止着法, 24.13).
    pub forbidden: bool,
}

impl CycleSide {
    /// Both sides in the arbiter's words, as the explanations print them: `Red 长捉
    /// (forbidden); Black 两闲 (allowed)`.
    pub(crate) fn summary(sides: &[CycleSide]) -> String {
        let words: Vec<String> = sides
            .iter()
            .map(|s| {
                format!(
                    "{} {} ({})",
                    s.side,
                    s.term,
                    if s.forbidden { "forbidden" } else { "allowed" }
                )
            })
            .collect();
        words.join("; ")
    }
}

/// One move of a judged cycle, so that a reader can check the ruling by hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CycleMove {
    pub ply: usize,
    pub side: String,
    #[serde(rename = "move")]
    pub move_text: String,
    pub kind: MoveClass,
    pub targets: Vec<String>,
    /// What else the move is (杀兼捉: a mate threat that also chases; 闲兼捉: a pawn's idle
    /// step that is another piece's chase); `kind` is the heavier, by which it is judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub also: Option<MoveClass>,
}

impl CycleMove {
    /// The move's label as the arbiters print it: `捉`, or both kinds of a move that is two
    /// things at once, the attack it is judged by named last after an idle one (`闲兼捉`) and
    /// first otherwise (`杀兼捉`).
    pub(crate) fn label(&self) -> String {
        match self.also {
            None => self.kind.label().to_string(),
            Some(a) if !a.is_attack() => format!("{}兼{}", a.label(), self.kind.label()),
            Some(a) => format!("{}兼{}", self.kind.label(), a.label()),
        }
    }

    /// The cycle as the verdict's detail lists it: `1 车八平九 chase a7, 2 炮１平２ idle, …`.
    pub(crate) fn listing(cycle: &[CycleMove]) -> String {
        let listed: Vec<String> = cycle
            .iter()
            .map(|c| {
                if c.targets.is_empty() {
                    format!("{} {} {}", c.ply, c.move_text, c.kind.as_str())
                } else {
                    format!(
                        "{} {} {} {}",
                        c.ply,
                        c.move_text,
                        c.kind.as_str(),
                        c.targets.join("+")
                    )
                }
            })
            .collect();
        listed.join(", ")
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    pub result: GameResult,
    pub reason: Reason,
    /// The ply at which the rule decided (0: before the first move).
    pub ply: usize,
    pub detail: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<CycleMove>>,
    /// With `cycle`: each side's moves over the cycle in the arbiter's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sides: Option<Vec<CycleSide>>,
}

impl Verdict {
    pub(crate) fn new(
        result: GameResult,
        reason: Reason,
        ply: usize,
        detail: impl Into<String>,
    ) -> Self {
        Verdict {
            result,
            reason,
            ply,
            detail: detail.into(),
            cycle: None,
            sides: None,
        }
    }
}

/// Steps 2–5 of the spec's "How adjudication decides", shared by every game.
///
/// * `board`: the first rule that ended the game on the board, if any (step 2);
///   `total_plies` lets the detail say that the record went on.
/// * `events` and `claim`: what the record itself says (steps 3 and 4);
/// * `allows(result)`: whether the final position still allows that result (a side that is
///   lost on the board cannot be claimed the winner);
/// * `player_name`: how to name a player in details ("Red", "Black" …).
pub(crate) fn decide(
    board: Option<Verdict>,
    total_plies: usize,
    events: &[Event],
    claim: Option<&Claim>,
    allows: &dyn Fn(GameResult) -> bool,
    player_name: &dyn Fn(Player) -> &'static str,
) -> Verdict {
    if let Some(mut v) = board {
        if total_plies > v.ply {
            v.detail.push_str(&format!(
                "; the record goes on for {} more plies, which do not change this",
                total_plies - v.ply
            ));
        }
        return v;
    }
    // Step 3: the record's own events.
    for ev in events {
        match ev.kind {
            EventKind::Resign | EventKind::Timeout => {
                if let Some(p) = ev.player {
                    let (reason, what) = match ev.kind {
                        EventKind::Resign => (Reason::Resignation, "resigns"),
                        _ => (Reason::Timeout, "lost on time"),
                    };
                    return Verdict::new(
                        GameResult::win_for(p.other()),
                        reason,
                        ev.after_ply,
                        format!("{} {what} after ply {}", player_name(p), ev.after_ply),
                    );
                }
            }
            EventKind::DrawAccept => {
                return Verdict::new(
                    GameResult::Draw,
                    Reason::Agreement,
                    ev.after_ply,
                    format!("draw agreed after ply {}", ev.after_ply),
                );
            }
            _ => {}
        }
    }
    if let Some(c) = claim
        && c.result != GameResult::Unfinished
    {
        if !allows(c.result) {
            // Step 4's exception: a claim the position cannot allow is a dispute.
            return Verdict::new(
                GameResult::Unfinished,
                Reason::Unfinished,
                total_plies,
                format!(
                    "the record claims {}, which the final position does not allow; the game is not over on the board",
                    c.result
                ),
            );
        }
        // The record states how it ended (a resignation or timeout flag, a Termination tag).
        if let Some(t) = c.termination {
            let reason = match t {
                Termination::Resignation => Reason::Resignation,
                Termination::Timeout => Reason::Timeout,
                Termination::Agreement => Reason::Agreement,
            };
            return Verdict::new(
                c.result,
                reason,
                total_plies,
                format!("the record states {} by {}", c.result, reason),
            );
        }
        // Step 4: a claimed result that the position allows.
        let (reason, detail) = match c.result {
            GameResult::Draw => (
                Reason::Agreement,
                "a draw by agreement, implied by the record's result; not decided on the board"
                    .to_string(),
            ),
            r => {
                let loser = if r == GameResult::FirstWins {
                    Player::Second
                } else {
                    Player::First
                };
                (
                    Reason::Resignation,
                    format!(
                        "{} resigned, implied by the record's result {}; not decided on the board",
                        player_name(loser),
                        r
                    ),
                )
            }
        };
        return Verdict::new(c.result, reason, total_plies, detail);
    }
    Verdict::new(
        GameResult::Unfinished,
        Reason::Unfinished,
        total_plies,
        "the game is not over on the board and the record states no result",
    )
}

/// `agrees`: the claimed result against the verdict; `None` when the record claims none. A
/// claimed `*` (PGN's "unknown or still going") claims nothing.
pub(crate) fn agrees(claim: Option<&Claim>, verdict: &Verdict) -> Option<bool> {
    claim
        .filter(|c| c.result != GameResult::Unfinished)
        .map(|c| c.result == verdict.result)
}
