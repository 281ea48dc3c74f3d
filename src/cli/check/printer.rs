//! Printing finished jobs in input order: reports, diagnostics, explanations, HTML sections.

use super::*;

impl<W: Write> Printer<'_, W> {
    /// Takes a job's outcomes (`done`: its last part) and prints what is next in order.
    pub(super) fn accept(&mut self, seq: usize, o: Vec<Outcome>, done: bool) {
        let entry = self.waiting.entry(seq).or_default();
        entry.0.extend(o);
        entry.1 |= done;
        while let Some((group, done)) = self.waiting.remove(&self.next) {
            for o in group {
                self.print(o);
            }
            if !done {
                break;
            }
            self.next += 1;
        }
    }

    pub(super) fn print(&mut self, o: Outcome) {
        if self.broken {
            return;
        }
        let file = &self.files[o.file_no];
        if self.file_games.0 != o.file_no {
            self.file_games = (o.file_no, 0);
        }
        let base = if o.piece.is_some() {
            self.file_games.1
        } else {
            0
        };
        let mut reports = Vec::new();
        let failed = o.failure.is_some();
        if let Some(f) = o.failure {
            reports.push((f, None, None, None, None, None));
        }
        let mut left_out = o.left_out;
        for g in o.games {
            let mut r = g.report;
            r.index += base;
            if let (Some(f), Some(tags)) = (self.late_filter, &g.tags) {
                if !f.matches(&Facts::of_report(&r, tags)) {
                    left_out += 1;
                    continue;
                }
                if self.verdict_for_filter {
                    r.verdict = None;
                    r.agrees = None;
                }
            }
            reports.push((r, g.error, g.shown, g.identity, g.record, g.page));
        }
        let file_done = o.piece.is_none_or(|pc| pc.last);
        if file_done && self.file_games.1 == 0 && !failed && o.read == 0 {
            // Opened and decoded, but nothing in it: the file is invalid (exit 1).
            let e = RecordError::new(ErrorKind::Parse, "no game found in this file");
            reports.push((
                GameReport::unreadable(&file.display, 0, None, None, &e, None, self.adjudicate),
                None,
                None,
                None,
                None,
                None,
            ));
            if self.show_diagnostics {
                self.diagnostic(format!(
                    "qipu: {}: no game found in this file\n",
                    file.display
                ));
            }
        }
        self.file_games.1 += o.read;
        self.summary.left_out += left_out;
        let lines_before = o.piece.map_or(0, |pc| pc.lines_before);
        for (r, err, shown, identity, record, staged) in reports {
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
                        let s = diagnostic::render(&d, self.color);
                        self.diagnostic(s);
                    } else {
                        self.diagnostics_skipped += 1;
                    }
                }
                if self.explain
                    && let Some(v) = &r.verdict
                {
                    let diagram = match &shown {
                        Some(Ok(s)) => Some(s.diagram.clone()),
                        Some(Err(e)) => Some(format!("(the position cannot be shown: {e})")),
                        None => None,
                    };
                    let s =
                        crate::core::report::explain(&file.display, r.index, v, diagram.as_deref());
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
    fn html(
        &mut self,
        r: &GameReport,
        record: Option<&Record>,
        staged: Option<Result<output::Staged, String>>,
    ) {
        if let Some(page) = &mut self.page {
            let game = r.game.and_then(crate::games::get);
            let rules = r.game.map(|k| self.setup.rules_for(k));
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
