//! Legal actions: where a face-up piece can go (roads, straight railway slides, the
//! engineer's railway network), which attacks are allowed, and why an action is illegal.

use super::board::{SQUARES, Square, graph, is_camp, square_name};
use super::params::Params;
use super::piece::{Outcome, Piece, Rank, attack_outcome};
use super::position::{Action, Cell, Position};

/// Stations a piece on `from` reaches: `(empty destinations, occupied stations it runs into)`
/// as bit masks. Face-down pieces and every occupied station stop it.
pub(crate) fn reach(pos: &Position, from: Square, engineer: bool) -> (u64, u64) {
    let g = graph();
    let occupied = |s: Square| !matches!(pos.cell(s), Cell::Empty);
    let (mut dest, mut hit) = (0u64, 0u64);
    let Some(links) = g.links.get(from as usize) else {
        return (0, 0);
    };
    for &(t, _) in links {
        if occupied(t) {
            hit |= 1 << t;
        } else {
            dest |= 1 << t;
        }
    }
    if let Some(rays) = g.rays.get(from as usize) {
        for ray in rays {
            for &t in ray {
                if occupied(t) {
                    hit |= 1 << t;
                    break;
                }
                dest |= 1 << t;
            }
        }
    }
    if engineer {
        let mut seen: u64 = 1 << from;
        let mut stack = vec![from];
        while let Some(s) = stack.pop() {
            for &t in g.rail.get(s as usize).map(Vec::as_slice).unwrap_or(&[]) {
                if seen & (1 << t) != 0 {
                    continue;
                }
                seen |= 1 << t;
                if occupied(t) {
                    hit |= 1 << t;
                } else {
                    dest |= 1 << t;
                    stack.push(t);
                }
            }
        }
    }
    (dest, hit)
}

fn bits(mask: u64) -> impl Iterator<Item = Square> {
    (0..SQUARES as Square).filter(move |&s| mask & (1 << s) != 0)
}

impl Position {
    /// The face-up piece on `sq`, or why it cannot act: `if_down` says why a face-down piece
    /// cannot, `if_empty` what an empty station means.
    fn face_up(
        &self,
        sq: Square,
        if_down: &str,
        if_empty: impl FnOnce() -> String,
    ) -> Result<Piece, String> {
        match self.cell(sq) {
            Cell::Up(p) => Ok(p),
            Cell::Down(_) => Err(format!("{} is face down: {if_down}", square_name(sq))),
            Cell::Empty => Err(if_empty()),
        }
    }

    /// Whether `attacker` may attack the station `to`, and the outcome.
    pub(crate) fn attack_check(
        &self,
        attacker: Piece,
        to: Square,
        params: &Params,
    ) -> Result<Outcome, String> {
        let defender = self.face_up(to, "only face-up enemy pieces can be attacked", || {
            format!("{} is empty", square_name(to))
        })?;
        if defender.color == attacker.color {
            return Err(format!(
                "{} holds an own piece ({})",
                square_name(to),
                defender.chinese()
            ));
        }
        if is_camp(to) {
            return Err(format!(
                "{} is a camp (行营): a piece in a camp cannot be attacked",
                square_name(to)
            ));
        }
        if defender.rank == Rank::Flag {
            let lost = self.mines_lost[defender.color.index()];
            if lost < Rank::Mine.count() {
                return Err(format!(
                    "the flag may be attacked only once all three of its mines are gone ({} of {} {} mines are still there)",
                    Rank::Mine.count() - lost,
                    Rank::Mine.count(),
                    defender.color.english()
                ));
            }
        }
        attack_outcome(attacker.rank, defender.rank, params.suicide)
    }

    /// Every legal move of the player to act (moves and attacks, no flips).
    pub(crate) fn legal_moves(&self, params: &Params) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(mine) = self.color_of(self.to_move) else {
            return out;
        };
        if self.flag_taken.is_some() {
            return out;
        }
        for from in 0..SQUARES as Square {
            let Cell::Up(p) = self.cell(from) else {
                continue;
            };
            if p.color != mine || !p.rank.can_move() {
                continue;
            }
            let (dest, hit) = reach(self, from, p.rank == Rank::Engineer);
            for to in bits(dest) {
                out.push(Action::Move { from, to });
            }
            for to in bits(hit) {
                if self.attack_check(p, to, params).is_ok() {
                    out.push(Action::Move { from, to });
                }
            }
        }
        out
    }

    /// Every legal action but timeouts: flips of the known face-down pieces, then moves.
    /// (A face-down piece the position does not know cannot be listed.)
    pub fn legal_actions(&self, params: &Params) -> Vec<Action> {
        if self.flag_taken.is_some() {
            return Vec::new();
        }
        // One allocation of the right size: the flips (at most one a square) grew their own
        // vector by doubling before, then the moves were copied onto it.
        let moves = self.legal_moves(params);
        let mut out = Vec::with_capacity(SQUARES + moves.len());
        for sq in 0..SQUARES as Square {
            if let Cell::Down(Some(piece)) = self.cell(sq) {
                out.push(Action::Flip { sq, piece });
            }
        }
        out.extend(moves);
        out
    }

    /// Whether the player to act can do anything but time out.
    pub(crate) fn has_legal_action(&self, params: &Params) -> bool {
        self.face_down_count() > 0 || !self.legal_moves(params).is_empty()
    }

    /// Why the action is illegal, or `Ok` with the attack outcome if it is an attack.
    pub(crate) fn check(&self, action: Action, params: &Params) -> Result<Option<Outcome>, String> {
        if let Some(c) = self.flag_taken {
            return Err(format!(
                "the game is over: the {} flag was taken",
                c.english()
            ));
        }
        match action {
            Action::Timeout => Ok(None),
            Action::Flip { sq, piece } => match self.cell(sq) {
                Cell::Down(Some(p)) if p == piece => Ok(None),
                Cell::Down(Some(p)) => Err(format!(
                    "{} holds {} in the layout, not {}",
                    square_name(sq),
                    p.chinese(),
                    piece.chinese()
                )),
                Cell::Down(None) => {
                    if self.known[piece.index()] >= piece.rank.count() {
                        Err(format!(
                            "{} would be {} {}s, but a colour has only {}",
                            piece.chinese(),
                            self.known[piece.index()] + 1,
                            piece.rank.english(),
                            piece.rank.count()
                        ))
                    } else {
                        Ok(None)
                    }
                }
                Cell::Up(p) => Err(format!(
                    "{} is already face up ({})",
                    square_name(sq),
                    p.chinese()
                )),
                Cell::Empty => Err(format!("{} is empty: nothing to flip", square_name(sq))),
            },
            Action::Move { from, to } => self.check_move(from, to, params),
        }
    }

    fn check_move(
        &self,
        from: Square,
        to: Square,
        params: &Params,
    ) -> Result<Option<Outcome>, String> {
        let Some(mine) = self.color_of(self.to_move) else {
            return Err(
                "the colours are not set yet: until a player owns a colour, only flips and timeouts are possible"
                    .into(),
            );
        };
        let piece = self.face_up(from, "flip it before moving it", || {
            format!("there is no piece on {}", square_name(from))
        })?;
        if piece.color != mine {
            return Err(format!(
                "{} holds {}, a piece of the opponent",
                square_name(from),
                piece.chinese()
            ));
        }
        if !piece.rank.can_move() {
            return Err(format!("{} never moves", piece.rank.with_article()));
        }
        let (dest, hit) = reach(self, from, piece.rank == Rank::Engineer);
        let bit = 1u64 << (to as u64 % 64);
        if (to as usize) < SQUARES && dest & bit != 0 {
            return Ok(None);
        }
        if (to as usize) < SQUARES && hit & bit != 0 {
            return self.attack_check(piece, to, params).map(Some);
        }
        // Not reachable: say whether the way is blocked or there is no way at all.
        let open = open_reach(from, piece.rank == Rank::Engineer);
        if (to as usize) < SQUARES && open & bit != 0 {
            Err(format!(
                "the {} on {} cannot reach {}: the way is blocked (face-down and own pieces block, and a piece stops at the first piece it meets)",
                piece.chinese(),
                square_name(from),
                square_name(to)
            ))
        } else {
            Err(format!(
                "the {} on {} cannot reach {}: there is no {} there",
                piece.chinese(),
                square_name(from),
                square_name(to),
                if piece.rank == Rank::Engineer {
                    "road step or railway path"
                } else {
                    "road step or straight railway line"
                }
            ))
        }
    }
}

/// Where a lone piece on an empty board reaches from `from`.
pub(crate) fn open_reach(from: Square, engineer: bool) -> u64 {
    reach(&Position::empty(), from, engineer).0
}

#[cfg(test)]
/// The golden counts: destinations of a lone piece on an empty board, summed over all 60
/// stations (458 for an ordinary piece, 1188 for an engineer).
pub(crate) fn lone_piece_destinations(engineer: bool) -> u32 {
    (0..SQUARES as Square)
        .map(|s| open_reach(s, engineer).count_ones())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_counts() {
        assert_eq!(lone_piece_destinations(false), 458);
        assert_eq!(lone_piece_destinations(true), 1188);
    }
}
