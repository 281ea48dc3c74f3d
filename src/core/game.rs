//! The interface every game plugs into. The core (input, replay driver, report, CLI) talks to a
//! game only through this trait; the game keeps its rules, notations and formats to itself.
//! Every game implements it through its `core::variant::Variant` (the game as types).

pub(crate) use crate::core::analysis::{AnalysedMove, Analysis};
use crate::core::error::{RecordError, Warning};
use crate::core::identity::Identity;
use crate::core::record::{GameKind, Input, Record};
use crate::core::referee::GameReferee;
use crate::core::rules::{Preset, RuleSpec, RuleTable, Rules};
use crate::core::verdict::Verdict;

/// A format a game reads or writes.
#[derive(Debug, Clone, Copy)]
pub struct FormatInfo {
    /// The id used with `--from` / `--to` (`pgn`, `pgn-iccs`, `ggf`, `wthor` …).
    pub id: &'static str,
    pub game: GameKind,
    /// Extensions (lower case, no dot) that select it.
    pub extensions: &'static [&'static str],
    pub read: bool,
    pub write: bool,
    /// Binary formats are not decoded as text; their errors give byte offsets.
    pub binary: bool,
    /// Files beside an input that its reader uses (lower-case names, e.g. WTHOR's name
    /// lists `wthor.jou`, `wthor.trn`): read once per input into `Input::siblings`. Empty for
    /// most formats, whose inputs never look at their directory.
    pub companions: &'static [&'static str],
    pub description: &'static str,
    /// Reads the games `from..from + max` of an input, and whether games remain after them,
    /// for a format whose files may hold more games than memory should (WTHOR, CCBridge
    /// libraries): see [`Game::read_some`]. `None` for formats read whole.
    pub read_range: Option<ReadRange>,
}

/// The games `from..from + max` of an input, and whether games remain after them.
pub(crate) type ReadRange =
    fn(input: &Input, from: usize, max: usize) -> (Vec<Result<Record, RecordError>>, bool);

/// What a replay found: how far the record replays, its first error, and (when asked) the
/// verdict.
#[derive(Debug, Clone)]
pub struct Checked {
    /// Plies replayed without error.
    pub plies: usize,
    pub error: Option<RecordError>,
    pub warnings: Vec<Warning>,
    /// Only when adjudication was asked for and the game is valid.
    pub verdict: Option<Verdict>,
    /// The position after the last replayed ply, in the game's position notation.
    pub final_position: Option<String>,
    /// What makes the game the same as another (only when [`CheckWants::identity`]).
    pub identity: Option<Identity>,
}

impl Checked {
    /// A record whose start position could not be set up: nothing replayed, the error, the
    /// record's own warnings, and (when `wants` asks) the identity of the moves as written.
    pub(crate) fn bad_setup(record: &Record, error: RecordError, wants: CheckWants) -> Checked {
        let identity = wants.identity.then(|| {
            let setup = record.setup.as_ref().map(|(s, _)| s.as_str());
            crate::core::identity::of_bad_setup(record.game, setup, &record.moves, &error)
        });
        Checked {
            plies: 0,
            error: Some(error),
            warnings: record.warnings.clone(),
            verdict: None,
            final_position: None,
            identity,
        }
    }
}

impl Frame {
    /// The frame after `ply` plies of a record whose plies are its move entries one for one
    /// (no move implied by the replay): the entry's text and index come from the ply.
    pub(crate) fn of_entry(
        record: &Record,
        ply: usize,
        position: String,
        items: Vec<String>,
        facts: Vec<String>,
        table: Vec<Vec<String>>,
    ) -> Frame {
        let entry = ply.checked_sub(1);
        Frame {
            move_text: entry
                .and_then(|i| record.moves.get(i))
                .map(|m| m.text.to_string())
                .unwrap_or_default(),
            entry,
            position,
            items,
            facts,
            table,
        }
    }
}

/// What a check computes beyond the replay and its first error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckWants {
    /// Decide the result (`Checked::verdict`).
    pub adjudicate: bool,
    /// The game's identity (`Checked::identity`), for dedupe.
    pub identity: bool,
}

/// One output of `convert`: the bytes to write, and the records that could not be converted
/// (by position in the `records` slice given to `convert`, with the reason).
#[derive(Debug, Default)]
pub struct Converted {
    pub bytes: Vec<u8>,
    pub games: usize,
    pub failures: Vec<(usize, RecordError)>,
    /// What the target format could not hold of a record written (its tags, say), by
    /// position in the `records` slice: said to the user, the record is still written.
    pub notes: Vec<(usize, String)>,
}

/// What `perft` counts: the leaves `depth` plies below a position, one count per root move as
/// well when `divide`, on `jobs` threads.
#[derive(Debug, Clone, Copy)]
pub struct PerftQuery {
    pub depth: u32,
    pub divide: bool,
    pub jobs: usize,
}

/// Why `perft` could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// The position given is not one the game can read: `message` says why in the game's
    /// words (what `qipu perft` prints), `at` is the byte of the position text where it goes
    /// wrong when the game knows it.
    #[error("{message}")]
    BadPosition { message: String, at: Option<usize> },
}

/// What `perft` prints.
#[derive(Debug, Clone)]
pub struct PerftOutput {
    /// `(move, count)` per root move, when `--divide` was asked.
    pub divide: Vec<(String, u64)>,
    pub total: u64,
}

/// What `show` prints: a text diagram and facts about the position.
#[derive(Debug, Clone)]
pub struct Shown {
    pub diagram: String,
    pub svg: Option<String>,
}

/// Every position of a replayed record, drawn for the replayable HTML page (`show --html`,
/// `adjudicate --html` / `--html-dir`): the board once, and for each ply the pieces and marks
/// as SVG items, the position in the game's notation and the facts a player reads off it.
#[derive(Debug, Clone, Default)]
pub struct Frames {
    /// The picture's width and height.
    pub size: (f64, f64),
    /// SVG definitions the items refer to by id (`<use href="#…">`): the same for every game
    /// of a kind, so a page with many games holds them once.
    pub defs: String,
    /// The board under every ply (lines, camps, coordinates …).
    pub board: String,
    /// The two sides' names, the first player's first ("Red", "Black").
    pub sides: [&'static str; 2],
    /// The second player makes the first move (a set-up position).
    pub second_starts: bool,
    /// The head of every frame's `table` (empty when the game has no status table).
    pub table_head: Vec<String>,
    /// Ply 0 (the start) to the last ply replayed without error.
    pub plies: Vec<Frame>,
}

/// One ply of [`Frames`].
#[derive(Debug, Clone, Default)]
pub struct Frame {
    /// The move that led here as the record wrote it (a move the replay implied, such as an
    /// Othello forced pass, as the game names it); empty at ply 0.
    pub move_text: String,
    /// The record's move entry this ply played (`None` at ply 0 and for implied moves).
    pub entry: Option<usize>,
    /// The position after the ply in the game's notation: what [`Checked::final_position`]
    /// gives for the record cut after this ply.
    pub position: String,
    /// The picture over the board, one SVG element an item. An item that stays the same
    /// from one ply to the next is drawn once on the page.
    pub items: Vec<String>,
    /// Facts about the position, a line each (side to move, check, disc count …).
    pub facts: Vec<String>,
    /// Rows of the status table under [`Frames::table_head`].
    pub table: Vec<Vec<String>>,
}

/// Options for `show`.
#[derive(Debug, Clone, Default)]
pub struct ShowOptions {
    pub ply: Option<usize>,
    pub color: bool,
    pub svg: bool,
}

/// The answer of [`Game::stream_cut`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamCut {
    /// The format is read whole (binary formats, single-game formats).
    Unsupported,
    /// No second game starts in the text yet: read more.
    NotYet,
    /// `text[..n]` holds whole games; the rest starts a game.
    At(usize),
}

/// The start of the line holding `at` (a cut must fall at a line start so that line and
/// column numbers of the piece stay right once shifted).
pub(crate) fn line_start(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()
        .get(..at)
        .and_then(|b| memchr::memrchr(b'\n', b))
        .map(|i| i + 1)
        .unwrap_or(0)
}

pub trait Game: Sync + Send {
    fn kind(&self) -> GameKind;
    fn formats(&self) -> &'static [FormatInfo];
    /// Its rule parameters, its rule sets and how its typed rule values are built: what
    /// [`Rules::build`] takes.
    fn rule_table(&self) -> RuleTable;
    fn rule_specs(&self) -> &'static [RuleSpec] {
        self.rule_table().specs
    }
    /// The first preset is the default.
    fn presets(&self) -> &'static [Preset] {
        self.rule_table().presets
    }

    /// Recognises one of this game's formats from a file's name and first bytes (`None`
    /// when it is not this game's).
    fn sniff(&self, name: &str, head: &[u8]) -> Option<&'static str>;

    /// Whether a file of one of its binary formats lacks the mark its reader requires at its
    /// first bytes (an XQF file's `XQ` and version, a CCBridge record's or library's magic, a
    /// WTHOR header of another board size): its reader then refuses it from the head alone,
    /// so a big one need not be read whole.
    fn lacks_mark(&self, format: &str, head: &[u8]) -> bool;

    /// Splits the input into games and reads each. A game that cannot be read at all is an
    /// `Err` in its place; one that stops part way is a `Record` with `parse_error` set.
    /// An input that is not a file of this format at all gives one `Err`.
    fn read(&self, format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>>;

    /// Reads the games `from..from + max` only, and says whether games remain after them:
    /// batches read big binary databases (WTHOR) a slice at a time, so memory stays flat
    /// however many games a file holds. A format without a [`FormatInfo::read_range`] is
    /// read whole at `from == 0`.
    fn read_some(
        &self,
        format: &'static str,
        input: &Input,
        from: usize,
        max: usize,
    ) -> (Vec<Result<Record, RecordError>>, bool) {
        let info = self.formats().iter().find(|f| f.id == format);
        match info.and_then(|f| f.read_range) {
            Some(read_range) => read_range(input, from, max),
            None if from == 0 => (self.read(format, input), false),
            None => (Vec::new(), false),
        }
    }

    /// Streaming of huge text files: where `text` (the decoded start of the rest of a file,
    /// beginning at a game) may be cut so that `text[..cut]` holds whole games only and reads
    /// the same on its own. The cut is at the start of a line. The default reads every
    /// format whole.
    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        let _ = (format, text);
        StreamCut::Unsupported
    }

    /// Replays a record through the rules; adjudicates too when `adjudicate`.
    fn check(&self, record: &Record, rules: &Rules, adjudicate: bool) -> Checked {
        let wants = CheckWants {
            adjudicate,
            identity: false,
        };
        self.check_with(record, rules, wants)
    }

    /// Replays a record and computes what `wants` asks for (the verdict, the identity).
    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked;

    /// A referee for one game played move by move from `position` (the game's position
    /// notation; the standard start when `None`), judging by the same code as [`Game::check`].
    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn GameReferee>, RecordError>;

    /// Writes the records in the target format. Records that cannot be converted are listed
    /// in `failures`, never silently dropped.
    fn convert(&self, records: &[Record], to: &'static str, rules: &Rules) -> Converted;

    /// Counts the leaves `query.depth` plies below `position` (the game's position notation;
    /// the standard start when `None`).
    fn perft(&self, position: Option<&str>, query: PerftQuery) -> Result<PerftOutput, PerftError>;

    fn show(
        &self,
        record: &Record,
        rules: &Rules,
        opts: &ShowOptions,
    ) -> Result<Shown, RecordError>;

    /// Every position of the record up to its first bad move, drawn for the replayable page.
    /// A record whose start cannot be set up is an `Err`.
    fn frames(&self, record: &Record, rules: &Rules) -> Result<Frames, RecordError>;

    /// Remarks for `adjudicate --explain` on `verdict` that the record itself suggests (a
    /// Xiangqi record whose date puts it under another rulebook edition: what that edition
    /// rules). The verdict never changes by them.
    fn explain_remarks(&self, record: &Record, rules: &Rules, verdict: &Verdict) -> Vec<String> {
        let _ = (record, rules, verdict);
        Vec::new()
    }

    /// The moves of the record judged by the game's own engine, for `adjudicate --explain`
    /// and the HTML page (Othello: perfect play over the last empty squares, within a
    /// budget); `None` when the game has no such analysis or the record does not replay.
    /// It may cost time: only what explains a verdict calls it.
    fn analysis(&self, record: &Record, rules: &Rules) -> Option<Analysis> {
        let _ = (record, rules);
        None
    }

    /// An SVG item marking a target of a judged move (a repetition cycle's `targets`, such as
    /// a square `e9`) on the board of [`Game::frames`]; `None` when the text names nothing the
    /// game can place.
    fn target_mark(&self, target: &str) -> Option<String> {
        let _ = target;
        None
    }
}
