//! The two-player Junqi board: 5 columns × 12 rows = 60 stations, their links (roads and
//! railways), camps (行营) and headquarters (大本营).
//!
//! Squares are numbered `row * 5 + col`, row 0 = `A` (top) … row 11 = `L`, col 0 … 4 left to
//! right, as the computer-games championship protocol names them (`A0` … `L4`).

use std::sync::OnceLock;

pub(crate) const COLS: usize = 5;
pub(crate) const ROWS: usize = 12;
pub(crate) const SQUARES: usize = 60;

/// A station, 0..60.
pub(crate) type Square = u8;

pub(crate) fn square(row: usize, col: usize) -> Square {
    (row * COLS + col) as Square
}

pub(crate) fn row_of(sq: Square) -> usize {
    sq as usize / COLS
}

pub(crate) fn col_of(sq: Square) -> usize {
    sq as usize % COLS
}

/// `A0` … `L4`.
pub(crate) fn square_name(sq: Square) -> String {
    let row = (b'A' + row_of(sq) as u8) as char;
    format!("{row}{}", col_of(sq))
}

/// Reads `A0` … `L4` (the letter in either case).
pub(crate) fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let row = b[0].to_ascii_uppercase();
    if !(b'A'..=b'L').contains(&row) || !(b'0'..=b'4').contains(&b[1]) {
        return None;
    }
    Some(square((row - b'A') as usize, (b[1] - b'0') as usize))
}

/// Camps (行营): C1 C3 D2 E1 E3 and H1 H3 I2 J1 J3. Safe islands: nothing there can be attacked.
pub(crate) fn is_camp(sq: Square) -> bool {
    matches!(
        (row_of(sq), col_of(sq)),
        (2, 1) | (2, 3) | (3, 2) | (4, 1) | (4, 3) | (7, 1) | (7, 3) | (8, 2) | (9, 1) | (9, 3)
    )
}

/// Headquarters (大本营): A1 A3 L1 L3.
pub(crate) fn is_headquarters(sq: Square) -> bool {
    matches!(
        (row_of(sq), col_of(sq)),
        (0, 1) | (0, 3) | (11, 1) | (11, 3)
    )
}

/// Whether two stations are linked (a road or a railway), from the geometry alone.
pub(crate) fn geometric_link(a: Square, b: Square) -> bool {
    let (ra, ca) = (row_of(a) as i32, col_of(a) as i32);
    let (rb, cb) = (row_of(b) as i32, col_of(b) as i32);
    let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
    if dr + dc == 1 {
        // The mountain between F and G: only columns 0, 2 and 4 cross it.
        let crosses_mountain = dc == 0 && ra.min(rb) == 5 && (ca == 1 || ca == 3);
        return !crosses_mountain;
    }
    dr == 1 && dc == 1 && (is_camp(a) || is_camp(b))
}

/// Whether the link between two linked stations is railway.
pub(crate) fn geometric_rail(a: Square, b: Square) -> bool {
    let (ra, ca) = (row_of(a), col_of(a));
    let (rb, cb) = (row_of(b), col_of(b));
    if ra == rb && ca.abs_diff(cb) == 1 {
        return matches!(ra, 1 | 5 | 6 | 10);
    }
    if ca == cb && ra.abs_diff(rb) == 1 {
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        if ca == 0 || ca == 4 {
            return lo >= 1 && hi <= 10;
        }
        return ca == 2 && lo == 5;
    }
    false
}

/// The board's links, computed once.
pub(crate) struct Graph {
    /// Every linked neighbour of a station, with whether the link is railway.
    pub links: Vec<Vec<(Square, bool)>>,
    /// For each station and each of the four directions (up, down, left, right), the
    /// stations a piece passes when it slides straight along railway.
    pub rays: Vec<[Vec<Square>; 4]>,
    /// Railway neighbours, for the engineer.
    pub rail: Vec<Vec<Square>>,
}

const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

fn step(sq: Square, (dr, dc): (i32, i32)) -> Option<Square> {
    let r = row_of(sq) as i32 + dr;
    let c = col_of(sq) as i32 + dc;
    if (0..ROWS as i32).contains(&r) && (0..COLS as i32).contains(&c) {
        Some(square(r as usize, c as usize))
    } else {
        None
    }
}

impl Graph {
    fn build() -> Graph {
        let mut links = vec![Vec::new(); SQUARES];
        let mut rail = vec![Vec::new(); SQUARES];
        for a in 0..SQUARES as Square {
            for b in 0..SQUARES as Square {
                if a != b && geometric_link(a, b) {
                    let r = geometric_rail(a, b);
                    links[a as usize].push((b, r));
                    if r {
                        rail[a as usize].push(b);
                    }
                }
            }
        }
        let rays = (0..SQUARES as Square)
            .map(|s| {
                DIRS.map(|d| {
                    let mut ray = Vec::new();
                    let mut cur = s;
                    while let Some(n) = step(cur, d) {
                        if !geometric_rail(cur, n) {
                            break;
                        }
                        ray.push(n);
                        cur = n;
                    }
                    ray
                })
            })
            .collect();
        Graph { links, rays, rail }
    }

    #[cfg(test)]
    /// The links as unordered pairs: `(all, railway)`.
    pub(crate) fn link_counts(&self) -> (usize, usize) {
        let all: usize = self.links.iter().map(Vec::len).sum();
        let rail: usize = self.rail.iter().map(Vec::len).sum();
        (all / 2, rail / 2)
    }
}

pub(crate) fn graph() -> &'static Graph {
    static GRAPH: OnceLock<Graph> = OnceLock::new();
    GRAPH.get_or_init(Graph::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_and_railway_counts() {
        assert_eq!(graph().link_counts(), (133, 35));
    }

    #[test]
    fn squares_round_trip() {
        for s in 0..SQUARES as Square {
            assert_eq!(parse_square(&square_name(s)), Some(s));
        }
        assert_eq!(square_name(0), "A0");
        assert_eq!(square_name(59), "L4");
        assert_eq!(parse_square("M0"), None);
        assert_eq!(parse_square("A5"), None);
    }

    #[test]
    fn ten_camps_four_headquarters() {
        let camps = (0..SQUARES as Square).filter(|&s| is_camp(s)).count();
        let hq = (0..SQUARES as Square)
            .filter(|&s| is_headquarters(s))
            .count();
        assert_eq!((camps, hq), (10, 4));
        assert!(!geometric_link(square(5, 1), square(6, 1)));
        assert!(geometric_rail(square(5, 2), square(6, 2)));
        assert!(!geometric_rail(square(6, 2), square(7, 2)));
    }
}
