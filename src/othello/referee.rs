//! The Othello referee one move at a time: the replayer and judge of `adjudicate` behind the
//! core's [`RefereeOf`].

use crate::core::error::{ErrorKind, RecordError};
use crate::core::rules::Rules;
use crate::core::variant::RefereeOf;
use crate::othello::Othello;
use crate::othello::notation::parse_board;
use crate::othello::rules::Board;

/// The Othello referee, one move at a time: `push` takes squares (`f5`) or passes; a forced
/// pass may be left out, as records do. The verdict is the one `adjudicate` gives for the
/// same moves, at the same ply.
pub type OthelloReferee = RefereeOf<Othello>;

impl RefereeOf<Othello> {
    /// A referee from the standard start, or from a board string.
    pub fn new(rules: &Rules, board: Option<&str>) -> Result<OthelloReferee, RecordError> {
        let start = match board {
            None => Board::start(),
            Some(b) => parse_board(b).map_err(|m| {
                RecordError::new(ErrorKind::BadSetup, format!("bad start position: {m}"))
            })?,
        };
        Ok(RefereeOf::from_position(rules, start))
    }

    pub fn board(&self) -> &Board {
        self.position()
    }
}
