//! The rule parameters of Junqi Fanfanqi (`--rule KEY=VALUE`, the `[Rules]` tag).

use crate::core::rules::{Preset, RuleSpec, RuleValue, Rules};

pub static RULE_SPECS: &[RuleSpec] = &[
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
];

pub static PRESETS: &[Preset] = &[Preset {
    name: "standard",
    help: "the rules of the seed (QQ-style fanfanqi): color=own, suicide=no, 3 timeouts, 4 repeats in 8, 80 quiet steps, 300 steps, 3 hours",
    values: &[],
}];

/// The parameters in the form the engine uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// `color=any`.
    pub color_any: bool,
    /// `suicide=yes`.
    pub suicide: bool,
    pub timeouts: u32,
    pub repeat_window: usize,
    pub repeat: usize,
    pub no_capture_limit: u32,
    pub step_limit: u32,
    /// Seconds.
    pub time_limit: u64,
    pub min_steps: usize,
    pub draw_offers: usize,
}

impl Default for Params {
    fn default() -> Params {
        Params::from_rules(&Rules::defaults(RULE_SPECS, PRESETS))
    }
}

impl Params {
    pub fn from_rules(r: &Rules) -> Params {
        Params {
            color_any: r.is("color", "any"),
            suicide: r.is("suicide", "yes"),
            timeouts: r.int("timeouts", 3) as u32,
            repeat_window: r.int("repeat-window", 7) as usize,
            repeat: r.int("repeat", 4) as usize,
            no_capture_limit: r.int("no-capture-limit", 80) as u32,
            step_limit: r.int("step-limit", 300) as u32,
            time_limit: r.seconds("time-limit", 10800),
            min_steps: r.int("min-steps-to-resign-or-draw", 50) as usize,
            draw_offers: r.int("draw-offers", 3) as usize,
        }
    }
}

/// Applies a record's `[Rules "key=value, key=value"]` over the rules in force: a key set on
/// the command line (`--rule`) keeps the command line's value.
pub fn merge_tag(rules: &Rules, tag: &str) -> Result<Rules, String> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for part in tag.split([',', ';', ' ']).filter(|p| !p.trim().is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("`{}` is not KEY=VALUE", part.trim()))?;
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
