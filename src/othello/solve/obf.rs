//! The OBF lines of the FFO test suite: `board side; move:score; move:score; …` (the board
//! string of [`crate::othello::notation::parse_board`]), the scores being the exact final
//! disc differences of each move for the side to move.

use crate::othello::notation::{parse_board, parse_square};
use crate::othello::rules::Board;

/// One OBF line: the position and the listed moves with their scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfEntry {
    /// The 1-based line number in the file.
    pub line: usize,
    pub board: Board,
    /// The moves as squares (0..64) with their exact scores, as listed.
    pub scores: Vec<(u8, i32)>,
}

/// The positions of an OBF file; blank lines and lines starting with `%` or `#` are skipped.
pub fn parse_obf(text: &str) -> Result<Vec<ObfEntry>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let board =
            parse_board(parts.next().unwrap_or("")).map_err(|e| format!("line {}: {e}", i + 1))?;
        let mut scores = Vec::new();
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (mv, score) = part
                .split_once(':')
                .ok_or_else(|| format!("line {}: '{part}' is not move:score", i + 1))?;
            let sq = parse_square(mv.trim())
                .ok_or_else(|| format!("line {}: '{}' is not a square", i + 1, mv.trim()))?;
            let score: i32 = score
                .trim()
                .trim_start_matches('+')
                .parse()
                .ok()
                .filter(|s: &i32| (-64..=64).contains(s))
                .ok_or_else(|| format!("line {}: '{}' is not a score", i + 1, score.trim()))?;
            scores.push((sq, score));
        }
        out.push(ObfEntry {
            line: i + 1,
            board,
            scores,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let s = format!("{}{}{} X", "-".repeat(27), "OX------XO", "-".repeat(27));
        assert_eq!(parse_board(&s).unwrap(), Board::start());
        let e = parse_obf(&format!("% comment\n{s}; D3:+0; c4:-2;\n")).unwrap();
        assert_eq!(e[0].scores, vec![(19, 0), (26, -2)]);
        assert!(parse_obf(&format!("{s}; D9:+0")).is_err());
        assert!(parse_obf("XO; a1:0").is_err());
    }
}
