//! Pieces: two colours, twelve kinds, and the 25-piece composition of a side.

/// The two colours of pieces. Players do not own a colour until the flips decide it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    Red,
    Blue,
}

impl Color {
    pub(crate) const BOTH: [Color; 2] = [Color::Red, Color::Blue];

    pub(crate) fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }
    pub(crate) fn index(self) -> usize {
        self as usize
    }
    /// `r` / `b`, as the position notation writes colour fields.
    pub(crate) fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }
    pub(crate) fn from_letter(c: char) -> Option<Color> {
        match c {
            'r' | 'R' => Some(Color::Red),
            'b' | 'B' => Some(Color::Blue),
            _ => None,
        }
    }
    pub(crate) fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Blue => "蓝",
        }
    }
    pub(crate) fn english(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
        }
    }
}

/// The kinds of piece. The officer ranks compare by their order (工兵 lowest, 司令 highest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Engineer,
    Platoon,
    Company,
    Battalion,
    Regiment,
    Brigade,
    Division,
    General,
    Marshal,
    Bomb,
    Mine,
    Flag,
}

impl Rank {
    pub(crate) const ALL: [Rank; 12] = [
        Rank::Engineer,
        Rank::Platoon,
        Rank::Company,
        Rank::Battalion,
        Rank::Regiment,
        Rank::Brigade,
        Rank::Division,
        Rank::General,
        Rank::Marshal,
        Rank::Bomb,
        Rank::Mine,
        Rank::Flag,
    ];

    pub(crate) fn index(self) -> usize {
        self as usize
    }
    /// How many of this kind a side has.
    pub(crate) fn count(self) -> u8 {
        match self {
            Rank::Marshal | Rank::General | Rank::Flag => 1,
            Rank::Division | Rank::Brigade | Rank::Regiment | Rank::Battalion | Rank::Bomb => 2,
            Rank::Company | Rank::Platoon | Rank::Engineer | Rank::Mine => 3,
        }
    }
    /// Mines and the flag never move.
    pub(crate) fn can_move(self) -> bool {
        !matches!(self, Rank::Mine | Rank::Flag)
    }
    /// The ASCII letter (upper case; the notation writes Blue in lower case).
    pub(crate) fn letter(self) -> char {
        match self {
            Rank::Marshal => 'M',
            Rank::General => 'G',
            Rank::Division => 'D',
            Rank::Brigade => 'B',
            Rank::Regiment => 'R',
            Rank::Battalion => 'T',
            Rank::Company => 'C',
            Rank::Platoon => 'P',
            Rank::Engineer => 'E',
            Rank::Bomb => 'X',
            Rank::Mine => 'L',
            Rank::Flag => 'F',
        }
    }
    pub(crate) fn from_letter(c: char) -> Option<Rank> {
        let u = c.to_ascii_uppercase();
        Rank::ALL.into_iter().find(|r| r.letter() == u)
    }
    /// The simplified Chinese name.
    pub(crate) fn chinese(self) -> &'static str {
        match self {
            Rank::Marshal => "司令",
            Rank::General => "军长",
            Rank::Division => "师长",
            Rank::Brigade => "旅长",
            Rank::Regiment => "团长",
            Rank::Battalion => "营长",
            Rank::Company => "连长",
            Rank::Platoon => "排长",
            Rank::Engineer => "工兵",
            Rank::Bomb => "炸弹",
            Rank::Mine => "地雷",
            Rank::Flag => "军旗",
        }
    }
    /// The traditional Chinese name.
    pub(crate) fn traditional(self) -> &'static str {
        match self {
            Rank::General => "軍長",
            Rank::Division => "師長",
            Rank::Brigade => "旅長",
            Rank::Regiment => "團長",
            Rank::Battalion => "營長",
            Rank::Company => "連長",
            Rank::Platoon => "排長",
            Rank::Bomb => "炸彈",
            Rank::Flag => "軍旗",
            other => other.chinese(),
        }
    }
    /// The English name with its article: `an engineer`, `a bomb`.
    pub(crate) fn with_article(self) -> String {
        let n = self.english();
        if n.starts_with(['a', 'e', 'i', 'o', 'u']) {
            format!("an {n}")
        } else {
            format!("a {n}")
        }
    }
    pub(crate) fn english(self) -> &'static str {
        match self {
            Rank::Marshal => "marshal",
            Rank::General => "general",
            Rank::Division => "division commander",
            Rank::Brigade => "brigade commander",
            Rank::Regiment => "regiment commander",
            Rank::Battalion => "battalion commander",
            Rank::Company => "company commander",
            Rank::Platoon => "platoon commander",
            Rank::Engineer => "engineer",
            Rank::Bomb => "bomb",
            Rank::Mine => "mine",
            Rank::Flag => "flag",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub rank: Rank,
}

impl Piece {
    pub(crate) fn new(color: Color, rank: Rank) -> Piece {
        Piece { color, rank }
    }
    /// One letter: upper case Red, lower case Blue.
    pub(crate) fn letter(self) -> char {
        match self.color {
            Color::Red => self.rank.letter(),
            Color::Blue => self.rank.letter().to_ascii_lowercase(),
        }
    }
    pub(crate) fn from_letter(c: char) -> Option<Piece> {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let rank = Rank::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Blue
        };
        Some(Piece::new(color, rank))
    }
    /// `红工兵`.
    pub(crate) fn chinese(self) -> String {
        format!("{}{}", self.color.chinese(), self.rank.chinese())
    }
    /// A 0..24 index for counting tables.
    pub(crate) fn index(self) -> usize {
        self.color.index() * 12 + self.rank.index()
    }
}

impl std::fmt::Display for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.chinese())
    }
}

/// What happens when `attacker` attacks `defender` (the attack being allowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The defender is removed and the attacker moves in.
    Wins,
    /// Both are removed.
    Both,
    /// The attacker is removed (only when suicide attacks are allowed).
    Loses,
}

impl Outcome {}

/// Why an attack is not allowed, or its outcome. Camps and the mines-before-flag rule are
/// checked by the caller (they depend on the board).
pub(crate) fn attack_outcome(
    attacker: Rank,
    defender: Rank,
    suicide: bool,
) -> Result<Outcome, String> {
    if !attacker.can_move() {
        return Err(format!("{} never moves", attacker.with_article()));
    }
    if attacker == Rank::Bomb || defender == Rank::Bomb {
        return Ok(Outcome::Both);
    }
    match defender {
        Rank::Mine => {
            if attacker == Rank::Engineer {
                Ok(Outcome::Wins)
            } else {
                Err(format!(
                    "{} may not attack a mine: only an engineer or a bomb may",
                    attacker.with_article()
                ))
            }
        }
        Rank::Flag => Ok(Outcome::Wins),
        d if attacker > d => Ok(Outcome::Wins),
        d if attacker == d => Ok(Outcome::Both),
        d => {
            if suicide {
                Ok(Outcome::Loses)
            } else {
                Err(format!(
                    "{} may not attack a stronger {} (rule suicide=no)",
                    attacker.with_article(),
                    d.english()
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composition_is_25() {
        let n: u32 = Rank::ALL.iter().map(|r| r.count() as u32).sum();
        assert_eq!(n, 25);
    }

    #[test]
    fn letters_round_trip() {
        for c in Color::BOTH {
            for r in Rank::ALL {
                let p = Piece::new(c, r);
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
    }

    #[test]
    fn attack_table() {
        use Rank::*;
        assert_eq!(attack_outcome(Marshal, General, false), Ok(Outcome::Wins));
        assert_eq!(attack_outcome(Company, Company, false), Ok(Outcome::Both));
        assert!(attack_outcome(Engineer, Platoon, false).is_err());
        assert_eq!(attack_outcome(Engineer, Platoon, true), Ok(Outcome::Loses));
        assert_eq!(attack_outcome(Engineer, Mine, false), Ok(Outcome::Wins));
        assert_eq!(attack_outcome(Bomb, Mine, false), Ok(Outcome::Both));
        assert!(attack_outcome(Marshal, Mine, true).is_err());
        assert_eq!(attack_outcome(Engineer, Bomb, false), Ok(Outcome::Both));
        assert_eq!(attack_outcome(Bomb, Flag, false), Ok(Outcome::Both));
        assert!(attack_outcome(Mine, Engineer, true).is_err());
    }
}
