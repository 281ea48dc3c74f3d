//! The command line (spec: ../shared/spec/cli.md). Each command has its own module; the clap
//! definitions are in `args.rs`; this one holds the dispatch, the man page and the reference.

mod arena;
mod args;
mod check;
mod common;
mod convert;
mod dedupe;
#[cfg(test)]
mod docs_tests;
mod formats;
mod perft;
mod referee;
mod show;
pub(crate) mod solve;

pub(crate) use args::*;
use clap::{CommandFactory, Parser};

/// Exit status: every game valid (and every claim agrees).
pub(crate) const EXIT_OK: i32 = 0;
/// At least one game invalid, or a claimed result that disagrees.
pub(crate) const EXIT_INVALID: i32 = 1;
/// A usage error, or an input that could not be opened or decoded at all.
pub(crate) const EXIT_USAGE: i32 = 2;

/// Runs the command line; returns the exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        Command::Validate(a) => check::run(&a, check::Mode::Validate, &check::Explain::default()),
        Command::Adjudicate(a) => check::run(
            &a.check,
            check::Mode::Adjudicate,
            &check::Explain {
                text: a.explain,
                html: a.html.clone(),
                html_dir: a.html_dir.clone(),
                force: a.force,
            },
        ),
        Command::Convert(a) => convert::run(&a),
        Command::Dedupe(a) => check::run(&a, check::Mode::Dedupe, &check::Explain::default()),
        Command::Perft(a) => perft::run(&a),
        Command::Show(a) => show::run(&a),
        Command::Formats(a) => formats::run(&a),
        Command::Solve(a) => solve::run(&a),
        Command::Referee(a) => referee::run(&a),
        Command::Match(a) => arena::run(&a),
        Command::Completions { shell } => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "qipu", &mut std::io::stdout());
            EXIT_OK
        }
        Command::Man => match man_page() {
            Ok(page) => {
                use std::io::Write;
                let _ = std::io::stdout().write_all(page.as_bytes());
                EXIT_OK
            }
            Err(e) => {
                eprintln!("qipu: {e}");
                EXIT_USAGE
            }
        },
    }
}

/// The man page qipu(1) in roff (docs/qipu.1, `qipu man`): the top-level page, then a section
/// per command with its synopsis and options, then the exit status. Generated from the clap
/// definitions, like the CLI reference.
pub(crate) fn man_page() -> std::io::Result<String> {
    let mut cmd = Cli::command();
    cmd.build();
    let top = clap_mangen::Man::new(cmd.clone()).date("");
    let mut out = Vec::new();
    top.render_title(&mut out)?;
    top.render_name_section(&mut out)?;
    top.render_synopsis_section(&mut out)?;
    top.render_description_section(&mut out)?;
    for sub in cmd.get_subcommands().filter(|c| !c.is_hide_set()) {
        if sub.get_name() == "help" {
            continue;
        }
        let man = clap_mangen::Man::new(sub.clone());
        let mut part = Vec::new();
        man.render_synopsis_section(&mut part)?;
        man.render_description_section(&mut part)?;
        if sub.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(&mut part)?;
        }
        let part = String::from_utf8_lossy(&part)
            .replace(".SH SYNOPSIS\n", "")
            .replace(".SH DESCRIPTION\n", ".PP\n")
            .replace(".SH OPTIONS\n", ".SS Options\n");
        out.extend_from_slice(
            format!(".SH \"QIPU {}\"\n", sub.get_name().to_uppercase()).as_bytes(),
        );
        out.extend_from_slice(part.as_bytes());
    }
    out.extend_from_slice(formats_section().as_bytes());
    out.extend_from_slice(
        b".SH \"SHELL COMPLETION\"\n\\fBqipu completions\\fR \\fISHELL\\fR prints a completion script for bash, zsh, fish, elvish or powershell, e.g. \\fBqipu completions bash > ~/.local/share/bash-completion/completions/qipu\\fR.\n",
    );
    top.render_extra_section(&mut out)?;
    top.render_version_section(&mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The man page's FORMATS section: every format of every game, as `qipu formats` lists them,
/// and how a file's format is found.
fn formats_section() -> String {
    let escape = |s: &str| s.replace('\\', "\\e").replace('-', "\\-");
    let mut out = String::from(
        ".SH FORMATS\n\\fB\\-\\-from\\fR and \\fB\\-\\-to\\fR take these ids (\\fBqipu formats\\fR lists them with their \
         extensions). Without \\fB\\-\\-from\\fR, the format is detected from the extension and the first bytes; \
         text with no telling extension (.txt, none, stdin) is recognised by the moves it holds, and when nothing \
         recognises a file the error says what it saw and which \\fB\\-\\-game\\fR/\\fB\\-\\-from\\fR would read it.\n",
    );
    for game in crate::driver::registry::all() {
        for f in game.formats() {
            let rw = match (f.read, f.write) {
                (true, true) => "read, write",
                (true, false) => "read",
                _ => "write",
            };
            out.push_str(&format!(
                ".TP\n\\fB{}\\fR ({}; {})\n{}\n",
                escape(f.id),
                game.kind(),
                rw,
                escape(f.description)
            ));
        }
    }
    out
}

#[cfg(test)]
/// The CLI reference (docs/cli-reference.md), generated from the clap definitions so that it
/// cannot drift: a test compares the file with this.
pub(crate) fn reference_markdown() -> String {
    let mut cmd = Cli::command().term_width(100);
    let mut out = String::from(
        "# qipu command-line reference\n\n\
         Generated from the program's own definitions (`QIPU_BLESS=1 cargo test --release --lib docs_are_current` \
         rewrites it); the contract it implements is ../shared/spec/cli.md.\n\n",
    );
    out.push_str("## qipu\n\n```text\n");
    out.push_str(&cmd.render_long_help().to_string());
    out.push_str("```\n");
    let names: Vec<String> = cmd
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        if let Some(sub) = cmd.find_subcommand_mut(&name) {
            let mut sub = sub.clone().bin_name(format!("qipu {name}"));
            out.push_str(&format!("\n## qipu {name}\n\n```text\n"));
            out.push_str(&sub.render_long_help().to_string());
            out.push_str("```\n");
        }
    }
    out
}
