//! Rule parameters: `--rules PRESET` and `--rule KEY=VALUE`, validated against what each game
//! declares. An unknown key or a bad value is a usage error that names the valid ones.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Why rule values were refused: an unknown rule set or key, or a bad value. The message
/// names the valid choices; the fields carry them for a caller that shows them its own way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("unknown rule set `{name}`; valid rule sets: {}", .valid.join(", "))]
    UnknownRuleSet { name: String, valid: Vec<String> },
    #[error("unknown rule parameter `{key}`; valid keys: {}", .valid.join(", "))]
    UnknownKey { key: String, valid: Vec<String> },
    /// `expected` says what the key takes ("a whole number from 1 to 1000", "one of own, any").
    #[error("bad value `{value}` for rule `{key}`: expected {expected}")]
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
    /// A part of a record's rule tag that is not `KEY=VALUE`.
    #[error("`{part}` is not KEY=VALUE")]
    NotKeyValue { part: String },
    /// The values of one game of several in play were refused.
    #[error("{game}: {error}")]
    InGame {
        game: crate::core::record::GameKind,
        error: Box<RuleError>,
    },
    /// `--game` names a game this build does not have.
    #[error("that game is not available in this build")]
    NoSuchGame,
}

/// The kind of value a rule parameter takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleValue {
    /// An integer in a range (inclusive).
    Int { min: u64, max: u64 },
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// A duration: `3h`, `90m`, `45s`, `1h30m`, or a number of seconds.
    Duration,
}

/// One rule parameter a game understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSpec {
    pub key: &'static str,
    pub default: &'static str,
    pub value: RuleValue,
    pub help: &'static str,
}

/// A game's table of rule parameters, one a line (in the order `--help` lists them):
///
/// - `"key": one of ["a", "b"] => "help";` takes one of the words; the first is the default;
/// - `"key": 60 in 1..=1000 => "help";` takes a whole number in the range; 60 is the default;
/// - `"key": duration "3h" => "help";` takes a duration (`3h`, `90m`, `1h30m`, seconds);
/// - `..SPEC` (last) adds a parameter declared elsewhere, such as the record length limit.
macro_rules! rule_specs {
    (@specs [$($done:expr,)*]) => {
        &[$($done,)*]
    };
    (@specs [$($done:expr,)*] ..$spec:expr) => {
        &[$($done,)* $spec]
    };
    (@specs [$($done:expr,)*]
        $key:literal: one of [$first:literal $(, $more:literal)*] => $help:literal; $($rest:tt)*
    ) => {
        $crate::core::rules::rule_specs!(@specs [$($done,)* $crate::core::rules::RuleSpec {
            key: $key,
            default: $first,
            value: $crate::core::rules::RuleValue::Choice(&[$first $(, $more)*]),
            help: $help,
        },] $($rest)*)
    };
    (@specs [$($done:expr,)*]
        $key:literal: $default:literal in $min:literal..=$max:literal => $help:literal; $($rest:tt)*
    ) => {
        $crate::core::rules::rule_specs!(@specs [$($done,)* $crate::core::rules::RuleSpec {
            key: $key,
            default: stringify!($default),
            value: $crate::core::rules::RuleValue::Int { min: $min, max: $max },
            help: $help,
        },] $($rest)*)
    };
    (@specs [$($done:expr,)*]
        $key:literal: duration $default:literal => $help:literal; $($rest:tt)*
    ) => {
        $crate::core::rules::rule_specs!(@specs [$($done,)* $crate::core::rules::RuleSpec {
            key: $key,
            default: $default,
            value: $crate::core::rules::RuleValue::Duration,
            help: $help,
        },] $($rest)*)
    };
    ($($entries:tt)*) => {
        $crate::core::rules::rule_specs!(@specs [] $($entries)*)
    };
}
pub(crate) use rule_specs;

/// A game's named rule sets, one a line, the default first:
/// `"name" [("key", "value"), …] => "help";` (a rule set sets only what differs from the
/// parameters' defaults).
macro_rules! presets {
    ($($name:literal [$(($key:literal, $value:literal)),*] => $help:literal;)*) => {
        &[$($crate::core::rules::Preset {
            name: $name,
            help: $help,
            values: &[$(($key, $value)),*],
        },)*]
    };
}
pub(crate) use presets;

/// A named rule set: a description and the parameters it sets.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    pub name: &'static str,
    pub help: &'static str,
    pub values: &'static [(&'static str, &'static str)],
}

/// A game's rule values as types: what its replay, judge, referee and writers read. Built
/// from the values of [`Rules`] when they are checked ([`Rules::build`]), so once per run, not
/// once a record.
pub trait RuleSet: Clone + Send + Sync + 'static {
    /// The parameters the game declares: keys, defaults, the values each takes.
    const SPECS: &'static [RuleSpec];
    /// The named rule sets; the first is the default.
    const PRESETS: &'static [Preset];
    /// Its parameters, its rule sets, and how its typed values are built.
    const TABLE: RuleTable = RuleTable {
        specs: Self::SPECS,
        presets: Self::PRESETS,
        typed: typed_of::<Self>,
    };

    /// The typed values of `rules`, whose values were checked against [`RuleSet::SPECS`] when
    /// they were built (a key they lack has its default).
    fn from_values(rules: &Rules) -> Self;

    /// The rule values of `preset` (the first when `None`) with each `KEY=VALUE` of
    /// `overrides` over it, checked against the game's table.
    fn values(preset: Option<&str>, overrides: &[(String, String)]) -> Result<Rules, RuleError> {
        Rules::build(Self::TABLE, preset, overrides)
    }

    /// The defaults (the first preset).
    fn defaults() -> Self {
        Self::from_values(&Rules::defaults(Self::TABLE))
    }
}

/// A game's typed rule values, as [`Rules`] holds them (its [`RuleSet`]).
pub(crate) type Typed = Arc<dyn Any + Send + Sync>;

fn typed_of<T: RuleSet>(rules: &Rules) -> Typed {
    Arc::new(T::from_values(rules))
}

/// A game's table of rules ([`RuleSet::TABLE`], `Game::rule_table`): the parameters it
/// declares, its named rule sets (the first the default), and how its typed values are built
/// from checked values.
#[derive(Debug, Clone, Copy)]
pub struct RuleTable {
    pub specs: &'static [RuleSpec],
    pub presets: &'static [Preset],
    typed: fn(&Rules) -> Typed,
}

impl RuleTable {
    /// No game's: no parameter, no rule set, `()` as its typed values.
    pub(crate) const NONE: RuleTable = RuleTable {
        specs: &[],
        presets: &[],
        typed: |_| Arc::new(()),
    };
}

/// The rule parameters in force for one game: the preset's name, every key's value, and the
/// game's typed values built from them.
#[derive(Debug, Clone)]
pub struct Rules {
    pub preset: String,
    /// The game's parameters (whose defaults are the values of keys a rule set leaves out) and
    /// how its typed values are built.
    table: RuleTable,
    values: BTreeMap<&'static str, String>,
    /// The parameters set with `--rule` (or the referee protocol's `rule`), in the order
    /// given: a record's own rule tags must not override them, and the rules are built again
    /// from the preset and these when one of them changes.
    overrides: Vec<(&'static str, String)>,
    /// The game's typed values ([`RuleSet`]), built from `values` when they were checked and
    /// shared by every copy: the record check reads them (a downcast to the game's type).
    pub(crate) typed: Typed,
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        (
            self.preset.as_str(),
            self.table.specs,
            &self.values,
            &self.overrides,
        ) == (
            other.preset.as_str(),
            other.table.specs,
            &other.values,
            &other.overrides,
        )
    }
}

impl Eq for Rules {}

impl Rules {
    /// Builds the rule set: the defaults, then the preset, then each `KEY=VALUE`.
    /// The game's typed values are built from them here, once.
    pub fn build(
        table: RuleTable,
        preset: Option<&str>,
        overrides: &[(String, String)],
    ) -> Result<Rules, RuleError> {
        let preset = preset_named(table.presets, preset)?;
        let pairs = overrides.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        Rules::of_preset(table, preset, pairs)
    }

    /// The same parameters set, under the rule set `preset`.
    pub(crate) fn with_preset(&self, preset: &str) -> Result<Rules, RuleError> {
        let preset = preset_named(self.table.presets, Some(preset))?;
        Rules::of_preset(self.table, preset, self.overrides())
    }

    /// The same rule set and parameters, with `key` set to `value` (in place of the value it
    /// was set to before).
    pub(crate) fn with_rule(&self, key: &str, value: &str) -> Result<Rules, RuleError> {
        let kept = self.overrides().filter(|(k, _)| *k != key);
        Rules::of_preset(self.table, &self.preset, kept.chain([(key, value)]))
    }

    /// The parameters set, in the order given (a key set twice is here twice).
    pub(crate) fn overrides(&self) -> impl Iterator<Item = (&str, &str)> {
        self.overrides.iter().map(|(k, v)| (*k, v.as_str()))
    }

    /// The defaults, then the values of the rule set named `preset` (none when the table has
    /// no such set), then each `KEY=VALUE`, checked.
    fn of_preset<'a>(
        table: RuleTable,
        preset: &str,
        pairs: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> Result<Rules, RuleError> {
        let mut values: BTreeMap<&'static str, String> = table
            .specs
            .iter()
            .map(|s| (s.key, s.default.to_string()))
            .collect();
        if let Some(p) = table.presets.iter().find(|p| p.name == preset) {
            for (k, v) in p.values {
                if let Some(slot) = values.get_mut(k) {
                    *slot = v.to_string();
                }
            }
        }
        let mut overrides = Vec::new();
        for (key, value) in pairs {
            let spec = spec_of(table.specs, key)?;
            check_value(spec, value)?;
            values.insert(spec.key, value.trim().to_string());
            overrides.push((spec.key, value.trim().to_string()));
        }
        Ok(Rules::with_values(
            table,
            preset.to_string(),
            values,
            overrides,
        ))
    }

    /// The rules of these checked values, with the game's typed values built from them.
    fn with_values(
        table: RuleTable,
        preset: String,
        values: BTreeMap<&'static str, String>,
        overrides: Vec<(&'static str, String)>,
    ) -> Rules {
        let mut r = Rules {
            preset,
            table,
            values,
            overrides,
            typed: Arc::new(()),
        };
        r.typed = (table.typed)(&r);
        r
    }

    /// The defaults alone.
    pub fn defaults(table: RuleTable) -> Rules {
        // The defaults of a game's own tables always validate.
        Rules::build(table, None, &[]).unwrap_or_else(|_| {
            Rules::with_values(table, String::new(), BTreeMap::new(), Vec::new())
        })
    }

    /// Whether `key` was set on the command line.
    pub(crate) fn is_explicit(&self, key: &str) -> bool {
        self.overrides.iter().any(|(k, _)| *k == key)
    }

    /// The same rules with each `key=value` of `pairs` applied unless the command line set
    /// that key (a record's own rule tags), the typed values built again from them. Errors
    /// name the valid keys and values.
    pub(crate) fn with_record_overrides(
        &self,
        specs: &'static [RuleSpec],
        pairs: &[(String, String)],
    ) -> Result<Rules, RuleError> {
        let mut values = self.values.clone();
        for (key, value) in pairs {
            let spec = spec_of(specs, key)?;
            check_value(spec, value)?;
            if !self.is_explicit(key) {
                values.insert(spec.key, value.trim().to_string());
            }
        }
        Ok(Rules::with_values(
            self.table,
            self.preset.clone(),
            values,
            self.overrides.clone(),
        ))
    }

    /// The game's typed rules: the values built when these were checked, or, asked with
    /// another game's type, that game's values read from these.
    pub fn typed<T: RuleSet>(&self) -> T {
        match self.typed.downcast_ref::<T>() {
            Some(t) => t.clone(),
            None => T::from_values(self),
        }
    }

    /// The value of `key`: the one set, else the game's default (`None` for a key the game
    /// does not declare).
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|s| s.as_str()).or_else(|| {
            self.table
                .specs
                .iter()
                .find(|s| s.key == key)
                .map(|s| s.default)
        })
    }

    /// An integer parameter. Values were checked against the game's table when the rules
    /// were built, so only a key the game does not declare gives 0.
    pub(crate) fn int(&self, key: &str) -> u64 {
        self.get(key).and_then(|v| v.parse().ok()).unwrap_or(0)
    }

    /// A duration parameter, in seconds (0 for a key the game does not declare).
    pub(crate) fn seconds(&self, key: &str) -> u64 {
        self.get(key).and_then(parse_duration).unwrap_or(0)
    }

    pub(crate) fn is(&self, key: &str, word: &str) -> bool {
        self.get(key) == Some(word)
    }

    /// `key=value` pairs, for reports and details.
    pub fn describe(&self) -> String {
        let kv: Vec<String> = self
            .values
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{} ({})", self.preset, kv.join(", "))
    }
}

/// The error for a rule set no game in play has (one message wherever it is met).
pub(crate) fn unknown_rule_set<'a>(name: &str, valid: impl Iterator<Item = &'a str>) -> RuleError {
    RuleError::UnknownRuleSet {
        name: name.to_string(),
        valid: valid.map(str::to_string).collect(),
    }
}

/// The error for a rule parameter no game in play has.
pub(crate) fn unknown_rule_key<'a>(key: &str, valid: impl Iterator<Item = &'a str>) -> RuleError {
    RuleError::UnknownKey {
        key: key.to_string(),
        valid: valid.map(str::to_string).collect(),
    }
}

/// The name of the rule set `name` (matched without regard to case), or of the first, the
/// default, when `None` ("default" when the table has none).
fn preset_named(presets: &[Preset], name: Option<&str>) -> Result<&'static str, RuleError> {
    match name {
        None => Ok(presets.first().map(|p| p.name).unwrap_or("default")),
        Some(name) => presets
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.name)
            .ok_or_else(|| unknown_rule_set(name, presets.iter().map(|p| p.name))),
    }
}

fn spec_of(specs: &'static [RuleSpec], key: &str) -> Result<&'static RuleSpec, RuleError> {
    specs
        .iter()
        .find(|s| s.key == key)
        .ok_or_else(|| unknown_rule_key(key, specs.iter().map(|s| s.key)))
}

fn check_value(spec: &RuleSpec, value: &str) -> Result<(), RuleError> {
    let v = value.trim();
    let bad = |expected: String| RuleError::BadValue {
        key: spec.key.to_string(),
        value: value.to_string(),
        expected,
    };
    match spec.value {
        RuleValue::Int { min, max } => match v.parse::<u64>() {
            Ok(n) if n >= min && n <= max => Ok(()),
            _ => Err(bad(format!("a whole number from {min} to {max}"))),
        },
        RuleValue::Choice(words) => {
            if words.contains(&v) {
                Ok(())
            } else {
                Err(bad(format!("one of {}", words.join(", "))))
            }
        }
        RuleValue::Duration => match parse_duration(v) {
            Some(_) => Ok(()),
            None => Err(bad("a duration such as 3h, 90m, 1h30m or 5400s".to_string())),
        },
    }
}

/// `3h`, `90m`, `45s`, `1h30m`, `5400` (seconds).
pub(crate) fn parse_duration(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<u64>() {
        return Some(n);
    }
    let mut total: u64 = 0;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            let n: u64 = num.parse().ok()?;
            num.clear();
            let mult = match c {
                'h' | 'H' => 3600,
                'm' | 'M' => 60,
                's' | 'S' => 1,
                _ => return None,
            };
            total = total.checked_add(n.checked_mul(mult)?)?;
        }
    }
    if !num.is_empty() {
        return None;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[RuleSpec] = rule_specs! {
        "move-limit": 120 in 1..=1000 => "";
        "color": one of ["own", "any"] => "";
        "time-limit": duration "3h" => "";
    };
    const PRESETS: &[Preset] = presets! {
        "cxa" [] => "";
        "short" [("move-limit", "50")] => "";
    };
    const TABLE: RuleTable = RuleTable {
        specs: SPECS,
        presets: PRESETS,
        typed: |_| Arc::new(()),
    };

    #[test]
    fn defaults_preset_and_overrides() {
        let r = Rules::build(TABLE, None, &[]).unwrap();
        assert_eq!(r.preset, "cxa");
        assert_eq!(r.int("move-limit"), 120);
        let r = Rules::build(TABLE, Some("short"), &[]).unwrap();
        assert_eq!(r.int("move-limit"), 50);
        let r = Rules::build(TABLE, Some("short"), &[("move-limit".into(), "7".into())]).unwrap();
        assert_eq!(r.int("move-limit"), 7);
        assert_eq!(r.seconds("time-limit"), 10800);
    }

    #[test]
    fn errors_name_the_valid_choices() {
        let e = Rules::build(TABLE, None, &[("nope".into(), "1".into())]).unwrap_err();
        assert!(
            e.to_string().contains("move-limit, color, time-limit"),
            "{e}"
        );
        assert_eq!(
            e,
            RuleError::UnknownKey {
                key: "nope".into(),
                valid: vec!["move-limit".into(), "color".into(), "time-limit".into()],
            }
        );
        let e = Rules::build(TABLE, None, &[("color".into(), "red".into())]).unwrap_err();
        assert!(e.to_string().contains("own, any"), "{e}");
        let e = Rules::build(TABLE, None, &[("move-limit".into(), "0".into())]).unwrap_err();
        assert!(e.to_string().contains("from 1 to 1000"), "{e}");
        let e = Rules::build(TABLE, Some("zzz"), &[]).unwrap_err();
        assert!(e.to_string().contains("cxa, short"), "{e}");
    }

    #[test]
    fn a_changed_rule_set_or_parameter_keeps_the_rest() {
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        let r = Rules::build(
            TABLE,
            None,
            &[pair("move-limit", "7"), pair("color", "any")],
        )
        .unwrap();
        let short = r.with_preset("SHORT").unwrap();
        assert_eq!(
            (short.preset.as_str(), short.int("move-limit")),
            ("short", 7)
        );
        let changed = short.with_rule("move-limit", "9").unwrap();
        assert_eq!(
            changed.overrides().collect::<Vec<_>>(),
            [("color", "any"), ("move-limit", "9")]
        );
        let built = Rules::build(
            TABLE,
            Some("short"),
            &[pair("color", "any"), pair("move-limit", "9")],
        );
        assert_eq!(Ok(changed), built);
        assert_eq!(r.with_preset("zzz"), Rules::build(TABLE, Some("zzz"), &[]));
        assert!(r.with_rule("nope", "1").is_err());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1h30m"), Some(5400));
        assert_eq!(parse_duration("90m"), Some(5400));
        assert_eq!(parse_duration("12"), Some(12));
        assert_eq!(parse_duration("3x"), None);
        assert_eq!(parse_duration("3h5"), None);
    }
}
