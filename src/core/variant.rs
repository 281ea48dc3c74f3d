//! A game as types: [`Variant`] names a game's position, move, rules, replayer and judge, its
//! formats, and what of its record check is its own. Written once here for every variant: the
//! record check ([`check_record`], what `validate` and `adjudicate` run on each record), the
//! move-by-move referee ([`RefereeOf`]), both driving the same [`JudgedGame`] so that they
//! rule alike, and the object-safe [`Game`] the driver holds (`impl<V: Variant> Game for V`).

use crate::core::analysis::Analysis;
use crate::core::error::{RecordError, Warning};
use crate::core::game::{
    CheckWants, Checked, Converted, FormatInfo, Frames, Game, PerftError, PerftOutput, PerftQuery,
    ShowOptions, Shown, StreamCut,
};
use crate::core::identity;
use crate::core::perft::{self, PerftTree};
use crate::core::record::{GameKind, Input, MoveEntry, Record};
use crate::core::referee::{
    GameReferee, Judge, JudgedGame, JudgedReplay, MoveError, replay, replay_judged,
};
use crate::core::replay::{Replay, Replayer};
use crate::core::rules::{RuleSet, RuleTable, Rules};
use crate::core::verdict::Verdict;
use std::borrow::Cow;

/// The position of a variant.
pub(crate) type PositionOf<V> = <<V as Variant>::Replayer as Replayer>::Position;
/// The move of a variant.
pub(crate) type MoveOf<V> = <<V as Variant>::Replayer as Replayer>::Move;

/// A game's formats as a type (each game's `formats/mod.rs` implements it): the formats it
/// reads and writes, how one is recognised, and its readers, stream cuts and writers. Readers
/// and writers only: no judging.
pub trait Formats {
    /// The formats it reads and writes.
    const LIST: &'static [FormatInfo];

    /// One of its formats recognised from a file's name and first bytes; see [`Game::sniff`].
    fn sniff(name: &str, head: &[u8]) -> Option<&'static str>;

    /// Whether a file of one of its binary formats lacks the mark its reader requires at its
    /// first bytes; see [`Game::lacks_mark`]. By default no format has one.
    fn lacks_mark(_format: &str, _head: &[u8]) -> bool {
        false
    }

    /// The games of an input in one of its formats; see [`Game::read`].
    fn read(format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>>;

    /// Where a huge text file may be cut between games; see [`Game::stream_cut`]. By default
    /// every format is read whole.
    fn stream_cut(_format: &'static str, _text: &str) -> StreamCut {
        StreamCut::Unsupported
    }

    /// Records written in one of its formats; see [`Game::convert`].
    fn convert(records: &[Record], to: &'static str, rules: &Rules) -> Converted;
}

/// How a game's records are shown (each game's `show.rs` implements it): a position as a
/// text diagram and an SVG picture, and every position of a record for the replayable page.
pub trait Show {
    /// See [`Game::show`].
    fn show(record: &Record, rules: &Rules, opts: &ShowOptions) -> Result<Shown, RecordError>;

    /// See [`Game::frames`].
    fn frames(record: &Record, rules: &Rules) -> Result<Frames, RecordError>;
}

/// One game as types: its rules, its replayer (which reads recorded moves against its
/// positions) and its judge (its board rules), how its positions and moves are written, and
/// the parts of the record check that are its own. Each game implements it once (in its
/// `mod.rs`), with its [`Formats`] (its `formats/mod.rs`: what it reads and writes, and how)
/// and its [`Show`] (its `show.rs`: the text diagram and SVG, the page's frames); its
/// positions are the trees perft counts ([`PerftTree`]). [`check_record`] and [`RefereeOf`]
/// are written once for all of them.
pub trait Variant: Formats + Show + Send + Sync + 'static {
    const GAME: GameKind;
    /// Its typed rule values.
    type Rules: RuleSet;
    type Replayer: Replayer<Position: Send + PerftTree, Move: Send + std::hash::Hash>
        + Clone
        + Send
        + 'static;
    type Judge: Judge<
            Position = <Self::Replayer as Replayer>::Position,
            Move = <Self::Replayer as Replayer>::Move,
        > + Clone
        + Send
        + 'static;

    /// See [`Game::explain_remarks`]; none by default.
    fn explain_remarks(_record: &Record, _rules: &Rules, _verdict: &Verdict) -> Vec<String> {
        Vec::new()
    }

    /// See [`Game::analysis`]; none by default.
    fn analysis(_record: &Record, _rules: &Rules) -> Option<Analysis> {
        None
    }

    /// See [`Game::target_mark`]; none by default.
    fn target_mark(_target: &str) -> Option<String> {
        None
    }

    /// The start of a move-by-move referee under `rules`: the standard start, or `text` in the
    /// game's position notation.
    fn start_position(
        rules: &Self::Rules,
        text: Option<&str>,
    ) -> Result<PositionOf<Self>, RecordError>;

    /// The replayer under `rules`.
    fn replayer(rules: &Self::Rules) -> Self::Replayer;

    /// The judge under `rules`, for a game of about `plies` plies.
    fn judge(rules: &Self::Rules, plies: usize) -> Self::Judge;

    /// The position in the game's position notation (FEN, board string, Junqi position).
    fn position_text(pos: &PositionOf<Self>) -> String;

    /// What makes a start the same as another for dedupe: the position text, or the part of
    /// it that is the position (Xiangqi leaves out the move counters).
    fn start_key(position_text: &str) -> &str {
        position_text
    }

    /// The legal moves of the side to move, in the game's coordinate notation (none once the
    /// game is over).
    fn legal_moves(game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String>;

    /// The legal moves that would make the mover the offender of a forbidden repetition now
    /// (Xiangqi; none for the other games).
    fn banned_moves(_game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        Vec::new()
    }

    /// The moves a GUI forbids the engine (UCCI's `banmoves`): the legal moves that repeat a
    /// position in a way that makes the mover the offender, judged at the repetition itself —
    /// a superset of [`Variant::banned_moves`] (Xiangqi; none for the other games).
    fn ban_moves(_game: &JudgedGame<Self::Replayer, Self::Judge>) -> Vec<String> {
        Vec::new()
    }

    /// The record is replayed through the judge to validate it too (Junqi: its board rules
    /// end the game, and a move after the end is invalid); otherwise validation replays
    /// without the judge, which has no verdict to give.
    const JUDGE_TO_VALIDATE: bool = false;

    /// The rules a record is checked under: the run's (`rules`, typed as `typed`), with what
    /// the record's own tags set (Junqi's `[Rules]` tag). An error makes the record invalid
    /// before any move.
    fn record_rules<'r>(
        _record: &Record,
        _rules: &Rules,
        typed: &'r Self::Rules,
    ) -> Result<Cow<'r, Self::Rules>, RecordError> {
        Ok(Cow::Borrowed(typed))
    }

    /// Warnings on the record's set-up before it is replayed (a Xiangqi composed position);
    /// an error refuses the set-up.
    fn setup_warnings(_record: &Record, _rules: &Self::Rules) -> Result<Vec<Warning>, RecordError> {
        Ok(Vec::new())
    }

    /// What the record says besides its moves, held against the replay: warnings (after the
    /// replay's own), and the first invalid entry with the plies before it (Junqi's events).
    fn record_notes(
        _record: &Record,
        _replay: &Replay<PositionOf<Self>, MoveOf<Self>>,
        _rules: &Self::Rules,
    ) -> RecordNotes {
        RecordNotes::default()
    }

    /// The verdict on a valid record: the board verdict of the judged replay (`judged`), then
    /// the record's own events and claim (the game's `judge.rs`).
    fn verdict(
        record: &Record,
        judged: &JudgedReplay<PositionOf<Self>, MoveOf<Self>>,
        rules: &Self::Rules,
    ) -> Verdict;
}

/// What [`Variant::record_notes`] finds.
#[derive(Debug, Default)]
pub struct RecordNotes {
    pub warnings: Vec<Warning>,
    /// The record is invalid after this many plies, with this error.
    pub invalid_after: Option<(usize, RecordError)>,
}

/// The typed values of `rules` for the variant: the ones built when they were checked (a
/// downcast), or, for another game's rules, read from their values.
fn typed_rules<V: Variant>(rules: &Rules) -> Cow<'_, V::Rules> {
    match rules.typed.downcast_ref::<V::Rules>() {
        Some(typed) => Cow::Borrowed(typed),
        None => Cow::Owned(V::Rules::from_values(rules)),
    }
}

/// The record check of every game (`Game::check_with`), under the run's `rules` as the game's
/// typed values (`typed`): the record's rules, its set-up, the replay (judged when
/// adjudicating, or when the game's judge decides validity), what the record says besides its
/// moves, then the verdict, the final position and the identity as `wants` asks.
pub(crate) fn check_record<V: Variant>(
    record: &Record,
    rules: &Rules,
    typed: &V::Rules,
    wants: CheckWants,
) -> Checked {
    let failed = |e: RecordError| Checked::bad_setup(record, e, wants);
    let typed = match V::record_rules(record, rules, typed) {
        Ok(t) => t,
        Err(e) => return failed(e),
    };
    let mut warnings = match V::setup_warnings(record, &typed) {
        Ok(w) => w,
        Err(e) => return failed(e),
    };
    let replayer = V::replayer(&typed);
    let replayed = if wants.adjudicate || V::JUDGE_TO_VALIDATE {
        replay_judged(
            replayer.clone(),
            V::judge(&typed, record.moves.len()),
            record,
        )
    } else {
        replay(&replayer, record).map(|replay| JudgedReplay {
            replay,
            board: None,
            notes: Vec::new(),
        })
    };
    let mut judged = match replayed {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let notes = V::record_notes(record, &judged.replay, &typed);
    let r = &mut judged.replay;
    warnings.append(&mut r.warnings);
    warnings.extend(notes.warnings);
    if let Some((plies, error)) = notes.invalid_after {
        if plies < r.plies() {
            r.moves.truncate(plies);
            r.implied.retain(|&p| p <= plies);
            r.end = r.start.clone();
            for &mv in &r.moves {
                replayer.play(&mut r.end, mv);
            }
        }
        r.error = Some(error);
    }
    let r = &judged.replay;
    let identity = wants.identity.then(|| {
        let start = V::position_text(&r.start);
        let key = V::start_key(&start).to_string();
        identity::of_replay(
            record.game,
            (start.clone(), &key),
            &r.moves,
            (&record.moves, r.plies() - r.implied.len()),
            r.error.as_ref(),
        )
    });
    let verdict =
        (wants.adjudicate && r.error.is_none()).then(|| V::verdict(record, &judged, &typed));
    let r = &judged.replay;
    Checked {
        plies: r.plies(),
        error: r.error.clone(),
        warnings,
        verdict,
        final_position: Some(V::position_text(&r.end)),
        identity,
    }
}

/// The referee of one game, one move at a time: a [`JudgedGame`] of the game's replayer and
/// judge (`xiangqi::referee::XiangqiReferee` is `RefereeOf<Xiangqi>`).
pub struct RefereeOf<V: Variant> {
    game: JudgedGame<V::Replayer, V::Judge>,
}

impl<V: Variant> Clone for RefereeOf<V> {
    fn clone(&self) -> Self {
        RefereeOf {
            game: self.game.clone(),
        }
    }
}

impl<V: Variant> RefereeOf<V> {
    /// A referee under `rules` from the standard start, or from `position` (the game's
    /// position notation).
    pub fn new(rules: &Rules, position: Option<&str>) -> Result<Self, RecordError> {
        let typed = typed_rules::<V>(rules);
        let start = V::start_position(&typed, position)?;
        Ok(RefereeOf::with(
            V::replayer(&typed),
            V::judge(&typed, 0),
            start,
        ))
    }

    /// A referee from `start` with this replayer and judge, which is judged at once.
    pub(crate) fn with(
        replayer: V::Replayer,
        judge: V::Judge,
        start: <V::Replayer as Replayer>::Position,
    ) -> Self {
        RefereeOf {
            game: JudgedGame::new(replayer, judge, start),
        }
    }

    /// Plays a move written in any notation the game reads; see [`JudgedGame::push`].
    pub fn push(&mut self, text: &str) -> Result<Option<Verdict>, MoveError> {
        self.game.push(text)
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    pub fn position(&self) -> &<V::Replayer as Replayer>::Position {
        self.game.position()
    }

    /// The game and its judge as they stand.
    pub(crate) fn judged(&self) -> &JudgedGame<V::Replayer, V::Judge> {
        &self.game
    }
}

impl<V: Variant> GameReferee for RefereeOf<V> {
    fn game(&self) -> GameKind {
        V::GAME
    }
    fn push_entry(&mut self, entry: &MoveEntry) -> Result<Option<Verdict>, MoveError> {
        self.game.push_entry(entry)
    }
    fn verdict(&self) -> Option<Verdict> {
        self.game.verdict()
    }
    fn claimable(&self) -> Option<Verdict> {
        self.game.claimable()
    }
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn plies(&self) -> usize {
        self.game.plies()
    }
    fn position(&self) -> String {
        V::position_text(self.game.position())
    }
    fn legal_moves(&self) -> Vec<String> {
        V::legal_moves(&self.game)
    }
    fn banned_moves(&self) -> Vec<String> {
        V::banned_moves(&self.game)
    }
    fn ban_moves(&self) -> Vec<String> {
        V::ban_moves(&self.game)
    }
    fn warnings(&self) -> &[Warning] {
        self.game.warnings()
    }
    fn boxed_clone(&self) -> Box<dyn GameReferee> {
        Box::new(self.clone())
    }
}

/// Every variant is a [`Game`], the object-safe face the driver holds.
impl<V: Variant> Game for V {
    fn kind(&self) -> GameKind {
        V::GAME
    }

    fn formats(&self) -> &'static [FormatInfo] {
        <V as Formats>::LIST
    }

    fn rule_table(&self) -> RuleTable {
        V::Rules::TABLE
    }

    fn sniff(&self, name: &str, head: &[u8]) -> Option<&'static str> {
        <V as Formats>::sniff(name, head)
    }

    fn lacks_mark(&self, format: &str, head: &[u8]) -> bool {
        <V as Formats>::lacks_mark(format, head)
    }

    fn read(&self, format: &'static str, input: &Input) -> Vec<Result<Record, RecordError>> {
        <V as Formats>::read(format, input)
    }

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        <V as Formats>::stream_cut(format, text)
    }

    fn check_with(&self, record: &Record, rules: &Rules, wants: CheckWants) -> Checked {
        check_record::<V>(record, rules, &typed_rules::<V>(rules), wants)
    }

    fn referee(
        &self,
        rules: &Rules,
        position: Option<&str>,
    ) -> Result<Box<dyn GameReferee>, RecordError> {
        Ok(Box::new(RefereeOf::<V>::new(rules, position)?))
    }

    fn convert(&self, records: &[Record], to: &'static str, rules: &Rules) -> Converted {
        <V as Formats>::convert(records, to, rules)
    }

    fn perft(&self, position: Option<&str>, query: PerftQuery) -> Result<PerftOutput, PerftError> {
        perft::perft_from::<PositionOf<V>>(position, query)
    }

    fn show(
        &self,
        record: &Record,
        rules: &Rules,
        opts: &ShowOptions,
    ) -> Result<Shown, RecordError> {
        <V as Show>::show(record, rules, opts)
    }

    fn frames(&self, record: &Record, rules: &Rules) -> Result<Frames, RecordError> {
        <V as Show>::frames(record, rules)
    }

    fn explain_remarks(&self, record: &Record, rules: &Rules, verdict: &Verdict) -> Vec<String> {
        <V as Variant>::explain_remarks(record, rules, verdict)
    }

    fn analysis(&self, record: &Record, rules: &Rules) -> Option<Analysis> {
        <V as Variant>::analysis(record, rules)
    }

    fn target_mark(&self, target: &str) -> Option<String> {
        <V as Variant>::target_mark(target)
    }
}
