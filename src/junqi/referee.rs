//! The Junqi referee one action at a time (for match servers and the Python package): the
//! replayer and judge of `adjudicate` behind the core's [`RefereeOf`].

use crate::core::error::RecordError;
use crate::core::record::GameKind;
use crate::core::referee::{JudgedGame, RefereeOf, Refereed};
use crate::core::rules::Rules;
use crate::junqi::Junqi;
use crate::junqi::judge::JunqiJudge;
use crate::junqi::notation::action::action_text;
use crate::junqi::notation::position::format_position;
use crate::junqi::replay::{JunqiReplayer, start_from_text, unknown_start};
use crate::junqi::rules::{Params, Position};

/// The Junqi referee, one action at a time: `push` takes `.jqr` action texts (`C2=红工兵`,
/// `G0-F0`, `G0xF0`, `timeout`). The verdict is the one `adjudicate` gives for the same
/// actions, at the same ply (events — resignations, draw offers — are the server's business).
pub type JunqiReferee = RefereeOf<Junqi>;

impl Refereed for Junqi {
    type Replayer = JunqiReplayer;
    type Judge = JunqiJudge;
    const GAME: GameKind = GameKind::Junqi;

    fn position_text(pos: &Position) -> String {
        format_position(pos)
    }

    fn legal_moves(game: &JudgedGame<JunqiReplayer, JunqiJudge>) -> Vec<String> {
        let pos = game.position();
        pos.legal_actions(&game.replayer().params)
            .into_iter()
            .map(|a| action_text(pos, a, true))
            .collect()
    }
}

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

    pub fn from_position(rules: &Rules, start: Position) -> JunqiReferee {
        let params = rules.typed::<Params>();
        RefereeOf::with(
            JunqiReplayer {
                params: params.clone(),
            },
            JunqiJudge::new(params),
            start,
        )
    }
}
