//! `qipu formats`: every format with its game, extensions, and whether qipu reads and writes it.

use super::common;
use super::{EXIT_OK, FormatsArgs};
use crate::output::report::ReportFormat;
use serde::Serialize;

#[derive(Serialize)]
struct FormatRow {
    id: &'static str,
    game: crate::core::record::GameKind,
    extensions: Vec<&'static str>,
    read: bool,
    write: bool,
    binary: bool,
    description: &'static str,
}

/// What the table's extensions do not say: text is recognised by what it holds.
const PASTED_TEXT: &str = "Pasted text (a .txt, a file without extension, or stdin) is read by what it holds: \
a Xiangqi move list (1. 炮二平五 马8进7 …, ICCS or WXF moves, tags optional) as pgn, \
an Othello move list (f5d6c3…) as transcript, DhtmlXQ blocks as dhtmlxq.";

pub(crate) fn run(args: &FormatsArgs) -> i32 {
    let rows: Vec<FormatRow> = crate::driver::registry::all()
        .iter()
        .flat_map(|g| g.formats().iter())
        .map(|f| FormatRow {
            id: f.id,
            game: f.game,
            extensions: f.extensions.to_vec(),
            read: f.read,
            write: f.write,
            binary: f.binary,
            description: f.description,
        })
        .collect();
    match common::report_format(&args.report) {
        ReportFormat::Json => common::print_json_lines(&rows),
        ReportFormat::Yaml => common::print_yaml(&rows),
        ReportFormat::Table => {
            use crate::output::fit::{Column, Fill, fit, render};
            let columns = [
                Column::new("format", Fill::Whole, None),
                Column::new("game", Fill::Whole, Some(2)),
                Column::new("extensions", Fill::Wrap { least: 5 }, Some(1)),
                Column::new("read", Fill::Whole, Some(0)),
                Column::new("write", Fill::Whole, Some(3)),
                Column::new("description", Fill::Wrap { least: 14 }, None),
            ];
            let yes = |b: bool| if b { "yes" } else { "-" };
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|r| {
                    vec![
                        r.id.to_string(),
                        r.game.to_string(),
                        r.extensions.join(" "),
                        yes(r.read).to_string(),
                        yes(r.write).to_string(),
                        r.description.to_string(),
                    ]
                })
                .collect();
            let width = common::table_width(args.width);
            print!("{}", render(&fit(&columns, &cells, width)));
            for l in textwrap::wrap(PASTED_TEXT, crate::output::table::wrapping(width)) {
                println!("{l}");
            }
        }
    }
    EXIT_OK
}
