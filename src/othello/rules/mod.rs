//! The Othello engine: two bitboards, shift-based move generation, flips by ray lookups,
//! passes, the end of the game and the disc count. No notation here.
//!
//! Square numbering: bit `8 * row + col`, row 0 = row "1" (top), col 0 = column "a", so a1 is
//! bit 0 and h8 is bit 63.

pub mod perft;
pub(crate) mod simd;

use crate::core::record::{GameResult, Player};
use crate::othello::rule_set::Empties;

/// The legal moves (as a mask of empty squares) of the side owning `p` against `o`.
#[inline(always)]
pub(crate) fn legal_moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    let oh = o & 0x7e7e_7e7e_7e7e_7e7e; // opponent discs that can be jumped horizontally
    let mut moves = 0u64;
    // For each direction: a "doubling" fill over the opponent's discs from the mover's.
    macro_rules! dir {
        ($mask:expr, $d:expr, $sh:tt) => {{
            let m = $mask;
            let mut f = m & (p $sh $d);
            f |= m & (f $sh $d);
            let pre = m & (m $sh $d);
            f |= pre & (f $sh (2 * $d));
            f |= pre & (f $sh (2 * $d));
            moves |= f $sh $d;
        }};
    }
    dir!(oh, 1, <<);
    dir!(oh, 1, >>);
    dir!(o, 8, <<);
    dir!(o, 8, >>);
    dir!(oh, 9, <<);
    dir!(oh, 9, >>);
    dir!(oh, 7, <<);
    dir!(oh, 7, >>);
    moves & empty
}

/// Rays from each square in each direction (excluding the square itself): 4 directions
/// towards higher bits (E, S, SE, SW) then 4 towards lower bits (W, N, NW, NE).
static RAYS: [[u64; 8]; 64] = build_rays();

/// The eight directions as (row, column) steps, in the order of [`RAYS`].
const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = STEPS[d];
            let mut r = (sq / 8) as i32 + dr;
            let mut c = (sq % 8) as i32 + dc;
            let mut m = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                m |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            rays[sq][d] = m;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The opponent discs flipped by the mover (`p`) placing on `sq` (0 when the move flips
/// nothing, i.e. is illegal).
#[inline(always)]
pub(crate) fn flips(sq: usize, p: u64, o: u64) -> u64 {
    let rays = &RAYS[sq & 63];
    let mut f = 0u64;
    // Branch-free: `all(x)` is all ones when x != 0.
    let all = |x: u64| u64::from(x != 0).wrapping_neg();
    // Rays towards higher bits: the first non-opponent square is the lowest set bit; the
    // ray squares below it are flipped when it holds a mover's disc.
    for ray in &rays[..4] {
        let stop = ray & !o;
        let first = stop & stop.wrapping_neg();
        f |= first.wrapping_sub(1) & ray & all(first & p);
    }
    // Rays towards lower bits: the first non-opponent square is the highest set bit (`| 1`
    // keeps the shift in range when the ray has none; `stop` masks that case out).
    for ray in &rays[4..] {
        let stop = ray & !o;
        let first = (1u64 << 63) >> (stop | 1).leading_zeros();
        f |= ray & (first.wrapping_neg() ^ first) & all(first & stop & p);
    }
    f
}

/// Whether the CPU has the AVX-512 parts of [`simd::flips_avx512`].
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx512() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512cd")
        && std::is_x86_feature_detected!("avx512vl")
}

/// [`flips`] by the fastest kernel the CPU has (AVX-512, else AVX2, else plain).
#[inline]
fn flips_fast(sq: usize, p: u64, o: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx512() {
            // SAFETY: the CPU has the AVX-512 parts (checked above).
            return unsafe { simd::flips_avx512(sq, p, o) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked above).
            return unsafe { simd::flips(sq, p, o) };
        }
    }
    flips(sq, p, o)
}

/// [`legal_moves`] by the fastest kernel the CPU has.
#[inline]
fn legal_fast(p: u64, o: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked above).
        return unsafe { simd::legal_moves(p, o) };
    }
    legal_moves(p, o)
}

/// An Othello position: the discs of each colour and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub black: u64,
    pub white: u64,
    pub to_move: Player,
}

/// A move: a disc placed on a square (0..64), or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Place(u8),
    Pass,
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

impl Board {
    /// The standard start: black on e4 and d5, white on d4 and e5, Black to move.
    pub fn start() -> Board {
        let sq = |col: u32, row: u32| 1u64 << (row * 8 + col);
        Board {
            black: sq(4, 3) | sq(3, 4),
            white: sq(3, 3) | sq(4, 4),
            to_move: Player::First,
        }
    }

    /// The discs of the side to move and of its opponent.
    #[inline]
    pub fn sides(&self) -> (u64, u64) {
        match self.to_move {
            Player::First => (self.black, self.white),
            Player::Second => (self.white, self.black),
        }
    }

    #[inline]
    pub fn legal(&self) -> u64 {
        let (p, o) = self.sides();
        legal_fast(p, o)
    }

    /// Whether the opponent of the side to move has a move.
    pub(crate) fn opponent_can_move(&self) -> bool {
        let (p, o) = self.sides();
        legal_fast(o, p) != 0
    }

    /// The side to move has no move and must pass (the game is not over).
    pub fn must_pass(&self) -> bool {
        self.legal() == 0 && self.opponent_can_move()
    }

    /// Neither side can move.
    pub fn is_over(&self) -> bool {
        self.legal() == 0 && !self.opponent_can_move()
    }

    /// Whether `mv` is legal here: a placement that flips, or a pass when no move exists
    /// and the game is not over.
    #[cfg(test)]
    pub(crate) fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Place(sq) => self.flips_of(sq) != 0,
            Move::Pass => self.must_pass(),
        }
    }

    /// Plays a placement whose flipped discs are known (`flips(sq, mover, opponent)`).
    pub(crate) fn play_flips(&mut self, sq: u8, f: u64) {
        let (p, o) = self.sides();
        let (p, o) = (p | 1u64 << (sq & 63) | f, o & !f);
        match self.to_move {
            Player::First => (self.black, self.white) = (p, o),
            Player::Second => (self.white, self.black) = (p, o),
        }
        self.to_move = self.to_move.other();
    }

    /// The discs a placement on `sq` flips (0 when it is illegal: occupied or flipping none).
    pub(crate) fn flips_of(&self, sq: u8) -> u64 {
        let (p, o) = self.sides();
        if sq >= 64 || (p | o) & (1u64 << sq) != 0 {
            return 0;
        }
        flips_fast(usize::from(sq), p, o)
    }

    /// Plays a move already known to be legal (an illegal placement only puts the disc).
    pub fn play(&mut self, mv: Move) {
        if let Move::Place(sq) = mv {
            let (p, o) = self.sides();
            let bit = 1u64 << (sq & 63);
            let f = flips_fast(sq as usize, p, o);
            let (p, o) = (p | bit | f, o & !f);
            match self.to_move {
                Player::First => (self.black, self.white) = (p, o),
                Player::Second => (self.white, self.black) = (p, o),
            }
        }
        self.to_move = self.to_move.other();
    }

    /// Black's and White's discs.
    pub fn counts(&self) -> (u32, u32) {
        (self.black.count_ones(), self.white.count_ones())
    }

    pub fn empties(&self) -> u32 {
        64 - (self.black | self.white).count_ones()
    }

    /// What is on a square: `Some(Player::First)` black, `Some(Player::Second)` white.
    pub(crate) fn at(&self, sq: usize) -> Option<Player> {
        let bit = 1u64 << (sq & 63);
        if self.black & bit != 0 {
            Some(Player::First)
        } else if self.white & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }
}

/// Iterates the set bits of a mask, lowest first.
pub fn squares(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let sq = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(sq)
        }
    })
}

/// Black's and White's score on a board, with the empties rule.
pub fn score(board: &Board, empties: Empties) -> (u32, u32) {
    let (b, w) = board.counts();
    let e = board.empties();
    match empties {
        Empties::None => (b, w),
        Empties::Winner if b > w => (b + e, w),
        Empties::Winner if w > b => (b, w + e),
        Empties::Winner => (b + e / 2, w + e - e / 2),
    }
}

/// The result of a game that ends with `black` and `white` discs: the side with more wins.
pub(crate) fn result_of(black: u32, white: u32) -> GameResult {
    match black.cmp(&white) {
        std::cmp::Ordering::Greater => GameResult::FirstWins,
        std::cmp::Ordering::Less => GameResult::SecondWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empties_go_to_the_winner() {
        let b = Board {
            black: 0b111,
            white: 0b1000,
            to_move: Player::First,
        };
        assert_eq!(score(&b, Empties::Winner), (63, 1));
        assert_eq!(score(&b, Empties::None), (3, 1));
        let d = Board {
            black: 0b1,
            white: 0b10,
            to_move: Player::First,
        };
        assert_eq!(score(&d, Empties::Winner), (32, 32));
    }

    /// A slow reference: walk each direction square by square.
    fn slow_flips(sq: usize, p: u64, o: u64) -> u64 {
        if (p | o) & (1 << sq) != 0 {
            return 0;
        }
        let mut all = 0;
        for (dr, dc) in STEPS {
            let (mut r, mut c) = ((sq / 8) as i32 + dr, (sq % 8) as i32 + dc);
            let mut line = 0u64;
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let b = 1u64 << (r * 8 + c);
                if o & b != 0 {
                    line |= b;
                } else {
                    if p & b != 0 {
                        all |= line;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    #[test]
    fn move_generation_matches_a_slow_reference() {
        // A simple deterministic pseudo-random walk over positions.
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || crate::core::testing::xorshift(&mut seed);
        for _ in 0..2000 {
            let a = next();
            let b = next() & !a;
            let (p, o) = (a & next(), b);
            let generated = legal_moves(p, o);
            for sq in 0..64 {
                let f = slow_flips(sq, p, o);
                assert_eq!(
                    generated >> sq & 1 == 1,
                    f != 0,
                    "square {sq} p={p:x} o={o:x}"
                );
                if (p | o) & (1 << sq) == 0 {
                    assert_eq!(flips(sq, p, o), f, "flips at {sq} p={p:x} o={o:x}");
                }
            }
        }
    }

    #[test]
    fn start_position_moves() {
        let b = Board::start();
        // d3, c4, f5, e6 in bit numbering (row * 8 + col).
        let expect = [(3, 2), (2, 3), (5, 4), (4, 5)]
            .iter()
            .fold(0u64, |m, &(c, r)| m | 1 << (r * 8 + c));
        assert_eq!(b.legal(), expect);
        assert!(!b.is_over());
        let mut b2 = b;
        b2.play(Move::Place(4 * 8 + 5)); // f5
        assert_eq!(b2.counts(), (4, 1));
        assert_eq!(b2.to_move, Player::Second);
    }
}
