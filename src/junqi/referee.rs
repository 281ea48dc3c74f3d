//! The Junqi referee one action at a time (for match servers and the Python package): the
//! replayer and judge of `adjudicate` behind the core's [`RefereeOf`].

use crate::core::variant::RefereeOf;
use crate::junqi::Junqi;

/// The Junqi referee, one action at a time: `push` takes `.jqr` action texts (`C2=红工兵`,
/// `G0-F0`, `G0xF0`, `timeout`). The verdict is the one `adjudicate` gives for the same
/// actions, at the same ply (events — resignations, draw offers — are the server's business).
pub type JunqiReferee = RefereeOf<Junqi>;
