//! Boards: a position you push moves into, in any notation the game reads, through the
//! crate's own move resolution (the replay driver without a judge). `outcome()` is the
//! game's judge on the position alone.

use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipu::bindings::referee::{Judge, JudgedGame, NoJudge};
use qipu::Verdict;
use qipu::bindings::junqi::{
    Action, JunqiJudge, JunqiReplayer, Params, action_text, format_position, start_from_text,
    unknown_start,
};
use qipu::bindings::othello::{
    Board as OthelloPosition, Empties, Move as OthelloMove, OthelloJudge, OthelloReplayer,
    board_string, legal_move_names,
};
use qipu::bindings::xiangqi::{
    self as notation, BoardRules, ChineseStyle, Color, Digits, Move, Position, Script, Style,
    XiangqiJudge, XiangqiReplayer,
};
use std::sync::{Mutex, MutexGuard};

type XiangqiGame = JudgedGame<XiangqiReplayer, NoJudge<Position, Move>>;
type OthelloGame = JudgedGame<OthelloReplayer, NoJudge<OthelloPosition, OthelloMove>>;
type JunqiGame = JudgedGame<JunqiReplayer, NoJudge<qipu::bindings::junqi::Position, Action>>;

pub(crate) fn verdict_dict<'py>(
    py: Python<'py>,
    v: Option<Verdict>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    match v {
        None => Ok(None),
        Some(v) => crate::from_json(py, &serde_json::to_string(&v).unwrap_or_default()).map(Some),
    }
}

fn style(name: &str) -> PyResult<Style> {
    let chinese = |script, digits| Style::Chinese(ChineseStyle { script, digits });
    Ok(match name.to_ascii_lowercase().as_str() {
        "iccs" | "ucci" => Style::Iccs,
        "iccs-dash" => Style::IccsDash,
        "wxf" => Style::Wxf,
        "chinese" | "chinese-simplified" => chinese(Script::Simplified, Digits::FullWidth),
        "chinese-traditional" => chinese(Script::Traditional, Digits::FullWidth),
        "chinese-ascii" => chinese(Script::Simplified, Digits::Ascii),
        _ => {
            return Err(errors::rules_error(format!(
                "unknown notation `{name}`; use iccs, iccs-dash, wxf, chinese, chinese-traditional or chinese-ascii"
            )));
        }
    })
}

/// A Xiangqi position: `Board()` is the start, `Board(fen)` a set-up. `push` takes ICCS
/// (`h2e2`), WXF (`C2.5`) or Chinese (`炮二平五`) and returns the move in ICCS.
#[pyclass(module = "qipu.xiangqi", name = "Board")]
#[derive(Clone)]
pub struct XiangqiBoard {
    game: XiangqiGame,
}

impl XiangqiBoard {
    pub fn from_position(pos: Position) -> XiangqiBoard {
        XiangqiBoard {
            game: JudgedGame::new(XiangqiReplayer, NoJudge::default(), pos),
        }
    }
}

#[pymethods]
impl XiangqiBoard {
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(py: Python<'_>, fen: Option<&str>) -> PyResult<Self> {
        let pos = match fen {
            None => Position::start(),
            Some(f) => Position::from_fen(f)
                .map_err(|e| errors::record_error(py, &e.to_record_error(), None, None, None))?,
        };
        Ok(XiangqiBoard::from_position(pos))
    }
    /// The legal moves of the side to move, in ICCS.
    fn legal_moves(&self) -> Vec<String> {
        self.game
            .position()
            .legal_moves_vec()
            .into_iter()
            .map(|m| m.iccs())
            .collect()
    }
    /// Plays a move written in any notation; returns it in ICCS. A bad move raises
    /// `ParseError`, `IllegalMoveError` or `AmbiguousMoveError` and changes nothing.
    fn push(&mut self, py: Python<'_>, r#move: &str) -> PyResult<String> {
        self.game
            .push(r#move)
            .map_err(|e| errors::move_error(py, e))?;
        Ok(self
            .game
            .moves()
            .last()
            .map(|m| m.iccs())
            .unwrap_or_default())
    }
    /// `move` (any notation, legal here) written in `notation`: iccs, iccs-dash, wxf,
    /// chinese, chinese-traditional or chinese-ascii.
    #[pyo3(signature = (r#move, notation="iccs"))]
    fn move_text(&self, py: Python<'_>, r#move: &str, notation: &str) -> PyResult<String> {
        let style = style(notation)?;
        let pos = self.game.position();
        let (mv, _) = notation::resolve(pos, r#move).map_err(|e| {
            errors::move_error(
                py,
                qipu::bindings::referee::MoveError {
                    kind: e.error_kind(),
                    message: e.message,
                    ply: self.game.plies() + 1,
                    move_text: r#move.to_string(),
                    help: None,
                },
            )
        })?;
        Ok(notation::write(pos, mv, style))
    }
    /// The position in FEN.
    fn fen(&self) -> String {
        self.game.position().to_fen()
    }
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }
    /// The verdict of the position alone (checkmate, stalemate, insufficient material, a
    /// capturable king) as the report's `verdict` dict, or `None`. Repetitions and the move
    /// limit need the game: see `Referee`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let v = XiangqiJudge::new(BoardRules::default()).start(self.game.position());
        verdict_dict(py, v)
    }
    /// `"red"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.game.position().side_to_move() {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
    /// Moves pushed so far.
    #[getter]
    fn ply(&self) -> usize {
        self.game.plies()
    }
    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __str__(&self) -> String {
        qipu::bindings::xiangqi::diagram(self.game.position(), false)
    }
    fn __repr__(&self) -> String {
        format!("qipu.xiangqi.Board({:?})", self.fen())
    }
}

/// An Othello position: `Board()` is the start, `Board(board)` a board string (64 cells
/// `-`/`X`/`O`, then the side to move). `push` takes a square (`f5`) or `pass`; a forced pass
/// may be left out.
#[pyclass(module = "qipu.othello", name = "Board")]
pub struct OthelloBoard {
    /// Behind a lock: the Othello replayer keeps what it resolved last in a `Cell`.
    game: Mutex<OthelloGame>,
}

impl Clone for OthelloBoard {
    fn clone(&self) -> Self {
        OthelloBoard {
            game: Mutex::new(self.game().clone()),
        }
    }
}

impl OthelloBoard {
    pub fn from_position(pos: OthelloPosition) -> OthelloBoard {
        OthelloBoard {
            game: Mutex::new(JudgedGame::new(
                OthelloReplayer::default(),
                NoJudge::default(),
                pos,
            )),
        }
    }

    fn game(&self) -> MutexGuard<'_, OthelloGame> {
        self.game.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl OthelloBoard {
    #[new]
    #[pyo3(signature = (board=None))]
    fn new(board: Option<&str>) -> PyResult<Self> {
        let pos = match board {
            None => OthelloPosition::start(),
            Some(b) => qipu::bindings::othello::parse_board(b).map_err(|m| {
                Python::attach(|py| {
                    errors::raise(
                        py,
                        errors::Fields {
                            kind: "bad-setup".into(),
                            message: format!("bad start position: {m}"),
                            ..Default::default()
                        },
                    )
                })
            })?,
        };
        Ok(OthelloBoard::from_position(pos))
    }
    /// The legal moves: squares, or `["pass"]` when the side to move must pass, `[]` when
    /// the game is over.
    fn legal_moves(&self) -> Vec<String> {
        legal_move_names(self.game().position())
    }
    /// Plays a square or a pass; returns what was played (`"pass f5"` when a forced pass was
    /// left out).
    fn push(&self, py: Python<'_>, r#move: &str) -> PyResult<String> {
        let mut game = self.game();
        let before = game.plies();
        game.push(r#move).map_err(|e| errors::move_error(py, e))?;
        let played: Vec<String> = game.moves()[before..]
            .iter()
            .map(|m| qipu::bindings::othello::move_name(*m))
            .collect();
        Ok(played.join(" "))
    }
    /// `move` in `notation`: `square` (lower case, the only notation; a pass is `pass`).
    #[pyo3(signature = (r#move, notation="square"))]
    fn move_text(&self, r#move: &str, notation: &str) -> PyResult<String> {
        if !notation.eq_ignore_ascii_case("square") {
            return Err(errors::rules_error(format!(
                "unknown notation `{notation}`; Othello moves are squares"
            )));
        }
        qipu::bindings::othello::parse_move(r#move.trim())
            .map(qipu::bindings::othello::move_name)
            .ok_or_else(|| errors::rules_error(format!("`{move}` is not a square or a pass")))
    }
    /// The board string: 64 cells, a space, the side to move.
    fn fen(&self) -> String {
        board_string(self.game().position())
    }
    /// Othello has no check: always `False`.
    fn is_check(&self) -> bool {
        false
    }
    /// The game-over verdict (the score, empty squares to the winner) as the report's
    /// `verdict` dict, or `None` while either side can move.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let v = OthelloJudge {
            empties: Empties::Winner,
        }
        .start(self.game().position());
        verdict_dict(py, v)
    }
    /// `"black"` or `"white"`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.game().position().to_move {
            qipu::Player::First => "black",
            qipu::Player::Second => "white",
        }
    }
    #[getter]
    fn ply(&self) -> usize {
        self.game().plies()
    }
    /// (black discs, white discs).
    fn counts(&self) -> (u32, u32) {
        self.game().position().counts()
    }
    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __str__(&self) -> String {
        qipu::bindings::othello::diagram(self.game().position(), None, false)
    }
    fn __repr__(&self) -> String {
        format!("qipu.othello.Board({:?})", self.fen())
    }
}

/// A Junqi Fanfanqi position: `Board()` is 50 unknown face-down pieces; `Board(position)` a
/// `[Position]` text, `Board(layout=...)` a `[Layout]` one (the 50 pieces face down, known). `push` takes `.jqr` actions: `C2=红工兵` (a flip, the
/// piece it shows), `G0-F0`, `G0xF0`, `timeout`.
#[pyclass(module = "qipu.junqi", name = "Board")]
#[derive(Clone)]
pub struct JunqiBoard {
    game: JunqiGame,
    params: Params,
}

#[pymethods]
impl JunqiBoard {
    #[new]
    #[pyo3(signature = (position=None, rules=None, params=None, layout=None))]
    fn new(
        py: Python<'_>,
        position: Option<&str>,
        rules: Option<&str>,
        params: Option<&Bound<'_, PyDict>>,
        layout: Option<&str>,
    ) -> PyResult<Self> {
        let rules = crate::game_rules(qipu::GameKind::Junqi, rules, params)?;
        let params = rules.typed::<Params>();
        let bad =
            |e: qipu::RecordError| errors::record_error(py, &e, None, None, None);
        let pos = match (position, layout) {
            (_, Some(l)) => start_from_text(l, true).map_err(bad)?,
            (Some(t), None) => start_from_text(t, false).map_err(bad)?,
            (None, None) => unknown_start(),
        };
        Ok(JunqiBoard {
            game: JudgedGame::new(
                JunqiReplayer {
                    params: params.clone(),
                },
                NoJudge::default(),
                pos,
            ),
            params,
        })
    }
    /// The legal actions but timeouts, in ASCII (`C2=E`, `G0-F0`, `G0xF0`); a face-down piece
    /// the position does not know cannot be listed (flip it by naming what it shows).
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.game.position();
        pos.legal_actions(&self.params)
            .into_iter()
            .map(|a| action_text(pos, a, true))
            .collect()
    }
    /// Plays an action; returns it in ASCII.
    fn push(&mut self, py: Python<'_>, r#move: &str) -> PyResult<String> {
        let before = self.game.position().clone();
        self.game
            .push(r#move)
            .map_err(|e| errors::move_error(py, e))?;
        Ok(self
            .game
            .moves()
            .last()
            .map(|a| action_text(&before, *a, true))
            .unwrap_or_default())
    }
    /// `move` (legal here) in `notation`: `ascii` (`C2=E`) or `chinese` (`C2=红工兵`).
    #[pyo3(signature = (r#move, notation="ascii"))]
    fn move_text(&self, py: Python<'_>, r#move: &str, notation: &str) -> PyResult<String> {
        let ascii = match notation.to_ascii_lowercase().as_str() {
            "ascii" => true,
            "chinese" => false,
            _ => {
                return Err(errors::rules_error(format!(
                    "unknown notation `{notation}`; use ascii or chinese"
                )));
            }
        };
        let mut trial = self.game.clone();
        trial.push(r#move).map_err(|e| errors::move_error(py, e))?;
        let a = trial.moves().last().copied().unwrap_or(Action::Timeout);
        Ok(action_text(self.game.position(), a, ascii))
    }
    /// The position in the Junqi position notation (a `[Position]` tag's text).
    fn fen(&self) -> String {
        format_position(self.game.position())
    }
    /// Junqi has no check: always `False`.
    fn is_check(&self) -> bool {
        false
    }
    /// The verdict of the position alone (no legal action left) as the report's `verdict`
    /// dict, or `None`. The other rules (flag, limits, repetition) need the game: `Referee`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let v = JunqiJudge::new(self.params.clone()).start(self.game.position());
        verdict_dict(py, v)
    }
    /// `"first"` or `"second"`: the player to act.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.game.position().to_move {
            qipu::Player::First => "first",
            qipu::Player::Second => "second",
        }
    }
    #[getter]
    fn ply(&self) -> usize {
        self.game.plies()
    }
    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __str__(&self) -> String {
        qipu::bindings::junqi::board_text(self.game.position(), false)
    }
    fn __repr__(&self) -> String {
        format!("qipu.junqi.Board({:?})", self.fen())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("XiangqiBoard", m.py().get_type::<XiangqiBoard>())?;
    m.add("OthelloBoard", m.py().get_type::<OthelloBoard>())?;
    m.add("JunqiBoard", m.py().get_type::<JunqiBoard>())?;
    Ok(())
}
