//! perft: counts the action sequences of a given length from a position whose hidden pieces
//! are known. Actions are flips of each face-down station and moves/attacks; timeouts are not
//! counted (a timeout is always possible and would make every count grow without telling
//! anything about move generation). A position where a flag was taken has no actions.

use super::params::Params;
use super::position::Position;

pub(crate) fn perft(pos: &Position, depth: u32, params: &Params) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = pos.legal_actions(params);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = pos.clone();
            next.apply(a, params);
            perft(&next, depth - 1, params)
        })
        .sum()
}
