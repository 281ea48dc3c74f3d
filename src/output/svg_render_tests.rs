//! The SVG pictures of `show --svg`, rendered to pixels (resvg, without text: glyphs need
//! fonts a test machine may lack) and checked where the board is known: every Xiangqi point
//! has a red rim, a black rim or none as the position says, every Othello square is a black
//! disc, a white disc, a legal-move dot or green, every Junqi station a face-down, red or blue
//! tile or none, and the last move is marked.

use crate::core::game::{Game, ShowOptions};
use crate::core::record::{Input, Player, Record};
use crate::core::rules::Rules;
use resvg::tiny_skia::{Pixmap, Transform};
use std::sync::Arc;

fn render(svg: &str) -> Pixmap {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
}

fn rgb(p: &Pixmap, (x, y): (f64, f64)) -> (i32, i32, i32) {
    let c = p
        .pixel(x.round() as u32, y.round() as u32)
        .unwrap_or_else(|| panic!("({x}, {y}) is outside the picture"))
        .demultiply();
    (
        i32::from(c.red()),
        i32::from(c.green()),
        i32::from(c.blue()),
    )
}

fn reddish((r, g, b): (i32, i32, i32)) -> bool {
    r > 150 && g < 100 && b < 100
}
fn bluish((r, _, b): (i32, i32, i32)) -> bool {
    b > 130 && b > r + 60
}
fn dark((r, g, b): (i32, i32, i32)) -> bool {
    r < 70 && g < 70 && b < 70
}
fn light((r, g, b): (i32, i32, i32)) -> bool {
    r > 200 && g > 200 && b > 200
}
fn green((r, g, b): (i32, i32, i32)) -> bool {
    g > r + 50 && g > b + 30
}

fn record<G: Game>(game: &G, dir: &str, name: &str) -> (Record, Rules) {
    let path = format!("{}/samples/{dir}/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let format = game.sniff(name, &bytes).expect("the sample's format");
    let text = String::from_utf8(bytes.clone()).ok().map(Arc::from);
    let input = Input {
        name: path,
        bytes: Arc::from(bytes),
        text,
        siblings: Vec::new(),
    };
    let rec = game
        .read(format, &input)
        .remove(0)
        .expect("the sample reads");
    (rec, Rules::defaults(game.rule_table()))
}

fn svg_at<G: Game>(game: &G, rec: &Record, rules: &Rules, ply: usize) -> String {
    let opts = ShowOptions {
        ply: Some(ply),
        color: false,
        svg: true,
    };
    let shown = game.show(rec, rules, &opts).expect("show");
    assert!(!shown.diagram.is_empty());
    shown.svg.expect("an SVG")
}

#[test]
fn xiangqi_pieces_river_and_last_move() {
    use crate::xiangqi::Xiangqi;
    use crate::xiangqi::rules::{Color, Square};
    use crate::xiangqi::svg::{STEP, point};
    let (rec, rules) = record(&Xiangqi, "xiangqi", "iccs.pgn");
    for ply in [0, 14] {
        let pic = render(&svg_at(&Xiangqi, &rec, &rules, ply));
        let (pos, last, _) = crate::xiangqi::replay::position_at(&rec, Some(ply)).unwrap();
        let mut pieces = 0;
        for rank in 0..10u8 {
            for file in 0..9u8 {
                let (x, y) = point(file, rank);
                // The rim of a piece disc (radius 26): right of the point, on no board line.
                let rim = rgb(&pic, (x + 26.0, y - 3.0));
                match Square::new(file, rank).and_then(|s| pos.piece_at(s)) {
                    Some(p) if p.color == Color::Red => {
                        pieces += 1;
                        assert!(reddish(rim), "red piece at {file}{rank}: {rim:?}");
                    }
                    Some(_) => {
                        pieces += 1;
                        assert!(dark(rim), "black piece at {file}{rank}: {rim:?}");
                    }
                    None => {
                        // Wood, unless a neighbour's disc or the last-move mark reaches here.
                        let is_last = last
                            .as_ref()
                            .is_some_and(|(_, m)| m.to.file() == file && m.to.rank() == rank);
                        if !is_last && file < 8 {
                            assert!(!reddish(rim) && !dark(rim), "empty {file}{rank}: {rim:?}");
                        }
                    }
                }
            }
        }
        // No capture in the first 14 plies of this record.
        assert_eq!(pieces, 32);
        // The river: the middle of it is plain wood, no line crosses it.
        let (x, y) = point(4, 4);
        let river = rgb(&pic, (x, y - STEP / 2.0 + 4.0));
        assert!(river.0 > 200 && river.1 > 170 && river.2 < 170, "{river:?}");
        match last {
            Some((_, m)) => {
                let (x, y) = point(m.to.file(), m.to.rank());
                let ring = rgb(&pic, (x, y + 30.0));
                assert!(bluish(ring), "the last move's ring: {ring:?}");
            }
            None => assert_eq!(ply, 0),
        }
    }
}

#[test]
fn xiangqi_palace_diagonals_are_drawn() {
    use crate::xiangqi::svg::{STEP, point, svg};
    let pic = render(&svg(&crate::xiangqi::rules::Position::start(), None));
    // Halfway along the diagonal d0-e1 (no piece covers it) there is a line; beside it wood.
    let (x, y) = point(3, 0);
    let on = rgb(&pic, (x + STEP / 2.0, y - STEP / 2.0));
    let off = rgb(&pic, (x + STEP / 2.0 + 8.0, y - STEP / 2.0 + 8.0));
    assert!(on.0 < 150 && on.1 < 120, "on the diagonal: {on:?}");
    assert!(off.0 > 200, "beside it: {off:?}");
}

#[test]
fn othello_discs_legal_moves_and_last_move() {
    use crate::othello::Othello;
    use crate::othello::rules::{Board, Move};
    use crate::othello::svg::centre;
    let (rec, rules) = record(&Othello, "othello", "standard.txt");
    let mut board = Board::start();
    for ply in 0..4usize {
        let pic = render(&svg_at(&Othello, &rec, &rules, ply));
        let legal = board.legal();
        let (mut discs, mut dots) = (0, 0);
        for sq in 0..64usize {
            let (x, y) = centre(sq);
            // Off the centre (where the last-move dot sits) but inside a disc.
            let inside = rgb(&pic, (x + 12.0, y + 5.0));
            let middle = rgb(&pic, (x, y));
            match board.at(sq) {
                Some(Player::First) => {
                    discs += 1;
                    assert!(dark(inside), "black disc at {sq}: {inside:?}");
                }
                Some(Player::Second) => {
                    discs += 1;
                    assert!(light(inside), "white disc at {sq}: {inside:?}");
                }
                None => {
                    assert!(green(inside), "empty {sq}: {inside:?}");
                    if legal >> sq & 1 == 1 {
                        dots += 1;
                        assert!(
                            !green(middle) || middle.1 < 110,
                            "legal dot {sq}: {middle:?}"
                        );
                    } else {
                        assert!(green(middle), "no dot {sq}: {middle:?}");
                    }
                }
            }
        }
        assert_eq!(discs, 4 + ply);
        assert_eq!(dots, legal.count_ones());
        // The moves of the record, to follow along.
        let shown = Othello.show(
            &rec,
            &rules,
            &ShowOptions {
                ply: Some(ply + 1),
                ..ShowOptions::default()
            },
        );
        let text = shown.unwrap().diagram;
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("Last move: "))
            .and_then(|l| l.split(' ').next())
            .unwrap()
            .to_string();
        let sq = crate::othello::notation::parse_square(&name).expect("a square");
        board.play(Move::Place(sq));
        if ply + 1 < 4 {
            let next = render(&svg_at(&Othello, &rec, &rules, ply + 1));
            let dot = rgb(&next, centre(usize::from(sq)));
            assert!(reddish(dot), "the last move's dot at {name}: {dot:?}");
        }
    }
}

#[test]
fn junqi_tiles_camps_railways_and_last_move() {
    use crate::junqi::Junqi;
    use crate::junqi::rules::board::{SQUARES, is_camp};
    use crate::junqi::rules::{Cell, Color};
    use crate::junqi::svg::xy;
    let (rec, rules) = record(&Junqi, "junqi", "flag-captured.jqr");
    let pic = render(&svg_at(&Junqi, &rec, &rules, 60));
    let reached = crate::junqi::show::reach(&rec, &rules, Some(60)).unwrap();
    let (mut down, mut up) = (0, 0);
    for sq in 0..SQUARES as u8 {
        let (x, y) = xy(sq);
        // Inside the tile (56×28), left of its label.
        let tile = rgb(&pic, (x - 22.0, y - 9.0));
        match reached.pos.cell(sq) {
            Cell::Down(_) => {
                down += 1;
                let (r, g, b) = tile;
                assert!(
                    (100..140).contains(&r) && (r - g).abs() < 8 && (r - b).abs() < 8,
                    "face down at {sq}: {tile:?}"
                );
            }
            Cell::Up(p) => {
                up += 1;
                match p.color {
                    Color::Red => assert!(reddish(tile), "red at {sq}: {tile:?}"),
                    Color::Blue => assert!(bluish(tile), "blue at {sq}: {tile:?}"),
                }
            }
            Cell::Empty if is_camp(sq) => {
                // The camp's circle (radius 19) is drawn, its inside is the board's colour.
                let edge = rgb(&pic, (x + 19.0, y - 1.0));
                let inside = rgb(&pic, (x + 9.0, y - 9.0));
                assert!(dark(edge), "camp circle at {sq}: {edge:?}");
                assert!(
                    inside.0 > 220 && inside.2 > 170,
                    "camp inside at {sq}: {inside:?}"
                );
            }
            Cell::Empty => {}
        }
    }
    assert_eq!(down, reached.pos.face_down_count());
    assert!(up > 0 && down > 0);
    // The last action's squares are outlined.
    if let Some((_, crate::junqi::rules::Action::Move { to, .. })) = reached.last {
        let (x, y) = xy(to);
        let edge = rgb(&pic, (x - 32.0, y));
        assert!(
            edge.0 > 200 && edge.1 > 120 && edge.2 < 80,
            "last move outline: {edge:?}"
        );
    }
}

#[test]
fn junqi_railways_are_thick_and_sleepered() {
    use crate::junqi::rules::board::parse_square;
    use crate::junqi::svg::xy;
    let pic = render(&crate::junqi::svg::svg(
        &crate::junqi::rules::Position::empty(),
    ));
    // B0-B1 is a railway, A0-A1 a road: across the middle of each, count the inked rows.
    let dark_rows = |a: &str, b: &str| {
        let ((x1, y1), (x2, y2)) = (xy(parse_square(a).unwrap()), xy(parse_square(b).unwrap()));
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        (-4..=4)
            .filter(|d| {
                let ink = |dx: f64| rgb(&pic, (mx + dx, my + f64::from(*d))).0 < 200;
                ink(3.0) || ink(-3.0)
            })
            .count()
    };
    let rail = dark_rows("B0", "B1");
    let road = dark_rows("A0", "A1");
    assert!(rail >= 4, "railway rows {rail}");
    assert!((1..=2).contains(&road), "road rows {road}");
    // The sleepers: along the railway, light dashes interrupt the dark line's middle.
    let (x1, y1) = xy(parse_square("B0").unwrap());
    let (x2, _) = xy(parse_square("B1").unwrap());
    let mut shades: Vec<bool> = Vec::new();
    let mut x = x1 + 2.0;
    while x < x2 - 2.0 {
        shades.push(rgb(&pic, (x, y1)).0 < 120);
        x += 1.0;
    }
    assert!(
        shades.iter().any(|d| *d) && shades.iter().any(|d| !*d),
        "{shades:?}"
    );
}
