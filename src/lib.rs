//! qipu (棋谱): the referee for records of Xiangqi, Othello and Junqi Fanfanqi.
//!
//! A nom parser reads records → the replay driver plays them through the rules → verdicts.
//! [`core`] holds what every game shares; each game ([`xiangqi`], [`othello`], [`junqi`]) has
//! its own module split into rules, notation and formats. The `qipu` command line ([`cli`])
//! and the Python package (`python/`) are both built on what follows.
//!
//! # Read a file
//!
//! [`driver::open`] reads files as the CLI does (format and encoding detected), with the
//! [`driver::settings::Settings`] of a run:
//!
//! ```
//! use qipu::driver::settings::Settings;
//! use qipu::driver::open;
//!
//! let settings = Settings::defaults();
//! let records = open::read_path(&settings, "samples/xiangqi/iccs.pgn").unwrap();
//! let record = records[0].as_ref().unwrap();
//! assert_eq!(record.game.name(), "xiangqi");
//! assert_eq!(record.moves[0].text, "H2-E2");
//! ```
//!
//! # Validate and adjudicate
//!
//! The reports are the objects of `--report json` ([`driver::report::GameReport`]):
//!
//! ```
//! use qipu::driver::batch;
//! use qipu::driver::settings::Settings;
//!
//! let settings = Settings::defaults();
//! let inputs = ["samples/othello/standard.txt".to_string()];
//! let valid = batch::check_all(&settings, &inputs, false);
//! assert!(valid.iter().all(|r| r.valid));
//!
//! // The rule set and parameters of `--rules` and `--rule`.
//! let axf = Settings::new(None, None, Some("axf"), &[]).unwrap();
//! let judged = batch::check_all(&axf, &["samples/xiangqi/disputed".to_string()], true);
//! let verdict = judged[0].verdict.as_ref().unwrap();
//! println!("{}: {} by {}", judged[0].source, verdict.result, verdict.reason);
//! println!("{}", batch::json_line(&judged[0])); // the CLI's JSON line
//! ```
//!
//! # A referee, one move at a time
//!
//! [`driver::referee::Referee`] takes moves in any notation the game reads and returns the
//! verdict as soon as a rule ends the game: the one `adjudicate` gives for the same moves, at
//! the same ply (one code path judges both).
//!
//! ```
//! use qipu::core::record::GameKind;
//! use qipu::driver::referee::Referee;
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
//!
//! // Xiangqi: the moves that would lose by a forbidden repetition now (UCCI's banmoves).
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

pub mod cli;
pub mod core;
pub mod driver;
pub mod junqi;
pub mod othello;
pub mod output;
pub mod xiangqi;
