//! The settings of a run, one type for the CLI, the library and Python: the games it may
//! read and the rule set of each, the text encoding, `--game` and `--from`.

use crate::core::encoding::TextEncoding;
use crate::core::game::Game;
use crate::core::record::GameKind;
use crate::core::rules::{RuleError, Rules, unknown_rule_key, unknown_rule_set};
use crate::driver::input::{self, FoundFile, InputProblem, Selection};
use std::collections::HashMap;

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
    ) -> Result<Settings, RuleError> {
        let games: Vec<&'static dyn Game> = crate::driver::registry::all()
            .into_iter()
            .filter(|g| game.is_none_or(|k| g.kind() == k))
            .collect();
        if games.is_empty() {
            return Err(RuleError::NoSuchGame);
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
                return Err(unknown_rule_key(key, keys.iter().map(String::as_str)));
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
            return Err(unknown_rule_set(p, names.iter().map(String::as_str)));
        }
        let mut rules = HashMap::new();
        for g in &games {
            let table = g.rule_table();
            let specs = table.specs;
            let overrides: Vec<(String, String)> = params
                .iter()
                .filter(|(k, _)| game.is_some() || specs.iter().any(|s| s.key == k.as_str()))
                .cloned()
                .collect();
            let p = preset.filter(|p| game.is_some() || has_preset(g, p));
            // The game's typed rules are built here, once a run.
            let r = Rules::build(table, p, &overrides).map_err(|e| RuleError::InGame {
                game: g.kind(),
                error: Box::new(e),
            })?;
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

    /// The rules in force for a game: the ones chosen, or the game's defaults. (The record
    /// check reads `rules` itself, with the defaults of a game it lacks.)
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
