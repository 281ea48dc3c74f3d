//! The state of a game: the 60 stations, who acts, the colours, and the counters the
//! verdicts need. Applying an action assumes it is legal (see `movegen`).

use super::board::{SQUARES, Square};
use super::params::Params;
use super::piece::{Color, Outcome, Piece, Rank, attack_outcome};
use crate::core::record::Player;

/// What stands on a station.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// A face-down piece; `None` when the record does not tell which (no layout).
    Down(Option<Piece>),
    Up(Piece),
}

/// One action (a step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Turn a face-down piece over; it shows `piece`.
    Flip { sq: Square, piece: Piece },
    /// Move an own face-up piece; onto an enemy it is an attack.
    Move { from: Square, to: Square },
    /// The player let the clock run out; the turn passes.
    Timeout,
}

pub(crate) fn player_index(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// What an applied action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Applied {
    /// The outcome, when the action was an attack.
    pub attack: Option<Outcome>,
    /// How often the action's repetition key now occurs in the mover's window (0 for
    /// timeouts and attacks).
    pub repeats: usize,
    /// The colour whose flag this action took.
    pub flag_taken: Option<Color>,
    /// The colour the mover took with this flip, when it set the colours.
    pub colors_set: Option<Color>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub cells: [Cell; SQUARES],
    pub to_move: Player,
    /// The first player's colour, once set.
    pub first_color: Option<Color>,
    /// Each player's previous flip (by player index).
    pub last_flip: [Option<Color>; 2],
    /// The previous flip by either player.
    pub last_flip_any: Option<Color>,
    /// Steps played.
    pub steps: u32,
    /// Steps since the last attack.
    pub quiet: u32,
    /// Timeouts by player index.
    pub timeouts: [u32; 2],
    /// Mines removed, by colour.
    pub mines_lost: [u8; 2],
    /// Pieces known to exist (face up, known face down, or flipped), by `Piece::index`,
    /// so that flips without a layout never exceed a colour's composition.
    pub known: [u8; 24],
    /// The colour whose flag was taken.
    pub flag_taken: Option<Color>,
    /// Each player's repetition keys (their own recent non-attack actions), oldest first.
    pub history: [Vec<u32>; 2],
}

impl Position {
    /// An empty board, the first player to act, nothing set.
    pub(crate) fn empty() -> Position {
        Position {
            cells: [Cell::Empty; SQUARES],
            to_move: Player::First,
            first_color: None,
            last_flip: [None, None],
            last_flip_any: None,
            steps: 0,
            quiet: 0,
            timeouts: [0, 0],
            mines_lost: [0, 0],
            known: [0; 24],
            flag_taken: None,
            history: [Vec::new(), Vec::new()],
        }
    }

    /// Recounts `known` from the board (after a set-up).
    pub(crate) fn recount_known(&mut self) {
        self.known = [0; 24];
        for c in self.cells {
            if let Cell::Up(p) | Cell::Down(Some(p)) = c {
                self.known[p.index()] = self.known[p.index()].saturating_add(1);
            }
        }
    }

    pub(crate) fn color_of(&self, p: Player) -> Option<Color> {
        self.first_color.map(|c| match p {
            Player::First => c,
            Player::Second => c.other(),
        })
    }

    pub(crate) fn owner_of(&self, c: Color) -> Option<Player> {
        let first = self.first_color?;
        Some(if c == first {
            Player::First
        } else {
            Player::Second
        })
    }

    pub(crate) fn cell(&self, sq: Square) -> Cell {
        self.cells.get(sq as usize).copied().unwrap_or(Cell::Empty)
    }

    pub(crate) fn face_down_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::Down(_)))
            .count()
    }

    /// The repetition key of a non-attack action: from-square, piece and to-square.
    pub(crate) fn repetition_key(from: Square, piece: Piece, to: Square) -> u32 {
        ((from as u32) << 16) | ((piece.index() as u32) << 8) | to as u32
    }

    /// Plays a legal action.
    pub fn apply(&mut self, action: Action, params: &Params) -> Applied {
        let me = player_index(self.to_move);
        let mut applied = Applied::default();
        self.steps += 1;
        match action {
            Action::Timeout => {
                self.timeouts[me] += 1;
                self.quiet += 1;
            }
            Action::Flip { sq, piece } => {
                if let Some(Cell::Down(None)) = self.cells.get(sq as usize) {
                    self.known[piece.index()] = self.known[piece.index()].saturating_add(1);
                }
                if let Some(c) = self.cells.get_mut(sq as usize) {
                    *c = Cell::Up(piece);
                }
                if self.first_color.is_none() {
                    let previous = if params.color_any {
                        self.last_flip_any
                    } else {
                        self.last_flip[me]
                    };
                    if previous == Some(piece.color) {
                        let first = match self.to_move {
                            Player::First => piece.color,
                            Player::Second => piece.color.other(),
                        };
                        self.first_color = Some(first);
                        applied.colors_set = Some(piece.color);
                    }
                }
                self.last_flip[me] = Some(piece.color);
                self.last_flip_any = Some(piece.color);
                self.quiet += 1;
                applied.repeats = self.remember(me, Self::repetition_key(sq, piece, sq), params);
            }
            Action::Move { from, to } => {
                let attacker = match self.cell(from) {
                    Cell::Up(p) => p,
                    _ => return applied,
                };
                self.set(from, Cell::Empty);
                match self.cell(to) {
                    Cell::Up(defender) => {
                        let outcome = attack_outcome(attacker.rank, defender.rank, true)
                            .unwrap_or(Outcome::Both);
                        applied.attack = Some(outcome);
                        match outcome {
                            Outcome::Wins => self.set(to, Cell::Up(attacker)),
                            Outcome::Both => self.set(to, Cell::Empty),
                            Outcome::Loses => {}
                        }
                        if outcome != Outcome::Loses {
                            if defender.rank == Rank::Mine {
                                self.mines_lost[defender.color.index()] += 1;
                            }
                            if defender.rank == Rank::Flag {
                                self.flag_taken = Some(defender.color);
                                applied.flag_taken = Some(defender.color);
                            }
                        }
                        self.quiet = 0;
                        self.history[me].clear();
                    }
                    _ => {
                        self.set(to, Cell::Up(attacker));
                        self.quiet += 1;
                        applied.repeats =
                            self.remember(me, Self::repetition_key(from, attacker, to), params);
                    }
                }
            }
        }
        self.to_move = self.to_move.other();
        applied
    }

    fn set(&mut self, sq: Square, cell: Cell) {
        if let Some(c) = self.cells.get_mut(sq as usize) {
            *c = cell;
        }
    }

    /// Counts the key in the player's window (with this action), then keeps the newest
    /// `repeat-window` keys.
    fn remember(&mut self, me: usize, key: u32, params: &Params) -> usize {
        let h = &mut self.history[me];
        let n = h.iter().filter(|&&k| k == key).count() + 1;
        h.push(key);
        let window = params.repeat_window.max(1);
        if h.len() > window {
            let cut = h.len() - window;
            h.drain(..cut);
        }
        n
    }
}
