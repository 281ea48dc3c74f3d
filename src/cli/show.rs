//! `qipu show INPUT [--game-index N] [--ply N] [--svg FILE]`: the position as a diagram.

use super::common::{self, Setup};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, ShowArgs};
use crate::core::diagnostic;
use crate::core::game::ShowOptions;
use crate::core::input::FoundFile;
use crate::core::output;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

pub fn run(args: &ShowArgs) -> i32 {
    let setup = match Setup::new(&args.common) {
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
    let read = match common::read_file(
        &setup,
        &file,
        args.common.from.as_deref(),
        args.common.game.map(|g| g.kind()),
    ) {
        Ok(r) => r,
        Err(p) => return common::usage_error(&format!("{}: {}", p.source, p.message)),
    };
    let count = read.records.len();
    let Some(rec) = read.records.get(args.game_index) else {
        return common::usage_error(&format!(
            "{}: there is no game {} (the file holds {count} game(s), numbered from 0)",
            file.display, args.game_index
        ));
    };
    let record = match rec {
        Ok(r) => r,
        Err(e) => {
            let d = diagnostic::record_diagnostic(
                &file.display,
                args.game_index,
                e,
                read.input.text.as_ref(),
            );
            eprint!("{}", diagnostic::render(&d, common::stderr_color()));
            return EXIT_INVALID;
        }
    };
    let rules = setup.rules_for(read.game.kind());
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
                let inputs: Vec<PathBuf> = file.path.iter().map(|p| output::canonical(p)).collect();
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
                args.game_index,
                &e,
                read.input.text.as_ref(),
            );
            eprint!("{}", diagnostic::render(&d, common::stderr_color()));
            EXIT_INVALID
        }
    }
}
