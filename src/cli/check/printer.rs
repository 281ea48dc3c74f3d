//! Printing what the batch driver gives out, in input order: reports, diagnostics,
//! explanations, HTML sections, the progress bar.

use super::*;

impl<W: Write> Printer<'_, W> {
    /// An input without records (an empty or blank file, a directory without record files):
    /// a warning, counted in the summary, exit status 1 (docs/cli-reference.md).
    pub(super) fn no_records(&mut self, display: &str, what: &str) {
        self.summary.without_records += 1;
        if self.exit == EXIT_OK {
            self.exit = EXIT_INVALID;
        }
        if !self.quiet {
            self.diagnostic(format!(
                "qipu: warning: {display}: no records found in {what}\n"
            ));
        }
    }

    pub(super) fn print(&mut self, o: Delivered<Staged>) {
        if self.broken {
            return;
        }
        let file = &self.files[o.file_no];
        if o.no_game {
            self.no_records(&file.display, "this file");
        }
        let left_out = o.left_out;
        self.summary.left_out += left_out;
        let lines_before = o.piece.map_or(0, |pc| pc.lines_before);
        for g in o.games {
            let (r, err, shown, identity, record, staged) =
                (g.report, g.error, g.shown, g.identity, g.record, g.page);
            if let Some(d) = &mut self.dedupe {
                if r.input_failure {
                    self.exit = EXIT_USAGE;
                }
                self.summary.add(&r);
                d.add(o.file_no, &r, identity);
                continue;
            }
            self.html(&r, record.as_ref(), staged);
            if r.input_failure {
                self.exit = EXIT_USAGE;
                if self.show_diagnostics
                    && let Some(e) = &r.error
                {
                    self.diagnostic(format!("qipu: {}: {}\n", r.source, e.message));
                }
            } else if r.is_bad() && self.exit == EXIT_OK {
                self.exit = EXIT_INVALID;
            }
            if self.show_diagnostics {
                if let Some(e) = &err {
                    if self.diagnostics_printed < MAX_DIAGNOSTICS {
                        let d = diagnostic::record_diagnostic_in_piece(
                            &file.display,
                            r.index,
                            e,
                            o.text.as_ref(),
                            lines_before,
                        );
                        let s =
                            diagnostic::render_to_width(&d, self.color, common::stderr_columns());
                        self.diagnostic(s);
                    } else {
                        self.diagnostics_skipped += 1;
                    }
                }
                if self.explain
                    && let Some(v) = &r.verdict
                {
                    let diagram = match &shown {
                        Some((Ok(s), _)) => Some(s.diagram.clone()),
                        Some((Err(e), _)) => Some(format!("(the position cannot be shown: {e})")),
                        None => None,
                    };
                    let remarks = shown.as_ref().map_or(&[][..], |(_, r)| r.as_slice());
                    let s = crate::output::report::explain(
                        &file.display,
                        r.index,
                        v,
                        remarks,
                        diagram.as_deref(),
                        self.explain_width,
                    );
                    self.bar.suspend(|| eprint!("{s}"));
                }
            }
            self.summary.add(&r);
            if self.writer.write(&r).is_err() {
                self.broken = true;
                return;
            }
        }
        let size = self.sizes.get(o.file_no).copied().unwrap_or(0);
        match o.piece {
            Some(pc) if !pc.last => {
                self.bar
                    .set_position(self.bytes_before_file + pc.bytes_done.min(size));
            }
            _ => {
                self.files_done += 1;
                self.bytes_before_file += size;
                self.bar.set_position(self.bytes_before_file);
            }
        }
        self.bar.set_message(common::progress_message(
            self.files_done,
            self.files.len(),
            self.summary.games,
            self.started,
        ));
    }

    /// The game's part of the `--html` page and of the `--html-dir` index (its page, written
    /// aside by the job, is put in place here under its number in input order).
    fn html(&mut self, r: &GameReport, record: Option<&Record>, staged: Option<Staged>) {
        if let Some(page) = &mut self.page {
            let game = r.game.and_then(crate::driver::registry::get);
            let rules = r.game.map(|k| self.settings.rules_for(k));
            let view = html::GameView {
                id: 0,
                report: r,
                record,
                game,
                rules: rules.as_ref(),
                open: None,
            };
            page.add(r, view);
            if !page.has_room() {
                self.page_room.store(false, Ordering::Relaxed);
            }
        }
        if let Some(d) = &mut self.html_dir {
            let mut link = None;
            if let Some(staged) = staged {
                let name = format!("{GAMES_DIR}/{}.html", d.numbered);
                d.numbered += 1;
                let done = staged.and_then(|s| {
                    s.commit(&d.dir.join(&name), &d.inputs, d.force)
                        .map_err(|e| e.to_string())
                });
                match done {
                    Ok(()) => {
                        d.pages += 1;
                        link = Some(name);
                    }
                    Err(e) => {
                        if d.failed == 0 {
                            self.bar.suspend(|| eprintln!("qipu: {e}"));
                        }
                        d.failed += 1;
                    }
                }
            }
            if let Some((name, page)) = d.index.add(r, link.as_deref())
                && let Err(e) =
                    output::write_atomic(&d.dir.join(name), page.as_bytes(), &d.inputs, d.force)
            {
                self.bar.suspend(|| eprintln!("qipu: {e}"));
                d.failed += 1;
            }
        }
    }

    pub(super) fn diagnostic(&mut self, s: String) {
        if self.diagnostics_printed < MAX_DIAGNOSTICS {
            self.bar.suspend(|| eprint!("{s}"));
            self.diagnostics_printed += 1;
        } else {
            self.diagnostics_skipped += 1;
        }
    }
}
