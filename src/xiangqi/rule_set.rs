//! The Xiangqi rule values: the parameters `--rule` takes, the rule sets `--rules` names, and
//! the typed values ([`XiangqiRules`]) the replay, the judge and the referee read.

use crate::core::rules::{Preset, RuleSet, RuleSpec, Rules, presets, rule_specs};
use crate::xiangqi::repetition::Code;

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
    /// The rule parameters of Xiangqi.
    const SPECS: &'static [RuleSpec] = rule_specs! {
        "move-limit": 60 in 1..=1000 => "moves (回合, two plies each) without a capture after which the game is drawn (自然限着)";
        "repetitions": 3 in 2..=10 => "how many times a position must occur to count as a repetition";
        "code": one of ["cxa", "cxa-2020", "cxa-1999", "axf"] => "which repetition code (棋例) the repetition judge applies: cxa (the current CXA edition, 2020; also cxa-2020), cxa-1999 (the 1999 edition), axf";
        "setup": one of ["composed", "strict"] => "how a FEN set-up is checked: composed (a rulebook diagram or a problem: judged, with a warning naming what no game can reach; refused only when the rules cannot apply: a side with no king or two, a king outside its palace, the side not to move in check) or strict (every set-up no game can reach is refused; --strict)";
        ..crate::core::limits::RULE_SPEC
    };
    /// The rule sets; the first is the default. Each sets only what differs from the parameters'
    /// defaults (60-move limit, threefold repetition).
    const PRESETS: &'static [Preset] = presets! {
        "cxa" [("code", "cxa")] => "Chinese Xiangqi Association rules (the seed): 60-move limit, threefold repetition, CXA 棋例";
        "cxa-2020" [("code", "cxa-2020")] => "the CXA rulebook of 2020 by name (what cxa is today): 60-move limit, threefold repetition, its 棋例";
        "cxa-1999" [("code", "cxa-1999")] => "the CXA rulebook of 1999, for games played under it: 60-move limit, threefold repetition, its 棋例 (a pawn's chase counts against a perpetual attacker; a chase that offers an exchange stays a chase)";
        "axf" [("code", "axf")] => "Asian Xiangqi Federation rules: 60-move limit, threefold repetition, AXF repetition code";
    };

    fn from_values(rules: &Rules) -> XiangqiRules {
        XiangqiRules {
            board: BoardRules {
                move_limit: rules.int("move-limit").clamp(1, 1000) as u32,
                repetitions: rules.int("repetitions").clamp(2, 10) as u32,
                code: rules.get("code").and_then(code_of).unwrap_or_default(),
            },
            strict_setup: rules.is("setup", "strict"),
        }
    }
}

/// The repetition code a value of `code` names (beside the table that declares the words).
fn code_of(word: &str) -> Option<Code> {
    match word.trim().to_ascii_lowercase().as_str() {
        "cxa" | "cxa-2020" => Some(Code::Cxa),
        "cxa-1999" => Some(Code::Cxa1999),
        "axf" | "wxf" => Some(Code::Axf),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_presets() {
        let r = XiangqiRules::values(None, &[("move-limit".into(), "50".into())]).unwrap();
        assert_eq!(r.typed::<XiangqiRules>().board.move_limit, 50);
        assert_eq!(r.clone().typed::<XiangqiRules>().board.move_limit, 50);
        // Built when the values were checked, and shared by every copy: what the record check
        // hands down.
        let built = r.typed.downcast_ref::<XiangqiRules>();
        assert_eq!(built.map(|t| t.board.move_limit), Some(50));
        assert!(std::sync::Arc::ptr_eq(&r.typed, &r.clone().typed));
        let r = XiangqiRules::values(Some("axf"), &[]).unwrap();
        assert!(r.is("code", "axf"));
        assert_eq!(r.typed::<XiangqiRules>().board.code, Code::Axf);
        assert!(!r.typed::<XiangqiRules>().strict_setup);
        let strict = XiangqiRules::values(None, &[("setup".into(), "strict".into())]).unwrap();
        assert!(strict.typed::<XiangqiRules>().strict_setup);
    }
}
