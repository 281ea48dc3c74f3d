//! The referee one move at a time, for any game of the registry: [`Referee`] picks the game's
//! own referee (its [`GameReferee`], built on the judging contract of
//! [`crate::core::referee`]) and forwards to it.

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{GameKind, MoveEntry};
#[cfg(doc)]
use crate::core::referee::JudgedGame;
use crate::core::referee::{GameReferee, MoveError};
use crate::core::rules::Rules;
use crate::core::verdict::Verdict;
use crate::driver::registry;

/// The referee of one game, move by move: `Referee::new(GameKind::Xiangqi, &rules)`, then
/// [`Referee::push`] each move; the verdict is the one `adjudicate` gives for the same moves,
/// at the same ply.
pub struct Referee(Box<dyn GameReferee>);

impl Clone for Referee {
    fn clone(&self) -> Self {
        Referee(self.0.boxed_clone())
    }
}

impl Referee {
    /// A referee from the game's standard start position.
    pub fn new(game: GameKind, rules: &Rules) -> Referee {
        match Referee::from_position(game, rules, None) {
            Ok(r) => r,
            // The standard start always reads; no game can fail here.
            Err(_) => Referee(Box::new(Unavailable(game))),
        }
    }

    /// A referee from `position` in the game's position notation (Xiangqi FEN, Othello board
    /// string, Junqi `[Position]`/`[Layout]` text), the standard start when `None`.
    pub fn from_position(
        game: GameKind,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Referee, RecordError> {
        let g = registry::get(game).ok_or_else(|| {
            RecordError::new(
                ErrorKind::Unsupported,
                format!("{game} is not in this build"),
            )
        })?;
        g.referee(rules, position).map(Referee)
    }

    /// The game's default rules (the first preset).
    pub fn default_rules(game: GameKind) -> Rules {
        match registry::get(game) {
            Some(g) => Rules::defaults(g.rule_table()),
            None => Rules::defaults(crate::core::rules::RuleTable::NONE),
        }
    }

    pub fn push(&mut self, text: &str) -> Result<Option<Verdict>, MoveError> {
        self.0.push(text)
    }

    /// A move with what a record gives with it (a Junqi action's time stamp).
    pub fn push_entry(&mut self, entry: &MoveEntry) -> Result<Option<Verdict>, MoveError> {
        self.0.push_entry(entry)
    }

    /// The verdict if the game ends here: the one `adjudicate` gives a record of the moves
    /// pushed so far (see [`JudgedGame::verdict`]).
    pub fn verdict(&self) -> Option<Verdict> {
        self.0.verdict()
    }

    /// A draw that can be claimed now without the game being over (see
    /// [`JudgedGame::claimable`]).
    pub fn claimable(&self) -> Option<Verdict> {
        self.0.claimable()
    }

    /// Whether a rule ended the game (no move can be pushed).
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    pub fn plies(&self) -> usize {
        self.0.plies()
    }

    pub fn position(&self) -> String {
        self.0.position()
    }

    pub fn legal_moves(&self) -> Vec<String> {
        self.0.legal_moves()
    }

    /// See [`GameReferee::banned_moves`].
    pub fn banned_moves(&self) -> Vec<String> {
        self.0.banned_moves()
    }

    /// UCCI's `banmoves` (see [`GameReferee::ban_moves`]): what a GUI forbids an engine —
    /// every move that repeats a position so that the mover would be the offender, not only
    /// the one that completes the deciding repetition.
    pub fn ban_moves(&self) -> Vec<String> {
        self.0.ban_moves()
    }

    pub fn warnings(&self) -> &[Warning] {
        self.0.warnings()
    }
}

/// A game missing from the build (never happens with the three games built in).
struct Unavailable(GameKind);

impl GameReferee for Unavailable {
    fn game(&self) -> GameKind {
        self.0
    }
    fn push_entry(&mut self, entry: &MoveEntry) -> Result<Option<Verdict>, MoveError> {
        Err(MoveError {
            kind: ErrorKind::Unsupported,
            message: format!("{} is not in this build", self.0),
            ply: 1,
            move_text: entry.text.to_string(),
            help: None,
        })
    }
    fn verdict(&self) -> Option<Verdict> {
        None
    }
    fn claimable(&self) -> Option<Verdict> {
        None
    }
    fn is_over(&self) -> bool {
        true
    }
    fn plies(&self) -> usize {
        0
    }
    fn position(&self) -> String {
        String::new()
    }
    fn legal_moves(&self) -> Vec<String> {
        Vec::new()
    }
    fn warnings(&self) -> &[Warning] {
        &[]
    }
    fn boxed_clone(&self) -> Box<dyn GameReferee> {
        Box::new(Unavailable(self.0))
    }
}
