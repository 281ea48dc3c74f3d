//! The match's output: each game as a record (Xiangqi PGN in ICCS, Othello PGN) with the
//! verdict in its tags, and the games already written when a match is started again.

use super::{MatchConfig, Pairing, Standings};
use crate::core::record::{Claim, GameKind, GameResult, MoveEntry, Record, Termination};
use crate::core::span::Span;
use std::collections::BTreeSet;

/// A game's end before the record is written.
pub(super) struct Ending {
    pub(super) result: GameResult,
    pub(super) reason: String,
    pub(super) detail: String,
    pub(super) termination: Option<Termination>,
    /// The bad move, kept in the record as a comment.
    pub(super) fault_move: Option<String>,
}

/// The games already in the output (their Round tags), their results added to `standings`.
/// A game cut off by a kill (the file not ending with the blank line that ends every game
/// written) is cut away first; the file keeps every finished game.
pub(super) fn resume(
    config: &MatchConfig,
    main: &str,
    standings: &mut Standings,
) -> Result<BTreeSet<usize>, String> {
    let path = &config.output;
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(BTreeSet::new());
    };
    if bytes.is_empty() {
        return Ok(BTreeSet::new());
    }
    let end = GAME_END.as_bytes();
    if !bytes.ends_with(end) {
        let keep = bytes
            .windows(end.len())
            .rposition(|w| w == end)
            .map_or(0, |at| at + end.len());
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        f.set_len(keep as u64)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut done = BTreeSet::new();
    for block in text.split(GAME_END).filter(|b| !b.trim().is_empty()) {
        let tag = |name: &str| -> Option<String> {
            let at = block.find(&format!("[{name} \""))?;
            let rest = &block[at + name.len() + 3..];
            Some(rest[..rest.find("\"]")?].to_string())
        };
        let (first_tag, second_tag) = match config.game {
            GameKind::Othello => ("Black", "White"),
            _ => ("Red", "Black"),
        };
        let (Some(round), Some(first), Some(second), Some(result)) = (
            tag("Round").and_then(|r| r.parse::<usize>().ok()),
            tag(first_tag),
            tag(second_tag),
            tag("Result").and_then(|r| result_of_tag(&r)),
        ) else {
            continue;
        };
        if done.insert(round) {
            let reason = tag("QipuReason").unwrap_or_default();
            standings.add(&first, &second, result, &reason, main);
            standings.resumed += 1;
        }
    }
    Ok(done)
}

/// A Result tag: `1-0`, `0-1`, `1/2-1/2`, or an Othello disc count `47-17`.
fn result_of_tag(text: &str) -> Option<GameResult> {
    if let Some(r) = GameResult::parse(text) {
        return Some(r);
    }
    let (a, b) = text.split_once('-')?;
    let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    Some(match a.cmp(&b) {
        std::cmp::Ordering::Greater => GameResult::FirstWins,
        std::cmp::Ordering::Less => GameResult::SecondWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
    })
}

/// What ends every game written: the blank line after the move text.
const GAME_END: &str = "\n\n\n";

/// The game as a record in the game's PGN (Xiangqi PGN in ICCS, Othello PGN), with the
/// match's verdict in its tags, ending with [`GAME_END`].
#[allow(clippy::too_many_arguments)]
pub(super) fn write_record(
    config: &MatchConfig,
    pairing: &Pairing,
    names: &[String; 2],
    start: &str,
    standard: &str,
    moves: &[String],
    comments: &[Option<String>],
    ending: &Ending,
    plies: usize,
) -> Vec<u8> {
    let mut r = Record::new(config.game, "pgn", pairing.round - 1);
    let (first_tag, second_tag) = match config.game {
        GameKind::Othello => ("Black", "White"),
        _ => ("Red", "Black"),
    };
    r.set_tag("Event", config.event.clone());
    r.set_tag("Site", "qipu match");
    r.set_tag("Date", today());
    r.set_tag("Round", pairing.round.to_string());
    r.set_tag(first_tag, names[0].clone());
    r.set_tag(second_tag, names[1].clone());
    r.set_tag("Result", ending.result.as_str());
    if start != standard {
        r.setup = Some((start.to_string(), Span::default()));
    }
    if let Some(t) = ending.termination {
        r.set_tag(
            "Termination",
            match t {
                Termination::Timeout => "time forfeit",
                Termination::Agreement => "adjudication: draw agreed by the engines' scores",
                Termination::Resignation => "resignation",
            },
        );
    } else if !is_board_reason(&ending.reason) {
        r.set_tag("Termination", format!("forfeit: {}", ending.reason));
    }
    r.set_tag("QipuReason", ending.reason.clone());
    r.set_tag("QipuPly", plies.to_string());
    r.set_tag("QipuDetail", ending.detail.replace('"', "'"));
    r.set_tag("Rules", config.rules.preset.clone());
    r.moves = moves
        .iter()
        .zip(comments)
        .map(|(m, c)| {
            let mut e = MoveEntry::new(m.as_str(), Span::default());
            if let Some(c) = c {
                e.comments.push(c.clone());
            }
            e
        })
        .collect();
    if let Some(bad) = &ending.fault_move
        && let Some(last) = r.moves.last_mut()
    {
        last.comments
            .push(format!("then: {bad} ({})", ending.reason));
    } else if let Some(bad) = &ending.fault_move {
        r.comments
            .push(format!("first move: {bad} ({})", ending.reason));
    }
    r.claim = Some(Claim {
        result: ending.result,
        termination: ending.termination,
        text: ending.result.as_str().to_string(),
        span: Span::default(),
    });
    let format = match config.game {
        GameKind::Othello => "pgn-othello",
        _ => "pgn-iccs",
    };
    let mut bytes = match crate::driver::convert::convert(&[r], format, &config.rules) {
        Ok((_, c)) if c.failures.is_empty() => c.bytes,
        Ok((_, c)) => format!(
            "{{qipu could not write round {}: {:?}}}\n",
            pairing.round, c.failures
        )
        .into_bytes(),
        Err(e) => format!("{{qipu could not write round {}: {e}}}\n", pairing.round).into_bytes(),
    };
    while bytes.last() == Some(&b'\n') {
        bytes.pop();
    }
    bytes.extend_from_slice(GAME_END.as_bytes());
    bytes
}

/// Today's date as PGN writes it (`2026.12.03`, UTC).
fn today() -> String {
    let (y, m, d) = crate::core::date::today();
    format!("{y:04}.{m:02}.{d:02}")
}

/// Whether a reason is one of the rules' own (not an engine fault or an adjudication).
fn is_board_reason(reason: &str) -> bool {
    crate::core::verdict::Reason::ALL
        .iter()
        .any(|r| r.as_str() == reason)
}
