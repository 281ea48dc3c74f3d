//! Shared helpers of the fuzz targets: every reader's output is replayed, adjudicated,
//! reported and rendered as a diagnostic, so a panic anywhere downstream of a parser is found
//! too. Also used by `tests/fuzz_regressions.rs` (through the same steps) to replay the saved
//! crashing inputs.

use qipu::core::error::RecordError;
use qipu::core::game::Game;
use qipu::core::record::{Input, Record};
use qipu::core::rules::Rules;
use std::sync::Arc;

/// An input of raw bytes (binary formats).
pub fn binary_input(bytes: &[u8]) -> Input {
    Input {
        name: "fuzz".to_string(),
        bytes: Arc::from(bytes),
        text: None,
        siblings: Vec::new(),
    }
}

/// An input of text (text formats).
pub fn text_input(text: &str) -> Input {
    Input {
        name: "fuzz".to_string(),
        bytes: Arc::from(text.as_bytes()),
        text: Some(Arc::from(text)),
        siblings: Vec::new(),
    }
}

/// Reads with one format of one game, then checks, adjudicates and reports every record.
pub fn read_and_check(game: &dyn Game, format: &'static str, input: &Input) {
    let records = game.read(format, input);
    check_all(game, &records, input);
}

/// Replays, adjudicates and reports every record; also converts them to every format the
/// game writes (a writer must not panic on whatever a reader produced).
pub fn check_all(game: &dyn Game, records: &[Result<Record, RecordError>], input: &Input) {
    let rules = Rules::defaults(game.rule_table());
    let text = input.text.as_deref();
    let mut good = Vec::new();
    for (i, r) in records.iter().enumerate() {
        match r {
            Ok(record) => {
                let checked = game.check(record, &rules, true);
                if let Some(e) = &checked.error {
                    let d = qipu::core::diagnostic::record_diagnostic(
                        "fuzz",
                        i,
                        e,
                        input.text.as_ref(),
                    );
                    let _ = qipu::core::diagnostic::render(&d, false);
                }
                let _ = qipu::driver::report::GameReport::from_checked(
                    "fuzz", record, checked, text, true,
                );
                good.push(record.clone());
            }
            Err(e) => {
                let d =
                    qipu::core::diagnostic::record_diagnostic("fuzz", i, e, input.text.as_ref());
                let _ = qipu::core::diagnostic::render(&d, false);
                let _ = qipu::driver::report::GameReport::unreadable(
                    "fuzz",
                    i,
                    Some(game.kind()),
                    None,
                    e,
                    text,
                    true,
                );
            }
        }
    }
    if good.is_empty() {
        return;
    }
    for f in game.formats() {
        if f.write {
            let _ = game.convert(&good, f.id, &rules);
        }
    }
}

/// Lossy UTF-8 of the fuzz data (text parsers take `&str`).
pub fn as_text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The whole `validate`/`adjudicate` path of one file: detection from the name and content,
/// decoding (with the given `--encoding`), reading, replay, verdicts, reports, conversion.
pub fn validate_file(name: &str, bytes: &[u8], enc: qipu::core::encoding::TextEncoding) {
    use qipu::driver::input::{self, FoundFile, Selection};
    let games = qipu::driver::registry::all();
    let Ok((game, format)) = input::detect(&games, name, bytes, Selection::default()) else {
        return;
    };
    let file = FoundFile {
        path: None,
        display: name.to_string(),
        explicit: true,
        relative: std::path::PathBuf::from(name),
    };
    let Ok((input, _)) = input::make_input(&file, bytes.to_vec(), format, enc) else {
        return;
    };
    read_and_check(game, format.id, &input);
}

/// Every fuzz target, by name; each `fuzz_targets/<name>.rs` calls [`run`] with its name, and
/// `tests/fuzz_regressions.rs` replays the saved inputs through the same function.
pub const TARGETS: &[&str] = &[
    "encoding",
    "junqi_jqr",
    "othello_ggf",
    "othello_pgn",
    "othello_transcript",
    "othello_wthor",
    "validate",
    "xiangqi_cbf",
    "xiangqi_cbl",
    "xiangqi_cbr",
    "xiangqi_dhtmlxq",
    "xiangqi_fen",
    "xiangqi_notation",
    "xiangqi_pgn",
    "xiangqi_ucci",
    "xiangqi_xqf",
];

/// Runs one target on one input. Returns false for an unknown target name.
pub fn run(target: &str, data: &[u8]) -> bool {
    use qipu::core::encoding::{TextEncoding, decode, line_col};
    let text = || as_text(data);
    match target {
        "encoding" => {
            for enc in [
                TextEncoding::Auto,
                TextEncoding::Utf8,
                TextEncoding::Gbk,
                TextEncoding::Big5,
            ] {
                let d = decode(data, enc);
                let n = d.text.len();
                let index = qipu::core::encoding::LineIndex::new(&d.text);
                for off in [0, n / 3, n / 2, n.saturating_sub(1), n, n + 7] {
                    assert_eq!(line_col(&d.text, off), index.line_col(off));
                }
            }
        }
        "junqi_jqr" => {
            use qipu::junqi::notation::{action, position};
            let t = text();
            let _ = action::parse_action(&t);
            let _ = position::parse_position(&t);
            let _ = position::parse_layout(&t);
            read_and_check(&qipu::junqi::Junqi, "jqr", &text_input(&t));
        }
        "referee_protocol" => {
            // Each line a command of `qipu referee`, in a session of each game; every reply
            // is rendered both ways. The first lines set the game up from the fuzzer's bytes.
            for game in qipu::GameKind::ALL {
                let rules = qipu::Referee::default_rules(game);
                let mut s = qipu::driver::protocol::Session::new(game, rules);
                for line in text().lines().take(400) {
                    let r = s.handle(line);
                    let _ = (r.text(), r.json());
                    let _ = (s.referee().legal_moves(), s.referee().ban_moves());
                    if s.finished() {
                        break;
                    }
                }
            }
        }
        "othello_ggf" => read_and_check(&qipu::othello::Othello, "ggf", &text_input(&text())),
        "othello_transcript" => {
            let t = text();
            let _ = qipu::othello::notation::parse_move(&t);
            let _ = qipu::othello::notation::parse_board(&t);
            read_and_check(&qipu::othello::Othello, "transcript", &text_input(&t));
        }
        "othello_wthor" => read_and_check(&qipu::othello::Othello, "wthor", &binary_input(data)),
        "validate" => {
            // The first byte picks the file name (so each sniffer and format gets its turn)
            // and the encoding; the rest is the file.
            const NAMES: [&str; 8] = [
                "g.pgn",
                "g.xqf",
                "g.dhtmlxq",
                "g.ucci",
                "g.txt",
                "g.ggf",
                "g.wtb",
                "g.jqr",
            ];
            let Some((&sel, rest)) = data.split_first() else {
                return true;
            };
            let enc = match (sel >> 3) & 3 {
                0 => TextEncoding::Auto,
                1 => TextEncoding::Utf8,
                2 => TextEncoding::Gbk,
                _ => TextEncoding::Big5,
            };
            validate_file(NAMES[(sel & 7) as usize], rest, enc);
        }
        "xiangqi_dhtmlxq" => {
            read_and_check(&qipu::xiangqi::Xiangqi, "dhtmlxq", &text_input(&text()))
        }
        "xiangqi_fen" => {
            let t = text();
            if let Ok(pos) = qipu::xiangqi::rules::Position::from_fen(&t) {
                let _ = pos.legal_moves_vec();
                let _ = pos.to_fen();
            }
            let _ = qipu::xiangqi::rules::Position::from_fen_unchecked(&t);
            let _ = qipu::xiangqi::formats::board::Placement::from_fen(&t);
        }
        "xiangqi_notation" => {
            use qipu::xiangqi::notation::{chinese, iccs, wxf};
            let t = text();
            let _ = chinese::parse(&t);
            let _ = wxf::parse(&t);
            let _ = iccs::parse(&t);
            let _ = qipu::xiangqi::formats::board::parse_iccs_move(&t);
            let _ = qipu::xiangqi::formats::token_notation(&t);
        }
        "xiangqi_pgn" => read_and_check(&qipu::xiangqi::Xiangqi, "pgn", &text_input(&text())),
        "xiangqi_ucci" => read_and_check(&qipu::xiangqi::Xiangqi, "ucci", &text_input(&text())),
        "xiangqi_xqf" => read_and_check(&qipu::xiangqi::Xiangqi, "xqf", &binary_input(data)),
        "xiangqi_cbr" => {
            // Most inputs would stop at the magic: put it in front of what the fuzzer gives.
            let mut bytes = qipu::xiangqi::formats::ccbridge::RECORD_MAGIC.to_vec();
            bytes.extend_from_slice(data.get(16..).unwrap_or(&[]));
            read_and_check(&qipu::xiangqi::Xiangqi, "cbr", &binary_input(&bytes));
            read_and_check(&qipu::xiangqi::Xiangqi, "cbr", &binary_input(data));
        }
        "xiangqi_cbl" => {
            // The library, read in slices as the batch commands read it (and whole).
            let game = &qipu::xiangqi::Xiangqi;
            let input = binary_input(data);
            let mut from = 0;
            loop {
                let (records, more) = game.read_some("cbl", &input, from, 3);
                check_all(game, &records, &input);
                from += records.len();
                if !more || records.is_empty() {
                    break;
                }
            }
            read_and_check(game, "cbl", &input);
        }
        "xiangqi_cbf" => read_and_check(&qipu::xiangqi::Xiangqi, "cbf", &text_input(&text())),
        "othello_pgn" => {
            let t = text();
            let _ = qipu::othello::formats::pgn::looks_like(&t);
            let _ = qipu::othello::formats::pgn::stream_cut(&t);
            read_and_check(&qipu::othello::Othello, "pgn-othello", &text_input(&t));
        }
        _ => return false,
    }
    true
}
