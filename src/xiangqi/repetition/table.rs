//! The positions of a game and where they recur: a repetition is a position (placement and
//! side to move) that stood `repetitions` times; the moves since its first occurrence are the
//! cycle the judge rules on.

#[cfg(test)]
use crate::xiangqi::rules::Move;
use crate::xiangqi::rules::{Color, Position};

#[cfg(test)]
/// A position that occurred `plies.len()` times: the plies after which it stood (0 = the
/// start position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Repetition {
    pub plies: Vec<usize>,
}

/// Tracks the positions of a game for repetitions (Zobrist hash, confirmed by comparing the
/// boards so a hash collision cannot fake one).
#[derive(Debug, Default, Clone)]
pub(crate) struct RepetitionTable {
    /// The hashes of the positions since the last capture (scanned at every ply).
    hashes: Vec<u64>,
    /// Those positions, in the same order: what a repetition compares.
    seen: Vec<Seen>,
    next_ply: usize,
}

/// A position of the table: its ply, placement and side to move.
#[derive(Debug, Clone)]
struct Seen {
    ply: usize,
    side: Color,
    board: [u8; 90],
}

impl RepetitionTable {
    /// A table with room for `plies` positions (a game's length: no growing on the way).
    pub(crate) fn with_capacity(plies: usize) -> RepetitionTable {
        RepetitionTable {
            hashes: Vec::with_capacity(plies),
            seen: Vec::with_capacity(plies),
            next_ply: 0,
        }
    }

    #[cfg(test)]
    /// Records the position after the next ply (the first push is ply 0); returns every ply
    /// at which it stood so far (this one included). A capture (the position's half-move
    /// clock at 0) forgets the earlier positions: they can never recur.
    pub(crate) fn push(&mut self, pos: &Position) -> Vec<usize> {
        self.record(pos);
        self.occurrences()
    }

    /// [`RepetitionTable::push`] without the list: how many times the position stood so far
    /// (this one included).
    pub(crate) fn record(&mut self, pos: &Position) -> usize {
        let ply = self.next_ply;
        self.next_ply += 1;
        if pos.halfmove_clock() == 0 {
            self.hashes.clear();
            self.seen.clear();
        }
        let hash = pos.hash();
        let side = pos.side_to_move();
        let count = 1 + self.same_as(hash, side, &pos.board).count();
        self.hashes.push(hash);
        self.seen.push(Seen {
            ply,
            side,
            board: pos.board,
        });
        count
    }

    /// How many times `pos` would have stood if recorded next (it included), without
    /// recording it.
    pub(crate) fn count_with(&self, pos: &Position) -> usize {
        if pos.halfmove_clock() == 0 {
            return 1;
        }
        1 + self
            .same_as(pos.hash(), pos.side_to_move(), &pos.board)
            .count()
    }

    /// The plies at which the last recorded position stood (it included, last).
    pub(crate) fn occurrences(&self) -> Vec<usize> {
        match (self.hashes.last(), self.seen.last()) {
            (Some(&hash), Some(last)) => self
                .same_as(hash, last.side, &last.board)
                .map(|s| s.ply)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The recorded positions with this hash, side to move and placement.
    fn same_as<'a>(
        &'a self,
        hash: u64,
        side: Color,
        board: &'a [u8; 90],
    ) -> impl Iterator<Item = &'a Seen> + 'a {
        self.hashes
            .iter()
            .zip(&self.seen)
            .filter(move |(h, s)| **h == hash && s.side == side && s.board == *board)
            .map(|(_, s)| s)
    }
}

#[cfg(test)]
/// The first repetition of a position `times` times in the game, if any.
pub(crate) fn find_repetition(start: &Position, moves: &[Move], times: u32) -> Option<Repetition> {
    let mut table = RepetitionTable::default();
    let mut pos = start.clone();
    for ply in 0..=moves.len() {
        if ply > 0 {
            pos.play_unchecked(moves[ply - 1]);
        }
        let plies = table.push(&pos);
        if plies.len() >= times as usize {
            return Some(Repetition { plies });
        }
    }
    None
}
