//! The rules of Xiangqi (no notation, no formats): the board, legal moves with every
//! restriction (palace, river, horse leg, elephant eye, cannon screen, flying general, own
//! king safety), attack queries for the repetition judge, FEN, Zobrist hashing and perft.
//!
//! Squares are ICCS: files a–i from Red's left, ranks 0–9 from Red's side.

mod attacks;
mod count;
mod fen;
mod lines;
mod movegen;
mod perft;
mod position;
mod tables;
mod types;
mod zobrist;

pub(crate) use fen::SetupError;
pub use position::{IllegalMove, Position};
pub use types::{Color, Kind, Move, MoveList, Piece, Square};

/// Plays `games` random games from the start, each up to `plies` plies or its end, the moves
/// picked by `seed`: `visit` sees every position reached with its legal moves.
#[cfg(test)]
pub(crate) fn random_games(
    mut seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Position, &MoveList),
) {
    for _ in 0..games {
        let mut pos = Position::start();
        for _ in 0..plies {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            visit(&pos, &list);
            if list.is_empty() {
                break;
            }
            let pick = crate::core::testing::xorshift(&mut seed) as usize % list.len();
            pos.play_unchecked(list[pick]);
        }
    }
}
