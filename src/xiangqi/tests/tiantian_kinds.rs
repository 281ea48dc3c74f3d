//! Move kinds of real rulings (tests/fixtures/xiangqi-tiantian-kinds.tsv): the kinds the titles
//! of the Tiantian platform's repetition cases name for each side (not the platform's
//! verdicts), checked against qipu's labels under the CXA rules.

use crate::core::verdict::MoveClass;
use crate::xiangqi::notation;
use crate::xiangqi::repetition::Code;
use crate::xiangqi::replay::board_verdict;
use crate::xiangqi::rule_set::BoardRules;
use crate::xiangqi::rules::{Move, Position};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/xiangqi-tiantian-kinds.tsv"
));

/// Whether a side's kinds over the cycle are what the title says.
fn fits(kinds: &[MoveClass], expected: &str) -> bool {
    let attack = |k: &MoveClass| k.is_attack();
    match expected {
        "-" => true,
        "打" => kinds.iter().all(attack),
        "允许" => !kinds.iter().all(attack),
        "将捉" => {
            kinds
                .iter()
                .all(|k| matches!(k, MoveClass::Check | MoveClass::Chase))
                && kinds.contains(&MoveClass::Check)
                && kinds.contains(&MoveClass::Chase)
        }
        "一将一闲" => {
            let checks = kinds.iter().filter(|&&k| k == MoveClass::Check).count();
            let allowed = kinds.iter().filter(|k| !attack(k)).count();
            checks * 2 == kinds.len() && allowed * 2 == kinds.len()
        }
        long => {
            let label = long.strip_prefix('长').unwrap_or(long);
            kinds.iter().all(|k| k.label() == label)
        }
    }
}

#[test]
fn the_titles_kinds_are_qipus_labels() {
    let mut checked = 0;
    for f in super::fixture_rows(CASES, "case") {
        let [case, fen, moves, occurrence, red, black, _note] = f[..] else {
            panic!("bad fixture line {f:?}");
        };
        let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("case {case}: {e:?}"));
        let mut pos = start.clone();
        let mut line_moves: Vec<Move> = Vec::new();
        for text in moves.split_whitespace() {
            let (mv, _) = notation::resolve(&pos, text)
                .unwrap_or_else(|e| panic!("case {case} {text}: {e:?}"));
            pos.play(mv)
                .unwrap_or_else(|_| panic!("case {case}: {text} is illegal"));
            line_moves.push(mv);
        }
        let rules = BoardRules {
            code: Code::Cxa,
            repetitions: occurrence.parse().unwrap(),
            ..BoardRules::default()
        };
        let v = board_verdict(&start, &line_moves, &rules)
            .unwrap_or_else(|| panic!("case {case}: no ruling"));
        let cycle = v
            .cycle
            .as_ref()
            .unwrap_or_else(|| panic!("case {case}: {}", v.detail));
        for (side, expected) in [("Red", red), ("Black", black)] {
            let kinds: Vec<MoveClass> = cycle
                .iter()
                .filter(|m| m.side == side)
                .map(|m| m.kind)
                .collect();
            assert!(
                fits(&kinds, expected),
                "case {case}: {side} {kinds:?}, the title says {expected} ({})",
                v.detail
            );
        }
        checked += 1;
    }
    assert!(checked >= 14, "{checked} cases");
}
