//! qipu (棋谱): the referee for records of Xiangqi, Othello and Junqi Fanfanqi.
//!
//! A nom parser reads records → the replay driver plays them through the rules → verdicts.
//! The crate root is the way in: [`read`], [`validate`], [`adjudicate`] and [`convert`] do
//! what the `qipu` command does, with the [`Settings`] of a run (rule sets, `--rule`
//! parameters, encoding, the game and format to read); [`Referee`] judges a game one move at a
//! time; [`Record`], [`GameReport`] and [`Verdict`] are what they give back, and [`boards`]
//! are the games' positions. Below them: [`core`] holds what every game shares; each game
//! ([`xiangqi`], [`othello`], [`junqi`]) has the same files for the same roles (rules,
//! notation, formats, replay, judge, referee, show, svg); [`driver`] runs them; [`output`]
//! writes pages and tables (docs/architecture.md draws it). The `qipu` command line (the binary's
//! own `cli` module) and the Python package (`python/`) are both built on this crate.
//!
//! ```
//! let settings = qipu::Settings::defaults();
//! let reports = qipu::adjudicate(&settings, &["samples/xiangqi/disputed"]);
//! for r in &reports {
//!     if let Some(v) = &r.verdict {
//!         println!("{} #{}: {} by {}", r.source, r.index + 1, v.result, v.reason);
//!     }
//! }
//! let records = qipu::read(&settings, "samples/othello/standard.txt").unwrap();
//! let record = records[0].as_ref().unwrap();
//! let rules = qipu::Referee::default_rules(record.game);
//! let (format, written) = qipu::convert(std::slice::from_ref(record), "ggf", &rules).unwrap();
//! assert_eq!((format.id, written.games), ("ggf", 1));
//! ```
//!
//! # Read a file
//!
//! [`read`] reads a file as the CLI does (format and encoding detected), with the
//! [`Settings`] of a run; a file that cannot be read at all is an [`InputProblem`], a game
//! that cannot be read a [`RecordError`] in its place:
//!
//! ```
//! let settings = qipu::Settings::defaults();
//! let records = qipu::read(&settings, "samples/xiangqi/iccs.pgn").unwrap();
//! let record = records[0].as_ref().unwrap();
//! assert_eq!(record.game, qipu::GameKind::Xiangqi);
//! assert_eq!(record.moves[0].text, "H2-E2");
//! ```
//!
//! # Validate and adjudicate
//!
//! The reports are the objects of `--report json` ([`GameReport`], which serde serializes
//! as the CLI prints it); the rule set and parameters of `--rules` and `--rule` are the
//! [`Settings`]':
//!
//! ```
//! use qipu::{GameKind, Settings};
//!
//! let valid = qipu::validate(&Settings::defaults(), &["samples/othello/standard.txt"]);
//! assert!(valid.iter().all(|r| r.valid));
//!
//! let axf = Settings::new(Some(GameKind::Xiangqi), None, Some("axf"), &[]).unwrap();
//! let judged = qipu::adjudicate(&axf, &["samples/xiangqi/disputed"]);
//! let verdict = judged[0].verdict.as_ref().unwrap();
//! println!("{}: {} by {}", judged[0].source, verdict.result, verdict.reason);
//!
//! // An unknown rule set is an error that names the valid ones.
//! let e = Settings::new(None, None, Some("fide"), &[]).err().unwrap();
//! assert!(e.to_string().contains("axf"));
//! ```
//!
//! # A referee, one move at a time
//!
//! [`Referee`] takes moves in any notation the game reads and returns the
//! verdict as soon as a rule ends the game: the one `adjudicate` gives for the same moves, at
//! the same ply (one code path judges both).
//!
//! ```
//! use qipu::{GameKind, Referee};
//!
//! let rules = Referee::default_rules(GameKind::Xiangqi);
//! let mut referee = Referee::from_position(
//!     GameKind::Xiangqi,
//!     &rules,
//!     Some("3k5/1R7/9/9/9/9/9/9/9/R3K4 w"),
//! )
//! .unwrap();
//! let verdict = referee.push("a0a9").unwrap().expect("mate");
//! assert_eq!((verdict.result.as_str(), verdict.reason.as_str()), ("1-0", "checkmate"));
//! assert!(referee.push("d9e9").is_err()); // the game is over
//! ```
//!
//! Each game's typed referee adds what is its own (`qipu::xiangqi::referee::XiangqiReferee`:
//! the moves that would lose by a forbidden repetition now, UCCI's `banmoves`):
//!
//! ```
//! let rules = qipu::Referee::default_rules(qipu::GameKind::Xiangqi);
//! let mut xq = qipu::xiangqi::referee::XiangqiReferee::new(&rules, None).unwrap();
//! xq.push("炮二平五").unwrap();
//! assert!(xq.banned_moves().is_empty());
//! ```
//!
//! # A board
//!
//! Each game's position type plays and lists moves; its notation module reads and writes them:
//!
//! ```
//! use qipu::xiangqi::notation::{self, Style};
//! use qipu::xiangqi::rules::Position;
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves_vec().len(), 44);
//! let (mv, _) = notation::resolve(&pos, "炮二平五").unwrap();
//! assert_eq!(notation::write(&pos, mv, Style::Wxf), "C2.5");
//! pos.play(mv).unwrap();
//! assert!(!pos.is_check());
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! ```

pub mod bindings;
/// The `qipu` command, the top layer: `src/main.rs` calls [`cli::run`]. It lives in the
/// library crate so that it reaches the layers below through `pub(crate)`, not through the
/// public surface.
pub mod cli;
pub mod core;
pub mod driver;
pub mod junqi;
pub mod othello;
pub mod output;
pub mod xiangqi;

pub use crate::core::error::{ErrorKind, RecordError};
pub use crate::core::game::{Converted, FormatInfo};
pub use crate::core::record::{GameKind, GameResult, Player, Record};
pub use crate::core::rules::Rules;
pub use crate::core::verdict::{Reason, Verdict};
pub use crate::driver::convert::{ConvertError, convert};
pub use crate::driver::input::InputProblem;
pub use crate::driver::referee::Referee;
pub use crate::driver::report::GameReport;
pub use crate::driver::settings::Settings;

/// Each game's position: plays and lists moves (see "A board" above).
pub mod boards {
    pub use crate::junqi::rules::Position as Junqi;
    pub use crate::othello::rules::Board as Othello;
    pub use crate::xiangqi::rules::Position as Xiangqi;
}

/// Reads every game of a file as `qipu` does (format and encoding detected, or as the
/// settings say): `Err` for a problem with the file as a whole (missing, unreadable, of no
/// known format), else one `Result` a game (a game that cannot be read is an `Err` of its
/// own, the others still come).
pub fn read(
    settings: &Settings,
    path: &str,
) -> Result<Vec<Result<Record, RecordError>>, InputProblem> {
    driver::open::read_path(settings, path)
}

/// `qipu validate`: every game of the files and directories (recursively) replayed through
/// the rules, one report a game in input order (the objects of `--report json`), on all
/// cores. A bad file or game is a report saying so; it never stops the others.
pub fn validate(settings: &Settings, inputs: &[impl AsRef<str>]) -> Vec<GameReport> {
    driver::batch::check_all(settings, &owned(inputs), false)
}

/// `qipu adjudicate`: [`validate`], and each valid game's result decided by the rules
/// (`verdict`) and compared with the result the record claims (`agrees`).
pub fn adjudicate(settings: &Settings, inputs: &[impl AsRef<str>]) -> Vec<GameReport> {
    driver::batch::check_all(settings, &owned(inputs), true)
}

fn owned(inputs: &[impl AsRef<str>]) -> Vec<String> {
    inputs.iter().map(|s| s.as_ref().to_string()).collect()
}
