//! The referee one move at a time, and the one code path that adjudication shares with it.
//!
//! A game's board rules (checkmate, the move limit, the repetition judge, the disc count …)
//! are a [`Judge`]: it is shown the position after every move and says whether a rule ends the
//! game there. [`JudgedGame`] drives a game's [`Replayer`] (which resolves move texts against
//! the legal moves) and its judge together: a match server pushes moves into it one at a time
//! (the driver's `Referee` is the game-independent face of it), and adjudication replays a record through
//! the very same driver ([`replay_judged`]), so that "the first rule that ends the game on the
//! board" is found by the same code, at the same ply, in both.

use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::record::{GameKind, MoveEntry, Record};
use crate::core::replay::{Replay, Replayer};
use crate::core::span::Span;
use crate::core::verdict::Verdict;

/// What the board rules say after a move.
#[derive(Debug, Clone, PartialEq)]
pub enum Judgement {
    /// No rule ends the game here.
    Continues,
    /// A rule ends the game here.
    Ends(Verdict),
    /// A verdict the players may play on from: a Xiangqi repetition ruled a draw with allowed
    /// moves on both sides (不变作和). When they do play on, the verdict lapses and `note`
    /// is added to the detail of the game's final verdict.
    Lapses { verdict: Verdict, note: String },
}

/// A game's board rules, judged one move at a time.
pub trait Judge {
    type Position;
    type Move: Copy;

    /// The verdict of the start position, before any move (a set-up can be over already).
    fn start(&mut self, start: &Self::Position) -> Option<Verdict>;

    /// Judges ply `ply`: `mv` (as the record or the user wrote it in `entry`; `None` for a
    /// move the record leaves out, such as an Othello forced pass) led to `after`.
    ///
    /// `followed` says that another move of the record follows: then the side to move has a
    /// legal move (or the record is invalid and gets no verdict), so a judge may skip the
    /// rules that need a position without one. The move-by-move referee never knows that and
    /// passes `false`; both calls give the same verdict at the same ply.
    fn judge(
        &mut self,
        after: &Self::Position,
        mv: Self::Move,
        entry: Option<&MoveEntry>,
        ply: usize,
        followed: bool,
    ) -> Judgement;
}

/// Why a move pushed into a referee or a board was refused. The referee's state is unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{kind}: {message}")]
pub struct MoveError {
    /// `parse`, `illegal-move` or `ambiguous-move` (a move after the end of the game is an
    /// `illegal-move`).
    pub kind: ErrorKind,
    pub message: String,
    /// The ply the move would have been (1-based).
    pub ply: usize,
    /// The move as given.
    pub move_text: String,
    /// A hint (the legal moves, for some games).
    pub help: Option<String>,
}

impl MoveError {
    fn from_record_error(e: RecordError, ply: usize, text: &str) -> MoveError {
        MoveError {
            kind: e.kind,
            message: e.message,
            ply,
            move_text: text.to_string(),
            help: e.help,
        }
    }
}

/// A game played and judged move by move: the position, the moves so far, and the verdict.
#[derive(Clone)]
pub struct JudgedGame<R: Replayer, J: Judge<Position = R::Position, Move = R::Move>> {
    replayer: R,
    judge: J,
    start: R::Position,
    pos: R::Position,
    moves: Vec<R::Move>,
    /// The plies (1-based) played without an entry of their own (forced passes).
    implied: Vec<usize>,
    warnings: Vec<Warning>,
    /// The board verdict of the game as it stands.
    board: Option<Verdict>,
    /// The board verdict ends the game (every verdict but one that lapses when play goes on).
    over: bool,
    /// The note to keep if play goes on past a verdict that lapses.
    lapse_note: Option<String>,
    /// Notes on the verdicts that lapsed.
    notes: Vec<String>,
}

impl<R, J> JudgedGame<R, J>
where
    R: Replayer,
    J: Judge<Position = R::Position, Move = R::Move>,
{
    /// A game from `start`; the start position is judged at once.
    pub fn new(replayer: R, mut judge: J, start: R::Position) -> Self {
        let board = judge.start(&start);
        JudgedGame {
            replayer,
            judge,
            pos: start.clone(),
            start,
            moves: Vec::new(),
            implied: Vec::new(),
            warnings: Vec::new(),
            over: board.is_some(),
            board,
            lapse_note: None,
            notes: Vec::new(),
        }
    }

    /// Resolves `text` (any notation the game reads) and plays it: the verdict that ends the
    /// game at this move, `None` while it goes on. A repetition ruled a draw with allowed moves
    /// on both sides (不变作和) does not end the game: the players may play on, so it is
    /// reported by [`JudgedGame::claimable`], not here. After a verdict that ends the game
    /// every push is refused (an `illegal-move`).
    pub fn push(&mut self, text: &str) -> Result<Option<Verdict>, MoveError> {
        self.push_entry(&MoveEntry::new(text.trim(), Span::default()))
    }

    /// [`JudgedGame::push`] for a move with what a record gives with it (a Junqi action's
    /// time stamp, which the time limit reads).
    pub(crate) fn push_entry(&mut self, entry: &MoveEntry) -> Result<Option<Verdict>, MoveError> {
        let text = entry.text.as_str();
        let ply = self.moves.len() + 1;
        if self.over {
            let why = self.board.as_ref().map_or(String::new(), |v| {
                format!(": {} by {} at ply {}", v.result, v.reason, v.ply)
            });
            return Err(MoveError {
                kind: ErrorKind::IllegalMove,
                message: format!("the game is over{why}"),
                ply,
                move_text: text.to_string(),
                help: None,
            });
        }
        match self.replayer.resolve(&self.pos, entry) {
            Ok((mv, note)) => {
                self.note(note, ply);
                self.play(mv, Some(entry), false);
            }
            Err(e) => {
                // A move the game leaves out before this one (a forced pass): tried on a copy,
                // so that a refused move leaves the game as it was.
                let Some(pass) = self.replayer.implied(&self.pos, entry) else {
                    return Err(MoveError::from_record_error(e, ply, text));
                };
                let mut after = self.pos.clone();
                self.replayer.play(&mut after, pass);
                self.replayer
                    .resolve(&after, entry)
                    .map_err(|e| MoveError::from_record_error(e, ply + 1, text))?;
                self.play(pass, None, true);
                self.implied.push(self.moves.len());
                // Resolved again on the game's own position (a replayer may keep what it
                // resolved last for playing it).
                let (mv, note) = self
                    .replayer
                    .resolve(&self.pos, entry)
                    .map_err(|e| MoveError::from_record_error(e, ply + 1, text))?;
                self.note(note, ply + 1);
                self.play(mv, Some(entry), false);
            }
        }
        Ok(if self.over { self.verdict() } else { None })
    }

    fn note(&mut self, note: Option<String>, ply: usize) {
        if let Some(n) = note {
            self.warnings.push(Warning::new(n).with_ply(ply));
        }
    }

    /// Plays a move already resolved against the current position (`entry` as written,
    /// `None` for a move the record leaves out) and judges it unless the game is over;
    /// `followed`: another move of the record follows (see [`Judge::judge`]).
    pub(crate) fn play(&mut self, mv: R::Move, entry: Option<&MoveEntry>, followed: bool) {
        if let Some(note) = self.lapse_note.take() {
            self.notes.push(note);
            self.board = None;
        }
        self.replayer.play(&mut self.pos, mv);
        self.moves.push(mv);
        if self.over {
            return;
        }
        let ply = self.moves.len();
        match self.judge.judge(&self.pos, mv, entry, ply, followed) {
            Judgement::Continues => {}
            Judgement::Ends(v) => {
                self.board = Some(v);
                self.over = true;
            }
            Judgement::Lapses { verdict, note } => {
                if followed {
                    self.notes.push(note);
                } else {
                    self.board = Some(verdict);
                    self.lapse_note = Some(note);
                }
            }
        }
    }

    /// The verdict the game gets if it ends here — the one `adjudicate` gives a record of
    /// the moves so far: the verdict that ended the game, or the draw that can be claimed
    /// now ([`JudgedGame::claimable`]), with the notes on the verdicts that lapsed; `None`
    /// when no rule decides yet.
    pub(crate) fn verdict(&self) -> Option<Verdict> {
        let mut v = self.board.clone()?;
        for note in &self.notes {
            v.detail.push_str(&format!("; note: {note}"));
        }
        Some(v)
    }

    /// The draw that stands after the last move without ending the game: a repetition ruled
    /// a draw with allowed moves on both sides (不变作和). The game ends with it if no move
    /// follows (a record that stops here, players who agree); the next move lets it lapse.
    /// It is the verdict of the game if it ends here, notes included ([`JudgedGame::verdict`]).
    pub(crate) fn claimable(&self) -> Option<Verdict> {
        if self.over { None } else { self.verdict() }
    }

    #[cfg(test)]
    /// The board verdict alone, without the notes.
    pub(crate) fn board_verdict(&self) -> Option<&Verdict> {
        self.board.as_ref()
    }

    /// Whether a verdict ends the game (no move can be pushed).
    pub(crate) fn is_over(&self) -> bool {
        self.over
    }

    pub fn position(&self) -> &R::Position {
        &self.pos
    }

    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }

    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Lenient readings of the moves pushed (a move that leaves out which of two pieces …).
    pub(crate) fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    pub(crate) fn replayer(&self) -> &R {
        &self.replayer
    }

    pub(crate) fn judge_state(&self) -> &J {
        &self.judge
    }

    /// The judge, to change a copy's rules for a trial (the UCCI `banmoves`).
    pub(crate) fn judge_state_mut(&mut self) -> &mut J {
        &mut self.judge
    }
}

/// A record replayed through the rules and judged move by move.
#[derive(Debug, Clone)]
pub struct JudgedReplay<P, M> {
    pub replay: Replay<P, M>,
    /// The first rule that ended the game on the board (`None` when the record is invalid:
    /// an invalid game gets no verdict).
    pub board: Option<Verdict>,
    /// Notes on drawn repetitions the players left.
    pub notes: Vec<String>,
}

/// Replays the record through the same driver as the move-by-move referee: start position →
/// resolve each recorded move against the legal moves → play it → judge it, stopping at the
/// first bad move (the moves before it kept). A setup error gives `Err`; a bad move stops the
/// replay with the error recorded; a parse error the reader met after the last move it could
/// read is reported once the moves before it replayed.
pub(crate) fn replay_judged<R, J>(
    replayer: R,
    judge: J,
    record: &Record,
) -> Result<JudgedReplay<R::Position, R::Move>, RecordError>
where
    R: Replayer,
    J: Judge<Position = R::Position, Move = R::Move>,
{
    let start = replayer.start(record)?;
    let mut game = JudgedGame::new(replayer, judge, start);
    game.moves.reserve(record.moves.len());
    game.warnings = record.warnings.clone();
    let mut error = None;
    let n = record.moves.len();
    for (i, entry) in record.moves.iter().enumerate() {
        let followed = i + 1 < n;
        let mut resolved = game.replayer.resolve(&game.pos, entry);
        if resolved.is_err()
            && let Some(mv) = game.replayer.implied(&game.pos, entry)
        {
            game.play(mv, None, true);
            game.implied.push(game.moves.len());
            resolved = game.replayer.resolve(&game.pos, entry);
        }
        let ply = game.moves.len() + 1;
        match resolved {
            Ok((mv, note)) => {
                if let Some(note) = note {
                    game.warnings
                        .push(Warning::new(note).at(entry.span).with_ply(ply));
                }
                game.play(mv, Some(entry), followed);
            }
            Err(mut e) => {
                e.ply = Some(ply);
                if e.span.is_none() {
                    e.span = Some(entry.span);
                }
                if e.move_text.is_none() {
                    e.move_text = Some(entry.text.to_string());
                }
                error = Some(e);
                break;
            }
        }
    }
    if error.is_none()
        && let Some(e) = &record.parse_error
    {
        let mut e = e.clone();
        if e.ply.is_none() {
            e.ply = Some(game.moves.len() + 1);
        }
        error = Some(e);
    }
    let valid = error.is_none();
    Ok(JudgedReplay {
        board: if valid { game.board } else { None },
        notes: if valid { game.notes } else { Vec::new() },
        replay: Replay {
            start: game.start,
            end: game.pos,
            moves: game.moves,
            error,
            warnings: game.warnings,
            implied: game.implied,
        },
    })
}

/// The judge of a plain replay: no rule is judged.
pub struct NoJudge<P, M>(std::marker::PhantomData<fn(&P, M)>);

impl<P, M> Default for NoJudge<P, M> {
    fn default() -> Self {
        NoJudge(std::marker::PhantomData)
    }
}

impl<P, M> Clone for NoJudge<P, M> {
    fn clone(&self) -> Self {
        NoJudge::default()
    }
}

impl<P, M: Copy> Judge for NoJudge<P, M> {
    type Position = P;
    type Move = M;
    fn start(&mut self, _: &P) -> Option<Verdict> {
        None
    }
    fn judge(&mut self, _: &P, _: M, _: Option<&MoveEntry>, _: usize, _: bool) -> Judgement {
        Judgement::Continues
    }
}

/// A game's move-by-move referee, as the driver and the Python package see it: every game's
/// `core::variant::RefereeOf`.
pub trait GameReferee: Send {
    fn game(&self) -> GameKind;
    /// Resolves `text` in any notation the game reads and plays it; see [`JudgedGame::push`].
    fn push(&mut self, text: &str) -> Result<Option<Verdict>, MoveError> {
        self.push_entry(&MoveEntry::new(text.trim(), Span::default()))
    }
    /// A move with what a record gives with it (a Junqi action's time stamp).
    fn push_entry(&mut self, entry: &MoveEntry) -> Result<Option<Verdict>, MoveError>;
    /// See [`JudgedGame::verdict`]: the verdict if the game ends here.
    fn verdict(&self) -> Option<Verdict>;
    /// See [`JudgedGame::claimable`]: a draw that stands without ending the game.
    fn claimable(&self) -> Option<Verdict>;
    fn is_over(&self) -> bool;
    fn plies(&self) -> usize;
    /// The position in the game's position notation (FEN, board string, Junqi position).
    fn position(&self) -> String;
    /// The legal moves of the side to move, in the game's coordinate notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The legal moves that would make the mover the offender of a forbidden repetition now
    /// (Xiangqi; empty for the other games).
    fn banned_moves(&self) -> Vec<String> {
        Vec::new()
    }
    /// UCCI's `banmoves`: the legal moves that repeat a position in a way that makes the mover
    /// the offender, judged at the repetition (Xiangqi; empty for the other games).
    fn ban_moves(&self) -> Vec<String> {
        Vec::new()
    }
    fn warnings(&self) -> &[Warning];
    /// A copy of the referee, for trying a line without playing it.
    fn boxed_clone(&self) -> Box<dyn GameReferee>;
}

/// Replays the record. A setup error gives `Err`; a bad move stops the replay with the error
/// recorded. A parse error the reader met after the last move it could read is reported once
/// the moves before it replayed. This is the driver of the move-by-move referee without a
/// judge ([`replay_judged`] judges too).
pub(crate) fn replay<R: Replayer + Clone>(
    rules: &R,
    record: &Record,
) -> Result<Replay<R::Position, R::Move>, RecordError> {
    replay_judged(rules.clone(), NoJudge::default(), record).map(|r| r.replay)
}
