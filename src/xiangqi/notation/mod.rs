//! Move text ↔ moves, in the three notations of Xiangqi records:
//!
//! * ICCS/UCCI coordinates: `h2e2`, `H2-E2` ([`iccs`]);
//! * WXF: `C2.5`, `H8+7`, `R+.3`, `P3.4`, `++.4` ([`wxf`]);
//! * Chinese: `炮二平五`, `馬８進７`, `前車進一`, `中兵平四` ([`chinese`]).
//!
//! Each reader parses the text into a syntax value without a board, then resolves it against
//! the legal moves (the model of shakmaty's `San::to_move`); the error says whether the text
//! is not a move at all (parse), names no legal move (illegal-move) or several
//! (ambiguous-move). Writers are canonical.

pub mod chinese;
pub mod iccs;
mod numerals;
pub(crate) mod relative;
pub mod wxf;

use crate::core::error::{ErrorKind, RecordError};
use crate::xiangqi::rules::{Move, Position};

pub use chinese::{ChineseStyle, Script};
pub use numerals::Digits;

/// The notations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Notation {
    Iccs,
    Wxf,
    Chinese,
}

/// How to write a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `h2e2`
    Iccs,
    /// `H2-E2`
    IccsDash,
    /// `C2.5`
    Wxf,
    /// `炮二平五` / `炮８進７`
    Chinese(ChineseStyle),
}

/// What kind of failure a move text met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// Not a move in the notation at all.
    Parse,
    /// A well-formed move that names no legal move.
    Illegal,
    /// A well-formed move that fits more than one legal move.
    Ambiguous,
}

/// Why a move text could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    pub kind: NotationErrorKind,
    pub message: String,
}

impl NotationError {
    pub(crate) fn parse(message: impl Into<String>) -> NotationError {
        NotationError {
            kind: NotationErrorKind::Parse,
            message: message.into(),
        }
    }
    pub(crate) fn illegal(message: impl Into<String>) -> NotationError {
        NotationError {
            kind: NotationErrorKind::Illegal,
            message: message.into(),
        }
    }
    pub(crate) fn ambiguous(message: impl Into<String>) -> NotationError {
        NotationError {
            kind: NotationErrorKind::Ambiguous,
            message: message.into(),
        }
    }
    /// The core error kind: parse, illegal-move or ambiguous-move.
    pub fn error_kind(&self) -> ErrorKind {
        match self.kind {
            NotationErrorKind::Parse => ErrorKind::Parse,
            NotationErrorKind::Illegal => ErrorKind::IllegalMove,
            NotationErrorKind::Ambiguous => ErrorKind::AmbiguousMove,
        }
    }
    /// A record error without position (the replay driver adds ply, span and move text).
    pub(crate) fn to_record_error(&self) -> RecordError {
        RecordError::new(self.error_kind(), self.message.clone())
    }
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

impl From<NotationError> for RecordError {
    fn from(e: NotationError) -> RecordError {
        e.to_record_error()
    }
}

/// The `TEXT ICCS` pairs of a comma-separated list of test cases (`"C2.5 h2e2, H2+3 h0g2"`).
#[cfg(test)]
pub(crate) fn test_cases(list: &str) -> impl Iterator<Item = (&str, &str)> {
    list.split(", ")
        .map(|case| case.split_once(' ').unwrap_or((case, "")))
}

/// Guesses the notation of one move token: Chinese if it holds a CJK character, ICCS if it
/// is two squares (`h2e2`, `H2-E2`), WXF otherwise.
pub(crate) fn detect(text: &str) -> Notation {
    let t = text.trim();
    if t.chars().any(|c| c as u32 >= 0x2E80) {
        Notation::Chinese
    } else if iccs::parse(t).is_ok() {
        Notation::Iccs
    } else {
        Notation::Wxf
    }
}

/// Resolves a move in whichever notation it is written.
pub fn resolve(pos: &Position, text: &str) -> Result<(Move, Option<String>), NotationError> {
    resolve_as(pos, text, detect(text))
}

/// Resolves a move written in `notation`.
pub(crate) fn resolve_as(
    pos: &Position,
    text: &str,
    notation: Notation,
) -> Result<(Move, Option<String>), NotationError> {
    match notation {
        Notation::Iccs => iccs::resolve(pos, text),
        Notation::Wxf => wxf::resolve(pos, text),
        Notation::Chinese => chinese::resolve(pos, text),
    }
}

/// Writes a move of the side to move (it must move a piece of that side).
pub fn write(pos: &Position, mv: Move, style: Style) -> String {
    match style {
        Style::Iccs => iccs::write(mv, false),
        Style::IccsDash => iccs::write(mv, true),
        Style::Wxf => wxf::write(pos, mv),
        Style::Chinese(s) => chinese::write(pos, mv, s),
    }
}
