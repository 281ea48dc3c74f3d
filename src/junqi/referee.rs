//! The Junqi referee one action at a time (for match servers and the Python package): the
//! replayer and judge of `adjudicate` behind the core's [`RefereeOf`].

use crate::core::error::RecordError;
use crate::core::rules::Rules;
use crate::core::variant::RefereeOf;
use crate::junqi::Junqi;
use crate::junqi::replay::{start_from_text, unknown_start};

/// The Junqi referee, one action at a time: `push` takes `.jqr` action texts (`C2=红工兵`,
/// `G0-F0`, `G0xF0`, `timeout`). The verdict is the one `adjudicate` gives for the same
/// actions, at the same ply (events — resignations, draw offers — are the server's business).
pub type JunqiReferee = RefereeOf<Junqi>;

impl RefereeOf<Junqi> {
    /// A referee from `position` (the text of a `[Position]` tag), or from 50 unknown
    /// face-down pieces.
    pub fn new(rules: &Rules, position: Option<&str>) -> Result<JunqiReferee, RecordError> {
        let start = match position {
            None => unknown_start(),
            Some(text) => start_from_text(text, false)?,
        };
        Ok(JunqiReferee::from_position(rules, start))
    }
}
