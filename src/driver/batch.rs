//! The batch driver: the games and rule sets of a run ([`Settings`], the one settings type of
//! the CLI, the library and Python), reading a file a slice of games at a time and replaying
//! the games of a slice on all cores, and validating or adjudicating files into the report
//! objects of the CLI's `--report json` (the same [`GameReport`] and serializer), in input
//! order. The Python package and the crate's users call [`check_inputs`]; the CLI's commands
//! (`cli::check`, which streams huge files and prints as it goes) read with the same settings,
//! opening ([`crate::driver::open`]) and slice loop.

use crate::core::encoding::{LineIndex, TextEncoding};
use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::Game;
use crate::core::record::{GameKind, Record};
use crate::core::rules::Rules;
use crate::driver::input::{self, FoundFile, InputProblem, Selection};
use crate::driver::open::OpenedFile;
use crate::driver::report::GameReport;
use crate::driver::run::{self, Consumer, Ctx, Delivered};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// The games a run may read and the rule set of each (`--game`, `--from`, `--rules`,
/// `--rule`, `--encoding` of the CLI).
#[derive(Clone)]
pub struct Settings {
    pub games: Vec<&'static dyn Game>,
    pub rules: HashMap<GameKind, Rules>,
    pub encoding: TextEncoding,
    /// The one game to read (`--game`).
    pub game: Option<GameKind>,
    /// The input format (`--from`).
    pub from: Option<String>,
}

impl Settings {
    /// Every game with its default rules, formats detected.
    pub fn defaults() -> Settings {
        // The defaults always validate.
        Settings::new(None, None, None, &[]).unwrap_or_else(|_| Settings {
            games: crate::driver::registry::all(),
            rules: HashMap::new(),
            encoding: TextEncoding::Auto,
            game: None,
            from: None,
        })
    }

    /// Validates the game, the rule set (`preset`) and the rule parameters (`params`, each
    /// `KEY=VALUE`) as the CLI does: each parameter must be known to some game in play and
    /// each game takes the keys it knows (all of them with an explicit game); a preset applies
    /// to the games that have it. The error names the valid keys, values or rule sets.
    pub fn new(
        game: Option<GameKind>,
        from: Option<&str>,
        preset: Option<&str>,
        params: &[(String, String)],
    ) -> Result<Settings, String> {
        let games: Vec<&'static dyn Game> = crate::driver::registry::all()
            .into_iter()
            .filter(|g| game.is_none_or(|k| g.kind() == k))
            .collect();
        if games.is_empty() {
            return Err("that game is not available in this build".to_string());
        }
        for (key, _) in params {
            if !games
                .iter()
                .any(|g| g.rule_specs().iter().any(|s| s.key == key.as_str()))
            {
                let keys: Vec<String> = games
                    .iter()
                    .flat_map(|g| g.rule_specs().iter().map(move |s| (s, g.kind())))
                    .map(|(s, k)| format!("{} ({k})", s.key))
                    .collect();
                return Err(format!(
                    "unknown rule parameter `{key}`; valid keys: {}",
                    keys.join(", ")
                ));
            }
        }
        let has_preset = |g: &&'static dyn Game, p: &str| {
            g.presets().iter().any(|x| x.name.eq_ignore_ascii_case(p))
        };
        if let Some(p) = preset
            && !games.iter().any(|g| has_preset(g, p))
        {
            let names: Vec<String> = games
                .iter()
                .flat_map(|g| {
                    g.presets()
                        .iter()
                        .map(move |x| format!("{} ({})", x.name, g.kind()))
                })
                .collect();
            return Err(format!(
                "unknown rule set `{p}`; valid rule sets: {}",
                names.join(", ")
            ));
        }
        let mut rules = HashMap::new();
        for g in &games {
            let specs = g.rule_specs();
            let overrides: Vec<(String, String)> = params
                .iter()
                .filter(|(k, _)| game.is_some() || specs.iter().any(|s| s.key == k.as_str()))
                .cloned()
                .collect();
            let p = preset.filter(|p| game.is_some() || has_preset(g, p));
            let r = Rules::build(specs, g.presets(), p, &overrides)
                .map_err(|e| format!("{}: {e}", g.kind()))?;
            rules.insert(g.kind(), r);
        }
        Ok(Settings {
            games,
            rules,
            encoding: TextEncoding::Auto,
            game,
            from: from.map(str::to_string),
        })
    }

    /// The same settings reading text in `encoding`.
    pub fn with_encoding(mut self, encoding: TextEncoding) -> Settings {
        self.encoding = encoding;
        self
    }

    /// The rules in force for a game: the ones chosen, or the game's defaults.
    pub fn rules_for(&self, kind: GameKind) -> Rules {
        self.rules
            .get(&kind)
            .cloned()
            .unwrap_or_else(|| crate::driver::referee::Referee::default_rules(kind))
    }

    /// Expands inputs (files, directories walked recursively, `-` for stdin) into files, and
    /// the inputs that could not be found.
    pub fn collect(&self, inputs: &[String]) -> (Vec<FoundFile>, Vec<InputProblem>) {
        input::collect(inputs, &input::known_extensions(&self.games))
    }

    /// What `--game` and `--from` ask for.
    pub(crate) fn selection(&self) -> Selection<'_> {
        Selection {
            game: self.game,
            from: self.from.as_deref(),
        }
    }
}

/// The report of one record (`text`: the decoded file its spans point into, when it is a
/// text format).
pub fn check_record(
    settings: &Settings,
    source: &str,
    record: &Record,
    text: Option<&str>,
    adjudicate: bool,
) -> GameReport {
    let rules = settings.rules_for(record.game);
    let Some(game) = crate::driver::registry::get(record.game) else {
        let e = RecordError::new(ErrorKind::Unsupported, "this game is not in this build");
        return GameReport::unreadable(source, record.index, None, None, &e, None, adjudicate);
    };
    let checked = game.check(record, &rules, adjudicate);
    let mut r = GameReport::from_checked(source, record, checked, None, adjudicate);
    if let Some(t) = text {
        r.locate(&LineIndex::new(t));
    }
    r
}

/// Games of one file replayed in parallel when there are at least this many.
pub(crate) const PAR_GAMES: usize = 32;
/// Games of a file read at a time by formats that read a slice (`Game::read_some`).
pub(crate) const READ_GAMES: usize = 256;

/// Reads an opened file a slice of [`READ_GAMES`] games at a time (a big binary database
/// never holds all its records) and gives each slice to `each` with the index in the file of
/// its first game; returns the number of games read.
pub(crate) fn read_slices(
    opened: &OpenedFile,
    mut each: impl FnMut(usize, Vec<Result<Record, RecordError>>),
) -> usize {
    let mut from = 0;
    loop {
        let (records, more) =
            opened
                .game
                .read_some(opened.format.id, &opened.input, from, READ_GAMES);
        let got = records.len();
        each(from, records);
        from += got;
        if !more || got == 0 {
            break;
        }
    }
    from
}

/// `one` over the records of a slice with their indices in it, in order, on all cores when
/// there are at least [`PAR_GAMES`] of them; the `None`s are left out.
pub(crate) fn map_records<T, F>(records: &[Result<Record, RecordError>], one: F) -> Vec<T>
where
    T: Send,
    F: Fn((usize, &Result<Record, RecordError>)) -> Option<T> + Sync + Send,
{
    if records.len() >= PAR_GAMES {
        records.par_iter().enumerate().filter_map(one).collect()
    } else {
        records.iter().enumerate().filter_map(one).collect()
    }
}

/// Validates (or adjudicates) every input with the streaming batch driver
/// ([`crate::driver::run`], the CLI's) on the current rayon pool: `each` receives the reports
/// in input order (the inputs that could not be found first, as the CLI prints them), a file
/// or a piece of a streamed one at a time; it returns `false` to stop.
pub fn check_inputs(
    settings: &Settings,
    inputs: &[String],
    adjudicate: bool,
    mut each: impl FnMut(Vec<GameReport>) -> bool,
) {
    let (files, problems) = settings.collect(inputs);
    let failures: Vec<GameReport> = problems
        .iter()
        .map(|p| GameReport::input_failure(&p.source, p.kind, &p.message))
        .collect();
    if !failures.is_empty() && !each(failures) {
        return;
    }
    let sizes = input::file_sizes(&files);
    let keep_records = AtomicBool::new(false);
    let ctx = Ctx::<()>::plain(settings, adjudicate, &keep_records);
    let mut reports = Reports {
        each,
        stopped: false,
    };
    run::run(None, &files, &sizes, &ctx, &mut reports);
}

/// The consumer of [`check_inputs`]: the reports of each delivery to `each`.
struct Reports<F> {
    each: F,
    stopped: bool,
}

impl<F: FnMut(Vec<GameReport>) -> bool> Consumer<()> for Reports<F> {
    fn take(&mut self, delivered: Delivered<()>) {
        let reports: Vec<GameReport> = delivered.games.into_iter().map(|g| g.report).collect();
        if !reports.is_empty() && !(self.each)(reports) {
            self.stopped = true;
        }
    }

    fn stopped(&self) -> bool {
        self.stopped
    }
}

/// [`check_inputs`] into one vector.
pub fn check_all(settings: &Settings, inputs: &[String], adjudicate: bool) -> Vec<GameReport> {
    let mut all = Vec::new();
    check_inputs(settings, inputs, adjudicate, |r| {
        all.extend(r);
        true
    });
    all
}

/// One report as the line `--report json` prints for it.
pub fn json_line(report: &GameReport) -> String {
    // A report is plain data; serializing it cannot fail.
    serde_json::to_string(report).unwrap_or_default()
}
