//! `show` for Junqi Fanfanqi: the board (face-down pieces, camps and headquarters visible),
//! the action that led to the position, who acts, and the status panel players know from the
//! game: for each colour and kind how many pieces are face up, still face down, and taken,
//! and each player's step count.

use crate::core::error::RecordError;
use crate::core::game::{Frame, Frames, ShowOptions, Shown};
use crate::core::record::{Player, Record};
use crate::core::rules::Rules;
use crate::core::variant::Show;
use crate::junqi::judge::player_name;
use crate::junqi::notation::action::action_text;
use crate::junqi::notation::position::format_position;
use crate::junqi::replay::{JunqiReplayer, effective_rules};
use crate::junqi::rules::board::{COLS, ROWS, Square, is_camp, is_headquarters, square};
use crate::junqi::rules::{Action, Cell, Color, Piece, Position, Rank};
use crate::junqi::svg;

/// The position after `ply` actions (default: all), and the action that led to it with the
/// position before it.
pub(crate) struct Reached {
    pub pos: Position,
    pub last: Option<(Position, Action)>,
    pub ply: usize,
}

pub(crate) fn reach(
    record: &Record,
    rules: &Rules,
    ply: Option<usize>,
) -> Result<Reached, RecordError> {
    let rules = effective_rules(record, rules)?;
    let referee = JunqiReplayer {
        params: rules.typed::<crate::junqi::rules::Params>(),
    };
    let replayed = crate::core::referee::replay(&referee, record)?;
    if let Some(p) = ply
        && p > replayed.plies()
        && replayed.error.is_none()
    {
        return Err(RecordError::new(
            crate::core::error::ErrorKind::Unsupported,
            format!(
                "the game has {} steps; there is no step {p}",
                replayed.plies()
            ),
        ));
    }
    let n = ply.unwrap_or(replayed.plies()).min(replayed.plies());
    let mut pos = replayed.start;
    let mut last = None;
    for a in replayed.moves.iter().take(n) {
        last = Some((pos.clone(), *a));
        pos.apply(*a, &referee.params);
    }
    Ok(Reached { pos, last, ply: n })
}

/// How many pieces of one colour and kind are face up, face down, and taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct KindCount {
    pub up: u8,
    pub down: u8,
    pub taken: u8,
}

/// The status panel's counts for `color`, in the order of [`Rank::ALL`].
pub(crate) fn kind_counts(pos: &Position, color: Color) -> [KindCount; 12] {
    let mut out = [KindCount::default(); 12];
    for rank in Rank::ALL {
        let piece = Piece::new(color, rank);
        let (mut up, mut down_known) = (0u8, 0u8);
        for c in pos.cells {
            match c {
                Cell::Up(p) if p == piece => up += 1,
                Cell::Down(Some(p)) if p == piece => down_known += 1,
                _ => {}
            }
        }
        // `known` counts every piece ever seen (face up, known face down, or flipped): the
        // ones no longer on the board were taken.
        let seen = pos.known.get(piece.index()).copied().unwrap_or(0);
        let taken = seen.saturating_sub(up).saturating_sub(down_known);
        let down = rank.count().saturating_sub(up).saturating_sub(taken);
        if let Some(slot) = out.get_mut(rank.index()) {
            *slot = KindCount { up, down, taken };
        }
    }
    out
}

/// Steps each player has taken (every action, a flip or a timeout too, is one step and the
/// turn alternates): `[first, second]`.
pub(crate) fn player_steps(pos: &Position) -> [u32; 2] {
    let half = pos.steps / 2;
    let odd = pos.steps % 2;
    // With an odd count the player who is not to act took one step more.
    match pos.to_move {
        Player::First => [half, half + odd],
        Player::Second => [half + odd, half],
    }
}

/// Terminal width of a cell's text (CJK characters take two columns).
fn width(t: &str) -> usize {
    t.chars()
        .map(|ch| {
            if ch.is_ascii() || ch == '·' || ch == '▒' {
                1
            } else {
                2
            }
        })
        .sum()
}

fn pad(t: &str, cols: usize) -> String {
    let w = width(t);
    let left = cols.saturating_sub(w) / 2;
    let right = cols.saturating_sub(w + left);
    format!("{}{t}{}", " ".repeat(left), " ".repeat(right))
}

/// The board: `( )` camps (行营), `[ ]` headquarters (大本营), `▒▒` face-down pieces (`▒E` when
/// the record's layout tells which), face-up pieces by colour and Chinese name.
pub fn board_text(pos: &Position, color: bool) -> String {
    const CELL: usize = 9;
    let mut out = String::from("  ");
    for c in 0..COLS {
        out.push_str(&pad(&c.to_string(), CELL));
    }
    out.truncate(out.trim_end_matches(' ').len());
    out.push('\n');
    for r in 0..ROWS {
        if r == 6 {
            let front = format!("  {}", pad("~~~~ front line ~~~~", CELL * COLS));
            out.push_str(front.trim_end());
            out.push('\n');
        }
        out.push(char::from(b'A' + r as u8));
        out.push(' ');
        for c in 0..COLS {
            let sq = square(r, c);
            let cell = pos.cell(sq);
            let body = match cell {
                Cell::Empty => "·".to_string(),
                Cell::Down(None) => "▒▒".to_string(),
                Cell::Down(Some(p)) => format!("▒{}", p.letter()),
                Cell::Up(p) => format!("{}{}", p.color.chinese(), p.rank.chinese()),
            };
            let text = if is_camp(sq) {
                format!("({body})")
            } else if is_headquarters(sq) {
                format!("[{body}]")
            } else {
                body
            };
            let padded = pad(&text, CELL);
            let paint = match cell {
                Cell::Up(p) | Cell::Down(Some(p)) if color => Some(match p.color {
                    Color::Red => "\x1b[1;31m",
                    Color::Blue => "\x1b[1;34m",
                }),
                _ => None,
            };
            match paint {
                Some(code) => out.push_str(&format!("{code}{padded}\x1b[0m")),
                None => out.push_str(&padded),
            }
        }
        out.truncate(out.trim_end_matches(' ').len());
        out.push('\n');
    }
    out.push_str("  ( ) camp 行营   [ ] headquarters 大本营   ▒▒ face down\n");
    out
}

/// The status panel: per colour and kind, face up / face down / taken; steps per player.
pub(crate) fn status_panel(pos: &Position) -> String {
    let owner = |c: Color| match pos.owner_of(c) {
        Some(p) => format!("{} ({})", c.english(), player_name(p).to_lowercase()),
        None => c.english().to_string(),
    };
    let mut s = format!(
        "{:<10}{:<24}{}\n{:<10}{:<24}{}\n",
        "",
        owner(Color::Red),
        owner(Color::Blue),
        "",
        "up  down  taken",
        "up  down  taken"
    );
    for row in status_rows(pos) {
        let [label, ru, rd, rt, bu, bd, bt] = row.as_slice() else {
            continue;
        };
        let red = format!("{ru:>2}  {rd:>4}  {rt:>5}");
        let blue = format!("{bu:>2}  {bd:>4}  {bt:>5}");
        s.push_str(&format!(
            "{label}{}{red:<24}{blue}\n",
            " ".repeat(10usize.saturating_sub(width(label)))
        ));
    }
    s.push_str(&steps_line(pos));
    s.push('\n');
    s.push_str(&timeouts_line(pos));
    s.push('\n');
    s
}

/// Each player's steps, together, and since the last attack (the no-capture limit).
pub(crate) fn steps_line(pos: &Position) -> String {
    let [first, second] = player_steps(pos);
    format!(
        "steps: first player {first}, second player {second} (together {}; since the last attack {})",
        pos.steps, pos.quiet
    )
}

pub(crate) fn timeouts_line(pos: &Position) -> String {
    format!(
        "timeouts: first player {}, second player {}",
        pos.timeouts[0], pos.timeouts[1]
    )
}

/// Who acts, each player's colour, how many pieces lie face down.
pub(crate) fn to_act_line(pos: &Position) -> String {
    let who = |p: Player| match pos.color_of(p) {
        Some(c) => c.english(),
        None => "colour not set yet",
    };
    format!(
        "to act: {} ({}); first player {}, second player {}; face down {}",
        player_name(pos.to_move).to_lowercase(),
        who(pos.to_move),
        who(Player::First),
        who(Player::Second),
        pos.face_down_count()
    )
}

/// The status panel as a table: per kind, Red's and Blue's face up / face down / taken,
/// then the totals (the head is [`STATUS_HEAD`]).
pub(crate) fn status_rows(pos: &Position) -> Vec<Vec<String>> {
    let red = kind_counts(pos, Color::Red);
    let blue = kind_counts(pos, Color::Blue);
    let mut rows = Vec::with_capacity(13);
    let mut total = [KindCount::default(); 2];
    let cells = |k: &KindCount| [k.up.to_string(), k.down.to_string(), k.taken.to_string()];
    for rank in Rank::ALL {
        let i = rank.index();
        let (Some(r), Some(b)) = (red.get(i), blue.get(i)) else {
            continue;
        };
        for (t, k) in total.iter_mut().zip([r, b]) {
            t.up += k.up;
            t.down += k.down;
            t.taken += k.taken;
        }
        let mut row = vec![format!("{} {}", rank.chinese(), rank.letter())];
        row.extend(cells(r));
        row.extend(cells(b));
        rows.push(row);
    }
    let mut row = vec!["total".to_string()];
    row.extend(cells(&total[0]));
    row.extend(cells(&total[1]));
    rows.push(row);
    rows
}

/// The head of [`status_rows`].
pub(crate) const STATUS_HEAD: [&str; 7] = [
    "piece",
    "Red up",
    "Red down",
    "Red taken",
    "Blue up",
    "Blue down",
    "Blue taken",
];

/// The squares an action marks: from and to, or the flipped square twice.
fn marked(a: &Action) -> Option<(Square, Square)> {
    match a {
        Action::Move { from, to } => Some((*from, *to)),
        Action::Flip { sq, .. } => Some((*sq, *sq)),
        Action::Timeout => None,
    }
}

/// Junqi's records shown, as the core asks for them (a part of its `Variant`).
impl Show for crate::junqi::Junqi {
    /// The position after `opts`' ply (the end by default) as a text diagram, with an SVG
    /// picture when asked for.
    fn show(record: &Record, rules: &Rules, opts: &ShowOptions) -> Result<Shown, RecordError> {
        let Reached { pos, last, ply } = reach(record, rules, opts.ply)?;
        let mut text = board_text(&pos, opts.color);
        match &last {
            Some((before, a)) => text.push_str(&format!(
                "after step {ply}: {}\n",
                action_text(before, *a, false)
            )),
            None => text.push_str("start position\n"),
        }
        text.push_str(&to_act_line(&pos));
        text.push('\n');
        text.push_str(&status_panel(&pos));
        text.push_str(&format!("position: {}\n", format_position(&pos)));
        let svg = opts.svg.then(|| {
            let moved = last.as_ref().and_then(|(_, a)| marked(a));
            crate::junqi::svg::svg_marked(&pos, moved)
        });
        Ok(Shown { diagram: text, svg })
    }

    /// Every position of the record up to its first bad action, for the replayable page: the
    /// tiles (face down ones grey), the status panel as a table, the step counters and timeouts.
    fn frames(record: &Record, rules: &Rules) -> Result<Frames, RecordError> {
        let rules = effective_rules(record, rules)?;
        let referee = JunqiReplayer {
            params: rules.typed::<crate::junqi::rules::Params>(),
        };
        let replayed = crate::core::referee::replay(&referee, record)?;
        let frame = |pos: &Position, last: Option<(&Position, Action)>, ply: usize| {
            let mut facts = Vec::with_capacity(4);
            if let Some((before, a)) = last {
                facts.push(format!(
                    "after step {ply}: {}",
                    action_text(before, a, false)
                ));
            }
            facts.push(to_act_line(pos));
            facts.push(steps_line(pos));
            facts.push(timeouts_line(pos));
            Frame::of_entry(
                record,
                ply,
                format_position(pos),
                svg::items(pos, last.and_then(|(_, a)| marked(&a))),
                facts,
                status_rows(pos),
            )
        };
        let mut pos = replayed.start.clone();
        let mut plies = Vec::with_capacity(replayed.moves.len() + 1);
        plies.push(frame(&pos, None, 0));
        for (i, a) in replayed.moves.iter().enumerate() {
            let before = pos.clone();
            pos.apply(*a, &referee.params);
            plies.push(frame(&pos, Some((&before, *a)), i + 1));
        }
        Ok(Frames {
            size: svg::size(),
            defs: svg::defs(),
            board: svg::board(),
            sides: ["first player", "second player"],
            second_starts: replayed.start.to_move == Player::Second,
            table_head: STATUS_HEAD.iter().map(|h| h.to_string()).collect(),
            plies,
        })
    }
}
