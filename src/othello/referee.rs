//! The Othello referee one move at a time: the replayer and judge of `adjudicate` behind the
//! core's [`RefereeOf`].

use crate::core::variant::RefereeOf;
use crate::othello::Othello;

/// The Othello referee, one move at a time: `push` takes squares (`f5`) or passes; a forced
/// pass may be left out, as records do. The verdict is the one `adjudicate` gives for the
/// same moves, at the same ply.
pub type OthelloReferee = RefereeOf<Othello>;
