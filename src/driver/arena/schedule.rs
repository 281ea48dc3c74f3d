//! Who plays whom, from which opening, with which colours: two engines, a gauntlet (the first
//! against each other) or a round robin; each opening played twice, colours reversed.

use crate::core::record::GameKind;
use crate::driver::settings::Settings;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tournament {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// One game of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pairing {
    /// 1-based, the record's Round tag.
    pub round: usize,
    /// The engine that moves first (Red; Black in Othello), and the other.
    pub first: usize,
    pub second: usize,
    /// The opening's index (0 when there are none).
    pub opening: usize,
}

/// A start: a position (the game's notation; `None`: the standard start) and moves from it.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Opening {
    pub start: Option<String>,
    pub moves: Vec<String>,
}

/// The games: for each pairing of engines, `games` games; game g of a pairing plays opening
/// (g / 2) mod openings, the first engine first in even games and second in odd ones.
pub(crate) fn schedule(
    engines: usize,
    tournament: Tournament,
    games: usize,
    openings: usize,
) -> Result<Vec<Pairing>, String> {
    if engines < 2 {
        return Err("a match needs at least two engines (--engine twice)".to_string());
    }
    let pairs: Vec<(usize, usize)> = match tournament {
        Tournament::Gauntlet => (1..engines).map(|o| (0, o)).collect(),
        Tournament::RoundRobin => (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect(),
    };
    let mut out = Vec::new();
    for (a, b) in pairs {
        for g in 0..games {
            let (first, second) = if g % 2 == 0 { (a, b) } else { (b, a) };
            out.push(Pairing {
                round: out.len() + 1,
                first,
                second,
                opening: if openings == 0 { 0 } else { (g / 2) % openings },
            });
        }
    }
    Ok(out)
}

/// Reads openings: a `.fen`/`.epd`/`.obf` file (one position a line: the position before any
/// `;`; an Othello line `board side`), or any record file or directory of them qipu reads
/// (each game's start and moves). With `plies`, each game's moves are cut to that many, and
/// openings that are then the same are kept once (in the order first met). Games that do not
/// read are left out; none at all is an error.
pub(crate) fn read_openings(
    game: GameKind,
    path: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    let lower = path.to_ascii_lowercase();
    let mut out = Vec::new();
    if [".fen", ".epd", ".obf"].iter().any(|e| lower.ends_with(e)) {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            let pos = line.split(';').next().unwrap_or("").trim();
            if pos.is_empty() || pos.starts_with('#') || pos.starts_with('%') {
                continue;
            }
            out.push(Opening {
                start: Some(pos.to_string()),
                moves: Vec::new(),
            });
        }
    } else {
        let settings = Settings::new(Some(game), None, None, &[]).map_err(|e| e.to_string())?;
        let (files, missing) = settings.collect(&[path.to_string()]);
        if let Some(m) = missing.first() {
            return Err(format!("{}: {}", m.source, m.message));
        }
        for f in &files {
            let Ok(opened) = crate::driver::open::open_file(&settings, f) else {
                continue;
            };
            for r in opened.records().into_iter().flatten() {
                let mut moves: Vec<String> = r.moves.iter().map(|m| m.text.to_string()).collect();
                if let Some(n) = plies {
                    moves.truncate(n);
                }
                out.push(Opening {
                    start: r.setup.as_ref().map(|(s, _)| s.clone()),
                    moves,
                });
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|o| seen.insert((o.start.clone(), o.moves.clone())));
    if out.is_empty() {
        return Err(format!("{path}: no openings in it"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings() {
        let s = schedule(2, Tournament::RoundRobin, 4, 3).unwrap();
        let v: Vec<(usize, usize, usize)> =
            s.iter().map(|p| (p.first, p.second, p.opening)).collect();
        assert_eq!(v, vec![(0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1)]);
        assert_eq!(schedule(3, Tournament::RoundRobin, 2, 0).unwrap().len(), 6);
        assert_eq!(schedule(3, Tournament::Gauntlet, 2, 0).unwrap().len(), 4);
        assert!(schedule(1, Tournament::Gauntlet, 2, 0).is_err());
    }
}
