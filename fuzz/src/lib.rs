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
    let rules = Rules::defaults(game.rule_specs(), game.presets());
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
                let _ = qipu::core::report::GameReport::from_checked(
                    "fuzz", record, checked, text, true,
                );
                good.push(record.clone());
            }
            Err(e) => {
                let d =
                    qipu::core::diagnostic::record_diagnostic("fuzz", i, e, input.text.as_ref());
                let _ = qipu::core::diagnostic::render(&d, false);
                let _ = qipu::core::report::GameReport::unreadable(
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
    use qipu::core::input::{self, FoundFile, Selection};
    let games = qipu::games::all();
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
