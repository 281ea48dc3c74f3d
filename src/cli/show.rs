//! `qipu show INPUT [--game-index N] [--ply N] [--svg FILE] [--html FILE]`: the position as a
//! diagram, an SVG picture, and the game as a page to replay it on its board.

use super::common;
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, ShowArgs};
use crate::core::diagnostic;
use crate::core::game::ShowOptions;
use crate::driver::input::FoundFile;
use crate::driver::open;
use crate::driver::report::{self, GameReport};
use crate::output;
use crate::output::html;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

pub(crate) fn run(args: &ShowArgs) -> i32 {
    let settings = match common::settings(&args.read.common()) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    let file = if args.input == "-" {
        FoundFile {
            path: None,
            display: "<stdin>".into(),
            explicit: true,
            relative: PathBuf::from("stdin"),
        }
    } else {
        let p = PathBuf::from(&args.input);
        if !p.is_file() {
            return common::usage_error(&format!("{}: no such file", args.input));
        }
        FoundFile {
            path: Some(p),
            display: args.input.clone(),
            explicit: true,
            relative: PathBuf::from(&args.input),
        }
    };
    let read = match open::read_file(&settings, &file) {
        Ok(r) => r,
        Err(p) => return common::usage_error(&format!("{}: {}", p.source, p.message)),
    };
    let count = read.records.len();
    // The game's index from 0 (the JSON report's `index`).
    let game_index = args
        .game_index
        .unwrap_or_else(|| usize::try_from(args.game_number - 1).unwrap_or(usize::MAX));
    let Some(rec) = read.records.get(game_index) else {
        let range = match count {
            0 => String::new(),
            1 => ": --game-number 1 is its only game".to_string(),
            n => format!(": --game-number 1 to {n}"),
        };
        return common::usage_error(&format!(
            "{}: there is no game {} (the file holds {}{range})",
            file.display,
            game_index.saturating_add(1),
            report::counted(count, "game")
        ));
    };
    let rules = settings.rules_for(read.game.kind());
    let inputs: Vec<PathBuf> = file.path.iter().map(|p| output::canonical(p)).collect();
    if let Some(path) = &args.html {
        // The page comes first: it shows a game that cannot be replayed too, with its error.
        let text = read.input.text.as_deref();
        let report = match rec {
            Ok(record) => GameReport::from_checked(
                &file.display,
                record,
                read.game.check(record, &rules, true),
                text,
                true,
            ),
            Err(e) => GameReport::unreadable(
                &file.display,
                game_index,
                Some(read.game.kind()),
                None,
                e,
                text,
                true,
            ),
        };
        let view = html::GameView {
            id: 0,
            report: &report,
            record: rec.as_ref().ok(),
            game: Some(read.game),
            rules: Some(&rules),
            open: args.ply,
        };
        let page = html::game_page(&view, None);
        if let Err(e) = output::write_atomic(Path::new(path), page.as_bytes(), &inputs, args.force)
        {
            eprintln!("qipu: {e}");
            return EXIT_USAGE;
        }
    }
    let record = match rec {
        Ok(r) => r,
        Err(e) => {
            let d = diagnostic::record_diagnostic(
                &file.display,
                game_index,
                e,
                read.input.text.as_ref(),
            );
            eprint!(
                "{}",
                diagnostic::render_to_width(&d, common::stderr_color(), common::stderr_columns())
            );
            return EXIT_INVALID;
        }
    };
    let opts = ShowOptions {
        ply: args.ply,
        color: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        svg: args.svg.is_some(),
    };
    match read.game.show(record, &rules, &opts) {
        Ok(shown) => {
            print!("{}", shown.diagram);
            if let Some(path) = &args.svg {
                let Some(svg) = shown.svg else {
                    return common::usage_error(&format!(
                        "SVG output is not available for {}",
                        read.game.kind()
                    ));
                };
                if let Err(e) =
                    output::write_atomic(Path::new(path), svg.as_bytes(), &inputs, args.force)
                {
                    eprintln!("qipu: {e}");
                    return EXIT_USAGE;
                }
            }
            EXIT_OK
        }
        Err(e) => {
            let d = diagnostic::record_diagnostic(
                &file.display,
                game_index,
                &e,
                read.input.text.as_ref(),
            );
            eprint!(
                "{}",
                diagnostic::render_to_width(&d, common::stderr_color(), common::stderr_columns())
            );
            EXIT_INVALID
        }
    }
}
