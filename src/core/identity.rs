//! What makes two records the same game, for `qipu dedupe` and `convert --skip-duplicates`:
//! the same game kind, the same start position and the same main-line moves, whatever the
//! format, notation, encoding or tags. A game's identity is a 128-bit SipHash-1-3 of those,
//! computed from the moves as the rules resolved them (so `炮二平五`, `C2.5` and `h2e2` are one
//! move), never from their text.
//!
//! A game that does not replay to its end is compared by the moves that replay, then the rest
//! of its moves as written (the bad move on) and the kind of its error: two copies of one
//! broken record are the same game, and a broken record is never the same game as a valid
//! one (the hash says which it is).

use crate::core::error::RecordError;
use crate::core::record::{GameKind, MoveEntry};
use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::{Hash, Hasher};

/// Fixed keys: identities are compared within one run only, but fixed keys make a run
/// reproducible (the same groups in the same order, whatever the machine).
const KEYS: (u64, u64) = (0x7169_7075_2d64_6564, 0x7570_652d_6c69_6e65);

/// A game's identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The start position in the game's position notation (Xiangqi FEN, Othello board
    /// string, Junqi position), as shown in reports.
    pub start: String,
    /// The hash of the game kind, the start position, the moves (see the module text).
    pub key: u128,
    /// Every move replayed (a valid game).
    pub complete: bool,
}

/// Builds an [`Identity`] move by move.
pub(crate) struct IdentityHasher {
    hasher: SipHasher13,
    start: String,
    moves: u64,
}

impl IdentityHasher {
    /// Starts an identity: `start` is the start position as shown, `start_key` the part of it
    /// that makes two start positions the same (a Xiangqi FEN without its move counters).
    pub(crate) fn new(game: GameKind, start: String, start_key: &str) -> IdentityHasher {
        let mut hasher = SipHasher13::new_with_keys(KEYS.0, KEYS.1);
        game.hash(&mut hasher);
        start_key.hash(&mut hasher);
        IdentityHasher {
            hasher,
            start,
            moves: 0,
        }
    }

    /// The moves replayed, as the rules resolved them.
    pub(crate) fn moves<M: Hash>(&mut self, moves: &[M]) {
        for m in moves {
            m.hash(&mut self.hasher);
        }
        self.moves += moves.len() as u64;
    }

    /// A valid game: every move replayed.
    pub(crate) fn finish(mut self) -> Identity {
        self.hasher.write_u8(1);
        self.hasher.write_u64(self.moves);
        Identity {
            key: self.hasher.finish128().as_u128(),
            start: self.start,
            complete: true,
        }
    }

    /// An invalid game: `rest` are the entries from the bad move on (as written), `error` is
    /// the error that stopped the replay.
    pub(crate) fn finish_invalid(
        mut self,
        rest: &[MoveEntry],
        error: Option<&RecordError>,
    ) -> Identity {
        self.hasher.write_u8(0);
        self.hasher.write_u64(self.moves);
        for e in rest {
            e.text.as_str().trim().hash(&mut self.hasher);
        }
        self.hasher.write_u64(rest.len() as u64);
        if let Some(e) = error {
            e.kind.as_str().hash(&mut self.hasher);
            e.move_text.as_deref().unwrap_or("").hash(&mut self.hasher);
        }
        Identity {
            key: self.hasher.finish128().as_u128(),
            start: self.start,
            complete: false,
        }
    }
}

/// The identity of a replayed game: `moves` are the moves that replayed, `consumed` the
/// entries of the record they came from, `error` the error that stopped the replay (if any).
/// Every game computes it the same way through this function.
pub(crate) fn of_replay<M: Hash>(
    game: GameKind,
    (start, start_key): (String, &str),
    moves: &[M],
    (entries, consumed): (&[MoveEntry], usize),
    error: Option<&RecordError>,
) -> Identity {
    let mut h = IdentityHasher::new(game, start, start_key);
    h.moves(moves);
    match error {
        None => h.finish(),
        Some(e) => h.finish_invalid(entries.get(consumed..).unwrap_or(&[]), Some(e)),
    }
}

/// The identity of a game whose start position cannot be set up: its set-up and its moves as
/// written (two copies of one broken record are still the same game).
pub(crate) fn of_bad_setup(
    game: GameKind,
    setup: Option<&str>,
    entries: &[MoveEntry],
    error: &RecordError,
) -> Identity {
    let setup = setup.unwrap_or("").trim();
    let mut h = IdentityHasher::new(game, setup.to_string(), setup);
    h.hasher.write_u8(2);
    h.finish_invalid(entries, Some(error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;
    use crate::core::span::Span;

    fn id(game: GameKind, start: &str, moves: &[u16]) -> Identity {
        of_replay(
            game,
            (start.to_string(), start),
            moves,
            (&[], moves.len()),
            None,
        )
    }

    #[test]
    fn the_same_moves_from_the_same_start_are_one_game() {
        use GameKind::{Othello, Xiangqi};
        let key = |game, start, moves: &[u16]| id(game, start, moves).key;
        let game = key(Xiangqi, "s", &[1, 2]);
        assert_eq!(key(Xiangqi, "s", &[1, 2]), game);
        assert_ne!(key(Xiangqi, "s", &[2, 1]), game);
        assert_ne!(key(Xiangqi, "t", &[1, 2]), game);
        assert_ne!(key(Othello, "s", &[1, 2]), game);
        // A game is not the same as its first moves.
        assert_ne!(key(Xiangqi, "s", &[1]), game);
    }

    #[test]
    fn a_broken_game_is_compared_by_what_replays_and_the_rest_as_written() {
        let rest = |t: &str| vec![MoveEntry::new(t, Span::default())];
        let err = RecordError::new(ErrorKind::IllegalMove, "x");
        let broken = |t: &str| {
            of_replay(
                GameKind::Xiangqi,
                ("s".to_string(), "s"),
                &[1u16],
                (&rest(t), 0),
                Some(&err),
            )
        };
        assert_eq!(broken("a1a2").key, broken("a1a2").key);
        assert!(!broken("a1a2").complete);
        assert_ne!(broken("a1a2").key, broken("a1a3").key);
        // Never the same as the valid game of the moves that replayed.
        assert_ne!(broken("a1a2").key, id(GameKind::Xiangqi, "s", &[1]).key);
    }
}
