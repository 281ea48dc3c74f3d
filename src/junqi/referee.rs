//! The Junqi referee one action at a time (for match servers and the Python package), and the
//! start positions it and the records begin from.

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{GameKind, MoveEntry};
use crate::core::referee::{GameReferee, JudgedGame, MoveError};
use crate::core::rules::Rules;
use crate::core::verdict::Verdict;
use crate::junqi::notation::action::action_text;
use crate::junqi::notation::position::{format_position, parse_layout, parse_position};
use crate::junqi::rules::board::{SQUARES, Square, is_camp};
use crate::junqi::rules::{Cell, Params, Position};
use crate::junqi::verdict::{JunqiJudge, JunqiReplayer};

/// The Junqi referee, one action at a time: `push` takes `.jqr` action texts (`C2=红工兵`,
/// `G0-F0`, `G0xF0`, `timeout`). The verdict is the one `adjudicate` gives for the same
/// actions, at the same ply (events — resignations, draw offers — are the server's business).
#[derive(Clone)]
pub struct JunqiReferee {
    game: JudgedGame<JunqiReplayer, JunqiJudge>,
}

impl JunqiReferee {
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
        let params = Params::from_rules(rules);
        JunqiReferee {
            game: JudgedGame::new(
                JunqiReplayer {
                    params: params.clone(),
                },
                JunqiJudge::new(params),
                start,
            ),
        }
    }

    pub fn push(&mut self, text: &str) -> Result<Option<Verdict>, MoveError> {
        self.game.push(text)
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }
}

/// A Junqi start position from the text of a `[Position]` tag (the position notation), or
/// of a `[Layout]` tag (the 50 pieces face down) when `layout`.
pub fn start_from_text(text: &str, layout: bool) -> Result<Position, RecordError> {
    let (read, what): (fn(&str) -> _, _) = if layout {
        (parse_layout, "layout")
    } else {
        (parse_position, "position")
    };
    read(text)
        .map_err(|e| RecordError::new(ErrorKind::BadSetup, format!("bad {what}: {}", e.message)))
}

/// 50 unknown face-down pieces: the start of a record without `[Layout]`.
pub fn unknown_start() -> Position {
    let mut pos = Position::empty();
    for sq in 0..SQUARES as Square {
        if !is_camp(sq) {
            pos.cells[sq as usize] = Cell::Down(None);
        }
    }
    pos
}

impl GameReferee for JunqiReferee {
    fn game(&self) -> GameKind {
        GameKind::Junqi
    }
    fn push_entry(&mut self, entry: &MoveEntry) -> Result<Option<Verdict>, MoveError> {
        self.game.push_entry(entry)
    }
    fn verdict(&self) -> Option<Verdict> {
        self.game.verdict()
    }
    fn claimable(&self) -> Option<Verdict> {
        self.game.claimable().cloned()
    }
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn plies(&self) -> usize {
        self.game.plies()
    }
    fn position(&self) -> String {
        format_position(self.game.position())
    }
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.game.position();
        pos.legal_actions(&self.game.replayer().params)
            .into_iter()
            .map(|a| action_text(pos, a, true))
            .collect()
    }
    fn warnings(&self) -> &[Warning] {
        self.game.warnings()
    }
    fn boxed_clone(&self) -> Box<dyn GameReferee> {
        Box::new(self.clone())
    }
}
