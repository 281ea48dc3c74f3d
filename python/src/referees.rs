//! Referees one move at a time: the crate's `Referee` (the same driver and judge as
//! `adjudicate`), one class per game for its constructor.

use crate::boards::verdict_dict;
use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipu::bindings::junqi::{format_position, start_from_text};
use qipu::bindings::referee::{MoveEntry, Span};
use qipu::{GameKind, Referee};
use std::sync::{Mutex, MutexGuard};

/// What the three referee classes share.
pub struct Shared(Mutex<Referee>);

impl Shared {
    fn new(
        py: Python<'_>,
        game: GameKind,
        rules: Option<&str>,
        position: Option<&str>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Shared> {
        let rules = crate::game_rules(game, rules, params)?;
        let r = Referee::from_position(game, &rules, position)
            .map_err(|e| errors::record_error(py, &e, None, None, None))?;
        Ok(Shared(Mutex::new(r)))
    }

    fn get(&self) -> MutexGuard<'_, Referee> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn push<'py>(
        &self,
        py: Python<'py>,
        mv: &str,
        time: Option<&str>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut entry = MoveEntry::new(mv.trim(), Span::default());
        entry.time = time.map(str::to_string);
        let v = self
            .get()
            .push_entry(&entry)
            .map_err(|e| errors::move_error(py, e))?;
        verdict_dict(py, v)
    }

    fn copy(&self) -> Shared {
        Shared(Mutex::new(self.get().clone()))
    }
}

macro_rules! referee_class {
    ($name:ident, $pyname:literal, $module:literal, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = $module, name = $pyname)]
        pub struct $name(Shared);

        #[pymethods]
        impl $name {
            /// Plays a move in any notation the game's `Board.push` takes. Returns the
            /// verdict as the report's `verdict` dict when a rule ends the game with this move
            /// (the one `qipu.adjudicate` gives for the same moves, at the same ply), else
            /// `None` — also when a repetition is drawn with allowed moves on both sides,
            /// which the players may play on from (see `claimable`). A bad move, or any move
            /// after the end, raises and changes nothing. `time` is a Junqi action's time
            /// stamp (`1:02:03`), which the time limit reads.
            #[pyo3(signature = (r#move, time=None))]
            fn push<'py>(
                &self,
                py: Python<'py>,
                r#move: &str,
                time: Option<&str>,
            ) -> PyResult<Option<Bound<'py, PyAny>>> {
                self.0.push(py, r#move, time)
            }
            /// The verdict (a dict) if the game ends here: the one `qipu.adjudicate` gives a
            /// record of the moves pushed so far — the verdict that ended the game, or a draw
            /// that can be claimed now; `None` when no rule decides yet.
            fn verdict<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
                let v = self.0.get().verdict();
                verdict_dict(py, v)
            }
            /// A draw (a dict) that stands after the last move without ending the game: a
            /// Xiangqi repetition with allowed moves on both sides (不变作和). The players may
            /// agree to it or play on (the next move lets it lapse). `None` otherwise.
            fn claimable<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
                let v = self.0.get().claimable();
                verdict_dict(py, v)
            }
            /// Whether a verdict ends the game (a repetition ruled a draw does not: the
            /// players may play on, as `adjudicate` lets them).
            fn is_over(&self) -> bool {
                self.0.get().is_over()
            }
            /// Moves played (forced passes included).
            #[getter]
            fn ply(&self) -> usize {
                self.0.get().plies()
            }
            /// The position in the game's position notation.
            fn fen(&self) -> String {
                self.0.get().position()
            }
            /// The legal moves of the side to move (none once the game is over).
            fn legal_moves(&self) -> Vec<String> {
                if self.0.get().is_over() {
                    return Vec::new();
                }
                self.0.get().legal_moves()
            }
            /// The lenient readings of the moves pushed, as the report's `warnings`.
            fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                let w = serde_json::to_string(self.0.get().warnings()).unwrap_or_default();
                crate::from_json(py, &w)
            }
            fn copy(&self) -> Self {
                $name(self.0.copy())
            }
            fn __copy__(&self) -> Self {
                $name(self.0.copy())
            }
            $($extra)*
            fn __repr__(&self) -> String {
                let r = self.0.get();
                format!(
                    "<{}.{} ply {}{}>",
                    $module,
                    $pyname,
                    r.plies(),
                    if r.is_over() { ", over" } else { "" }
                )
            }
        }
    };
}

referee_class!(
    XiangqiReferee,
    "Referee",
    "qipu.xiangqi",
    "A Xiangqi referee, one move at a time: `Referee(rules=\"cxa\", fen=None, params=None)`.",
    {
        #[new]
        #[pyo3(signature = (rules=None, fen=None, params=None))]
        fn new(
            py: Python<'_>,
            rules: Option<&str>,
            fen: Option<&str>,
            params: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Self> {
            Shared::new(py, GameKind::Xiangqi, rules, fen, params).map(Self)
        }
        /// The legal moves (ICCS) that lose now by a forbidden repetition (they complete the
        /// deciding repetition), under the referee's rules.
        fn banned_moves(&self) -> Vec<String> {
            self.0.get().banned_moves()
        }
        /// UCCI's `banmoves`, as a GUI sends them to an engine: the legal moves (ICCS) that
        /// make a position stand again so that the mover would be the offender, judged at the
        /// repetition itself (a superset of `banned_moves()`).
        fn ban_moves(&self) -> Vec<String> {
            self.0.get().ban_moves()
        }
    }
);
referee_class!(
    OthelloReferee,
    "Referee",
    "qipu.othello",
    "An Othello referee, one move at a time: `Referee(rules=\"wof\", board=None, params=None)`.",
    {
        #[new]
        #[pyo3(signature = (rules=None, board=None, params=None))]
        fn new(
            py: Python<'_>,
            rules: Option<&str>,
            board: Option<&str>,
            params: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Self> {
            Shared::new(py, GameKind::Othello, rules, board, params).map(Self)
        }
    }
);
referee_class!(
    JunqiReferee,
    "Referee",
    "qipu.junqi",
    "A Junqi Fanfanqi referee, one action at a time: `Referee(rules=\"standard\", position=None, params=None, layout=None)`: `position` is a `[Position]` text, `layout` a `[Layout]` one (50 pieces face down).",
    {
        #[new]
        #[pyo3(signature = (rules=None, position=None, params=None, layout=None))]
        fn new(
            py: Python<'_>,
            rules: Option<&str>,
            position: Option<&str>,
            params: Option<&Bound<'_, PyDict>>,
            layout: Option<&str>,
        ) -> PyResult<Self> {
            let position = match layout {
                None => position.map(str::to_string),
                Some(l) => {
                    Some(format_position(&start_from_text(l, true).map_err(|e| {
                        errors::record_error(py, &e, None, None, None)
                    })?))
                }
            };
            Shared::new(py, GameKind::Junqi, rules, position.as_deref(), params).map(Self)
        }
    }
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("XiangqiReferee", m.py().get_type::<XiangqiReferee>())?;
    m.add("OthelloReferee", m.py().get_type::<OthelloReferee>())?;
    m.add("JunqiReferee", m.py().get_type::<JunqiReferee>())?;
    Ok(())
}
