//! perft, the standard test of a move generator, written once for every game: the leaves of
//! the legal move tree `depth` plies below a position, with the count below each root move
//! (`--divide`) shared over threads. A game gives its tree through [`PerftTree`], which its
//! position implements: the start perft counts from and how a position is read, its root
//! moves, its own fast count below a position, and how a move is written.

use crate::core::game::{PerftError, PerftOutput, PerftQuery};
use rayon::prelude::*;

/// A position whose legal move tree perft counts.
pub trait PerftTree: Sync + Sized {
    type Move: Copy + Send + Sync;

    /// The position perft counts from when none is given.
    fn start() -> Self;

    /// The position `text` writes in the game's notation, or why it cannot be read.
    fn from_text(text: &str) -> Result<Self, PerftError>;

    /// `--divide` lists the root moves sorted by their text (Xiangqi, as the engines print
    /// it) rather than in the order the game generates them.
    const DIVIDE_BY_TEXT: bool = false;

    /// The legal moves of the position, in the game's order.
    fn root_moves(&self) -> Vec<Self::Move>;

    /// The leaves `depth` plies below the position after `mv`.
    fn leaves_after(&self, mv: Self::Move, depth: u32) -> u64;

    /// The leaves `depth` (≥ 1) plies below the position itself, by the game's own
    /// recursion (what a position without moves counts is the game's to say).
    fn leaves(&self, depth: u32) -> u64;

    /// The move as `--divide` writes it.
    fn move_text(&self, mv: Self::Move) -> String;
}

/// perft from the position `position` writes (the game's start when `None`).
pub(crate) fn perft_from<T: PerftTree>(
    position: Option<&str>,
    query: PerftQuery,
) -> Result<PerftOutput, PerftError> {
    let tree = match position {
        None => T::start(),
        Some(text) => T::from_text(text)?,
    };
    Ok(perft(&tree, query))
}

/// perft of `tree` as `query` asks: depth 0 counts the position itself; the root moves are
/// shared over `query.jobs` threads from depth 4 (below that a thread pool costs more than it
/// saves); the counts never depend on the threads.
pub(crate) fn perft<T: PerftTree>(tree: &T, query: PerftQuery) -> PerftOutput {
    let depth = query.depth;
    if depth == 0 {
        return PerftOutput {
            divide: Vec::new(),
            total: 1,
        };
    }
    let roots = tree.root_moves();
    if roots.is_empty() || (!query.divide && query.jobs <= 1) {
        return PerftOutput {
            divide: Vec::new(),
            total: tree.leaves(depth),
        };
    }
    let count = |mv: &T::Move| tree.leaves_after(*mv, depth - 1);
    let pool = (query.jobs > 1 && depth > 3)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(query.jobs)
                .build()
                .ok()
        })
        .flatten();
    let counts: Vec<u64> = match pool {
        Some(pool) => pool.install(|| roots.par_iter().map(count).collect()),
        None => roots.iter().map(count).collect(),
    };
    let total = counts.iter().sum();
    let mut divide: Vec<(String, u64)> = if query.divide {
        roots
            .iter()
            .zip(counts)
            .map(|(mv, n)| (tree.move_text(*mv), n))
            .collect()
    } else {
        Vec::new()
    };
    if T::DIVIDE_BY_TEXT {
        divide.sort();
    }
    PerftOutput { divide, total }
}
