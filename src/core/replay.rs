//! The replay driver: start position → resolve each recorded move against the legal moves →
//! play it → stop at the first bad move, keeping the moves before it. Every game uses it; the
//! game supplies the rules through [`Replayer`].

use crate::core::error::{RecordError, Warning};
use crate::core::record::{MoveEntry, Record};

/// What a game gives the driver.
pub trait Replayer {
    type Position: Clone;
    type Move: Copy;

    /// The start position of the record (its setup, or the standard one).
    fn start(&self, record: &Record) -> Result<Self::Position, RecordError>;

    /// Resolves a recorded move against the position. `Ok((move, Some(note)))` accepts it
    /// with a warning (a lenient reading). The error's kind says parse, illegal-move or
    /// ambiguous-move; the driver fills in ply, span and move text.
    fn resolve(
        &self,
        pos: &Self::Position,
        entry: &MoveEntry,
    ) -> Result<(Self::Move, Option<String>), RecordError>;

    fn play(&self, pos: &mut Self::Position, mv: Self::Move);

    /// A move the record leaves out before `entry` (an Othello forced pass), asked only when
    /// `entry` does not resolve. The driver plays it, counts it as a ply, and resolves `entry`
    /// again after it. None by default.
    fn implied(&self, _pos: &Self::Position, _entry: &MoveEntry) -> Option<Self::Move> {
        None
    }
}

/// A replayed record: the start position, the moves that replayed, and the first error.
#[derive(Debug, Clone)]
pub struct Replay<P, M> {
    pub start: P,
    /// The position after the last good move.
    pub end: P,
    pub moves: Vec<M>,
    pub error: Option<RecordError>,
    pub warnings: Vec<Warning>,
    /// The plies (1-based) the driver played without an entry of the record
    /// ([`Replayer::implied`]); usually empty.
    pub implied: Vec<usize>,
}

impl<P, M> Replay<P, M> {
    pub(crate) fn plies(&self) -> usize {
        self.moves.len()
    }
}
