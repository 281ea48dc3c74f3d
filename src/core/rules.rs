//! Rule parameters: `--rules PRESET` and `--rule KEY=VALUE`, validated against what each game
//! declares. An unknown key or a bad value is a usage error that names the valid ones.

use std::collections::BTreeMap;

/// The kind of value a rule parameter takes.
#[derive(Debug, Clone, Copy)]
pub enum RuleValue {
    /// An integer in a range (inclusive).
    Int { min: u64, max: u64 },
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// A duration: `3h`, `90m`, `45s`, `1h30m`, or a number of seconds.
    Duration,
}

/// One rule parameter a game understands.
#[derive(Debug, Clone, Copy)]
pub struct RuleSpec {
    pub key: &'static str,
    pub default: &'static str,
    pub value: RuleValue,
    pub help: &'static str,
}

/// A named rule set: a description and the parameters it sets.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    pub name: &'static str,
    pub help: &'static str,
    pub values: &'static [(&'static str, &'static str)],
}

/// The rule parameters in force for one game: the preset's name and every key's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub preset: String,
    values: BTreeMap<&'static str, String>,
}

impl Rules {
    /// Builds the rule set: the defaults, then the preset, then each `KEY=VALUE`.
    pub fn build(
        specs: &'static [RuleSpec],
        presets: &'static [Preset],
        preset: Option<&str>,
        overrides: &[(String, String)],
    ) -> Result<Rules, String> {
        let mut values: BTreeMap<&'static str, String> = specs
            .iter()
            .map(|s| (s.key, s.default.to_string()))
            .collect();
        let preset_name = match preset {
            None => presets.first().map(|p| p.name).unwrap_or("default").to_string(),
            Some(name) => {
                let p = presets
                    .iter()
                    .find(|p| p.name.eq_ignore_ascii_case(name))
                    .ok_or_else(|| {
                        format!(
                            "unknown rule set `{name}`; valid rule sets: {}",
                            presets.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
                        )
                    })?;
                p.name.to_string()
            }
        };
        if let Some(p) = presets.iter().find(|p| p.name == preset_name) {
            for (k, v) in p.values {
                if let Some(slot) = values.get_mut(k) {
                    *slot = v.to_string();
                }
            }
        }
        for (key, value) in overrides {
            let spec = specs.iter().find(|s| s.key == key.as_str()).ok_or_else(|| {
                format!(
                    "unknown rule parameter `{key}`; valid keys: {}",
                    specs.iter().map(|s| s.key).collect::<Vec<_>>().join(", ")
                )
            })?;
            check_value(spec, value)?;
            values.insert(spec.key, value.trim().to_string());
        }
        Ok(Rules {
            preset: preset_name,
            values,
        })
    }

    /// The defaults alone.
    pub fn defaults(specs: &'static [RuleSpec], presets: &'static [Preset]) -> Rules {
        // The defaults of a game's own tables always validate.
        Rules::build(specs, presets, None, &[]).unwrap_or(Rules {
            preset: String::new(),
            values: BTreeMap::new(),
        })
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|s| s.as_str())
    }

    /// An integer parameter (`fallback` if the key is unknown, which a game's own tables
    /// rule out).
    pub fn int(&self, key: &str, fallback: u64) -> u64 {
        self.get(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or(fallback)
    }

    /// A duration parameter, in seconds.
    pub fn seconds(&self, key: &str, fallback: u64) -> u64 {
        self.get(key).and_then(parse_duration).unwrap_or(fallback)
    }

    pub fn is(&self, key: &str, word: &str) -> bool {
        self.get(key) == Some(word)
    }

    /// `key=value` pairs, for reports and details.
    pub fn describe(&self) -> String {
        let kv: Vec<String> = self.values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{} ({})", self.preset, kv.join(", "))
    }
}

fn check_value(spec: &RuleSpec, value: &str) -> Result<(), String> {
    let v = value.trim();
    match spec.value {
        RuleValue::Int { min, max } => match v.parse::<u64>() {
            Ok(n) if n >= min && n <= max => Ok(()),
            _ => Err(format!(
                "bad value `{value}` for rule `{}`: expected a whole number from {min} to {max}",
                spec.key
            )),
        },
        RuleValue::Choice(words) => {
            if words.contains(&v) {
                Ok(())
            } else {
                Err(format!(
                    "bad value `{value}` for rule `{}`: expected one of {}",
                    spec.key,
                    words.join(", ")
                ))
            }
        }
        RuleValue::Duration => match parse_duration(v) {
            Some(_) => Ok(()),
            None => Err(format!(
                "bad value `{value}` for rule `{}`: expected a duration such as 3h, 90m, 1h30m or 5400s",
                spec.key
            )),
        },
    }
}

/// `3h`, `90m`, `45s`, `1h30m`, `5400` (seconds).
pub fn parse_duration(s: &str) -> Option<u64> {
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

    static SPECS: &[RuleSpec] = &[
        RuleSpec {
            key: "move-limit",
            default: "120",
            value: RuleValue::Int { min: 1, max: 1000 },
            help: "",
        },
        RuleSpec {
            key: "color",
            default: "own",
            value: RuleValue::Choice(&["own", "any"]),
            help: "",
        },
        RuleSpec {
            key: "time-limit",
            default: "3h",
            value: RuleValue::Duration,
            help: "",
        },
    ];
    static PRESETS: &[Preset] = &[
        Preset {
            name: "cxa",
            help: "",
            values: &[],
        },
        Preset {
            name: "short",
            help: "",
            values: &[("move-limit", "50")],
        },
    ];

    #[test]
    fn defaults_preset_and_overrides() {
        let r = Rules::build(SPECS, PRESETS, None, &[]).unwrap();
        assert_eq!(r.preset, "cxa");
        assert_eq!(r.int("move-limit", 0), 120);
        let r = Rules::build(SPECS, PRESETS, Some("short"), &[]).unwrap();
        assert_eq!(r.int("move-limit", 0), 50);
        let r = Rules::build(
            SPECS,
            PRESETS,
            Some("short"),
            &[("move-limit".into(), "7".into())],
        )
        .unwrap();
        assert_eq!(r.int("move-limit", 0), 7);
        assert_eq!(r.seconds("time-limit", 0), 10800);
    }

    #[test]
    fn errors_name_the_valid_choices() {
        let e = Rules::build(SPECS, PRESETS, None, &[("nope".into(), "1".into())]).unwrap_err();
        assert!(e.contains("move-limit, color, time-limit"), "{e}");
        let e = Rules::build(SPECS, PRESETS, None, &[("color".into(), "red".into())]).unwrap_err();
        assert!(e.contains("own, any"), "{e}");
        let e = Rules::build(SPECS, PRESETS, None, &[("move-limit".into(), "0".into())])
            .unwrap_err();
        assert!(e.contains("from 1 to 1000"), "{e}");
        let e = Rules::build(SPECS, PRESETS, Some("zzz"), &[]).unwrap_err();
        assert!(e.contains("cxa, short"), "{e}");
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
