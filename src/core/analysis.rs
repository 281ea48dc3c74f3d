//! A game's moves judged by its own engine: what `adjudicate --explain` prints, the JSON
//! report's `analysis` object and the HTML page's analysis (Othello: where the game was lost,
//! by perfect play). Only the game fills it; the core, the report and the pages show it.

use serde::Serialize;

/// Moves of a game judged by the game's own engine (Othello: perfect play by the exact
/// solver), for `adjudicate --explain` (the text, and the `analysis` object of the JSON and
/// YAML reports) and the HTML page (see [`Game::analysis`]). Serialized as the report's
/// `analysis`: docs/games/othello.md describes every field.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// What was judged and how, whose scores they are (one line).
    pub summary: String,
    /// Moves are judged from the first position with at most this many empty squares on.
    pub from_empties: u32,
    /// The nodes the whole analysis may search.
    pub node_budget: u64,
    /// The ply of the first move asked for (`None`: no move was played from so few empties).
    pub first_ply: Option<usize>,
    /// The ply of the first move judged: `first_ply`, or a later one when the budget ran out
    /// (`None`: no move was judged).
    pub judged_from: Option<usize>,
    /// Every move asked for was judged.
    pub complete: bool,
    /// The side that loses under perfect play from the position after the last move judged
    /// (the game's loser when it was played to the end); `None` for a draw or nothing judged.
    pub loser: Option<String>,
    /// The ply of the decisive mistake: the last move of `loser` that turned its result under
    /// perfect play from a draw or a win into a loss. `None` when there is no loser, or when
    /// the loser was already lost at the first move judged (`lost_before`).
    pub decisive: Option<usize>,
    /// The loser was already lost at `judged_from`: the decisive mistake was made before the
    /// moves judged.
    pub lost_before: bool,
    /// The plies of every move that changed its mover's result under perfect play (a win to
    /// a draw or a loss, a draw to a loss), in order; the decisive mistake is one of them.
    pub result_changes: Vec<usize>,
    /// The moves judged, in order.
    pub moves: Vec<AnalysedMove>,
    /// Why some moves (or all) were not judged: the budget (`None` when every move asked
    /// for was).
    #[serde(rename = "note")]
    pub unjudged: Option<String>,
}

/// One move of an [`Analysis`]: the mover's score under best play before and after it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AnalysedMove {
    pub ply: usize,
    /// The mover ("Black").
    pub side: String,
    /// The move as the game names it ("d7", "pass").
    #[serde(rename = "move")]
    pub move_text: String,
    /// The mover's score under best play before the move (Othello: its final disc
    /// difference, empties to the winner) …
    #[serde(rename = "mover_score_before")]
    pub before: i32,
    /// … and after it.
    #[serde(rename = "mover_score_after")]
    pub after: i32,
    /// What the move gave away (`before − after`; 0 for a best move).
    #[serde(rename = "discs_lost")]
    pub lost: i32,
    /// Every best move of the position before the move, sorted (empty for a forced pass).
    pub best: Vec<String>,
    /// The move in words: "move 46, d7 (White): 0 → −6, best was g7".
    #[serde(skip)]
    pub text: String,
}

impl Analysis {
    /// The decisive mistake, when one was named.
    pub(crate) fn decisive_move(&self) -> Option<&AnalysedMove> {
        self.decisive
            .and_then(|p| self.moves.iter().find(|m| m.ply == p))
    }

    /// Where the game was lost when no move is named: before the moves judged, nowhere (a
    /// draw), or why nothing was judged. `None` when a decisive mistake is named.
    pub(crate) fn no_decisive_text(&self) -> Option<String> {
        if self.decisive_move().is_some() {
            return None;
        }
        let Some(first) = self.moves.first() else {
            return Some(
                self.unjudged
                    .clone()
                    .unwrap_or_else(|| "no move judged".to_string()),
            );
        };
        Some(match &self.loser {
            Some(loser) if self.lost_before => {
                let score = if first.side == *loser {
                    first.before
                } else {
                    -first.before
                };
                format!(
                    "before ply {}, the first move judged{}: {loser} was already lost there under perfect play ({})",
                    first.ply,
                    if self.complete {
                        ""
                    } else {
                        " (the budget stopped the analysis of earlier ones)"
                    },
                    signed(score)
                )
            }
            Some(loser) => format!("no move of {loser} named"),
            None if self.moves.iter().all(|m| m.lost == 0) => {
                "nowhere: perfect play ends it a draw, and every move judged was a best move"
                    .to_string()
            }
            None => "nowhere: perfect play ends it a draw".to_string(),
        })
    }

    /// "win → draw" for a move that changed its mover's result, else `None`.
    pub(crate) fn change_of(m: &AnalysedMove) -> Option<String> {
        result_change(m.before, m.after)
    }
}

/// What a move did to its mover's result, scores before and after it: "win → draw",
/// "draw → loss", "win → loss"; `None` when the result stayed (or rose).
pub(crate) fn result_change(before: i32, after: i32) -> Option<String> {
    let name = |v: i32| match v.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    (after.signum() < before.signum()).then(|| format!("{} → {}", name(before), name(after)))
}

/// A score as the analysis writes it: `−6` with a real minus sign, `0`, `4`.
pub(crate) fn signed(v: i32) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}
