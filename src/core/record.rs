//! The record model shared by every game: what a parser reads out of a file, before any rule
//! is applied. Moves stay as the text tokens the record wrote (with their source spans); a
//! game's notation module resolves them against the legal moves of the position.

use crate::core::error::Warning;
use crate::core::span::Span;
use compact_str::CompactString;
use serde::Serialize;
use std::sync::Arc;
use thin_vec::ThinVec;

/// The three games qipu referees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Xiangqi,
    Othello,
    Junqi,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Xiangqi, GameKind::Othello, GameKind::Junqi];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Othello => "othello",
            GameKind::Junqi => "junqi",
        }
    }

    pub fn parse(s: &str) -> Option<GameKind> {
        match s.to_ascii_lowercase().as_str() {
            "xiangqi" | "xq" | "chinese-chess" => Some(GameKind::Xiangqi),
            "othello" | "reversi" => Some(GameKind::Othello),
            "junqi" | "fanfanqi" | "junqi-fanfanqi" => Some(GameKind::Junqi),
            _ => None,
        }
    }
}

crate::core::display_by_name!(GameKind => name);

/// The two players, in game-neutral terms. `First` is Red in Xiangqi, Black in Othello, and
/// the player who acted first in Junqi; a result "1-0" means `First` wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub(crate) fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// A game result as written in PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    FirstWins,
    SecondWins,
    Draw,
    Unfinished,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// Reads the usual spellings of a result token ("1-0", "0-1", "1/2-1/2", "½-½", "*",
    /// "0.5-0.5", "=").
    pub(crate) fn parse(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" | "1:0" => Some(GameResult::FirstWins),
            "0-1" | "0:1" => Some(GameResult::SecondWins),
            "1/2-1/2" | "½-½" | "0.5-0.5" | "=" | "1/2" | "draw" => Some(GameResult::Draw),
            "*" | "" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    pub(crate) fn win_for(p: Player) -> GameResult {
        match p {
            Player::First => GameResult::FirstWins,
            Player::Second => GameResult::SecondWins,
        }
    }
}

impl Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

crate::core::display_by_name!(GameResult => as_str);

/// How the record says the game ended, when it says so (a GGF `:r` flag, a PGN Termination
/// tag, a Junqi `resign` action …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Termination {
    Resignation,
    Timeout,
    Agreement,
}

/// A tag / header: `[Event "…"]`, a GGF property, a WTHOR field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: CompactString,
    pub value: CompactString,
    pub span: Span,
}

/// A clock, eval or other annotation attached to a move (`B[f5/1.50/12]`, `{[%clk 0:05]}`).
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    pub key: String,
    pub value: String,
}

/// One move (ply) as the record wrote it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MoveEntry {
    /// The token, as written (for binary formats, a coordinate text made by the reader).
    /// Inline (no allocation) up to 24 bytes, which holds every move token in practice.
    pub text: CompactString,
    pub span: Span,
    /// The move number written before it, if any.
    pub number: Option<u32>,
    /// Comments written after the move. (`ThinVec`s: one pointer while empty, as these three
    /// nearly always are, so a move stays small in memory.)
    pub comments: ThinVec<String>,
    pub annotations: ThinVec<Annotation>,
    /// Alternative lines that start instead of this move.
    pub variations: ThinVec<Vec<MoveEntry>>,
    /// A timestamp written with the move (seconds since the start of the game or absolute
    /// text, as the format has it).
    pub time: Option<String>,
}

impl MoveEntry {
    pub fn new(text: impl Into<CompactString>, span: Span) -> MoveEntry {
        MoveEntry {
            text: text.into(),
            span,
            ..MoveEntry::default()
        }
    }
}

/// Something that happens between moves and is not a ply: a resignation, a draw offer …
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    Resign,
    Timeout,
    DrawOffer,
    DrawAccept,
    DrawDecline,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub kind: EventKind,
    /// Who did it, when the record says.
    pub player: Option<Player>,
    /// The number of plies played before it.
    pub after_ply: usize,
    pub span: Span,
    pub time: Option<String>,
}

/// The result the record claims.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    pub result: GameResult,
    pub termination: Option<Termination>,
    /// The claim as written (`1-0`, `+2.000:r`, a WTHOR score …).
    pub text: String,
    pub span: Span,
}

impl Claim {
    /// The result a record writes as `text` at `span`, with no termination.
    pub(crate) fn written(result: GameResult, text: impl Into<String>, span: Span) -> Claim {
        Claim {
            result,
            termination: None,
            text: text.into(),
            span,
        }
    }
}

/// One game read from a file.
#[derive(Debug, Clone)]
pub struct Record {
    pub game: GameKind,
    /// The format id it was read from (`pgn`, `ggf`, `wthor` …).
    pub format: &'static str,
    /// 0-based index of the game in its file.
    pub index: usize,
    pub tags: Vec<Tag>,
    /// A non-standard start position as written (FEN, board string, layout), if any.
    pub setup: Option<(String, Span)>,
    pub moves: Vec<MoveEntry>,
    pub events: Vec<Event>,
    pub claim: Option<Claim>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The whole game in the source.
    pub span: Span,
    /// A parse problem that stopped reading the move list: the moves before it are kept and
    /// replayed, and the game is reported invalid with this error.
    pub parse_error: Option<crate::core::error::RecordError>,
    /// Notices from the reader that do not make the game invalid.
    pub warnings: Vec<crate::core::error::Warning>,
}

impl Record {
    pub fn new(game: GameKind, format: &'static str, index: usize) -> Record {
        Record {
            game,
            format,
            index,
            tags: Vec::new(),
            setup: None,
            moves: Vec::new(),
            events: Vec::new(),
            claim: None,
            comments: Vec::new(),
            span: Span::default(),
            parse_error: None,
            warnings: Vec::new(),
        }
    }

    /// The value of the first tag of that name (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }

    /// Stops the reading of the moves with `error`, at the ply the next move would have been
    /// (the moves before it are kept).
    pub(crate) fn stop_reading(&mut self, error: crate::core::error::RecordError) {
        self.parse_error = Some(error.with_ply(self.moves.len() + 1));
    }

    /// Adds a tag as read, at `span` of the source.
    #[inline]
    pub(crate) fn add_tag(
        &mut self,
        name: impl Into<CompactString>,
        value: impl Into<CompactString>,
        span: Span,
    ) {
        self.tags.push(Tag {
            name: name.into(),
            value: value.into(),
            span,
        });
    }

    pub(crate) fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        if let Some(t) = self
            .tags
            .iter_mut()
            .find(|t| t.name.eq_ignore_ascii_case(name))
        {
            t.value = value.into();
        } else {
            self.add_tag(name, value, Span::default());
        }
    }

    /// A result that a binary format stores as a code, at `span`: the `Result` tag and the
    /// claim, both written as the result's PGN text (`1-0`), with no termination.
    pub(crate) fn set_result(&mut self, result: GameResult, span: Span) {
        self.set_tag("Result", result.as_str());
        self.claim = Some(Claim::written(result, result.as_str(), span));
    }

    /// The one rule of every format that may write a result twice, after the moves and in a
    /// `Result` tag (Xiangqi PGN, Othello PGN, Junqi `.jqr`): the result after the moves is the
    /// one claimed, and a `Result` tag that says otherwise is a warning at the tag; without a
    /// result after the moves the tag is the claim; a tag that is not a result (by `read`) is
    /// a warning and is left out. Never an error: a record is judged by its moves. Returns the
    /// claimed result, as read, as written, and where.
    pub(crate) fn written_result<R: PartialEq>(
        &mut self,
        after_moves: Option<(R, String, Span)>,
        read: impl Fn(&str) -> Option<R>,
    ) -> Option<(R, String, Span)> {
        let tag = self
            .tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case("Result"))
            .map(|t| (t.value.trim().to_string(), t.span));
        let tag = tag.and_then(|(text, span)| match read(&text) {
            Some(r) => Some((r, text, span)),
            None => {
                self.warnings.push(
                    Warning::new(format!("the Result tag `{text}` is not a result")).at(span),
                );
                None
            }
        });
        match (after_moves, tag) {
            (Some(a), Some(t)) if a.0 != t.0 => {
                self.warnings.push(
                    Warning::new(format!(
                        "the Result tag says {} but the move text ends with {}; using {}",
                        t.1, a.1, a.1
                    ))
                    .at(t.2),
                );
                Some(a)
            }
            (Some(a), _) => Some(a),
            (None, t) => t,
        }
    }
}

/// The input a reader works on: the file's bytes and, for text formats, its decoded text.
#[derive(Debug, Clone)]
pub struct Input {
    /// The name to show in reports (a path, or `<stdin>`).
    pub name: String,
    pub bytes: Arc<[u8]>,
    /// The decoded text (for text formats); spans index into it.
    pub text: Option<Arc<str>>,
    /// The files beside it that its format uses (`FormatInfo::companions`: WTHOR.JOU /
    /// WTHOR.TRN), by lower-case name, with their bytes (read once for the whole input).
    pub siblings: Vec<(String, Arc<[u8]>)>,
}

impl Input {
    pub fn text(&self) -> &str {
        self.text.as_deref().unwrap_or("")
    }
}

/// A game's number in human-readable output: games count from 1, as plies do. (The JSON
/// report's `index`, and `show --game-index`, count from 0, as the spec has them.)
pub(crate) fn game_number(index: usize) -> usize {
    index.saturating_add(1)
}

#[cfg(test)]
mod size_tests {
    /// A move's in-memory size matters for databases of millions of moves (a WTHOR batch
    /// holds a slice of 256 games × 60 moves at a time): keep it small.
    #[test]
    fn a_move_entry_stays_small() {
        let size = std::mem::size_of::<super::MoveEntry>();
        assert!(size <= 96, "MoveEntry is {size} bytes");
    }
}
