//! The Xiangqi rule values: the parameters `--rule` takes, the rule sets `--rules` names, and
//! the typed values ([`XiangqiRules`]) the replay, the judge and the referee read.

use crate::core::rules::{Preset, RuleSet, RuleSpec, RuleValue, Rules};
use crate::xiangqi::repetition::Code;

/// The rule parameters of Xiangqi.
pub(crate) static RULE_SPECS: &[RuleSpec] = &[
    RuleSpec {
        key: "move-limit",
        default: "60",
        value: RuleValue::Int { min: 1, max: 1000 },
        help: "moves (回合, two plies each) without a capture after which the game is drawn (自然限着)",
    },
    RuleSpec {
        key: "repetitions",
        default: "3",
        value: RuleValue::Int { min: 2, max: 10 },
        help: "how many times a position must occur to count as a repetition",
    },
    RuleSpec {
        key: "code",
        default: "cxa",
        value: RuleValue::Choice(&["cxa", "cxa-2020", "cxa-1999", "axf"]),
        help: "which repetition code (棋例) the repetition judge applies: cxa (the current CXA edition, 2020; also cxa-2020), cxa-1999 (the 1999 edition), axf",
    },
    RuleSpec {
        key: "setup",
        default: "composed",
        value: RuleValue::Choice(&["composed", "strict"]),
        help: "how a FEN set-up is checked: composed (a rulebook diagram or a problem: judged, with a warning naming what no game can reach; refused only when the rules cannot apply: a side with no king or two, a king outside its palace, the side not to move in check) or strict (every set-up no game can reach is refused; --strict)",
    },
    crate::core::limits::RULE_SPEC,
];

/// The rule sets; the first is the default. Each sets only what differs from the parameters'
/// defaults (60-move limit, threefold repetition).
pub(crate) static PRESETS: &[Preset] = &[
    Preset {
        name: "cxa",
        help: "Chinese Xiangqi Association rules (the seed): 60-move limit, threefold repetition, CXA 棋例",
        values: &[("code", "cxa")],
    },
    Preset {
        name: "cxa-2020",
        help: "the CXA rulebook of 2020 by name (what cxa is today): 60-move limit, threefold repetition, its 棋例",
        values: &[("code", "cxa-2020")],
    },
    Preset {
        name: "cxa-1999",
        help: "the CXA rulebook of 1999, for games played under it: 60-move limit, threefold repetition, its 棋例 (a pawn's chase counts against a perpetual attacker; a chase that offers an exchange stays a chase)",
        values: &[("code", "cxa-1999")],
    },
    Preset {
        name: "axf",
        help: "Asian Xiangqi Federation rules: 60-move limit, threefold repetition, AXF repetition code",
        values: &[("code", "axf")],
    },
];

/// The parameters the board verdicts use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRules {
    /// In moves (回合); the limit in plies is twice this.
    pub move_limit: u32,
    pub repetitions: u32,
    /// The repetition code (棋例) the judge applies.
    pub code: Code,
}

impl Default for BoardRules {
    /// The rules' defaults (the `cxa` rule set).
    fn default() -> Self {
        XiangqiRules::defaults().board
    }
}

/// Every Xiangqi rule value, typed: the board verdicts' and how a set-up is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XiangqiRules {
    pub board: BoardRules,
    /// `setup=strict` (`--strict`): a set-up no game can reach is refused, not judged as a
    /// composed position.
    pub strict_setup: bool,
}

impl RuleSet for XiangqiRules {
    const SPECS: &'static [RuleSpec] = RULE_SPECS;
    const PRESETS: &'static [Preset] = PRESETS;

    fn from_values(rules: &Rules) -> XiangqiRules {
        XiangqiRules {
            board: BoardRules {
                move_limit: rules.int("move-limit").clamp(1, 1000) as u32,
                repetitions: rules.int("repetitions").clamp(2, 10) as u32,
                code: rules.get("code").and_then(Code::parse).unwrap_or_default(),
            },
            strict_setup: rules.is("setup", "strict"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_presets() {
        let r = Rules::build(
            RULE_SPECS,
            PRESETS,
            None,
            &[("move-limit".into(), "50".into())],
        )
        .unwrap();
        assert_eq!(r.typed::<XiangqiRules>().board.move_limit, 50);
        assert_eq!(r.clone().typed::<XiangqiRules>().board.move_limit, 50);
        let r = Rules::build(RULE_SPECS, PRESETS, Some("axf"), &[]).unwrap();
        assert!(r.is("code", "axf"));
        assert_eq!(r.typed::<XiangqiRules>().board.code, Code::Axf);
        assert!(!r.typed::<XiangqiRules>().strict_setup);
        let strict = Rules::build(
            RULE_SPECS,
            PRESETS,
            None,
            &[("setup".into(), "strict".into())],
        )
        .unwrap();
        assert!(strict.typed::<XiangqiRules>().strict_setup);
    }
}
