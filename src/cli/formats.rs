//! `qipu formats`: every format with its game, extensions, and whether qipu reads and writes it.

use super::common;
use super::{EXIT_OK, FormatsArgs};
use qipu::output::report::ReportFormat;
use serde::Serialize;

#[derive(Serialize)]
struct FormatRow {
    id: &'static str,
    game: qipu::core::record::GameKind,
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

pub fn run(args: &FormatsArgs) -> i32 {
    let rows: Vec<FormatRow> = qipu::driver::registry::all()
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
            let mut t = common::listing_table([
                "format",
                "game",
                "extensions",
                "read",
                "write",
                "description",
            ]);
            for r in &rows {
                let yes = |b: bool| if b { "yes" } else { "-" };
                t.add_row([
                    r.id.to_string(),
                    r.game.to_string(),
                    r.extensions.join(" "),
                    yes(r.read).to_string(),
                    yes(r.write).to_string(),
                    r.description.to_string(),
                ]);
            }
            println!("{t}");
            println!("{PASTED_TEXT}");
        }
    }
    EXIT_OK
}
