//! The Othello referee one move at a time: the replayer and judge of `adjudicate` behind the
//! core's [`RefereeOf`].

use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::GameKind;
use crate::core::referee::{JudgedGame, RefereeOf, Refereed};
use crate::core::rules::Rules;
use crate::othello::Othello;
use crate::othello::judge::{OthelloJudge, legal_move_names};
use crate::othello::notation::{board_string, parse_board};
use crate::othello::replay::OthelloReplayer;
use crate::othello::rule_set::OthelloRules;
use crate::othello::rules::Board;

/// The Othello referee, one move at a time: `push` takes squares (`f5`) or passes; a forced
/// pass may be left out, as records do. The verdict is the one `adjudicate` gives for the
/// same moves, at the same ply.
pub type OthelloReferee = RefereeOf<Othello>;

impl Refereed for Othello {
    type Replayer = OthelloReplayer;
    type Judge = OthelloJudge;
    const GAME: GameKind = GameKind::Othello;

    fn position_text(board: &Board) -> String {
        board_string(board)
    }

    fn legal_moves(game: &JudgedGame<OthelloReplayer, OthelloJudge>) -> Vec<String> {
        legal_move_names(game.position())
    }
}

impl RefereeOf<Othello> {
    /// A referee from the standard start, or from a board string.
    pub fn new(rules: &Rules, board: Option<&str>) -> Result<OthelloReferee, RecordError> {
        let start = match board {
            None => Board::start(),
            Some(b) => parse_board(b).map_err(|m| {
                RecordError::new(ErrorKind::BadSetup, format!("bad start position: {m}"))
            })?,
        };
        let judge = OthelloJudge {
            empties: rules.typed::<OthelloRules>().empties,
        };
        Ok(RefereeOf::with(OthelloReplayer::default(), judge, start))
    }

    pub fn board(&self) -> &Board {
        self.position()
    }
}
