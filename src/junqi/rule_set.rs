//! The Junqi rule values: the parameters `--rule` and a record's `[Rules]` tag take, the rule
//! set `--rules` names, and their typed form, the engine's [`Params`].

use crate::core::rules::{Preset, RuleError, RuleSet, RuleSpec, RuleValue, Rules};
use crate::junqi::rules::Params;

/// The rule parameters of a Junqi game (`--rule KEY=VALUE`, the `[Rules]` tag).
pub(crate) static RULE_SPECS: &[RuleSpec] = &[
    RuleSpec {
        key: "color",
        default: "own",
        value: RuleValue::Choice(&["own", "any"]),
        help: "own: a player takes a colour by flipping the colour of their own previous flip; any: the colour of the previous flip by either player",
    },
    RuleSpec {
        key: "suicide",
        default: "no",
        value: RuleValue::Choice(&["no", "yes"]),
        help: "whether a weaker piece may attack a stronger one (and be removed)",
    },
    RuleSpec {
        key: "timeouts",
        default: "3",
        value: RuleValue::Int { min: 1, max: 1000 },
        help: "a player's Nth timeout loses",
    },
    RuleSpec {
        key: "repeat-window",
        default: "7",
        value: RuleValue::Int { min: 1, max: 64 },
        help: "how many of a player's own previous actions the repetition rule looks back on",
    },
    RuleSpec {
        key: "repeat",
        default: "4",
        value: RuleValue::Int { min: 2, max: 65 },
        help: "the action that makes one (from, piece, to) occur this often in the window loses",
    },
    RuleSpec {
        key: "no-capture-limit",
        default: "80",
        value: RuleValue::Int {
            min: 1,
            max: 100000,
        },
        help: "this many consecutive steps without an attack draw",
    },
    RuleSpec {
        key: "step-limit",
        default: "300",
        value: RuleValue::Int {
            min: 1,
            max: 100000,
        },
        help: "this many steps in all draw",
    },
    RuleSpec {
        key: "time-limit",
        default: "3h",
        value: RuleValue::Duration,
        help: "this much play (by the record's timestamps) draws",
    },
    RuleSpec {
        key: "min-steps-to-resign-or-draw",
        default: "50",
        value: RuleValue::Int {
            min: 0,
            max: 100000,
        },
        help: "resigning and offering a draw are allowed only once this many steps were played",
    },
    RuleSpec {
        key: "draw-offers",
        default: "3",
        value: RuleValue::Int { min: 0, max: 1000 },
        help: "how many draw offers a player may make",
    },
    crate::core::limits::RULE_SPEC,
];

pub(crate) static PRESETS: &[Preset] = &[Preset {
    name: "standard",
    help: "the rules of the seed (QQ-style fanfanqi): color=own, suicide=no, 3 timeouts, 4 repeats in 8, 80 quiet steps, 300 steps, 3 hours",
    values: &[],
}];

/// The parameters of the rules' defaults (the `standard` preset).
impl Default for Params {
    fn default() -> Params {
        Params::defaults()
    }
}

impl RuleSet for Params {
    const SPECS: &'static [RuleSpec] = RULE_SPECS;
    const PRESETS: &'static [Preset] = PRESETS;

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
    let mut merged = rules.clone();
    for (k, v) in &pairs {
        merged = merged.with_record_override(RULE_SPECS, k, v)?;
    }
    Ok(merged)
}
