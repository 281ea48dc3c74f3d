//! The named surface the Python package (`python/`) is built on, below the crate root's
//! facade.
//!
//! The facade reads, checks and converts whole files. A Python package also needs the parts
//! those functions are made of, to give Python objects of their own shape: a file opened
//! lazily and streamed game by game, a game's board with its own notation, a game judged one
//! move at a time, the Othello solver. Each part is re-exported here from where it lives, so
//! that python/ reaches below the facade through this one door (docs/architecture.md). It
//! follows the crate and is no API of its own: other users have the facade.

/// Reading files as the CLI does: detection, opening, streaming, one game's report.
pub mod files {
    pub use crate::core::encoding::TextEncoding;
    pub use crate::core::game::Game;
    pub use crate::core::limits::of_rules as max_plies;
    pub use crate::driver::batch::{
        check_inputs_in, check_record, explain_inputs_in, explain_record, json_line,
    };
    pub use crate::driver::input::{FoundFile, Selection, detect};
    pub use crate::driver::open::{OpenedFile, open_file, open_loaded};
    pub use crate::driver::registry::{all as games, get as game};
    pub use crate::driver::report::ErrorReport;
    pub use crate::driver::stream::{STREAM_MIN_BYTES, Start, StreamError, TextStream, read_piece};
}

/// A game judged one move at a time, and what its moves and errors carry.
pub mod referee {
    pub use crate::core::record::MoveEntry;
    pub use crate::core::referee::{Judge, JudgedGame, MoveError, NoJudge};
    pub use crate::core::span::Span;
}

/// A Xiangqi board: its position, notations, replayer and judge, and text diagram.
pub mod xiangqi {
    pub use crate::xiangqi::judge::XiangqiJudge;
    pub use crate::xiangqi::notation::{ChineseStyle, Digits, Script, Style, resolve, write};
    pub use crate::xiangqi::replay::XiangqiReplayer;
    pub use crate::xiangqi::rule_set::BoardRules;
    pub use crate::xiangqi::rules::{Color, Move, Position};
    pub use crate::xiangqi::show::diagram;
}

/// An Othello board, its notation, replayer and judge, text diagram, and the solver.
pub mod othello {
    pub use crate::othello::judge::{OthelloJudge, legal_move_names};
    pub use crate::othello::notation::{
        BoardTextError, board_string, move_name, parse_board, parse_move, square_name,
    };
    pub use crate::othello::replay::OthelloReplayer;
    pub use crate::othello::rule_set::Empties;
    pub use crate::othello::rules::{Board, Move};
    pub use crate::othello::show::diagram;
    pub use crate::othello::solve::lost::{ANALYSIS_NODES, analyse_record_within};
    pub use crate::othello::solve::{Outcome, SolveOptions, Table, solve};
}

/// A Junqi board: its position and actions as `.jqr` writes them, replayer and judge.
pub mod junqi {
    pub use crate::junqi::judge::JunqiJudge;
    pub use crate::junqi::notation::action::action_text;
    pub use crate::junqi::notation::position::format_position;
    pub use crate::junqi::replay::{JunqiReplayer, start_from_text, unknown_start};
    pub use crate::junqi::rules::{Action, Params, Position};
    pub use crate::junqi::show::board_text;
}
