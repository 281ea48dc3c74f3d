//! The Junqi rule values: the parameters `--rule` and a record's `[Rules]` tag take, the rule
//! set `--rules` names, and their typed form, the engine's [`Params`].

use crate::core::rules::{Preset, RuleError, RuleSet, RuleSpec, Rules, presets, rule_specs};
use crate::junqi::rules::Params;

/// The parameters of the rules' defaults (the `standard` preset).
impl Default for Params {
    fn default() -> Params {
        Params::defaults()
    }
}

impl RuleSet for Params {
    /// The rule parameters of a Junqi game (`--rule KEY=VALUE`, the `[Rules]` tag).
    const SPECS: &'static [RuleSpec] = rule_specs! {
        "color": one of ["own", "any"] => "own: a player takes a colour by flipping the colour of their own previous flip; any: the colour of the previous flip by either player";
        "suicide": one of ["no", "yes"] => "whether a weaker piece may attack a stronger one (and be removed)";
        "timeouts": 3 in 1..=1000 => "a player's Nth timeout loses";
        "repeat-window": 7 in 1..=64 => "how many of a player's own previous actions the repetition rule looks back on";
        "repeat": 4 in 2..=65 => "the action that makes one (from, piece, to) occur this often in the window loses";
        "no-capture-limit": 80 in 1..=100000 => "this many consecutive steps without an attack draw";
        "step-limit": 300 in 1..=100000 => "this many steps in all draw";
        "time-limit": duration "3h" => "this much play (by the record's timestamps) draws";
        "min-steps-to-resign-or-draw": 50 in 0..=100000 => "resigning and offering a draw are allowed only once this many steps were played";
        "draw-offers": 3 in 0..=1000 => "how many draw offers a player may make";
        ..crate::core::limits::RULE_SPEC
    };
    const PRESETS: &'static [Preset] = presets! {
        "standard" [] => "the rules of the seed (QQ-style fanfanqi): color=own, suicide=no, 3 timeouts, 4 repeats in 8, 80 quiet steps, 300 steps, 3 hours";
    };

    fn from_values(r: &Rules) -> Params {
        Params {
            color_any: r.is("color", "any"),
            suicide: r.is("suicide", "yes"),
            timeouts: r.int("timeouts") as u32,
            repeat_window: r.int("repeat-window") as usize,
            repeat: r.int("repeat") as usize,
            no_capture_limit: r.int("no-capture-limit") as u32,
            step_limit: r.int("step-limit") as u32,
            time_limit: r.seconds("time-limit"),
            min_steps: r.int("min-steps-to-resign-or-draw") as usize,
            draw_offers: r.int("draw-offers") as usize,
        }
    }
}

/// Applies a record's `[Rules "key=value, key=value"]` over the rules in force: a key set on
/// the command line (`--rule`) keeps the command line's value.
pub(crate) fn merge_tag(rules: &Rules, tag: &str) -> Result<Rules, RuleError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for part in tag.split([',', ';', ' ']).filter(|p| !p.trim().is_empty()) {
        let (k, v) = part.split_once('=').ok_or_else(|| RuleError::NotKeyValue {
            part: part.trim().to_string(),
        })?;
        pairs.push((k.trim().to_string(), v.trim().to_string()));
    }
    // Each key of the tag applies unless the command line set that key (`--rule` wins, even
    // when it gives the default value).
    rules.with_record_overrides(Params::SPECS, &pairs)
}
