//! The Othello rule values: the parameters `--rule` takes, the rule set `--rules` names, and
//! the typed values ([`OthelloRules`]) the judge, the referee, the writers and the analysis
//! read.

use crate::core::rules::{Preset, RuleSet, RuleSpec, Rules, presets, rule_specs};

/// Who gets the empty squares of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Empties {
    /// The winner takes them (World Othello Federation rule); a draw splits them.
    Winner,
    /// Raw disc count.
    None,
}

/// Every Othello rule value, typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OthelloRules {
    pub empties: Empties,
    /// `unfinished=perfect`: a stopped game is decided by perfect play from its last position
    /// when it has at most `perfect_empties` empty squares.
    pub unfinished_by_perfect_play: bool,
    pub perfect_empties: u64,
    /// The empty squares from which `--explain` judges every move by perfect play (0: none).
    pub analysis_empties: u64,
}

impl RuleSet for OthelloRules {
    /// The rule parameters of an Othello game (`--rule key=value`).
    const SPECS: &'static [RuleSpec] = rule_specs! {
        "empties": one of ["winner", "none"] => "who gets the empty squares of a finished game: the winner (WOF rule) or nobody (raw disc count)";
        "unfinished": one of ["keep", "perfect"] => "a game that stopped before its end with nothing else deciding it: left unfinished, or decided by perfect play from its last position (exact solver, empties to the winner) when it has at most perfect-empties empty squares";
        "perfect-empties": 24 in 0..=30 => "unfinished=perfect: the most empty squares a stopped game may have to be decided by perfect play";
        "analysis-empties": 18 in 0..=30 => "adjudicate --explain (its text, or the report's `analysis` with --report json/yaml) and the HTML page: every move from the first position with at most this many empty squares judged by perfect play (score before and after, discs lost, best moves, the decisive mistake, every result change), within a budget of 50 million nodes a game; 0: no analysis";
    };
    const PRESETS: &'static [Preset] = presets! {
        "wof" [("empties", "winner")] => "World Othello Federation rules: empty squares go to the winner";
    };

    fn from_values(rules: &Rules) -> OthelloRules {
        OthelloRules {
            empties: if rules.is("empties", "none") {
                Empties::None
            } else {
                Empties::Winner
            },
            unfinished_by_perfect_play: rules.is("unfinished", "perfect"),
            perfect_empties: rules.int("perfect-empties"),
            analysis_empties: rules.int("analysis-empties"),
        }
    }
}
