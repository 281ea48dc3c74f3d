//! The ply limit of the readers: a game longer than any real game is refused at the first
//! move past the limit, so that a hostile record (millions of moves on one line) never makes
//! a reader hold all its moves. The limit is the `max-plies` rule of Xiangqi and Junqi
//! (`--rule max-plies=N`); the driver sets it around each read with [`reading_with`], and a
//! reader asks [`max_plies`] (the default outside such a read). Othello needs no rule: no
//! Othello game can pass 60 placements and its passes, and its readers stop at their own
//! bound of 200 moves.

use crate::core::error::RecordError;
use crate::core::span::Span;
use std::cell::Cell;

/// The default limit: moves held for one record, variations included. Far above any real
/// record: the longest game of the CCPD corpus (11,746 Xiangqi records) has 418 plies, the
/// largest variation tree of the corpus (`FiveGoatsTest.xqf`, an endgame study) holds 32,124
/// moves, a Junqi game is drawn at 300 steps by default, an Othello game has at most 60
/// placements and their passes. The moves of a record at the limit take about 10 MB.
pub(crate) const DEFAULT_MAX_PLIES: usize = 100_000;

/// The largest value the rule takes.
pub(crate) const MAX_MAX_PLIES: u64 = 100_000_000;

/// The label of the error at the limit.
pub(crate) const TOO_LONG: &str = "too long";

/// The rule's key.
pub(crate) const RULE_KEY: &str = "max-plies";

/// The rule parameter, for the rule tables of the games that read unbounded move lists.
pub(crate) const RULE_SPEC: crate::core::rules::RuleSpec = crate::core::rules::RuleSpec {
    key: RULE_KEY,
    default: "100000",
    value: crate::core::rules::RuleValue::Int {
        min: 1,
        max: MAX_MAX_PLIES,
    },
    help: "the most moves a record may hold, variations included: a longer one is refused at the first move past it (no real record comes near); raise it for longer ones",
};

thread_local! {
    static MAX_PLIES: Cell<usize> = const { Cell::new(DEFAULT_MAX_PLIES) };
}

/// The limit in force for the reader running on this thread.
pub(crate) fn max_plies() -> usize {
    MAX_PLIES.with(Cell::get)
}

/// Runs `read` with the limit `max` (restored after it, even when `read` nests another).
pub(crate) fn reading_with<T>(max: usize, read: impl FnOnce() -> T) -> T {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            MAX_PLIES.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(MAX_PLIES.with(|c| c.replace(max.max(1))));
    read()
}

/// The limit a rule set gives (`max-plies`, the default when the game has no such rule).
pub fn of_rules(rules: &crate::core::rules::Rules) -> usize {
    match rules
        .get(RULE_KEY)
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
        None => DEFAULT_MAX_PLIES,
    }
}

/// The error at the first move past the limit (`span`: the move as written; the caller adds
/// its ply, the limit plus one on a main line).
pub(crate) fn too_long(span: Span) -> RecordError {
    let max = max_plies();
    RecordError::parse(
        format!(
            "the game passes {max} moves (rule max-plies, variations included): no real game is that long; reading stops here (raise the limit with --rule max-plies=N)"
        ),
        span,
    )
    .with_label(TOO_LONG)
}

/// Whether one more move (the `count + 1`th) would pass the limit.
pub(crate) fn full(count: usize) -> bool {
    count >= max_plies()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_scoped_and_restored() {
        assert_eq!(max_plies(), DEFAULT_MAX_PLIES);
        let inner = reading_with(5, || {
            assert!(!full(4) && full(5));
            reading_with(7, max_plies)
        });
        assert_eq!(inner, 7);
        assert_eq!(max_plies(), DEFAULT_MAX_PLIES);
        let e = reading_with(5, || too_long(Span::new(1, 2)));
        assert!(e.message.contains("passes 5 moves"), "{}", e.message);
    }
}
