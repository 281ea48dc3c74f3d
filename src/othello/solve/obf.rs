//! The OBF lines of the FFO test suite: `board side; move:score; move:score; …` (the board
//! string of [`crate::othello::notation::parse_board`]), the scores being the exact final
//! disc differences of each move for the side to move.

use crate::othello::notation::{BoardTextError, parse_board, parse_square};
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

/// Why an OBF line was refused: each names its 1-based line and the text that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ObfError {
    #[error("line {line}: {error}")]
    Board { line: usize, error: BoardTextError },
    #[error("line {line}: '{part}' is not move:score")]
    NotMoveScore { line: usize, part: String },
    #[error("line {line}: '{square}' is not a square")]
    NotASquare { line: usize, square: String },
    #[error("line {line}: '{score}' is not a score")]
    NotAScore { line: usize, score: String },
}

/// The positions of an OBF file; blank lines and lines starting with `%` or `#` are skipped.
pub fn parse_obf(text: &str) -> Result<Vec<ObfEntry>, ObfError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let number = i + 1;
        let mut parts = line.split(';');
        let board = parse_board(parts.next().unwrap_or("")).map_err(|error| ObfError::Board {
            line: number,
            error,
        })?;
        let mut scores = Vec::new();
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (mv, score) = part.split_once(':').ok_or_else(|| ObfError::NotMoveScore {
                line: number,
                part: part.to_string(),
            })?;
            let sq = parse_square(mv.trim()).ok_or_else(|| ObfError::NotASquare {
                line: number,
                square: mv.trim().to_string(),
            })?;
            let score: i32 = score
                .trim()
                .trim_start_matches('+')
                .parse()
                .ok()
                .filter(|s: &i32| (-64..=64).contains(s))
                .ok_or_else(|| ObfError::NotAScore {
                    line: number,
                    score: score.trim().to_string(),
                })?;
            scores.push((sq, score));
        }
        out.push(ObfEntry {
            line: number,
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
        let e = parse_obf(&format!("{s}; D9:+0")).unwrap_err();
        assert_eq!(
            e,
            ObfError::NotASquare {
                line: 1,
                square: "D9".into()
            }
        );
        assert_eq!(e.to_string(), "line 1: 'D9' is not a square");
        assert!(matches!(
            parse_obf("XO; a1:0"),
            Err(ObfError::Board { line: 1, .. })
        ));
        assert_eq!(
            parse_obf(&format!("\n{s}; a1\n")).unwrap_err().to_string(),
            "line 2: 'a1' is not move:score"
        );
        assert_eq!(
            parse_obf(&format!("{s}; a1:+65")).unwrap_err(),
            ObfError::NotAScore {
                line: 1,
                score: "+65".into()
            }
        );
    }
}
